//! Tag `halving_guard`: the logged access of a tree loop was made by a
//! thread that passed the previous iteration's guard `x < d`.
//!
//! Pattern: a counter `d` halved each iteration (`d >>= 1`, `d /= 2`) and,
//! in the loop, a comparison `x < d` (signed or unsigned) with `x` a value
//! of the logging thread (`$1`) that the loop does not modify: the
//! work-efficient (Blelloch) up-sweep and tree reductions,
//! `for (d = n >> 1; d > 0; d >>= 1) { barrier(); if (tid < d) ... }`.
//! Candidate, for every access logged in the loop: `F ==> x <= 2 * d`
//! (`bvsle` for a signed guard, `bvule` for an unsigned one). At the head
//! `d` is already halved, so an access of the previous iteration had
//! `x < d_prev <= 2 * d + 1`. On exit (`d == 0`) it says that only the
//! thread with `x == 0` has an access logged since the last barrier, so the
//! code after the loop that thread 0 runs alone (`if (tid == 0) { sums[g] =
//! temp[n - 1]; temp[n - 1] = 0; }`) does not race with the last
//! iteration. Accesses logged before the loop must satisfy it too (Houdini
//! refutes it otherwise; `x < local_size <= 2 * d0` in the usual launch).
//!
//! Example: `tests/kernels/opencl/infer_tree_total.cl` (racy twin
//! `infer_blelloch_exit_racy.cl`), `infer_blelloch_exit.cl` (both sweeps),
//! `tests/kernels/realistic/opencl/scan.cl` (prescan).

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{is_flag, uncast, vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["halving_guard"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let flags: BTreeSet<&str> = l
        .logs
        .iter()
        .filter(|s| s.in_loop)
        .map(|s| s.flag.as_str())
        .collect();
    if flags.is_empty() {
        return;
    }
    for c in l.counters() {
        if !matches!(step(ctx, l, &c), Some(Step::Halve)) {
            continue;
        }
        let Some(w) = ctx.width(&c.name) else {
            continue;
        };
        let mut guards: Vec<(BinaryOp, Expr)> = Vec::new();
        for rhs in l.defs.values().flatten() {
            comparisons(rhs, &c.name, &mut guards);
        }
        for (op, x) in guards {
            if !l.invariant(&x) || !of_thread_one(&x) {
                continue;
            }
            let le = if op == BinaryOp::BvSLt {
                BinaryOp::BvSLe
            } else {
                BinaryOp::BvULe
            };
            let bound = bin(
                le,
                x.clone(),
                bin(BinaryOp::Mul, Expr::bv(2, w), Expr::var(c.name.clone())),
            );
            for f in &flags {
                out.push(candidate(
                    "halving_guard",
                    l,
                    Expr::implies(Expr::var((*f).to_string()), bound.clone()),
                ));
            }
        }
    }
}

/// Every `x < d` (signed or unsigned, also written `d > x`) inside `e`.
fn comparisons(e: &Expr, d: &str, out: &mut Vec<(BinaryOp, Expr)>) {
    let is_d = |e: &Expr| matches!(&uncast(e).kind, ExprKind::Var(n) if n == d);
    match &e.kind {
        ExprKind::Binary(op, a, b) => {
            let found = match op {
                BinaryOp::BvSLt | BinaryOp::BvULt if is_d(b) => Some((*op, (**a).clone())),
                BinaryOp::BvSGt if is_d(a) => Some((BinaryOp::BvSLt, (**b).clone())),
                BinaryOp::BvUGt if is_d(a) => Some((BinaryOp::BvULt, (**b).clone())),
                _ => None,
            };
            if let Some(f) = found {
                if !out.iter().any(|(o, x)| *o == f.0 && *x == f.1) {
                    out.push(f);
                }
            }
            comparisons(a, d, out);
            comparisons(b, d, out);
        }
        ExprKind::Unary(_, a) => comparisons(a, d, out),
        ExprKind::Ite(c, a, b) => {
            comparisons(c, d, out);
            comparisons(a, d, out);
            comparisons(b, d, out);
        }
        _ => {}
    }
}

/// Whether `x` reads the logging thread's copy of something (and no flag).
fn of_thread_one(x: &Expr) -> bool {
    let mut vs = BTreeSet::new();
    vars(x, &mut vs);
    vs.iter().any(|v| v.ends_with("$1")) && !vs.iter().any(|v| is_flag(v) || v.ends_with("$2"))
}
