//! `gpuverify`: the command-line driver. It parses arguments, runs the
//! pipeline stages of the library crates, renders their results and owns
//! the exit code. It holds no verification logic.

mod cli;
mod exit;
mod infer_cli;
mod kernel_report;
mod pipeline;
mod report;
mod simulate_cmd;
mod stop_at_vc;

use clap::FromArgMatches;
use cli::{Cli, SolverChoice, StopAt};
use exit::Outcome;
use ivl::SourceFile;
use report::Renderer;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return command_line_error(err),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => return command_line_error(err),
    };
    if let Err(err) = cli.validate() {
        return command_line_error(err);
    }
    let renderer = Renderer::for_stderr();
    let worst = cli
        .files
        .iter()
        .map(|path| run_file(&cli, &renderer, path))
        .max()
        .unwrap_or(Outcome::Verified);
    worst.into()
}

/// clap's own message; `--help`/`--version` succeed, anything else is exit 1.
fn command_line_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let _ = err.print();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Verified.into(),
        _ => Outcome::CommandLine.into(),
    }
}

fn run_file(cli: &Cli, renderer: &Renderer, path: &Path) -> Outcome {
    let display = path.display().to_string();
    match path.extension().and_then(|e| e.to_str()) {
        _ if cli.language_override().is_some() => return run_kernel_source(cli, path),
        Some("ivl") if cli.check_array_bounds => {
            // The checks are made while lowering source; never ignored.
            eprintln!(
                "{display}: error: --check-array-bounds applies to .cl, .cu, .bc and .ll input; \
                 in an .ivl file, state the bounds as assertions"
            );
            return Outcome::CommandLine;
        }
        Some("ivl") => {}
        Some("cl" | "cu" | "bc" | "ll") => return run_kernel_source(cli, path),
        _ => {
            eprintln!("{display}: error: unknown input kind (expected a .ivl file)");
            return Outcome::CommandLine;
        }
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("{display}: error: cannot read the file: {err}");
            return Outcome::CommandLine;
        }
    };
    let file = SourceFile::new(display.clone(), text);
    let program = match ivl::parse(&file) {
        Ok(program) => program,
        Err(diagnostics) => return report_errors(renderer, &file, &diagnostics),
    };
    let diagnostics = ivl::check(&program);
    if !diagnostics.is_empty() {
        return report_errors(renderer, &file, &diagnostics);
    }
    if cli.stop_at == Some(StopAt::Ivl) {
        print!("{}", ivl::print(&program));
        return Outcome::Verified;
    }
    if program.is_kernel() {
        let kernels: Vec<pipeline::KernelInput> = program
            .procedures()
            .filter(|p| p.is_kernel())
            .map(|p| pipeline::KernelInput {
                procedure: &p.name.name,
                source_name: &p.name.name,
                program: &program,
            })
            .collect();
        if cli.simulate {
            return simulate_cmd::run(cli, path, &kernels);
        }
        return pipeline::verify_kernels(cli, path, &kernels);
    }
    if cli.stop_at == Some(StopAt::Vc) {
        return match stop_at_vc::render(&program, &[]) {
            Ok(text) => {
                print!("{text}");
                Outcome::Verified
            }
            Err(err) => {
                eprint!("{}", renderer.render_error(&file, &err));
                solver_error_outcome(&err)
            }
        };
    }
    verify_sequential(cli, renderer, &file, &program)
}

fn frontend_config(cli: &Cli) -> frontend::FrontendConfig {
    frontend::FrontendConfig {
        defines: cli.defines.clone(),
        include_dirs: cli.include_dirs.clone(),
        only_kernels: cli.kernels.clone(),
        kernel_args: cli.kernel_args.clone(),
        kernel_arrays: cli.kernel_arrays.clone(),
        pointer_bitwidth: cli.pointer_bitwidth,
        opencl_std: cli.cl_std.clone(),
        language: cli.language_override(),
        check_array_bounds: cli.check_array_bounds,
        ..frontend::FrontendConfig::default()
    }
}

/// OpenCL C, CUDA or LLVM input: compile and lower every kernel.
fn run_kernel_source(cli: &Cli, path: &Path) -> Outcome {
    let lowered = match frontend::lower_file(path, &frontend_config(cli)) {
        Ok(lowered) => lowered,
        Err(err) => {
            eprint!("{}", report::render_frontend_error(path, &err));
            return frontend_error_outcome(&err);
        }
    };
    if lowered.kernels.is_empty() {
        eprintln!("{}: error: no kernel found", path.display());
        return Outcome::CommandLine;
    }
    if cli.stop_at == Some(StopAt::Ivl) {
        for kernel in &lowered.kernels {
            print!("{}", ivl::print(&kernel.program));
        }
        return Outcome::Verified;
    }
    let kernels: Vec<pipeline::KernelInput> = lowered
        .kernels
        .iter()
        .map(|k| pipeline::KernelInput {
            procedure: &k.name,
            source_name: &k.source_name,
            program: &k.program,
        })
        .collect();
    if cli.simulate {
        return simulate_cmd::run(cli, path, &kernels);
    }
    pipeline::verify_kernels(cli, path, &kernels)
}

