//! `gpuverify`: the command-line driver. It parses arguments, runs the
//! pipeline stages of the library crates, renders their results and owns
//! the exit code. It holds no verification logic.

mod batch;
mod cache;
mod cli;
mod exit;
mod infer_cli;
mod json;
mod keep_temps;
mod kernel_report;
mod outcome;
mod pipeline;
mod replay;
mod report;
mod sarif;
mod simulate_cmd;
mod snippet;
mod stop_at_vc;
mod timing;

use clap::FromArgMatches;
use cli::{Cli, SolverChoice, StopAt};
use exit::Outcome;
use ivl::SourceFile;
use outcome::{DefectReport, KernelResult, Language, Location, TextOut};
use report::Renderer;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Rust ignores SIGPIPE, so a write to a closed pipe (`gpuverify ... |
/// head`) would make `print!` panic. Like every Unix filter, the run ends
/// quietly instead (killed by the signal, status 141 in the shell).
fn restore_default_sigpipe() {
    // SAFETY: called first in `main`, before any thread exists; SIG_DFL is
    // a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return command_line_error(err),
    };
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => return command_line_error(err),
    };
    if let Err(err) = cli.validate() {
        return command_line_error(err);
    }
    for warning in cli.normalize() {
        eprintln!("{warning}");
    }
    if cli.debug && std::env::var_os("RUST_BACKTRACE").is_none() {
        // Internal errors (panics) print their backtrace.
        std::env::set_var("RUST_BACKTRACE", "1");
    }
    // The whole run on a thread with a large stack: parsing, lowering and
    // the solver recurse on deep expressions (a long straight-line kernel
    // builds deep terms); the stack is reserved, not committed.
    let run = std::thread::Builder::new()
        .name("gpuverify".into())
        .stack_size(batch::WORKER_STACK)
        .spawn(move || batch::run(&cli));
    match run.map(|handle| handle.join()) {
        Ok(Ok(outcome)) => outcome.into(),
        Ok(Err(_)) => {
            // The panic message is already on stderr: never a success.
            eprintln!("error: internal error: the verifier crashed");
            Outcome::NotVerified.into()
        }
        Err(err) => {
            eprintln!("error: cannot start the verifier thread: {err}");
            Outcome::Configuration.into()
        }
    }
}

/// clap's own message; `--help`/`--version` succeed, anything else is
/// exit 1. With `--json` among the arguments, the error is also printed
/// on stdout as a JSON document (CI reads stdout as JSON whatever
/// happened).
fn command_line_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let _ = err.print();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Verified.into(),
        _ => {
            if std::env::args_os().skip(1).any(|a| a == "--json") {
                let message = err.render().to_string();
                let first = message
                    .lines()
                    .next()
                    .unwrap_or("error: bad command line")
                    .to_string();
                println!("{}", json::render_error(&first, Outcome::CommandLine));
            }
            Outcome::CommandLine.into()
        }
    }
}

/// An input that ends before any kernel is verified: its one failed
/// result (`outcome`, `message`), also rendered into `out`.
fn failed(
    display: &str,
    language: Language,
    outcome: Outcome,
    message: String,
    out: &mut TextOut,
) -> Vec<KernelResult> {
    let r = KernelResult::failed(display, language, outcome, message);
    kernel_report::render_result(&r, None, out);
    vec![r]
}

