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
//! Records: a log at `m * s$1 + k` (literals `2 <= m <= 16`, `k < m`:
//! `out[2 * slot + 1]`) gives `F ==> $slot_owner...(key.., start +
//! (WATCHED_A - m * start) / m) == <component>$1`, `start` the counter's
//! `$slot_owner.<counter>.start(key..)`: the slot whose record holds the
//! watched element (exact because every slot is within 2^(w-4) of the
//! start, which the frontend assumes for counters without resets).
//!
//! Example: `tests/kernels/opencl/atomic_slot_loop.cl` — a grid-stride
//! compaction taking one slot per kept element;
//! `tests/kernels/opencl/atomic_slot_scaled.cl` (`emit_edges`) for records.

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

/// The largest record a scaled slot may index (frontend
/// lower/atomic_slots.rs `ADVANCE_SHIFT`: slots stay within 2^(w-4) of the
/// counter's start).
const MAX_SCALE: u64 = 16;

/// A literal's value.
fn literal(e: &Expr) -> Option<u64> {
    match &uncast(e).kind {
        ExprKind::Bv { value, .. } => u64::try_from(*value).ok(),
        _ => None,
    }
}

/// `m * s + k` (either order, `k` optional) with `s` one of `slots`, a
/// literal `2 <= m <= 16` and a literal `k < m`: `(s, m)`.
fn scaled_slot(e: &Expr, slots: &BTreeSet<String>) -> Option<(String, u64)> {
    let (product, k) = match &uncast(e).kind {
        ExprKind::Binary(BinaryOp::Add, a, b) => match (literal(a), literal(b)) {
            (_, Some(k)) => (&**a, k),
            (Some(k), _) => (&**b, k),
            _ => return None,
        },
        _ => (e, 0),
    };
    let ExprKind::Binary(BinaryOp::Mul, a, b) = &uncast(product).kind else {
        return None;
    };
    let (slot, m) = match (&uncast(a).kind, &uncast(b).kind, literal(a), literal(b)) {
        (ExprKind::Var(s), _, _, Some(m)) | (_, ExprKind::Var(s), Some(m), _) => (s.clone(), m),
        _ => return None,
    };
    (slots.contains(&slot) && (2..=MAX_SCALE).contains(&m) && k < m).then_some((slot, m))
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
        let (slot, scale) = match &uncast(&off).kind {
            ExprKind::Var(slot) => (slot.clone(), None),
            _ => match scaled_slot(&off, &slots) {
                Some((slot, m)) => (slot, Some(m)),
                None => continue,
            },
        };
        // Only an offset of the slot's own width (no cast to undo).
        if ctx.width(&slot) != ctx.width(&site.watched) {
            continue;
        }
        let Some(w) = ctx.width(&slot) else { continue };
        for fact in facts.iter().filter(|f| f.slot == slot) {
            let watched = Expr::var(site.watched.clone());
            let element = match scale {
                None => watched,
                Some(m) => {
                    // The slot whose record holds the watched element,
                    // counted from the counter's start (frontend
                    // lower/atomic_slots.rs: every slot is within 2^(w-4)
                    // of it, so `m * (slot - start) + k` does not wrap).
                    let Some(counter) = fact.function.rsplit_once('.').map(|(c, _)| c) else {
                        continue;
                    };
                    let start_fn = format!("{counter}.start");
                    if !ctx.program.functions().any(|f| f.name.name == start_fn) {
                        continue;
                    }
                    let start = Expr::apply(start_fn, fact.key.clone());
                    let m = Expr::bv(u128::from(m), w);
                    let from_start = Expr::binary(
                        BinaryOp::Sub,
                        watched,
                        Expr::binary(BinaryOp::Mul, m.clone(), start.clone()),
                    );
                    Expr::binary(
                        BinaryOp::Add,
                        start,
                        Expr::binary(BinaryOp::BvUDiv, from_start, m),
                    )
                }
            };
            let mut args = fact.key.clone();
            args.push(element);
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
