//! The one generic walk over expressions and statements.
//!
//! Consumes borrowed [`Expr`]s and [`Stmt`]s; produces nothing itself. The
//! functions here only know which fields of each [`ExprKind`] variant are
//! subexpressions, so every pass that visits or rebuilds expressions shares
//! one exhaustive match: a new variant fails to compile here, not silently
//! in some pass.
//!
//! Guarantees:
//! - children are visited (and rebuilt) left to right, in the order of the
//!   variant's fields, so side effects of the callback happen in source order;
//! - a rebuilt node keeps its kind's non-expression fields (operators,
//!   widths, names, bound variables) and its span; leaves are cloned;
//! - the `_scoped` variants push the names a quantifier binds onto `bound`
//!   while its body is visited and restore `bound` afterwards, so a callback
//!   can tell free from bound occurrences.
//!
//! Deliberately does not: decide anything about `old(...)` or binders beyond
//! that bookkeeping; callers special-case the variants they care about and
//! hand the rest to these functions.

use crate::ast::{Expr, ExprKind, Stmt, StmtKind};
use std::collections::BTreeSet;
use std::convert::Infallible;

/// Calls `f` on each direct child of `e`, left to right.
pub fn for_each_child<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    match &e.kind {
        ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } | ExprKind::Var(_) => {}
        ExprKind::Old(a)
        | ExprKind::Unary(_, a)
        | ExprKind::Extract { expr: a, .. }
        | ExprKind::Extend { expr: a, .. }
        | ExprKind::Quantifier { body: a, .. } => f(a),
        ExprKind::Binary(_, a, b) | ExprKind::Select(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::Ite(a, b, c) | ExprKind::Store(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        ExprKind::Apply(_, args) => args.iter().for_each(f),
    }
}

/// Calls `f` on `e` and every subexpression, pre-order, left to right
/// (quantifier bodies included).
pub fn walk_expr<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(e);
    for_each_child(e, &mut |c| walk_expr(c, f));
}

