//! Passification: an acyclic body to a [`PassiveProgram`].
//!
//! Consumes a procedure of a well-formed program (it cuts loops itself,
//! through `loops`); produces single-assignment form over terms: every
//! variable denotes one term per program point (an *incarnation*);
//! assignments rebind names to terms, `havoc` makes fresh constants, and at a
//! join where predecessors disagree a fresh incarnation is made and
//! `assume x@k == x@j` is appended to each predecessor (Boogie's copies).
//! Calls are modular: the callee's `requires` become checks (actuals
//! substituted), its `modifies` and results get fresh incarnations, its
//! `ensures` are assumed with `old(g)` denoting g's incarnation before the
//! call. The procedure's `requires` are assumed at entry and its `ensures`
//! are checked at every `return`.
//!
//! Guarantees: the passive program's blocks are in topological order (every
//! successor has a larger index; block 0 is the entry), its statements are
//! only `assume` and `assert` over terms, and each `assert` knows its
//! [`Check`] and the terms to read for a model ([`Probe`]s). Only this
//! module produces a [`PassiveProgram`]; only VC generation consumes it.
//! Deliberately does not: build the VC, simplify, or inline calls.

use crate::error::SolverError;
use crate::loops::{cut_loops, Action};
use crate::lower::{sort_of, Lowerer, Scope};
use crate::report::{attr_id, Check, CheckKind};
use crate::term::{Sort, TermId, TermStore};
use ivl::ast::{Expr, ExprKind, Ident, Procedure, Program};
use ivl::subst::rewrite;
use ivl::Span;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// A procedure in passive form, ready for VC generation.
pub struct PassiveProgram {
    pub(crate) store: TermStore,
    pub(crate) blocks: Vec<PassiveBlock>,
    pub(crate) checks: Vec<Check>,
    /// Per check, what its model reports besides [`Self::constant_probes`].
    pub(crate) probes: Vec<Vec<Probe>>,
    /// The program's constants that no variable shadows, reported at every
    /// check; kept once rather than copied into each check's list (with
    /// Houdini's candidate constants, one per candidate check, the copies
    /// were quadratic in the number of candidates).
    pub(crate) constant_probes: Vec<Probe>,
    /// Axioms.
    pub(crate) background: Vec<TermId>,
    /// The program's constants by name (Houdini assumes Boolean ones).
    pub(crate) constants: HashMap<String, TermId>,
}

impl PassiveProgram {
    pub fn checks(&self) -> &[Check] {
        &self.checks
    }

    pub fn store(&self) -> &TermStore {
        &self.store
    }

    /// What a model reports at `check`: the shared constants first, then
    /// the check's own probes.
    pub(crate) fn probes_of(&self, check: usize) -> impl Iterator<Item = &Probe> {
        self.constant_probes.iter().chain(&self.probes[check])
    }
}

#[derive(Clone, Debug)]
pub(crate) struct PassiveBlock {
    pub label: String,
    pub stmts: Vec<PassiveStmt>,
    pub succs: Vec<usize>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum PassiveStmt {
    Assume(TermId),
    Assert { cond: TermId, check: usize },
}

/// A term whose model value is reported as `name[indices] = value`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Probe {
    pub name: String,
    pub old: bool,
    pub indices: Vec<TermId>,
    pub value: TermId,
}

struct Passifier<'p> {
    program: &'p Program,
    proc: &'p Procedure,
    store: TermStore,
    lower: Lowerer<'p>,
    index: HashMap<String, usize>,
    names: Vec<String>,
    sorts: Vec<Sort>,
    is_global: Vec<bool>,
    incarnations: Vec<u32>,
    /// Pre-state values of globals (`old`), `None` for other variables;
    /// shared, since every statement reads it (a copy per statement made
    /// passification quadratic in the number of variables).
    initial_old: Rc<[Option<TermId>]>,
    checks: Vec<Check>,
    probes: Vec<Vec<Probe>>,
    /// The unshadowed constants' probes, made at the first check (they
    /// do not depend on the environment), the same as a set, and the
    /// names of the constants a variable shadows (probed at each check).
    constant_probes: Option<(Vec<Probe>, HashSet<Probe>, Vec<String>)>,
}

