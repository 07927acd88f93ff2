//! Houdini: the largest inductive subset of the candidates, then the proof.
//!
//! Consumes a program instrumented by [`crate::candidate::instrument`].
//! One incremental [`solver::VcSession`] serves every query. A round is one
//! query: can some live candidate check (entry or maintenance of a
//! candidate invariant) fail while the program's own checks are assumed and
//! refuted candidates are switched off (their flag assumed false)? On `sat`
//! the round refutes every live candidate whose check the model falsifies
//! on a path of a genuine execution
//! ([`solver::VcSession::falsified_on_model_paths`]: a path from the entry
//! along which the model satisfies every assumption), not only the one at
//! the end of the model's failing path; the next round starts on the same
//! context. At the fixpoint (`unsat`) the survivors are mutually inductive;
//! the final query checks the program's own checks with the survivors'
//! flags true and their checks assumed.
//!
//! Why refuting all of them keeps the largest inductive subset `S*` (it
//! costs precision, never soundness, if it did not: soundness only rests on
//! the final `unsat`): the live set always contains `S*`, so the
//! assumptions of a round (live candidates assumed at the loop heads) are
//! at least those of the program instrumented with `S*`. An execution of
//! the round's program is then an execution of the `S*` program too; if a
//! candidate of `S*` failed on it, the `S*` program would have a failing
//! execution (that check, or an earlier one of `S*`), contradicting its
//! inductiveness. Earlier *refuted* or failing non-`S*` candidates do not
//! matter: they are no checks in the `S*` program. Values of blocks off
//! every such path are arbitrary in a block-equation model and are never
//! read.
//!
//! Why assuming the program's checks in the rounds is sound: in any
//! execution, consider the first check that fails. If it is a candidate, all
//! earlier checks held, so a round would have found it; if it is a program
//! check, all candidates held at every loop head before it, so the final
//! query finds it. User invariants (`__invariant`) are program checks at the
//! loop head: they are assumed there in every round (so candidates may rely
//! on them) and proved by the final query.
//!
//! A round whose query times out (or is otherwise `unknown`) is split
//! ([`split_round`]): each live candidate is queried alone, its checks the
//! only ones not assumed (the program's and every other candidate's checks
//! are assumptions). A `sat` refutes it, an `unknown` drops it (dropping a
//! candidate is always sound: it is only assumed after the final fixpoint
//! query proves the survivors), an `unsat` keeps it. If every candidate
//! comes back `unsat`, the survivors are inductive without the combined
//! query: in any execution, take the first candidate check that fails;
//! every check before it held, so the query of that candidate alone (whose
//! assumptions constrain only the path up to its failure) would be `sat`.
//! Otherwise the combined rounds resume on the smaller live set, which
//! ends because each split removes a candidate.
//!
//! Stops on the fixpoint, on a round or time budget ([`Budget`]: rounds
//! and split queries whose answers each take up to the solver's time limit
//! could otherwise run for hours), or when the solver answers
//! `unknown` on a round with no candidate left to drop; the last two make
//! the result [`Houdini::Incomplete`], and the caller must not report the
//! kernel verified.

use crate::candidate::Placed;
use solver::cpu_time::Stopwatch;
use solver::{Assumptions, QueryResult, SolverError, VcSession};
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// Limits on the search.
#[derive(Clone, Debug)]
pub struct Budget {
    pub max_rounds: usize,
    /// CPU-time limit of the whole search (`None`: none), counted over the
    /// process's threads and its solver children
    /// ([`solver::cpu_time::spent`]), with a wall-clock cap of
    /// [`solver::cpu_time::WALL_CAP_FACTOR`] times it; no query starts after
    /// either.
    pub max_time: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_rounds: 2000,
            max_time: None,
        }
    }
}

impl Budget {
    /// Starts the clock of the search's time budget.
    pub fn start(&self) -> Began {
        Began(self.max_time.map(Stopwatch::start))
    }

    /// Why no further query may start, `began` being the search's start.
    fn exhausted(&self, total: usize, began: &Began) -> Option<String> {
        if total >= self.max_rounds {
            return Some(format!(
                "Houdini round budget ({}) exhausted",
                self.max_rounds
            ));
        }
        began.0.and_then(|w| w.exhausted()).map(|e| {
            format!(
                "Houdini time budget exhausted ({})",
                e.reason("for the search")
            )
        })
    }
}

/// The clock of a search's time budget (see [`Budget::start`]).
#[derive(Clone, Copy, Debug)]
pub struct Began(Option<Stopwatch>);

/// The result of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Houdini {
    /// `alive[i]`: candidate `i` survived and is proved inductive.
    Fixpoint { alive: Vec<bool> },
    /// The budget ran out or the solver gave up: no candidate is proved.
    Incomplete { reason: String },
}

