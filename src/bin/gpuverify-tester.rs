//! `gpuverify-tester`: runs kernels that carry test headers (docs/design.md
//! §7; parsed by the `headers` crate) through the `gpuverify`
//! binary, in parallel, and compares each run's exit code and output with
//! the header.
//!
//! Consumes: files and directories (searched recursively for `.cl`, `.cu`,
//! `.ivl`), an optional known-failures file. Guarantees: one line per
//! kernel that does not behave as expected (file, expected, got, first
//! regex that does not match), a final `N passed, M failed` line, and exit
//! code 0 iff every kernel behaved as expected (a kernel listed as a known
//! failure must fail; one that passes is an unexpected pass and fails the
//! run). The output is in path order whatever the number of workers.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use clap::Parser;
use headers::{Expectation, Header};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Parser)]
#[command(
    name = "gpuverify-tester",
    version,
    about = "Run kernels with test headers through gpuverify and check their verdicts",
    long_about = "Run kernels with test headers through gpuverify and check their verdicts.\n\n\
Header of each kernel: line 1 `//pass` or `//xfail:NAME` (NAME an exit-code name: \
COMMAND_LINE_ERROR 1, CLANG_ERROR 2, FRONTEND_ERROR 4, TRANSFORM_ERROR 5, \
NOT_ALL_VERIFIED 6, TIMEOUT 7, CONFIGURATION_ERROR 9), line 2 `//` followed by the \
flags, then `//regex` lines that stdout+stderr of the run must match (a line `// text` \
is a comment). See docs/usage.md.",
    after_help = "Examples:\n  gpuverify-tester tests/kernels\n  gpuverify-tester -j 4 --known-failures=tests/kernels/known_failures.txt tests/kernels\n  gpuverify-tester --extra-flag=--timeout=30 my_kernels/ one.cl\n\nExit codes:\n  0  every kernel behaved as its header says (known failures failed)\n  1  some kernel did not, or a known failure passed\n  2  command-line error (including an unreadable known-failures file)"
)]
struct Args {
    /// Kernel files and directories (searched recursively for .cl, .cu, .ivl)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Number of kernels run at once (default: the number of cores)
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,

    /// Kernels expected to fail their header: one path a line, relative to
    /// the file's directory; `#` starts a comment
    #[arg(long, value_name = "FILE")]
    known_failures: Option<PathBuf>,

    /// The gpuverify binary (default: the one next to this program, else
    /// `gpuverify` on the search path)
    #[arg(long, value_name = "PATH")]
    gpuverify: Option<PathBuf>,

    /// A flag appended to every run after the header's flags (repeatable)
    #[arg(long, value_name = "FLAG", allow_hyphen_values = true, action = clap::ArgAction::Append)]
    extra_flag: Vec<String>,

    /// Wall-clock limit of one run in seconds; a run past it is killed and
    /// counts as exit 7 (TIMEOUT). 0: no limit
    #[arg(long, value_name = "SECS", default_value_t = 0)]
    kernel_timeout: u64,

    /// Also print a line for every kernel that behaved as expected
    #[arg(short, long)]
    verbose: bool,
}

/// What one kernel did.
enum Verdict {
    /// Exit code and regexes as the header says.
    AsExpected,
    /// The header itself is unusable.
    BadHeader(String),
    /// The run does not match: the reason, ready to print.
    Mismatch(String),
    /// gpuverify could not be started.
    NotRun(String),
}

