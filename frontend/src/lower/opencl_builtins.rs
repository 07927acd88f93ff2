//! The OpenCL C builtin library beyond work-item functions, barriers,
//! 1.x atomics and the math library: vector loads and stores, conversions,
//! relational and shuffle functions, math with pointer outputs, OpenCL 2.0
//! work-group collectives and C11-style atomics, and the builtins without
//! effect (`prefetch`, `atomic_work_item_fence`).
//!
//! Consumes: a call to an undefined function, by its demangled base name.
//! Guarantees: integer semantics are exact (`convert_` between integer
//! types, with `_sat`; `any`, `all`, `shuffle`, `shuffle2`, `upsample`);
//! float semantics are uninterpreted functions of the arguments (named by
//! the mangled builtin, so each overload is its own function); every
//! memory effect is an access through the pointer argument: `vload<n>`
//! reads and `vstore<n>` writes each lane as its own element access, a
//! pointer output (`sincos`, `fract`, `modf`, `frexp`, `remquo`,
//! `lgamma_r`) is written with an arbitrary value, C11 atomics are atomic
//! accesses. A collective (`work_group_reduce/scan/broadcast/any/all`) is a
//! barrier without fences (reached non-uniformly, it is barrier
//! divergence) and returns an arbitrary value, constrained by the facts of
//! `collectives.rs` (uniform reductions, 0/1-flag scans).

use super::function::{lhs, FnCtx};
use super::inst::{bv_add, bv_const, extract, resize};
use super::layout::pointee;
use super::names::sanitize;
use super::values::concat_lanes;
use super::ConstInt;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, Ident, StmtKind, Type};
use llvm_ir::instruction::Call;
use llvm_ir::TypeRef;

/// Relational and classification builtins on floats: uninterpreted.
const FLOAT_PREDICATES: &[&str] = &[
    "isnan",
    "isinf",
    "isfinite",
    "isnormal",
    "signbit",
    "isequal",
    "isnotequal",
    "isgreater",
    "isgreaterequal",
    "isless",
    "islessequal",
    "islessgreater",
    "isordered",
    "isunordered",
];

/// Math builtins whose last argument is a pointer output.
pub(super) const POINTER_OUTPUT_MATH: &[&str] =
    &["sincos", "fract", "modf", "frexp", "remquo", "lgamma_r"];

/// C11-style atomic operations and the read-modify-write they perform.
fn c11_atomic_op(base: &str) -> Option<&'static str> {
    let op = base.strip_suffix("_explicit").unwrap_or(base);
    Some(match op {
        "atomic_fetch_add" => "add",
        "atomic_fetch_sub" => "sub",
        "atomic_fetch_or" => "or",
        "atomic_fetch_xor" => "xor",
        "atomic_fetch_and" => "and",
        "atomic_fetch_min" => "min",
        "atomic_fetch_max" => "max",
        "atomic_exchange" => "xchg",
        "atomic_load" => "load",
        "atomic_store" => "store",
        "atomic_init" => "init",
        "atomic_compare_exchange_strong" | "atomic_compare_exchange_weak" => "cmpxchg",
        "atomic_flag_test_and_set" => "test_and_set",
        "atomic_flag_clear" => "clear",
        _ => return None,
    })
}

/// Whether a builtin of this base name accesses the memory its pointer
/// arguments point to, with the pointee's width (for the points-to units).
pub fn accesses_pointee(base: &str) -> bool {
    base.starts_with("vload")
        || base.starts_with("vstore")
        || POINTER_OUTPUT_MATH.contains(&base)
        || c11_atomic_op(base).is_some()
}

/// `(lanes, lane type)` of a value type.
fn lanes_of(ty: &TypeRef) -> (u32, TypeRef) {
    match ty.as_ref() {
        llvm_ir::Type::VectorType {
            num_elements,
            element_type,
            ..
        } => (*num_elements as u32, element_type.clone()),
        _ => (1, ty.clone()),
    }
}

