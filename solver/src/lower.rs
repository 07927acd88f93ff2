//! IVL expressions to terms.
//!
//! Consumes expressions of a program and a mapping from variable names to
//! their current terms (and pre-state terms for `old`); produces terms in a
//! [`TermStore`]. Guarantees: the meaning of every operator is SMT-LIB's
//! (Boogie's `e[hi:lo]` becomes `(_ extract hi-1 lo)`); constants are
//! declared once under their own names; functions without a body are
//! uninterpreted, functions with a body are expanded at each application
//! (hash-consing shares the copies); each quantifier binds fresh variables.
//! Ill-typed input is an error, never a panic. Deliberately does not: look
//! at statements, or decide which incarnation a name denotes (the caller's
//! [`Scope`] does).

use crate::error::SolverError;
use crate::term::{BvBinOp, BvCmpOp, FuncId, Op, Sort, TermId, TermStore};
use ivl::ast::{BinaryOp, Expr, ExprKind, Program, QuantKind, Type, UnaryOp};
use std::collections::HashMap;

/// How deeply defined functions may be expanded inside each other.
const MAX_EXPANSION_DEPTH: u32 = 64;

pub(crate) fn sort_of(ty: &Type) -> Result<Sort, SolverError> {
    Ok(match ty {
        Type::Bool => Sort::Bool,
        Type::Int => Sort::Int,
        Type::Bv(w) if (1..=128).contains(w) => Sort::Bv(*w),
        Type::Bv(w) => {
            return Err(SolverError::ill_formed(
                format!("bit-vector width {w}"),
                ivl::Span::DUMMY,
            ))
        }
        Type::Map(d, r) => Sort::array(sort_of(d)?, sort_of(r)?),
    })
}

/// Which term each variable name denotes at one program point.
pub(crate) struct Scope<'a> {
    /// Variable name to slot in `cur` and `old`.
    pub index: &'a HashMap<String, usize>,
    pub cur: &'a [TermId],
    /// Pre-state values for `old(e)` (globals); `None` or a missing slot
    /// keeps the current value inside `old`.
    pub old: &'a [Option<TermId>],
    /// Names that take precedence over variables (a callee's parameters and
    /// results in its contract).
    pub overrides: &'a [(String, TermId)],
}

impl Scope<'static> {
    /// Constants only.
    pub fn constants_only() -> Scope<'static> {
        static EMPTY: std::sync::OnceLock<HashMap<String, usize>> = std::sync::OnceLock::new();
        Scope {
            index: EMPTY.get_or_init(HashMap::new),
            cur: &[],
            old: &[],
            overrides: &[],
        }
    }
}

/// Translates expressions of one program.
pub(crate) struct Lowerer<'p> {
    pub program: &'p Program,
    /// The program's constants, by IVL name.
    pub constants: HashMap<String, TermId>,
    funcs: HashMap<String, FuncId>,
}

struct Frame<'s> {
    scope: &'s Scope<'s>,
    bound: Vec<(String, TermId)>,
    in_old: bool,
    depth: u32,
}

fn ill(message: String, e: &Expr) -> SolverError {
    SolverError::ill_formed(message, e.span)
}