/// Runs one input file: its results, with their text rendered into `out`.
pub(crate) fn run_file(cli: &Cli, path: &Path, out: &mut TextOut) -> Vec<KernelResult> {
    let renderer = Renderer::for_stderr();
    let display = path.display().to_string();
    let language = Language::of_input(path, cli);
    match path.extension().and_then(|e| e.to_str()) {
        _ if cli.language_override().is_some() => return run_kernel_source(cli, path, out),
        Some("ivl") if cli.check_array_bounds => {
            // The checks are made while lowering source; never ignored.
            return failed(
                &display,
                language,
                Outcome::CommandLine,
                format!(
                    "{display}: error: --check-array-bounds applies to .cl, .cu, .bc and .ll \
                     input; in an .ivl file, state the bounds as assertions"
                ),
                out,
            );
        }
        Some("ivl") => {}
        Some("cl" | "cu" | "bc" | "ll") => return run_kernel_source(cli, path, out),
        _ => {
            return failed(
                &display,
                language,
                Outcome::CommandLine,
                format!("{display}: error: unknown input kind (expected a .ivl file)"),
                out,
            )
        }
    }
    let start = Instant::now();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            return failed(
                &display,
                language,
                Outcome::CommandLine,
                format!("{display}: error: cannot read the file: {err}"),
                out,
            )
        }
    };
    let file = SourceFile::new(display.clone(), text);
    let program = match ivl::parse(&file) {
        Ok(program) => program,
        Err(diagnostics) => {
            return failed(
                &display,
                language,
                Outcome::CommandLine,
                report_errors(&renderer, &file, &diagnostics),
                out,
            )
        }
    };
    let diagnostics = ivl::check(&program);
    if !diagnostics.is_empty() {
        return failed(
            &display,
            language,
            Outcome::CommandLine,
            report_errors(&renderer, &file, &diagnostics),
            out,
        );
    }
    let mut program = program;
    if !cli.boogie_files.is_empty() {
        let merged = cli
            .boogie_files
            .iter()
            .map(|f| frontend::boogie_file::read(f))
            .collect::<Result<Vec<_>, _>>()
            .and_then(|files| frontend::boogie_file::merge(&mut program, &files));
        if let Err(err) = merged {
            return failed(
                &display,
                language,
                frontend_error_outcome(&err),
                report::render_frontend_error(path, &err),
                out,
            );
        }
    }
    if cli.stop_at == Some(StopAt::Ivl) {
        out.stdout.push_str(&ivl::print(&program));
        return Vec::new();
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
            return simulated(cli, path, &kernels);
        }
        return pipeline::verify_kernels(cli, path, &kernels, start.elapsed(), out);
    }
    if cli.stop_at == Some(StopAt::Vc) {
        return match stop_at_vc::render(&program, &[]) {
            Ok(text) => {
                out.stdout.push_str(&text);
                Vec::new()
            }
            Err(err) => failed(
                &display,
                language,
                solver_error_outcome(&err),
                renderer.render_error(&file, &err),
                out,
            ),
        };
    }
    let parsed = start.elapsed();
    let mut result = verify_sequential(cli, &renderer, &file, &program);
    result.times.frontend = parsed.as_secs_f64();
    result.times.total = start.elapsed().as_secs_f64();
    kernel_report::render_result(&result, None, out);
    vec![result]
}

/// `--simulate` prints as it goes (it runs alone: one worker).
fn simulated(cli: &Cli, path: &Path, kernels: &[pipeline::KernelInput]) -> Vec<KernelResult> {
    let outcome = simulate_cmd::run(cli, path, kernels);
    let mut r = KernelResult::new(
        &path.display().to_string(),
        None,
        Language::of_input(path, cli),
    );
    r.set_verdict(outcome);
    r.summary = "simulated".into();
    r.stdout_text = Some(String::new());
    vec![r]
}

pub(crate) fn frontend_config(cli: &Cli) -> frontend::FrontendConfig {
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
        clang_opts: cli.clang_opts.clone(),
        no_annotations: cli.no_annotations,
        only_requires: cli.only_requires,
        boogie_files: cli.boogie_files.clone(),
        ..frontend::FrontendConfig::default()
    }
}

