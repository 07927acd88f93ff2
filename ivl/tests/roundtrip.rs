//! The printer and the parser are inverses: `parse(print(p)) == p`, and
//! printing is idempotent, for generated trees of every shape, for every
//! `.ivl` file in the repository, and for the snapshots at the end, which
//! also pin the layout so changes to it show up in review
//! (`UPDATE_EXPECT=1 cargo test -p ivl --test roundtrip` refreshes them).

mod common {
    pub mod ast_gen;
}

use common::ast_gen;
use expect_test::{expect, Expect};
use ivl::ast::{Axiom, BinaryOp, Decl, Expr, ExprKind, QuantKind, Type, TypedIdent, UnaryOp};
use ivl::{parse, print, Program, SourceFile, Span};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn parse_text(name: &str, text: &str) -> Result<Program, String> {
    let file = SourceFile::new(name, text);
    parse(&file).map_err(|errors| {
        errors
            .iter()
            .map(|e| e.render_plain(&file))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Prints, re-parses and re-prints `program`; the error shows the text.
fn round_trip(program: &Program) -> Result<(), String> {
    let text = print(program);
    let reparsed = parse_text("gen.ivl", &text).map_err(|errors| {
        format!("printed text does not parse:\n{errors}\n--- text ---\n{text}")
    })?;
    if &reparsed != program {
        // Show the first declaration that differs, not the whole tree.
        let differing = program
            .decls
            .iter()
            .zip(&reparsed.decls)
            .position(|(expected, got)| expected != got);
        let detail = match differing {
            Some(i) => format!(
                "declaration {i}\n--- expected ---\n{:#?}\n--- got ---\n{:#?}",
                program.decls[i], reparsed.decls[i]
            ),
            None => format!(
                "{} declarations instead of {}",
                reparsed.decls.len(),
                program.decls.len()
            ),
        };
        return Err(format!(
            "re-parsed tree differs in {detail}\n--- text ---\n{text}"
        ));
    }
    let reprinted = print(&reparsed);
    if reprinted != text {
        return Err(format!(
            "printing is not idempotent\n--- first ---\n{text}\n--- second ---\n{reprinted}"
        ));
    }
    Ok(())
}

proptest! {
    // The default config runs 256 cases; `PROPTEST_CASES` changes it.
    #![proptest_config(ProptestConfig::default())]

    #[test]
    fn generated_programs_round_trip(program in ast_gen::program()) {
        if let Err(message) = round_trip(&program) {
            prop_assert!(false, "{}", message);
        }
    }
}

proptest! {
    // Expressions are cheap, and operator pairs need many cases to meet.
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Operator-heavy expressions alone, in an axiom, so a precedence
    /// failure shrinks to a small counterexample.
    #[test]
    fn generated_expressions_round_trip(expr in ast_gen::operator_expr()) {
        let axiom = Axiom { attrs: vec![], expr, span: Span::DUMMY };
        let program = Program { decls: vec![Decl::Axiom(axiom)] };
        if let Err(message) = round_trip(&program) {
            prop_assert!(false, "{}", message);
        }
    }
}

/// One sample of every kind of expression, each with a distinct shape at
/// its root: every binary and unary operator, and every other node kind.
fn expression_samples() -> Vec<Expr> {
    let a = || Expr::var("a");
    let b = || Expr::var("b");
    let mut samples: Vec<Expr> = BinaryOp::ALL
        .iter()
        .map(|&op| Expr::binary(op, a(), b()))
        .collect();
    for op in [UnaryOp::Not, UnaryOp::Neg, UnaryOp::BvNot] {
        samples.push(Expr::unary(op, a()));
        samples.push(Expr::unary(op, Expr::int(7)));
    }
    samples.extend([
        Expr::ite(a(), b(), Expr::var("c")),
        Expr::select(a(), b()),
        Expr::store(a(), b(), Expr::var("c")),
        Expr::synthetic(ExprKind::Extract {
            expr: Box::new(a()),
            hi: 8,
            lo: 0,
        }),
        Expr::synthetic(ExprKind::Extend {
            signed: true,
            width: 64,
            expr: Box::new(a()),
        }),
        Expr::synthetic(ExprKind::Quantifier {
            kind: QuantKind::Exists,
            vars: vec![TypedIdent::new("x", Type::Int)],
            body: Box::new(a()),
        }),
        Expr::old(a()),
        Expr::apply("f", vec![a(), b()]),
        Expr::bv(5, 32),
        Expr::bool(true),
    ]);
    samples
}

/// Every position an expression can take inside another, as a function
/// building the parent around the child.
fn expression_contexts() -> Vec<Box<dyn Fn(Expr) -> Expr>> {
    let z = || Expr::var("z");
    let mut contexts: Vec<Box<dyn Fn(Expr) -> Expr>> = Vec::new();
    for op in BinaryOp::ALL {
        contexts.push(Box::new(move |e| Expr::binary(op, e, z())));
        contexts.push(Box::new(move |e| Expr::binary(op, z(), e)));
    }
    for op in [UnaryOp::Not, UnaryOp::Neg, UnaryOp::BvNot] {
        contexts.push(Box::new(move |e| Expr::unary(op, e)));
    }
    contexts.push(Box::new(move |e| Expr::ite(e, z(), z())));
    contexts.push(Box::new(move |e| Expr::ite(z(), e, z())));
    contexts.push(Box::new(move |e| Expr::ite(z(), z(), e)));
    contexts.push(Box::new(move |e| Expr::select(e, z())));
    contexts.push(Box::new(move |e| Expr::select(z(), e)));
    contexts.push(Box::new(move |e| Expr::store(e, z(), z())));
    contexts.push(Box::new(move |e| Expr::store(z(), e, z())));
    contexts.push(Box::new(move |e| Expr::store(z(), z(), e)));
    contexts.push(Box::new(|e| {
        Expr::synthetic(ExprKind::Extract {
            expr: Box::new(e),
            hi: 4,
            lo: 1,
        })
    }));
    contexts.push(Box::new(|e| {
        Expr::synthetic(ExprKind::Extend {
            signed: false,
            width: 16,
            expr: Box::new(e),
        })
    }));
    contexts.push(Box::new(|e| {
        Expr::synthetic(ExprKind::Quantifier {
            kind: QuantKind::Forall,
            vars: vec![TypedIdent::new("y", Type::Bv(8))],
            body: Box::new(e),
        })
    }));
    contexts.push(Box::new(Expr::old));
    contexts.push(Box::new(move |e| Expr::apply("g", vec![z(), e])));
    contexts
}

/// Exhaustive where random generation is thin: every kind of expression in
/// every position of every other, including each pair of binary operators
/// as parent and left or right child (where precedence and associativity
/// decide the parentheses).
#[test]
fn every_expression_in_every_position_round_trips() {
    let samples = expression_samples();
    let contexts = expression_contexts();
    let mut failures = Vec::new();
    for context in &contexts {
        for sample in &samples {
            let expr = context(sample.clone());
            let axiom = Axiom {
                attrs: vec![],
                expr,
                span: Span::DUMMY,
            };
            let program = Program {
                decls: vec![Decl::Axiom(axiom)],
            };
            if let Err(message) = round_trip(&program) {
                failures.push(message);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed; first:\n{}",
        failures.len(),
        contexts.len() * samples.len(),
        failures[0]
    );
}

/// `*.ivl` files under `dir`, skipping build output, `errors` directories
/// (intentional syntax errors) and hidden directories.
fn collect_ivl_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_dir() {
            if name != "target" && name != "errors" && !name.starts_with('.') {
                collect_ivl_files(&path, files);
            }
        } else if path.extension().is_some_and(|ext| ext == "ivl") {
            files.push(path);
        }
    }
}

#[test]
#[allow(clippy::print_stderr)] // the count is the test's report
fn repository_ivl_files_round_trip() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    collect_ivl_files(&root, &mut files);
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable .ivl file");
        if text
            .lines()
            .next()
            .is_some_and(|l| l.contains("// syntax-error"))
        {
            continue;
        }
        checked += 1;
        let name = path.display().to_string();
        let outcome = parse_text(&name, &text).and_then(|program| round_trip(&program));
        if let Err(message) = outcome {
            failures.push(format!("{name}: {message}"));
        }
    }
    eprintln!("round-tripped {checked} .ivl files");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Parses `input`, snapshots its printed form and checks it round-trips.
fn check(input: &str, expect: Expect) {
    let program = parse_text("snapshot.ivl", input).unwrap_or_else(|e| panic!("{e}"));
    expect.assert_eq(&print(&program));
    round_trip(&program).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn snapshot_kernel_with_attributes() {
    check(
        r#"
var {:group_shared} A: [bv32]bv32;   var {:global} B, C: [bv32]bv32;
const {:source_name "N"} N: bv32;
axiom {:tag "size"} bvugt(N, 0bv32);
function {:inline} add(x: bv32, bv32): bv32;
function twice(x: bv32): bv32 { add(x, x) }
procedure {:kernel} {:source "k.cl", 3, 1} k(n: bv32) returns (r: bv32)
  requires {:candidate} bvult(local_id_x, n);
  modifies A, B;
  ensures {:tag "post\t\"r\"\n"} r == n;
{
  var i: bv32; var {:uniform} j: bv32;
  {:loop_head} entry:
    {:source "k.cl", 5, 3} A[local_id_x] := local_id_x;
    call {:barrier_id 1} barrier(true, false);
    havoc {:reason "loop"} i, j;
    assert {:sourceloc 3} A[local_id_x] == local_id_x;
    call {:atomic} r := atomic_add(n, i);
    assume {:partition} r != 0bv32;
    goto done;
  done:
    return;
}
procedure atomic_add(x: bv32, y: bv32) returns (old_value: bv32);
  modifies B;
  ensures old_value == old(B)[x];
"#,
        expect![[r#"
            var {:group_shared} A: [bv32]bv32;
            var {:global} B: [bv32]bv32;
            var {:global} C: [bv32]bv32;
            const {:source_name "N"} N: bv32;
            axiom {:tag "size"} bvugt(N, 0bv32);
            function {:inline} add(x: bv32, bv32): bv32;

            function twice(x: bv32): bv32 { add(x, x) }

            procedure {:kernel} {:source "k.cl", 3, 1} k(n: bv32) returns (r: bv32)
              requires {:candidate} bvult(local_id_x, n);
              modifies A, B;
              ensures {:tag "post\t\"r\"\n"} r == n;
            {
              var i: bv32;
              var {:uniform} j: bv32;

              {:loop_head} entry:
                {:source "k.cl", 5, 3} A[local_id_x] := local_id_x;
                call {:barrier_id 1} barrier(true, false);
                havoc {:reason "loop"} i, j;
                assert {:sourceloc 3} A[local_id_x] == local_id_x;
                call {:atomic} r := atomic_add(n, i);
                assume {:partition} r != 0bv32;
                goto done;
              done:
                return;
            }

            procedure atomic_add(x: bv32, y: bv32) returns (old_value: bv32);
              modifies B;
              ensures old_value == old(B)[x];
        "#]],
    );
}

#[test]
fn snapshot_structured_sugar_desugars_to_blocks() {
    check(
        r#"
procedure sum(n: bv32) returns (s: bv32)
  requires bvult(n, 100bv32);
  ensures bvuge(s, 0bv32);
{
  var i: bv32;
  i := 0bv32;
  s := 0bv32;
  while (bvult(i, n))
    invariant bvule(i, n);
  {
    if (i == 5bv32) { break; }
    if (*) { s := s + i; } else if (bvugt(i, 2bv32)) { s := s + 1bv32; } else { havoc s; }
    i := i + 1bv32;
  }
}
"#,
        expect![[r#"
            procedure sum(n: bv32) returns (s: bv32)
              requires bvult(n, 100bv32);
              ensures bvuge(s, 0bv32);
            {
              var i: bv32;

              entry:
                i := 0bv32;
                s := 0bv32;
                goto while0_head;
              while0_head:
                assert bvule(i, n);
                goto while0_body, while0_exit;
              while0_body:
                assume bvult(i, n);
                goto if1_then, if1_else;
              if1_then:
                assume i == 5bv32;
                goto while0_exit;
              if1_else:
                assume !(i == 5bv32);
                goto if1_join;
              if1_join:
                goto if2_then, if2_else;
              if2_then:
                s := s + i;
                goto if2_join;
              if2_else:
                goto if3_then, if3_else;
              if3_then:
                assume bvugt(i, 2bv32);
                s := s + 1bv32;
                goto if3_join;
              if3_else:
                assume !bvugt(i, 2bv32);
                havoc s;
                goto if3_join;
              if3_join:
                goto if2_join;
              if2_join:
                i := i + 1bv32;
                goto while0_head;
              while0_exit:
                assume !bvult(i, n);
                return;
            }
        "#]],
    );
}

#[test]
fn snapshot_expression_precedence() {
    check(
        r#"
axiom ((a <==> b) <==> c) && (a <==> (b <==> c));
axiom (a ==> b) ==> (c ==> d);
axiom (a || b) && c || (d && e);
axiom (x < y) == (y < z) && !(p == q);
axiom ((m | n) ^ o) & (p << (q ++ r)) == ((s + t) - (u - v)) * (w div (y mod z));
axiom -(-x) + -5 - (-y) * ~(~z);
axiom (if c then x else y) + (if d then 1 else if e then 2 else 3);
axiom if (if a then b else c) then x else y[8:0];
axiom (m[i := v])[j][k := (forall q: int :: q >= 0)] == old((-m)[i]);
axiom (forall x: int, y: [int][bv8]bool :: (exists z: [[int]int]bool :: z == y[x]));
axiom zext((a ++ b)[16:8], 64) == sext(bvashr(c, d), 64);
axiom f() && g(x, h(y + 1)) && (!f());
"#,
        expect![[r#"
            axiom (a <==> b <==> c) && (a <==> (b <==> c));
            axiom (a ==> b) ==> c ==> d;
            axiom (a || b) && c || d && e;
            axiom (x < y) == (y < z) && !(p == q);
            axiom ((m | n) ^ o) & p << q ++ r == (s + t - (u - v)) * (w div (y mod z));
            axiom -(-x) + -5 - -y * ~~z;
            axiom (if c then x else y) + (if d then 1 else if e then 2 else 3);
            axiom if (if a then b else c) then x else y[8:0];
            axiom m[i := v][j][k := (forall q: int :: q >= 0)] == old((-m)[i]);
            axiom (forall x: int, y: [int][bv8]bool :: (exists z: [[int]int]bool :: z == y[x]));
            axiom zext((a ++ b)[16:8], 64) == sext(bvashr(c, d), 64);
            axiom f() && g(x, h(y + 1)) && !f();
        "#]],
    );
}
