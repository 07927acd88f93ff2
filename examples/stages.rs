//! Per-stage wall time over the kernel corpus: front end (clang + opt +
//! lowering), transform (two-thread product), inference (candidate
//! generation + Houdini) and solving (VC construction + the final proof
//! query), per kernel, calling the library stages in-process as the
//! `gpuverify` binary does, with each kernel's header flags (line 2).
//!
//! Usage: `cargo run --release --example stages -- [--solver z3|cvc5|z3-smtlib]
//! [--timeout SECS] [--tsv FILE] [KERNEL...]` (default: every kernel of
//! `tests/kernels/{opencl,cuda,ivl}`). Prints per-stage median / p90 / max
//! / total and the verdict counts; `--tsv` keeps the per-kernel table.
//! The header flags are mapped to each stage's configuration exactly as
//! the binary maps them (the library target's `parse_args` and
//! `*_config`); a header the binary would reject is counted as a
//! command-line error.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Each stage's configuration for a kernel file with header flags `flags`,
/// through the binary's own flag mapping (`gpuverify::parse_args`), the
/// solver and its timeout as this example was asked.
struct Settings {
    frontend: frontend::FrontendConfig,
    transform: transform::TransformConfig,
    infer: infer::InferConfig,
    solver: solver::Config,
}

fn settings(
    path: &Path,
    flags: &str,
    backend: solver::BackendKind,
    timeout: Duration,
) -> Result<Settings, String> {
    let mut args = headers::split_flags(flags);
    args.push(path.display().to_string());
    let (cli, _) = gpuverify::parse_args(args).map_err(|e| e.to_string())?;
    let mut solver = gpuverify::solver_config(&cli);
    solver.backend = backend;
    solver.timeout = Some(timeout);
    Ok(Settings {
        frontend: gpuverify::frontend_config(&cli),
        transform: gpuverify::transform_config(&cli)?,
        infer: gpuverify::infer_config(&cli),
        solver,
    })
}

#[derive(Default, Clone)]
struct Row {
    kernel: String,
    frontend: f64,
    transform: f64,
    inference: f64,
    solving: f64,
    verdict: String,
}

fn run(path: &Path, backend: solver::BackendKind, timeout: Duration) -> Row {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let flags = text.lines().nth(1).unwrap_or("").trim_start_matches("//");
    let mut row = Row {
        kernel: path.display().to_string(),
        ..Row::default()
    };
    let s = match settings(path, flags, backend, timeout) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: bad header flags: {e}", path.display());
            row.verdict = "command-line-error".into();
            return row;
        }
    };
    let t0 = Instant::now();
    let lowered = frontend::lower_file(path, &s.frontend);
    row.frontend = t0.elapsed().as_secs_f64();
    let lowered = match lowered {
        Ok(l) => l,
        Err(_) => {
            row.verdict = "frontend-error".into();
            return row;
        }
    };
    let (infer_config, solver_config) = (&s.infer, &s.solver);
    let mut verdicts = Vec::new();
    for k in &lowered.kernels {
        let t1 = Instant::now();
        let two = transform::two_thread(&k.program, &k.name, &s.transform);
        row.transform += t1.elapsed().as_secs_f64();
        let Ok(two) = two else {
            verdicts.push("transform-error");
            continue;
        };
        let t2 = Instant::now();
        let r = infer::verify(&two.program, &two.procedure, infer_config, solver_config);
        let total = t2.elapsed().as_secs_f64();
        match r {
            Ok(inf) => {
                let stage = |stage: solver::Stage| {
                    inf.report
                        .stages
                        .iter()
                        .find(|(n, _)| *n == stage)
                        .map_or(0.0, |(_, d)| d.as_secs_f64())
                };
                let solving = if inf.report.stages.is_empty() {
                    total
                } else {
                    stage(solver::Stage::Vc) + stage(solver::Stage::Solve)
                };
                row.solving += solving;
                row.inference += (total - solving).max(0.0);
                // As the binary: Houdini that did not finish leaves the
                // kernel undecided unless it is proved without candidates.
                verdicts.push(match (&inf.incomplete, &inf.report.outcome) {
                    (_, solver::Outcome::Verified) => "verified",
                    (Some(_), _) => "timeout",
                    (None, solver::Outcome::Failed(_)) => "not-verified",
                    (None, solver::Outcome::Unknown { .. }) => "timeout",
                    (None, solver::Outcome::Error(_)) => "solver-error",
                });
            }
            Err(_) => {
                row.solving += total;
                verdicts.push("solver-error");
            }
        }
    }
    // The worst verdict of the file's kernels.
    let rank = |v: &str| match v {
        "verified" => 0,
        "not-verified" => 1,
        "timeout" => 2,
        _ => 3,
    };
    row.verdict = verdicts
        .into_iter()
        .max_by_key(|v| rank(v))
        .unwrap_or("no-kernel")
        .to_string();
    row
}

