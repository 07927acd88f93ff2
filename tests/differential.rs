//! Differential soundness test: the concrete interpreter (`simulate`) is the
//! oracle, the real binary is the verifier. For every kernel of
//! `tests/kernels/` and for generated kernels (`support/generator.rs`), the
//! interpreter runs a few small launches and seeds; when it shows a defect,
//! the verifier is run with flags describing that run (`--local_size`,
//! `--num_groups`, `--global_offset`, `--kernel`, and `--kernel-args` with
//! the scalar values the interpreter used) and must not say `Verified`.
//! A disagreement is a soundness bug of the verifier (or of the oracle) and
//! fails the test with the kernel; it is never to be relaxed here. Kernels
//! the interpreter cannot run are counted, not failed. "Not verified" on a
//! kernel the interpreter found clean is allowed (loops without invariants)
//! and only counted.
//!
//! The corpus half also holds the interpreter to the headers (this was
//! the `simulate_corpus` suite, folded in so that each corpus kernel is
//! interpreted once per `make test`): a `//pass` kernel must show no defect
//! in any of its runs (except a bounded `--loop-unwind` header, which
//! claims nothing past its bound), whatever the verifier says; the
//! `//xfail:NOT_ALL_VERIFIED` kernels the interpreter exposes are counted
//! (small launches and drawn inputs do not expose all of them).
//!
//! Counterexample confirmation rides along: when both the interpreter and
//! the verifier report a race for the same run, the race the verifier
//! prints (its two statements, `line:col`) is compared with the
//! interpreter's; the figures are printed. The text report names threads
//! but not scalar argument values, so the comparison relies on the
//! verifier having been given the interpreter's values (`--kernel-args`);
//! the interpreter reports only its first race, so a kernel with several
//! races may legitimately differ.
//!
//! `GPUVERIFY_DIFFERENTIAL_KERNELS=N` changes the number of seeds (default
//! 40: an OpenCL kernel per seed with 1-D launches, and a CUDA kernel with
//! 2-D launches for every even seed); `GPUVERIFY_DIFFERENTIAL_SEED=S` the
//! first seed. `GPUVERIFY_DIFFERENTIAL_CORPUS=0` skips the corpus part (for
//! long generated runs).

#[path = "support/generator.rs"]
mod generator;
mod support;

use simulate::Launch;
use support::{OracleVerdict, VerifierRun};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn disagreement(
    name: &str,
    source: &str,
    defect: &support::Defect,
    args: &[String],
    run: &VerifierRun,
) -> String {
    format!(
        "== {name}: the interpreter shows a defect (seed {}), the verifier says verified\n\
         verifier flags: {}\n-- interpreter:\n{}-- verifier:\n{}-- kernel:\n{source}",
        defect.seed,
        args.join(" "),
        defect.rendered,
        run.output,
    )
}

/// Races reported by both sides for one run, compared by statements.
#[derive(Default)]
struct Confirmation {
    both_race: usize,
    same_statements: usize,
    different: Vec<String>,
}

impl Confirmation {
    fn compare(&mut self, name: &str, defect: &support::Defect, run: &VerifierRun) {
        let Some(oracle) = &defect.race_locs else {
            return;
        };
        let reported = support::reported_races(&run.output);
        if reported.is_empty() {
            return;
        }
        self.both_race += 1;
        let same = |r: &[String; 2]| {
            (r[0] == oracle[0] && r[1] == oracle[1]) || (r[0] == oracle[1] && r[1] == oracle[0])
        };
        if reported.iter().any(same) {
            self.same_statements += 1;
        } else {
            self.different.push(format!(
                "{name}: verifier {reported:?}, interpreter {oracle:?}"
            ));
        }
    }
}

#[derive(Default)]
struct DialectStats {
    count: usize,
    run: usize,
    defects: usize,
    flagged: usize,
    clean_verified: usize,
    clean_not_verified: usize,
    not_run: Vec<String>,
}

#[derive(Default)]
struct GenStats {
    opencl: DialectStats,
    cuda: DialectStats,
}

/// The corpus kernels' interpreter verdicts against their headers.
#[derive(Default)]
struct HeaderTally {
    pass_clean: usize,
    /// `//pass` kernels the interpreter shows defective, with the defect.
    pass_defects: Vec<String>,
    exposed: usize,
    not_exposed: Vec<String>,
}

