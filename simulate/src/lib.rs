//! A concrete interpreter of kernel IVL in the synchronous, delayed-visibility
//! (SDV) semantics of the GPUVerify paper (§3): the project's independent
//! ground truth for soundness tests and `--simulate`.
//!
//! Consumes a type-checked kernel-dialect program (as the frontend produces
//! it), the name of its `{:kernel}` procedure, a [`Launch`], [`Inputs`] and
//! [`SimOptions`]; runs every thread of every group and returns the first
//! defect it meets ([`Outcome`]) with an optional trace. It depends on `ivl`
//! and on `solver::eval`/`solver::value` only (never on `transform`, whose
//! answers it checks) and never calls a solver.
//!
//! Semantics decisions (each one is justified here because tests hold the
//! verifier against this crate):
//!
//! - **Lock step.** The threads of a group execute as one predicated warp
//!   (paper §3: the least conservative assumption for barrier divergence).
//!   Each thread has a block pointer; the group repeatedly executes the
//!   block that comes first in a *structural order* of the CFG (a
//!   topological order of the acyclic graph without back edges in which the
//!   blocks of every natural loop are contiguous and start at the header,
//!   `schedule.rs`) with exactly the threads that point at it. This is the
//!   paper's predicated execution: both sides of a non-uniform branch run
//!   under their predicates, a loop runs while any thread is still in it
//!   (threads that left it wait at the exit), `break`/`continue` wait at
//!   their targets, and threads reconverge at joins. A thread that returns
//!   from the kernel is disabled for the rest of it. Unlike reconvergence
//!   at immediate post-dominators, this never lets the threads that left a
//!   loop run ahead of threads still in it when a `return` inside the loop
//!   makes the post-dominator the procedure exit.
//! - **Branches.** A `goto` with several targets is resolved per thread by
//!   the `assume`s at the top of each target (`{:branch_cond}`, pointer case
//!   splits): the first target whose leading assumes hold. None holding, or
//!   any other `assume` failing, means the inputs violate an assumption:
//!   [`Outcome::InfeasibleInputs`], which is not a defect.
//! - **Barrier divergence** (G-DIVERGENCE): a barrier executed by some but
//!   not all threads of the group (threads that returned count as
//!   disabled).
//! - **Races.** Shared accesses are logged per byte (`{:elem_width}` gives
//!   the bytes of an element). Two accesses to one byte by different threads,
//!   at least one a write, not both atomic, conflict. Intra-group logs are
//!   cleared by a barrier for the spaces it fences (`barrier(local, global)`:
//!   group-shared, global); inter-group logs (global memory, threads of
//!   different groups) are never cleared. Constant memory is never logged.
//!   Same-value write-write conflicts are benign unless
//!   [`SimOptions::benign_tolerance`] is off. Reads inside `assert`,
//!   `assume` and contracts are not accesses.
//! - **Visibility.** Writes are applied immediately instead of being
//!   delayed to the next barrier. Until the first race the two agree: a
//!   thread can only observe another thread's write since the last barrier
//!   by reading a byte that thread wrote, which is a race reported at that
//!   read (a write-read race), before the value is used. The run stops at
//!   the first race, so no later behaviour depends on the choice.
//! - **Groups run one after another.** Intra-group races and divergence
//!   depend only on one group's execution. Inter-group races are found by
//!   checking each global access against the union of the accesses of all
//!   groups so far (never cleared): every conflicting pair is seen when its
//!   second access runs, whatever the schedule. Until the first inter-group
//!   race the groups share no conflicting byte, so every schedule gives the
//!   same values and the sequential one is as good as any.
//! - **Atomics.** A `{:atomic}` statement is one read-modify-write; its
//!   accesses are atomic; atomics of different threads run in thread order
//!   (one legal serialisation).
//! - **Warps.** With [`SimOptions::warp_size`], execution is unchanged (a
//!   whole-group lock step is one schedule of any warp size) but conflicts
//!   between threads of one warp are ordered, except write-write conflicts at
//!   the same statement with different values.
//! - **Warp operations** (shuffles, votes, matches, reductions: the
//!   frontend's `havoc {:warp_op ...}`; s8, 2026-11-24, `exec/warp_ops.rs`):
//!   computed over the lanes of the thread's warp that execute the
//!   statement with it (a shuffle from an absent lane is arbitrary; a
//!   reduction whose operator is not named is one arbitrary value per
//!   warp); the frontend's two-thread facts about them are skipped.
//! - **Warp barriers** (`warp_barrier(mask)`, `__syncwarp`; 2026-11-24,
//!   `exec/warp.rs`): warps of `warp_size` (else 32) threads; a thread at
//!   the barrier whose mask names a lane of its warp that is not there with
//!   it is barrier divergence; otherwise the warp's accesses before and
//!   after are ordered for each other. A mask leaving out lanes of the warp
//!   and grid barriers (`grid.sync()`: the groups run one after another)
//!   are [`SimError::Unsupported`], as are shuffles and votes (their values
//!   come from the two-thread annotations).
//! - **Collective operations** (`{:collective}`: async copies,
//!   `wait_group_events`): every thread of the group executes the
//!   statement together, with one value of each `__uniform_*` argument,
//!   else [`Outcome::CollectiveDivergence`]. A `havoc` of a memory object
//!   (the frontend's bulk-copy over-approximation) gives it new arbitrary
//!   contents and is not an access. `{:ub_check}` assertions that fail are
//!   [`Outcome::UndefinedBehaviour`].
//! - **Not modelled concretely.** Uninterpreted functions (floats, math)
//!   get a deterministic interpretation (a hash of name and arguments).
//!   Two-thread annotations (`__other_int`, `__same_group`, ...) and the
//!   access annotations have no meaning for one concrete execution:
//!   [`SimError::Unsupported`]. `__enabled()` is true (only enabled threads
//!   evaluate anything).
//!
//! Deliberately does not: model memory beyond total maps (no bounds
//! checks), explore schedules or inputs (one run per seed), or print.

