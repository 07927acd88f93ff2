//! Tag `linear`: two counters of one loop that move by constant steps
//! keep a linear relation.
//!
//! Pattern: counters `x := x0`, `y := y0` before the loop and `x := x +
//! a`, `y := y + b` in it (`a`, `b` literals after the launch constants
//! are folded, negative steps and `v - c` included), both initial values
//! loop-invariant. Candidate: `b * (x - x0) == a * (y - y0)`, written
//! `x - x0 == a * (y - y0)` when `b == 1` (the usual form: a z counter
//! and an index `idx += nx * ny`). It is inductive in modular arithmetic
//! whatever the signs, so it holds for down-counting loops too. With the
//! bound of the plain counter's guard it bounds the other counter, which
//! the offset facts of `access_stride` need when the step is not a power
//! of two (the residue of a wrapped difference says nothing).
//!
//! Only counters of one thread are related (`x$1` with `y$1` or with a
//! uniform `z`); the two threads' copies are related by `lockstep`.
//!
//! Example: `tests/kernels/opencl/column_march.cl` (a 3-D grid walked
//! plane by plane with `idx += nx * ny`, `nx * ny` not a power of two).

use super::{bin, candidate, Context, Rule};
use crate::analysis::{operand_with, uncast, Counter, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};

pub const RULE: Rule = Rule {
    tags: &["linear"],
    generate,
};

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The counter's step modulo `2^w`, when it is a literal once the launch
/// constants are folded.
fn literal_step(ctx: &Context, l: &LoopInfo, c: &Counter, w: u32) -> Option<u128> {
    let v = c.name.as_str();
    let lit = |s: &Expr| match &uncast(&ctx.fold(l, s)).kind {
        ExprKind::Bv { value, .. } => Some(*value & mask(w)),
        _ => None,
    };
    if let Some(s) = operand_with(&c.update, BinaryOp::Add, v) {
        return lit(s);
    }
    let s = operand_with(&c.update, BinaryOp::Sub, v)?;
    Some(lit(s)?.wrapping_neg() & mask(w))
}

/// The inverse of an odd `k` modulo `2^w` (Newton's iteration doubles the
/// correct low bits each step); `None` for an even `k`.
fn inverse(k: u128, w: u32) -> Option<u128> {
    if k % 2 == 0 {
        return None;
    }
    let mut inv: u128 = 1;
    for _ in 0..7 {
        inv = inv.wrapping_mul(2u128.wrapping_sub(k.wrapping_mul(inv)));
    }
    Some(inv & mask(w))
}

/// The thread a per-thread copy belongs to (`x$1` -> 1), `None` if uniform.
fn thread_of(name: &str) -> Option<&str> {
    let (_, k) = name.rsplit_once('$')?;
    matches!(k, "1" | "2").then_some(k)
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let mut moving = Vec::new();
    for c in l.counters() {
        let (Some(w), Some(i0)) = (ctx.width(&c.name), c.init.clone()) else {
            continue;
        };
        if !l.invariant(&i0) {
            continue;
        }
        if let Some(s) = literal_step(ctx, l, &c, w).filter(|&s| s != 0) {
            moving.push((c.name.clone(), i0, s, w));
        }
    }
    for (i, (x, x0, a, w)) in moving.iter().enumerate() {
        for (y, y0, b, w2) in &moving[i + 1..] {
            if w != w2 {
                continue;
            }
            if let (Some(tx), Some(ty)) = (thread_of(x), thread_of(y)) {
                if tx != ty {
                    continue;
                }
            }
            let from = |v: &str, v0: &Expr| bin(BinaryOp::Sub, Expr::var(v), v0.clone());
            let times = |k: u128, e: Expr| -> Expr {
                if k == 1 {
                    e
                } else {
                    bin(BinaryOp::Mul, Expr::bv(k, *w), e)
                }
            };
            // An odd factor is invertible modulo `2^w`: solve for `x`
            // (`idx - idx0 == 6000 * (z - z0)` rather than the product
            // form a down-counting loop gives, `-1 * (..) == -6000 * (..)`).
            let rel = match (inverse(*b, *w), inverse(*a, *w)) {
                (Some(ib), _) => Expr::eq(
                    from(x, x0),
                    times(a.wrapping_mul(ib) & mask(*w), from(y, y0)),
                ),
                (None, Some(ia)) => Expr::eq(
                    from(y, y0),
                    times(b.wrapping_mul(ia) & mask(*w), from(x, x0)),
                ),
                _ => Expr::eq(times(*b, from(x, x0)), times(*a, from(y, y0))),
            };
            out.push(candidate("linear", l, rel));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses_of_odd_factors() {
        assert_eq!(inverse(u32::MAX.into(), 32), Some(u32::MAX.into()));
        let i = inverse(6001, 32).unwrap();
        assert_eq!(6001u128.wrapping_mul(i) & mask(32), 1);
        assert_eq!(inverse(6000, 32), None);
    }
}
