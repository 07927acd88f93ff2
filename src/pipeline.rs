//! The kernel path of the binary: kernel IVL -> transform -> solver ->
//! defects. Glue only: the passes live in the library crates; this module
//! chooses configurations, runs them in order, times them, and returns one
//! [`KernelResult`] per kernel. It prints nothing itself: each result is
//! rendered (text by `kernel_report`) as soon as it is known, into the
//! caller's buffer. (Inlining is the transform's first pass.)

use crate::cli::{AbstractionArg, Cli, Dims, StopAt};
use crate::exit::Outcome;
use crate::kernel_report;
use crate::outcome::{ArgumentValue, Ending, KernelResult, Language, StageTimes, TextOut};
use std::path::Path;
use std::time::{Duration, Instant};

/// `--debug`: a line on stderr at a stage boundary.
pub fn debug_stage(cli: &Cli, out: &mut TextOut, line: std::fmt::Arguments) {
    if cli.debug {
        out.stderr.push_str(&format!("debug: {line}\n"));
    }
}

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

/// The global offset: 0 when not given (as `clEnqueueNDRangeKernel` with
/// a NULL offset, and GPUVerify); `*` alone leaves every dimension of the
/// launch unconstrained (those beyond `get_work_dim()` have offset 0, as
/// in OpenCL, so reports show no invented y/z offsets); otherwise one
/// entry per dimension of the group size.
fn global_offset(cli: &Cli) -> Result<[Option<u64>; 3], String> {
    let Some(offset) = &cli.global_offset else {
        return Ok([Some(0); 3]);
    };
    if offset.0 == [None] {
        let dims = work_dim(cli).unwrap_or(3) as usize;
        return Ok(std::array::from_fn(|k| (k >= dims).then_some(0)));
    }
    let dims = cli.local_size.as_ref().map_or(1, |d| d.0.len());
    if offset.0.len() != dims {
        return Err(format!(
            "--global_offset={offset} has {} dimension{} but the group size has {dims}; give \
             one offset per dimension (or `*` for any offset)",
            offset.0.len(),
            if offset.0.len() == 1 { "" } else { "s" }
        ));
    }
    Ok(pad(&cli.global_offset, Some(0)))
}

/// The transform configuration the command line asks for.
pub fn transform_config(cli: &Cli) -> Result<transform::TransformConfig, String> {
    if cli.local_size.is_none() {
        return Err(
            "no group size: give --local_size=N (OpenCL) or --blockDim=N (CUDA), \
                    e.g. `64` or `[16,16]`, or `*` to verify for every size"
                .into(),
        );
    }
    if cli.num_groups.is_none() && cli.global_size.is_none() {
        return Err(
            "no number of groups: give --num_groups=N (OpenCL), --gridDim=N \
                    (CUDA) or --global_size=N, or `*` to verify for every number"
                .into(),
        );
    }
    let global_offset = global_offset(cli)?;
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
        global_offset,
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
        k_induction: cli.k_induction_depth,
        no_inline: cli.no_inline,
        barrier_access_checks: !cli.no_barrier_access_checks,
        asymmetric_asserts: cli.asymmetric_asserts,
        work_dim: work_dim(cli),
    })
}

