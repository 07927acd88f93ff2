//! Running the inputs of one command line: expands directories and glob
//! patterns into files, verifies them (in parallel for a batch), prints
//! each file's buffered text output whole and in input order, then the
//! JSON, SARIF, `--time` and summary outputs, and returns the worst
//! outcome (the exit code).
//!
//! A single file argument runs on the main thread and prints exactly what
//! it always did: no progress, no summary. Several inputs, a directory or
//! a glob make a batch: one worker thread per core (or `-j N`), each with
//! its own solver sessions (the in-process z3 context is not `Send`; the
//! pipeline creates it in the thread that uses it); a progress line on a
//! terminal, a plain `[k/n] file: verdict` line per file otherwise; and a
//! summary table at the end.
//!
//! The exit code of several results is [`crate::exit::combined`]: 6 as
//! soon as one kernel has a defect, else the worst code. `--shard=K/N`
//! keeps the K-th of N round-robin parts of the expanded inputs;
//! `--cache-dir` goes through `src/cache.rs`.

use crate::cli::Cli;
use crate::exit::Outcome;
use crate::outcome::{KernelResult, TextOut};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The extensions a directory is searched for.
const KERNEL_EXTENSIONS: [&str; 3] = ["cl", "cu", "ivl"];

/// Worker threads (and the thread of a single-file run) get a large
/// stack: parsing, lowering and the solver recurse on deep expressions.
/// It is address space reserved, not memory committed.
pub const WORKER_STACK: usize = 1 << 30;

/// The files named by the command line, in order; `Err` names an input
/// that matches nothing. `true` when the inputs make a batch.
pub fn expand(inputs: &[PathBuf]) -> Result<(Vec<PathBuf>, bool), String> {
    let mut files = Vec::new();
    let mut batch = inputs.len() > 1;
    for input in inputs {
        if input.is_dir() {
            batch = true;
            let before = files.len();
            walk(input, &mut files).map_err(|e| {
                format!("{}: error: cannot read the directory: {e}", input.display())
            })?;
            files[before..].sort();
            if files.len() == before {
                return Err(format!(
                    "{}: error: no .cl, .cu or .ivl file in this directory",
                    input.display()
                ));
            }
            continue;
        }
        let text = input.to_string_lossy();
        if !input.exists() && text.contains(['*', '?', '[']) {
            batch = true;
            let paths =
                glob::glob(&text).map_err(|e| format!("{text}: error: bad glob pattern: {e}"))?;
            let mut matched: Vec<PathBuf> = paths.filter_map(Result::ok).collect();
            matched.sort();
            if matched.is_empty() {
                return Err(format!("{text}: error: no file matches this pattern"));
            }
            files.extend(matched);
            continue;
        }
        files.push(input.clone());
    }
    Ok((files, batch))
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // Symbolic links to directories are not followed (no cycles).
        if entry.file_type()?.is_dir() {
            walk(&path, files)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| KERNEL_EXTENSIONS.contains(&e))
        {
            files.push(path);
        }
    }
    Ok(())
}

/// The files of `shard`: positions `K-1`, `K-1+N`, ... of the expanded
/// inputs (directories and globs are sorted, so the same command line
/// always gives the same partition, and the N shards cover every input
/// exactly once).
pub fn shard_of(files: &[PathBuf], shard: crate::cli::Shard) -> Vec<PathBuf> {
    files
        .iter()
        .enumerate()
        .filter(|(k, _)| shard.takes(*k))
        .map(|(_, f)| f.clone())
        .collect()
}

/// One input, through the cache when `--cache-dir` is given.
pub(crate) fn run_one(cli: &Cli, path: &Path, out: &mut TextOut) -> Vec<KernelResult> {
    match &cli.cache_dir {
        Some(dir) => crate::cache::run_cached(cli, dir, path, out, |out| {
            crate::run::run_file(cli, path, out)
        }),
        None => crate::run::run_file(cli, path, out),
    }
}

/// One finished input.
struct Done {
    index: usize,
    results: Vec<KernelResult>,
    out: TextOut,
    seconds: f64,
}

