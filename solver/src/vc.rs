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
        for (i, block) in passive.blocks.iter().enumerate().rev() {
            let succs: Vec<TermId> = block.succs.iter().map(|&s| block_ok[s]).collect();
            let mut q = store.and(&succs)?;
            for stmt in block.stmts.iter().rev() {
                q = wp(store, stmt, q, &ctl)?;
            }
            definitions[i] = Some(store.eq(block_ok[i], q)?);
        }
        let definitions: Vec<TermId> = definitions.into_iter().flatten().collect();
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
}

fn wp(store: &mut TermStore, stmt: &PassiveStmt, q: TermId, ctl: &[TermId]) -> Result<TermId, SolverError> {
    Ok(match *stmt {
        PassiveStmt::Assume(e) => store.implies(e, q)?,
        PassiveStmt::Assert { cond, check } => {
            let holds = store.implies(ctl[check], cond)?;
            let then = store.implies(cond, q)?;
            store.and(&[holds, then])?
        }
    })
}