impl HeaderTally {
    fn count(&mut self, path: &std::path::Path, name: &str, verdict: &OracleVerdict) {
        let header = headers::Header::of_file(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let pass = header.expectation == headers::Expectation::Pass;
        // A bounded verdict (`--loop-unwind`, `--findbugs`) claims no defect
        // only up to its bound; the interpreter runs every iteration.
        let bounded = support::try_header(&header.flag_line())
            .is_ok_and(|c| c.transform.loop_unwind.is_some());
        match verdict {
            OracleVerdict::NotRun(_) => {}
            OracleVerdict::Clean if pass => self.pass_clean += 1,
            OracleVerdict::Defect(d) if pass && !bounded => self
                .pass_defects
                .push(format!("{name} (seed {}):\n{}", d.seed, d.rendered)),
            OracleVerdict::Defect(_) if header.expectation.exit_code() == 6 => self.exposed += 1,
            OracleVerdict::Clean if header.expectation.exit_code() == 6 => {
                self.not_exposed.push(name.to_string())
            }
            _ => {}
        }
    }
}

#[test]
#[allow(clippy::print_stderr)]
fn verifier_never_verifies_a_kernel_the_interpreter_shows_defective() {
    let mut missed = Vec::new();
    let mut confirmation = Confirmation::default();

    // The corpus, with the launches of its headers.
    let (mut corpus_run, mut corpus_defects, mut corpus_flagged) = (0, 0, 0);
    let mut corpus_not_run = Vec::new();
    let mut corpus_unreported = Vec::new();
    let corpus = if env_number("GPUVERIFY_DIFFERENTIAL_CORPUS", 1) == 0 {
        Vec::new()
    } else {
        support::corpus_files("differential")
    };
    // Each kernel's oracle and verifier run in parallel; the tallies after.
    let corpus_runs = support::par_map_files("differential", &corpus, |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let (_, flags) = support::header(&text);
        let verdict = support::oracle(path, &flags, &support::header_launches(&flags), 4);
        let run = match &verdict {
            OracleVerdict::Defect(defect) => {
                let args = support::flags_for_defect(&flags, defect);
                let run = support::verifier(path, &args);
                Some((args, run))
            }
            _ => None,
        };
        (text, verdict, run)
    });
    let mut expected = HeaderTally::default();
    for (path, (text, verdict, run)) in corpus.iter().zip(corpus_runs) {
        let name = support::corpus_name(path);
        expected.count(path, &name, &verdict);
        match verdict {
            OracleVerdict::NotRun(why) => corpus_not_run.push(format!("{name}: {why}")),
            OracleVerdict::Clean => corpus_run += 1,
            OracleVerdict::Defect(defect) => {
                corpus_run += 1;
                corpus_defects += 1;
                let (args, run) = run.expect("a defect is verified");
                confirmation.compare(&name, &defect, &run);
                if run.says_verified() {
                    missed.push(disagreement(&name, &text, &defect, &args, &run));
                } else if run.flags_defect() {
                    corpus_flagged += 1;
                } else {
                    corpus_unreported.push(format!("{name} (exit {})", run.code));
                }
            }
        }
    }
    eprintln!("corpus defects neither verified nor reported: {corpus_unreported:?}");
    eprintln!(
        "corpus: {corpus_run} kernels run, {corpus_defects} with a defect in the interpreter, \
         {corpus_flagged} of them reported by the verifier (exit 6), {} not run",
        corpus_not_run.len()
    );
    eprintln!("corpus kernels not run: {corpus_not_run:#?}");
    eprintln!(
        "corpus headers: {} //pass kernels clean in the interpreter; xfail kernels exposed: {}, \
         not exposed ({}): {:?}",
        expected.pass_clean,
        expected.exposed,
        expected.not_exposed.len(),
        expected.not_exposed
    );

