//! The inlining pass (`ivl::inline`) seen
//! from the solver: an inlined program verifies with call semantics replaced
//! by the callees' code. Structural tests live in `ivl/tests/inline.rs`.

mod common;

use common::load;
use ivl::ast::{Program, StmtKind};
use ivl::inline::{inline, InlineError};
use solver::{verify_procedure, Config, Outcome};
use std::path::Path;

fn program(name: &str) -> Program {
    load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/programs")
            .join(name),
    )
    .1
}

fn parse(text: &str) -> Program {
    let file = ivl::SourceFile::new("t.ivl", text);
    let p = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

#[allow(dead_code)]
fn calls_with_body(p: &Program) -> usize {
    p.procedures()
        .filter_map(|proc| proc.body.as_ref())
        .flat_map(|b| &b.blocks)
        .flat_map(|b| &b.stmts)
        .filter(|s| {
            matches!(&s.kind, StmtKind::Call { callee, .. }
            if p.procedure(&callee.name).is_some_and(|c| c.body.is_some()))
        })
        .count()
}

fn failing_ids(p: &Program, proc: &str) -> Vec<String> {
    match verify_procedure(p, proc, &Config::default())
        .unwrap()
        .outcome
    {
        Outcome::Verified => vec![],
        Outcome::Failed(fs) => {
            let mut ids: Vec<String> = fs
                .into_iter()
                .map(|f| f.check.id.unwrap_or_default())
                .collect();
            ids.sort();
            ids
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn inlining_exposes_the_callee_body() {
    let p = program("call_nested_inline.ivl");
    assert_eq!(failing_ids(&p, "run"), vec!["inv"]);
    let inlined = inline(&p).unwrap();
    assert_eq!(failing_ids(&inlined, "run"), Vec::<String>::new());
    let p = program("call_modular_only_contract.ivl");
    assert_eq!(
        failing_ids(&inline(&p).unwrap(), "caller"),
        Vec::<String>::new()
    );
}

#[test]
fn inlined_contracts_are_still_checked() {
    let p = inline(&program("call_requires_violated.ivl")).unwrap();
    assert_eq!(failing_ids(&p, "caller"), vec!["pos"]);
    let p = inline(&program("call_old_snapshot.ivl")).unwrap();
    assert_eq!(failing_ids(&p, "twice"), Vec::<String>::new());
    let p = inline(&program("call_old_wrong.ivl")).unwrap();
    assert_eq!(failing_ids(&p, "twice"), vec!["post"]);
}

#[test]
fn each_call_starts_with_fresh_locals() {
    let p = parse(
        "procedure f() returns (r: int) { var t: int; assume t > 0; r := t; }
         procedure g() {
           var a: int, b: int;
           call a := f();
           call b := f();
           assert {:id \"same\"} a == b;
         }",
    );
    assert_eq!(failing_ids(&inline(&p).unwrap(), "g"), vec!["same"]);
}

#[test]
fn recursion_is_a_solver_error_naming_the_cycle() {
    let p = parse("procedure s() { call s(); }");
    assert!(matches!(inline(&p), Err(InlineError::Recursion { cycle }) if cycle == vec!["s", "s"]));
}
