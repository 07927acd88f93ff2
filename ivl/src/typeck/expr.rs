//! Expression typing, shared by the checker and by [`super::Scope::type_of`].
//!
//! Checks every expression form against the operand table of ivl/README.md:
//! names resolve (with "did you mean" help), operand types, `ite` branches,
//! select/store against the map type, extraction bounds (Boogie's exclusive
//! `hi`), extension widths, concatenation width, bit-vector literals,
//! function arity and argument types, boolean quantifier bodies, quantifier
//! binders (no duplicates within one binder list; they may shadow), and
//! `old` only where the [`Position`] allows it.
//!
//! Error recovery: an ill-typed subexpression has the *error type*
//! (`None`), which is compatible with everything, so one mistake yields one
//! diagnostic. Where the intended type is still clear (an arithmetic
//! operator, a function's declared result, an extraction's width) it is
//! returned instead of `None`.

use super::env::{check_type, width_out_of_range, Env, Resolved, VarKind};
use super::kernel::reject_builtin_name;
use super::render::{did_you_mean, Class};
use super::{codes, Diagnostic};
use crate::ast::{BinaryOp, Expr, ExprKind, Type, UnaryOp, MAX_BV_WIDTH};
use crate::span::Span;
use std::fmt::Display;

pub(crate) struct Infer<'a, 'e> {
    env: &'a Env<'a>,
    diags: &'a mut Vec<Diagnostic>,
    /// Quantifier-bound variables, innermost last.
    bound: Vec<(&'e str, &'e Type)>,
    /// Inside `old(..)`: nested `old` is pointless but harmless.
    in_old: bool,
}

impl<'a, 'e> Infer<'a, 'e> {
    pub(crate) fn new(env: &'a Env<'a>, diags: &'a mut Vec<Diagnostic>) -> Infer<'a, 'e> {
        Infer {
            env,
            diags,
            bound: Vec::new(),
            in_old: false,
        }
    }

    /// Checks that `expr` has type `expected`, reporting at `expr`.
    pub(crate) fn expect(&mut self, expr: &'e Expr, expected: &Type) {
        if let Some(found) = self.infer(expr) {
            if found != *expected {
                let diag = mismatch(expr.span, expected, &found);
                self.diags.push(match literal_hint(expr, expected) {
                    Some(help) => diag.with_help(help),
                    None => diag,
                });
            }
        }
    }

    /// The type of `expr`, or `None` (the error type) after reporting.
    pub(crate) fn infer(&mut self, expr: &'e Expr) -> Option<Type> {
        match &expr.kind {
            ExprKind::Bool(_) => Some(Type::Bool),
            ExprKind::Int(_) => Some(Type::Int),
            ExprKind::Bv { value, width } => self.bv_literal(*value, *width, expr.span),
            ExprKind::Var(name) => self.variable(name, expr.span),
            ExprKind::Old(inner) => {
                if !self.env.position.allows_old() && !self.in_old {
                    self.diags.push(
                        Diagnostic::new(
                            codes::OLD,
                            format!("`old` is not allowed {}", self.env.position.describe()),
                            expr.span,
                        )
                        .with_label("no pre-state here")
                        .with_help(
                            "`old(e)` may appear only in `ensures` clauses and procedure bodies",
                        ),
                    );
                }
                let outer = std::mem::replace(&mut self.in_old, true);
                let ty = self.infer(inner);
                self.in_old = outer;
                ty
            }
            ExprKind::Unary(op, operand) => match op {
                UnaryOp::Not => {
                    self.expect(operand, &Type::Bool);
                    Some(Type::Bool)
                }
                UnaryOp::Neg => self.infer_in(operand, Class::IntOrBv),
                UnaryOp::BvNot => self.infer_in(operand, Class::Bv),
            },
            ExprKind::Binary(op, lhs, rhs) => self.binary(*op, lhs, rhs, expr.span),
            ExprKind::Extract {
                expr: operand,
                hi,
                lo,
            } => self.extract(operand, *hi, *lo, expr.span),
            ExprKind::Extend {
                signed,
                width,
                expr: operand,
            } => self.extend(*signed, *width, operand, expr.span),
            ExprKind::Ite(cond, then, els) => {
                self.expect(cond, &Type::Bool);
                match self.infer(then) {
                    Some(ty) => {
                        if let Some(found) = self.infer(els) {
                            if found != ty {
                                self.diags.push(mismatch(els.span, &ty, &found).with_help(
                                    "both branches of `if .. then .. else` must have one type",
                                ));
                            }
                        }
                        Some(ty)
                    }
                    None => self.infer(els),
                }
            }
            ExprKind::Select(map, index) => {
                let (_, range) = self.map_parts(map, index)?;
                Some(range)
            }
            ExprKind::Store(map, index, value) => match self.map_parts(map, index) {
                Some((map_ty, range)) => {
                    self.expect(value, &range);
                    Some(map_ty)
                }
                None => {
                    self.infer(value);
                    None
                }
            },
            ExprKind::Apply(name, args) => self.apply(name, args, expr.span),
            ExprKind::Quantifier { vars, body, .. } => {
                let depth = self.bound.len();
                for (i, var) in vars.iter().enumerate() {
                    check_type(&var.ty, var.name.span, self.diags);
                    reject_builtin_name(self.env.globals.is_kernel, &var.name, self.diags);
                    if vars[..i].iter().any(|v| v.name.name == var.name.name) {
                        self.diags
                            .push(super::env::duplicate(&var.name, "a bound variable"));
                    }
                    self.bound.push((&var.name.name, &var.ty));
                }
                self.expect(body, &Type::Bool);
                self.bound.truncate(depth);
                Some(Type::Bool)
            }
        }
    }