/// Cuts loops and passifies one procedure with a body.
pub fn passify(program: &Program, proc: &Procedure) -> Result<PassiveProgram, SolverError> {
    let body = proc.body.as_ref().ok_or_else(|| {
        SolverError::ill_formed(
            format!("procedure `{}` has no body to verify", proc.name),
            proc.span,
        )
    })?;
    let cut = cut_loops(program, proc, body)?;
    let mut store = TermStore::new();
    let lower = Lowerer::new(program, &mut store)?;
    let mut p = Passifier {
        program,
        proc,
        store,
        lower,
        index: HashMap::new(),
        names: Vec::new(),
        sorts: Vec::new(),
        is_global: Vec::new(),
        incarnations: Vec::new(),
        initial_old: Rc::from(Vec::new()),
        checks: Vec::new(),
        probes: Vec::new(),
        constant_probes: None,
    };
    for g in program.global_vars() {
        p.declare(&g.name.name, &g.ty, true)?;
    }
    for v in &proc.params {
        p.declare(&v.name.name, &v.ty, false)?;
    }
    // Results and locals are treated alike.
    for v in &proc.returns {
        p.declare(&v.name.name, &v.ty, false)?;
    }
    for l in &body.locals {
        p.declare(&l.name.name, &l.ty, false)?;
    }
    let initial: Vec<TermId> = (0..p.names.len())
        .map(|i| {
            let name = p.names[i].clone();
            p.store.fresh_const(&name, p.sorts[i].clone())
        })
        .collect();
    p.initial_old = (0..initial.len())
        .map(|i| p.is_global[i].then_some(initial[i]))
        .collect();

    let mut background = Vec::new();
    for axiom in program.axioms() {
        let t = p
            .lower
            .lower(&mut p.store, &Scope::constants_only(), &axiom.expr)?;
        background.push(t);
    }

    let n = cut.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, b) in cut.blocks.iter().enumerate() {
        for &s in &b.succs {
            if s <= i || s >= n {
                return Err(SolverError::ill_formed(
                    format!("internal: edge {i} -> {s} is not topological"),
                    Span::DUMMY,
                ));
            }
            preds[s].push(i);
        }
    }
    let mut blocks: Vec<PassiveBlock> = Vec::with_capacity(n);
    let mut out_envs: Vec<Vec<TermId>> = Vec::with_capacity(n);
    for (i, cb) in cut.blocks.iter().enumerate() {
        let mut stmts = Vec::new();
        let mut env = if i == 0 {
            let old = p.initial_old.clone();
            for r in &proc.requires {
                let t = p.lower_in(&initial, &old, &[], &r.expr)?;
                stmts.push(PassiveStmt::Assume(t));
            }
            initial.clone()
        } else {
            p.join(&preds[i], &out_envs, &mut blocks)?
        };
        for action in &cb.actions {
            p.action(action, &mut env, &mut stmts)?;
        }
        if cb.returns {
            for ens in &proc.ensures {
                let check = Check {
                    kind: CheckKind::Postcondition,
                    id: attr_id(&ens.attrs),
                    span: ens.span,
                    clause_span: None,
                    attrs: ens.attrs.clone(),
                    call_attrs: Vec::new(),
                    expr: ens.expr.clone(),
                    procedure: proc.name.name.clone(),
                };
                p.check(check, &env, &[], &mut stmts)?;
            }
        }
        blocks.push(PassiveBlock {
            label: cb.label.clone(),
            stmts,
            succs: cb.succs.clone(),
        });
        out_envs.push(env);
    }
    Ok(PassiveProgram {
        constants: p.lower.constants.clone(),
        store: p.store,
        blocks,
        checks: p.checks,
        probes: p.probes,
        constant_probes: p.constant_probes.map(|(v, _, _)| v).unwrap_or_default(),
        background,
    })
}

impl<'p> Passifier<'p> {
    fn declare(
        &mut self,
        name: &str,
        ty: &ivl::ast::Type,
        global: bool,
    ) -> Result<(), SolverError> {
        let sort = sort_of(ty)?;
        // A local may shadow a global of the same name.
        let slot = self.names.len();
        self.index.insert(name.to_string(), slot);
        self.names.push(name.to_string());
        self.sorts.push(sort);
        self.is_global.push(global);
        self.incarnations.push(0);
        Ok(())
    }

    fn fresh(&mut self, slot: usize) -> TermId {
        self.incarnations[slot] += 1;
        let name = format!("{}@{}", self.names[slot], self.incarnations[slot]);
        self.store.fresh_const(&name, self.sorts[slot].clone())
    }

