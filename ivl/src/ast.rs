//! The IVL abstract syntax tree: plain data, no behaviour beyond accessors.
//!
//! The tree is what the parser produces after desugaring: a procedure body is
//! a list of labelled basic blocks, each ending in a [`Transfer`]. The
//! structured forms `while`/`if`/`break` exist only in the surface syntax.
//!
//! Invariants every producer of an AST must keep (the type checker verifies
//! the semantic ones, the parser guarantees the syntactic ones):
//! - identifiers are valid IVL identifiers and never keywords;
//! - integer literals are non-negative (negation is [`UnaryOp::Neg`]);
//! - a bit-vector literal's value fits its width;
//! - a procedure body has at least one block; its first block is the entry;
//! - a `goto` has at least one target.
//!
//! Spans compare equal (see [`Span`]), so `==` on trees is structural.

use crate::span::Span;
use std::fmt;

/// The widest bit-vector type the IVL accepts.
pub const MAX_BV_WIDTH: u32 = 128;

/// A name at a declaration or use site.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

impl Ident {
    pub fn new(name: impl Into<String>, span: Span) -> Ident {
        Ident {
            name: name.into(),
            span,
        }
    }

    /// An identifier synthesised by a pass (no source position).
    pub fn synthetic(name: impl Into<String>) -> Ident {
        Ident::new(name, Span::DUMMY)
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Bool,
    /// Mathematical (unbounded) integers.
    Int,
    /// Bit-vectors of the given width, `1..=MAX_BV_WIDTH`.
    Bv(u32),
    /// Total maps `[domain]range`; either side may itself be a map.
    Map(Box<Type>, Box<Type>),
}

impl Type {
    pub fn map(domain: Type, range: Type) -> Type {
        Type::Map(Box::new(domain), Box::new(range))
    }

