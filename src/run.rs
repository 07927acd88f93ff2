//! One input file, from its path to its results: `.ivl` files are parsed
//! and checked here (kernel-dialect programs go to the kernel pipeline,
//! sequential ones are verified directly), OpenCL C, CUDA and LLVM files are
//! lowered by the frontend, each kernel then verified by `pipeline.rs`
//! (or interpreted with `--simulate`). Prints nothing: the text of each
//! result is rendered into the caller's buffer.

use crate::cli::{Cli, StopAt};
use crate::config::{frontend_config, solver_config};
use crate::exit::{frontend_error_outcome, solver_error_outcome, Outcome};
use crate::outcome::{DefectReport, Ending, KernelResult, Language, Location, TextOut};
use crate::report::{self, Renderer};
use crate::{keep_temps, kernel_report, outcome, pipeline, simulate_cmd, stop_at_vc};
use ivl::SourceFile;
use std::path::Path;
use std::time::Instant;

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
    kernel_report::render_result(&r, None, None, out);
    vec![r]
}

/// The report's position of a frontend error: the construct's file (the
/// input itself, or a header it includes), line and column (1 when the
/// debug information has none), and the source line when it can be read.
fn error_location(display: &str, loc: &frontend::SourceLoc) -> Location {
    let file = if loc.file.is_empty() || same_file(&loc.file, display) {
        display.to_string()
    } else {
        loc.file.clone()
    };
    let line = (loc.line as usize).max(1);
    let source_line = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| t.lines().nth(line - 1).map(|l| l.trim().to_string()));
    Location {
        file,
        line,
        col: (loc.col as usize).max(1),
        source_line,
    }
}

/// The position of clang's first error (`file:line:col: error: ...`, the
/// file the input or a header it includes), if its diagnostics give one.
fn clang_error_location(display: &str, stderr: &str) -> Option<Location> {
    stderr.lines().find_map(|text| {
        let (at, _) = text
            .split_once(": error: ")
            .or_else(|| text.split_once(": fatal error: "))?;
        let mut parts = at.rsplitn(3, ':');
        let col = parts.next()?.trim().parse::<u32>().ok()?;
        let line = parts.next()?.trim().parse::<u32>().ok()?;
        let file = parts.next()?.to_string();
        Some(error_location(
            display,
            &frontend::SourceLoc { file, line, col },
        ))
    })
}

/// Whether two paths name one file (as given, else canonicalised), or the
/// debug information's bare file name is the input's.
fn same_file(a: &str, b: &str) -> bool {
    a == b
        || Path::new(b).file_name() == Some(std::ffi::OsStr::new(a))
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// Runs one input file: its results, with their text rendered into `out`.
pub fn run_file(cli: &Cli, path: &Path, out: &mut TextOut) -> Vec<KernelResult> {
    // The tests' way to crash the verifier on purpose (tests/cli.rs checks
    // that a crash is an internal error, exit 5, and never a defect).
    if std::env::var_os("GPUVERIFY_TEST_PANIC").is_some() {
        panic!("GPUVERIFY_TEST_PANIC is set");
    }
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
    kernel_report::render_result(&result, Some(&file.text), cli.error_limit, out);
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
    vec![r]
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
            let mut r = KernelResult::failed(
                &display,
                language,
                frontend_error_outcome(&err),
                report::render_frontend_error(path, &err),
            );
            match &err {
                frontend::FrontendError::Unsupported { site, .. } => {
                    r.error_location = site.loc.as_ref().map(|l| error_location(&display, l));
                }
                frontend::FrontendError::Clang { stderr, .. } => {
                    r.error_location = clang_error_location(&display, stderr);
                }
                _ => {}
            }
            kernel_report::render_result(&r, None, None, out);
            return vec![r];
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
            r.error_location = f.loc.as_ref().map(|l| error_location(&display, l));
            r.times.frontend = frontend_time.as_secs_f64();
            r.times.total = frontend_time.as_secs_f64();
            kernel_report::render_result(&r, None, cli.error_limit, out);
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

/// Verifies every procedure of a sequential program and reports each
/// failing check with its counterexample.
fn verify_sequential(
    cli: &Cli,
    renderer: &Renderer,
    file: &SourceFile,
    program: &ivl::Program,
) -> KernelResult {
    let mut result = KernelResult::new(&file.name, None, Language::Ivl);
    let report = match solver::verify_program(program, &solver_config(cli)) {
        Ok(report) => report,
        Err(err) => {
            result.set_verdict(solver_error_outcome(&err));
            result.summary = err.to_string();
            result.errors.push(renderer.render_error(file, &err));
            return result;
        }
    };
    let mut worst = Outcome::Verified;
    let mut checks = 0;
    for procedure in &report.procedures {
        checks += procedure.checks;
        for (stage, d) in &procedure.stages {
            match stage {
                solver::Stage::Vc => result.times.vc += d.as_secs_f64(),
                solver::Stage::Houdini | solver::Stage::Solve => {
                    result.times.solving += d.as_secs_f64()
                }
            }
        }
        for failure in procedure.outcome.failures() {
            result.defects.push(sequential_defect(file, failure));
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
        worst = crate::exit::combined([worst, outcome]);
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
    } else {
        result.summary = sequential_summary(&file.name, worst, report.failures().count());
    }
    result.set_verdict(worst);
    result.ending = Ending::Verdict;
    result
}

/// The one-line summary of a sequential program that is not verified.
/// Failing checks are defects (exit 6); a timeout (exit 7) says the
/// solver ran out of time; a solver failure (exit 11) or another error is
/// no verdict at all and says so, never in words that suggest a defect
/// was found.
fn sequential_summary(name: &str, worst: Outcome, n_failures: usize) -> String {
    match worst {
        Outcome::NotVerified => format!(
            "Not verified: {name} ({n_failures} failing check{})",
            plural(n_failures)
        ),
        Outcome::Timeout => format!("Not verified: {name} (the solver ran out of time)"),
        Outcome::SolverFailure => {
            format!("No verdict: {name} (the SMT solver failed: nothing was proved or refuted)")
        }
        other => format!("No verdict: {name} ({})", other.meaning()),
    }
}

/// A failing check of a sequential program: its kind and position, with
/// the text the IVL renderer draws (snippet and counterexample).
fn sequential_defect(file: &SourceFile, failure: &solver::Failure) -> DefectReport {
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
        ivl_check: Some(report::ivl_check(failure)),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
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

#[cfg(test)]
mod tests {
    use super::clang_error_location;

    #[test]
    fn clang_errors_are_located_at_their_first_error() {
        let stderr = "In file included from blur.cl:3:\n\
                      ./taps.h:7:12: warning: unused variable 'k'\n\
                      ./taps.h:9:5: error: use of undeclared identifier 'radius'\n\
                      blur.cl:20:1: error: expected '}'\n\
                      2 errors generated.\n";
        let at = clang_error_location("blur.cl", stderr).expect("a location");
        assert_eq!((at.file.as_str(), at.line, at.col), ("./taps.h", 9, 5));
        let fatal = "k.cl:2:10: fatal error: 'missing.h' file not found\n";
        let at = clang_error_location("k.cl", fatal).expect("a location");
        assert_eq!((at.file.as_str(), at.line, at.col), ("k.cl", 2, 10));
        assert!(clang_error_location("k.cl", "error: unknown argument '-x'\n").is_none());
    }
}
