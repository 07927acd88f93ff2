//! Tag `access_group`: a work-group's accesses stay in its own slice.
//!
//! Pattern: global memory indexed by `base + e` where `base` is computed
//! from the group id (`base = group_id * N`) and `e` from the local id and
//! loop counters. Barriers order accesses within a group only, so the
//! proof needs the other groups kept apart: candidates
//! `F ==> WATCHED_A - base < k * local_size` for `k` in 1, 2, 4 (a group
//! touching one, two or four elements per work-item), with `base` the
//! tracked thread's.
//!
//! Example: `tests/kernels/opencl/loop_reduce_global_group.cl`.

use super::{bin, candidate, Context, Rule};
use crate::analysis::{vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};
use std::collections::BTreeSet;
use transform::names;

pub const RULE: Rule = Rule {
    tags: &["access_group"],
    generate,
};

/// Whether `e` depends on thread 1's group id, following single
/// definitions outside the loop.
fn from_group(l: &LoopInfo, e: &Expr, depth: u32) -> bool {
    let mut vs = BTreeSet::new();
    vars(e, &mut vs);
    vs.iter().any(|v| {
        names::thread1_stem(v).is_some_and(|s| names::DIMS.iter().any(|d| s == names::group_id(d)))
            || depth > 0
                && !l.modified.contains(v)
                && l.init(v).is_some_and(|d| from_group(l, d, depth - 1))
    })
}

fn terms<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(BinaryOp::Add, a, b) => {
            terms(a, out);
            terms(b, out);
        }
        _ => out.push(e),
    }
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let Some(size) = ctx
        .fixed
        .get(&names::local_size("x"))
        .and_then(|e| match e.kind {
            ExprKind::Bv { value, width } => Some((value, width)),
            _ => None,
        })
    else {
        return;
    };
    for site in l.logs.iter().filter(|s| l.modified.contains(&s.flag)) {
        let off = if site.in_loop {
            l.resolve(&site.offset, &BTreeSet::new())
        } else {
            site.offset.clone()
        };
        let mut ts = Vec::new();
        terms(&off, &mut ts);
        let (base, rest): (Vec<&Expr>, Vec<&Expr>) =
            ts.into_iter().partition(|t| from_group(l, t, 6));
        if base.is_empty() || rest.iter().any(|t| from_group(l, t, 6)) {
            continue;
        }
        let base = base
            .into_iter()
            .cloned()
            .reduce(|a, b| bin(BinaryOp::Add, a, b));
        let Some(base) = base else { continue };
        if !l.invariant(&base) {
            continue;
        }
        let Some(w) = ctx.scope.type_of(&base).and_then(|t| t.bv_width()) else {
            continue;
        };
        for k in [1u128, 2, 4] {
            out.push(candidate(
                "access_group",
                l,
                Expr::implies(
                    Expr::var(site.flag.clone()),
                    bin(
                        BinaryOp::BvULt,
                        bin(BinaryOp::Sub, Expr::var(site.watched.clone()), base.clone()),
                        Expr::bv(size.0 * k, w),
                    ),
                ),
            ));
        }
    }
}
