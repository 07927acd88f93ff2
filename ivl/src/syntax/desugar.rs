//! Desugaring of a procedure body's surface statements into basic blocks.
//!
//! Input: the statement list the grammar produces for a body: labels, plain
//! statements, `goto`/`return`, and the structured `while`/`if`/`break`.
//! Output: the canonical block list of ivl/README.md:
//! - the first block is the entry; when the body does not start with a
//!   label, the entry gets a fresh label;
//! - a block without a transfer falls through (`goto <next label>;`), the
//!   last one returns; statements after a transfer and before a label start
//!   a fresh (unreachable) block;
//! - `while (c) invariant i; { S }`: the current block jumps to a head block
//!   `assert i; ... goto body, exit;`; the body block starts `assume c;`, then
//!   `S`, then `goto head;`; the exit block starts `assume !c;`;
//! - `if (c) { A } else { B }`: `goto then, else;`; the then block is
//!   `assume c; A; goto join;`, the else block `assume !c; B; goto join;`;
//! - a `*` guard adds no assumes; `break;` jumps to the innermost loop's exit.
//!
//! Fresh labels are deterministic (`entry`, `while0_head`, `if1_then`,
//! `anon2`, ...) and never collide with a user label of the procedure: user
//! labels are collected first and taken names are skipped.
//!
//! The walk is iterative (an explicit work stack), so deeply nested
//! structured statements cost heap, not stack.
//!
//! Reported here (code `ivl::syntax`): `break` outside a loop and duplicate
//! labels. Unknown goto targets are left to the type checker.

use crate::ast::{
    Attribute, Block, Expr, ExprKind, Ident, Stmt, StmtKind, Transfer, TransferKind, UnaryOp,
};
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use std::collections::HashSet;

/// A statement of a body as written, before desugaring.
#[derive(Clone, Debug)]
pub(crate) enum SurfaceStmt {
    /// `{:a} L:`
    Label {
        label: Ident,
        attrs: Vec<Attribute>,
        span: Span,
    },
    /// Assignment, havoc, assume, assert or call.
    Plain(Stmt),
    Goto {
        targets: Vec<Ident>,
        span: Span,
    },
    Return {
        span: Span,
    },
    Break {
        span: Span,
    },
    /// `while (guard) invariant ...; { body }`; a `None` guard is `*`.
    While {
        keyword: Span,
        guard: Option<Expr>,
        invariants: Vec<Invariant>,
        body: Vec<SurfaceStmt>,
        /// The closing brace of the body.
        close: Span,
        /// Structured nesting depth (for the parser's nesting limit).
        depth: u32,
    },
    /// `if (guard) { then } else { else }`; `else if` is an else branch
    /// holding one `If`.
    If {
        keyword: Span,
        guard: Option<Expr>,
        then_branch: Vec<SurfaceStmt>,
        then_close: Span,
        else_branch: Option<(Vec<SurfaceStmt>, Span)>,
        depth: u32,
    },
    /// A statement the parser recovered from; already reported.
    Error,
}

impl SurfaceStmt {
    /// How many structured statements nest here (0 for simple ones).
    pub(crate) fn depth(&self) -> u32 {
        match self {
            SurfaceStmt::While { depth, .. } | SurfaceStmt::If { depth, .. } => *depth,
            _ => 0,
        }
    }
}

/// `invariant {:a} e;`: becomes `assert {:a} e;` at the loop head.
#[derive(Clone, Debug)]
pub(crate) struct Invariant {
    pub attrs: Vec<Attribute>,
    pub expr: Expr,
}

