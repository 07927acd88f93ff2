//! The two-thread product of small kernels: it type-checks, round-trips
//! through the printer, and reads like the paper's Figure 9 (snapshots;
//! refresh with `UPDATE_EXPECT=1`).

use expect_test::{expect, Expect};
use transform::{two_thread, AbstractionChoice, TransformConfig, TransformError};

fn parse(text: &str) -> ivl::Program {
    let file = ivl::SourceFile::new("k.ivl", text);
    let p = ivl::parse(&file).expect("parses");
    assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
    p
}

fn product(text: &str, kernel: &str, config: &TransformConfig) -> String {
    let two = two_thread(&parse(text), kernel, config).expect("transforms");
    let printed = ivl::print(&two.program);
    let diags = ivl::check(&two.program);
    assert!(diags.is_empty(), "{diags:?}\n{printed}");
    let reparsed = ivl::parse(&ivl::SourceFile::new("p.ivl", printed.clone())).unwrap();
    assert_eq!(reparsed, two.program);
    printed
}

fn check(text: &str, config: &TransformConfig, expected: Expect) {
    expected.assert_eq(&product(text, "k", config));
}

fn intra(local: u64) -> TransformConfig {
    TransformConfig {
        local_size: [Some(local), Some(1), Some(1)],
        num_groups: [Some(1), Some(1), Some(1)],
        only_intra_group: true,
        ..TransformConfig::default()
    }
}