mod exec;
mod inputs;
mod memory;
mod prepare;
pub mod replay;
mod report;
mod schedule;

pub use inputs::Inputs;
pub use replay::{replay, NotReproduced, Replay, ReportedDefect, ReportedRace, ReportedThread};
pub use report::{render_trace, TraceEvent};

use solver::value::Value;

/// The shape of one launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub local_size: [u32; 3],
    pub num_groups: [u32; 3],
    pub global_offset: [u32; 3],
}

impl Launch {
    /// A launch with no global offset.
    pub fn new(local_size: [u32; 3], num_groups: [u32; 3]) -> Launch {
        Launch {
            local_size,
            num_groups,
            global_offset: [0; 3],
        }
    }

    /// A one-dimensional launch.
    pub fn linear(local_size: u32, num_groups: u32) -> Launch {
        Launch::new([local_size, 1, 1], [num_groups, 1, 1])
    }

    pub fn threads_per_group(&self) -> u32 {
        self.local_size.iter().product()
    }

    pub fn group_count(&self) -> u32 {
        self.num_groups.iter().product()
    }

    /// Refuses a launch the verifier refuses too
    /// (`transform::TransformConfig::check_launch`): in some dimension
    /// `num_groups * local_size + global_offset` exceeds 2^32 - 1, so the
    /// 32-bit ids would wrap; or the group or grid has more than 2^32 - 1
    /// threads or groups in all (the interpreter counts them in 32 bits).
    pub fn check(&self) -> Result<(), SimError> {
        for d in 0..3 {
            let extent = u64::from(self.num_groups[d]) * u64::from(self.local_size[d])
                + u64::from(self.global_offset[d]);
            if extent > u64::from(u32::MAX) {
                return Err(SimError::LaunchTooLarge(format!(
                    "dimension {} has {} groups x {} threads + global offset {} = {extent}, \
                     above 2^32 - 1",
                    ["x", "y", "z"][d],
                    self.num_groups[d],
                    self.local_size[d],
                    self.global_offset[d]
                )));
            }
        }
        let total = |v: &[u32; 3]| v.iter().try_fold(1u32, |acc, &x| acc.checked_mul(x));
        if total(&self.local_size).is_none() || total(&self.num_groups).is_none() {
            return Err(SimError::LaunchTooLarge(
                "more than 2^32 - 1 threads per group or groups in all".into(),
            ));
        }
        if self.threads_per_group() == 0 || self.group_count() == 0 {
            return Err(SimError::EmptyLaunch);
        }
        Ok(())
    }

    fn is_multi_dimensional(&self) -> bool {
        self.local_size[1..].iter().any(|&d| d > 1) || self.num_groups[1..].iter().any(|&d| d > 1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// Seeds every value not given in [`Inputs`].
    pub seed: u64,
    /// Fuel: one step is one thread executing one statement.
    pub max_steps: u64,
    /// Record [`TraceEvent`]s.
    pub trace: bool,
    /// Threads of one warp are ordered (see the crate documentation).
    pub warp_size: Option<u32>,
    /// Same-value write-write conflicts are not races.
    pub benign_tolerance: bool,
    /// OpenCL `get_work_dim()`: the number of dimensions the launch was
    /// given with (the verifier's, from the launch flags); `None` takes
    /// the highest dimension of the launch with a size above 1.
    pub work_dim: Option<u32>,
}

impl Default for SimOptions {
    fn default() -> SimOptions {
        SimOptions {
            seed: 0,
            max_steps: 1_000_000,
            trace: false,
            warp_size: None,
            benign_tolerance: true,
            work_dim: None,
        }
    }
}

/// A `{:source "file", line, col}` location.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl std::fmt::Display for SourceLoc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// One thread of the launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThreadId {
    pub local: [u32; 3],
    pub group: [u32; 3],
    /// x-fastest linearisations.
    pub local_linear: u32,
    pub group_linear: u32,
    pub global_linear: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    Read,
    Write,
    Atomic,
}

impl AccessKind {
    pub fn word(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        }
    }
}

