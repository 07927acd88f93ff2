//! `--math-int`: integer arithmetic is assumed not to overflow.
//!
//! Consumes a well-typed kernel program (before the two-thread transform,
//! after slicing); returns it with an `assume` in front of every
//! assignment and call, stating that each addition, subtraction and
//! multiplication of bit-vectors of 16 bits or more that the statement
//! evaluates does not overflow when its operands are read as signed
//! two's-complement numbers (the sum, difference or product computed two
//! bits wider, resp. twice as wide, equals the wrapped result extended).
//! Index arithmetic such as `y * width + x` then behaves like mathematical
//! integers. The transform treats these `assume`s like the user's
//! `__assume`s (per thread, under the thread's predicate).
//!
//! Guarantees: the result only has *fewer* executions than the input; an
//! execution in which an assumed operation overflows is not checked, which
//! the caller must print as an assumption ("integer arithmetic is assumed
//! not to overflow"). No assumption is made for an operation the statement
//! does not evaluate on every path through it: operands of `if c then a
//! else b` are assumed only under `c` resp. `!c`, and nothing under the
//! right operand of `&&`, `||`, `==>` (short-circuit lowering may guard
//! it), inside quantifiers or `old(..)`. Operations between two literals
//! are skipped (an overflowing constant would make the statement's path
//! vacuous rather than excluded). Deliberately does not: touch `assume`
//! and `assert` statements (annotations), loop guards, or contracts.

use ivl::ast::{BinaryOp, Expr, ExprKind, Stmt, StmtKind, Type, UnaryOp};
use ivl::typeck::Scope;
use ivl::Program;

/// The narrowest arithmetic the assumption covers (C promotes narrower
/// operands to `int`).
const MIN_WIDTH: u32 = 16;

/// The program with no-overflow assumptions in every procedure that has a
/// body (the kernel and, with `--no-inline`, its device procedures).
pub fn assume_no_overflow(program: &Program) -> Program {
    let mut out = program.clone();
    let procedures: Vec<_> = program.procedures().filter(|p| p.body.is_some()).collect();
    let mut new_bodies = Vec::new();
    for proc in procedures {
        let scope = Scope::procedure(program, proc);
        let body = proc.body.as_ref().expect("filtered");
        let blocks: Vec<Vec<Stmt>> = body
            .blocks
            .iter()
            .map(|b| {
                let mut stmts = Vec::with_capacity(b.stmts.len());
                for s in &b.stmts {
                    for cond in conditions(&scope, s) {
                        let mut a = Stmt::new(StmtKind::Assume(cond));
                        a.span = s.span;
                        stmts.push(a);
                    }
                    stmts.push(s.clone());
                }
                stmts
            })
            .collect();
        new_bodies.push((proc.name.name.clone(), blocks));
    }
    for (name, blocks) in new_bodies {
        if let Some(p) = out.procedures_mut().find(|p| p.name.name == name) {
            if let Some(body) = p.body.as_mut() {
                for (b, stmts) in body.blocks.iter_mut().zip(blocks) {
                    b.stmts = stmts;
                }
            }
        }
    }
    out
}

