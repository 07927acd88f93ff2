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
    /// Live locals (numbered by `local_id`) at the top of each block
    /// predicate.
    live_in: HashMap<String, BTreeSet<u32>>,
    /// The judged locals' numbers.
    local_id: HashMap<String, u32>,
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
                            l.indices
                                .iter()
                                .for_each(|i| unpredicated(i, &mut unjudged));
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
        let (live_in, local_id) = solve(&events, &succs, &judged);
        PredicatedLiveness {
            live_in,
            local_id,
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
        let Some(id) = self.local_id.get(local) else {
            return false;
        };
        self.live_in
            .get(predicate)
            .is_some_and(|live| !live.contains(id))
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

/// Backward liveness over the predicate graph, judged locals only: a
/// worklist over the predicates (a node is revisited only when the live set
/// of one of its successors grew), locals numbered, each node summarised
/// once by its upward-exposed uses and its definitions. The same fixpoint
/// as recomputing every node until nothing changes, which was quadratic in
/// the predicates on long predicated kernels.
fn solve(
    events: &HashMap<String, Vec<Event>>,
    succs: &HashMap<String, BTreeSet<String>>,
    judged: &HashSet<String>,
) -> (HashMap<String, BTreeSet<u32>>, HashMap<String, u32>) {
    let names: BTreeSet<&String> = events.keys().chain(succs.keys()).collect();
    let nodes: Vec<&String> = names.into_iter().collect();
    let node_id: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut locals: Vec<&str> = judged.iter().map(String::as_str).collect();
    locals.sort_unstable();
    let local_id: HashMap<&str, u32> = locals
        .iter()
        .enumerate()
        .map(|(i, l)| (*l, i as u32))
        .collect();
    // Per node: the judged locals read before any assignment in it (`gen`)
    // and those it assigns (`kill`).
    let mut gen: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); nodes.len()];
    let mut kill: Vec<HashSet<u32>> = vec![HashSet::new(); nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        for ev in events.get(*node).into_iter().flatten() {
            match ev {
                Event::Use(x) => {
                    if let Some(&x) = local_id.get(x.as_str()) {
                        if !kill[i].contains(&x) {
                            gen[i].insert(x);
                        }
                    }
                }
                Event::Def(x) => {
                    if let Some(&x) = local_id.get(x.as_str()) {
                        kill[i].insert(x);
                    }
                }
            }
        }
    }
    let succ_ids: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            succs
                .get(*n)
                .into_iter()
                .flatten()
                .filter_map(|s| node_id.get(s.as_str()).copied())
                .collect()
        })
        .collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (i, ss) in succ_ids.iter().enumerate() {
        for &s in ss {
            preds[s].push(i);
        }
    }
    let mut live_in: Vec<BTreeSet<u32>> = gen.clone();
    let mut queued = vec![true; nodes.len()];
    let mut work: Vec<usize> = (0..nodes.len()).collect();
    while let Some(n) = work.pop() {
        queued[n] = false;
        let mut live = gen[n].clone();
        for &s in &succ_ids[n] {
            live.extend(live_in[s].iter().filter(|x| !kill[n].contains(x)));
        }
        if live != live_in[n] {
            live_in[n] = live;
            for &p in &preds[n] {
                if !queued[p] {
                    queued[p] = true;
                    work.push(p);
                }
            }
        }
    }
    let live_in = nodes.iter().map(|n| (*n).clone()).zip(live_in).collect();
    let local_id = local_id
        .into_iter()
        .map(|(l, i)| (l.to_string(), i))
        .collect();
    (live_in, local_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A predicated loop `H` (body `B`, a conditional block `C` joining at
    /// `D`, exit `E`) of thread 1, written the way the transform predicates
    /// it.
    const LOOP: &str = "var A: [bv32]bv32;
        procedure k(n: bv32)
        {
          var p.H$1: bool; var p.H$B$1: bool; var p.H$E$1: bool; var p.B$1: bool;
          var p.C$1: bool; var p.D$1: bool; var p.E$1: bool;
          var i$1: bv32; var c$1: bool; var c2$1: bool; var t$1: bv32; var u$1: bv32;
          var keep$1: bv32; var m$1: bv32; var z$1: bv32; var r$1: bv32; var a$1: bv32;
          entry:
            i$1, keep$1, m$1, p.H$1 := 0bv32, 0bv32, 0bv32, true;
            goto H;
          H:
            goto Hb, Hx;
          Hb:
            assume p.H$1;
            c$1 := if p.H$1 then bvult(i$1, n) else c$1;
            p.H$1, p.H$B$1, p.H$E$1 := false, p.H$B$1 || p.H$1 && c$1, p.H$E$1 || p.H$1 && !c$1;
            p.H$B$1, p.B$1 := false, p.B$1 || p.H$B$1;
            t$1 := if p.B$1 then i$1 * 2bv32 else t$1;
            u$1 := if p.B$1 then t$1 + keep$1 else u$1;
            keep$1 := if p.B$1 then u$1 else keep$1;
            c2$1 := if p.B$1 then bvult(t$1, 7bv32) else c2$1;
            a$1 := if p.B$1 then i$1 + 3bv32 else a$1;
            assert a$1 != 0bv32;
            p.B$1, p.C$1, p.D$1 := false, p.C$1 || p.B$1 && c2$1, p.D$1 || p.B$1 && !c2$1;
            m$1 := if p.C$1 then t$1 else m$1;
            p.C$1, p.D$1 := false, p.D$1 || p.C$1;
            z$1 := if p.D$1 then m$1 + 1bv32 else z$1;
            i$1 := if p.D$1 then i$1 + 1bv32 else i$1;
            p.D$1, p.H$1 := false, p.H$1 || p.D$1;
            goto H;
          Hx:
            assume !p.H$1;
            p.H$E$1, p.E$1 := false, p.E$1 || p.H$E$1;
            r$1 := if p.E$1 then keep$1 + z$1 else r$1;
            A[0bv32] := r$1;
            return;
        }";

    fn analysed() -> PredicatedLiveness {
        let program = ivl::parse(&ivl::SourceFile::new("k.ivl", LOOP)).expect("parses");
        let body = program
            .procedure("k")
            .and_then(|p| p.body.as_ref())
            .expect("body");
        PredicatedLiveness::of(body)
    }

    #[test]
    fn temporaries_assigned_before_any_read_are_dead_at_the_head() {
        let a = analysed();
        for x in ["t$1", "u$1", "c$1", "c2$1"] {
            assert!(a.dead_at("p.H$1", x), "{x} should be dead: {a:?}");
        }
    }

    #[test]
    fn loop_carried_and_conditionally_updated_values_stay_live() {
        let a = analysed();
        // `keep` and `i` are read before they are assigned; `m` is assigned
        // only in `C`, and `D` (reached around `C`) reads it; `z` is read
        // after the loop.
        for x in ["keep$1", "i$1", "m$1", "z$1"] {
            assert!(!a.dead_at("p.H$1", x), "{x} should be live: {a:?}");
        }
    }

    #[test]
    fn locals_accessed_outside_the_predicated_shapes_are_not_judged() {
        let a = analysed();
        // `a` is read by an assertion, `r` by a map update, the predicates
        // are never judged, and an unknown block tells nothing.
        assert!(!a.dead_at("p.H$1", "a$1"));
        assert!(!a.dead_at("p.H$1", "r$1"));
        assert!(!a.dead_at("p.H$1", "p.B$1"));
        assert!(!a.dead_at("p.nowhere$1", "t$1"));
    }
}
