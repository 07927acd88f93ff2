//! Unit tests on hand-built trees (no spans); the file-based tests in
//! ivl/tests/typeck.rs cover positions and the parser's output.

use super::{check, Scope};
use crate::ast::*;
use crate::kernel;
use crate::span::Span;
use build::*;

mod build;

/// `code: message` of every diagnostic.
fn errors(decls: Vec<Decl>) -> Vec<String> {
    check(&Program { decls })
        .into_iter()
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect()
}

#[track_caller]
fn assert_errors(decls: Vec<Decl>, expected: &[&str]) {
    assert_eq!(errors(decls), expected);
}

#[test]
fn well_typed_procedure_has_no_errors() {
    let max = procedure("max")
        .param("a", bv32())
        .param("b", bv32())
        .ret("m", bv32())
        .ensures(Expr::binary(
            BinaryOp::BvUGe,
            Expr::var("m"),
            Expr::var("a"),
        ))
        .body(
            vec![],
            vec![assign(
                "m",
                Expr::ite(
                    Expr::binary(BinaryOp::BvUGt, Expr::var("a"), Expr::var("b")),
                    Expr::var("a"),
                    Expr::var("b"),
                ),
            )],
        )
        .build();
    assert_errors(vec![max], &[]);
}

#[test]
fn operand_of_wrong_type_is_reported_once() {
    let p = procedure("p")
        .param("x", bv32())
        .body(
            vec![],
            vec![Stmt::new(StmtKind::Assert(Expr::eq(
                add(Expr::var("x"), Expr::int(1)),
                Expr::var("x"),
            )))],
        )
        .build();
    assert_errors(
        vec![p],
        &["ivl::type_mismatch: type mismatch: expected bv32, found int"],
    );
}

#[test]
fn unknown_name_does_not_cascade_and_suggests_close_names() {
    let p = procedure("p")
        .param("count", Type::Int)
        .body(
            vec![],
            vec![Stmt::new(StmtKind::Assert(Expr::eq(
                add(Expr::var("cuont"), Expr::int(1)),
                Expr::int(2),
            )))],
        )
        .build();
    let diags = check(&Program { decls: vec![p] });
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].message, "unknown variable `cuont`");
    assert_eq!(diags[0].help.as_deref(), Some("did you mean `count`?"));
}

#[test]
fn boolean_positions_require_bool() {
    let p = procedure("p")
        .param("x", bv32())
        .requires(Expr::var("x"))
        .ensures(Expr::int(1))
        .body(vec![], vec![Stmt::new(StmtKind::Assume(Expr::var("x")))])
        .build();
    let axiom = Decl::Axiom(Axiom {
        attrs: Vec::new(),
        expr: Expr::int(0),
        span: Span::DUMMY,
    });
    assert_errors(
        vec![axiom, p],
        &[
            "ivl::type_mismatch: type mismatch: expected bool, found int",
            "ivl::type_mismatch: type mismatch: expected bool, found bv32",
            "ivl::type_mismatch: type mismatch: expected bool, found int",
            "ivl::type_mismatch: type mismatch: expected bool, found bv32",
        ],
    );
}

#[test]
fn widths_of_types_literals_extractions_extensions_and_concatenations() {
    let wide = Expr::bv(0, 100);
    let p = procedure("p")
        .param("x", bv32())
        .param("bad", Type::Bv(0))
        .body(
            vec![],
            vec![
                Stmt::new(StmtKind::Assert(Expr::eq(Expr::bv(256, 8), Expr::bv(0, 8)))),
                Stmt::new(StmtKind::Assert(Expr::eq(
                    Expr::bv(0, 200),
                    Expr::bv(0, 200),
                ))),
                Stmt::new(StmtKind::Assert(Expr::eq(
                    Expr::synthetic(ExprKind::Extract {
                        expr: Box::new(Expr::var("x")),
                        hi: 40,
                        lo: 32,
                    }),
                    Expr::bv(0, 8),
                ))),
                Stmt::new(StmtKind::Assert(Expr::eq(
                    Expr::synthetic(ExprKind::Extend {
                        signed: false,
                        width: 16,
                        expr: Box::new(Expr::var("x")),
                    }),
                    Expr::bv(0, 16),
                ))),
                Stmt::new(StmtKind::Assert(Expr::eq(
                    Expr::binary(BinaryOp::Concat, wide.clone(), wide),
                    Expr::var("x"),
                ))),
            ],
        )
        .build();
    assert_errors(
        vec![p],
        &[
            "ivl::width: bit-vector width out of range: expected 1..=128, found 0",
            "ivl::width: bit-vector literal out of range: 256 does not fit in 8 bits",
            "ivl::width: bit-vector width out of range: expected 1..=128, found 200",
            "ivl::width: bit-vector width out of range: expected 1..=128, found 200",
            "ivl::width: extraction out of range: expected lo < hi <= 32, found [40:32] of bv32",
            "ivl::width: `zext` to bv16 narrows: expected at most 16 bits, found bv32",
            "ivl::width: bit-vector width out of range: expected 1..=128, found 200",
        ],
    );
}

