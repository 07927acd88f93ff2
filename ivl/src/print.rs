//! AST to text: the canonical concrete syntax of every IVL node.
//!
//! Every node's `Display` is exactly its IVL text, so later stages can show
//! expressions and values in reports by formatting them; [`print`] writes a
//! whole program. The output is the inverse of the parser: for every tree
//! that keeps the invariants of [`crate::ast`], `parse(print(p)) == p`, and
//! printing is idempotent.
//!
//! Parentheses are minimal, following the precedence table of ivl/README.md:
//! an operand is parenthesised only when its operator binds looser than the
//! position requires. At one level, the right operand of a left-associative
//! operator, the left operand of `==>` and either operand of a comparison
//! (non-associative) are parenthesised. `if-then-else` extends to the right,
//! so it is parenthesised as the operand of any operator, and also as the
//! condition or then-branch of another `if` (for readability only).
//! Quantifiers carry their own parentheses and print as atoms. `-(-x)` keeps
//! a double negation readable and unambiguous.
//!
//! Layout is a Boogie-style listing: declarations one per line, a blank line
//! around procedures and defined functions, specs indented two spaces,
//! labels two and statements four.
//!
//! Deliberately absent: line breaking of long expressions, and any checking
//! (an ill-typed tree prints as faithfully as a well-typed one). Printing is
//! one pass writing into a single buffer, linear in the size of the tree.

use crate::ast::{
    AttrArg, Attribute, BinaryOp, Block, Decl, Expr, ExprKind, FnParam, Function, Lhs, Procedure,
    Program, QuantKind, Stmt, StmtKind, Transfer, TransferKind, Type, TypedIdent, UnaryOp,
    Variable,
};
use std::fmt::{self, Display, Formatter, Write};

/// Prints a program in canonical form; `parse(print(p)) == p`.
pub fn print(program: &Program) -> String {
    program.to_string()
}

/// Binding strengths, loosest first (README precedence table). A position
/// that accepts any expression asks for [`LEVEL_TOP`].
const LEVEL_TOP: u8 = 0;
/// The condition and then-branch of an `if`: anything but another `if`.
const LEVEL_ITE_INNER: u8 = 1;
const LEVEL_UNARY: u8 = 13;
const LEVEL_POSTFIX: u8 = 14;
const LEVEL_ATOM: u8 = 15;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Assoc {
    Left,
    Right,
    None,
}

/// Level and associativity of an infix operator; `None` for the operators
/// written as builtin calls, which print as atoms.
fn infix_level(op: BinaryOp) -> Option<(u8, Assoc)> {
    use BinaryOp::*;
    Some(match op {
        Iff => (1, Assoc::Left),
        Implies => (2, Assoc::Right),
        Or => (3, Assoc::Left),
        And => (4, Assoc::Left),
        Eq | Neq | Lt | Le | Gt | Ge => (5, Assoc::None),
        BvOr => (6, Assoc::Left),
        BvXor => (7, Assoc::Left),
        BvAnd => (8, Assoc::Left),
        Shl => (9, Assoc::Left),
        Concat => (10, Assoc::Left),
        Add | Sub => (11, Assoc::Left),
        Mul | Div | Mod => (12, Assoc::Left),
        BvUDiv | BvSDiv | BvURem | BvSRem | BvSMod | BvLShr | BvAShr | BvULt | BvULe | BvUGt
        | BvUGe | BvSLt | BvSLe | BvSGt | BvSGe => return None,
    })
}

/// How tightly an expression binds as printed.
fn level(expr: &Expr) -> u8 {
    match &expr.kind {
        ExprKind::Ite(..) => LEVEL_TOP,
        ExprKind::Binary(op, ..) => infix_level(*op).map_or(LEVEL_ATOM, |(level, _)| level),
        ExprKind::Unary(..) => LEVEL_UNARY,
        ExprKind::Extract { .. } | ExprKind::Select(..) | ExprKind::Store(..) => LEVEL_POSTFIX,
        ExprKind::Bool(_)
        | ExprKind::Int(_)
        | ExprKind::Bv { .. }
        | ExprKind::Var(_)
        | ExprKind::Old(_)
        | ExprKind::Extend { .. }
        | ExprKind::Apply(..)
        | ExprKind::Quantifier { .. } => LEVEL_ATOM,
    }
}

