//! Liveness of locals inside predicated code, per block predicate.
//!
//! Consumes a two-thread procedure body; computes, for the block predicates
//! of predicated (non-uniform) regions (`p.B$t`), the locals some path of
//! the *predicated* control flow reads before assigning them. The plain
//! [`crate::liveness`] cannot see through predication: every assignment
//! there is `x := if p.B$t then e else x`, which reads `x`, so every local
//! of a predicated loop looks live at its head and the rules' candidates
//! about temporaries (`thread_eq` over `mul$1 == mul$2`, a product
//! recomputed at the top of every iteration of a grid-stride loop over
//! blocks) each cost a Houdini round.
//!
//! Method: the predicated code keeps the original control flow in its
//! predicates. A statement `x := if p.B$t then e else x` runs in block
//! `B` (reads `e`, assigns `x`); a transfer `p.C$t := p.C$t || p.B$t && c`
//! is an edge `B -> C` that reads `c` in `B`. Liveness is computed on that
//! graph of predicates, statements of a block in program order. Only
//! locals whose every read and every assignment has one of these two
//! shapes are judged ([`PredicatedLiveness::dead_at`]); a local read or
//! assigned anywhere else (an `assert`, an `assume`, a log, a call, a map
//! update, an unpredicated assignment, a `havoc`) is never judged dead,
//! and neither are the predicates.
//!
//! Used by [`crate::candidate::filter`] exactly like [`crate::liveness`]:
//! a candidate that mentions a local the loop modifies and that is dead at
//! the loop head under its thread's header predicate is dropped. Dropping
//! a candidate only loses precision, never soundness (Houdini only assumes
//! survivors of its own fixpoint); a block order that does not match the
//! original flow could only make a candidate be dropped that would have
//! helped.

use ivl::ast::{Body, Expr, ExprKind, StmtKind};
use std::collections::{BTreeSet, HashMap, HashSet};

/// What one pass over a body learned.
#[derive(Debug, Default)]
pub struct PredicatedLiveness {
    /// Live locals at the top of each block predicate.
    live_in: HashMap<String, BTreeSet<String>>,
    /// Locals read or assigned outside the two predicated shapes.
    unjudged: HashSet<String>,
    /// Locals the analysis judges (every access predicated).
    judged: HashSet<String>,
}

/// One access of a block, in program order.
enum Event {
    Use(String),
    Def(String),
}

fn is_predicate(name: &str) -> bool {
    name.starts_with("p.")
}

impl PredicatedLiveness {
    pub fn of(body: &Body) -> Self {
        let locals: HashSet<&str> = body.locals.iter().map(|v| v.name.name.as_str()).collect();
        let mut events: HashMap<String, Vec<Event>> = HashMap::new();
        let mut succs: HashMap<String, BTreeSet<String>> = HashMap::new();
        let mut unjudged: HashSet<String> = HashSet::new();
        let mut seen: HashSet<String> = HashSet::new();
        let unpredicated = |e: &Expr, unjudged: &mut HashSet<String>| {
            let mut vs = BTreeSet::new();
            crate::analysis::vars(e, &mut vs);
            unjudged.extend(vs);
        };
        for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
            match &stmt.kind {
                StmtKind::Assign { lhs, rhs } => {
                    let mut defs: Vec<(String, String)> = Vec::new();
                    for (l, r) in lhs.iter().zip(rhs) {
                        let name = l.name.name.clone();
                        seen.insert(name.clone());
                        if !l.indices.is_empty() {
                            unjudged.insert(name);
                            l.indices.iter().for_each(|i| unpredicated(i, &mut unjudged));
                            unpredicated(r, &mut unjudged);
                            continue;
                        }
                        if is_predicate(&name) {
                            transfer(&name, r, &mut events, &mut succs, &mut unjudged);
                            continue;
                        }
                        match predicated(&name, r) {
                            Some((block, e)) => {
                                let mut vs = BTreeSet::new();
                                crate::analysis::vars(e, &mut vs);
                                let ev = events.entry(block.clone()).or_default();
                                ev.extend(vs.into_iter().map(Event::Use));
                                defs.push((block, name));
                            }
                            None => {
                                unjudged.insert(name);
                                unpredicated(r, &mut unjudged);
                            }
                        }
                    }
                    // A parallel assignment reads everything first.
                    for (block, name) in defs {
                        events.entry(block).or_default().push(Event::Def(name));
                    }
                }
                StmtKind::Havoc(names) => unjudged.extend(names.iter().map(|n| n.name.clone())),
                StmtKind::Assume(e) | StmtKind::Assert(e) => unpredicated(e, &mut unjudged),
                StmtKind::Call { args, rets, .. } => {
                    unjudged.extend(rets.iter().map(|r| r.name.clone()));
                    args.iter().for_each(|a| unpredicated(a, &mut unjudged));
                }
            }
        }
        let judged: HashSet<String> = seen
            .into_iter()
            .filter(|n| locals.contains(n.as_str()) && !is_predicate(n) && !unjudged.contains(n))
            .collect();
        let live_in = solve(&events, &succs, &judged);
        PredicatedLiveness {
            live_in,
            unjudged,
            judged,
        }
    }

    /// Is `local` dead at the top of the block whose predicate is
    /// `predicate` (`p.for.cond$1`)? `false` whenever the analysis cannot
    /// tell (the local is not judged, or the block is not predicated).
    pub fn dead_at(&self, predicate: &str, local: &str) -> bool {
        if !self.judged.contains(local) || self.unjudged.contains(local) {
            return false;
        }
        self.live_in
            .get(predicate)
            .is_some_and(|live| !live.contains(local))
    }
}

