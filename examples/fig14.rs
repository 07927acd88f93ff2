//! The paper's Figure 14 experiment (GPUVerify TOPLAS 2014, §6.4):
//! verification time against the number of threads, for our two-thread
//! verification and for an explicit N-thread encoding of the same kernel
//! IVL (`transform::explicit_threads`), both solved by the same solver
//! crate (z3 in-process).
//!
//! For each kernel and N = 2, 4, 8, ...: local size N, one group. The
//! two-thread run is `transform::two_thread` + the solver with inference
//! off (as in the paper: the kernels carry the invariants they need); the
//! explicit run is `transform::explicit_threads` + the solver. The explicit
//! series stops after the first run above the budget (default 60 s, also the
//! per-query timeout, so no run hangs); the two-thread series continues to
//! `--max-n`. Writes `OUT.csv` and `OUT.svg` (default `docs/fig14`).
//!
//! Usage: `cargo run --release --example fig14 -- [--out PATH] [--budget SECS]
//! [--max-n N] [--print N KERNEL] [--replot] [KERNEL...]`. `--print N
//! KERNEL` prints the explicit program for N threads and exits; `--replot`
//! (after `--out`/`--budget`) redraws the SVG from the CSV.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const DEFAULT_KERNELS: &[&str] = &[
    "tests/kernels/ivl/reduction_any_group_size.ivl",
    "tests/kernels/opencl/fig14_tile_reverse.cl",
    "tests/kernels/opencl/fig14_stencil_two_phase.cl",
    "tests/kernels/opencl/fig14_scan_uniform_loop.cl",
];

#[derive(Clone, Debug)]
struct Point {
    kernel: String,
    n: u64,
    encoding: &'static str,
    seconds: f64,
    outcome: String,
}

fn lower(path: &Path) -> Result<(ivl::Program, String, String), String> {
    let lowered = frontend::lower_file(path, &frontend::FrontendConfig::default())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let k = lowered
        .kernels
        .into_iter()
        .next()
        .ok_or_else(|| format!("{}: no kernel", path.display()))?;
    Ok((k.program, k.name, k.source_name))
}

fn solver_config(budget: Duration) -> solver::Config {
    solver::Config {
        timeout: Some(budget),
        ..solver::Config::default()
    }
}

fn outcome_word(o: &solver::Outcome) -> String {
    match o {
        solver::Outcome::Verified => "verified".into(),
        solver::Outcome::Failed(f) => format!("failed({})", f.len()),
        solver::Outcome::Unknown { .. } => "timeout".into(),
        solver::Outcome::Error(e) => format!("error({e})"),
    }
}

fn two_thread(program: &ivl::Program, kernel: &str, n: u64, budget: Duration) -> (f64, String) {
    let start = Instant::now();
    let config = transform::TransformConfig {
        local_size: [Some(n), Some(1), Some(1)],
        num_groups: [Some(1), Some(1), Some(1)],
        global_offset: [Some(0), Some(0), Some(0)],
        ..transform::TransformConfig::default()
    };
    let outcome = match transform::two_thread(program, kernel, &config) {
        Err(e) => format!("transform error({e})"),
        Ok(two) => {
            let infer_config = infer::InferConfig {
                enabled: false,
                ..infer::InferConfig::default()
            };
            match infer::verify(
                &two.program,
                &two.procedure,
                &infer_config,
                &solver_config(budget),
            ) {
                Ok(r) => outcome_word(&r.report.outcome),
                Err(e) => format!("error({e})"),
            }
        }
    };
    (start.elapsed().as_secs_f64(), outcome)
}

fn explicit(program: &ivl::Program, kernel: &str, n: u64, budget: Duration) -> (f64, String) {
    let start = Instant::now();
    let config = transform::ExplicitConfig::new(n as u32);
    let outcome = match transform::explicit_threads(program, kernel, &config) {
        Err(e) => format!("transform error({e})"),
        Ok(p) => match solver::verify_procedure(&p.program, &p.procedure, &solver_config(budget)) {
            Ok(r) => {
                if std::env::var_os("FIG14_DEBUG").is_some() {
                    for f in r.outcome.failures() {
                        eprintln!(
                            "  failing check {:?} {:?}: {}",
                            f.check.kind,
                            transform::explicit::ExplicitCheck::of(&f.check.attrs),
                            f.model
                        );
                    }
                }
                outcome_word(&r.outcome)
            }
            Err(e) => format!("error({e})"),
        },
    };
    (start.elapsed().as_secs_f64(), outcome)
}

fn main() {
    // The explicit programs of large N are long straight-line blocks; the
    // solver's VC construction recurses over them (the default 8 MiB main
    // stack overflows at 64 threads).
    let worker = std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(real_main)
        .expect("spawn the worker thread");
    if worker.join().is_err() {
        std::process::exit(101);
    }
}

