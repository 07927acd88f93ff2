//! Tags `pred_off`, `enabled`: predicates of predicated code at the loop
//! head.
//!
//! Pattern: the transform predicates divergent code with Boolean locals
//! `p.<edge>$t` that are reset at the end of each predicated region, so
//! they are false at the head of a loop enclosing the region
//! (`pred_off`: `!p`); a loop predicate implies and is implied by the
//! other thread's copy when the loop is uniform (`enabled`:
//! `p$1 ==> p$2` and `p$2 ==> p$1`).
//!
//! Example: `tests/kernels/opencl/tree_reduction.cl` (`if (t < d)` inside
//! the loop) and `tests/kernels/cuda/grid_stride_loop.cu`.
//!
//! Tag `enabled_group`: the same for a loop uniform only within a group
//! (bounds from the group id): `same_group ==> (p$1 <==> p$2)`. Example:
//! `tests/kernels/cuda/matmul_sdk_template.cu`.

use super::{candidate, not, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::Expr;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["pred_off", "enabled", "enabled_group"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    for name in &l.modified {
        if !name.starts_with(names::BLOCK_PREDICATE_PREFIX)
            || !ctx.is_bool(name)
            || !ctx.is_local(name)
        {
            continue;
        }
        out.push(candidate("pred_off", l, not(Expr::var(name.clone()))));
        if let Some(stem) = names::thread1_stem(name) {
            let twin = names::of_thread(stem, 2);
            if l.modified.contains(&twin) {
                let (a, b) = (Expr::var(name.clone()), Expr::var(twin));
                if let Some(same) = &ctx.same_group {
                    out.push(candidate(
                        "enabled_group",
                        l,
                        Expr::implies(same.clone(), Expr::eq(a.clone(), b.clone())),
                    ));
                }
                out.push(candidate("enabled", l, Expr::implies(a.clone(), b.clone())));
                out.push(candidate("enabled", l, Expr::implies(b, a)));
            }
        }
    }
}
