//! Tag `access_running`: an access logged inside a predicated loop means
//! thread 1 is still in the loop (running it or having left it by an exit
//! edge) at the loop head.
//!
//! Pattern: a loop the transform predicated (its head predicate `p.H$1`)
//! logs accesses (`F := F || p && off == WATCHED_A`). A barrier after the
//! loop clears the same-group flags only when thread 1 reaches it enabled;
//! a loop nested in a loop uniform only within a group (the SDK matrix
//! multiply's tile loop, bounds from `blockIdx.y`) is also entered with
//! every thread disabled in the last outer iteration, so "thread 1 is in
//! the loop" is no invariant by itself. What holds is: if thread 1 logged
//! an access of the same group, it is in the loop, i.e. one of the loop's
//! predicates (`p.H$1` or an exit-edge predicate `p.H$X$1`, which stays
//! set until the exit's target runs) holds. Candidates:
//! `F && same_group ==> p.H$1 || p.H$X$1 || ...`; with it the barrier
//! after the loop is known to clear `F`, and the enclosing loop's
//! `no_access_same_group` candidates survive. And `F ==> p.H$1 || ...`
//! for any pair of threads, true when no access of the array is logged
//! before the loop (a loop under `if (row < n)`: thread 1's logged access
//! tells that it passed the branch, so its row is the one it computed).
//!
//! Example: `tests/kernels/cuda/matmul_sdk_template.cu` (the reads of
//! `As`/`Bs` in the unrolled inner product under a tile loop bounded by
//! `blockIdx.y`); `tests/kernels/opencl/row_prefix_guarded.cl`.

use super::{candidate, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::Expr;
use std::collections::BTreeSet;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["access_running"],
    generate,
};

/// `p.H$t || p.H$X$t || ...`: thread `t` runs the predicated loop `l` or
/// has left it by an exit edge of its head (`None` when `l` is not
/// predicated). An edge into the body is reset (`:= false`) inside the
/// loop, an exit edge only at its target, outside.
pub fn running(ctx: &Context, l: &LoopInfo, t: names::Thread) -> Option<Expr> {
    let head = names::of_thread(&format!("{}{}", names::BLOCK_PREDICATE_PREFIX, l.header), t);
    if !l.modified.contains(&head) || !ctx.is_bool(&head) || !ctx.is_local(&head) {
        return None;
    }
    let edge_prefix = format!("{}{}$", names::BLOCK_PREDICATE_PREFIX, l.header);
    l.modified
        .iter()
        .filter(|n| {
            **n == head
                || (n.starts_with(&edge_prefix)
                    && names::thread_copy(n, |m| ctx.scope.var_type(m).is_some())
                        .is_some_and(|(_, th)| th == t)
                    && !reset_in_loop(l, n)
                    && ctx.is_bool(n)
                    && ctx.is_local(n))
        })
        .map(|n| Expr::var(n.clone()))
        .reduce(Expr::or)
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let Some(running) = running(ctx, l, 1) else {
        return;
    };
    let flags: BTreeSet<&String> = l
        .logs
        .iter()
        .filter(|s| s.in_loop && l.modified.contains(&s.flag))
        .map(|s| &s.flag)
        .collect();
    for flag in flags {
        // Without a barrier clearing the flag before the loop, the access
        // was logged in it, whatever the groups (a global array).
        out.push(candidate(
            "access_running",
            l,
            Expr::implies(Expr::var(flag.clone()), running.clone()),
        ));
        if let Some(same) = &ctx.same_group {
            out.push(candidate(
                "access_running",
                l,
                Expr::implies(
                    Expr::and(Expr::var(flag.clone()), same.clone()),
                    running.clone(),
                ),
            ));
        }
    }
}

/// Whether the loop assigns `false` to `name`.
fn reset_in_loop(l: &LoopInfo, name: &str) -> bool {
    l.defs.get(name).is_some_and(|ds| {
        ds.iter()
            .any(|d| matches!(d.kind, ivl::ast::ExprKind::Bool(false)))
    })
}
