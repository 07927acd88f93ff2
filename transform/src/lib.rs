//! The transform: kernel IVL to a sequential two-thread IVL program.
//!
//! Consumes a type-checked kernel-dialect program; produces an ordinary
//! sequential program (no kernel builtins remain) whose correctness implies
//! that the kernel is free of intra- and inter-group data races and barrier
//! divergence, and that its annotations hold (paper §4-5.2). It never calls
//! a solver. [`two_thread`] ([`driver`]) runs the passes, each named and
//! timed by a [`Pass`] whose documentation says what it does: inline,
//! arrays, reducible, unwind, flatten, abstraction, race-plan, entry,
//! uniformity, product, assemble. With `--no-inline`, [`modular`] keeps
//! every device function the kernel calls as a two-thread procedure and
//! the passes after inlining run on each. The product's names (`x$1`,
//! `_P$1`, `READ_HAS_OCCURRED_A`, ...) come from [`names`].
//!
//! [`defect`] maps a failing check of the product back to the kernel.

mod access;
pub mod arrays;
mod assemble;
pub mod assertion_reads;
mod async_copy;
pub mod config;
pub mod defect;
pub mod driver;
mod entry;
pub mod error;
pub mod explicit;
pub mod flatten;
pub mod k_induction;
mod layout;
pub mod math_int;
pub mod modular;
pub mod names;
pub mod order;
pub mod postcheck;
mod procedure_body;
mod product;
pub mod race;
pub mod race_plan;
pub mod rename;
pub mod row_major;
pub mod slice;
mod specs;
mod statements;
pub mod taint;
pub mod uniformity;

pub mod unwind;
pub mod warp;

pub use arrays::{ArrayInfo, MemorySpace};
pub use config::{
    Abstraction, AbstractionChoice, LaunchTooLarge, TransformConfig, MAX_LAUNCH_EXTENT,
};
pub use defect::{defect, CheckClass, Defect, DefectKind, ThreadIds};
pub use driver::{two_thread, Pass, PassTimes};
pub use error::TransformError;
pub use explicit::{explicit_threads, ExplicitConfig, ExplicitProgram};
pub use product::source_loc;
pub use race::AccessKind;

/// A position in the kernel source (from `{:source}` attributes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// One access of the kernel to a shared array; race checks name the
/// checked access by its id (`{:site k}`), and the ghost `*_SITE_A` holds
/// the id of thread 1's logged access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessSite {
    pub id: u32,
    /// The array's IVL name.
    pub array: String,
    pub kind: AccessKind,
    pub source: Option<SourceLoc>,
    /// The access statement's span in the kernel IVL (for kernels written
    /// in IVL by hand, which have no `{:source}`); `DUMMY` if synthesised.
    pub span: ivl::Span,
}

/// The result of the transform.
#[derive(Clone, Debug)]
pub struct TwoThreadProgram {
    /// The sequential product program; it type-checks.
    pub program: ivl::Program,
    /// The product procedure (named like the kernel).
    pub procedure: String,
    /// Every procedure of the product to verify: the kernel first, then
    /// (with `--no-inline`) the device functions kept as two-thread
    /// procedures.
    pub procedures: Vec<String>,
    /// The kernel's source name (`{:source_name}`), or its IVL name.
    pub kernel_source_name: String,
    pub arrays: Vec<ArrayInfo>,
    pub access_sites: Vec<AccessSite>,
    /// Whether the group ids are one copy (`--only-intra-group`).
    pub only_intra_group: bool,
    /// Loops were unwound (`--loop-unwind`): a success is bounded.
    pub loop_unwind: Option<u32>,
    /// The time each pass took (filled in by [`two_thread`]).
    pub pass_times: PassTimes,
}
