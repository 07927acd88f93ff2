//! Whose element a barrier invariant reads (Chong et al., OOPSLA 2013).
//!
//! The transform hoists every shared-array read of an assertion into a
//! read the work item makes where the assertion stands, race-checked and
//! logged like the kernel's (transform/src/flatten.rs): a read of an
//! element another work item wrote since the last barrier is a reported
//! race, so a value the invariant reads is exact. In GPUVerify's idiom
//! `__barrier_invariant_binary_N(e, ..., get_local_id(0),
//! __other_int(get_local_id(0)))` the condition reads `A[o]` at the other
//! work item's index (`o` mentions `__other_*`): as a read of this work
//! item that is the element the *other* one wrote (a race, the invariant
//! unusable).
//!
//! Consumes: an instantiated barrier-invariant condition. Guarantees:
//! - every read `A[o]` whose index mentions `__other_*` becomes
//!   `__other_int(A[o'])` with `o'` the index seen from the other work item
//!   (`__other_int(o)`, `__other_int(__other_int(x))` simplified to `x`):
//!   the same element, read by the other work item in its own copy. The
//!   hoisted read is then each work item's read of the element (its own, in
//!   the idiom), race-checked like any read, and the condition uses the
//!   other work item's value of it;
//! - such a condition is guarded by `__same_group()`: a barrier relates the
//!   work items of one group, and for a pair of different groups the other
//!   copy is another group's memory (weaker on both the assertion and the
//!   assumption after the barrier, so sound).

use ivl::ast::{Expr, ExprKind};

/// The condition with the other work item's reads made explicit, guarded
/// by `__same_group()` when it reads the other work item's copy.
pub(crate) fn owner_reads(e: &Expr) -> Expr {
    let rewritten = rewrite(e);
    if reads_under_pair_function(&rewritten, false) {
        Expr::implies(Expr::apply("__same_group", vec![]), rewritten)
    } else {
        rewritten
    }
}

fn rewrite(e: &Expr) -> Expr {
    let e = ivl::visit::map_children(e, &mut |c| rewrite(c));
    match &e.kind {
        ExprKind::Select(m, i) if matches!(m.kind, ExprKind::Var(_)) && mentions_other(i) => {
            let own_index = seen_from_other(i);
            Expr::apply("__other_int", vec![Expr::select((**m).clone(), own_index)])
        }
        _ => e,
    }
}

/// `__other_int(e)`, simplified where `e` is itself `__other_*(x)`.
fn seen_from_other(e: &Expr) -> Expr {
    match &e.kind {
        ExprKind::Apply(f, args) if f.starts_with("__other_") && args.len() == 1 => args[0].clone(),
        _ => Expr::apply("__other_int", vec![e.clone()]),
    }
}

/// Whether `e` applies `__other_*` (outside any array read of its own:
/// the index of a nested read belongs to that read).
fn mentions_other(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Apply(f, _) if f.starts_with("__other_") => true,
        _ => {
            let mut found = false;
            ivl::visit::for_each_child(e, &mut |c| found |= mentions_other(c));
            found
        }
    }
}

/// Whether `e` reads an array inside `__other_*`, `__uniform_*` or
/// `__distinct_*` (a copy that is not only the asserting work item's).
fn reads_under_pair_function(e: &Expr, under: bool) -> bool {
    let under = under
        || matches!(&e.kind, ExprKind::Apply(f, _) if f.starts_with("__other_")
            || f.starts_with("__uniform_") || f.starts_with("__distinct_"));
    if under && matches!(e.kind, ExprKind::Select(..)) {
        return true;
    }
    let mut found = false;
    ivl::visit::for_each_child(e, &mut |c| found |= reads_under_pair_function(c, under));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_at_the_other_work_items_index_reads_its_copy_in_one_group() {
        let lid = Expr::var("local_id_x");
        let other = Expr::apply("__other_int", vec![lid.clone()]);
        let e = Expr::binary(
            ivl::ast::BinaryOp::Le,
            Expr::select(Expr::var("idx"), lid.clone()),
            Expr::select(Expr::var("idx"), other.clone()),
        );
        let out = owner_reads(&e);
        let ExprKind::Binary(ivl::ast::BinaryOp::Implies, guard, body) = &out.kind else {
            panic!("not guarded: {out:?}");
        };
        assert_eq!(**guard, Expr::apply("__same_group", vec![]));
        let ExprKind::Binary(_, own, theirs) = &body.kind else {
            panic!("{body:?}");
        };
        assert_eq!(**own, Expr::select(Expr::var("idx"), lid.clone()));
        assert_eq!(
            **theirs,
            Expr::apply("__other_int", vec![Expr::select(Expr::var("idx"), lid)])
        );
    }

    #[test]
    fn a_condition_reading_only_its_own_elements_is_unchanged() {
        let e = Expr::eq(
            Expr::select(Expr::var("slot"), Expr::var("local_id_x")),
            Expr::int(3),
        );
        assert_eq!(owner_reads(&e), e);
    }
}
