//! Rendering: the defect message in docs/design.md §7 format and the trace of the
//! predicated lock-step execution (for teaching).
//!
//! Consumes a [`SimReport`]; produces text, never prints. The kernel's
//! source lines are not quoted (that needs the file; the CLI may add it).

use crate::{Access, Launch, Outcome, SimReport, SourceLoc, ThreadId};
use std::fmt::Write;

/// One step of the lock-step execution, recorded with
/// [`crate::SimOptions::trace`]. Thread lists are local linear ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    GroupStart {
        group: [u32; 3],
    },
    /// A block runs for the threads at it (the others are disabled).
    Block {
        group: [u32; 3],
        procedure: String,
        label: String,
        enabled: Vec<u32>,
    },
    /// The threads at a block leave it for different successors.
    Diverge {
        group: [u32; 3],
        procedure: String,
        label: String,
        targets: Vec<(String, Vec<u32>)>,
    },
    Call {
        group: [u32; 3],
        procedure: String,
        enabled: Vec<u32>,
    },
    /// A barrier with the whole group: the logs of the fenced spaces are
    /// cleared (per object: bytes written since the last barrier, now
    /// visible to the group).
    Barrier {
        group: [u32; 3],
        loc: Option<SourceLoc>,
        local_fence: bool,
        global_fence: bool,
        cleared: Vec<(String, usize)>,
    },
}

fn dims(v: [u32; 3], multi: bool) -> String {
    if multi {
        format!("({}, {}, {})", v[0], v[1], v[2])
    } else {
        v[0].to_string()
    }
}

fn ids(v: &[u32]) -> String {
    let items: Vec<String> = v.iter().map(u32::to_string).collect();
    format!("{{{}}}", items.join(", "))
}

/// A readable listing of a trace, one line per event.
pub fn render_trace(trace: &[TraceEvent]) -> String {
    let mut out = String::new();
    for e in trace {
        let _ = match e {
            TraceEvent::GroupStart { group } => {
                writeln!(out, "== group {} ==", dims(*group, true))
            }
            TraceEvent::Block {
                procedure,
                label,
                enabled,
                ..
            } => writeln!(out, "  {procedure}/{label:<24} enabled {}", ids(enabled)),
            TraceEvent::Diverge { label, targets, .. } => {
                let parts: Vec<String> = targets
                    .iter()
                    .map(|(l, t)| format!("{} -> {l}", ids(t)))
                    .collect();
                writeln!(out, "    branch at {label} diverges: {}", parts.join(", "))
            }
            TraceEvent::Call {
                procedure, enabled, ..
            } => writeln!(out, "    call {procedure} for {}", ids(enabled)),
            TraceEvent::Barrier {
                loc,
                local_fence,
                global_fence,
                cleared,
                ..
            } => {
                let at = loc.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
                let cleared: Vec<String> = cleared
                    .iter()
                    .map(|(a, n)| format!("{a} ({n} bytes written)"))
                    .collect();
                writeln!(
                    out,
                    "    barrier{at} (local fence {local_fence}, global fence {global_fence}): all threads; cleared {}",
                    if cleared.is_empty() { "nothing".to_string() } else { cleared.join(", ") }
                )
            }
        };
    }
    out
}

fn is_cuda(loc: Option<&SourceLoc>) -> bool {
    loc.is_some_and(|l| l.file.ends_with(".cu"))
}

/// `work item 7 with local id 7 in work group 0` (OpenCL) or
/// `thread 3 in thread block 1 (global id 35)` (CUDA).
fn describe(t: &ThreadId, launch: &Launch, cuda: bool) -> String {
    let multi = launch.is_multi_dimensional();
    let global = [0, 1, 2].map(|k| t.group[k] * launch.local_size[k] + t.local[k]);
    let global = if multi {
        dims(global, true)
    } else {
        t.global_linear.to_string()
    };
    if cuda {
        format!(
            "thread {} in thread block {} (global id {global})",
            dims(t.local, multi),
            dims(t.group, multi)
        )
    } else {
        format!(
            "work item {global} with local id {} in work group {}",
            dims(t.local, multi),
            dims(t.group, multi)
        )
    }
}

