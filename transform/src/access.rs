//! The product of the statements that touch shared memory: reads, writes,
//! atomics (each logged and checked by `race.rs`) and barriers.
//!
//! Reads: equality-abstracted arrays are read from the thread's own copy
//! (`A$1[e$1]`); adversarial ones yield a fresh value. Writes update the
//! thread's copy (equality) or nothing (adversarial). An atomic is one
//! access of kind `atomic`; its results are fresh values (atomics force the
//! adversarial abstraction). Barriers (paper Fig. 5/7, G-SYNC-EQ): in
//! divergent code, `assert same_group ==> (en$1 == en$2)` (barrier
//! divergence); then, when both threads are in one group and enabled, the
//! access flags of the fenced spaces are cleared (group-shared flags also
//! when the threads are in different groups: they are dead then), and the
//! equality copies of the fenced spaces become arbitrary (equal if the
//! threads share a group). Threads of different groups keep their global
//! flags: barriers do not order accesses across groups.
//!
//! Consumes one kernel statement in access normal form (`flatten.rs`: at
//! most one shared access) with both threads' enabled predicates, and the
//! builder's state (arrays, ghosts, pair). Emits its product statements
//! into the builder. Guarantees: every access to a racy array gets an
//! access site and the log/check pair of `race.rs`; no kernel builtin
//! (barrier, atomic attribute) survives.

use crate::arrays::MemorySpace;
use crate::config::Abstraction;
use crate::error::TransformError;
use crate::product::{assign, lhs, lhs_value, source_attrs, source_loc, Product};
use crate::race::{self, Access, AccessKind, RaceContext};
use crate::AccessSite;
use ivl::ast::{Attribute, Expr, ExprKind, Ident, Lhs, Stmt, StmtKind, Type};
use ivl::build::{and, ite, not};

