//! Tag `access_slot`: the tracked access is at a slot its thread took from
//! an atomic counter.
//!
//! Pattern: the frontend (lower/atomic_slots.rs) assumes after an atomic
//! increment that hands out slots `{:model_fact} (p ==>)
//! $slot_owner.<counter>.<component>(key.., s$1) == <component>$1`, and a
//! loop logs an access at offset `s$1` itself (`out[atomic_inc(c)] = v`
//! in a loop). Candidates, per owner function: `F ==>
//! $slot_owner...(key.., WATCHED_A) == <component>$1` — the watched
//! element was handed to the tracked thread. With it, the other thread
//! (different ids) cannot have received the same slot in any iteration.
//! Houdini drops it when the key (counter location, group ids, barrier
//! epoch) changes in the loop without the log being cleared.
//!
//! Example: `tests/kernels/opencl/atomic_slot_loop.cl` — a grid-stride
//! compaction taking one slot per kept element.

use super::{candidate, Context, Rule};
use crate::analysis::{uncast, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind, StmtKind};
use std::collections::BTreeSet;

pub const RULE: Rule = Rule {
    tags: &["access_slot"],
    generate,
};

/// The frontend's owner functions (frontend lower/atomic_slots.rs).
const OWNER_PREFIX: &str = "$slot_owner.";

/// `f(key.., s) == c` assumed by the frontend: (f, key, s, c).
struct OwnerFact {
    function: String,
    key: Vec<Expr>,
    slot: String,
    component: Expr,
}

fn owner_facts(ctx: &Context) -> Vec<OwnerFact> {
    let mut out = Vec::new();
    let Some(body) = &ctx.proc.body else {
        return out;
    };
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        let StmtKind::Assume(e) = &stmt.kind else {
            continue;
        };
        let fact = match &e.kind {
            ExprKind::Binary(BinaryOp::Implies, _, f) => f,
            _ => e,
        };
        let ExprKind::Binary(BinaryOp::Eq, app, component) = &fact.kind else {
            continue;
        };
        let ExprKind::Apply(function, args) = &app.kind else {
            continue;
        };
        if !function.starts_with(OWNER_PREFIX) || function.ends_with(".start") {
            continue;
        }
        let Some((last, key)) = args.split_last() else {
            continue;
        };
        let ExprKind::Var(slot) = &last.kind else {
            continue;
        };
        // The tracked thread's facts: the log is thread 1's.
        if !slot.ends_with("$1") {
            continue;
        }
        out.push(OwnerFact {
            function: function.clone(),
            key: key.to_vec(),
            slot: slot.clone(),
            component: (**component).clone(),
        });
    }
    out
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let facts = owner_facts(ctx);
    if facts.is_empty() {
        return;
    }
    let slots: BTreeSet<String> = facts.iter().map(|f| f.slot.clone()).collect();
    let mut seen = BTreeSet::new();
    for site in l.logs.iter().filter(|s| s.in_loop) {
        if !l.modified.contains(&site.flag) {
            continue;
        }
        let off = l.resolve(&site.offset, &slots);
        let ExprKind::Var(slot) = &uncast(&off).kind else {
            continue;
        };
        // Only an offset of the slot's own width (no cast to undo).
        if ctx.width(slot) != ctx.width(&site.watched) {
            continue;
        }
        for fact in facts.iter().filter(|f| &f.slot == slot) {
            let mut args = fact.key.clone();
            args.push(Expr::var(site.watched.clone()));
            let owned = Expr::eq(
                Expr::apply(fact.function.clone(), args),
                fact.component.clone(),
            );
            let c = Expr::implies(Expr::var(site.flag.clone()), owned);
            if seen.insert(c.to_string()) {
                out.push(candidate("access_slot", l, c));
            }
        }
    }
}