fn is_float(ty: &TypeRef) -> bool {
    matches!(ty.as_ref(), llvm_ir::Type::FPType(_))
}

fn lane(v: &Expr, lanes: u32, w: u32, k: u32) -> Expr {
    if lanes == 1 {
        v.clone()
    } else {
        extract(v.clone(), w * k + w, w * k)
    }
}

impl FnCtx<'_, '_> {
    /// Lowers an OpenCL library builtin; `false` when `base` is not one.
    pub fn opencl_builtin(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        match base {
            "prefetch" | "atomic_work_item_fence" => return Ok(true),
            "any" | "all" => self.any_all(base, call)?,
            "shuffle" | "shuffle2" => self.shuffle(base, call)?,
            "upsample" => self.upsample(call)?,
            _ if base.starts_with("vload") => self.vload(base, call)?,
            _ if base.starts_with("vstore") => self.vstore(base, call)?,
            _ if base.starts_with("convert_") => self.convert(callee, base, call)?,
            _ if FLOAT_PREDICATES.contains(&base) => self.uninterpreted_call(callee, call)?,
            _ if POINTER_OUTPUT_MATH.contains(&base) => self.pointer_output_math(callee, call)?,
            _ if base.starts_with("work_group_") || base.starts_with("sub_group_") => {
                self.collective(base, call)?
            }
            _ => match c11_atomic_op(base) {
                Some(op) => self.c11_atomic(callee, base, op, call)?,
                None => return Ok(false),
            },
        }
        Ok(true)
    }

    pub(super) fn assign_dest(&mut self, call: &Call, value: Expr) -> Result<(), FrontendError> {
        if let Some(dest) = &call.dest {
            let ty = self.k.module.type_of(call);
            let d = self.dest_local(dest, &ty)?;
            let value = if matches!(ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
                Expr::binary(B::Neq, value, Expr::bv(0, 1))
            } else {
                value
            };
            self.assign(vec![lhs(&d)], vec![value], Vec::new());
        }
        Ok(())
    }

    fn havoc_dest(&mut self, call: &Call) -> Result<(), FrontendError> {
        if let Some(dest) = &call.dest {
            let ty = self.k.module.type_of(call);
            let d = self.dest_local(dest, &ty)?;
            self.emit(StmtKind::Havoc(vec![Ident::synthetic(d)]), Vec::new());
        }
        Ok(())
    }

    /// An uninterpreted function of the (non-pointer) arguments, named by
    /// the mangled builtin, with result width `ret`.
    fn uninterpreted_of_args(
        &mut self,
        name: &str,
        call: &Call,
        args: std::ops::Range<usize>,
        ret: u32,
    ) -> Result<Expr, FrontendError> {
        let mut params = Vec::new();
        let mut values = Vec::new();
        for i in args {
            let ty = self.k.module.type_of(&call.arguments[i].0);
            params.push(Type::Bv(self.bits_of(&ty)?));
            values.push(self.arg(call, i)?);
        }
        Ok(self.uninterpreted(
            &format!("${}", sanitize(name)),
            params,
            Type::Bv(ret),
            values,
        ))
    }

    fn uninterpreted_call(&mut self, callee: &str, call: &Call) -> Result<(), FrontendError> {
        let ty = self.k.module.type_of(call);
        let ret = self.bits_of(&ty)?;
        let e = self.uninterpreted_of_args(callee, call, 0..call.arguments.len(), ret)?;
        self.assign_dest(call, e)
    }