impl Product<'_> {
    fn new_site(
        &mut self,
        array: &str,
        kind: AccessKind,
        attrs: &[Attribute],
        span: ivl::Span,
    ) -> u32 {
        let id = self.site_base + self.sites.len() as u32 + 1;
        self.sites.push(AccessSite {
            id,
            array: array.to_string(),
            kind,
            source: source_loc(attrs),
            span,
        });
        id
    }

    fn instrument(
        &mut self,
        array: &str,
        kind: AccessKind,
        offset: [Expr; 2],
        value: Option<[Expr; 2]>,
        en: &[Expr; 2],
        s: &Stmt,
    ) {
        let attrs = &s.attrs;
        let site = self.new_site(array, kind, attrs, s.span);
        if self.config.only_divergence {
            return;
        }
        let Some(g) = self.ghosts.get(array) else {
            return;
        };
        if g.watched.is_none() {
            return;
        }
        if self.choice.is_none() && g.write_value.is_some() {
            let c = self.local("benign$choice", Type::Bool);
            self.choice = Some(c);
        }
        let choice = self.choice.clone().unwrap_or_default();
        let info = &self.arrays[array];
        let access = Access {
            array: info,
            kind,
            offset,
            value,
            site,
            enabled: en.clone(),
            attrs: attrs.to_vec(),
            span: s.span,
        };
        let cx = RaceContext {
            same_group: &self.same_group,
            same_warp: self.same_warp.as_ref(),
            choice: &choice,
        };
        let stmts = if ivl::ast::has_attr(attrs, ivl::kernel::ASYNC_COPY_ATTR) {
            crate::async_copy::copy_access(g, &access, &cx)
        } else {
            let mut v = race::log_and_check(g, &access, &cx);
            v.extend(crate::async_copy::plain_checks(g, &access, &cx));
            v
        };
        for s in stmts {
            self.push(s);
        }
    }

    fn both(&self, e: &Expr, en: &[Expr; 2]) -> Result<[Expr; 2], TransformError> {
        let r = self.renamer();
        Ok([r.expr(e, 1, &en[0])?, r.expr(e, 2, &en[1])?])
    }

    pub(crate) fn emit_read(
        &mut self,
        s: &Stmt,
        target: &Lhs,
        array: &str,
        index: &Expr,
        predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let offset = self.both(index, en)?;
        if is_access(s, self.config.barrier_access_checks) {
            // A read of a user assertion counts where the assertion's
            // value depends on it (assertion_reads.rs).
            let guarded = match crate::assertion_reads::access_guard(&s.attrs) {
                Some(g) => {
                    let [g1, g2] = self.both(g, en)?;
                    [and(en[0].clone(), g1), and(en[1].clone(), g2)]
                }
                None => en.clone(),
            };
            self.instrument(array, AccessKind::Read, offset.clone(), None, &guarded, s);
        }
        match self.arrays[array].abstraction {
            Abstraction::Equality => {
                let r = self.renamer();
                let mut pairs = Vec::new();
                for t in [1u8, 2] {
                    let name = r.name(&target.name.name, t);
                    let value =
                        Expr::select(Expr::var(r.name(array, t)), offset[t as usize - 1].clone());
                    pairs.push((
                        lhs(name.clone()),
                        ite(en[t as usize - 1].clone(), value, Expr::var(name)),
                    ));
                }
                self.push(assign(pairs, s.attrs.clone()));
                Ok(())
            }
            Abstraction::Adversarial => self.havoc_vars(
                std::slice::from_ref(&target.name.name),
                predicated,
                en,
                &s.attrs,
            ),
        }
    }

    pub(crate) fn emit_write(
        &mut self,
        s: &Stmt,
        target: &Lhs,
        value: &Expr,
        _predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let array = target.name.name.clone();
        let index = target.indices.first().ok_or_else(|| {
            TransformError::unsupported("a whole-array assignment to a shared array", s.span)
        })?;
        let offset = self.both(index, en)?;
        let values = self.both(value, en)?;
        self.instrument(
            &array,
            AccessKind::Write,
            offset.clone(),
            Some(values.clone()),
            en,
            s,
        );
        if self.arrays[&array].abstraction == Abstraction::Equality {
            let r = self.renamer();
            let mut pairs = Vec::new();
            for t in [1u8, 2] {
                let k = t as usize - 1;
                let l = Lhs {
                    name: Ident::synthetic(r.name(&array, t)),
                    indices: vec![offset[k].clone()],
                    span: target.span,
                };
                let v = ite(en[k].clone(), values[k].clone(), lhs_value(&l));
                pairs.push((l, v));
            }
            self.push(assign(pairs, s.attrs.clone()));
        }
        Ok(())
    }

    pub(crate) fn emit_atomic(
        &mut self,
        s: &Stmt,
        targets: &[Lhs],
        memory: usize,
        predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let array = targets[memory].name.name.clone();
        if self.arrays[&array].abstraction == Abstraction::Equality {
            return Err(TransformError::EqualityWithAtomics {
                array: self.arrays[&array].source_name.clone(),
                span: s.span,
            });
        }
        let index = targets[memory]
            .indices
            .first()
            .ok_or_else(|| TransformError::unsupported("an atomic on a whole array", s.span))?;
        let offset = self.both(index, en)?;
        self.instrument(&array, AccessKind::Atomic, offset, None, en, s);
        let results: Vec<String> = targets
            .iter()
            .enumerate()
            .filter(|(k, l)| *k != memory && !self.is_racy(&l.name.name))
            .map(|(_, l)| l.name.name.clone())
            .collect();
        if targets
            .iter()
            .enumerate()
            .any(|(k, l)| k != memory && self.is_racy(&l.name.name))
        {
            return Err(TransformError::unsupported(
                "an atomic writing two shared arrays",
                s.span,
            ));
        }
        self.havoc_vars(&results, predicated, en, &s.attrs)
    }

    /// `havoc A` of a shared array (the contents an async copy leaves):
    /// not an access (the copier's element write is a separate statement).
    /// Adversarial: nothing (there are no contents). Equality: both copies
    /// become arbitrary, equal when the threads share a group, whatever
    /// the predicates: the array is one object the whole group sees, and
    /// the havoc stands for a collective update by some work item of the
    /// group (not necessarily one of the pair). Havocking more than the
    /// statement's thread would is an over-approximation of the values a
    /// race-free read can see (SOUNDNESS.md, Transform).
    pub(crate) fn emit_array_havoc(&mut self, s: &Stmt, array: &str) -> Result<(), TransformError> {
        if self.arrays[array].abstraction == Abstraction::Adversarial {
            return Ok(());
        }
        let copies = [self.renamer().name(array, 1), self.renamer().name(array, 2)];
        self.push(Stmt {
            kind: StmtKind::Havoc(copies.iter().map(|n| Ident::synthetic(n.clone())).collect()),
            attrs: source_attrs(&s.attrs),
            span: s.span,
        });
        self.push(Stmt::new(StmtKind::Assume(ivl::build::implies(
            self.same_group.clone(),
            Expr::eq(Expr::var(copies[0].clone()), Expr::var(copies[1].clone())),
        ))));
        Ok(())
    }

    pub(crate) fn emit_barrier(
        &mut self,
        s: &Stmt,
        args: &[Expr],
        predicated: Option<&[Expr; 2]>,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let r = self.renamer();
        let local_fence = r.expr(&args[0], 1, &en[0])?;
        let global_fence = r.expr(&args[1], 1, &en[0])?;
        if predicated.is_some() {
            let mut attrs = vec![Attribute::new("barrier_divergence", vec![])];
            attrs.extend(source_attrs(&s.attrs));
            self.push(Stmt {
                kind: StmtKind::Assert(ivl::build::implies(
                    self.same_group.clone(),
                    Expr::eq(en[0].clone(), en[1].clone()),
                )),
                attrs,
                span: s.span,
            });
        }
        // Image memory is fenced only by `CLK_IMAGE_MEM_FENCE`.
        let image_fence = Expr::bool(ivl::ast::has_attr(&s.attrs, ivl::kernel::IMAGE_FENCE_ATTR));
        let fence_of = |a: &crate::arrays::ArrayInfo| match a.space {
            MemorySpace::GroupShared => local_fence.clone(),
            _ if a.image => image_fence.clone(),
            _ => global_fence.clone(),
        };
        // Clear the flags of the fenced spaces when the threads share a
        // group. The flags of group-shared arrays are also cleared when they
        // do not: a group-shared race needs one group (its check has
        // `same_group`), so for such a pair the flags are dead, and clearing
        // them lets a barrier-clears-the-flags loop invariant hold for every
        // pair.
        let mut pairs = Vec::new();
        for (name, g) in self.ghosts {
            let space = self.arrays[name].space;
            let fence = fence_of(&self.arrays[name]);
            if matches!(fence.kind, ExprKind::Bool(false)) {
                continue;
            }
            let cond = if space == MemorySpace::GroupShared {
                if matches!(en[0].kind, ExprKind::Bool(true)) {
                    fence
                } else {
                    and(
                        ivl::build::implies(self.same_group.clone(), en[0].clone()),
                        fence,
                    )
                }
            } else {
                and(self.same_group.clone(), and(en[0].clone(), fence))
            };
            for f in g.flags() {
                pairs.push((lhs(f.clone()), and(Expr::var(f.clone()), not(cond.clone()))));
            }
        }
        if !pairs.is_empty() {
            let mut attrs = vec![Attribute::new("barrier", vec![])];
            attrs.extend(source_attrs(&s.attrs));
            self.push(assign(pairs, attrs));
        }
        // Equality copies of the fenced spaces become arbitrary.
        let equal: Vec<(String, MemorySpace)> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space() && a.abstraction == Abstraction::Equality)
            .filter(|a| !matches!(fence_of(a).kind, ExprKind::Bool(false)))
            .map(|a| (a.ivl_name.clone(), a.space))
            .collect();
        for (name, _) in equal {
            self.havoc_equality_copies(&name, self.same_group.clone(), predicated, en)?;
        }
        Ok(())
    }

    /// Makes both threads' equality copies of array `name` arbitrary (other
    /// threads' writes become visible at a barrier), equal when `same_view`
    /// holds; under predication only an enabled thread's copy changes.
    pub(crate) fn havoc_equality_copies(
        &mut self,
        name: &str,
        same_view: Expr,
        predicated: Option<&[Expr; 2]>,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let copies = [self.renamer().name(name, 1), self.renamer().name(name, 2)];
        let ty = self.type_of(name)?;
        let fresh: [String; 2] = if predicated.is_some() {
            [self.temp(&ty, 1, 0), self.temp(&ty, 2, 0)]
        } else {
            copies.clone()
        };
        self.push(Stmt::new(StmtKind::Havoc(
            fresh.iter().map(|n| Ident::synthetic(n.clone())).collect(),
        )));
        self.push(Stmt::new(StmtKind::Assume(ivl::build::implies(
            same_view,
            Expr::eq(Expr::var(fresh[0].clone()), Expr::var(fresh[1].clone())),
        ))));
        if predicated.is_some() {
            let pairs = [0, 1]
                .map(|k| {
                    (
                        lhs(copies[k].clone()),
                        ite(
                            en[k].clone(),
                            Expr::var(fresh[k].clone()),
                            Expr::var(copies[k].clone()),
                        ),
                    )
                })
                .to_vec();
            self.push(assign(pairs, vec![]));
        }
        Ok(())
    }
}

