//! The library's contract beyond verdicts: incremental sessions, dumps that
//! replay, typed configuration errors, timeouts, misbehaving solvers, and a
//! VC linear in the program.

mod common;

use solver::{
    build_vc, open_session, verify_procedure, Assumptions, BackendKind, Config, Outcome,
    QueryResult, SolverError,
};
use std::time::Duration;

fn parse(text: &str) -> ivl::Program {
    let file = ivl::SourceFile::new("t.ivl", text);
    let p = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

const HOUDINI: &str = r#"
const b1: bool;
const b2: bool;
const b3: bool;
procedure p(n: int)
  requires n >= 0;
{
  var i: int, s: int;
  i, s := 0, 0;
  while (i < n)
    invariant {:id "c1"} b1 ==> 0 <= i;
    invariant {:id "c2"} b2 ==> s == i;
    invariant {:id "c3"} b3 ==> s == 0;
  {
    i := i + 1;
    s := s + 1;
  }
  assert {:id "goal"} s == i;
}
"#;

/// A miniature Houdini over one session: the VC is asserted once and
/// re-checked under assumptions until the candidates are inductive.
#[test]
fn houdini_style_queries_reuse_one_session() {
    let program = parse(HOUDINI);
    for backend in BackendKind::ALL {
        let mut session =
            open_session(&program, "p", &Config::with_backend(backend), None).unwrap();
        let goal = session
            .checks()
            .iter()
            .position(|c| c.id.as_deref() == Some("goal"))
            .unwrap();
        let mut candidates = vec![("b1", true), ("b2", true), ("b3", true)];
        loop {
            let assumptions = Assumptions {
                constants: candidates
                    .iter()
                    .map(|(n, v)| (n.to_string(), *v))
                    .collect(),
                // Houdini first checks the candidates alone.
                assumed_checks: [goal].into(),
            };
            match session.check(&assumptions).unwrap() {
                QueryResult::Verified => break,
                QueryResult::Failed { failure, .. } => {
                    let id = failure.check.id.unwrap();
                    let flag = format!("b{}", &id[1..]);
                    let c = candidates.iter_mut().find(|(n, _)| *n == flag).unwrap();
                    assert!(c.1, "{id} failed twice");
                    c.1 = false;
                }
                QueryResult::Unknown(why) => panic!("{why}"),
            }
        }
        assert_eq!(candidates, vec![("b1", true), ("b2", true), ("b3", false)]);
        let all = Assumptions {
            constants: candidates
                .iter()
                .map(|(n, v)| (n.to_string(), *v))
                .collect(),
            ..Assumptions::default()
        };
        assert_eq!(
            session.check(&all).unwrap(),
            QueryResult::Verified,
            "{}",
            backend.name()
        );
        // Unknown constants are errors, not silently ignored.
        let bad = Assumptions {
            constants: vec![("nope".into(), true)],
            ..Assumptions::default()
        };
        assert!(session.check(&bad).is_err());
    }
}

#[test]
fn dumps_replay_with_the_solver_they_were_made_for() {
    let program = parse(HOUDINI);
    let dir = std::env::temp_dir().join(format!("solver-dump-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (backend, binary) in [
        (BackendKind::Z3, "z3"),
        (BackendKind::Z3SmtLib, "z3"),
        (BackendKind::Cvc5, "cvc5"),
    ] {
        let path = dir.join(format!("{}.smt2", backend.name()));
        let config = Config {
            dump_smt2: Some(path.clone()),
            ..Config::with_backend(backend)
        };
        let report = verify_procedure(&program, "p", &config).unwrap();
        assert!(matches!(report.outcome, Outcome::Failed(_)));
        let text = std::fs::read_to_string(&path).unwrap();
        let recorded: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("; answer: "))
            .collect();
        assert!(recorded.len() >= 2, "{text}");
        let out = std::process::Command::new(binary)
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let replayed: Vec<&str> = stdout
            .lines()
            .filter(|l| matches!(*l, "sat" | "unsat" | "unknown"))
            .collect();
        assert_eq!(replayed, recorded, "{}:\n{stdout}", backend.name());
        assert!(!stdout.contains("(error"), "{}:\n{stdout}", backend.name());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_solver_is_a_configuration_error_naming_the_package() {
    let program = parse(HOUDINI);
    for (backend, package) in [(BackendKind::Cvc5, "cvc5"), (BackendKind::Z3SmtLib, "z3")] {
        let config = Config {
            solver_binary: Some("/nonexistent/solver".into()),
            ..Config::with_backend(backend)
        };
        match verify_procedure(&program, "p", &config) {
            Err(e @ SolverError::SolverMissing { package: p, .. }) => {
                assert_eq!(p, package);
                assert!(e.is_configuration());
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn misbehaving_solvers_are_errors_never_verdicts() {
    let program = parse(HOUDINI);
    // `cat` echoes the commands (garbage answers); `true` exits at once.
    for binary in ["cat", "true"] {
        let config = Config {
            solver_binary: Some(binary.into()),
            timeout: Some(Duration::from_secs(2)),
            ..Config::with_backend(BackendKind::Z3SmtLib)
        };
        let report = verify_procedure(&program, "p", &config).unwrap();
        assert!(
            matches!(report.outcome, Outcome::Error(SolverError::Backend { .. })),
            "{binary}: {:?}",
            report.outcome
        );
    }
}

/// Factoring a 64-bit semiprime (without wrap-around): far beyond a
/// one-second budget.
const HARD: &str = r#"
procedure factor(x: bv64, y: bv64)
  requires bvugt(x, 1bv64) && bvugt(y, 1bv64);
{
  assert {:id "prime"} zext(x, 128) * zext(y, 128) != 18446743979220271189bv128;
}
"#;

#[test]
fn an_exhausted_budget_is_unknown_never_verified() {
    let program = parse(HARD);
    for backend in BackendKind::ALL {
        let config = Config {
            timeout: Some(Duration::from_secs(1)),
            ..Config::with_backend(backend)
        };
        let start = std::time::Instant::now();
        let report = verify_procedure(&program, "factor", &config).unwrap();
        match report.outcome {
            // The reason names the budget that ran out: CPU time, or the
            // wall-clock cap on a starved machine.
            Outcome::Unknown { reason, .. } => assert!(
                reason.starts_with("timeout: the CPU-time budget of 1 s")
                    || reason.starts_with("timeout: the wall-clock cap of 10 s"),
                "{}: {reason}",
                backend.name()
            ),
            other => panic!("{}: {other:?}", backend.name()),
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{}",
            backend.name()
        );
    }
}

fn diamonds(n: usize) -> String {
    let mut s = String::from("procedure p(x: bv32) returns (y: bv32)\n  ensures y == x + ");
    s.push_str(&format!("{n}bv32;\n{{\n  y := x;\n"));
    for _ in 0..n {
        s.push_str("  if (*) { y := y + 1bv32; } else { y := 1bv32 + y; }\n");
        s.push_str("  assert bvuge(y, 0bv32);\n");
    }
    s.push_str("}\n");
    s
}

#[test]
fn the_vc_and_its_smtlib_text_are_linear_in_the_program() {
    let mut sizes = Vec::new();
    for n in [100, 200, 400] {
        let program = parse(&diamonds(n));
        let vc = build_vc(&program, program.procedure("p").unwrap()).unwrap();
        sizes.push((vc.size(), vc.to_smtlib().len()));
    }
    // Doubling the program at most (a little more than) doubles the VC.
    for w in sizes.windows(2) {
        assert!((w[1].0 as f64) < 2.2 * w[0].0 as f64, "{sizes:?}");
        assert!((w[1].1 as f64) < 2.2 * w[0].1 as f64, "{sizes:?}");
    }
    // Small enough to be solved: the dump is a valid script.
    let program = parse(&diamonds(3));
    let report = verify_procedure(&program, "p", &Config::default()).unwrap();
    assert!(report.outcome.is_verified(), "{:?}", report.outcome);
}

#[test]
fn capture_attribute_adds_its_reads_to_the_model() {
    let file = ivl::SourceFile::new(
        "t.ivl",
        "var g: int;
         procedure p() modifies g; {
           var site: int;
           site := 7;
           g := 1;
           assert {:capture site} g == 2;
         }",
    );
    let program = ivl::parse(&file).unwrap();
    assert!(ivl::check(&program).is_empty());
    let report = solver::verify_procedure(&program, "p", &solver::Config::default()).unwrap();
    let failure = &report.outcome.failures()[0];
    assert_eq!(
        failure.model.get("site"),
        Some(&solver::value::Value::Int(7)),
        "{}",
        failure.model
    );
}

/// `has_bool_constant` tells which Boolean constants a query may fix: the
/// ones the VC mentions, not integers and not unknown names.
#[test]
fn sessions_report_their_boolean_constants() {
    let program = parse(HOUDINI);
    let session = open_session(&program, "p", &Config::default(), None).unwrap();
    assert!(session.has_bool_constant("b1"));
    assert!(session.has_bool_constant("b3"));
    assert!(!session.has_bool_constant("i"));
    assert!(!session.has_bool_constant("no_such_constant"));
}

const TWO_FALSE: &str = r#"
const b1: bool;
const b2: bool;
const b3: bool;
procedure p()
{
  var i: int;
  i := 0;
  while (i < 10)
    invariant {:id "c1"} b1 ==> i == 0;
    invariant {:id "c2"} b2 ==> i >= 0;
    invariant {:id "c3"} b3 ==> i != 1;
  {
    i := i + 1;
  }
}
"#;

/// `falsified_alongside` names every check of the failing run of asserts
/// that the model falsifies, the failing one first, and only those asked
/// about; checks true in the model are never named.
#[test]
fn falsified_alongside_reports_the_run_of_the_failing_check() {
    let program = parse(TWO_FALSE);
    for backend in BackendKind::ALL {
        let mut session =
            open_session(&program, "p", &Config::with_backend(backend), None).unwrap();
        let id = |s: &mut solver::VcSession, k: usize| s.checks()[k].id.clone().unwrap();
        let all: std::collections::BTreeSet<usize> = (0..session.checks().len()).collect();
        let on = Assumptions {
            constants: vec![
                ("b1".into(), true),
                ("b2".into(), true),
                ("b3".into(), true),
            ],
            ..Assumptions::default()
        };
        let QueryResult::Failed { check, .. } = session.check(&on).unwrap() else {
            panic!("c1 and c3 are not inductive");
        };
        let named = session.falsified_alongside(check, &all).unwrap();
        assert_eq!(named[0], check);
        let ids: Vec<String> = named.iter().map(|&k| id(&mut session, k)).collect();
        // c2 holds in every state the loop reaches: never named.
        assert!(!ids.contains(&"c2".to_string()), "{ids:?}");
        assert!(ids.iter().all(|i| i == "c1" || i == "c3"), "{ids:?}");
        // Restricted to nothing, only the failing check itself.
        assert_eq!(
            session
                .falsified_alongside(check, &Default::default())
                .unwrap(),
            vec![check]
        );
    }
}

/// `falsified_on_model_paths` names the failing check, only checks that
/// can really fail (never the inductive `c2`), and only checks asked about.
#[test]
fn falsified_on_model_paths_names_only_refutable_checks() {
    let program = parse(TWO_FALSE);
    for backend in BackendKind::ALL {
        let mut session =
            open_session(&program, "p", &Config::with_backend(backend), None).unwrap();
        let all: std::collections::BTreeSet<usize> = (0..session.checks().len()).collect();
        let on = Assumptions {
            constants: vec![
                ("b1".into(), true),
                ("b2".into(), true),
                ("b3".into(), true),
            ],
            ..Assumptions::default()
        };
        let QueryResult::Failed { check, .. } = session.check(&on).unwrap() else {
            panic!("c1 and c3 are not inductive");
        };
        let named = session.falsified_on_model_paths(&on, &all).unwrap();
        assert!(named.contains(&check), "{named:?} lacks {check}");
        let ids: Vec<String> = named
            .iter()
            .map(|&k| session.checks()[k].id.clone().unwrap())
            .collect();
        assert!(ids.iter().all(|i| i == "c1" || i == "c3"), "{ids:?}");
        assert!(session
            .falsified_on_model_paths(&on, &Default::default())
            .unwrap()
            .is_empty());
    }
}