/// Rebuilds `e` with each direct child `c` replaced by `f(c)`, left to
/// right; the first error stops the rebuild and is returned.
pub fn try_map_children<E>(
    e: &Expr,
    f: &mut dyn FnMut(&Expr) -> Result<Expr, E>,
) -> Result<Expr, E> {
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

/// [`try_map_children`] for a callback that cannot fail.
pub fn map_children(e: &Expr, f: &mut dyn FnMut(&Expr) -> Expr) -> Expr {
    never(try_map_children::<Infallible>(e, &mut |c| Ok(f(c))))
}

/// A callback of the `_scoped` rebuilds: a child and the names bound
/// around it (innermost last).
pub type ScopedFn<'f, T> = dyn FnMut(&Expr, &mut Vec<String>) -> T + 'f;

/// [`try_map_children`] that also keeps the names bound around each child:
/// for a quantifier, its variables are on `bound` while `f` rebuilds the
/// body; `bound` is as before when this returns (also on error).
pub fn try_map_children_scoped<E>(
    e: &Expr,
    bound: &mut Vec<String>,
    f: &mut ScopedFn<'_, Result<Expr, E>>,
) -> Result<Expr, E> {
    let before = bound.len();
    if let ExprKind::Quantifier { vars, .. } = &e.kind {
        bound.extend(vars.iter().map(|v| v.name.name.clone()));
    }
    let r = try_map_children(e, &mut |c| f(c, bound));
    bound.truncate(before);
    r
}

/// [`try_map_children_scoped`] for a callback that cannot fail.
pub fn map_children_scoped(e: &Expr, bound: &mut Vec<String>, f: &mut ScopedFn<'_, Expr>) -> Expr {
    never(try_map_children_scoped::<Infallible>(
        e,
        bound,
        &mut |c, b| Ok(f(c, b)),
    ))
}

/// [`for_each_child`] that keeps the names bound around each child, as
/// [`try_map_children_scoped`] does.
pub fn for_each_child_scoped<'a>(
    e: &'a Expr,
    bound: &mut Vec<String>,
    f: &mut dyn FnMut(&'a Expr, &mut Vec<String>),
) {
    let before = bound.len();
    if let ExprKind::Quantifier { vars, .. } = &e.kind {
        bound.extend(vars.iter().map(|v| v.name.name.clone()));
    }
    for_each_child(e, &mut |c| f(c, bound));
    bound.truncate(before);
}

/// The free variable names of `e` (names bound by an enclosing quantifier
/// inside `e` excluded; names under `old` included).
pub fn free_vars(e: &Expr) -> BTreeSet<String> {
    fn go(e: &Expr, bound: &mut Vec<String>, out: &mut BTreeSet<String>) {
        if let ExprKind::Var(n) = &e.kind {
            if !bound.contains(n) {
                out.insert(n.clone());
            }
        }
        for_each_child_scoped(e, bound, &mut |c, bound| go(c, bound, out));
    }
    let mut out = BTreeSet::new();
    go(e, &mut Vec::new(), &mut out);
    out
}

/// Calls `f` on every expression a statement evaluates, in order: map
/// indices on the left of an assignment, then its right sides; assume and
/// assert conditions; call arguments. A havoc evaluates nothing.
pub fn stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
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

fn never<T>(r: Result<T, Infallible>) -> T {
    match r {
        Ok(t) => t,
        Err(n) => match n {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{BinaryOp, QuantKind, Type, TypedIdent, UnaryOp};

    /// One expression of every kind, with distinct leaves as children.
    /// The exhaustive match in `children_by_hand` makes this module fail to
    /// compile when a variant is added, until the test covers it.
    fn samples() -> Vec<Expr> {
        let v = |n: &str| Expr::var(n);
        let b = |x: Expr| Box::new(x);
        let s = Expr::synthetic;
        let quant = s(ExprKind::Quantifier {
            kind: QuantKind::Forall,
            vars: vec![TypedIdent::new("q", Type::Int)],
            body: b(Expr::and(Expr::eq(v("q"), v("y")), v("z"))),
        });
        vec![
            Expr::bool(true),
            Expr::int(3),
            Expr::bv(5, 8),
            v("x"),
            Expr::old(v("a")),
            Expr::unary(UnaryOp::Not, v("a")),
            Expr::binary(BinaryOp::Add, v("a"), v("b")),
            s(ExprKind::Extract {
                expr: b(v("a")),
                hi: 4,
                lo: 1,
            }),
            s(ExprKind::Extend {
                signed: true,
                width: 16,
                expr: b(v("a")),
            }),
            Expr::ite(v("a"), v("b"), v("c")),
            Expr::select(v("a"), v("b")),
            Expr::store(v("a"), v("b"), v("c")),
            Expr::apply("f", vec![v("a"), v("b"), v("c"), v("d")]),
            quant,
        ]
    }

    /// The direct children of `e`, written out independently of the module.
    fn children_by_hand(e: &Expr) -> Vec<&Expr> {
        match &e.kind {
            ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } | ExprKind::Var(_) => {
                vec![]
            }
            ExprKind::Old(a) => vec![a],
            ExprKind::Unary(_, a) => vec![a],
            ExprKind::Binary(_, a, b) => vec![a, b],
            ExprKind::Extract { expr, .. } => vec![expr],
            ExprKind::Extend { expr, .. } => vec![expr],
            ExprKind::Ite(a, b, c) => vec![a, b, c],
            ExprKind::Select(a, b) => vec![a, b],
            ExprKind::Store(a, b, c) => vec![a, b, c],
            ExprKind::Apply(_, args) => args.iter().collect(),
            ExprKind::Quantifier { body, .. } => vec![body],
        }
    }

    fn variant(e: &Expr) -> std::mem::Discriminant<ExprKind> {
        std::mem::discriminant(&e.kind)
    }

    #[test]
    fn samples_cover_every_variant() {
        let kinds: Vec<_> = samples().iter().map(variant).collect();
        let distinct: std::collections::HashSet<_> = kinds.iter().collect();
        assert_eq!(distinct.len(), kinds.len(), "one sample per variant");
        // 14 = the number of arms in `children_by_hand`, one per variant.
        assert_eq!(kinds.len(), 14);
    }

    #[test]
    fn for_each_child_visits_the_children_in_order() {
        for e in samples() {
            let mut seen = Vec::new();
            for_each_child(&e, &mut |c| seen.push(c as *const Expr));
            let want: Vec<_> = children_by_hand(&e)
                .into_iter()
                .map(|c| c as *const Expr)
                .collect();
            assert_eq!(seen, want, "{e:?}");
        }
    }

    #[test]
    fn map_children_rebuilds_only_the_children_in_order() {
        for e in samples() {
            // Identity keeps the tree.
            assert_eq!(map_children(&e, &mut |c| c.clone()), e);
            // Replacing each child by a numbered variable touches exactly
            // the children, in order, and keeps every other field.
            let mut n = 0;
            let r = map_children(&e, &mut |_| {
                n += 1;
                Expr::var(format!("c{n}"))
            });
            assert_eq!(n, children_by_hand(&e).len());
            assert_eq!(variant(&r), variant(&e));
            assert_eq!(r.span, e.span);
            let names: Vec<_> = children_by_hand(&r)
                .into_iter()
                .map(|c| match &c.kind {
                    ExprKind::Var(v) => v.clone(),
                    other => panic!("child not replaced: {other:?}"),
                })
                .collect();
            let want: Vec<_> = (1..=n).map(|i| format!("c{i}")).collect();
            assert_eq!(names, want);
            // Putting the original children back gives the original tree.
            let originals: Vec<Expr> = children_by_hand(&e).into_iter().cloned().collect();
            let mut it = originals.into_iter();
            assert_eq!(map_children(&r, &mut |_| it.next().expect("child")), e);
        }
    }

    #[test]
    fn try_map_children_stops_at_the_first_error() {
        let e = Expr::apply("f", vec![Expr::var("a"), Expr::var("b"), Expr::var("c")]);
        let mut calls = 0;
        let r: Result<Expr, String> = try_map_children(&e, &mut |c| {
            calls += 1;
            match &c.kind {
                ExprKind::Var(n) if n == "b" => Err("b".into()),
                _ => Ok(c.clone()),
            }
        });
        assert_eq!(r, Err("b".to_string()));
        assert_eq!(calls, 2);
    }

    #[test]
    fn walk_expr_is_pre_order() {
        let e = Expr::binary(
            BinaryOp::Add,
            Expr::binary(BinaryOp::Mul, Expr::var("a"), Expr::var("b")),
            Expr::var("c"),
        );
        let mut seen = Vec::new();
        walk_expr(&e, &mut |x| {
            seen.push(match &x.kind {
                ExprKind::Var(n) => n.clone(),
                ExprKind::Binary(op, ..) => format!("{op:?}"),
                other => panic!("{other:?}"),
            })
        });
        assert_eq!(seen, ["Add", "Mul", "a", "b", "c"]);
    }

    #[test]
    fn scoped_variants_bind_quantified_names_only_inside() {
        let q = samples().pop().expect("quantifier sample");
        let ExprKind::Quantifier { kind, vars, .. } = &q.kind else {
            panic!("last sample is the quantifier")
        };
        assert_eq!(*kind, QuantKind::Forall);
        let names: Vec<&TypedIdent> = vars.iter().collect();
        assert_eq!(names.len(), 1);
        let mut bound = vec!["outer".to_string()];
        let mut inside = Vec::new();
        for_each_child_scoped(&q, &mut bound, &mut |_, b| inside.push(b.clone()));
        assert_eq!(inside, [vec!["outer".to_string(), "q".to_string()]]);
        assert_eq!(bound, ["outer"]);
        let mut inside = Vec::new();
        let r: Result<Expr, ()> = try_map_children_scoped(&q, &mut bound, &mut |_, b| {
            inside.push(b.clone());
            Err(())
        });
        assert!(r.is_err());
        assert_eq!(inside, [vec!["outer".to_string(), "q".to_string()]]);
        assert_eq!(bound, ["outer"], "restored on error too");
        // Non-binders leave `bound` alone for their children.
        let add = Expr::binary(BinaryOp::Add, Expr::var("a"), Expr::var("b"));
        let mut inside = Vec::new();
        map_children_scoped(&add, &mut bound, &mut |c, b| {
            inside.push(b.len());
            c.clone()
        });
        assert_eq!(inside, [1, 1]);
    }

    #[test]
    fn free_vars_skips_bound_names_and_sees_old() {
        let q = samples().pop().expect("quantifier sample");
        let e = Expr::binary(BinaryOp::And, q, Expr::old(Expr::var("q")));
        let got: Vec<_> = free_vars(&e).into_iter().collect();
        assert_eq!(got, ["q", "y", "z"]);
    }
}
