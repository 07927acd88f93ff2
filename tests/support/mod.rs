//! Shared by the oracle-backed tests (`differential.rs`, `mutants.rs`): the
//! concrete interpreter (`simulate`) as the oracle, the real binary as the
//! verifier, and the translation of one interpreter run (launch, scalar
//! arguments) into the command-line flags that describe it.
//!
//! The soundness rule both tests enforce: when the interpreter shows a
//! defect in a launch, the verifier run with flags describing that launch
//! must not say `Verified` (nor exit 0).

#![allow(dead_code)]

#[path = "deadline.rs"]
pub mod deadline;

use simulate::{Inputs, Launch, Outcome, SimOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Line 1 (`//pass`, `//xfail:NAME`) and the flags of line 2 (joined by
/// single spaces) of a kernel file's header (the `headers` crate).
/// A header whose flags the binary rejects (a malformed `--kernel-args`,
/// an unknown flag) is a broken test and panics here, unless line 1
/// expects that rejection (`//xfail:COMMAND_LINE_ERROR`): no harness drops
/// a flag silently.
pub fn header(text: &str) -> (String, String) {
    let header = headers::Header::parse(text).unwrap_or_else(|e| panic!("bad test header: {e}"));
    let flags = header.flag_line();
    if header.expectation.exit_code() != 1 {
        if let Err(e) = try_header(&flags) {
            panic!("a test header the binary rejects: {e}");
        }
    }
    (format!("//{}", header.expectation), flags)
}

/// Every `.cl`/`.cu` kernel of `tests/kernels/{opencl,cuda}` (subfolders
/// included) that `suite` runs: all but the ones
/// `tests/kernels/suite_exclusions.txt` excludes for it, with a reason.
pub fn corpus_files(suite: &str) -> Vec<PathBuf> {
    suite_corpus(suite, &["opencl", "cuda"], &["cl", "cu"])
}

/// A corpus kernel's path relative to `tests/kernels` (`opencl/sub/k.cl`):
/// how the suites name kernels (file names repeat across subfolders).
pub fn corpus_name(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    path.strip_prefix(&root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// [`corpus_files`] over other folders and extensions of `tests/kernels`.
/// Whether `GPUVERIFY_CORPUS_ONLY` narrows the corpus (suites then skip
/// their "enough kernels" floors).
pub fn corpus_narrowed() -> bool {
    std::env::var("GPUVERIFY_CORPUS_ONLY").is_ok_and(|v| !v.is_empty())
}

/// `GPUVERIFY_CORPUS_ONLY=a/,b.cl` (while developing) keeps the kernels
/// whose path relative to `tests/kernels` contains one of the
/// comma-separated parts; `make test` never sets it.
pub fn suite_corpus(suite: &str, dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let files = headers::suite_corpus(&root, suite, dirs, extensions)
        .unwrap_or_else(|e| panic!("tests/kernels/{e}"));
    narrowed(files)
}

/// `files` narrowed by `GPUVERIFY_CORPUS_ONLY` (all of them when unset).
pub fn narrowed(files: Vec<PathBuf>) -> Vec<PathBuf> {
    match std::env::var("GPUVERIFY_CORPUS_ONLY") {
        Ok(only) if !only.is_empty() => files
            .into_iter()
            .filter(|f| {
                let name = corpus_name(f);
                only.split(',').any(|part| name.contains(part))
            })
            .collect(),
        _ => files,
    }
}

/// A header's flags as the binary reads them: its frontend and transform
/// configurations (`gpuverify::parse_args`, `frontend_config`,
/// `transform_config`: the one mapping of flags, so a harness never reads
/// a flag differently from the verifier).
pub struct HeaderConfig {
    pub frontend: frontend::FrontendConfig,
    pub transform: transform::TransformConfig,
}

/// [`HeaderConfig`] of `flags`, or the binary's command-line error. Callers
/// never drop a flag silently: a header the binary rejects is either a
/// kernel whose header expects the rejection (a launch too large to model;
/// tests/kernels.rs checks that expectation) and is not run, or a broken
/// test.
pub fn try_header(flags: &str) -> Result<HeaderConfig, String> {
    let cli = header_cli(flags)?;
    let transform = gpuverify::transform_config(&cli).map_err(|e| format!("{flags}: {e}"))?;
    Ok(HeaderConfig {
        frontend: gpuverify::frontend_config(&cli),
        transform,
    })
}

/// The header's launch (`*` sizes as 1, no offset as 0), as the binary
/// reads it.
fn header_launch(config: &transform::TransformConfig) -> Launch {
    let narrow = |d: u64| u32::try_from(d).unwrap_or(u32::MAX);
    Launch {
        local_size: config.local_size.map(|d| d.map_or(1, narrow)),
        num_groups: config.num_groups.map(|d| d.map_or(1, narrow)),
        global_offset: config.global_offset.map(|d| d.map_or(0, narrow)),
    }
}

/// The header's launch with at most 2 groups per dimension and at most 256
/// threads per group, plus the header's own launch when it is small (the
/// corpus kernels hard-code their launch shape, so only the group count is
/// shrunk). None for a header the binary rejects (which [`oracle`] does
/// not run).
pub fn header_launches(flags: &str) -> Vec<Launch> {
    let Ok(config) = try_header(flags) else {
        return Vec::new();
    };
    let header = header_launch(&config.transform);
    let mut shaped = Launch {
        num_groups: header.num_groups.map(|d| d.clamp(1, 2)),
        ..header.clone()
    };
    while shaped.threads_per_group() > 256 {
        let k = (0..3).max_by_key(|&k| shaped.local_size[k]).unwrap_or(0);
        shaped.local_size[k] /= 2;
    }
    let mut out = vec![shaped];
    // In 64 bits: a header may launch up to 2^32 - 1 threads per dimension.
    let threads = u64::from(header.threads_per_group()) * u64::from(header.group_count());
    if threads <= 256 && !out.contains(&header) {
        out.push(header);
    }
    out
}

/// The binary's command line of a header's flags.
fn header_cli(flags: &str) -> Result<gpuverify::cli::Cli, String> {
    let mut args = headers::split_flags(flags);
    args.push("kernel.cl".to_string());
    let (cli, _) = gpuverify::parse_args(args).map_err(|e| format!("{flags}: {e}"))?;
    Ok(cli)
}

/// The frontend settings of a header (which need no launch: generated
/// kernels have no header and take the oracle's launches).
pub fn try_header_config(flags: &str) -> Result<frontend::FrontendConfig, String> {
    header_cli(flags).map(|cli| gpuverify::frontend_config(&cli))
}

/// [`try_header_config`] for a header the binary must accept.
pub fn header_config(flags: &str) -> frontend::FrontendConfig {
    try_header_config(flags).unwrap_or_else(|e| panic!("a test header the binary rejects: {e}"))
}

/// Scalars fixed by the header's `--kernel-args`: the interpreter must use
/// exactly these values.
pub fn header_inputs(
    kernel: &frontend::LoweredKernel,
    config: &frontend::FrontendConfig,
) -> Inputs {
    let inputs = Inputs::default();
    let Some(proc) = kernel.program.procedure(&kernel.name) else {
        return inputs;
    };
    let Some(values) = config
        .kernel_args
        .iter()
        .find(|k| k.kernel == kernel.source_name)
    else {
        return inputs;
    };
    inputs.with_kernel_args(proc, &values.values)
}

/// What the header's checking flags say the verifier checks, so that the
/// oracle only counts defects the verifier is asked to find.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    pub only_intra_group: bool,
    pub only_divergence: bool,
    pub no_benign_tolerance: bool,
    pub warp_size: Option<u32>,
    /// `get_work_dim()` as the verifier takes it: the most dimensions a
    /// launch flag gives.
    pub work_dim: Option<u32>,
}

impl Checked {
    /// What the transform configuration of a header checks.
    pub fn of(config: &transform::TransformConfig) -> Checked {
        Checked {
            only_intra_group: config.only_intra_group,
            only_divergence: config.only_divergence,
            no_benign_tolerance: !config.benign_tolerance,
            warp_size: config.warp_sync,
            work_dim: config.work_dim,
        }
    }

    /// The interpreter's options for run `seed` of a kernel: a step budget,
    /// and the header's warp size and benign-write tolerance.
    pub fn options(&self, seed: u64) -> SimOptions {
        SimOptions {
            seed,
            max_steps: 200_000,
            warp_size: self.warp_size,
            benign_tolerance: !self.no_benign_tolerance,
            // get_work_dim() as the verifier takes it from the flags.
            work_dim: self.work_dim,
            ..SimOptions::default()
        }
    }

    pub fn counts(&self, outcome: &Outcome) -> bool {
        match outcome {
            Outcome::Race { inter_group, .. } => {
                let ignored = self.only_divergence || (self.only_intra_group && *inter_group);
                !ignored
            }
            o => o.is_defect(),
        }
    }
}

/// A defect the oracle found, with what is needed to ask the verifier
/// about exactly that run.
#[derive(Clone, Debug)]
pub struct Defect {
    pub kernel: String,
    pub launch: Launch,
    pub seed: u64,
    /// `K,v1,...` for the kernel's scalar arguments as the run used them,
    /// `None` when the header already fixes them.
    pub kernel_args: Option<String>,
    pub rendered: String,
    /// `line:col` of the later and the earlier access, for a race.
    pub race_locs: Option<[String; 2]>,
}

#[derive(Clone, Debug)]
pub enum OracleVerdict {
    Defect(Box<Defect>),
    /// At least one run completed and none showed a defect.
    Clean,
    /// The frontend or the interpreter cannot run it, or every run hit
    /// the step limit.
    NotRun(String),
}

/// Runs every kernel of `path` over `launches` x `seeds` and returns the
/// first defect (one the header's flags ask the verifier to find).
pub fn oracle(path: &Path, flags: &str, launches: &[Launch], seeds: u64) -> OracleVerdict {
    // The verifier answers exit 1 to a header it rejects (never
    // "verified"), so there is nothing to compare.
    let config = match try_header_config(flags) {
        Ok(config) => config,
        Err(e) => return OracleVerdict::NotRun(format!("command line: {e}")),
    };
    // What is checked, read with the launch the verifier will be given
    // (a generated kernel's flags have none).
    let Some(first) = launches.first() else {
        return OracleVerdict::NotRun("no launch".into());
    };
    let checked = match try_header(&flags_for_launch(flags, first).join(" ")) {
        Ok(c) => Checked::of(&c.transform),
        Err(e) => return OracleVerdict::NotRun(format!("command line: {e}")),
    };
    // Kernels that do not lower are unsupported for the verifier too (exit
    // 4); the others of their file are still simulated.
    let lowered = match frontend::lower_each_kernel(path, &config) {
        Ok(l) if l.kernels.is_empty() && !l.failures.is_empty() => {
            return OracleVerdict::NotRun(format!("frontend: {}", l.failures[0].error))
        }
        Ok(l) => l,
        Err(e) => return OracleVerdict::NotRun(format!("frontend: {e}")),
    };
    let mut completed = false;
    for kernel in &lowered.kernels {
        let inputs = header_inputs(kernel, &config);
        for launch in launches {
            for seed in 0..seeds {
                let options = checked.options(seed);
                let report =
                    match simulate::run(&kernel.program, &kernel.name, launch, &inputs, &options) {
                        Ok(r) => r,
                        Err(e) => return OracleVerdict::NotRun(format!("simulate: {e}")),
                    };
                if checked.counts(&report.outcome) {
                    let kernel_args = if inputs.scalars.is_empty() {
                        kernel_args_flag(kernel, &report.scalars)
                    } else {
                        None
                    };
                    return OracleVerdict::Defect(Box::new(Defect {
                        kernel: kernel.source_name.clone(),
                        launch: launch.clone(),
                        seed,
                        kernel_args,
                        rendered: report.render(),
                        race_locs: race_locs(&report.outcome),
                    }));
                }
                if !matches!(report.outcome, Outcome::StepLimit { .. }) {
                    completed = true;
                }
            }
        }
    }
    if completed {
        OracleVerdict::Clean
    } else {
        OracleVerdict::NotRun("step limit in every run".into())
    }
}

fn race_locs(outcome: &Outcome) -> Option<[String; 2]> {
    match outcome {
        Outcome::Race { later, earlier, .. } => {
            let line_col = |a: &simulate::Access| {
                a.loc
                    .as_ref()
                    .map(|l| format!("{}:{}", l.line, l.col))
                    .unwrap_or_default()
            };
            Some([line_col(later), line_col(earlier)])
        }
        _ => None,
    }
}

/// `K,v1,...` with the values the run drew for the kernel's scalar
/// parameters (in order; the frontend maps them to the non-pointer source
/// arguments), `*` where a value is not a bit-vector or a Boolean.
fn kernel_args_flag(
    kernel: &frontend::LoweredKernel,
    scalars: &[(String, solver::value::Value)],
) -> Option<String> {
    let proc = kernel.program.procedure(&kernel.name)?;
    if proc.params.is_empty() {
        return None;
    }
    let mut out = kernel.source_name.clone();
    for param in &proc.params {
        let value = scalars
            .iter()
            .find(|(n, _)| *n == param.name.name)
            .map(|(_, v)| v);
        let text = match value {
            Some(solver::value::Value::Bv { value, .. }) => u64::try_from(*value)
                .map(|v| v.to_string())
                .unwrap_or_else(|_| "*".into()),
            Some(solver::value::Value::Bool(b)) => u64::from(*b).to_string(),
            _ => "*".into(),
        };
        out.push(',');
        out.push_str(&text);
    }
    Some(out)
}

/// `d` with `dims` dimensions when the others are 1 (so that the
/// verifier's `get_work_dim()`, the most dimensions a launch flag gives,
/// stays the header's), else with all three.
fn dims_flag(d: [u32; 3], dims: usize) -> String {
    let n = if d[dims.clamp(1, 3)..].iter().all(|&x| x == 1) {
        dims.clamp(1, 3)
    } else {
        3
    };
    let parts: Vec<String> = d[..n].iter().map(u32::to_string).collect();
    format!("[{}]", parts.join(","))
}

/// The most dimensions a launch flag of `flags` gives (`[a,b]`: 2, `a`:
/// 1); 3 when no flag gives a launch (generated kernels).
fn launch_dims(flags: &str) -> usize {
    flags
        .split_whitespace()
        .filter_map(|f| f.split_once('='))
        .filter(|(name, _)| LAUNCH_FLAGS.contains(name))
        .map(|(_, v)| v.split(',').count())
        .max()
        .unwrap_or(3)
}

/// The flags that give a launch's shape.
const LAUNCH_FLAGS: &[&str] = &[
    "--local_size",
    "--blockDim",
    "--num_groups",
    "--gridDim",
    "--global_size",
    "--global_offset",
];

/// The header's flags with its launch replaced by `launch` and the flags
/// that weaken "verified" (`--findbugs`, `--loop-unwind`) dropped.
pub fn flags_for_launch(flags: &str, launch: &Launch) -> Vec<String> {
    let dims = launch_dims(flags);
    let mut out: Vec<String> = flags
        .split_whitespace()
        .filter(|f| {
            let name = f.split('=').next().unwrap_or("");
            !LAUNCH_FLAGS.contains(&name) && !matches!(name, "--findbugs" | "--loop-unwind")
        })
        .map(str::to_string)
        .collect();
    out.push(format!(
        "--local_size={}",
        dims_flag(launch.local_size, dims)
    ));
    out.push(format!(
        "--num_groups={}",
        dims_flag(launch.num_groups, dims)
    ));
    // Zero is the verifier's default, and a CUDA launch takes no global
    // offset at all (exit 1): the flag only when the run had one.
    if launch.global_offset != [0, 0, 0] {
        out.push(format!(
            "--global_offset={}",
            dims_flag(launch.global_offset, dims)
        ));
    }
    out
}

/// The flags describing one oracle defect: its launch, its kernel, and the
/// scalar values it used.
pub fn flags_for_defect(flags: &str, defect: &Defect) -> Vec<String> {
    let mut out = flags_for_launch(flags, &defect.launch);
    out.push(format!("--kernel={}", defect.kernel));
    if let Some(args) = &defect.kernel_args {
        out.push(format!("--kernel-args={args}"));
    }
    out
}

/// One run of the real binary.
pub struct VerifierRun {
    pub code: i32,
    pub output: String,
}

impl VerifierRun {
    /// Exit 0 or a `Verified` line: the verifier claims the kernel correct.
    pub fn says_verified(&self) -> bool {
        self.code == 0 || self.output.lines().any(|l| l.starts_with("Verified"))
    }

    /// Exit 6: a defect (or an unproved check) was reported.
    pub fn flags_defect(&self) -> bool {
        self.code == 6
    }
}

/// One run of the binary on `path`; a command line it rejects (exit 1) is
/// a broken harness, never a verdict, and panics.
pub fn verifier(path: &Path, args: &[String]) -> VerifierRun {
    let out = deadline::output_within(
        Command::new(env!("CARGO_BIN_EXE_gpuverify"))
            .args(args)
            .arg("--timeout=30")
            .arg(path)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        deadline::RUN_LIMIT,
    );
    let run = VerifierRun {
        code: out.status.code().unwrap_or(-1),
        output: format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    };
    assert_ne!(
        run.code,
        1,
        "{}: the verifier rejects the harness's command line {args:?}:\n{}",
        path.display(),
        run.output
    );
    run
}

/// A fresh directory for generated files, under the system temporary
/// directory, named after the test and the process.
pub fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuverify-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

/// The `line:col` of both accesses of every race in a verifier report.
pub fn reported_races(output: &str) -> Vec<[String; 2]> {
    let mut races = Vec::new();
    let mut lines = output.lines().peekable();
    while let Some(line) = lines.next() {
        if !line.contains("error: possible ") || !line.contains(" race on ") {
            continue;
        }
        let mut locs = Vec::new();
        for l in lines.by_ref() {
            if locs.len() == 2 {
                break;
            }
            let is_access = ["Read by ", "Write by ", "Atomic by "]
                .iter()
                .any(|p| l.starts_with(p));
            if is_access {
                if let Some(loc) = line_col(l) {
                    locs.push(loc);
                }
            }
        }
        if let [a, b] = &locs[..] {
            races.push([a.clone(), b.clone()]);
        }
    }
    races
}

/// `...file.cl:12:5:` -> `12:5`.
fn line_col(access_line: &str) -> Option<String> {
    let loc = access_line.rsplit(", ").next()?.trim_end_matches(':');
    let mut parts = loc.rsplit(':');
    let col = parts.next()?;
    let line = parts.next()?;
    (col.parse::<u32>().is_ok() && line.parse::<u32>().is_ok()).then(|| format!("{line}:{col}"))
}

/// `f` over `items` on one worker per core (`GPUVERIFY_TEST_JOBS=N` to
/// choose), the results in the order of `items`. The corpus-wide suites
/// spend their time in the interpreter and in verifier processes, one
/// kernel at a time: this is what makes them use the machine.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let order: Vec<usize> = (0..items.len()).collect();
    par_map_in_order(items, &order, |item| f(item))
}

/// [`par_map`] over corpus files, started longest first by the times the
/// previous run of `suite` took for them (kept in
/// `target/tmp/test-times/SUITE.tsv`; files it does not know start first),
/// so that no worker is left with one slow kernel at the end. Only the
/// order in which files start depends on the times; the results are in
/// the order of `files`.
pub fn par_map_files<R: Send>(
    suite: &str,
    files: &[PathBuf],
    f: impl Fn(&PathBuf) -> R + Sync,
) -> Vec<R> {
    use std::collections::HashMap;
    use std::time::Instant;
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("test-times");
    let record = dir.join(format!("{suite}.tsv"));
    let known: HashMap<String, u64> = std::fs::read_to_string(&record)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (name, ms) = l.split_once('\t')?;
            Some((name.to_string(), ms.parse().ok()?))
        })
        .collect();
    let names: Vec<String> = files.iter().map(|f| corpus_name(f)).collect();
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(known.get(&names[k]).copied().unwrap_or(u64::MAX)));
    let timed = par_map_in_order(files, &order, |file| {
        let start = Instant::now();
        let r = f(file);
        (r, start.elapsed().as_millis())
    });
    // Files this run skipped (a narrowed corpus) keep their old times.
    let mut times: std::collections::BTreeMap<String, u64> = known.into_iter().collect();
    for (name, (_, ms)) in names.iter().zip(&timed) {
        times.insert(name.clone(), u64::try_from(*ms).unwrap_or(u64::MAX));
    }
    let mut text = String::new();
    for (name, ms) in &times {
        text.push_str(&format!("{name}\t{ms}\n"));
    }
    // Only a schedule: a record that cannot be written costs time, not
    // correctness.
    let _ = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&record, text));
    timed.into_iter().map(|(r, _)| r).collect()
}

/// `f` over `items`, started in `order` (indices of `items`) on one worker
/// per core; the results in the order of `items`.
fn par_map_in_order<T: Sync, R: Send>(
    items: &[T],
    order: &[usize],
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let jobs = std::env::var("GPUVERIFY_TEST_JOBS")
        .ok()
        .and_then(|j| j.parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                while let Some(&k) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let r = f(&items[k]);
                    *results[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every item ran")
        })
        .collect()
}