/// Writes `expr` in a position that needs at least binding strength `min`.
fn write_expr(f: &mut Formatter<'_>, expr: &Expr, min: u8) -> fmt::Result {
    if level(expr) < min {
        f.write_char('(')?;
        write_bare(f, expr)?;
        f.write_char(')')
    } else {
        write_bare(f, expr)
    }
}

fn write_bare(f: &mut Formatter<'_>, expr: &Expr) -> fmt::Result {
    match &expr.kind {
        ExprKind::Bool(b) => write!(f, "{b}"),
        ExprKind::Int(value) => write!(f, "{value}"),
        ExprKind::Bv { value, width } => write!(f, "{value}bv{width}"),
        ExprKind::Var(name) => f.write_str(name),
        ExprKind::Old(inner) => {
            f.write_str("old(")?;
            write_expr(f, inner, LEVEL_TOP)?;
            f.write_char(')')
        }
        ExprKind::Unary(op, operand) => {
            let double_negation =
                *op == UnaryOp::Neg && matches!(operand.kind, ExprKind::Unary(UnaryOp::Neg, _));
            f.write_str(match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "-",
                UnaryOp::BvNot => "~",
            })?;
            let min = if double_negation {
                LEVEL_ATOM
            } else {
                LEVEL_UNARY
            };
            write_expr(f, operand, min)
        }
        ExprKind::Binary(op, lhs, rhs) => match (infix_level(*op), op.infix_symbol()) {
            (Some((level, assoc)), Some(symbol)) => {
                let lhs_min = if assoc == Assoc::Left {
                    level
                } else {
                    level + 1
                };
                let rhs_min = if assoc == Assoc::Right {
                    level
                } else {
                    level + 1
                };
                write_expr(f, lhs, lhs_min)?;
                write!(f, " {symbol} ")?;
                write_expr(f, rhs, rhs_min)
            }
            // The operator tables agree (unit-tested): this is a builtin.
            _ => {
                let name = op.builtin_name().unwrap_or_default();
                write!(f, "{name}(")?;
                write_expr(f, lhs, LEVEL_TOP)?;
                f.write_str(", ")?;
                write_expr(f, rhs, LEVEL_TOP)?;
                f.write_char(')')
            }
        },
        ExprKind::Extract { expr, hi, lo } => {
            write_expr(f, expr, LEVEL_POSTFIX)?;
            write!(f, "[{hi}:{lo}]")
        }
        ExprKind::Extend {
            signed,
            width,
            expr,
        } => {
            f.write_str(if *signed { "sext(" } else { "zext(" })?;
            write_expr(f, expr, LEVEL_TOP)?;
            write!(f, ", {width})")
        }
        ExprKind::Ite(cond, then, els) => {
            f.write_str("if ")?;
            write_expr(f, cond, LEVEL_ITE_INNER)?;
            f.write_str(" then ")?;
            write_expr(f, then, LEVEL_ITE_INNER)?;
            f.write_str(" else ")?;
            write_expr(f, els, LEVEL_TOP)
        }
        ExprKind::Select(map, index) => {
            write_expr(f, map, LEVEL_POSTFIX)?;
            f.write_char('[')?;
            write_expr(f, index, LEVEL_TOP)?;
            f.write_char(']')
        }
        ExprKind::Store(map, index, value) => {
            write_expr(f, map, LEVEL_POSTFIX)?;
            f.write_char('[')?;
            write_expr(f, index, LEVEL_TOP)?;
            f.write_str(" := ")?;
            write_expr(f, value, LEVEL_TOP)?;
            f.write_char(']')
        }
        ExprKind::Apply(function, args) => {
            write!(f, "{function}(")?;
            write_exprs(f, args)?;
            f.write_char(')')
        }
        ExprKind::Quantifier { kind, vars, body } => {
            f.write_str(match kind {
                QuantKind::Forall => "(forall ",
                QuantKind::Exists => "(exists ",
            })?;
            write_comma_list(f, vars)?;
            f.write_str(" :: ")?;
            write_expr(f, body, LEVEL_TOP)?;
            f.write_char(')')
        }
    }
}

