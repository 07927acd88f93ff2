//! OpenCL `async_work_group_copy`, `async_work_group_strided_copy` and
//! `wait_group_events` (OpenCL 1.2 §6.12.10).
//!
//! Model: the copy is performed by the *group*, at an unknown time between
//! the call and the `wait_group_events` that names its event. The call
//! emits `call async_copy_event(ev)` and then one element of the copy, at
//! an arbitrary index below the count, as `{:async_copy}` accesses
//! (`dst[k] := src[k]`; every work item executes them, each with its own
//! arbitrary `k`): the transform logs them as *pending* accesses of the
//! copy, which race with every conflicting access of any work item (the
//! same one included) until a wait retires them, and the interpreter does
//! the same concretely. The destination's contents then become arbitrary
//! (`havoc`). `wait_group_events(n, list)` emits `call async_wait(i < n,
//! list[i])` for the first [`MAX_WAITED`] events: it completes those copies
//! and orders nothing else (no barrier, no fence: SOUNDNESS.md).
//!
//! Events: a copy given event `0` returns a new event, an uninterpreted
//! function of the call site and the copy's arguments, made odd (never
//! 0), (so the copies of a
//! double-buffering loop, into different buffers or from different
//! sources, have different events; two pending copies with equal
//! arguments already race with each other); a copy given a non-zero event
//! joins it and returns it. An `event_t` is a pointer with base 0 whose
//! offset is the event (32 bits). All three calls are collective: each
//! emits `assert {:collective}` that its arguments (the events included)
//! are `__uniform_int` (the transform adds that both threads of a group
//! reach it; the interpreter checks the whole group).

use super::function::{FnCtx, PtrExpr};
use super::inst::{bv_add, bv_const, resize};
use super::layout::pointee;
use crate::error::FrontendError;
use ivl::ast::{Attribute, BinaryOp as B, Expr, Ident, StmtKind, Type};
use ivl::kernel::{ASYNC_COPY_ATTR, ASYNC_COPY_EVENT, ASYNC_ELEMENT_ATTR, ASYNC_WAIT};
use llvm_ir::instruction::Call;

/// How many events of one `wait_group_events` are retired (a list longer
/// than this leaves the copies of the rest pending: false alarms only).
pub const MAX_WAITED: u64 = 16;