/// `get_work_dim()`: the most dimensions any launch flag gives
/// (`--local_size=[16,16] --num_groups=4` is 2-D).
pub(crate) fn work_dim(cli: &Cli) -> Option<u32> {
    [&cli.local_size, &cli.num_groups, &cli.global_size]
        .iter()
        .filter_map(|d| d.as_ref().map(|Dims(v)| v.len() as u32))
        .max()
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

/// The kernel's scalar arguments (the product procedure's parameters) as
/// the counterexample has them.
fn argument_values(two: &transform::TwoThreadProgram, model: &solver::Model) -> Vec<ArgumentValue> {
    let Some(procedure) = two.program.procedure(&two.procedure) else {
        return Vec::new();
    };
    procedure
        .params
        .iter()
        .filter_map(|p| {
            let value = match model.get(&p.name.name)? {
                solver::value::Value::Bv { value, width } => {
                    let signed =
                        (*width > 0 && *width <= 128 && value >> (width - 1) == 1).then(|| {
                            let v = *value as i128;
                            if *width == 128 {
                                v
                            } else {
                                v - (1i128 << width)
                            }
                        });
                    match signed {
                        Some(s) => format!("{value} ({s} signed)"),
                        None => value.to_string(),
                    }
                }
                other => other.to_string(),
            };
            Some(ArgumentValue {
                name: p.name.name.clone(),
                value,
            })
        })
        .collect()
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Verifies each kernel of one file; `frontend` is the time spent on the
/// file before (clang, lowering or parsing). Each result is rendered as
/// text into `out` as soon as it is known.
pub fn verify_kernels(
    cli: &Cli,
    path: &Path,
    kernels: &[KernelInput],
    frontend: Duration,
    out: &mut TextOut,
) -> Vec<KernelResult> {
    let display = path.display().to_string();
    let language = Language::of_input(path, cli);
    let config = if language == Language::Cuda && cli.global_offset.is_some() {
        Err("--global_offset is OpenCL's: a CUDA launch has no global offset".to_string())
    } else {
        transform_config(cli)
    };
    let config = match config {
        Ok(c) => c,
        Err(message) => {
            let r = KernelResult::failed(
                &display,
                language,
                Outcome::CommandLine,
                format!("{display}: error: {message}"),
            );
            kernel_report::render_result(&r, None, cli.error_limit, out);
            return vec![r];
        }
    };
    let source = std::fs::read_to_string(path).ok();
    let mut results = Vec::new();
    for k in kernels {
        let start = Instant::now();
        let mut result = KernelResult::new(&display, Some(k.source_name), language);
        result.times.frontend = seconds(frontend);
        verify_kernel(cli, source.as_deref(), k, &config, &mut result, out);
        result.times.total = seconds(frontend + start.elapsed());
        kernel_report::render_result(&result, source.as_deref(), cli.error_limit, out);
        results.push(result);
    }
    results
}

/// Verifies the kernel sliced first (`transform::slice`: statements whose
/// values reach no address, guard, barrier, assertion or annotation are
/// havocked, and so are written values); a proof of the sliced kernel is a
/// proof of the kernel, and so are its defects unless one is a write-write
/// race whose benign comparison read a havocked value
/// ([`sliced_defects_stand`]). Anything else (such a race, a timeout, an
/// error) is decided on the kernel itself.
fn verify_kernel(
    cli: &Cli,
    source: Option<&str>,
    k: &KernelInput,
    config: &transform::TransformConfig,
    result: &mut KernelResult,
    out: &mut TextOut,
) {
    // Races on paths that run no loop iteration are reported before
    // inference (src/bounded_first.rs).
    if let Some(depth) = crate::bounded_first::applies(cli, k, config) {
        let bounded_start = Instant::now();
        let found = crate::bounded_first::defects_before_loops(
            cli,
            depth,
            config,
            result,
            |cli, config, trial, trial_out| {
                verify_kernel_once(cli, source, k, config, trial, trial_out)
            },
        );
        result.times.bounded = seconds(bounded_start.elapsed());
        if let Some((trial, trial_out)) = found {
            let bounded = result.times.bounded;
            *result = trial;
            result.times.bounded = bounded;
            out.stdout.push_str(&trial_out.stdout);
            out.stderr.push_str(&trial_out.stderr);
            return;
        }
    }
    let slicing = cli.stop_at.is_none() && !cli.infer_info;
    // Sliced after inlining (as the transform inlines), so the device
    // functions' statements are sliced too: on hashcat's kernels nearly
    // all the code is in callees.
    let inlined = (slicing && !cli.no_inline && calls_a_body(k.program, k.procedure))
        .then(|| ivl::inline::inline(k.program).ok())
        .flatten();
    let base = inlined.as_ref().unwrap_or(k.program);
    // Long kernels first try the over-approximating cut
    // (src/read_cut.rs): only its proof is taken.
    if slicing && crate::read_cut::try_proof(cli, source, k, base, config, result, out) {
        return;
    }
    let sliced = if slicing {
        transform::slice::slice(base, k.procedure, true)
    } else {
        None
    };
    if let Some(program) = &sliced {
        debug_stage(
            cli,
            out,
            format_args!(
                "kernel `{}`: verifying the sliced kernel first ({} of {} statements havocked)",
                k.source_name,
                havocs(program, k.procedure),
                statements(base, k.procedure)
            ),
        );
        let sk = KernelInput { program, ..*k };
        let mut trial = result.clone();
        let mut trial_out = TextOut::default();
        verify_kernel_once(cli, source, &sk, config, &mut trial, &mut trial_out);
        if trial.verdict == Outcome::Verified
            || (!calls_a_body(program, k.procedure) && sliced_defects_stand(&trial, config))
        {
            *result = trial;
            out.stdout.push_str(&trial_out.stdout);
            out.stderr.push_str(&trial_out.stderr);
            return;
        }
        debug_stage(
            cli,
            out,
            format_args!(
                "kernel `{}`: the sliced kernel gave {}; verifying the whole kernel",
                k.source_name,
                trial.verdict.name()
            ),
        );
        verify_kernel_once(cli, source, k, config, result, out);
        result.times.add_transform(&trial.times);
        result.times.inference += trial.times.inference;
        result.times.solving += trial.times.solving;
        return;
    }
    verify_kernel_once(cli, source, k, config, result, out);
}

/// Whether the defects of the sliced run are those of the kernel, so the
/// unsliced run can be skipped. Slicing havocs only values that reach no
/// address, guard, barrier, assertion, contract or annotation *of the
/// kernel procedure* (its analysis does not see inside callees, so the
/// caller first checks with [`calls_a_body`] that the kernel calls no
/// procedure with a body: a callee could read memory whose written values
/// were havocked, as `struct_by_value.cu`'s assertion showed). Then an
/// execution of the sliced kernel has the accesses and control flow of
/// the kernel's execution from the same inputs (the model's inputs, which
/// the report and the replay read, are the kernel's), so its races and
/// divergence are the kernel's. Only races other than write-write (whose
/// benign comparison reads written values, which are havocked) and
/// barrier divergence are taken; any other defect, a timeout or an error
/// sends the kernel itself through the pipeline.
fn sliced_defects_stand(trial: &KernelResult, config: &transform::TransformConfig) -> bool {
    trial.verdict == Outcome::NotVerified
        && trial.errors.is_empty()
        && !trial.defects.is_empty()
        && trial.defects.iter().all(|d| match d.kind {
            "race" => !(config.benign_tolerance && d.race_kind.as_deref() == Some("write-write")),
            "barrier-divergence" => true,
            _ => false,
        })
}

/// The number of statements of `procedure`'s body.
pub(crate) fn statements(program: &ivl::Program, procedure: &str) -> usize {
    program
        .procedure(procedure)
        .and_then(|p| p.body.as_ref())
        .map_or(0, |b| b.blocks.iter().map(|b| b.stmts.len()).sum())
}

/// The number of `havoc` statements of `procedure`'s body.
pub(crate) fn havocs(program: &ivl::Program, procedure: &str) -> usize {
    program
        .procedure(procedure)
        .and_then(|p| p.body.as_ref())
        .map_or(0, |b| {
            b.blocks
                .iter()
                .flat_map(|b| &b.stmts)
                .filter(|s| matches!(s.kind, ivl::ast::StmtKind::Havoc(_)))
                .count()
        })
}

/// Whether `procedure` calls a procedure that has a body.
fn calls_a_body(program: &ivl::Program, procedure: &str) -> bool {
    let Some(body) = program.procedure(procedure).and_then(|p| p.body.as_ref()) else {
        return true;
    };
    body.blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .any(|s| match &s.kind {
            ivl::ast::StmtKind::Call { callee, .. } => program
                .procedure(&callee.name)
                .is_none_or(|p| p.body.is_some()),
            _ => false,
        })
}

pub(crate) fn verify_kernel_once(
    cli: &Cli,
    source: Option<&str>,
    k: &KernelInput,
    config: &transform::TransformConfig,
    result: &mut KernelResult,
    out: &mut TextOut,
) {
    let display = result.file.clone();
    let transform_start = Instant::now();
    // --math-int: no-overflow assumptions on the (possibly sliced) kernel,
    // so sliced-away arithmetic gets none.
    let with_math_int = cli
        .math_int
        .then(|| transform::math_int::assume_no_overflow(k.program));
    let program = with_math_int.as_ref().unwrap_or(k.program);
    let before_row_major = program;
    // Row-major indices `y * width + x` (x < width) do not wrap: printed.
    let with_row_major = (!cli.no_row_major_assumption)
        .then(|| transform::row_major::assume_row_major(program, k.procedure))
        .flatten();
    let program = with_row_major.as_ref().map_or(program, |(p, _)| p);
    let two = match transform::two_thread(program, k.procedure, config) {
        Ok(two) => two,
        Err(err) => {
            result.set_verdict(Outcome::TransformError);
            result.summary = format!("transform error: {err}");
            result.errors.push(format!(
                "{display}: error: kernel `{}`: {err}",
                k.source_name
            ));
            return;
        }
    };
    let diagnostics = ivl::check(&two.program);
    result.times.transform = seconds(transform_start.elapsed());
    result.times.add_passes(&two.pass_times);
    debug_stage(
        cli,
        out,
        format_args!(
            "kernel `{}`: two-thread program built in {:.3} s ({} procedure{} to verify)",
            k.source_name,
            result.times.transform,
            two.procedures.len(),
            if two.procedures.len() == 1 { "" } else { "s" }
        ),
    );
    if !diagnostics.is_empty() {
        let file = ivl::SourceFile::new("two-thread.ivl", ivl::print(&two.program));
        result.set_verdict(Outcome::TransformError);
        result.summary = "internal error: the two-thread program does not type-check".into();
        for d in &diagnostics {
            result.errors.push(format!(
                "{display}: internal error: {}",
                d.render_plain(&file)
            ));
        }
        return;
    }
    if cli.keep_temps {
        let path = Path::new(&display);
        let kept = crate::keep_temps::path_for(path, Some(k.source_name), "two-thread.ivl");
        crate::keep_temps::keep(out, path, &kept, &ivl::print(&two.program));
    }
    if cli.gen_smt2 {
        let path = Path::new(&display);
        let kept = crate::keep_temps::path_for(path, Some(k.source_name), "smt2");
        match crate::stop_at_vc::render(&two.program, &[]) {
            Ok(text) => match std::fs::write(&kept, text) {
                Ok(()) => out.stderr.push_str(&format!(
                    "{display}: note: wrote {} (--gen-smt2)\n",
                    kept.display()
                )),
                Err(e) => out.stderr.push_str(&format!(
                    "{display}: warning: --gen-smt2: cannot write {}: {e}\n",
                    kept.display()
                )),
            },
            Err(err) => out
                .stderr
                .push_str(&format!("{display}: warning: --gen-smt2: {err}\n")),
        }
    }
    if cli.stop_at == Some(StopAt::TwoThread) {
        out.stdout.push_str(&ivl::print(&two.program));
        result.summary = "stopped after the two-thread transform".into();
        return;
    }
    if cli.stop_at == Some(StopAt::Vc) {
        match crate::stop_at_vc::render(&two.program, &[two.procedure.as_str()]) {
            Ok(text) => {
                out.stdout.push_str(&text);
                result.summary = "stopped after VC generation".into();
            }
            Err(err) => {
                result.set_verdict(crate::exit::solver_error_outcome(&err));
                result.summary = format!("VC generation failed: {err}");
                result.errors.push(format!(
                    "{display}: error: kernel `{}`: {err}",
                    k.source_name
                ));
            }
        }
        return;
    }
    let mut assumptions =
        kernel_report::assumptions(&two, k.program.procedure(k.procedure), config);
    assumptions.boogie_files = cli
        .boogie_files
        .iter()
        .map(|f| f.display().to_string())
        .collect();
    assumptions.math_int = cli.math_int;
    assumptions.global_offset_default =
        result.language == Language::OpenCl && cli.global_offset.is_none();
    assumptions.row_major = with_row_major
        .iter()
        .flat_map(|(_, sites)| sites.iter())
        .map(|s| match &s.location {
            Some(at) => format!("`{}` at {at}", s.width),
            None => format!("`{}`", s.width),
        })
        .collect();
    result.assumptions = Some(assumptions);
    result.loop_unwind = config.loop_unwind;
    let solver_config = crate::config::solver_config(cli);
    // The kernel, then (with --no-inline) each device function kept as a
    // two-thread procedure: the kernel is verified only if all are.
    let mut reports = Vec::new();
    // All procedures are inferred together: contract candidates of a callee
    // are checked at the calls of its callers (infer::verify_procedures).
    let inferences = match infer::verify_procedures(
        &two.program,
        &two.procedures,
        &crate::infer_cli::infer_config(cli),
        &solver_config,
    ) {
        Ok(r) => r,
        Err(err) => {
            result.set_verdict(crate::exit::solver_error_outcome(&err));
            result.summary = err.to_string();
            result.errors.push(format!("{display}: error: {err}"));
            return;
        }
    };
    for (procedure, inference) in two.procedures.iter().zip(inferences) {
        record_solver_times(&inference, &mut result.times);
        debug_stage(
            cli,
            out,
            format_args!(
                "kernel `{}`, procedure `{procedure}`: inference {:.3} s ({} rounds), solving {:.3} s: {}",
                k.source_name,
                result.times.inference,
                result.times.inference_rounds.len(),
                result.times.solving,
                if matches!(inference.report.outcome, solver::Outcome::Verified) {
                    "verified"
                } else {
                    "not verified"
                }
            ),
        );
        if cli.infer_info {
            let name = if *procedure == two.procedure {
                k.source_name.to_string()
            } else {
                format!("{}`, procedure `{procedure}", k.source_name)
            };
            let info = crate::infer_cli::render_info(&name, &inference);
            out.stdout.push_str(&info);
        }
        if let (Some(reason), false) = (
            &inference.incomplete,
            matches!(inference.report.outcome, solver::Outcome::Verified),
        ) {
            // Houdini did not finish, so no candidate is kept; the program
            // was then checked without them. A proof without candidates
            // stands (it assumes nothing); anything else is undecided, never
            // a defect: the failures may need the invariants Houdini lost.
            result.set_verdict(Outcome::Timeout);
            result.summary = format!(
                "Not verified (inference incomplete): {display} (kernel `{}`{}): {reason}",
                k.source_name,
                if *procedure == two.procedure {
                    String::new()
                } else {
                    format!(", procedure `{procedure}`")
                }
            );
            result.ending = Ending::Verdict;
            return;
        }
        reports.push(inference.report);
    }
    result.checks = reports.iter().map(|r| r.checks).sum();
    // One report per distinct race (crate::race_key).
    let mut races_seen = std::collections::HashSet::new();
    for failure in reports.iter().flat_map(|r| r.outcome.failures()) {
        let mut d = transform::defect(
            &two,
            &failure.check.attrs,
            failure.check.span,
            check_class(&failure.check.kind),
            &|name| model_value(&failure.model, name),
        );
        if let Some(key) = crate::race_key::race_key(&d) {
            if !races_seen.insert(key) {
                continue;
            }
        }
        // A failing precondition is the caller's fault: report it at the
        // call (with --no-inline), not at the callee's `requires`.
        if d.kind == transform::DefectKind::Precondition {
            if let Some(call) = transform::source_loc(&failure.check.call_attrs) {
                d.location = Some(call);
            }
        }
        let arguments = argument_values(&two, &failure.model);
        let mut report = kernel_report::defect_report(&display, source, &d, config, arguments);
        kernel_report::name_pixels(&mut report, k.program);
        // A per-thread check fails for both copies with the same message
        // (the same thread, the same statement): report it once.
        if !result.defects.iter().any(|r| r.same_as(&report)) {
            let kernel = crate::replay::Kernel {
                program: k.program,
                procedure: k.procedure,
            };
            let mut report = report;
            report.replay = crate::replay::confirm(
                &kernel,
                config,
                &|name| model_value(&failure.model, name),
                &d,
            );
            result.defects.push(report);
        }
    }
    let defects = result.defects.len();
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
            result.set_verdict(Outcome::Verified);
            result.ending = Ending::Verdict;
            // Print the row-major assumption only if the proof needed it
            // (crate::row_major_use).
            if result
                .assumptions
                .as_ref()
                .is_some_and(|a| !a.row_major.is_empty())
            {
                let check = Instant::now();
                let needless = crate::row_major_use::proves_without(
                    cli,
                    before_row_major,
                    k.procedure,
                    config,
                    transform_start.elapsed(),
                );
                debug_stage(
                    cli,
                    out,
                    format_args!(
                        "kernel `{}`: proof without the row-major assumption {} in {:.3} s",
                        k.source_name,
                        if needless { "found" } else { "not found" },
                        check.elapsed().as_secs_f64()
                    ),
                );
                if needless {
                    if let Some(a) = result.assumptions.as_mut() {
                        a.row_major.clear();
                    }
                }
            }
            match config.loop_unwind {
                Some(n) => {
                    result.summary = format!(
                        "No defects found up to {n} loop iteration{}: {display} (kernel `{}`)",
                        if n == 1 { "" } else { "s" },
                        k.source_name
                    )
                }
                None => {
                    result.summary = format!("Verified: {display} (kernel `{}`)", k.source_name);
                    result.proved = kernel_report::proved(config);
                }
            }
        }
        solver::Outcome::Failed(_) => {
            result.set_verdict(Outcome::NotVerified);
            result.ending = Ending::Verdict;
            result.summary = format!(
                "Not verified: {display} (kernel `{}`): {defects} possible defect{}",
                k.source_name,
                if defects == 1 { "" } else { "s" }
            );
        }
        solver::Outcome::Unknown { reason, .. } => {
            let reason = crate::quantified::undecided_reason(&two.program, reason);
            if defects > 0 {
                defects_stand(result, &display, k.source_name, &reason);
            } else {
                result.set_verdict(Outcome::Timeout);
                result.summary = format!("could not be verified: {reason}");
                result.errors.push(format!(
                    "{display}: error: kernel `{}` could not be verified: {reason}",
                    k.source_name
                ));
            }
        }
        solver::Outcome::Error(err) => {
            result.errors.push(format!(
                "{display}: error: kernel `{}`: {err}",
                k.source_name
            ));
            if defects > 0 {
                defects_stand(result, &display, k.source_name, &err.to_string());
            } else {
                result.set_verdict(crate::exit::solver_error_outcome(err));
                result.summary = err.to_string();
            }
        }
    }
}

/// Some checks undecided (`why`: a timeout, a solver failure) but defects
/// found: the defects stand, the kernel is reported (exit 6) and the
/// undecided checks noted.
fn defects_stand(result: &mut KernelResult, display: &str, kernel: &str, why: &str) {
    let defects = result.defects.len();
    result.set_verdict(Outcome::NotVerified);
    result.ending = Ending::Verdict;
    result.summary = format!(
        "Not verified: {display} (kernel `{kernel}`): {defects} possible defect{} (other checks \
         undecided: {why})",
        if defects == 1 { "" } else { "s" }
    );
}

/// The solver's stage times: VC generation, Houdini rounds, final proof.
fn record_solver_times(inference: &infer::Inference, times: &mut StageTimes) {
    for (stage, d) in &inference.report.stages {
        let total = match stage {
            solver::Stage::Vc => &mut times.vc,
            solver::Stage::Houdini => &mut times.inference,
            solver::Stage::Solve => &mut times.solving,
        };
        *total += seconds(*d);
    }
    times
        .inference_rounds
        .extend(inference.round_times.iter().map(|d| seconds(*d)));
}
