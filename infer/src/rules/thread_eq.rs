//! Tag `thread_eq`: a variable has the same value in both threads.
//!
//! Pattern: a loop modifies both copies `x$1` and `x$2` of a per-thread
//! variable that in fact evolves uniformly (a loop counter of a uniform
//! loop the uniformity analysis could not prove uniform, a predicate of a
//! loop whose guard is uniform). Candidate: `x$1 == x$2`.
//!
//! Example: `tests/kernels/opencl/annotation_short_circuit.cl` — a counter
//! made per-thread by an inlined call.
//!
//! Tag `thread_eq_group`: the same within a group. Pattern: the counter of
//! a loop whose bounds depend on the group id (uniform within a group, so
//! a barrier in it is reached uniformly). Candidate: `same_group ==>
//! x$1 == x$2`. Example: `tests/kernels/cuda/matmul_sdk_template.cu` (the
//! SDK's `for (a = aBegin; a <= aEnd; ...)` with `aBegin` from blockIdx.y).

use super::{candidate, Context, Rule};
use crate::analysis::{is_flag, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["thread_eq", "thread_eq_group"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    // A predicated loop entered by both threads of a group together: each
    // thread runs it or left it by an exit of the head, at once
    // (`running_t`, see access_running). Without it the exit edges of a
    // loop with a thread-dependent guard (`for (i = tid; i < N; i +=
    // blockDim.x)`) are unrelated after the loop, and so are the
    // predicates of a uniform loop with a barrier that follows it (SDK
    // scalarProd's tree after its accumulator loop).
    if let (Some(same), Some(r1), Some(r2)) = (
        &ctx.same_group,
        super::access_running::running(ctx, l, 1),
        super::access_running::running(ctx, l, 2),
    ) {
        out.push(candidate(
            "thread_eq_group",
            l,
            Expr::implies(same.clone(), Expr::eq(r1, r2)),
        ));
    }
    for name in &l.modified {
        let Some(stem) = names::thread1_stem(name) else {
            continue;
        };
        let twin = names::of_thread(stem, 2);
        // `$barrier_epoch` (frontend lower/atomic_slots.rs): the per-thread
        // count of barriers passed, equal within a group.
        let per_thread = ctx.is_local(name) || stem == "$barrier_epoch";
        // Maps (ghosts such as lower/atomic_values.rs's): an equality of
        // maps is no candidate (its model value is not a literal).
        let is_map = matches!(ctx.scope.var_type(name), Some(ivl::ast::Type::Map(..)));
        if is_flag(name) || !l.modified.contains(&twin) || !per_thread || is_map {
            continue;
        }
        let eq = Expr::eq(Expr::var(name.clone()), Expr::var(twin));
        if let Some(same) = &ctx.same_group {
            out.push(candidate(
                "thread_eq_group",
                l,
                Expr::implies(same.clone(), eq.clone()),
            ));
            // In a predicated loop, only while thread 1 runs it (a thread
            // that skipped it keeps a stale value).
            let running = format!("p.{}$1", l.header);
            if ctx.is_bool(&running) && ctx.is_local(&running) {
                out.push(candidate(
                    "thread_eq_group",
                    l,
                    Expr::implies(Expr::and(same.clone(), Expr::var(running)), eq.clone()),
                ));
            }
        }
        out.push(candidate("thread_eq", l, eq));
    }
}
