//! Counterexample confirmation: a reported race or barrier divergence is
//! replayed in the concrete interpreter ([`simulate::replay`]) with the
//! counterexample's launch (the command-line sizes, the model's where the
//! command line left them open), global offset and scalar kernel
//! arguments, and the report says whether that execution shows it.
//!
//! Consumes the kernel IVL, the transform configuration, the model (as a
//! name lookup) and the transform's [`Defect`]. Produces a [`Replayed`]
//! for the report, or nothing when a replay is not meaningful (another
//! kind of defect, ids or sizes the model does not fix, a launch too large
//! to run). It never changes a verdict: the verifier over-approximates
//! (shared-state abstractions, loop invariants, inputs the model leaves
//! open), so a report that does not reproduce still stands, and the text
//! says why it may not have.

use serde::{Deserialize, Serialize};
use transform::{names, Defect, DefectKind, ThreadIds, TransformConfig};

/// Launches larger than this many threads are not replayed (the
/// interpreter runs every thread).
const MAX_THREADS: u64 = 1024;

/// Statements the interpreter may execute in one replay.
const MAX_STEPS: u64 = 200_000;

/// The outcome of a replay, for every renderer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Replayed {
    /// The execution showed the defect.
    pub confirmed: bool,
    /// One sentence for people: what the execution showed.
    pub detail: String,
}

/// The kernel to replay: its IVL and its procedure.
pub struct Kernel<'a> {
    pub program: &'a ivl::Program,
    pub procedure: &'a str,
}

/// Replays `d` (see the module documentation).
pub fn confirm(
    kernel: &Kernel,
    config: &TransformConfig,
    model: &dyn Fn(&str) -> Option<u128>,
    d: &Defect,
) -> Option<Replayed> {
    let reported = match &d.kind {
        DefectKind::Race { logged, checked } => {
            simulate::ReportedDefect::Race(simulate::ReportedRace {
                array: d.array.clone()?,
                // The offset in the map's own elements: the interpreter
                // indexes the same map.
                element: d.offset,
                element_width: None,
                kinds: Some([logged.name().to_string(), checked.name().to_string()]),
                threads: [thread(&d.thread1)?, thread(&d.thread2)?],
            })
        }
        DefectKind::BarrierDivergence => simulate::ReportedDefect::BarrierDivergence { loc: None },
        _ => return None,
    };
    let launch = launch(config, model)?;
    let inputs = inputs(kernel, model);
    let options = simulate::SimOptions {
        max_steps: MAX_STEPS,
        warp_size: config.warp_sync,
        benign_tolerance: config.benign_tolerance,
        work_dim: config.work_dim,
        ..simulate::SimOptions::default()
    };
    let result = simulate::replay(
        kernel.program,
        kernel.procedure,
        &launch,
        &inputs,
        &reported,
        &options,
    );
    Some(match result {
        Ok(simulate::Replay::Confirmed {
            same_threads,
            after_other_races,
            ..
        }) => {
            let mut detail = format!(
                "confirmed by execution ({}",
                if same_threads {
                    "these threads, these arguments"
                } else {
                    "these arguments, another pair of threads"
                }
            );
            if after_other_races > 0 {
                detail.push_str(&format!(
                    "; after {after_other_races} race{} on other elements",
                    if after_other_races == 1 { "" } else { "s" }
                ));
            }
            detail.push(')');
            Replayed {
                confirmed: true,
                detail,
            }
        }
        Ok(simulate::Replay::NotReproduced { reason, .. }) => Replayed {
            confirmed: false,
            detail: format!("not reproduced by execution: {}", reason.explain()),
        },
        Err(err) => Replayed {
            confirmed: false,
            detail: format!("not replayed: {err}"),
        },
    })
}

fn thread(ids: &ThreadIds) -> Option<simulate::ReportedThread> {
    let mut t = simulate::ReportedThread::default();
    for k in 0..3 {
        t.local[k] = Some(u32::try_from(ids.local[k]?).ok()?);
        t.group[k] = Some(u32::try_from(ids.group[k]?).ok()?);
    }
    Some(t)
}

/// The counterexample's launch, if every size is known and it is small
/// enough to run.
fn launch(
    config: &TransformConfig,
    model: &dyn Fn(&str) -> Option<u128>,
) -> Option<simulate::Launch> {
    let mut launch = simulate::Launch::new([1; 3], [1; 3]);
    for (k, d) in ["x", "y", "z"].iter().enumerate() {
        let size = |given: Option<u64>, name: &str| -> Option<u32> {
            let v = given.map(u128::from).or_else(|| model(name))?;
            u32::try_from(v).ok().filter(|&v| v > 0)
        };
        launch.local_size[k] = size(config.local_size[k], &names::local_size(d))?;
        launch.num_groups[k] = size(config.num_groups[k], &names::num_groups(d))?;
        let offset = config.global_offset[k]
            .map(u128::from)
            .or_else(|| model(&names::global_offset(d)))
            .unwrap_or(0);
        launch.global_offset[k] = u32::try_from(offset).ok()?;
    }
    let threads: u64 = launch
        .local_size
        .iter()
        .chain(&launch.num_groups)
        .map(|&n| u64::from(n))
        .product();
    (threads <= MAX_THREADS).then_some(launch)
}

/// The kernel's scalar arguments as the model fixes them (by the kernel
/// parameter's name, or its thread-1 copy); the rest are drawn by the
/// interpreter.
fn inputs(kernel: &Kernel, model: &dyn Fn(&str) -> Option<u128>) -> simulate::Inputs {
    let mut inputs = simulate::Inputs::default();
    let Some(procedure) = kernel.program.procedure(kernel.procedure) else {
        return inputs;
    };
    for p in &procedure.params {
        let name = &p.name.name;
        let ivl::ast::Type::Bv(width) = p.ty else {
            continue;
        };
        if let Some(v) = model(name).or_else(|| model(&names::of_thread(name, 1))) {
            inputs = inputs.with_scalar(name, solver::value::Value::bv(v, width));
        }
    }
    inputs
}
