//! OpenCL `async_work_group_copy`, `async_work_group_strided_copy` and
//! `wait_group_events`.
//!
//! Model: the copy is performed, at the call, by *one* work item of the
//! group, chosen arbitrarily per call site (a launch constant
//! `$async_copier$N_x/y/z`; one at or above the group size means work
//! item 0). Since every work item may be the copier, every element the copy writes is checked
//! against the accesses of every other work item; the copier copies one
//! element at an arbitrary index below the count (the race check then
//! covers all of them, as for range operations in [`super::memops`]) and
//! the destination's contents become arbitrary. `wait_group_events` is a
//! work-group barrier on both memory spaces: the copied data is visible to
//! every work item after it (SOUNDNESS.md states what this assumes).
//! Events carry no information: an `event_t` value is a null pointer.
//! All three are collective: each emits `assert {:collective}` that its
//! arguments are `__uniform_int` (the transform adds that both threads of
//! a group reach it; the interpreter checks the whole group).

use super::function::{FnCtx, PtrExpr};
use super::inst::{bv_add, bv_const, resize};
use super::layout::pointee;
use crate::error::FrontendError;
use ivl::ast::{Attribute, BinaryOp as B, Decl, Expr, Ident, StmtKind, Type, Variable};
use llvm_ir::instruction::Call;

/// Whether `ty` is OpenCL's `event_t` (a pointer to `opencl.event_t`).
pub fn is_event(ty: &llvm_ir::TypeRef) -> bool {
    matches!(pointee(ty).map(|t| t.as_ref()),
        Some(llvm_ir::Type::NamedStructType { name }) if name == "opencl.event_t")
}