    pub fn bv_width(&self) -> Option<u32> {
        match self {
            Type::Bv(w) => Some(*w),
            _ => None,
        }
    }
}

/// `{:name arg, ...}`: metadata on declarations, blocks and statements.
/// Attributes never change the meaning of a program for the solver; passes
/// use them to carry source locations, candidate tags and race metadata.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attribute {
    pub name: String,
    pub args: Vec<AttrArg>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrArg {
    Expr(Expr),
    /// A string literal; the parser has already resolved escapes.
    Str(String),
}

impl Attribute {
    pub fn new(name: impl Into<String>, args: Vec<AttrArg>) -> Attribute {
        Attribute {
            name: name.into(),
            args,
            span: Span::DUMMY,
        }
    }
}

/// The first attribute called `name`, if any.
pub fn find_attr<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a Attribute> {
    attrs.iter().find(|a| a.name == name)
}

pub fn has_attr(attrs: &[Attribute], name: &str) -> bool {
    find_attr(attrs, name).is_some()
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    Bool(bool),
    /// A non-negative integer literal of type `int`.
    Int(u128),
    /// `5bv32`: a bit-vector literal; `value < 2^width`.
    Bv {
        value: u128,
        width: u32,
    },
    /// A use of a constant, variable, parameter or bound variable.
    Var(String),
    /// `old(e)`: `e` in the pre-state of the enclosing procedure.
    Old(Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `e[hi:lo]`: bits `lo..hi` of `e` (Boogie convention: `hi` is
    /// exclusive, the result has width `hi - lo`).
    Extract {
        expr: Box<Expr>,
        hi: u32,
        lo: u32,
    },
    /// `zext(e, w)` / `sext(e, w)`: zero or sign extension to width `w`.
    Extend {
        signed: bool,
        width: u32,
        expr: Box<Expr>,
    },
    /// `if c then a else b`
    Ite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `m[i]`
    Select(Box<Expr>, Box<Expr>),
    /// `m[i := v]`
    Store(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `f(a, b)`: application of a declared function.
    Apply(String, Vec<Expr>),
    /// `(forall x: T, y: U :: body)` / `(exists ...)`.
    Quantifier {
        kind: QuantKind,
        vars: Vec<TypedIdent>,
        body: Box<Expr>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuantKind {
    Forall,
    Exists,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `!e` on bool.
    Not,
    /// `-e` on int or bit-vectors (two's complement).
    Neg,
    /// `~e`: bitwise complement of a bit-vector.
    BvNot,
}

/// Binary operators. Infix ones print as their symbol; the signedness-aware
/// bit-vector operations print as builtin calls with their SMT-LIB names
/// (`bvslt(a, b)`), so every operator has exactly one meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    // Boolean connectives.
    Iff,
    Implies,
    Or,
    And,
    // Equality on any type.
    Eq,
    Neq,
    // Integer comparisons.
    Lt,
    Le,
    Gt,
    Ge,
    // Arithmetic on int, or on bit-vectors of one width (modular).
    Add,
    Sub,
    Mul,
    // Integer division and modulus (SMT-LIB `div`/`mod`: Euclidean).
    Div,
    Mod,
    // Bit-vector operations written infix.
    BvAnd,
    BvOr,
    BvXor,
    Shl,
    Concat,
    // Bit-vector operations written as builtin calls (SMT-LIB semantics,
    // e.g. division by zero and shifts by at least the width are defined).
    BvUDiv,
    BvSDiv,
    BvURem,
    BvSRem,
    BvSMod,
    BvLShr,
    BvAShr,
    BvULt,
    BvULe,
    BvUGt,
    BvUGe,
    BvSLt,
    BvSLe,
    BvSGt,
    BvSGe,
}

impl BinaryOp {
    /// Every operator, for generators and tables.
    pub const ALL: [BinaryOp; 35] = [
        BinaryOp::Iff,
        BinaryOp::Implies,
        BinaryOp::Or,
        BinaryOp::And,
        BinaryOp::Eq,
        BinaryOp::Neq,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Mod,
        BinaryOp::BvAnd,
        BinaryOp::BvOr,
        BinaryOp::BvXor,
        BinaryOp::Shl,
        BinaryOp::Concat,
        BinaryOp::BvUDiv,
        BinaryOp::BvSDiv,
        BinaryOp::BvURem,
        BinaryOp::BvSRem,
        BinaryOp::BvSMod,
        BinaryOp::BvLShr,
        BinaryOp::BvAShr,
        BinaryOp::BvULt,
        BinaryOp::BvULe,
        BinaryOp::BvUGt,
        BinaryOp::BvUGe,
        BinaryOp::BvSLt,
        BinaryOp::BvSLe,
        BinaryOp::BvSGt,
        BinaryOp::BvSGe,
    ];

    /// The builtin-call name of an operator written in prefix form, or
    /// `None` for infix operators.
    pub fn builtin_name(self) -> Option<&'static str> {
        use BinaryOp::*;
        Some(match self {
            BvUDiv => "bvudiv",
            BvSDiv => "bvsdiv",
            BvURem => "bvurem",
            BvSRem => "bvsrem",
            BvSMod => "bvsmod",
            BvLShr => "bvlshr",
            BvAShr => "bvashr",
            BvULt => "bvult",
            BvULe => "bvule",
            BvUGt => "bvugt",
            BvUGe => "bvuge",
            BvSLt => "bvslt",
            BvSLe => "bvsle",
            BvSGt => "bvsgt",
            BvSGe => "bvsge",
            _ => return None,
        })
    }

    /// The symbol of an infix operator, or `None` for builtin-call ones.
    pub fn infix_symbol(self) -> Option<&'static str> {
        use BinaryOp::*;
        Some(match self {
            Iff => "<==>",
            Implies => "==>",
            Or => "||",
            And => "&&",
            Eq => "==",
            Neq => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "div",
            Mod => "mod",
            BvAnd => "&",
            BvOr => "|",
            BvXor => "^",
            Shl => "<<",
            Concat => "++",
            _ => return None,
        })
    }

    pub fn from_builtin_name(name: &str) -> Option<BinaryOp> {
        BinaryOp::ALL
            .into_iter()
            .find(|op| op.builtin_name() == Some(name))
    }
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// An expression synthesised by a pass (no source position).
    pub fn synthetic(kind: ExprKind) -> Expr {
        Expr::new(kind, Span::DUMMY)
    }

    pub fn bool(b: bool) -> Expr {
        Expr::synthetic(ExprKind::Bool(b))
    }

    pub fn int(value: u128) -> Expr {
        Expr::synthetic(ExprKind::Int(value))
    }

    pub fn bv(value: u128, width: u32) -> Expr {
        Expr::synthetic(ExprKind::Bv { value, width })
    }

    pub fn var(name: impl Into<String>) -> Expr {
        Expr::synthetic(ExprKind::Var(name.into()))
    }

    pub fn unary(op: UnaryOp, operand: Expr) -> Expr {
        Expr::synthetic(ExprKind::Unary(op, Box::new(operand)))
    }

    pub fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
        Expr::synthetic(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)))
    }