#[test]
fn divergent_branch_is_predicated() {
    check(
        "var {:group_shared} A: [bv32]bv32;
         procedure {:kernel} k() modifies A; {
           var x: bv32;
           if (bvult(local_id_x, 2bv32)) { x := A[local_id_x + 1bv32]; } else { x := 0bv32; }
           A[local_id_x] := x;
         }",
        &intra(4),
        expect![[r#"
            const local_id_x$1: bv32;
            const local_id_x$2: bv32;
            const local_id_y$1: bv32;
            const local_id_y$2: bv32;
            const local_id_z$1: bv32;
            const local_id_z$2: bv32;
            const group_id_x: bv32;
            const group_id_y: bv32;
            const group_id_z: bv32;
            const local_size_x: bv32;
            const local_size_y: bv32;
            const local_size_z: bv32;
            const num_groups_x: bv32;
            const num_groups_y: bv32;
            const num_groups_z: bv32;
            const global_offset_x: bv32;
            const global_offset_y: bv32;
            const global_offset_z: bv32;
            const WATCHED_A: bv32;
            var READ_HAS_OCCURRED_A: bool;
            var WRITE_HAS_OCCURRED_A: bool;
            var READ_SITE_A: bv32;
            var WRITE_SITE_A: bv32;
            var WRITE_VALUE_A: bv32;

            procedure {:two_thread} k()
              modifies READ_HAS_OCCURRED_A, WRITE_HAS_OCCURRED_A, READ_SITE_A, WRITE_SITE_A, WRITE_VALUE_A;
            {
              var x$1: bv32;
              var x$2: bv32;
              var p.if0_else$1: bool;
              var p.if0_else$2: bool;
              var p.if0_then$1: bool;
              var p.if0_then$2: bool;
              var benign$choice: bool;
              var havoc1$1: bv32;
              var havoc2$2: bv32;

              $entry:
                assume bvult(local_id_x$1, local_size_x);
                assume bvult(group_id_x, num_groups_x);
                assume bvult(local_id_x$2, local_size_x);
                assume local_size_x == 4bv32;
                assume num_groups_x == 1bv32;
                assume bvule(zext(num_groups_x, 64) * zext(local_size_x, 64) + zext(global_offset_x, 64), 4294967295bv64);
                assume bvult(local_id_y$1, local_size_y);
                assume bvult(group_id_y, num_groups_y);
                assume bvult(local_id_y$2, local_size_y);
                assume local_size_y == 1bv32;
                assume num_groups_y == 1bv32;
                assume bvule(zext(num_groups_y, 64) * zext(local_size_y, 64) + zext(global_offset_y, 64), 4294967295bv64);
                assume bvult(local_id_z$1, local_size_z);
                assume bvult(group_id_z, num_groups_z);
                assume bvult(local_id_z$2, local_size_z);
                assume local_size_z == 1bv32;
                assume num_groups_z == 1bv32;
                assume bvule(zext(num_groups_z, 64) * zext(local_size_z, 64) + zext(global_offset_z, 64), 4294967295bv64);
                assume local_id_x$1 != local_id_x$2 || local_id_y$1 != local_id_y$2 || local_id_z$1 != local_id_z$2;
                READ_HAS_OCCURRED_A, WRITE_HAS_OCCURRED_A := false, false;
                goto entry;
              entry:
                p.if0_else$1, p.if0_then$1, p.if0_else$2, p.if0_then$2 := false, false, false, false;
                p.if0_then$1, p.if0_else$1, p.if0_then$2, p.if0_else$2 := p.if0_then$1 || bvult(local_id_x$1, 2bv32), p.if0_else$1 || !bvult(local_id_x$1, 2bv32), p.if0_then$2 || bvult(local_id_x$2, 2bv32), p.if0_else$2 || !bvult(local_id_x$2, 2bv32);
                goto if0_else$pred;
              if0_join:
                havoc benign$choice;
                WRITE_VALUE_A := if local_id_x$1 == WATCHED_A && (!WRITE_HAS_OCCURRED_A || benign$choice) then x$1 else WRITE_VALUE_A;
                WRITE_HAS_OCCURRED_A, WRITE_SITE_A := WRITE_HAS_OCCURRED_A || local_id_x$1 == WATCHED_A, if local_id_x$1 == WATCHED_A then 1bv32 else WRITE_SITE_A;
                assert {:race "read-write"} {:array "A"} {:site 1bv32} {:logged_site "READ_SITE_A"} {:capture READ_SITE_A, WATCHED_A} !(local_id_x$2 == WATCHED_A && READ_HAS_OCCURRED_A);
                assert {:race "write-write"} {:array "A"} {:site 1bv32} {:logged_site "WRITE_SITE_A"} {:capture WRITE_SITE_A, WATCHED_A} !(local_id_x$2 == WATCHED_A && WRITE_HAS_OCCURRED_A && WRITE_VALUE_A != x$2);
                return;
              if0_else$pred:
                x$1, x$2 := if p.if0_else$1 then 0bv32 else x$1, if p.if0_else$2 then 0bv32 else x$2;
                p.if0_else$1, p.if0_else$2 := false, false;
                READ_HAS_OCCURRED_A, READ_SITE_A := READ_HAS_OCCURRED_A || p.if0_then$1 && local_id_x$1 + 1bv32 == WATCHED_A, if p.if0_then$1 && local_id_x$1 + 1bv32 == WATCHED_A then 2bv32 else READ_SITE_A;
                assert {:race "write-read"} {:array "A"} {:site 2bv32} {:logged_site "WRITE_SITE_A"} {:capture WRITE_SITE_A, WATCHED_A} !(p.if0_then$2 && local_id_x$2 + 1bv32 == WATCHED_A && WRITE_HAS_OCCURRED_A);
                havoc havoc1$1, havoc2$2;
                x$1, x$2 := if p.if0_then$1 then havoc1$1 else x$1, if p.if0_then$2 then havoc2$2 else x$2;
                p.if0_then$1, p.if0_then$2 := false, false;
                goto if0_join;
            }
        "#]],
    );
}

#[test]
fn uniform_loop_stays_a_loop() {
    let text = product(
        "var {:group_shared} A: [bv32]bv32;
         procedure {:kernel} k(n: bv32) modifies A; {
           var i: bv32;
           i := 0bv32;
           while (bvult(i, n)) { A[local_id_x] := i; call barrier(true, false); i := i + 1bv32; }
         }",
        "k",
        &intra(8),
    );
    assert!(text.contains("i := i + 1bv32"), "{text}");
    assert!(
        !text.contains("p."),
        "no predicates in uniform code:\n{text}"
    );
}

#[test]
fn equality_with_atomics_is_an_error() {
    let p = parse(
        "var {:global} C: [bv32]bv32;
         procedure {:kernel} k() modifies C; {
           var r: bv32;
           {:atomic \"add\"} r, C[0bv32] := C[0bv32], C[0bv32] + 1bv32;
         }",
    );
    let config = TransformConfig {
        abstraction: AbstractionChoice::Equality,
        ..TransformConfig::default()
    };
    assert!(matches!(
        two_thread(&p, "k", &config),
        Err(TransformError::EqualityWithAtomics { .. })
    ));
    assert!(two_thread(&p, "k", &TransformConfig::default()).is_ok());
}

#[test]
fn irreducible_kernels_are_rejected() {
    let p = parse(
        "procedure {:kernel} k() {
           entry: goto a, b;
           a: goto b;
           b: goto a;
         }",
    );
    assert!(matches!(
        two_thread(&p, "k", &TransformConfig::default()),
        Err(TransformError::Irreducible { .. })
    ));
}

#[test]
fn barrier_clears_group_shared_flags_for_threads_of_different_groups_too() {
    let config = TransformConfig {
        local_size: [Some(8), Some(1), Some(1)],
        num_groups: [Some(2), Some(1), Some(1)],
        ..TransformConfig::default()
    };
    let text = product(
        "var {:group_shared} s: [bv32]bv32;
         var {:global} g: [bv32]bv32;
         procedure {:kernel} k() modifies s, g; {
           s[local_id_x] := 1bv32;
           g[local_id_x] := 1bv32;
           call barrier(true, true);
         }",
        "k",
        &config,
    );
    let barrier = text
        .lines()
        .find(|l| l.contains("{:barrier}"))
        .expect("the barrier's flag update");
    // Global flags survive for threads of different groups; the flags of
    // group-shared `s` are dead then, and cleared.
    assert!(
        barrier.contains("WRITE_HAS_OCCURRED_g && !(group_id_x$1 == group_id_x$2"),
        "{barrier}"
    );
    assert!(barrier.ends_with("), false;"), "{barrier}");
}
