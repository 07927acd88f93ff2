//! Inlining: an IVL-to-IVL pass replacing every call to a procedure with a
//! body by a renamed copy of that body.
//!
//! Consumes a well-formed program; returns a program in which no procedure
//! calls a procedure that has a body (calls to procedures without a body
//! stay: they are only specified). At each call site the callee's
//! parameters, results and locals become fresh locals (`Q$1$x`), its labels
//! fresh labels; the actuals are assigned to the parameter copies, results
//! and the locals some path of the callee may read before assigning them
//! are havocked (each call starts afresh, even inside a loop), the
//! globals in the callee's `modifies` are snapshotted so that `old(g)` in
//! the callee denotes g at the call; the callee's `requires` become
//! `assert`s before its body and its `ensures` `assert`s after it (keeping
//! their attributes, so `{:id}`s still name them); `return` jumps to a
//! continuation block that copies the results out. Callees are inlined
//! callee-first, so nested calls are inlined transitively.
//!
//! Only the locals [`crate::uninit::maybe_uninitialised`] names (and those
//! an attribute of the callee's statements mentions) are havocked at entry
//! (2026-11-24, s10-scale): a local that every path assigns before reading
//! it never shows its entry value, so its havoc changes no check. Havocking
//! every local made each call site's `havoc` name every transitively inlined
//! local (hashcat's `md5_update`: ~4,500 names per site, quadratic in the
//! two-thread product) and every such local per-thread (a havoc gives the
//! two threads different values).
//!
//! Recursion among procedures with bodies is an error naming the cycle
//! ([`InlineError::Recursion`]). Deliberately does not: remove procedures
//! (callers decide which to verify), or inline calls to bodiless procedures
//! (kernel-dialect builtins such as `barrier` have no declaration, so their
//! calls stay as they are).

use crate::ast::{
    Block, Body, Decl, Expr, Ident, Lhs, Procedure, Program, Stmt, StmtKind, Transfer,
    TransferKind, Type, Variable,
};
use crate::span::Span;
use crate::subst::rewrite;
use std::collections::{HashMap, HashSet};

/// Why a program cannot be inlined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum InlineError {
    #[error("recursive procedures cannot be inlined: {}", cycle.join(" -> "))]
    #[diagnostic(code(ivl::inline::recursion))]
    Recursion { cycle: Vec<String> },
    #[error("{message}")]
    #[diagnostic(code(ivl::inline::ill_formed))]
    IllFormed { message: String, span: Span },
}

impl InlineError {
    fn ill_formed(message: String, span: Span) -> InlineError {
        InlineError::IllFormed { message, span }
    }
}

/// Inlines every call to a procedure with a body, transitively.
pub fn inline(program: &Program) -> Result<Program, InlineError> {
    let order = callee_first_order(program)?;
    let mut done: HashMap<String, Procedure> = HashMap::new();
    let mut fresh: HashMap<String, HashSet<String>> = HashMap::new();
    for name in order {
        let Some(proc) = program.procedure(&name) else {
            continue;
        };
        let inlined = inline_procedure(program, proc, &done, &fresh)?;
        fresh.insert(name.clone(), locals_to_havoc(&inlined));
        done.insert(name, inlined);
    }
    let mut out = program.clone();
    for proc in out.procedures_mut() {
        if let Some(p) = done.remove(&proc.name.name) {
            *proc = p;
        }
    }
    Ok(out)
}

/// The locals of an (inlined) procedure a call site must havoc: those some
/// path may read before assigning them, and those an attribute mentions;
/// all of them when its body has no CFG (irreducible or ill-formed).
fn locals_to_havoc(proc: &Procedure) -> HashSet<String> {
    let Some(body) = &proc.body else {
        return HashSet::new();
    };
    let all = || body.locals.iter().map(|v| v.name.name.clone()).collect();
    let Ok(cfg) = crate::cfg::Cfg::new(body) else {
        return all();
    };
    let mut keep: HashSet<String> = crate::uninit::maybe_uninitialised(&cfg, proc, body)
        .into_iter()
        .collect();
    let mut in_attrs = |attrs: &[crate::ast::Attribute]| {
        for a in attrs {
            for arg in &a.args {
                if let crate::ast::AttrArg::Expr(e) = arg {
                    keep.extend(crate::visit::free_vars(e));
                }
            }
        }
    };
    for b in &body.blocks {
        in_attrs(&b.attrs);
        for s in &b.stmts {
            in_attrs(&s.attrs);
        }
    }
    keep
}

fn has_body(program: &Program, name: &str) -> bool {
    program.procedure(name).is_some_and(|p| p.body.is_some())
}

