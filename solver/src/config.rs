//! Solver configuration: one struct instead of flags scattered over calls.

use crate::backend::DumpSink;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// Which SMT solver answers the queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BackendKind {
    /// z3 in-process and cvc5 as a child process racing on every check
    /// (the first conclusive answer wins); the default.
    #[default]
    Portfolio,
    /// Z3 in-process (libz3).
    Z3,
    /// `z3 -in -smt2` as a child process.
    Z3SmtLib,
    /// `cvc5 --incremental` as a child process.
    Cvc5,
}

impl BackendKind {
    pub const ALL: [BackendKind; 4] = [
        BackendKind::Portfolio,
        BackendKind::Z3,
        BackendKind::Z3SmtLib,
        BackendKind::Cvc5,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portfolio => "portfolio",
            BackendKind::Z3 => "z3",
            BackendKind::Z3SmtLib => "z3-smtlib",
            BackendKind::Cvc5 => "cvc5",
        }
    }
}

#[derive(Clone)]
pub struct Config {
    pub backend: BackendKind,
    /// Budget of each query; an exhausted budget is `unknown`, never verified.
    pub timeout: Option<Duration>,
    /// Writes every query as SMT-LIB2 to this file (replayable with
    /// `z3 FILE` or, for the cvc5 back-end, `cvc5 FILE`).
    pub dump_smt2: Option<PathBuf>,
    /// Like `dump_smt2`, to a caller-supplied writer (takes precedence).
    pub dump_writer: Option<DumpSink>,
    /// The solver binary for process back-ends (default: `z3` / `cvc5` on
    /// the search path).
    pub solver_binary: Option<PathBuf>,
    /// At most this many failing checks are reported per procedure.
    pub max_failures: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            backend: BackendKind::Portfolio,
            timeout: Some(Duration::from_secs(60)),
            dump_smt2: None,
            dump_writer: None,
            solver_binary: None,
            max_failures: 20,
        }
    }
}

impl Config {
    pub fn with_backend(backend: BackendKind) -> Config {
        Config {
            backend,
            ..Config::default()
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("backend", &self.backend)
            .field("timeout", &self.timeout)
            .field("dump_smt2", &self.dump_smt2)
            .field(
                "dump_writer",
                &self.dump_writer.as_ref().map(|_| "<writer>"),
            )
            .field("solver_binary", &self.solver_binary)
            .field("max_failures", &self.max_failures)
            .finish()
    }
}
