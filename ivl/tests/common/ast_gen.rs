//! Proptest strategies for syntactically valid IVL programs in canonical form.
//!
//! The trees keep every invariant of `ivl::ast` that the parser guarantees
//! (valid non-keyword identifiers, non-negative integer literals, bit-vector
//! literals that fit, at least one block per body, unique labels, explicit
//! transfers), so `parse(print(p)) == p` must hold for all of them. They are
//! deliberately *not* well-typed: the round trip is about syntax only.

use ivl::ast::{
    AttrArg, Attribute, Axiom, BinaryOp, Block, Body, Decl, Expr, ExprKind, FnParam, Function,
    Ident, Lhs, Procedure, Program, QuantKind, Spec, Stmt, StmtKind, Transfer, TransferKind, Type,
    TypedIdent, UnaryOp, Variable, MAX_BV_WIDTH,
};
use ivl::Span;
use proptest::collection::{hash_set, vec};
use proptest::prelude::*;
use proptest::sample::{select, Index};

use ivl::syntax::KEYWORDS;

/// Names that sit next to a keyword or a type name without being one.
const TRICKY_IDENTS: &[&str] = &[
    "old.x",
    "if$1",
    "bv32x",
    "bv",
    "bv_8",
    "bv8.lo",
    "int#",
    "forall@2",
    "x$1",
    "p$2",
    "$tmp",
    "#t",
    "_",
    "local_id_x",
    "barrier",
    "Int",
    "TRUE",
    "returnsx",
];

fn is_reserved(name: &str) -> bool {
    let is_bv_type = name
        .strip_prefix("bv")
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    is_bv_type || KEYWORDS.contains(&name)
}

pub fn ident_name() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => "[a-z][a-z0-9]{0,2}",
        4 => "[A-Za-z_$#][A-Za-z0-9_$#.@]{0,6}",
        1 => select(TRICKY_IDENTS).prop_map(String::from),
    ]
    .prop_filter("keyword or type name", |name| !is_reserved(name))
}

pub fn ident() -> impl Strategy<Value = Ident> {
    ident_name().prop_map(Ident::synthetic)
}

pub fn ty() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        Just(Type::Bool),
        Just(Type::Int),
        (1..=MAX_BV_WIDTH).prop_map(Type::Bv),
    ];
    leaf.prop_recursive(3, 8, 2, |inner| {
        (inner.clone(), inner).prop_map(|(domain, range)| Type::map(domain, range))
    })
}

fn typed_ident() -> impl Strategy<Value = TypedIdent> {
    (ident_name(), ty()).prop_map(|(name, ty)| TypedIdent::new(name, ty))
}

fn int_literal() -> impl Strategy<Value = u128> {
    prop_oneof![
        4 => 0..100u128,
        1 => Just(u128::MAX),
        2 => any::<u128>(),
        1 => any::<u64>().prop_map(u128::from),
    ]
}

fn bv_literal() -> impl Strategy<Value = Expr> {
    (1..=MAX_BV_WIDTH, int_literal()).prop_map(|(width, value)| {
        let mask = if width == 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        Expr::bv(value & mask, width)
    })
}

