//! Tag `thread_eq`: a variable has the same value in both threads.
//!
//! Pattern: a loop modifies both copies `x$1` and `x$2` of a per-thread
//! variable that in fact evolves uniformly (a loop counter of a uniform
//! loop the uniformity analysis could not prove uniform, a predicate of a
//! loop whose guard is uniform). Candidate: `x$1 == x$2`.
//!
//! Example: `tests/kernels/opencl/annotation_short_circuit.cl` — a counter
//! made per-thread by an inlined call.

use super::{candidate, Context, Rule};
use crate::analysis::{is_flag, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["thread_eq"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    for name in &l.modified {
        let Some(stem) = names::thread1_stem(name) else {
            continue;
        };
        let twin = names::of_thread(stem, 2);
        if is_flag(name) || !l.modified.contains(&twin) || !ctx.is_local(name) {
            continue;
        }
        out.push(candidate(
            "thread_eq",
            l,
            Expr::eq(Expr::var(name.clone()), Expr::var(twin)),
        ));
    }
}
