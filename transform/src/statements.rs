//! Statements of the two-thread product: each kernel statement for both
//! threads. In uniform code both threads are enabled; in a divergent
//! region each statement is predicated by the block's per-thread predicate
//! (`x$1 := if p.L$1 then e$1 else x$1`). Assertions and assumptions hold
//! per thread (`en$t ==> e$t`), once for `{:global_assertion}`s. Reads,
//! writes and atomics of shared arrays go to `access.rs`; barriers too.
//!
//! Calls: to a device function kept as a two-thread procedure
//! (`--no-inline`, `modular.rs`); any other call left is to a procedure
//! without a body, which is unsupported.
//!
//! Consumes one kernel statement (access normal form) of a block placed by
//! `layout.rs`, with both threads' enabled predicates. Emits its product
//! statements into the builder of `product.rs`. Guarantees: each thread's
//! copy reads and writes only that thread's names (`rename.rs`), and a
//! disabled thread's state is unchanged.

use crate::error::TransformError;
use crate::product::{assign, lhs, lhs_value, Product};
use crate::rename::Thread;
use ivl::ast::{has_attr, AttrArg, Attribute, Expr, ExprKind, Ident, Lhs, Stmt, StmtKind, Type};
use ivl::build::{implies, ite};
use ivl::kernel;
use std::collections::HashMap;

use crate::access::BARRIER_INVARIANT_ATTR;

fn thread_attr(t: Thread) -> Attribute {
    Attribute::new("thread", vec![AttrArg::Expr(Expr::int(t as u128))])
}