    fn slot(&self, name: &Ident) -> Result<usize, SolverError> {
        self.index
            .get(&name.name)
            .copied()
            .ok_or_else(|| SolverError::ill_formed(format!("unknown variable `{name}`"), name.span))
    }

    fn lower_in(
        &mut self,
        env: &[TermId],
        old: &[Option<TermId>],
        overrides: &[(String, TermId)],
        e: &Expr,
    ) -> Result<TermId, SolverError> {
        let scope = Scope {
            index: &self.index,
            cur: env,
            old,
            overrides,
        };
        self.lower.lower(&mut self.store, &scope, e)
    }

    /// The incoming environment of a join, adding copies to predecessors.
    fn join(
        &mut self,
        preds: &[usize],
        outs: &[Vec<TermId>],
        blocks: &mut [PassiveBlock],
    ) -> Result<Vec<TermId>, SolverError> {
        let Some((&first, rest)) = preds.split_first() else {
            return Err(SolverError::ill_formed(
                "internal: unreachable block",
                Span::DUMMY,
            ));
        };
        let mut env = outs[first].clone();
        if rest.is_empty() {
            return Ok(env);
        }
        for slot in 0..env.len() {
            if preds.iter().all(|&p| outs[p][slot] == env[slot]) {
                continue;
            }
            let fresh = self.fresh(slot);
            for &p in preds {
                let eq = self.store.eq(fresh, outs[p][slot])?;
                blocks[p].stmts.push(PassiveStmt::Assume(eq));
            }
            env[slot] = fresh;
        }
        Ok(env)
    }

    fn action(
        &mut self,
        action: &Action,
        env: &mut [TermId],
        stmts: &mut Vec<PassiveStmt>,
    ) -> Result<(), SolverError> {
        let old = self.initial_old.clone();
        match action {
            Action::Assume(e) => {
                let t = self.lower_in(env, &old, &[], e)?;
                stmts.push(PassiveStmt::Assume(t));
            }
            Action::Check(check) => self.check(check.clone(), env, &[], stmts)?,
            Action::Havoc(names) => {
                for n in names {
                    let slot = self.index.get(n).copied().ok_or_else(|| {
                        SolverError::ill_formed(format!("unknown variable `{n}`"), Span::DUMMY)
                    })?;
                    env[slot] = self.fresh(slot);
                }
            }
            Action::Assign { lhs, rhs } => {
                if lhs.len() != rhs.len() {
                    return Err(SolverError::ill_formed("assignment arity", Span::DUMMY));
                }
                // Parallel assignment: every right side (and index) first.
                let mut updates = Vec::new();
                for (l, r) in lhs.iter().zip(rhs) {
                    let value = self.lower_in(env, &old, &[], r)?;
                    let mut indices = Vec::new();
                    for i in &l.indices {
                        indices.push(self.lower_in(env, &old, &[], i)?);
                    }
                    updates.push((self.slot(&l.name)?, indices, value));
                }
                for (slot, indices, value) in updates {
                    let new = self.update(env[slot], &indices, value)?;
                    if self.store.sort(new) != &self.sorts[slot] {
                        return Err(SolverError::ill_formed(
                            format!("assignment to `{}` has the wrong type", self.names[slot]),
                            Span::DUMMY,
                        ));
                    }
                    env[slot] = new;
                }
            }
            Action::Call {
                callee,
                args,
                rets,
                span,
                attrs,
            } => self.call(callee, args, rets, (*span, attrs), env, stmts)?,
        }
        Ok(())
    }

    /// `m[i1][i2] := v` as nested stores.
    fn update(
        &mut self,
        map: TermId,
        indices: &[TermId],
        value: TermId,
    ) -> Result<TermId, SolverError> {
        let Some((&first, rest)) = indices.split_first() else {
            return Ok(value);
        };
        let inner = if rest.is_empty() {
            value
        } else {
            let sub = self.store.select(map, first)?;
            self.update(sub, rest, value)?
        };
        Ok(self.store.store(map, first, inner)?)
    }