/// What happened, for `--infer-info`.
#[derive(Clone, Debug, Default)]
pub struct Rounds {
    /// The duration of each round (one query each).
    pub times: Vec<Duration>,
    /// The candidates each round refuted (indices into the placed list).
    pub refuted: Vec<Vec<usize>>,
    /// Candidates dropped because their own query timed out (or was
    /// otherwise `unknown`) in a split round.
    pub timed_out: Vec<usize>,
}

/// The assumptions of a query: flags of live candidates true, others false;
/// `assumed` checks treated as assumptions.
pub fn assumptions(
    session: &VcSession,
    placed: &[Placed],
    alive: &[bool],
    assumed: BTreeSet<usize>,
) -> Assumptions {
    Assumptions {
        constants: placed
            .iter()
            .zip(alive)
            .filter(|(p, _)| session.has_bool_constant(&p.flag))
            .map(|(p, &a)| (p.flag.clone(), a))
            .collect(),
        assumed_checks: assumed,
    }
}

/// Which candidate each check belongs to (by its `{:id}`).
pub fn candidate_of_check(session: &VcSession, placed: &[Placed]) -> Vec<Option<usize>> {
    let by_flag: HashMap<&str, usize> = placed
        .iter()
        .enumerate()
        .map(|(i, p)| (p.flag.as_str(), i))
        .collect();
    session
        .checks()
        .iter()
        .map(|c| {
            let cand = ivl::ast::has_attr(&c.attrs, crate::candidate::CANDIDATE_ATTR);
            c.id.as_deref()
                .filter(|_| cand)
                .and_then(|id| by_flag.get(id).copied())
        })
        .collect()
}

/// The live candidates that own a check of a session, in order.
fn live_candidates(owner: &[Option<usize>], alive: &[bool]) -> Vec<usize> {
    let set: BTreeSet<usize> = owner
        .iter()
        .flatten()
        .copied()
        .filter(|&i| alive[i])
        .collect();
    set.into_iter().collect()
}

/// What a split round found (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Candidates whose own query was `sat`.
    pub refuted: Vec<usize>,
    /// Candidates whose own query was `unknown` (dropped).
    pub timed_out: Vec<usize>,
}

/// The answer to a candidate's own query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alone {
    /// `unsat`: its checks hold when every other check is assumed.
    Holds,
    /// `sat`: refuted.
    Fails,
    /// Timeout or other `unknown`: dropped.
    Unknown,
}

/// Queries each of `live` alone through `ask` (which must assume every
/// other check); `total` counts the queries against the budget. `None`
/// when the budget runs out.
pub fn split_round(
    live: &[usize],
    budget: &Budget,
    began: &Began,
    total: &mut usize,
    mut ask: impl FnMut(usize) -> Result<Alone, SolverError>,
) -> Result<Option<Split>, SolverError> {
    let mut split = Split::default();
    for &i in live {
        if budget.exhausted(*total, began).is_some() {
            return Ok(None);
        }
        *total += 1;
        match ask(i)? {
            Alone::Holds => {}
            Alone::Fails => split.refuted.push(i),
            Alone::Unknown => split.timed_out.push(i),
        }
    }
    Ok(Some(split))
}

/// Runs the rounds on an open session.
pub fn run(
    session: &mut VcSession,
    placed: &[Placed],
    budget: &Budget,
    rounds: &mut Rounds,
) -> Result<Houdini, SolverError> {
    let mut per_session = vec![Rounds::default()];
    let r = run_many(
        std::slice::from_mut(session),
        placed,
        budget,
        &mut per_session,
    )?;
    let mine = per_session.pop().expect("one session");
    rounds.times.extend(mine.times);
    rounds.refuted.extend(mine.refuted);
    rounds.timed_out.extend(mine.timed_out);
    Ok(r)
}

