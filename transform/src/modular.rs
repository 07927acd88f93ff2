//! `--no-inline`: device functions stay procedures, each turned into a
//! two-thread procedure (paper §4, "procedure calls").
//!
//! Input: the kernel program (not inlined). Output of [`reachable`]: the
//! procedures with a body the kernel calls, transitively, callees after
//! their callers (or a located error for recursion); the product's callee
//! procedures are then built by `procedure_body.rs` and `assemble.rs` with the helpers here.
//!
//! A device function every call of which is in uniform code (of the
//! kernel, or of a function entered that way) is entered by both threads
//! together ([`CalleeMode::UniformCalls`]): it has no enabled parameters,
//! a parameter has one copy if every call passes a uniform value, and its
//! uniform branches and loops stay real branches and loops, as in the
//! kernel. Any other device function ([`CalleeMode::Predicated`]) becomes
//!
//! ```text
//! procedure f(_P$1: bool, _P$2: bool, x$1: T, x$2: T) returns (r$1: T, r$2: T)
//!   requires <launch assumptions>;                  // ids in range, distinct
//!   requires {:barrier_divergence} same_group ==> _P$1 == _P$2;  // if it synchronises
//!   requires _P$1 ==> R$1;  requires _P$2 ==> R$2;  // its own requires
//!   modifies <what its body and its callees assign>;
//!   ensures  _P$1 ==> E$1;  ensures  _P$2 ==> E$2;
//! ```
//!
//! whose body is the function's, predicated throughout by the entry
//! predicates `_P$1`, `_P$2` (every block is divergent; a barrier in it
//! asserts `same_group ==> en$1 == en$2` as in the kernel). The modes are
//! decided callers first ([`analyse_all`]), so a caller's uniformity is
//! known when its calls are classified. A contract
//! clause that reads the access log (`__read`, `__write`,
//! `__read_offset_bytes`, `__write_offset_bytes`) talks about the pair's
//! log, so it is stated once (thread 1's renaming, where those name the
//! ghosts) and not guarded by an enabled predicate.
//!
//! Soundness (see SOUNDNESS.md, Transform): the race ghosts and the shared
//! arrays are globals. The callee is verified for every entry state its
//! `requires` allow, so its accesses are checked against whatever thread 1
//! logged before the call (arbitrary unless a `requires` constrains the
//! log); every caller checks the `requires` at the call, and after the call
//! the globals the callee may assign (its `modifies`: the ghosts of the
//! arrays it accesses, the arrays' copies, every flag if it has a barrier)
//! are arbitrary except for what its `ensures` say, so a later access of
//! the caller is checked against an arbitrary log. A race between the
//! callee and the caller, in either order and for either thread, is
//! therefore found or the contract needed to exclude it fails to verify.
//! Barriers: the `{:barrier_divergence}` precondition makes each caller
//! prove that the pair calls the function uniformly; inside, the barrier's
//! own check covers divergence within the function.