/// One side of a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub kind: AccessKind,
    pub thread: ThreadId,
    pub loc: Option<SourceLoc>,
}

/// What the run found. Only [`Outcome::NoDefect`], [`Outcome::StepLimit`]
/// and [`Outcome::InfeasibleInputs`] are not defects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    NoDefect,
    /// `later` is the access that found the conflict, `earlier` the logged one.
    Race {
        array: String,
        /// Index into the IVL map (elements, or bytes for a byte map).
        index: u128,
        later: Access,
        earlier: Access,
        inter_group: bool,
    },
    BarrierDivergence {
        loc: Option<SourceLoc>,
        group: [u32; 3],
        enabled: Vec<ThreadId>,
        disabled: Vec<ThreadId>,
    },
    AssertionFailure {
        loc: Option<SourceLoc>,
        thread: ThreadId,
    },
    NullPointer {
        loc: Option<SourceLoc>,
        thread: ThreadId,
    },
    /// A path the optimiser deleted as undefined behaviour (`{:ub_check}`).
    UndefinedBehaviour {
        loc: Option<SourceLoc>,
        thread: ThreadId,
    },
    /// An async copy or `wait_group_events` executed by part of the group
    /// (`disabled` non-empty) or with arguments that differ (`differ`: two
    /// work items whose arguments disagree).
    CollectiveDivergence {
        loc: Option<SourceLoc>,
        group: [u32; 3],
        disabled: Vec<ThreadId>,
        differ: Option<(ThreadId, ThreadId)>,
    },
    /// An `assume` (a precondition, a branch with no feasible target) does
    /// not hold: the inputs are outside the kernel's domain; not a defect.
    InfeasibleInputs {
        loc: Option<SourceLoc>,
        thread: ThreadId,
    },
    /// The fuel ran out (a non-terminating or very long kernel).
    StepLimit {
        steps: u64,
    },
}

impl Outcome {
    pub fn is_defect(&self) -> bool {
        !matches!(
            self,
            Outcome::NoDefect | Outcome::StepLimit { .. } | Outcome::InfeasibleInputs { .. }
        )
    }

    /// `write-read` etc.: the later access first (docs/design.md §7).
    pub fn race_kind(&self) -> Option<String> {
        match self {
            Outcome::Race { later, earlier, .. } => {
                Some(format!("{}-{}", later.kind.word(), earlier.kind.word()))
            }
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct SimReport {
    pub kernel: String,
    pub outcome: Outcome,
    pub steps: u64,
    /// The scalar arguments the run used (given or drawn), for reproduction.
    pub scalars: Vec<(String, Value)>,
    pub trace: Vec<TraceEvent>,
    pub(crate) launch: Launch,
    /// Races outside a replay's focus the run continued past (always 0
    /// outside [`replay`]).
    pub skipped_races: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("no kernel procedure `{0}` with a body")]
    NoKernel(String),
    #[error("the launch has no threads")]
    EmptyLaunch,
    #[error("the launch is too large: {0}")]
    LaunchTooLarge(String),
    #[error("cannot simulate: {0}")]
    Unsupported(String),
    #[error("evaluation failed{}: {message}", loc.as_ref().map(|l| format!(" at {l}")).unwrap_or_default())]
    Eval {
        loc: Option<SourceLoc>,
        message: String,
    },
}

/// Runs `kernel` of `program` for every thread of `launch`.
pub fn run(
    program: &ivl::Program,
    kernel: &str,
    launch: &Launch,
    inputs: &Inputs,
    options: &SimOptions,
) -> Result<SimReport, SimError> {
    launch.check()?;
    let prepared = prepare::Prepared::new(program, kernel)?;
    exec::run(&prepared, launch, inputs, options, None)
}

#[cfg(test)]
mod tests {
    use super::{Launch, SimError};

    #[test]
    fn launches_the_verifier_refuses_are_refused() {
        // 2^32 + 1024 threads in x (issue 12): the ids would wrap.
        let too_wide = Launch::linear(1024, 4_194_305);
        assert!(matches!(too_wide.check(), Err(SimError::LaunchTooLarge(_))));
        let mut offset = Launch::linear(64, 2);
        offset.global_offset[0] = u32::MAX;
        assert!(matches!(offset.check(), Err(SimError::LaunchTooLarge(_))));
        offset.global_offset[0] = u32::MAX - 128;
        assert_eq!(offset.check(), Ok(()));
        let group = Launch::new([65536, 65536, 1], [1; 3]);
        assert!(matches!(group.check(), Err(SimError::LaunchTooLarge(_))));
        assert_eq!(Launch::linear(0, 1).check(), Err(SimError::EmptyLaunch));
    }
}