#[test]
fn extraction_follows_the_boogie_convention() {
    let program = Program {
        decls: vec![constant("x", bv32())],
    };
    let scope = Scope::global(&program);
    let extract = |hi, lo| {
        Expr::synthetic(ExprKind::Extract {
            expr: Box::new(Expr::var("x")),
            hi,
            lo,
        })
    };
    assert_eq!(scope.type_of(&extract(32, 0)), Some(bv32()));
    assert_eq!(scope.type_of(&extract(8, 0)), Some(Type::Bv(8)));
    assert_eq!(scope.type_of(&extract(33, 1)), None);
    assert_eq!(scope.type_of(&extract(4, 4)), None);
}

#[test]
fn assignments_check_targets_indices_and_modifies() {
    let decls = vec![
        global("G", Type::map(bv32(), Type::map(bv32(), Type::Bv(8)))),
        global("H", Type::Int),
        constant("N", Type::Int),
        procedure("p")
            .param("i", bv32())
            .ret("r", Type::Int)
            .modifies("G")
            .body(
                vec![],
                vec![
                    assign_many(
                        vec![lhs("G", vec![Expr::var("i"), Expr::var("i")])],
                        vec![Expr::bv(1, 8)],
                    ),
                    assign_many(
                        vec![
                            lhs("G", vec![Expr::var("i")]),
                            lhs("G", vec![Expr::bv(0, 32)]),
                        ],
                        vec![Expr::var("G"), Expr::var("G")],
                    ),
                    assign("H", Expr::int(1)),
                    assign("N", Expr::int(1)),
                    assign("i", Expr::bv(1, 32)),
                    assign_many(vec![lhs("r", vec![]), lhs("H", vec![])], vec![Expr::int(1)]),
                    assign_many(vec![lhs("r", vec![Expr::int(0)])], vec![Expr::int(1)]),
                ],
            )
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::duplicate: `G` is assigned twice in one assignment",
            "ivl::type_mismatch: type mismatch: expected [bv32]bv8, found [bv32][bv32]bv8",
            "ivl::type_mismatch: type mismatch: expected [bv32]bv8, found [bv32][bv32]bv8",
            "ivl::modifies: `p` assigns global `H`, which is not in its modifies clause",
            "ivl::not_assignable: cannot assign to constant `N`",
            "ivl::not_assignable: cannot assign to in-parameter `i`",
            "ivl::arity: wrong number of values in assignment: expected 2, found 1",
            "ivl::modifies: `p` assigns global `H`, which is not in its modifies clause",
            "ivl::type_mismatch: type mismatch: expected a map, found int",
        ],
    );
}

#[test]
fn calls_check_arguments_results_and_modifies() {
    let decls = vec![
        global("G", Type::Int),
        procedure("callee")
            .param("a", Type::Int)
            .ret("r", bv32())
            .modifies("G")
            .build(),
        procedure("caller")
            .ret("x", Type::Int)
            .body(
                vec![variable("y", bv32())],
                vec![
                    call("callee", vec![Expr::int(1), Expr::int(2)], &["y"]),
                    call("callee", vec![Expr::bool(true)], &["x"]),
                    call("calee", vec![], &[]),
                    call("callee", vec![Expr::int(1)], &["y", "y"]),
                ],
            )
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::arity: wrong number of arguments to `callee`: expected 1, found 2",
            "ivl::modifies: call to `callee` may modify `G`, which is not in the modifies clause of `caller`",
            "ivl::type_mismatch: type mismatch: expected int, found bool",
            "ivl::type_mismatch: type mismatch: expected bv32, found int",
            "ivl::modifies: call to `callee` may modify `G`, which is not in the modifies clause of `caller`",
            "ivl::unknown_name: unknown procedure `calee`",
            "ivl::arity: wrong number of results from `callee`: expected 1, found 2",
            "ivl::duplicate: `y` is assigned twice in one call",
            "ivl::modifies: call to `callee` may modify `G`, which is not in the modifies clause of `caller`",
        ],
    );
}

