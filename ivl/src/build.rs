//! Expression builders that simplify as they build, shared by every pass
//! that invents expressions (the transform, the explicit encoding, the
//! inference rules, the frontend).
//!
//! Consumes expressions; produces an expression equivalent to the named
//! operator applied to them. The simplifications, and no others:
//!
//! - [`and`]: `true && b` is `b`, `a && true` is `a`, and a `false` side
//!   makes the whole `false` (the other side is dropped: expressions have
//!   no side effects);
//! - [`or`]: dually, `false || b` is `b`, `a || false` is `a`, a `true`
//!   side makes it `true`;
//! - [`implies`]: `true ==> b` is `b`, `false ==> b` is `true` (a literal
//!   consequent is kept);
//! - [`not`]: `!true`/`!false` are literals, `!!a` is `a`;
//! - [`ite`]: a literal condition picks its branch;
//! - [`all`]/[`any`]: [`and`]/[`or`] folded from `true`/`false`.
//!
//! The raw constructors (`Expr::and`, `Expr::implies`, ...) build exactly
//! the tree asked for; use them where the printed shape matters.
//!
//! Statement builders ([`lhs`], [`assign`], [`set`], [`assert_with`]) make
//! synthetic statements (no span) and never simplify.

use crate::ast::{Attribute, Expr, ExprKind, Ident, Lhs, Stmt, StmtKind, UnaryOp};

/// `a && b`, simplified when either side is a literal.
pub fn and(a: Expr, b: Expr) -> Expr {
    match (&a.kind, &b.kind) {
        (ExprKind::Bool(true), _) => b,
        (_, ExprKind::Bool(true)) => a,
        (ExprKind::Bool(false), _) | (_, ExprKind::Bool(false)) => Expr::bool(false),
        _ => Expr::and(a, b),
    }
}

/// `a || b`, simplified when either side is a literal.
pub fn or(a: Expr, b: Expr) -> Expr {
    match (&a.kind, &b.kind) {
        (ExprKind::Bool(false), _) => b,
        (_, ExprKind::Bool(false)) => a,
        (ExprKind::Bool(true), _) | (_, ExprKind::Bool(true)) => Expr::bool(true),
        _ => Expr::or(a, b),
    }
}

/// `a ==> b`, simplified when `a` is a literal.
pub fn implies(a: Expr, b: Expr) -> Expr {
    match &a.kind {
        ExprKind::Bool(true) => b,
        ExprKind::Bool(false) => Expr::bool(true),
        _ => Expr::implies(a, b),
    }
}

/// `!a`, simplified for literals and double negation.
pub fn not(a: Expr) -> Expr {
    match a.kind {
        ExprKind::Bool(b) => Expr::bool(!b),
        ExprKind::Unary(UnaryOp::Not, inner) => *inner,
        _ => Expr::unary(UnaryOp::Not, a),
    }
}

/// `if c then a else b`, simplified when `c` is a literal.
pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    match &c.kind {
        ExprKind::Bool(true) => a,
        ExprKind::Bool(false) => b,
        _ => Expr::ite(c, a, b),
    }
}

/// The conjunction of `es` (`true` when empty).
pub fn all(es: impl IntoIterator<Item = Expr>) -> Expr {
    es.into_iter().fold(Expr::bool(true), and)
}

/// The disjunction of `es` (`false` when empty).
pub fn any(es: impl IntoIterator<Item = Expr>) -> Expr {
    es.into_iter().fold(Expr::bool(false), or)
}

/// The assignment target `name` (no indices).
pub fn lhs(name: impl Into<String>) -> Lhs {
    Lhs {
        name: Ident::synthetic(name),
        indices: Vec::new(),
        span: crate::Span::DUMMY,
    }
}

/// The parallel assignment of `pairs`, with `attrs`.
pub fn assign(pairs: Vec<(Lhs, Expr)>, attrs: Vec<Attribute>) -> Stmt {
    let (lhs, rhs) = pairs.into_iter().unzip();
    Stmt {
        kind: StmtKind::Assign { lhs, rhs },
        attrs,
        span: crate::Span::DUMMY,
    }
}

/// `name := value`.
pub fn set(name: impl Into<String>, value: Expr) -> Stmt {
    assign(vec![(lhs(name), value)], Vec::new())
}

/// `assert e` with `attrs`.
pub fn assert_with(e: Expr, attrs: Vec<Attribute>) -> Stmt {
    let mut s = Stmt::new(StmtKind::Assert(e));
    s.attrs = attrs;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Expr {
        Expr::var("x")
    }

    #[test]
    fn literals_simplify() {
        assert_eq!(and(Expr::bool(true), x()), x());
        assert_eq!(and(x(), Expr::bool(false)), Expr::bool(false));
        assert_eq!(or(Expr::bool(false), x()), x());
        assert_eq!(or(x(), Expr::bool(true)), Expr::bool(true));
        assert_eq!(implies(Expr::bool(true), x()), x());
        assert_eq!(implies(Expr::bool(false), x()), Expr::bool(true));
        assert_eq!(not(not(x())), x());
        assert_eq!(not(Expr::bool(true)), Expr::bool(false));
        assert_eq!(ite(Expr::bool(false), x(), Expr::var("y")), Expr::var("y"));
    }

    #[test]
    fn other_operands_are_kept() {
        assert_eq!(and(x(), Expr::var("y")), Expr::and(x(), Expr::var("y")));
        assert_eq!(
            implies(x(), Expr::bool(false)),
            Expr::implies(x(), Expr::bool(false))
        );
        assert_eq!(all([]), Expr::bool(true));
        assert_eq!(any([x()]), x());
    }
}