/// Runs the whole command line; the worst outcome is the exit code.
pub fn run(cli: &Cli) -> Outcome {
    if let Some(record) = &cli.launches {
        return crate::launches::run(cli, record);
    }
    let (mut files, mut batch) = match expand(&cli.files) {
        Ok(x) => x,
        Err(message) => {
            if cli.json {
                println!(
                    "{}",
                    crate::json::render_error(&message, Outcome::CommandLine)
                );
            } else {
                eprintln!("{message}");
            }
            return Outcome::CommandLine;
        }
    };
    if let Some(shard) = cli.shard {
        files = shard_of(&files, shard);
        batch = true;
    }
    let started = Instant::now();
    let results: Vec<(PathBuf, Vec<KernelResult>, f64)> = if batch {
        run_batch(cli, &files)
    } else {
        files
            .iter()
            .map(|path| {
                let start = Instant::now();
                let mut out = TextOut::default();
                let results = run_one(cli, path, &mut out);
                print_text(cli, &out);
                (path.clone(), results, start.elapsed().as_secs_f64())
            })
            .collect()
    };
    finish(cli, &results, started, batch)
}

/// The outputs after every input ran (`--time` table, batch summary,
/// JSON, SARIF) and the exit code of all the results.
pub(crate) fn finish(
    cli: &Cli,
    results: &[(PathBuf, Vec<KernelResult>, f64)],
    started: Instant,
    batch: bool,
) -> Outcome {
    let all: Vec<&KernelResult> = results.iter().flat_map(|(_, r, _)| r).collect();
    let mut worst = crate::exit::combined(all.iter().map(|r| r.verdict));
    if cli.time {
        eprint!("{}", crate::timing::table(&all));
    }
    if let Some(label) = &cli.time_as_csv {
        let csv = crate::timing::csv(label, &all);
        if cli.json {
            eprint!("{csv}");
        } else {
            print!("{csv}");
        }
    }
    if batch {
        let summary = summary_table(results, started.elapsed().as_secs_f64(), worst);
        if cli.json {
            eprint!("{summary}");
        } else {
            print!("{summary}");
        }
    }
    if cli.json {
        println!("{}", crate::json::render(&all));
    }
    if let Some(path) = &cli.sarif {
        let log = crate::sarif::render(&all);
        if let Err(err) = std::fs::write(path, log) {
            eprintln!(
                "{}: error: cannot write the SARIF file: {err}",
                path.display()
            );
            worst = worst.max(Outcome::CommandLine);
        }
    }
    let _ = std::io::stdout().flush();
    worst
}

/// A file's buffered text: stderr, then stdout unless stdout carries
/// JSON (`--json`: the verdict lines are in the JSON) or `--silent` asks
/// for no verdict lines (errors and defects are on stderr).
pub(crate) fn print_text(cli: &Cli, out: &TextOut) {
    eprint!("{}", out.stderr);
    if !cli.json && !cli.silent {
        print!("{}", out.stdout);
        let _ = std::io::stdout().flush();
    }
}

/// The number of workers: `-j N`, else one per core; one when the run
/// must print as it goes or share one file.
fn workers(cli: &Cli, files: usize) -> usize {
    if cli.simulate || cli.dump_smt2.is_some() {
        return 1;
    }
    let n = match cli.jobs {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    n.clamp(1, files.max(1))
}

fn run_batch(cli: &Cli, files: &[PathBuf]) -> Vec<(PathBuf, Vec<KernelResult>, f64)> {
    let n_workers = workers(cli, files.len());
    let next = AtomicUsize::new(0);
    let progress = Progress::new(files.len());
    let mut finished: Vec<Option<(Vec<KernelResult>, f64)>> = vec![None; files.len()];
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<Done>();
        for _ in 0..n_workers {
            let send = send.clone();
            let next = &next;
            let spawned = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(path) = files.get(index) else {
                        break;
                    };
                    let start = Instant::now();
                    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let mut out = TextOut::default();
                        let results = run_one(cli, path, &mut out);
                        (results, out)
                    }));
                    let (results, out) = run.unwrap_or_else(|_| crashed(path));
                    let done = Done {
                        index,
                        results,
                        out,
                        seconds: start.elapsed().as_secs_f64(),
                    };
                    if send.send(done).is_err() {
                        break;
                    }
                });
            if let Err(err) = spawned {
                eprintln!("error: cannot start a worker thread: {err}");
                break;
            }
        }
        drop(send);
        // Print in input order, each file's output whole.
        let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
        let mut printed = 0;
        progress.draw(0, files.first());
        for done in receive {
            waiting.insert(done.index, done);
            while let Some(done) = waiting.remove(&printed) {
                progress.clear();
                print_text(cli, &done.out);
                printed += 1;
                progress.file_done(printed, &files[done.index], &done.results, done.seconds);
                progress.draw(printed, files.get(printed));
                finished[done.index] = Some((done.results, done.seconds));
            }
        }
        progress.clear();
    });
    files
        .iter()
        .zip(finished)
        .map(|(path, done)| {
            let (results, seconds) = done.unwrap_or_else(|| {
                let (results, out) = crashed(path);
                print_text(cli, &out);
                (results, 0.0)
            });
            (path.clone(), results, seconds)
        })
        .collect()
}

