//! Tags `no_access`, `no_access_same_group`, `no_access_same_warp`: no
//! access logged at the loop head.
//!
//! Pattern: a loop that logs accesses to an array `A` (it modifies
//! `READ_HAS_OCCURRED_A`, `WRITE_HAS_OCCURRED_A` or
//! `ATOMIC_HAS_OCCURRED_A`) and ends each iteration with a barrier that
//! clears the flags. Candidates: `!F` and `F ==> !(same group)` (a barrier
//! only clears the accesses of the tracked thread's own group), and, in a
//! procedure with warp barriers (`__syncwarp`), `F ==> !(same warp)`.
//!
//! Example: `tests/kernels/opencl/tree_reduction.cl` — the loop body reads
//! and writes `s` and then calls `barrier`; at the head no access of the
//! group is logged, which is what makes the next iteration race-free.
//! `tests/kernels/cuda/warp_reduce_syncwarp_loop.cu` is the warp form.

use super::{candidate, not, Context, Rule};
use crate::analysis::{is_flag, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;

pub const RULE: Rule = Rule {
    tags: &["no_access", "no_access_same_group", "no_access_same_warp"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    for flag in l.modified.iter().filter(|f| is_flag(f)) {
        out.push(candidate("no_access", l, not(Expr::var(flag.clone()))));
        if let Some(same) = &ctx.same_group {
            out.push(candidate(
                "no_access_same_group",
                l,
                Expr::implies(Expr::var(flag.clone()), not(same.clone())),
            ));
        }
        if let Some(same) = &ctx.same_warp {
            out.push(candidate(
                "no_access_same_warp",
                l,
                Expr::implies(Expr::var(flag.clone()), not(same.clone())),
            ));
        }
    }
}