impl FnCtx<'_, '_> {
    /// The async copy builtins; returns whether `base` was one.
    pub fn async_copy(&mut self, base: &str, call: &Call) -> Result<bool, FrontendError> {
        let strided = match base {
            "async_work_group_copy" => false,
            "async_work_group_strided_copy" => true,
            "wait_group_events" => {
                let n = self.arg_ptr_bits(call, 0)?;
                let w = self.k.layout.ptr_bits;
                self.collective_check(vec![(n, w)]);
                self.emit(
                    StmtKind::Call {
                        callee: Ident::synthetic(ivl::kernel::BARRIER),
                        args: vec![Expr::bool(true), Expr::bool(true)],
                        rets: vec![],
                    },
                    vec![super::attr_str("wait_group_events", "")],
                );
                return Ok(true);
            }
            _ => return Ok(false),
        };
        let w = self.k.layout.ptr_bits;
        let dst = self.arg_ptr(call, 0)?;
        let src = self.arg_ptr(call, 1)?;
        let dst_ty = self.k.module.type_of(&call.arguments[0].0);
        let elem_bytes = pointee(&dst_ty)
            .and_then(|t| self.k.layout.alloc_size(t))
            .ok_or_else(|| self.err_site(format!("`{base}` on `{dst_ty}`")))?;
        let count = self.arg_ptr_bits(call, 2)?;
        // The strided side is the global one: local to global strides the
        // destination, global to local the source.
        let (dst_stride, src_stride) = if strided {
            let stride = self.arg_ptr_bits(call, 3)?;
            let dst_local = super::memory::address_space(&dst_ty) == 3;
            if dst_local {
                (bv_const(1, w), stride)
            } else {
                (stride, bv_const(1, w))
            }
        } else {
            (bv_const(1, w), bv_const(1, w))
        };
        // A collective operation: every work item reaches it with the same
        // arguments (OpenCL 6.13.10), checked before the copy.
        let mut uniform = vec![(dst.base.clone(), 32), (dst.off.clone(), w)];
        uniform.extend([
            (src.base.clone(), 32),
            (src.off.clone(), w),
            (count.clone(), w),
        ]);
        if strided {
            uniform.push((
                Expr::binary(B::Mul, dst_stride.clone(), src_stride.clone()),
                w,
            ));
        }
        self.collective_check(uniform);
        // The copier: one work item per call site.
        let site = self.k.extra_decls.len();
        let mut is_copier = Vec::new();
        for d in ["x", "y", "z"] {
            let name = format!("$async_copier${site}_{d}");
            self.k.extra_decls.insert(
                name.clone(),
                Decl::Const(Variable {
                    attrs: vec![Attribute::new("launch_constant", vec![])],
                    name: Ident::synthetic(name.clone()),
                    ty: Type::Bv(32),
                    span: ivl::Span::DUMMY,
                }),
            );
            // `c < size ? c : 0` rather than an assumption on `c`: every
            // local id can still be the copier, and a concrete run (the
            // interpreter draws `c` at random) never violates an assume.
            let size = Expr::var(format!("local_size_{d}"));
            let c = Expr::var(name);
            let copier = Expr::ite(Expr::binary(B::BvULt, c.clone(), size), c, Expr::bv(0, 32));
            is_copier.push(Expr::eq(Expr::var(format!("local_id_{d}")), copier));
        }
        let all = |v: Vec<Expr>| v.into_iter().reduce(Expr::and).unwrap_or(Expr::bool(true));
        let (copy, skip, done) = (
            self.fresh_label("async_copy"),
            self.fresh_label("async_skip"),
            self.fresh_label("async_done"),
        );
        self.split_block(vec![copy.clone(), skip.clone()], copy);
        let copier = all(is_copier);
        self.emit(
            StmtKind::Assume(Expr::and(
                copier.clone(),
                Expr::binary(B::Neq, count.clone(), bv_const(0, w)),
            )),
            Vec::new(),
        );
        // The element copied: arbitrary below the count (as above, a
        // conditional instead of an assumption).
        let k = self.fresh_local("$k", Type::Bv(w));
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(k.clone())]),
            Vec::new(),
        );
        let raw = Expr::var(k);
        let k = Expr::ite(
            Expr::binary(B::BvULt, raw.clone(), count.clone()),
            raw,
            bv_const(0, w),
        );
        self.for_each_target(&dst, &mut |this, d| {
            this.for_each_target(&src, &mut |this, s| {
                this.copy_element(d, &dst, &dst_stride, s, &src, &src_stride, &k, elem_bytes)
            })
        })?;
        self.split_block(vec![done.clone()], skip);
        self.emit(
            StmtKind::Assume(Expr::or(!copier, Expr::eq(count, bv_const(0, w)))),
            Vec::new(),
        );
        self.split_block(vec![done.clone()], done);
        if let Some(dest) = &call.dest {
            // The event: a null pointer.
            let class = self.class_of_operand(&llvm_ir::Operand::LocalOperand {
                name: dest.clone(),
                ty: dst_ty.clone(),
            });
            let l = self.pointer_lhs(dest, &class);
            let null = PtrExpr {
                base: Expr::bv(0, 32),
                off: bv_const(0, w),
                unit: 1,
                objects: Vec::new(),
                tracks_base: true,
            };
            self.assign(l, Self::pointer_rhs(null, &class), Vec::new());
        }
        Ok(true)
    }

    /// `assert {:collective} __uniform_int(v1) && ...;`: the group reaches
    /// this call together and every `v` (a bit-vector of `bits` bits, a multiple of 32) is the
    /// same in all its work items.
    fn collective_check(&mut self, values: Vec<(Expr, u32)>) {
        let mut terms = Vec::new();
        for (v, bits) in values {
            for lo in (0..bits).step_by(32) {
                let part = if bits == 32 {
                    v.clone()
                } else {
                    resize(
                        Expr::binary(B::BvLShr, v.clone(), bv_const(i128::from(lo), bits)),
                        bits,
                        32,
                        false,
                    )
                };
                terms.push(Expr::apply("__uniform_int", vec![part]));
            }
        }
        let all = terms
            .into_iter()
            .reduce(Expr::and)
            .unwrap_or(Expr::bool(true));
        self.emit(
            StmtKind::Assert(all),
            vec![Attribute::new(ivl::kernel::COLLECTIVE_ATTR, vec![])],
        );
    }

    /// Argument `i` (an integer) resized to the pointer width.
    fn arg_ptr_bits(&mut self, call: &Call, i: usize) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[i].0);
        let from = self.bits_of(&ty)?;
        let e = self.arg(call, i)?;
        Ok(resize(e, from, self.k.layout.ptr_bits, false))
    }

    /// Copies element `k` (of `bytes` bytes) from object `s` to object `d`,
    /// then havocs `d`.
    #[allow(clippy::too_many_arguments)]
    fn copy_element(
        &mut self,
        d: u32,
        dst: &PtrExpr,
        dst_stride: &Expr,
        s: u32,
        src: &PtrExpr,
        src_stride: &Expr,
        k: &Expr,
        bytes: u64,
    ) -> Result<(), FrontendError> {
        self.check_data(d)?;
        self.check_data(s)?;
        let w = self.k.layout.ptr_bits;
        let (ud, us) = (
            self.k.memory.object(d).unit.max(1),
            self.k.memory.object(s).unit.max(1),
        );
        if bytes % ud != 0 || bytes % us != 0 || (ud % us != 0 && us % ud != 0) {
            return Err(self.err_site(format!(
                "an async copy of {bytes}-byte elements between arrays of {us}-byte and {ud}-byte elements"
            )));
        }
        let start = |off: &Expr, stride: &Expr, unit: u64| {
            bv_add(
                off.clone(),
                Expr::binary(
                    B::Mul,
                    Expr::binary(B::Mul, k.clone(), stride.clone()),
                    bv_const(i128::from(bytes / unit), w),
                ),
            )
        };
        let (d_at, s_at) = (
            start(&dst.off, dst_stride, ud),
            start(&src.off, src_stride, us),
        );
        for part in 0..bytes / ud {
            let e = bv_const(i128::from(part), w);
            let value = self.chunk_value_at(ud, &e, Some((s, &s_at)), &Expr::bool(false))?;
            let l = self.element_lhs(d, bv_add(d_at.clone(), e));
            self.assign(vec![l], vec![value], Vec::new());
        }
        let name = self.k.memory.object(d).ivl_name.clone();
        self.emit(StmtKind::Havoc(vec![Ident::synthetic(name)]), Vec::new());
        Ok(())
    }
}
