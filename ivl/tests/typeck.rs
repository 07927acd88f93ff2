//! File tests of the type checker.
//!
//! - `tests/errors/*.ivl`: each file states every diagnostic it must
//!   produce in comment lines `// error LINE:COL: MESSAGE` (1-based
//!   position of the start of the diagnostic's span, exact message). The
//!   checker must report exactly those, in that order.
//! - `tests/valid/*.ivl` and `examples/ivl/*.ivl`: well-typed programs that
//!   must produce no diagnostic.
//!
//! `UPDATE_EXPECT=1 cargo test -p ivl --test typeck` rewrites the `// error` lines
//! of the error files from the checker's output (review the diff!).
//!
//! A property test runs the checker on generated (mostly ill-typed)
//! programs: it never panics and its output is deterministic.

mod common {
    pub mod ast_gen;
}

use common::ast_gen;
use ivl::ast::{Block, Body, Decl, Expr, Ident, Procedure, Stmt, StmtKind, Transfer, TransferKind};
use ivl::typeck::Scope;
use ivl::{Diagnostic, SourceFile, Span};
use proptest::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const ERROR_PREFIX: &str = "// error ";

fn ivl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ivl"))
        .collect();
    files.sort();
    files
}

/// Parses and checks one file; `Err` carries rendered syntax errors.
fn check_file(path: &Path) -> Result<(SourceFile, Vec<Diagnostic>), String> {
    let text = std::fs::read_to_string(path).expect("readable test file");
    let name = path
        .file_name()
        .expect("file name")
        .to_string_lossy()
        .into_owned();
    let file = SourceFile::new(name, text);
    match ivl::parse(&file) {
        Ok(program) => {
            let diags = ivl::check(&program);
            Ok((file, diags))
        }
        Err(errors) => Err(errors
            .iter()
            .map(|d| format!("  syntax: {}", d.render_plain(&file)))
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

/// `LINE:COL: MESSAGE` of a diagnostic.
fn render(file: &SourceFile, diag: &Diagnostic) -> String {
    let (line, col) = file.line_col(diag.span.start);
    format!("{line}:{col}: {}", diag.message)
}

/// Every diagnostic has a stable code and a label for the underline.
fn shape_problems(file: &SourceFile, diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| !d.code.starts_with("ivl::") || d.label.is_empty() || d.span.is_dummy())
        .map(|d| {
            format!(
                "  malformed diagnostic (code, label or span): {} {d:?}",
                render(file, d)
            )
        })
        .collect()
}

fn expected_errors(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix(ERROR_PREFIX))
        .map(str::to_owned)
        .collect()
}

/// Replaces the `// error` lines with `actual`, placed after the leading
/// comment lines.
fn bless(path: &Path, text: &str, actual: &[String]) {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with(ERROR_PREFIX))
        .collect();
    let header_end = lines
        .iter()
        .position(|l| !l.starts_with("//"))
        .unwrap_or(lines.len());
    let mut out = String::new();
    for line in &lines[..header_end] {
        writeln!(out, "{line}").unwrap();
    }
    for error in actual {
        writeln!(out, "{ERROR_PREFIX}{error}").unwrap();
    }
    for line in &lines[header_end..] {
        writeln!(out, "{line}").unwrap();
    }
    std::fs::write(path, out).expect("writable test file");
}

/// Rewrites the expectations until they describe the file they are in
/// (changing the number of `// error` lines moves the code below them).
fn bless_until_stable(path: &Path) {
    for _ in 0..3 {
        let text = std::fs::read_to_string(path).expect("readable test file");
        let Ok((file, diags)) = check_file(path) else {
            return;
        };
        let actual: Vec<String> = diags.iter().map(|d| render(&file, d)).collect();
        if actual == expected_errors(&text) {
            return;
        }
        bless(path, &text, &actual);
    }
}

