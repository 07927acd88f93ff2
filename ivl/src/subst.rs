//! Capture-aware renaming and substitution of free names in expressions.
//!
//! Consumes an expression and a rewriting function for free names; returns
//! a new expression. Guarantees: names bound by a quantifier are never
//! rewritten inside it; the function learns whether an occurrence is under
//! `old`. Deliberately does not: rename bound variables to avoid capture (a
//! replacement mentioning a name its quantifier binds is the caller's
//! responsibility; passes use `$`-names that user binders do not).

use crate::ast::{Expr, ExprKind};

/// Rewrites free names: `f(name, under_old)` returns a replacement or
/// `None` to keep the name. With `drop_old`, `old(e)` nodes disappear
/// (after their inside has been rewritten with `under_old = true`).
pub fn rewrite(e: &Expr, f: &dyn Fn(&str, bool) -> Option<Expr>, drop_old: bool) -> Expr {
    let mut bound = Vec::new();
    go(e, f, drop_old, false, &mut bound)
}

fn go(
    e: &Expr,
    f: &dyn Fn(&str, bool) -> Option<Expr>,
    drop_old: bool,
    in_old: bool,
    bound: &mut Vec<String>,
) -> Expr {
    let mut r = |x: &Expr| Box::new(go(x, f, drop_old, in_old, bound));
    let kind = match &e.kind {
        ExprKind::Var(n) => {
            if !bound.contains(n) {
                if let Some(rep) = f(n, in_old) {
                    return rep;
                }
            }
            ExprKind::Var(n.clone())
        }
        ExprKind::Old(inner) => {
            let rewritten = go(inner, f, drop_old, true, bound);
            if drop_old {
                return rewritten;
            }
            ExprKind::Old(Box::new(rewritten))
        }
        ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } => e.kind.clone(),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, r(a)),
        ExprKind::Binary(op, a, b) => {
            let a = r(a);
            ExprKind::Binary(*op, a, r(b))
        }
        ExprKind::Extract { expr, hi, lo } => ExprKind::Extract {
            expr: r(expr),
            hi: *hi,
            lo: *lo,
        },
        ExprKind::Extend {
            signed,
            width,
            expr,
        } => ExprKind::Extend {
            signed: *signed,
            width: *width,
            expr: r(expr),
        },
        ExprKind::Ite(c, a, b) => {
            let c = r(c);
            let a = r(a);
            ExprKind::Ite(c, a, r(b))
        }
        ExprKind::Select(m, i) => {
            let m = r(m);
            ExprKind::Select(m, r(i))
        }
        ExprKind::Store(m, i, v) => {
            let m = r(m);
            let i = r(i);
            ExprKind::Store(m, i, r(v))
        }
        ExprKind::Apply(name, args) => ExprKind::Apply(
            name.clone(),
            args.iter()
                .map(|a| go(a, f, drop_old, in_old, bound))
                .collect(),
        ),
        ExprKind::Quantifier { kind, vars, body } => {
            let n = bound.len();
            bound.extend(vars.iter().map(|v| v.name.name.clone()));
            let body = go(body, f, drop_old, in_old, bound);
            bound.truncate(n);
            ExprKind::Quantifier {
                kind: *kind,
                vars: vars.clone(),
                body: Box::new(body),
            }
        }
    };
    Expr::new(kind, e.span)
}
