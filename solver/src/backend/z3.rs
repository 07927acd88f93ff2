//! Z3 in-process, through the `z3` crate and the system's libz3.
//!
//! Consumes terms of a [`TermStore`] and translates each node once (in
//! ascending id order, so children are always ready and no recursion is
//! needed), caching the translation for the life of the session: Houdini's
//! many checks against one VC reuse it. Guarantees: terms reaching z3 are
//! well-sorted (the store checks), so z3's C API never sees an ill-sorted
//! application; answers other than `unsat` are never reported as `Unsat`.
//! The time limit is enforced by a watchdog that interrupts the check
//! (z3_watchdog.rs), not by z3's own timer; an interrupted context stays
//! cancelled, so the session keeps its commands and replays them into a
//! fresh context before the next one.
//! Deliberately does not: share contexts between sessions or threads.

use super::z3_watchdog::Watchdog;
use super::{SatResult, Session};
use crate::error::SolverError;
use crate::logic::Logic;
use crate::smtlib::Lit;
use crate::term::{BvBinOp, BvCmpOp, Op, Sort, TermId, TermStore};
use crate::value::{value_from_sexpr, SExpr, Value};
use std::collections::HashSet;
use std::time::Duration;
use z3::ast::{self, Ast, Dynamic};

const NAME: &str = "z3";

/// The parts of a session that borrow the context.
struct Inner<'ctx> {
    ctx: &'ctx z3::Context,
    solver: z3::Solver<'ctx>,
    terms: Vec<Option<Dynamic<'ctx>>>,
    funcs: Vec<Option<z3::FuncDecl<'ctx>>>,
    model: Option<z3::Model<'ctx>>,
}

/// A command as given, to replay into a fresh context.
#[derive(Clone, Copy)]
enum Replay {
    Assert(TermId),
    Push,
    Pop,
}

/// One z3 context and solver. The context is heap-allocated and owned by
/// the session; `inner` borrows it and is always dropped first.
pub struct Z3Session {
    inner: Option<Inner<'static>>,
    ctx: *mut z3::Context,
    logic: Logic,
    timeout: Option<Duration>,
    /// Every command so far (for `revive`).
    log: Vec<Replay>,
    /// The watchdog interrupted a check: the context is cancelled and is
    /// replaced before the next command that needs it.
    cancelled: bool,
}

impl Z3Session {
    /// A session whose solver is z3's strategy for `logic` (its
    /// bit-blasting solver for `QF_BV`, the general one otherwise).
    pub fn new(timeout_ms: Option<u64>, logic: Logic) -> Z3Session {
        let (ctx, inner) = fresh_context(logic);
        Z3Session {
            inner: Some(inner),
            ctx,
            logic,
            timeout: timeout_ms.map(Duration::from_millis),
            log: Vec::new(),
            cancelled: false,
        }
    }

    /// Replaces a context cancelled by the watchdog with a fresh one into
    /// which every earlier command is replayed. Must be called before an
    /// [`Interrupter`] is taken for the next check (the portfolio does):
    /// it frees the old context.
    pub(crate) fn revive(&mut self, store: &TermStore) -> Result<(), SolverError> {
        if !self.cancelled {
            return Ok(());
        }
        let (ctx, mut inner) = fresh_context(self.logic);
        let replayed = self.log.iter().try_for_each(|cmd| match *cmd {
            Replay::Assert(t) => inner.assert(store, t),
            Replay::Push => {
                inner.solver.push();
                Ok(())
            }
            Replay::Pop => {
                inner.solver.pop(1);
                Ok(())
            }
        });
        // The old borrowers go first, then the old context.
        let old = std::mem::replace(&mut self.ctx, ctx);
        self.inner = Some(inner);
        // SAFETY: `old` came from `Box::into_raw` in `fresh_context`; its
        // only borrower (the previous `inner`) was dropped just above.
        unsafe { drop(Box::from_raw(old)) };
        // A replay that failed leaves the session failing the same way.
        self.cancelled = replayed.is_err();
        replayed
    }

    /// A handle that interrupts this session's running check from another
    /// thread (the check then answers `unknown`). The caller must stop
    /// using it before the session is dropped (the portfolio uses it only
    /// inside a thread scope that ends before its check returns).
    pub(crate) fn interrupter(&self) -> Interrupter {
        Interrupter { ctx: self.ctx }
    }

