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
//! Houdini checks the candidates: where the threads of one group really
//! are in different places (each warp of a block taking its own rows, so
//! the enclosing loop is not uniform in the block) they are refuted, and
//! the barrier is still reported
//! (`tests/kernels/realistic/cuda/block_stride_nested_racy.cu`).
//!
//! Not done here (tried in session 11 and dropped for its cost, +30% CPU
//! on `tests/kernels/cuda/loop_grid_stride_2d.cu` for no new proof): the
//! enclosing loop's `while_running` counter facts again at the inner head
//! under the inner running predicate. The inner head havocs its exit-edge
//! predicates, so without them a thread that does not run the enclosing
//! loop may come back into it with stale counters in the model; SDK
//! scalarProd's `iAccum % 256 == tid` is refuted that way.
//!
//! Example: `tests/kernels/realistic/cuda/block_stride_nested.cu` (racy
//! and divergent twins in `block_stride_nested_racy.cu`); realistic SDK
//! `scalarProd.cu` (its divergence; races remain).

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
