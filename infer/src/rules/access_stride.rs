//! Tags `stride`, `access_stride`: counters and accesses that advance by a
//! fixed stride.
//!
//! Pattern: a counter `v := i0` before the loop and `v := v + s` in it
//! with `s` loop-invariant (`for (i = id; i < n; i += SZ)`, also
//! strength-reduced pointer walks). Candidates: `(v - i0) % s == 0` and
//! `v % s == i0 % s` (`stride`); for every access at offset `O(v)`:
//! `F ==> (WATCHED_A - O(i0)) % s == 0` and
//! `F ==> WATCHED_A % s == O(i0) % s`, and with the stride of the offset
//! itself, `F ==> (WATCHED_A - O(i0)) % (O(i0 + s) - O(i0)) == 0`
//! (`access_stride`), which separate threads whose starting offsets differ
//! modulo the stride; and for a guard `v < B` (or `v <= B`), the range
//! `O(i0) <= WATCHED_A < O(B)`, also as `WATCHED_A - O(i0) < O(B) - O(i0)`
//! which tolerates a start that wraps around (`access_range`), which separates threads
//! whose ranges are disjoint (rows of a tile, contiguous chunks).
//!
//! With several lanes per step (offset coefficient `c`, 1 < c <= 16:
//! `vstore4` in a grid-stride loop) also `F ==> (WATCHED_A / c - O(i0) / c)
//! % s == 0`.
//!
//! Example: `tests/kernels/opencl/strided_loop.cl`,
//! `tests/kernels/cuda/grid_stride_loop.cu`; `access_range` and the
//! offset stride: `tests/kernels/cuda/loop_transpose_rows.cu`.

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{vars, LogSite, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["stride", "access_stride", "access_range"],
    generate,
};

fn urem(a: Expr, b: Expr) -> Expr {
    bin(BinaryOp::BvURem, a, b)
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let counters = l.counters();
    let names: BTreeSet<String> = counters.iter().map(|c| c.name.clone()).collect();
    let mut strided: Vec<(String, Expr, Expr)> = Vec::new();
    for c in &counters {
        let (Some(i0), Some(Step::Up(s))) = (&c.init, step(ctx, l, c)) else {
            continue;
        };
        if !l.invariant(i0) {
            continue;
        }
        let Some(w) = ctx.width(&c.name) else {
            continue;
        };
        let s = ctx.fold(l, &s);
        strided.push((c.name.clone(), i0.clone(), s.clone()));
        if literal(&s) == Some(1) {
            // Every value is a multiple of 1: nothing to say.
            continue;
        }
        let v = || Expr::var(c.name.clone());
        out.push(candidate(
            "stride",
            l,
            Expr::eq(
                urem(bin(BinaryOp::Sub, v(), i0.clone()), s.clone()),
                Expr::bv(0, w),
            ),
        ));
        out.push(candidate(
            "stride",
            l,
            Expr::eq(urem(v(), s.clone()), urem(i0.clone(), s.clone())),
        ));
    }
    // Offsets are resolved down to the strided counters with an initial
    // value: a temporary `t := v + s` that feeds `v := t` is itself a
    // counter (without an initial value), and the access at `t` (the
    // updated value: `idx += stride; out[idx] = ...`) moves with `v`.
    let keep: BTreeSet<String> = strided.iter().map(|(v, _, _)| v.clone()).collect();
    for site in l.logs.iter().filter(|s| s.in_loop) {
        let mut off = ctx.fold(l, &l.resolve(&site.offset, &names));
        let mut vs = BTreeSet::new();
        vars(&off, &mut vs);
        if vs.is_disjoint(&keep) {
            off = ctx.fold(l, &l.resolve(&site.offset, &keep));
        }
        let mut vs = BTreeSet::new();
        vars(&off, &mut vs);
        for (v, i0, s) in &strided {
            if vs.contains(v) {
                site_candidates(ctx, l, site, &off, (v, i0, s), out);
            }
        }
    }
}