/// Runs the rounds over several sessions that share the candidate flags
/// (one per procedure of a kernel with `--no-inline`; see
/// [`crate::verify_procedures`]). Each session is queried until it is
/// `unsat`, then the next; a refutation in one session switches the
/// candidate off in all of them, so the sweep repeats until a whole pass
/// refutes nothing: then every session is `unsat` with the same live set,
/// i.e. every candidate check (loop invariants, preconditions at every
/// call site, postconditions) holds assuming the live set everywhere. A
/// session with no live candidate check is not queried. `rounds[s]`
/// records the rounds of session `s`; the budget counts them all.
pub fn run_many(
    sessions: &mut [VcSession],
    placed: &[Placed],
    budget: &Budget,
    rounds: &mut [Rounds],
) -> Result<Houdini, SolverError> {
    let owners: Vec<Vec<Option<usize>>> = sessions
        .iter()
        .map(|s| candidate_of_check(s, placed))
        .collect();
    let mut alive = vec![true; placed.len()];
    let mut total = 0usize;
    let began = budget.start();
    loop {
        let mut changed = false;
        for (s, session) in sessions.iter_mut().enumerate() {
            let owner = &owners[s];
            let program_checks: BTreeSet<usize> =
                (0..owner.len()).filter(|&k| owner[k].is_none()).collect();
            loop {
                if !owner.iter().any(|o| o.is_some_and(|i| alive[i])) {
                    break;
                }
                if let Some(reason) = budget.exhausted(total, &began) {
                    return Ok(Houdini::Incomplete { reason });
                }
                total += 1;
                let start = Instant::now();
                let query = assumptions(session, placed, &alive, program_checks.clone());
                let result = session.check(&query)?;
                rounds[s].times.push(start.elapsed());
                match result {
                    QueryResult::Verified => break,
                    QueryResult::Unknown(_) => {
                        let live: Vec<usize> = live_candidates(owner, &alive);
                        let split = split_round(&live, budget, &began, &mut total, |i| {
                            let assumed: BTreeSet<usize> =
                                (0..owner.len()).filter(|&k| owner[k] != Some(i)).collect();
                            let query = assumptions(session, placed, &alive, assumed);
                            let start = Instant::now();
                            let r = session.check(&query);
                            rounds[s].times.push(start.elapsed());
                            Ok(match r? {
                                QueryResult::Verified => Alone::Holds,
                                QueryResult::Failed { .. } => Alone::Fails,
                                QueryResult::Unknown(_) => Alone::Unknown,
                            })
                        })?;
                        let Some(split) = split else {
                            return Ok(Houdini::Incomplete {
                                reason: budget
                                    .exhausted(total, &began)
                                    .unwrap_or_else(|| "Houdini budget exhausted".into()),
                            });
                        };
                        if split.refuted.is_empty() && split.timed_out.is_empty() {
                            // Every live candidate holds alone: inductive.
                            break;
                        }
                        for &i in split.refuted.iter().chain(&split.timed_out) {
                            alive[i] = false;
                        }
                        changed = true;
                        rounds[s].refuted.push(split.refuted);
                        rounds[s].timed_out.extend(split.timed_out);
                    }
                    QueryResult::Failed { check, .. } => {
                        match owner.get(check).copied().flatten() {
                            Some(i) if alive[i] => {}
                            _ => {
                                return Err(SolverError::backend(
                                    "houdini",
                                    "a query failed on a check that is assumed or switched off"
                                        .to_string(),
                                ))
                            }
                        }
                        let live: BTreeSet<usize> = (0..owner.len())
                            .filter(|&k| owner[k].is_some_and(|i| alive[i]))
                            .collect();
                        let mut failed = session.falsified_on_model_paths(&query, &live)?;
                        if !failed.contains(&check) {
                            // The failing path is one of the model's paths;
                            // keep going even if the walk disagrees.
                            failed.push(check);
                        }
                        let mut refuted = BTreeSet::new();
                        for k in failed {
                            if let Some(i) = owner[k] {
                                alive[i] = false;
                                refuted.insert(i);
                            }
                        }
                        changed = true;
                        rounds[s].refuted.push(refuted.into_iter().collect());
                        *rounds[s].times.last_mut().expect("pushed above") = start.elapsed();
                    }
                }
            }
        }
        if !changed {
            return Ok(Houdini::Fixpoint { alive });
        }
        if sessions.len() == 1 {
            // One session ended `unsat` after its last refutation.
            return Ok(Houdini::Fixpoint { alive });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_round_refutes_drops_and_keeps_each_candidate_alone() {
        let mut total = 0;
        let split = split_round(
            &[3, 5, 8],
            &Budget::default(),
            &Budget::default().start(),
            &mut total,
            |i| {
                Ok(match i {
                    3 => Alone::Holds,
                    5 => Alone::Unknown,
                    _ => Alone::Fails,
                })
            },
        )
        .expect("runs");
        assert_eq!(
            split,
            Some(Split {
                refuted: vec![8],
                timed_out: vec![5],
            })
        );
        assert_eq!(total, 3);
    }

    #[test]
    fn a_split_round_counts_against_the_budget() {
        let mut total = 0;
        let budget = Budget {
            max_rounds: 2,
            max_time: None,
        };
        let split = split_round(&[1, 2, 3], &budget, &budget.start(), &mut total, |_| {
            Ok(Alone::Holds)
        })
        .expect("runs");
        assert_eq!(split, None);
    }

    #[test]
    fn no_query_starts_after_the_time_budget() {
        let mut total = 0;
        let budget = Budget {
            max_rounds: 2000,
            max_time: Some(Duration::ZERO),
        };
        let split = split_round(&[1, 2], &budget, &budget.start(), &mut total, |_| {
            panic!("no query may start")
        })
        .expect("runs");
        assert_eq!(split, None);
        assert!(budget
            .exhausted(0, &budget.start())
            .is_some_and(|r| r.contains("time budget")));
    }
}