/// Desugars a body into blocks. `close` is the span of the body's closing
/// brace (the final implicit `return`). Always returns at least one block.
pub(crate) fn desugar(
    stmts: Vec<SurfaceStmt>,
    close: Span,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Block> {
    let mut taken = HashSet::new();
    collect_labels(&stmts, &mut taken, diagnostics);
    let mut desugarer = Desugarer {
        taken,
        counter: 0,
        blocks: Vec::new(),
        current: None,
        loop_exits: Vec::new(),
        diagnostics,
    };
    if !matches!(stmts.first(), Some(SurfaceStmt::Label { .. })) {
        let entry = desugarer.entry_label();
        desugarer.open(entry, Vec::new(), Span::DUMMY);
    }
    desugarer.stmts(stmts);
    desugarer.close_if_open(TransferKind::Return, close);
    desugarer.blocks
}

/// Records every user label, reporting duplicates. Iterative, like the
/// desugaring itself, so deep nesting costs heap rather than stack.
fn collect_labels(
    stmts: &[SurfaceStmt],
    taken: &mut HashSet<String>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Depth-first in source order, so the second occurrence is reported.
    let mut pending: Vec<std::slice::Iter<'_, SurfaceStmt>> = vec![stmts.iter()];
    while let Some(list) = pending.last_mut() {
        let Some(stmt) = list.next() else {
            pending.pop();
            continue;
        };
        match stmt {
            SurfaceStmt::Label { label, .. } => {
                let first_use = taken.insert(label.name.clone());
                if !first_use {
                    diagnostics.push(
                        Diagnostic::new(
                            "ivl::syntax",
                            format!("duplicate label `{}`", label.name),
                            label.span,
                        )
                        .with_label("this label is already used in the procedure"),
                    );
                }
            }
            SurfaceStmt::While { body, .. } => pending.push(body.iter()),
            SurfaceStmt::If {
                then_branch,
                else_branch,
                ..
            } => {
                if let Some((else_branch, _)) = else_branch {
                    pending.push(else_branch.iter());
                }
                pending.push(then_branch.iter());
            }
            _ => {}
        }
    }
}

/// A block whose transfer has not been seen yet.
struct OpenBlock {
    label: Ident,
    attrs: Vec<Attribute>,
    stmts: Vec<Stmt>,
    span: Span,
}

/// What is left to do: statements still to desugar, or the part of a
/// structured statement that comes after one of its bodies.
enum Work {
    Stmts(std::vec::IntoIter<SurfaceStmt>),
    /// After a loop body: jump back to the head, open the exit block.
    LoopEnd {
        head: Ident,
        exit: Ident,
        guard: Option<Expr>,
        close: Span,
        keyword: Span,
    },
    /// After a then branch: jump to the join, start the else branch.
    ThenEnd {
        keyword: Span,
        guard: Option<Expr>,
        then_close: Span,
        else_label: Ident,
        join: Ident,
        else_branch: Option<(Vec<SurfaceStmt>, Span)>,
    },
    /// After an else branch: jump to the join block and open it.
    ElseEnd {
        keyword: Span,
        close: Span,
        join: Ident,
    },
}

struct Desugarer<'d> {
    /// User labels and every fresh label handed out so far.
    taken: HashSet<String>,
    counter: u32,
    blocks: Vec<Block>,
    current: Option<OpenBlock>,
    /// Exit labels of the enclosing loops, innermost last.
    loop_exits: Vec<Ident>,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl Desugarer<'_> {
    fn stmts(&mut self, stmts: Vec<SurfaceStmt>) {
        let mut work = vec![Work::Stmts(stmts.into_iter())];
        while let Some(top) = work.last_mut() {
            match top {
                Work::Stmts(stmts) => match stmts.next() {
                    Some(stmt) => self.stmt(stmt, &mut work),
                    None => {
                        work.pop();
                    }
                },
                _ => {
                    if let Some(done) = work.pop() {
                        self.finish(done, &mut work);
                    }
                }
            }
        }
    }

    /// Desugars one statement; the bodies of a structured one are pushed
    /// onto `work`, above what finishes it.
    fn stmt(&mut self, stmt: SurfaceStmt, work: &mut Vec<Work>) {
        match stmt {
            SurfaceStmt::Label { label, attrs, span } => {
                self.close_if_open(TransferKind::Goto(vec![label.clone()]), label.span);
                self.open(label, attrs, span);
            }
            SurfaceStmt::Plain(stmt) => self.push(stmt),
            SurfaceStmt::Goto { targets, span } => self.transfer(TransferKind::Goto(targets), span),
            SurfaceStmt::Return { span } => self.transfer(TransferKind::Return, span),
            SurfaceStmt::Break { span } => match self.loop_exits.last() {
                Some(exit) => {
                    let exit = exit.clone();
                    self.transfer(TransferKind::Goto(vec![exit]), span);
                }
                None => self.diagnostics.push(
                    Diagnostic::new("ivl::syntax", "`break` outside a loop", span)
                        .with_label("there is no enclosing `while` to leave"),
                ),
            },
            SurfaceStmt::While {
                keyword,
                guard,
                invariants,
                body,
                close,
                ..
            } => {
                let [head, body_label, exit] = self.fresh("while", ["_head", "_body", "_exit"]);
                self.transfer(TransferKind::Goto(vec![head.clone()]), keyword);

                self.open(head.clone(), Vec::new(), keyword);
                for invariant in invariants {
                    let span = invariant.expr.span;
                    self.push(Stmt {
                        kind: StmtKind::Assert(invariant.expr),
                        attrs: invariant.attrs,
                        span,
                    });
                }
                let targets = vec![body_label.clone(), exit.clone()];
                self.transfer(TransferKind::Goto(targets), keyword);

                self.open(body_label, Vec::new(), keyword);
                if let Some(guard) = &guard {
                    self.push(assume(guard.clone()));
                }
                self.loop_exits.push(exit.clone());
                work.push(Work::LoopEnd {
                    head,
                    exit,
                    guard,
                    close,
                    keyword,
                });
                work.push(Work::Stmts(body.into_iter()));
            }
            SurfaceStmt::If {
                keyword,
                guard,
                then_branch,
                then_close,
                else_branch,
                ..
            } => {
                let [then_label, else_label, join] = self.fresh("if", ["_then", "_else", "_join"]);
                let targets = vec![then_label.clone(), else_label.clone()];
                self.transfer(TransferKind::Goto(targets), keyword);

                self.open(then_label, Vec::new(), keyword);
                if let Some(guard) = &guard {
                    self.push(assume(guard.clone()));
                }
                work.push(Work::ThenEnd {
                    keyword,
                    guard,
                    then_close,
                    else_label,
                    join,
                    else_branch,
                });
                work.push(Work::Stmts(then_branch.into_iter()));
            }
            SurfaceStmt::Error => {}
        }
    }

    /// The rest of a structured statement once a body is desugared.
    fn finish(&mut self, done: Work, work: &mut Vec<Work>) {
        match done {
            Work::Stmts(_) => {}
            Work::LoopEnd {
                head,
                exit,
                guard,
                close,
                keyword,
            } => {
                self.loop_exits.pop();
                self.close_if_open(TransferKind::Goto(vec![head]), close);
                self.open(exit, Vec::new(), keyword);
                if let Some(guard) = guard {
                    self.push(assume(negate(guard)));
                }
            }
            Work::ThenEnd {
                keyword,
                guard,
                then_close,
                else_label,
                join,
                else_branch,
            } => {
                self.close_if_open(TransferKind::Goto(vec![join.clone()]), then_close);
                self.open(else_label, Vec::new(), keyword);
                if let Some(guard) = guard {
                    self.push(assume(negate(guard)));
                }
                match else_branch {
                    Some((stmts, close)) => {
                        work.push(Work::ElseEnd {
                            keyword,
                            close,
                            join,
                        });
                        work.push(Work::Stmts(stmts.into_iter()));
                    }
                    None => self.finish(
                        Work::ElseEnd {
                            keyword,
                            close: keyword,
                            join,
                        },
                        work,
                    ),
                }
            }
            Work::ElseEnd {
                keyword,
                close,
                join,
            } => {
                self.close_if_open(TransferKind::Goto(vec![join.clone()]), close);
                self.open(join, Vec::new(), keyword);
            }
        }
    }

    /// The entry block's label: `entry` unless the user took it.
    fn entry_label(&mut self) -> Ident {
        if self.taken.insert("entry".to_owned()) {
            Ident::synthetic("entry")
        } else {
            let [label] = self.fresh("anon", [""]);
            label
        }
    }

    /// `N` fresh labels `{prefix}{n}{suffix}` sharing the first number `n`
    /// for which none of them is taken.
    fn fresh<const N: usize>(&mut self, prefix: &str, suffixes: [&str; N]) -> [Ident; N] {
        loop {
            let n = self.counter;
            self.counter += 1;
            let names = suffixes.map(|suffix| format!("{prefix}{n}{suffix}"));
            if names.iter().all(|name| !self.taken.contains(name)) {
                for name in &names {
                    self.taken.insert(name.clone());
                }
                return names.map(Ident::synthetic);
            }
        }
    }

    fn open(&mut self, label: Ident, attrs: Vec<Attribute>, span: Span) {
        self.current = Some(OpenBlock {
            label,
            attrs,
            stmts: Vec::new(),
            span,
        });
    }

    /// The open block, or a fresh (unreachable) one after a transfer.
    fn ensure_open(&mut self) -> &mut OpenBlock {
        if self.current.is_none() {
            let [label] = self.fresh("anon", [""]);
            self.open(label, Vec::new(), Span::DUMMY);
        }
        self.current
            .as_mut()
            .unwrap_or_else(|| unreachable!("a block was just opened"))
    }

    fn push(&mut self, stmt: Stmt) {
        self.ensure_open().stmts.push(stmt);
    }

    /// Ends the current block (opening a fresh one if there is none).
    fn transfer(&mut self, kind: TransferKind, span: Span) {
        self.ensure_open();
        self.close_if_open(kind, span);
    }

    fn close_if_open(&mut self, kind: TransferKind, span: Span) {
        if let Some(open) = self.current.take() {
            let block_span = open
                .stmts
                .iter()
                .fold(open.span, |covered, stmt| covered.to(stmt.span))
                .to(span);
            self.blocks.push(Block {
                label: open.label,
                attrs: open.attrs,
                stmts: open.stmts,
                transfer: Transfer { kind, span },
                span: block_span,
            });
        }
    }
}

