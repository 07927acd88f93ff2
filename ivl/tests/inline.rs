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

/// The names of every `havoc` in `proc`'s body, in order.
fn havocked(p: &Program, proc: &str) -> Vec<String> {
    p.procedure(proc)
        .and_then(|p| p.body.as_ref())
        .into_iter()
        .flat_map(|b| &b.blocks)
        .flat_map(|b| &b.stmts)
        .filter_map(|s| match &s.kind {
            StmtKind::Havoc(ns) => Some(ns.iter().map(|n| n.name.clone())),
            _ => None,
        })
        .flatten()
        .collect()
}

#[test]
fn a_call_site_havocs_only_the_callee_locals_read_before_assignment() {
    // `f` has 1,000 locals: `u` is read before any assignment (a fresh,
    // arbitrary value at each call), `half` only on one path; the 998
    // others are assigned before every read, or never read.
    let mut text =
        String::from("procedure f(c: bool) returns (r: int) {\n  var u: int; var half: int;\n");
    for i in 0..998 {
        text.push_str(&format!("  var x{i}: int;\n"));
    }
    text.push_str("  entry: x0 := 1; x1 := x0 + u; goto a, b;\n");
    text.push_str("  a: assume c; half := 2; goto j;\n");
    text.push_str("  b: assume !c; goto j;\n");
    text.push_str("  j: r := x1 + half; return;\n}\n");
    text.push_str(
        "procedure k(n: int) {\n  var i: int; var s: int;\n  entry: i := 0; goto head;\n  \
         head: goto body, done;\n  body: assume i < n; call s := f(true); i := i + s; goto head;\n  \
         done: assume !(i < n); return;\n}\n",
    );
    let p = inline(&parse(&text)).expect("inlines");
    assert_eq!(calls_with_body(&p), 0);
    let mut names = havocked(&p, "k");
    names.sort();
    assert_eq!(names, vec!["f$1$half", "f$1$r", "f$1$u"]);
}

#[test]
fn a_nested_callee_local_is_havocked_by_its_own_site_not_again_by_the_outer_one() {
    let text = "
procedure g() returns (r: int) { var t: int; var w: int; entry: w := 1; r := t + w; return; }
procedure f() returns (r: int) { var y: int; entry: call y := g(); r := y; return; }
procedure k() { var s: int; entry: call s := f(); call s := f(); return; }
";
    let p = inline(&parse(text)).expect("inlines");
    let names = havocked(&p, "k");
    // Per site of f: its result, then g's result and `t` (read unassigned);
    // never `w` (assigned first) nor f's `y` (assigned by the call).
    assert_eq!(names.len(), 6, "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| !n.ends_with("$w") && !n.ends_with("$y")),
        "{names:?}"
    );
    assert_eq!(
        names.iter().filter(|n| n.ends_with("$t")).count(),
        2,
        "{names:?}"
    );
}
