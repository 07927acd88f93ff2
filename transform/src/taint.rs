//! Abstraction choice per shared array (`--abstraction`).
//!
//! Input: the kernel procedure in access normal form and its arrays.
//! Output: the arrays with `abstraction` and `atomic` filled in, or
//! `EqualityWithAtomics` when the user asked for equality and an array is
//! accessed atomically.
//!
//! `auto`: a flow-insensitive taint analysis: a variable is tainted by the
//! arrays whose values may flow into it (through reads, assignments, and
//! the addresses of reads). An array whose values may reach a branch
//! condition or `assume`, an address, a barrier argument or an assertion
//! gets the equality abstraction (threads must agree on its contents);
//! every other array is adversarial (cheaper, and always sound). Atomically
//! accessed arrays are always adversarial. `--only-divergence` without an
//! explicit choice uses adversarial everywhere (the paper's sound setting
//! for divergence-only checking). Constant arrays keep one read-only copy.
//!
//! With `--no-inline` the analysis runs over every procedure of the
//! product at once: a call passes taint from its actuals to the callee's
//! parameters and from the callee's results to its targets, and the
//! contracts of the callees are sinks.

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::config::{Abstraction, AbstractionChoice, TransformConfig};
use crate::error::TransformError;
use ivl::ast::{has_attr, ExprKind, Procedure, StmtKind};
use ivl::kernel;
use ivl::visit::{free_vars, stmt_exprs};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

pub fn choose(
    procs: &[Procedure],
    arrays: &mut BTreeMap<String, ArrayInfo>,
    config: &TransformConfig,
) -> Result<(), TransformError> {
    let stmts = || {
        procs.iter().flat_map(|p| {
            p.body
                .iter()
                .flat_map(|b| &b.blocks)
                .flat_map(|b| &b.stmts)
                .map(move |s| (p, s))
        })
    };
    // Atomic accesses.
    for (_, s) in stmts() {
        if has_attr(&s.attrs, kernel::ATOMIC_ATTR) {
            if let StmtKind::Assign { lhs, .. } = &s.kind {
                for l in lhs {
                    if let Some(a) = arrays.get_mut(&l.name.name) {
                        a.atomic = true;
                    }
                }
            }
        }
    }
    // Taint: (procedure, variable) -> arrays. Globals are keyed with no
    // procedure; a call passes taint from the actuals to the callee's
    // parameters and from its results to the caller's targets. The flows
    // form a graph over interned variables, solved by a worklist: each
    // variable's set grows at most once per array, so the cost is linear
    // in the program times the number of arrays.
    let with_body: BTreeMap<&str, usize> = procs
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.name.as_str(), i))
        .collect();
    let proc_index: HashMap<*const Procedure, usize> = procs
        .iter()
        .enumerate()
        .map(|(i, p)| (p as *const Procedure, i))
        .collect();
    let locals: Vec<HashSet<&str>> = procs
        .iter()
        .map(|p| {
            p.params
                .iter()
                .chain(&p.returns)
                .map(|x| x.name.name.as_str())
                .chain(
                    p.body
                        .iter()
                        .flat_map(|b| &b.locals)
                        .map(|x| x.name.name.as_str()),
                )
                .collect()
        })
        .collect();
    let mut graph = Graph::default();
    let array_ids: BTreeMap<&str, usize> = arrays
        .keys()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let array_names: Vec<&str> = array_ids.keys().copied().collect();
    let node_of = |graph: &mut Graph, p: usize, v: &str| -> usize {
        let owner = locals[p].contains(v).then_some(p);
        graph.node(owner, v)
    };
    // The arrays `e` reads directly and the variables it mentions.
    let sources = |graph: &mut Graph, p: usize, e: &ivl::ast::Expr| -> (Vec<usize>, Vec<usize>) {
        let mut direct = Vec::new();
        ivl::visit::walk_expr(e, &mut |x| {
            if let ExprKind::Select(m, _) = &x.kind {
                if let ExprKind::Var(n) = &m.kind {
                    if let Some(&a) = array_ids.get(n.as_str()) {
                        direct.push(a);
                    }
                }
            }
        });
        let vars = free_vars(e).iter().map(|v| node_of(graph, p, v)).collect();
        (direct, vars)
    };
    for (p, s) in stmts() {
        let pi = proc_index[&(p as *const Procedure)];
        match &s.kind {
            StmtKind::Assign { lhs, rhs } => {
                for (l, e) in lhs.iter().zip(rhs) {
                    if arrays.contains_key(&l.name.name) {
                        continue;
                    }
                    let target = node_of(&mut graph, pi, &l.name.name);
                    for x in std::iter::once(e).chain(&l.indices) {
                        let (direct, vars) = sources(&mut graph, pi, x);
                        graph.flow(target, direct, vars);
                    }
                }
            }
            StmtKind::Call { callee, args, rets } => {
                if let Some(&q) = with_body.get(callee.name.as_str()) {
                    for (param, a) in procs[q].params.iter().zip(args) {
                        let target = node_of(&mut graph, q, &param.name.name);
                        let (direct, vars) = sources(&mut graph, pi, a);
                        graph.flow(target, direct, vars);
                    }
                    for (r, t) in procs[q].returns.iter().zip(rets) {
                        let target = node_of(&mut graph, pi, &t.name);
                        let from = node_of(&mut graph, q, &r.name.name);
                        graph.flow(target, Vec::new(), vec![from]);
                    }
                }
            }
            _ => {}
        }
    }
    let taint = graph.solve();
    let reads_of = |p: &Procedure, e: &ivl::ast::Expr| -> BTreeSet<String> {
        let pi = proc_index[&(p as *const Procedure)];
        let mut out: BTreeSet<String> = BTreeSet::new();
        ivl::visit::walk_expr(e, &mut |x| {
            if let ExprKind::Select(m, _) = &x.kind {
                if let ExprKind::Var(n) = &m.kind {
                    if arrays.contains_key(n) {
                        out.insert(n.clone());
                    }
                }
            }
        });
        for v in free_vars(e) {
            let owner = locals[pi].contains(v.as_str()).then_some(pi);
            if let Some(&id) = graph.ids.get(&(owner, v)) {
                out.extend(taint[id].iter().map(|&a| array_names[a].to_string()));
            }
        }
        out
    };
    // Sinks.
    let mut needs_equality: BTreeSet<String> = BTreeSet::new();
    for (p, s) in stmts() {
        match &s.kind {
            StmtKind::Assume(e) | StmtKind::Assert(e) => {
                needs_equality.extend(reads_of(p, e));
            }
            StmtKind::Call { callee, .. } => {
                // The arguments of a call to a procedure kept in the
                // product flow into its parameters (above); those of any
                // other call (barriers) are sinks.
                if !with_body.contains_key(callee.name.as_str()) {
                    stmt_exprs(s, &mut |e| {
                        needs_equality.extend(reads_of(p, e));
                    })
                }
            }
            StmtKind::Assign { lhs, rhs } => {
                for l in lhs {
                    for i in &l.indices {
                        needs_equality.extend(reads_of(p, i));
                    }
                }
                for e in rhs {
                    ivl::visit::walk_expr(e, &mut |x| {
                        if let ExprKind::Select(_, i) = &x.kind {
                            needs_equality.extend(reads_of(p, i));
                        }
                    });
                }
            }
            StmtKind::Havoc(_) => {}
        }
    }
    // A specification of a procedure kept in the product reads its
    // parameters and results: those are sinks too.
    for p in procs.iter().skip(1) {
        for s in p.requires.iter().chain(&p.ensures) {
            needs_equality.extend(reads_of(p, &s.expr));
        }
    }
    // With --warp-sync, writes must be visible to the other thread of the
    // warp at once; per-thread equality copies do not model that yet, so
    // only the adversarial abstraction is sound there.
    if config.warp_sync.is_some() && config.abstraction == AbstractionChoice::Equality {
        return Err(TransformError::unsupported(
            "--warp-sync with --abstraction=equality (lock-step visibility of writes is not modelled yet)",
            ivl::Span::DUMMY,
        ));
    }
    let divergence_only_default = (config.only_divergence || config.warp_sync.is_some())
        && config.abstraction == AbstractionChoice::Auto;
    for a in arrays.values_mut() {
        a.abstraction = match (a.space, config.abstraction) {
            (MemorySpace::Constant, _) => Abstraction::Equality,
            (_, AbstractionChoice::Adversarial) => Abstraction::Adversarial,
            (_, AbstractionChoice::Equality) => {
                if a.atomic {
                    return Err(TransformError::EqualityWithAtomics {
                        array: a.source_name.clone(),
                        span: ivl::Span::DUMMY,
                    });
                }
                Abstraction::Equality
            }
            (_, AbstractionChoice::Auto) => {
                if a.atomic || divergence_only_default || !needs_equality.contains(&a.ivl_name) {
                    Abstraction::Adversarial
                } else {
                    Abstraction::Equality
                }
            }
        };
    }
    Ok(())
}

