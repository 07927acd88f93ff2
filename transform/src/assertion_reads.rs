//! Reads of user assertions (`__assert`, `__global_assert`) are accesses.
//!
//! Consumes (from `flatten.rs`): a user assertion (`assert {:user}` that is
//! neither a loop invariant, a barrier invariant, a user candidate nor a
//! function-wide invariant) whose condition reads group-shared or global
//! arrays. Guarantees: every read of the condition is hoisted into a read
//! carrying [`ASSERTION_READ_ATTR`], which `access.rs` logs and race-checks
//! like a kernel read, and, when the read is evaluated only under a
//! condition inside the assertion (the right operand of `==>`, `&&`, `||`,
//! a branch of `if then else`), [`ACCESS_GUARD_ATTR`] with that condition
//! (read-free: its own reads were hoisted before it), so the access counts
//! only where the assertion's value depends on it.
//!
//! Why (SOUNDNESS.md, "Reviewed by attack (s8)"): the pair's copy of an
//! element is the work item's *view*; it is the element's value only when
//! no other work item wrote it since the last barrier. An assertion checked
//! on a stale view was verified although the element had changed (a
//! neighbour's write after a barrier invariant fixed the thread's view).
//! With the read race-checked, an unreported read has no concurrent write
//! in its barrier interval (before or after it), so the view is exact.
//! Assertions at a loop head (an `__assert` that is the loop's invariant)
//! stay where they are and get their reads as separate check reads right
//! after the head's invariants (`check_reads`): the state is the same there.

use crate::arrays::ArrayInfo;
use crate::error::TransformError;
use crate::flatten::{direct_read, Fresh};
use ivl::ast::{has_attr, AttrArg, Attribute, BinaryOp, Expr, ExprKind, Ident, Lhs, Stmt};
use ivl::ast::{StmtKind, UnaryOp};
use std::collections::{BTreeMap, HashSet};

/// `{:assertion_read}` on a read hoisted from a user assertion: an access.
pub const ASSERTION_READ_ATTR: &str = "assertion_read";
/// `{:access_guard g}` on such a read: the access happens only where `g`.
pub const ACCESS_GUARD_ATTR: &str = "access_guard";

/// The frontend's attributes of annotations that are proof aids, not
/// claims: loop invariants, candidates, function-wide invariants.
const PROOF_AIDS: &[&str] = &[
    ivl::kernel::INVARIANT_ATTR,
    "user_candidate",
    "function_wide",
    crate::access::BARRIER_INVARIANT_ATTR,
];

/// Whether `stmt` is a user assertion whose reads are accesses.
pub fn is_checked_assertion(stmt: &Stmt) -> bool {
    matches!(stmt.kind, StmtKind::Assert(_))
        && has_attr(&stmt.attrs, ivl::kernel::USER_ATTR)
        && !PROOF_AIDS.iter().any(|a| has_attr(&stmt.attrs, a))
}

/// The guard of a read (`None`: unconditional).
pub fn access_guard(attrs: &[Attribute]) -> Option<&Expr> {
    let a = ivl::ast::find_attr(attrs, ACCESS_GUARD_ATTR)?;
    match a.args.first() {
        Some(AttrArg::Expr(e)) => Some(e),
        _ => None,
    }
}

pub(crate) struct Hoister<'a, 'f> {
    pub racy: &'a HashSet<&'a str>,
    pub arrays: &'a BTreeMap<String, ArrayInfo>,
    pub fresh: &'a mut Fresh<'f>,
    pub stmt: &'a Stmt,
}

fn conj(guard: &Option<Expr>, c: Expr) -> Option<Expr> {
    Some(match guard {
        Some(g) => Expr::and(g.clone(), c),
        None => c,
    })
}

impl Hoister<'_, '_> {
    /// Hoists the reads of `e` into `out` (evaluation order), each guarded
    /// by the condition under which `e`'s value depends on it.
    pub fn hoist(
        &mut self,
        e: &Expr,
        guard: &Option<Expr>,
        out: &mut Vec<Stmt>,
    ) -> Result<Expr, TransformError> {
        let rebuilt = match &e.kind {
            ExprKind::Quantifier { .. } => {
                let mut reads = false;
                ivl::visit::walk_expr(e, &mut |x| {
                    reads |= direct_read(x, self.racy).is_some();
                });
                if reads {
                    return Err(TransformError::unsupported(
                        "a quantifier reading a shared array outside a loop invariant",
                        self.stmt.span,
                    ));
                }
                return Ok(e.clone());
            }
            ExprKind::Binary(op @ (BinaryOp::Implies | BinaryOp::And | BinaryOp::Or), a, b) => {
                let a = self.hoist(a, guard, out)?;
                let cond = match op {
                    BinaryOp::Or => {
                        Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(a.clone())), a.span)
                    }
                    _ => a.clone(),
                };
                let b = self.hoist(b, &conj(guard, cond), out)?;
                Expr::new(ExprKind::Binary(*op, Box::new(a), Box::new(b)), e.span)
            }
            ExprKind::Ite(c, a, b) => {
                let c = self.hoist(c, guard, out)?;
                let not_c = Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(c.clone())), c.span);
                let a = self.hoist(a, &conj(guard, c.clone()), out)?;
                let b = self.hoist(b, &conj(guard, not_c), out)?;
                Expr::new(ExprKind::Ite(Box::new(c), Box::new(a), Box::new(b)), e.span)
            }
            _ => ivl::visit::try_map_children(e, &mut |c| self.hoist(c, guard, out))?,
        };
        let Some((name, index)) = direct_read(&rebuilt, self.racy) else {
            return Ok(rebuilt);
        };
        let info = &self.arrays[name];
        if matches!(info.elem_type, ivl::ast::Type::Map(..)) {
            return Err(TransformError::unsupported(
                format!("multi-dimensional shared map `{name}`"),
                self.stmt.span,
            ));
        }
        let tmp = self.fresh.local(&format!("{name}$ard"), &info.elem_type);
        let mut attrs = self.stmt.attrs.clone();
        attrs.push(Attribute::new(ASSERTION_READ_ATTR, vec![]));
        if let Some(g) = guard {
            attrs.push(Attribute::new(
                ACCESS_GUARD_ATTR,
                vec![AttrArg::Expr(g.clone())],
            ));
        }
        out.push(Stmt {
            kind: StmtKind::Assign {
                lhs: vec![Lhs {
                    name: Ident::synthetic(&tmp),
                    indices: vec![],
                    span: ivl::Span::DUMMY,
                }],
                rhs: vec![Expr::select(Expr::var(name), index.clone())],
            },
            attrs,
            span: self.stmt.span,
        });
        Ok(Expr::new(ExprKind::Var(tmp), rebuilt.span))
    }
}
