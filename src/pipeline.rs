//! The kernel path of the binary: kernel IVL -> transform -> solver ->
//! defects. Glue only: the passes live in the library crates; this module
//! chooses configurations, runs them in order, and hands results to
//! `kernel_report` for rendering. (Inlining is the transform's first pass.)

use crate::cli::{AbstractionArg, Cli, Dims, StopAt};
use crate::exit::Outcome;
use crate::kernel_report::{self, Dialect};
use std::path::Path;

/// One kernel to verify: its procedure, its source name, its program.
pub struct KernelInput<'a> {
    pub procedure: &'a str,
    pub source_name: &'a str,
    pub program: &'a ivl::Program,
}

fn pad(dims: &Option<Dims>, fill: Option<u64>) -> [Option<u64>; 3] {
    match dims {
        None => [None; 3],
        Some(Dims(v)) => {
            let mut out = [fill; 3];
            for (k, d) in v.iter().enumerate().take(3) {
                out[k] = *d;
            }
            out
        }
    }
}

/// The transform configuration the command line asks for.
pub fn transform_config(cli: &Cli) -> Result<transform::TransformConfig, String> {
    let local_size = pad(&cli.local_size, Some(1));
    let mut num_groups = pad(&cli.num_groups, Some(1));
    if let Some(global) = &cli.global_size {
        let global = pad(&Some(global.clone()), Some(1));
        for k in 0..3 {
            num_groups[k] = match (global[k], local_size[k]) {
                (Some(g), Some(l)) if l > 0 && g % l == 0 => Some(g / l),
                (Some(_), Some(_)) => {
                    return Err("--global_size must be a multiple of --local_size".into())
                }
                _ => None,
            };
        }
    }
    let abstraction = if cli.equality_abstraction {
        transform::AbstractionChoice::Equality
    } else if cli.adversarial_abstraction {
        transform::AbstractionChoice::Adversarial
    } else {
        match cli.abstraction {
            AbstractionArg::Auto => transform::AbstractionChoice::Auto,
            AbstractionArg::Equality => transform::AbstractionChoice::Equality,
            AbstractionArg::Adversarial => transform::AbstractionChoice::Adversarial,
        }
    };
    Ok(transform::TransformConfig {
        local_size,
        num_groups,
        global_offset: pad(&cli.global_offset, Some(0)),
        only_intra_group: cli.only_intra_group,
        only_divergence: cli.only_divergence,
        abstraction,
        benign_tolerance: !cli.no_benign_tolerance,
        warp_sync: cli.warp_sync,
        loop_unwind: if cli.findbugs {
            Some(cli.loop_unwind.unwrap_or(2))
        } else {
            cli.loop_unwind
        },
        no_inline: cli.no_inline,
    })
}

fn check_class(kind: &solver::CheckKind) -> transform::CheckClass {
    match kind {
        solver::CheckKind::Assertion => transform::CheckClass::Assertion,
        solver::CheckKind::InvariantEntry => transform::CheckClass::InvariantEntry,
        solver::CheckKind::InvariantMaintained => transform::CheckClass::InvariantMaintained,
        solver::CheckKind::Precondition { .. } => transform::CheckClass::Precondition,
        solver::CheckKind::Postcondition => transform::CheckClass::Postcondition,
    }
}

fn model_value(model: &solver::Model, name: &str) -> Option<u128> {
    match model.get(name)? {
        solver::value::Value::Bv { value, .. } => Some(*value),
        solver::value::Value::Int(i) if *i >= 0 => Some(*i as u128),
        solver::value::Value::Bool(b) => Some(*b as u128),
        _ => None,
    }
}

/// Verifies each kernel; returns the worst outcome.
pub fn verify_kernels(cli: &Cli, path: &Path, kernels: &[KernelInput]) -> Outcome {
    let display = path.display().to_string();
    let config = match transform_config(cli) {
        Ok(c) => c,
        Err(message) => {
            eprintln!("{display}: error: {message}");
            return Outcome::CommandLine;
        }
    };
    let dialect = Dialect::of_path(path);
    let mut worst = Outcome::Verified;
    for k in kernels {
        let outcome = verify_kernel(cli, path, &display, k, &config, dialect);
        worst = worst.max(outcome);
    }
    worst
}

