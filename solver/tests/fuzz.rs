//! Property test: random straight-line programs over bv8, bv32 and bool
//! variables, held against the concrete evaluator (`solver::eval`, SMT-LIB
//! semantics). If sampled inputs (corner values and random ones) violate an
//! assert, the verifier must not say verified; if the verifier says
//! verified, no sampled input violates an assert. The in-process z3 and cvc5
//! must agree on every program.

use ivl::ast::{
    BinaryOp, Block, Body, Decl, Expr, ExprKind, Ident, Lhs, Procedure, Program, Stmt, StmtKind,
    Transfer, TransferKind, Type, TypedIdent, UnaryOp,
};
use proptest::prelude::*;
use proptest::test_runner::Config as PtConfig;
use solver::eval::{eval, Env};
use solver::value::Value;
use solver::{verify_program, BackendKind, Config, Outcome};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    B,
    V8,
    V32,
}

const PARAMS: [(&str, Ty); 6] = [
    ("a8", Ty::V8),
    ("b8", Ty::V8),
    ("a32", Ty::V32),
    ("b32", Ty::V32),
    ("p", Ty::B),
    ("q", Ty::B),
];
const LOCALS: [(&str, Ty); 3] = [("l8", Ty::V8), ("l32", Ty::V32), ("lb", Ty::B)];

fn ivl_type(t: Ty) -> Type {
    match t {
        Ty::B => Type::Bool,
        Ty::V8 => Type::Bv(8),
        Ty::V32 => Type::Bv(32),
    }
}

fn width(t: Ty) -> u32 {
    if t == Ty::V8 {
        8
    } else {
        32
    }
}

fn leaf(t: Ty) -> BoxedStrategy<Expr> {
    let names: Vec<&'static str> = PARAMS
        .iter()
        .chain(LOCALS.iter())
        .filter(|(_, ty)| *ty == t)
        .map(|(n, _)| *n)
        .collect();
    let var = proptest::sample::select(names).prop_map(Expr::var);
    match t {
        Ty::B => prop_oneof![var, any::<bool>().prop_map(Expr::bool)].boxed(),
        _ => {
            let w = width(t);
            let max = if w == 8 { 0xff } else { 0xffff_ffff };
            let lit = prop_oneof![
                Just(0u128),
                Just(1u128),
                Just(max),
                Just(max >> 1),
                Just((max >> 1) + 1),
                0..=max
            ]
            .prop_map(move |v| Expr::bv(v, w));
            prop_oneof![2 => var, 1 => lit].boxed()
        }
    }
}

const BV_OPS: [BinaryOp; 14] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::BvAnd,
    BinaryOp::BvOr,
    BinaryOp::BvXor,
    BinaryOp::Shl,
    BinaryOp::BvUDiv,
    BinaryOp::BvSDiv,
    BinaryOp::BvURem,
    BinaryOp::BvSRem,
    BinaryOp::BvSMod,
    BinaryOp::BvLShr,
    BinaryOp::BvAShr,
];
const CMP_OPS: [BinaryOp; 10] = [
    BinaryOp::Eq,
    BinaryOp::Neq,
    BinaryOp::BvULt,
    BinaryOp::BvULe,
    BinaryOp::BvUGt,
    BinaryOp::BvUGe,
    BinaryOp::BvSLt,
    BinaryOp::BvSLe,
    BinaryOp::BvSGt,
    BinaryOp::BvSGe,
];
const BOOL_OPS: [BinaryOp; 4] = [
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Implies,
    BinaryOp::Iff,
];