    fn call(
        &mut self,
        callee: &Ident,
        args: &[Expr],
        rets: &[Ident],
        (span, call_attrs): (Span, &[ivl::ast::Attribute]),
        env: &mut [TermId],
        stmts: &mut Vec<PassiveStmt>,
    ) -> Result<(), SolverError> {
        let program = self.program;
        let target = program.procedure(&callee.name).ok_or_else(|| {
            SolverError::ill_formed(format!("unknown procedure `{callee}`"), callee.span)
        })?;
        if target.params.len() != args.len() || target.returns.len() != rets.len() {
            return Err(SolverError::ill_formed(
                format!("wrong arity in call to `{callee}`"),
                span,
            ));
        }
        let old = self.initial_old.clone();
        let mut overrides = Vec::new();
        let mut arg_exprs = HashMap::new();
        for (p, a) in target.params.iter().zip(args) {
            overrides.push((p.name.name.clone(), self.lower_in(env, &old, &[], a)?));
            arg_exprs.insert(p.name.name.clone(), a.clone());
        }
        for req in &target.requires {
            let cond = self.lower_in(env, &old, &overrides, &req.expr)?;
            let shown = rewrite(&req.expr, &|n, _| arg_exprs.get(n).cloned(), false);
            let check = Check {
                kind: CheckKind::Precondition {
                    callee: callee.name.clone(),
                },
                id: attr_id(&req.attrs),
                span,
                clause_span: Some(req.span),
                attrs: req.attrs.clone(),
                call_attrs: call_attrs.to_vec(),
                expr: shown,
                procedure: self.proc.name.name.clone(),
            };
            self.check_with(check, cond, env, stmts)?;
        }
        let pre: Vec<Option<TermId>> = env
            .iter()
            .enumerate()
            .map(|(i, &t)| self.is_global[i].then_some(t))
            .collect();
        for m in &target.modifies {
            let slot = self.slot(m)?;
            env[slot] = self.fresh(slot);
        }
        for (r, actual) in target.returns.iter().zip(rets) {
            let slot = self.slot(actual)?;
            if sort_of(&r.ty)? != self.sorts[slot] {
                return Err(SolverError::ill_formed(
                    format!("result of `{callee}` assigned to `{actual}` of another type"),
                    actual.span,
                ));
            }
            let fresh = self.fresh(slot);
            overrides.push((r.name.name.clone(), fresh));
        }
        for (k, actual) in rets.iter().enumerate() {
            let slot = self.slot(actual)?;
            env[slot] = overrides[target.params.len() + k].1;
        }
        for ens in &target.ensures {
            let cond = self.lower_in(env, &pre, &overrides, &ens.expr)?;
            stmts.push(PassiveStmt::Assume(cond));
        }
        Ok(())
    }

    fn check(
        &mut self,
        check: Check,
        env: &[TermId],
        overrides: &[(String, TermId)],
        stmts: &mut Vec<PassiveStmt>,
    ) -> Result<(), SolverError> {
        let old = self.initial_old.clone();
        let cond = self.lower_in(env, &old, overrides, &check.expr)?;
        self.check_with(check, cond, env, stmts)
    }

    fn check_with(
        &mut self,
        check: Check,
        cond: TermId,
        env: &[TermId],
        stmts: &mut Vec<PassiveStmt>,
    ) -> Result<(), SolverError> {
        let captures: Vec<Expr> = check
            .attrs
            .iter()
            .filter(|a| a.name == "capture")
            .flat_map(|a| &a.args)
            .filter_map(|a| match a {
                ivl::ast::AttrArg::Expr(e) => Some(e.clone()),
                ivl::ast::AttrArg::Str(_) => None,
            })
            .collect();
        let probes = self.probes(&check.expr, &captures, env);
        let idx = self.checks.len();
        self.checks.push(check);
        self.probes.push(probes);
        stmts.push(PassiveStmt::Assert { cond, check: idx });
        Ok(())
    }

