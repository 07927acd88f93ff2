//! Parser tests: declarations, statements, the precedence table, literal
//! checks and spans. Errors, recovery and robustness are in `error_tests`.

use super::parse;
use crate::ast::{
    AttrArg, BinaryOp, Decl, Expr, ExprKind, FnParam, Program, QuantKind, StmtKind, TransferKind,
    Type, UnaryOp,
};
use crate::span::SourceFile;
use expect_test::{expect, Expect};

pub(super) fn parse_text(text: &str) -> Result<Program, Vec<String>> {
    let file = SourceFile::new("t.ivl", text);
    parse(&file).map_err(|diagnostics| {
        diagnostics
            .iter()
            .map(|d| format!("{} [{}]", d.render_plain(&file), d.code))
            .collect()
    })
}

pub(super) fn parse_ok(text: &str) -> Program {
    match parse_text(text) {
        Ok(program) => program,
        Err(errors) => panic!("{text}\n{}", errors.join("\n")),
    }
}

/// Every diagnostic, one per line, as `file:line:col: error: message [code]`.
pub(super) fn check_errors(text: &str, expected: Expect) {
    match parse_text(text) {
        Ok(program) => panic!("expected errors, parsed {program:?}"),
        Err(errors) => expected.assert_eq(&(errors.join("\n") + "\n")),
    }
}

/// A fully parenthesised rendering that shows the tree's shape.
fn sexp(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Bv { value, width } => format!("{value}bv{width}"),
        ExprKind::Var(name) => name.clone(),
        ExprKind::Old(e) => format!("(old {})", sexp(e)),
        ExprKind::Unary(op, e) => {
            let op = match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "neg",
                UnaryOp::BvNot => "~",
            };
            format!("({op} {})", sexp(e))
        }
        ExprKind::Binary(op, a, b) => {
            let name = op.infix_symbol().or(op.builtin_name()).unwrap_or("?");
            format!("({name} {} {})", sexp(a), sexp(b))
        }
        ExprKind::Extract { expr, hi, lo } => format!("(extract {} {hi} {lo})", sexp(expr)),
        ExprKind::Extend {
            signed,
            width,
            expr,
        } => format!(
            "({} {} {width})",
            if *signed { "sext" } else { "zext" },
            sexp(expr)
        ),
        ExprKind::Ite(c, a, b) => format!("(ite {} {} {})", sexp(c), sexp(a), sexp(b)),
        ExprKind::Select(m, i) => format!("(select {} {})", sexp(m), sexp(i)),
        ExprKind::Store(m, i, v) => format!("(store {} {} {})", sexp(m), sexp(i), sexp(v)),
        ExprKind::Apply(f, args) => {
            let args: Vec<String> = args.iter().map(sexp).collect();
            format!("({f} {})", args.join(" ")).replace(" )", ")")
        }
        ExprKind::Quantifier { kind, vars, body } => {
            let vars: Vec<String> = vars
                .iter()
                .map(|v| format!("{}:{:?}", v.name, v.ty))
                .collect();
            let kind = match kind {
                QuantKind::Forall => "forall",
                QuantKind::Exists => "exists",
            };
            format!("({kind} [{}] {})", vars.join(" "), sexp(body))
        }
    }
}

fn axiom_expr(program: &Program) -> &Expr {
    match program.decls.first() {
        Some(Decl::Axiom(axiom)) => &axiom.expr,
        other => panic!("not an axiom: {other:?}"),
    }
}

/// Parses `expr` as an axiom and compares its shape.
fn check_expr(expr: &str, shape: &str) {
    let program = parse_ok(&format!("axiom {expr};"));
    assert_eq!(sexp(axiom_expr(&program)), shape, "{expr}");
}

fn expr_errors(expr: &str) -> Vec<String> {
    match parse_text(&format!("axiom {expr};")) {
        Ok(program) => panic!("{expr} parsed as {}", sexp(axiom_expr(&program))),
        Err(errors) => errors,
    }
}

// ------------------------------------------------------------ declarations

