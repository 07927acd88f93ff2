//! Name resolution and type checking. (Being written.)

use crate::ast::{Expr, Procedure, Program, Type};
use crate::diagnostic::Diagnostic;

/// Checks a whole program; returns every error found (empty when well-typed).
pub fn check(program: &Program) -> Vec<Diagnostic> {
    let _ = program;
    todo!("type checker")
}

/// The types of the names visible at top level or inside one procedure
/// (globals, constants, kernel builtins when the program is a kernel,
/// parameters, returns, locals), for later stages that need the type of an
/// expression of a program that already type-checks.
pub struct Scope<'p> {
    _program: &'p Program,
}

impl<'p> Scope<'p> {
    /// Globals, constants and (in the kernel dialect) builtins.
    pub fn global(program: &'p Program) -> Scope<'p> {
        Scope { _program: program }
    }

    /// The global scope plus the procedure's parameters, returns and locals.
    pub fn procedure(program: &'p Program, procedure: &'p Procedure) -> Scope<'p> {
        let _ = procedure;
        Scope { _program: program }
    }

    /// The declared type of a variable, constant, parameter or local.
    pub fn var_type(&self, name: &str) -> Option<&Type> {
        let _ = name;
        todo!("type checker")
    }

    /// The type of an expression, or `None` if it is ill-typed in this scope
    /// (bound variables of quantifiers inside `expr` are handled).
    pub fn type_of(&self, expr: &Expr) -> Option<Type> {
        let _ = expr;
        todo!("type checker")
    }
}
