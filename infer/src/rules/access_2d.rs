//! Tag `access_2d`: accesses indexed by two strided counters,
//! `A[v * R + u]` (row `v`, column `u`), as in nested grid-stride loops.
//!
//! Pattern: a race-logging site inside the loop whose offset resolves
//! (through the single definitions of every loop of the procedure) to
//! `v * R + u` (either order, casts ignored) with `R` a literal, and `v`,
//! `u` counters of this loop or of loops nested in or around it, each
//! assigned `v := v0` outside its loop and `v := v + s` in it. Candidates,
//! at the head of every loop the site is in:
//! `F ==> bvurem(bvudiv(WATCHED_A, R), s) == bvurem(v0, s)` (the row keeps
//! the outer counter's residue) and
//! `F ==> bvurem(bvurem(WATCHED_A, R), t) == bvurem(u0, t)` (the column keeps
//! the inner counter's residue), and for the counters this loop modifies,
//! `bvurem(v, s) == bvurem(v0, s)` with `v0` resolved to the ids (also
//! under the thread's loop predicate `p.<header>$k` in a predicated loop,
//! where a disabled thread's copy keeps a stale value). With `u < R` (the inner guard) they tell
//! apart threads whose starting row or column differ modulo the strides.
//! They are proposals: Houdini keeps only the inductive ones (a row that
//! overflows `R` or wraps around refutes them).
//!
//! Example: `tests/kernels/cuda/loop_grid_stride_2d.cu`.

use super::loop_bound::{step, Step};
use super::{bin, candidate, Context, Rule};
use crate::analysis::{uncast, Counter, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["access_2d"],
    generate,
};

fn urem(a: Expr, b: Expr) -> Expr {
    bin(BinaryOp::BvURem, a, b)
}

/// `x * R` or `R * x` (or `x << k`) with `R` a literal: `(x, R)`.
fn scaled(e: &Expr) -> Option<(&Expr, Expr)> {
    let ExprKind::Binary(op, a, b) = &uncast(e).kind else {
        return None;
    };
    let lit = |x: &Expr| match &uncast(x).kind {
        ExprKind::Bv { value, width } => Some((*value, *width)),
        _ => None,
    };
    match op {
        BinaryOp::Mul => match (lit(a), lit(b)) {
            (_, Some(_)) => Some((a, (**b).clone())),
            (Some(_), _) => Some((b, (**a).clone())),
            _ => None,
        },
        BinaryOp::Shl => {
            let (k, w) = lit(b)?;
            (k < u128::from(w)).then(|| (&**a, Expr::bv(1u128 << k, w)))
        }
        _ => None,
    }
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let all = &ctx.loops;
    // Counters of every loop with a recognised stride, their init resolved
    // through every loop's definitions.
    let mut counters: Vec<(Counter, Expr, Expr)> = Vec::new();
    for li in all {
        for c in li.counters() {
            let (Some(i0), Some(Step::Up(s))) = (c.init.clone(), step(ctx, li, &c)) else {
                continue;
            };
            counters.push((c, i0, s));
        }
    }
    let names: BTreeSet<String> = counters.iter().map(|(c, _, _)| c.name.clone()).collect();
    let resolve = |e: &Expr| {
        let mut e = e.clone();
        for li in all {
            e = li.resolve(&e, &names);
        }
        e
    };
    let counter = |e: &Expr| match &uncast(e).kind {
        ExprKind::Var(v) => counters.iter().find(|(c, _, _)| &c.name == v),
        _ => None,
    };
    for site in l.logs.iter().filter(|s| s.in_loop) {
        let off = resolve(&site.offset);
        let ExprKind::Binary(BinaryOp::Add, a, b) = &uncast(&off).kind else {
            continue;
        };
        for (row, col) in [(a, b), (b, a)] {
            let Some((v, r)) = scaled(row) else { continue };
            let (Some((cv, v0, s)), Some((cu, u0, t))) = (counter(v), counter(col)) else {
                continue;
            };
            let (v0, u0) = (resolve(v0), resolve(u0));
            // The counters' own residues, with the start resolved to the
            // ids (the local holding it may be havocked at this head).
            for (c, c0, st) in [(cv, &v0, &s), (cu, &u0, &t)] {
                if l.modified.contains(&c.name) {
                    let eq = Expr::eq(
                        urem(Expr::var(c.name.clone()), (*st).clone()),
                        urem((*c0).clone(), (*st).clone()),
                    );
                    // In a predicated (non-uniform) loop, only while the
                    // thread's copy runs the loop.
                    let thread = names::thread_copy(&c.name, |n| ctx.scope.var_type(n).is_some());
                    let pred = thread.map(|(_, t)| names::block_predicate(&l.header, t));
                    if let Some(pred) = pred.filter(|p| ctx.is_bool(p)) {
                        out.push(candidate(
                            "access_2d",
                            l,
                            Expr::implies(Expr::var(pred), eq.clone()),
                        ));
                    }
                    out.push(candidate("access_2d", l, eq));
                }
            }
            // The same residues for the other thread's copies.
            let n = out.len();
            for k in n.saturating_sub(4)..n {
                let e = &out[k].expr;
                let mut vs = BTreeSet::new();
                crate::analysis::vars(e, &mut vs);
                if vs.iter().any(|v| crate::analysis::is_flag(v)) {
                    continue;
                }
                let other = ivl::subst::rewrite(
                    e,
                    &|name, _| {
                        let base = names::thread1_stem(name)?;
                        let two = names::of_thread(base, 2);
                        ctx.scope.var_type(&two).map(|_| Expr::var(two))
                    },
                    false,
                );
                if &other != e {
                    out.push(candidate("access_2d", l, other));
                }
            }
            let w = Expr::var(site.watched.clone());
            let f = Expr::var(site.flag.clone());
            let row_eq = Expr::eq(
                urem(bin(BinaryOp::BvUDiv, w.clone(), r.clone()), s.clone()),
                urem(v0, s.clone()),
            );
            let col_eq = Expr::eq(urem(urem(w, r), t.clone()), urem(u0, t.clone()));
            out.push(candidate("access_2d", l, Expr::implies(f.clone(), row_eq)));
            out.push(candidate("access_2d", l, Expr::implies(f, col_eq)));
        }
    }
}
