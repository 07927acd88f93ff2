//! Name resolution and type checking.
//!
//! [`check`] reports every error of a program in one run, sorted by
//! position; it never stops at the first error and never panics. An
//! ill-typed subexpression gets an error type that is compatible with
//! everything, so one mistake yields one diagnostic.
//!
//! What is checked, by module:
//! - [`env`]: top-level and local name tables, duplicate declarations
//!   (namespaces: variables+constants, functions, procedures; parameters,
//!   results and locals of a procedure share one), locals shadowing
//!   parameters, widths of declared types, which names each position sees;
//! - [`expr`]: every expression form against the operand table of
//!   ivl/README.md, names, widths, extractions, function arity, `old`;
//! - [`procedure`]: contracts, `modifies`, labels and statements;
//! - [`function`]: function bodies, axioms, recursion among functions;
//! - [`kernel`]: the kernel dialect's builtin names and memory spaces.
//!
//! Scoping decisions beyond the README: parameters and locals may not shadow
//! globals or constants (a shadowed global would be confused with the local
//! when a call havocs the callee's `modifies`); quantifier-bound
//! variables may shadow anything; `requires` does not see results and
//! contracts do not see locals; axioms and function bodies may not read
//! global variables (they have no state), only constants, functions and
//! function parameters.
//!
//! Deliberately not checked: attribute arguments (never type-checked, as
//! the README says), reachability of blocks, whether `{:atomic}`
//! statements are read-modify-writes, writes to `{:constant}` memory.

mod env;
mod expr;
mod function;
mod kernel;
mod procedure;
mod render;
#[cfg(test)]
mod tests;

use crate::ast::{Expr, Procedure, Program, Type};
use crate::diagnostic::Diagnostic;
use env::{procedure_locals, Env, Globals, Locals, Position};

/// The stable codes of the diagnostics [`check`] reports.
pub mod codes {
    /// An unknown variable, constant, function, procedure or global in
    /// `modifies`, or a name not visible at its position.
    pub const UNKNOWN_NAME: &str = "ivl::unknown_name";
    /// A name declared twice in one namespace, a local shadowing a
    /// parameter, a target named twice in one assignment/havoc/call, a
    /// global listed twice in `modifies`.
    pub const DUPLICATE: &str = "ivl::duplicate";
    pub const TYPE_MISMATCH: &str = "ivl::type_mismatch";
    /// Wrong number of arguments, results, or assignment values.
    pub const ARITY: &str = "ivl::arity";
    /// Assignment or havoc of a constant, in-parameter, builtin or function.
    pub const NOT_ASSIGNABLE: &str = "ivl::not_assignable";
    /// A global changed but not in `modifies`, a callee that modifies more
    /// than its caller may, a non-global in `modifies`.
    pub const MODIFIES: &str = "ivl::modifies";
    /// `old` in a precondition, axiom or function body.
    pub const OLD: &str = "ivl::old";
    /// A global variable read by an axiom or a function body.
    pub const STATE: &str = "ivl::state";
    /// Bit-vector widths, literals, extractions, extensions, concatenation.
    pub const WIDTH: &str = "ivl::width";
    /// A duplicate label or an unknown `goto` target.
    pub const LABEL: &str = "ivl::label";
    /// A recursive (directly or mutually) defined function.
    pub const RECURSION: &str = "ivl::recursion";
    /// A redeclared kernel builtin or a misused memory-space attribute.
    pub const KERNEL: &str = "ivl::kernel";
}

/// Checks a whole program; returns every error found (empty when well-typed).
pub fn check(program: &Program) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let globals = Globals::build(program, &mut diags);
    if globals.is_kernel {
        kernel::check_memory_spaces(program, &mut diags);
    }
    function::check_functions_and_axioms(program, &globals, &mut diags);
    for procedure in program.procedures() {
        procedure::check_procedure(&globals, procedure, &mut diags);
    }
    // Stable: diagnostics at one position keep the order they were found in.
    diags.sort_by_key(|d| (d.span.start, d.span.end));
    diags
}

/// The types of the names visible at top level or inside one procedure
/// (globals, constants, kernel builtins when the program is a kernel,
/// parameters, returns, locals), for later stages that need the type of an
/// expression of a program that already type-checks.
pub struct Scope<'p> {
    globals: Globals<'p>,
    locals: Locals<'p>,
}

impl<'p> Scope<'p> {
    /// Globals, constants and (in the kernel dialect) builtins.
    pub fn global(program: &'p Program) -> Scope<'p> {
        Scope {
            globals: Globals::build(program, &mut Vec::new()),
            locals: Locals::new(),
        }
    }

    /// The global scope plus the procedure's parameters, returns and locals.
    pub fn procedure(program: &'p Program, procedure: &'p Procedure) -> Scope<'p> {
        let globals = Globals::build(program, &mut Vec::new());
        let locals = procedure_locals(&globals, procedure, &mut Vec::new());
        Scope { globals, locals }
    }

    /// The declared type of a variable, constant, parameter or local.
    pub fn var_type(&self, name: &str) -> Option<&Type> {
        self.locals
            .get(name)
            .or_else(|| self.globals.vars.get(name))
            .map(|info| info.ty)
    }

    /// The type of an expression, or `None` if it is ill-typed in this scope
    /// (bound variables of quantifiers inside `expr` are handled).
    pub fn type_of(&self, expr: &Expr) -> Option<Type> {
        let mut diags = Vec::new();
        let env = Env {
            globals: &self.globals,
            locals: &self.locals,
            position: Position::Query,
        };
        let ty = expr::Infer::new(&env, &mut diags).infer(expr);
        if diags.is_empty() {
            ty
        } else {
            None
        }
    }
}