fn expr(t: Ty, depth: u32) -> BoxedStrategy<Expr> {
    if depth == 0 {
        return leaf(t);
    }
    let sub = move |t| expr(t, depth - 1);
    match t {
        Ty::B => prop_oneof![
            1 => leaf(Ty::B),
            1 => sub(Ty::B).prop_map(|e| Expr::unary(UnaryOp::Not, e)),
            2 => (proptest::sample::select(BOOL_OPS.to_vec()), sub(Ty::B), sub(Ty::B))
                .prop_map(|(op, a, b)| Expr::binary(op, a, b)),
            3 => (proptest::sample::select(CMP_OPS.to_vec()), prop_oneof![Just(Ty::V8), Just(Ty::V32)])
                .prop_flat_map(move |(op, ty)| (Just(op), sub(ty), sub(ty)))
                .prop_map(|(op, a, b)| Expr::binary(op, a, b)),
        ]
        .boxed(),
        _ => {
            let other = if t == Ty::V8 { Ty::V32 } else { Ty::V8 };
            let convert = if t == Ty::V32 {
                (any::<bool>(), sub(other))
                    .prop_map(|(signed, e)| {
                        Expr::synthetic(ExprKind::Extend {
                            signed,
                            width: 32,
                            expr: Box::new(e),
                        })
                    })
                    .boxed()
            } else {
                (0u32..=24, sub(other))
                    .prop_map(|(lo, e)| {
                        Expr::synthetic(ExprKind::Extract {
                            expr: Box::new(e),
                            hi: lo + 8,
                            lo,
                        })
                    })
                    .boxed()
            };
            prop_oneof![
                2 => leaf(t),
                4 => (proptest::sample::select(BV_OPS.to_vec()), sub(t), sub(t))
                    .prop_map(|(op, a, b)| Expr::binary(op, a, b)),
                1 => (prop_oneof![Just(UnaryOp::Neg), Just(UnaryOp::BvNot)], sub(t))
                    .prop_map(|(op, a)| Expr::unary(op, a)),
                1 => convert,
                1 => (sub(Ty::B), sub(t), sub(t)).prop_map(|(c, a, b)| Expr::ite(c, a, b)),
            ]
            .boxed()
        }
    }
}

#[derive(Clone, Debug)]
enum S {
    Assign(&'static str, Expr),
    Assume(Expr),
    Assert(Expr),
}

fn stmt() -> BoxedStrategy<S> {
    prop_oneof![
        3 => proptest::sample::select(LOCALS.to_vec())
            .prop_flat_map(|(n, t)| expr(t, 2).prop_map(move |e| S::Assign(n, e))),
        1 => expr(Ty::B, 2).prop_map(S::Assume),
        2 => expr(Ty::B, 2).prop_map(S::Assert),
    ]
    .boxed()
}

fn program(stmts: &[S]) -> Program {
    let mut body = Vec::new();
    // Every local is assigned first, so executions depend on inputs only.
    for (n, t) in LOCALS {
        let zero = if t == Ty::B {
            Expr::bool(false)
        } else {
            Expr::bv(0, width(t))
        };
        body.push(assign(n, zero));
    }
    for s in stmts {
        body.push(match s {
            S::Assign(n, e) => assign(n, e.clone()),
            S::Assume(e) => Stmt::new(StmtKind::Assume(e.clone())),
            S::Assert(e) => Stmt::new(StmtKind::Assert(e.clone())),
        });
    }
    let proc = Procedure {
        attrs: vec![],
        name: Ident::synthetic("p"),
        params: PARAMS
            .iter()
            .map(|(n, t)| TypedIdent::new(*n, ivl_type(*t)))
            .collect(),
        returns: vec![],
        requires: vec![],
        modifies: vec![],
        ensures: vec![],
        body: Some(Body {
            locals: LOCALS
                .iter()
                .map(|(n, t)| ivl::ast::Variable {
                    attrs: vec![],
                    name: Ident::synthetic(*n),
                    ty: ivl_type(*t),
                    span: Default::default(),
                })
                .collect(),
            blocks: vec![Block {
                label: Ident::synthetic("entry"),
                attrs: vec![],
                stmts: body,
                transfer: Transfer {
                    kind: TransferKind::Return,
                    span: Default::default(),
                },
                span: Default::default(),
            }],
        }),
        span: Default::default(),
    };
    Program {
        decls: vec![Decl::Procedure(proc)],
    }
}

fn assign(name: &str, e: Expr) -> Stmt {
    Stmt::new(StmtKind::Assign {
        lhs: vec![Lhs {
            name: Ident::synthetic(name),
            indices: vec![],
            span: Default::default(),
        }],
        rhs: vec![e],
    })
}

/// Runs the program on one input; true if an assert fails.
fn violates(stmts: &[S], inputs: &[Value]) -> bool {
    let mut env = Env::default();
    for ((n, _), v) in PARAMS.iter().zip(inputs) {
        env.vars.insert(n.to_string(), v.clone());
    }
    for (n, t) in LOCALS {
        let zero = if t == Ty::B {
            Value::Bool(false)
        } else {
            Value::bv(0, width(t))
        };
        env.vars.insert(n.to_string(), zero);
    }
    for s in stmts {
        match s {
            S::Assign(n, e) => {
                let v = eval(e, &env).expect("evaluable");
                env.vars.insert(n.to_string(), v);
            }
            S::Assume(e) => {
                if eval(e, &env).expect("evaluable") == Value::Bool(false) {
                    return false;
                }
            }
            S::Assert(e) => {
                if eval(e, &env).expect("evaluable") == Value::Bool(false) {
                    return true;
                }
            }
        }
    }
    false
}

/// A small deterministic generator (xorshift64*), so the sampling needs no
/// extra dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sample_inputs(rng: &mut Rng) -> Vec<Vec<Value>> {
    let corners = |t: Ty| -> Vec<Value> {
        match t {
            Ty::B => vec![Value::Bool(false), Value::Bool(true)],
            _ => {
                let w = width(t);
                let max = solver::value::mask(w);
                [0, 1, 2, max, max >> 1, (max >> 1) + 1, 7]
                    .iter()
                    .map(|&v| Value::bv(v, w))
                    .collect()
            }
        }
    };
    let random = |rng: &mut Rng, t: Ty| -> Value {
        match t {
            Ty::B => Value::Bool(rng.next() & 1 == 1),
            _ => Value::bv(rng.next() as u128, width(t)),
        }
    };
    let mut out = Vec::new();
    for i in 0..7 {
        out.push(
            PARAMS
                .iter()
                .map(|(_, t)| {
                    let c = corners(*t);
                    c[i % c.len()].clone()
                })
                .collect(),
        );
    }
    for _ in 0..400 {
        out.push(
            PARAMS
                .iter()
                .map(|(_, t)| {
                    if rng.below(10) < 3 {
                        let c = corners(*t);
                        c[rng.below(c.len())].clone()
                    } else {
                        random(rng, *t)
                    }
                })
                .collect(),
        );
    }
    out
}