impl<'p> Lowerer<'p> {
    /// Declares the program's constants.
    pub fn new(program: &'p Program, store: &mut TermStore) -> Result<Lowerer<'p>, SolverError> {
        let mut constants = HashMap::new();
        for c in program.constants() {
            let sort = sort_of(&c.ty)?;
            constants.insert(c.name.name.clone(), store.fresh_const(&c.name.name, sort));
        }
        Ok(Lowerer {
            program,
            constants,
            funcs: HashMap::new(),
        })
    }

    pub fn lower(
        &mut self,
        store: &mut TermStore,
        scope: &Scope,
        e: &Expr,
    ) -> Result<TermId, SolverError> {
        let mut frame = Frame {
            scope,
            bound: Vec::new(),
            in_old: false,
            depth: 0,
        };
        self.expr(store, &mut frame, e)
    }

    fn lookup(&self, frame: &Frame, name: &str) -> Option<TermId> {
        if let Some((_, t)) = frame.bound.iter().rev().find(|(n, _)| n == name) {
            return Some(*t);
        }
        let scope = frame.scope;
        if let Some((_, t)) = scope.overrides.iter().rev().find(|(n, _)| n == name) {
            return Some(*t);
        }
        if let Some(&i) = scope.index.get(name) {
            if frame.in_old {
                if let Some(Some(t)) = scope.old.get(i) {
                    return Some(*t);
                }
            }
            if let Some(t) = scope.cur.get(i) {
                return Some(*t);
            }
        }
        self.constants.get(name).copied()
    }

    fn expr(&mut self, s: &mut TermStore, f: &mut Frame, e: &Expr) -> Result<TermId, SolverError> {
        Ok(match &e.kind {
            ExprKind::Bool(b) => s.bool(*b),
            ExprKind::Int(i) => {
                s.int(i128::try_from(*i).map_err(|_| ill(format!("integer {i} too large"), e))?)
            }
            ExprKind::Bv { value, width } => s.bv(*value, *width)?,
            ExprKind::Var(n) => self
                .lookup(f, n)
                .ok_or_else(|| ill(format!("unknown name `{n}`"), e))?,
            ExprKind::Old(inner) => {
                let saved = std::mem::replace(&mut f.in_old, true);
                let r = self.expr(s, f, inner);
                f.in_old = saved;
                r?
            }
            ExprKind::Unary(op, a) => {
                let t = self.expr(s, f, a)?;
                match (op, s.sort(t)) {
                    (UnaryOp::Not, _) => s.not(t)?,
                    (UnaryOp::Neg, Sort::Int) => s.int_op(Op::IntNeg, &[t])?,
                    (UnaryOp::Neg, _) => s.bv_unary(Op::BvNeg, t)?,
                    (UnaryOp::BvNot, _) => s.bv_unary(Op::BvNot, t)?,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let x = self.expr(s, f, a)?;
                let y = self.expr(s, f, b)?;
                binary(s, *op, x, y).map_err(|err| ill(err.to_string(), e))?
            }
            ExprKind::Extract { expr, hi, lo } => {
                let t = self.expr(s, f, expr)?;
                if hi <= lo {
                    return Err(ill(format!("empty extraction [{hi}:{lo}]"), e));
                }
                s.extract(hi - 1, *lo, t)?
            }
            ExprKind::Extend {
                signed,
                width,
                expr,
            } => {
                let t = self.expr(s, f, expr)?;
                s.extend(*signed, *width, t)?
            }
            ExprKind::Ite(c, a, b) => {
                let c = self.expr(s, f, c)?;
                let a = self.expr(s, f, a)?;
                let b = self.expr(s, f, b)?;
                s.ite(c, a, b)?
            }
            ExprKind::Select(m, i) => {
                let m = self.expr(s, f, m)?;
                let i = self.expr(s, f, i)?;
                s.select(m, i)?
            }
            ExprKind::Store(m, i, v) => {
                let m = self.expr(s, f, m)?;
                let i = self.expr(s, f, i)?;
                let v = self.expr(s, f, v)?;
                s.store(m, i, v)?
            }
            ExprKind::Apply(name, args) => {
                let mut terms = Vec::with_capacity(args.len());
                for a in args {
                    terms.push(self.expr(s, f, a)?);
                }
                self.apply(s, f, name, &terms, e)?
            }
            ExprKind::Quantifier { kind, vars, body } => {
                let mut bound = Vec::with_capacity(vars.len());
                for v in vars {
                    let t = s.fresh_bound(&v.name.name, sort_of(&v.ty)?);
                    f.bound.push((v.name.name.clone(), t));
                    bound.push(t);
                }
                let body = self.expr(s, f, body);
                f.bound.truncate(f.bound.len() - vars.len());
                s.quantifier(*kind == QuantKind::Forall, &bound, body?)?
            }
        })
    }

    fn apply(
        &mut self,
        s: &mut TermStore,
        f: &mut Frame,
        name: &str,
        args: &[TermId],
        e: &Expr,
    ) -> Result<TermId, SolverError> {
        let function = self
            .program
            .function(name)
            .ok_or_else(|| ill(format!("unknown function `{name}`"), e))?;
        let Some(body) = &function.body else {
            let id = match self.funcs.get(name) {
                Some(id) => *id,
                None => {
                    let params = function
                        .params
                        .iter()
                        .map(|p| sort_of(&p.ty))
                        .collect::<Result<Vec<_>, _>>()?;
                    let id = s.declare_fun(name, params, sort_of(&function.ret)?);
                    self.funcs.insert(name.to_string(), id);
                    id
                }
            };
            return Ok(s.apply(id, args)?);
        };
        if f.depth >= MAX_EXPANSION_DEPTH || function.params.len() != args.len() {
            return Err(ill(
                format!("cannot expand `{name}` (recursive or wrong arity)"),
                e,
            ));
        }
        // The body sees its parameters and the program's constants only.
        let scope = Scope::constants_only();
        let mut inner = Frame {
            scope: &scope,
            bound: Vec::new(),
            in_old: false,
            depth: f.depth + 1,
        };
        for (p, &a) in function.params.iter().zip(args) {
            if let Some(n) = &p.name {
                inner.bound.push((n.name.clone(), a));
            }
        }
        let t = self.expr(s, &mut inner, body)?;
        if s.sort(t) != &sort_of(&function.ret)? {
            return Err(ill(format!("body of `{name}` has the wrong type"), e));
        }
        Ok(t)
    }
}

fn binary(
    s: &mut TermStore,
    op: BinaryOp,
    x: TermId,
    y: TermId,
) -> Result<TermId, crate::term::TermError> {
    use BinaryOp::*;
    let int = matches!(s.sort(x), Sort::Int);
    match op {
        Iff => s.iff(x, y),
        Implies => s.implies(x, y),
        Or => s.or(&[x, y]),
        And => s.and(&[x, y]),
        Eq => s.eq(x, y),
        Neq => {
            let e = s.eq(x, y)?;
            s.not(e)
        }
        Lt => s.int_op(Op::IntLt, &[x, y]),
        Le => s.int_op(Op::IntLe, &[x, y]),
        Gt => s.int_op(Op::IntGt, &[x, y]),
        Ge => s.int_op(Op::IntGe, &[x, y]),
        Add if int => s.int_op(Op::IntAdd, &[x, y]),
        Sub if int => s.int_op(Op::IntSub, &[x, y]),
        Mul if int => s.int_op(Op::IntMul, &[x, y]),
        Add => s.bv_bin(BvBinOp::Add, x, y),
        Sub => s.bv_bin(BvBinOp::Sub, x, y),
        Mul => s.bv_bin(BvBinOp::Mul, x, y),
        Div => s.int_op(Op::IntDiv, &[x, y]),
        Mod => s.int_op(Op::IntMod, &[x, y]),
        BvAnd => s.bv_bin(BvBinOp::And, x, y),
        BvOr => s.bv_bin(BvBinOp::Or, x, y),
        BvXor => s.bv_bin(BvBinOp::Xor, x, y),
        Shl => s.bv_bin(BvBinOp::Shl, x, y),
        Concat => s.concat(x, y),
        BvUDiv => s.bv_bin(BvBinOp::UDiv, x, y),
        BvSDiv => s.bv_bin(BvBinOp::SDiv, x, y),
        BvURem => s.bv_bin(BvBinOp::URem, x, y),
        BvSRem => s.bv_bin(BvBinOp::SRem, x, y),
        BvSMod => s.bv_bin(BvBinOp::SMod, x, y),
        BvLShr => s.bv_bin(BvBinOp::LShr, x, y),
        BvAShr => s.bv_bin(BvBinOp::AShr, x, y),
        BvULt => s.bv_cmp(BvCmpOp::ULt, x, y),
        BvULe => s.bv_cmp(BvCmpOp::ULe, x, y),
        BvUGt => s.bv_cmp(BvCmpOp::UGt, x, y),
        BvUGe => s.bv_cmp(BvCmpOp::UGe, x, y),
        BvSLt => s.bv_cmp(BvCmpOp::SLt, x, y),
        BvSLe => s.bv_cmp(BvCmpOp::SLe, x, y),
        BvSGt => s.bv_cmp(BvCmpOp::SGt, x, y),
        BvSGe => s.bv_cmp(BvCmpOp::SGe, x, y),
    }
}
