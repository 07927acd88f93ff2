//! Whether a proof needed the row-major no-wrap assumption.
//!
//! Consumes a kernel that verified with row-major assumptions inserted
//! (`transform::row_major`) and the program before that insertion.
//! Guarantees: [`proves_without`] returns `true` only if the whole
//! pipeline (two-thread transform, inference, final proof) verifies the
//! kernel *without* the assumption, under a small budget; then the report
//! may omit the assumption, since a proof exists that does not rest on it.
//! Any other answer (a failure, a timeout, an error, an incomplete
//! inference) keeps the assumption printed: printing an assumption the
//! proof did not need costs only precision of the report, omitting one it
//! needed would overstate the proof.

use crate::cli::Cli;
use std::time::Duration;

/// The re-run's query time limit: the first proof's time times this, at
/// least [`MIN_BUDGET`], at most the user's `--timeout`.
const BUDGET_FACTOR: u32 = 2;
/// The least budget of the re-run (noise on a loaded machine).
const MIN_BUDGET: Duration = Duration::from_millis(250);

/// Verifies `program` (the kernel without the row-major assumptions) again
/// with a budget derived from `first_proof` (the time the proof with them
/// took); `true` only on a complete proof of every procedure.
pub fn proves_without(
    cli: &Cli,
    program: &ivl::Program,
    procedure: &str,
    config: &transform::TransformConfig,
    first_proof: Duration,
) -> bool {
    let mut budget = (first_proof * BUDGET_FACTOR).max(MIN_BUDGET);
    if cli.timeout > 0 {
        budget = budget.min(Duration::from_secs(cli.timeout));
    }
    let Ok(two) = transform::two_thread(program, procedure, config) else {
        return false;
    };
    if !ivl::check(&two.program).is_empty() {
        return false;
    }
    let mut solver_config = crate::config::solver_config(cli);
    solver_config.timeout = Some(budget);
    solver_config.dump_smt2 = None;
    // One failure answers the question; more would cost a query each.
    solver_config.max_failures = 1;
    let mut infer_config = crate::infer_cli::infer_config(cli);
    infer_config.budget.max_time = Some(budget);
    match infer::verify_procedures(&two.program, &two.procedures, &infer_config, &solver_config) {
        Ok(inferences) => inferences.iter().all(|i| {
            i.incomplete.is_none() && matches!(i.report.outcome, solver::Outcome::Verified)
        }),
        Err(_) => false,
    }
}
