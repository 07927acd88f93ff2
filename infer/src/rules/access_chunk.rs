//! Tags `chunk`, `lockstep`: a thread walks its own contiguous chunk.
//!
//! Pattern: an access whose offset `O` only grows with the loop counters
//! (`*p = ..; p++` from `p = a + gid * n`, or `m[(row * n + j) * 4 + k]`
//! in nested loops), each thread starting at its own `L`. Candidates, per
//! logging site and for every loop around it:
//!
//! - `chunk`: `F ==> L <= WATCHED_A && WATCHED_A < O_now` (unsigned), and
//!   `F ==> WATCHED_A - L < O_now - L` (a chunk may wrap around 2^32),
//!   where `O_now` is `O` at the loop head (variables the loop resets,
//!   like an inner counter `k := 0`, at their reset value) and `L` is `O`
//!   with every counter at its value before the outermost loop around the
//!   site: everything logged lies between the chunk's start and the
//!   current position. `L` stays a loop-invariant *variable* where the
//!   program has one (`p.0 := add.ptr` keeps `add.ptr`, which holds
//!   `gid * n`): no product is re-stated in the candidate, and with `n`
//!   fixed (`--kernel-args`, folded by [`crate::launch`]) all is linear.
//! - `chunk`: for a guard `v * C < B * C` on a counter `v`
//!   from `v0`: `v - v0 <= B - v0`, the counter's distance from its start
//!   (a byte comparison of element pointers wraps; this does not);
//! - `lockstep`: two counters of the loop with the same step `s` move
//!   together, `u - u0 == v - v0` (`p - add.ptr == i`), which bounds a
//!   pointer counter by the integer counter's guard.
//!
//! Together with the counters' bounds (`loop_bound`) these separate the
//! chunks of two threads when the chunk starts cannot wrap around (a
//! bounded width): `tests/kernels/opencl/pointer_phi_loop_bounded.cl`,
//! `tests/kernels/opencl/nested_loops_bounded.cl`,
//! `tests/kernels/cuda/pointer_walk_bounded.cu`.

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{uncast, vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::{BTreeSet, HashMap};

pub const RULE: Rule = Rule {
    tags: &["chunk", "lockstep"],
    generate,
};

/// Replaces variables by expressions (one pass).
fn subst(e: &Expr, map: &HashMap<String, Expr>) -> Expr {
    ivl::subst::rewrite(e, &|n, _| map.get(n).cloned(), false)
}

/// Variables the loop assigns a literal once (`k := 0` before an inner
/// loop) and otherwise only updates: their value at the loop's head when
/// they are not counters of this loop.
fn resets(l: &LoopInfo, counters: &BTreeSet<String>) -> HashMap<String, Expr> {
    let mut out = HashMap::new();
    for (name, defs) in &l.defs {
        if counters.contains(name) {
            continue;
        }
        let lits: Vec<&Expr> = defs
            .iter()
            .filter(|d| matches!(d.kind, ExprKind::Bv { .. }))
            .collect();
        if lits.len() == 1 {
            out.insert(name.clone(), lits[0].clone());
        }
    }
    out
}

/// Whether `e`, following single definitions before the loop, multiplies
/// two non-literal values (a chunk start `gid * n` with `n` symbolic).
/// Such chunks are not proposed: their proof needs non-linear bit-vector
/// reasoning that z3 does not finish (and with `n` unbounded they are
/// racy anyway, see `tests/kernels/opencl/pointer_phi_loop.cl`).
fn nonlinear(ctx: &Context, l: &LoopInfo, e: &Expr, depth: u32) -> bool {
    let e = ctx.fold(l, e);
    let lit = |x: &Expr| matches!(uncast(x).kind, ExprKind::Bv { .. });
    let mut found = false;
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match &x.kind {
            ExprKind::Binary(BinaryOp::Mul, a, b) if !lit(a) && !lit(b) => found = true,
            ExprKind::Var(v) if depth > 0 => {
                if let Some(d) = l.init(v) {
                    found |= nonlinear(ctx, l, d, depth - 1);
                }
            }
            ExprKind::Binary(_, a, b) => {
                stack.push((**a).clone());
                stack.push((**b).clone());
            }
            ExprKind::Unary(_, a) => stack.push((**a).clone()),
            ExprKind::Extend { expr, .. } | ExprKind::Extract { expr, .. } => {
                stack.push((**expr).clone())
            }
            ExprKind::Ite(a, b, c) => {
                stack.push((**a).clone());
                stack.push((**b).clone());
                stack.push((**c).clone());
            }
            _ => {}
        }
    }
    found
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let counters = l.counters();
    let names: BTreeSet<String> = counters.iter().map(|c| c.name.clone()).collect();
    // lockstep
    let stepped: Vec<(String, Expr, Expr)> = counters
        .iter()
        .filter_map(|c| match (step(ctx, l, c), &c.init) {
            (Some(Step::Up(s)), Some(i0)) if l.invariant(i0) => {
                Some((c.name.clone(), ctx.fold(l, &s), i0.clone()))
            }
            _ => None,
        })
        .collect();
    for (a, (u, su, u0)) in stepped.iter().enumerate() {
        for (v, sv, v0) in &stepped[a + 1..] {
            if su != sv || ctx.width(u) != ctx.width(v) {
                continue;
            }
            out.push(candidate(
                "lockstep",
                l,
                Expr::eq(
                    bin(BinaryOp::Sub, Expr::var(u.clone()), u0.clone()),
                    bin(BinaryOp::Sub, Expr::var(v.clone()), v0.clone()),
                ),
            ));
        }
    }
    // The counter's distance from its start is bounded by the guard's
    // (only for scaled guards):
    // `v * C < B * C` (a byte comparison of element pointers) gives
    // `v - v0 <= B - v0`, which, unlike the guard, does not wrap.
    for (u, _, u0) in &stepped {
        for g in &l.guards {
            let ExprKind::Binary(op, a, b) = &g.kind else {
                continue;
            };
            if !matches!(
                op,
                BinaryOp::BvULt | BinaryOp::BvULe | BinaryOp::BvSLt | BinaryOp::BvSLe
            ) {
                continue;
            }
            let (a, b) = (l.resolve(a, &names), l.resolve(b, &names));
            let (a, b) = match (&a.kind, &b.kind) {
                (ExprKind::Binary(BinaryOp::Mul, x, c), ExprKind::Binary(BinaryOp::Mul, y, d))
                    if c == d && matches!(c.kind, ExprKind::Bv { .. }) =>
                {
                    ((**x).clone(), (**y).clone())
                }
                // A plain `v < B` is `loop_bound`'s (and a relative bound
                // over it only slows the solver down).
                _ => continue,
            };
            if !matches!(&uncast(&a).kind, ExprKind::Var(v) if v == u) || !l.invariant(&b) {
                continue;
            }
            let b = ctx.fold(l, &b);
            if nonlinear(ctx, l, u0, 8) || nonlinear(ctx, l, &b, 8) {
                continue;
            }
            out.push(candidate(
                "chunk",
                l,
                bin(
                    BinaryOp::BvULe,
                    bin(BinaryOp::Sub, Expr::var(u.clone()), u0.clone()),
                    bin(BinaryOp::Sub, b, u0.clone()),
                ),
            ));
        }
    }
    // chunk: only for sites inside this loop.
    let all = &ctx.loops;
    let reset = resets(l, &names);
    for site in l
        .logs
        .iter()
        .filter(|s| s.in_loop && l.modified.contains(&s.flag))
    {
        let o = l.resolve(&site.offset, &names);
        let now = subst(&o, &reset);
        let mut vs = BTreeSet::new();
        vars(&now, &mut vs);
        // Every variable the loop modifies in `O_now` must be a counter.
        if vs
            .iter()
            .any(|v| l.modified.contains(v) && !names.contains(v))
        {
            continue;
        }
        if !vs.iter().any(|v| names.contains(v)) {
            continue;
        }
        // Contiguous: every counter in the offset steps by 1 (a strided
        // walk is `access_stride`'s; its chunk candidates only cost time).
        let unit = |v: &String| {
            stepped
                .iter()
                .any(|(n, s, _)| n == v && matches!(uncast(s).kind, ExprKind::Bv { value: 1, .. }))
        };
        if vs.iter().any(|v| names.contains(v) && !unit(v)) {
            continue;
        }
        // The outermost loop around the site (it logs the same site).
        let outer = all.iter().find(|m| {
            m.logs
                .iter()
                .any(|s| s.in_loop && s.flag == site.flag && s.offset == site.offset)
        });
        let Some(outer) = outer else { continue };
        // `L`: `O` with every counter of an enclosing loop and every reset
        // variable at its initial value (outermost loops first).
        let mut start = o.clone();
        for m in all.iter().filter(|m| {
            m.logs
                .iter()
                .any(|s| s.in_loop && s.flag == site.flag && s.offset == site.offset)
        }) {
            let cs: BTreeSet<String> = m.counters().iter().map(|c| c.name.clone()).collect();
            let mut init: HashMap<String, Expr> = resets(m, &cs);
            for c in m.counters() {
                if let Some(i0) = &c.init {
                    if m.invariant(i0) {
                        init.entry(c.name.clone()).or_insert(i0.clone());
                    }
                }
            }
            start = subst(&start, &init);
        }
        if !outer.invariant(&start)
            || start == now
            || nonlinear(ctx, outer, &start, 8)
            || nonlinear(ctx, l, &now, 8)
        {
            continue;
        }
        let w = Expr::var(site.watched.clone());
        let f = Expr::var(site.flag.clone());
        out.push(candidate(
            "chunk",
            l,
            Expr::implies(
                f.clone(),
                Expr::and(
                    bin(BinaryOp::BvULe, start.clone(), w.clone()),
                    bin(BinaryOp::BvULt, w.clone(), now.clone()),
                ),
            ),
        ));
        // The same measured from the start, which tolerates a chunk that
        // wraps around the top of the address space (a symbolic global
        // offset makes `gid * n` wrap even when the chunks are disjoint).
        out.push(candidate(
            "chunk",
            l,
            Expr::implies(
                f,
                bin(
                    BinaryOp::BvULt,
                    bin(BinaryOp::Sub, w, start.clone()),
                    bin(BinaryOp::Sub, now, start),
                ),
            ),
        ));
    }
}
