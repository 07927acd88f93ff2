//! Parser tests: error messages, recovery (one diagnostic per broken
//! declaration or statement), nesting limits, never panicking, and size.

use super::tests::{check_errors, parse_ok, parse_text};
use super::{parse, MAX_NESTING};
use crate::span::SourceFile;
use expect_test::expect;
use proptest::prelude::*;

// ------------------------------------------------------------------ errors

#[test]
fn unexpected_token_lists_what_was_expected() {
    check_errors(
        "procedure P() { x := 1 }",
        expect![[r#"
            t.ivl:1:24: error: unexpected token `}`, expected one of: `,`, `;` [ivl::syntax]
        "#]],
    );
    check_errors(
        "var x int;",
        expect![[r#"
            t.ivl:1:7: error: unexpected token `int`, expected one of: `,`, `:` [ivl::syntax]
        "#]],
    );
    check_errors(
        "axiom x + ;",
        expect![[r#"
            t.ivl:1:11: error: unexpected token `;`, expected expression [ivl::syntax]
        "#]],
    );
    check_errors(
        "procedure P() { var x: int; 5 := x; }",
        expect![[r#"
            t.ivl:1:29: error: unexpected number `5`, expected one of: `var`, `}`, statement [ivl::syntax]
        "#]],
    );
    check_errors(
        "var x: foo;",
        expect![[r#"
            t.ivl:1:8: error: unexpected identifier `foo`, expected type [ivl::syntax]
        "#]],
    );
    check_errors(
        "x := 1;",
        expect![[r#"
            t.ivl:1:1: error: unexpected identifier `x`, expected declaration [ivl::syntax]
        "#]],
    );
}

#[test]
fn unexpected_end_of_file_is_reported_at_the_end() {
    check_errors(
        "procedure P() {\n  x := 1;\n",
        expect![[r#"
            t.ivl:3:1: error: unexpected end of file, expected one of: `}`, statement [ivl::syntax]
        "#]],
    );
    check_errors(
        "axiom (forall x: int ::",
        expect![[r#"
            t.ivl:1:24: error: unexpected end of file, expected expression [ivl::syntax]
        "#]],
    );
}

#[test]
fn recovery_reports_one_error_per_broken_declaration() {
    check_errors(
        "var x int;
const c: ;
function f(x: int): int { x + }
axiom true;
procedure P( { }
var ok: int;
",
        expect![[r#"
            t.ivl:1:7: error: unexpected token `int`, expected one of: `,`, `:` [ivl::syntax]
            t.ivl:2:10: error: unexpected token `;`, expected type [ivl::syntax]
            t.ivl:3:31: error: unexpected token `}`, expected expression [ivl::syntax]
            t.ivl:5:14: error: unexpected token `{`, expected one of: identifier, `)` [ivl::syntax]
        "#]],
    );
}

#[test]
fn a_broken_procedure_header_skips_to_its_specs_or_body() {
    check_errors(
        "procedure P(x: ) requires x > 0; modifies G; { var t: int; t := 1; }
procedure Q(x: int returns (r: int);
procedure R(: int) { var t: int; while (*) { t := 1; } }
procedure S() { }
",
        expect![[r#"
            t.ivl:1:16: error: unexpected token `)`, expected type [ivl::syntax]
            t.ivl:2:20: error: unexpected token `returns`, expected one of: `)`, `,` [ivl::syntax]
            t.ivl:3:13: error: unexpected token `:`, expected one of: identifier, `)` [ivl::syntax]
        "#]],
    );
}

#[test]
fn a_broken_loop_or_if_header_skips_to_the_body() {
    check_errors(
        "procedure P() {
  var x: int;
  while (x <) invariant x > 0; { x := 1; }
  if (x ==) { x := 2; } else { x := 3; }
  x := 4;
  while (*) invariant x <; { x := 5; }
  x := ;
}
",
        expect![[r#"
            t.ivl:3:13: error: unexpected token `)`, expected expression [ivl::syntax]
            t.ivl:4:11: error: unexpected token `)`, expected expression [ivl::syntax]
            t.ivl:6:26: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:7:8: error: unexpected token `;`, expected expression [ivl::syntax]
        "#]],
    );
}

#[test]
fn recovery_reports_one_error_per_broken_statement() {
    check_errors(
        "procedure P() {
  var x: int;
  var y int;
  x := ;
  assert x <;
  if (x > 0) { havoc ; } else { x := 1 + ; }
  while (x) invariant x >; { x := 2; }
  call := P();
  x := 1
}
procedure Q() requires x >; ensures ; { assume x == ; }
",
        expect![[r#"
            t.ivl:3:9: error: unexpected token `int`, expected one of: `,`, `:` [ivl::syntax]
            t.ivl:4:8: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:5:13: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:6:22: error: unexpected token `;`, expected one of: identifier, attribute [ivl::syntax]
            t.ivl:6:42: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:7:26: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:8:8: error: unexpected token `:=`, expected one of: identifier, attribute [ivl::syntax]
            t.ivl:10:1: error: unexpected token `}`, expected one of: `,`, `;` [ivl::syntax]
            t.ivl:11:27: error: unexpected token `;`, expected expression [ivl::syntax]
            t.ivl:11:37: error: unexpected token `;`, expected one of: attribute, expression [ivl::syntax]
            t.ivl:11:53: error: unexpected token `;`, expected expression [ivl::syntax]
        "#]],
    );
}

#[test]
fn lexical_errors_are_reported_once_and_parsing_goes_on() {
    check_errors(
        "var x: int;\naxiom x ` 1;\nvar y: int\naxiom \"s\";\n/* open",
        expect![[r#"
            t.ivl:2:9: error: invalid character '`' [ivl::lex]
            t.ivl:4:1: error: unexpected token `axiom`, expected one of: `,`, `;` [ivl::syntax]
            t.ivl:4:7: error: unexpected string literal, expected one of: attribute, expression [ivl::syntax]
            t.ivl:5:1: error: unterminated block comment [ivl::lex]
        "#]],
    );
}

#[test]
fn every_diagnostic_has_a_label_and_a_stable_code() {
    let file = SourceFile::new("t.ivl", "var x int; axiom 1bv0; procedure P() { break; } @");
    let diagnostics = parse(&file).err().unwrap_or_default();
    assert_eq!(diagnostics.len(), 4, "{diagnostics:#?}");
    for d in &diagnostics {
        assert!(!d.label.is_empty(), "{d:?}");
        assert!(d.code == "ivl::syntax" || d.code == "ivl::lex", "{d:?}");
    }
}

// -------------------------------------------------------------- robustness

#[test]
fn nesting_beyond_the_limit_is_an_error_not_a_crash() {
    let deep = MAX_NESTING as usize * 4;
    let cases = [
        format!("axiom {}x;", "!".repeat(deep)),
        format!("axiom {}x;", "-".repeat(deep)),
        format!("axiom x{};", " + x".repeat(deep)),
        format!("axiom {}x{};", "f(".repeat(deep), ")".repeat(deep)),
        format!("axiom {}x{};", "(".repeat(deep), ")".repeat(deep)),
        format!("var m: {}int;", "[int]".repeat(deep)),
        format!(
            "procedure P() {{ {} }}",
            "if (*) { } else ".repeat(deep) + "{ }"
        ),
        format!("axiom x{};", " ==> x".repeat(deep)),
        format!("axiom {}x;", "if c then x else ".repeat(deep)),
    ];
    for text in cases {
        let errors = parse_text(&text).err().unwrap_or_default();
        assert_eq!(errors.len(), 1, "{}: {errors:?}", &text[..40]);
        assert!(errors[0].contains("deeper than 500 levels"), "{errors:?}");
    }
    // Just within the limit is fine.
    let ok = MAX_NESTING as usize - 2;
    parse_ok(&format!("axiom {}x;", "!".repeat(ok)));
    parse_ok(&format!(
        "procedure P() {{ {}{} }}",
        "while (*) { ".repeat(ok),
        "}".repeat(ok)
    ));
}

const SAMPLE: &str = r#"
const {:a} N: bv32;
var {:group_shared} A: [bv32]bv32;
function f(x: bv32, bv32): bool;
function g(x: int): int { x + 1 }
axiom (forall i: int :: g(i) > i);
procedure {:kernel} P(x: bv32) returns (r: bv32)
  requires bvult(x, N);
  modifies A;
  ensures r == old(A)[x] ++ 0bv0;
{
  var t: bv32, u: bool;
  {:source "k.cl", 1, 2} t := x;
  while (bvult(t, N)) invariant bvule(t, N); {
    if (f(t, x)) { break; } else if (*) { A[t] := t; } else { havoc u; }
    t := t + 1bv32;
  }
  L: call {:atomic} r := P(t[16:0] ++ 0bv16);
  goto L, M;
  M: assume !u; assert {:id 1} "s" == x; return;
}
procedure Q(x: int);
"#;

#[test]
fn sample_parses_apart_from_its_deliberate_errors() {
    let errors = parse_text(SAMPLE).err().unwrap_or_default();
    // `0bv0` and a string outside an attribute.
    assert_eq!(errors.len(), 2, "{errors:?}");
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse(&SourceFile::new("fuzz.ivl", text.as_ref()));
    }

    #[test]
    fn token_soup_never_panics(words in proptest::collection::vec(
        prop::sample::select(vec![
            "procedure", "P", "(", ")", "{", "}", "{:", "var", "x", ":", "int", "bv8", ";",
            ":=", "1", "2bv8", "if", "then", "else", "while", "*", "invariant", "break",
            "goto", "L", ",", "[", "]", "+", "<", "==>", "forall", "::", "old", "zext",
            "bvslt", "\"s\"", "call", "returns", "requires", "ensures", "modifies",
            "axiom", "function", "const", "@", "/*",
        ]),
        0..80,
    )) {
        let _ = parse(&SourceFile::new("fuzz.ivl", words.join(" ")));
    }

    #[test]
    fn truncated_and_mutated_programs_never_panic(
        cut in 0..SAMPLE.len(),
        at in 0..SAMPLE.len(),
        byte in any::<u8>(),
    ) {
        let truncated: String = SAMPLE.chars().take(cut).collect();
        let _ = parse(&SourceFile::new("fuzz.ivl", truncated));
        let mut bytes = SAMPLE.as_bytes().to_vec();
        bytes[at] = byte;
        let mutated = String::from_utf8_lossy(&bytes).into_owned();
        let _ = parse(&SourceFile::new("fuzz.ivl", mutated));
        let mut deleted = SAMPLE.as_bytes().to_vec();
        deleted.remove(at);
        let _ = parse(&SourceFile::new("fuzz.ivl", String::from_utf8_lossy(&deleted).into_owned()));
    }
}

/// Parses a generated 10 000-line program (release builds take a few
/// milliseconds; there is deliberately no timing assertion).
#[test]
fn ten_thousand_line_program() {
    let mut text = String::from("var {:global} A: [bv32]bv32;\n");
    let procedures = 100;
    for p in 0..procedures {
        text.push_str(&format!(
            "procedure {{:kernel}} p{p}(x: bv32) returns (r: bv32)\n  requires bvult(x, 1000bv32);\n  modifies A;\n{{\n  var i: bv32;\n"
        ));
        for s in 0..19 {
            text.push_str(&format!(
                "  i := x + {s}bv32;\n  A[i] := A[i] ++ 0bv0 | (if bvslt(i, x) then i else x);\n"
            ));
            text.push_str("  while (bvult(i, x)) invariant bvule(i, x); { if (*) { break; } i := i + 1bv32; }\n");
            text.push_str(&format!(
                "  L{s}: assert {{:id {s}}} (forall k: bv32 :: A[k] == old(A)[k]);\n  goto L{s};\n"
            ));
        }
        text.push_str("}\n");
    }
    let text = text.replace(" ++ 0bv0", "");
    assert!(text.lines().count() >= 10_000, "{}", text.lines().count());
    let program = parse_ok(&text);
    assert_eq!(program.procedures().count(), procedures);
}
