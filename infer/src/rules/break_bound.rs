//! Tag `break_bound`: a counter never passes the value at which the loop
//! is left through a `break`.
//!
//! Pattern: a loop left from its body (not its header) under a condition
//! `v == e` (or `e == v`), `v` a counter moving by a step (up or down) and
//! `e` loop-invariant: the Rodinia pyramid loops
//! `for (i = 0; i < iteration; i++) { computed = ...; if (i == iteration - 1)
//! break; ... }`. Candidates: `v <= e` (signed and unsigned) for a counter
//! going up, `v >= e` for one going down. Once proved, the header's exit
//! (`i >= iteration`) is infeasible, so every path out of the loop is the
//! `break`, where the flags the body assigned (`computed`, reassigned from
//! this iteration's range test on `i`) are known from that iteration, with
//! `i == iteration - 1`. Without it the header's exit leaves `computed`
//! arbitrary and the final `if (computed) out[x] = ...` seems to write
//! outside the group's surviving region. Houdini checks the candidate like
//! any other (a counter stepping over `e` refutes it).
//!
//! Example: `tests/kernels/opencl/infer_pyramid_flag.cl` (racy twin
//! `infer_pyramid_flag_racy.cl`), `tests/kernels/realistic/cuda/
//! pathfinder_rodinia.cu`, `hotspot_rodinia.cu`, `opencl/rodinia/hotspot.cl`.

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{uncast, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;

pub const TAG: &str = "break_bound";

pub const RULE: Rule = Rule {
    tags: &[TAG],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    if l.break_conds.is_empty() {
        return;
    }
    let counters = l.counters();
    let names: BTreeSet<String> = counters.iter().map(|c| c.name.clone()).collect();
    for cond in &l.break_conds {
        let cond = l.resolve(cond, &names);
        let ExprKind::Binary(BinaryOp::Eq, a, b) = &cond.kind else {
            continue;
        };
        for c in &counters {
            let is_v = |x: &Expr| matches!(&uncast(x).kind, ExprKind::Var(n) if *n == c.name);
            let bound = if is_v(a) {
                b
            } else if is_v(b) {
                a
            } else {
                continue;
            };
            if !l.invariant(bound) || ctx.width(&c.name).is_none() {
                continue;
            }
            let v = || Expr::var(c.name.clone());
            let ops = match step(ctx, l, c) {
                Some(Step::Up(_) | Step::Double) => [BinaryOp::BvSLe, BinaryOp::BvULe],
                Some(Step::Down | Step::Halve) => [BinaryOp::BvSGe, BinaryOp::BvUGe],
                None => continue,
            };
            for op in ops {
                out.push(candidate(TAG, l, bin(op, v(), (**bound).clone())));
            }
        }
    }
}
