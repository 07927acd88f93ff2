//! `--cache-dir=DIR`: results of earlier runs, reused for unchanged
//! inputs.
//!
//! Consumes an input file and the command line; gives back either the
//! stored results and text of an identical earlier run or runs the file
//! and stores what it gave. An entry is keyed by everything a verdict
//! depends on:
//! - the tool: its version and its build (size and modification time of
//!   the running executable, so a rebuilt verifier never trusts results
//!   of the previous build);
//! - the flags (every option but the output-only ones: inputs, `-j`,
//!   `--json`, `--sarif`, `--time`, `--shard`, `--cache-dir`);
//! - the input as given on the command line (results name it);
//! - the source: for OpenCL and CUDA the output of `clang-14 -E -C` with
//!   the frontend's own command line (headers, macros, include paths:
//!   an edited header changes the key, a comment moves nothing it shows);
//!   for IVL and LLVM input the file's bytes.
//!
//! Finding an entry costs a clang process per input, so an index keyed
//! by the raw input (src/cache_index.rs) leads to it directly while the
//! input and every file it includes are unchanged.
//!
//! The file name of an entry is a hash of the key; the entry stores the
//! whole key and is used only when it is equal, so a hash collision, a
//! truncated or edited file, or an entry of another build is ignored with
//! a warning and the input verified again. Only definite verdicts
//! (verified; not verified with a defect) are stored: a timeout, an
//! inference that gave up or a tool error is always retried. Not keyed: the versions of clang, opt and the solvers
//! (a solver upgrade could turn a timeout into a proof, never change a
//! stored definite verdict of a sound tool). Entries are written to a
//! temporary file and renamed, so parallel runs never read half an entry.

use crate::cli::Cli;
use crate::exit::Outcome;
use crate::outcome::{Ending, IvlCheck, KernelResult, TextOut};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Bumped when the entry layout changes.
const FORMAT: &str = "gpuverify-cache/2";

#[derive(Serialize, Deserialize)]
struct Entry {
    format: String,
    key: String,
    results: Vec<KernelResult>,
    /// The fields of `results` the JSON form leaves out, per result.
    extras: Vec<Extras>,
    stdout: String,
    stderr: String,
}

#[derive(Serialize, Deserialize)]
struct Extras {
    ending: Ending,
    multi_dimensional: Vec<bool>,
    ivl_check: Vec<Option<IvlCheck>>,
}

/// Runs `path` through `run`, or reuses a stored result.
pub fn run_cached(
    cli: &Cli,
    dir: &Path,
    path: &Path,
    out: &mut TextOut,
    run: impl FnOnce(&mut TextOut) -> Vec<KernelResult>,
) -> Vec<KernelResult> {
    // The fast path: no clang when the input and what it includes are
    // unchanged (src/cache_index.rs).
    let raw_key = boogie_text(cli).ok().and_then(|boogie| {
        crate::cache_index::raw_key(&tool_identity(), &(flags_text(cli) + &boogie), path)
    });
    if let Some(entry_path) = raw_key
        .as_deref()
        .and_then(|raw| crate::cache_index::lookup(dir, raw))
    {
        let mut reused = TextOut::default();
        if let Some(results) = load(&entry_path, None, &mut reused) {
            out.stdout.push_str(&reused.stdout);
            out.stderr.push_str(&reused.stderr);
            return results;
        }
    }
    let (key, source) = match key(cli, dir, path) {
        Ok(key) => key,
        // No key (clang rejects the file, unreadable input): the run
        // itself reports the problem.
        Err(_) => return run(out),
    };
    let entry_path = dir.join(format!("{}.json", hash_name(&key)));
    let index = |entry_path: &Path| {
        if let Some(raw) = &raw_key {
            crate::cache_index::store(dir, raw, cli, &source, entry_path);
        }
    };
    if let Some(results) = load(&entry_path, Some(&key), out) {
        index(&entry_path);
        return results;
    }
    let mut fresh = TextOut::default();
    let results = run(&mut fresh);
    out.stdout.push_str(&fresh.stdout);
    out.stderr.push_str(&fresh.stderr);
    let definite = !results.is_empty() && results.iter().all(definite);
    if definite {
        match store(&entry_path, key, &results, &fresh) {
            Ok(()) => index(&entry_path),
            Err(err) => out.stderr.push_str(&format!(
                "{}: warning: cannot write the cache entry: {err}\n",
                entry_path.display()
            )),
        }
    }
    results
}

/// A verdict worth storing: verified, or not verified with a defect and
/// no error (an inference that gave up, a solver timeout next to a defect
/// or a crash are retried next time).
fn definite(r: &KernelResult) -> bool {
    match r.verdict {
        Outcome::Verified => r.errors.is_empty(),
        Outcome::NotVerified => !r.defects.is_empty() && r.errors.is_empty(),
        _ => false,
    }
}