/// `x := if p.B$t then e else x`: the block predicate and `e`.
fn predicated<'e>(name: &str, r: &'e Expr) -> Option<(String, &'e Expr)> {
    let ExprKind::Ite(c, t, f) = &r.kind else {
        return None;
    };
    let (ExprKind::Var(p), ExprKind::Var(keep)) = (&c.kind, &f.kind) else {
        return None;
    };
    (is_predicate(p) && keep == name).then(|| (p.clone(), &**t))
}

/// A predicate assignment: `p.C := false` (nothing), or `p.C := p.C ||
/// p.B && c || ...`: edges `B -> C`, `c` read in `B`. Any other shape
/// makes its variables unjudged.
fn transfer(
    target: &str,
    r: &Expr,
    events: &mut HashMap<String, Vec<Event>>,
    succs: &mut HashMap<String, BTreeSet<String>>,
    unjudged: &mut HashSet<String>,
) {
    if matches!(r.kind, ExprKind::Bool(_)) {
        return;
    }
    let mut disjuncts = Vec::new();
    or_terms(r, &mut disjuncts);
    for d in disjuncts {
        if matches!(&d.kind, ExprKind::Var(v) if v == target) {
            continue;
        }
        let mut conj = Vec::new();
        and_terms(d, &mut conj);
        let sources: Vec<&String> = conj
            .iter()
            .filter_map(|c| match &c.kind {
                ExprKind::Var(v) if is_predicate(v) => Some(v),
                _ => None,
            })
            .collect();
        let [source] = sources.as_slice() else {
            let mut vs = BTreeSet::new();
            crate::analysis::vars(d, &mut vs);
            unjudged.extend(vs);
            continue;
        };
        succs
            .entry((*source).clone())
            .or_default()
            .insert(target.to_string());
        let mut vs = BTreeSet::new();
        for c in &conj {
            crate::analysis::vars(c, &mut vs);
        }
        vs.retain(|v| !is_predicate(v));
        events
            .entry((*source).clone())
            .or_default()
            .extend(vs.into_iter().map(Event::Use));
    }
}

fn or_terms<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(ivl::ast::BinaryOp::Or, a, b) => {
            or_terms(a, out);
            or_terms(b, out);
        }
        _ => out.push(e),
    }
}

fn and_terms<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.kind {
        ExprKind::Binary(ivl::ast::BinaryOp::And, a, b) => {
            and_terms(a, out);
            and_terms(b, out);
        }
        _ => out.push(e),
    }
}

/// Backward liveness over the predicate graph, judged locals only.
fn solve(
    events: &HashMap<String, Vec<Event>>,
    succs: &HashMap<String, BTreeSet<String>>,
    judged: &HashSet<String>,
) -> HashMap<String, BTreeSet<String>> {
    let nodes: BTreeSet<&String> = events.keys().chain(succs.keys()).collect();
    let mut live_in: HashMap<String, BTreeSet<String>> = nodes
        .iter()
        .map(|n| ((*n).clone(), BTreeSet::new()))
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for node in &nodes {
            let mut live: BTreeSet<String> = BTreeSet::new();
            for s in succs.get(*node).into_iter().flatten() {
                if let Some(l) = live_in.get(s) {
                    live.extend(l.iter().cloned());
                }
            }
            for ev in events.get(*node).into_iter().flatten().rev() {
                match ev {
                    Event::Def(x) => {
                        live.remove(x);
                    }
                    Event::Use(x) if judged.contains(x) => {
                        live.insert(x.clone());
                    }
                    Event::Use(_) => {}
                }
            }
            if live_in.get(*node) != Some(&live) {
                live_in.insert((*node).clone(), live);
                changed = true;
            }
        }
    }
    live_in
}