/// `assume c;` carrying the span of `c`.
fn assume(condition: Expr) -> Stmt {
    let span = condition.span;
    Stmt {
        kind: StmtKind::Assume(condition),
        attrs: Vec::new(),
        span,
    }
}

/// `!c`, spanning `c`.
fn negate(condition: Expr) -> Expr {
    let span = condition.span;
    Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(condition)), span)
}

#[cfg(test)]
mod tests {
    use crate::ast::{Program, TransferKind};
    use crate::span::SourceFile;
    use crate::syntax::parse;

    fn parse_ok(text: &str) -> Program {
        match parse(&SourceFile::new("test.ivl", text)) {
            Ok(program) => program,
            Err(diagnostics) => panic!("{text}\n{diagnostics:#?}"),
        }
    }

    /// Parses a structured program and its hand-written canonical form and
    /// compares them (spans are ignored by `==`).
    fn check(structured: &str, canonical: &str) {
        let got = parse_ok(structured);
        let want = parse_ok(canonical);
        assert_eq!(
            got, want,
            "\nstructured:\n{structured}\ncanonical:\n{canonical}"
        );
    }

    fn errors(text: &str) -> Vec<String> {
        match parse(&SourceFile::new("test.ivl", text)) {
            Ok(program) => panic!("expected errors, parsed {program:?}"),
            Err(diagnostics) => diagnostics.into_iter().map(|d| d.message).collect(),
        }
    }

