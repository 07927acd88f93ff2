//! The variables a set of blocks may modify, for cutting loops: the solver
//! havocs them at a loop header.
//!
//! Computes: the names assigned (`x := e`; `M[i][j] := v` modifies `M`),
//! havocked, or receiving a call's results within the given blocks, and, in
//! [`modified_variables_with`], the globals each callee may modify as the
//! caller reports them (the callee's `modifies` clause, which only a caller
//! that knows the program can look up).
//!
//! Preconditions: the block ids index `body.blocks` of the body given (as
//! those of a [`super::Cfg`] built from that body do); an id out of range
//! panics.
//!
//! Guarantees: names in sorted order, each once. Purely syntactic: no
//! scoping or type information is used, and nothing is assumed about
//! statements that cannot execute.

use super::BlockId;
use crate::ast::{Body, StmtKind};
use std::collections::BTreeSet;

/// The variables assigned, havocked or call-returned in `blocks`. Globals a
/// callee modifies through its `modifies` clause are not included; see
/// [`modified_variables_with`].
pub fn modified_variables(
    body: &Body,
    blocks: impl IntoIterator<Item = BlockId>,
) -> BTreeSet<String> {
    modified_variables_with(body, blocks, |_| Vec::new())
}

/// Like [`modified_variables`], plus `callee_modifies(callee)` for every
/// `call` in `blocks`.
pub fn modified_variables_with(
    body: &Body,
    blocks: impl IntoIterator<Item = BlockId>,
    callee_modifies: impl Fn(&str) -> Vec<String>,
) -> BTreeSet<String> {
    let mut modified = BTreeSet::new();
    for b in blocks {
        for stmt in &body.blocks[b.index()].stmts {
            match &stmt.kind {
                StmtKind::Assign { lhs, .. } => {
                    modified.extend(lhs.iter().map(|l| l.name.name.clone()));
                }
                StmtKind::Havoc(names) => {
                    modified.extend(names.iter().map(|n| n.name.clone()));
                }
                StmtKind::Call { callee, rets, .. } => {
                    modified.extend(rets.iter().map(|r| r.name.clone()));
                    modified.extend(callee_modifies(&callee.name));
                }
                StmtKind::Assume(_) | StmtKind::Assert(_) => {}
            }
        }
    }
    modified
}