impl FnCtx<'_, '_> {
    /// The async copy builtins; returns whether `base` was one.
    pub fn async_copy(&mut self, base: &str, call: &Call) -> Result<bool, FrontendError> {
        let strided = match base {
            "async_work_group_copy" => false,
            "async_work_group_strided_copy" => true,
            "wait_group_events" => {
                self.wait_group_events(call)?;
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
        let joined = self.arg_ptr(call, if strided { 4 } else { 3 })?;
        let joined = resize(joined.off, w, 32, false);
        // A collective operation: every work item reaches it with the same
        // arguments (OpenCL 6.12.10), checked before the copy.
        let mut uniform = vec![(dst.base.clone(), 32), (dst.off.clone(), w)];
        uniform.extend([
            (src.base.clone(), 32),
            (src.off.clone(), w),
            (count.clone(), w),
            (joined.clone(), 32),
        ]);
        if strided {
            uniform.push((
                Expr::binary(B::Mul, dst_stride.clone(), src_stride.clone()),
                w,
            ));
        }
        self.collective_check(uniform);
        if strided {
            // Elements of one copy must not overlap (OpenCL C 2.0 6.13.10:
            // undefined if a stride is 0 or makes element instances
            // overlap): with a zero destination stride the group's work
            // items write one element concurrently, which the pending-copy
            // model (one element per work item, checked against other
            // copies and plain accesses) does not compare. Strides are in
            // elements, so a non-zero stride separates distinct elements.
            let one = bv_const(1, w);
            let fine = Expr::or(
                Expr::binary(B::BvULe, count.clone(), one),
                Expr::binary(B::Neq, dst_stride.clone(), bv_const(0, w)),
            );
            self.emit(
                StmtKind::Assert(fine),
                vec![Attribute::new(ivl::kernel::UB_CHECK_ATTR, vec![])],
            );
        }
        // The event: the joined one, or a new one.
        let site = self.k.extra_decls.len() as u128;
        let wt = Type::Bv(w);
        let fresh_event = self.uninterpreted(
            "__async_event",
            vec![
                Type::Bv(32),
                Type::Bv(32),
                wt.clone(),
                Type::Bv(32),
                wt.clone(),
                wt.clone(),
                wt,
            ],
            Type::Bv(32),
            vec![
                Expr::bv(site, 32),
                dst.base.clone(),
                dst.off.clone(),
                src.base.clone(),
                src.off.clone(),
                count.clone(),
                Expr::binary(B::Mul, dst_stride.clone(), src_stride.clone()),
            ],
        );
        let ev = self.fresh_local("$event", Type::Bv(32));
        self.emit(
            StmtKind::Assign {
                lhs: vec![super::function::lhs(&ev)],
                rhs: vec![Expr::ite(
                    Expr::binary(B::Neq, joined.clone(), Expr::bv(0, 32)),
                    joined,
                    // Never 0 (a copy given event 0 starts a new event).
                    Expr::binary(B::BvOr, fresh_event, Expr::bv(1, 32)),
                )],
            },
            Vec::new(),
        );
        self.emit(
            StmtKind::Call {
                callee: Ident::synthetic(ASYNC_COPY_EVENT),
                args: vec![Expr::var(ev.clone())],
                rets: vec![],
            },
            Vec::new(),
        );
        let (copy, skip, done) = (
            self.fresh_label("async_copy"),
            self.fresh_label("async_skip"),
            self.fresh_label("async_done"),
        );
        self.split_block(vec![copy.clone(), skip.clone()], copy);
        self.emit(
            StmtKind::Assume(Expr::binary(B::Neq, count.clone(), bv_const(0, w))),
            Vec::new(),
        );
        // The element copied: arbitrary below the count (a conditional
        // instead of an assumption, which a concrete run cannot violate).
        let k = self.fresh_local("$k", Type::Bv(w));
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(k.clone())]),
            vec![Attribute::new(ASYNC_ELEMENT_ATTR, vec![])],
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
            StmtKind::Assume(Expr::eq(count, bv_const(0, w))),
            Vec::new(),
        );
        self.split_block(vec![done.clone()], done);
        if let Some(dest) = &call.dest {
            // The event: a pointer with base 0 and the event as offset.
            let class = self.class_of_operand(&llvm_ir::Operand::LocalOperand {
                name: dest.clone(),
                ty: dst_ty.clone(),
            });
            let l = self.pointer_lhs(dest, &class);
            let event = PtrExpr {
                base: Expr::bv(0, 32),
                off: resize(Expr::var(ev), 32, w, false),
                unit: 1,
                objects: Vec::new(),
                tracks_base: true,
            };
            self.assign(l, Self::pointer_rhs(event, &class), Vec::new());
        }
        Ok(true)
    }

    /// `wait_group_events(n, list)`: a collective check of `n` and the
    /// events, then `call async_wait(i < n, list[i])` per event.
    fn wait_group_events(&mut self, call: &Call) -> Result<(), FrontendError> {
        let w = self.k.layout.ptr_bits;
        let n = self.arg_ptr_bits(call, 0)?;
        let list = self.arg_ptr(call, 1)?;
        let listed = match &call.arguments[0].0 {
            llvm_ir::Operand::ConstantOperand(c) => match c.as_ref() {
                llvm_ir::Constant::Int { value, .. } => (*value).min(MAX_WAITED),
                _ => MAX_WAITED,
            },
            _ => MAX_WAITED,
        };
        let mut events = Vec::new();
        if listed > 0 {
            let object =
                match list.objects.as_slice() {
                    [only] => *only,
                    [] => {
                        return Err(self.err_site(
                            "`wait_group_events` on an event list that points to no array".into(),
                        ))
                    }
                    _ => return Err(self.err_site(
                        "`wait_group_events` on an event list that may point into several arrays"
                            .into(),
                    )),
                };
            if list.tracks_base {
                self.emit(
                    StmtKind::Assert(Expr::eq(
                        list.base.clone(),
                        Expr::bv(u128::from(object), 32),
                    )),
                    vec![Attribute::new(ivl::kernel::NULL_CHECK_ATTR, vec![])],
                );
            }
            let (offsets, _) = self.pointer_maps(object)?;
            for i in 0..listed {
                let at = bv_add(list.off.clone(), bv_const(i as i128, w));
                let event = resize(Expr::select(Expr::var(offsets.clone()), at), w, 32, false);
                let listed = Expr::binary(B::BvULt, bv_const(i as i128, w), n.clone());
                events.push((listed, event));
            }
        }
        let mut uniform = vec![(n, w)];
        for (listed, event) in &events {
            uniform.push((
                Expr::ite(listed.clone(), event.clone(), Expr::bv(0, 32)),
                32,
            ));
        }
        self.collective_check(uniform);
        for (listed, event) in events {
            self.emit(
                StmtKind::Call {
                    callee: Ident::synthetic(ASYNC_WAIT),
                    args: vec![listed, event],
                    rets: vec![],
                },
                vec![super::attr_str("wait_group_events", "")],
            );
        }
        Ok(())
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

    /// Copies element `k` (of `bytes` bytes) from object `s` to object `d`
    /// as accesses of the copy (`{:async_copy}`), then havocs `d`.
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
            self.assign(
                vec![l],
                vec![value],
                vec![Attribute::new(ASYNC_COPY_ATTR, vec![])],
            );
        }
        let name = self.k.memory.object(d).ivl_name.clone();
        self.emit(StmtKind::Havoc(vec![Ident::synthetic(name)]), Vec::new());
        Ok(())
    }
}
