//! Counterexample replay: does a defect the verifier reported happen in a
//! concrete execution with the counterexample's launch and inputs?
//!
//! Consumes the kernel IVL, the launch, concrete [`Inputs`] (the scalar
//! arguments and any array contents the counterexample fixes; everything
//! else is drawn from [`SimOptions::seed`]) and a [`ReportedDefect`] (what
//! the verifier said: kind, array, element, the two threads). Produces a
//! [`Replay`]: [`Replay::Confirmed`] when the interpreter observes a race
//! on the same array and element (how closely the threads and access kinds
//! match is reported alongside), or the same barrier divergence;
//! otherwise [`Replay::NotReproduced`] with the reason.
//!
//! How: one ordinary run. If it stops at a different defect first, a second
//! run *focused* on the reported element continues past races on other
//! elements (they are logged and counted, not reported) and stops at the
//! first race on the element; a confirmation obtained that way says so
//! ([`Replay::Confirmed::after_other_races`]), since after an unreported
//! race the interpreter's immediate-visibility values are one possible
//! outcome of the racy reads, not the only one.
//!
//! Why a report may not reproduce (the verifier over-approximates): the
//! adversarial and equality abstractions let reads of shared arrays return
//! values no execution produces; loop invariants cut loops (the state at
//! the head is any state satisfying them); unconstrained inputs the model
//! does not fix are drawn here and may differ; the interpreter follows one
//! schedule (lock step). None of these makes the report wrong, so
//! `NotReproduced` is never evidence of a false alarm by itself.
//!
//! Calling it from the verifier (after a race report with model values):
//! build [`Inputs`] with the kernel's scalar parameters (`with_scalar`,
//! IVL parameter names) from the model, a [`crate::Launch`] from the
//! command-line sizes (the model's sizes where the command line left them
//! open), and a [`ReportedRace`] from `transform::Defect` (`array`,
//! `element`, `element_width`, `thread1`/`thread2` ids, `kind`).

use crate::exec::Focus;
use crate::{Inputs, Launch, Outcome, SimError, SimOptions, SimReport, SourceLoc, ThreadId};

/// One thread of a reported pair; `None` components are not compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportedThread {
    pub local: [Option<u32>; 3],
    pub group: [Option<u32>; 3],
}

impl ReportedThread {
    /// A thread of a one-dimensional launch.
    pub fn linear(local: u32, group: u32) -> ReportedThread {
        ReportedThread {
            local: [Some(local), Some(0), Some(0)],
            group: [Some(group), Some(0), Some(0)],
        }
    }

    fn matches(&self, t: &ThreadId) -> bool {
        let ok = |want: &[Option<u32>; 3], have: &[u32; 3]| {
            want.iter()
                .zip(have)
                .all(|(w, h)| w.is_none_or(|w| w == *h))
        };
        ok(&self.local, &t.local) && ok(&self.group, &t.group)
    }
}

/// A race as the verifier reported it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportedRace {
    /// The array's source name (or IVL name).
    pub array: String,
    /// The element; `None`: any element of the array.
    pub element: Option<u128>,
    /// Bits of a reported element when they differ from the IVL map's
    /// element (a byte map whose accesses are wider, `transform::Defect`'s
    /// `element_width`); `None`: the map's own elements.
    pub element_width: Option<u32>,
    /// The two access kinds, `read`/`write`/`atomic`, in any order;
    /// `None`: not compared.
    pub kinds: Option<[String; 2]>,
    /// The two threads, in any order.
    pub threads: [ReportedThread; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportedDefect {
    Race(ReportedRace),
    BarrierDivergence { loc: Option<SourceLoc> },
}

/// Why a reported defect was not observed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotReproduced {
    /// The execution completed without the defect: the report relies on an
    /// abstraction (values of shared arrays, a loop cut by invariants) or on
    /// values the inputs do not fix.
    NotObserved,
    /// The execution stopped at another defect before reaching it (a
    /// barrier divergence, an assertion, or, for a divergence report, a
    /// race); `outcome` is that defect.
    OtherDefect,
    /// The inputs violate an `assume` (a precondition): no execution.
    InfeasibleInputs,
    /// The fuel ran out.
    StepLimit,
}

impl NotReproduced {
    pub fn explain(&self) -> &'static str {
        match self {
            NotReproduced::NotObserved => {
                "not observed with these inputs (the report may rely on the shared-state \
                 abstraction, on loop invariants, or on values the inputs do not fix)"
            }
            NotReproduced::OtherDefect => "the execution stopped at another defect first",
            NotReproduced::InfeasibleInputs => "the inputs violate an assumption of the kernel",
            NotReproduced::StepLimit => "the execution ran out of steps",
        }
    }
}

