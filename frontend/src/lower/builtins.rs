//! Calls: user functions (kept as IVL calls), GPU builtins, annotations,
//! atomics, integer intrinsics (modelled exactly) and the math library
//! (uninterpreted functions).
//!
//! Recognised by LLVM name (`llvm.*`, `llvm.nvvm.*`) or by the base name of
//! a mangled OpenCL builtin or annotation (see [`super::names::base_name`]).
//! A call to any other function without a body is lowered by
//! [`super::opaque_call`] (arbitrary result, havoc of reachable memory).

use super::function::{lhs, FnCtx, PtrExpr};
use super::images::ImageFence;
use super::inst::{bv_const, rebase, resize};
use super::layout::is_pointer;
use super::mathlib::MATH;
use super::memory::Node;
use super::names::{base_name, first_param_signed};
use crate::error::FrontendError;
use ivl::ast::{Attribute, BinaryOp as B, Decl, Expr, Ident, StmtKind, Type, Variable};
use llvm_ir::instruction::Call;
use llvm_ir::{Constant, Name, Operand};

const OPENCL_ATOMICS: &[&str] = &[
    "add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor",
];

/// Whether a builtin dereferences its pointer arguments with their
/// pointee's width (atomics).
pub fn accesses_pointee(base: &str, full: &str) -> bool {
    let op = base
        .strip_prefix("atomic_")
        .or_else(|| base.strip_prefix("atom_"));
    op.is_some_and(|op| OPENCL_ATOMICS.contains(&op))
        || full.starts_with("llvm.nvvm.atomic.")
        || super::opencl_builtins::accesses_pointee(base)
}

fn dim_name(prefix: &str, dim: u64) -> Option<String> {
    ["x", "y", "z"]
        .get(dim as usize)
        .map(|d| format!("{prefix}_{d}"))
}

/// `wide && fence`, kept a literal when `fence` is one (equivalent).
fn gate_fence(wide: &Expr, fence: Expr) -> Expr {
    match fence.kind {
        ivl::ast::ExprKind::Bool(false) => fence,
        ivl::ast::ExprKind::Bool(true) => wide.clone(),
        _ => Expr::and(wide.clone(), fence),
    }
}