/// The no-overflow conditions of the operations a statement evaluates.
fn conditions(scope: &Scope, stmt: &Stmt) -> Vec<Expr> {
    let mut found = Vec::new();
    let mut walk = |e: &Expr| collect(scope, e, &[], &mut found);
    match &stmt.kind {
        StmtKind::Assign { lhs, rhs } => {
            for l in lhs {
                l.indices.iter().for_each(&mut walk);
            }
            rhs.iter().for_each(&mut walk);
        }
        StmtKind::Call { args, .. } => args.iter().for_each(&mut walk),
        StmtKind::Havoc(_) | StmtKind::Assume(_) | StmtKind::Assert(_) => {}
    }
    let mut out: Vec<Expr> = Vec::new();
    for c in found {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn collect(scope: &Scope, e: &Expr, guards: &[Expr], out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Binary(op @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul), a, b) => {
            collect(scope, a, guards, out);
            collect(scope, b, guards, out);
            if let Some(cond) = no_overflow(scope, *op, a, b) {
                out.push(guarded(guards, cond));
            }
        }
        ExprKind::Binary(BinaryOp::And | BinaryOp::Or | BinaryOp::Implies, a, _) => {
            collect(scope, a, guards, out)
        }
        ExprKind::Binary(_, a, b) => {
            collect(scope, a, guards, out);
            collect(scope, b, guards, out);
        }
        ExprKind::Ite(c, t, f) => {
            collect(scope, c, guards, out);
            let mut g = guards.to_vec();
            g.push((**c).clone());
            collect(scope, t, &g, out);
            *g.last_mut().expect("pushed") = Expr::unary(UnaryOp::Not, (**c).clone());
            collect(scope, f, &g, out);
        }
        ExprKind::Unary(_, a) | ExprKind::Extract { expr: a, .. } => collect(scope, a, guards, out),
        ExprKind::Extend { expr, .. } => collect(scope, expr, guards, out),
        ExprKind::Select(m, i) => {
            collect(scope, m, guards, out);
            collect(scope, i, guards, out);
        }
        ExprKind::Store(m, i, v) => {
            collect(scope, m, guards, out);
            collect(scope, i, guards, out);
            collect(scope, v, guards, out);
        }
        ExprKind::Apply(_, args) => args.iter().for_each(|a| collect(scope, a, guards, out)),
        ExprKind::Bool(_)
        | ExprKind::Int(_)
        | ExprKind::Bv { .. }
        | ExprKind::Var(_)
        | ExprKind::Old(_)
        | ExprKind::Quantifier { .. } => {}
    }
}

fn guarded(guards: &[Expr], cond: Expr) -> Expr {
    match guards.iter().cloned().reduce(Expr::and) {
        Some(g) => Expr::implies(g, cond),
        None => cond,
    }
}

/// `op(a, b)` computed in a wider signed width equals the wrapped result
/// extended, for bit-vectors of at least [`MIN_WIDTH`] bits.
fn no_overflow(scope: &Scope, op: BinaryOp, a: &Expr, b: &Expr) -> Option<Expr> {
    let Some(Type::Bv(w)) = scope.type_of(a) else {
        return None;
    };
    let literal = |e: &Expr| matches!(e.kind, ExprKind::Bv { .. });
    if w < MIN_WIDTH || (literal(a) && literal(b)) {
        return None;
    }
    let wide = match op {
        BinaryOp::Mul => 2 * w,
        _ => w + 1,
    };
    if wide > ivl::ast::MAX_BV_WIDTH {
        return None;
    }
    let sext = |e: Expr| {
        Expr::synthetic(ExprKind::Extend {
            signed: true,
            width: wide,
            expr: Box::new(e),
        })
    };
    let exact = Expr::binary(op, sext(a.clone()), sext(b.clone()));
    let wrapped = sext(Expr::binary(op, a.clone(), b.clone()));
    Some(Expr::eq(exact, wrapped))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(text: &str) -> Program {
        let p = ivl::parse(&ivl::SourceFile::new("k.ivl", text)).expect("parses");
        assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
        p
    }

    #[test]
    fn index_arithmetic_gets_one_assumption_per_operation() {
        let p = program(
            r#"
procedure k(y: bv32, w: bv32, x: bv32, c: bool) {
  var i: bv32;
  var s: bv8;
  i := y * w + x;
  i := if c then i - 1bv32 else i;
  s := s + 1bv8;
  i := 3bv32 * 5bv32;
}
"#,
        );
        let out = assume_no_overflow(&p);
        assert!(ivl::check(&out).is_empty(), "{:?}", ivl::check(&out));
        let text = ivl::print(&out);
        assert!(
            text.contains("assume sext(y, 64) * sext(w, 64) == sext(y * w, 64);"),
            "{text}"
        );
        assert!(
            text.contains("assume sext(y * w, 33) + sext(x, 33) == sext(y * w + x, 33);"),
            "{text}"
        );
        assert!(
            text.contains("assume c ==> sext(i, 33) - sext(1bv32, 33) == sext(i - 1bv32, 33);"),
            "{text}"
        );
        // 8-bit arithmetic and literal-only products get nothing.
        assert_eq!(text.matches("assume").count(), 3, "{text}");
    }
}
