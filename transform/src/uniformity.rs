//! Uniformity analysis: which variables hold the same value in both
//! threads, and which blocks both threads always reach together.
//!
//! Input: the kernel procedure in access normal form (`flatten.rs`), its
//! reducible CFG. Output: [`Uniformity`]: the per-thread variables (to be
//! duplicated as `x$1`, `x$2`), the uniform blocks (reached by both threads
//! together: every branch they are control dependent on is uniform and in
//! a uniform block) and the uniform branches (kept as real branches).
//!
//! Uniform values: constants, launch sizes and offsets, kernel parameters,
//! group ids when only one group is considered, and values computed only
//! from uniform values in uniform blocks. Never uniform: local ids, group
//! ids across groups, reads of shared arrays (a thread's view may differ),
//! atomics, `havoc`, per-thread globals, annotation functions, and locals
//! that may be read before they are assigned (their initial values differ).
//! A branch is uniform if every target has it as the only predecessor and
//! starts with `assume`s whose conditions are uniform. The result is the
//! greatest fixpoint: optimistic start, refined until stable.
//!
//! A device function kept as a procedure by `--no-inline` ([`Entry`]):
//! its results are per thread; if every call is in uniform code, both
//! threads enter it together and a parameter is uniform when every call
//! passes a uniform value; otherwise (either thread may call it alone)
//! its parameters are per thread and every block is divergent.
//!
//! Does not: reason about values read from memory (no "uniform reads").

use crate::arrays::ArrayInfo;
use ivl::ast::{has_attr, Body, Expr, ExprKind, Procedure, Program, StmtKind};
use ivl::cfg::{BlockId, Cfg};
use ivl::kernel;
use ivl::visit::free_vars;
use std::collections::{BTreeMap, BTreeSet};

/// How both threads enter a procedure.
#[derive(Clone, Copy, Debug)]
pub enum Entry<'a> {
    /// The kernel: both threads enabled, parameters uniform.
    Kernel,
    /// A device function every call of which is in uniform code: both
    /// threads enabled; parameter `k` is uniform iff `uniform_params[k]`.
    UniformCalls(&'a [bool]),
    /// A device function called in divergent code: no block is uniform,
    /// parameters are per thread.
    Predicated,
}

#[derive(Clone, Debug, Default)]
pub struct Uniformity {
    /// Variables (locals, results, per-thread globals) that get one copy per
    /// thread. Everything else (constants, parameters, sizes, uniform
    /// locals) has a single copy.
    pub per_thread: BTreeSet<String>,
    /// Per block (by index): reached by both threads together.
    pub uniform_block: Vec<bool>,
    /// Per block: its multi-way `goto` is uniform.
    pub uniform_branch: Vec<bool>,
}

impl Uniformity {
    pub fn is_uniform_expr(&self, e: &Expr, arrays: &BTreeMap<String, ArrayInfo>) -> bool {
        let mut ok = true;
        ivl::visit::walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Apply(f, _) if kernel::is_builtin_function(f) => ok = false,
            ExprKind::Select(m, _) => {
                if let ExprKind::Var(n) = &m.kind {
                    if arrays.get(n).is_some_and(|a| a.is_racy_space()) {
                        ok = false;
                    }
                }
            }
            _ => {}
        });
        ok && free_vars(e).iter().all(|v| !self.per_thread.contains(v))
    }
}

/// The conditions a block starts with (its leading `assume`s).
pub fn leading_assumes(body: &Body, b: usize) -> Vec<&Expr> {
    body.blocks[b]
        .stmts
        .iter()
        .map_while(|s| match &s.kind {
            StmtKind::Assume(e) => Some(e),
            _ => None,
        })
        .collect()
}

/// For each branching block: per target, its own condition (the leading
/// assumes of a target whose only predecessor is the branch), or `None`
/// when the choice of that target is not determined by a condition.
pub fn branch_conditions(cfg: &Cfg, body: &Body, b: BlockId) -> Vec<(BlockId, Option<Vec<Expr>>)> {
    let succs = cfg.succs(b);
    succs
        .iter()
        .map(|&s| {
            let own = succs.len() > 1 && cfg.preds(s).len() == 1 && s != b;
            let conds: Vec<Expr> = leading_assumes(body, s.index())
                .into_iter()
                .cloned()
                .collect();
            (s, (own && !conds.is_empty()).then_some(conds))
        })
        .collect()
}