/// Whether a read (`flatten.rs` hoists the reads of an annotation into
/// reads carrying the annotation's attributes) is an access of the kernel,
/// logged and race-checked. A read of an assertion, a loop invariant or an
/// assumption (`{:user}`) reads the work item's view of memory and is not
/// an access (docs/annotations.md, "Reads in annotations"); neither is a
/// barrier invariant's read after its barrier, where it is assumed. The
/// read of a barrier invariant before its barrier (`{:user}
/// {:barrier_invariant}`) is its access check (Chong et al., OOPSLA
/// 2013): the work item's copy of the element is exact only if no other
/// work item wrote it since the last barrier, which the race check of the
/// read decides; `--no-barrier-access-checks` drops it (an assumption the
/// report prints).
fn is_access(s: &Stmt, barrier_access_checks: bool) -> bool {
    if ivl::ast::has_attr(&s.attrs, crate::assertion_reads::ASSERTION_READ_ATTR) {
        return true;
    }
    let user = ivl::ast::has_attr(&s.attrs, ivl::kernel::USER_ATTR);
    let barrier_invariant = ivl::ast::has_attr(&s.attrs, BARRIER_INVARIANT_ATTR);
    match (user, barrier_invariant) {
        (false, false) => true,
        (true, true) => barrier_access_checks,
        _ => false,
    }
}

/// The frontend's attribute of a barrier invariant's assertion and
/// assumption.
pub(crate) const BARRIER_INVARIANT_ATTR: &str = "barrier_invariant";
