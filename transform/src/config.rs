//! The transform's configuration: one struct instead of many flags.

/// How the contents of one shared array are modelled for the pair of
/// threads (paper §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Abstraction {
    /// The array is removed; every read yields a fresh arbitrary value.
    Adversarial,
    /// Each thread reads and writes its own copy (`A$1`, `A$2`); the copies
    /// start equal and are made equal again (and arbitrary) at a barrier
    /// when the threads share a group.
    Equality,
}

/// What the user asked for on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AbstractionChoice {
    /// Per array: equality if its values may reach control flow or an
    /// address (taint analysis), adversarial otherwise; atomically accessed
    /// arrays are always adversarial.
    #[default]
    Auto,
    Equality,
    Adversarial,
}

/// The launch and checking options of one transform run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformConfig {
    /// Threads per group in x, y, z; `None` leaves the size unconstrained.
    pub local_size: [Option<u64>; 3],
    /// Groups in x, y, z; `None` leaves the count unconstrained.
    pub num_groups: [Option<u64>; 3],
    /// OpenCL global offset; `None` leaves it unconstrained.
    pub global_offset: [Option<u64>; 3],
    /// Only consider two threads of one group (group ids become uniform).
    pub only_intra_group: bool,
    /// Check barrier divergence (and assertions) only: no race checks.
    pub only_divergence: bool,
    pub abstraction: AbstractionChoice,
    /// Tolerate write-write races where both threads write the same value.
    pub benign_tolerance: bool,
    /// `--warp-sync=N`: threads of one warp (same group, same local id / N)
    /// run in lock step and never race with each other.
    pub warp_sync: Option<u32>,
    /// `--loop-unwind=N` / `--findbugs`: unroll every loop N times instead
    /// of cutting it with invariants (bounded checking, not a proof).
    pub loop_unwind: Option<u32>,
    /// `--no-inline`: device functions with a body stay procedures, each
    /// verified as a two-thread procedure against its contract.
    pub no_inline: bool,
    /// Check that a barrier invariant reads only elements its thread
    /// accessed since the last barrier (off: `--no-barrier-access-checks`,
    /// an assumption).
    pub barrier_access_checks: bool,
    /// `--asymmetric-asserts`: user assertions checked for thread 1 only
    /// (sound: the pair is arbitrary).
    pub asymmetric_asserts: bool,
}

impl Default for TransformConfig {
    fn default() -> TransformConfig {
        TransformConfig {
            local_size: [None; 3],
            num_groups: [None; 3],
            global_offset: [None; 3],
            only_intra_group: false,
            only_divergence: false,
            abstraction: AbstractionChoice::Auto,
            benign_tolerance: true,
            warp_sync: None,
            loop_unwind: None,
            no_inline: false,
            barrier_access_checks: true,
            asymmetric_asserts: false,
        }
    }
}
