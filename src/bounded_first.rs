//! Defects on loop-free paths, looked for before invariant inference.
//!
//! Consumes a kernel with loops (in the kernel or in a callee) and its
//! transform configuration; runs the pipeline once with every loop unwound
//! (`--loop-unwind=N`: the paths of at most N iterations per loop, among
//! them every path up to the first loop; more iterations are blocked, never
//! assumed), under a short per-query budget. N is the largest of 5, 2, 1
//! and 0 for which the unwound copies stay small ([`unwind_depth`]): 5
//! covers the warp-shuffle loops (`offset = 16; offset > 0; offset /= 2`)
//! that come before most races of reduction kernels.
//! Guarantees: a defect is taken only when that run ends in
//! `NotVerified` with races or barrier divergence and no error; such a
//! counterexample is an execution of the unwound program, which has no
//! loop to cut and no candidate invariant to assume (inference adds none
//! to a loop-free program), so it is a trace of the kernel's two-thread
//! program (a prefix of its executions), exactly as trusted as a defect
//! found by `--findbugs`. Anything else (verified up to zero iterations,
//! a timeout, an error, another kind of defect) proves nothing and is
//! discarded: the kernel then goes through slicing, inference and the
//! proof as before. So a racy kernel whose race lies before its loops is
//! reported without waiting for Houdini, and a race-free kernel pays one
//! extra bounded run.
//! Deliberately does not: unwind deeper than the size estimate allows (the
//! copies of nested loops multiply), or run in parallel with inference.

use crate::cli::Cli;
use crate::exit::Outcome;
use crate::outcome::{KernelResult, TextOut};
use crate::pipeline::KernelInput;

/// The per-query budget of the bounded run: a defect on a loop-free path
/// is usually found in well under a second; more is left to the proof.
/// On race-free kernels whose unwound program is hard (a `sat`-free query
/// that runs to its budget) the budget is the whole cost of the run: 5 s
/// made the bounded run 13% of the corpus's verification time (debug
/// build, 2026-11-24, scripts/bench-bounded-first), so it is 2 s.
const BOUNDED_QUERY_SECS: u64 = 2;

/// The most statements the unwound program may have, estimated as the
/// statements of every body times (N+1) to the deepest loop nesting.
const MAX_UNWOUND_STATEMENTS: u64 = 20_000;

/// The unwinding depth of the bounded run, when it applies: a proof run
/// (no `--loop-unwind`, `--findbugs`, k-induction or `--stop-at`) of a
/// kernel with a loop (in its body or a callee's: the transform inlines).
pub fn applies(cli: &Cli, k: &KernelInput, config: &transform::TransformConfig) -> Option<u32> {
    if cli.stop_at.is_some()
        || cli.infer_info
        || config.loop_unwind.is_some()
        || config.k_induction.is_some()
        // With --no-inline, calls are summarised by contracts, some of them
        // inferred candidates: a model there need not be a trace.
        || config.no_inline
    {
        return None;
    }
    unwind_depth(k.program)
}

/// `None` without loops; else the largest N of 5, 2, 1, 0 whose estimate
/// stays under [`MAX_UNWOUND_STATEMENTS`].
fn unwind_depth(program: &ivl::Program) -> Option<u32> {
    let mut statements = 0u64;
    let mut nesting = 0u32;
    for p in program.procedures() {
        let Some(body) = &p.body else { continue };
        statements += body
            .blocks
            .iter()
            .map(|b| b.stmts.len() as u64 + 1)
            .sum::<u64>();
        // An irreducible body: the proof run reports it.
        if let Ok(cfg) = ivl::cfg::Cfg::new(body) {
            let loops = cfg.loops();
            for l in loops.ids() {
                nesting = nesting.max(loops.depth(l));
            }
        }
    }
    if nesting == 0 {
        return None;
    }
    [5u32, 2, 1, 0].into_iter().find(|&n| {
        let copies = u64::from(n + 1).saturating_pow(nesting);
        statements.saturating_mul(copies) <= MAX_UNWOUND_STATEMENTS
    })
}

/// Runs the kernel unwound zero times; the result when it found races or
/// barrier divergence only (see the module doc), else `None`.
pub fn defects_before_loops(
    cli: &Cli,
    depth: u32,
    config: &transform::TransformConfig,
    result: &KernelResult,
    run: impl FnOnce(&Cli, &transform::TransformConfig, &mut KernelResult, &mut TextOut),
) -> Option<(KernelResult, TextOut)> {
    let mut bounded_cli = cli.clone();
    bounded_cli.timeout = match cli.timeout {
        0 => BOUNDED_QUERY_SECS,
        t => t.min(BOUNDED_QUERY_SECS),
    };
    let bounded = transform::TransformConfig {
        loop_unwind: Some(depth),
        ..config.clone()
    };
    let mut trial = result.clone();
    let mut out = TextOut::default();
    run(&bounded_cli, &bounded, &mut trial, &mut out);
    let stands = trial.verdict == Outcome::NotVerified
        && trial.errors.is_empty()
        && !trial.defects.is_empty()
        && trial
            .defects
            .iter()
            .all(|d| matches!(d.kind, "race" | "barrier-divergence"));
    if !stands {
        return None;
    }
    // The report is a proof run's: the unwinding is how the trace was
    // found, not a bound on what was checked.
    trial.loop_unwind = None;
    trial.summary = format!(
        "{} (found on a path of at most {depth} iteration{} per loop, before inference)",
        trial.summary,
        if depth == 1 { "" } else { "s" }
    );
    Some((trial, out))
}
