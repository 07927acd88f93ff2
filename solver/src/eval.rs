//! A concrete evaluator for IVL expressions with SMT-LIB semantics.
//!
//! Consumes an expression and an [`Env`] (values of variables, of their
//! `old` versions, and the program for defined functions). Guarantees: every
//! operator follows SMT-LIB exactly (wrapping bit-vector arithmetic,
//! `bvudiv(x, 0) = ~0`, `bvurem(x, 0) = x`, signed division/remainder as
//! defined by their SMT-LIB expansions, shifts by at least the width,
//! Euclidean `div`/`mod`); it never panics: whatever it cannot decide is an
//! [`EvalError`]. Deliberately does not: evaluate uninterpreted functions
//! (unless the caller supplies an interpretation, [`Env::uninterpreted`]),
//! integer division by zero (unspecified in SMT-LIB), quantifiers over
//! domains larger than 256 values, or integers beyond `i128`.
//!
//! It is the oracle the tests hold the solver against, and the way reported
//! models are re-checked.

use crate::value::{mask, MapValue, Value};
use ivl::ast::{BinaryOp, Expr, ExprKind, Program, QuantKind, Type, UnaryOp};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("no value for `{0}`")]
    UnknownVar(String),
    #[error("cannot evaluate function `{0}` (uninterpreted or unknown)")]
    UnknownFunction(String),
    #[error("integer overflow beyond 128 bits")]
    Overflow,
    #[error("integer division by zero is unspecified")]
    DivisionByZero,
    #[error("ill-typed operands for {0}")]
    Type(String),
    #[error("map entry not known: {0}")]
    UnknownEntry(String),
    #[error("cannot evaluate: {0}")]
    Unsupported(String),
}

/// Values of the names an expression may read.
#[derive(Clone, Debug, Default)]
pub struct Env<'p> {
    pub vars: HashMap<String, Value>,
    /// Values of variables in the pre-state, for `old(e)`; when a name is
    /// missing here its current value is used (constants, locals).
    pub old: HashMap<String, Value>,
    /// For expanding functions with a body.
    pub program: Option<&'p Program>,
    /// A concrete interpretation of functions without a body (or not
    /// declared at all, like the kernel dialect's annotation builtins),
    /// consulted after the program's defined functions. `None` from the
    /// hook, or no hook, is [`EvalError::UnknownFunction`].
    pub uninterpreted: Option<UninterpretedHook<'p>>,
}

/// A caller-supplied interpretation of function applications: receives the
/// function's name and its evaluated arguments.
#[derive(Clone, Copy)]
pub struct UninterpretedHook<'p>(pub &'p dyn Fn(&str, &[Value]) -> Option<Value>);

impl std::fmt::Debug for UninterpretedHook<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UninterpretedHook")
    }
}

type R = Result<Value, EvalError>;

pub fn eval(expr: &Expr, env: &Env) -> R {
    Evaluator {
        env,
        bound: Vec::new(),
        in_old: false,
    }
    .eval(expr)
}

struct Evaluator<'a, 'p> {
    env: &'a Env<'p>,
    bound: Vec<(String, Value)>,
    in_old: bool,
}

fn bool_of(v: &Value, what: &str) -> Result<bool, EvalError> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(EvalError::Type(what.into())),
    }
}

fn bv_of(v: &Value, what: &str) -> Result<(u128, u32), EvalError> {
    match v {
        Value::Bv { value, width } => Ok((*value, *width)),
        _ => Err(EvalError::Type(what.into())),
    }
}

fn signed(v: u128, w: u32) -> i128 {
    if w >= 128 {
        v as i128
    } else if v >> (w - 1) & 1 == 1 {
        (v | !mask(w)) as i128
    } else {
        v as i128
    }
}

fn msb(v: u128, w: u32) -> bool {
    v >> (w - 1) & 1 == 1
}

fn neg(v: u128, w: u32) -> u128 {
    v.wrapping_neg() & mask(w)
}

fn udiv(a: u128, b: u128, w: u32) -> u128 {
    a.checked_div(b).unwrap_or(mask(w))
}

fn urem(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        a % b
    }
}

