//! Capture-aware renaming and substitution of free names in expressions.
//!
//! Consumes an expression and a rewriting function for free names; returns
//! a new expression. Guarantees: names bound by a quantifier are never
//! rewritten inside it; the function learns whether an occurrence is under
//! `old`. Deliberately does not: rename bound variables to avoid capture (a
//! replacement mentioning a name its quantifier binds is the caller's
//! responsibility; passes use `$`-names that user binders do not).

use crate::ast::{Expr, ExprKind};
use crate::visit::map_children_scoped;

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
    match &e.kind {
        ExprKind::Var(n) if !bound.contains(n) => f(n, in_old).unwrap_or_else(|| e.clone()),
        ExprKind::Old(inner) if drop_old => go(inner, f, drop_old, true, bound),
        ExprKind::Old(_) => {
            map_children_scoped(e, bound, &mut |c, bound| go(c, f, drop_old, true, bound))
        }
        _ => map_children_scoped(e, bound, &mut |c, bound| go(c, f, drop_old, in_old, bound)),
    }
}
