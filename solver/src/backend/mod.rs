//! SMT back-ends behind one trait.
//!
//! A [`Session`] is one incremental solver context: terms of one
//! [`TermStore`] are asserted once and checked any number of times under
//! different assumption literals, and models are read after `sat`. Every
//! back-end answers the same questions the same way; [`open`] picks one from
//! a [`Config`]. Guarantees: an answer is `Unsat` only when the solver said
//! `unsat`; crashes, garbled output and end of file are errors, and timeouts
//! are `Unknown` (or errors when the solver has to be abandoned).
//! Deliberately does not: build VCs, or interpret models beyond scalar values.

mod pipe_write;
pub mod portfolio;
pub mod process;
pub mod z3;
mod z3_watchdog;

use crate::config::{BackendKind, Config};
use crate::error::SolverError;
use crate::logic::Logic;
use crate::smtlib::{Dialect, Emitter, Lit};
use crate::term::{TermId, TermStore};
use crate::value::Value;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The answer to one satisfiability check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    Sat,
    Unsat,
    /// With the solver's reason (`timeout`, `incomplete`, ...).
    Unknown(String),
}

/// The reason for `unknown`, with every solver's way of saying that the
/// budget ran out spelled `timeout`.
pub(crate) fn unknown_reason(reason: &str) -> String {
    let r = reason.trim().trim_matches('"');
    if r.contains("cancel") || r.contains("timeout") || r.contains("resourceout") {
        "timeout".to_string()
    } else {
        r.to_string()
    }
}

/// One incremental solver context over the terms of one store. The same
/// store must be passed to every call (sessions cache translations by id).
pub trait Session {
    /// A short name for messages: `z3`, `z3-smtlib`, `cvc5`.
    fn name(&self) -> &str;
    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError>;
    fn push(&mut self) -> Result<(), SolverError>;
    fn pop(&mut self) -> Result<(), SolverError>;
    /// Checks the assertions together with `assumptions` (each a Boolean
    /// constant or its negation).
    fn check(&mut self, store: &TermStore, assumptions: &[Lit]) -> Result<SatResult, SolverError>;
    /// Makes the solver know `terms` (declarations, definitions) before the
    /// next check, so reading their values later needs no new declaration
    /// (cvc5 forgets its model when symbols are declared after a check).
    fn prepare(&mut self, store: &TermStore, terms: &[TermId]) -> Result<(), SolverError> {
        let _ = (store, terms);
        Ok(())
    }
    /// Values of scalar (Bool, Int, bit-vector) terms in the model of the
    /// last check, which must have answered `Sat`.
    fn values(&mut self, store: &TermStore, terms: &[TermId]) -> Result<Vec<Value>, SolverError>;
    /// Changes the time limit of the next checks (`None`: none); the
    /// session's own limit until called.
    fn set_timeout(&mut self, timeout: Option<std::time::Duration>);
}

/// Where SMT-LIB dumps go: shared by every session of one run.
pub type DumpSink = Arc<Mutex<Box<dyn Write + Send>>>;

/// Opens a session of the configured back-end (and a transcript of it when
/// a dump sink is given), declaring `logic` (see [`crate::logic`]).
pub fn open(
    config: &Config,
    dump: Option<DumpSink>,
    logic: Logic,
) -> Result<Box<dyn Session>, SolverError> {
    let timeout_ms = config.timeout.map(|t| t.as_millis().max(1) as u64);
    let session: Box<dyn Session> = match config.backend {
        BackendKind::Portfolio => Box::new(portfolio::PortfolioSession::new(
            config.timeout,
            logic,
            config.solver_binary.clone(),
        )),
        BackendKind::Z3 => Box::new(z3::Z3Session::new(timeout_ms, logic)),
        BackendKind::Z3SmtLib => Box::new(process::ProcessSession::spawn(
            process::SolverProgram::z3(config.solver_binary.clone()),
            config.timeout,
            logic,
        )?),
        BackendKind::Cvc5 => Box::new(process::ProcessSession::spawn(
            process::SolverProgram::cvc5(config.solver_binary.clone()),
            config.timeout,
            logic,
        )?),
    };
    match dump {
        None => Ok(session),
        Some(sink) => {
            let dialect = match config.backend {
                BackendKind::Cvc5 => Dialect::Cvc5,
                _ => Dialect::Z3,
            };
            let mut d = Dumping {
                inner: session,
                emitter: Emitter::new(),
                sink,
            };
            let mut text = String::from("(reset)\n");
            text.push_str(&crate::smtlib::header(dialect, timeout_ms, logic));
            d.write(&text)?;
            Ok(Box::new(d))
        }
    }
}

/// A session that also writes every command, as SMT-LIB, to a sink, so the
/// queries can be replayed with `z3 FILE` or `cvc5 FILE`.
struct Dumping {
    inner: Box<dyn Session>,
    emitter: Emitter,
    sink: DumpSink,
}

impl Dumping {
    fn write(&mut self, text: &str) -> Result<(), SolverError> {
        let mut sink = self.sink.lock().map_err(|_| SolverError::Dump {
            path: "<dump>".into(),
            message: "a writer panicked".into(),
        })?;
        sink.write_all(text.as_bytes())
            .and_then(|_| sink.flush())
            .map_err(|e| SolverError::Dump {
                path: "<dump>".into(),
                message: e.to_string(),
            })
    }
}

impl Session for Dumping {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn set_timeout(&mut self, timeout: Option<std::time::Duration>) {
        self.inner.set_timeout(timeout)
    }

    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.assert(store, t, &mut text);
        self.write(&text)?;
        self.inner.assert(store, t)
    }

    fn push(&mut self) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.push(&mut text);
        self.write(&text)?;
        self.inner.push()
    }

    fn pop(&mut self) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.pop(&mut text);
        self.write(&text)?;
        self.inner.pop()
    }

    fn check(&mut self, store: &TermStore, assumptions: &[Lit]) -> Result<SatResult, SolverError> {
        let mut text = String::new();
        self.emitter
            .check_sat_assuming(store, assumptions, &mut text);
        self.write(&text)?;
        let r = self.inner.check(store, assumptions);
        let note = match &r {
            Ok(SatResult::Sat) => "; answer: sat\n".to_string(),
            Ok(SatResult::Unsat) => "; answer: unsat\n".to_string(),
            Ok(SatResult::Unknown(why)) => format!("; answer: unknown ({why})\n"),
            Err(e) => format!("; error: {}\n", e.to_string().replace('\n', " ")),
        };
        self.write(&note)?;
        r
    }

    fn prepare(&mut self, store: &TermStore, terms: &[TermId]) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.prepare(store, terms, &mut text);
        self.write(&text)?;
        self.inner.prepare(store, terms)
    }

    fn values(&mut self, store: &TermStore, terms: &[TermId]) -> Result<Vec<Value>, SolverError> {
        let mut text = String::new();
        self.emitter.get_value(store, terms, &mut text);
        self.write(&text)?;
        self.inner.values(store, terms)
    }
}