/// Expressions of every kind, nested up to `depth` operators deep, whose
/// binary operators come from `ops` and make up `binary_weight` out of
/// `binary_weight + 9` inner nodes.
fn expr_tree(
    ops: Vec<BinaryOp>,
    binary_weight: u32,
    depth: u32,
    size: u32,
) -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Expr::bool),
        int_literal().prop_map(Expr::int),
        bv_literal(),
        ident_name().prop_map(Expr::var),
    ];
    leaf.prop_recursive(depth, size, 3, move |inner| {
        prop_oneof![
            1 => inner.clone().prop_map(Expr::old),
            1 => (
                select(&[UnaryOp::Not, UnaryOp::Neg, UnaryOp::BvNot][..]),
                inner.clone()
            )
                .prop_map(|(op, e)| Expr::unary(op, e)),
            binary_weight => (select(ops.clone()), inner.clone(), inner.clone())
                .prop_map(|(op, lhs, rhs)| Expr::binary(op, lhs, rhs)),
            1 => (inner.clone(), 0..=MAX_BV_WIDTH, 0..=MAX_BV_WIDTH).prop_map(|(e, a, b)| {
                Expr::synthetic(ExprKind::Extract {
                    expr: Box::new(e),
                    hi: a.max(b),
                    lo: a.min(b),
                })
            }),
            1 => (any::<bool>(), 1..=MAX_BV_WIDTH, inner.clone()).prop_map(|(signed, width, e)| {
                Expr::synthetic(ExprKind::Extend {
                    signed,
                    width,
                    expr: Box::new(e),
                })
            }),
            1 => (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| Expr::ite(c, a, b)),
            1 => (inner.clone(), inner.clone()).prop_map(|(m, i)| Expr::select(m, i)),
            1 => (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(m, i, v)| Expr::store(m, i, v)),
            1 => (ident_name(), vec(inner.clone(), 0..3))
                .prop_map(|(f, args)| Expr::apply(f, args)),
            1 => (
                select(&[QuantKind::Forall, QuantKind::Exists][..]),
                vec(typed_ident(), 1..3),
                inner,
            )
                .prop_map(|(kind, vars, body)| {
                    Expr::synthetic(ExprKind::Quantifier {
                        kind,
                        vars,
                        body: Box::new(body),
                    })
                }),
        ]
    })
}

pub fn expr() -> impl Strategy<Value = Expr> {
    expr_tree(BinaryOp::ALL.to_vec(), 4, 6, 24)
}

/// Operator-heavy expressions over a palette of one to three binary
/// operators, so that every pair of operators meets as parent and child
/// (the cases where parenthesisation can go wrong) within a few hundred
/// cases; with all 35 operators at once a given pair is rare.
pub fn operator_expr() -> impl Strategy<Value = Expr> {
    proptest::sample::subsequence(BinaryOp::ALL.to_vec(), 1..=3)
        .prop_flat_map(|ops| expr_tree(ops, 20, 6, 32))
}

/// Small expressions, for places that hold many (attribute arguments, indices).
fn small_expr() -> impl Strategy<Value = Expr> {
    expr_tree(BinaryOp::ALL.to_vec(), 4, 2, 4)
}

/// String contents that exercise every escape and comment-like text.
fn attr_string() -> impl Strategy<Value = String> {
    "[a-z \"\\\\\n\t/*{}:;,é]{0,8}"
}

fn attribute() -> impl Strategy<Value = Attribute> {
    let arg = prop_oneof![
        small_expr().prop_map(AttrArg::Expr),
        attr_string().prop_map(AttrArg::Str),
    ];
    (ident_name(), vec(arg, 0..3)).prop_map(|(name, args)| Attribute::new(name, args))
}

fn attrs() -> impl Strategy<Value = Vec<Attribute>> {
    prop_oneof![
        3 => Just(Vec::new()),
        2 => vec(attribute(), 1..3),
    ]
}

fn lhs() -> impl Strategy<Value = Lhs> {
    (ident(), vec(small_expr(), 0..=2)).prop_map(|(name, indices)| Lhs {
        name,
        indices,
        span: Span::DUMMY,
    })
}

fn stmt() -> impl Strategy<Value = Stmt> {
    let kind = prop_oneof![
        (1..=3usize)
            .prop_flat_map(|n| (vec(lhs(), n), vec(expr(), n)))
            .prop_map(|(lhs, rhs)| StmtKind::Assign { lhs, rhs }),
        vec(ident(), 1..3).prop_map(StmtKind::Havoc),
        expr().prop_map(StmtKind::Assume),
        expr().prop_map(StmtKind::Assert),
        (ident(), vec(small_expr(), 0..3), vec(ident(), 0..3))
            .prop_map(|(callee, args, rets)| StmtKind::Call { callee, args, rets }),
    ];
    (kind, attrs()).prop_map(|(kind, attrs)| Stmt {
        kind,
        attrs,
        span: Span::DUMMY,
    })
}

