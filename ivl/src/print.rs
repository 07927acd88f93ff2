//! AST to text. (Being written.)

use crate::ast::Program;

/// Prints a program in canonical form; `parse(print(p)) == p`.
pub fn print(program: &Program) -> String {
    let _ = program;
    todo!("printer")
}