/// OpenCL C, CUDA or LLVM input: compile and lower every kernel. A kernel
/// that cannot be lowered gets its own `unsupported` result; the other
/// kernels of the file are verified regardless.
fn run_kernel_source(cli: &Cli, path: &Path, out: &mut TextOut) -> Vec<KernelResult> {
    let display = path.display().to_string();
    let language = Language::of_input(path, cli);
    let start = Instant::now();
    pipeline::debug_stage(
        cli,
        out,
        format_args!("{display}: frontend (clang-14, opt-14, lowering)"),
    );
    let lowered = match frontend::lower_each_kernel(path, &frontend_config(cli)) {
        Ok(lowered) => lowered,
        Err(err) => {
            return failed(
                &display,
                language,
                frontend_error_outcome(&err),
                report::render_frontend_error(path, &err),
                out,
            )
        }
    };
    let frontend_time = start.elapsed();
    pipeline::debug_stage(
        cli,
        out,
        format_args!(
            "{display}: frontend done in {:.3} s: {} kernel(s) lowered, {} not",
            frontend_time.as_secs_f64(),
            lowered.kernels.len(),
            lowered.failures.len()
        ),
    );
    if cli.keep_temps {
        if let Some(ir) = &lowered.ir_text {
            keep_temps::keep(out, path, &keep_temps::path_for(path, None, "ll"), ir);
        }
        for k in &lowered.kernels {
            let kept = keep_temps::path_for(path, Some(&k.source_name), "ivl");
            keep_temps::keep(out, path, &kept, &ivl::print(&k.program));
        }
    }
    for name in &lowered.uninstantiated_templates {
        let _ = std::fmt::Write::write_fmt(
            &mut out.stderr,
            format_args!(
            "{display}: note: the template kernel `{name}` is never instantiated, so it is not \
             verified; instantiate it explicitly (`template __global__ void {name}<float>(...);`) \
             or launch it (`{name}<float><<<grid, block>>>(...)`) in this file\n"
            ),
        );
    }
    if lowered.kernels.is_empty() && lowered.failures.is_empty() {
        let message = if lowered.uninstantiated_templates.is_empty() {
            format!("{display}: error: no kernel found")
        } else {
            format!(
                "{display}: error: no kernel to verify: every kernel is a template that is never instantiated"
            )
        };
        return failed(&display, language, Outcome::CommandLine, message, out);
    }
    let mut results: Vec<KernelResult> = lowered
        .failures
        .iter()
        .map(|f| {
            let mut r = KernelResult::new(&display, Some(&f.source_name), language);
            r.set_verdict(frontend_error_outcome(&f.error));
            r.summary = format!(
                "Unsupported: {display} (kernel `{}`): {}",
                f.source_name, f.error
            );
            r.errors.push(report::render_frontend_error(path, &f.error));
            r.times.frontend = frontend_time.as_secs_f64();
            r.times.total = frontend_time.as_secs_f64();
            kernel_report::render_result(&r, None, out);
            r
        })
        .collect();
    if cli.stop_at == Some(StopAt::Ivl) {
        for kernel in &lowered.kernels {
            out.stdout.push_str(&ivl::print(&kernel.program));
        }
        // Only the failures are results: a printed kernel is not a verdict.
        return results;
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
    if kernels.is_empty() {
        return results;
    }
    if cli.simulate {
        results.extend(simulated(cli, path, &kernels));
        return results;
    }
    results.extend(pipeline::verify_kernels(
        cli,
        path,
        &kernels,
        frontend_time,
        out,
    ));
    results
}

fn frontend_error_outcome(err: &frontend::FrontendError) -> Outcome {
    use frontend::FrontendError as E;
    match err {
        E::Clang { .. } => Outcome::ClangError,
        E::Unsupported { .. } | E::Malformed { .. } => Outcome::Unsupported,
        E::ToolMissing { .. } | E::ToolVersion { .. } => Outcome::Configuration,
        E::Io { .. } | E::BadFlag { .. } => Outcome::CommandLine,
    }
}

pub(crate) fn solver_config(cli: &Cli) -> solver::Config {
    let backend = match cli.solver {
        SolverChoice::Portfolio => solver::BackendKind::Portfolio,
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
) -> KernelResult {
    let mut result = KernelResult::new(&file.name, None, Language::Ivl);
    let mut stdout = String::new();
    let report = match solver::verify_program(program, &solver_config(cli)) {
        Ok(report) => report,
        Err(err) => {
            result.set_verdict(solver_error_outcome(&err));
            result.summary = err.to_string();
            result.errors.push(renderer.render_error(file, &err));
            result.stdout_text = Some(stdout);
            return result;
        }
    };
    let mut worst = Outcome::Verified;
    let mut checks = 0;
    for procedure in &report.procedures {
        checks += procedure.checks;
        for (stage, d) in &procedure.stages {
            match *stage {
                "vc" => result.times.vc += d.as_secs_f64(),
                _ => result.times.solving += d.as_secs_f64(),
            }
        }
        for failure in procedure.outcome.failures() {
            result
                .defects
                .push(sequential_defect(renderer, file, failure));
        }
        let outcome = match &procedure.outcome {
            solver::Outcome::Verified => Outcome::Verified,
            solver::Outcome::Failed(_) => Outcome::NotVerified,
            solver::Outcome::Unknown { reason, .. } => {
                result.errors.push(format!(
                    "{}: error: procedure `{}` could not be verified: {reason}",
                    file.name, procedure.procedure
                ));
                Outcome::Timeout
            }
            solver::Outcome::Error(err) => {
                result.errors.push(renderer.render_error(file, err));
                solver_error_outcome(err)
            }
        };
        worst = worst.max(outcome);
    }
    result.checks = checks;
    let n_procedures = report.procedures.len();
    if worst == Outcome::Verified {
        result.summary = format!("Verified: {}", file.name);
        result.proved = vec![format!(
            "{checks} check{} proved in {n_procedures} procedure{}",
            plural(checks),
            plural(n_procedures)
        )];
        stdout.push_str(&format!("{}\n  {}\n", result.summary, result.proved[0]));
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
        result.summary = format!("Not verified: {} ({reason})", file.name);
        stdout.push_str(&result.summary);
        stdout.push('\n');
    }
    result.set_verdict(worst);
    result.stdout_text = Some(stdout);
    result
}

/// A failing check of a sequential program: its kind and position, with
/// the text the IVL renderer draws (snippet and counterexample).
fn sequential_defect(
    renderer: &Renderer,
    file: &SourceFile,
    failure: &solver::Failure,
) -> DefectReport {
    use solver::CheckKind;
    let check = &failure.check;
    let kind = match &check.kind {
        CheckKind::Assertion => "assertion",
        CheckKind::InvariantEntry => "invariant-entry",
        CheckKind::InvariantMaintained => "invariant-maintained",
        CheckKind::Precondition { .. } => "precondition",
        CheckKind::Postcondition => "postcondition",
    };
    let (line, col) = file.line_col(check.span.start);
    let source_line = file
        .text
        .lines()
        .nth(line.saturating_sub(1))
        .map(|l| l.trim().to_string());
    DefectReport {
        kind,
        race_kind: None,
        message: check.kind.to_string(),
        array: None,
        element: None,
        pixel: None,
        byte: None,
        location: Some(Location {
            file: file.name.clone(),
            line,
            col,
            source_line,
        }),
        access: None,
        other_access: None,
        thread: None,
        threads: Vec::new(),
        arguments: failure
            .model
            .entries
            .iter()
            .filter(|e| !e.old && e.indices.is_empty())
            .map(|e| outcome::ArgumentValue {
                name: e.name.clone(),
                value: e.value.to_string(),
            })
            .collect(),
        replay: None,
        multi_dimensional: false,
        rendered: Some(renderer.render_failure(file, failure)),
    }
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
) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&renderer.render(file, diagnostic));
    }
    let n = diagnostics.len();
    out.push_str(&format!(
        "{}: {n} error{} found\n",
        file.name,
        if n == 1 { "" } else { "s" }
    ));
    out
}
