//! The over-approximating first attempt for long kernels.
//!
//! Consumes a kernel (inlined when it calls device functions) and, when
//! `transform::slice::slice_with` with `cut_read_only_reads` havocs at
//! least [`MIN_CUT`] more statements than the kernel has, verifies that
//! cut kernel first: every assignment reading a per-thread array or a
//! shared array the kernel never writes becomes a `havoc`, and so does
//! everything whose value then reaches no check. Hash kernels (hashcat's
//! MD5 rounds over a private context, their digest looked up in read-only
//! bitmaps) shrink to their loop counters and guards.
//!
//! Guarantees (SOUNDNESS.md, "Slicing"): the cut kernel has every
//! execution of the kernel (a `havoc` allows every value the assignment
//! allows) and the same race-checked accesses (no read of an array the
//! kernel writes is removed), so only its "verified" is taken; any other
//! outcome (a defect, which may be one only of the cut kernel, a timeout,
//! an error) is dropped and the caller verifies as before. Its stage times
//! are added to the kernel's.

use crate::cli::Cli;
use crate::exit::Outcome;
use crate::outcome::{KernelResult, TextOut};
use crate::pipeline::{debug_stage, havocs, statements, verify_kernel_once, KernelInput};
use transform::slice::{slice_with, SliceOptions};

/// Statements the cut must havoc beyond the kernel's own `havoc`s for the
/// extra attempt to be worth it (small kernels, the whole test corpus,
/// never try it: a failed attempt costs a whole verification).
pub const MIN_CUT: usize = 400;

/// Verifies the cut kernel of `base` (the possibly inlined `k`); `true`
/// when it was proved, `result` and `out` then hold its verdict.
pub fn try_proof(
    cli: &Cli,
    source: Option<&str>,
    k: &KernelInput,
    base: &ivl::Program,
    config: &transform::TransformConfig,
    result: &mut KernelResult,
    out: &mut TextOut,
) -> bool {
    let options = SliceOptions {
        drop_written_values: true,
        cut_read_only_reads: true,
    };
    let Some(program) = slice_with(base, k.procedure, options) else {
        return false;
    };
    let before = havocs(base, k.procedure);
    let after = havocs(&program, k.procedure);
    if after < before + MIN_CUT {
        return false;
    }
    debug_stage(
        cli,
        out,
        format_args!(
            "kernel `{}`: verifying the read-cut kernel first ({} of {} statements havocked; only a proof is taken)",
            k.source_name,
            after - before,
            statements(base, k.procedure)
        ),
    );
    let sk = KernelInput {
        program: &program,
        ..*k
    };
    let mut trial = result.clone();
    let mut trial_out = TextOut::default();
    verify_kernel_once(cli, source, &sk, config, &mut trial, &mut trial_out);
    if trial.verdict == Outcome::Verified {
        *result = trial;
        out.stdout.push_str(&trial_out.stdout);
        out.stderr.push_str(&trial_out.stderr);
        return true;
    }
    debug_stage(
        cli,
        out,
        format_args!(
            "kernel `{}`: the read-cut kernel gave {}; slicing exactly",
            k.source_name,
            trial.verdict.name()
        ),
    );
    result.times.add_transform(&trial.times);
    result.times.inference += trial.times.inference;
    result.times.solving += trial.times.solving;
    false
}
