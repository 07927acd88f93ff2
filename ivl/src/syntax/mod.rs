//! Text to AST: lexer ([`lexer`]), lalrpop grammar (`grammar.lalrpop`),
//! desugaring of structured statements ([`desugar`]), and the error
//! reporting that ties them together.
//!
//! Input: any text. Output: a [`Program`] keeping the syntactic invariants
//! of [`crate::ast`] (non-negative literals, bit-vector literals that fit,
//! widths in `1..=MAX_BV_WIDTH`, bodies as non-empty block lists), or every
//! syntax error found: the lexer turns bad text into error tokens, and the
//! grammar recovers at declaration, spec, local and statement boundaries.
//! Names, types and labels are not resolved here; that is the type
//! checker's job.
//!
//! Nesting is limited to [`MAX_NESTING`] levels (expressions, types,
//! structured statements and brackets) so that no later recursive pass can
//! overflow the stack on hostile input.

mod desugar;
pub(crate) mod lexer;
mod report;

use crate::ast::{
    Attribute, BinaryOp, Body, Decl, Expr, ExprKind, Ident, Procedure, Program, QuantKind, Spec,
    Type, TypedIdent, UnaryOp, Variable, MAX_BV_WIDTH,
};
use crate::diagnostic::Diagnostic;
use crate::span::{SourceFile, Span};
use desugar::{Invariant, SurfaceStmt};
use lalrpop_util::ErrorRecovery;
use lexer::Token;
use std::convert::Infallible;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_qualifications, unused_imports)]
    grammar,
    "/syntax/grammar.rs"
);

/// The deepest nesting of expressions, types, structured statements or
/// brackets the parser accepts.
pub const MAX_NESTING: u32 = 500;

/// The reserved words of the IVL (ivl/README.md, "Lexical structure"):
/// never identifiers. Type names `bv1`, `bv2`, ... are reserved as well.
pub const KEYWORDS: &[&str] = &[
    "axiom",
    "assert",
    "assume",
    "bool",
    "break",
    "call",
    "const",
    "div",
    "else",
    "ensures",
    "exists",
    "false",
    "forall",
    "function",
    "goto",
    "havoc",
    "if",
    "int",
    "invariant",
    "mod",
    "modifies",
    "old",
    "procedure",
    "requires",
    "return",
    "returns",
    "sext",
    "then",
    "true",
    "var",
    "while",
    "zext",
    "bvudiv",
    "bvsdiv",
    "bvurem",
    "bvsrem",
    "bvsmod",
    "bvlshr",
    "bvashr",
    "bvult",
    "bvule",
    "bvugt",
    "bvuge",
    "bvslt",
    "bvsle",
    "bvsgt",
    "bvsge",
];

/// Whether `name` is a valid IVL identifier: the lexer reads it as exactly
/// one identifier token (so it is no keyword and no `bvN` type name).
pub fn is_identifier(name: &str) -> bool {
    let (tokens, errors) = lexer::lex(name);
    errors.is_empty()
        && matches!(tokens.as_slice(), [(0, Token::Ident(_), end)] if *end == name.len())
}

/// Parses an IVL source file, desugaring structured statements into blocks.
/// On failure, returns every syntax error found (the parser recovers at
/// declaration and statement boundaries), in source order.
pub fn parse(file: &SourceFile) -> Result<Program, Vec<Diagnostic>> {
    let text = file.text.as_str();
    if u32::try_from(text.len()).is_err() {
        let span = Span::new(0, 0);
        return Err(vec![Diagnostic::new(
            "ivl::syntax",
            "source file larger than 4 GiB",
            span,
        )]);
    }
    let (tokens, mut diagnostics) = lexer::lex(text);
    if let Some(too_deep) = report::check_bracket_depth(&tokens) {
        diagnostics.push(too_deep);
        return Err(diagnostics);
    }
    let mut ctx = Ctx::default();
    let result = grammar::ProgramParser::new().parse(&mut ctx, tokens.into_iter().map(Ok));
    for recovery in ctx.errors.drain(..) {
        diagnostics.extend(report::syntax_error(recovery.error, text.len()));
    }
    diagnostics.append(&mut ctx.diagnostics);
    match result {
        Ok(decls) if diagnostics.is_empty() => return Ok(Program { decls }),
        Ok(_) => {}
        Err(error) => diagnostics.extend(report::syntax_error(error, text.len())),
    }
    // Spans always compare equal, so duplicates are found by position.
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    diagnostics.dedup_by(|a, b| a.span.start == b.span.start && a.message == b.message);
    Err(diagnostics)
}

/// An expression under construction with its nesting depth.
pub(crate) struct Ex {
    pub expr: Expr,
    pub depth: u32,
}