/// The result of a file whose run panicked (or never ran): an internal
/// error (exit 5), never a success and never a reported defect.
fn crashed(path: &Path) -> (Vec<KernelResult>, TextOut) {
    let display = path.display().to_string();
    let r = KernelResult::failed(
        &display,
        crate::outcome::Language::of_path(path),
        Outcome::INTERNAL_ERROR,
        format!("{display}: internal error: the verifier crashed on this file"),
    );
    let mut out = TextOut::default();
    crate::kernel_report::render_result(&r, None, None, &mut out);
    (vec![r], out)
}

/// The file's verdict: its worst kernel (a file without results, such as
/// `--stop-at`, counts as verified).
fn file_verdict(results: &[KernelResult]) -> Outcome {
    crate::exit::combined(results.iter().map(|r| r.verdict))
}

/// A progress bar on a terminal; otherwise one plain line per file.
struct Progress {
    total: usize,
    terminal: bool,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            total,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn draw(&self, done: usize, current: Option<&PathBuf>) {
        if !self.terminal || done >= self.total {
            return;
        }
        const WIDTH: usize = 30;
        let filled = WIDTH * done / self.total.max(1);
        let name = current.map_or(String::new(), |p| p.display().to_string());
        eprint!(
            "\r\x1b[2K[{}{}] {done}/{} {name}",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.total
        );
        let _ = std::io::stderr().flush();
    }

    fn clear(&self) {
        if self.terminal {
            eprint!("\r\x1b[2K");
        }
    }

    fn file_done(&self, done: usize, path: &Path, results: &[KernelResult], seconds: f64) {
        if !self.terminal {
            eprintln!(
                "[{done}/{}] {}: {} ({seconds:.2}s)",
                self.total,
                path.display(),
                file_verdict(results).name()
            );
        }
    }
}

/// The table printed after a batch: one row per kernel (or per file that
/// stopped before its kernels), then the counts per verdict.
fn summary_table(
    results: &[(PathBuf, Vec<KernelResult>, f64)],
    seconds: f64,
    worst: Outcome,
) -> String {
    let mut rows: Vec<[String; 4]> = Vec::new();
    for (path, kernel_results, file_seconds) in results {
        if kernel_results.is_empty() {
            rows.push([
                path.display().to_string(),
                "-".into(),
                Outcome::Verified.name().into(),
                format!("{file_seconds:.2}s"),
            ]);
        }
        for r in kernel_results {
            rows.push([
                r.file.clone(),
                r.kernel.clone().unwrap_or_else(|| "-".into()),
                r.verdict.name().into(),
                format!("{:.2}s", r.times.total),
            ]);
        }
    }
    let header = ["file", "kernel", "verdict", "time"];
    let mut width = header.map(str::len);
    for row in &rows {
        for (k, cell) in row.iter().enumerate() {
            width[k] = width[k].max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 4]| {
        format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:>w3$}\n",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            w0 = width[0],
            w1 = width[1],
            w2 = width[2],
            w3 = width[3]
        )
    };
    let mut out = String::from("\nSummary:\n");
    out.push_str(&line(header));
    for row in &rows {
        out.push_str(&line([&row[0], &row[1], &row[2], &row[3]]));
    }
    let mut counts: BTreeMap<Outcome, usize> = BTreeMap::new();
    for (_, kernel_results, _) in results {
        if kernel_results.is_empty() {
            *counts.entry(Outcome::Verified).or_default() += 1;
        }
        for r in kernel_results {
            *counts.entry(r.verdict).or_default() += 1;
        }
    }
    let counts: Vec<String> = counts
        .iter()
        .map(|(outcome, n)| format!("{n} {}", outcome.name()))
        .collect();
    out.push_str(&format!(
        "{} file{}, {} in {seconds:.2}s; exit code {} ({})\n",
        results.len(),
        if results.len() == 1 { "" } else { "s" },
        counts.join(", "),
        worst.code(),
        worst.name()
    ));
    out
}