    pub fn and(lhs: Expr, rhs: Expr) -> Expr {
        Expr::binary(BinaryOp::And, lhs, rhs)
    }

    pub fn or(lhs: Expr, rhs: Expr) -> Expr {
        Expr::binary(BinaryOp::Or, lhs, rhs)
    }

    pub fn implies(lhs: Expr, rhs: Expr) -> Expr {
        Expr::binary(BinaryOp::Implies, lhs, rhs)
    }

    pub fn eq(lhs: Expr, rhs: Expr) -> Expr {
        Expr::binary(BinaryOp::Eq, lhs, rhs)
    }

    pub fn ite(cond: Expr, then: Expr, els: Expr) -> Expr {
        Expr::synthetic(ExprKind::Ite(Box::new(cond), Box::new(then), Box::new(els)))
    }

    pub fn select(map: Expr, index: Expr) -> Expr {
        Expr::synthetic(ExprKind::Select(Box::new(map), Box::new(index)))
    }

    pub fn store(map: Expr, index: Expr, value: Expr) -> Expr {
        Expr::synthetic(ExprKind::Store(
            Box::new(map),
            Box::new(index),
            Box::new(value),
        ))
    }

    pub fn apply(function: impl Into<String>, args: Vec<Expr>) -> Expr {
        Expr::synthetic(ExprKind::Apply(function.into(), args))
    }

    pub fn old(inner: Expr) -> Expr {
        Expr::synthetic(ExprKind::Old(Box::new(inner)))
    }
}

/// `!e`: Boolean negation.
impl std::ops::Not for Expr {
    type Output = Expr;

    fn not(self) -> Expr {
        Expr::unary(UnaryOp::Not, self)
    }
}

/// `name: type` in parameter lists, locals and quantifier binders.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypedIdent {
    pub name: Ident,
    pub ty: Type,
}

impl TypedIdent {
    pub fn new(name: impl Into<String>, ty: Type) -> TypedIdent {
        TypedIdent {
            name: Ident::synthetic(name),
            ty,
        }
    }
}

/// The left-hand side of an assignment: `x` or `M[i]` or `M[i][j]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lhs {
    pub name: Ident,
    pub indices: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stmt {
    pub kind: StmtKind,
    /// Attributes follow the keyword (`assert {:a} e;`, `call {:a} P();`,
    /// `havoc {:a} x;`, `assume {:a} e;`) or precede an assignment
    /// (`{:a} x := e;`).
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    /// `x, M[i] := e1, e2;`: all right-hand sides are evaluated first.
    Assign { lhs: Vec<Lhs>, rhs: Vec<Expr> },
    /// `havoc x, y;`
    Havoc(Vec<Ident>),
    /// `assume e;`
    Assume(Expr),
    /// `assert e;`
    Assert(Expr),
    /// `call r1, r2 := P(a, b);` or `call P(a, b);`
    Call {
        callee: Ident,
        args: Vec<Expr>,
        rets: Vec<Ident>,
    },
}

impl Stmt {
    pub fn new(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            attrs: Vec::new(),
            span: Span::DUMMY,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TransferKind {
    /// `goto L1, L2;`: non-deterministic choice among the targets.
    Goto(Vec<Ident>),
    /// `return;`
    Return,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transfer {
    pub kind: TransferKind,
    pub span: Span,
}

/// A labelled basic block: `{:a} L: stmts... goto M;`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    pub label: Ident,
    pub attrs: Vec<Attribute>,
    pub stmts: Vec<Stmt>,
    pub transfer: Transfer,
    pub span: Span,
}

/// A global variable, constant or local variable declaration
/// (`var {:a} x: T;`, `const {:a} c: T;`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variable {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub ty: Type,
    pub span: Span,
}

/// A function parameter: names are optional (`function f(bv32): bool;`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnParam {
    pub name: Option<Ident>,
    pub ty: Type,
}