fn callees<'a>(program: &'a Program, proc: &'a Procedure) -> Vec<&'a str> {
    let mut out = Vec::new();
    if let Some(body) = &proc.body {
        for b in &body.blocks {
            for s in &b.stmts {
                if let StmtKind::Call { callee, .. } = &s.kind {
                    if has_body(program, &callee.name) && !out.contains(&callee.name.as_str()) {
                        out.push(callee.name.as_str());
                    }
                }
            }
        }
    }
    out
}

/// Procedures with bodies, each after everything it calls; a cycle is an
/// error naming it.
fn callee_first_order(program: &Program) -> Result<Vec<String>, InlineError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Active,
        Done,
    }
    let mut marks: HashMap<&str, Mark> = HashMap::new();
    let mut order = Vec::new();
    for root in program.procedures().filter(|p| p.body.is_some()) {
        if marks.contains_key(root.name.name.as_str()) {
            continue;
        }
        // Iterative DFS: (procedure, next callee index); the stack is the path.
        let mut stack: Vec<(&Procedure, usize)> = vec![(root, 0)];
        marks.insert(&root.name.name, Mark::Active);
        while let Some((proc, next)) = stack.last().copied() {
            let cs = callees(program, proc);
            if next == cs.len() {
                marks.insert(&proc.name.name, Mark::Done);
                order.push(proc.name.name.clone());
                stack.pop();
                continue;
            }
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            let callee = cs[next];
            match marks.get(callee) {
                Some(Mark::Done) => {}
                Some(Mark::Active) => {
                    let start = stack
                        .iter()
                        .position(|(p, _)| p.name.name == callee)
                        .unwrap_or(0);
                    let mut cycle: Vec<String> = stack[start..]
                        .iter()
                        .map(|(p, _)| p.name.name.clone())
                        .collect();
                    cycle.push(callee.to_string());
                    return Err(InlineError::Recursion { cycle });
                }
                None => {
                    if let Some(c) = program.procedure(callee) {
                        marks.insert(&c.name.name, Mark::Active);
                        stack.push((c, 0));
                    }
                }
            }
        }
    }
    Ok(order)
}

/// Fresh names for one caller.
struct Names {
    used: HashSet<String>,
}

impl Names {
    fn fresh(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut k = 1;
        while self.used.contains(&name) {
            k += 1;
            name = format!("{base}${k}");
        }
        self.used.insert(name.clone());
        name
    }
}

fn inline_procedure(
    program: &Program,
    proc: &Procedure,
    done: &HashMap<String, Procedure>,
    fresh: &HashMap<String, HashSet<String>>,
) -> Result<Procedure, InlineError> {
    let Some(body) = &proc.body else {
        return Ok(proc.clone());
    };
    let mut names = Names {
        used: HashSet::new(),
    };
    for d in &program.decls {
        let n = match d {
            Decl::Const(v) | Decl::Var(v) => &v.name.name,
            Decl::Function(f) => &f.name.name,
            Decl::Procedure(p) => &p.name.name,
            Decl::Axiom(_) => continue,
        };
        names.used.insert(n.clone());
    }
    for v in proc.params.iter().chain(&proc.returns) {
        names.used.insert(v.name.name.clone());
    }
    for v in &body.locals {
        names.used.insert(v.name.name.clone());
    }
    for b in &body.blocks {
        names.used.insert(b.label.name.clone());
    }
    let mut locals = body.locals.clone();
    let mut out: Vec<Block> = Vec::new();
    let mut count = 0;
    // Worklist of blocks still to scan for calls (in order).
    let mut pending: Vec<Block> = body.blocks.iter().rev().cloned().collect();
    while let Some(mut block) = pending.pop() {
        let call_at = block.stmts.iter().position(|s| match &s.kind {
            StmtKind::Call { callee, .. } => done.contains_key(&callee.name),
            _ => false,
        });
        let Some(at) = call_at else {
            out.push(block);
            continue;
        };
        let rest: Vec<Stmt> = block.stmts.split_off(at + 1);
        let Some(call) = block.stmts.pop() else {
            continue;
        };
        let StmtKind::Call { callee, args, rets } = call.kind else {
            continue;
        };
        let Some(target) = done.get(&callee.name) else {
            continue;
        };
        count += 1;
        let site = Site::new(program, target, count, &mut names, &mut locals)?;
        let continuation = Block {
            label: Ident::synthetic(site.exit_label.clone()),
            attrs: vec![],
            stmts: site.exit_stmts(&rets, rest),
            transfer: block.transfer.clone(),
            span: block.span,
        };
        let empty = HashSet::new();
        let to_havoc = fresh.get(&callee.name).unwrap_or(&empty);
        block
            .stmts
            .extend(site.entry_stmts(&args, to_havoc, call.span));
        block.transfer = Transfer {
            kind: TransferKind::Goto(vec![Ident::synthetic(site.label(&site.entry_label()))]),
            span: call.span,
        };
        out.push(block);
        out.extend(site.blocks());
        // The continuation may hold further calls.
        pending.push(continuation);
    }
    Ok(Procedure {
        body: Some(Body {
            locals,
            blocks: out,
        }),
        ..proc.clone()
    })
}

