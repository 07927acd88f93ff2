//! Folding of literal bit-vector arithmetic in candidate expressions.
//!
//! Consumes an expression (after launch constants were replaced by their
//! literals, so `gridDim.x * TILE_DIM` reads `32bv32 * 32bv32`); returns
//! an equal expression in which every `+`, `-`, `*`, `<<` of two
//! bit-vector literals of one width is one literal (modulo `2^width`), and
//! `e + 0`, `e - 0`, `e * 1` are `e`, and a zero or sign extension of a
//! literal is a literal. Rules read offsets' coefficients
//! through this (a coefficient `32 * 32` is the literal `1024`), and the
//! solver gets smaller terms. Equality is exact in modular arithmetic, so
//! the rewrite changes no candidate's meaning.

use ivl::ast::{BinaryOp, Expr, ExprKind};

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn bv(e: &Expr) -> Option<(u128, u32)> {
    match &e.kind {
        ExprKind::Bv { value, width } => Some((*value, *width)),
        _ => None,
    }
}

/// `e` with literal arithmetic folded (see the module doc).
pub fn fold_literals(e: &Expr) -> Expr {
    let e = ivl::visit::map_children(e, &mut |c| fold_literals(c));
    if let ExprKind::Extend {
        signed,
        width,
        expr,
    } = &e.kind
    {
        if let Some((x, w)) = bv(expr) {
            if w > 0 && w <= *width && *width <= 128 {
                let negative = *signed && (x >> (w - 1)) & 1 == 1;
                let value = if negative {
                    x | (mask(*width) & !mask(w))
                } else {
                    x
                };
                return Expr::new(
                    ExprKind::Bv {
                        value,
                        width: *width,
                    },
                    e.span,
                );
            }
        }
        return e;
    }
    let ExprKind::Binary(op, a, b) = &e.kind else {
        return e;
    };
    match (bv(a), bv(b)) {
        (Some((x, w)), Some((y, w2))) if w == w2 && w > 0 => {
            let v = match op {
                BinaryOp::Add => x.wrapping_add(y),
                BinaryOp::Sub => x.wrapping_sub(y),
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Shl if y < u128::from(w) => x << y,
                BinaryOp::Shl => 0,
                _ => return e,
            };
            Expr::new(
                ExprKind::Bv {
                    value: v & mask(w),
                    width: w,
                },
                e.span,
            )
        }
        (_, Some((0, _))) if matches!(op, BinaryOp::Add | BinaryOp::Sub) => (**a).clone(),
        (Some((0, _)), _) if *op == BinaryOp::Add => (**b).clone(),
        (_, Some((1, _))) if *op == BinaryOp::Mul => (**a).clone(),
        (Some((1, _)), _) if *op == BinaryOp::Mul => (**b).clone(),
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_products_of_literals_and_identities() {
        let e = Expr::binary(
            BinaryOp::Mul,
            Expr::binary(BinaryOp::Add, Expr::var("y"), Expr::bv(0, 32)),
            Expr::binary(BinaryOp::Mul, Expr::bv(32, 32), Expr::bv(32, 32)),
        );
        let f = fold_literals(&e);
        assert_eq!(
            f,
            Expr::binary(BinaryOp::Mul, Expr::var("y"), Expr::bv(1024, 32))
        );
    }

    #[test]
    fn wraps_modulo_the_width() {
        let e = Expr::binary(BinaryOp::Mul, Expr::bv(1 << 20, 32), Expr::bv(1 << 13, 32));
        assert_eq!(fold_literals(&e), Expr::bv(0, 32));
        let s = Expr::binary(BinaryOp::Sub, Expr::bv(0, 8), Expr::bv(1, 8));
        assert_eq!(fold_literals(&s), Expr::bv(255, 8));
    }

    #[test]
    fn extends_literals() {
        let ext = |signed, e| {
            Expr::new(
                ExprKind::Extend {
                    signed,
                    width: 64,
                    expr: Box::new(e),
                },
                Default::default(),
            )
        };
        let product = Expr::binary(BinaryOp::Mul, Expr::bv(64, 32), Expr::bv(1, 32));
        assert_eq!(fold_literals(&ext(false, product)), Expr::bv(64, 64));
        assert_eq!(
            fold_literals(&ext(true, Expr::bv(0xffff_fffe, 32))),
            Expr::bv(0xffff_ffff_ffff_fffe, 64)
        );
        assert_eq!(
            fold_literals(&ext(false, Expr::bv(0xffff_fffe, 32))),
            Expr::bv(0xffff_fffe, 64)
        );
        let open = ext(false, Expr::var("x"));
        assert_eq!(fold_literals(&open), open);
    }
}
