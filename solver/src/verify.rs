//! The driver: orders the passes for each procedure and collects reports.
//!
//! cut loops → passify → VC → solver session → failures. Consumes a
//! well-formed sequential program (run `ivl::check` first); produces one
//! [`ProcedureReport`] per procedure with a body. Procedures without a body
//! are only specified (their contracts are used at calls). Errors that
//! concern one procedure (irreducible flow, a solver crash) are recorded in
//! its report; configuration errors (a missing solver) abort the run.
//! Deliberately does not: print, time out the whole run, or parallelise.

use crate::backend::DumpSink;
use crate::config::Config;
use crate::error::SolverError;
use crate::passify::passify;
use crate::report::{Outcome, ProcedureReport, ProgramReport};
use crate::session::{Assumptions, VcSession};
use crate::vc::Vc;
use ivl::ast::{Procedure, Program};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The VC of one procedure (loops cut, passified).
pub fn build_vc(program: &Program, procedure: &Procedure) -> Result<Vc, SolverError> {
    Vc::generate(passify(program, procedure)?)
}

/// The dump sink a configuration asks for, if any (the file is created
/// afresh).
pub fn open_dump(config: &Config) -> Result<Option<DumpSink>, SolverError> {
    if let Some(w) = &config.dump_writer {
        return Ok(Some(w.clone()));
    }
    let Some(path) = &config.dump_smt2 else {
        return Ok(None);
    };
    let file = std::fs::File::create(path).map_err(|e| SolverError::Dump {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    let writer: Box<dyn std::io::Write + Send> = Box::new(std::io::BufWriter::new(file));
    Ok(Some(Arc::new(Mutex::new(writer))))
}

/// Opens an incremental session on one procedure's VC (for Houdini and
/// other callers that query one VC many times).
pub fn open_session(
    program: &Program,
    procedure: &str,
    config: &Config,
    dump: Option<DumpSink>,
) -> Result<VcSession, SolverError> {
    let proc = program
        .procedure(procedure)
        .ok_or_else(|| SolverError::NoSuchProcedure(procedure.to_string()))?;
    VcSession::open(build_vc(program, proc)?, config, dump)
}

/// Verifies every procedure that has a body.
pub fn verify_program(program: &Program, config: &Config) -> Result<ProgramReport, SolverError> {
    let dump = open_dump(config)?;
    let mut report = ProgramReport::default();
    for proc in program.procedures().filter(|p| p.body.is_some()) {
        let r = verify_one(program, proc, config, dump.clone());
        if let Outcome::Error(e) = r.outcome {
            if e.is_configuration() {
                return Err(e);
            }
            report.procedures.push(ProcedureReport {
                outcome: Outcome::Error(e),
                ..r
            });
        } else {
            report.procedures.push(r);
        }
    }
    Ok(report)
}

/// Verifies one procedure by name.
pub fn verify_procedure(
    program: &Program,
    procedure: &str,
    config: &Config,
) -> Result<ProcedureReport, SolverError> {
    let proc = program
        .procedure(procedure)
        .ok_or_else(|| SolverError::NoSuchProcedure(procedure.to_string()))?;
    let r = verify_one(program, proc, config, open_dump(config)?);
    match r.outcome {
        Outcome::Error(e) if e.is_configuration() => Err(e),
        _ => Ok(r),
    }
}

fn verify_one(
    program: &Program,
    proc: &Procedure,
    config: &Config,
    dump: Option<DumpSink>,
) -> ProcedureReport {
    let start = Instant::now();
    let mut checks = 0;
    let mut stages = Vec::new();
    let outcome = (|| -> Result<Outcome, SolverError> {
        let vc = build_vc(program, proc)?;
        stages.push((crate::report::Stage::Vc, start.elapsed()));
        checks = vc.checks().len();
        if checks == 0 {
            return Ok(Outcome::Verified);
        }
        let solve = Instant::now();
        let mut session = VcSession::open(vc, config, dump)?;
        let found = session.find_failures(&Assumptions::default(), config.max_failures.max(1));
        stages.push((crate::report::Stage::Solve, solve.elapsed()));
        let (failures, unknown) = found?;
        Ok(match (failures.is_empty(), unknown) {
            (_, Some(reason)) => Outcome::Unknown { reason, failures },
            (true, None) => Outcome::Verified,
            (false, None) => Outcome::Failed(failures),
        })
    })()
    .unwrap_or_else(Outcome::Error);
    ProcedureReport {
        procedure: proc.name.name.clone(),
        outcome,
        checks,
        time: start.elapsed(),
        stages,
    }
}
