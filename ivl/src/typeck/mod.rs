//! Name resolution and type checking. (Being written.)

use crate::ast::Program;
use crate::diagnostic::Diagnostic;

/// Checks a whole program; returns every error found (empty when well-typed).
pub fn check(program: &Program) -> Vec<Diagnostic> {
    let _ = program;
    todo!("type checker")
}
