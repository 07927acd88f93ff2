//! The solver crate's errors: one type, stable codes, no panics.

use ivl::Span;
use miette::Diagnostic;

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum SolverError {
    /// A solver binary is not installed (the CLI maps this to exit 9).
    #[error("the SMT solver `{binary}` was not found")]
    #[diagnostic(
        code(solver::config::missing_solver),
        help("install the Debian package `{package}` (apt-get install {package})")
    )]
    SolverMissing {
        binary: String,
        package: &'static str,
    },

    /// A solver binary whose `--version` is older than required, or that
    /// does not say it is that solver (the CLI maps this to exit 9).
    #[error("the SMT solver `{binary}` is {found}, but {expected} is required")]
    #[diagnostic(
        code(solver::config::solver_version),
        help("install the Debian package `{package}` (apt-get install {package})")
    )]
    SolverVersion {
        binary: String,
        package: &'static str,
        expected: String,
        found: String,
    },

    #[error("cannot start the SMT solver `{binary}`: {message}")]
    #[diagnostic(code(solver::config::spawn))]
    Spawn { binary: String, message: String },

    /// The solver process died, closed its output, or printed something
    /// that is not an answer. Never a verdict.
    #[error("the SMT solver {solver} failed: {message}")]
    #[diagnostic(code(solver::backend))]
    Backend { solver: String, message: String },

    /// A query timed out in a way that left the solver unusable.
    /// `budget` says which budget ran out (CPU time or the wall-clock cap).
    #[error("the SMT solver {solver} did not answer within the time limit ({budget})")]
    #[diagnostic(code(solver::timeout))]
    Timeout { solver: String, budget: String },

    /// The message (from `ivl::cfg`) names the procedure and the two
    /// entries of the offending loop.
    #[error("{message}")]
    #[diagnostic(
        code(solver::irreducible),
        help("loops must have a single entry (a header dominating the loop body)")
    )]
    Irreducible {
        procedure: String,
        message: String,
        #[label("a second entry into the loop")]
        span: Span,
    },

    /// The program uses something this crate does not model.
    #[error("unsupported: {message}")]
    #[diagnostic(code(solver::unsupported))]
    Unsupported {
        message: String,
        #[label("here")]
        span: Span,
    },

    /// A program that is not well-formed (names, types, labels): run the
    /// IVL type checker first.
    #[error("ill-formed program: {message}")]
    #[diagnostic(code(solver::ill_formed), help("run `ivl::check` before the solver"))]
    IllFormed {
        message: String,
        #[label("here")]
        span: Span,
    },

    #[error("no procedure named `{0}`")]
    #[diagnostic(code(solver::no_such_procedure))]
    NoSuchProcedure(String),

    #[error("cannot write the SMT-LIB dump to {path}: {message}")]
    #[diagnostic(code(solver::dump))]
    Dump { path: String, message: String },
}

impl SolverError {
    pub fn ill_formed(message: impl Into<String>, span: Span) -> SolverError {
        SolverError::IllFormed {
            message: message.into(),
            span,
        }
    }

    pub fn backend(solver: &str, message: impl Into<String>) -> SolverError {
        SolverError::Backend {
            solver: solver.to_string(),
            message: message.into(),
        }
    }

    /// Whether this is a configuration problem (a missing tool): exit 9.
    pub fn is_configuration(&self) -> bool {
        matches!(
            self,
            SolverError::SolverMissing { .. }
                | SolverError::SolverVersion { .. }
                | SolverError::Spawn { .. }
        )
    }
}

impl From<crate::term::TermError> for SolverError {
    fn from(e: crate::term::TermError) -> SolverError {
        SolverError::ill_formed(e.0, Span::DUMMY)
    }
}