/// One SMT-LIB bit-vector operation on operands of width `w`.
pub fn bv_binary(op: BinaryOp, a: u128, b: u128, w: u32) -> Result<Value, EvalError> {
    use BinaryOp::*;
    let m = mask(w);
    let r = |v: u128| Ok(Value::bv(v & m, w));
    let (sa, sb) = (msb(a, w), msb(b, w));
    match op {
        Add => r(a.wrapping_add(b)),
        Sub => r(a.wrapping_sub(b)),
        Mul => r(a.wrapping_mul(b)),
        BvAnd => r(a & b),
        BvOr => r(a | b),
        BvXor => r(a ^ b),
        Shl => r(if b >= w as u128 { 0 } else { a << b }),
        BvLShr => r(if b >= w as u128 { 0 } else { a >> b }),
        BvAShr => {
            if b >= w as u128 {
                r(if sa { m } else { 0 })
            } else {
                r((signed(a, w) >> b) as u128)
            }
        }
        BvUDiv => r(udiv(a, b, w)),
        BvURem => r(urem(a, b)),
        BvSDiv => r(match (sa, sb) {
            (false, false) => udiv(a, b, w),
            (true, false) => neg(udiv(neg(a, w), b, w), w),
            (false, true) => neg(udiv(a, neg(b, w), w), w),
            (true, true) => udiv(neg(a, w), neg(b, w), w),
        }),
        BvSRem => r(match (sa, sb) {
            (false, false) => urem(a, b),
            (true, false) => neg(urem(neg(a, w), b), w),
            (false, true) => urem(a, neg(b, w)),
            (true, true) => neg(urem(neg(a, w), neg(b, w)), w),
        }),
        BvSMod => {
            let abs_a = if sa { neg(a, w) } else { a };
            let abs_b = if sb { neg(b, w) } else { b };
            let u = urem(abs_a, abs_b);
            r(if u == 0 {
                u
            } else {
                match (sa, sb) {
                    (false, false) => u,
                    (true, false) => neg(u, w).wrapping_add(b),
                    (false, true) => u.wrapping_add(b),
                    (true, true) => neg(u, w),
                }
            })
        }
        BvULt => Ok(Value::Bool(a < b)),
        BvULe => Ok(Value::Bool(a <= b)),
        BvUGt => Ok(Value::Bool(a > b)),
        BvUGe => Ok(Value::Bool(a >= b)),
        BvSLt => Ok(Value::Bool(signed(a, w) < signed(b, w))),
        BvSLe => Ok(Value::Bool(signed(a, w) <= signed(b, w))),
        BvSGt => Ok(Value::Bool(signed(a, w) > signed(b, w))),
        BvSGe => Ok(Value::Bool(signed(a, w) >= signed(b, w))),
        _ => Err(EvalError::Type(format!("{op:?} on bit-vectors"))),
    }
}

fn int_binary(op: BinaryOp, a: i128, b: i128) -> R {
    use BinaryOp::*;
    let ov = |v: Option<i128>| v.map(Value::Int).ok_or(EvalError::Overflow);
    match op {
        Add => ov(a.checked_add(b)),
        Sub => ov(a.checked_sub(b)),
        Mul => ov(a.checked_mul(b)),
        Div if b == 0 => Err(EvalError::DivisionByZero),
        Mod if b == 0 => Err(EvalError::DivisionByZero),
        Div => ov(a.checked_div_euclid(b)),
        Mod => ov(a.checked_rem_euclid(b)),
        Lt => Ok(Value::Bool(a < b)),
        Le => Ok(Value::Bool(a <= b)),
        Gt => Ok(Value::Bool(a > b)),
        Ge => Ok(Value::Bool(a >= b)),
        _ => Err(EvalError::Type(format!("{op:?} on integers"))),
    }
}

/// All values of a small type, for evaluating quantifiers.
fn domain(ty: &Type) -> Result<Vec<Value>, EvalError> {
    match ty {
        Type::Bool => Ok(vec![Value::Bool(false), Value::Bool(true)]),
        Type::Bv(w) if *w <= 8 => Ok((0..=mask(*w)).map(|v| Value::bv(v, *w)).collect()),
        _ => Err(EvalError::Unsupported(
            "quantifier over a large domain".into(),
        )),
    }
}