    #[test]
    fn empty_body_is_one_returning_block() {
        check("procedure p() { }", "procedure p() { entry: return; }");
        check(
            "procedure p() { var x: int; }",
            "procedure p() { var x: int; entry: return; }",
        );
    }

    #[test]
    fn straight_line_code_gets_an_entry_label_and_returns() {
        check(
            "procedure p() { var x: int; x := 1; assert x == 1; }",
            "procedure p() { var x: int; entry: x := 1; assert x == 1; return; }",
        );
    }

    #[test]
    fn blocks_fall_through_and_code_after_a_transfer_is_a_fresh_block() {
        check(
            "procedure p() { var x: int;
               A: x := 1;
               B: x := 2; goto A; x := 3;
               C: return; return; }",
            "procedure p() { var x: int;
               A: x := 1; goto B;
               B: x := 2; goto A;
               anon0: x := 3; goto C;
               C: return;
               anon1: return; }",
        );
    }

    #[test]
    fn a_label_as_first_statement_is_the_entry() {
        check(
            "procedure p() { L: goto L; }",
            "procedure p() { L: goto L; }",
        );
    }

    #[test]
    fn while_loop_with_invariants() {
        check(
            "procedure p(n: int) { var x: int;
               x := 0;
               while (x < n) invariant x <= n; invariant {:tag} x >= 0; { x := x + 1; }
               assert x == n; }",
            "procedure p(n: int) { var x: int;
               entry: x := 0; goto while0_head;
               while0_head: assert x <= n; assert {:tag} x >= 0; goto while0_body, while0_exit;
               while0_body: assume x < n; x := x + 1; goto while0_head;
               while0_exit: assume !(x < n); assert x == n; return; }",
        );
    }

    #[test]
    fn nondeterministic_loop_and_break() {
        check(
            "procedure p() { var x: int;
               while (*) { x := 1; if (x > 0) { break; } x := 2; } }",
            "procedure p() { var x: int;
               entry: goto while0_head;
               while0_head: goto while0_body, while0_exit;
               while0_body: x := 1; goto if1_then, if1_else;
               if1_then: assume x > 0; goto while0_exit;
               if1_else: assume !(x > 0); goto if1_join;
               if1_join: x := 2; goto while0_head;
               while0_exit: return; }",
        );
    }

    #[test]
    fn break_leaves_the_innermost_loop() {
        check(
            "procedure p() { while (*) { while (*) { break; } break; } }",
            "procedure p() {
               entry: goto while0_head;
               while0_head: goto while0_body, while0_exit;
               while0_body: goto while1_head;
               while1_head: goto while1_body, while1_exit;
               while1_body: goto while1_exit;
               while1_exit: goto while0_exit;
               while0_exit: return; }",
        );
    }

    #[test]
    fn if_else_chains_nest() {
        check(
            "procedure p(a: bool, b: bool) returns (r: int) {
               if (a) { r := 1; } else if (b) { r := 2; } else { r := 3; } }",
            "procedure p(a: bool, b: bool) returns (r: int) {
               entry: goto if0_then, if0_else;
               if0_then: assume a; r := 1; goto if0_join;
               if0_else: assume !a; goto if1_then, if1_else;
               if1_then: assume b; r := 2; goto if1_join;
               if1_else: assume !b; r := 3; goto if1_join;
               if1_join: goto if0_join;
               if0_join: return; }",
        );
    }

    #[test]
    fn if_without_else_and_nondeterministic_if() {
        check(
            "procedure p() returns (r: int) { if (*) { r := 1; } if (r == 1) { return; } }",
            "procedure p() returns (r: int) {
               entry: goto if0_then, if0_else;
               if0_then: r := 1; goto if0_join;
               if0_else: goto if0_join;
               if0_join: goto if1_then, if1_else;
               if1_then: assume r == 1; return;
               if1_else: assume !(r == 1); goto if1_join;
               if1_join: return; }",
        );
    }

    #[test]
    fn fresh_labels_skip_user_labels() {
        check(
            "procedure p() { goto entry; entry: while0_exit: if (*) { } anon3: }",
            "procedure p() {
               anon0: goto entry;
               entry: goto while0_exit;
               while0_exit: goto if1_then, if1_else;
               if1_then: goto if1_join;
               if1_else: goto if1_join;
               if1_join: goto anon3;
               anon3: return; }",
        );
    }

    #[test]
    fn labels_inside_structured_statements() {
        check(
            "procedure p() { if (*) { L: goto L; } }",
            "procedure p() {
               entry: goto if0_then, if0_else;
               if0_then: goto L;
               L: goto L;
               if0_else: goto if0_join;
               if0_join: return; }",
        );
    }

    #[test]
    fn label_attributes_are_kept() {
        check(
            "procedure p() { {:loop_head} L: return; }",
            "procedure p() { {:loop_head} L: return; }",
        );
        let program = parse_ok("procedure p() { x: {:a 1} y: }");
        let body = program.procedures().next().and_then(|p| p.body.as_ref());
        let blocks = &body.map(|b| b.blocks.clone()).unwrap_or_default();
        assert_eq!(blocks.len(), 2);
        assert_eq!(
            blocks[0].transfer.kind,
            TransferKind::Goto(vec![blocks[1].label.clone()])
        );
        assert_eq!(blocks[1].attrs.len(), 1);
    }

    #[test]
    fn generated_assumes_carry_the_condition_span() {
        let text = "procedure p(c: bool) { while (c) invariant c; { } }";
        let program = parse_ok(text);
        let file = SourceFile::new("t", text);
        let body = program.procedures().next().and_then(|p| p.body.clone());
        let blocks = body.map(|b| b.blocks).unwrap_or_default();
        let head = &blocks[1];
        assert_eq!(file.snippet(head.stmts[0].span), "c");
        let exit = &blocks[3];
        assert_eq!(file.snippet(exit.stmts[0].span), "c");
        for block in &blocks {
            assert!(!block.span.is_dummy(), "{block:?}");
        }
    }

    #[test]
    fn break_outside_a_loop_is_an_error() {
        assert_eq!(
            errors("procedure p() { if (*) { break; } }"),
            vec!["`break` outside a loop"]
        );
    }

    #[test]
    fn the_later_of_two_duplicate_labels_is_reported() {
        let text = "procedure p() { if (*) { L: return; } L: return; }";
        let file = SourceFile::new("t", text);
        let diagnostics = parse(&file).err().unwrap_or_default();
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(
            diagnostics[0].span.start as usize,
            text.rfind("L:").unwrap_or(0)
        );
    }

    #[test]
    fn duplicate_labels_are_reported_without_panicking() {
        assert_eq!(
            errors("procedure p() { L: goto L; L: return; }"),
            vec!["duplicate label `L`"]
        );
    }
}