/// `a, b: T` in declarations, parameter lists and binders.
pub(crate) struct IdsType {
    pub names: Vec<Ident>,
    pub ty: Type,
    /// Where the type ends: each name's span runs from the name to here.
    pub end: usize,
}

pub(crate) enum SpecItem {
    Requires(Spec),
    Modifies(Vec<Ident>),
    Ensures(Spec),
    /// A spec the parser recovered from; already reported.
    Error,
}

/// A top-level item: declarations, or a spec continuing the bodiless
/// procedure before it.
pub(crate) enum TopItem {
    Decls(Vec<Decl>),
    Spec(SpecItem, Span),
}

/// A procedure body as written: locals, then surface statements.
pub(crate) struct BodyParts {
    pub locals: Vec<Variable>,
    pub stmts: Vec<SurfaceStmt>,
    /// The closing brace.
    pub close: Span,
}

/// A procedure declaration as written, before its body is desugared.
pub(crate) struct ProcedureParts {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub params: Vec<IdsType>,
    pub returns: Vec<IdsType>,
    /// Specs before the `;` or body.
    pub specs: Vec<SpecItem>,
    /// The body, if there is one.
    pub body: Option<BodyParts>,
    pub span: Span,
}

/// State shared by the grammar's actions: recovered errors and the
/// diagnostics of checks that do not stop the parse.
#[derive(Default)]
pub(crate) struct Ctx<'input> {
    pub errors: Vec<ErrorRecovery<usize, Token<'input>, Infallible>>,
    pub diagnostics: Vec<Diagnostic>,
    /// The nesting limit is reported once per file.
    too_deep_reported: bool,
}