impl FnCtx<'_, '_> {
    pub(crate) fn callee(&self, call: &Call) -> Result<String, FrontendError> {
        match &call.function {
            either::Either::Left(_) => Err(self.err_site("inline assembly (`asm`)".into())),
            either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
                Constant::GlobalReference {
                    name: Name::Name(n),
                    ..
                } => Ok(n.to_string()),
                _ => Err(self.err_site("a call through a function pointer".into())),
            },
            either::Either::Right(_) => {
                Err(self.err_site("a call through a function pointer".into()))
            }
        }
    }

    pub(crate) fn arg(&mut self, call: &Call, i: usize) -> Result<Expr, FrontendError> {
        let op = call
            .arguments
            .get(i)
            .map(|(o, _)| o.clone())
            .ok_or_else(|| self.err_site("a builtin call with too few arguments".into()))?;
        self.value(&op)
    }

    pub(crate) fn arg_ptr(&mut self, call: &Call, i: usize) -> Result<PtrExpr, FrontendError> {
        let op = call
            .arguments
            .get(i)
            .map(|(o, _)| o.clone())
            .ok_or_else(|| self.err_site("a builtin call with too few arguments".into()))?;
        self.pointer(&op)
    }

    pub(crate) fn result_width(&self, call: &Call) -> Option<u32> {
        let ty = self.k.module.type_of(call);
        self.k.layout.bits(&ty).map(|b| b as u32)
    }

    /// A uniform launch constant (`$warp_size`, `$work_dim`).
    pub(crate) fn launch_constant(&mut self, name: &str) -> Expr {
        self.k
            .extra_decls
            .entry(name.to_string())
            .or_insert_with(|| {
                Decl::Const(Variable {
                    attrs: vec![Attribute::new("launch_constant", vec![])],
                    name: Ident::synthetic(name),
                    ty: Type::Bv(32),
                    span: ivl::Span::DUMMY,
                })
            });
        Expr::var(name)
    }

    /// `get_local_id(d)` and friends, for a constant or variable dimension.
    pub(crate) fn work_item(
        &mut self,
        base: &str,
        call: &Call,
    ) -> Result<Option<Expr>, FrontendError> {
        let component = |prefix: &str, d: u64, default: u128| {
            dim_name(prefix, d).map_or(Expr::bv(default, 32), Expr::var)
        };
        let per_dim = |d: u64| -> Option<Expr> {
            Some(match base {
                "get_local_id" => component("local_id", d, 0),
                "get_group_id" => component("group_id", d, 0),
                "get_local_size" | "get_enqueued_local_size" => component("local_size", d, 1),
                "get_num_groups" => component("num_groups", d, 1),
                "get_global_offset" => component("global_offset", d, 0),
                "get_global_size" => Expr::binary(
                    B::Mul,
                    component("num_groups", d, 1),
                    component("local_size", d, 1),
                ),
                "get_global_id" => Expr::binary(
                    B::Add,
                    Expr::binary(
                        B::Add,
                        Expr::binary(
                            B::Mul,
                            component("group_id", d, 0),
                            component("local_size", d, 1),
                        ),
                        component("local_id", d, 0),
                    ),
                    component("global_offset", d, 0),
                ),
                _ => return None,
            })
        };
        if per_dim(0).is_none() {
            return Ok(None);
        }
        let dim_op = call
            .arguments
            .first()
            .map(|(o, _)| o.clone())
            .ok_or_else(|| self.err_site(format!("`{base}` without a dimension")))?;
        let value = match super::ConstInt::const_int(&dim_op) {
            Some(d) => per_dim(d.unsigned).unwrap_or_else(|| Expr::bv(0, 32)),
            None => {
                let d = self.value(&dim_op)?;
                let beyond = if base.contains("size") || base == "get_num_groups" {
                    1
                } else {
                    0
                };
                (0..3u64).rev().fold(Expr::bv(beyond, 32), |rest, i| {
                    Expr::ite(
                        Expr::eq(d.clone(), Expr::bv(u128::from(i), 32)),
                        per_dim(i).unwrap_or_else(|| Expr::bv(0, 32)),
                        rest,
                    )
                })
            }
        };
        let w = self.result_width(call).unwrap_or(32);
        Ok(Some(resize(value, 32, w, false)))
    }

    /// OpenCL 2.0 `get_local_linear_id()` and `get_global_linear_id()`
    /// by the specification's formulas, in the width of `size_t`:
    /// `(l2 * s1 + l1) * s0 + l0` with `l` the local ids and `s` the local
    /// sizes, or with `l` the global ids less the offset (`group_id *
    /// local_size + local_id`) and `s` the global sizes. `None` for other
    /// callees.
    pub(crate) fn linear_id(&self, base: &str, call: &Call) -> Option<Expr> {
        let global = match base {
            "get_local_linear_id" => false,
            "get_global_linear_id" => true,
            _ => return None,
        };
        if !call.arguments.is_empty() {
            return None;
        }
        let w = self.result_width(call).unwrap_or(32);
        let var = |prefix: &str, d: u64| {
            let name = dim_name(prefix, d).unwrap_or_default();
            resize(Expr::var(name), 32, w, false)
        };
        let mul = |a: Expr, b: Expr| Expr::binary(B::Mul, a, b);
        let add = |a: Expr, b: Expr| Expr::binary(B::Add, a, b);
        let id = |d: u64| match global {
            false => var("local_id", d),
            true => add(
                mul(var("group_id", d), var("local_size", d)),
                var("local_id", d),
            ),
        };
        let size = |d: u64| match global {
            false => var("local_size", d),
            true => mul(var("num_groups", d), var("local_size", d)),
        };
        Some(add(mul(add(mul(id(2), size(1)), id(1)), size(0)), id(0)))
    }

    /// The expression of a call without side effects, or `None`.
    pub fn pure_call(&mut self, call: &Call) -> Result<Option<Expr>, FrontendError> {
        let callee = self.callee(call)?;
        if let Some(sreg) = callee.strip_prefix("llvm.nvvm.read.ptx.sreg.") {
            let (reg, dim) = sreg.split_once('.').unwrap_or((sreg, ""));
            let prefix = match reg {
                "tid" => "local_id",
                "ctaid" => "group_id",
                "ntid" => "local_size",
                "nctaid" => "num_groups",
                _ => return Err(self.err_site(format!("the special register `{sreg}`"))),
            };
            return Ok(Some(Expr::var(format!("{prefix}_{dim}"))));
        }
        let base = base_name(&callee).to_string();
        // Annotations first: their pointer arguments are not values.
        if base.starts_with("__") {
            if let Some(e) = self.annotation_expr(&base, call)? {
                return Ok(Some(e));
            }
        }
        if let Some(e) = self.int_intrinsic(&callee, call)? {
            return Ok(Some(e));
        }
        if let Some(e) = self.linear_id(&base, call) {
            return Ok(Some(e));
        }
        if let Some(e) = self.work_item(&base, call)? {
            return Ok(Some(e));
        }
        if matches!(base.as_str(), "select" | "bitselect") && call.arguments.len() == 3 {
            return self.select_builtin(&base, call).map(Some);
        }
        if let Some(uf) = callee.strip_prefix("__gpuverify_uf_") {
            return self.user_uninterpreted(uf, call).map(Some);
        }
        Ok(Some(match base.as_str() {
            "__gpuverify_warp_size" => self.launch_constant("$warp_size"),
            "get_work_dim" => self.launch_constant("$work_dim"),
            _ if self.k.functions.iter().any(|f| f.name == callee) => return Ok(None),
            // min/max/clamp reach here only on floats (integers are exact
            // in `int_intrinsic`): uninterpreted like the math library.
            _ if MATH.contains(&base.as_str())
                || matches!(base.as_str(), "min" | "max" | "clamp")
                || callee.starts_with("llvm.fmuladd")
                || callee.starts_with("llvm.fma")
                || is_float_intrinsic(&callee) =>
            {
                let mut args = Vec::new();
                let mut params = Vec::new();
                for i in 0..call.arguments.len() {
                    let ty = self.k.module.type_of(&call.arguments[i].0);
                    let t = self
                        .k
                        .layout
                        .value_type(&ty)
                        .ok_or_else(|| self.err_site(format!("`{base}` on `{ty}`")))?;
                    params.push(t);
                    args.push(self.arg(call, i)?);
                }
                let ret_ty = self.k.module.type_of(call);
                let ret = self
                    .k
                    .layout
                    .value_type(&ret_ty)
                    .ok_or_else(|| self.err_site(format!("`{base}` returning `{ret_ty}`")))?;
                if callee.starts_with("llvm.fabs") {
                    // Exact: clear the sign bit.
                    if let (Type::Bv(w), Some(x)) = (&ret, args.pop()) {
                        return Ok(Some(Expr::binary(
                            B::BvAnd,
                            x,
                            bv_const((1i128 << (w - 1)) - 1, *w),
                        )));
                    }
                }
                let name = format!("${}", callee.replace("llvm.", ""));
                self.uninterpreted(&name, params, ret, args)
            }
            _ => return Ok(None),
        }))
    }

    /// OpenCL `select(a, b, c)` (per lane: the most significant bit of
    /// `c`'s lane, or `c != 0` on scalars, picks `b`) and `bitselect`.
    /// A call whose result is arbitrary and that has no other effect: its
    /// destination (if any) is havocked, with no source position (the call
    /// is synthesised or has no debug location of its own).
    /// For `work_group_barrier(flags, scope)`: `None` when the scope is
    /// `memory_scope_work_group` or wider (or absent), `Some(None)` when it
    /// is a narrower constant, `Some(Some(c))` for a run-time scope (a
    /// helper's `memory_scope` parameter) with `c` the condition
    /// `1 <= scope <= 3` under which it is wide (clang's `memory_scope`
    /// values: work_item 0, work_group 1, device 2, all_svm_devices 3,
    /// sub_group 4).
    pub(crate) fn barrier_scope_wide(
        &mut self,
        base: &str,
        call: &Call,
    ) -> Result<Option<Option<Expr>>, FrontendError> {
        if base != "work_group_barrier" {
            return Ok(None);
        }
        let Some((scope, _)) = call.arguments.get(1) else {
            return Ok(None);
        };
        Ok(
            match super::ConstInt::const_int(scope).map(|c| c.unsigned) {
                Some(1..=3) => None,
                Some(_) => Some(None),
                None => {
                    let w = self
                        .k
                        .layout
                        .bits(&self.k.module.type_of(scope))
                        .unwrap_or(32) as u32;
                    let v = self.value(scope)?;
                    Some(Some(Expr::and(
                        Expr::binary(B::BvULe, Expr::bv(1, w), v.clone()),
                        Expr::binary(B::BvULe, v, Expr::bv(3, w)),
                    )))
                }
            },
        )
    }

    fn arbitrary_result(&mut self, call: &Call) -> Result<(), FrontendError> {
        if let Some(dest) = &call.dest {
            let ty = self.k.module.type_of(call);
            let d = self.dest_local(dest, &ty)?;
            let loc = self.cur_loc.take();
            self.emit(StmtKind::Havoc(vec![Ident::synthetic(d)]), Vec::new());
            self.cur_loc = loc;
        }
        Ok(())
    }

    fn select_builtin(&mut self, base: &str, call: &Call) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(call);
        let (a, b, c) = (self.arg(call, 0)?, self.arg(call, 1)?, self.arg(call, 2)?);
        let total =
            self.k
                .layout
                .bits(&ty)
                .ok_or_else(|| self.err_site(format!("`{base}` on `{ty}`")))? as u32;
        if base == "bitselect" {
            let not_c = Expr::unary(ivl::ast::UnaryOp::BvNot, c.clone());
            return Ok(Expr::binary(
                B::BvOr,
                Expr::binary(B::BvAnd, a, not_c),
                Expr::binary(B::BvAnd, b, c),
            ));
        }
        let cty = self.k.module.type_of(&call.arguments[2].0);
        let Some(lanes) = (match ty.as_ref() {
            llvm_ir::Type::VectorType { num_elements, .. } => Some(*num_elements as u32),
            _ => None,
        }) else {
            let cw = self.bits_of(&cty)?;
            return Ok(Expr::ite(Expr::binary(B::Neq, c, Expr::bv(0, cw)), b, a));
        };
        let (w, cw) = (total / lanes, self.bits_of(&cty)? / lanes);
        let lanes = (0..lanes)
            .map(|l| {
                let msb = l * cw + cw - 1;
                Expr::ite(
                    Expr::eq(
                        super::inst::extract(c.clone(), msb + 1, msb),
                        Expr::bv(1, 1),
                    ),
                    super::inst::extract(b.clone(), (l + 1) * w, l * w),
                    super::inst::extract(a.clone(), (l + 1) * w, l * w),
                )
            })
            .collect();
        Ok(super::values::concat_lanes(lanes))
    }

    /// Lowers a call instruction.
    pub fn call(&mut self, call: &Call, in_entry: bool) -> Result<(), FrontendError> {
        if call.function.is_left() && call.dest.is_none() && self.k.meta.inline_asm_all_empty {
            // `asm volatile("" ::: "memory")`: a compiler fence, no effect.
            return Ok(());
        }
        if super::indirect_calls::is_indirect(call) {
            // Through a function pointer (lower/indirect_calls.rs).
            return self.indirect_call(call);
        }
        let callee = self.callee(call)?;
        let base = base_name(&callee).to_string();
        if callee.starts_with("llvm.dbg.")
            || callee.starts_with("llvm.lifetime.")
            || callee.starts_with("llvm.nvvm.membar")
            || base.ends_with("mem_fence")
        {
            // Debug info and lifetimes carry no semantics; fences order
            // memory but do not synchronise threads, so they change no race.
            return Ok(());
        }
        if self.wide_vector_call(&callee, &base, call)? {
            return Ok(());
        }
        if self.warp_builtin(&callee, &base, call)? {
            // Warp/grid barriers, shuffles, votes (lower/warp.rs).
            return Ok(());
        }
        if !self.k.functions.iter().any(|f| f.name == callee)
            && self.device_heap_call(&callee, call)?
        {
            // malloc/free, new/delete (lower/device_heap.rs).
            return Ok(());
        }
        if super::opaque_call::ignores_pointer_arguments(&base)
            && !self.k.functions.iter().any(|f| f.name == callee)
        {
            return self.opaque_call(&callee, &base, call);
        }
        if self.annotation_stmt(&base, call, in_entry)? || self.barrier_invariant(&base, call)? {
            return Ok(());
        }
        if callee == "llvm.assume" {
            // The header maps `__builtin_assume` to `__assume`, so every
            // `llvm.assume` left is the optimiser's: the guard of a path it
            // deleted because the path has undefined behaviour (a store
            // through a null or undefined pointer). Reaching that path is a
            // defect, not an assumption.
            let c = self.arg(call, 0)?;
            self.emit(
                StmtKind::Assert(c.clone()),
                vec![Attribute::new(ivl::kernel::UB_CHECK_ATTR, vec![])],
            );
            self.emit(StmtKind::Assume(c), Vec::new());
            return Ok(());
        }
        if base.starts_with(crate::uninit::ARBITRARY_PREFIX) {
            // The initial value of a local variable (`crate::uninit`).
            return self.arbitrary_result(call);
        }
        if base == "__gpuverify_unreachable" {
            // `__builtin_unreachable()` as the programmer wrote it (the
            // header's macro): the path is assumed not taken.
            self.emit(
                StmtKind::Assume(Expr::bool(false)),
                vec![
                    Attribute::new("unreachable", vec![]),
                    Attribute::new(ivl::kernel::USER_ATTR, vec![]),
                ],
            );
            return Ok(());
        }
        if let Some(ci) = self.k.functions.iter().position(|f| f.name == callee) {
            return self.user_call(call, ci);
        }
        if callee.starts_with("llvm.nvvm.barrier0")
            || matches!(base.as_str(), "barrier" | "work_group_barrier")
        {
            // `image`: whether the barrier fences image memory, or the
            // flags value whose `CLK_IMAGE_MEM_FENCE` bit decides it.
            let (local, global, image) = if callee.starts_with("llvm.nvvm") {
                (Expr::bool(true), Expr::bool(true), ImageFence::No)
            } else {
                let flags = call
                    .arguments
                    .first()
                    .map(|(o, _)| o.clone())
                    .ok_or_else(|| self.err_site("`barrier` without flags".into()))?;
                match super::ConstInt::const_int(&flags) {
                    Some(f) => (
                        Expr::bool(f.unsigned & 1 != 0),
                        Expr::bool(f.unsigned & 2 != 0),
                        if f.unsigned & 4 != 0 {
                            ImageFence::Yes
                        } else {
                            ImageFence::No
                        },
                    ),
                    None => {
                        let f = self.value(&flags)?;
                        let bit = |b: u128| {
                            Expr::binary(
                                B::Neq,
                                Expr::binary(B::BvAnd, f.clone(), Expr::bv(b, 32)),
                                Expr::bv(0, 32),
                            )
                        };
                        // Flags known only at run time (a helper's
                        // parameter): the image bit picks the barrier.
                        (bit(1), bit(2), ImageFence::When(bit(4)))
                    }
                }
            };
            // `work_group_barrier(flags, scope)` with a scope narrower than
            // the work-group (`memory_scope_work_item`, `_sub_group`) makes
            // the fenced accesses visible only within that scope: it still
            // synchronises the group's execution, but orders no accesses of
            // two work items we can tell apart. Modelled as a barrier
            // fencing nothing (s11 review: before, the scope was ignored and
            // a neighbour's `__local` element read after a sub-group-scope
            // barrier verified); a scope known only at run time fences when
            // it is wide, like run-time flags.
            let (local, global, image) = match self.barrier_scope_wide(&base, call)? {
                None => (local, global, image),
                Some(None) => (Expr::bool(false), Expr::bool(false), ImageFence::No),
                // `wide && false` stays the literal `false`: a fence the
                // flags never ask for is not one the transform must assume
                // may happen (with --no-inline a helper's contract would
                // otherwise lose the other space's access logs).
                Some(Some(wide)) => (
                    gate_fence(&wide, local),
                    gate_fence(&wide, global),
                    match image {
                        ImageFence::No => ImageFence::No,
                        ImageFence::Yes => ImageFence::When(wide),
                        ImageFence::When(bit) => ImageFence::When(Expr::and(wide, bit)),
                    },
                ),
            };
            self.emit_barrier(local, global, image);
            self.assume_barrier_invariants();
            if let Some(dest) = &call.dest {
                // __syncthreads_count/and/or: constrained in lower/warp.rs.
                let ty = self.k.module.type_of(call);
                let d = self.dest_local(dest, &ty)?;
                // No source position: the call is synthesised (it has no
                // debug location of its own).
                let loc = self.cur_loc.take();
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(d.clone())]),
                    Vec::new(),
                );
                self.barrier_reduction(&callee, call, &d)?;
                self.cur_loc = loc;
            }
            return Ok(());
        }
        if self.async_copy(&base, call)? {
            return Ok(());
        }
        if self.mem_intrinsic(&callee, call)? {
            return Ok(());
        }
        if self.address_space_query(&callee, call)? {
            return Ok(());
        }
        if self.gnu_atomic(&callee, call)? {
            return Ok(());
        }
        if self.atomic_builtin(&callee, &base, call)? {
            return Ok(());
        }
        if self.image_builtin(&base, call)? {
            return Ok(());
        }
        if self.opencl_builtin(&callee, &base, call)? {
            return Ok(());
        }
        if callee == "__translate_sampler_initializer" {
            // A program-scope `const sampler_t`: a null pointer (samplers
            // have no memory; image reads ignore them).
            if let Some(dest) = &call.dest {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: dest.clone(),
                    ty: self.k.module.type_of(call),
                });
                let w = self.k.layout.ptr_bits;
                let null = PtrExpr {
                    base: Expr::bv(0, 32),
                    off: Expr::bv(0, w),
                    unit: 1,
                    objects: Vec::new(),
                    tracks_base: true,
                };
                let l = self.pointer_lhs(dest, &class);
                self.assign(l, Self::pointer_rhs(null, &class), Vec::new());
            }
            return Ok(());
        }
        if callee == "printf" {
            // Output only: no memory effect; the result (0 or -1) is arbitrary.
            return self.arbitrary_result(call);
        }
        if let Some(e) = self.pure_call(call)? {
            let Some(dest) = &call.dest else {
                return Ok(());
            };
            let ty = self.k.module.type_of(call);
            let d = self.dest_local(dest, &ty)?;
            self.assign(vec![lhs(&d)], vec![e], Vec::new());
            return Ok(());
        }
        if base.starts_with("read_image")
            || base.starts_with("write_image")
            || base.starts_with("get_image")
        {
            return Err(self.err_site(format!("the image builtin `{base}`")));
        }
        self.opaque_call(&callee, &base, call)
    }

    pub(crate) fn atomic_builtin(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        let op = if let Some(op) = callee.strip_prefix("llvm.nvvm.atomic.load.") {
            op.split('.').next().unwrap_or(op).to_string()
        } else if let Some(op) = base
            .strip_prefix("atomic_")
            .or_else(|| base.strip_prefix("atom_"))
            .filter(|o| OPENCL_ATOMICS.contains(o))
        {
            op.to_string()
        } else {
            return Ok(false);
        };
        let signed = first_param_signed(callee).unwrap_or(true);
        let address = call.arguments[0].0.clone();
        let ty = self.k.module.type_of(call);
        let w = self.k.layout.bits(&ty).unwrap_or(32) as u32;
        let args: Vec<Expr> = (1..call.arguments.len())
            .map(|i| self.arg(call, i))
            .collect::<Result<_, _>>()?;
        let v = args.first().cloned().unwrap_or_else(|| Expr::bv(0, w));
        let dest = match &call.dest {
            Some(d) => self.dest_local(d, &ty)?,
            None => self.fresh_local("$atomic", Type::Bv(w)),
        };
        let cuda = callee.starts_with("llvm.nvvm");
        let (lt, gt) = if signed {
            (B::BvSLt, B::BvSGt)
        } else {
            (B::BvULt, B::BvUGt)
        };
        let one = Expr::bv(1, w);
        let op2 = op.clone();
        self.atomic(&address, &dest, &ty, &op, &mut |_, old| {
            let pick = |c: B| {
                Expr::ite(
                    Expr::binary(c, old.clone(), v.clone()),
                    old.clone(),
                    v.clone(),
                )
            };
            Ok(match op2.as_str() {
                "inc" if cuda => Expr::ite(
                    Expr::binary(B::BvUGe, old.clone(), v.clone()),
                    Expr::bv(0, w),
                    Expr::binary(B::Add, old.clone(), one.clone()),
                ),
                "dec" if cuda => Expr::ite(
                    Expr::or(
                        Expr::eq(old.clone(), Expr::bv(0, w)),
                        Expr::binary(B::BvUGt, old.clone(), v.clone()),
                    ),
                    v.clone(),
                    Expr::binary(B::Sub, old.clone(), one.clone()),
                ),
                "inc" => Expr::binary(B::Add, old.clone(), one.clone()),
                "dec" => Expr::binary(B::Sub, old.clone(), one.clone()),
                "add" => Expr::binary(B::Add, old.clone(), v.clone()),
                "sub" => Expr::binary(B::Sub, old.clone(), v.clone()),
                "xchg" => v.clone(),
                "and" => Expr::binary(B::BvAnd, old.clone(), v.clone()),
                "or" => Expr::binary(B::BvOr, old.clone(), v.clone()),
                "xor" => Expr::binary(B::BvXor, old.clone(), v.clone()),
                "min" => pick(lt),
                "max" => pick(gt),
                "cmpxchg" => {
                    let new = args.get(1).cloned().unwrap_or_else(|| Expr::bv(0, w));
                    Expr::ite(Expr::eq(old.clone(), v.clone()), new, old.clone())
                }
                other => {
                    return Err(FrontendError::unsupported(
                        crate::error::Site {
                            loc: None,
                            function: None,
                        },
                        format!("the atomic `{other}`"),
                    ))
                }
            })
        })?;
        if !cuda && super::atomic_slots::is_increment_call(base, &call.arguments) {
            self.atomic_slot_owner(&address, &dest, w)?;
        }
        Ok(true)
    }

    pub(crate) fn user_call(&mut self, call: &Call, ci: usize) -> Result<(), FrontendError> {
        let callee = self.k.functions[ci];
        let w = self.k.layout.ptr_bits;
        let mut args = Vec::new();
        for (pi, (op, _)) in call.arguments.iter().enumerate() {
            if is_pointer(&self.k.module.type_of(op)) {
                let class = self.k.memory.class(&Node::Param(ci, pi));
                let p = rebase(self.pointer(op)?, &class, w);
                args.extend(Self::pointer_rhs(p, &class));
            } else if self.is_aggregate(&self.k.module.type_of(op)) {
                args.extend(self.aggregate_values(op)?);
            } else if self.wide_vector(&self.k.module.type_of(op)).is_some() {
                // One argument per lane (lower/wide_vectors.rs).
                args.extend(self.wide_lanes(op)?);
            } else {
                args.push(self.value(op)?);
            }
        }
        let mut rets = Vec::new();
        if let Some(dest) = &call.dest {
            if is_pointer(&callee.return_type) {
                let class = self.k.memory.class(&Node::Ret(ci));
                let mine = self.class_of_operand(&Operand::LocalOperand {
                    name: dest.clone(),
                    ty: callee.return_type.clone(),
                });
                if class.unit != mine.unit {
                    return Err(self.err_site(
                        "a returned pointer whose element size differs between caller and callee"
                            .into(),
                    ));
                }
                rets.extend(self.pointer_lhs(dest, &class).into_iter().map(|l| l.name));
            } else if self.is_aggregate(&callee.return_type) {
                let names = self.aggregate_lhs(dest, &callee.return_type)?;
                rets.extend(names.into_iter().map(Ident::synthetic));
            } else if self.wide_vector(&callee.return_type).is_some() {
                let names = self.wide_dest(dest, &callee.return_type)?;
                rets.extend(names.into_iter().map(Ident::synthetic));
            } else {
                let d = self.dest_local(dest, &callee.return_type)?;
                rets.push(Ident::synthetic(d));
            }
        }
        let name = self.k.proc_names[ci].clone();
        self.emit(
            StmtKind::Call {
                callee: Ident::synthetic(name),
                args,
                rets,
            },
            Vec::new(),
        );
        Ok(())
    }
}

fn is_float_intrinsic(callee: &str) -> bool {
    let Some(rest) = callee.strip_prefix("llvm.") else {
        return false;
    };
    let name = rest.split('.').next().unwrap_or(rest);
    [
        "sqrt",
        "sin",
        "cos",
        "exp",
        "exp2",
        "log",
        "log2",
        "log10",
        "fabs",
        "floor",
        "ceil",
        "trunc",
        "rint",
        "round",
        "pow",
        "powi",
        "minnum",
        "maxnum",
        "copysign",
        "nearbyint",
        "canonicalize",
    ]
    .contains(&name)
}