/// One call site: the renaming of the callee into the caller.
struct Site<'a> {
    callee: &'a Procedure,
    rename: HashMap<String, String>,
    labels: HashMap<String, String>,
    /// Snapshot variable of each global the callee modifies.
    old: HashMap<String, String>,
    exit_label: String,
}

impl<'a> Site<'a> {
    fn new(
        program: &Program,
        callee: &'a Procedure,
        k: usize,
        names: &mut Names,
        locals: &mut Vec<Variable>,
    ) -> Result<Site<'a>, InlineError> {
        let prefix = format!("{}${k}$", callee.name);
        let body = callee.body.as_ref().ok_or_else(|| {
            InlineError::ill_formed(format!("`{}` has no body", callee.name), callee.span)
        })?;
        let mut rename = HashMap::new();
        let mut declare = |name: &str, ty: &Type, names: &mut Names| {
            let fresh = names.fresh(&format!("{prefix}{name}"));
            locals.push(Variable {
                attrs: vec![],
                name: Ident::synthetic(fresh.clone()),
                ty: ty.clone(),
                span: Span::DUMMY,
            });
            fresh
        };
        for v in callee.params.iter().chain(&callee.returns) {
            let fresh = declare(&v.name.name, &v.ty, names);
            rename.insert(v.name.name.clone(), fresh);
        }
        for v in &body.locals {
            let fresh = declare(&v.name.name, &v.ty, names);
            rename.insert(v.name.name.clone(), fresh);
        }
        // Snapshots only for the globals the callee reads under `old`.
        let mut under_old: HashSet<String> = HashSet::new();
        for ens in &callee.ensures {
            names_under_old(&ens.expr, false, &mut under_old);
        }
        for b in &body.blocks {
            for s in &b.stmts {
                crate::visit::stmt_exprs(s, &mut |e| names_under_old(e, false, &mut under_old));
            }
        }
        let mut old = HashMap::new();
        for g in callee
            .modifies
            .iter()
            .filter(|g| under_old.contains(&g.name))
        {
            let ty = program
                .global_vars()
                .find(|v| v.name.name == g.name)
                .map(|v| v.ty.clone())
                .ok_or_else(|| InlineError::ill_formed(format!("unknown global `{g}`"), g.span))?;
            let fresh = declare(&format!("old${}", g.name), &ty, names);
            old.insert(g.name.clone(), fresh);
        }
        let labels = body
            .blocks
            .iter()
            .map(|b| {
                (
                    b.label.name.clone(),
                    names.fresh(&format!("{prefix}{}", b.label.name)),
                )
            })
            .collect();
        let exit_label = names.fresh(&format!("{prefix}return"));
        Ok(Site {
            callee,
            rename,
            labels,
            old,
            exit_label,
        })
    }

    fn entry_label(&self) -> String {
        self.callee
            .body
            .as_ref()
            .and_then(|b| b.blocks.first())
            .map(|b| b.label.name.clone())
            .unwrap_or_default()
    }

    fn label(&self, l: &str) -> String {
        self.labels.get(l).cloned().unwrap_or_else(|| l.to_string())
    }

    /// The callee's names in the caller; `old(g)` becomes the snapshot.
    fn expr(&self, e: &Expr) -> Expr {
        rewrite(
            e,
            &|n, under_old| {
                if let Some(r) = self.rename.get(n) {
                    return Some(Expr::var(r.clone()));
                }
                if under_old {
                    return self.old.get(n).map(|s| Expr::var(s.clone()));
                }
                None
            },
            true,
        )
    }

    fn ident(&self, i: &Ident) -> Ident {
        match self.rename.get(&i.name) {
            Some(r) => Ident::new(r.clone(), i.span),
            None => i.clone(),
        }
    }

    /// The havoc of the results and of the callee's locals in `to_havoc`,
    /// then the actuals assigned to the parameter copies and the snapshots.
    fn entry_stmts(&self, args: &[Expr], to_havoc: &HashSet<String>, span: Span) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        let at = |kind| Stmt {
            kind,
            attrs: vec![],
            span,
        };
        let mut fresh: Vec<Ident> = Vec::new();
        for v in &self.callee.returns {
            fresh.push(self.ident(&v.name));
        }
        if let Some(body) = &self.callee.body {
            fresh.extend(
                body.locals
                    .iter()
                    .filter(|v| to_havoc.contains(&v.name.name))
                    .map(|v| self.ident(&v.name)),
            );
        }
        if !fresh.is_empty() {
            stmts.push(at(StmtKind::Havoc(fresh)));
        }
        if !args.is_empty() {
            stmts.push(at(StmtKind::Assign {
                lhs: self
                    .callee
                    .params
                    .iter()
                    .map(|p| lhs(self.ident(&p.name)))
                    .collect(),
                rhs: args.to_vec(),
            }));
        }
        let mut snapshot: Vec<(&String, &String)> = self.old.iter().collect();
        snapshot.sort();
        if !snapshot.is_empty() {
            stmts.push(at(StmtKind::Assign {
                lhs: snapshot
                    .iter()
                    .map(|(_, s)| lhs(Ident::synthetic((*s).clone())))
                    .collect(),
                rhs: snapshot
                    .iter()
                    .map(|(g, _)| Expr::var((*g).clone()))
                    .collect(),
            }));
        }
        for req in &self.callee.requires {
            stmts.push(Stmt {
                kind: StmtKind::Assert(self.expr(&req.expr)),
                attrs: req.attrs.clone(),
                span: req.span,
            });
        }
        stmts
    }

    fn exit_stmts(&self, rets: &[Ident], rest: Vec<Stmt>) -> Vec<Stmt> {
        let mut stmts = Vec::new();
        for ens in &self.callee.ensures {
            stmts.push(Stmt {
                kind: StmtKind::Assert(self.expr(&ens.expr)),
                attrs: ens.attrs.clone(),
                span: ens.span,
            });
        }
        if !rets.is_empty() {
            stmts.push(Stmt::new(StmtKind::Assign {
                lhs: rets.iter().cloned().map(lhs).collect(),
                rhs: self
                    .callee
                    .returns
                    .iter()
                    .map(|r| Expr::var(self.ident(&r.name).name))
                    .collect(),
            }));
        }
        stmts.extend(rest);
        stmts
    }

    fn blocks(&self) -> Vec<Block> {
        let Some(body) = &self.callee.body else {
            return Vec::new();
        };
        body.blocks
            .iter()
            .map(|b| Block {
                label: Ident::new(self.label(&b.label.name), b.label.span),
                attrs: b.attrs.clone(),
                stmts: b.stmts.iter().map(|s| self.stmt(s)).collect(),
                transfer: Transfer {
                    kind: match &b.transfer.kind {
                        TransferKind::Return => {
                            TransferKind::Goto(vec![Ident::synthetic(self.exit_label.clone())])
                        }
                        TransferKind::Goto(ts) => TransferKind::Goto(
                            ts.iter()
                                .map(|t| Ident::new(self.label(&t.name), t.span))
                                .collect(),
                        ),
                    },
                    span: b.transfer.span,
                },
                span: b.span,
            })
            .collect()
    }

    fn stmt(&self, s: &Stmt) -> Stmt {
        let kind = match &s.kind {
            StmtKind::Assign { lhs: ls, rhs } => StmtKind::Assign {
                lhs: ls
                    .iter()
                    .map(|l| Lhs {
                        name: self.ident(&l.name),
                        indices: l.indices.iter().map(|i| self.expr(i)).collect(),
                        span: l.span,
                    })
                    .collect(),
                rhs: rhs.iter().map(|e| self.expr(e)).collect(),
            },
            StmtKind::Havoc(ns) => StmtKind::Havoc(ns.iter().map(|n| self.ident(n)).collect()),
            StmtKind::Assume(e) => StmtKind::Assume(self.expr(e)),
            StmtKind::Assert(e) => StmtKind::Assert(self.expr(e)),
            StmtKind::Call { callee, args, rets } => StmtKind::Call {
                callee: callee.clone(),
                args: args.iter().map(|e| self.expr(e)).collect(),
                rets: rets.iter().map(|r| self.ident(r)).collect(),
            },
        };
        Stmt {
            kind,
            attrs: s.attrs.clone(),
            span: s.span,
        }
    }
}

fn lhs(name: Ident) -> Lhs {
    Lhs {
        span: name.span,
        name,
        indices: vec![],
    }
}

/// The variable names read under `old(...)` in `e`.
fn names_under_old(e: &Expr, in_old: bool, out: &mut HashSet<String>) {
    use crate::ast::ExprKind;
    match &e.kind {
        ExprKind::Var(n) if in_old => {
            out.insert(n.clone());
        }
        ExprKind::Old(inner) => names_under_old(inner, true, out),
        _ => crate::visit::for_each_child(e, &mut |c| names_under_old(c, in_old, out)),
    }
}