#[test]
fn global_declarations_split_per_name_with_shared_attributes() {
    let program = parse_ok(
        "const {:a} N, M: bv32;
         var {:group_shared} A, B: [bv32]bv32, c: bool;",
    );
    let names: Vec<(&str, &Type, usize, bool)> = program
        .decls
        .iter()
        .map(|d| match d {
            Decl::Const(v) => (v.name.name.as_str(), &v.ty, v.attrs.len(), true),
            Decl::Var(v) => (v.name.name.as_str(), &v.ty, v.attrs.len(), false),
            other => panic!("{other:?}"),
        })
        .collect();
    let map = Type::map(Type::Bv(32), Type::Bv(32));
    assert_eq!(
        names,
        vec![
            ("N", &Type::Bv(32), 1, true),
            ("M", &Type::Bv(32), 1, true),
            ("A", &map, 1, false),
            ("B", &map, 1, false),
            ("c", &Type::Bool, 1, false),
        ]
    );
}

#[test]
fn nested_map_types_associate_to_the_right() {
    let program = parse_ok("var m: [bv32][bv32]bv8; var n: [[int]int]bool;");
    let types: Vec<Type> = program.global_vars().map(|v| v.ty.clone()).collect();
    assert_eq!(
        types,
        vec![
            Type::map(Type::Bv(32), Type::map(Type::Bv(32), Type::Bv(8))),
            Type::map(Type::map(Type::Int, Type::Int), Type::Bool),
        ]
    );
}

#[test]
fn functions_with_optional_parameter_names_and_bodies() {
    let program = parse_ok(
        "function {:attr} f(x: bv32, bv32): bool;
         function g(x: int): int { x + 1 }
         function h(): int;
         function k(a, b: int, [int]bool): bool;",
    );
    let functions: Vec<_> = program.functions().collect();
    assert_eq!(functions.len(), 4);
    assert_eq!(functions[0].attrs[0].name, "attr");
    assert_eq!(
        functions[0]
            .params
            .iter()
            .map(|p| p.name.as_ref().map(|n| n.name.as_str()))
            .collect::<Vec<_>>(),
        vec![Some("x"), None]
    );
    assert!(functions[0].body.is_none());
    assert_eq!(
        functions[1].body.as_ref().map(sexp).as_deref(),
        Some("(+ x 1)")
    );
    assert!(functions[2].params.is_empty());
    assert_eq!(
        functions[3].params,
        vec![
            FnParam {
                name: Some(crate::ast::Ident::synthetic("a")),
                ty: Type::Int
            },
            FnParam {
                name: Some(crate::ast::Ident::synthetic("b")),
                ty: Type::Int
            },
            FnParam {
                name: None,
                ty: Type::map(Type::Int, Type::Bool)
            },
        ]
    );
}

#[test]
fn procedure_specs_in_any_order_keep_source_order_per_kind() {
    let program = parse_ok(
        "procedure {:inline} P(x: int, y, z: bv8) returns (r: int, s: bool)
           ensures r > 0;
           modifies G;
           requires {:id 1} x > 0;
           ensures {:id 2} s;
           modifies H, I;
           requires x < 10;
         { r := x; }",
    );
    let p = program.procedure("P").unwrap_or_else(|| panic!("no P"));
    assert_eq!(p.attrs[0].name, "inline");
    let params: Vec<(&str, &Type)> = p
        .params
        .iter()
        .map(|t| (t.name.name.as_str(), &t.ty))
        .collect();
    assert_eq!(
        params,
        vec![("x", &Type::Int), ("y", &Type::Bv(8)), ("z", &Type::Bv(8))]
    );
    assert_eq!(p.returns.len(), 2);
    let requires: Vec<String> = p.requires.iter().map(|s| sexp(&s.expr)).collect();
    assert_eq!(requires, vec!["(> x 0)", "(< x 10)"]);
    assert_eq!(p.requires[0].attrs[0].name, "id");
    let ensures: Vec<String> = p.ensures.iter().map(|s| sexp(&s.expr)).collect();
    assert_eq!(ensures, vec!["(> r 0)", "s"]);
    let modifies: Vec<&str> = p.modifies.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(modifies, vec!["G", "H", "I"]);
    assert!(p.body.is_some());
}