fn write_comma_list<T: Display>(f: &mut Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        item.fmt(f)?;
    }
    Ok(())
}

fn write_exprs(f: &mut Formatter<'_>, exprs: &[Expr]) -> fmt::Result {
    for (i, expr) in exprs.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_expr(f, expr, LEVEL_TOP)?;
    }
    Ok(())
}

/// ` {:a} {:b}`: the attributes of a keyword, each after a space.
fn write_attrs_after(f: &mut Formatter<'_>, attrs: &[Attribute]) -> fmt::Result {
    for attr in attrs {
        write!(f, " {attr}")?;
    }
    Ok(())
}

/// `{:a} {:b} `: the attributes of an assignment or label, each before a space.
fn write_attrs_before(f: &mut Formatter<'_>, attrs: &[Attribute]) -> fmt::Result {
    for attr in attrs {
        write!(f, "{attr} ")?;
    }
    Ok(())
}

/// A string literal with the README's escapes `\\ \" \n \t`.
fn write_string_literal(f: &mut Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Int => f.write_str("int"),
            Type::Bv(width) => write!(f, "bv{width}"),
            // `[[int]int]bool`: the brackets around the domain also delimit
            // a map-typed domain, so no extra grouping is needed.
            Type::Map(domain, range) => write!(f, "[{domain}]{range}"),
        }
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_expr(f, self, LEVEL_TOP)
    }
}

impl Display for TypedIdent {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.ty)
    }
}

impl Display for FnParam {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(name) => write!(f, "{name}: {}", self.ty),
            None => self.ty.fmt(f),
        }
    }
}

impl Display for AttrArg {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            AttrArg::Expr(expr) => expr.fmt(f),
            AttrArg::Str(text) => write_string_literal(f, text),
        }
    }
}

impl Display for Attribute {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{{:{}", self.name)?;
        if !self.args.is_empty() {
            f.write_char(' ')?;
            write_comma_list(f, &self.args)?;
        }
        f.write_char('}')
    }
}

impl Display for Lhs {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name.name)?;
        for index in &self.indices {
            f.write_char('[')?;
            write_expr(f, index, LEVEL_TOP)?;
            f.write_char(']')?;
        }
        Ok(())
    }
}

/// One statement, without indentation or newline.
impl Display for Stmt {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            StmtKind::Assign { lhs, rhs } => {
                write_attrs_before(f, &self.attrs)?;
                write_comma_list(f, lhs)?;
                f.write_str(" := ")?;
                write_exprs(f, rhs)?;
            }
            StmtKind::Havoc(names) => {
                f.write_str("havoc")?;
                write_attrs_after(f, &self.attrs)?;
                f.write_char(' ')?;
                write_comma_list(f, names)?;
            }
            StmtKind::Assume(expr) | StmtKind::Assert(expr) => {
                let keyword = if matches!(self.kind, StmtKind::Assume(_)) {
                    "assume"
                } else {
                    "assert"
                };
                f.write_str(keyword)?;
                write_attrs_after(f, &self.attrs)?;
                write!(f, " {expr}")?;
            }
            StmtKind::Call { callee, args, rets } => {
                f.write_str("call")?;
                write_attrs_after(f, &self.attrs)?;
                f.write_char(' ')?;
                if !rets.is_empty() {
                    write_comma_list(f, rets)?;
                    f.write_str(" := ")?;
                }
                write!(f, "{callee}(")?;
                write_exprs(f, args)?;
                f.write_char(')')?;
            }
        }
        f.write_char(';')
    }
}

/// `goto L1, L2;` or `return;`. A `goto` without targets prints as `goto;`,
/// which the parser rejects: the AST invariant is that targets are non-empty.
impl Display for Transfer {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TransferKind::Goto(targets) => {
                f.write_str("goto")?;
                if !targets.is_empty() {
                    f.write_char(' ')?;
                    write_comma_list(f, targets)?;
                }
                f.write_char(';')
            }
            TransferKind::Return => f.write_str("return;"),
        }
    }
}

