//! Statements of the explicit program, per thread under its predicate:
//! barriers (divergence check, flags cleared), shared accesses (checked
//! against every other thread's log at the watched offset, then logged),
//! and the other statements.

use super::encoder::*;
use super::*;

impl Encoder<'_> {
    pub(super) fn stmt(&mut self, stmt: &Stmt, b: usize) -> Result<(), TransformError> {
        match &stmt.kind {
            StmtKind::Call { callee, args, .. } if callee.name == ivl::kernel::BARRIER => {
                self.barrier(stmt, args, b)
            }
            StmtKind::Call { callee, .. } => Err(TransformError::unsupported(
                format!(
                    "a call of `{}` in the explicit N-thread encoding",
                    callee.name
                ),
                stmt.span,
            )),
            _ => {
                for k in 0..self.n {
                    self.thread_stmt(stmt, b, k)?;
                }
                Ok(())
            }
        }
    }

    pub(super) fn barrier(
        &mut self,
        stmt: &Stmt,
        args: &[Expr],
        b: usize,
    ) -> Result<(), TransformError> {
        let n = self.n;
        for k in 1..n {
            let mut attrs: Vec<Attribute> = stmt
                .attrs
                .iter()
                .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                .cloned()
                .collect();
            attrs.push(tag("divergence"));
            self.push(assert_with(Expr::eq(self.at(b, 0), self.at(b, k)), attrs));
        }
        let en = self.at(b, 0);
        let fence = |i: usize| -> Result<Expr, TransformError> {
            let e = args.get(i).cloned().unwrap_or_else(|| Expr::bool(true));
            self.expr(&e, 0, &en)
        };
        let (local, global) = (fence(0)?, fence(1)?);
        let mut clears = Vec::new();
        for (name, g) in &self.ghosts {
            let fenced = match self.arrays[name].space {
                MemorySpace::GroupShared => local.clone(),
                // Image memory is fenced only by `CLK_IMAGE_MEM_FENCE`.
                MemorySpace::Global if self.arrays[name].image => Expr::bool(ivl::ast::has_attr(
                    &stmt.attrs,
                    ivl::kernel::IMAGE_FENCE_ATTR,
                )),
                MemorySpace::Global => global.clone(),
                MemorySpace::Constant => continue,
            };
            let cond = and(en.clone(), fenced);
            if matches!(cond.kind, ExprKind::Bool(false)) {
                continue;
            }
            for k in 0..n as usize {
                for flag in g.flags(k) {
                    clears.push(set(flag, and(var(flag), not(cond.clone()))));
                }
            }
        }
        for s in clears {
            self.push(s);
        }
        Ok(())
    }

    /// The race checks of thread `k`'s access and the update of its logs.
    pub(super) fn access(
        &mut self,
        (array, kind): (&str, crate::AccessKind),
        offset: &Expr,
        value: Option<&Expr>,
        en: &Expr,
        k: u32,
        stmt: &Stmt,
    ) {
        use crate::AccessKind as K;
        let Some(g) = self.ghosts.get(array) else {
            return;
        };
        let source = self.arrays[array].source_name.clone();
        let hit = and(en.clone(), Expr::eq(offset.clone(), var(&g.watched)));
        let mut out = Vec::new();
        for i in (0..self.n).filter(|&i| i != k) {
            let iu = i as usize;
            let mut conflicts: Vec<(String, Expr)> = Vec::new();
            for &earlier in kind.conflicts() {
                let Some(flag) = g.flag(earlier, iu) else {
                    continue;
                };
                let mut e = var(flag);
                if let (K::Write, K::Write, Some(v), true) =
                    (kind, earlier, value, self.config.benign_tolerance)
                {
                    e = and(e, Expr::binary(BinaryOp::Neq, var(&g.value[iu]), v.clone()));
                }
                conflicts.push((earlier.name().to_string(), e));
            }
            for (earlier, flag) in conflicts {
                let mut attrs: Vec<Attribute> = stmt
                    .attrs
                    .iter()
                    .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                    .cloned()
                    .collect();
                attrs.push(explicit_attr(vec![
                    AttrArg::Str("race".into()),
                    AttrArg::Str(source.clone()),
                    AttrArg::Str(format!("{}-{earlier}", kind.name())),
                    AttrArg::Expr(Expr::int(k as u128)),
                    AttrArg::Expr(Expr::int(i as u128)),
                ]));
                out.push(assert_with(not(and(hit.clone(), flag)), attrs));
            }
        }
        let ku = k as usize;
        if let Some(flag) = g.flag(kind, ku) {
            out.push(set(flag, or(var(flag), hit.clone())));
        }
        if let (K::Write, Some(v)) = (kind, value) {
            let slot = &g.value[ku];
            out.push(set(slot, ite(hit, v.clone(), var(slot))));
        }
        for s in out {
            self.push(s);
        }
    }

    /// The memory access of a flattened statement: (array, index, kind).
    pub(super) fn access_of(&self, stmt: &Stmt) -> Option<(String, Expr, crate::AccessKind)> {
        let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
            return None;
        };
        let atomic = has_attr(&stmt.attrs, ATOMIC_ATTR);
        for l in lhs {
            if self.racy(&l.name.name) {
                if let Some(i) = l.indices.first() {
                    let kind = if atomic {
                        crate::AccessKind::Atomic
                    } else {
                        crate::AccessKind::Write
                    };
                    return Some((l.name.name.clone(), i.clone(), kind));
                }
            }
        }
        let mut found = None;
        for e in rhs {
            ivl::visit::walk_expr(e, &mut |x| {
                if let ExprKind::Select(m, i) = &x.kind {
                    if let ExprKind::Var(name) = &m.kind {
                        if found.is_none() && self.racy(name) {
                            found = Some((name.clone(), (**i).clone()));
                        }
                    }
                }
            });
        }
        found.map(|(a, i)| {
            let kind = if atomic {
                crate::AccessKind::Atomic
            } else {
                crate::AccessKind::Read
            };
            (a, i, kind)
        })
    }

    pub(super) fn thread_stmt(
        &mut self,
        stmt: &Stmt,
        b: usize,
        k: u32,
    ) -> Result<(), TransformError> {
        let en = self.at(b, k);
        let keep_source = |s: &Stmt| -> Vec<Attribute> {
            s.attrs
                .iter()
                .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                .cloned()
                .collect()
        };
        match &stmt.kind {
            StmtKind::Assume(e) => {
                let e = self.expr(e, k, &en)?;
                self.push(Stmt::new(StmtKind::Assume(implies(en, e))));
            }
            StmtKind::Assert(e) => {
                let e = self.expr(e, k, &en)?;
                let mut attrs = keep_source(stmt);
                attrs.push(tag("assertion"));
                self.push(assert_with(implies(en, e), attrs));
            }
            StmtKind::Havoc(names) => {
                for name in names {
                    let Some(ty) = self.private_types.get(&name.name).cloned() else {
                        return Err(TransformError::unsupported(
                            format!("`havoc {}` of shared state", name.name),
                            stmt.span,
                        ));
                    };
                    let tmp = self.local(&format!("havoc${}", name.name), ty);
                    self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                        tmp.clone(),
                    )])));
                    let copy = self.copies[&(name.name.clone(), k)].clone();
                    self.push(set(&copy, ite(en.clone(), var(&tmp), var(&copy))));
                }
            }
            StmtKind::Assign { lhs, rhs } => {
                if let Some((array, index, kind)) = self.access_of(stmt) {
                    let offset = self.expr(&index, k, &en)?;
                    let value = match kind {
                        crate::AccessKind::Write => {
                            let pos = lhs.iter().position(|l| l.name.name == array);
                            match pos.and_then(|p| rhs.get(p)) {
                                Some(v) => Some(self.expr(v, k, &en)?),
                                None => None,
                            }
                        }
                        _ => None,
                    };
                    self.access((&array, kind), &offset, value.as_ref(), &en, k, stmt);
                }
                let mut new_lhs = Vec::new();
                let mut new_rhs = Vec::new();
                for (l, r) in lhs.iter().zip(rhs) {
                    let value = self.expr(r, k, &en)?;
                    let name = match self.copy(&l.name.name, k) {
                        Some(c) => c.clone(),
                        None => l.name.name.clone(),
                    };
                    let mut indices = Vec::new();
                    for i in &l.indices {
                        indices.push(self.expr(i, k, &en)?);
                    }
                    // The current value of the target, kept when disabled.
                    let mut current = var(&name);
                    for i in &indices {
                        current = Expr::select(current, i.clone());
                    }
                    new_lhs.push(Lhs {
                        name: Ident::synthetic(name),
                        indices,
                        span: l.span,
                    });
                    new_rhs.push(ite(en.clone(), value, current));
                }
                let pairs = new_lhs.into_iter().zip(new_rhs).collect();
                self.push(assign(pairs, keep_source(stmt)));
            }
            StmtKind::Call { .. } => {
                return Err(TransformError::internal("a call reached thread_stmt"));
            }
        }
        Ok(())
    }
}
