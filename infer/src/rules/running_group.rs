//! Tag `running_group`: two threads of one group are both somewhere in a
//! predicated loop (running its body or having left it), or neither is.
//!
//! Pattern: a thread-strided loop `for (i = tid; i < N; i += blockDim.x)`
//! inside a loop that is uniform within a group (a grid-stride loop over
//! blocks, `for (vec = blockIdx.x; vec < n; vec += gridDim.x)`, SDK
//! scalarProd), with a barrier after it. The strided loop's trip count
//! differs between threads, so the transform predicates it, and the
//! threads of a group leave it at different iterations: `p.H$1` and
//! `p.H$2` (at the head) are unrelated, and so are the exit-edge
//! predicates `p.H$X$t` (set when thread `t` left, until the exit's target
//! runs). What holds is their disjunction: each thread of the group is in
//! the loop's body or has left it, or (in the last pass of the outer loop,
//! which runs with both threads disabled) neither thread is. With `R_t =
//! p.H$t || p.H$X$t || ...` ([`super::access_running::running`]) the
//! candidate is `same_group ==> (R_1 <==> R_2)`; at the exit both heads are
//! false, so the exit edges agree, the code after the loop is entered by
//! both threads or by neither, and the barrier after it is not divergent.
//!
//! For a loop nested in such a loop (the `pos` loop inside the strided
//! `iAccum` loop), a thread that already left the enclosing loop is not in
//! the inner one either: the disjunction also takes the exit-edge
//! predicates of the enclosing predicated loops that the inner loop does
//! not modify (`R_t = p.I$t || p.I$Y$t || p.H$X$t`), which is what carries
//! the fact across the inner loop's head.
//!
//! (The loop's own `R_1 <==> R_2`, without enclosing exits, is
//! `thread_eq_group`'s; this rule adds only the nested form.)
//!
//! Houdini checks the candidates: a loop whose threads of one group may
//! really be in different places (a strided loop whose bound depends on
//! the thread) refutes them, and the barrier after it is still reported
//! (`tests/kernels/cuda/block_stride_rows_divergent.cu`).
//!
//! Example: `tests/kernels/cuda/block_stride_rows.cu`, realistic SDK
//! `scalarProd.cu`.

use super::access_running::running;
use super::Context;
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::{Expr, ExprKind};
use transform::names;

pub const TAG: &str = "running_group";

/// The exit-edge predicates of thread `t` in `running(l, t)` (its head
/// predicate left out).
fn exit_edges(ctx: &Context, l: &LoopInfo, t: names::Thread) -> Vec<Expr> {
    let head = names::of_thread(&format!("{}{}", names::BLOCK_PREDICATE_PREFIX, l.header), t);
    let mut out = Vec::new();
    let mut stack: Vec<Expr> = running(ctx, l, t).into_iter().collect();
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Binary(ivl::ast::BinaryOp::Or, a, b) => {
                stack.push((**a).clone());
                stack.push((**b).clone());
            }
            ExprKind::Var(v) if *v != head => out.push(e.clone()),
            _ => {}
        }
    }
    out
}

/// The candidates of every predicated loop in `loops` (outermost first).
pub fn generate(ctx: &Context, loops: &[LoopInfo]) -> Vec<Candidate> {
    let Some(same) = &ctx.same_group else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for l in loops {
        let present = |t: names::Thread| -> Option<Expr> {
            let own = running(ctx, l, t)?;
            let outer: Vec<Expr> = loops
                .iter()
                .filter(|o| o.contains_loop(l))
                .flat_map(|o| exit_edges(ctx, o, t))
                .filter(|e| matches!(&e.kind, ExprKind::Var(v) if !l.modified.contains(v)))
                .collect();
            // Without them this is `thread_eq_group`'s running equality.
            (!outer.is_empty()).then(|| outer.into_iter().fold(own, Expr::or))
        };
        let (Some(r1), Some(r2)) = (present(1), present(2)) else {
            continue;
        };
        out.push(Candidate {
            tag: TAG,
            header: l.header.clone(),
            expr: Expr::implies(same.clone(), Expr::eq(r1, r2)),
        });
    }
    out
}

/// Tag `running_inner`: an enclosing predicated loop's per-thread facts,
/// stated again at the head of a predicated loop nested in it, under the
/// inner loop's running predicate.
///
/// Pattern: the same nesting. The inner loop's head havocs its predicates,
/// so after it a thread's exit-edge predicate (`p.I$Y$t`, which re-enables
/// the enclosing loop's back edge) is unconstrained: a thread that does not
/// run the enclosing loop (disabled, or in the last pass of the outermost
/// loop) could come back into it with stale counters, and the enclosing
/// loop's `while_running` facts (`R_t ==> iAccum$t % 256 == tid$t`) are
/// refuted. For each `while_running` candidate `R_t ==> c` of an enclosing
/// loop whose fact `c` mentions one of its counters and nothing the inner
/// loop modifies, this adds
/// `R'_t ==> c` at the inner head (`R'_t` its own running predicate): a
/// thread in the inner loop or past it is one whose counters the enclosing
/// loop's facts describe. Houdini checks each copy at its own loop.
pub const INNER_TAG: &str = "running_inner";

/// The `running_inner` copies of the `while_running` candidates in
/// `candidates` (those of every loop of `loops`).
pub fn push_down(ctx: &Context, loops: &[LoopInfo], candidates: &[Candidate]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for inner in loops {
        let own = [running(ctx, inner, 1), running(ctx, inner, 2)];
        if own.iter().all(Option::is_none) {
            continue;
        }
        for outer in loops.iter().filter(|o| o.contains_loop(inner)) {
            let guards = [running(ctx, outer, 1), running(ctx, outer, 2)];
            let counters: Vec<String> = outer.counters().into_iter().map(|c| c.name).collect();
            for c in candidates {
                if c.header != outer.header || c.tag != super::while_running::TAG {
                    continue;
                }
                let ExprKind::Binary(ivl::ast::BinaryOp::Implies, g, fact) = &c.expr.kind else {
                    continue;
                };
                let Some(t) = guards.iter().position(|r| r.as_ref() == Some(&**g)) else {
                    continue;
                };
                let Some(r) = &own[t] else { continue };
                // Only the enclosing loop's counters' facts (residues and
                // bounds): the others (branch conditions, launch facts)
                // cost solver time and were never what a stale copy broke.
                let mut vs = std::collections::BTreeSet::new();
                crate::analysis::vars(fact, &mut vs);
                if !inner.invariant(fact) || !counters.iter().any(|c| vs.contains(c)) {
                    continue;
                }
                out.push(Candidate {
                    tag: INNER_TAG,
                    header: inner.header.clone(),
                    expr: Expr::implies(r.clone(), (**fact).clone()),
                });
            }
        }
    }
    out
}
