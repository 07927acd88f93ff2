//! Exact models of integer builtins: LLVM intrinsics (smax, umin, abs,
//! ctpop, ctlz, cttz, bitreverse, bswap) and OpenCL integer functions (min,
//! max, clamp, abs, popcount, clz, ctz, mul24, mad24, rotate, add_sat,
//! sub_sat, hadd, rhadd, abs_diff, mul_hi, mad_hi) on scalars.

use super::function::FnCtx;
use super::inst::{bv_const, extract, resize};
use super::names::{base_name, first_param_signed};
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, UnaryOp};
use llvm_ir::instruction::Call;

impl FnCtx<'_, '_> {
    /// Exact models of LLVM integer intrinsics and OpenCL integer builtins.
    pub(crate) fn int_intrinsic(
        &mut self,
        callee: &str,
        call: &Call,
    ) -> Result<Option<Expr>, FrontendError> {
        let llvm = callee
            .strip_prefix("llvm.")
            .map(|s| s.split('.').next().unwrap_or(s));
        let base = base_name(callee);
        let result_ty = self.k.module.type_of(call);
        // A vector result: the scalar model lane by lane (a scalar argument,
        // as in `clamp(int4, int, int)`, is used in every lane).
        let (w, lanes) = match result_ty.as_ref() {
            llvm_ir::Type::IntegerType { bits } if *bits > 1 => (*bits, 0),
            llvm_ir::Type::VectorType {
                element_type,
                num_elements,
                ..
            } => match element_type.as_ref() {
                llvm_ir::Type::IntegerType { bits } if *bits > 1 => (*bits, *num_elements as u32),
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let signed = first_param_signed(callee).unwrap_or(true);
        let name = llvm.unwrap_or(base);
        let arity = call.arguments.len();
        let mut args = Vec::new();
        for i in 0..arity.min(3) {
            let ty = self.k.module.type_of(&call.arguments[i].0);
            let is_vector = matches!(ty.as_ref(), llvm_ir::Type::VectorType { .. });
            args.push((self.arg(call, i)?, is_vector));
        }
        if lanes == 0 {
            let a = args.into_iter().map(|(e, _)| e).collect();
            return Ok(int_builtin(name, llvm.is_some(), signed, arity, a, w));
        }
        let mut out = Vec::new();
        for lane in 0..lanes {
            let a = args
                .iter()
                .map(|(e, v)| {
                    if *v {
                        extract(e.clone(), (lane + 1) * w, lane * w)
                    } else {
                        e.clone()
                    }
                })
                .collect();
            match int_builtin(name, llvm.is_some(), signed, arity, a, w) {
                Some(e) => out.push(e),
                None => return Ok(None),
            }
        }
        Ok(Some(super::values::concat_lanes(out)))
    }
}

/// The exact model of integer builtin `name` on one `w`-bit lane.
fn int_builtin(
    name: &str,
    llvm: bool,
    signed: bool,
    arity: usize,
    a: Vec<Expr>,
    w: u32,
) -> Option<Expr> {
    let pick = |c: B, a: Expr, b: Expr| Expr::ite(Expr::binary(c, a.clone(), b.clone()), a, b);
    let (lt, gt) = if signed {
        (B::BvSLt, B::BvSGt)
    } else {
        (B::BvULt, B::BvUGt)
    };
    let arg = |i: usize| a.get(i).cloned().unwrap_or_else(|| Expr::bv(0, w));
    {
        let e = match (name, llvm) {
            ("smax", true) => pick(B::BvSGt, arg(0), arg(1)),
            ("smin", true) => pick(B::BvSLt, arg(0), arg(1)),
            ("umax", true) => pick(B::BvUGt, arg(0), arg(1)),
            ("umin", true) => pick(B::BvULt, arg(0), arg(1)),
            ("max", false) if arity == 2 => pick(gt, arg(0), arg(1)),
            ("min", false) if arity == 2 => pick(lt, arg(0), arg(1)),
            ("clamp", false) if arity == 3 => pick(lt, pick(gt, arg(0), arg(1)), arg(2)),
            ("abs", _) if arity >= 1 => {
                let x = arg(0);
                if signed || llvm {
                    Expr::ite(
                        Expr::binary(B::BvSLt, x.clone(), Expr::bv(0, w)),
                        Expr::unary(UnaryOp::Neg, x.clone()),
                        x,
                    )
                } else {
                    x
                }
            }
            ("ctpop", true) | ("popcount", false) => popcount(arg(0), w),
            ("ctlz", true) | ("clz", false) => count_zeros(arg(0), w, true),
            ("cttz", true) | ("ctz", false) => count_zeros(arg(0), w, false),
            ("mul24", false) | ("mad24", false) => {
                let low = |x: Expr| resize(extract(x, 24, 0), 24, w, signed);
                let product = Expr::binary(B::Mul, low(arg(0)), low(arg(1)));
                if name == "mad24" {
                    Expr::binary(B::Add, product, arg(2))
                } else {
                    product
                }
            }
            ("rotate", false) => {
                let n = Expr::binary(B::BvURem, arg(1), Expr::bv(u128::from(w), w));
                let back = Expr::binary(B::Sub, Expr::bv(u128::from(w), w), n.clone());
                Expr::binary(
                    B::BvOr,
                    Expr::binary(B::Shl, arg(0), n),
                    Expr::binary(B::BvLShr, arg(0), back),
                )
            }
            (
                "add_sat" | "sub_sat" | "hadd" | "rhadd" | "abs_diff" | "mul_hi" | "mad_hi"
                | "mad_sat",
                false,
            ) => {
                let wide = w + 2;
                let ext = |x: Expr| resize(x, w, 2 * wide, signed);
                let (x, y) = (ext(arg(0)), ext(arg(1)));
                let r = match name {
                    "add_sat" => Expr::binary(B::Add, x, y),
                    "sub_sat" => Expr::binary(B::Sub, x, y),
                    "mad_sat" => Expr::binary(B::Add, Expr::binary(B::Mul, x, y), ext(arg(2))),
                    "hadd" => {
                        Expr::binary(B::BvAShr, Expr::binary(B::Add, x, y), Expr::bv(1, 2 * wide))
                    }
                    "rhadd" => Expr::binary(
                        B::BvAShr,
                        Expr::binary(B::Add, Expr::binary(B::Add, x, y), Expr::bv(1, 2 * wide)),
                        Expr::bv(1, 2 * wide),
                    ),
                    "abs_diff" => Expr::ite(
                        Expr::binary(B::BvSGt, x.clone(), y.clone()),
                        Expr::binary(B::Sub, x.clone(), y.clone()),
                        Expr::binary(B::Sub, y, x),
                    ),
                    _ => Expr::binary(
                        B::BvLShr,
                        Expr::binary(B::Mul, x, y),
                        Expr::bv(u128::from(w), 2 * wide),
                    ),
                };
                let r = if name.ends_with("_sat") {
                    let (lo, hi): (i128, i128) = if signed {
                        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
                    } else {
                        (0, (1i128 << w) - 1)
                    };
                    let (lo, hi) = (bv_const(lo, 2 * wide), bv_const(hi, 2 * wide));
                    Expr::ite(
                        Expr::binary(B::BvSLt, r.clone(), lo.clone()),
                        lo,
                        Expr::ite(Expr::binary(B::BvSGt, r.clone(), hi.clone()), hi, r),
                    )
                } else {
                    r
                };
                let r = extract(r, w, 0);
                if name == "mad_hi" {
                    Expr::binary(B::Add, r, arg(2))
                } else {
                    r
                }
            }
            ("bitreverse", true) => super::values::concat_lanes(
                (0..w).rev().map(|i| extract(arg(0), i + 1, i)).collect(),
            ),
            ("bswap", true) => super::values::concat_lanes(
                (0..w / 8)
                    .rev()
                    .map(|i| extract(arg(0), 8 * i + 8, 8 * i))
                    .collect(),
            ),
            _ => return None,
        };
        Some(e)
    }
}

fn popcount(x: Expr, w: u32) -> Expr {
    (0..w)
        .map(|i| resize(extract(x.clone(), i + 1, i), 1, w, false))
        .reduce(|a, b| Expr::binary(B::Add, a, b))
        .unwrap_or_else(|| Expr::bv(0, w))
}

/// Leading (or trailing) zeros: an `if`-chain from the first bit on.
fn count_zeros(x: Expr, w: u32, leading: bool) -> Expr {
    // The last bit folded in is the outermost test: the first bit looked at.
    (0..w).rev().fold(Expr::bv(u128::from(w), w), |rest, i| {
        let bit = if leading { w - 1 - i } else { i };
        let count = if leading { i } else { bit };
        Expr::ite(
            Expr::eq(extract(x.clone(), bit + 1, bit), Expr::bv(1, 1)),
            Expr::bv(u128::from(count), w),
            rest,
        )
    })
}
