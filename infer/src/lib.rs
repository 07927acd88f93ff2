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
pub mod arith;
pub mod candidate;
pub mod houdini;
pub mod launch;
pub mod liveness;
pub mod pred_liveness;
pub mod relevance;
pub mod rules;
pub mod user;

use houdini::{Budget, Houdini, Rounds};
use solver::{Assumptions, Outcome, ProcedureReport, SolverError, Stage};
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
    /// `--invariants-as-candidates`: the user's loop invariants are
    /// candidates too (kept only if inductive).
    pub invariants_as_candidates: bool,
}

impl Default for InferConfig {
    fn default() -> InferConfig {
        InferConfig {
            enabled: true,
            omit: Vec::new(),
            budget: Budget::default(),
            invariants_as_candidates: false,
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
    /// Candidates dropped because their own query timed out in a split
    /// round (tag, loop header, expression); see [`houdini`].
    pub timed_out: Vec<(&'static str, String, String)>,
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
    let mut all = verify_procedures(program, &[procedure.to_string()], infer, config)?;
    Ok(all.pop().expect("one procedure"))
}

/// Verifies the procedures of one kernel together: `procedures[0]` is the
/// kernel, the others (with `--no-inline`) the two-thread device procedures
/// it calls. Loop candidates of every procedure and contract candidates
/// ([`rules::contracts`]) of the callees are solved by one Houdini over one
/// incremental session per procedure ([`houdini::run_many`]), sharing the
/// candidates' flags: a session per procedure keeps each VC the size of
/// one procedure (a callee's body is not re-encoded at every call) and
/// matches the solver's modular treatment of calls, while the shared flags
/// make a refutation anywhere (a precondition failing at one call site, a
/// postcondition failing in the callee) switch the candidate off in every
/// procedure, so a procedure never assumes a contract that a caller does
/// not establish. The final proof checks each procedure's own checks with
/// the survivors. Returns one [`Inference`] per procedure, in order; the
/// rounds and candidates of a procedure are those of its session and the
/// candidates placed in it.
pub fn verify_procedures(
    program: &ivl::Program,
    procedures: &[String],
    infer: &InferConfig,
    config: &solver::Config,
) -> Result<Vec<Inference>, SolverError> {
    let start = Instant::now();
    let mut folded = program.clone();
    let mut from_user = Vec::new();
    for p in procedures {
        from_user.push(user::take(&mut folded, p, infer.invariants_as_candidates));
    }
    for p in procedures {
        folded = launch::fold_constants(&folded, p);
    }
    let program = &folded;
    let mut per_procedure = Vec::new();
    let mut dropped_per = Vec::new();
    for (n, p) in procedures.iter().enumerate() {
        let mut candidates = if infer.enabled {
            rules::generate(program, p, &infer.omit)
        } else {
            Vec::new()
        };
        // The user's candidates count even with --no-infer: they are the
        // user's, not the rules'.
        candidates.extend(std::mem::take(&mut from_user[n]));
        // The kernel (first) has no caller to check its preconditions.
        if infer.enabled && n > 0 && !infer.omit.iter().any(|o| o == "contract") {
            if let Some(proc) = program.procedure(p) {
                candidates.extend(rules::contracts::generate(program, proc));
            }
        }
        let (candidates, dropped) = candidate::filter(program, p, candidates);
        per_procedure.push((p.clone(), candidates));
        dropped_per.push(dropped);
    }
    if per_procedure.iter().all(|(_, c)| c.is_empty()) {
        let mut out = Vec::new();
        for (p, dropped) in procedures.iter().zip(dropped_per) {
            out.push(Inference {
                report: solver::verify_procedure(program, p, config)?,
                tags: Vec::new(),
                survivors: Vec::new(),
                round_times: Vec::new(),
                round_refuted: Vec::new(),
                timed_out: Vec::new(),
                dropped,
                houdini_time: Duration::ZERO,
                incomplete: None,
            });
        }
        return Ok(out);
    }
    let (instrumented, placed) = candidate::instrument_all(program, per_procedure);
    // The candidates are expressions built by the rules: the instrumented
    // program goes through the IVL checker like every stage's output, so an
    // ill-typed candidate is an internal error, never a solver surprise.
    if let Some(d) = ivl::check(&instrumented).into_iter().next() {
        return Err(SolverError::ill_formed(
            format!("inference produced an ill-formed candidate: {}", d.message),
            d.span,
        ));
    }
    let dump = solver::verify::open_dump(config)?;
    let mut sessions = Vec::new();
    // Each procedure's VC time is its own session's construction.
    let mut vc_times = Vec::new();
    for p in procedures {
        let vc_start = Instant::now();
        sessions.push(solver::open_session(
            &instrumented,
            p,
            config,
            dump.clone(),
        )?);
        vc_times.push(vc_start.elapsed());
    }
    let mut rounds = vec![Rounds::default(); procedures.len()];
    let houdini_start = Instant::now();
    let result = houdini::run_many(&mut sessions, &placed, &infer.budget, &mut rounds)?;
    let houdini_time = houdini_start.elapsed();
    let (alive, mut incomplete) = match result {
        Houdini::Fixpoint { alive } => (alive, None),
        Houdini::Incomplete { reason } => (vec![false; placed.len()], Some(reason)),
    };
    let timed_out: usize = rounds.iter().map(|r| r.timed_out.len()).sum();
    let mut out = Vec::new();
    for ((((procedure, session), rounds), dropped), vc_time) in procedures
        .iter()
        .zip(&mut sessions)
        .zip(rounds)
        .zip(dropped_per)
        .zip(vc_times)
    {
        let owner = houdini::candidate_of_check(session, &placed);
        let candidate_checks: BTreeSet<usize> =
            (0..owner.len()).filter(|&k| owner[k].is_some()).collect();
        let query: Assumptions = houdini::assumptions(session, &placed, &alive, candidate_checks);
        let solve = Instant::now();
        let (failures, unknown) = session.find_failures(&query, config.max_failures.max(1))?;
        let outcome = match (failures.is_empty(), unknown) {
            (_, Some(reason)) => Outcome::Unknown { reason, failures },
            (true, None) => Outcome::Verified,
            (false, None) => Outcome::Failed(failures),
        };
        // A failure may need a candidate that was dropped because its own
        // query timed out: undecided, like a Houdini that did not finish.
        if timed_out > 0 && incomplete.is_none() && matches!(outcome, Outcome::Failed(_)) {
            incomplete = Some(format!(
                "{timed_out} candidate invariant{} dropped after {} query timed out",
                if timed_out == 1 { " was" } else { "s were" },
                if timed_out == 1 { "its" } else { "their" }
            ));
        }
        let mut tags: Vec<TagCount> = Vec::new();
        let mut survivors = Vec::new();
        for (p, &a) in placed.iter().zip(&alive) {
            if &p.procedure != procedure {
                continue;
            }
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
        let own_time: Duration = rounds.times.iter().sum();
        let report = ProcedureReport {
            procedure: procedure.to_string(),
            outcome,
            checks: owner.iter().filter(|o| o.is_none()).count(),
            time: start.elapsed(),
            stages: vec![
                (Stage::Vc, vc_time),
                (Stage::Houdini, own_time),
                (Stage::Solve, solve.elapsed()),
            ],
        };
        out.push(Inference {
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
            timed_out: rounds
                .timed_out
                .iter()
                .map(|&i| {
                    let c = &placed[i].candidate;
                    (c.tag, c.header.clone(), c.expr.to_string())
                })
                .collect(),
            dropped,
            houdini_time: if procedures.len() == 1 {
                houdini_time
            } else {
                own_time
            },
            incomplete: incomplete.clone(),
        });
    }
    Ok(out)
}