impl Product<'_> {
    /// Emits one kernel statement for both threads; `enabled` is `None` in
    /// uniform code (both threads enabled).
    pub fn emit_stmt(
        &mut self,
        s: &Stmt,
        enabled: Option<[Expr; 2]>,
    ) -> Result<(), TransformError> {
        let en = enabled
            .clone()
            .unwrap_or_else(|| [Expr::bool(true), Expr::bool(true)]);
        match &s.kind {
            StmtKind::Call { callee, args, rets } => {
                if callee.name == kernel::BARRIER && rets.is_empty() && args.len() == 2 {
                    return self.emit_barrier(s, args, enabled.as_ref(), &en);
                }
                if callee.name == kernel::WARP_BARRIER && rets.is_empty() && args.len() == 1 {
                    return self.emit_warp_barrier(s, &args[0], enabled.as_ref(), &en);
                }
                if callee.name == kernel::GRID_BARRIER && rets.is_empty() && args.is_empty() {
                    return self.emit_grid_barrier(s, enabled.as_ref(), &en);
                }
                if callee.name == kernel::ASYNC_COPY_EVENT && args.len() == 1 {
                    return self.emit_async_event(args, &en);
                }
                if callee.name == kernel::ASYNC_WAIT && args.len() == 2 {
                    return self.emit_async_wait(s, args, &en);
                }
                if self.modular.contains_key(&callee.name) {
                    return self.emit_call(s, callee, args, rets, enabled.is_some(), &en);
                }
                Err(TransformError::unsupported(
                    format!("a call to `{callee}`, which has no body to inline"),
                    s.span,
                ))
            }
            StmtKind::Assign { lhs: ls, rhs } => {
                if has_attr(&s.attrs, kernel::ATOMIC_ATTR) {
                    if let Some(pos) = ls.iter().position(|l| self.is_racy(&l.name.name)) {
                        return self.emit_atomic(s, ls, pos, enabled.is_some(), &en);
                    }
                }
                if ls.len() == 1 && ls[0].indices.is_empty() && rhs.len() == 1 {
                    if let ExprKind::Select(m, i) = &rhs[0].kind {
                        if let ExprKind::Var(a) = &m.kind {
                            if self.is_racy(a) {
                                return self.emit_read(s, &ls[0], a, i, enabled.is_some(), &en);
                            }
                        }
                    }
                }
                if ls.len() == 1 && self.is_racy(&ls[0].name.name) {
                    return self.emit_write(s, &ls[0], &rhs[0], enabled.is_some(), &en);
                }
                self.emit_assign(s, ls, rhs, enabled.is_some(), &en)
            }
            StmtKind::Havoc(names) => {
                if let [array] = names.as_slice() {
                    if self.is_racy(&array.name) {
                        return self.emit_array_havoc(s, &array.name);
                    }
                }
                let names: Vec<String> = names.iter().map(|n| n.name.clone()).collect();
                self.havoc_vars(&names, enabled.is_some(), &en, &s.attrs)
            }
            // `{:epoch_fact}` assumptions are kept under --warp-sync too:
            // race.rs still checks resets against increments of the
            // counter between threads of one warp (`epoch_keyed`).
            StmtKind::Assume(e) => {
                let global = has_attr(&s.attrs, kernel::GLOBAL_ASSERTION_ATTR);
                let mut r = self.renamer();
                r.enabled_pair = enabled.clone();
                let mut out: Vec<Expr> = Vec::new();
                for t in if global { vec![1] } else { vec![1, 2] } {
                    let c = implies(
                        en[t as usize - 1].clone(),
                        r.expr(e, t, &en[t as usize - 1])?,
                    );
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
                for c in out {
                    self.push(Stmt {
                        kind: StmtKind::Assume(c),
                        attrs: s.attrs.clone(),
                        span: s.span,
                    });
                }
                Ok(())
            }
            StmtKind::Assert(e) if has_attr(&s.attrs, kernel::COLLECTIVE_ATTR) => {
                // A collective operation (async copy): both threads of a
                // group reach it, and its arguments agree (`e`'s
                // `__uniform_*` terms compare the two copies).
                let r = self.renamer();
                let agree = r.expr(e, 1, &en[0])?;
                let c = implies(
                    self.same_group.clone(),
                    Expr::and(
                        Expr::eq(en[0].clone(), en[1].clone()),
                        implies(en[0].clone(), agree),
                    ),
                );
                self.push(Stmt {
                    kind: StmtKind::Assert(c),
                    attrs: s.attrs.clone(),
                    span: s.span,
                });
                Ok(())
            }
            StmtKind::Assert(e) => {
                let declared_global = has_attr(&s.attrs, kernel::GLOBAL_ASSERTION_ATTR);
                if declared_global
                    && enabled.is_some()
                    && has_attr(&s.attrs, kernel::GROUP_UNIFORM_ATTR)
                {
                    // Reached in divergent code: both threads of one group
                    // reach it or neither does (checked before the fact).
                    self.push(Stmt {
                        kind: StmtKind::Assert(implies(
                            self.same_group.clone(),
                            Expr::eq(en[0].clone(), en[1].clone()),
                        )),
                        attrs: s.attrs.clone(),
                        span: s.span,
                    });
                }
                let global = declared_global
                    || (self.config.asymmetric_asserts
                        && has_attr(&s.attrs, kernel::USER_ATTR)
                        && !has_attr(&s.attrs, kernel::INVARIANT_ATTR)
                        && !has_attr(&s.attrs, BARRIER_INVARIANT_ATTR));
                // `__global_invariant` (GPUVerify's meaning): it holds for
                // every thread, enabled or not, so in a predicated loop it
                // is not guarded by the enabled predicate (checked and
                // assumed unguarded: a stronger check, a consistent
                // assumption).
                let unguarded = declared_global
                    && has_attr(&s.attrs, kernel::USER_ATTR)
                    && has_attr(&s.attrs, kernel::INVARIANT_ATTR);
                let mut r = self.renamer();
                r.enabled_pair = enabled.clone();
                let mut out: Vec<(Thread, Expr)> = Vec::new();
                for t in if global { vec![1] } else { vec![1, 2] } {
                    let value = r.expr(e, t, &en[t as usize - 1])?;
                    let c = if unguarded {
                        value
                    } else {
                        implies(en[t as usize - 1].clone(), value)
                    };
                    if !out.iter().any(|(_, x)| *x == c) {
                        out.push((t, c));
                    }
                }
                let single = out.len() == 1;
                for (t, c) in out {
                    let mut attrs = s.attrs.clone();
                    if !single {
                        attrs.push(thread_attr(t));
                    }
                    self.push(Stmt {
                        kind: StmtKind::Assert(c),
                        attrs,
                        span: s.span,
                    });
                }
                Ok(())
            }
        }
    }

    pub(crate) fn is_racy(&self, name: &str) -> bool {
        self.arrays.get(name).is_some_and(|a| a.is_racy_space())
    }

    fn emit_assign(
        &mut self,
        s: &Stmt,
        ls: &[Lhs],
        rhs: &[Expr],
        predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let r = self.renamer();
        let mut pairs: Vec<(Lhs, Expr)> = Vec::new();
        for t in [1u8, 2] {
            let e_t = &en[t as usize - 1];
            for (l, e) in ls.iter().zip(rhs) {
                let name = r.name(&l.name.name, t);
                if name == l.name.name && t == 2 {
                    continue;
                }
                if name == l.name.name && predicated {
                    return Err(TransformError::internal(format!(
                        "uniform variable `{}` assigned in divergent code",
                        l.name
                    )));
                }
                let target = Lhs {
                    name: Ident::new(name, l.name.span),
                    indices: l
                        .indices
                        .iter()
                        .map(|i| r.expr(i, t, e_t))
                        .collect::<Result<_, _>>()?,
                    span: l.span,
                };
                let value = ite(e_t.clone(), r.expr(e, t, e_t)?, lhs_value(&target));
                pairs.push((target, value));
            }
        }
        self.push(assign(pairs, s.attrs.clone()));
        Ok(())
    }

    pub(crate) fn havoc_vars(
        &mut self,
        names: &[String],
        predicated: bool,
        en: &[Expr; 2],
        attrs: &[Attribute],
    ) -> Result<(), TransformError> {
        let mut direct = Vec::new();
        let mut pairs = Vec::new();
        // Each name's first position in `names` (numbers its temporary).
        let mut first: HashMap<&str, usize> = HashMap::new();
        for (k, n) in names.iter().enumerate() {
            first.entry(n.as_str()).or_insert(k);
        }
        for t in [1u8, 2] {
            for n in names {
                let name = self.renamer().name(n, t);
                if name == *n && t == 2 {
                    continue;
                }
                if !predicated {
                    direct.push(Ident::synthetic(name));
                    continue;
                }
                let ty = self.type_of(n)?;
                let k = first[n.as_str()];
                let tmp = self.temp(&ty, t, k);
                direct.push(Ident::synthetic(tmp.clone()));
                pairs.push((
                    lhs(name.clone()),
                    ite(en[t as usize - 1].clone(), Expr::var(tmp), Expr::var(name)),
                ));
            }
        }
        if !direct.is_empty() {
            self.push(Stmt {
                kind: StmtKind::Havoc(direct),
                attrs: attrs.to_vec(),
                span: ivl::Span::DUMMY,
            });
        }
        if !pairs.is_empty() {
            self.push(assign(pairs, vec![]));
        }
        Ok(())
    }

    pub(crate) fn type_of(&self, name: &str) -> Result<Type, TransformError> {
        self.local_types
            .get(name)
            .map(|&t| t.clone())
            .or_else(|| self.global_types.get(name).cloned())
            .ok_or_else(|| TransformError::internal(format!("no type for `{name}`")))
    }
}
