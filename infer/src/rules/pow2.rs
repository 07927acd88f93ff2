//! Tags `pow2`, `pow2_not_zero`, `pow2_rel`: counters that double or
//! halve.
//!
//! Pattern: a loop counter updated by `v << 1`, `v * 2`, `v >> 1` or
//! `v / 2` (see [`super::loop_bound::step`]). Candidates:
//! `v == 0 || v & (v - 1) == 0` and `v != 0`. Relational (`pow2_rel`): a
//! doubling counter `u` and a halving counter `v` in the same loop keep
//! their product until `v` reaches zero: `v == 0 || u * v == u0 * v0`;
//! and the doubling counter's value once the halving one is zero
//! (`pow2_exit`): `v != 0 || u == 2 * u0 * v0` (true when `v0` is a power
//! of two and both step once per iteration; Houdini checks it). Facts at
//! the head of a loop hold on its exit, so a later loop that starts from
//! `u` (Blelloch's down-sweep halves `offset` from where the up-sweep left
//! it) knows its start.
//!
//! Counters scaled by a larger power of two per iteration (`stride >>= 2`
//! in a radix-4 butterfly, `v <<= k`, `v * 4`, `v / 8`, literal `k`) get
//! `pow2` and `pow2_not_zero` only (the relational facts assume steps of
//! two): SDK fastWalshTransform's `fwtBatch1Kernel`, whose quads
//! `i0..i3` are disjoint across threads when `stride / 4` is a power of
//! two (`tests/kernels/realistic/cuda/infer_radix4_stages.cu`).
//!
//! Example: `tests/kernels/opencl/tree_reduction.cl` (`d >>= 1`), and
//! `prefix_scan_blelloch.cl` (`offset *= 2` with `d >>= 1`: the
//! relational fact bounds `offset * (2 * l + 2)` by the array size).

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{operand_with, uncast, Counter, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};

pub const RULE: Rule = Rule {
    tags: &["pow2", "pow2_not_zero", "pow2_rel", "pow2_exit"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let counters = l.counters();
    let mut up = Vec::new();
    let mut down = Vec::new();
    for c in &counters {
        match (step(ctx, l, c), &c.init) {
            (Some(Step::Double), Some(i0)) if l.invariant(i0) => up.push((c, i0)),
            (Some(Step::Halve), Some(i0)) if l.invariant(i0) => down.push((c, i0)),
            _ => {}
        }
    }
    for (u, u0) in &up {
        for (v, v0) in &down {
            let Some(w) = ctx.width(&v.name) else {
                continue;
            };
            let prod = bin(
                BinaryOp::Mul,
                Expr::var(u.name.clone()),
                Expr::var(v.name.clone()),
            );
            let init = bin(BinaryOp::Mul, (*u0).clone(), (*v0).clone());
            out.push(candidate(
                "pow2_rel",
                l,
                Expr::or(
                    Expr::eq(Expr::var(v.name.clone()), Expr::bv(0, w)),
                    Expr::eq(prod, init.clone()),
                ),
            ));
            out.push(candidate(
                "pow2_exit",
                l,
                Expr::or(
                    Expr::new(
                        ExprKind::Binary(
                            BinaryOp::Neq,
                            Box::new(Expr::var(v.name.clone())),
                            Box::new(Expr::bv(0, w)),
                        ),
                        ivl::Span::DUMMY,
                    ),
                    Expr::eq(
                        Expr::var(u.name.clone()),
                        bin(BinaryOp::Mul, Expr::bv(2, w), init),
                    ),
                ),
            ));
        }
    }
    for c in counters {
        if !matches!(step(ctx, l, &c), Some(Step::Double | Step::Halve)) && !power_step(l, &c) {
            continue;
        }
        let Some(w) = ctx.width(&c.name) else {
            continue;
        };
        let v = || Expr::var(c.name.clone());
        let zero = || Expr::bv(0, w);
        let pow2 = Expr::eq(
            bin(
                BinaryOp::BvAnd,
                v(),
                bin(BinaryOp::Sub, v(), Expr::bv(1, w)),
            ),
            zero(),
        );
        out.push(candidate("pow2", l, Expr::or(Expr::eq(v(), zero()), pow2)));
        out.push(candidate(
            "pow2_not_zero",
            l,
            Expr::new(
                ExprKind::Binary(BinaryOp::Neq, Box::new(v()), Box::new(zero())),
                ivl::Span::DUMMY,
            ),
        ));
    }
}

/// `v << k`, `v >> k` (`k` a literal, 1 <= k < 32) or `v * 2^k`, `v / 2^k`
/// (unsigned or signed): the counter stays a power of two or zero.
fn power_step(l: &LoopInfo, c: &Counter) -> bool {
    let v = c.name.as_str();
    let literal = |e: &Expr| match &uncast(e).kind {
        ExprKind::Bv { value, .. } => Some(*value),
        _ => None,
    };
    let shifts = [BinaryOp::Shl, BinaryOp::BvLShr, BinaryOp::BvAShr];
    if shifts.iter().any(|op| {
        operand_with(&c.update, *op, v)
            .and_then(literal)
            .is_some_and(|k| (1..32).contains(&k))
    }) {
        return true;
    }
    let scales = [BinaryOp::Mul, BinaryOp::BvUDiv, BinaryOp::BvSDiv];
    let _ = l;
    scales.iter().any(|op| {
        operand_with(&c.update, *op, v)
            .and_then(literal)
            .is_some_and(|k| k >= 2 && k.is_power_of_two())
    })
}