fn real_main() {
    let mut args = std::env::args().skip(1);
    let mut out = PathBuf::from("docs/fig14");
    let mut budget = 60.0;
    let mut max_n: u64 = 4096;
    let mut kernels: Vec<String> = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = PathBuf::from(args.next().expect("--out PATH")),
            "--budget" => {
                budget = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--budget S")
            }
            "--max-n" => max_n = args.next().and_then(|v| v.parse().ok()).expect("--max-n N"),
            "--replot" => {
                // Redraws the SVG from an earlier run's CSV.
                let csv_path = out.with_extension("csv");
                let text = std::fs::read_to_string(&csv_path).expect("read the CSV");
                let points: Vec<Point> = text
                    .lines()
                    .skip(1)
                    .filter_map(|l| {
                        let f: Vec<&str> = l.splitn(5, ',').collect();
                        Some(Point {
                            kernel: f.first()?.to_string(),
                            n: f.get(1)?.parse().ok()?,
                            encoding: if *f.get(2)? == "explicit" {
                                "explicit"
                            } else {
                                "two-thread"
                            },
                            seconds: f.get(3)?.parse().ok()?,
                            outcome: f.get(4)?.to_string(),
                        })
                    })
                    .collect();
                std::fs::write(out.with_extension("svg"), svg(&points, budget))
                    .expect("write the SVG");
                return;
            }
            "--print" => {
                let n: u32 = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--print N K");
                let path = args.next().expect("--print N KERNEL");
                let (program, kernel, _) = lower(Path::new(&path)).unwrap_or_else(|e| {
                    eprintln!("fig14: {e}");
                    std::process::exit(4)
                });
                match transform::explicit_threads(
                    &program,
                    &kernel,
                    &transform::ExplicitConfig::new(n),
                ) {
                    Ok(p) => {
                        print!("{}", ivl::print(&p.program));
                        for d in ivl::check(&p.program) {
                            eprintln!("fig14: type error: {}", d.message);
                        }
                    }
                    Err(e) => {
                        eprintln!("fig14: {e}");
                        std::process::exit(5)
                    }
                }
                return;
            }
            _ => kernels.push(a),
        }
    }
    if kernels.is_empty() {
        kernels = DEFAULT_KERNELS.iter().map(|s| s.to_string()).collect();
    }
    let budget_d = Duration::from_secs_f64(budget);
    let mut points: Vec<Point> = Vec::new();
    let started = Instant::now();
    for path in &kernels {
        let (program, kernel, source_name) = match lower(Path::new(path)) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("fig14: {e}");
                std::process::exit(4)
            }
        };
        let label = Path::new(path)
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or(source_name);
        let mut explicit_done = false;
        let mut n = 2;
        while n <= max_n {
            let (t2, o2) = two_thread(&program, &kernel, n, budget_d);
            println!("{label:32} N={n:<6} two-thread {t2:8.3} s  {o2}");
            points.push(Point {
                kernel: label.clone(),
                n,
                encoding: "two-thread",
                seconds: t2,
                outcome: o2,
            });
            if !explicit_done {
                let (te, oe) = explicit(&program, &kernel, n, budget_d);
                println!("{label:32} N={n:<6} explicit   {te:8.3} s  {oe}");
                explicit_done = te > budget || oe == "timeout" || oe.contains("error");
                points.push(Point {
                    kernel: label.clone(),
                    n,
                    encoding: "explicit",
                    seconds: te,
                    outcome: oe,
                });
            }
            n *= 2;
        }
    }
    let mut csv = String::from("kernel,threads,encoding,seconds,outcome\n");
    for p in &points {
        let _ = writeln!(
            csv,
            "{},{},{},{:.3},{}",
            p.kernel, p.n, p.encoding, p.seconds, p.outcome
        );
    }
    if let Some(dir) = out.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let csv_path = out.with_extension("csv");
    let svg_path = out.with_extension("svg");
    std::fs::write(&csv_path, csv).expect("write the CSV");
    std::fs::write(&svg_path, svg(&points, budget)).expect("write the SVG");
    println!(
        "wrote {} and {} ({:.0} s in all)",
        csv_path.display(),
        svg_path.display(),
        started.elapsed().as_secs_f64()
    );
}

