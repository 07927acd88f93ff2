//! Name tables: what every name means at top level and inside one
//! procedure or function, and which names an expression position may see.
//!
//! Checks made while the tables are built (each name is reported once, at
//! its declaration):
//! - duplicate top-level names, in three namespaces: variables and
//!   constants share one, functions have one, procedures have one
//!   (`Apply` and `Var` are told apart by syntax, so a function and a
//!   constant may share a name); the first declaration wins;
//! - duplicate parameters, results and locals of one procedure (one
//!   namespace), locals that shadow a parameter or result, duplicate named
//!   parameters of one function; parameters and locals may not shadow globals
//!   or constants;
//! - bit-vector widths of declared types (`1..=MAX_BV_WIDTH`);
//! - in the kernel dialect, declarations that reuse a builtin name.
//!
//! Visibility by [`Position`]: `requires` sees in-parameters and globals;
//! `ensures` also sees results; bodies also see locals; axioms and function
//! bodies see constants, functions and (for function bodies) parameters,
//! never global variables, which are program state.

use super::kernel::reject_builtin_name;
use super::{codes, Diagnostic};
use crate::ast::{Function, Ident, Procedure, Program, Type, TypedIdent, Variable, MAX_BV_WIDTH};
use crate::kernel;
use crate::span::Span;
use std::collections::HashMap;

/// The type of every kernel builtin constant (see [`kernel::builtin_constant_type`]).
static BUILTIN_CONSTANT_TYPE: Type = Type::Bv(32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VarKind {
    GlobalVar,
    Const,
    /// A kernel-dialect builtin constant such as `local_id_x`.
    Builtin,
    InParam,
    OutParam,
    Local,
    FnParam,
}

impl VarKind {
    /// "global variable", for messages.
    pub(crate) fn noun(self) -> &'static str {
        match self {
            VarKind::GlobalVar => "global variable",
            VarKind::Const => "constant",
            VarKind::Builtin => "builtin constant",
            VarKind::InParam => "in-parameter",
            VarKind::OutParam => "out-parameter",
            VarKind::Local => "local variable",
            VarKind::FnParam => "function parameter",
        }
    }

    /// "a global variable", for messages.
    pub(crate) fn describe(self) -> String {
        let noun = self.noun();
        let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {noun}")
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct VarInfo<'p> {
    pub ty: &'p Type,
    pub kind: VarKind,
}

/// What a `call` may name: a user procedure or a kernel builtin.
pub(crate) enum Callee<'p> {
    User(&'p Procedure),
    Builtin(kernel::BuiltinProcedure),
}

impl Callee<'_> {
    pub(crate) fn param_types(&self) -> Vec<&Type> {
        match self {
            Callee::User(p) => p.params.iter().map(|t| &t.ty).collect(),
            Callee::Builtin(b) => b.params.iter().map(|t| &t.ty).collect(),
        }
    }

    pub(crate) fn return_types(&self) -> Vec<&Type> {
        match self {
            Callee::User(p) => p.returns.iter().map(|t| &t.ty).collect(),
            Callee::Builtin(_) => Vec::new(),
        }
    }

    /// Builtin procedures modify nothing the program can name.
    pub(crate) fn modifies(&self) -> &[Ident] {
        match self {
            Callee::User(p) => &p.modifies,
            Callee::Builtin(_) => &[],
        }
    }
}

/// The top-level names of a program.
pub(crate) struct Globals<'p> {
    pub is_kernel: bool,
    pub vars: HashMap<&'p str, VarInfo<'p>>,
    pub functions: HashMap<&'p str, &'p Function>,
    pub procedures: HashMap<&'p str, Callee<'p>>,
}