    fn inner(&mut self) -> &mut Inner<'static> {
        // Only `drop` takes `inner`.
        self.inner.as_mut().expect("z3 session used after drop")
    }
}

/// Interrupts a [`Z3Session`]'s check from another thread.
pub(crate) struct Interrupter {
    ctx: *mut z3::Context,
}

// SAFETY: `Z3_interrupt` is documented thread-safe; the context outlives
// every use (see `Z3Session::interrupter`).
unsafe impl Send for Interrupter {}
unsafe impl Sync for Interrupter {}

impl Interrupter {
    pub(crate) fn interrupt(&self) {
        // SAFETY: the context is alive (see `Z3Session::interrupter`).
        unsafe { (*self.ctx).interrupt() };
    }
}

/// A new context and solver for `logic` (z3's bit-blasting solver for
/// `QF_BV`, the general one otherwise), with no time limit of z3's own.
fn fresh_context(logic: Logic) -> (*mut z3::Context, Inner<'static>) {
    let mut cfg = z3::Config::new();
    cfg.set_model_generation(true);
    let ctx = Box::into_raw(Box::new(z3::Context::new(&cfg)));
    // SAFETY: `ctx` points to a live context until the session frees it,
    // which drops every borrower (`inner`) first; the pointer is never
    // exposed, so the `'static` borrow cannot escape the session.
    let ctx_ref: &'static z3::Context = unsafe { &*ctx };
    let solver = match logic {
        Logic::All => None,
        other => z3::Solver::new_for_logic(ctx_ref, other.smt_name()),
    }
    .unwrap_or_else(|| z3::Solver::new(ctx_ref));
    let inner = Inner {
        ctx: ctx_ref,
        solver,
        terms: Vec::new(),
        funcs: Vec::new(),
        model: None,
    };
    (ctx, inner)
}

impl<'ctx> Inner<'ctx> {
    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError> {
        self.translate(store, &[t])?;
        let b = self.boolean(t)?;
        self.solver.assert(&b);
        Ok(())
    }
}

impl Drop for Z3Session {
    fn drop(&mut self) {
        self.inner = None;
        // SAFETY: created by `Box::into_raw` in `fresh_context`; no
        // borrower is left.
        unsafe { drop(Box::from_raw(self.ctx)) };
    }
}

fn z3_sort<'ctx>(ctx: &'ctx z3::Context, sort: &Sort) -> z3::Sort<'ctx> {
    match sort {
        Sort::Bool => z3::Sort::bool(ctx),
        Sort::Int => z3::Sort::int(ctx),
        Sort::Bv(w) => z3::Sort::bitvector(ctx, *w),
        Sort::Array(d, r) => z3::Sort::array(ctx, &z3_sort(ctx, d), &z3_sort(ctx, r)),
    }
}

fn bad(what: &str) -> SolverError {
    SolverError::backend(NAME, format!("cannot translate {what}"))
}

