//! Counterexample replay (`simulate::replay`): races and divergences the
//! verifier reports on corpus kernels (the reported element and threads
//! are those `gpuverify` prints for them) are confirmed by execution; a
//! race that only exists because the verifier does not know an array's
//! contents is not reproduced once the contents are given.

use simulate::{
    replay, Inputs, Launch, NotReproduced, Outcome, Replay, ReportedDefect, ReportedRace,
    ReportedThread, SimOptions,
};
use solver::value::Value;
use std::path::Path;

fn corpus(file: &str) -> (ivl::Program, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/kernels")
        .join(file);
    let lowered = frontend::lower_file(&path, &Default::default()).expect("lowers");
    let k = lowered.kernels.into_iter().next().expect("a kernel");
    (k.program, k.name)
}

fn race(array: &str, element: u128, kinds: [&str; 2], threads: [u32; 2]) -> ReportedDefect {
    ReportedDefect::Race(ReportedRace {
        array: array.into(),
        element: Some(element),
        element_width: None,
        kinds: Some(kinds.map(String::from)),
        threads: threads.map(|t| ReportedThread::linear(t, 0)),
    })
}

fn replay_one(
    program: &ivl::Program,
    kernel: &str,
    launch: Launch,
    inputs: &Inputs,
    defect: &ReportedDefect,
) -> Replay {
    replay(
        program,
        kernel,
        &launch,
        inputs,
        defect,
        &SimOptions::default(),
    )
    .expect("replays")
}

/// `gpuverify --local_size=64 --num_groups=1 kind_read_write_local.cl`:
/// "possible read-write race on s[0]: Write by work item 0 ..., Read by
/// work item 63".
#[test]
fn corpus_race_is_confirmed_with_its_threads() {
    let (program, kernel) = corpus("opencl/kind_read_write_local.cl");
    let defect = race("s", 0, ["read", "write"], [0, 63]);
    let r = replay_one(
        &program,
        &kernel,
        Launch::linear(64, 1),
        &Inputs::default(),
        &defect,
    );
    match r {
        Replay::Confirmed {
            same_threads,
            same_kinds,
            after_other_races,
            outcome,
        } => {
            assert!(same_threads && same_kinds, "{outcome:?}");
            assert_eq!(after_other_races, 0);
        }
        other => panic!("not confirmed: {other:?}"),
    }
    // The same element named with other threads: confirmed, but the
    // threads are reported as different.
    let wrong = race("s", 0, ["read", "write"], [5, 6]);
    match replay_one(
        &program,
        &kernel,
        Launch::linear(64, 1),
        &Inputs::default(),
        &wrong,
    ) {
        Replay::Confirmed { same_threads, .. } => assert!(!same_threads),
        other => panic!("not confirmed: {other:?}"),
    }
}

/// The tree reduction without its barrier, 8 threads: the first race is on
/// s[4] (threads 0 and 4, step d = 4); a report of the race on s[2] (step
/// d = 2) is confirmed by a focused run that passes over the first one.
#[test]
fn later_race_is_confirmed_past_an_earlier_one() {
    let (program, kernel) = corpus("opencl/loop_reduce_no_barrier.cl");
    let first = simulate::run(
        &program,
        &kernel,
        &Launch::linear(8, 1),
        &Inputs::default(),
        &SimOptions::default(),
    )
    .unwrap();
    assert!(
        matches!(first.outcome, Outcome::Race { index: 4, .. }),
        "{:?}",
        first.outcome
    );
    let defect = race("s", 2, ["read", "write"], [0, 2]);
    match replay_one(
        &program,
        &kernel,
        Launch::linear(8, 1),
        &Inputs::default(),
        &defect,
    ) {
        Replay::Confirmed {
            same_threads,
            after_other_races,
            outcome,
            ..
        } => {
            assert!(same_threads, "{outcome:?}");
            assert!(after_other_races > 0);
            assert!(matches!(outcome, Outcome::Race { index: 2, .. }));
        }
        other => panic!("not confirmed: {other:?}"),
    }
    // s[20] is only read (s[t + 16] at d = 16): the runs end with races
    // on other elements only.
    let none = race("s", 20, ["read", "write"], [0, 4]);
    match replay_one(
        &program,
        &kernel,
        Launch::linear(8, 1),
        &Inputs::default(),
        &none,
    ) {
        Replay::NotReproduced { reason, .. } => assert_eq!(reason, NotReproduced::OtherDefect),
        other => panic!("confirmed a race nobody has: {other:?}"),
    }
}

#[test]
fn divergence_is_confirmed() {
    let (program, kernel) = corpus("opencl/barrier_in_divergent_branch.cl");
    let defect = ReportedDefect::BarrierDivergence { loc: None };
    let r = replay_one(
        &program,
        &kernel,
        Launch::linear(32, 1),
        &Inputs::default(),
        &defect,
    );
    assert!(r.is_confirmed(), "{r:?}");
    // With 16 threads every thread takes the branch: no divergence.
    let r = replay_one(
        &program,
        &kernel,
        Launch::linear(16, 1),
        &Inputs::default(),
        &defect,
    );
    assert!(
        matches!(
            r,
            Replay::NotReproduced {
                reason: NotReproduced::NotObserved,
                ..
            }
        ),
        "{r:?}"
    );
}

/// `A[idx[lid]] := lid`: the verifier treats `idx` adversarially and reports
/// a write-write race on A between two threads. It happens only if idx maps
/// them to one element: confirmed with such contents, not reproduced with
/// the identity.
#[test]
fn race_on_adversarial_values_depends_on_the_inputs() {
    let text = "
var {:global} {:source_name \"idx\"} {:elem_width 32} idx: [bv32]bv32;
var {:global} {:source_name \"A\"} {:elem_width 32} A: [bv32]bv32;
procedure {:kernel} k()
  modifies A;
{
  var i: bv32;
  i := idx[local_id_x];
  A[i] := local_id_x;
}
";
    let program = ivl::parse(&ivl::SourceFile::new("k.ivl", text.to_string())).unwrap();
    assert!(ivl::check(&program).is_empty());
    let defect = race("A", 1, ["write", "write"], [0, 1]);
    let mut identity = Inputs::default();
    for i in 0..4 {
        identity = identity.with_element("idx", i, Value::bv(i, 32));
    }
    match replay_one(&program, "k", Launch::linear(4, 1), &identity, &defect) {
        Replay::NotReproduced { reason, outcome } => {
            assert_eq!(reason, NotReproduced::NotObserved);
            assert_eq!(outcome, Outcome::NoDefect);
        }
        other => panic!("confirmed with the identity: {other:?}"),
    }
    let colliding = identity
        .with_element("idx", 0, Value::bv(1, 32))
        .with_element("idx", 1, Value::bv(1, 32));
    match replay_one(&program, "k", Launch::linear(4, 1), &colliding, &defect) {
        Replay::Confirmed {
            same_threads,
            same_kinds,
            ..
        } => assert!(same_threads && same_kinds),
        other => panic!("not confirmed: {other:?}"),
    }
}

#[test]
fn unknown_array_is_an_error() {
    let (program, kernel) = corpus("opencl/kind_read_write_local.cl");
    let defect = race("nope", 0, ["read", "write"], [0, 1]);
    let r = replay(
        &program,
        &kernel,
        &Launch::linear(4, 1),
        &Inputs::default(),
        &defect,
        &SimOptions::default(),
    );
    assert!(r.is_err());
}
