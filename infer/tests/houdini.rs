//! Houdini end to end on small kernels in the IVL kernel dialect: transform
//! to two threads, infer, prove. Checks that inference proves what needs
//! invariants, never hides a race, refutes false candidates, and that a
//! Houdini out of budget proves nothing.

use infer::houdini::Budget;
use infer::{InferConfig, Inference};
use transform::{two_thread, TransformConfig};

fn parse(text: &str) -> ivl::Program {
    let p = ivl::parse(&ivl::SourceFile::new("k.ivl", text)).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

fn config() -> TransformConfig {
    TransformConfig {
        local_size: [Some(64), Some(1), Some(1)],
        num_groups: [Some(2), Some(1), Some(1)],
        ..TransformConfig::default()
    }
}

fn run(text: &str, infer: &InferConfig) -> Inference {
    let two = two_thread(&parse(text), "k", &config()).expect("transforms");
    infer::verify(
        &two.program,
        &two.procedure,
        infer,
        &solver::Config::default(),
    )
    .expect("runs")
}

fn verified(i: &Inference) -> bool {
    i.incomplete.is_none() && matches!(i.report.outcome, solver::Outcome::Verified)
}

/// Each thread updates its own element in a loop with a barrier: needs
/// `access_at` / `no_access_same_group` and a counter bound.
const OWN_ELEMENT: &str = r#"
var {:group_shared} {:source_name "A"} A: [bv32]bv32;
procedure {:kernel} k()
  modifies A;
{
  var i: bv32;
  i := 0bv32;
  while (bvult(i, 10bv32)) {
    A[local_id_x] := A[local_id_x] + i;
    call barrier(true, false);
    A[local_id_x + 1bv32] := i;
    call barrier(true, false);
    i := i + 1bv32;
  }
}
"#;

/// All threads write element 0 in a loop: a real race.
const RACY: &str = r#"
var {:group_shared} {:source_name "A"} A: [bv32]bv32;
procedure {:kernel} k()
  modifies A;
{
  var i: bv32;
  i := 0bv32;
  while (bvult(i, 10bv32)) {
    A[i] := local_id_x;
    i := i + 1bv32;
  }
}
"#;

/// A tree reduction: pow2 counter, barrier at the end of the body.
const TREE: &str = r#"
var {:group_shared} {:source_name "s"} s: [bv32]bv32;
procedure {:kernel} k()
  modifies s;
{
  var d: bv32;
  d := 32bv32;
  while (bvugt(d, 0bv32)) {
    if (bvult(local_id_x, d)) {
      s[local_id_x] := s[local_id_x] + s[local_id_x + d];
    }
    call barrier(true, false);
    d := bvlshr(d, 1bv32);
  }
}
"#;

#[test]
fn inference_proves_loops_that_need_invariants() {
    for text in [OWN_ELEMENT, TREE] {
        let on = run(text, &InferConfig::default());
        assert!(verified(&on), "{:?}", on.report.outcome);
        assert!(!on.survivors.is_empty());
        assert!(!on.round_times.is_empty());
        let off = run(
            text,
            &InferConfig {
                enabled: false,
                ..InferConfig::default()
            },
        );
        assert!(!verified(&off), "needs no invariant: a useless test");
    }
}

#[test]
fn inference_never_hides_a_race() {
    let on = run(RACY, &InferConfig::default());
    assert!(matches!(on.report.outcome, solver::Outcome::Failed(_)));
    assert!(on.incomplete.is_none());
    // Candidates were generated and some refuted.
    let generated: usize = on.tags.iter().map(|t| t.generated).sum();
    let survived: usize = on.tags.iter().map(|t| t.survived).sum();
    assert!(generated > survived, "{:?}", on.tags);
}

#[test]
fn out_of_budget_proves_nothing() {
    let i = run(
        TREE,
        &InferConfig {
            budget: Budget {
                max_rounds: 1,
                max_time: None,
            },
            ..InferConfig::default()
        },
    );
    assert!(i.incomplete.is_some());
    assert!(i.survivors.is_empty());
    assert!(!verified(&i));
}

#[test]
fn omitted_tags_generate_nothing() {
    let omit: Vec<String> = infer::rules::all_tags()
        .into_iter()
        .map(str::to_string)
        .collect();
    let i = run(
        TREE,
        &InferConfig {
            omit,
            ..InferConfig::default()
        },
    );
    assert!(i.tags.is_empty());
    assert!(!verified(&i));
    let i = run(
        TREE,
        &InferConfig {
            omit: vec!["pow2".into()],
            ..InferConfig::default()
        },
    );
    assert!(i.tags.iter().all(|t| t.tag != "pow2"));
}

#[test]
fn candidates_are_typed_and_tagged() {
    let two = two_thread(&parse(TREE), "k", &config()).expect("transforms");
    let cands = infer::rules::generate(&two.program, &two.procedure, &[]);
    let tags: Vec<&str> = cands.iter().map(|c| c.tag).collect();
    for t in ["pow2", "loop_bound", "no_access_same_group", "access_at"] {
        assert!(tags.contains(&t), "{t} missing from {tags:?}");
    }
    let (program, placed) = infer::candidate::instrument(&two.program, &two.procedure, cands);
    assert!(
        ivl::check(&program).is_empty(),
        "{:?}",
        ivl::check(&program)
    );
    assert!(!placed.is_empty());
    // An ill-typed candidate is dropped before solving.
    let bad = infer::candidate::Candidate {
        tag: "pow2",
        header: placed[0].candidate.header.clone(),
        expr: ivl::ast::Expr::var("no_such_variable"),
    };
    let (_, placed) = infer::candidate::instrument(&two.program, &two.procedure, vec![bad]);
    assert!(placed.is_empty());
}

/// A user invariant (`j == i`) that a candidate (`i <= 10`, from the guard)
/// needs to survive, and that needs the candidate to prove the assertion.
const USER_SEEDS: &str = r#"
procedure {:kernel} k()
{
  var i: bv32;
  var j: bv32;
  i := 0bv32;
  j := 0bv32;
  while (bvult(i, 10bv32))
    invariant j == i;
  {
    i := i + 1bv32;
    j := j + 1bv32;
  }
  assert bvule(j, 10bv32);
}
"#;

/// User invariants are assumed during the Houdini rounds (so candidates
/// may rely on them) and checked by the final proof.
#[test]
fn user_invariants_seed_houdini_and_are_checked() {
    let on = run(USER_SEEDS, &InferConfig::default());
    assert!(
        verified(&on),
        "{:?} {:?} {:?}",
        on.survivors,
        on.round_refuted,
        on.tags
    );
    assert!(
        on.survivors
            .iter()
            .any(|(_, tag, e)| *tag == "loop_bound" && e.contains("10bv32")),
        "{:?}",
        on.survivors
    );
    // The user invariant alone does not prove the assertion.
    let off = run(
        USER_SEEDS,
        &InferConfig {
            enabled: false,
            ..InferConfig::default()
        },
    );
    assert!(!verified(&off));
    // Nor do the candidates alone (without `lockstep` and `linear`, which
    // propose the user's invariant `j - 0 == i - 0` themselves).
    let no_lockstep = InferConfig {
        omit: vec!["lockstep".to_string(), "linear".to_string()],
        ..InferConfig::default()
    };
    let without = run(
        &USER_SEEDS.replace("    invariant j == i;\n", ""),
        &no_lockstep,
    );
    assert!(!verified(&without));
    let with_lockstep = run(
        &USER_SEEDS.replace("    invariant j == i;\n", ""),
        &InferConfig::default(),
    );
    assert!(verified(&with_lockstep));
    // A wrong user invariant is reported even though candidates were
    // proved assuming it.
    let wrong = run(
        &USER_SEEDS.replace("invariant j == i;", "invariant j == i + 1bv32;"),
        &InferConfig::default(),
    );
    let solver::Outcome::Failed(failures) = &wrong.report.outcome else {
        panic!(
            "a wrong user invariant verified: {:?}",
            wrong.report.outcome
        );
    };
    assert!(
        failures
            .iter()
            .any(|f| matches!(f.check.kind, solver::CheckKind::InvariantEntry)),
        "{failures:?}"
    );
}

/// Candidates over locals the loop modifies and that are dead at the loop
/// head are dropped before solving.
#[test]
fn candidates_over_dead_locals_are_dropped() {
    let two = two_thread(&parse(TREE), "k", &config()).expect("transforms");
    let cands = infer::rules::generate(&two.program, &two.procedure, &[]);
    let (kept, _) = infer::candidate::filter(&two.program, &two.procedure, cands.clone());
    let header = kept[0].header.clone();
    // A fresh local assigned at the top of the loop body before any read.
    let body = two
        .program
        .procedure(&two.procedure)
        .and_then(|p| p.body.as_ref())
        .unwrap();
    let live = infer::liveness::live_locals(body);
    let loops = infer::analysis::loops(body);
    let modified = |h: &str| {
        loops
            .iter()
            .find(|l| l.header == h)
            .map(|l| l.modified.clone())
            .unwrap_or_default()
    };
    let dead: Vec<&String> = body
        .locals
        .iter()
        .map(|v| &v.name.name)
        .filter(|v| modified(&header).contains(*v) && !live[&header].contains(*v))
        .collect();
    assert!(!dead.is_empty(), "no dead local at {header}");
    let bad = infer::candidate::Candidate {
        tag: "thread_eq",
        header: header.clone(),
        expr: ivl::ast::Expr::eq(
            ivl::ast::Expr::var(dead[0].clone()),
            ivl::ast::Expr::var(dead[0].clone()),
        ),
    };
    let (kept, dropped) = infer::candidate::filter(&two.program, &two.procedure, vec![bad]);
    assert!(kept.is_empty());
    assert_eq!(dropped.dead, 1);
    // Kept candidates only mention live locals.
    let (kept, _) = infer::candidate::filter(&two.program, &two.procedure, cands);
    for c in kept {
        let mut vs = std::collections::BTreeSet::new();
        infer::analysis::vars(&c.expr, &mut vs);
        for v in vs {
            assert!(
                !body.locals.iter().any(|l| l.name.name == v)
                    || !modified(&c.header).contains(&v)
                    || live[&c.header].contains(&v),
                "{v} is dead at {}",
                c.header
            );
        }
    }
}

/// A loop with a user candidate (`__candidate_invariant`) whose entry check is a factoring problem:
/// `p * q` with `1 < p, q < 2^32` is never the 62-bit prime below, but
/// proving it takes a bit-vector solver far longer than the 300 ms each
/// query gets here. The counter bound (`i <= 10`, from the guard) is easy.
const HARD_CANDIDATE: &str = r#"
procedure {:kernel} k()
{
  var i: bv32;
  var p: bv64;
  var q: bv64;
  havoc p;
  havoc q;
  assume bvugt(p, 1bv64) && bvult(p, 4294967296bv64);
  assume bvugt(q, 1bv64) && bvult(q, 4294967296bv64);
  i := 0bv32;
  while (bvult(i, 10bv32))
    invariant {:user_candidate} p * q != 4611686018427400249bv64;
  {
    i := i + 1bv32;
  }
  // Mentions p and q so that candidates over them are relevant.
  assert bvule(i, 10bv32) || p == q;
}
"#;

/// A candidate whose own query times out is dropped (sound: dropping only
/// weakens the invariant), the others are still decided, the proof that
/// does not need it goes through, and the dropped candidate is reported.
#[test]
fn a_timed_out_candidate_is_dropped_and_the_others_decided() {
    let two = two_thread(&parse(HARD_CANDIDATE), "k", &config()).expect("transforms");
    let solver_config = solver::Config {
        timeout: Some(std::time::Duration::from_millis(300)),
        ..solver::Config::with_backend(solver::BackendKind::Z3)
    };
    let i = infer::verify(
        &two.program,
        &two.procedure,
        &InferConfig::default(),
        &solver_config,
    )
    .expect("runs");
    assert_eq!(i.dropped.irrelevant, 0, "{:?}", i.dropped);
    assert!(
        i.timed_out
            .iter()
            .any(|(_, _, e)| e.contains("4611686018427400249")),
        "the factoring candidate was not dropped for a timeout: {:?} {:?} {:?} {:?}",
        i.timed_out,
        i.survivors,
        i.round_refuted,
        i.tags
    );
    assert!(
        i.survivors
            .iter()
            .any(|(_, tag, e)| *tag == "loop_bound" && e.contains("10bv32")),
        "the counter bound was lost with the timed-out candidate: {:?}",
        i.survivors
    );
    assert!(
        i.survivors
            .iter()
            .all(|(_, _, e)| !e.contains("4611686018427400249")),
        "{:?}",
        i.survivors
    );
    assert!(verified(&i), "{:?} {:?}", i.report.outcome, i.incomplete);
}