/// The candidates of one access at offset `off` that moves with the
/// counter `v` (initial value `i0`, step `s`).
fn site_candidates(
    ctx: &Context,
    l: &LoopInfo,
    site: &LogSite,
    off: &Expr,
    (v, i0, s): (&str, &Expr, &Expr),
    out: &mut Vec<Candidate>,
) {
    let at = |x: &Expr| ivl::subst::rewrite(off, &|n, _| (n == v).then(|| x.clone()), false);
    let start = at(i0);
    if !l.invariant(&start) {
        return;
    }
    let Some(w) = ctx.scope.type_of(&start).and_then(|t| t.bv_width()) else {
        return;
    };
    let f = || Expr::var(site.flag.clone());
    let wat = || Expr::var(site.watched.clone());
    let from_start = || bin(BinaryOp::Sub, wat(), start.clone());
    if literal(s) != Some(1) {
        out.push(candidate(
            "access_stride",
            l,
            Expr::implies(f(), Expr::eq(urem(from_start(), s.clone()), Expr::bv(0, w))),
        ));
        out.push(candidate(
            "access_stride",
            l,
            Expr::implies(
                f(),
                Expr::eq(urem(wat(), s.clone()), urem(start.clone(), s.clone())),
            ),
        ));
    }
    // The offset's own stride, when it is a literal (a symbolic modulus
    // makes the solver's job nonlinear and slow).
    let coeff = coefficient(off, v, w);
    // Several lanes per step (`vstore4(x, i, p)` writes `4i .. 4i+3`): the
    // flag is shared by the lanes' sites, so the per-site residues above
    // fail; the element index divided by the lane count moves like `v`.
    if let Some(c) = coeff.filter(|&c| c > 1 && c <= 16 && literal(s) != Some(1)) {
        let div = |e: Expr| bin(BinaryOp::BvUDiv, e, Expr::bv(c, w));
        out.push(candidate(
            "access_stride",
            l,
            Expr::implies(
                f(),
                Expr::eq(
                    urem(
                        bin(BinaryOp::Sub, div(wat()), div(start.clone())),
                        s.clone(),
                    ),
                    Expr::bv(0, w),
                ),
            ),
        ));
    }
    if let (Some(c), Some(st)) = (coeff, literal(s)) {
        let delta = c.wrapping_mul(st) & mask(w);
        if delta > 1 && (delta != st || literal(s).is_none()) {
            out.push(candidate(
                "access_stride",
                l,
                Expr::implies(
                    f(),
                    Expr::eq(urem(from_start(), Expr::bv(delta, w)), Expr::bv(0, w)),
                ),
            ));
        }
        // The offset's coefficient alone: several sites per flag at
        // `O(v)` and `O(v + 1)` (a loop stepping by 2 that handles a pair:
        // SDK BoxMuller) share the residue modulo the coefficient, not
        // modulo the step.
        if c > 1 && c != delta && c != st {
            out.push(candidate(
                "access_stride",
                l,
                Expr::implies(
                    f(),
                    Expr::eq(urem(from_start(), Expr::bv(c, w)), Expr::bv(0, w)),
                ),
            ));
        }
    }
    for (bound, strict) in bounds(l, v) {
        let lt = if strict {
            BinaryOp::BvULt
        } else {
            BinaryOp::BvULe
        };
        let lo = bin(BinaryOp::BvULe, start.clone(), wat());
        let hi = bin(lt, wat(), at(&bound));
        // Relative to the start, so that a wrapping start is fine.
        let span = match (coeff, literal(&bound), literal(i0)) {
            (Some(c), Some(b), Some(i)) => Expr::bv(c.wrapping_mul(b.wrapping_sub(i)) & mask(w), w),
            _ => bin(BinaryOp::Sub, at(&bound), start.clone()),
        };
        out.push(candidate(
            "access_range",
            l,
            Expr::implies(f(), bin(lt, from_start(), span)),
        ));
        out.push(candidate(
            "access_range",
            l,
            Expr::implies(f(), Expr::and(lo, hi)),
        ));
    }
}

/// Loop-invariant upper bounds of `v` from the guard: `(B, strict)` for
/// `v < B` / `B > v` (strict) and `v <= B` / `B >= v`.
fn bounds(l: &LoopInfo, v: &str) -> Vec<(Expr, bool)> {
    use ivl::ast::ExprKind;
    let is_v = |e: &Expr| matches!(&crate::analysis::uncast(e).kind, ExprKind::Var(x) if x == v);
    let mut out = Vec::new();
    for g in &l.guards {
        let ExprKind::Binary(op, a, b) = &g.kind else {
            continue;
        };
        let (bound, strict) = match op {
            BinaryOp::BvULt | BinaryOp::BvSLt if is_v(a) => (b, true),
            BinaryOp::BvULe | BinaryOp::BvSLe if is_v(a) => (b, false),
            BinaryOp::BvUGt | BinaryOp::BvSGt if is_v(b) => (a, true),
            BinaryOp::BvUGe | BinaryOp::BvSGe if is_v(b) => (a, false),
            _ => continue,
        };
        let bound = l.resolve(bound, &BTreeSet::new());
        if l.invariant(&bound) {
            out.push((bound, strict));
        }
    }
    out
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The value of a bit-vector literal (through casts).
fn literal(e: &Expr) -> Option<u128> {
    match &crate::analysis::uncast(e).kind {
        ivl::ast::ExprKind::Bv { value, .. } => Some(*value),
        _ => None,
    }
}

/// The coefficient of `v` in an offset built from `+`, `-` and
/// multiplication by literals (modulo `2^w`); `None` if not linear so.
fn coefficient(e: &Expr, v: &str, w: u32) -> Option<u128> {
    use ivl::ast::ExprKind;
    let e = crate::analysis::uncast(e);
    let mut vs = BTreeSet::new();
    vars(e, &mut vs);
    if !vs.contains(v) {
        return Some(0);
    }
    match &e.kind {
        ExprKind::Var(x) if x == v => Some(1),
        ExprKind::Binary(BinaryOp::Add, a, b) => {
            Some(coefficient(a, v, w)?.wrapping_add(coefficient(b, v, w)?) & mask(w))
        }
        ExprKind::Binary(BinaryOp::Sub, a, b) => {
            Some(coefficient(a, v, w)?.wrapping_sub(coefficient(b, v, w)?) & mask(w))
        }
        ExprKind::Binary(BinaryOp::Mul, a, b) => match (literal(a), literal(b)) {
            (Some(c), _) => Some(c.wrapping_mul(coefficient(b, v, w)?) & mask(w)),
            (_, Some(c)) => Some(c.wrapping_mul(coefficient(a, v, w)?) & mask(w)),
            _ => None,
        },
        _ => None,
    }
}
