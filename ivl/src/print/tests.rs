//! Unit tests of the printer on hand-built trees: parenthesisation,
//! literals, attributes, layout and linear running time. Round trips through
//! the parser live in ivl/tests/roundtrip.rs.

use super::*;
use crate::ast::{Body, Ident, Spec};
use crate::span::Span;
use BinaryOp::*;

fn v(name: &str) -> Expr {
    Expr::var(name)
}

fn bin(op: BinaryOp, lhs: Expr, rhs: Expr) -> Expr {
    Expr::binary(op, lhs, rhs)
}

fn neg(e: Expr) -> Expr {
    Expr::unary(UnaryOp::Neg, e)
}

#[test]
fn types_print_with_nested_maps() {
    let byte_matrix = Type::map(Type::Bv(32), Type::map(Type::Bv(32), Type::Bv(8)));
    assert_eq!(byte_matrix.to_string(), "[bv32][bv32]bv8");
    let set_of_maps = Type::map(Type::map(Type::Int, Type::Int), Type::Bool);
    assert_eq!(set_of_maps.to_string(), "[[int]int]bool");
}

#[test]
fn every_operator_is_either_infix_with_a_level_or_a_builtin_call() {
    for op in BinaryOp::ALL {
        let infix = op.infix_symbol().is_some();
        assert_eq!(infix, infix_level(op).is_some(), "{op:?}");
        assert_eq!(infix, op.builtin_name().is_none(), "{op:?}");
    }
}

#[test]
fn literals_and_builtins() {
    assert_eq!(Expr::bv(5, 32).to_string(), "5bv32");
    assert_eq!(Expr::int(u128::MAX).to_string(), u128::MAX.to_string());
    assert_eq!(bin(BvSLt, v("a"), v("b")).to_string(), "bvslt(a, b)");
    assert_eq!(bin(Div, v("x"), Expr::int(2)).to_string(), "x div 2");
    let extend = Expr::synthetic(ExprKind::Extend {
        signed: false,
        width: 64,
        expr: Box::new(bin(Add, v("x"), v("y"))),
    });
    assert_eq!(extend.to_string(), "zext(x + y, 64)");
    let extract = Expr::synthetic(ExprKind::Extract {
        expr: Box::new(bin(Add, v("x"), v("y"))),
        hi: 8,
        lo: 0,
    });
    assert_eq!(extract.to_string(), "(x + y)[8:0]");
}

#[test]
fn associativity_decides_parentheses_at_one_level() {
    let left_nested = bin(Sub, bin(Add, v("a"), v("b")), v("c"));
    assert_eq!(left_nested.to_string(), "a + b - c");
    let right_nested = bin(Sub, v("a"), bin(Add, v("b"), v("c")));
    assert_eq!(right_nested.to_string(), "a - (b + c)");
    let implies_right = Expr::implies(v("a"), Expr::implies(v("b"), v("c")));
    assert_eq!(implies_right.to_string(), "a ==> b ==> c");
    let implies_left = Expr::implies(Expr::implies(v("a"), v("b")), v("c"));
    assert_eq!(implies_left.to_string(), "(a ==> b) ==> c");
    let comparisons = bin(Lt, bin(Lt, v("a"), v("b")), bin(Eq, v("c"), v("d")));
    assert_eq!(comparisons.to_string(), "(a < b) < (c == d)");
}

#[test]
fn precedence_decides_parentheses_across_levels() {
    let e = Expr::or(Expr::and(v("a"), v("b")), Expr::and(v("c"), v("d")));
    assert_eq!(e.to_string(), "a && b || c && d");
    let e = Expr::and(Expr::or(v("a"), v("b")), v("c"));
    assert_eq!(e.to_string(), "(a || b) && c");
    let e = bin(Mul, bin(Add, v("a"), v("b")), neg(v("c")));
    assert_eq!(e.to_string(), "(a + b) * -c");
    let e = !Expr::select(v("m"), bin(Add, v("i"), Expr::int(1)));
    assert_eq!(e.to_string(), "!m[i + 1]");
    let e = Expr::select(!v("m"), v("i"));
    assert_eq!(e.to_string(), "(!m)[i]");
    let e = Expr::store(Expr::select(v("m"), v("i")), v("j"), v("k"));
    assert_eq!(e.to_string(), "m[i][j := k]");
}