#[test]
fn old_is_rejected_outside_two_state_positions() {
    let decls = vec![
        global("G", Type::Int),
        constant("C", Type::Int),
        function(
            "f",
            &[("x", Type::Int)],
            Type::Int,
            Some(Expr::old(Expr::var("x"))),
        ),
        Decl::Axiom(Axiom {
            attrs: Vec::new(),
            expr: Expr::eq(Expr::old(Expr::var("C")), Expr::int(0)),
            span: Span::DUMMY,
        }),
        procedure("p")
            .requires(Expr::eq(Expr::old(Expr::var("G")), Expr::int(0)))
            .ensures(Expr::eq(
                Expr::old(Expr::old(Expr::var("G"))),
                Expr::var("G"),
            ))
            .body(
                vec![],
                vec![Stmt::new(StmtKind::Assert(Expr::eq(
                    Expr::old(Expr::var("G")),
                    Expr::var("G"),
                )))],
            )
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::old: `old` is not allowed in a function body",
            "ivl::old: `old` is not allowed in an axiom",
            "ivl::old: `old` is not allowed in a precondition",
        ],
    );
}

#[test]
fn pure_positions_do_not_see_state_and_requires_does_not_see_results() {
    let decls = vec![
        global("G", Type::Int),
        function("f", &[], Type::Int, Some(Expr::var("G"))),
        procedure("p")
            .ret("r", Type::Int)
            .requires(Expr::eq(Expr::var("r"), Expr::var("G")))
            .ensures(Expr::eq(Expr::var("r"), Expr::var("G")))
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::state: global variable `G` cannot be used in a function body",
            "ivl::unknown_name: out-parameter `r` cannot be used in a precondition",
        ],
    );
}

#[test]
fn mutual_recursion_names_the_cycle() {
    let call = |f: &str, x: &str| Expr::apply(f, vec![Expr::var(x)]);
    let decls = vec![
        function("h", &[("x", Type::Int)], Type::Int, Some(Expr::var("x"))),
        function("f", &[("x", Type::Int)], Type::Int, Some(call("g", "x"))),
        function(
            "g",
            &[("x", Type::Int)],
            Type::Int,
            Some(add(call("h", "x"), call("f", "x"))),
        ),
        function("s", &[("x", Type::Int)], Type::Int, Some(call("s", "x"))),
    ];
    assert_errors(
        decls,
        &[
            "ivl::recursion: function `f` is recursive: f -> g -> f",
            "ivl::recursion: function `s` is recursive: s -> s",
        ],
    );
}

#[test]
fn labels_are_unique_and_goto_targets_exist() {
    let p = procedure("p")
        .blocks(vec![
            (
                "entry",
                TransferKind::Goto(vec![ident("exit"), ident("exti"), ident("nowhere")]),
            ),
            ("exit", TransferKind::Return),
            ("exit", TransferKind::Return),
        ])
        .build();
    assert_errors(
        vec![p],
        &[
            "ivl::label: duplicate label `exit`",
            "ivl::label: unknown label `exti`",
            "ivl::label: unknown label `nowhere`",
        ],
    );
}

#[test]
fn kernel_builtins_are_in_scope_read_only_and_reserved() {
    let decls = vec![
        global("local_id_y", Type::Int),
        Decl::Var(Variable {
            attrs: vec![
                Attribute::new("global", vec![]),
                Attribute::new("group_shared", vec![]),
            ],
            ..variable("A", Type::map(bv32(), bv32()))
        }),
        Decl::Const(Variable {
            attrs: vec![Attribute::new("constant", vec![])],
            ..variable("C", bv32())
        }),
        procedure("k")
            .kernel()
            .modifies("A")
            .body(
                vec![],
                vec![
                    assign_many(
                        vec![lhs("A", vec![Expr::var("local_id_x")])],
                        vec![Expr::var("group_id_x")],
                    ),
                    assign("local_id_x", Expr::bv(0, 32)),
                    call("barrier", vec![Expr::bool(true), Expr::bool(false)], &[]),
                ],
            )
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::kernel: `local_id_y` is a builtin of the kernel dialect",
            "ivl::kernel: `A` has more than one memory-space attribute",
            "ivl::kernel: memory-space attribute `{:constant}` is only valid on a map-typed global `var`",
            "ivl::not_assignable: cannot assign to builtin constant `local_id_x`",
        ],
    );
}

#[test]
fn builtin_names_are_ordinary_outside_kernels() {
    let decls = vec![
        global("local_id_x", Type::Int),
        procedure("barrier").build(),
        procedure("p")
            .modifies("local_id_x")
            .body(
                vec![],
                vec![
                    assign("local_id_x", Expr::int(3)),
                    call("barrier", vec![], &[]),
                ],
            )
            .build(),
    ];
    assert_errors(decls, &[]);
}

