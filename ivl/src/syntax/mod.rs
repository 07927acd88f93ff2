//! Text to AST. (Being written: lexer, lalrpop grammar, desugaring.)

use crate::ast::Program;
use crate::diagnostic::Diagnostic;
use crate::span::SourceFile;

/// Parses an IVL source file, desugaring structured statements into blocks.
/// On failure, returns every syntax error found (the parser recovers at
/// declaration and statement boundaries).
pub fn parse(file: &SourceFile) -> Result<Program, Vec<Diagnostic>> {
    let _ = file;
    todo!("parser")
}