#[derive(Clone, Debug)]
pub enum Replay {
    Confirmed {
        /// The observed defect.
        outcome: Outcome,
        /// The observed race is between the reported threads (always true
        /// for a divergence).
        same_threads: bool,
        /// The observed access kinds are the reported ones (unordered).
        same_kinds: bool,
        /// Races on other elements came first and were passed over.
        after_other_races: u64,
    },
    NotReproduced {
        reason: NotReproduced,
        /// What the run ended with.
        outcome: Outcome,
    },
}

impl Replay {
    pub fn is_confirmed(&self) -> bool {
        matches!(self, Replay::Confirmed { .. })
    }
}

/// Replays `defect` in `kernel` of `program` (see the module documentation).
pub fn replay(
    program: &ivl::Program,
    kernel: &str,
    launch: &Launch,
    inputs: &Inputs,
    defect: &ReportedDefect,
    options: &SimOptions,
) -> Result<Replay, SimError> {
    launch.check()?;
    let prepared = crate::prepare::Prepared::new(program, kernel)?;
    let options = SimOptions {
        trace: false,
        ..options.clone()
    };
    let first = crate::exec::run(&prepared, launch, inputs, &options, None)?;
    let race = match defect {
        ReportedDefect::BarrierDivergence { .. } => {
            return Ok(match first.outcome {
                o @ Outcome::BarrierDivergence { .. } => Replay::Confirmed {
                    outcome: o,
                    same_threads: true,
                    same_kinds: true,
                    after_other_races: 0,
                },
                o => not_reproduced(o),
            });
        }
        ReportedDefect::Race(r) => r,
    };
    // The reported element as a range of map indices.
    let object = prepared
        .memory
        .iter()
        .find(|m| m.name == race.array || m.source_name == race.array);
    let Some(object) = object else {
        return Err(SimError::Unsupported(format!(
            "no memory object `{}` in the kernel",
            race.array
        )));
    };
    let map_bits = (object.elem_bytes * 8) as u32;
    let span = race
        .element_width
        .filter(|&w| w > map_bits && map_bits > 0)
        .map_or(1, |w| u128::from(w / map_bits));
    let indices = match race.element {
        Some(e) => e * span..e * span + span,
        None => 0..u128::MAX,
    };
    let source_name = object.source_name.clone();
    if let Some(c) = judge(&first, &source_name, race, &indices, 0) {
        return Ok(c);
    }
    if !matches!(first.outcome, Outcome::Race { .. }) {
        return Ok(not_reproduced(first.outcome));
    }
    let focus = Focus {
        array: race.array.clone(),
        indices: indices.clone(),
    };
    let second = crate::exec::run(&prepared, launch, inputs, &options, Some(&focus))?;
    let skipped = second.skipped_races;
    Ok(
        match judge(&second, &source_name, race, &indices, skipped) {
            Some(c) => c,
            None => match second.outcome {
                Outcome::NoDefect => Replay::NotReproduced {
                    reason: NotReproduced::OtherDefect,
                    outcome: first.outcome,
                },
                o => not_reproduced(o),
            },
        },
    )
}

fn not_reproduced(outcome: Outcome) -> Replay {
    let reason = match &outcome {
        Outcome::NoDefect => NotReproduced::NotObserved,
        Outcome::InfeasibleInputs { .. } => NotReproduced::InfeasibleInputs,
        Outcome::StepLimit { .. } => NotReproduced::StepLimit,
        _ => NotReproduced::OtherDefect,
    };
    Replay::NotReproduced { reason, outcome }
}

/// A confirmation if `report` ended with a race on the reported element.
fn judge(
    report: &SimReport,
    source_name: &str,
    race: &ReportedRace,
    indices: &std::ops::Range<u128>,
    skipped: u64,
) -> Option<Replay> {
    let Outcome::Race {
        array,
        index,
        later,
        earlier,
        ..
    } = &report.outcome
    else {
        return None;
    };
    // Races name the array by its source name.
    if *array != source_name || !indices.contains(index) {
        return None;
    }
    let [a, b] = &race.threads;
    let same_threads = (a.matches(&later.thread) && b.matches(&earlier.thread))
        || (a.matches(&earlier.thread) && b.matches(&later.thread));
    let same_kinds = match &race.kinds {
        None => true,
        Some([x, y]) => {
            let (l, e) = (later.kind.word(), earlier.kind.word());
            (x == l && y == e) || (x == e && y == l)
        }
    };
    Some(Replay::Confirmed {
        outcome: report.outcome.clone(),
        same_threads,
        same_kinds,
        after_other_races: skipped,
    })
}
