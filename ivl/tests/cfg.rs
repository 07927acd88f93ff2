//! Tests of `ivl::cfg`: snapshot tests of every analysis on small graphs
//! built by hand (refresh with `UPDATE_EXPECT=1`), scale tests, and
//! property tests comparing the fast algorithms with naive definitions on
//! random graphs.

use expect_test::{expect, Expect};
use ivl::ast::{Block, Body, Expr, Ident, Lhs, Stmt, StmtKind, Transfer, TransferKind};
use ivl::cfg::{modified_variables, modified_variables_with, BlockId, Cfg, LoopId};
use ivl::Span;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::fmt::Write;

/// A body with one block per entry: `(label, targets)`, where no targets
/// means `return`. Block `i`'s label is at span `100*i .. 100*i+len`.
fn body(blocks: &[(&str, &[&str])]) -> Body {
    Body {
        locals: Vec::new(),
        blocks: blocks
            .iter()
            .enumerate()
            .map(|(i, (label, targets))| {
                let kind = if targets.is_empty() {
                    TransferKind::Return
                } else {
                    TransferKind::Goto(targets.iter().map(|t| Ident::synthetic(*t)).collect())
                };
                block(i, label, kind, Vec::new())
            })
            .collect(),
    }
}

fn block(i: usize, label: &str, kind: TransferKind, stmts: Vec<Stmt>) -> Block {
    Block {
        label: Ident::new(label, Span::new(100 * i, 100 * i + label.len())),
        attrs: Vec::new(),
        stmts,
        transfer: Transfer {
            kind,
            span: Span::DUMMY,
        },
        span: Span::DUMMY,
    }
}

/// A span as its byte offsets (`Span`'s `==` ignores positions).
fn at(span: Span) -> (u32, u32) {
    (span.start, span.end)
}

fn cfg(blocks: &[(&str, &[&str])]) -> Cfg {
    Cfg::new(&body(blocks)).expect("valid graph")
}

fn names(cfg: &Cfg, ids: impl IntoIterator<Item = BlockId>) -> String {
    let labels: Vec<&str> = ids.into_iter().map(|b| cfg.label(b)).collect();
    if labels.is_empty() {
        "-".to_owned()
    } else {
        labels.join(" ")
    }
}

/// Every analysis of the graph, one line per block, then one per loop,
/// then reducibility.
fn describe(cfg: &Cfg) -> String {
    let dom = cfg.dominators();
    let pdom = cfg.post_dominators();
    let loops = cfg.loops();
    let mut out = String::new();
    writeln!(
        out,
        "rpo: {}",
        names(cfg, cfg.reverse_postorder().iter().copied())
    )
    .unwrap();
    for b in cfg.blocks() {
        let succs = names(cfg, cfg.succs(b).iter().copied());
        let idom = if cfg.is_reachable(b) {
            names(cfg, dom.idom(b))
        } else {
            "unreachable".to_owned()
        };
        let ipdom = if pdom.reaches_exit(b) {
            names(cfg, pdom.ipdom(b))
        } else {
            "no exit".to_owned()
        };
        let inner = loops.loop_of(b).map(|l| loops.header(l));
        writeln!(
            out,
            "{} -> {succs} | idom {idom} | ipdom {ipdom} | loop {}",
            cfg.label(b),
            names(cfg, inner)
        )
        .unwrap();
    }
    for l in loops.ids() {
        let exits: Vec<String> = loops
            .exits(l)
            .iter()
            .map(|&(from, to)| format!("{}->{}", cfg.label(from), cfg.label(to)))
            .collect();
        writeln!(
            out,
            "loop {} (depth {}, in {}): body {}; latches {}; exits {}",
            cfg.label(loops.header(l)),
            loops.depth(l),
            names(cfg, loops.parent(l).map(|p| loops.header(p))),
            names(cfg, loops.body(l).iter().copied()),
            names(cfg, loops.latches(l).iter().copied()),
            if exits.is_empty() {
                "-".to_owned()
            } else {
                exits.join(" ")
            },
        )
        .unwrap();
    }
    match cfg.check_reducible("p") {
        Ok(()) => out.push_str("reducible\n"),
        Err(d) => writeln!(
            out,
            "{}: {}\n  at {:?}: {}",
            d.code, d.message, d.span, d.label
        )
        .unwrap(),
    }
    out
}

fn check(blocks: &[(&str, &[&str])], expected: Expect) {
    expected.assert_eq(&describe(&cfg(blocks)));
}