impl<'p> Globals<'p> {
    /// Builds the tables, reporting duplicates, builtin-name clashes and bad
    /// widths of declared types into `diags`.
    pub(crate) fn build(program: &'p Program, diags: &mut Vec<Diagnostic>) -> Globals<'p> {
        let is_kernel = program.is_kernel();
        let mut globals = Globals {
            is_kernel,
            vars: HashMap::new(),
            functions: HashMap::new(),
            procedures: HashMap::new(),
        };
        if is_kernel {
            for name in kernel::BUILTIN_CONSTANTS {
                let info = VarInfo {
                    ty: &BUILTIN_CONSTANT_TYPE,
                    kind: VarKind::Builtin,
                };
                globals.vars.insert(name, info);
            }
            for builtin in kernel::builtin_functions() {
                globals.functions.insert(&builtin.name.name, builtin);
            }
            for builtin in kernel::builtin_procedures() {
                globals
                    .procedures
                    .insert(builtin.name, Callee::Builtin(builtin));
            }
        }
        for decl in &program.decls {
            match decl {
                crate::ast::Decl::Const(v) => globals.declare_var(v, VarKind::Const, diags),
                crate::ast::Decl::Var(v) => globals.declare_var(v, VarKind::GlobalVar, diags),
                crate::ast::Decl::Function(f) => {
                    if reject_builtin_name(is_kernel, &f.name, diags) {
                        continue;
                    }
                    match globals.functions.get(f.name.name.as_str()) {
                        Some(_) => diags.push(duplicate(&f.name, "a function")),
                        None => {
                            globals.functions.insert(&f.name.name, f);
                        }
                    }
                }
                crate::ast::Decl::Procedure(p) => {
                    if reject_builtin_name(is_kernel, &p.name, diags) {
                        continue;
                    }
                    match globals.procedures.get(p.name.name.as_str()) {
                        Some(_) => diags.push(duplicate(&p.name, "a procedure")),
                        None => {
                            globals.procedures.insert(&p.name.name, Callee::User(p));
                        }
                    }
                }
                crate::ast::Decl::Axiom(_) => {}
            }
        }
        globals
    }

    fn declare_var(&mut self, v: &'p Variable, kind: VarKind, diags: &mut Vec<Diagnostic>) {
        check_type(&v.ty, v.name.span, diags);
        if reject_builtin_name(self.is_kernel, &v.name, diags) {
            return;
        }
        match self.vars.get(v.name.name.as_str()) {
            Some(first) => diags.push(duplicate(&v.name, &first.kind.describe())),
            None => {
                self.vars.insert(&v.name.name, VarInfo { ty: &v.ty, kind });
            }
        }
    }
}

/// The parameters, results and locals of one procedure, or the named
/// parameters of one function.
pub(crate) type Locals<'p> = HashMap<&'p str, VarInfo<'p>>;

/// Builds the local table of a procedure (parameters, results, and the
/// locals of its body), reporting duplicates and shadowing.
pub(crate) fn procedure_locals<'p>(
    globals: &Globals<'p>,
    procedure: &'p Procedure,
    diags: &mut Vec<Diagnostic>,
) -> Locals<'p> {
    let is_kernel = globals.is_kernel;
    let mut locals = Locals::new();
    let mut declare =
        |name: &'p Ident, ty: &'p Type, kind: VarKind, diags: &mut Vec<Diagnostic>| {
            check_type(ty, name.span, diags);
            if reject_builtin_name(is_kernel, name, diags)
                || reject_global_shadowing(globals, name, kind.noun(), diags)
            {
                // Still declare it so that uses do not cascade into more errors.
                locals
                    .entry(name.name.as_str())
                    .or_insert(VarInfo { ty, kind });
                return;
            }
            match locals.get(name.name.as_str()) {
                Some(first) if kind == VarKind::Local && first.kind != VarKind::Local => diags
                    .push(
                        Diagnostic::new(
                            codes::DUPLICATE,
                            format!(
                                "local variable `{name}` shadows {} of `{}`",
                                first.kind.describe(),
                                procedure.name
                            ),
                            name.span,
                        )
                        .with_label("shadows a parameter")
                        .with_help("rename the local variable"),
                    ),
                Some(first) => diags.push(duplicate(name, &first.kind.describe())),
                None => {
                    locals.insert(&name.name, VarInfo { ty, kind });
                }
            }
        };
    let params = procedure.params.iter().map(|p| (p, VarKind::InParam));
    let returns = procedure.returns.iter().map(|p| (p, VarKind::OutParam));
    for (TypedIdent { name, ty }, kind) in params.chain(returns) {
        declare(name, ty, kind, diags);
    }
    if let Some(body) = &procedure.body {
        for local in &body.locals {
            declare(&local.name, &local.ty, VarKind::Local, diags);
        }
    }
    locals
}

/// Reports a parameter, result or local that reuses the name of a global
/// variable or constant. Forbidden so that every later stage can treat a
/// name as one variable per procedure: a shadowed global would be confused
/// with the local when a call havocs the callee's `modifies`.
fn reject_global_shadowing(
    globals: &Globals<'_>,
    name: &Ident,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(global) = globals.vars.get(name.name.as_str()) else {
        return false;
    };
    diags.push(
        Diagnostic::new(
            codes::DUPLICATE,
            format!(
                "{what} `{name}` has the same name as {}",
                global.kind.describe()
            ),
            name.span,
        )
        .with_label("shadows a global name")
        .with_help("give it another name: globals and constants cannot be shadowed"),
    );
    true
}

