//! Solver benchmark (`cargo bench -p solver`): per-program median wall time
//! of `verify_program` on every back-end over `tests/programs`, and a
//! Houdini-like workload: 200 check-under-assumptions queries against one
//! VC in one session. Reports only; no thresholds.
#![allow(clippy::print_stdout)]

use solver::{open_session, verify_program, Assumptions, BackendKind, Config};
use std::path::Path;
use std::time::{Duration, Instant};

const RUNS: usize = 5;
const QUERIES: usize = 200;
const CANDIDATES: usize = 24;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn load(path: &Path) -> Option<ivl::Program> {
    let text = std::fs::read_to_string(path).ok()?;
    let program = ivl::parse(&ivl::SourceFile::new(path.display().to_string(), text)).ok()?;
    (!program.is_kernel()).then_some(program)
}

/// A loop with `CANDIDATES` guarded candidate invariants `b_k ==> e_k`
/// (half of them inductive).
fn houdini_program() -> ivl::Program {
    let mut s = String::new();
    for k in 0..CANDIDATES {
        s.push_str(&format!("const b{k}: bool;\n"));
    }
    s.push_str("var A: [bv32]bv32;\nprocedure p(n: bv32)\n  modifies A;\n{\n  var i: bv32, s: bv32;\n  i, s := 0bv32, 0bv32;\n  while (bvult(i, n))\n");
    for k in 0..CANDIDATES {
        let e = match k % 4 {
            0 => "bvule(i, n)".to_string(),
            1 => format!("s + {k}bv32 == i + {k}bv32"),
            2 => format!("bvule(i, {k}bv32)"),
            _ => format!("A[{k}bv32] == {k}bv32 || bvuge(s, {k}bv32)"),
        };
        s.push_str(&format!("    invariant {{:id \"c{k}\"}} b{k} ==> {e};\n"));
    }
    s.push_str("  {\n    A[i] := s;\n    s := s + 1bv32;\n    i := i + 1bv32;\n  }\n}\n");
    ivl::parse(&ivl::SourceFile::new("houdini.ivl", s)).expect("houdini program parses")
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ivl"))
        .collect();
    files.sort();
    println!("median of {RUNS} runs per program (ms)");
    println!(
        "{:<40} {:>9} {:>11} {:>9}",
        "program", "z3", "z3-smtlib", "cvc5"
    );
    let mut totals = [Duration::ZERO; 3];
    for path in &files {
        let Some(program) = load(path) else { continue };
        let mut row = Vec::new();
        for (i, backend) in BackendKind::ALL.into_iter().enumerate() {
            let config = Config::with_backend(backend);
            let times: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let t = Instant::now();
                    let _ = verify_program(&program, &config);
                    t.elapsed()
                })
                .collect();
            let m = median(times);
            totals[i] += m;
            row.push(m.as_secs_f64() * 1e3);
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        println!(
            "{name:<40} {:>9.2} {:>11.2} {:>9.2}",
            row[0], row[1], row[2]
        );
    }
    println!(
        "{:<40} {:>9.1} {:>11.1} {:>9.1}",
        "TOTAL (sum of medians)",
        totals[0].as_secs_f64() * 1e3,
        totals[1].as_secs_f64() * 1e3,
        totals[2].as_secs_f64() * 1e3
    );

    println!("\nHoudini-like workload: {QUERIES} check-under-assumptions queries, one VC, {CANDIDATES} candidates");
    let program = houdini_program();
    for backend in BackendKind::ALL {
        let t = Instant::now();
        let mut session = match open_session(&program, "p", &Config::with_backend(backend), None) {
            Ok(s) => s,
            Err(e) => {
                println!("{:<10} error: {e}", backend.name());
                continue;
            }
        };
        let setup = t.elapsed();
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let (mut sat, mut unsat, mut other) = (0, 0, 0);
        let mut per_query = Vec::with_capacity(QUERIES);
        for _ in 0..QUERIES {
            // About one candidate in eight is assumed per query.
            let mask = rng.next() & rng.next() & rng.next();
            let assumptions = Assumptions {
                constants: (0..CANDIDATES)
                    .map(|k| (format!("b{k}"), mask >> k & 1 == 1))
                    .collect(),
                ..Assumptions::default()
            };
            let q = Instant::now();
            match session.check(&assumptions) {
                Ok(solver::QueryResult::Verified) => unsat += 1,
                Ok(solver::QueryResult::Failed { .. }) => sat += 1,
                _ => other += 1,
            }
            per_query.push(q.elapsed());
        }
        let total: Duration = per_query.iter().sum();
        println!(
            "{:<10} setup {:>7.2} ms, {QUERIES} queries {:>8.1} ms (median {:.2} ms/query; {sat} sat, {unsat} unsat, {other} other)",
            backend.name(),
            setup.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            median(per_query).as_secs_f64() * 1e3
        );
    }
}
