//! Tags `loop_bound`, `guard_nonneg`: bounds of loop counters.
//!
//! Pattern: a counter `v` assigned once before the loop (`v := i0`) and
//! once in it by a monotone update (`v + s`, `v - s`, `v << 1`, `v * 2`,
//! `v >> 1`, `v / 2`, adding a negative constant). Candidates: `i0 <= v`
//! (increasing) or `v <= i0` (decreasing), signed and unsigned; every
//! comparison of the loop guard that mentions a counter, with strict
//! comparisons relaxed (`v < n` gives `v <= n`); `v >= 0` (signed) for the
//! counters (`guard_nonneg`).
//!
//! Example: `tests/kernels/opencl/nested_loops.cl` — counters compared to
//! bounds in the guard; `tests/kernels/cuda/loop_invariant.cu` needs
//! `k >= 0` (its user invariant, also proposed here).

use super::{bin, candidate, Context, Rule};
use crate::analysis::{operand_with, uncast, vars, Counter, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["loop_bound", "guard_nonneg"],
    generate,
};

/// How a counter moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `v + s` with `s` loop-invariant and not a negative constant.
    Up(Expr),
    /// `v - s`, or `v + c` with `c` a negative constant.
    Down,
    Double,
    Halve,
}

fn is_const(e: &Expr, v: u128) -> bool {
    matches!(&uncast(e).kind, ExprKind::Bv { value, .. } if *value == v)
}

/// The step of a counter, if its update is one of the recognised forms.
pub fn step(ctx: &Context, l: &LoopInfo, c: &Counter) -> Option<Step> {
    let v = c.name.as_str();
    if let Some(s) = operand_with(&c.update, BinaryOp::Add, v) {
        if !l.invariant(s) {
            return None;
        }
        if let (ExprKind::Bv { value, width }, _) = (&uncast(s).kind, ()) {
            if *width > 0 && *value >> (*width - 1) == 1 {
                return Some(Step::Down);
            }
        }
        return Some(Step::Up(s.clone()));
    }
    if operand_with(&c.update, BinaryOp::Sub, v).is_some_and(|s| l.invariant(s)) {
        return Some(Step::Down);
    }
    let _ = ctx;
    if operand_with(&c.update, BinaryOp::Shl, v).is_some_and(|s| is_const(s, 1))
        || operand_with(&c.update, BinaryOp::Mul, v).is_some_and(|s| is_const(s, 2))
    {
        return Some(Step::Double);
    }
    for op in [
        BinaryOp::BvLShr,
        BinaryOp::BvAShr,
        BinaryOp::BvUDiv,
        BinaryOp::BvSDiv,
    ] {
        let by = if matches!(op, BinaryOp::BvLShr | BinaryOp::BvAShr) {
            1
        } else {
            2
        };
        if operand_with(&c.update, op, v).is_some_and(|s| is_const(s, by)) {
            return Some(Step::Halve);
        }
    }
    None
}

fn relax(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::BvULt => BinaryOp::BvULe,
        BinaryOp::BvSLt => BinaryOp::BvSLe,
        BinaryOp::BvUGt => BinaryOp::BvUGe,
        BinaryOp::BvSGt => BinaryOp::BvSGe,
        other => other,
    }
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let counters = l.counters();
    let names: BTreeSet<String> = counters.iter().map(|c| c.name.clone()).collect();
    for c in &counters {
        let Some(w) = ctx.width(&c.name) else {
            continue;
        };
        let v = || Expr::var(c.name.clone());
        out.push(candidate(
            "guard_nonneg",
            l,
            bin(BinaryOp::BvSGe, v(), Expr::bv(0, w)),
        ));
        let (Some(i0), Some(s)) = (&c.init, step(ctx, l, c)) else {
            continue;
        };
        if !l.invariant(i0) {
            continue;
        }
        let (u, sg) = match s {
            Step::Up(_) | Step::Double => (BinaryOp::BvUGe, BinaryOp::BvSGe),
            Step::Down | Step::Halve => (BinaryOp::BvULe, BinaryOp::BvSLe),
        };
        out.push(candidate("loop_bound", l, bin(u, v(), i0.clone())));
        out.push(candidate("loop_bound", l, bin(sg, v(), i0.clone())));
    }
    for g in &l.guards {
        let ExprKind::Binary(op, a, b) = &g.kind else {
            continue;
        };
        let mut vs = BTreeSet::new();
        vars(g, &mut vs);
        if vs.is_disjoint(&names) {
            continue;
        }
        let a = l.resolve(a, &names);
        let b = l.resolve(b, &names);
        out.push(candidate(
            "loop_bound",
            l,
            bin(relax(*op), a.clone(), b.clone()),
        ));
        if !matches!(op, BinaryOp::Eq | BinaryOp::Neq) {
            for x in [&a, &b] {
                if let Some(w) = ctx.scope.type_of(x).and_then(|t| t.bv_width()) {
                    out.push(candidate(
                        "guard_nonneg",
                        l,
                        bin(BinaryOp::BvSGe, x.clone(), Expr::bv(0, w)),
                    ));
                }
            }
        }
    }
}
