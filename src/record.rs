//! `gpuverify record -o launches.json -- ./app args...`: runs a host
//! program with the launch recorder (`intercept/`, the shared library
//! `libgpuverify_intercept.so`) preloaded and writes the kernel launches
//! it made as GPUVerify's intercepted-launch JSON.
//!
//! Consumes the command line after `record`; guarantees that the output
//! is a JSON array of every successful launch the program made through
//! the OpenCL ICD loader, in order, each naming its program source, which
//! is copied beside the output as `launch-<hash>.cl`. The program runs
//! with its own stdin/stdout/stderr; its exit status is passed on (a
//! program that fails still has its launches written). Exit 9 when the
//! recorder library cannot be found, 1 for a bad command line or a
//! program that cannot be started.

use crate::exit::Outcome;
use clap::{Arg, ArgAction, Command};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The recorder's file name (built by `cargo build`, installed beside
/// the binary or in `lib/gpuverify/`).
pub const LIBRARY: &str = "libgpuverify_intercept.so";

fn command() -> Command {
    Command::new("gpuverify record")
        .about("Run an OpenCL host program and record its kernel launches")
        .long_about(
            "Run an OpenCL host program with the launch recorder preloaded and write \
             every kernel launch it makes (program source and build options, kernel \
             name, argument kinds and scalar values, global/local size and offset) as \
             GPUVerify's intercepted-launch JSON. Verify them with \
             `gpuverify --launches=FILE`. See docs/launch-recording.md.",
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("FILE")
                .default_value("launches.json")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Where to write the launches (sources go beside it)"),
        )
        .arg(
            Arg::new("program")
                .value_name("PROGRAM")
                .required(true)
                .num_args(1..)
                .trailing_var_arg(true)
                .allow_hyphen_values(true)
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(OsString))
                .help("The host program and its arguments (after `--`)"),
        )
}

/// Runs `gpuverify record ARGS`.
pub fn main(args: &[OsString]) -> ExitCode {
    let matches = match command().try_get_matches_from(
        std::iter::once(OsString::from("gpuverify record")).chain(args.iter().cloned()),
    ) {
        Ok(m) => m,
        Err(err) => {
            let _ = err.print();
            return match err.kind() {
                clap::error::ErrorKind::DisplayHelp => Outcome::Verified.into(),
                _ => Outcome::CommandLine.into(),
            };
        }
    };
    let output: PathBuf = matches
        .get_one::<PathBuf>("output")
        .cloned()
        .unwrap_or_else(|| "launches.json".into());
    let program: Vec<OsString> = matches
        .get_many::<OsString>("program")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    match record(&output, &program) {
        Ok(code) => ExitCode::from(code),
        Err((outcome, message)) => {
            eprintln!("gpuverify record: error: {message}");
            outcome.into()
        }
    }
}

/// The recorder library: `$GPUVERIFY_INTERCEPT_LIB`, else beside the
/// running binary (a cargo build: `target/debug/`, or its `deps/`), else
/// `../lib/gpuverify/` from it (an installation).
pub fn find_library() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("GPUVERIFY_INTERCEPT_LIB") {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!(
                "GPUVERIFY_INTERCEPT_LIB={} is not a file",
                path.display()
            ))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    let candidates = [
        dir.join(LIBRARY),
        dir.join("deps").join(LIBRARY),
        dir.join("../lib/gpuverify").join(LIBRARY),
    ];
    candidates
        .iter()
        .find(|c| c.is_file())
        .map(|c| c.canonicalize().unwrap_or_else(|_| c.clone()))
        .ok_or_else(|| {
            format!(
                "the launch recorder {LIBRARY} is not installed (looked in {}); build it \
                 with `cargo build -p gpuverify-intercept` or set GPUVERIFY_INTERCEPT_LIB",
                dir.display()
            )
        })
}