impl Evaluator<'_, '_> {
    fn lookup(&self, name: &str) -> R {
        if let Some((_, v)) = self.bound.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if self.in_old {
            if let Some(v) = self.env.old.get(name) {
                return Ok(v.clone());
            }
        }
        self.env
            .vars
            .get(name)
            .cloned()
            .ok_or_else(|| EvalError::UnknownVar(name.to_string()))
    }

    fn eval(&mut self, e: &Expr) -> R {
        match &e.kind {
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Int(i) => i128::try_from(*i)
                .map(Value::Int)
                .map_err(|_| EvalError::Overflow),
            ExprKind::Bv { value, width } => {
                if *width == 0 || *width > 128 || *value > mask(*width) {
                    return Err(EvalError::Type("bit-vector literal".into()));
                }
                Ok(Value::bv(*value, *width))
            }
            ExprKind::Var(n) => self.lookup(n),
            ExprKind::Old(inner) => {
                let saved = std::mem::replace(&mut self.in_old, true);
                let r = self.eval(inner);
                self.in_old = saved;
                r
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(a)?;
                match (op, &v) {
                    (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
                    (UnaryOp::Neg, Value::Int(i)) => {
                        i.checked_neg().map(Value::Int).ok_or(EvalError::Overflow)
                    }
                    (UnaryOp::Neg, Value::Bv { value, width }) => {
                        Ok(Value::bv(neg(*value, *width), *width))
                    }
                    (UnaryOp::BvNot, Value::Bv { value, width }) => Ok(Value::bv(!value, *width)),
                    _ => Err(EvalError::Type(format!("{op:?}"))),
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b),
            ExprKind::Extract { expr, hi, lo } => {
                let (v, w) = bv_of(&self.eval(expr)?, "extract")?;
                if lo >= hi || *hi > w {
                    return Err(EvalError::Type("extract bounds".into()));
                }
                Ok(Value::bv(v >> lo, hi - lo))
            }
            ExprKind::Extend {
                signed: s,
                width,
                expr,
            } => {
                let (v, w) = bv_of(&self.eval(expr)?, "extension")?;
                if *width < w || *width > 128 {
                    return Err(EvalError::Type("extension width".into()));
                }
                let extended = if *s && msb(v, w) { v | !mask(w) } else { v };
                Ok(Value::bv(extended, *width))
            }
            ExprKind::Ite(c, a, b) => {
                if bool_of(&self.eval(c)?, "if-then-else")? {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            ExprKind::Select(m, i) => {
                let map = self.eval(m)?;
                let index = self.eval(i)?;
                let Value::Map(map) = map else {
                    return Err(EvalError::Type("select".into()));
                };
                match map.entries.get(&index) {
                    Some(v) => Ok(v.clone()),
                    None => map
                        .default
                        .map(|d| *d)
                        .ok_or_else(|| EvalError::UnknownEntry(format!("{m:?}[{index}]"))),
                }
            }
            ExprKind::Store(m, i, v) => {
                let Value::Map(mut map) = self.eval(m)? else {
                    return Err(EvalError::Type("store".into()));
                };
                let index = self.eval(i)?;
                let value = self.eval(v)?;
                map.entries.insert(index, value);
                Ok(Value::Map(map))
            }
            ExprKind::Apply(f, args) => self.apply(f, args),
            ExprKind::Quantifier { kind, vars, body } => self.quantifier(*kind, vars, body, 0),
        }
    }

    fn quantifier(
        &mut self,
        kind: QuantKind,
        vars: &[ivl::ast::TypedIdent],
        body: &Expr,
        at: usize,
    ) -> R {
        if at == vars.len() {
            return self.eval(body);
        }
        let forall = kind == QuantKind::Forall;
        for v in domain(&vars[at].ty)? {
            self.bound.push((vars[at].name.name.clone(), v));
            let r = self.quantifier(kind, vars, body, at + 1);
            self.bound.pop();
            if bool_of(&r?, "quantifier body")? != forall {
                return Ok(Value::Bool(!forall));
            }
        }
        Ok(Value::Bool(forall))
    }

    fn apply(&mut self, name: &str, args: &[Expr]) -> R {
        let defined = self
            .env
            .program
            .and_then(|p| p.function(name))
            .filter(|f| f.body.is_some());
        let Some(function) = defined else {
            let unknown = || EvalError::UnknownFunction(name.to_string());
            let hook = self.env.uninterpreted.ok_or_else(unknown)?;
            let values = args
                .iter()
                .map(|a| self.eval(a))
                .collect::<Result<Vec<_>, _>>()?;
            return (hook.0)(name, &values).ok_or_else(unknown);
        };
        if function.params.len() != args.len() {
            return Err(EvalError::Type(format!("arity of {name}")));
        }
        let mut frame = Vec::new();
        for (p, a) in function.params.iter().zip(args) {
            let v = self.eval(a)?;
            if let Some(n) = &p.name {
                frame.push((n.name.clone(), v));
            }
        }
        // A function body sees only its parameters (and globals/constants).
        let saved = std::mem::replace(&mut self.bound, frame);
        let saved_old = std::mem::replace(&mut self.in_old, false);
        let r = match &function.body {
            Some(b) => self.eval(b),
            None => Err(EvalError::UnknownFunction(name.to_string())),
        };
        self.bound = saved;
        self.in_old = saved_old;
        r
    }

    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr) -> R {
        use BinaryOp::*;
        let va = self.eval(a)?;
        // Short-circuiting keeps partial models usable (`p ==> A[i] == 0`).
        match op {
            And if va == Value::Bool(false) => return Ok(va),
            Or if va == Value::Bool(true) => return Ok(va),
            Implies if va == Value::Bool(false) => return Ok(Value::Bool(true)),
            _ => {}
        }
        let vb = self.eval(b)?;
        if matches!(va, Value::BigInt(_)) || matches!(vb, Value::BigInt(_)) {
            return Err(EvalError::Overflow);
        }
        match op {
            Iff | Implies | Or | And => {
                let (x, y) = (bool_of(&va, "connective")?, bool_of(&vb, "connective")?);
                Ok(Value::Bool(match op {
                    Iff => x == y,
                    Implies => !x || y,
                    Or => x || y,
                    _ => x && y,
                }))
            }
            Eq => Ok(Value::Bool(values_equal(&va, &vb)?)),
            Neq => Ok(Value::Bool(!values_equal(&va, &vb)?)),
            Concat => {
                let (x, wx) = bv_of(&va, "++")?;
                let (y, wy) = bv_of(&vb, "++")?;
                if wx + wy > 128 {
                    return Err(EvalError::Type("concatenation wider than 128".into()));
                }
                Ok(Value::bv((x << wy) | y, wx + wy))
            }
            _ => match (&va, &vb) {
                (Value::Int(x), Value::Int(y)) => int_binary(op, *x, *y),
                (
                    Value::Bv { value: x, width },
                    Value::Bv {
                        value: y,
                        width: w2,
                    },
                ) if width == w2 => bv_binary(op, *x, *y, *width),
                _ => Err(EvalError::Type(format!("{op:?}"))),
            },
        }
    }
}

/// Equality of values; maps are equal only when both are fully known.
fn values_equal(a: &Value, b: &Value) -> Result<bool, EvalError> {
    match (a, b) {
        (Value::Map(x), Value::Map(y)) => {
            if x == y && x.default.is_some() {
                return Ok(true);
            }
            maps_equal(x, y)
        }
        _ => Ok(a == b),
    }
}

fn maps_equal(x: &MapValue, y: &MapValue) -> Result<bool, EvalError> {
    let (Some(dx), Some(dy)) = (&x.default, &y.default) else {
        return Err(EvalError::Unsupported("equality of partial maps".into()));
    };
    let keys = x.entries.keys().chain(y.entries.keys());
    for k in keys {
        let vx = x.entries.get(k).unwrap_or(dx);
        let vy = y.entries.get(k).unwrap_or(dy);
        if !values_equal(vx, vy)? {
            return Ok(false);
        }
    }
    values_equal(dx, dy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOp::*;

    fn bv8(op: BinaryOp, a: u128, b: u128) -> Value {
        bv_binary(op, a, b, 8).unwrap()
    }

    #[test]
    fn division_by_zero_follows_smtlib() {
        assert_eq!(bv8(BvUDiv, 5, 0), Value::bv(0xff, 8));
        assert_eq!(bv8(BvURem, 5, 0), Value::bv(5, 8));
        assert_eq!(bv8(BvSDiv, 0x85, 0), Value::bv(1, 8));
        assert_eq!(bv8(BvSDiv, 5, 0), Value::bv(0xff, 8));
        assert_eq!(bv8(BvSRem, 0x85, 0), Value::bv(0x85, 8));
        assert_eq!(bv8(BvSMod, 0x85, 0), Value::bv(0x85, 8));
    }

    #[test]
    fn signed_operations() {
        // -7 / 2 = -3 (truncating), -7 rem 2 = -1, -7 mod 2 = 1
        assert_eq!(bv8(BvSDiv, 0xf9, 2), Value::bv(0xfd, 8));
        assert_eq!(bv8(BvSRem, 0xf9, 2), Value::bv(0xff, 8));
        assert_eq!(bv8(BvSMod, 0xf9, 2), Value::bv(1, 8));
        assert_eq!(bv8(BvSMod, 7, 0xfe), Value::bv(0xff, 8));
        assert_eq!(bv8(BvSLt, 0x80, 0x7f), Value::Bool(true));
        assert_eq!(bv8(Add, 0x7f, 1), Value::bv(0x80, 8));
    }

    #[test]
    fn shifts_by_the_width_or_more() {
        assert_eq!(bv8(Shl, 1, 8), Value::bv(0, 8));
        assert_eq!(bv8(BvLShr, 0x80, 9), Value::bv(0, 8));
        assert_eq!(bv8(BvAShr, 0x80, 200), Value::bv(0xff, 8));
        assert_eq!(bv8(BvAShr, 0x80, 1), Value::bv(0xc0, 8));
        assert_eq!(
            bv_binary(BvAShr, 1 << 127, 127, 128).unwrap(),
            Value::bv(u128::MAX, 128)
        );
    }

    #[test]
    fn integer_division_is_euclidean() {
        assert_eq!(int_binary(Div, -7, 2), Ok(Value::Int(-4)));
        assert_eq!(int_binary(Mod, -7, 2), Ok(Value::Int(1)));
        assert_eq!(int_binary(Div, 7, -2), Ok(Value::Int(-3)));
        assert_eq!(int_binary(Mod, 7, -2), Ok(Value::Int(1)));
        assert_eq!(int_binary(Div, 1, 0), Err(EvalError::DivisionByZero));
    }

    #[test]
    fn uninterpreted_functions_use_the_hook() {
        let call = Expr::apply("f", vec![Expr::bv(3, 8)]);
        assert_eq!(
            eval(&call, &Env::default()),
            Err(EvalError::UnknownFunction("f".into()))
        );
        let double = |name: &str, args: &[Value]| match (name, args) {
            ("f", [Value::Bv { value, width }]) => Some(Value::bv(value * 2, *width)),
            _ => None,
        };
        let env = Env {
            uninterpreted: Some(UninterpretedHook(&double)),
            ..Env::default()
        };
        assert_eq!(eval(&call, &env), Ok(Value::bv(6, 8)));
        let other = Expr::apply("g", vec![]);
        assert_eq!(
            eval(&other, &env),
            Err(EvalError::UnknownFunction("g".into()))
        );
    }

    #[test]
    fn extract_extend_and_concat() {
        let env = Env::default();
        let x = Expr::bv(0x80, 8);
        let ext = |signed| Expr {
            kind: ExprKind::Extend {
                signed,
                width: 16,
                expr: Box::new(x.clone()),
            },
            span: Default::default(),
        };
        assert_eq!(eval(&ext(true), &env), Ok(Value::bv(0xff80, 16)));
        assert_eq!(eval(&ext(false), &env), Ok(Value::bv(0x80, 16)));
        let low = Expr::synthetic(ExprKind::Extract {
            expr: Box::new(Expr::bv(0xabcd, 16)),
            hi: 8,
            lo: 0,
        });
        assert_eq!(eval(&low, &env), Ok(Value::bv(0xcd, 8)));
        let cat = Expr::binary(Concat, Expr::bv(0xab, 8), Expr::bv(0xcd, 8));
        assert_eq!(eval(&cat, &env), Ok(Value::bv(0xabcd, 16)));
    }
}