/// `function {:a} f(x: T, U): R;` (uninterpreted) or
/// `function f(x: T): R { body }` (defined; never recursive).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Function {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub params: Vec<FnParam>,
    pub ret: Type,
    pub body: Option<Expr>,
    pub span: Span,
}

/// `axiom {:a} e;`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Axiom {
    pub attrs: Vec<Attribute>,
    pub expr: Expr,
    pub span: Span,
}

/// A `requires` or `ensures` clause.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub attrs: Vec<Attribute>,
    pub expr: Expr,
    pub span: Span,
}

/// The implementation of a procedure: locals, then blocks (entry first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Body {
    pub locals: Vec<Variable>,
    pub blocks: Vec<Block>,
}

impl Body {
    pub fn block(&self, label: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.label.name == label)
    }
}

/// A procedure with its contract and, unless it is only declared, a body.
/// In-parameters are read-only; out-parameters and locals are assignable;
/// globals are assignable only when listed in `modifies`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Procedure {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub params: Vec<TypedIdent>,
    pub returns: Vec<TypedIdent>,
    pub requires: Vec<Spec>,
    pub modifies: Vec<Ident>,
    pub ensures: Vec<Spec>,
    pub body: Option<Body>,
    pub span: Span,
}

impl Procedure {
    /// A procedure marked `{:kernel}` is a GPU kernel entry point.
    pub fn is_kernel(&self) -> bool {
        has_attr(&self.attrs, crate::kernel::KERNEL_ATTR)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decl {
    Const(Variable),
    Var(Variable),
    Function(Function),
    Axiom(Axiom),
    Procedure(Procedure),
}

impl Decl {
    pub fn span(&self) -> Span {
        match self {
            Decl::Const(v) | Decl::Var(v) => v.span,
            Decl::Function(f) => f.span,
            Decl::Axiom(a) => a.span,
            Decl::Procedure(p) => p.span,
        }
    }
}

/// A whole IVL program: top-level declarations in source order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Program {
    pub decls: Vec<Decl>,
}

impl Program {
    pub fn procedures(&self) -> impl Iterator<Item = &Procedure> {
        self.decls.iter().filter_map(|d| match d {
            Decl::Procedure(p) => Some(p),
            _ => None,
        })
    }

    pub fn procedures_mut(&mut self) -> impl Iterator<Item = &mut Procedure> {
        self.decls.iter_mut().filter_map(|d| match d {
            Decl::Procedure(p) => Some(p),
            _ => None,
        })
    }

    pub fn procedure(&self, name: &str) -> Option<&Procedure> {
        self.procedures().find(|p| p.name.name == name)
    }

    pub fn functions(&self) -> impl Iterator<Item = &Function> {
        self.decls.iter().filter_map(|d| match d {
            Decl::Function(f) => Some(f),
            _ => None,
        })
    }

    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions().find(|f| f.name.name == name)
    }

    pub fn constants(&self) -> impl Iterator<Item = &Variable> {
        self.decls.iter().filter_map(|d| match d {
            Decl::Const(v) => Some(v),
            _ => None,
        })
    }

    pub fn global_vars(&self) -> impl Iterator<Item = &Variable> {
        self.decls.iter().filter_map(|d| match d {
            Decl::Var(v) => Some(v),
            _ => None,
        })
    }

    pub fn axioms(&self) -> impl Iterator<Item = &Axiom> {
        self.decls.iter().filter_map(|d| match d {
            Decl::Axiom(a) => Some(a),
            _ => None,
        })
    }

    /// A program with a `{:kernel}` procedure is in the kernel dialect: the
    /// builtins of [`crate::kernel`] are in scope.
    pub fn is_kernel(&self) -> bool {
        self.procedures().any(Procedure::is_kernel)
    }
}
