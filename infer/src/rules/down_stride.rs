//! Tag `down_stride`: counters and accesses that move down by a fixed
//! stride.
//!
//! Pattern: a counter `v := i0` before the loop and `v := v - s` in it,
//! `s` loop-invariant and not 1 once the launch constants are folded
//! (`for (z = nz - 1; z >= 0; z--) { vol[idx] = ..; idx -= slice; }`).
//! Candidates: `(i0 - v) % s == 0` and, for every access of the loop at
//! an offset `O(v)`, `F ==> (O(i0) - WATCHED_A) % s == 0`: the mirror of
//! `access_stride`'s up-counting facts (the difference is taken the other
//! way so that it is a multiple of `s` without wrapping). With a
//! power-of-two `s` larger than the threads' spread this separates the
//! threads' columns.
//!
//! Example: `tests/kernels/opencl/column_march.cl` (`march_planes_back`).

use super::{bin, candidate, Context, Rule};
use crate::analysis::{operand_with, uncast, vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["down_stride"],
    generate,
};

fn urem(a: Expr, b: Expr) -> Expr {
    bin(BinaryOp::BvURem, a, b)
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let mut down: Vec<(String, Expr, Expr, u32)> = Vec::new();
    for c in l.counters() {
        let (Some(i0), Some(w)) = (c.init.clone(), ctx.width(&c.name)) else {
            continue;
        };
        let Some(s) = operand_with(&c.update, BinaryOp::Sub, &c.name) else {
            continue;
        };
        if !l.invariant(s) || !l.invariant(&i0) {
            continue;
        }
        let s = ctx.fold(l, s);
        if matches!(&uncast(&s).kind, ExprKind::Bv { value: 0 | 1, .. }) {
            continue;
        }
        let from_start = bin(BinaryOp::Sub, i0.clone(), Expr::var(c.name.clone()));
        out.push(candidate(
            "down_stride",
            l,
            Expr::eq(urem(from_start, s.clone()), Expr::bv(0, w)),
        ));
        down.push((c.name.clone(), i0, s, w));
    }
    let keep: BTreeSet<String> = down.iter().map(|(v, ..)| v.clone()).collect();
    for site in l.logs.iter().filter(|s| s.in_loop) {
        let off = ctx.fold(l, &l.resolve(&site.offset, &keep));
        let mut vs = BTreeSet::new();
        vars(&off, &mut vs);
        for (v, i0, s, _) in &down {
            if !vs.contains(v) {
                continue;
            }
            let start = ivl::subst::rewrite(&off, &|n, _| (n == v).then(|| i0.clone()), false);
            let Some(w) = ctx.scope.type_of(&start).and_then(|t| t.bv_width()) else {
                continue;
            };
            if !l.invariant(&start) {
                continue;
            }
            let back = bin(BinaryOp::Sub, start, Expr::var(site.watched.clone()));
            out.push(candidate(
                "down_stride",
                l,
                Expr::implies(
                    Expr::var(site.flag.clone()),
                    Expr::eq(urem(back, s.clone()), Expr::bv(0, w)),
                ),
            ));
        }
    }
}
