//! `--simulate`: run each kernel concretely in the reference interpreter
//! (the `simulate` crate) for the launch given on the command line, and
//! report the first race, divergence or failing assertion it meets, or that
//! this one execution has none. Glue only: the semantics live in `simulate`.

use crate::cli::{Cli, Dims};
use crate::exit::Outcome;
use crate::pipeline::KernelInput;
use std::path::Path;

/// A concrete launch size: every dimension given and no `*`.
fn concrete(dims: &Option<Dims>, flag: &str) -> Result<[u32; 3], String> {
    let Some(Dims(values)) = dims else {
        return Err(format!("--simulate needs {flag} (a concrete launch)"));
    };
    let mut out = [1u32; 3];
    for (k, value) in values.iter().enumerate().take(3) {
        match value.and_then(|v| u32::try_from(v).ok()) {
            Some(v) if v > 0 => out[k] = v,
            _ => {
                return Err(format!(
                    "--simulate needs concrete, non-zero sizes in {flag}"
                ))
            }
        }
    }
    Ok(out)
}

/// The `--kernel-args` values of this kernel, by scalar parameter.
fn inputs(cli: &Cli, kernel: &KernelInput) -> simulate::Inputs {
    let inputs = simulate::Inputs::default();
    let Some(procedure) = kernel.program.procedure(kernel.procedure) else {
        return inputs;
    };
    let Some(values) = cli
        .kernel_args
        .iter()
        .find(|k| k.kernel == kernel.source_name)
    else {
        return inputs;
    };
    inputs.with_kernel_args(procedure, &values.values)
}

pub fn run(cli: &Cli, path: &Path, kernels: &[KernelInput]) -> Outcome {
    let launch = match (
        concrete(&cli.local_size, "--local_size"),
        concrete(&cli.num_groups, "--num_groups"),
    ) {
        (Ok(local_size), Ok(num_groups)) => {
            let mut launch = simulate::Launch::new(local_size, num_groups);
            // The offset the verifier models (`*` or absent: 0, one of the
            // offsets a `*` stands for).
            if let Some(Dims(offsets)) = &cli.global_offset {
                for (k, offset) in offsets.iter().enumerate().take(3) {
                    match offset.map(u32::try_from) {
                        Some(Ok(v)) => launch.global_offset[k] = v,
                        Some(Err(_)) => {
                            eprintln!(
                                "{}: error: --global_offset must be below 2^32",
                                path.display()
                            );
                            return Outcome::CommandLine;
                        }
                        None => {}
                    }
                }
            }
            launch
        }
        (Err(message), _) | (_, Err(message)) => {
            eprintln!("{}: error: {message}", path.display());
            return Outcome::CommandLine;
        }
    };
    let options = simulate::SimOptions {
        seed: cli.seed,
        trace: cli.trace,
        warp_size: cli.warp_sync,
        benign_tolerance: !cli.no_benign_tolerance,
        work_dim: crate::pipeline::work_dim(cli),
        ..simulate::SimOptions::default()
    };
    let mut worst = Outcome::Verified;
    for kernel in kernels {
        let report = match simulate::run(
            kernel.program,
            kernel.procedure,
            &launch,
            &inputs(cli, kernel),
            &options,
        ) {
            Ok(report) => report,
            Err(err) => {
                eprintln!(
                    "{}: error: kernel `{}` cannot be simulated: {err}",
                    path.display(),
                    kernel.source_name
                );
                worst = worst.max(match err {
                    simulate::SimError::LaunchTooLarge(_) | simulate::SimError::EmptyLaunch => {
                        Outcome::CommandLine
                    }
                    _ => Outcome::Unsupported,
                });
                continue;
            }
        };
        if cli.trace {
            print!("{}", simulate::render_trace(&report.trace));
        }
        let outcome = match &report.outcome {
            simulate::Outcome::NoDefect => {
                println!(
                    "{}: kernel `{}`: no defect in this execution (seed {}, {} steps)",
                    path.display(),
                    kernel.source_name,
                    cli.seed,
                    report.steps
                );
                Outcome::Verified
            }
            simulate::Outcome::StepLimit { .. } => {
                eprint!("{}", report.render());
                Outcome::Timeout
            }
            simulate::Outcome::InfeasibleInputs { .. } => {
                eprint!("{}", report.render());
                Outcome::CommandLine
            }
            _ => {
                eprint!("{}", report.render());
                Outcome::NotVerified
            }
        };
        worst = worst.max(outcome);
    }
    worst
}
