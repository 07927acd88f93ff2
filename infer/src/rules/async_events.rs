//! Tags `async_pending_event`, `async_event_eq`: what a loop that
//! prefetches with asynchronous copies keeps between iterations.
//!
//! Pattern: a loop that waits for a copy (`wait_group_events`) and starts
//! the next one, so a copy is pending at the loop head. The transform
//! clears a pending flag at the wait with
//! `F := F && !(... && E == ev)` (`F` an `ASYNC_*_HAS_OCCURRED_A` flag, `E`
//! its `ASYNC_*_EVENT_A`, `ev` the waited event, usually read from a
//! private event variable `$$k.ev$1[i]`). Candidates: `F ==> E == ev`
//! (the pending copy is the one the next wait names) and, for every
//! event read `M$1[i]` of the waits, `M$1[i] == M$2[i]` and
//! `same_group ==> M$1[i] == M$2[i]` (the event variables hold the same events in
//! the threads of a group: copies are collective).
//!
//! Example: `tests/kernels/opencl/async_prefetch_loop.cl` — tile t+1 is
//! copied while tile t is used; the copy started in one iteration is waited
//! for in the next.

use super::{candidate, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["async_pending_event", "async_event_eq"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let mut reads: Vec<Expr> = Vec::new();
    for flag in l
        .modified
        .iter()
        .filter(|f| transform::names::is_pending_flag(f))
    {
        let Some(defs) = l.defs.get(flag) else {
            continue;
        };
        let mut waited = Vec::new();
        for d in defs {
            event_equalities(d, &mut waited);
        }
        for (event, ev) in waited {
            ivl::visit::walk_expr(&ev, &mut |x| {
                if let ExprKind::Select(m, _) = &x.kind {
                    if matches!(&m.kind, ExprKind::Var(n) if l.modified.contains(n))
                        && !reads.contains(x)
                    {
                        reads.push(x.clone());
                    }
                }
            });
            let resolved = l.resolve(&ev, &BTreeSet::new());
            for e in [ev, resolved] {
                let c = Expr::implies(
                    Expr::var(flag.clone()),
                    Expr::eq(Expr::var(event.clone()), e),
                );
                if !out.iter().any(|x| x.expr == c && x.header == l.header) {
                    out.push(candidate("async_pending_event", l, c));
                }
            }
        }
    }
    // `M$1[i$1] == M$2[i$2]`: the event thread 2 would read.
    let resolved: Vec<Expr> = reads
        .iter()
        .map(|r| l.resolve(r, &BTreeSet::new()))
        .collect();
    for r in resolved {
        let twin = ivl::subst::rewrite(
            &r,
            &|name, _| {
                name.strip_suffix("$1")
                    .map(|stem| Expr::var(format!("{stem}$2")))
            },
            false,
        );
        if twin == r {
            continue;
        }
        let eq = Expr::eq(r, twin);
        // Events depend on the copy's addresses, which differ between
        // groups: equal within a group.
        if let Some(same) = &ctx.same_group {
            out.push(candidate(
                "async_event_eq",
                l,
                Expr::implies(same.clone(), eq.clone()),
            ));
        }
        out.push(candidate("async_event_eq", l, eq));
    }
}

/// The `E == ev` terms (`E` an `ASYNC_*_EVENT_` ghost) under negations and
/// conjunctions of a flag's clearing assignment.
fn event_equalities(e: &Expr, out: &mut Vec<(String, Expr)>) {
    match &e.kind {
        ExprKind::Unary(UnaryOp::Not, x) => event_equalities(x, out),
        ExprKind::Binary(BinaryOp::And, a, b) => {
            event_equalities(a, out);
            event_equalities(b, out);
        }
        ExprKind::Binary(BinaryOp::Eq, a, b) => {
            if let ExprKind::Var(n) = &a.kind {
                if n.starts_with("ASYNC_") && n.contains("_EVENT_") {
                    out.push((n.clone(), (**b).clone()));
                }
            }
        }
        _ => {}
    }
}
