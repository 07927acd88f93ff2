//! Operands and pure instructions to IVL expressions: integer arithmetic
//! at its bit width, comparisons, casts, vectors lane by lane, floats as
//! bit patterns with uninterpreted operations (negation is exact: it flips
//! the sign bit).
//!
//! Consumes: operands and side-effect-free instructions of the function
//! being lowered. Guarantees: every expression has the IVL type of its LLVM
//! value ([`super::layout`]); an instruction it cannot model exactly or as
//! an uninterpreted function is an error, never approximated.

use super::function::FnCtx;
use super::inst::{bool_to_bv, bv_const, extract};
use super::layout::is_pointer;
use super::names::local_ident;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp, Decl, Expr, ExprKind, FnParam, Function, Ident, StmtKind, Type};
use llvm_ir::instruction::Instruction as I;
use llvm_ir::predicates::IntPredicate;
use llvm_ir::{Constant, Operand, TypeRef};

/// A per-lane operation: the lanes of the operands and the lane type.
type LaneFn<'f, C> = dyn FnMut(&mut C, Vec<Expr>, &TypeRef) -> Result<Expr, FrontendError> + 'f;

impl FnCtx<'_, '_> {
    pub fn value(&mut self, op: &Operand) -> Result<Expr, FrontendError> {
        match op {
            Operand::LocalOperand { name, .. } => {
                if self.folding {
                    if let Some(e) = self.fold_value(name)? {
                        return Ok(e);
                    }
                }
                Ok(Expr::var(local_ident(name)))
            }
            Operand::ConstantOperand(c) => self.constant_value(c),
            Operand::MetadataOperand => {
                Err(self.err_site(super::construct_names::METADATA_OPERAND.into()))
            }
        }
    }

