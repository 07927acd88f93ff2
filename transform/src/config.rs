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
    /// `--k-induction-depth=K`: loops of the two-thread program proved by
    /// k-induction instead of invariants (`crate::k_induction`).
    pub k_induction: Option<u32>,
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
    /// OpenCL `get_work_dim()`: the number of dimensions the launch flags
    /// give (1 for `--local_size=64`); `None` leaves it arbitrary in 1..=3.
    pub work_dim: Option<u32>,
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
            k_induction: None,
            no_inline: false,
            barrier_access_checks: true,
            asymmetric_asserts: false,
            work_dim: None,
        }
    }
}

/// The most threads one dimension of a launch may have, global offset
/// included: ids, sizes and offsets are 32-bit unsigned, and every global
/// id (`group_id * local_size + local_id + global_offset`) and the global
/// size (`num_groups * local_size`) must be representable without wrapping.
pub const MAX_LAUNCH_EXTENT: u64 = u32::MAX as u64;

/// A launch the model does not represent: in dimension `dim`,
/// `num_groups * local_size + global_offset` exceeds [`MAX_LAUNCH_EXTENT`]
/// for the sizes given (an unconstrained `*` entry counts as its least
/// value: 1 for a size, 0 for the offset), or a size is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchTooLarge {
    /// 0, 1, 2 for x, y, z.
    pub dim: usize,
    pub num_groups: u64,
    pub local_size: u64,
    pub global_offset: u64,
    /// `num_groups * local_size + global_offset`, exactly.
    pub extent: u128,
}

impl std::fmt::Display for LaunchTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.num_groups == 0 || self.local_size == 0 {
            return write!(
                f,
                "dimension {} has {} groups of {} threads: sizes are at least 1",
                ["x", "y", "z"][self.dim],
                self.num_groups,
                self.local_size
            );
        }
        write!(
            f,
            "dimension {} has {} groups x {} threads + global offset {} = {} (above {} = 2^32 - 1)",
            ["x", "y", "z"][self.dim],
            self.num_groups,
            self.local_size,
            self.global_offset,
            self.extent,
            MAX_LAUNCH_EXTENT
        )
    }
}

impl TransformConfig {
    /// Refuses a launch whose ids do not fit 32 bits in some dimension
    /// (see [`MAX_LAUNCH_EXTENT`]); the launch assumptions of `specs.rs`
    /// would otherwise be false for it and every proof vacuous.
    pub fn check_launch(&self) -> Result<(), LaunchTooLarge> {
        for dim in 0..3 {
            let num_groups = self.num_groups[dim].unwrap_or(1);
            let local_size = self.local_size[dim].unwrap_or(1);
            let global_offset = self.global_offset[dim].unwrap_or(0);
            let extent =
                u128::from(num_groups) * u128::from(local_size) + u128::from(global_offset);
            if extent > u128::from(MAX_LAUNCH_EXTENT) || num_groups == 0 || local_size == 0 {
                return Err(LaunchTooLarge {
                    dim,
                    num_groups,
                    local_size,
                    global_offset,
                    extent,
                });
            }
        }
        Ok(())
    }
}
