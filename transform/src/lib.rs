//! The transform: kernel IVL to a sequential two-thread IVL program.
//!
//! Consumes a type-checked kernel-dialect program; produces an ordinary
//! sequential program (no kernel builtins remain) whose correctness implies
//! that the kernel is free of intra- and inter-group data races and barrier
//! divergence, and that its annotations hold (paper §4-5.2). It never calls
//! a solver. [`two_thread`] orders the passes:
//!
//! 1. `ivl::inline` — device functions are inlined into the kernel (with
//!    `--no-inline`, [`modular`] instead keeps every device function the
//!    kernel calls as a two-thread procedure, and passes 2-8 run on each);
//! 2. [`order::check_reducible`] — irreducible kernels are an error;
//! 3. [`unwind`] — with `--loop-unwind`, loops are unrolled; blocks whose
//!    leading `assume`s several branches share are split per edge;
//! 4. [`arrays`] + [`flatten`] — shared arrays; one access per statement;
//! 5. [`taint`] — the abstraction of each array;
//! 6. [`uniformity`] — uniform variables, blocks and branches;
//! 7. [`race::plan`] — the ghosts of each array;
//! 8. [`prelude`] + [`product`] (with `layout`, `statements`, `specs`) +
//!    [`access`] — the product program (with `--no-inline`, one procedure
//!    per device function, entered as [`modular::analyse_all`] decides);
//!
//! and [`defect`] maps a failing check of the product back to the kernel.

mod access;
pub mod arrays;
pub mod config;
pub mod defect;
pub mod error;
pub mod explicit;
pub mod flatten;
mod layout;
pub mod modular;
pub mod order;
mod prelude;
mod product;
pub mod race;
pub mod rename;
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
pub use error::TransformError;
pub use explicit::{explicit_threads, ExplicitConfig, ExplicitProgram};
pub use product::source_loc;
pub use race::AccessKind;
use std::collections::HashSet;

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
}

/// Runs every pass on kernel `kernel` of `program`.
pub fn two_thread(
    program: &ivl::Program,
    kernel: &str,
    config: &TransformConfig,
) -> Result<TwoThreadProgram, TransformError> {
    config
        .check_launch()
        .map_err(TransformError::LaunchTooLarge)?;
    let inlined = if config.no_inline {
        program.clone()
    } else {
        ivl::inline::inline(program)?
    };
    inlined
        .procedure(kernel)
        .filter(|p| p.is_kernel() && p.body.is_some())
        .ok_or_else(|| TransformError::NoKernel(kernel.to_string()))?;
    let names = if config.no_inline {
        modular::reachable(&inlined, kernel)?
    } else {
        vec![kernel.to_string()]
    };
    let mut procs: Vec<ivl::ast::Procedure> = names
        .iter()
        .filter_map(|n| inlined.procedure(n).cloned())
        .collect();
    let mut used = HashSet::new();
    for proc in &procs {
        used.extend(prelude::names_in(&inlined, proc));
    }
    let mut arrays = arrays::collect(&inlined);
    for proc in &mut procs {
        let name = proc.name.name.clone();
        let body = proc
            .body
            .as_ref()
            .ok_or_else(|| TransformError::NoKernel(name.clone()))?;
        order::check_reducible(body, &name)?;
        if let Some(n) = config.loop_unwind {
            unwind::unwind(proc, n, &mut used)?;
        }
        unwind::split_condition_joins(proc, &mut used)?;
        flatten::flatten(proc, &arrays, &mut used)?;
    }
    taint::choose(&procs, &mut arrays, config)?;
    prelude::build(&inlined, &procs, arrays, config, used)
}