use crate::error::TransformError;
use crate::product::{assign, lhs, Product};
use crate::uniformity::{Entry, Uniformity};
use ivl::ast::{Decl, Expr, ExprKind, Ident, Procedure, Program, Stmt, StmtKind, Type, TypedIdent};
use ivl::build::ite;
use ivl::cfg::Cfg;
use ivl::kernel;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// The procedures with a body that `kernel` calls, transitively, each
/// after every procedure that calls it. Recursion is an error naming the
/// cycle and where it starts.
pub fn reachable(program: &Program, kernel: &str) -> Result<Vec<String>, TransformError> {
    fn calls<'p>(program: &'p Program, name: &str) -> Vec<(String, &'p Stmt)> {
        let mut out: Vec<(String, &'p Stmt)> = Vec::new();
        let Some(body) = program.procedure(name).and_then(|p| p.body.as_ref()) else {
            return out;
        };
        for s in body.blocks.iter().flat_map(|b| &b.stmts) {
            if let StmtKind::Call { callee, .. } = &s.kind {
                let has_body = program
                    .procedure(&callee.name)
                    .is_some_and(|p| p.body.is_some());
                if has_body && !out.iter().any(|(c, _)| *c == callee.name) {
                    out.push((callee.name.clone(), s));
                }
            }
        }
        out
    }
    // Depth-first search with the current path, to report cycles.
    fn visit(
        program: &Program,
        name: &str,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Result<(), TransformError> {
        if done.iter().any(|d| d == name) {
            return Ok(());
        }
        for (callee, call) in calls(program, name) {
            if let Some(k) = path.iter().position(|p| *p == callee) {
                let mut cycle: Vec<String> = path[k..].to_vec();
                cycle.push(callee.clone());
                let at = match crate::product::source_loc(&call.attrs) {
                    Some(l) => format!(" at {}:{}:{}", l.file, l.line, l.col),
                    None => String::new(),
                };
                return Err(TransformError::unsupported(
                    format!(
                        "recursion between device functions ({}; the call from `{name}`{at}) \
                         cannot be verified with --no-inline: a recursive contract would \
                         be assumed while it is proved",
                        cycle.join(" -> ")
                    ),
                    call.span,
                ));
            }
            path.push(callee.clone());
            visit(program, &callee, path, done)?;
            path.pop();
        }
        done.push(name.to_string());
        Ok(())
    }
    let mut done = Vec::new();
    visit(program, kernel, &mut vec![kernel.to_string()], &mut done)?;
    // `done` is callee-first; callers first reads better.
    done.reverse();
    Ok(done)
}

/// Whether a procedure synchronises: it has a barrier, or calls a
/// procedure that does.
pub fn synchronising(program: &Program, names: &[String]) -> BTreeMap<String, Option<Stmt>> {
    let mut out: BTreeMap<String, Option<Stmt>> = BTreeMap::new();
    // `names` is callers-first, so walk it backwards (callees first).
    for name in names.iter().rev() {
        let Some(body) = program.procedure(name).and_then(|p| p.body.as_ref()) else {
            continue;
        };
        let mut found: Option<Stmt> = None;
        for s in body.blocks.iter().flat_map(|b| &b.stmts) {
            if let StmtKind::Call { callee, .. } = &s.kind {
                let synchronises = matches!(
                    callee.name.as_str(),
                    kernel::BARRIER | kernel::WARP_BARRIER | kernel::GRID_BARRIER
                ) || out.get(&callee.name).is_some_and(|x| x.is_some());
                if synchronises && found.is_none() {
                    found = Some(s.clone());
                }
            }
        }
        out.insert(name.clone(), found);
    }
    out
}

/// Whether a specification reads the access log.
pub fn reads_access_log(e: &Expr) -> bool {
    let mut found = false;
    ivl::visit::walk_expr(e, &mut |x| {
        if let ExprKind::Apply(f, _) = &x.kind {
            if matches!(
                f.as_str(),
                "__read" | "__write" | "__read_offset_bytes" | "__write_offset_bytes"
            ) {
                found = true;
            }
        }
    });
    found
}

/// Fills in the `modifies` of every product procedure in `modular`: the
/// globals its body assigns or havocs, and those of the procedures it
/// calls (to a fixpoint; the call graph has no cycles).
pub fn compute_modifies(decls: &mut [Decl], modular: &BTreeSet<String>) {
    let globals: Vec<String> = decls
        .iter()
        .filter_map(|d| match d {
            Decl::Var(v) => Some(v.name.name.clone()),
            _ => None,
        })
        .collect();
    let global_set: HashSet<&str> = globals.iter().map(String::as_str).collect();
    let mut direct: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut calls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for d in decls.iter() {
        let Decl::Procedure(p) = d else { continue };
        if !modular.contains(&p.name.name) {
            continue;
        }
        let mut assigned = BTreeSet::new();
        let mut called = BTreeSet::new();
        for s in p.body.iter().flat_map(|b| &b.blocks).flat_map(|b| &b.stmts) {
            match &s.kind {
                StmtKind::Assign { lhs, .. } => {
                    assigned.extend(lhs.iter().map(|l| l.name.name.clone()));
                }
                StmtKind::Havoc(names) => assigned.extend(names.iter().map(|n| n.name.clone())),
                StmtKind::Call { callee, .. } => {
                    called.insert(callee.name.clone());
                }
                _ => {}
            }
        }
        assigned.retain(|n| global_set.contains(n.as_str()));
        direct.insert(p.name.name.clone(), assigned);
        calls.insert(p.name.name.clone(), called);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for (name, called) in &calls {
            let mut extra: BTreeSet<String> = BTreeSet::new();
            for c in called {
                if let Some(m) = direct.get(c) {
                    extra.extend(m.iter().cloned());
                }
            }
            let mine = direct.entry(name.clone()).or_default();
            let before = mine.len();
            mine.extend(extra);
            changed |= mine.len() != before;
        }
    }
    for d in decls.iter_mut() {
        let Decl::Procedure(p) = d else { continue };
        if let Some(m) = direct.get(&p.name.name) {
            p.modifies = globals
                .iter()
                .filter(|g| m.contains(*g))
                .map(|g| Ident::synthetic(g.clone()))
                .collect();
        }
    }
}

/// How the pair enters a device function kept as a procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CalleeMode {
    /// Every call is in uniform code: both threads enter it together, so
    /// it has no enabled parameters and its uniform blocks stay real
    /// branches and loops; parameter `k` has one copy iff every call
    /// passes a uniform value for it (`uniform_params[k]`).
    UniformCalls { uniform_params: Vec<bool> },
    /// Some call is in divergent code: the enabled parameters are these,
    /// and every block is predicated.
    Predicated { predicates: [String; 2] },
}