pub fn analyse(
    program: &Program,
    proc: &Procedure,
    cfg: &Cfg,
    arrays: &BTreeMap<String, ArrayInfo>,
    only_intra_group: bool,
    entry: Entry,
) -> Uniformity {
    let Some(body) = &proc.body else {
        return Uniformity::default();
    };
    let n = body.blocks.len();
    let mut per_thread: BTreeSet<String> = BTreeSet::new();
    for d in crate::names::DIMS {
        per_thread.insert(crate::names::local_id(d));
        if !only_intra_group {
            per_thread.insert(crate::names::group_id(d));
        }
    }
    for g in program.global_vars() {
        if !arrays.contains_key(&g.name.name) {
            per_thread.insert(g.name.name.clone());
        }
    }
    per_thread.extend(ivl::uninit::maybe_uninitialised(cfg, proc, body));
    let predicated_entry = matches!(entry, Entry::Predicated);
    match entry {
        Entry::Kernel => {}
        Entry::UniformCalls(uniform) => {
            for (k, v) in proc.params.iter().enumerate() {
                if !uniform.get(k).copied().unwrap_or(false) {
                    per_thread.insert(v.name.name.clone());
                }
            }
            per_thread.extend(proc.returns.iter().map(|v| v.name.name.clone()));
        }
        Entry::Predicated => {
            // Either thread may call it alone, so no block is uniform.
            per_thread.extend(
                proc.params
                    .iter()
                    .chain(&proc.returns)
                    .map(|v| v.name.name.clone()),
            );
        }
    }

    let pdom = cfg.post_dominators();
    // control[b] = the branching blocks b is control dependent on.
    let mut control: Vec<Vec<usize>> = vec![Vec::new(); n];
    for x in cfg.blocks() {
        if cfg.succs(x).len() < 2 || !cfg.is_reachable(x) {
            continue;
        }
        let stop = pdom.ipdom(x);
        for &s in cfg.succs(x) {
            let mut node = Some(s);
            let mut guard = 0;
            while let Some(m) = node {
                if Some(m) == stop || guard > n {
                    break;
                }
                if !control[m.index()].contains(&x.index()) {
                    control[m.index()].push(x.index());
                }
                node = pdom.ipdom(m);
                guard += 1;
            }
        }
    }
    let mut u = Uniformity {
        per_thread,
        uniform_block: vec![true; n],
        uniform_branch: vec![true; n],
    };
    for b in cfg.blocks() {
        // Blocks from which no exit is reachable have no post-dominators:
        // treat them as divergent.
        if !pdom.reaches_exit(b) || predicated_entry {
            u.uniform_block[b.index()] = false;
        }
    }
    loop {
        let mut changed = false;
        // Branch uniformity.
        for b in cfg.blocks() {
            if cfg.succs(b).len() < 2 {
                continue;
            }
            let uniform = branch_conditions(cfg, body, b).iter().all(|(_, c)| {
                c.as_ref()
                    .is_some_and(|es| es.iter().all(|e| u.is_uniform_expr(e, arrays)))
            });
            if !uniform && u.uniform_branch[b.index()] {
                u.uniform_branch[b.index()] = false;
                changed = true;
            }
        }
        // Block uniformity.
        for (b, deps) in control.iter().enumerate() {
            if u.uniform_block[b]
                && deps
                    .iter()
                    .any(|&x| !u.uniform_block[x] || !u.uniform_branch[x])
            {
                u.uniform_block[b] = false;
                changed = true;
            }
        }
        // Variables.
        for (bi, block) in body.blocks.iter().enumerate() {
            for s in &block.stmts {
                let atomic = has_attr(&s.attrs, kernel::ATOMIC_ATTR);
                let mut divergent: Vec<&str> = Vec::new();
                match &s.kind {
                    StmtKind::Assign { lhs, rhs } => {
                        for (l, e) in lhs.iter().zip(rhs) {
                            if arrays.contains_key(&l.name.name) {
                                continue;
                            }
                            if !u.uniform_block[bi]
                                || atomic
                                || !l.indices.is_empty()
                                || !u.is_uniform_expr(e, arrays)
                                || l.indices.iter().any(|i| !u.is_uniform_expr(i, arrays))
                            {
                                divergent.push(&l.name.name);
                            }
                        }
                    }
                    StmtKind::Havoc(names) => divergent.extend(
                        names
                            .iter()
                            .map(|n| n.name.as_str())
                            .filter(|n| !arrays.contains_key(*n)),
                    ),
                    StmtKind::Call { rets, .. } => {
                        divergent.extend(rets.iter().map(|n| n.name.as_str()))
                    }
                    StmtKind::Assume(_) | StmtKind::Assert(_) => {}
                }
                for v in divergent {
                    if u.per_thread.insert(v.to_string()) {
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    u
}