#[test]
fn verifier_agrees_with_the_concrete_evaluator() {
    let config = PtConfig {
        cases: 300,
        failure_persistence: None,
        ..PtConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let verified = std::cell::Cell::new(0);
    let refuted = std::cell::Cell::new(0);
    let unknown = std::cell::Cell::new(0);
    let strategy = proptest::collection::vec(stmt(), 1..8);
    let result = runner.run(&strategy, |stmts| {
        let program = program(&stmts);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let violated = sample_inputs(&mut rng)
            .iter()
            .any(|input| violates(&stmts, input));
        let mut verdicts = Vec::new();
        for backend in [BackendKind::Z3, BackendKind::Cvc5] {
            // 32-bit multiplication and division can be hard: a short budget,
            // and `unknown` is allowed (it never counts as verified).
            let config = Config {
                timeout: Some(std::time::Duration::from_secs(2)),
                ..Config::with_backend(backend)
            };
            let report = verify_program(&program, &config).unwrap();
            let outcome = &report.procedures[0].outcome;
            prop_assert!(
                matches!(
                    outcome,
                    Outcome::Verified | Outcome::Failed(_) | Outcome::Unknown { .. }
                ),
                "{}: {:?}",
                backend.name(),
                outcome
            );
            if let Outcome::Unknown { failures, .. } = outcome {
                unknown.set(unknown.get() + 1);
                if !failures.is_empty() {
                    verdicts.push(Some(false));
                } else {
                    verdicts.push(None);
                }
                continue;
            }
            let ok = outcome.is_verified();
            prop_assert!(
                !(ok && violated),
                "{} verified a program with a violating input:\n{}",
                backend.name(),
                ivl::print(&program)
            );
            verdicts.push(Some(ok));
        }
        if let (Some(a), Some(b)) = (verdicts[0], verdicts[1]) {
            prop_assert_eq!(a, b, "z3 and cvc5 disagree on\n{}", ivl::print(&program));
        }
        match verdicts[0].or(verdicts[1]) {
            Some(true) => verified.set(verified.get() + 1),
            Some(false) => refuted.set(refuted.get() + 1),
            None => {}
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The generator must exercise both verdicts.
    let counts = format!(
        "verified {}, refuted {}, unknown {}",
        verified.get(),
        refuted.get(),
        unknown.get()
    );
    assert!(verified.get() >= 20 && refuted.get() >= 20, "{counts}");
    assert!(unknown.get() <= 30, "{counts}");
}