/// Taint flows between interned variables (`(procedure, name)`, globals
/// with no procedure).
#[derive(Default)]
struct Graph {
    ids: HashMap<(Option<usize>, String), usize>,
    /// Arrays read directly into each variable.
    seeds: Vec<BTreeSet<usize>>,
    /// `succs[v]`: the variables `v`'s taint flows into.
    succs: Vec<Vec<usize>>,
}

impl Graph {
    fn node(&mut self, owner: Option<usize>, name: &str) -> usize {
        if let Some(&id) = self.ids.get(&(owner, name.to_string())) {
            return id;
        }
        let id = self.seeds.len();
        self.ids.insert((owner, name.to_string()), id);
        self.seeds.push(BTreeSet::new());
        self.succs.push(Vec::new());
        id
    }

    fn flow(&mut self, target: usize, direct: Vec<usize>, vars: Vec<usize>) {
        self.seeds[target].extend(direct);
        for v in vars {
            self.succs[v].push(target);
        }
    }

    /// The arrays whose values may reach each variable (least fixpoint).
    fn solve(&self) -> Vec<BTreeSet<usize>> {
        let mut taint = self.seeds.clone();
        let mut work: Vec<usize> = (0..taint.len()).filter(|&v| !taint[v].is_empty()).collect();
        while let Some(v) = work.pop() {
            for &w in &self.succs[v] {
                if w == v {
                    continue;
                }
                let new: Vec<usize> = taint[v].difference(&taint[w]).copied().collect();
                if !new.is_empty() {
                    taint[w].extend(new);
                    work.push(w);
                }
            }
        }
        taint
    }
}
