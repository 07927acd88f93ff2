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
use std::collections::{BTreeMap, BTreeSet};

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
    // Taint: (procedure, variable) -> arrays. Globals are keyed with an
    // empty procedure name; a call passes taint from the actuals to the
    // callee's parameters and from its results to the caller's targets.
    let with_body: BTreeMap<&str, &Procedure> =
        procs.iter().map(|p| (p.name.name.as_str(), p)).collect();
    let key = |p: &Procedure, v: &str| -> (String, String) {
        let local = p.params.iter().chain(&p.returns).any(|x| x.name.name == v)
            || p.body
                .iter()
                .flat_map(|b| &b.locals)
                .any(|x| x.name.name == v);
        if local {
            (p.name.name.clone(), v.to_string())
        } else {
            (String::new(), v.to_string())
        }
    };
    let mut taint: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    let reads_of = |p: &Procedure,
                    e: &ivl::ast::Expr,
                    taint: &BTreeMap<(String, String), BTreeSet<String>>| {
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
            if let Some(t) = taint.get(&key(p, &v)) {
                out.extend(t.iter().cloned());
            }
        }
        out
    };
    let mut changed = true;
    while changed {
        changed = false;
        let mut flows: Vec<((String, String), BTreeSet<String>)> = Vec::new();
        for (p, s) in stmts() {
            match &s.kind {
                StmtKind::Assign { lhs, rhs } => {
                    for (l, e) in lhs.iter().zip(rhs) {
                        if arrays.contains_key(&l.name.name) {
                            continue;
                        }
                        let mut t = reads_of(p, e, &taint);
                        for i in &l.indices {
                            t.extend(reads_of(p, i, &taint));
                        }
                        flows.push((key(p, &l.name.name), t));
                    }
                }
                StmtKind::Call { callee, args, rets } => {
                    if let Some(q) = with_body.get(callee.name.as_str()) {
                        for (param, a) in q.params.iter().zip(args) {
                            flows.push((key(q, &param.name.name), reads_of(p, a, &taint)));
                        }
                        for (r, target) in q.returns.iter().zip(rets) {
                            let t = taint.get(&key(q, &r.name.name)).cloned();
                            flows.push((key(p, &target.name), t.unwrap_or_default()));
                        }
                    }
                }
                _ => {}
            }
        }
        for (k, t) in flows {
            let entry = taint.entry(k).or_default();
            let before = entry.len();
            entry.extend(t);
            changed |= entry.len() != before;
        }
    }
    // Sinks.
    let mut needs_equality: BTreeSet<String> = BTreeSet::new();
    for (p, s) in stmts() {
        match &s.kind {
            StmtKind::Assume(e) | StmtKind::Assert(e) => {
                needs_equality.extend(reads_of(p, e, &taint));
            }
            StmtKind::Call { callee, .. } => {
                // The arguments of a call to a procedure kept in the
                // product flow into its parameters (above); those of any
                // other call (barriers) are sinks.
                if !with_body.contains_key(callee.name.as_str()) {
                    stmt_exprs(s, &mut |e| {
                        needs_equality.extend(reads_of(p, e, &taint));
                    })
                }
            }
            StmtKind::Assign { lhs, rhs } => {
                for l in lhs {
                    for i in &l.indices {
                        needs_equality.extend(reads_of(p, i, &taint));
                    }
                }
                for e in rhs {
                    ivl::visit::walk_expr(e, &mut |x| {
                        if let ExprKind::Select(_, i) = &x.kind {
                            needs_equality.extend(reads_of(p, i, &taint));
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
            needs_equality.extend(reads_of(p, &s.expr, &taint));
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