    pub fn constant_value(&mut self, c: &Constant) -> Result<Expr, FrontendError> {
        use llvm_ir::constant::Float;
        Ok(match c {
            Constant::Int { bits: 1, value } => Expr::bool(*value & 1 == 1),
            Constant::Int { bits, value } if *bits <= 64 => Expr::bv(u128::from(*value), *bits),
            Constant::GlobalReference {
                name: llvm_ir::Name::Name(n),
                ..
            } if self.k.module.get_func_by_name(n).is_some()
                || self.k.module.get_func_decl_by_name(n).is_some() =>
            {
                // A function's address: its id (lower/indirect_calls.rs).
                let id = super::indirect_calls::function_id(self.k.module, n).unwrap_or(0);
                Expr::bv(id, self.k.layout.ptr_bits)
            }
            Constant::BitCast(cast)
                if super::indirect_calls::is_function_pointer(
                    &self.k.module.type_of(cast.operand.as_ref()),
                ) =>
            {
                self.constant_value(&cast.operand)?
            }
            Constant::Float(Float::Single(f)) => Expr::bv(u128::from(f.to_bits()), 32),
            Constant::Float(Float::Double(f)) => Expr::bv(u128::from(f.to_bits()), 64),
            Constant::Float(Float::Half | Float::BFloat) => {
                // llvm-ir does not keep the bits of 16-bit float constants:
                // any value (floats are uninterpreted, so this only loses
                // precision).
                let name = self.fresh_local("$half", Type::Bv(16));
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
                    Vec::new(),
                );
                Expr::var(name)
            }
            Constant::AggregateZero(ty) | Constant::Null(ty) => {
                match self.k.layout.value_type(ty) {
                    Some(Type::Bv(w)) => Expr::bv(0, w),
                    Some(Type::Bool) => Expr::bool(false),
                    _ => return Err(self.err_site(format!("a zero constant of type `{ty}`"))),
                }
            }
            Constant::Vector(lanes) => {
                let mut out: Option<Expr> = None;
                for lane in lanes {
                    let lane_ty = self.k.module.type_of(lane.as_ref());
                    let v = self.constant_value(lane)?;
                    let v = self.to_lane(v, &lane_ty);
                    out = Some(match out {
                        None => v,
                        Some(low) => Expr::binary(BinaryOp::Concat, v, low),
                    });
                }
                out.ok_or_else(|| self.err_site("an empty vector constant".into()))?
            }
            Constant::Undef(ty) | Constant::Poison(ty) => {
                // An undefined value is any value: a fresh havocked local.
                let ivl_ty =
                    self.k.layout.value_type(ty).ok_or_else(|| {
                        self.err_site(format!("an undefined value of type `{ty}`"))
                    })?;
                let name = self.fresh_local("$undef", ivl_ty);
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
                    Vec::new(),
                );
                Expr::var(name)
            }
            other => return Err(self.err_site(super::construct_names::constant(other))),
        })
    }

    /// A lane value as bits (an `i1` lane is `bv1`).
    pub fn to_lane(&self, v: Expr, lane_ty: &TypeRef) -> Expr {
        if matches!(lane_ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
            bool_to_bv(v, 1, false)
        } else {
            v
        }
    }

    pub fn from_lane(&self, bits: Expr, lane_ty: &TypeRef) -> Expr {
        if matches!(lane_ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
            Expr::eq(bits, Expr::bv(1, 1))
        } else {
            bits
        }
    }

    pub(crate) fn bits_of(&self, ty: &TypeRef) -> Result<u32, FrontendError> {
        self.k
            .layout
            .bits(ty)
            .map(|b| b as u32)
            .ok_or_else(|| self.err_site(format!("a value of type `{ty}`")))
    }

    /// Applies `f` lane by lane to vector operands (or once to scalars).
    pub(crate) fn lanewise(
        &mut self,
        ty: &TypeRef,
        result_lane: Option<&TypeRef>,
        operands: Vec<Expr>,
        f: &mut LaneFn<'_, Self>,
    ) -> Result<Expr, FrontendError> {
        let llvm_ir::Type::VectorType {
            element_type,
            num_elements,
            ..
        } = ty.as_ref()
        else {
            return f(self, operands, ty);
        };
        let lane_bits = self.bits_of(element_type)?;
        let mut out: Option<Expr> = None;
        for lane in 0..*num_elements as u32 {
            let args = operands
                .iter()
                .map(|o| {
                    self.from_lane(
                        extract(o.clone(), (lane + 1) * lane_bits, lane * lane_bits),
                        element_type,
                    )
                })
                .collect();
            let r = f(self, args, element_type)?;
            let r = self.to_lane(r, result_lane.unwrap_or(element_type));
            out = Some(match out {
                None => r,
                Some(low) => Expr::binary(BinaryOp::Concat, r, low),
            });
        }
        out.ok_or_else(|| self.err_site("an empty vector".into()))
    }

    /// Declares (once) an uninterpreted function and applies it.
    pub fn uninterpreted(
        &mut self,
        name: &str,
        params: Vec<Type>,
        ret: Type,
        args: Vec<Expr>,
    ) -> Expr {
        let name = super::names::sanitize(name);
        self.k.extra_decls.entry(name.clone()).or_insert_with(|| {
            Decl::Function(Function {
                attrs: vec![ivl::ast::Attribute::new("uninterpreted", vec![])],
                name: Ident::synthetic(name.clone()),
                params: params
                    .into_iter()
                    .map(|ty| FnParam { name: None, ty })
                    .collect(),
                ret,
                body: None,
                span: ivl::Span::DUMMY,
            })
        });
        Expr::apply(name, args)
    }

    pub(crate) fn float_name(&self, ty: &TypeRef) -> String {
        match self.k.layout.bits(ty) {
            Some(16) => "f16".into(),
            Some(64) => "f64".into(),
            _ => "f32".into(),
        }
    }

    pub(crate) fn int_binop(op: BinaryOp, a: Expr, b: Expr, ty: &TypeRef) -> Expr {
        if matches!(ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
            return match op {
                BinaryOp::BvAnd | BinaryOp::Mul => Expr::and(a, b),
                BinaryOp::BvOr => Expr::or(a, b),
                // add, sub and xor of one bit are all xor
                _ => Expr::binary(BinaryOp::Neq, a, b),
            };
        }
        Expr::binary(op, a, b)
    }

    pub(crate) fn binop(
        &mut self,
        op: BinaryOp,
        a: &Operand,
        b: &Operand,
    ) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(a);
        let (x, y) = (self.value(a)?, self.value(b)?);
        let whole_vector_ok = matches!(op, BinaryOp::BvAnd | BinaryOp::BvOr | BinaryOp::BvXor);
        if whole_vector_ok && matches!(ty.as_ref(), llvm_ir::Type::VectorType { .. }) {
            return Ok(Expr::binary(op, x, y));
        }
        self.lanewise(&ty, None, vec![x, y], &mut |_, mut v, lane_ty| {
            let y = v.pop().unwrap_or_else(|| Expr::bool(false));
            let x = v.pop().unwrap_or_else(|| Expr::bool(false));
            Ok(Self::int_binop(op, x, y, lane_ty))
        })
    }

    pub(crate) fn fbinop(
        &mut self,
        name: &str,
        a: &Operand,
        b: &Operand,
    ) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(a);
        let (x, y) = (self.value(a)?, self.value(b)?);
        self.lanewise(&ty, None, vec![x, y], &mut |this, v, lane_ty| {
            let w = this.bits_of(lane_ty)?;
            let f = format!("${name}.{}", this.float_name(lane_ty));
            Ok(this.uninterpreted(&f, vec![Type::Bv(w), Type::Bv(w)], Type::Bv(w), v))
        })
    }

    /// The expression of a pure (side-effect-free, non-pointer) instruction,
    /// or `None` if the instruction is not pure.
    pub fn inst_expr(&mut self, inst: &I) -> Result<Option<Expr>, FrontendError> {
        use BinaryOp as B;
        Ok(Some(match inst {
            I::Add(i) => self.binop(B::Add, &i.operand0, &i.operand1)?,
            I::Sub(i) => self.binop(B::Sub, &i.operand0, &i.operand1)?,
            I::Mul(i) => self.binop(B::Mul, &i.operand0, &i.operand1)?,
            I::UDiv(i) => self.binop(B::BvUDiv, &i.operand0, &i.operand1)?,
            I::SDiv(i) => self.binop(B::BvSDiv, &i.operand0, &i.operand1)?,
            I::URem(i) => self.binop(B::BvURem, &i.operand0, &i.operand1)?,
            I::SRem(i) => self.binop(B::BvSRem, &i.operand0, &i.operand1)?,
            I::And(i) => self.binop(B::BvAnd, &i.operand0, &i.operand1)?,
            I::Or(i) => self.binop(B::BvOr, &i.operand0, &i.operand1)?,
            I::Xor(i) => self.binop(B::BvXor, &i.operand0, &i.operand1)?,
            I::Shl(i) => self.binop(B::Shl, &i.operand0, &i.operand1)?,
            I::LShr(i) => self.binop(B::BvLShr, &i.operand0, &i.operand1)?,
            I::AShr(i) => self.binop(B::BvAShr, &i.operand0, &i.operand1)?,
            I::FAdd(i) => self.fbinop("fadd", &i.operand0, &i.operand1)?,
            I::FSub(i) => self.fbinop("fsub", &i.operand0, &i.operand1)?,
            I::FMul(i) => self.fbinop("fmul", &i.operand0, &i.operand1)?,
            I::FDiv(i) => self.fbinop("fdiv", &i.operand0, &i.operand1)?,
            I::FRem(i) => self.fbinop("frem", &i.operand0, &i.operand1)?,
            I::FNeg(i) => {
                let ty = self.k.module.type_of(&i.operand);
                let x = self.value(&i.operand)?;
                self.lanewise(&ty, None, vec![x], &mut |this, mut v, lane_ty| {
                    let w = this.bits_of(lane_ty)?;
                    let x = v.pop().unwrap_or_else(|| Expr::bool(false));
                    Ok(Expr::binary(B::BvXor, x, Expr::bv(1u128 << (w - 1), w)))
                })?
            }
            I::ICmp(i) => self.icmp(i.predicate, &i.operand0, &i.operand1)?,
            I::FCmp(i) => self.fcmp(i.predicate, &i.operand0, &i.operand1)?,
            I::Trunc(i) => self.cast("trunc", &i.operand, &i.to_type)?,
            I::ZExt(i) => self.cast("zext", &i.operand, &i.to_type)?,
            I::SExt(i) => self.cast("sext", &i.operand, &i.to_type)?,
            I::FPTrunc(i) => self.cast("fptrunc", &i.operand, &i.to_type)?,
            I::FPExt(i) => self.cast("fpext", &i.operand, &i.to_type)?,
            I::FPToUI(i) => self.cast("fptoui", &i.operand, &i.to_type)?,
            I::FPToSI(i) => self.cast("fptosi", &i.operand, &i.to_type)?,
            I::UIToFP(i) => self.cast("uitofp", &i.operand, &i.to_type)?,
            I::SIToFP(i) => self.cast("sitofp", &i.operand, &i.to_type)?,
            I::BitCast(i) if !is_pointer(&i.to_type) => {
                let x = self.value(&i.operand)?;
                let from = self.k.module.type_of(&i.operand);
                match (
                    self.k.layout.value_type(&from),
                    self.k.layout.value_type(&i.to_type),
                ) {
                    (Some(a), Some(b)) if a == b => x,
                    _ => {
                        return Err(self.err_site(format!(
                            "a reinterpreting cast (`as_<type>`, a union) from type `{from}` to type `{}`",
                            i.to_type
                        )))
                    }
                }
            }
            I::Select(s) if !is_pointer(&self.k.module.type_of(&s.true_value)) => {
                let c = self.value(&s.condition)?;
                let (a, b) = (self.value(&s.true_value)?, self.value(&s.false_value)?);
                let cty = self.k.module.type_of(&s.condition);
                if matches!(cty.as_ref(), llvm_ir::Type::VectorType { .. }) {
                    // Lane by lane: the condition's lane (one bit) picks
                    // the operands' lane.
                    let vty = self.k.module.type_of(&s.true_value);
                    let llvm_ir::Type::VectorType { element_type, .. } = vty.as_ref() else {
                        return Err(
                            self.err_site("a vector `select` or `?:` with a scalar operand".into())
                        );
                    };
                    let w = self.bits_of(element_type)?;
                    let lanes = (0..self.vector_len(&vty))
                        .map(|l| {
                            Expr::ite(
                                Expr::eq(extract(c.clone(), l + 1, l), Expr::bv(1, 1)),
                                extract(a.clone(), (l + 1) * w, l * w),
                                extract(b.clone(), (l + 1) * w, l * w),
                            )
                        })
                        .collect();
                    return Ok(Some(concat_lanes(lanes)));
                }
                Expr::ite(c, a, b)
            }
            I::Freeze(f) => self.value(&f.operand)?,
            I::ExtractValue(e) => match (&e.aggregate, e.indices.as_slice()) {
                // The { old, success } pair of a cmpxchg.
                (Operand::LocalOperand { name, .. }, [index @ (0 | 1)])
                    if self.cmpxchg_results.contains(name) =>
                {
                    Expr::var(format!(
                        "{}${}",
                        local_ident(name),
                        if *index == 0 { "old" } else { "ok" }
                    ))
                }
                _ => self.extract_leaf(&e.aggregate, &e.indices)?,
            },
            I::ExtractElement(e) => {
                let vty = self.k.module.type_of(&e.vector);
                let llvm_ir::Type::VectorType { element_type, .. } = vty.as_ref() else {
                    return Err(self.err_site(
                        "reading a vector component (`v.x`, `v[i]`) of a non-vector".into(),
                    ));
                };
                let w = self.bits_of(element_type)?;
                let v = self.value(&e.vector)?;
                let n = self.vector_len(&vty);
                match super::ConstInt::const_int(&e.index) {
                    Some(lane) => {
                        let lane = lane.unsigned as u32;
                        self.from_lane(extract(v, (lane + 1) * w, lane * w), element_type)
                    }
                    None => {
                        // A variable lane: an `if`-chain over the lanes; an
                        // index past the end is poison, any value.
                        let index = self.value(&e.index)?;
                        let iw = self.bits_of(&self.k.module.type_of(&e.index))?;
                        let beyond = self.fresh_local("$undef", Type::Bv(w));
                        self.emit(
                            StmtKind::Havoc(vec![Ident::synthetic(beyond.clone())]),
                            Vec::new(),
                        );
                        let chain = (0..n).rev().fold(Expr::var(beyond), |rest, l| {
                            Expr::ite(
                                Expr::eq(index.clone(), bv_const(i128::from(l), iw)),
                                extract(v.clone(), (l + 1) * w, l * w),
                                rest,
                            )
                        });
                        self.from_lane(chain, element_type)
                    }
                }
            }
            I::InsertElement(e) => {
                let vty = self.k.module.type_of(&e.vector);
                let llvm_ir::Type::VectorType {
                    element_type,
                    num_elements,
                    ..
                } = vty.as_ref()
                else {
                    return Err(self.err_site(
                        "writing a vector component (`v.x = ...`) of a non-vector".into(),
                    ));
                };
                let w = self.bits_of(element_type)?;
                let v = self.value(&e.vector)?;
                let x = self.value(&e.element)?;
                let x = self.to_lane(x, element_type);
                // A constant lane is replaced; a variable one replaces the
                // lane it equals (none when it is out of range).
                let is_lane: Box<dyn Fn(u32) -> Option<Expr>> =
                    match super::ConstInt::const_int(&e.index) {
                        Some(lane) => {
                            let lane = lane.unsigned;
                            Box::new(move |l| (u64::from(l) == lane).then_some(Expr::bool(true)))
                        }
                        None => {
                            let index = self.value(&e.index)?;
                            let iw = self.bits_of(&self.k.module.type_of(&e.index))?;
                            Box::new(move |l| {
                                Some(Expr::eq(index.clone(), bv_const(i128::from(l), iw)))
                            })
                        }
                    };
                let lanes: Vec<Expr> = (0..*num_elements as u32)
                    .map(|l| {
                        let old = extract(v.clone(), (l + 1) * w, l * w);
                        match is_lane(l) {
                            Some(c) if matches!(c.kind, ExprKind::Bool(true)) => x.clone(),
                            Some(c) => Expr::ite(c, x.clone(), old),
                            None => old,
                        }
                    })
                    .collect();
                concat_lanes(lanes)
            }
            I::ShuffleVector(s) => {
                let vty = self.k.module.type_of(&s.operand0);
                let llvm_ir::Type::VectorType {
                    element_type,
                    num_elements,
                    ..
                } = vty.as_ref()
                else {
                    return Err(self.err_site("a swizzle or `shuffle` of a non-vector".into()));
                };
                let w = self.bits_of(element_type)?;
                let (a, b) = (self.value(&s.operand0)?, self.value(&s.operand1)?);
                let mask: Vec<Option<u32>> = match s.mask.as_ref() {
                    Constant::Vector(m) => m
                        .iter()
                        .map(|c| super::ConstInt::const_int(c.as_ref()).map(|v| v.unsigned as u32))
                        .collect(),
                    Constant::AggregateZero(ty) => {
                        vec![Some(0); self.k.layout.bits(ty).map_or(0, |b| b as usize / 32)]
                    }
                    _ => return Err(self.err_site(
                        "a vector swizzle or `shuffle` whose mask is not a compile-time constant"
                            .into(),
                    )),
                };
                let n = *num_elements as u32;
                let mut lanes = Vec::new();
                for m in mask {
                    lanes.push(match m {
                        Some(i) if i < n => extract(a.clone(), (i + 1) * w, i * w),
                        Some(i) => extract(b.clone(), (i - n + 1) * w, (i - n) * w),
                        None => {
                            let name = self.fresh_local("$undef", Type::Bv(w));
                            self.emit(
                                StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
                                Vec::new(),
                            );
                            Expr::var(name)
                        }
                    });
                }
                concat_lanes(lanes)
            }
            I::Call(call) => match self.pure_call(call)? {
                Some(e) => e,
                None => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    pub(crate) fn vector_len(&self, ty: &TypeRef) -> u32 {
        match ty.as_ref() {
            llvm_ir::Type::VectorType { num_elements, .. } => *num_elements as u32,
            _ => 1,
        }
    }
}

pub fn concat_lanes(lanes: Vec<Expr>) -> Expr {
    lanes
        .into_iter()
        .reduce(|low, high| Expr::binary(BinaryOp::Concat, high, low))
        .unwrap_or_else(|| Expr::bv(0, 1))
}

pub(super) fn int_pred_op(pred: IntPredicate) -> BinaryOp {
    match pred {
        IntPredicate::EQ => BinaryOp::Eq,
        IntPredicate::NE => BinaryOp::Neq,
        IntPredicate::UGT => BinaryOp::BvUGt,
        IntPredicate::UGE => BinaryOp::BvUGe,
        IntPredicate::ULT => BinaryOp::BvULt,
        IntPredicate::ULE => BinaryOp::BvULe,
        IntPredicate::SGT => BinaryOp::BvSGt,
        IntPredicate::SGE => BinaryOp::BvSGe,
        IntPredicate::SLT => BinaryOp::BvSLt,
        IntPredicate::SLE => BinaryOp::BvSLe,
    }
}
