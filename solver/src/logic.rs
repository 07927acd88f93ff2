//! The SMT logic of a query, chosen from the terms it asserts.
//!
//! Consumes a [`TermStore`] and the roots a session will assert or read.
//! Guarantees: [`Logic::QfBv`] only when every term reachable from the roots
//! is Boolean or a bit-vector and built from Boolean and bit-vector
//! operators (no integers, arrays, uninterpreted functions or quantifiers),
//! so declaring `QF_BV` never rejects a query; anything else is
//! [`Logic::All`]. Why it matters: z3 picks its strategy from the declared
//! logic, and its bit-blasting `QF_BV` strategy answers race queries in
//! milliseconds that its general strategy (under `ALL`) does not answer in
//! a minute (issue 16: `A[gid] = 2*gid`). Deliberately does not: rewrite
//! terms to fit a smaller logic.

use crate::term::{Op, Sort, TermId, TermStore};

/// A logic a session declares with `set-logic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Logic {
    /// Quantifier-free bit-vectors (with Booleans).
    QfBv,
    /// Anything (integers, arrays, functions, quantifiers).
    #[default]
    All,
}

impl Logic {
    /// The SMT-LIB name.
    pub fn smt_name(self) -> &'static str {
        match self {
            Logic::QfBv => "QF_BV",
            Logic::All => "ALL",
        }
    }

    /// The smallest logic of the terms reachable from `roots`.
    pub fn of(store: &TermStore, roots: &[TermId]) -> Logic {
        let mut seen = vec![false; store.len()];
        let mut stack: Vec<TermId> = roots.to_vec();
        while let Some(t) = stack.pop() {
            if std::mem::replace(&mut seen[t.index()], true) {
                continue;
            }
            if !matches!(store.sort(t), Sort::Bool | Sort::Bv(_)) {
                return Logic::All;
            }
            let node = store.node(t);
            let bit_vector = !matches!(
                node.op,
                Op::IntLit(_)
                    | Op::IntNeg
                    | Op::IntAdd
                    | Op::IntSub
                    | Op::IntMul
                    | Op::IntDiv
                    | Op::IntMod
                    | Op::IntLt
                    | Op::IntLe
                    | Op::IntGt
                    | Op::IntGe
                    | Op::Select
                    | Op::Store
                    | Op::Apply(_)
                    | Op::Bound(_)
                    | Op::Forall
                    | Op::Exists
            );
            if !bit_vector {
                return Logic::All;
            }
            stack.extend(node.args.iter().copied());
        }
        Logic::QfBv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_vector_terms_are_qf_bv_and_integers_or_arrays_are_not() {
        let mut s = TermStore::new();
        let x = s.fresh_const("x", Sort::Bv(32));
        let one = s.bv(1, 32).unwrap();
        let sum = s.bv_bin(crate::term::BvBinOp::Add, x, one).unwrap();
        let eq = s.eq(sum, x).unwrap();
        assert_eq!(Logic::of(&s, &[eq]), Logic::QfBv);

        let i = s.fresh_const("i", Sort::Int);
        let zero = s.int(0);
        let ieq = s.eq(i, zero).unwrap();
        assert_eq!(Logic::of(&s, &[eq, ieq]), Logic::All);
        // Only reachable terms count: the integer term alone does not make
        // the bit-vector query `ALL`.
        assert_eq!(Logic::of(&s, &[eq]), Logic::QfBv);

        let m = s.fresh_const("m", Sort::array(Sort::Bv(32), Sort::Bv(32)));
        let sel = s.select(m, x).unwrap();
        let aeq = s.eq(sel, x).unwrap();
        assert_eq!(Logic::of(&s, &[aeq]), Logic::All);
    }
}
