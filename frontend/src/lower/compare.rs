//! Casts and comparisons, lane by lane: integer casts exact, float
//! conversions and comparisons uninterpreted, pointer comparisons on
//! (base, offset) (orderings compare byte offsets, meaningful within one
//! object).

use super::function::{FnCtx, PtrExpr};
use super::inst::{bool_to_bv, bv_const, extract, resize};
use super::layout::is_pointer;
use super::values::int_pred_op;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp, Expr, ExprKind, Type};
use llvm_ir::predicates::{FPPredicate, IntPredicate};
use llvm_ir::{Operand, TypeRef};

fn is_zero(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Bv { value: 0, .. })
}

impl FnCtx<'_, '_> {
    pub(crate) fn cast(
        &mut self,
        kind: &str,
        op: &Operand,
        to: &TypeRef,
    ) -> Result<Expr, FrontendError> {
        let from_ty = self.k.module.type_of(op);
        let x = self.value(op)?;
        let to_lane = match to.as_ref() {
            llvm_ir::Type::VectorType { element_type, .. } => element_type.clone(),
            _ => to.clone(),
        };
        let kind = kind.to_string();
        self.lanewise(
            &from_ty,
            Some(&to_lane),
            vec![x],
            &mut |this, mut v, lane_ty| {
                let x = v.pop().unwrap_or_else(|| Expr::bool(false));
                let from_bool = matches!(lane_ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 });
                let to_bool = matches!(to_lane.as_ref(), llvm_ir::Type::IntegerType { bits: 1 });
                let fw = this.bits_of(lane_ty)?;
                let tw = this.bits_of(&to_lane)?;
                Ok(match kind.as_str() {
                    "trunc" if to_bool => Expr::eq(extract(x, 1, 0), Expr::bv(1, 1)),
                    "trunc" => extract(x, tw, 0),
                    "zext" if from_bool => bool_to_bv(x, tw, false),
                    "sext" if from_bool => bool_to_bv(x, tw, true),
                    "zext" => resize(x, fw, tw, false),
                    "sext" => resize(x, fw, tw, true),
                    _ => {
                        let name = format!(
                            "${kind}.{}.{}",
                            this.type_tag(lane_ty),
                            this.type_tag(&to_lane)
                        );
                        let (pt, x) = if from_bool {
                            (Type::Bv(1), bool_to_bv(x, 1, false))
                        } else {
                            (Type::Bv(fw), x)
                        };
                        this.uninterpreted(&name, vec![pt], Type::Bv(tw), vec![x])
                    }
                })
            },
        )
    }

    pub(crate) fn type_tag(&self, ty: &TypeRef) -> String {
        match ty.as_ref() {
            llvm_ir::Type::FPType(_) => self.float_name(ty),
            llvm_ir::Type::IntegerType { bits } => format!("i{bits}"),
            other => format!("{other}"),
        }
    }

    pub(crate) fn icmp(
        &mut self,
        pred: IntPredicate,
        a: &Operand,
        b: &Operand,
    ) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(a);
        if is_pointer(&ty) {
            return self.pointer_compare(pred, a, b);
        }
        let (x, y) = (self.value(a)?, self.value(b)?);
        let result_lane = self.k.module.types.bool();
        self.lanewise(
            &ty,
            Some(&result_lane),
            vec![x, y],
            &mut |_, mut v, lane_ty| {
                let y = v.pop().unwrap_or_else(|| Expr::bool(false));
                let x = v.pop().unwrap_or_else(|| Expr::bool(false));
                let boolean = matches!(lane_ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 });
                Ok(match pred {
                    IntPredicate::EQ => Expr::eq(x, y),
                    IntPredicate::NE => Expr::binary(BinaryOp::Neq, x, y),
                    _ if boolean => {
                        // Orderings of i1: unsigned has false < true, signed has true (-1) < false.
                        let (x, y) = (bool_to_bv(x, 1, false), bool_to_bv(y, 1, false));
                        Expr::binary(int_pred_op(pred), x, y)
                    }
                    _ => Expr::binary(int_pred_op(pred), x, y),
                })
            },
        )
    }

    /// Pointer comparison: equality compares bases and offsets; orderings
    /// compare byte offsets (meaningful within one object).
    pub(crate) fn pointer_compare(
        &mut self,
        pred: IntPredicate,
        a: &Operand,
        b: &Operand,
    ) -> Result<Expr, FrontendError> {
        let (p, q) = (self.pointer(a)?, self.pointer(b)?);
        let w = self.k.layout.ptr_bits;
        let bytes = |p: &PtrExpr| {
            if p.unit == 1 || is_zero(&p.off) {
                p.off.clone()
            } else {
                Expr::binary(
                    BinaryOp::Mul,
                    p.off.clone(),
                    bv_const(i128::from(p.unit), w),
                )
            }
        };
        let (pb, qb) = (bytes(&p), bytes(&q));
        let same = Expr::and(
            Expr::eq(p.base.clone(), q.base.clone()),
            Expr::eq(pb.clone(), qb.clone()),
        );
        Ok(match pred {
            IntPredicate::EQ => same,
            IntPredicate::NE => !same,
            _ => Expr::binary(int_pred_op(pred), pb, qb),
        })
    }

    pub(crate) fn fcmp(
        &mut self,
        pred: FPPredicate,
        a: &Operand,
        b: &Operand,
    ) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(a);
        let (x, y) = (self.value(a)?, self.value(b)?);
        let result_lane = self.k.module.types.bool();
        self.lanewise(
            &ty,
            Some(&result_lane),
            vec![x, y],
            &mut |this, v, lane_ty| {
                Ok(match pred {
                    FPPredicate::False => Expr::bool(false),
                    FPPredicate::True => Expr::bool(true),
                    _ => {
                        let w = this.bits_of(lane_ty)?;
                        let name = format!(
                            "$fcmp.{}.{}",
                            format!("{pred:?}").to_lowercase(),
                            this.float_name(lane_ty)
                        );
                        this.uninterpreted(&name, vec![Type::Bv(w), Type::Bv(w)], Type::Bool, v)
                    }
                })
            },
        )
    }
}
