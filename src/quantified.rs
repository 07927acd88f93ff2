//! Undecided results under quantified axioms: what to tell the user.
//!
//! Consumes the two-thread program and the solver's reason for `unknown`.
//! Guarantees: when an axiom of the program (from `--boogie-file` or
//! `__axiom`) has a quantifier, the reason names that as the cause (the
//! solver's quantifier instantiation is incomplete: a counterexample may
//! exist that it cannot confirm). Never turns an undecided result into a
//! verdict: the caller keeps exit 7 unless a defect was found.

use ivl::ast::{Decl, Expr, ExprKind, Program};

/// Whether some axiom of `program` contains a quantifier.
pub fn has_quantified_axiom(program: &Program) -> bool {
    fn quantified(e: &Expr) -> bool {
        if matches!(e.kind, ExprKind::Quantifier { .. }) {
            return true;
        }
        let mut found = false;
        ivl::visit::for_each_child(e, &mut |c| found |= quantified(c));
        found
    }
    program.decls.iter().any(|d| match d {
        Decl::Axiom(a) => quantified(&a.expr),
        _ => false,
    })
}

/// The reason to print for an undecided kernel.
pub fn undecided_reason(program: &Program, reason: &str) -> String {
    if has_quantified_axiom(program) {
        format!(
            "inconclusive: quantified axiom (the solver cannot decide with the quantified \
             axioms of --boogie-file or __axiom; a defect may exist: {reason})"
        )
    } else {
        reason.to_string()
    }
}