/// The uniformity of every procedure of `procs` (callers first, the
/// kernel at 0) and the mode of every device function, decided from its
/// calls: a device function is entered uniformly if every call to it is in
/// a uniform block of its caller (so in uniform code of a uniformly
/// entered procedure; a predicated caller has no uniform block), with one
/// copy of each parameter for which every call passes a uniform value.
/// Callers are analysed before their callees (`procs` is in that order),
/// so every call is known when a callee's mode is decided.
pub fn analyse_all(
    program: &Program,
    procs: &[Procedure],
    arrays: &BTreeMap<String, crate::arrays::ArrayInfo>,
    only_intra_group: bool,
    used: &mut HashSet<String>,
) -> Result<(Vec<Uniformity>, BTreeMap<String, CalleeMode>), TransformError> {
    let names: BTreeSet<&str> = procs[1..].iter().map(|p| p.name.name.as_str()).collect();
    // Per callee: for each call, whether it is in uniform code and which
    // arguments are uniform.
    let mut calls: BTreeMap<String, Vec<(bool, Vec<bool>)>> = BTreeMap::new();
    let mut modes: BTreeMap<String, CalleeMode> = BTreeMap::new();
    let mut unis = Vec::new();
    for (i, proc) in procs.iter().enumerate() {
        let body = proc
            .body
            .as_ref()
            .ok_or_else(|| TransformError::NoKernel(proc.name.name.clone()))?;
        let cfg = Cfg::new(body).map_err(|d| TransformError::internal(d.message))?;
        let mode = if i == 0 {
            None
        } else {
            let sites = calls.get(&proc.name.name).cloned().unwrap_or_default();
            let uniform = !sites.is_empty() && sites.iter().all(|(u, _)| *u);
            Some(if uniform {
                let uniform_params = (0..proc.params.len())
                    .map(|k| sites.iter().all(|(_, args)| args.get(k) == Some(&true)))
                    .collect();
                CalleeMode::UniformCalls { uniform_params }
            } else {
                CalleeMode::Predicated {
                    predicates: crate::names::predicates(used),
                }
            })
        };
        let entry = match &mode {
            None => Entry::Kernel,
            Some(CalleeMode::UniformCalls { uniform_params }) => {
                Entry::UniformCalls(uniform_params)
            }
            Some(CalleeMode::Predicated { .. }) => Entry::Predicated,
        };
        let uni = crate::uniformity::analyse(program, proc, &cfg, arrays, only_intra_group, entry);
        for (b, block) in body.blocks.iter().enumerate() {
            for s in &block.stmts {
                let StmtKind::Call { callee, args, .. } = &s.kind else {
                    continue;
                };
                if !names.contains(callee.name.as_str()) {
                    continue;
                }
                let in_uniform = uni.uniform_block[b];
                let args = args
                    .iter()
                    .map(|a| in_uniform && uni.is_uniform_expr(a, arrays))
                    .collect();
                calls
                    .entry(callee.name.clone())
                    .or_default()
                    .push((in_uniform, args));
            }
        }
        if let Some(m) = mode {
            modes.insert(proc.name.name.clone(), m);
        }
        unis.push(uni);
    }
    Ok((unis, modes))
}