/// A block before its labels are known: attributes, statements, and either
/// `return` (`None`) or the goto targets as indices into the labels.
type BlockPlan = (Vec<Attribute>, Vec<Stmt>, Option<Vec<Index>>);

fn block_plan() -> impl Strategy<Value = BlockPlan> {
    let targets = prop_oneof![
        1 => Just(None),
        3 => vec(any::<Index>(), 1..3).prop_map(Some),
    ];
    (attrs(), vec(stmt(), 0..4), targets)
}

/// One to four blocks with unique labels; gotos target labels of the body.
fn blocks() -> impl Strategy<Value = Vec<Block>> {
    hash_set(ident_name(), 1..5).prop_flat_map(|labels| {
        let labels: Vec<String> = labels.into_iter().collect();
        let n_blocks = labels.len();
        (Just(labels), vec(block_plan(), n_blocks)).prop_map(|(labels, plans)| {
            plans
                .into_iter()
                .zip(&labels)
                .map(|((attrs, stmts, targets), label)| {
                    let kind = match targets {
                        None => TransferKind::Return,
                        Some(targets) => TransferKind::Goto(
                            targets
                                .iter()
                                .map(|t| Ident::synthetic(t.get(&labels).clone()))
                                .collect(),
                        ),
                    };
                    Block {
                        label: Ident::synthetic(label.clone()),
                        attrs,
                        stmts,
                        transfer: Transfer {
                            kind,
                            span: Span::DUMMY,
                        },
                        span: Span::DUMMY,
                    }
                })
                .collect()
        })
    })
}

fn variable() -> impl Strategy<Value = Variable> {
    (attrs(), ident(), ty()).prop_map(|(attrs, name, ty)| Variable {
        attrs,
        name,
        ty,
        span: Span::DUMMY,
    })
}

fn spec() -> impl Strategy<Value = Spec> {
    (attrs(), expr()).prop_map(|(attrs, expr)| Spec {
        attrs,
        expr,
        span: Span::DUMMY,
    })
}

fn body() -> impl Strategy<Value = Body> {
    (vec(variable(), 0..3), blocks()).prop_map(|(locals, blocks)| Body { locals, blocks })
}

fn procedure() -> impl Strategy<Value = Procedure> {
    (
        (
            attrs(),
            ident(),
            vec(typed_ident(), 0..3),
            vec(typed_ident(), 0..3),
        ),
        (
            vec(spec(), 0..3),
            vec(ident(), 0..3),
            vec(spec(), 0..3),
            proptest::option::of(body()),
        ),
    )
        .prop_map(
            |((attrs, name, params, returns), (requires, modifies, ensures, body))| Procedure {
                attrs,
                name,
                params,
                returns,
                requires,
                modifies,
                ensures,
                body,
                span: Span::DUMMY,
            },
        )
}

fn function() -> impl Strategy<Value = Function> {
    let param = (proptest::option::of(ident()), ty()).prop_map(|(name, ty)| FnParam { name, ty });
    (
        attrs(),
        ident(),
        vec(param, 0..3),
        ty(),
        proptest::option::of(expr()),
    )
        .prop_map(|(attrs, name, params, ret, body)| Function {
            attrs,
            name,
            params,
            ret,
            body,
            span: Span::DUMMY,
        })
}

fn decl() -> impl Strategy<Value = Decl> {
    prop_oneof![
        1 => variable().prop_map(Decl::Const),
        1 => variable().prop_map(Decl::Var),
        1 => function().prop_map(Decl::Function),
        1 => (attrs(), expr()).prop_map(|(attrs, expr)| Decl::Axiom(Axiom {
            attrs,
            expr,
            span: Span::DUMMY,
        })),
        2 => procedure().prop_map(Decl::Procedure),
    ]
}

pub fn program() -> impl Strategy<Value = Program> {
    vec(decl(), 0..8).prop_map(|decls| Program { decls })
}