fn record(output: &Path, program: &[OsString]) -> Result<u8, (Outcome, String)> {
    let library = find_library().map_err(|m| (Outcome::Configuration, m))?;
    let scratch = std::env::temp_dir().join(format!(
        "gpuverify-record-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&scratch).map_err(|e| {
        (
            Outcome::CommandLine,
            format!("cannot create {}: {e}", scratch.display()),
        )
    })?;
    let result = run_and_collect(&library, &scratch, output, program);
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn run_and_collect(
    library: &Path,
    scratch: &Path,
    output: &Path,
    program: &[OsString],
) -> Result<u8, (Outcome, String)> {
    let mut preload = OsString::from(library);
    if let Some(existing) = std::env::var_os("LD_PRELOAD").filter(|p| !p.is_empty()) {
        preload.push(":");
        preload.push(existing);
    }
    let status = std::process::Command::new(&program[0])
        .args(&program[1..])
        .env("LD_PRELOAD", preload)
        .env(intercept_dir_var(), scratch)
        // PyOpenCL would otherwise build a cached binary, whose source the
        // runtime no longer has.
        .env("PYOPENCL_NO_CACHE", "1")
        .status()
        .map_err(|e| {
            (
                Outcome::CommandLine,
                format!("cannot run {}: {e}", Path::new(&program[0]).display()),
            )
        })?;
    let lines = std::fs::read_to_string(scratch.join(LAUNCHES_FILE)).unwrap_or_default();
    let mut launches = Vec::new();
    let out_dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(out_dir).map_err(|e| {
        (
            Outcome::CommandLine,
            format!("cannot create {}: {e}", out_dir.display()),
        )
    })?;
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let launch: serde_json::Value = serde_json::from_str(line).map_err(|e| {
            (
                Outcome::Configuration,
                format!("the recorder wrote a malformed line ({e}): {line}"),
            )
        })?;
        if let Some(source) = launch.get("kernel_file").and_then(|f| f.as_str()) {
            let to = out_dir.join(source);
            if !to.exists() {
                std::fs::copy(scratch.join(source), &to).map_err(|e| {
                    (
                        Outcome::CommandLine,
                        format!("cannot write {}: {e}", to.display()),
                    )
                })?;
            }
        }
        launches.push(launch);
    }
    let json = serde_json::to_string_pretty(&launches).unwrap_or_else(|_| "[]".into());
    std::fs::write(output, json + "\n").map_err(|e| {
        (
            Outcome::CommandLine,
            format!("cannot write {}: {e}", output.display()),
        )
    })?;
    let distinct = crate::launches::load(output).map_or(0, |l| l.len());
    eprintln!(
        "gpuverify record: {} launches ({distinct} distinct) written to {}",
        launches.len(),
        output.display()
    );
    if launches.is_empty() {
        eprintln!(
            "gpuverify record: warning: no kernel launch was recorded: the program made none \
             through the OpenCL ICD loader (libOpenCL.so.1), or it is statically linked or \
             setuid (the recorder cannot be preloaded then)"
        );
    }
    let code = match status.code() {
        Some(code) => code.clamp(0, 255) as u8,
        // Killed by a signal: as a shell reports it.
        None => {
            use std::os::unix::process::ExitStatusExt;
            128u8.saturating_add(status.signal().unwrap_or(0).clamp(0, 127) as u8)
        }
    };
    if code != 0 {
        eprintln!(
            "gpuverify record: warning: {} exited with status {code}; the launches it made \
             before are recorded",
            Path::new(&program[0]).display()
        );
    }
    Ok(code)
}

/// The recorder's directory variable and its launches file: the values
/// of `gpuverify_intercept::RECORD_DIR_VAR` and `LAUNCHES_FILE` (that
/// crate is not linked into the verifier: it defines the OpenCL entry
/// points).
fn intercept_dir_var() -> &'static str {
    "GPUVERIFY_RECORD_DIR"
}
const LAUNCHES_FILE: &str = "launches.jsonl";