fn diff(expected: &[String], actual: &[String]) -> String {
    let mut out = String::new();
    for line in expected.iter().filter(|l| !actual.contains(l)) {
        writeln!(out, "  - missing:    {line}").unwrap();
    }
    for line in actual.iter().filter(|l| !expected.contains(l)) {
        writeln!(out, "  + unexpected: {line}").unwrap();
    }
    if out.is_empty() {
        out.push_str("  same diagnostics, different order:\n");
        for line in actual {
            writeln!(out, "    {line}").unwrap();
        }
    }
    out
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn error_files_report_exactly_their_expected_diagnostics() {
    let blessing = std::env::var_os("UPDATE_EXPECT").is_some();
    let files = ivl_files(&manifest_dir().join("tests/errors"));
    assert!(
        files.len() >= 30,
        "expected at least 30 error files, found {}",
        files.len()
    );
    let mut failures = String::new();
    for path in &files {
        if blessing {
            bless_until_stable(path);
        }
        let text = std::fs::read_to_string(path).expect("readable test file");
        let expected = expected_errors(&text);
        let (file, diags) = match check_file(path) {
            Ok(result) => result,
            Err(syntax) => {
                writeln!(failures, "{}: does not parse\n{syntax}", path.display()).unwrap();
                continue;
            }
        };
        let actual: Vec<String> = diags.iter().map(|d| render(&file, d)).collect();
        for problem in shape_problems(&file, &diags) {
            writeln!(failures, "{}:\n{problem}", path.display()).unwrap();
        }
        if expected.is_empty() {
            writeln!(failures, "{}: states no `// error` line", path.display()).unwrap();
        }
        if actual != expected {
            writeln!(
                failures,
                "{}:\n{}",
                path.display(),
                diff(&expected, &actual)
            )
            .unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "type-checker file tests failed:\n{failures}"
    );
}

#[test]
fn valid_files_and_examples_have_no_diagnostics() {
    let mut files = ivl_files(&manifest_dir().join("tests/valid"));
    files.extend(ivl_files(&manifest_dir().join("../examples/ivl")));
    let mut failures = String::new();
    for path in &files {
        match check_file(path) {
            Ok((file, diags)) => {
                for diag in &diags {
                    writeln!(failures, "{}: {}", path.display(), render(&file, diag)).unwrap();
                }
            }
            Err(syntax) => {
                writeln!(failures, "{}: does not parse\n{syntax}", path.display()).unwrap()
            }
        }
    }
    assert!(
        failures.is_empty(),
        "well-typed files have diagnostics:\n{failures}"
    );
}

proptest! {
    #[test]
    fn checker_never_panics_and_is_deterministic(program in ast_gen::program()) {
        let first = ivl::check(&program);
        prop_assert_eq!(&first, &ivl::check(&program));
        for diag in &first {
            prop_assert!(diag.code.starts_with("ivl::") && !diag.label.is_empty(), "{:?}", diag);
        }
        // The query API must not panic on ill-typed input either.
        for decl in &program.decls {
            match decl {
                Decl::Procedure(procedure) => {
                    let scope = Scope::procedure(&program, procedure);
                    for spec in procedure.requires.iter().chain(&procedure.ensures) {
                        let _ = scope.type_of(&spec.expr);
                    }
                }
                Decl::Axiom(axiom) => {
                    let _ = Scope::global(&program).type_of(&axiom.expr);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn type_of_agrees_with_the_checker(expr in prop_oneof![ast_gen::expr(), ast_gen::operator_expr()]) {
        // `type_of` and the checker share one inference: an expression has
        // a type exactly when `assert e == e;` in an empty procedure checks.
        let empty = ivl::Program::default();
        let ty = Scope::global(&empty).type_of(&expr);
        let program = assert_in_procedure(expr);
        let diags = ivl::check(&program);
        prop_assert_eq!(ty.is_some(), diags.is_empty(), "{:?}", diags);
    }
}

/// `procedure p() { assert e == e; }`
fn assert_in_procedure(expr: Expr) -> ivl::Program {
    let assert = Stmt::new(StmtKind::Assert(Expr::eq(expr.clone(), expr)));
    let block = Block {
        label: Ident::synthetic("entry"),
        attrs: Vec::new(),
        stmts: vec![assert],
        transfer: Transfer {
            kind: TransferKind::Return,
            span: Span::DUMMY,
        },
        span: Span::DUMMY,
    };
    let procedure = Procedure {
        attrs: Vec::new(),
        name: Ident::synthetic("p"),
        params: Vec::new(),
        returns: Vec::new(),
        requires: Vec::new(),
        modifies: Vec::new(),
        ensures: Vec::new(),
        body: Some(Body {
            locals: Vec::new(),
            blocks: vec![block],
        }),
        span: Span::DUMMY,
    };
    ivl::Program {
        decls: vec![Decl::Procedure(procedure)],
    }
}