    /// Infers `expr` and checks it is in `class`; `None` unless it is.
    pub(crate) fn infer_in(&mut self, expr: &'e Expr, class: Class) -> Option<Type> {
        let ty = self.infer(expr)?;
        if class.admits(&ty) {
            Some(ty)
        } else {
            self.diags.push(mismatch(expr.span, class, &ty));
            None
        }
    }

    /// `map[index]`: checks both, returns the map type and its range.
    fn map_parts(&mut self, map: &'e Expr, index: &'e Expr) -> Option<(Type, Type)> {
        match self.infer_in(map, Class::Map) {
            Some(Type::Map(domain, range)) => {
                self.expect(index, &domain);
                let range = *range;
                Some((Type::Map(domain, Box::new(range.clone())), range))
            }
            _ => {
                self.infer(index);
                None
            }
        }
    }

    fn bv_literal(&mut self, value: u128, width: u32, span: Span) -> Option<Type> {
        if !(1..=MAX_BV_WIDTH).contains(&width) {
            self.diags.push(width_out_of_range(width.into(), span));
            return None;
        }
        if width < 128 && value >> width != 0 {
            self.diags.push(
                Diagnostic::new(
                    codes::WIDTH,
                    format!(
                        "bit-vector literal out of range: {value} does not fit in {width} bits"
                    ),
                    span,
                )
                .with_label(format!("at most {}", (1u128 << width) - 1))
                .with_help(format!(
                    "write the value modulo 2^{width}, or use a wider type"
                )),
            );
        }
        Some(Type::Bv(width))
    }

