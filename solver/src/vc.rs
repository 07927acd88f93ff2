//! Verification-condition generation: a [`PassiveProgram`] to a [`Vc`].
//!
//! Consumes a passive program (blocks in topological order). Produces, per
//! block `B`, a named Boolean `B_ok` defined by
//! `B_ok <=> wp(stmts_B, AND_{S in succ(B)} S_ok)` with
//! `wp(assume e, Q) = e ==> Q` and
//! `wp(assert_i e, Q) = (ctl_i ==> e) && (e ==> Q)`, where `ctl_i` is a fresh
//! Boolean per check: assuming `ctl_i` checks assert `i`; assuming `!ctl_i`
//! turns it into an assumption (how further failures are found after one is
//! reported, and how Houdini drops candidates). The program is correct iff
//! `!entry_ok` is unsatisfiable together with the definitions and axioms.
//!
//! Guarantees: the VC is linear in the size of the passive program: every
//! block's condition is stated once and referred to by name, never copied
//! into its predecessors, and terms stay shared in the DAG. Deliberately
//! does not: talk to a solver.

use crate::error::SolverError;
use crate::passify::{PassiveProgram, PassiveStmt};
use crate::report::Check;
use crate::term::{Sort, TermId, TermStore};

/// The verification condition of one procedure.
pub struct Vc {
    pub(crate) passive: PassiveProgram,
    /// `B_ok` per block.
    pub(crate) block_ok: Vec<TermId>,
    /// `B_ok == wp(B)` per block.
    pub(crate) definitions: Vec<TermId>,
    /// The control literal of each check.
    pub(crate) ctl: Vec<TermId>,
    /// `!entry_ok`: satisfiable iff some enabled check can fail.
    pub(crate) goal: TermId,
}

impl Vc {
    pub fn generate(mut passive: PassiveProgram) -> Result<Vc, SolverError> {
        let store = &mut passive.store;
        let ctl: Vec<TermId> = (0..passive.checks.len())
            .map(|i| store.fresh_const(&format!("ctl${i}"), Sort::Bool))
            .collect();
        let n = passive.blocks.len();
        let block_ok: Vec<TermId> = passive
            .blocks
            .iter()
            .map(|b| store.fresh_const(&format!("{}$ok", b.label), Sort::Bool))
            .collect();
        let mut definitions = vec![None; n];
        let condition_names = name_quantified_conditions(&mut passive.blocks, store)?;
        for (i, block) in passive.blocks.iter().enumerate().rev() {
            let succs: Vec<TermId> = block.succs.iter().map(|&s| block_ok[s]).collect();
            let mut q = store.and(&succs)?;
            for stmt in block.stmts.iter().rev() {
                q = wp(store, stmt, q, &ctl)?;
            }
            definitions[i] = Some(store.eq(block_ok[i], q)?);
        }
        let definitions: Vec<TermId> = definitions
            .into_iter()
            .flatten()
            .chain(condition_names)
            .collect();
        let goal = match block_ok.first() {
            Some(&entry) => store.not(entry)?,
            None => store.bool(false),
        };
        Ok(Vc {
            passive,
            block_ok,
            definitions,
            ctl,
            goal,
        })
    }

    pub fn checks(&self) -> &[Check] {
        &self.passive.checks
    }

    pub fn store(&self) -> &TermStore {
        &self.passive.store
    }

    /// The number of term nodes (a size measure).
    pub fn size(&self) -> usize {
        self.passive.store.len()
    }

    /// The VC as an SMT-LIB2 script that checks every check once
    /// (`sat` means some check can fail); for `--stop-at=vc` and inspection.
    pub fn to_smtlib(&self) -> String {
        let store = &self.passive.store;
        let mut roots: Vec<TermId> = self.passive.background.clone();
        roots.extend(&self.definitions);
        roots.push(self.goal);
        let logic = crate::logic::Logic::of(store, &roots);
        let mut out = crate::smtlib::header(crate::smtlib::Dialect::Z3, None, logic);
        let mut emitter = crate::smtlib::Emitter::new();
        for &t in self.passive.background.iter().chain(&self.definitions) {
            emitter.assert(store, t, &mut out);
        }
        emitter.assert(store, self.goal, &mut out);
        let lits: Vec<crate::smtlib::Lit> = self
            .ctl
            .iter()
            .map(|&c| crate::smtlib::Lit::pos(c))
            .collect();
        emitter.check_sat_assuming(store, &lits, &mut out);
        out
    }
}

/// Replaces every `assume`/`assert` condition that contains a quantifier by
/// a fresh Boolean constant `c`, returning the definitions `c == cond`.
/// Equisatisfiable; it lets the session ask the model whether a condition
/// holds on the failing path: solvers give a named Boolean a value, but not
/// a quantified formula.
fn name_quantified_conditions(
    blocks: &mut [crate::passify::PassiveBlock],
    store: &mut TermStore,
) -> Result<Vec<TermId>, SolverError> {
    let mut definitions = Vec::new();
    for block in blocks {
        for stmt in &mut block.stmts {
            let cond = match stmt {
                PassiveStmt::Assume(cond) | PassiveStmt::Assert { cond, .. } => cond,
            };
            if store.has_quantifier(*cond) {
                let name = store.fresh_const("cond$q", Sort::Bool);
                definitions.push(store.eq(name, *cond)?);
                *cond = name;
            }
        }
    }
    Ok(definitions)
}

fn wp(
    store: &mut TermStore,
    stmt: &PassiveStmt,
    q: TermId,
    ctl: &[TermId],
) -> Result<TermId, SolverError> {
    Ok(match *stmt {
        PassiveStmt::Assume(e) => store.implies(e, q)?,
        PassiveStmt::Assert { cond, check } => {
            let holds = store.implies(ctl[check], cond)?;
            let then = store.implies(cond, q)?;
            store.and(&[holds, then])?
        }
    })
}
