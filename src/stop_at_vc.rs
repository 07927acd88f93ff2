//! `--stop-at=vc`: prints the verification condition of a program as the
//! SMT-LIB2 script the solver would be given (`solver::Vc::to_smtlib`:
//! `sat` means some check can fail). For a kernel it is the VC of the
//! two-thread program before invariant inference (loops cut with the
//! user's invariants only), so that a student can read what the solver
//! sees; the inferred invariants are added only when verifying.
//! Consumes a type-checked sequential program; prints nothing itself.

/// The SMT-LIB2 text of the VC of every procedure with a body among
/// `procedures` (all of them when empty), each preceded by a comment line.
pub fn render(program: &ivl::Program, procedures: &[&str]) -> Result<String, solver::SolverError> {
    let mut out = String::new();
    for proc in program.procedures().filter(|p| p.body.is_some()) {
        if !procedures.is_empty() && !procedures.contains(&proc.name.name.as_str()) {
            continue;
        }
        let vc = solver::build_vc(program, proc)?;
        out.push_str(&format!(
            "; verification condition of procedure `{}` ({} check{})\n",
            proc.name.name,
            vc.checks().len(),
            if vc.checks().len() == 1 { "" } else { "s" }
        ));
        out.push_str(&vc.to_smtlib());
    }
    Ok(out)
}