impl Product<'_> {
    /// `call r := f(a)` of a device function kept as a procedure: both
    /// threads' actuals and predicates are passed, the results come back
    /// per thread (through scratch locals in divergent code, so that a
    /// disabled thread keeps its old value).
    pub(crate) fn emit_call(
        &mut self,
        s: &Stmt,
        callee: &Ident,
        args: &[Expr],
        rets: &[Ident],
        predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let r = self.renamer();
        let mut actuals = Vec::new();
        match &self.modular[&callee.name] {
            CalleeMode::Predicated { .. } => {
                actuals.extend([en[0].clone(), en[1].clone()]);
                for a in args {
                    actuals.push(r.expr(a, 1, &en[0])?);
                    actuals.push(r.expr(a, 2, &en[1])?);
                }
            }
            CalleeMode::UniformCalls { uniform_params } => {
                if predicated {
                    return Err(TransformError::internal(format!(
                        "a call to `{callee}`, entered uniformly, in divergent code"
                    )));
                }
                for (k, a) in args.iter().enumerate() {
                    actuals.push(r.expr(a, 1, &en[0])?);
                    if !uniform_params.get(k).copied().unwrap_or(false) {
                        actuals.push(r.expr(a, 2, &en[1])?);
                    }
                }
            }
        }
        let mut targets = Vec::new();
        let mut copies = Vec::new();
        for (k, ret) in rets.iter().enumerate() {
            for t in [1u8, 2] {
                let name = self.renamer().name(&ret.name, t);
                if name == ret.name {
                    return Err(TransformError::internal(format!(
                        "the result `{ret}` of a call is not per thread"
                    )));
                }
                if predicated {
                    let ty = self.type_of(&ret.name)?;
                    let tmp = self.temp(&ty, t, k);
                    targets.push(Ident::synthetic(tmp.clone()));
                    copies.push((
                        lhs(name.clone()),
                        ite(en[t as usize - 1].clone(), Expr::var(tmp), Expr::var(name)),
                    ));
                } else {
                    targets.push(Ident::synthetic(name));
                }
            }
        }
        self.push(Stmt {
            kind: StmtKind::Call {
                callee: callee.clone(),
                args: actuals,
                rets: targets,
            },
            attrs: s.attrs.clone(),
            span: s.span,
        });
        if !copies.is_empty() {
            self.push(assign(copies, vec![]));
        }
        Ok(())
    }
}

/// The product's parameter list of a two-thread procedure: the enabled
/// predicates (if called in divergent code), then each parameter (once if
/// uniform, else per thread); the results per thread.
pub fn two_thread_params(
    proc: &Procedure,
    mode: &CalleeMode,
) -> (Vec<TypedIdent>, Vec<TypedIdent>) {
    let mut params = Vec::new();
    let uniform: &[bool] = match mode {
        CalleeMode::Predicated { predicates } => {
            for p in predicates {
                params.push(TypedIdent::new(p.clone(), Type::Bool));
            }
            &[]
        }
        CalleeMode::UniformCalls { uniform_params } => uniform_params,
    };
    for (k, p) in proc.params.iter().enumerate() {
        if uniform.get(k).copied().unwrap_or(false) {
            params.push(TypedIdent::new(p.name.name.clone(), p.ty.clone()));
            continue;
        }
        for name in crate::names::pair(&p.name.name) {
            params.push(TypedIdent::new(name, p.ty.clone()));
        }
    }
    let mut returns = Vec::new();
    for r in &proc.returns {
        for name in crate::names::pair(&r.name.name) {
            returns.push(TypedIdent::new(name, r.ty.clone()));
        }
    }
    (params, returns)
}
