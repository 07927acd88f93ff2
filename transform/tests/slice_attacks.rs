//! Attacks of the s10 review on the read cut (`slice_with` with
//! `cut_read_only_reads`): a read is havocked only when nothing in the
//! program writes its array, so a race-checked read of an array written by
//! an atomic, by an async copy's element or by another procedure (another
//! kernel of the file) is never removed.

use ivl::ast::{Program, StmtKind};
use transform::slice::{slice_with, SliceOptions};

const CUT: SliceOptions = SliceOptions {
    drop_written_values: true,
    cut_read_only_reads: true,
};

fn parse(text: &str) -> Program {
    let file = ivl::SourceFile::new("k.ivl", text.to_string());
    // Parsed only: the kernel dialect's builtins (`async_copy_event`)
    // are declared by the frontend, not here.
    ivl::parse(&file).expect("parses")
}

/// The variables `k` havocs after cutting (`None`: nothing cut).
fn havocked(text: &str) -> Option<Vec<String>> {
    let p = slice_with(&parse(text), "k", CUT)?;
    let body = p.procedure("k")?.body.as_ref()?;
    Some(
        body.blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match &s.kind {
                StmtKind::Havoc(v) => Some(v.iter().map(|n| n.name.clone()).collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect(),
    )
}

/// A kernel that reads `T[gid]` into `x` (an index of a write to `A`);
/// `writer` is a statement of `k` or a whole declaration.
fn kernel(in_k: &str, extra: &str) -> String {
    format!(
        "
var {{:global}} A: [bv32]bv32;
var {{:global}} T: [bv32]bv32;
var {{:source_name \"priv\"}} P: [bv32]bv32;
procedure k(gid: bv32) modifies A, T, P; {{
  var x: bv32; var r: bv32; var h: bv32;
  entry:
    x := T[gid];
    {in_k}
    A[x] := gid;
    return;
}}
{extra}"
    )
}

#[test]
fn a_never_written_read_is_cut() {
    // The control: nothing writes T, its read goes.
    assert_eq!(havocked(&kernel("", "")), Some(vec!["x".to_string()]));
}

#[test]
fn an_atomic_write_keeps_the_read() {
    let text = kernel(
        "{:atomic \"add\"} r, T[0bv32] := T[0bv32], T[0bv32] + 1bv32;",
        "",
    );
    let cut = havocked(&text).unwrap_or_default();
    assert!(!cut.contains(&"x".to_string()), "{cut:?}");
}

#[test]
fn an_async_copy_element_keeps_the_read() {
    let text = kernel(
        "call async_copy_event(1bv32); {:async_copy} T[gid] := A[gid];",
        "",
    );
    let cut = havocked(&text).unwrap_or_default();
    assert!(!cut.contains(&"x".to_string()), "{cut:?}");
}

#[test]
fn a_write_in_another_procedure_keeps_the_read() {
    // Another kernel of the file writes T: T is not read-only.
    let text = kernel(
        "",
        "procedure {:kernel} other(gid: bv32) modifies T; { entry: T[gid] := 0bv32; return; }",
    );
    let cut = havocked(&text).unwrap_or_default();
    assert!(!cut.contains(&"x".to_string()), "{cut:?}");
}

#[test]
fn a_private_copy_of_an_index_table_is_cut_to_any_value() {
    // The index reaches the write through a per-thread array: the cut
    // havocs the private read (any index: more executions), and keeps the
    // write to A (a race-checked access).
    let text = kernel("P[0bv32] := x; h := P[0bv32];", "").replace("A[x] := gid;", "A[h] := gid;");
    let p = slice_with(&parse(&text), "k", CUT).expect("cut");
    let printed = ivl::print(&p);
    assert!(printed.contains("havoc h"), "{printed}");
    assert!(printed.contains("A[h] := gid"), "{printed}");
}