#[test]
fn bodiless_procedures_take_specs_before_or_after_the_semicolon() {
    let before = parse_ok("procedure Q(x: int) returns (r: int) requires x > 0; ensures r > x;;");
    let after = parse_ok("procedure Q(x: int) returns (r: int); requires x > 0; ensures r > x;");
    assert_eq!(before, after);
    let q = after.procedure("Q").unwrap_or_else(|| panic!("no Q"));
    assert!(q.body.is_none());
    assert_eq!((q.requires.len(), q.ensures.len()), (1, 1));
    let plain = parse_ok("procedure Q(x: int); var g: int;");
    assert_eq!(plain.decls.len(), 2);
}

#[test]
fn a_spec_after_a_non_procedure_is_an_error() {
    check_errors(
        "var g: int;\nrequires g > 0;\nprocedure P() { }\nensures true;\n",
        expect![[r#"
            t.ivl:2:1: error: a spec outside a procedure declaration [ivl::syntax]
            t.ivl:4:1: error: a spec outside a procedure declaration [ivl::syntax]
        "#]],
    );
}

#[test]
fn locals_split_per_name() {
    let program = parse_ok("procedure P() { var x, y: bv32, b: bool; var {:a} z: int; x := y; }");
    let body = program
        .procedure("P")
        .and_then(|p| p.body.as_ref())
        .unwrap_or_else(|| panic!());
    let locals: Vec<(&str, &Type, usize)> = body
        .locals
        .iter()
        .map(|v| (v.name.name.as_str(), &v.ty, v.attrs.len()))
        .collect();
    assert_eq!(
        locals,
        vec![
            ("x", &Type::Bv(32), 0),
            ("y", &Type::Bv(32), 0),
            ("b", &Type::Bool, 0),
            ("z", &Type::Int, 1)
        ]
    );
}

// -------------------------------------------------------------- statements

fn entry_stmts(program: &Program) -> Vec<crate::ast::Stmt> {
    let body = program
        .procedures()
        .next()
        .and_then(|p| p.body.as_ref())
        .unwrap_or_else(|| panic!("no body"));
    body.blocks[0].stmts.clone()
}

#[test]
fn every_statement_form() {
    let program = parse_ok(
        "procedure P(a: int) returns (r: int) {
           r, M[a][1] := a, 2;
           havoc {:h} r, M;
           assume a > 0;
           assert {:id 7} {:b} r == a;
           call {:atomic} r, s := Q(a, 1);
           call Q();
           call R(a);
           goto L1, L2;
         }",
    );
    let stmts = entry_stmts(&program);
    let shapes: Vec<String> = stmts
        .iter()
        .map(|s| {
            let attrs: Vec<&str> = s.attrs.iter().map(|a| a.name.as_str()).collect();
            let kind = match &s.kind {
                StmtKind::Assign { lhs, rhs } => {
                    let lhs: Vec<String> = lhs
                        .iter()
                        .map(|l| {
                            let idx: Vec<String> = l.indices.iter().map(sexp).collect();
                            format!("{}{:?}", l.name, idx)
                        })
                        .collect();
                    let rhs: Vec<String> = rhs.iter().map(sexp).collect();
                    format!("assign {lhs:?} {rhs:?}")
                }
                StmtKind::Havoc(names) => format!("havoc {}", names.len()),
                StmtKind::Assume(e) => format!("assume {}", sexp(e)),
                StmtKind::Assert(e) => format!("assert {}", sexp(e)),
                StmtKind::Call { callee, args, rets } => {
                    format!("call {callee} {} -> {}", args.len(), rets.len())
                }
            };
            format!("{kind} {attrs:?}")
        })
        .collect();
    assert_eq!(
        shapes,
        vec![
            r#"assign ["r[]", "M[\"a\", \"1\"]"] ["a", "2"] []"#,
            r#"havoc 2 ["h"]"#,
            "assume (> a 0) []",
            r#"assert (== r a) ["id", "b"]"#,
            r#"call Q 2 -> 2 ["atomic"]"#,
            "call Q 0 -> 0 []",
            "call R 1 -> 0 []",
        ]
    );
    let body = program
        .procedures()
        .next()
        .and_then(|p| p.body.clone())
        .unwrap_or_else(|| panic!());
    let targets: Vec<&str> = match &body.blocks[0].transfer.kind {
        TransferKind::Goto(targets) => targets.iter().map(|t| t.name.as_str()).collect(),
        TransferKind::Return => vec![],
    };
    assert_eq!(targets, vec!["L1", "L2"]);
}

#[test]
fn attributes_before_assignments_and_labels_with_string_arguments() {
    let program = parse_ok(
        r#"procedure P() { {:source "k.cl", 12, 5} x := 1; {:loop_head} {:x "a\\b\"c\n\t"} L: return; }"#,
    );
    let stmts = entry_stmts(&program);
    assert_eq!(stmts[0].attrs[0].name, "source");
    assert_eq!(
        stmts[0].attrs[0].args,
        vec![
            AttrArg::Str("k.cl".to_owned()),
            AttrArg::Expr(Expr::int(12)),
            AttrArg::Expr(Expr::int(5)),
        ]
    );
    let body = program
        .procedures()
        .next()
        .and_then(|p| p.body.clone())
        .unwrap_or_else(|| panic!());
    let label = &body.blocks[1];
    assert_eq!(label.label.name, "L");
    assert_eq!(label.attrs[0].name, "loop_head");
    assert_eq!(
        label.attrs[1].args,
        vec![AttrArg::Str("a\\b\"c\n\t".to_owned())]
    );
}

#[test]
fn attributes_are_accepted_on_every_declaration_and_keyword_statement() {
    parse_ok(
        r#"const {:a} c: int;
           var {:a} {:b 1, "s", x + 1} v: int;
           function {:a} f(int): int;
           axiom {:a} f(0) > 0;
           procedure {:a} P() requires {:a} true; ensures {:a} true; {
             var {:a} l: int;
             assume {:a} true; assert {:a} true; havoc {:a} l; call {:a} P();
             while (*) invariant {:a} true; { }
           }"#,
    );
}

// ------------------------------------------------------------- expressions

#[test]
fn precedence_follows_the_readme_table() {
    for (text, shape) in [
        (
            "a <==> b ==> c || d && e == f",
            "(<==> a (==> b (|| c (&& d (== e f)))))",
        ),
        ("a ==> b ==> c", "(==> a (==> b c))"),
        ("a <==> b <==> c", "(<==> (<==> a b) c)"),
        ("a || b || c", "(|| (|| a b) c)"),
        ("a && b || c && d", "(|| (&& a b) (&& c d))"),
        (
            "x | y ^ z & w << v ++ u + t * s",
            "(| x (^ y (& z (<< w (++ v (+ u (* t s)))))))",
        ),
        ("x < y | z", "(< x (| y z))"),
        ("a - b - c", "(- (- a b) c)"),
        ("a * b div c mod d", "(mod (div (* a b) c) d)"),
        ("x ++ y ++ z", "(++ (++ x y) z)"),
        ("-a + b", "(+ (neg a) b)"),
        ("!a && b", "(&& (! a) b)"),
        ("~x[1]", "(~ (select x 1))"),
        ("--x", "(neg (neg x))"),
        ("-5", "(neg 5)"),
        ("(a + b) * c", "(* (+ a b) c)"),
        ("a != b", "(!= a b)"),
        ("a <= b", "(<= a b)"),
        ("a >= b", "(>= a b)"),
        ("a > b", "(> a b)"),
    ] {
        check_expr(text, shape);
    }
}

#[test]
fn comparisons_do_not_associate() {
    for text in ["a < b < c", "a == b == c", "a < b == c"] {
        let errors = expr_errors(text);
        assert_eq!(errors.len(), 1, "{text}: {errors:?}");
        assert!(errors[0].contains("unexpected token"), "{errors:?}");
    }
    check_expr("(a < b) == c", "(== (< a b) c)");
}

#[test]
fn if_then_else_extends_to_the_right() {
    check_expr("if a then b else c + d", "(ite a b (+ c d))");
    check_expr(
        "if a then if b then c else d else e",
        "(ite a (ite b c d) e)",
    );
    check_expr(
        "if if a then b else c then d else e",
        "(ite (ite a b c) d e)",
    );
    check_expr("(if a then b else c) + d", "(+ (ite a b c) d)");
    // As the last operand of an operator, `if` needs no parentheses.
    check_expr("p ==> if c then a else b", "(==> p (ite c a b))");
    check_expr("x + if c then a else b * y", "(+ x (ite c a (* b y)))");
    check_expr("x < if c then a else b", "(< x (ite c a b))");
    check_expr("!if c then a else b", "(! (ite c a b))");
    // It cannot be a left operand without them: the else branch is greedy.
    check_expr("x * if c then a else b == y", "(* x (ite c a (== b y)))");
}

#[test]
fn postfix_operators_chain() {
    check_expr("m[i][j]", "(select (select m i) j)");
    check_expr("m[i := v][j]", "(select (store m i v) j)");
    check_expr("m[i][j := v]", "(store (select m i) j v)");
    check_expr("x[8:0]", "(extract x 8 0)");
    check_expr("x[32:16][8:0]", "(extract (extract x 32 16) 8 0)");
    check_expr("f(x)[3]", "(select (f x) 3)");
    check_expr("5bv32[4:0]", "(extract 5bv32 4 0)");
    check_expr("m[if c then 1 else 2]", "(select m (ite c 1 2))");
}

#[test]
fn atoms() {
    check_expr("true && false", "(&& true false)");
    check_expr("old(x) + old(m[i])", "(+ (old x) (old (select m i)))");
    check_expr(
        "zext(x, 64) ++ sext(y[8:0], 16)",
        "(++ (zext x 64) (sext (extract y 8 0) 16))",
    );
    check_expr(
        "bvslt(a, b) && bvudiv(x, 1bv8) == y",
        "(&& (bvslt a b) (== (bvudiv x 1bv8) y))",
    );
    check_expr("f(a, b + 1)", "(f a (+ b 1))");
    check_expr("f()", "(f)");
    check_expr("x$1 + p.q@r + #t", "(+ (+ x$1 p.q@r) #t)");
    check_expr(
        "(forall x: int, y, z: bv32 :: f(x) ==> y == z)",
        "(forall [x:Int y:Bv(32) z:Bv(32)] (==> (f x) (== y z)))",
    );
    check_expr(
        "(exists m: [int]int :: m[0] > 0)",
        "(exists [m:Map(Int, Int)] (> (select m 0) 0))",
    );
}

#[test]
fn every_builtin_bit_vector_operation() {
    for op in BinaryOp::ALL {
        if let Some(name) = op.builtin_name() {
            let program = parse_ok(&format!("axiom {name}(a, b);"));
            match &axiom_expr(&program).kind {
                ExprKind::Binary(parsed, _, _) => assert_eq!(*parsed, op),
                other => panic!("{name}: {other:?}"),
            }
        }
    }
}

#[test]
fn builtins_take_exactly_two_arguments() {
    assert!(!expr_errors("bvslt(a)").is_empty());
    assert!(!expr_errors("bvslt(a, b, c)").is_empty());
}

// ---------------------------------------------------------------- literals

#[test]
fn literal_limits() {
    check_expr(&u128::MAX.to_string(), &u128::MAX.to_string());
    check_expr("255bv8", "255bv8");
    check_expr("0bv1 ++ 1bv1", "(++ 0bv1 1bv1)");
    check_expr(
        &format!("{}bv128", u128::MAX),
        &format!("{}bv128", u128::MAX),
    );
    check_expr("x[4294967295:0]", "(extract x 4294967295 0)");
}

#[test]
fn literal_errors_point_at_the_literal() {
    check_errors(
        "axiom 340282366920938463463374607431768211456 > 0;
axiom x == 256bv8;
axiom x == 1bv0 || y == 1bv129;
var b: bv0;
var c: [bv129]bool;
axiom zext(x, 99999999999) == x[4294967296:0];
axiom x == 340282366920938463463374607431768211456bv128;
",
        expect![[r#"
            t.ivl:1:7: error: integer literal too large (the maximum is 2^128 - 1) [ivl::syntax]
            t.ivl:2:12: error: bit-vector literal `256bv8` does not fit in 8 bits [ivl::syntax]
            t.ivl:3:12: error: bit-vector width `0` is not in 1..=128 [ivl::syntax]
            t.ivl:3:25: error: bit-vector width `129` is not in 1..=128 [ivl::syntax]
            t.ivl:4:8: error: bit-vector width `0` is not in 1..=128 [ivl::syntax]
            t.ivl:5:9: error: bit-vector width `129` is not in 1..=128 [ivl::syntax]
            t.ivl:6:15: error: width `99999999999` is too large [ivl::syntax]
            t.ivl:6:33: error: bit index `4294967296` is too large [ivl::syntax]
            t.ivl:7:12: error: bit-vector literal `340282366920938463463374607431768211456bv128` does not fit in 128 bits [ivl::syntax]
        "#]],
    );
}

#[test]
fn keywords_are_not_identifiers() {
    for keyword in [
        "then",
        "invariant",
        "break",
        "while",
        "old",
        "div",
        "bvslt",
        "bv32",
        "zext",
    ] {
        assert!(
            parse_text(&format!("var {keyword}: int;")).is_err(),
            "{keyword} accepted as a name"
        );
    }
    parse_ok("var bv32x: int; var bvs: int; var thenx: int; var local_id_x: bv32;");
}

// ------------------------------------------------------------------- spans

#[test]
fn nodes_carry_their_byte_spans() {
    let text = "procedure P(x: int) returns (r: int)\n  requires x > 0;\n{\n  r := m[x + 1];\n  L: assert {:a} r == 2;\n}\n";
    let file = SourceFile::new("t.ivl", text);
    let program = parse(&file).unwrap_or_else(|e| panic!("{e:?}"));
    let p = program.procedure("P").unwrap_or_else(|| panic!());
    assert_eq!(file.snippet(p.span), text.trim_end());
    assert_eq!(file.snippet(p.name.span), "P");
    assert_eq!(file.snippet(p.params[0].name.span), "x");
    assert_eq!(file.snippet(p.requires[0].span), "requires x > 0;");
    assert_eq!(file.snippet(p.requires[0].expr.span), "x > 0");
    let body = p.body.as_ref().unwrap_or_else(|| panic!());
    let assign = &body.blocks[0].stmts[0];
    assert_eq!(file.snippet(assign.span), "r := m[x + 1];");
    let StmtKind::Assign { lhs, rhs } = &assign.kind else {
        panic!()
    };
    assert_eq!(file.snippet(lhs[0].span), "r");
    assert_eq!(file.snippet(rhs[0].span), "m[x + 1]");
    let ExprKind::Select(_, index) = &rhs[0].kind else {
        panic!()
    };
    assert_eq!(file.snippet(index.span), "x + 1");
    let block = &body.blocks[1];
    assert_eq!(file.snippet(block.label.span), "L");
    assert_eq!(file.snippet(block.stmts[0].span), "assert {:a} r == 2;");
    assert_eq!(file.snippet(block.stmts[0].attrs[0].span), "{:a}");
    assert_eq!(file.snippet(block.transfer.span), "}");
    assert_eq!(file.snippet(block.span), "L: assert {:a} r == 2;\n}");
}

#[test]
fn variable_spans_cover_name_and_type() {
    let text = "var a, b: int;";
    let file = SourceFile::new("t.ivl", text);
    let program = parse(&file).unwrap_or_else(|e| panic!("{e:?}"));
    let spans: Vec<&str> = program
        .global_vars()
        .map(|v| file.snippet(v.span))
        .collect();
    assert_eq!(spans, vec!["a, b: int", "b: int"]);
}

#[test]
fn keywords_and_type_names_are_not_identifiers() {
    for keyword in super::KEYWORDS {
        assert!(!super::is_identifier(keyword), "{keyword}");
    }
    for name in ["bv1", "bv32", "bv128", "", "1x", "a b", "x-1", "x:"] {
        assert!(!super::is_identifier(name), "{name:?}");
    }
    for name in [
        "x",
        "x$1",
        "p$2",
        "$$A",
        "_t",
        "#x",
        "a.b@3",
        "bv",
        "bvx",
        "bv32x",
        "invariants",
    ] {
        assert!(super::is_identifier(name), "{name:?}");
    }
}