    fn variable(&mut self, name: &str, span: Span) -> Option<Type> {
        if let Some((_, ty)) = self.bound.iter().rev().find(|(bound, _)| *bound == name) {
            return Some((*ty).clone());
        }
        match self.env.resolve(name) {
            Resolved::Visible(info) => Some(info.ty.clone()),
            Resolved::Hidden(info) => {
                let position = self.env.position;
                let (code, help) = match info.kind {
                    VarKind::GlobalVar => (
                        codes::STATE,
                        "axioms and function bodies may use only constants, functions and parameters",
                    ),
                    VarKind::OutParam => (
                        codes::UNKNOWN_NAME,
                        "results have no value before the call; a precondition sees in-parameters and globals",
                    ),
                    _ => (
                        codes::UNKNOWN_NAME,
                        "contracts see only parameters, results and globals",
                    ),
                };
                self.diags.push(
                    Diagnostic::new(
                        code,
                        format!(
                            "{} `{name}` cannot be used {}",
                            info.kind.noun(),
                            position.describe()
                        ),
                        span,
                    )
                    .with_label("not available here")
                    .with_help(help),
                );
                None
            }
            Resolved::Unknown => {
                let bound = self.bound.iter().map(|(name, _)| *name);
                let candidates: Vec<&str> = bound.chain(self.env.visible_names()).collect();
                let globals = self.env.globals;
                let help = did_you_mean(name, candidates, || {
                    Some(if globals.functions.contains_key(name) {
                        format!("`{name}` is a function; apply it: `{name}(..)`")
                    } else if self.env.position.sees_state() {
                        format!("declare it with `var {name}: T;`")
                    } else {
                        format!("declare it with `const {name}: T;`")
                    })
                });
                self.diags.push(unknown("variable", name, span, help));
                None
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, lhs: &'e Expr, rhs: &'e Expr, span: Span) -> Option<Type> {
        use BinaryOp::*;
        match op {
            Iff | Implies | Or | And => {
                self.expect(lhs, &Type::Bool);
                self.expect(rhs, &Type::Bool);
                Some(Type::Bool)
            }
            Eq | Neq => {
                match self.infer(lhs) {
                    Some(ty) => self.expect(rhs, &ty),
                    None => {
                        self.infer(rhs);
                    }
                }
                Some(Type::Bool)
            }
            Lt | Le | Gt | Ge => {
                self.same_operands(lhs, rhs, Class::Int);
                Some(Type::Bool)
            }
            Add | Sub | Mul => self.same_operands(lhs, rhs, Class::IntOrBv),
            Div | Mod => self.same_operands(lhs, rhs, Class::Int),
            BvAnd | BvOr | BvXor | Shl | BvUDiv | BvSDiv | BvURem | BvSRem | BvSMod | BvLShr
            | BvAShr => self.same_operands(lhs, rhs, Class::Bv),
            BvULt | BvULe | BvUGt | BvUGe | BvSLt | BvSLe | BvSGt | BvSGe => {
                self.same_operands(lhs, rhs, Class::Bv);
                Some(Type::Bool)
            }
            Concat => {
                let high = self.infer_in(lhs, Class::Bv);
                let low = self.infer_in(rhs, Class::Bv);
                let width = u128::from(high?.bv_width()?) + u128::from(low?.bv_width()?);
                if width > u128::from(MAX_BV_WIDTH) {
                    self.diags.push(
                        width_out_of_range(width, span)
                            .with_label("concatenation too wide")
                            .with_help(format!(
                                "the result of `++` has at most {MAX_BV_WIDTH} bits"
                            )),
                    );
                    return None;
                }
                Some(Type::Bv(width as u32))
            }
        }
    }

    /// Both operands in `class` and of one type; the right one is checked
    /// against the left one when the left one is well-typed. When the left
    /// one is outside `class`, a right one of the same type is the same
    /// mistake and is not reported again.
    fn same_operands(&mut self, lhs: &'e Expr, rhs: &'e Expr, class: Class) -> Option<Type> {
        match self.infer(lhs) {
            Some(ty) if class.admits(&ty) => {
                self.expect(rhs, &ty);
                Some(ty)
            }
            Some(wrong) => {
                self.diags.push(mismatch(lhs.span, class, &wrong));
                let rhs_ty = self.infer(rhs)?;
                if class.admits(&rhs_ty) {
                    return Some(rhs_ty);
                }
                if rhs_ty != wrong {
                    self.diags.push(mismatch(rhs.span, class, &rhs_ty));
                }
                None
            }
            None => self.infer_in(rhs, class),
        }
    }

    fn extract(&mut self, operand: &'e Expr, hi: u32, lo: u32, span: Span) -> Option<Type> {
        let operand_width = self.infer_in(operand, Class::Bv).and_then(|t| t.bv_width());
        let limit = operand_width.unwrap_or(MAX_BV_WIDTH);
        if lo >= hi || hi > limit {
            let found = operand_width.map_or(String::new(), |w| format!(" of bv{w}"));
            self.diags.push(
                Diagnostic::new(
                    codes::WIDTH,
                    format!("extraction out of range: expected lo < hi <= {limit}, found [{hi}:{lo}]{found}"),
                    span,
                )
                .with_label("invalid bit range")
                .with_help("`e[hi:lo]` keeps bits lo up to but excluding hi"),
            );
        }
        (lo < hi && hi - lo <= MAX_BV_WIDTH).then(|| Type::Bv(hi - lo))
    }

    fn extend(&mut self, signed: bool, width: u32, operand: &'e Expr, span: Span) -> Option<Type> {
        let operand_ty = self.infer_in(operand, Class::Bv);
        if !(1..=MAX_BV_WIDTH).contains(&width) {
            self.diags.push(width_out_of_range(width.into(), span));
            return None;
        }
        if let Some(Type::Bv(from)) = operand_ty {
            if from > width {
                let name = if signed { "sext" } else { "zext" };
                self.diags.push(
                    Diagnostic::new(
                        codes::WIDTH,
                        format!("`{name}` to bv{width} narrows: expected at most {width} bits, found bv{from}"),
                        operand.span,
                    )
                    .with_label(format!("bv{from}"))
                    .with_help(format!("use an extraction to narrow: `e[{width}:0]`")),
                );
            }
        }
        Some(Type::Bv(width))
    }

    fn apply(&mut self, name: &str, args: &'e [Expr], span: Span) -> Option<Type> {
        let globals = self.env.globals;
        let Some(function) = globals.functions.get(name) else {
            let help = did_you_mean(name, globals.functions.keys().copied(), || {
                Some(if globals.procedures.contains_key(name) {
                    format!("`{name}` is a procedure; call it with `call {name}(..);`")
                } else if globals.vars.contains_key(name) {
                    format!("`{name}` is a variable, not a function")
                } else {
                    format!("declare it with `function {name}(..): T;`")
                })
            });
            self.diags
                .push(unknown("function", name, name_span(span, name), help));
            for arg in args {
                self.infer(arg);
            }
            return None;
        };
        if args.len() != function.params.len() {
            self.diags.push(arity(
                "arguments to",
                name,
                function.params.len(),
                args.len(),
                span,
            ));
        }
        for (i, arg) in args.iter().enumerate() {
            match function.params.get(i) {
                Some(param) => self.expect(arg, &param.ty),
                None => {
                    self.infer(arg);
                }
            }
        }
        Some(function.ret.clone())
    }
}

/// For a literal of the wrong kind, how to write it with the expected type:
/// `1` where a `bv32` is expected is almost always meant as `1bv32`.
fn literal_hint(expr: &Expr, expected: &Type) -> Option<String> {
    match (&expr.kind, expected) {
        (ExprKind::Int(value), Type::Bv(width)) => {
            Some(format!("write the literal as `{value}bv{width}`"))
        }
        (ExprKind::Bv { value, .. }, Type::Int) => Some(format!("write the literal as `{value}`")),
        _ => None,
    }
}

/// "type mismatch: expected bv32, found int".
pub(crate) fn mismatch(span: Span, expected: impl Display, found: &Type) -> Diagnostic {
    Diagnostic::new(
        codes::TYPE_MISMATCH,
        format!("type mismatch: expected {expected}, found {found}"),
        span,
    )
    .with_label(format!("expected {expected}, found {found}"))
}

/// "unknown variable `y`".
pub(crate) fn unknown(what: &str, name: &str, span: Span, help: Option<String>) -> Diagnostic {
    let diag = Diagnostic::new(
        codes::UNKNOWN_NAME,
        format!("unknown {what} `{name}`"),
        span,
    )
    .with_label(format!("no {what} `{name}` in scope"));
    match help {
        Some(help) => diag.with_help(help),
        None => diag,
    }
}

/// "wrong number of arguments to `f`: expected 2, found 3".
pub(crate) fn arity(
    what: &str,
    name: &str,
    expected: usize,
    found: usize,
    span: Span,
) -> Diagnostic {
    Diagnostic::new(
        codes::ARITY,
        format!("wrong number of {what} `{name}`: expected {expected}, found {found}"),
        span,
    )
    .with_label(format!("expected {expected}"))
}

/// The span of the name at the start of an application `f(..)`.
fn name_span(span: Span, name: &str) -> Span {
    if span.is_dummy() || span.len() < name.len() {
        span
    } else {
        Span::new(span.start as usize, span.start as usize + name.len())
    }
}