impl<'ctx> Inner<'ctx> {
    fn get(&self, t: TermId) -> Result<&Dynamic<'ctx>, SolverError> {
        self.terms
            .get(t.index())
            .and_then(Option::as_ref)
            .ok_or_else(|| bad("a term before its arguments"))
    }

    fn boolean(&self, t: TermId) -> Result<ast::Bool<'ctx>, SolverError> {
        self.get(t)?.as_bool().ok_or_else(|| bad("a Boolean"))
    }

    fn int(&self, t: TermId) -> Result<ast::Int<'ctx>, SolverError> {
        self.get(t)?.as_int().ok_or_else(|| bad("an integer"))
    }

    fn bv(&self, t: TermId) -> Result<ast::BV<'ctx>, SolverError> {
        self.get(t)?.as_bv().ok_or_else(|| bad("a bit-vector"))
    }

    fn array(&self, t: TermId) -> Result<ast::Array<'ctx>, SolverError> {
        self.get(t)?.as_array().ok_or_else(|| bad("an array"))
    }

    /// Translates `roots` and everything they need that is not yet cached.
    fn translate(&mut self, store: &TermStore, roots: &[TermId]) -> Result<(), SolverError> {
        if self.terms.len() < store.len() {
            self.terms.resize(store.len(), None);
        }
        let mut todo = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = roots.to_vec();
        while let Some(t) = stack.pop() {
            if self.terms[t.index()].is_some() || !seen.insert(t) {
                continue;
            }
            todo.push(t);
            stack.extend(store.node(t).args.iter().copied());
        }
        todo.sort();
        for t in todo {
            let d = self.node(store, t)?;
            self.terms[t.index()] = Some(d);
        }
        Ok(())
    }

    fn node(&mut self, store: &TermStore, t: TermId) -> Result<Dynamic<'ctx>, SolverError> {
        let ctx = self.ctx;
        let node = store.node(t);
        let a = &node.args;
        let bools = |s: &Self| -> Result<Vec<ast::Bool<'ctx>>, SolverError> {
            a.iter().map(|&x| s.boolean(x)).collect()
        };
        Ok(match &node.op {
            Op::True => ast::Bool::from_bool(ctx, true).into(),
            Op::False => ast::Bool::from_bool(ctx, false).into(),
            Op::IntLit(i) => match i64::try_from(*i) {
                Ok(i) => ast::Int::from_i64(ctx, i).into(),
                Err(_) => ast::Int::from_str(ctx, &i.to_string())
                    .ok_or_else(|| bad("an integer literal"))?
                    .into(),
            },
            Op::BvLit { value, width } => match u64::try_from(*value) {
                Ok(v) => ast::BV::from_u64(ctx, v, *width).into(),
                Err(_) => ast::BV::from_str(ctx, *width, &value.to_string())
                    .ok_or_else(|| bad("a bit-vector literal"))?
                    .into(),
            },
            Op::Const(name) | Op::Bound(name) => {
                z3::FuncDecl::new(ctx, name.as_str(), &[], &z3_sort(ctx, store.sort(t))).apply(&[])
            }
            Op::Not => self.boolean(a[0])?.not().into(),
            Op::And => {
                let v = bools(self)?;
                ast::Bool::and(ctx, &v.iter().collect::<Vec<_>>()).into()
            }
            Op::Or => {
                let v = bools(self)?;
                ast::Bool::or(ctx, &v.iter().collect::<Vec<_>>()).into()
            }
            Op::Implies => self.boolean(a[0])?.implies(&self.boolean(a[1])?).into(),
            Op::Ite => self.boolean(a[0])?.ite(self.get(a[1])?, self.get(a[2])?),
            Op::Eq => self.get(a[0])?._eq(self.get(a[1])?).into(),
            Op::IntNeg => self.int(a[0])?.unary_minus().into(),
            Op::IntAdd => ast::Int::add(ctx, &[&self.int(a[0])?, &self.int(a[1])?]).into(),
            Op::IntSub => ast::Int::sub(ctx, &[&self.int(a[0])?, &self.int(a[1])?]).into(),
            Op::IntMul => ast::Int::mul(ctx, &[&self.int(a[0])?, &self.int(a[1])?]).into(),
            Op::IntDiv => self.int(a[0])?.div(&self.int(a[1])?).into(),
            Op::IntMod => self.int(a[0])?.modulo(&self.int(a[1])?).into(),
            Op::IntLt => self.int(a[0])?.lt(&self.int(a[1])?).into(),
            Op::IntLe => self.int(a[0])?.le(&self.int(a[1])?).into(),
            Op::IntGt => self.int(a[0])?.gt(&self.int(a[1])?).into(),
            Op::IntGe => self.int(a[0])?.ge(&self.int(a[1])?).into(),
            Op::BvNeg => self.bv(a[0])?.bvneg().into(),
            Op::BvNot => self.bv(a[0])?.bvnot().into(),
            Op::BvBin(op) => {
                let (x, y) = (self.bv(a[0])?, self.bv(a[1])?);
                use BvBinOp::*;
                match op {
                    Add => x.bvadd(&y),
                    Sub => x.bvsub(&y),
                    Mul => x.bvmul(&y),
                    UDiv => x.bvudiv(&y),
                    SDiv => x.bvsdiv(&y),
                    URem => x.bvurem(&y),
                    SRem => x.bvsrem(&y),
                    SMod => x.bvsmod(&y),
                    Shl => x.bvshl(&y),
                    LShr => x.bvlshr(&y),
                    AShr => x.bvashr(&y),
                    And => x.bvand(&y),
                    Or => x.bvor(&y),
                    Xor => x.bvxor(&y),
                }
                .into()
            }
            Op::BvCmp(op) => {
                let (x, y) = (self.bv(a[0])?, self.bv(a[1])?);
                use BvCmpOp::*;
                match op {
                    ULt => x.bvult(&y),
                    ULe => x.bvule(&y),
                    UGt => x.bvugt(&y),
                    UGe => x.bvuge(&y),
                    SLt => x.bvslt(&y),
                    SLe => x.bvsle(&y),
                    SGt => x.bvsgt(&y),
                    SGe => x.bvsge(&y),
                }
                .into()
            }
            Op::Concat => self.bv(a[0])?.concat(&self.bv(a[1])?).into(),
            Op::Extract { hi, lo } => self.bv(a[0])?.extract(*hi, *lo).into(),
            Op::ZeroExt(n) => self.bv(a[0])?.zero_ext(*n).into(),
            Op::SignExt(n) => self.bv(a[0])?.sign_ext(*n).into(),
            Op::Select => self.array(a[0])?.select(self.get(a[1])?),
            Op::Store => self
                .array(a[0])?
                .store(self.get(a[1])?, self.get(a[2])?)
                .into(),
            Op::Apply(f) => {
                let idx = f.index();
                if self.funcs.len() <= idx {
                    self.funcs.resize_with(idx + 1, || None);
                }
                if self.funcs[idx].is_none() {
                    let decl = store.func(*f);
                    let args: Vec<z3::Sort<'ctx>> =
                        decl.args.iter().map(|s| z3_sort(ctx, s)).collect();
                    let arg_refs: Vec<&z3::Sort<'ctx>> = args.iter().collect();
                    self.funcs[idx] = Some(z3::FuncDecl::new(
                        ctx,
                        decl.name.as_str(),
                        &arg_refs,
                        &z3_sort(ctx, &decl.ret),
                    ));
                }
                let args: Vec<&Dynamic<'ctx>> =
                    a.iter().map(|&x| self.get(x)).collect::<Result<_, _>>()?;
                let dyn_args: Vec<&dyn Ast<'ctx>> = args.iter().map(|d| *d as &dyn Ast).collect();
                match &self.funcs[idx] {
                    Some(f) => f.apply(&dyn_args),
                    None => return Err(bad("a function")),
                }
            }
            Op::Forall | Op::Exists => {
                let (vars, body) = a.split_at(a.len() - 1);
                let bound: Vec<&Dynamic<'ctx>> = vars
                    .iter()
                    .map(|&v| self.get(v))
                    .collect::<Result<_, _>>()?;
                let bound: Vec<&dyn Ast<'ctx>> = bound.iter().map(|d| *d as &dyn Ast).collect();
                let body = self.boolean(body[0])?;
                if node.op == Op::Forall {
                    ast::forall_const(ctx, &bound, &[], &body).into()
                } else {
                    ast::exists_const(ctx, &bound, &[], &body).into()
                }
            }
        })
    }
}