fn verify_kernel(
    cli: &Cli,
    path: &Path,
    display: &str,
    k: &KernelInput,
    config: &transform::TransformConfig,
    dialect: Dialect,
) -> Outcome {
    let two = match transform::two_thread(k.program, k.procedure, config) {
        Ok(two) => two,
        Err(err) => {
            eprintln!("{display}: error: kernel `{}`: {err}", k.source_name);
            return Outcome::TransformError;
        }
    };
    let diagnostics = ivl::check(&two.program);
    if !diagnostics.is_empty() {
        let file = ivl::SourceFile::new("two-thread.ivl", ivl::print(&two.program));
        for d in &diagnostics {
            eprintln!("{display}: internal error: {}", d.render_plain(&file));
        }
        return Outcome::TransformError;
    }
    if cli.stop_at == Some(StopAt::TwoThread) {
        print!("{}", ivl::print(&two.program));
        return Outcome::Verified;
    }
    let solver_config = crate::solver_config(cli);
    // The kernel, then (with --no-inline) each device function kept as a
    // two-thread procedure: the kernel is verified only if all are.
    let mut reports = Vec::new();
    for procedure in &two.procedures {
        let inference = match infer::verify(
            &two.program,
            procedure,
            &crate::infer_cli::infer_config(cli),
            &solver_config,
        ) {
            Ok(r) => r,
            Err(err) => {
                eprintln!("{display}: error: {err}");
                return crate::solver_error_outcome(&err);
            }
        };
        if cli.infer_info {
            let info = crate::infer_cli::render_info(k.source_name, &inference);
            print!("{info}");
        }
        if let Some(reason) = &inference.incomplete {
            // No candidate was proved: the kernel is never reported verified.
            println!(
                "Not verified (inference incomplete): {display} (kernel `{}`{}): {reason}",
                k.source_name,
                if *procedure == two.procedure {
                    String::new()
                } else {
                    format!(", procedure `{procedure}`")
                }
            );
            return Outcome::NotVerified;
        }
        reports.push(inference.report);
    }
    let source = std::fs::read_to_string(path).ok();
    let mut defects = 0;
    for report in &reports {
        for failure in report.outcome.failures() {
            let d = transform::defect(
                &two,
                &failure.check.attrs,
                failure.check.span,
                check_class(&failure.check.kind),
                &|name| model_value(&failure.model, name),
            );
            eprint!(
                "{}",
                kernel_report::render(display, source.as_deref(), &d, dialect, config)
            );
            defects += 1;
        }
    }
    let checks: usize = reports.iter().map(|r| r.checks).sum();
    // The worst outcome decides: an error, then unknown, then failures.
    let verified = solver::Outcome::Verified;
    let outcome = reports
        .iter()
        .map(|r| &r.outcome)
        .max_by_key(|o| match o {
            solver::Outcome::Verified => 0,
            solver::Outcome::Failed(_) => 1,
            solver::Outcome::Unknown { .. } => 2,
            solver::Outcome::Error(_) => 3,
        })
        .unwrap_or(&verified);
    match outcome {
        solver::Outcome::Verified => {
            match config.loop_unwind {
                Some(n) => println!(
                    "No defects found up to {n} loop iteration{}: {display} (kernel `{}`)",
                    if n == 1 { "" } else { "s" },
                    k.source_name
                ),
                None => print!(
                    "{}",
                    kernel_report::verified(display, &two, config, dialect, checks)
                ),
            }
            Outcome::Verified
        }
        solver::Outcome::Failed(_) => {
            println!(
                "Not verified: {display} (kernel `{}`): {defects} possible defect{}",
                k.source_name,
                if defects == 1 { "" } else { "s" }
            );
            Outcome::NotVerified
        }
        solver::Outcome::Unknown { reason, .. } => {
            eprintln!(
                "{display}: error: kernel `{}` could not be verified: {reason}",
                k.source_name
            );
            Outcome::Timeout
        }
        solver::Outcome::Error(err) => {
            eprintln!("{display}: error: kernel `{}`: {err}", k.source_name);
            crate::solver_error_outcome(err)
        }
    }
}