const COLOURS: &[&str] = &["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];

/// A log-log plot: x = threads (powers of two), y = seconds (decades);
/// per kernel a solid line (two-thread) and a dashed one (explicit);
/// runs that hit the budget are drawn as hollow circles at their time.
fn svg(points: &[Point], budget: f64) -> String {
    let (w, h) = (840.0, 480.0);
    let (left, right, top, bottom) = (70.0, 300.0, 30.0, 60.0);
    let max_n = points.iter().map(|p| p.n).max().unwrap_or(2).max(4);
    let x_max = (max_n as f64).log2();
    let y_min = -3.0_f64; // 1 ms
    let y_max = budget.max(1.0).log10().ceil().max(2.0);
    let px = |n: u64| left + ((n as f64).log2() - 1.0) / (x_max - 1.0) * (w - left - right);
    let py = |s: f64| {
        let v = s.max(10f64.powf(y_min)).log10();
        top + (y_max - v) / (y_max - y_min) * (h - top - bottom)
    };
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(o, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        o,
        "<text x=\"{}\" y=\"18\" text-anchor=\"middle\" font-size=\"14\">Figure 14 experiment: two-thread reduction (solid) vs explicit N threads (dashed), z3</text>",
        w / 2.0
    );
    // Axes and grid.
    let (x0, x1, y0, y1) = (left, w - right, h - bottom, top);
    let _ = writeln!(
        o,
        "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y0}\" stroke=\"black\"/>\
         <line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x0}\" y2=\"{y1}\" stroke=\"black\"/>"
    );
    let mut e = 1;
    while e as f64 <= x_max {
        let n = 1u64 << e;
        let x = px(n);
        let _ = writeln!(
            o,
            "<line x1=\"{x:.1}\" y1=\"{y0}\" x2=\"{x:.1}\" y2=\"{y1}\" stroke=\"#ddd\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{n}</text>",
            y0 + 16.0
        );
        e += 1;
    }
    let mut d = y_min as i32;
    while d as f64 <= y_max {
        let s = 10f64.powi(d);
        let y = py(s);
        let label = if d < 0 {
            format!("{}", s)
        } else {
            format!("{}", s as u64)
        };
        let _ = writeln!(
            o,
            "<line x1=\"{x0}\" y1=\"{y:.1}\" x2=\"{x1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            x0 - 6.0,
            y + 4.0
        );
        d += 1;
    }
    let by = py(budget);
    let _ = writeln!(
        o,
        "<line x1=\"{x0}\" y1=\"{by:.1}\" x2=\"{x1}\" y2=\"{by:.1}\" stroke=\"#999\" stroke-dasharray=\"2,3\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" fill=\"#666\">budget {budget} s</text>",
        x0 + 4.0,
        by - 4.0
    );
    let _ = writeln!(
        o,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">threads (one group, log scale)</text>",
        (x0 + x1) / 2.0,
        h - 20.0
    );
    let _ = writeln!(
        o,
        "<text transform=\"translate(18,{:.1}) rotate(-90)\" text-anchor=\"middle\">seconds (log scale)</text>",
        (y0 + y1) / 2.0
    );
    // Series.
    let mut kernels: Vec<String> = Vec::new();
    for p in points {
        if !kernels.contains(&p.kernel) {
            kernels.push(p.kernel.clone());
        }
    }
    for (ki, k) in kernels.iter().enumerate() {
        let colour = COLOURS[ki % COLOURS.len()];
        for (enc, dash) in [
            ("two-thread", ""),
            ("explicit", " stroke-dasharray=\"6,4\""),
        ] {
            let series: Vec<&Point> = points
                .iter()
                .filter(|p| &p.kernel == k && p.encoding == enc)
                .collect();
            let path: Vec<String> = series
                .iter()
                .map(|p| format!("{:.1},{:.1}", px(p.n), py(p.seconds)))
                .collect();
            let _ = writeln!(
                o,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash}/>",
                path.join(" ")
            );
            for p in &series {
                let fill = if p.outcome == "verified" {
                    colour
                } else {
                    "white"
                };
                let _ = writeln!(
                    o,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.5\" fill=\"{fill}\" stroke=\"{colour}\"/>",
                    px(p.n),
                    py(p.seconds)
                );
            }
        }
        let ly = top + 20.0 + ki as f64 * 44.0;
        let lx = w - right + 16.0;
        let _ = writeln!(
            o,
            "<text x=\"{lx}\" y=\"{ly}\" fill=\"{colour}\">{k}</text>\
             <line x1=\"{lx}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">two-thread</text>\
             <line x1=\"{lx}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"6,4\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">explicit</text>",
            ly + 10.0,
            lx + 30.0,
            ly + 10.0,
            lx + 36.0,
            ly + 14.0,
            ly + 26.0,
            lx + 30.0,
            ly + 26.0,
            lx + 36.0,
            ly + 30.0
        );
    }
    let _ = writeln!(
        o,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#666\" font-size=\"11\">hollow: not verified within the budget</text>",
        w - right + 16.0,
        top + 20.0 + kernels.len() as f64 * 44.0
    );
    o.push_str("</svg>\n");
    o
}
