//! The inlining pass (`ivl::inline`): its output is a well-formed program
//! without calls to procedures that have a body; recursion is an error
//! naming the cycle; kernel-dialect builtins (`barrier`) are left alone.
//! (Whether an inlined program still verifies is the solver's business:
//! `solver/tests/inline.rs`.)

use ivl::ast::{Program, StmtKind};
use ivl::inline::{inline, InlineError};
use std::path::{Path, PathBuf};

fn parse(text: &str) -> Program {
    let file = ivl::SourceFile::new("t.ivl", text);
    let p = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

fn program_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        root.join("../solver/tests/programs"),
        root.join("../examples/ivl"),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut here: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ivl"))
            .collect();
        here.sort();
        files.extend(here);
    }
    files
}

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

#[test]
fn inlined_programs_are_well_formed_and_call_free() {
    let files = program_files();
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = ivl::SourceFile::new(path.display().to_string(), text);
        let Ok(p) = ivl::parse(&file) else { continue };
        if !ivl::check(&p).is_empty() {
            continue;
        }
        let inlined = inline(&p).unwrap();
        assert_eq!(calls_with_body(&inlined), 0, "{}", path.display());
        // Printing and re-parsing type-checks the result.
        let text = ivl::print(&inlined);
        let reparsed = parse(&text);
        assert_eq!(reparsed, inlined, "{}", path.display());
    }
}

#[test]
fn recursion_is_an_error_naming_the_cycle() {
    let p = parse(
        "procedure a() { call b(); }
         procedure b() { call c(); }
         procedure c() { call a(); }",
    );
    match inline(&p) {
        Err(InlineError::Recursion { cycle }) => {
            assert_eq!(cycle, vec!["a", "b", "c", "a"]);
        }
        other => panic!("{other:?}"),
    }
    let p = parse("procedure s() { call s(); }");
    assert!(matches!(inline(&p), Err(InlineError::Recursion { cycle }) if cycle == vec!["s", "s"]));
}

#[test]
fn barrier_calls_in_kernels_stay() {
    let p = parse(
        "var {:group_shared} A: [bv32]bv32;
         procedure helper(i: bv32) modifies A; { A[i] := 1bv32; call barrier(true, false); }
         procedure {:kernel} k() modifies A; { call helper(local_id_x); call barrier(true, true); }",
    );
    let inlined = inline(&p).unwrap();
    assert_eq!(calls_with_body(&inlined), 0);
    let kernel = inlined.procedure("k").unwrap();
    let barriers = kernel
        .body
        .as_ref()
        .unwrap()
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .filter(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if callee.name == "barrier"))
        .count();
    assert_eq!(barriers, 2);
    assert!(ivl::check(&inlined).is_empty());
}
