//! Inlining lives in the IVL crate ([`ivl::inline`]), so that the transform
//! can inline device functions without depending on the solver. This module
//! keeps the solver's entry point: the same pass, with its errors as
//! [`SolverError`]s.

use crate::error::SolverError;
use ivl::inline::InlineError;
use ivl::Program;

/// Inlines every call to a procedure with a body, transitively (see
/// [`ivl::inline::inline`]).
pub fn inline(program: &Program) -> Result<Program, SolverError> {
    ivl::inline::inline(program).map_err(SolverError::from)
}

impl From<InlineError> for SolverError {
    fn from(e: InlineError) -> SolverError {
        match e {
            InlineError::Recursion { cycle } => SolverError::Recursion { cycle },
            InlineError::IllFormed { message, span } => SolverError::ill_formed(message, span),
        }
    }
}
