//! `--no-inline`: device functions kept as two-thread procedures. The
//! product type-checks, round-trips, and reads like the paper (snapshots
//! of the device functions; refresh with `UPDATE_EXPECT=1`).

use expect_test::{expect, Expect};
use transform::{two_thread, TransformConfig, TransformError};

fn parse(text: &str) -> ivl::Program {
    let file = ivl::SourceFile::new("k.ivl", text);
    let p = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

fn config() -> TransformConfig {
    TransformConfig {
        local_size: [Some(8), Some(1), Some(1)],
        num_groups: [Some(1), Some(1), Some(1)],
        only_intra_group: true,
        no_inline: true,
        ..TransformConfig::default()
    }
}

/// The printed product from the first device function on (the kernel's
/// product is covered by `product.rs`).
fn device_functions(text: &str) -> String {
    let two = two_thread(&parse(text), "k", &config()).expect("transforms");
    let printed = ivl::print(&two.program);
    let diags = ivl::check(&two.program);
    assert!(diags.is_empty(), "{diags:?}\n{printed}");
    let reparsed = ivl::parse(&ivl::SourceFile::new("p.ivl", printed.clone())).unwrap();
    assert_eq!(reparsed, two.program);
    assert_eq!(two.procedures[0], "k");
    let start = printed
        .match_indices("\nprocedure ")
        .nth(1)
        .map(|(i, _)| i + 1)
        .expect("a device function");
    // Leave out the launch preconditions (the same for every procedure).
    printed[start..]
        .lines()
        .filter(|l| !l.contains("{:launch}"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn check(text: &str, expected: Expect) {
    expected.assert_eq(&device_functions(text));
}

const STORE: &str = "
var {:group_shared} {:base_id 1} A: [bv32]bv32;
procedure store(i: bv32, v: bv32)
  requires !__write(1bv32);
  ensures __write(1bv32) ==> __write_offset_bytes(1bv32) == i * 4bv32;
  modifies A;
{
  A[i] := v;
}
";

#[test]
fn called_in_uniform_code_with_uniform_value() {
    check(
        &format!(
            "{STORE}
procedure {{:kernel}} k()
  modifies A;
{{
  call store(local_id_x, 7bv32);
}}"
        ),
        expect![[r#"
            procedure {:two_thread} store(i$1: bv32, i$2: bv32, v: bv32)
              requires !WRITE_HAS_OCCURRED_A;
              modifies WRITE_HAS_OCCURRED_A, WRITE_SITE_A, WRITE_VALUE_A;
              ensures WRITE_HAS_OCCURRED_A ==> WATCHED_A * 4bv32 == i$1 * 4bv32;
            {
              var benign$choice: bool;

              $entry$2:
                goto entry;
              entry:
                havoc benign$choice;
                WRITE_VALUE_A := if i$1 == WATCHED_A && (!WRITE_HAS_OCCURRED_A || benign$choice) then v else WRITE_VALUE_A;
                WRITE_HAS_OCCURRED_A, WRITE_SITE_A := WRITE_HAS_OCCURRED_A || i$1 == WATCHED_A, if i$1 == WATCHED_A then 1bv32 else WRITE_SITE_A;
                assert {:race "write-write"} {:array "A"} {:site 1bv32} {:logged_site "WRITE_SITE_A"} {:capture WRITE_SITE_A, WATCHED_A} !(i$2 == WATCHED_A && WRITE_HAS_OCCURRED_A && WRITE_VALUE_A != v);
                return;
            }
        "#]],
    );
}

#[test]
fn called_in_divergent_code_is_predicated() {
    check(
        &format!(
            "{STORE}
procedure {{:kernel}} k()
  modifies A;
{{
  if (bvult(local_id_x, 4bv32)) {{
    call store(local_id_x, local_id_x);
  }}
}}"
        ),
        expect![[r#"
            procedure {:two_thread} store(_P$1: bool, _P$2: bool, i$1: bv32, i$2: bv32, v$1: bv32, v$2: bv32)
              requires !WRITE_HAS_OCCURRED_A;
              modifies WRITE_HAS_OCCURRED_A, WRITE_SITE_A, WRITE_VALUE_A;
              ensures WRITE_HAS_OCCURRED_A ==> WATCHED_A * 4bv32 == i$1 * 4bv32;
            {
              var p.entry$1: bool;
              var p.entry$2: bool;
              var benign$choice: bool;

              $entry$2:
                p.entry$1, p.entry$2 := _P$1, _P$2;
                goto entry$pred;
              entry$pred:
                havoc benign$choice;
                WRITE_VALUE_A := if p.entry$1 && i$1 == WATCHED_A && (!WRITE_HAS_OCCURRED_A || benign$choice) then v$1 else WRITE_VALUE_A;
                WRITE_HAS_OCCURRED_A, WRITE_SITE_A := WRITE_HAS_OCCURRED_A || p.entry$1 && i$1 == WATCHED_A, if p.entry$1 && i$1 == WATCHED_A then 1bv32 else WRITE_SITE_A;
                assert {:race "write-write"} {:array "A"} {:site 1bv32} {:logged_site "WRITE_SITE_A"} {:capture WRITE_SITE_A, WATCHED_A} !(p.entry$2 && i$2 == WATCHED_A && WRITE_HAS_OCCURRED_A && WRITE_VALUE_A != v$2);
                p.entry$1, p.entry$2 := false, false;
                return;
            }
        "#]],
    );
}

#[test]
fn synchronising_helper_called_in_divergent_code_requires_uniform_predicates() {
    check(
        "
procedure sync()
{
  call barrier(true, false);
}
procedure {:kernel} k()
{
  if (bvult(local_id_x, 4bv32)) {
    call sync();
  }
}",
        expect![[r#"
            procedure {:two_thread} sync(_P$1: bool, _P$2: bool)
              requires {:barrier_divergence} _P$1 == _P$2;
            {
              var p.entry$1: bool;
              var p.entry$2: bool;

              $entry$2:
                p.entry$1, p.entry$2 := _P$1, _P$2;
                goto entry$pred;
              entry$pred:
                assert {:barrier_divergence} p.entry$1 == p.entry$2;
                p.entry$1, p.entry$2 := false, false;
                return;
            }
        "#]],
    );
}

#[test]
fn recursion_is_refused() {
    let p = parse(
        "
procedure f(x: bv32)
{
  if (bvult(x, 4bv32)) {
    call f(x + 1bv32);
  }
}
procedure {:kernel} k()
{
  call f(local_id_x);
}",
    );
    let err = two_thread(&p, "k", &config()).unwrap_err();
    assert!(
        matches!(&err, TransformError::Unsupported { message, .. } if message.contains("f -> f")),
        "{err}"
    );
}