fn frontend_error_outcome(err: &frontend::FrontendError) -> Outcome {
    use frontend::FrontendError as E;
    match err {
        E::Clang { .. } => Outcome::ClangError,
        E::Unsupported { .. } | E::Malformed { .. } => Outcome::Unsupported,
        E::ToolMissing { .. } | E::ToolVersion { .. } => Outcome::Configuration,
        E::Io { .. } => Outcome::CommandLine,
    }
}

pub(crate) fn solver_config(cli: &Cli) -> solver::Config {
    let backend = match cli.solver {
        SolverChoice::Z3 => solver::BackendKind::Z3,
        SolverChoice::Cvc5 => solver::BackendKind::Cvc5,
        SolverChoice::Z3Smtlib => solver::BackendKind::Z3SmtLib,
    };
    solver::Config {
        backend,
        timeout: (cli.timeout > 0).then(|| Duration::from_secs(cli.timeout)),
        dump_smt2: cli.dump_smt2.clone(),
        ..solver::Config::default()
    }
}

/// Verifies every procedure of a sequential program and reports each
/// failing check with its counterexample.
fn verify_sequential(
    cli: &Cli,
    renderer: &Renderer,
    file: &SourceFile,
    program: &ivl::Program,
) -> Outcome {
    let report = match solver::verify_program(program, &solver_config(cli)) {
        Ok(report) => report,
        Err(err) => {
            let outcome = solver_error_outcome(&err);
            eprint!("{}", renderer.render_error(file, &err));
            return outcome;
        }
    };
    let mut worst = Outcome::Verified;
    let mut checks = 0;
    for procedure in &report.procedures {
        checks += procedure.checks;
        for failure in procedure.outcome.failures() {
            eprint!("{}", renderer.render_failure(file, failure));
        }
        let outcome = match &procedure.outcome {
            solver::Outcome::Verified => Outcome::Verified,
            solver::Outcome::Failed(_) => Outcome::NotVerified,
            solver::Outcome::Unknown { reason, .. } => {
                eprintln!(
                    "{}: error: procedure `{}` could not be verified: {reason}",
                    file.name, procedure.procedure
                );
                Outcome::Timeout
            }
            solver::Outcome::Error(err) => {
                eprint!("{}", renderer.render_error(file, err));
                solver_error_outcome(err)
            }
        };
        worst = worst.max(outcome);
    }
    let n_procedures = report.procedures.len();
    if worst == Outcome::Verified {
        println!("Verified: {}", file.name);
        println!(
            "  {checks} check{} proved in {n_procedures} procedure{}",
            plural(checks),
            plural(n_procedures)
        );
    } else {
        let n_failures = report.failures().count();
        let reason = match worst {
            Outcome::Timeout if n_failures == 0 => "the solver ran out of time".to_string(),
            Outcome::Timeout => format!(
                "{n_failures} failing check{}, and the solver ran out of time",
                plural(n_failures)
            ),
            _ if n_failures == 0 => "the solver failed".to_string(),
            _ => format!("{n_failures} failing check{}", plural(n_failures)),
        };
        println!("Not verified: {} ({reason})", file.name);
    }
    worst
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A missing solver is a configuration error (exit 9); a timeout is exit 7;
/// a program the solver cannot take (irreducible loops, recursion) is a
/// malformed input (exit 1); a solver crash is "not verified" (exit 6).
pub(crate) fn solver_error_outcome(err: &solver::SolverError) -> Outcome {
    use solver::SolverError as E;
    match err {
        _ if err.is_configuration() => Outcome::Configuration,
        E::Timeout { .. } => Outcome::Timeout,
        E::Irreducible { .. }
        | E::Unsupported { .. }
        | E::IllFormed { .. }
        | E::Recursion { .. }
        | E::NoSuchProcedure(_) => Outcome::CommandLine,
        E::Dump { .. } => Outcome::CommandLine,
        _ => Outcome::NotVerified,
    }
}

fn report_errors(
    renderer: &Renderer,
    file: &SourceFile,
    diagnostics: &[ivl::Diagnostic],
) -> Outcome {
    for diagnostic in diagnostics {
        eprint!("{}", renderer.render(file, diagnostic));
    }
    let n = diagnostics.len();
    eprintln!(
        "{}: {n} error{} found",
        file.name,
        if n == 1 { "" } else { "s" }
    );
    Outcome::CommandLine
}
