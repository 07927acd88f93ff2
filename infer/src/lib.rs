//! Invariant inference: candidate rules and Houdini.
//!
//! Consumes the two-thread program from `transform`; adds candidate loop
//! invariants `b_i ==> e_i` (each rule tagged and switchable, see
//! [`rules`]), runs Houdini ([`houdini`]) through one incremental solver
//! session to keep the inductive ones, and proves the program's own checks
//! with the survivors in the same session. A wrong candidate costs time,
//! never soundness: a candidate is used only after the Houdini fixpoint
//! proves it, and a Houdini that runs out of budget proves nothing
//! ([`Inference::incomplete`]). Knows nothing of source languages or clang.
//!
//! Pipeline: [`launch`] (launch constants folded) → [`analysis`] (loop
//! facts) → [`rules`] (candidates) → [`candidate`] (type and liveness
//! filter ([`liveness`]), placement) → [`houdini`] → final proof.

pub mod analysis;
pub mod candidate;
pub mod houdini;
pub mod launch;
pub mod liveness;
pub mod rules;

use houdini::{Budget, Houdini, Rounds};
use solver::{Assumptions, Outcome, ProcedureReport, SolverError};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// What inference may do.
#[derive(Clone, Debug)]
pub struct InferConfig {
    /// `false` (`--no-infer`): no candidates, verification as without this
    /// crate.
    pub enabled: bool,
    /// Rule tags whose candidates are not generated (`--omit-infer`).
    pub omit: Vec<String>,
    pub budget: Budget,
}

impl Default for InferConfig {
    fn default() -> InferConfig {
        InferConfig {
            enabled: true,
            omit: Vec::new(),
            budget: Budget::default(),
        }
    }
}

/// Per-rule counts for `--infer-info`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TagCount {
    pub tag: &'static str,
    pub generated: usize,
    pub survived: usize,
}

/// The verification result with what inference did.
#[derive(Debug)]
pub struct Inference {
    /// The final proof (program checks only).
    pub report: ProcedureReport,
    pub tags: Vec<TagCount>,
    /// The surviving candidates, printed.
    pub survivors: Vec<(String, &'static str, String)>,
    pub round_times: Vec<Duration>,
    /// The candidates each round refuted (tag, loop header, expression).
    pub round_refuted: Vec<Vec<(&'static str, String, String)>>,
    /// Candidates dropped before solving.
    pub dropped: candidate::Dropped,
    pub houdini_time: Duration,
    /// Set when Houdini ran out of budget or the solver gave up: the report
    /// then comes from a proof without any candidate, and the caller must
    /// not claim the kernel verified.
    pub incomplete: Option<String>,
}

/// Verifies `procedure` of a two-thread program, inferring loop invariants
/// first unless `infer.enabled` is false.
pub fn verify(
    program: &ivl::Program,
    procedure: &str,
    infer: &InferConfig,
    config: &solver::Config,
) -> Result<Inference, SolverError> {
    let start = Instant::now();
    let folded = launch::fold_constants(program, procedure);
    let program = &folded;
    let candidates = if infer.enabled {
        rules::generate(program, procedure, &infer.omit)
    } else {
        Vec::new()
    };
    let (candidates, dropped) = candidate::filter(program, procedure, candidates);
    if candidates.is_empty() {
        return Ok(Inference {
            report: solver::verify_procedure(program, procedure, config)?,
            tags: Vec::new(),
            survivors: Vec::new(),
            round_times: Vec::new(),
            round_refuted: Vec::new(),
            dropped,
            houdini_time: Duration::ZERO,
            incomplete: None,
        });
    }
    let (instrumented, placed) = candidate::instrument(program, procedure, candidates);
    let vc_start = Instant::now();
    let dump = solver::verify::open_dump(config)?;
    let mut session = solver::open_session(&instrumented, procedure, config, dump)?;
    let vc_time = vc_start.elapsed();
    let owner = houdini::candidate_of_check(&session, &placed);
    let mut rounds = Rounds::default();
    let houdini_start = Instant::now();
    let result = houdini::run(&mut session, &placed, &infer.budget, &mut rounds)?;
    let houdini_time = houdini_start.elapsed();
    let (alive, incomplete) = match result {
        Houdini::Fixpoint { alive } => (alive, None),
        Houdini::Incomplete { reason } => (vec![false; placed.len()], Some(reason)),
    };
    let candidate_checks: BTreeSet<usize> =
        (0..owner.len()).filter(|&k| owner[k].is_some()).collect();
    let query: Assumptions = houdini::assumptions(&session, &placed, &alive, candidate_checks);
    let solve = Instant::now();
    let (failures, unknown) = session.find_failures(&query, config.max_failures.max(1))?;
    let outcome = match (failures.is_empty(), unknown) {
        (_, Some(reason)) => Outcome::Unknown { reason, failures },
        (true, None) => Outcome::Verified,
        (false, None) => Outcome::Failed(failures),
    };
    let mut tags: Vec<TagCount> = Vec::new();
    let mut survivors = Vec::new();
    for (p, &a) in placed.iter().zip(&alive) {
        let tag = p.candidate.tag;
        let entry = match tags.iter().position(|t| t.tag == tag) {
            Some(i) => &mut tags[i],
            None => {
                tags.push(TagCount {
                    tag,
                    ..TagCount::default()
                });
                tags.last_mut().expect("just pushed")
            }
        };
        entry.generated += 1;
        if a {
            entry.survived += 1;
            survivors.push((
                p.candidate.header.clone(),
                tag,
                p.candidate.expr.to_string(),
            ));
        }
    }
    let report = ProcedureReport {
        procedure: procedure.to_string(),
        outcome,
        checks: owner.iter().filter(|o| o.is_none()).count(),
        time: start.elapsed(),
        stages: vec![
            ("vc", vc_time),
            ("houdini", houdini_time),
            ("solve", solve.elapsed()),
        ],
    };
    Ok(Inference {
        report,
        tags,
        survivors,
        round_times: rounds.times,
        round_refuted: rounds
            .refuted
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&i| {
                        let c = &placed[i].candidate;
                        (c.tag, c.header.clone(), c.expr.to_string())
                    })
                    .collect()
            })
            .collect(),
        dropped,
        houdini_time,
        incomplete,
    })
}