#[test]
fn straight_line() {
    check(
        &[("entry", &["a"]), ("a", &["b"]), ("b", &[])],
        expect![[r#"
            rpo: entry a b
            entry -> a | idom - | ipdom a | loop -
            a -> b | idom entry | ipdom b | loop -
            b -> - | idom a | ipdom - | loop -
            reducible
        "#]],
    );
}

#[test]
fn diamond() {
    check(
        &[
            ("entry", &["then", "else"]),
            ("then", &["join"]),
            ("else", &["join"]),
            ("join", &[]),
        ],
        expect![[r#"
            rpo: entry then else join
            entry -> then else | idom - | ipdom join | loop -
            then -> join | idom entry | ipdom join | loop -
            else -> join | idom entry | ipdom join | loop -
            join -> - | idom entry | ipdom - | loop -
            reducible
        "#]],
    );
}

#[test]
fn graph_accessors() {
    let cfg = cfg(&[
        ("entry", &["then", "else"]),
        ("then", &["join"]),
        ("else", &["join"]),
        ("join", &[]),
    ]);
    assert_eq!(cfg.len(), 4);
    assert!(!cfg.is_empty());
    assert_eq!(cfg.entry(), BlockId(0));
    assert_eq!(cfg.block_id("else"), Some(BlockId(2)));
    assert_eq!(cfg.block_id("nowhere"), None);
    assert_eq!(
        cfg.blocks().map(|b| cfg.label(b)).collect::<Vec<_>>(),
        ["entry", "then", "else", "join"]
    );
    let edges: Vec<(u32, u32)> = cfg.edges().map(|(a, b)| (a.0, b.0)).collect();
    assert_eq!(edges, [(0, 1), (0, 2), (1, 3), (2, 3)]);
    assert_eq!(cfg.preds(BlockId(3)), &[BlockId(1), BlockId(2)]);
    assert_eq!(cfg.exits(), &[BlockId(3)]);
    assert_eq!(cfg.rpo_index(BlockId(3)), Some(3));
    assert_eq!(at(cfg.label_span(BlockId(3))), (300, 304));
}

#[test]
fn two_returns_meet_at_the_virtual_exit() {
    let cfg = cfg(&[("entry", &["a", "b"]), ("a", &[]), ("b", &[])]);
    let pdom = cfg.post_dominators();
    assert_eq!(pdom.ipdom(cfg.entry()), None);
    assert!(pdom.reaches_exit(cfg.entry()));
    assert_eq!(pdom.roots(), &[BlockId(0), BlockId(1), BlockId(2)]);
    assert_eq!(cfg.exits(), &[BlockId(1), BlockId(2)]);
}

#[test]
fn while_loop() {
    check(
        &[
            ("entry", &["head"]),
            ("head", &["body", "done"]),
            ("body", &["head"]),
            ("done", &[]),
        ],
        expect![[r#"
            rpo: entry head body done
            entry -> head | idom - | ipdom head | loop -
            head -> body done | idom entry | ipdom done | loop head
            body -> head | idom head | ipdom head | loop head
            done -> - | idom head | ipdom - | loop -
            loop head (depth 1, in -): body head body; latches body; exits head->done
            reducible
        "#]],
    );
}

#[test]
fn nested_loops() {
    check(
        &[
            ("entry", &["outer"]),
            ("outer", &["inner", "done"]),
            ("inner", &["inner_body", "outer_latch"]),
            ("inner_body", &["inner"]),
            ("outer_latch", &["outer"]),
            ("done", &[]),
        ],
        expect![[r#"
            rpo: entry outer inner inner_body outer_latch done
            entry -> outer | idom - | ipdom outer | loop -
            outer -> inner done | idom entry | ipdom done | loop outer
            inner -> inner_body outer_latch | idom outer | ipdom outer_latch | loop inner
            inner_body -> inner | idom inner | ipdom inner | loop inner
            outer_latch -> outer | idom inner | ipdom outer | loop outer
            done -> - | idom outer | ipdom - | loop -
            loop outer (depth 1, in -): body outer inner inner_body outer_latch; latches outer_latch; exits outer->done
            loop inner (depth 2, in outer): body inner inner_body; latches inner_body; exits inner->outer_latch
            reducible
        "#]],
    );
}

#[test]
fn nesting_queries() {
    let cfg = cfg(&[
        ("entry", &["outer"]),
        ("outer", &["inner", "done"]),
        ("inner", &["inner_body", "outer_latch"]),
        ("inner_body", &["inner"]),
        ("outer_latch", &["outer"]),
        ("done", &[]),
    ]);
    let loops = cfg.loops();
    let id = |l| cfg.block_id(l).unwrap();
    let outer = loops.loop_with_header(id("outer")).unwrap();
    let inner = loops.loop_with_header(id("inner")).unwrap();
    assert!(outer < inner, "outermost first");
    assert_eq!(loops.children(outer), &[inner]);
    assert_eq!(loops.top_level().collect::<Vec<_>>(), vec![outer]);
    assert_eq!(loops.loop_depth(id("inner_body")), 2);
    assert_eq!(loops.loop_depth(id("done")), 0);
    assert!(loops.contains(outer, id("inner_body")));
    assert!(!loops.contains(inner, id("outer_latch")));
    assert!(loops.is_header(id("inner")) && !loops.is_header(id("inner_body")));
    assert_eq!(
        loops.headers().collect::<Vec<_>>(),
        vec![id("outer"), id("inner")]
    );
    assert_eq!(
        loops.back_edges().collect::<Vec<_>>(),
        vec![
            (id("outer_latch"), id("outer")),
            (id("inner_body"), id("inner"))
        ]
    );
    let dom = cfg.dominators();
    assert_eq!(
        dom.children(id("inner")),
        &[id("inner_body"), id("outer_latch")]
    );
    assert_eq!(
        names(&cfg, dom.dominators_of(id("outer_latch"))),
        "outer_latch inner outer entry"
    );
    assert!(dom.strictly_dominates(id("outer"), id("inner")));
    assert!(!dom.strictly_dominates(id("inner"), id("inner")));
    let pdom = cfg.post_dominators();
    assert_eq!(
        names(&cfg, pdom.post_dominators_of(id("inner_body"))),
        "inner_body inner outer_latch outer done"
    );
}

#[test]
fn two_back_edges_to_one_header() {
    check(
        &[
            ("entry", &["head"]),
            ("head", &["a", "b", "done"]),
            ("a", &["head"]),
            ("b", &["head"]),
            ("done", &[]),
        ],
        expect![[r#"
            rpo: entry head a b done
            entry -> head | idom - | ipdom head | loop -
            head -> a b done | idom entry | ipdom done | loop head
            a -> head | idom head | ipdom head | loop head
            b -> head | idom head | ipdom head | loop head
            done -> - | idom head | ipdom - | loop -
            loop head (depth 1, in -): body head a b; latches a b; exits head->done
            reducible
        "#]],
    );
}

#[test]
fn loop_with_break_has_two_exits() {
    check(
        &[
            ("entry", &["head"]),
            ("head", &["body", "done"]),
            ("body", &["break", "continue"]),
            ("break", &["after"]),
            ("continue", &["head"]),
            ("done", &["after"]),
            ("after", &[]),
        ],
        expect![[r#"
            rpo: entry head body break continue done after
            entry -> head | idom - | ipdom head | loop -
            head -> body done | idom entry | ipdom after | loop head
            body -> break continue | idom head | ipdom after | loop head
            break -> after | idom body | ipdom after | loop -
            continue -> head | idom body | ipdom head | loop head
            done -> after | idom head | ipdom after | loop -
            after -> - | idom head | ipdom - | loop -
            loop head (depth 1, in -): body head body continue; latches continue; exits head->done body->break
            reducible
        "#]],
    );
}

#[test]
fn infinite_loop_has_no_post_dominators() {
    check(
        &[("entry", &["spin"]), ("spin", &["spin"])],
        expect![[r#"
            rpo: entry spin
            entry -> spin | idom - | ipdom no exit | loop -
            spin -> spin | idom entry | ipdom no exit | loop spin
            loop spin (depth 1, in -): body spin; latches spin; exits -
            reducible
        "#]],
    );
}

#[test]
fn post_dominators_ignore_paths_into_an_infinite_loop() {
    check(
        &[
            ("entry", &["spin", "a"]),
            ("spin", &["spin"]),
            ("a", &["b"]),
            ("b", &[]),
        ],
        expect![[r#"
            rpo: entry spin a b
            entry -> spin a | idom - | ipdom a | loop -
            spin -> spin | idom entry | ipdom no exit | loop spin
            a -> b | idom entry | ipdom b | loop -
            b -> - | idom a | ipdom - | loop -
            loop spin (depth 1, in -): body spin; latches spin; exits -
            reducible
        "#]],
    );
    let cfg = cfg(&[("entry", &["spin"]), ("spin", &["spin"])]);
    let pdom = cfg.post_dominators();
    assert!(!pdom.post_dominates(BlockId(1), BlockId(1)));
    assert!(pdom.roots().is_empty());
    assert_eq!(pdom.post_dominators_of(BlockId(0)).count(), 0);
}

#[test]
fn unreachable_blocks() {
    // `dead` jumps into the loop and loops on itself; neither makes it part
    // of a loop, and it does not change the loop's dominators.
    check(
        &[
            ("entry", &["head"]),
            ("head", &["body", "done"]),
            ("body", &["head"]),
            ("done", &[]),
            ("dead", &["body", "dead"]),
        ],
        expect![[r#"
            rpo: entry head body done
            entry -> head | idom - | ipdom head | loop -
            head -> body done | idom entry | ipdom done | loop head
            body -> head | idom head | ipdom head | loop head
            done -> - | idom head | ipdom - | loop -
            dead -> body dead | idom unreachable | ipdom body | loop -
            loop head (depth 1, in -): body head body; latches body; exits head->done
            reducible
        "#]],
    );
    let cfg = cfg(&[("entry", &[]), ("dead", &["entry"])]);
    let dead = BlockId(1);
    assert!(!cfg.is_reachable(dead));
    assert_eq!(cfg.rpo_index(dead), None);
    assert_eq!(cfg.preds(cfg.entry()), &[dead]);
    let dom = cfg.dominators();
    assert!(!dom.dominates(dead, dead));
    assert!(!dom.dominates(cfg.entry(), dead));
    assert_eq!(dom.dominators_of(dead).count(), 0);
    assert!(dom.children(dead).is_empty());
    assert!(cfg.post_dominators().post_dominates(cfg.entry(), dead));
}

#[test]
fn self_loop() {
    check(
        &[
            ("entry", &["spin"]),
            ("spin", &["spin", "done"]),
            ("done", &[]),
        ],
        expect![[r#"
            rpo: entry spin done
            entry -> spin | idom - | ipdom spin | loop -
            spin -> spin done | idom entry | ipdom done | loop spin
            done -> - | idom spin | ipdom - | loop -
            loop spin (depth 1, in -): body spin; latches spin; exits spin->done
            reducible
        "#]],
    );
}

#[test]
fn entry_in_a_loop() {
    check(
        &[("entry", &["a", "done"]), ("a", &["entry"]), ("done", &[])],
        expect![[r#"
            rpo: entry a done
            entry -> a done | idom - | ipdom done | loop entry
            a -> entry | idom entry | ipdom entry | loop entry
            done -> - | idom entry | ipdom - | loop -
            loop entry (depth 1, in -): body entry a; latches a; exits entry->done
            reducible
        "#]],
    );
}

#[test]
fn irreducible_classic() {
    check(
        &[("entry", &["A", "B"]), ("A", &["B"]), ("B", &["A"])],
        expect![[r#"
            rpo: entry B A
            entry -> A B | idom - | ipdom no exit | loop -
            A -> B | idom entry | ipdom no exit | loop -
            B -> A | idom entry | ipdom no exit | loop -
            ivl::irreducible: irreducible control flow in procedure `p`: a loop is entered both at `A` (from `entry`) and at `B` (from `entry`), and neither block dominates the other
              at 200..201: entered from `entry`, bypassing `A`
        "#]],
    );
    let cfg = cfg(&[("entry", &["A", "B"]), ("A", &["B"]), ("B", &["A"])]);
    assert!(!cfg.is_reducible());
    let err = cfg.check_reducible("p").unwrap_err();
    assert_eq!(at(err.span), (200, 201));
    assert_eq!(at(cfg.label_span(BlockId(2))), (200, 201));
    assert!(err.help.is_some());
}

#[test]
fn irreducible_region_inside_a_reducible_loop() {
    // An outer loop whose body branches into the middle of an inner cycle
    // `x -> y -> z -> x`, which is also entered at `x`.
    check(
        &[
            ("entry", &["head"]),
            ("head", &["split", "done"]),
            ("split", &["x", "z"]),
            ("x", &["y"]),
            ("y", &["z", "latch"]),
            ("z", &["x"]),
            ("latch", &["head"]),
            ("done", &[]),
        ],
        expect![[r#"
            rpo: entry head split z x y latch done
            entry -> head | idom - | ipdom head | loop -
            head -> split done | idom entry | ipdom done | loop head
            split -> x z | idom head | ipdom x | loop head
            x -> y | idom split | ipdom y | loop head
            y -> z latch | idom x | ipdom latch | loop head
            z -> x | idom split | ipdom x | loop head
            latch -> head | idom y | ipdom head | loop head
            done -> - | idom head | ipdom - | loop -
            loop head (depth 1, in -): body head split x y z latch; latches latch; exits head->done
            ivl::irreducible: irreducible control flow in procedure `p`: a loop is entered both at `x` (from `split`) and at `z` (from `split`), and neither block dominates the other
              at 500..501: entered from `split`, bypassing `x`
        "#]],
    );
}

#[test]
fn irreducible_with_a_long_cycle() {
    // The cycle a -> b -> c -> d -> a is entered at `a` and at `c` (via
    // `side`, which the entry reaches without passing `a`).
    let cfg = cfg(&[
        ("entry", &["a", "side"]),
        ("a", &["b"]),
        ("b", &["c"]),
        ("c", &["d"]),
        ("d", &["a", "out"]),
        ("side", &["c"]),
        ("out", &[]),
    ]);
    let err = cfg.check_reducible("long").unwrap_err();
    assert_eq!(err.code, "ivl::irreducible");
    assert!(err.message.contains("procedure `long`"), "{}", err.message);
    assert_eq!(at(err.span), at(cfg.label_span(cfg.block_id("c").unwrap())));
}

#[test]
fn modified_variables_of_a_loop() {
    let assign = |names: &[&str]| {
        Stmt::new(StmtKind::Assign {
            lhs: names
                .iter()
                .map(|n| Lhs {
                    name: Ident::synthetic(*n),
                    indices: if *n == "M" {
                        vec![Expr::var("i"), Expr::var("j")]
                    } else {
                        Vec::new()
                    },
                    span: Span::DUMMY,
                })
                .collect(),
            rhs: names.iter().map(|_| Expr::var("v")).collect(),
        })
    };
    let havoc = Stmt::new(StmtKind::Havoc(vec![Ident::synthetic("h")]));
    let call = Stmt::new(StmtKind::Call {
        callee: Ident::synthetic("P"),
        args: vec![Expr::var("a")],
        rets: vec![Ident::synthetic("r")],
    });
    let assert = Stmt::new(StmtKind::Assert(Expr::var("w")));
    let goto = |t: &str| TransferKind::Goto(vec![Ident::synthetic(t)]);
    let body = Body {
        locals: Vec::new(),
        blocks: vec![
            block(0, "entry", goto("head"), vec![assign(&["before"])]),
            block(1, "head", goto("body"), vec![assert]),
            block(
                2,
                "body",
                goto("head"),
                vec![assign(&["x", "M"]), havoc, call],
            ),
            block(3, "done", TransferKind::Return, vec![assign(&["after"])]),
        ],
    };
    let cfg = Cfg::new(&body).unwrap();
    let loops = cfg.loops();
    let l = loops.ids().next().unwrap();
    let set = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        modified_variables(&body, loops.body(l).iter().copied()),
        set(&["M", "h", "r", "x"])
    );
    let callee_modifies = |callee: &str| match callee {
        "P" => vec!["G".to_owned(), "x".to_owned()],
        _ => Vec::new(),
    };
    assert_eq!(
        modified_variables_with(&body, loops.body(l).iter().copied(), callee_modifies),
        set(&["G", "M", "h", "r", "x"])
    );
    assert_eq!(
        modified_variables(&body, cfg.blocks()),
        set(&["M", "after", "before", "h", "r", "x"])
    );
}

// Scale: nothing may recurse per block or take quadratic time in the
// number of blocks.

fn labels(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

#[test]
fn chain_of_ten_thousand_blocks() {
    let n = 10_000;
    let names = labels("b", n);
    let targets: Vec<Vec<&str>> = (0..n)
        .map(|i| {
            names
                .get(i + 1)
                .map(|s| vec![s.as_str()])
                .unwrap_or_default()
        })
        .collect();
    let spec: Vec<(&str, &[&str])> = (0..n)
        .map(|i| (names[i].as_str(), targets[i].as_slice()))
        .collect();
    let cfg = cfg(&spec);
    let last = BlockId(n as u32 - 1);
    assert_eq!(cfg.reverse_postorder().len(), n);
    assert_eq!(cfg.dominators().dominators_of(last).count(), n);
    assert!(cfg.dominators().dominates(cfg.entry(), last));
    let pdom = cfg.post_dominators();
    assert!(pdom.post_dominates(last, cfg.entry()));
    assert_eq!(pdom.ipdom(cfg.entry()), Some(BlockId(1)));
    assert!(cfg.loops().is_empty());
    assert!(cfg.is_reducible());
}

#[test]
fn chain_of_ten_thousand_loops() {
    // h0 -> h1 -> ... -> done; each hi loops on itself.
    let n = 10_000;
    let names = labels("h", n);
    let targets: Vec<Vec<&str>> = (0..n)
        .map(|i| {
            let next = names.get(i + 1).map_or("done", String::as_str);
            vec![names[i].as_str(), next]
        })
        .collect();
    let mut spec: Vec<(&str, &[&str])> = vec![("entry", &["h0"])];
    spec.extend((0..n).map(|i| (names[i].as_str(), targets[i].as_slice())));
    spec.push(("done", &[]));
    let cfg = cfg(&spec);
    let loops = cfg.loops();
    assert_eq!(loops.len(), n);
    assert!(loops
        .ids()
        .all(|l| loops.depth(l) == 1 && loops.body(l).len() == 1));
    assert!(cfg.post_dominators().reaches_exit(cfg.entry()));
}

#[test]
fn loop_nest_one_thousand_deep() {
    // h1 -> h2 -> ... -> hd; hd loops on itself; each hk (k > 1) exits to
    // xk, which is the latch of loop k-1; x1 returns.
    let depth = 1_000;
    let heads = labels("h", depth + 1);
    let exits = labels("x", depth + 1);
    let mut targets: Vec<(usize, Vec<&str>)> = Vec::new();
    for k in 1..=depth {
        let inner = if k == depth { &heads[k] } else { &heads[k + 1] };
        targets.push((k, vec![inner.as_str(), exits[k].as_str()]));
    }
    let mut spec: Vec<(&str, &[&str])> = vec![("entry", &["h1"])];
    for (k, t) in &targets {
        spec.push((heads[*k].as_str(), t.as_slice()));
    }
    let latch_targets: Vec<Vec<&str>> = (1..=depth)
        .map(|k| {
            if k == 1 {
                Vec::new()
            } else {
                vec![heads[k - 1].as_str()]
            }
        })
        .collect();
    for k in 1..=depth {
        spec.push((exits[k].as_str(), latch_targets[k - 1].as_slice()));
    }
    let cfg = cfg(&spec);
    assert!(cfg.is_reducible());
    let loops = cfg.loops();
    assert_eq!(loops.len(), depth);
    let innermost = cfg.block_id(&heads[depth]).unwrap();
    let l = loops.loop_of(innermost).unwrap();
    assert_eq!(loops.depth(l), depth as u32);
    assert_eq!(loops.header(l), innermost);
    let outermost = loops.ids().next().unwrap();
    assert_eq!(loops.header(outermost), cfg.block_id("h1").unwrap());
    assert_eq!(loops.body(outermost).len(), 2 * depth - 1);
    assert_eq!(
        loops.exits(outermost),
        &[(cfg.block_id("h1").unwrap(), cfg.block_id("x1").unwrap())]
    );
    let pdom = cfg.post_dominators();
    assert_eq!(pdom.ipdom(cfg.entry()), cfg.block_id("h1"));
    assert_eq!(pdom.ipdom(innermost), cfg.block_id(&exits[depth]));
}

#[test]
fn deep_irreducible_chain_is_reported() {
    // A long chain whose last block jumps back to its middle block `m`;
    // the entry also jumps directly to the block after `m`, a second entry
    // into the cycle: irreducible, found without recursion.
    let n = 10_000;
    let names = labels("b", n);
    let mut targets: Vec<Vec<&str>> = (0..n)
        .map(|i| {
            names
                .get(i + 1)
                .map(|s| vec![s.as_str()])
                .unwrap_or_default()
        })
        .collect();
    targets[0].push(names[n / 2 + 1].as_str());
    targets[n - 1].push(names[n / 2].as_str());
    let spec: Vec<(&str, &[&str])> = (0..n)
        .map(|i| (names[i].as_str(), targets[i].as_slice()))
        .collect();
    let cfg = cfg(&spec);
    let err = cfg.check_reducible("deep").unwrap_err();
    assert_eq!(err.code, "ivl::irreducible");
    assert_eq!(at(err.span), at(cfg.label_span(BlockId(n as u32 / 2 + 1))));
}

// Property tests: the fast algorithms against naive definitions.

/// A random graph of 1..=8 nodes, each with up to 3 successors (none means
/// `return`).
fn graphs() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (1usize..=8)
        .prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n, 0..=3), n))
}

fn build(graph: &[Vec<usize>]) -> Cfg {
    let names = labels("n", graph.len());
    let targets: Vec<Vec<&str>> = graph
        .iter()
        .map(|succs| succs.iter().map(|&s| names[s].as_str()).collect())
        .collect();
    let spec: Vec<(&str, &[&str])> = names
        .iter()
        .zip(&targets)
        .map(|(name, t)| (name.as_str(), t.as_slice()))
        .collect();
    cfg(&spec)
}

/// Nodes reachable from `from` without entering `avoid`.
fn reach(graph: &[Vec<usize>], from: usize, avoid: Option<usize>) -> Vec<bool> {
    let mut seen = vec![false; graph.len()];
    if Some(from) == avoid {
        return seen;
    }
    seen[from] = true;
    let mut work = vec![from];
    while let Some(v) = work.pop() {
        for &s in &graph[v] {
            if Some(s) != avoid && !seen[s] {
                seen[s] = true;
                work.push(s);
            }
        }
    }
    seen
}

/// `dom(n) = {n} ∪ ⋂ dom(p)` over predecessors, to a fixpoint, as bit sets;
/// `preds[v]` lists the predecessors of `v`, `root` has none that count.
fn naive_dominators(preds: &[Vec<usize>], root: usize, nodes: &[bool]) -> Vec<u32> {
    let n = preds.len();
    let all: u32 = (1u32 << n) - 1;
    let mut dom = vec![all; n];
    dom[root] = 1 << root;
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            if v == root || !nodes[v] {
                continue;
            }
            let meet = preds[v]
                .iter()
                .filter(|&&p| nodes[p])
                .fold(all, |acc, &p| acc & dom[p]);
            let new = meet | (1 << v);
            if new != dom[v] {
                dom[v] = new;
                changed = true;
            }
        }
    }
    dom
}

/// Whether T1 (drop self-loops) and T2 (merge a non-entry node into its
/// unique predecessor) reduce the reachable graph to one node.
fn naive_reducible(graph: &[Vec<usize>]) -> bool {
    let reachable = reach(graph, 0, None);
    let mut succs: Vec<BTreeSet<usize>> =
        graph.iter().map(|s| s.iter().copied().collect()).collect();
    let mut alive: BTreeSet<usize> = (0..graph.len()).filter(|&v| reachable[v]).collect();
    loop {
        for v in &alive {
            succs[*v].remove(v);
        }
        let merge = alive.iter().copied().find_map(|v| {
            let preds: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&p| succs[p].contains(&v))
                .collect();
            (v != 0 && preds.len() == 1).then(|| (v, preds[0]))
        });
        let Some((v, into)) = merge else { break };
        alive.remove(&v);
        let moved = std::mem::take(&mut succs[v]);
        succs[into].remove(&v);
        succs[into].extend(moved);
    }
    alive.len() == 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn dominators_match_the_dataflow_definition(graph in graphs()) {
        let cfg = build(&graph);
        let n = graph.len();
        let reachable = reach(&graph, 0, None);
        let mut preds = vec![Vec::new(); n];
        for (v, succs) in graph.iter().enumerate() {
            for &s in succs {
                preds[s].push(v);
            }
        }
        let naive = naive_dominators(&preds, 0, &reachable);
        let dom = cfg.dominators();
        for b in 0..n {
            let bid = BlockId(b as u32);
            prop_assert_eq!(cfg.is_reachable(bid), reachable[b]);
            for a in 0..n {
                let expected = reachable[a] && reachable[b] && naive[b] & (1 << a) != 0;
                prop_assert_eq!(dom.dominates(BlockId(a as u32), bid), expected, "{} dom {}", a, b);
            }
            if reachable[b] && b != 0 {
                // The immediate dominator is the strict dominator that all
                // other strict dominators dominate.
                let idom = dom.idom(bid).unwrap().index();
                prop_assert!(naive[b] & (1 << idom) != 0 && idom != b);
                prop_assert_eq!(naive[idom], naive[b] & !(1 << b));
                prop_assert!(dom.children(BlockId(idom as u32)).contains(&bid));
            } else {
                prop_assert_eq!(dom.idom(bid), None);
            }
        }
        // Reverse postorder: a dominator comes before what it dominates.
        let rpo = cfg.reverse_postorder();
        prop_assert_eq!(rpo.len(), reachable.iter().filter(|&&r| r).count());
        for b in rpo {
            if let Some(d) = dom.idom(*b) {
                prop_assert!(cfg.rpo_index(d) < cfg.rpo_index(*b));
            }
        }
    }

    #[test]
    fn post_dominators_match_the_dataflow_definition(graph in graphs()) {
        let cfg = build(&graph);
        let n = graph.len();
        // The reverse graph with a virtual exit `n` before every return.
        let mut reverse_preds: Vec<Vec<usize>> = graph.clone();
        for (v, succs) in reverse_preds.iter_mut().enumerate() {
            if graph[v].is_empty() {
                succs.push(n);
            }
        }
        reverse_preds.push(Vec::new());
        let mut reverse_succs = vec![Vec::new(); n + 1];
        for (v, preds) in reverse_preds.iter().enumerate() {
            for &p in preds {
                reverse_succs[p].push(v);
            }
        }
        let reaches_exit = reach(&reverse_succs, n, None);
        let naive = naive_dominators(&reverse_preds, n, &reaches_exit);
        let pdom = cfg.post_dominators();
        for b in 0..n {
            let bid = BlockId(b as u32);
            prop_assert_eq!(pdom.reaches_exit(bid), reaches_exit[b]);
            for a in 0..n {
                let expected = reaches_exit[a] && reaches_exit[b] && naive[b] & (1 << a) != 0;
                prop_assert_eq!(pdom.post_dominates(BlockId(a as u32), bid), expected, "{} pdom {}", a, b);
            }
            let strict = naive[b] & !(1 << b) & !(1 << n);
            match pdom.ipdom(bid) {
                Some(p) => prop_assert_eq!(naive[p.index()], naive[b] & !(1 << b)),
                None => prop_assert!(!reaches_exit[b] || strict == 0),
            }
        }
    }

    #[test]
    fn reducibility_matches_t1_t2(graph in graphs()) {
        let cfg = build(&graph);
        prop_assert_eq!(cfg.is_reducible(), naive_reducible(&graph));
        if let Err(d) = cfg.check_reducible("p") {
            // The message names two blocks of one cycle, in body order, each
            // entered from a block the entry reaches avoiding both.
            let parts: Vec<&str> = d.message.split('`').collect();
            let node = |i: usize| parts[i][1..].parse::<usize>().unwrap();
            prop_assert_eq!(parts[1], "p");
            let (first, first_from, second, second_from) = (node(3), node(5), node(7), node(9));
            prop_assert!(first < second);
            prop_assert!(graph[first_from].contains(&first));
            prop_assert!(graph[second_from].contains(&second));
            prop_assert!(reach(&graph, first, None)[second]);
            prop_assert!(reach(&graph, second, None)[first]);
            for from in [first_from, second_from] {
                prop_assert!(from != first && from != second);
                prop_assert!(reach(&graph, 0, Some(first))[from]);
                prop_assert!(reach(&graph, 0, Some(second))[from]);
            }
            prop_assert_eq!(at(d.span), at(cfg.label_span(BlockId(second as u32))));
        }
    }

    #[test]
    fn loops_match_the_natural_loop_definition(graph in graphs()) {
        let cfg = build(&graph);
        let n = graph.len();
        let reachable = reach(&graph, 0, None);
        let dom = cfg.dominators();
        let loops = cfg.loops();
        let mut headers = Vec::new();
        for h in 0..n {
            let hid = BlockId(h as u32);
            let latches: Vec<usize> = (0..n)
                .filter(|&t| reachable[t] && graph[t].contains(&h) && dom.dominates(hid, BlockId(t as u32)))
                .collect();
            prop_assert_eq!(loops.is_header(hid), !latches.is_empty());
            let Some(l) = loops.loop_with_header(hid) else { continue };
            headers.push(hid);
            prop_assert_eq!(loops.header(l), hid);
            prop_assert_eq!(
                loops.latches(l).iter().map(|b| b.index()).collect::<Vec<_>>(),
                latches.clone()
            );
            // The body: h, and every reachable block that reaches a latch
            // without passing through h.
            let expected: Vec<usize> = (0..n)
                .filter(|&v| {
                    v == h
                        || (reachable[v]
                            && latches.iter().any(|&t| reach(&graph, v, Some(h))[t]))
                })
                .collect();
            prop_assert_eq!(
                loops.body(l).iter().map(|b| b.index()).collect::<Vec<_>>(),
                expected.clone()
            );
            for &v in &expected {
                prop_assert!(dom.dominates(hid, BlockId(v as u32)));
            }
            let exits: Vec<(usize, usize)> = expected
                .iter()
                .flat_map(|&v| graph[v].iter().map(move |&s| (v, s)))
                .filter(|(_, s)| !expected.contains(s))
                .collect();
            let mut got: Vec<(usize, usize)> =
                loops.exits(l).iter().map(|(a, b)| (a.index(), b.index())).collect();
            let mut exits = exits;
            exits.sort();
            exits.dedup();
            got.sort();
            prop_assert_eq!(got, exits);
            // Nesting: the parent contains the whole loop, is one level up,
            // and no loop strictly between them contains it.
            if let Some(p) = loops.parent(l) {
                prop_assert!(p < l);
                prop_assert_eq!(loops.depth(p) + 1, loops.depth(l));
                prop_assert!(loops.body(l).iter().all(|&b| loops.contains(p, b)));
                prop_assert!(loops.children(p).contains(&l));
            } else {
                prop_assert_eq!(loops.depth(l), 1);
            }
        }
        // Loops are numbered outermost first, by reverse postorder of headers.
        prop_assert_eq!(loops.headers().collect::<Vec<_>>(), {
            let mut sorted = headers.clone();
            sorted.sort_by_key(|&h| cfg.rpo_index(h));
            sorted
        });
        // Any two loops are disjoint or nested; `loop_of` is the smallest.
        for a in loops.ids() {
            for b in loops.ids() {
                let (ba, bb) = (loops.body(a), loops.body(b));
                let shared = ba.iter().any(|x| bb.contains(x));
                let a_in_b = ba.iter().all(|x| bb.contains(x));
                let b_in_a = bb.iter().all(|x| ba.contains(x));
                prop_assert!(!shared || a_in_b || b_in_a);
            }
        }
        for v in cfg.blocks() {
            let smallest = loops
                .ids()
                .filter(|&l| loops.contains(l, v))
                .min_by_key(|&l| loops.body(l).len());
            prop_assert_eq!(loops.loop_of(v), smallest);
        }
    }
}

// From IVL text: the parser's desugaring of structured statements yields the
// expected graphs (fresh label names are not pinned here).

fn parse_procedure(text: &str) -> (ivl::SourceFile, ivl::ast::Procedure) {
    let file = ivl::SourceFile::new("test.ivl", text);
    let program = ivl::parse(&file).expect("parses");
    let procedure = program.procedures().next().expect("a procedure").clone();
    (file, procedure)
}

#[test]
fn parsed_nested_while_loops() {
    let (_, p) = parse_procedure(
        "procedure grid(n: int) returns (count: int)
         {
           var i: int, j: int;
           i := 0;
           count := 0;
           while (i < n) invariant 0 <= i; {
             j := 0;
             while (j < n) { count := count + 1; j := j + 1; }
             i := i + 1;
           }
         }",
    );
    let body = p.body.as_ref().unwrap();
    let cfg = Cfg::new(body).unwrap();
    assert!(cfg.check_reducible("grid").is_ok());
    let loops = cfg.loops();
    assert_eq!(loops.len(), 2);
    let (outer, inner) = (LoopId(0), LoopId(1));
    assert_eq!(loops.parent(inner), Some(outer));
    assert_eq!(loops.depth(inner), 2);
    assert_eq!(loops.exits(outer).len(), 1);
    let modified = |l: LoopId| {
        modified_variables(body, loops.body(l).iter().copied())
            .into_iter()
            .collect::<Vec<_>>()
    };
    assert_eq!(modified(outer), ["count", "i", "j"]);
    assert_eq!(modified(inner), ["count", "j"]);
    // The outer header carries the invariant and dominates the whole loop.
    let header = loops.header(outer);
    assert!(matches!(
        body.blocks[header.index()].stmts.first().map(|s| &s.kind),
        Some(StmtKind::Assert(_))
    ));
    assert!(loops
        .body(outer)
        .iter()
        .all(|&b| cfg.dominators().dominates(header, b)));
}

#[test]
fn parsed_break_leaves_the_loop_twice() {
    let (_, p) = parse_procedure(
        "procedure search(target: int) returns (i: int)
         {
           i := 0;
           while (*) {
             if (i == target) { break; }
             i := i + 1;
           }
           assume i == target;
         }",
    );
    let body = p.body.as_ref().unwrap();
    let cfg = Cfg::new(body).unwrap();
    assert!(cfg.is_reducible());
    let loops = cfg.loops();
    assert_eq!(loops.len(), 1);
    let l = LoopId(0);
    assert_eq!(loops.exits(l).len(), 2, "the loop condition and the break");
    assert_eq!(
        modified_variables(body, loops.body(l).iter().copied())
            .into_iter()
            .collect::<Vec<_>>(),
        ["i"]
    );
    // Both exits reconverge after the loop: the header's immediate
    // post-dominator is outside it and post-dominates every exit target.
    let pdom = cfg.post_dominators();
    let join = pdom.ipdom(loops.header(l)).unwrap();
    assert!(!loops.contains(l, join));
    assert!(loops
        .exits(l)
        .iter()
        .all(|&(_, to)| pdom.post_dominates(join, to)));
}

#[test]
fn parsed_irreducible_gotos_point_at_the_label() {
    let (file, p) = parse_procedure(
        "procedure p()
         {
           start:
             goto A, B;
           A:
             goto B;
           B:
             goto A;
         }",
    );
    let cfg = Cfg::new(p.body.as_ref().unwrap()).unwrap();
    let err = cfg.check_reducible(&p.name.name).unwrap_err();
    assert_eq!(err.code, "ivl::irreducible");
    assert_eq!(
        err.message,
        "irreducible control flow in procedure `p`: a loop is entered both at `A` (from \
         `start`) and at `B` (from `start`), and neither block dominates the other"
    );
    assert_eq!(file.snippet(err.span), "B");
}

#[test]
fn parsed_unknown_label_is_reported_not_panicked() {
    let file = ivl::SourceFile::new("test.ivl", "procedure p() { goto nowhere; }");
    // The parser may already reject it; if not, the CFG must.
    if let Ok(program) = ivl::parse(&file) {
        let p = program.procedures().next().unwrap();
        let err = Cfg::new(p.body.as_ref().unwrap()).unwrap_err();
        assert_eq!(err.code, "ivl::label");
        assert_eq!(file.snippet(err.span), "nowhere");
    }
}