    /// `any(x)`/`all(x)`: the most significant bit of every lane.
    fn any_all(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[0].0);
        let (lanes, elem) = lanes_of(&ty);
        let w = self.bits_of(&elem)?;
        let x = self.arg(call, 0)?;
        let msb = |k: u32| Expr::eq(extract(x.clone(), w * k + w, w * k + w - 1), Expr::bv(1, 1));
        let combined = (0..lanes)
            .map(msb)
            .reduce(|a, b| {
                if base == "any" {
                    Expr::or(a, b)
                } else {
                    Expr::and(a, b)
                }
            })
            .unwrap_or(Expr::bool(false));
        let rw = self.result_width(call).unwrap_or(32);
        self.assign_dest(call, Expr::ite(combined, Expr::bv(1, rw), Expr::bv(0, rw)))
    }

    /// `shuffle(x, mask)` and `shuffle2(x, y, mask)`: lane `i` of the
    /// result is lane `mask[i] mod n` of `x` (of `x` then `y`).
    fn shuffle(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let xty = self.k.module.type_of(&call.arguments[0].0);
        let (n, elem) = lanes_of(&xty);
        let w = self.bits_of(&elem)?;
        let mut sources: Vec<Expr> = Vec::new();
        let inputs = if base == "shuffle2" { 2 } else { 1 };
        for i in 0..inputs {
            let v = self.arg(call, i)?;
            sources.extend((0..n).map(|k| lane(&v, n, w, k)));
        }
        let mty = self.k.module.type_of(&call.arguments[inputs].0);
        let (m, melem) = lanes_of(&mty);
        let mw = self.bits_of(&melem)?;
        let mask = self.arg(call, inputs)?;
        let count = sources.len() as u128;
        let out = (0..m)
            .map(|i| {
                let index = Expr::binary(B::BvURem, lane(&mask, m, mw, i), Expr::bv(count, mw));
                (0..sources.len())
                    .rev()
                    .fold(sources[sources.len() - 1].clone(), |rest, j| {
                        Expr::ite(
                            Expr::eq(index.clone(), Expr::bv(j as u128, mw)),
                            sources[j].clone(),
                            rest,
                        )
                    })
            })
            .collect();
        self.assign_dest(call, concat_lanes(out))
    }

    /// `upsample(hi, lo)`: `hi << w | lo` per lane, exactly.
    fn upsample(&mut self, call: &Call) -> Result<(), FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[0].0);
        let (lanes, elem) = lanes_of(&ty);
        let w = self.bits_of(&elem)?;
        let (hi, lo) = (self.arg(call, 0)?, self.arg(call, 1)?);
        let out = (0..lanes)
            .map(|k| Expr::binary(B::Concat, lane(&hi, lanes, w, k), lane(&lo, lanes, w, k)))
            .collect();
        self.assign_dest(call, concat_lanes(out))
    }

    /// `convert_<type><n>[_sat][_rte|_rtz|_rtp|_rtn](x)`.
    fn convert(&mut self, callee: &str, base: &str, call: &Call) -> Result<(), FrontendError> {
        let src_ty = self.k.module.type_of(&call.arguments[0].0);
        let dst_ty = self.k.module.type_of(call);
        let (lanes, src_elem) = lanes_of(&src_ty);
        let (_, dst_elem) = lanes_of(&dst_ty);
        if is_float(&src_elem) || is_float(&dst_elem) {
            return self.uninterpreted_call(callee, call);
        }
        let (sw, dw) = (self.bits_of(&src_elem)?, self.bits_of(&dst_elem)?);
        let word = base.trim_start_matches("convert_");
        let dst_signed = !word.starts_with('u');
        let src_signed = super::names::first_param_signed(callee).unwrap_or(true);
        let saturate = word.contains("_sat");
        let x = self.arg(call, 0)?;
        let wide = sw.max(dw) + 2;
        let (lo, hi): (i128, i128) = if dst_signed {
            (-(1i128 << (dw - 1)), (1i128 << (dw - 1)) - 1)
        } else {
            (0, (1i128 << dw) - 1)
        };
        let out = (0..lanes)
            .map(|k| {
                let v = lane(&x, lanes, sw, k);
                if !saturate {
                    return resize(v, sw, dw, src_signed);
                }
                let v = resize(v, sw, wide, src_signed);
                let (lo, hi) = (bv_const(lo, wide), bv_const(hi, wide));
                let clamped = Expr::ite(
                    Expr::binary(B::BvSLt, v.clone(), lo.clone()),
                    lo,
                    Expr::ite(Expr::binary(B::BvSGt, v.clone(), hi.clone()), hi, v),
                );
                extract(clamped, dw, 0)
            })
            .collect();
        self.assign_dest(call, concat_lanes(out))
    }

    /// The unit index of element `i` (of `bytes` bytes) from pointer `p`.
    fn element_offset(
        &self,
        p: &super::function::PtrExpr,
        index: Expr,
        bytes: u64,
    ) -> Result<Expr, FrontendError> {
        let w = self.k.layout.ptr_bits;
        if bytes % p.unit != 0 {
            return Err(self.err_site(format!(
                "a vector access of {bytes}-byte elements to memory of {}-byte elements",
                p.unit
            )));
        }
        let scaled = Expr::binary(B::Mul, index, bv_const(i128::from(bytes / p.unit), w));
        Ok(bv_add(p.off.clone(), scaled))
    }

    /// The element index of lane `k` of `vload<n>`/`vstore<n>` at `offset`.
    fn vector_element(&self, offset: &Expr, stride: u32, k: u32) -> Expr {
        let w = self.k.layout.ptr_bits;
        bv_add(
            Expr::binary(B::Mul, offset.clone(), bv_const(i128::from(stride), w)),
            bv_const(i128::from(k), w),
        )
    }

    fn offset_arg(&mut self, call: &Call, i: usize) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[i].0);
        let bits = self.bits_of(&ty)?;
        Ok(resize(
            self.arg(call, i)?,
            bits,
            self.k.layout.ptr_bits,
            false,
        ))
    }

    /// `vload<n>(offset, p)`, `vload_half<n>`, `vloada_half<n>`.
    fn vload(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let Some(dest) = &call.dest else {
            return Ok(());
        };
        let ty = self.k.module.type_of(call);
        let (lanes, elem) = lanes_of(&ty);
        let lane_bits = self.bits_of(&elem)?;
        let half = base.contains("half");
        let stride = if base.starts_with("vloada_half") && lanes == 3 {
            4
        } else {
            lanes
        };
        let ptr_ty = self.k.module.type_of(&call.arguments[1].0);
        let bytes = pointee(&ptr_ty)
            .and_then(|t| self.k.layout.store_size(t))
            .ok_or_else(|| self.err_site(format!("`{base}` on an unsized pointer")))?;
        let offset = self.offset_arg(call, 0)?;
        let p = self.arg_ptr(call, 1)?;
        // A vector wider than one bit-vector is one local per lane.
        let (d, wide) = match self.wide_vector(&ty) {
            Some(_) => (String::new(), self.wide_dest(dest, &ty)?),
            None => (self.dest_local(dest, &ty)?, Vec::new()),
        };
        let convert = format!("$half_to_f{lane_bits}");
        self.for_each_target(&p, &mut |this, id| {
            let mut out = Vec::new();
            for k in 0..lanes {
                let at = this.element_offset(&p, this.vector_element(&offset, stride, k), bytes)?;
                this.bounds_check(id, &at, bytes);
                let raw = this.read(id, &at, bytes)?;
                out.push(if half {
                    this.uninterpreted(&convert, vec![Type::Bv(16)], Type::Bv(lane_bits), vec![raw])
                } else {
                    raw
                });
            }
            if wide.is_empty() {
                this.assign(vec![lhs(&d)], vec![concat_lanes(out)], Vec::new());
            } else {
                this.assign(wide.iter().map(|l| lhs(l)).collect(), out, Vec::new());
            }
            Ok(())
        })
    }

    /// `vstore<n>(data, offset, p)`, `vstore_half<n>[_rte..]`, `vstorea_half<n>`.
    fn vstore(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[0].0);
        let (lanes, elem) = lanes_of(&ty);
        let lane_bits = self.bits_of(&elem)?;
        let half = base.contains("half");
        let stride = if base.starts_with("vstorea_half") && lanes == 3 {
            4
        } else {
            lanes
        };
        let ptr_ty = self.k.module.type_of(&call.arguments[2].0);
        let bytes = pointee(&ptr_ty)
            .and_then(|t| self.k.layout.store_size(t))
            .ok_or_else(|| self.err_site(format!("`{base}` on an unsized pointer")))?;
        let wide = match self.wide_vector(&ty) {
            Some(_) => self.wide_lanes(&call.arguments[0].0)?,
            None => Vec::new(),
        };
        let data = if wide.is_empty() {
            self.arg(call, 0)?
        } else {
            Expr::bool(false)
        };
        let offset = self.offset_arg(call, 1)?;
        let p = self.arg_ptr(call, 2)?;
        let rounding = base.rsplit_once('_').map_or("", |(_, r)| r);
        let convert = format!(
            "$f{lane_bits}_to_half{}",
            if rounding.starts_with("rt") {
                format!("_{rounding}")
            } else {
                String::new()
            }
        );
        self.for_each_target(&p, &mut |this, id| {
            for k in 0..lanes {
                let at = this.element_offset(&p, this.vector_element(&offset, stride, k), bytes)?;
                let v = match wide.get(k as usize) {
                    Some(l) => l.clone(),
                    None => lane(&data, lanes, lane_bits, k),
                };
                let v = if half {
                    this.uninterpreted(&convert, vec![Type::Bv(lane_bits)], Type::Bv(16), vec![v])
                } else {
                    v
                };
                this.bounds_check(id, &at, bytes);
                let (l, r) = this.write(id, &at, bytes, v)?;
                for (l, r) in l.into_iter().zip(r) {
                    this.assign(vec![l], vec![r], Vec::new());
                }
            }
            Ok(())
        })
    }

    /// `sincos(x, &c)` and the like: an uninterpreted result, and an
    /// uninterpreted value written through each pointer output (CUDA's
    /// `void sincos(double x, double *s, double *c)` has two and no result).
    fn pointer_output_math(&mut self, callee: &str, call: &Call) -> Result<(), FrontendError> {
        let last = call.arguments.len() - 1;
        let first_out = call
            .arguments
            .iter()
            .position(|(a, _)| pointee(&self.k.module.type_of(a)).is_some())
            .unwrap_or(last);
        let ty = self.k.module.type_of(call);
        let result = if matches!(ty.as_ref(), llvm_ir::Type::VoidType) {
            None
        } else {
            let ret = self.bits_of(&ty)?;
            Some(self.uninterpreted_of_args(callee, call, 0..first_out, ret)?)
        };
        for k in first_out..=last {
            let ptr_ty = self.k.module.type_of(&call.arguments[k].0);
            let out_ty = pointee(&ptr_ty)
                .cloned()
                .ok_or_else(|| self.err_site(format!("`{callee}` without a pointer output")))?;
            let bytes = self
                .k
                .layout
                .store_size(&out_ty)
                .ok_or_else(|| self.err_site("a pointer output of unsized type".into()))?;
            let out_bits = self.bits_of(&out_ty)?;
            let name = if k == last {
                format!("{callee}$out")
            } else {
                format!("{callee}$out{k}")
            };
            let output = self.uninterpreted_of_args(&name, call, 0..first_out, out_bits)?;
            let p = self.arg_ptr(call, k)?;
            self.for_each_target(&p, &mut |this, id| {
                this.bounds_check(id, &p.off, bytes);
                let (l, r) = this.write(id, &p.off, bytes, output.clone())?;
                for (l, r) in l.into_iter().zip(r) {
                    this.assign(vec![l], vec![r], Vec::new());
                }
                Ok(())
            })?;
        }
        match result {
            Some(result) => self.assign_dest(call, result),
            None => Ok(()),
        }
    }

    /// A work-group (or sub-group) collective: a barrier without fences,
    /// then an arbitrary result.
    fn collective(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        self.emit(
            StmtKind::Call {
                callee: Ident::synthetic(ivl::kernel::BARRIER),
                args: vec![Expr::bool(false), Expr::bool(false)],
                rets: vec![],
            },
            Vec::new(),
        );
        self.havoc_dest(call)?;
        // Uniform reductions, 0/1-flag scans (lower/collectives.rs).
        if let Some(dest) = &call.dest {
            let ty = self.k.module.type_of(call);
            if !matches!(ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
                let d = self.dest_local(dest, &ty)?;
                self.collective_facts(base, call, &d);
            }
        }
        Ok(())
    }

    /// `atomic_fetch_add(obj, v)` and the other C11-style atomics.
    /// Refuses a C11-style atomic whose `memory_scope` argument is narrower
    /// than the set of work items that can reach its memory. The operation
    /// is modelled as atomic with respect to every work item of the launch
    /// (device scope); that is exact for `memory_scope_device` and wider
    /// (and for the forms without a scope argument, which default to
    /// device scope), and for `memory_scope_work_group` on `__local` or
    /// private memory, which only the group's work items reach. On memory
    /// other groups reach, a work-group-scoped update races with the other
    /// groups' ones; a sub-group- or work-item-scoped update races with
    /// other sub-groups or work items even in `__local` memory. Those are
    /// refused (exit 4), never modelled as device atomics: that would hide
    /// the race. A scope that is not a compile-time constant is treated as
    /// the narrowest one.
    fn check_atomic_scope(
        &mut self,
        base: &str,
        op: &str,
        call: &Call,
    ) -> Result<(), FrontendError> {
        if !base.ends_with("_explicit") {
            return Ok(());
        }
        // Arguments before the optional scope: object, operands, orders.
        let without_scope = match op {
            "load" | "test_and_set" | "clear" => 2,
            "cmpxchg" => 5,
            "init" => return Ok(()),
            _ => 3,
        };
        if call.arguments.len() <= without_scope {
            return Ok(());
        }
        let scope = call.arguments[without_scope]
            .0
            .const_int()
            .map(|c| c.unsigned);
        // clang's __OPENCL_MEMORY_SCOPE_*: work_item 0, work_group 1,
        // device 2, all_svm_devices 3, sub_group 4.
        let (name, local_ok) = match scope {
            Some(2 | 3) => return Ok(()),
            Some(1) => ("memory_scope_work_group", true),
            Some(0) => ("memory_scope_work_item", false),
            Some(4) => ("memory_scope_sub_group", false),
            _ => ("a memory scope that is not a compile-time constant", false),
        };
        let p = self.pointer(&call.arguments[0].0)?;
        for id in p.objects {
            let object = self.k.memory.object(id);
            let reached_by_others = match object.space {
                super::memory::Space::Private => false,
                super::memory::Space::GroupShared => !local_ok,
                super::memory::Space::Global | super::memory::Space::Constant => true,
            };
            if reached_by_others {
                let object_name = object.source_name.clone();
                let who = if local_ok {
                    "other work-groups"
                } else {
                    "other work items"
                };
                return Err(self.err_site(format!(
                    "`{base}` with {name} on `{object_name}`, memory {who} can reach: the \
                     operation is not atomic with respect to them, which is not modelled (use \
                     memory_scope_device, or a scope that covers every work item using the object)"
                )));
            }
        }
        Ok(())
    }

    fn c11_atomic(
        &mut self,
        callee: &str,
        base: &str,
        op: &str,
        call: &Call,
    ) -> Result<(), FrontendError> {
        let address = call.arguments[0].0.clone();
        let ptr_ty = self.k.module.type_of(&address);
        let ty = pointee(&ptr_ty)
            .cloned()
            .ok_or_else(|| self.err_site(format!("`{base}` on a non-pointer")))?;
        self.check_atomic_scope(base, op, call)?;
        let w = self.bits_of(&ty)?;
        let unsigned = callee.contains("_Atomicj") || callee.contains("_Atomicm");
        let (lt, gt) = if unsigned {
            (B::BvULt, B::BvUGt)
        } else {
            (B::BvSLt, B::BvSGt)
        };
        let operand = match op {
            "load" | "test_and_set" | "clear" => None,
            "cmpxchg" => Some(self.arg(call, 2)?),
            _ => Some(self.arg(call, 1)?),
        };
        let v = operand.clone().unwrap_or_else(|| Expr::bv(0, w));
        if op == "init" {
            // Not atomic: a plain store.
            let p = self.arg_ptr(call, 0)?;
            let bytes = u64::from(w / 8);
            return self.for_each_target(&p, &mut |this, id| {
                let (l, r) = this.write(id, &p.off, bytes, v.clone())?;
                for (l, r) in l.into_iter().zip(r) {
                    this.assign(vec![l], vec![r], Vec::new());
                }
                Ok(())
            });
        }
        let expected = if op == "cmpxchg" {
            let e = self.fresh_local("$expected", Type::Bv(w));
            let p = self.arg_ptr(call, 1)?;
            let bytes = u64::from(w / 8);
            self.for_each_target(&p, &mut |this, id| {
                let raw = this.read(id, &p.off, bytes)?;
                this.assign(vec![lhs(&e)], vec![raw], Vec::new());
                Ok(())
            })?;
            Some(e)
        } else {
            None
        };
        let old = self.fresh_local("$atomic", Type::Bv(w));
        let exp = expected.clone().map(Expr::var);
        let op_name = op.to_string();
        self.atomic(&address, &old, &ty, op, &mut |_, old| {
            let pick = |c: B| {
                Expr::ite(
                    Expr::binary(c, old.clone(), v.clone()),
                    old.clone(),
                    v.clone(),
                )
            };
            Ok(match op_name.as_str() {
                "add" => Expr::binary(B::Add, old, v.clone()),
                "sub" => Expr::binary(B::Sub, old, v.clone()),
                "or" => Expr::binary(B::BvOr, old, v.clone()),
                "xor" => Expr::binary(B::BvXor, old, v.clone()),
                "and" => Expr::binary(B::BvAnd, old, v.clone()),
                "min" => pick(lt),
                "max" => pick(gt),
                "xchg" | "store" => v.clone(),
                "test_and_set" => Expr::bv(1, w),
                "clear" => Expr::bv(0, w),
                "cmpxchg" => Expr::ite(
                    Expr::eq(old.clone(), exp.clone().unwrap_or_else(|| Expr::bv(0, w))),
                    v.clone(),
                    old,
                ),
                _ => old, // load
            })
        })?;
        match op {
            "store" | "clear" => Ok(()),
            "test_and_set" => self.assign_dest(
                call,
                Expr::ite(
                    Expr::eq(Expr::var(&old), Expr::bv(0, w)),
                    Expr::bv(0, 1),
                    Expr::bv(1, 1),
                ),
            ),
            "cmpxchg" => {
                // `*expected = old` (on success they are equal).
                let e = expected.unwrap_or_default();
                let p = self.arg_ptr(call, 1)?;
                let bytes = u64::from(w / 8);
                let old_v = Expr::var(&old);
                self.for_each_target(&p, &mut |this, id| {
                    let (l, r) = this.write(id, &p.off, bytes, old_v.clone())?;
                    for (l, r) in l.into_iter().zip(r) {
                        this.assign(vec![l], vec![r], Vec::new());
                    }
                    Ok(())
                })?;
                let ok = Expr::eq(Expr::var(&old), Expr::var(&e));
                let rw = self.result_width(call).unwrap_or(1);
                self.assign_dest(call, Expr::ite(ok, Expr::bv(1, rw), Expr::bv(0, rw)))
            }
            _ => self.assign_dest(call, Expr::var(&old)),
        }
    }
}
