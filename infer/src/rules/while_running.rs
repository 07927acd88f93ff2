//! Tag `while_running`: a thread's facts about its own counters, stated
//! only while it runs the loop.
//!
//! Pattern: a loop the transform predicated (it sits under a divergent
//! branch, `if (c < cols) for (r = 0; ...)`, or its bounds differ between
//! threads). A thread that skipped the loop keeps stale, arbitrary copies
//! of the loop's variables (`r$1 := if p then 0 else r$1`), so a per-thread
//! bound such as `r$1 >= 0` fails on entry for it, and Houdini drops the
//! fact for every thread. For each candidate of the tags `loop_bound`,
//! `guard_nonneg`, `stride`, `pow2`, `pow2_not_zero` and `pointer_set` (the
//! objects a pointer carried across the loop may point into: hashcat's
//! `markov_le.cl` after `if (gid >= gid_max) return;`) of a predicated loop
//! that mentions the copies of one thread `t` only, this adds
//! `running_t ==> c`, with `running_t` the thread's loop predicate or an
//! exit-edge predicate of the head (see
//! [`super::access_running::running`]): the fact holds while the thread
//! is in the loop, which is where its accesses are. Also, for each Boolean
//! local of thread `t` the loop does not modify and that is assigned a
//! comparison before it (a branch condition such as `row < n`):
//! `running_t ==> b` and `running_t ==> !b` (a thread runs the loop only
//! if the branch around it let it in; the loop predicates are cut at the
//! head and say nothing of it otherwise). A comparison assigned under a
//! predicate (`c := if p then y < 18 else c`: the guard of an enclosing
//! predicated loop) gives `running_t ==> y < 18`, the comparison itself
//! (the copy `c` of a thread that left the enclosing loop is stale), when
//! this loop does not modify its variables (nested strided halo loads,
//! `tests/kernels/realistic/opencl/infer_halo_tile.cl`).
//!
//! Example: `tests/kernels/opencl/row_prefix_guarded.cl` (`i >= 1` and
//! `row < n` for a loop under `if (row < n)`).

use super::access_running::running;
use super::Context;
use crate::analysis::{vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;
use std::collections::BTreeSet;
use transform::names;

pub const TAG: &str = "while_running";

const GUARDED: &[&str] = &[
    "loop_bound",
    "guard_nonneg",
    "stride",
    "pow2",
    "pow2_not_zero",
    "pointer_set",
];

/// A comparison, or a Boolean function application such as a float
/// comparison (`$fcmp.ogt.f32(..)`, uninterpreted: `if (v.w > 0.0f) { slot
/// = atomic_inc(..); for (..) out[4 * slot + k] = ..; }`).
fn is_comparison(e: &Expr) -> bool {
    use ivl::ast::{BinaryOp::*, ExprKind};
    matches!(
        &crate::analysis::unpredicate("", e).kind,
        ExprKind::Binary(
            BvULt | BvULe | BvUGt | BvUGe | BvSLt | BvSLe | BvSGt | BvSGe | Eq | Neq,
            _,
            _
        ) | ExprKind::Apply(..)
    )
}

/// The guarded copies of the candidates `new` (all of loop `l`).
pub fn guarded(ctx: &Context, l: &LoopInfo, new: &[Candidate]) -> Vec<Candidate> {
    let running = [running(ctx, l, 1), running(ctx, l, 2)];
    if running.iter().all(Option::is_none) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // The branch conditions around the loop: a thread runs it only where
    // they let it in (`if (row < n)`); otherwise its loop predicates, cut
    // at the head, could claim it runs after it skipped the branch.
    for (t, r) in names::THREADS.iter().zip(&running) {
        let Some(r) = r else { continue };
        // Only Boolean locals the loop does not modify can be either kind
        // of condition below.
        let wanted =
            |name: &str| !l.modified.contains(name) && ctx.is_bool(name) && ctx.is_local(name);
        for (name, defs) in l.outside_where(wanted) {
            let is_condition = names::thread_copy(name, |m| ctx.scope.var_type(m).is_some())
                .is_some_and(|(_, th)| th == *t)
                && !name.starts_with(names::BLOCK_PREDICATE_PREFIX)
                && !l.modified.contains(name)
                && ctx.is_bool(name)
                && ctx.is_local(name)
                && defs.iter().any(|e| is_comparison(e));
            // A comparison assigned under a predicate (`c := if p then y <
            // 18 else c`: the guard of an enclosing predicated loop, whose
            // body, where this loop sits, runs only while it holds).
            // The comparison itself, not the variable: a thread that left
            // the enclosing loop keeps a stale, arbitrary copy of `c`.
            let predicated_guard = (!is_condition
                && names::thread_copy(name, |m| ctx.scope.var_type(m).is_some())
                    .is_some_and(|(_, th)| th == *t)
                && !l.modified.contains(name)
                && ctx.is_bool(name)
                && ctx.is_local(name))
            .then(|| {
                defs.iter().find_map(|e| {
                    let inner = crate::analysis::unpredicate(name, e);
                    (!std::ptr::eq(inner, *e) && is_comparison(inner) && l.invariant(inner))
                        .then(|| inner.clone())
                })
            })
            .flatten();
            let facts = match (is_condition, predicated_guard) {
                (true, _) => vec![
                    Expr::var(name.clone()),
                    ivl::build::not(Expr::var(name.clone())),
                ],
                (false, Some(cmp)) => vec![cmp],
                (false, None) => continue,
            };
            for fact in facts {
                out.push(Candidate {
                    tag: TAG,
                    header: l.header.clone(),
                    expr: Expr::implies(r.clone(), fact),
                });
            }
        }
    }
    for c in new.iter().filter(|c| GUARDED.contains(&c.tag)) {
        let mut vs = BTreeSet::new();
        vars(&c.expr, &mut vs);
        let of = |t: names::Thread| {
            vs.iter().any(|v| {
                l.modified.contains(v)
                    && names::thread_copy(v, |m| ctx.scope.var_type(m).is_some())
                        .is_some_and(|(_, th)| th == t)
            })
        };
        let thread = match (of(1), of(2)) {
            (true, false) => 0,
            (false, true) => 1,
            _ => continue,
        };
        let Some(r) = &running[thread] else {
            continue;
        };
        out.push(Candidate {
            tag: TAG,
            header: c.header.clone(),
            expr: Expr::implies(r.clone(), c.expr.clone()),
        });
    }
    out
}