/// The named parameters of a function.
pub(crate) fn function_locals<'p>(
    globals: &Globals<'p>,
    function: &'p Function,
    diags: &mut Vec<Diagnostic>,
) -> Locals<'p> {
    let is_kernel = globals.is_kernel;
    let mut locals = Locals::new();
    for param in &function.params {
        let span = param.name.as_ref().map_or(function.name.span, |n| n.span);
        check_type(&param.ty, span, diags);
        let Some(name) = &param.name else { continue };
        if reject_builtin_name(is_kernel, name, diags)
            || reject_global_shadowing(globals, name, "parameter", diags)
        {
            continue;
        }
        match locals.get(name.name.as_str()) {
            Some(_) => diags.push(duplicate(name, "a parameter")),
            None => {
                let info = VarInfo {
                    ty: &param.ty,
                    kind: VarKind::FnParam,
                };
                locals.insert(&name.name, info);
            }
        }
    }
    check_type(&function.ret, function.name.span, diags);
    locals
}

/// "duplicate declaration of `x`", reported at the second declaration.
pub(crate) fn duplicate(name: &Ident, first: &str) -> Diagnostic {
    Diagnostic::new(
        codes::DUPLICATE,
        format!("duplicate declaration of `{name}`"),
        name.span,
    )
    .with_label("declared again here")
    .with_help(format!(
        "`{name}` is already declared as {first}; rename one of them"
    ))
}

/// Reports bit-vector widths outside `1..=MAX_BV_WIDTH` in a declared type.
pub(crate) fn check_type(ty: &Type, span: Span, diags: &mut Vec<Diagnostic>) {
    match ty {
        Type::Bool | Type::Int => {}
        Type::Bv(width) => {
            if !(1..=MAX_BV_WIDTH).contains(width) {
                diags.push(width_out_of_range(*width as u128, span));
            }
        }
        Type::Map(domain, range) => {
            check_type(domain, span, diags);
            check_type(range, span, diags);
        }
    }
}

pub(crate) fn width_out_of_range(width: u128, span: Span) -> Diagnostic {
    Diagnostic::new(
        codes::WIDTH,
        format!("bit-vector width out of range: expected 1..={MAX_BV_WIDTH}, found {width}"),
        span,
    )
    .with_label(format!("width {width}"))
}

/// Where an expression occurs; decides which names it sees and whether
/// `old` is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Position {
    Axiom,
    FunctionBody,
    Requires,
    Ensures,
    Body,
    /// [`super::Scope::type_of`]: everything in scope, `old` allowed.
    Query,
}

impl Position {
    pub(crate) fn allows_old(self) -> bool {
        matches!(self, Position::Ensures | Position::Body | Position::Query)
    }

    /// Axioms and function bodies are timeless: no program state.
    pub(crate) fn sees_state(self) -> bool {
        !matches!(self, Position::Axiom | Position::FunctionBody)
    }

    fn sees(self, kind: VarKind) -> bool {
        match kind {
            VarKind::OutParam => {
                matches!(self, Position::Ensures | Position::Body | Position::Query)
            }
            VarKind::Local => matches!(self, Position::Body | Position::Query),
            VarKind::GlobalVar => self.sees_state(),
            _ => true,
        }
    }

    /// "in a precondition", for messages.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Position::Axiom => "in an axiom",
            Position::FunctionBody => "in a function body",
            Position::Requires => "in a precondition",
            Position::Ensures => "in a postcondition",
            Position::Body => "in a procedure body",
            Position::Query => "here",
        }
    }
}

/// What a variable name resolves to at one position.
pub(crate) enum Resolved<'p> {
    Visible(VarInfo<'p>),
    /// Declared, but not visible at this position (a result in `requires`,
    /// a global variable in an axiom).
    Hidden(VarInfo<'p>),
    Unknown,
}

/// The names visible to an expression: globals, one procedure's or
/// function's locals, and the position.
pub(crate) struct Env<'a> {
    pub globals: &'a Globals<'a>,
    pub locals: &'a Locals<'a>,
    pub position: Position,
}

impl<'a> Env<'a> {
    pub(crate) fn resolve(&self, name: &str) -> Resolved<'a> {
        let mut hidden = None;
        for info in [self.locals.get(name), self.globals.vars.get(name)]
            .into_iter()
            .flatten()
        {
            if self.position.sees(info.kind) {
                return Resolved::Visible(*info);
            }
            hidden = hidden.or(Some(*info));
        }
        match hidden {
            Some(info) => Resolved::Hidden(info),
            None => Resolved::Unknown,
        }
    }

    /// The variable names visible here, for suggestions.
    pub(crate) fn visible_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        let locals = self.locals.iter();
        let globals = self.globals.vars.iter();
        locals
            .chain(globals)
            .filter(|(_, info)| self.position.sees(info.kind))
            .map(|(name, _)| *name)
    }
}
