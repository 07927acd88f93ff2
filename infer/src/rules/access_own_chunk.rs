//! Tag `own_chunk`: a thread's accesses stay in its own fixed-size chunk.
//!
//! Pattern: an access logged at `base + e` (possibly minus constants)
//! where `base` is loop-invariant and is, or is defined before the loop
//! as, `t * C` for a literal `C` (a chunk of `C` elements per thread or
//! per group: `a[get_global_id(0) * CHUNK + j]`). Candidate
//! `F ==> WATCHED_A - base < C` (unsigned), with `base` the tracked
//! thread's. Unlike `access_chunk` it does not need the counter to count
//! up from the chunk start: a down-counting loop (`for (int j = n - 1;
//! j > 0; j--)` with an unsigned `n`) that stays inside the chunk gets it
//! too.
//!
//! Example: `tests/kernels/opencl/loop_countdown_own_chunk.cl`.

use super::{bin, candidate, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["own_chunk"],
    generate,
};

/// The summands of `e`, looking through `a - c` (a constant taken off).
fn terms<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinaryOp::Add, a, b) => {
            terms(a, out);
            terms(b, out);
        }
        ExprKind::Binary(BinaryOp::Sub, a, b) if matches!(b.kind, ExprKind::Bv { .. }) => {
            terms(a, out)
        }
        _ => out.push(e),
    }
}

/// The literal `C` of `t * C` (or `C * t`), looking through one single
/// definition before the loop.
fn chunk_size(l: &LoopInfo, e: &Expr) -> Option<(u128, u32)> {
    let lit = |x: &Expr| match x.kind {
        ExprKind::Bv { value, width } if value > 1 => Some((value, width)),
        _ => None,
    };
    match &e.kind {
        ExprKind::Binary(BinaryOp::Mul, a, b) => lit(b).or_else(|| lit(a)),
        ExprKind::Binary(BinaryOp::Shl, _, b) => {
            lit(b).and_then(|(s, w)| (s < 64).then(|| (1u128 << s, w)))
        }
        ExprKind::Var(v) => l.init(v).and_then(|d| match &d.kind {
            ExprKind::Var(_) => None,
            _ => chunk_size(l, d),
        }),
        _ => None,
    }
}

fn generate(_ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    for site in l.logs.iter().filter(|s| l.modified.contains(&s.flag)) {
        let off = if site.in_loop {
            l.resolve(&site.offset, &BTreeSet::new())
        } else {
            site.offset.clone()
        };
        let mut ts = Vec::new();
        terms(&off, &mut ts);
        for base in ts {
            if !l.invariant(base) || !mentions_thread_one(base) && !is_var(base) {
                continue;
            }
            let Some((c, w)) = chunk_size(l, base) else {
                continue;
            };
            out.push(candidate(
                "own_chunk",
                l,
                Expr::implies(
                    Expr::var(site.flag.clone()),
                    bin(
                        BinaryOp::BvULt,
                        bin(BinaryOp::Sub, Expr::var(site.watched.clone()), base.clone()),
                        Expr::bv(c, w),
                    ),
                ),
            ));
        }
    }
}

fn is_var(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Var(_))
}

fn mentions_thread_one(e: &Expr) -> bool {
    let mut vs = BTreeSet::new();
    crate::analysis::vars(e, &mut vs);
    vs.iter().any(|v| v.ends_with("$1"))
}
