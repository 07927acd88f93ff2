//! The explicit N-thread encoding (`transform::explicit_threads`, the
//! baseline of the Figure 14 experiment) against the reference interpreter
//! (`simulate`): for small N (2, 3, 4 threads, one group) both must agree
//! on whether a kernel is defective, and on the class of the defect (race
//! or barrier divergence).
//!
//! The explicit programs are checked with loops unwound (`loop_unwind`,
//! bounded: the kernels' loops have constant trip counts of at most 6) and
//! concrete thread ids (symbolic ones with 2 threads), so that the
//! encoding's semantics, not its invariants, is what is compared. The
//! interpreter runs a few seeds per launch. Kernels whose defect needs a
//! particular scalar value are avoided (the explicit encoding treats
//! scalars symbolically, the interpreter draws them).

mod support;

use simulate::{Launch, Outcome, SimOptions};
use std::path::Path;
use transform::explicit::{ExplicitCheck, IdMode};

/// (corpus kernel, the defect class both must see with 4 threads: None,
/// "race", "divergence"; with 2 and 3 threads they must only agree)
const CASES: &[(&str, Option<&str>)] = &[
    ("opencl/loop_reduce_no_barrier.cl", Some("race")),
    ("opencl/loop_kogge_stone_racy.cl", Some("race")),
    ("opencl/kind_read_write_local.cl", Some("race")),
    ("opencl/benign_different_values.cl", Some("race")),
    ("opencl/atomic_then_plain_read.cl", Some("race")),
    (
        "opencl/divergent_barrier_thread_loop.cl",
        Some("divergence"),
    ),
    ("opencl/continue_divergent_barrier.cl", Some("divergence")),
    (
        "opencl/divergent_barrier_nested_loop.cl",
        Some("divergence"),
    ),
    ("opencl/loop_reduce_global_group.cl", None),
    ("opencl/loop_reduce_interleaved.cl", None),
    ("opencl/loop_kogge_stone.cl", None),
    ("opencl/local_tile_barrier.cl", None),
    ("opencl/kind_read_write_local_fixed.cl", None),
    ("opencl/benign_same_value.cl", None),
    ("opencl/atomic_counter.cl", None),
    ("opencl/barrier_in_uniform_branch.cl", None),
    ("opencl/fig14_stencil_two_phase.cl", None),
];

fn class_of_outcome(o: &Outcome) -> Option<&'static str> {
    match o {
        Outcome::Race { .. } => Some("race"),
        Outcome::BarrierDivergence { .. } => Some("divergence"),
        o if o.is_defect() => Some("other"),
        _ => None,
    }
}

fn class_of_check(c: &ExplicitCheck) -> &'static str {
    match c {
        ExplicitCheck::Race { .. } => "race",
        ExplicitCheck::Divergence => "divergence",
        _ => "other",
    }
}

/// The interpreter's first defect class over seeds 0..4.
fn interpreter(program: &ivl::Program, kernel: &str, n: u32) -> Option<&'static str> {
    for seed in 0..4 {
        let options = SimOptions {
            seed,
            ..SimOptions::default()
        };
        let report = simulate::run(
            program,
            kernel,
            &Launch::linear(n, 1),
            &Default::default(),
            &options,
        )
        .expect("the interpreter runs the kernel");
        if let Some(c) = class_of_outcome(&report.outcome) {
            return Some(c);
        }
    }
    None
}

/// The classes of the failing checks of the explicit program.
fn explicit(program: &ivl::Program, kernel: &str, n: u32, ids: IdMode) -> Vec<&'static str> {
    let config = transform::ExplicitConfig {
        ids,
        loop_unwind: Some(6),
        ..transform::ExplicitConfig::new(n)
    };
    let p = transform::explicit_threads(program, kernel, &config).expect("explicit encoding");
    let errors = ivl::check(&p.program);
    assert!(
        errors.is_empty(),
        "{kernel}: the explicit program does not type-check: {:?}",
        errors.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    let report = solver::verify_procedure(&p.program, &p.procedure, &solver::Config::default())
        .expect("solver");
    match &report.outcome {
        solver::Outcome::Verified => Vec::new(),
        solver::Outcome::Failed(failures) => failures
            .iter()
            .map(|f| {
                ExplicitCheck::of(&f.check.attrs)
                    .map(|c| class_of_check(&c))
                    .unwrap_or("other")
            })
            .collect(),
        other => panic!("{kernel}: no answer from the solver: {other:?}"),
    }
}

#[test]
#[allow(clippy::print_stderr)]
fn explicit_encoding_agrees_with_the_interpreter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let mut disagreements = Vec::new();
    let mut compared = 0;
    for (file, expected) in CASES {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, flags) = support::header(&text);
        let lowered = frontend::lower_file(&path, &support::header_config(&flags))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let k = &lowered.kernels[0];
        for n in 2..=4 {
            let oracle = interpreter(&k.program, &k.name, n);
            let ids = if n == 2 {
                IdMode::Symbolic
            } else {
                IdMode::Concrete
            };
            let start = std::time::Instant::now();
            let classes = explicit(&k.program, &k.name, n, ids);
            eprintln!(
                "{file} n={n}: {:?} {:.2}s",
                classes.first(),
                start.elapsed().as_secs_f64()
            );
            compared += 1;
            let agree = match oracle {
                None => classes.is_empty(),
                Some(c) => classes.contains(&c),
            };
            if !agree || (n == 4 && oracle != *expected) {
                disagreements.push(format!(
                    "{file} with {n} threads: interpreter {oracle:?}, explicit {classes:?}, \
                     expected {expected:?}"
                ));
            }
        }
    }
    assert!(compared >= 3 * 16);
    assert!(
        disagreements.is_empty(),
        "disagreements:\n{}",
        disagreements.join("\n")
    );
}

/// Without unwinding, the kernel's invariants and the encoding's own make
/// the reduction of Figure 13 verify, and removing its barrier is a race.
#[test]
fn figure_13_reduction_with_invariants() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kernels/ivl/reduction_any_group_size.ivl");
    let lowered = frontend::lower_file(&path, &Default::default()).unwrap();
    let k = &lowered.kernels[0];
    for n in [2, 4, 8] {
        let p =
            transform::explicit_threads(&k.program, &k.name, &transform::ExplicitConfig::new(n))
                .unwrap();
        assert!(ivl::check(&p.program).is_empty());
        let r = solver::verify_procedure(&p.program, &p.procedure, &Default::default()).unwrap();
        assert!(
            matches!(r.outcome, solver::Outcome::Verified),
            "{n} threads: {:?}",
            r.outcome
        );
    }
    // Without the barrier (and bounded, since the invariant no longer
    // holds), the reduction races.
    let text = std::fs::read_to_string(&path).unwrap();
    let racy = text.replace("call barrier(true, false);", "").replace(
        "invariant __same_group() ==> !__read(1bv32) && !__write(1bv32);",
        "",
    );
    let file = ivl::SourceFile::new("racy.ivl", racy);
    let program = ivl::parse(&file).expect("parses");
    let config = transform::ExplicitConfig {
        loop_unwind: Some(3),
        ..transform::ExplicitConfig::new(4)
    };
    let p = transform::explicit_threads(&program, "reduce", &config).unwrap();
    let r = solver::verify_procedure(&p.program, &p.procedure, &Default::default()).unwrap();
    let failures = r.outcome.failures();
    assert!(
        failures.iter().any(|f| matches!(
            ExplicitCheck::of(&f.check.attrs),
            Some(ExplicitCheck::Race { .. })
        )),
        "no race reported without the barrier: {:?}",
        r.outcome
    );
}