/// A block as it appears in a body: the label indented two spaces, its
/// statements and transfer four, lines separated by (not ending in) `\n`.
impl Display for Block {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("  ")?;
        write_attrs_before(f, &self.attrs)?;
        write!(f, "{}:", self.label)?;
        for stmt in &self.stmts {
            write!(f, "\n    {stmt}")?;
        }
        write!(f, "\n    {}", self.transfer)
    }
}

/// `procedure {:a} P(x: T) returns (r: U)`, then the specs indented, then
/// the body; a procedure without a body ends its signature with `;`.
impl Display for Procedure {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("procedure")?;
        write_attrs_after(f, &self.attrs)?;
        write!(f, " {}(", self.name)?;
        write_comma_list(f, &self.params)?;
        f.write_char(')')?;
        if !self.returns.is_empty() {
            f.write_str(" returns (")?;
            write_comma_list(f, &self.returns)?;
            f.write_char(')')?;
        }
        if self.body.is_none() {
            f.write_char(';')?;
        }
        for spec in &self.requires {
            f.write_str("\n  requires")?;
            write_attrs_after(f, &spec.attrs)?;
            write!(f, " {};", spec.expr)?;
        }
        if !self.modifies.is_empty() {
            f.write_str("\n  modifies ")?;
            write_comma_list(f, &self.modifies)?;
            f.write_char(';')?;
        }
        for spec in &self.ensures {
            f.write_str("\n  ensures")?;
            write_attrs_after(f, &spec.attrs)?;
            write!(f, " {};", spec.expr)?;
        }
        let Some(body) = &self.body else {
            return Ok(());
        };
        f.write_str("\n{")?;
        for local in &body.locals {
            f.write_str("\n  ")?;
            write_variable(f, "var", local)?;
        }
        if !body.locals.is_empty() {
            f.write_char('\n')?;
        }
        for block in &body.blocks {
            write!(f, "\n{block}")?;
        }
        f.write_str("\n}")
    }
}

/// `function {:a} f(x: T, U): R;` or `function f(x: T): R { body }`.
impl Display for Function {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("function")?;
        write_attrs_after(f, &self.attrs)?;
        write!(f, " {}(", self.name)?;
        write_comma_list(f, &self.params)?;
        write!(f, "): {}", self.ret)?;
        match &self.body {
            Some(body) => write!(f, " {{ {body} }}"),
            None => f.write_char(';'),
        }
    }
}

/// `var {:a} x: T;` / `const {:a} c: T;`.
fn write_variable(f: &mut Formatter<'_>, keyword: &str, var: &Variable) -> fmt::Result {
    f.write_str(keyword)?;
    write_attrs_after(f, &var.attrs)?;
    write!(f, " {}: {};", var.name, var.ty)
}

impl Display for Decl {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Decl::Const(var) => write_variable(f, "const", var),
            Decl::Var(var) => write_variable(f, "var", var),
            Decl::Function(function) => function.fmt(f),
            Decl::Axiom(axiom) => {
                f.write_str("axiom")?;
                write_attrs_after(f, &axiom.attrs)?;
                write!(f, " {};", axiom.expr)
            }
            Decl::Procedure(procedure) => procedure.fmt(f),
        }
    }
}

/// Whether a declaration is set off by blank lines: procedures and defined
/// functions are; one-line declarations are listed together.
fn stands_apart(decl: &Decl) -> bool {
    match decl {
        Decl::Procedure(_) => true,
        Decl::Function(function) => function.body.is_some(),
        Decl::Const(_) | Decl::Var(_) | Decl::Axiom(_) => false,
    }
}

/// The declarations in order, each ending in a newline.
impl Display for Program {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut previous: Option<&Decl> = None;
        for decl in &self.decls {
            if previous.is_some_and(|p| stands_apart(p) || stands_apart(decl)) {
                f.write_char('\n')?;
            }
            writeln!(f, "{decl}")?;
            previous = Some(decl);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