impl Session for Z3Session {
    fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.timeout = timeout;
    }

    fn name(&self) -> &str {
        NAME
    }

    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError> {
        self.revive(store)?;
        self.log.push(Replay::Assert(t));
        self.inner().assert(store, t)
    }

    fn push(&mut self) -> Result<(), SolverError> {
        // A cancelled context gets it at `revive` (the log replays it).
        self.log.push(Replay::Push);
        if !self.cancelled {
            self.inner().solver.push();
        }
        Ok(())
    }

    fn pop(&mut self) -> Result<(), SolverError> {
        self.log.push(Replay::Pop);
        if !self.cancelled {
            self.inner().solver.pop(1);
        }
        Ok(())
    }

    fn check(&mut self, store: &TermStore, assumptions: &[Lit]) -> Result<SatResult, SolverError> {
        self.revive(store)?;
        let watchdog = self
            .timeout
            .filter(|t| !t.is_zero())
            .map(|t| Watchdog::start(self.interrupter(), t));
        let answer = self.check_now(store, assumptions);
        if let Some(budget) = watchdog.and_then(Watchdog::stop) {
            // Interrupted (perhaps just after answering): the context is
            // cancelled, and the answer counts as the time limit's.
            self.cancelled = true;
            self.inner().model = None;
            return Ok(SatResult::Unknown(budget.reason("per query (z3)")));
        }
        answer
    }

    fn values(&mut self, store: &TermStore, terms: &[TermId]) -> Result<Vec<Value>, SolverError> {
        self.values_now(store, terms)
    }
}