fn quantile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let rank = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len());
    values[rank - 1]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut backend = solver::BackendKind::Z3;
    let mut timeout = Duration::from_secs(60);
    let mut tsv: Option<PathBuf> = None;
    let mut kernels: Vec<PathBuf> = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--solver" => {
                let name = args.next().unwrap_or_default();
                backend = solver::BackendKind::ALL
                    .into_iter()
                    .find(|b| b.name() == name)
                    .unwrap_or_else(|| {
                        eprintln!("stages: unknown solver `{name}`");
                        std::process::exit(1)
                    });
            }
            "--timeout" => {
                let secs: u64 = args.next().and_then(|v| v.parse().ok()).unwrap_or(60);
                timeout = Duration::from_secs(secs);
            }
            "--tsv" => tsv = args.next().map(PathBuf::from),
            _ => kernels.push(PathBuf::from(a)),
        }
    }
    if kernels.is_empty() {
        for (dir, ext) in [("opencl", "cl"), ("cuda", "cu"), ("ivl", "ivl")] {
            let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new("tests/kernels").join(dir))
                .map(|d| {
                    d.flatten()
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == ext))
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            kernels.extend(files);
        }
    }
    let start = Instant::now();
    let rows: Vec<Row> = kernels.iter().map(|k| run(k, backend, timeout)).collect();
    if let Some(path) = &tsv {
        let mut out = String::from("kernel\tfrontend\ttransform\tinference\tsolving\tverdict\n");
        for r in &rows {
            out.push_str(&format!(
                "{}\t{:.4}\t{:.4}\t{:.4}\t{:.4}\t{}\n",
                r.kernel, r.frontend, r.transform, r.inference, r.solving, r.verdict
            ));
        }
        std::fs::write(path, out).expect("write the table");
    }
    println!(
        "solver {}: {} kernels in {:.1} s",
        backend.name(),
        rows.len(),
        start.elapsed().as_secs_f64()
    );
    type Stage = fn(&Row) -> f64;
    let stages: [(&str, Stage); 5] = [
        ("front end", |r| r.frontend),
        ("transform", |r| r.transform),
        ("inference", |r| r.inference),
        ("solving", |r| r.solving),
        ("total", |r| {
            r.frontend + r.transform + r.inference + r.solving
        }),
    ];
    for (name, f) in stages {
        let mut v: Vec<f64> = rows.iter().map(f).collect();
        let total: f64 = v.iter().sum();
        println!(
            "  {name:10} median {:.3} s  p90 {:.3} s  max {:.3} s  total {:.1} s",
            quantile(&mut v, 0.5),
            quantile(&mut v, 0.9),
            quantile(&mut v, 1.0),
            total
        );
    }
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in &rows {
        *counts.entry(r.verdict.as_str()).or_default() += 1;
    }
    println!("  verdicts: {counts:?}");
    if let Some(slowest) = rows.iter().max_by(|a, b| {
        (a.frontend + a.transform + a.inference + a.solving)
            .total_cmp(&(b.frontend + b.transform + b.inference + b.solving))
    }) {
        println!(
            "  slowest: {} (front end {:.2} s, transform {:.2} s, inference {:.2} s, solving {:.2} s)",
            slowest.kernel, slowest.frontend, slowest.transform, slowest.inference, slowest.solving
        );
    }
}