/// The stored results for `key`, their text appended to `out`; `None`
/// (with a warning in `out` for an unusable entry) when there is none.
/// Without a key (found through the index), the entry must be the one its
/// file name says: the hash of its own key.
fn load(entry_path: &Path, key: Option<&str>, out: &mut TextOut) -> Option<Vec<KernelResult>> {
    let text = std::fs::read_to_string(entry_path).ok()?;
    let warn = |out: &mut TextOut, why: &str| {
        out.stderr.push_str(&format!(
            "{}: warning: ignoring the cache entry ({why}); verifying again\n",
            entry_path.display()
        ));
    };
    let entry: Entry = match serde_json::from_str(&text) {
        Ok(entry) => entry,
        Err(_) => {
            warn(out, "corrupt");
            return None;
        }
    };
    let own_name = format!("{}.json", hash_name(&entry.key));
    let matches = match key {
        Some(key) => entry.key == key,
        None => entry_path.file_name().and_then(|n| n.to_str()) == Some(own_name.as_str()),
    };
    if entry.format != FORMAT || !matches {
        warn(out, "written for another input, flags or build");
        return None;
    }
    if entry.extras.len() != entry.results.len() || entry.results.is_empty() {
        warn(out, "corrupt");
        return None;
    }
    let mut results = entry.results;
    for (r, extras) in results.iter_mut().zip(entry.extras) {
        if extras.multi_dimensional.len() != r.defects.len()
            || extras.ivl_check.len() != r.defects.len()
        {
            warn(out, "corrupt");
            return None;
        }
        r.ending = extras.ending;
        for ((d, multi), ivl_check) in r
            .defects
            .iter_mut()
            .zip(extras.multi_dimensional)
            .zip(extras.ivl_check)
        {
            d.multi_dimensional = multi;
            d.ivl_check = ivl_check;
        }
    }
    out.stdout.push_str(&entry.stdout);
    out.stderr.push_str(&entry.stderr);
    if let Some(first) = results.first() {
        out.stderr.push_str(&format!(
            "{}: note: result reused from the cache (unchanged source, flags and build)\n",
            first.file
        ));
    }
    Some(results)
}

fn store(
    entry_path: &Path,
    key: String,
    results: &[KernelResult],
    text: &TextOut,
) -> Result<(), String> {
    let entry = Entry {
        format: FORMAT.into(),
        key,
        results: results.to_vec(),
        extras: results
            .iter()
            .map(|r| Extras {
                ending: r.ending,
                multi_dimensional: r.defects.iter().map(|d| d.multi_dimensional).collect(),
                ivl_check: r.defects.iter().map(|d| d.ivl_check.clone()).collect(),
            })
            .collect(),
        stdout: text.stdout.clone(),
        stderr: text.stderr.clone(),
    };
    let json = serde_json::to_string(&entry).map_err(|e| e.to_string())?;
    let dir = entry_path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let tmp = entry_path.with_extension(format!(
        "{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, json).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, entry_path).map_err(|e| e.to_string())
}

/// The whole key of `path` under `cli` (see the module doc), and the
/// source text it holds.
fn key(cli: &Cli, dir: &Path, path: &Path) -> Result<(String, String), String> {
    let mut source = source_text(cli, dir, path)?;
    source.push_str(&boogie_text(cli)?);
    let key = format!(
        "{}\nflags: {}\ninput: {}\n{source}",
        tool_identity(),
        flags_text(cli),
        path.display()
    );
    Ok((key, source))
}

/// Every option a verdict depends on, as text.
fn flags_text(cli: &Cli) -> String {
    let mut flags = cli.clone();
    flags.files = Vec::new();
    flags.jobs = None;
    flags.json = false;
    flags.sarif = None;
    flags.time = false;
    flags.shard = None;
    flags.cache_dir = None;
    flags.launches = None;
    flags.list_launches = false;
    flags.verify_launch = None;
    format!("{flags:?}")
}

/// The `--boogie-file` contents: inputs too.
fn boogie_text(cli: &Cli) -> Result<String, String> {
    let mut text = String::new();
    for file in &cli.boogie_files {
        let contents = std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        text.push_str(&format!("\n--boogie-file {}:\n{contents}", file.display()));
    }
    Ok(text)
}

/// The tool's version and build.
fn tool_identity() -> String {
    let build = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} bytes, modified {modified}", m.len())
        })
        .unwrap_or_else(|_| "unknown build".into());
    format!("gpuverify {} ({build})", env!("CARGO_PKG_VERSION"))
}

/// The preprocessed source of OpenCL and CUDA input; the bytes of any
/// other input.
fn source_text(cli: &Cli, dir: &Path, path: &Path) -> Result<String, String> {
    let config = crate::config::frontend_config(cli);
    let language = config
        .language
        .or_else(|| frontend::Language::of_path(path));
    match language {
        Some(language @ (frontend::Language::OpenCl | frontend::Language::Cuda)) => {
            preprocess(path, language, &config, dir)
        }
        _ => std::fs::read(path)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|e| e.to_string()),
    }
}

/// `clang-14 -E -C` with the frontend's command line for `path`.
fn preprocess(
    path: &Path,
    language: frontend::Language,
    config: &frontend::FrontendConfig,
    dir: &Path,
) -> Result<String, String> {
    let include_dir = headers_dir(dir)?;
    let mut args = frontend::toolchain::clang_args(path, language, config, &include_dir);
    // Compile flags become preprocess flags; `-o -` stays (stdout).
    args.retain(|a| a != "-emit-llvm" && a != "-c" && a != "-S");
    args.splice(0..0, ["-E".to_string(), "-C".to_string()]);
    let output = Command::new("clang-14")
        .args(&args)
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err("clang-14 -E failed".into());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The embedded headers written under the cache directory (their text
/// is part of every preprocessed key).
fn headers_dir(dir: &Path) -> Result<PathBuf, String> {
    let include = dir.join("include");
    frontend::toolchain::write_headers(&include).map_err(|e| e.to_string())?;
    Ok(include)
}

/// 128 bits of FNV-1a (forward and over the reversed bytes) as hex: the
/// entry's file name. Equality of the stored key is what is trusted.
fn hash_name(key: &str) -> String {
    let fnv = |bytes: &mut dyn Iterator<Item = u8>| {
        bytes.fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    format!(
        "{:016x}{:016x}",
        fnv(&mut key.bytes()),
        fnv(&mut key.bytes().rev())
    )
}
