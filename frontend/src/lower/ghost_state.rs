//! Ghost state of annotations: `__array_snapshot(dst, src)`, and the
//! results `__return_val_ptr()` / `__return_val_funptr(T)` name in contracts.
//!
//! Consumes: the call, whose arguments point to the starts of two
//! arrays. Guarantees: `dst`'s whole map becomes a copy of `src`'s map
//! (`$$dst := $$src`, no access: neither array is race-checked for it);
//! `dst` must be a private array of the thread (its own copy in the
//! two-thread program), both arrays must have one element size and hold
//! no pointers, and each pointer must name one array (else a located
//! refusal) at offset 0 (asserted when not a literal 0).

use super::function::{FnCtx, PtrExpr};
use super::memory::{Node, Space};
use crate::error::FrontendError;
use ivl::ast::{Attribute, Expr, ExprKind, Ident, Lhs, StmtKind};
use llvm_ir::instruction::Call;

impl FnCtx<'_, '_> {
    /// Lowers `__array_snapshot(dst, src)`.
    pub(crate) fn array_snapshot(&mut self, call: &Call) -> Result<(), FrontendError> {
        let dst = self.arg_ptr(call, 0)?;
        let src = self.arg_ptr(call, 1)?;
        let d = self.snapshot_object(&dst, "destination")?;
        let s = self.snapshot_object(&src, "source")?;
        let (dobj, sobj) = (self.k.memory.object(d), self.k.memory.object(s));
        if dobj.space != Space::Private {
            return Err(self.err_site(format!(
                "`__array_snapshot` into `{}`, which is not a private array: declare the \
                 snapshot as an array local to the function (each thread has its own copy)",
                dobj.source_name
            )));
        }
        if dobj.unit != sobj.unit || dobj.holds_pointers || sobj.holds_pointers {
            return Err(self.err_site(format!(
                "`__array_snapshot` from `{}` into `{}`: the arrays must have one element type \
                 and hold no pointers",
                sobj.source_name, dobj.source_name
            )));
        }
        let (dname, sname) = (dobj.ivl_name.clone(), sobj.ivl_name.clone());
        let lhs = Lhs {
            name: Ident::synthetic(dname),
            indices: Vec::new(),
            span: ivl::Span::DUMMY,
        };
        self.assign(vec![lhs], vec![Expr::var(sname)], Vec::new());
        Ok(())
    }

    /// `__return_val_ptr()` (in `__ensures`): the function's pointer
    /// result `($ret$base, $ret)`; later uses of the call's value read it.
    pub(crate) fn return_val_ptr(&mut self, call: &Call) -> Result<Expr, FrontendError> {
        let func = self.func;
        if super::indirect_calls::is_function_pointer(&func.return_type) {
            return Err(self.err_site(format!(
                "`__return_val_ptr()` in `{}`, which returns a function pointer: write \
                 `__return_val_funptr(T)` with the function pointer type `T`",
                func.name
            )));
        }
        if !super::layout::is_pointer(&func.return_type) {
            return Err(self.err_site(format!(
                "`__return_val_ptr()` in `{}`, which does not return a pointer",
                func.name
            )));
        }
        let class = self.k.memory.class(&Node::Ret(self.fi));
        let objects: Vec<u32> = class.objects.iter().copied().collect();
        if objects.is_empty() {
            return Err(self.err_site(
                "`__return_val_ptr()` of a function that returns only null pointers".into(),
            ));
        }
        let base = if class.tracks_base() {
            Expr::var("$ret$base")
        } else {
            Expr::bv(u128::from(objects[0]), 32)
        };
        let ptr = PtrExpr {
            base,
            off: Expr::var("$ret"),
            unit: class.unit.max(1),
            objects,
            tracks_base: class.tracks_base(),
        };
        if let Some(dest) = &call.dest {
            self.fixed_ptrs.insert(dest.clone(), ptr);
        }
        Ok(Expr::var("$ret"))
    }

    /// `__return_val_funptr(T)` (in `__ensures`): the function's
    /// function-pointer result, a function id (`$ret`, see
    /// [`super::indirect_calls`]), compared and cast like an integer.
    pub(crate) fn return_val_funptr(&mut self) -> Result<Expr, FrontendError> {
        let func = self.func;
        if !super::indirect_calls::is_function_pointer(&func.return_type) {
            return Err(self.err_site(format!(
                "`__return_val_funptr(T)` in `{}`, which does not return a function pointer",
                func.name
            )));
        }
        Ok(Expr::var("$ret"))
    }

    /// `__read_permission(p)` / `__write_permission(p)` in a barrier
    /// invariant: the value is `true`; while the invariant is folded the
    /// element is recorded, and [`Self::emit_permissions`] claims it for
    /// each instantiation. Elsewhere it has no effect.
    pub(crate) fn permission(&mut self, base: &str, call: &Call) -> Result<Expr, FrontendError> {
        if self.folding {
            let p = self.arg_ptr(call, 0)?;
            self.barrier_permissions
                .push((base == "__write_permission", p));
        }
        Ok(Expr::bool(true))
    }

    /// The permissions of a barrier invariant instantiated with `inst` for
    /// the local id: the thread claims each element as if it accessed it
    /// where the invariant stands — a read of it, or a write of its own
    /// value — so the claim is race-checked like any access (another
    /// thread's conflicting access since the last barrier is a race) and
    /// logged, which is what the invariant's access check asks for.
    pub(crate) fn emit_permissions(
        &mut self,
        permissions: &[(bool, PtrExpr)],
        subst: &dyn Fn(&Expr) -> Expr,
    ) -> Result<(), FrontendError> {
        for (write, p) in permissions {
            let p = PtrExpr {
                base: subst(&p.base),
                off: subst(&p.off),
                ..p.clone()
            };
            self.for_each_target(&p, &mut |this, id| {
                let unit = this.k.memory.object(id).unit.max(1);
                let value = this.read(id, &p.off, unit)?;
                if *write {
                    let (l, r) = this.write(id, &p.off, unit, value)?;
                    this.assign(l, r, Vec::new());
                } else {
                    let tmp = this.fresh_local("permission", ivl::ast::Type::Bv(8 * unit as u32));
                    let l = Lhs {
                        name: Ident::synthetic(tmp),
                        indices: Vec::new(),
                        span: ivl::Span::DUMMY,
                    };
                    this.assign(vec![l], vec![value], Vec::new());
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// The one array `p` names; an offset that is not literally 0 gets an
    /// assertion that it is 0 (the pointer is the array's start).
    fn snapshot_object(&mut self, p: &PtrExpr, role: &str) -> Result<u32, FrontendError> {
        if !matches!(p.off.kind, ExprKind::Bv { value: 0, .. }) {
            let w = self.k.layout.ptr_bits;
            self.emit(
                StmtKind::Assert(Expr::eq(p.off.clone(), Expr::bv(0, w))),
                vec![Attribute::new(ivl::kernel::USER_ATTR, vec![])],
            );
        }
        match p.objects.as_slice() {
            [id] => Ok(*id),
            _ => Err(self.err_site(format!(
                "the {role} of `__array_snapshot` must be an array itself, not a pointer that \
                 may point to several arrays"
            ))),
        }
    }
}