fn at(loc: &Option<SourceLoc>) -> String {
    loc.as_ref().map(|l| format!(", {l}")).unwrap_or_default()
}

fn prefix(loc: &Option<SourceLoc>, kernel: &str) -> String {
    match loc {
        Some(l) => l.to_string(),
        None => kernel.to_string(),
    }
}

impl SimReport {
    /// The outcome as the CLI prints it (docs/design.md §7 wording for defects).
    pub fn render(&self) -> String {
        let launch = &self.launch;
        match &self.outcome {
            Outcome::NoDefect => format!(
                "no defect found in kernel {} ({} steps)\n",
                self.kernel, self.steps
            ),
            Outcome::Race {
                array,
                index,
                later,
                earlier,
                inter_group,
            } => {
                let cuda = is_cuda(later.loc.as_ref());
                let file = later
                    .loc
                    .as_ref()
                    .map(|l| l.file.clone())
                    .unwrap_or_else(|| self.kernel.clone());
                let kind = self.outcome.race_kind().unwrap_or_default();
                let side = |a: &Access| {
                    let word = a.kind.word();
                    let mut cap = word[..1].to_uppercase();
                    cap.push_str(&word[1..]);
                    format!(
                        "{cap} by {}{}:\n",
                        describe(&a.thread, launch, cuda),
                        at(&a.loc)
                    )
                };
                let scope = if *inter_group {
                    " (between groups)"
                } else {
                    ""
                };
                format!(
                    "{file}: error: possible {kind} race on {array}[{index}]{scope}:\n\n{}{}",
                    side(later),
                    side(earlier)
                )
            }
            Outcome::BarrierDivergence {
                loc,
                group,
                enabled,
                ..
            } => {
                let cuda = is_cuda(loc.as_ref());
                let locals: Vec<String> = enabled
                    .iter()
                    .map(|t| dims(t.local, launch.is_multi_dimensional()))
                    .collect();
                let unit = if cuda { "thread block" } else { "work group" };
                format!(
                    "{}: error: barrier may be reached by non-uniform control flow\nnote: in {unit} {}, {} of {} threads reach it (local ids {})\n",
                    prefix(loc, &self.kernel),
                    dims(*group, launch.is_multi_dimensional()),
                    enabled.len(),
                    launch.threads_per_group(),
                    locals.join(", ")
                )
            }
            Outcome::AssertionFailure { loc, thread } => format!(
                "{}: error: this assertion might not hold for {}\n",
                prefix(loc, &self.kernel),
                describe(thread, launch, is_cuda(loc.as_ref()))
            ),
            Outcome::NullPointer { loc, thread } => format!(
                "{}: error: possible null pointer access by {}\n",
                prefix(loc, &self.kernel),
                describe(thread, launch, is_cuda(loc.as_ref()))
            ),
            Outcome::UndefinedBehaviour { loc, thread } => format!(
                "{}: error: undefined behaviour reached (possible null or undefined pointer access) by {}\n",
                prefix(loc, &self.kernel),
                describe(thread, launch, is_cuda(loc.as_ref()))
            ),
            Outcome::CollectiveDivergence {
                loc,
                group,
                disabled,
                differ,
            } => {
                let cuda = is_cuda(loc.as_ref());
                let note = match differ {
                    Some((a, b)) => format!(
                        "{} and {} pass different arguments",
                        describe(a, launch, cuda),
                        describe(b, launch, cuda)
                    ),
                    None => format!(
                        "{} of {} work items do not reach it",
                        disabled.len(),
                        launch.threads_per_group()
                    ),
                };
                format!(
                    "{}: error: asynchronous copy may be reached non-uniformly / with different arguments\nnote: in group {}, {note}\n",
                    prefix(loc, &self.kernel),
                    dims(*group, launch.is_multi_dimensional()),
                )
            }
            Outcome::InfeasibleInputs { loc, thread } => format!(
                "{}: note: inputs violate an assumption for {} (not a defect; try another seed)\n",
                prefix(loc, &self.kernel),
                describe(thread, launch, is_cuda(loc.as_ref()))
            ),
            Outcome::StepLimit { steps } => format!(
                "{}: note: step limit reached after {steps} steps, no defect found so far\n",
                self.kernel
            ),
        }
    }
}
