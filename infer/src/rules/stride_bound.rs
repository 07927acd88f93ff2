//! Tag `stride_bound`: a strided counter overshoots its bound by less than
//! one step.
//!
//! Pattern: a counter `v += s` (`s` a literal above 1) and a guard `v < B`
//! (signed or unsigned, `B` loop-invariant): the halo loads of tiled
//! stencils, `for (y = ly; y < TILE + 2; y += TILE) for (x = lx; x < TILE +
//! 2; x += TILE) tile[y][x] = ..` (SDK SobelFilter's `sobel_filter_local`).
//! Candidate: `v < B + s` (same comparison). The relaxed guard `v <= B` of
//! `loop_bound` fails for such counters (the last step jumps past `B`), so
//! without this nothing bounds the outer counter at the inner loop's head:
//! `y * (TILE + 2) + x` may then wrap around 2^32, and the row and column
//! facts of `access_2d` (`(W / R) % s == y0 % s`, `(W % R) % t == x0 % t`)
//! are refuted. Houdini refutes the candidate when `B + s` overflows or the
//! counter starts above `B + s`.
//!
//! Example: `tests/kernels/realistic/opencl/infer_halo_tile.cl` (racy twin
//! `infer_halo_tile_racy.cl`), `tests/kernels/realistic/opencl/sdk/
//! SobelFilter.cl`.

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{uncast, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, ExprKind};
use std::collections::BTreeSet;

pub const TAG: &str = "stride_bound";

pub const RULE: Rule = Rule {
    tags: &[TAG],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let counters = l.counters();
    let names: BTreeSet<String> = counters.iter().map(|c| c.name.clone()).collect();
    for c in &counters {
        let Some(Step::Up(s)) = step(ctx, l, c) else {
            continue;
        };
        let folded = ctx.fold(l, &s);
        let ExprKind::Bv { value, .. } = &uncast(&folded).kind else {
            continue;
        };
        if *value < 2 {
            continue;
        }
        for g in &l.guards {
            let ExprKind::Binary(op @ (BinaryOp::BvSLt | BinaryOp::BvULt), a, b) = &g.kind else {
                continue;
            };
            let a = l.resolve(a, &names);
            if !matches!(&a.kind, ExprKind::Var(n) if *n == c.name) {
                continue;
            }
            let bound = l.resolve(b, &names);
            if !l.invariant(&bound) {
                continue;
            }
            let over = bin(BinaryOp::Add, bound, s.clone());
            out.push(candidate(TAG, l, bin(*op, a.clone(), over)));
        }
    }
}