#[test]
fn double_negation_keeps_minus_signs_apart() {
    assert_eq!(neg(neg(v("x"))).to_string(), "-(-x)");
    assert_eq!(neg(Expr::int(5)).to_string(), "-5");
    assert_eq!(bin(Sub, v("x"), neg(Expr::int(5))).to_string(), "x - -5");
    assert_eq!((!!v("b")).to_string(), "!!b");
}

#[test]
fn ite_is_parenthesised_as_an_operand() {
    let ite = Expr::ite(v("c"), v("a"), v("b"));
    assert_eq!(ite.to_string(), "if c then a else b");
    let e = bin(Add, ite.clone(), Expr::int(1));
    assert_eq!(e.to_string(), "(if c then a else b) + 1");
    let e = Expr::ite(ite.clone(), ite.clone(), ite.clone());
    assert_eq!(
        e.to_string(),
        "if (if c then a else b) then (if c then a else b) else if c then a else b"
    );
    let e = Expr::apply("f", vec![ite.clone(), v("x")]);
    assert_eq!(e.to_string(), "f(if c then a else b, x)");
    let quantifier = Expr::synthetic(ExprKind::Quantifier {
        kind: QuantKind::Forall,
        vars: vec![
            TypedIdent::new("x", Type::Int),
            TypedIdent::new("y", Type::Bv(32)),
        ],
        body: Box::new(Expr::implies(v("p"), ite)),
    });
    assert_eq!(
        Expr::and(quantifier, v("q")).to_string(),
        "(forall x: int, y: bv32 :: p ==> (if c then a else b)) && q"
    );
}

#[test]
fn attributes_escape_strings() {
    let attr = Attribute::new(
        "source",
        vec![
            AttrArg::Str("a \"b\"\\\n\t".into()),
            AttrArg::Expr(Expr::int(12)),
        ],
    );
    assert_eq!(attr.to_string(), r#"{:source "a \"b\"\\\n\t", 12}"#);
    assert_eq!(Attribute::new("kernel", vec![]).to_string(), "{:kernel}");
}

fn block(label: &str, stmts: Vec<Stmt>, transfer: TransferKind) -> Block {
    Block {
        label: Ident::synthetic(label),
        attrs: vec![],
        stmts,
        transfer: Transfer {
            kind: transfer,
            span: Span::DUMMY,
        },
        span: Span::DUMMY,
    }
}

/// A program of `n_blocks` blocks in a chain, for the linearity check.
fn chain_program(n_blocks: usize) -> Program {
    let blocks = (0..n_blocks)
        .map(|i| {
            let assign = Stmt::new(StmtKind::Assign {
                lhs: vec![Lhs {
                    name: Ident::synthetic("x"),
                    indices: vec![],
                    span: Span::DUMMY,
                }],
                rhs: vec![bin(Add, v("x"), Expr::int(i as u128))],
            });
            let transfer = if i + 1 < n_blocks {
                TransferKind::Goto(vec![Ident::synthetic(format!("L{}", i + 1))])
            } else {
                TransferKind::Return
            };
            block(&format!("L{i}"), vec![assign], transfer)
        })
        .collect();
    Program {
        decls: vec![Decl::Procedure(Procedure {
            attrs: vec![],
            name: Ident::synthetic("p"),
            params: vec![],
            returns: vec![TypedIdent::new("x", Type::Int)],
            requires: vec![],
            modifies: vec![],
            ensures: vec![Spec {
                attrs: vec![],
                expr: bin(Ge, v("x"), Expr::int(0)),
                span: Span::DUMMY,
            }],
            body: Some(Body {
                locals: vec![],
                blocks,
            }),
            span: Span::DUMMY,
        })],
    }
}

#[test]
fn procedure_layout() {
    assert_eq!(
        print(&chain_program(2)),
        "procedure p() returns (x: int)\n  ensures x >= 0;\n{\n  L0:\n    x := x + 0;\n    \
         goto L1;\n  L1:\n    x := x + 1;\n    return;\n}\n"
    );
}

#[test]
fn printing_ten_thousand_blocks_is_fast() {
    let program = chain_program(10_000);
    let start = std::time::Instant::now();
    let text = print(&program);
    // Generous for unoptimised builds; a quadratic printer takes seconds.
    assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
    assert_eq!(text.lines().count(), 3 + 3 * 10_000 + 1);
}