    /// What a model reports at a check: constants, parameters, and the
    /// variables and map entries the checked expression reads. The
    /// constants no variable shadows are the same at every check: they go
    /// to `constant_probes` once, and the returned list holds the rest
    /// (shadowed constants, parameters, reads), none of them repeated.
    fn probes(&mut self, e: &Expr, captures: &[Expr], env: &[TermId]) -> Vec<Probe> {
        if self.constant_probes.is_none() {
            let constants: Vec<String> = self
                .program
                .constants()
                .map(|c| c.name.name.clone())
                .filter(|c| !self.index.contains_key(c))
                .collect();
            let shadowed: Vec<String> = self
                .program
                .constants()
                .map(|c| c.name.name.clone())
                .filter(|c| self.index.contains_key(c))
                .collect();
            let mut shared = Vec::new();
            let mut seen = HashSet::new();
            for c in constants {
                if let Some(probe) = self.probe(&c, false, &Expr::var(c.clone()), &[], env) {
                    if seen.insert(probe.clone()) {
                        shared.push(probe);
                    }
                }
            }
            self.constant_probes = Some((shared, seen, shadowed));
        }
        let mut found = Vec::new();
        collect_reads(e, false, &mut Vec::new(), &mut found);
        // `{:capture e1, e2}` on the check: report what those expressions
        // read too (e.g. ghost variables a report needs).
        for a in captures {
            collect_reads(a, false, &mut Vec::new(), &mut found);
        }
        let shadowed = self.constant_probes.as_ref().map_or(&[][..], |(_, _, s)| s);
        let mut wanted: Vec<(String, bool, Expr, Vec<Expr>)> = shadowed
            .iter()
            .map(|c| (c.clone(), false, Expr::var(c.clone()), vec![]))
            .collect();
        wanted.extend(self.proc.params.iter().map(|p| {
            (
                p.name.name.clone(),
                false,
                Expr::var(p.name.name.clone()),
                vec![],
            )
        }));
        wanted.extend(found);
        let mut probes: Vec<Probe> = Vec::new();
        let mut seen: HashSet<Probe> = HashSet::new();
        for (name, old, read, indices) in wanted {
            let Some(probe) = self.probe(&name, old, &read, &indices, env) else {
                continue;
            };
            let shared = self.constant_probes.as_ref().map(|(_, set, _)| set);
            if shared.is_some_and(|set| set.contains(&probe)) {
                continue;
            }
            if seen.insert(probe.clone()) {
                probes.push(probe);
            }
        }
        probes
    }

    /// The probe reporting `read` (of variable or constant `name`, under
    /// `old` if `old`, at `indices`), if it is a scalar without bound names.
    fn probe(
        &mut self,
        name: &str,
        old: bool,
        read: &Expr,
        indices: &[Expr],
        env: &[TermId],
    ) -> Option<Probe> {
        let initial_old = self.initial_old.clone();
        let old = old && self.index.get(name).is_some_and(|&i| self.is_global[i]);
        let value = self.lower_in(env, &initial_old, &[], read).ok()?;
        if matches!(self.store.sort(value), Sort::Array(..)) {
            return None;
        }
        let mut idx = Vec::new();
        for i in indices {
            match self.lower_in(env, &initial_old, &[], i) {
                Ok(t) if !self.store.has_bound(t) => idx.push(t),
                _ => return None,
            }
        }
        if self.store.has_bound(value) {
            return None;
        }
        Some(Probe {
            name: name.to_string(),
            old,
            indices: idx,
            value,
        })
    }
}

/// Variables and map entries (`A[i][j]` with `A` a variable) read by `e`,
/// outside quantifiers' bound names: (name, under old, expression, indices).
fn collect_reads(
    e: &Expr,
    in_old: bool,
    bound: &mut Vec<String>,
    out: &mut Vec<(String, bool, Expr, Vec<Expr>)>,
) {
    let wrap = |x: Expr| if in_old { Expr::old(x) } else { x };
    match &e.kind {
        ExprKind::Var(n) if !bound.contains(n) => {
            out.push((n.clone(), in_old, wrap(e.clone()), vec![]))
        }
        ExprKind::Old(inner) => collect_reads(inner, true, bound, out),
        ExprKind::Select(..) => {
            let mut indices = Vec::new();
            let mut at = e;
            let mut old = in_old;
            loop {
                match &at.kind {
                    ExprKind::Select(m, i) => {
                        indices.push((**i).clone());
                        collect_reads(i, in_old, bound, out);
                        at = m;
                    }
                    ExprKind::Old(inner) => {
                        old = true;
                        at = inner;
                    }
                    _ => break,
                }
            }
            indices.reverse();
            match &at.kind {
                ExprKind::Var(n) if !bound.contains(n) => {
                    out.push((n.clone(), old, wrap(e.clone()), indices));
                }
                _ => collect_reads(at, old, bound, out),
            }
        }
        _ => ivl::visit::for_each_child_scoped(e, bound, &mut |c, bound| {
            collect_reads(c, in_old, bound, out)
        }),
    }
}
