//! The SMT logic of a query, chosen from the terms it asserts.
//!
//! Consumes a [`TermStore`] and the roots a session will assert or read.
//! Guarantees: [`Logic::QfBv`] only when every term reachable from the roots
//! is Boolean or a bit-vector and built from Boolean and bit-vector
//! operators (no integers, arrays, uninterpreted functions or quantifiers);
//! [`Logic::QfAufbv`] only when, besides those, the terms use arrays from
//! bit-vectors to bit-vectors and uninterpreted functions over bit-vectors
//! and Booleans (no integers, no quantifiers), so declaring either never
//! rejects a query; anything else is [`Logic::All`]. Why it matters: z3
//! picks its strategy from the declared logic. Its bit-blasting `QF_BV`
//! strategy answers race queries in milliseconds that its general strategy
//! (under `ALL`) does not answer in a minute (issue 16: `A[gid] = 2*gid`),
//! and under `QF_AUFBV` it uses its SMT core with bit-vector and array
//! theories instead of the general strategy: the Houdini session of
//! `tests/kernels/opencl/async_prefetch_loop.cl` (an array of events, an
//! uninterpreted float addition) took 2.4 s replayed in `QF_AUFBV` and did
//! not finish in 60 s in `ALL` (2026-11-24). Deliberately does not: rewrite
//! terms to fit a smaller logic.

use crate::term::{Op, Sort, TermId, TermStore};

/// A logic a session declares with `set-logic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Logic {
    /// Quantifier-free bit-vectors (with Booleans).
    QfBv,
    /// Quantifier-free bit-vectors with arrays (bit-vector indices and
    /// elements) and uninterpreted functions.
    QfAufbv,
    /// Anything (integers, arrays, functions, quantifiers).
    #[default]
    All,
}

impl Logic {
    /// The SMT-LIB name.
    pub fn smt_name(self) -> &'static str {
        match self {
            Logic::QfBv => "QF_BV",
            Logic::QfAufbv => "QF_AUFBV",
            Logic::All => "ALL",
        }
    }

    /// The smallest logic of the terms reachable from `roots`.
    pub fn of(store: &TermStore, roots: &[TermId]) -> Logic {
        let mut seen = vec![false; store.len()];
        let mut stack: Vec<TermId> = roots.to_vec();
        let mut logic = Logic::QfBv;
        while let Some(t) = stack.pop() {
            if std::mem::replace(&mut seen[t.index()], true) {
                continue;
            }
            match store.sort(t) {
                Sort::Bool | Sort::Bv(_) => {}
                Sort::Array(domain, range)
                    if matches!(**domain, Sort::Bv(_)) && matches!(**range, Sort::Bv(_)) =>
                {
                    logic = Logic::QfAufbv;
                }
                _ => return Logic::All,
            }
            let node = store.node(t);
            match node.op {
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
                | Op::Bound(_)
                | Op::Forall
                | Op::Exists => return Logic::All,
                Op::Select | Op::Store | Op::Apply(_) => logic = Logic::QfAufbv,
                _ => {}
            }
            stack.extend(node.args.iter().copied());
        }
        logic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_vectors_are_qf_bv_bit_vector_arrays_qf_aufbv_integers_all() {
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
        assert_eq!(Logic::of(&s, &[aeq]), Logic::QfAufbv);
        assert_eq!(Logic::of(&s, &[aeq, eq]), Logic::QfAufbv);
        // Arrays indexed by integers, and integers beside arrays, are `ALL`.
        let n = s.fresh_const("n", Sort::array(Sort::Int, Sort::Bv(32)));
        let nsel = s.select(n, i).unwrap();
        let neq = s.eq(nsel, x).unwrap();
        assert_eq!(Logic::of(&s, &[neq]), Logic::All);
        assert_eq!(Logic::of(&s, &[aeq, ieq]), Logic::All);
    }
}
