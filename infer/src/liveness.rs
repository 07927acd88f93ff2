//! Liveness of local variables at the top of each block.
//!
//! Consumes a procedure body; computes, per block label, the locals (the
//! body's `var` declarations) that some path from the top of the block
//! reads before assigning them. Everything else (globals, constants,
//! parameters) counts as always live. A partial update `M[i] := v` reads
//! `M`; `havoc x` and `x := e` end the liveness of `x` (after `e` is read).
//!
//! Used by [`crate::candidate::filter`] to drop candidates that mention a
//! local the loop modifies and that is dead at the loop head: the loop
//! havocs it there and never reads that value, so a candidate over it can
//! help no proof. (A local the loop does not modify keeps its value, even
//! if dead: it is a ghost of an initial value, and candidates may use it.) Dropping a
//! candidate only loses precision, never soundness; the analysis
//! over-approximates liveness (a `goto` to any target keeps its reads).

use ivl::ast::{Body, Lhs, StmtKind, TransferKind};
use std::collections::{BTreeSet, HashMap};

/// The locals live at the top of each block, by label.
pub fn live_locals(body: &Body) -> HashMap<String, BTreeSet<String>> {
    let locals: BTreeSet<String> = body.locals.iter().map(|v| v.name.name.clone()).collect();
    let index: HashMap<&str, usize> = body
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (b.label.name.as_str(), i))
        .collect();
    let succs: Vec<Vec<usize>> = body
        .blocks
        .iter()
        .map(|b| match &b.transfer.kind {
            TransferKind::Goto(ts) => ts
                .iter()
                .filter_map(|t| index.get(t.name.as_str()).copied())
                .collect(),
            TransferKind::Return => Vec::new(),
        })
        .collect();
    let mut live_in: Vec<BTreeSet<String>> = vec![BTreeSet::new(); body.blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..body.blocks.len()).rev() {
            let mut live: BTreeSet<String> = BTreeSet::new();
            for &s in &succs[i] {
                live.extend(live_in[s].iter().cloned());
            }
            for stmt in body.blocks[i].stmts.iter().rev() {
                transfer(&stmt.kind, &locals, &mut live);
            }
            if live != live_in[i] {
                live_in[i] = live;
                changed = true;
            }
        }
    }
    body.blocks
        .iter()
        .zip(live_in)
        .map(|(b, l)| (b.label.name.clone(), l))
        .collect()
}

/// Liveness before `stmt` from liveness after it.
fn transfer(stmt: &StmtKind, locals: &BTreeSet<String>, live: &mut BTreeSet<String>) {
    let mut uses = BTreeSet::new();
    match stmt {
        StmtKind::Assign { lhs, rhs } => {
            for l in lhs {
                if l.indices.is_empty() {
                    live.remove(&l.name.name);
                }
            }
            for l in lhs {
                lhs_uses(l, &mut uses);
            }
            rhs.iter().for_each(|e| crate::analysis::vars(e, &mut uses));
        }
        StmtKind::Havoc(names) => {
            for n in names {
                live.remove(&n.name);
            }
        }
        StmtKind::Assume(e) | StmtKind::Assert(e) => crate::analysis::vars(e, &mut uses),
        StmtKind::Call { args, rets, .. } => {
            for r in rets {
                live.remove(&r.name);
            }
            args.iter()
                .for_each(|e| crate::analysis::vars(e, &mut uses));
        }
    }
    live.extend(uses.into_iter().filter(|v| locals.contains(v)));
}

fn lhs_uses(l: &Lhs, uses: &mut BTreeSet<String>) {
    if !l.indices.is_empty() {
        uses.insert(l.name.name.clone());
        for e in &l.indices {
            crate::analysis::vars(e, uses);
        }
    }
}
