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
use std::collections::{BTreeSet, HashMap, HashSet};

/// The locals live at the top of each block, by label.
pub fn live_locals(body: &Body) -> HashMap<String, BTreeSet<String>> {
    live_locals_at(body, |_| true)
}

/// The locals live at the top of the blocks whose labels `wanted` accepts
/// (the fixpoint covers every block; only the answers asked for are
/// spelled out as names). A worklist over the blocks with the locals
/// numbered and each block summarised once by its upward-exposed reads
/// and its assignments: the same fixpoint as re-running every block until
/// nothing changes, which was quadratic on long kernels.
pub fn live_locals_at(
    body: &Body,
    wanted: impl Fn(&str) -> bool,
) -> HashMap<String, BTreeSet<String>> {
    let locals: Vec<&str> = body.locals.iter().map(|v| v.name.name.as_str()).collect();
    let local_id: HashMap<&str, u32> = locals
        .iter()
        .enumerate()
        .map(|(i, l)| (*l, i as u32))
        .collect();
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
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); body.blocks.len()];
    for (i, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(i);
        }
    }
    // Per block, from its statements backwards: `gen` the locals read
    // before any assignment, `kill` those assigned (and not read first).
    let mut gen: Vec<BTreeSet<u32>> = Vec::with_capacity(body.blocks.len());
    let mut kill: Vec<HashSet<u32>> = Vec::with_capacity(body.blocks.len());
    for block in &body.blocks {
        let mut g: BTreeSet<u32> = BTreeSet::new();
        let mut k: HashSet<u32> = HashSet::new();
        for stmt in block.stmts.iter().rev() {
            let (defs, uses) = defs_uses(&stmt.kind);
            for d in defs {
                if let Some(&d) = local_id.get(d) {
                    g.remove(&d);
                    k.insert(d);
                }
            }
            for u in uses {
                if let Some(&u) = local_id.get(u.as_str()) {
                    g.insert(u);
                    k.remove(&u);
                }
            }
        }
        gen.push(g);
        kill.push(k);
    }
    let mut live_in: Vec<BTreeSet<u32>> = gen.clone();
    let mut queued = vec![true; body.blocks.len()];
    let mut work: Vec<usize> = (0..body.blocks.len()).collect();
    while let Some(i) = work.pop() {
        queued[i] = false;
        let mut live = gen[i].clone();
        for &s in &succs[i] {
            live.extend(live_in[s].iter().filter(|x| !kill[i].contains(x)));
        }
        if live != live_in[i] {
            live_in[i] = live;
            for &p in &preds[i] {
                if !queued[p] {
                    queued[p] = true;
                    work.push(p);
                }
            }
        }
    }
    body.blocks
        .iter()
        .zip(live_in)
        .filter(|(b, _)| wanted(&b.label.name))
        .map(|(b, l)| {
            let names = l
                .into_iter()
                .map(|x| locals[x as usize].to_string())
                .collect();
            (b.label.name.clone(), names)
        })
        .collect()
}

/// The locals `stmt` ends the liveness of (whole assignments, `havoc`s,
/// call results) and the variables it reads; uses count before the
/// definitions (`x := x + 1` reads `x`).
fn defs_uses(stmt: &StmtKind) -> (Vec<&str>, BTreeSet<String>) {
    let mut defs = Vec::new();
    let mut uses = BTreeSet::new();
    match stmt {
        StmtKind::Assign { lhs, rhs } => {
            for l in lhs {
                if l.indices.is_empty() {
                    defs.push(l.name.name.as_str());
                }
            }
            for l in lhs {
                lhs_uses(l, &mut uses);
            }
            rhs.iter().for_each(|e| crate::analysis::vars(e, &mut uses));
        }
        StmtKind::Havoc(names) => defs.extend(names.iter().map(|n| n.name.as_str())),
        StmtKind::Assume(e) | StmtKind::Assert(e) => crate::analysis::vars(e, &mut uses),
        StmtKind::Call { args, rets, .. } => {
            defs.extend(rets.iter().map(|r| r.name.as_str()));
            args.iter()
                .for_each(|e| crate::analysis::vars(e, &mut uses));
        }
    }
    (defs, uses)
}

fn lhs_uses(l: &Lhs, uses: &mut BTreeSet<String>) {
    if !l.indices.is_empty() {
        uses.insert(l.name.name.clone());
        for e in &l.indices {
            crate::analysis::vars(e, uses);
        }
    }
}
