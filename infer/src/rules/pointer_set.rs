//! Tag `pointer_set`: loop variables that only ever take a few constant
//! values, and pointers swapped in a loop that never point to the same
//! object.
//!
//! Pattern: the frontend gives every pointer a base (`p$base`, the id of
//! the object it points into) and an offset. Ping-pong buffers
//! (`src = a; dst = b; loop { ..; t = src; src = dst; dst = t; }`)
//! make `src$base` and `dst$base` loop variables whose every definition,
//! inside the loop and before it, is a literal or another such variable.
//! Without an invariant the loop forgets the objects: the null checks fail
//! and the race checks look at the wrong arrays. Candidates, for a loop
//! variable `v` whose definitions (followed through copies and `if p then
//! e else v`) reach only the literals `c1..cn` (n <= 4): `v == c1 || .. ||
//! v == cn` (a single `v == c1` for n = 1: the offsets `src == 0`), and
//! for two such `$base` variables with at least two values each: `v != w`
//! (with the membership candidates, `(src == a && dst == b) || (src == b
//! && dst == a)` for two buffers).
//!
//! A variable the loop does not modify is followed through its single
//! definition outside the loop, so a pointer whose entry value is a copy
//! (`p = c ? a : b;` before the loop, a helper's pointer parameter bound
//! by inlining) still has its literals. For a loop under a divergent
//! branch or after an early `return`, `while_running` guards the
//! membership with the thread's loop predicate.
//!
//! Examples: `tests/kernels/opencl/pingpong_local_scan.cl` (a
//! Hillis-Steele scan swapping two `__local` buffers),
//! `tests/kernels/opencl/pointer_two_buffers_loop.cl` (a Markov-chain walk
//! starting in one table and continuing in another, hashcat's
//! `markov_le.cl`).

use super::{candidate, Context, Rule};
use crate::analysis::{is_flag, unpredicate, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{Expr, ExprKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const RULE: Rule = Rule {
    tags: &["pointer_set"],
    generate,
};

/// At most this many values make a membership candidate.
const MAX_VALUES: usize = 4;

/// The literals a variable may hold, `None` when unknown.
type Values = Option<BTreeMap<String, Expr>>;

/// The definitions of `name` the loop sees: inside the loop and before it.
fn definitions<'l>(l: &'l LoopInfo, name: &str) -> Vec<&'l Expr> {
    let mut defs: Vec<&Expr> = l
        .defs
        .get(name)
        .map(|d| d.iter().map(|e| unpredicate(name, e)).collect())
        .unwrap_or_default();
    match l.init(name) {
        Some(e) => defs.push(e),
        None => {
            // Only assigned in the loop (a temporary of the body, `t = c ?
            // dst : src`): its in-loop definitions; a candidate on one read
            // before its assignment fails on entry.
            defs.extend(l.outside_of(name).into_iter().map(|e| unpredicate(name, e)));
        }
    }
    defs
}

/// How many copies outside the loop [`values_of`] follows (`p := a.b`,
/// `a.b := if c then 1 else 2`, a helper's parameter copied on inlining).
const OUTSIDE_DEPTH: u32 = 8;

/// The literals `e` may evaluate to given the current `values`. A
/// variable the loop does not modify is followed through its single
/// definition outside the loop (`p = c ? a : b;` before the loop, or a
/// helper's pointer parameter bound by inlining): the entry value of a
/// pointer carried across the loop is often such a copy.
fn values_of(
    l: &LoopInfo,
    e: &Expr,
    name: &str,
    values: &HashMap<String, Values>,
    depth: u32,
) -> Values {
    match &e.kind {
        ExprKind::Bv { .. } => Some(BTreeMap::from([(e.to_string(), e.clone())])),
        // The variable itself (a predicated assignment keeps its value).
        ExprKind::Var(v) if v == name => Some(BTreeMap::new()),
        ExprKind::Var(v) if values.contains_key(v) => values.get(v).cloned().flatten(),
        ExprKind::Var(v) if depth > 0 && !l.modified.contains(v) && !is_flag(v) => {
            let d = l.init(v)?;
            values_of(l, d, v, values, depth - 1).filter(|m| !m.is_empty())
        }
        ExprKind::Var(_) => None,
        ExprKind::Ite(_, t, f) => {
            let mut a = values_of(l, t, name, values, depth)?;
            a.extend(values_of(l, f, name, values, depth)?);
            Some(a)
        }
        _ => None,
    }
}

/// The literal values of every loop-modified local (a fixpoint over the
/// copies between them; anything else is unknown).
fn literal_values(ctx: &Context, l: &LoopInfo) -> HashMap<String, Values> {
    let names: Vec<&String> = l
        .modified
        .iter()
        .filter(|n| ctx.is_local(n) && !is_flag(n) && ctx.width(n).is_some())
        .collect();
    let defs: HashMap<&String, Vec<&Expr>> =
        names.iter().map(|n| (*n, definitions(l, n))).collect();
    let mut values: HashMap<String, Values> = names
        .iter()
        .map(|n| ((*n).clone(), Some(BTreeMap::new())))
        .collect();
    // Values only grow (or become unknown): at most one change per name and
    // literal, bounded by the cap below.
    for _ in 0..=names.len() * (MAX_VALUES + 1) {
        let mut changed = false;
        for n in &names {
            let old = &values[n.as_str()];
            if old.is_none() {
                continue;
            }
            let mut new = Some(BTreeMap::new());
            if defs[n].is_empty() {
                new = None;
            }
            for d in &defs[n] {
                new = match (new, values_of(l, d, n, &values, OUTSIDE_DEPTH)) {
                    (Some(mut a), Some(b)) => {
                        a.extend(b);
                        Some(a)
                    }
                    _ => None,
                };
            }
            let new = new.filter(|v| v.len() <= MAX_VALUES);
            if &new != old {
                values.insert((*n).clone(), new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    values
}

/// The thread copy a name belongs to (`$1`, `$2` or none: uniform).
fn thread_of(name: &str) -> Option<&str> {
    ["$1", "$2"].into_iter().find(|t| name.ends_with(t))
}

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let values = literal_values(ctx, l);
    let mut known: Vec<(&String, &BTreeMap<String, Expr>)> = values
        .iter()
        .filter_map(|(n, v)| v.as_ref().filter(|v| !v.is_empty()).map(|v| (n, v)))
        .collect();
    known.sort_by(|a, b| a.0.cmp(b.0));
    let mut seen = BTreeSet::new();
    for (name, lits) in &known {
        let member = lits
            .values()
            .map(|c| Expr::eq(Expr::var((*name).clone()), c.clone()))
            .reduce(Expr::or);
        if let Some(m) = member {
            if seen.insert(m.to_string()) {
                out.push(candidate("pointer_set", l, m));
            }
        }
    }
    let bases: Vec<&String> = known
        .iter()
        .filter(|(n, v)| n.contains("$base") && v.len() >= 2)
        .map(|(n, _)| *n)
        .collect();
    for (i, a) in bases.iter().enumerate() {
        for b in bases[i + 1..]
            .iter()
            .filter(|b| thread_of(a) == thread_of(b))
        {
            let c = ivl::build::not(Expr::eq(Expr::var((*a).clone()), Expr::var((*b).clone())));
            out.push(candidate("pointer_set", l, c));
        }
    }
}