    // Generated kernels: OpenCL with 1-D launches, CUDA with 2-D ones.
    let count = env_number("GPUVERIFY_DIFFERENTIAL_KERNELS", 40);
    let first = env_number("GPUVERIFY_DIFFERENTIAL_SEED", 1);
    let dir = support::scratch_dir("differential");
    // The last launch ends at the largest global id the verifier models
    // (issue 12: `num_groups * local_size + global_offset <= 2^32 - 1`), so
    // ids near the 32-bit limit are compared too.
    let top = Launch {
        global_offset: [u32::MAX - 8, 0, 0],
        ..Launch::linear(4, 2)
    };
    let opencl_launches = [
        Launch::linear(4, 1),
        Launch::linear(4, 2),
        Launch::linear(8, 2),
        top,
    ];
    let cuda_launches = [
        Launch::new([4, 2, 1], [1, 1, 1]),
        Launch::new([2, 2, 1], [1, 2, 1]),
        Launch::new([4, 2, 1], [2, 2, 1]),
    ];
    let mut stats = GenStats::default();
    let mut cases = Vec::new();
    for seed in first..first + count {
        let both = [
            (
                generator::kernel(seed),
                "cl",
                &opencl_launches[..],
                Launch::linear(8, 2),
            ),
            (
                generator::cuda_kernel(seed),
                "cu",
                &cuda_launches[..],
                Launch::new([4, 2, 1], [2, 2, 1]),
            ),
        ];
        // CUDA for every other seed keeps the default run cheap.
        let take = if seed % 2 == 0 { 2 } else { 1 };
        for (source, ext, launches, clean_launch) in both.into_iter().take(take) {
            let path = dir.join(format!("gen_{seed}.{ext}"));
            std::fs::write(&path, &source).unwrap();
            cases.push((seed, source, ext, launches, clean_launch, path));
        }
    }
    // Each kernel's oracle and verifier run in parallel; the tallies after.
    let runs = support::par_map(&cases, |(_, _, _, launches, clean_launch, path)| {
        let verdict = support::oracle(path, "", launches, 4);
        let args = match &verdict {
            OracleVerdict::NotRun(_) => None,
            // Not a soundness question; run to show the verifier's precision.
            OracleVerdict::Clean => Some(support::flags_for_launch("", clean_launch)),
            OracleVerdict::Defect(defect) => Some(support::flags_for_defect("", defect)),
        };
        let run = args.map(|args| {
            let run = support::verifier(path, &args);
            (args, run)
        });
        (verdict, run)
    });
    for ((seed, source, ext, _, _, _), (verdict, run)) in cases.iter().zip(runs) {
        let name = format!("generated {ext} kernel (seed {seed})");
        let s = if *ext == "cu" {
            &mut stats.cuda
        } else {
            &mut stats.opencl
        };
        s.count += 1;
        match verdict {
            OracleVerdict::NotRun(why) => s.not_run.push(format!("{name}: {why}")),
            OracleVerdict::Clean => {
                s.run += 1;
                let (_, run) = run.expect("a clean kernel is verified");
                if run.says_verified() {
                    s.clean_verified += 1;
                } else {
                    s.clean_not_verified += 1;
                }
            }
            OracleVerdict::Defect(defect) => {
                s.run += 1;
                s.defects += 1;
                let (args, run) = run.expect("a defect is verified");
                confirmation.compare(&name, &defect, &run);
                if run.says_verified() {
                    let d = disagreement(&name, source, &defect, &args, &run);
                    eprintln!("MISSED DEFECT:\n{d}");
                    missed.push(d);
                } else if run.flags_defect() {
                    s.flagged += 1;
                }
            }
        }
    }
    for (dialect, s) in [("OpenCL", &stats.opencl), ("CUDA", &stats.cuda)] {
        eprintln!(
            "generated {dialect}: {} kernels (seeds {first}..{}), {} run, {} with a defect in the \
             interpreter, {} of them reported by the verifier (exit 6); interpreter-clean \
             kernels: {} verified, {} not verified; {} not run",
            s.count,
            first + count,
            s.run,
            s.defects,
            s.flagged,
            s.clean_verified,
            s.clean_not_verified,
            s.not_run.len()
        );
        eprintln!("generated {dialect} kernels not run: {:#?}", s.not_run);
    }
    let gen_run = stats.opencl.run + stats.cuda.run;
    eprintln!(
        "missed defects (interpreter defect, verifier verified): {}",
        missed.len()
    );
    eprintln!(
        "counterexamples: {} runs with a race on both sides, the verifier's race is between \
         the interpreter's two statements in {}; different: {:#?}",
        confirmation.both_race, confirmation.same_statements, confirmation.different
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        expected.pass_defects.is_empty(),
        "//pass kernels with a defect in the interpreter:\n{}",
        expected.pass_defects.join("\n")
    );
    assert!(
        missed.is_empty(),
        "the verifier said verified on kernels the interpreter shows defective:\n{}",
        missed.join("\n")
    );
    assert!(gen_run > 0, "the oracle ran nothing");
    assert!(
        corpus_run > 0 || env_number("GPUVERIFY_DIFFERENTIAL_CORPUS", 1) == 0,
        "the oracle ran no corpus kernel"
    );
    // A guard against reports that point at the wrong statements.
    assert!(
        confirmation.same_statements * 2 > confirmation.both_race,
        "most races the verifier reports are not the interpreter's"
    );
}

#[test]
fn parses_one_and_multi_dimensional_race_reports() {
    let report = "k.cl: error: possible write-read race on tile[8]:\n\n\
        Read by work item (1, 0, 0) with local id (1, 0, 0) in work group (0, 0, 0), k.cl:10:20:\n    x\n\
        Write by work item (0, 1, 0) with local id (0, 1, 0) in work group (0, 0, 0), k.cl:9:14:\n    y\n\n\
        k.cu: error: possible write-write race on a[3]:\n\n\
        Write by thread 60 in thread block 0 (global id 60), k.cu:8:12:\n    z\n\
        Write by thread 3 in thread block 0 (global id 3), k.cu:7:8:\n";
    assert_eq!(
        support::reported_races(report),
        vec![
            ["10:20".to_string(), "9:14".to_string()],
            ["8:12".to_string(), "7:8".to_string()]
        ]
    );
}