#[test]
fn duplicates_and_shadowing() {
    let decls = vec![
        global("x", Type::Int),
        constant("x", Type::Int),
        function("x", &[("a", Type::Int), ("a", Type::Int)], Type::Int, None),
        procedure("p")
            .param("a", Type::Int)
            .param("a", Type::Int)
            .ret("x", Type::Int)
            .body(vec![variable("a", Type::Int)], vec![])
            .build(),
        procedure("p").build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::duplicate: duplicate declaration of `x`",
            "ivl::duplicate: duplicate declaration of `p`",
            "ivl::duplicate: duplicate declaration of `a`",
            "ivl::duplicate: duplicate declaration of `a`",
            "ivl::duplicate: out-parameter `x` has the same name as a global variable",
            "ivl::duplicate: local variable `a` shadows an in-parameter of `p`",
        ],
    );
}

#[test]
fn modifies_lists_only_global_variables() {
    let decls = vec![
        global("G", Type::Int),
        constant("N", Type::Int),
        procedure("p")
            .param("a", Type::Int)
            .modifies("G")
            .modifies("G")
            .modifies("N")
            .modifies("a")
            .modifies("H")
            .build(),
    ];
    assert_errors(
        decls,
        &[
            "ivl::duplicate: `G` is listed twice in the modifies clause",
            "ivl::modifies: `N` is a constant, not a global variable",
            "ivl::modifies: `a` is an in-parameter, not a global variable",
            "ivl::unknown_name: unknown global variable `H`",
        ],
    );
}

#[test]
fn scope_answers_types_for_later_stages() {
    let p = procedure("k")
        .kernel()
        .param("i", bv32())
        .ret("r", Type::Bool)
        .body(vec![variable("t", Type::Int)], vec![])
        .build();
    let program = Program {
        decls: vec![
            global("A", Type::map(bv32(), Type::Bv(8))),
            function("f", &[("x", Type::Int)], Type::Bool, None),
            p,
        ],
    };
    let procedure = program.procedure("k").unwrap();
    let scope = Scope::procedure(&program, procedure);
    assert_eq!(scope.var_type("t"), Some(&Type::Int));
    assert_eq!(
        scope.var_type("local_id_x"),
        Some(&kernel::builtin_constant_type())
    );
    assert_eq!(scope.var_type("nope"), None);
    assert_eq!(
        scope.type_of(&Expr::select(Expr::var("A"), Expr::var("i"))),
        Some(Type::Bv(8))
    );
    assert_eq!(
        scope.type_of(&Expr::apply("f", vec![Expr::var("t")])),
        Some(Type::Bool)
    );
    assert_eq!(
        scope.type_of(&Expr::old(Expr::var("A"))),
        Some(Type::map(bv32(), Type::Bv(8)))
    );
    let forall = Expr::synthetic(ExprKind::Quantifier {
        kind: QuantKind::Forall,
        vars: vec![TypedIdent::new("t", bv32())],
        body: Box::new(Expr::eq(Expr::var("t"), Expr::var("i"))),
    });
    assert_eq!(scope.type_of(&forall), Some(Type::Bool));
    assert_eq!(
        scope.type_of(&Expr::eq(Expr::var("t"), Expr::var("i"))),
        None
    );
    assert_eq!(
        scope.type_of(&Expr::binary(
            BinaryOp::Concat,
            Expr::var("i"),
            Expr::bv(0, 8)
        )),
        Some(Type::Bv(40))
    );
    let global = Scope::global(&program);
    assert_eq!(global.var_type("t"), None);
    assert_eq!(global.var_type("A"), Some(&Type::map(bv32(), Type::Bv(8))));
}

#[test]
fn output_does_not_depend_on_hash_order() {
    let decls = vec![
        global("xa", Type::Int),
        global("xb", Type::Int),
        global("xc", Type::Int),
        procedure("p")
            .modifies("xa")
            .body(
                vec![],
                vec![assign("xd", Expr::int(0)), assign("xb", Expr::int(0))],
            )
            .build(),
    ];
    let first = check(&Program {
        decls: decls.clone(),
    });
    for _ in 0..20 {
        assert_eq!(
            check(&Program {
                decls: decls.clone()
            }),
            first
        );
    }
    assert_eq!(first[0].help.as_deref(), Some("did you mean `xa`?"));
}

#[test]
fn goto_without_targets_is_reported() {
    let p = procedure("p")
        .blocks(vec![("entry", TransferKind::Goto(vec![]))])
        .build();
    assert_errors(
        vec![p],
        &["ivl::label: `goto` without targets in block `entry`"],
    );
}