const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let args = Args::parse();
    let gpuverify = args.gpuverify.clone().unwrap_or_else(default_gpuverify);
    let mut kernels = Vec::new();
    for path in &args.paths {
        if let Err(message) = collect(path, &mut kernels) {
            eprintln!("gpuverify-tester: error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    }
    kernels.sort();
    kernels.dedup();
    let known = match &args.known_failures {
        None => BTreeMap::new(),
        Some(file) => match read_known_failures(file) {
            Ok(known) => known,
            Err(message) => {
                eprintln!("gpuverify-tester: error: {message}");
                return ExitCode::from(EXIT_USAGE);
            }
        },
    };
    let jobs = args.jobs.map(|j| j as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let verdicts = run_all(&args, &gpuverify, &kernels, jobs);

    let (mut passed, mut failed, mut known_failed, mut unexpected_passes) = (0, 0, 0, 0);
    for (path, verdict) in kernels.iter().zip(&verdicts) {
        let name = path.display();
        let listed = canonical(path).is_some_and(|c| known.contains_key(&c));
        match (verdict, listed) {
            (Verdict::AsExpected, false) => {
                passed += 1;
                if args.verbose {
                    println!("ok {name}");
                }
            }
            (Verdict::AsExpected, true) => {
                unexpected_passes += 1;
                println!(
                    "UNEXPECTED PASS {name}: listed in the known failures but behaves as its header says; remove it from the list"
                );
            }
            (Verdict::Mismatch(reason), true) => {
                known_failed += 1;
                if args.verbose {
                    println!("known failure {name}: {reason}");
                }
            }
            (Verdict::Mismatch(reason), false) => {
                failed += 1;
                println!("FAIL {name}: {reason}");
            }
            // A broken header or a run that never started is never excused
            // by the known-failures list.
            (Verdict::BadHeader(reason), _) => {
                failed += 1;
                println!("FAIL {name}: {reason}");
            }
            (Verdict::NotRun(reason), _) => {
                failed += 1;
                println!("FAIL {name}: {reason}");
            }
        }
    }
    let mut summary = format!("{passed} passed, {failed} failed");
    if args.known_failures.is_some() {
        summary.push_str(&format!(
            " ({known_failed} known failure{}, {unexpected_passes} unexpected pass{})",
            if known_failed == 1 { "" } else { "s" },
            if unexpected_passes == 1 { "" } else { "es" }
        ));
    }
    println!("{summary}");
    if failed == 0 && unexpected_passes == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `gpuverify` next to this executable (both are built into one target
/// directory), else the one on the search path.
fn default_gpuverify() -> PathBuf {
    let name = format!("gpuverify{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)))
        .filter(|candidate| candidate.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}

/// Adds `path` (a kernel file) or the kernels under it (a directory).
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?;
        let child = entry.path();
        if child.is_dir() {
            collect(&child, out)?;
        } else if headers::has_extension(&child, headers::KERNEL_EXTENSIONS) {
            out.push(child);
        }
    }
    Ok(())
}

fn canonical(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The known-failures file: canonical path -> line, for each listed kernel.
/// A listed kernel that does not exist is an error: the list went stale.
fn read_known_failures(file: &Path) -> Result<BTreeMap<PathBuf, usize>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        format!(
            "cannot read the known-failures file {}: {e}",
            file.display()
        )
    })?;
    let base = file.parent().unwrap_or(Path::new("."));
    let mut out = BTreeMap::new();
    for (k, line) in text.lines().enumerate() {
        let entry = line.split('#').next().unwrap_or("").trim();
        if entry.is_empty() {
            continue;
        }
        let path = base.join(entry);
        let Some(c) = canonical(&path) else {
            return Err(format!(
                "{}:{}: `{entry}` does not exist (remove it from the list)",
                file.display(),
                k + 1
            ));
        };
        out.insert(c, k + 1);
    }
    Ok(out)
}

fn run_all(args: &Args, gpuverify: &Path, kernels: &[PathBuf], jobs: usize) -> Vec<Verdict> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Verdict>>> =
        Mutex::new((0..kernels.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(kernels.len()).max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = kernels.get(k) else {
                    break;
                };
                let verdict = run_one(args, gpuverify, path);
                if let Ok(mut results) = results.lock() {
                    results[k] = Some(verdict);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Verdict::NotRun("the worker running it failed".into())))
        .collect()
}

fn run_one(args: &Args, gpuverify: &Path, path: &Path) -> Verdict {
    let header = match Header::of_file(path) {
        Ok(header) => header,
        Err(err) => return Verdict::BadHeader(err.to_string()),
    };
    let mut command = Command::new(gpuverify);
    command.args(&header.flags).args(&args.extra_flag).arg(path);
    let run = match run_with_limit(command, args.kernel_timeout) {
        Ok(run) => run,
        Err(message) => {
            return Verdict::NotRun(format!("cannot run {}: {message}", gpuverify.display()))
        }
    };
    let expected = &header.expectation;
    let mut problems = Vec::new();
    if run.code != Some(expected.exit_code()) {
        problems.push(format!(
            "expected {}, got {}",
            describe_expected(expected),
            describe_code(run.code, run.timed_out)
        ));
    }
    if let Some(pattern) = header.first_mismatch(&run.output) {
        problems.push(format!(
            "output does not match line {}: `{}`",
            pattern.line,
            pattern.regex.as_str()
        ));
    }
    if problems.is_empty() {
        Verdict::AsExpected
    } else {
        let first_line = run.output.lines().next().unwrap_or("").trim();
        Verdict::Mismatch(format!("{} (output: {first_line})", problems.join("; ")))
    }
}

fn describe_expected(expected: &Expectation) -> String {
    match expected {
        Expectation::Pass => "pass (exit 0)".to_string(),
        Expectation::Fail { name, code } => format!("xfail:{name} (exit {code})"),
    }
}

fn describe_code(code: Option<i32>, timed_out: bool) -> String {
    if timed_out {
        return "no exit within --kernel-timeout (killed; counted as TIMEOUT)".into();
    }
    match code {
        Some(code) => match headers::exit_name_of(code) {
            Some(name) => format!("exit {code} ({name})"),
            None => format!("exit {code}"),
        },
        None => "no exit code (killed by a signal)".into(),
    }
}

struct Run {
    code: Option<i32>,
    timed_out: bool,
    /// stdout followed by stderr.
    output: String,
}

/// Runs `command`, capturing stdout and stderr; past `limit_secs` (0: no
/// limit) the child is killed and the run counts as exit 7.
fn run_with_limit(mut command: Command, limit_secs: u64) -> Result<Run, String> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| e.to_string())?;
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = stdout.as_mut() {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = stderr.as_mut() {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    });
    let mut timed_out = false;
    let status = if limit_secs == 0 {
        child.wait().map_err(|e| e.to_string())?
    } else {
        let deadline = Instant::now() + Duration::from_secs(limit_secs);
        loop {
            match child.try_wait().map_err(|e| e.to_string())? {
                Some(status) => break status,
                None if Instant::now() >= deadline => {
                    let _ = child.kill();
                    timed_out = true;
                    break child.wait().map_err(|e| e.to_string())?;
                }
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    };
    let out = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    Ok(Run {
        code: if timed_out { Some(7) } else { status.code() },
        timed_out,
        output: format!(
            "{}{}",
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&err)
        ),
    })
}