impl Z3Session {
    fn check_now(
        &mut self,
        store: &TermStore,
        assumptions: &[Lit],
    ) -> Result<SatResult, SolverError> {
        let inner = self.inner();
        inner.model = None;
        let terms: Vec<TermId> = assumptions.iter().map(|l| l.term).collect();
        inner.translate(store, &terms)?;
        let mut lits = Vec::with_capacity(assumptions.len());
        for l in assumptions {
            let b = inner.boolean(l.term)?;
            lits.push(if l.positive { b } else { b.not() });
        }
        Ok(match inner.solver.check_assumptions(&lits) {
            z3::SatResult::Unsat => SatResult::Unsat,
            z3::SatResult::Sat => {
                inner.model = inner.solver.get_model();
                if inner.model.is_none() {
                    return Err(SolverError::backend(NAME, "sat without a model"));
                }
                SatResult::Sat
            }
            z3::SatResult::Unknown => SatResult::Unknown(super::unknown_reason(
                &inner
                    .solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into()),
            )),
        })
    }

    fn values_now(
        &mut self,
        store: &TermStore,
        terms: &[TermId],
    ) -> Result<Vec<Value>, SolverError> {
        let inner = self.inner();
        inner.translate(store, terms)?;
        let model = inner
            .model
            .as_ref()
            .ok_or_else(|| SolverError::backend(NAME, "no model (the last check was not sat)"))?;
        let mut values = Vec::with_capacity(terms.len());
        for &t in terms {
            let d = inner.get(t)?;
            let v = model
                .eval(d, true)
                .ok_or_else(|| SolverError::backend(NAME, "model evaluation failed"))?;
            // z3 prints values in SMT-LIB syntax; one parser serves all back-ends.
            let text = v.to_string();
            let parsed = SExpr::parse(&text)
                .and_then(|e| value_from_sexpr(&e, store.sort(t)))
                .map_err(|e| SolverError::backend(NAME, e.to_string()))?;
            values.push(parsed);
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::BvCmpOp;

    /// `x * y == N` for a 64-bit semiprime N, x, y > 1, without overflow:
    /// far beyond a fraction of a second.
    fn factoring(store: &mut TermStore) -> TermId {
        let x = store.fresh_const("x", Sort::Bv(64));
        let y = store.fresh_const("y", Sort::Bv(64));
        let wide_x = store.extend(false, 128, x).unwrap();
        let wide_y = store.extend(false, 128, y).unwrap();
        let product = store.bv_bin(BvBinOp::Mul, wide_x, wide_y).unwrap();
        let n = store.bv(18446743979220271189, 128).unwrap();
        let one = store.bv(1, 64).unwrap();
        let eq = store.eq(product, n).unwrap();
        let x_big = store.bv_cmp(BvCmpOp::UGt, x, one).unwrap();
        let y_big = store.bv_cmp(BvCmpOp::UGt, y, one).unwrap();
        store.and(&[eq, x_big, y_big]).unwrap()
    }

    #[test]
    fn the_watchdog_stops_a_long_check_and_the_session_stays_usable() {
        let mut store = TermStore::new();
        let hard = factoring(&mut store);
        let b = store.fresh_const("b", Sort::Bool);
        let not_b = store.not(b).unwrap();
        let mut z3 = Z3Session::new(Some(300), Logic::QfBv);
        z3.assert(&store, b).unwrap();
        z3.push().unwrap();
        z3.assert(&store, hard).unwrap();
        let start = std::time::Instant::now();
        match z3.check(&store, &[]).unwrap() {
            SatResult::Unknown(why) => assert!(
                why.starts_with("timeout: the CPU-time budget of 0.3 s")
                    || why.starts_with("timeout: the wall-clock cap of 3 s"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
        assert!(start.elapsed() < Duration::from_secs(20));
        // The cancelled context is replaced, with `b` still asserted and
        // the push/pop bookkeeping intact.
        z3.pop().unwrap();
        assert_eq!(z3.check(&store, &[]).unwrap(), SatResult::Sat);
        assert_eq!(z3.values(&store, &[b]).unwrap().len(), 1);
        z3.assert(&store, not_b).unwrap();
        assert_eq!(z3.check(&store, &[]).unwrap(), SatResult::Unsat);
    }
}
