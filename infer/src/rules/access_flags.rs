//! Tags `no_access`, `no_access_same_group`: no access logged at the loop
//! head.
//!
//! Pattern: a loop that logs accesses to an array `A` (it modifies
//! `READ_HAS_OCCURRED_A`, `WRITE_HAS_OCCURRED_A` or
//! `ATOMIC_HAS_OCCURRED_A`) and ends each iteration with a barrier that
//! clears the flags. Candidates: `!F` and `F ==> !(same group)` (a barrier
//! only clears the accesses of the tracked thread's own group).
//!
//! Example: `tests/kernels/opencl/tree_reduction.cl` — the loop body reads
//! and writes `s` and then calls `barrier`; at the head no access of the
//! group is logged, which is what makes the next iteration race-free.

use super::{candidate, not, Context, Rule};
use crate::analysis::{is_flag, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;

pub const RULE: Rule = Rule {
    tags: &["no_access", "no_access_same_group"],
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
    }
}
