//! Small expression utilities shared by the passes: walking, rebuilding,
//! and the free names of an expression.

use ivl::ast::{Expr, ExprKind};
use std::collections::BTreeSet;

/// Calls `f` on `e` and every subexpression (pre-order).
pub fn walk(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } | ExprKind::Var(_) => {}
        ExprKind::Old(a)
        | ExprKind::Unary(_, a)
        | ExprKind::Extract { expr: a, .. }
        | ExprKind::Extend { expr: a, .. } => walk(a, f),
        ExprKind::Binary(_, a, b) | ExprKind::Select(a, b) => {
            walk(a, f);
            walk(b, f);
        }
        ExprKind::Ite(a, b, c) | ExprKind::Store(a, b, c) => {
            walk(a, f);
            walk(b, f);
            walk(c, f);
        }
        ExprKind::Apply(_, args) => args.iter().for_each(|a| walk(a, f)),
        ExprKind::Quantifier { body, .. } => walk(body, f),
    }
}

/// Rebuilds `e` with each direct child replaced by `f(child)`.
pub fn map_children<E>(e: &Expr, f: &mut dyn FnMut(&Expr) -> Result<Expr, E>) -> Result<Expr, E> {
    let mut b = |x: &Expr| -> Result<Box<Expr>, E> { Ok(Box::new(f(x)?)) };
    let kind = match &e.kind {
        ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } | ExprKind::Var(_) => {
            e.kind.clone()
        }
        ExprKind::Old(a) => ExprKind::Old(b(a)?),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, b(a)?),
        ExprKind::Binary(op, x, y) => {
            let x = b(x)?;
            ExprKind::Binary(*op, x, b(y)?)
        }
        ExprKind::Extract { expr, hi, lo } => ExprKind::Extract {
            expr: b(expr)?,
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
            expr: b(expr)?,
        },
        ExprKind::Ite(c, x, y) => {
            let c = b(c)?;
            let x = b(x)?;
            ExprKind::Ite(c, x, b(y)?)
        }
        ExprKind::Select(m, i) => {
            let m = b(m)?;
            ExprKind::Select(m, b(i)?)
        }
        ExprKind::Store(m, i, v) => {
            let m = b(m)?;
            let i = b(i)?;
            ExprKind::Store(m, i, b(v)?)
        }
        ExprKind::Apply(name, args) => ExprKind::Apply(
            name.clone(),
            args.iter().map(f).collect::<Result<Vec<_>, E>>()?,
        ),
        ExprKind::Quantifier { kind, vars, body } => ExprKind::Quantifier {
            kind: *kind,
            vars: vars.clone(),
            body: b(body)?,
        },
    };
    Ok(Expr::new(kind, e.span))
}

/// The free variable names of `e` (bound quantifier variables excluded).
pub fn free_vars(e: &Expr) -> BTreeSet<String> {
    fn go(e: &Expr, bound: &mut Vec<String>, out: &mut BTreeSet<String>) {
        match &e.kind {
            ExprKind::Var(n) => {
                if !bound.contains(n) {
                    out.insert(n.clone());
                }
            }
            ExprKind::Quantifier { vars, body, .. } => {
                let n = bound.len();
                bound.extend(vars.iter().map(|v| v.name.name.clone()));
                go(body, bound, out);
                bound.truncate(n);
            }
            _ => {
                let _ = map_children::<()>(e, &mut |c| {
                    go(c, bound, out);
                    Ok(c.clone())
                });
            }
        }
    }
    let mut out = BTreeSet::new();
    go(e, &mut Vec::new(), &mut out);
    out
}

/// Calls `f` on every expression a statement evaluates (right sides, map
/// indices on the left, conditions, call arguments).
pub fn stmt_exprs(s: &ivl::ast::Stmt, f: &mut dyn FnMut(&Expr)) {
    use ivl::ast::StmtKind;
    match &s.kind {
        StmtKind::Assign { lhs, rhs } => {
            for l in lhs {
                l.indices.iter().for_each(&mut *f);
            }
            rhs.iter().for_each(f);
        }
        StmtKind::Assume(e) | StmtKind::Assert(e) => f(e),
        StmtKind::Call { args, .. } => args.iter().for_each(f),
        StmtKind::Havoc(_) => {}
    }
}