impl Ctx<'_> {
    fn error(&mut self, message: impl Into<String>, span: Span, label: &str) {
        self.diagnostics
            .push(Diagnostic::new("ivl::syntax", message, span).with_label(label));
    }

    fn too_deep(&mut self, span: Span) {
        if !self.too_deep_reported {
            self.too_deep_reported = true;
            self.error(
                format!("nesting deeper than {MAX_NESTING} levels"),
                span,
                "too deeply nested",
            );
        }
    }

    /// A node of depth `depth`; past the nesting limit, a `false`
    /// placeholder (after reporting) so trees stay shallow.
    fn node(&mut self, kind: ExprKind, depth: u32, l: usize, r: usize) -> Ex {
        let span = Span::new(l, r);
        if depth > MAX_NESTING {
            self.too_deep(span);
            return Ex {
                expr: Expr::new(ExprKind::Bool(false), span),
                depth: 1,
            };
        }
        Ex {
            expr: Expr::new(kind, span),
            depth,
        }
    }

    pub(crate) fn leaf(&mut self, kind: ExprKind, l: usize, r: usize) -> Ex {
        self.node(kind, 1, l, r)
    }

    pub(crate) fn unary(&mut self, op: UnaryOp, operand: Ex, l: usize, r: usize) -> Ex {
        let depth = operand.depth + 1;
        self.node(ExprKind::Unary(op, Box::new(operand.expr)), depth, l, r)
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, lhs: Ex, rhs: Ex, l: usize, r: usize) -> Ex {
        let depth = lhs.depth.max(rhs.depth) + 1;
        let kind = ExprKind::Binary(op, Box::new(lhs.expr), Box::new(rhs.expr));
        self.node(kind, depth, l, r)
    }

    pub(crate) fn ite(&mut self, cond: Ex, then: Ex, els: Ex, l: usize, r: usize) -> Ex {
        let depth = cond.depth.max(then.depth).max(els.depth) + 1;
        let kind = ExprKind::Ite(Box::new(cond.expr), Box::new(then.expr), Box::new(els.expr));
        self.node(kind, depth, l, r)
    }

    pub(crate) fn select(&mut self, map: Ex, index: Ex, l: usize, r: usize) -> Ex {
        let depth = map.depth.max(index.depth) + 1;
        let kind = ExprKind::Select(Box::new(map.expr), Box::new(index.expr));
        self.node(kind, depth, l, r)
    }

    pub(crate) fn store(&mut self, map: Ex, index: Ex, value: Ex, l: usize, r: usize) -> Ex {
        let depth = map.depth.max(index.depth).max(value.depth) + 1;
        let kind = ExprKind::Store(
            Box::new(map.expr),
            Box::new(index.expr),
            Box::new(value.expr),
        );
        self.node(kind, depth, l, r)
    }

    pub(crate) fn old(&mut self, inner: Ex, l: usize, r: usize) -> Ex {
        let depth = inner.depth + 1;
        self.node(ExprKind::Old(Box::new(inner.expr)), depth, l, r)
    }

    pub(crate) fn apply(&mut self, name: &str, args: Vec<Ex>, l: usize, r: usize) -> Ex {
        let depth = args.iter().map(|a| a.depth).max().unwrap_or(0) + 1;
        let args = args.into_iter().map(|a| a.expr).collect();
        self.node(ExprKind::Apply(name.to_owned(), args), depth, l, r)
    }

    pub(crate) fn extract(
        &mut self,
        bits: Ex,
        hi: (&str, usize, usize),
        lo: (&str, usize, usize),
        l: usize,
        r: usize,
    ) -> Ex {
        let hi = self.small_number(hi, "bit index");
        let lo = self.small_number(lo, "bit index");
        let depth = bits.depth + 1;
        let kind = ExprKind::Extract {
            expr: Box::new(bits.expr),
            hi,
            lo,
        };
        self.node(kind, depth, l, r)
    }

    pub(crate) fn extend(
        &mut self,
        signed: bool,
        inner: Ex,
        width: (&str, usize, usize),
        l: usize,
        r: usize,
    ) -> Ex {
        let width = self.small_number(width, "width");
        let depth = inner.depth + 1;
        let kind = ExprKind::Extend {
            signed,
            width,
            expr: Box::new(inner.expr),
        };
        self.node(kind, depth, l, r)
    }

    pub(crate) fn quantifier(
        &mut self,
        kind: QuantKind,
        groups: Vec<IdsType>,
        body: Ex,
        l: usize,
        r: usize,
    ) -> Ex {
        let depth = body.depth + 1;
        let vars = typed_idents(groups);
        let kind = ExprKind::Quantifier {
            kind,
            vars,
            body: Box::new(body.expr),
        };
        self.node(kind, depth, l, r)
    }

    /// A decimal literal of type `int`: any value up to `u128::MAX`.
    pub(crate) fn int_literal(&mut self, digits: &str, l: usize, r: usize) -> Ex {
        let value = match digits.parse::<u128>() {
            Ok(value) => value,
            Err(_) => {
                let span = Span::new(l, r);
                self.error(
                    "integer literal too large (the maximum is 2^128 - 1)",
                    span,
                    "does not fit in 128 bits",
                );
                0
            }
        };
        self.leaf(ExprKind::Int(value), l, r)
    }

    /// `<value>bv<width>`: the width must be in `1..=MAX_BV_WIDTH` and the
    /// value must fit in it.
    pub(crate) fn bv_literal(&mut self, text: &str, l: usize, r: usize) -> Ex {
        let span = Span::new(l, r);
        let (digits, width_digits) = text.split_once("bv").unwrap_or((text, ""));
        let width = self.width(width_digits, span);
        let value = match digits.parse::<u128>() {
            Ok(value) if width >= 128 || value >> width == 0 => value,
            _ => {
                self.error(
                    format!("bit-vector literal `{text}` does not fit in {width} bits"),
                    span,
                    "value too large for its width",
                );
                0
            }
        };
        self.leaf(ExprKind::Bv { value, width }, l, r)
    }

    /// `bv<width>` as a type.
    pub(crate) fn bv_type(&mut self, name: &str, l: usize, r: usize) -> Type {
        let digits = name.strip_prefix("bv").unwrap_or(name);
        Type::Bv(self.width(digits, Span::new(l, r)))
    }

    /// A bit-vector width in `1..=MAX_BV_WIDTH`; after an error, 1.
    fn width(&mut self, digits: &str, span: Span) -> u32 {
        match digits.parse::<u32>() {
            Ok(width) if (1..=MAX_BV_WIDTH).contains(&width) => width,
            _ => {
                self.error(
                    format!("bit-vector width `{digits}` is not in 1..={MAX_BV_WIDTH}"),
                    span,
                    "invalid width",
                );
                1
            }
        }
    }

    /// An extraction index or extension width: a decimal that fits in `u32`
    /// (its range is the type checker's business).
    fn small_number(&mut self, (digits, l, r): (&str, usize, usize), what: &str) -> u32 {
        digits.parse::<u32>().unwrap_or_else(|_| {
            self.error(
                format!("{what} `{digits}` is too large"),
                Span::new(l, r),
                "too large",
            );
            0
        })
    }

    pub(crate) fn map_type(
        &mut self,
        domain: (Type, u32),
        range: (Type, u32),
        l: usize,
        r: usize,
    ) -> (Type, u32) {
        let depth = domain.1.max(range.1) + 1;
        if depth > MAX_NESTING {
            self.too_deep(Span::new(l, r));
            return (Type::Bool, 1);
        }
        (Type::map(domain.0, range.0), depth)
    }

    /// One [`Variable`] per name, each with the declaration's attributes.
    pub(crate) fn variables(
        &mut self,
        attrs: Vec<Attribute>,
        groups: Vec<IdsType>,
    ) -> Vec<Variable> {
        let mut variables = Vec::new();
        for group in groups {
            for name in group.names {
                let span = Span::new(name.span.start as usize, group.end);
                variables.push(Variable {
                    attrs: attrs.clone(),
                    name,
                    ty: group.ty.clone(),
                    span,
                });
            }
        }
        variables
    }

    pub(crate) fn spec(&mut self, attrs: Vec<Attribute>, expr: Ex, l: usize, r: usize) -> Spec {
        Spec {
            attrs,
            expr: expr.expr,
            span: Span::new(l, r),
        }
    }

    pub(crate) fn procedure(&mut self, parts: ProcedureParts) -> Procedure {
        let mut procedure = Procedure {
            attrs: parts.attrs,
            name: parts.name,
            params: typed_idents(parts.params),
            returns: typed_idents(parts.returns),
            requires: Vec::new(),
            modifies: Vec::new(),
            ensures: Vec::new(),
            body: None,
            span: parts.span,
        };
        for spec in parts.specs {
            add_spec(&mut procedure, spec);
        }
        procedure.body = parts.body.map(|body| Body {
            locals: body.locals,
            blocks: desugar::desugar(body.stmts, body.close, &mut self.diagnostics),
        });
        procedure
    }

    /// The declarations of a program, with each top-level spec attached to
    /// the bodiless procedure it follows.
    pub(crate) fn program(&mut self, items: Vec<TopItem>) -> Vec<Decl> {
        let mut decls: Vec<Decl> = Vec::new();
        // Whether the last item may take Boogie-style specs.
        let mut open_procedure = false;
        for item in items {
            match item {
                TopItem::Decls(new_decls) => {
                    open_procedure = matches!(
                        new_decls.as_slice(),
                        [Decl::Procedure(Procedure { body: None, .. })]
                    );
                    decls.extend(new_decls);
                }
                TopItem::Spec(spec, span) => match decls.last_mut() {
                    Some(Decl::Procedure(procedure)) if open_procedure => {
                        procedure.span = procedure.span.to(span);
                        add_spec(procedure, spec);
                    }
                    _ => self.error(
                        "a spec outside a procedure declaration",
                        span,
                        "specs follow a procedure's signature",
                    ),
                },
            }
        }
        decls
    }

    /// The nesting depth of a structured statement over `bodies`; past the
    /// limit the bodies are emptied (after reporting).
    fn nest(&mut self, bodies: &mut [&mut Vec<SurfaceStmt>], span: Span) -> u32 {
        let inner = bodies
            .iter()
            .flat_map(|body| body.iter())
            .map(SurfaceStmt::depth)
            .max()
            .unwrap_or(0);
        if inner + 1 > MAX_NESTING {
            self.too_deep(span);
            for body in bodies.iter_mut() {
                body.clear();
            }
            return 1;
        }
        inner + 1
    }

    pub(crate) fn while_stmt(
        &mut self,
        keyword: Span,
        guard: Option<Expr>,
        invariants: Vec<Invariant>,
        (mut body, close): (Vec<SurfaceStmt>, Span),
    ) -> SurfaceStmt {
        let depth = self.nest(&mut [&mut body], keyword);
        SurfaceStmt::While {
            keyword,
            guard,
            invariants,
            body,
            close,
            depth,
        }
    }

    pub(crate) fn if_stmt(
        &mut self,
        keyword: Span,
        guard: Option<Expr>,
        (mut then_branch, then_close): (Vec<SurfaceStmt>, Span),
        else_branch: Option<(Vec<SurfaceStmt>, Span)>,
    ) -> SurfaceStmt {
        let (mut else_stmts, else_close) = match else_branch {
            Some((stmts, close)) => (Some(stmts), close),
            None => (None, Span::DUMMY),
        };
        let depth = match &mut else_stmts {
            Some(else_stmts) => self.nest(&mut [&mut then_branch, else_stmts], keyword),
            None => self.nest(&mut [&mut then_branch], keyword),
        };
        SurfaceStmt::If {
            keyword,
            guard,
            then_branch,
            then_close,
            else_branch: else_stmts.map(|stmts| (stmts, else_close)),
            depth,
        }
    }
}

fn add_spec(procedure: &mut Procedure, spec: SpecItem) {
    match spec {
        SpecItem::Requires(spec) => procedure.requires.push(spec),
        SpecItem::Modifies(names) => procedure.modifies.extend(names),
        SpecItem::Ensures(spec) => procedure.ensures.push(spec),
        SpecItem::Error => {}
    }
}

fn typed_idents(groups: Vec<IdsType>) -> Vec<TypedIdent> {
    groups
        .into_iter()
        .flat_map(|group| {
            let ty = group.ty;
            group.names.into_iter().map(move |name| TypedIdent {
                name,
                ty: ty.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod error_tests;
#[cfg(test)]
mod tests;
