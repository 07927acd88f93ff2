//! k-induction (`--k-induction-depth=K`, Donaldson et al., SAS 2011) on
//! the two-thread program: loops are proved without loop invariants.
//!
//! Consumes: an assembled two-thread procedure (reducible body; loops of
//! the product, whose bodies assign the race-instrumentation ghosts like
//! any variable). Produces: an acyclic body in which every loop `L` with
//! header `H` is replaced by `2K + 1` copies of its blocks:
//! - *base* copies `B0 .. B(K-1)`: the first K iterations from the loop's
//!   entry, every assertion checked; the back edges of `Bk` go to the
//!   header of `B(k+1)`, those of `B(K-1)` to the havoc block; exits leave
//!   the loop as before (executions of fewer than K iterations);
//! - a *havoc* block: every variable the loop may modify is havocked (the
//!   variables assigned, havocked or returned by calls in the loop's blocks,
//!   and the globals of the callees' `modifies`: this includes the access
//!   flags, logged offsets and site ghosts of the race instrumentation, and
//!   the shared arrays a barrier havocs), standing for the state at the
//!   head of an arbitrary iteration `n - K`;
//! - *step* copies `S0 .. S(K-1)`: K iterations in which the guard held
//!   and every assertion is assumed (`assert e` becomes `assume e`: they
//!   held, since iteration n is the first to fail); exits from them are
//!   blocked (an execution that leaves the loop is covered by the check
//!   copy of an earlier havoc state);
//! - the *check* copy `C`: iteration n, every assertion checked; its back
//!   edges end the path (`assume false`), its exits leave the loop: a state
//!   after K iterations that held.
//!
//! Soundness: a failure in iteration m < K is found in base copy `Bm`; one
//! in iteration m >= K in the check copy, with the havoc choosing the
//! state at the head of iteration m - K; an exit after n >= K iterations
//! is the check copy's exit from that same choice (so the code after the
//! loop sees every reachable state). Loop invariants the user wrote are
//! ordinary assertions (checked in the base and check copies, assumed in
//! the step copies). Innermost loops are transformed first; an outer loop
//! havocs what the inner loops' copies modify. Size: (2K + 1)^depth copies
//! of a loop nest, refused beyond [`MAX_BLOCKS`].

use crate::error::TransformError;
use ivl::ast::{
    BinaryOp, Block, Expr, ExprKind, Ident, Lhs, Procedure, Program, Stmt, StmtKind, Transfer,
    TransferKind, Type, Variable,
};
use ivl::cfg::{modified_variables_with, Cfg};
use std::collections::{HashMap, HashSet};

/// The most blocks a transformed body may have.
pub const MAX_BLOCKS: usize = 200_000;

/// Applies k-induction of depth `k` (>= 1) to every procedure of the
/// two-thread program named in `procedures`.
pub fn apply(program: &mut Program, procedures: &[String], k: u32) -> Result<(), TransformError> {
    if k == 0 {
        return Err(TransformError::internal("k-induction depth 0"));
    }
    let modifies: HashMap<String, Vec<String>> = program
        .procedures()
        .map(|p| {
            (
                p.name.name.clone(),
                p.modifies.iter().map(|m| m.name.clone()).collect(),
            )
        })
        .collect();
    for proc in program.procedures_mut() {
        if procedures.contains(&proc.name.name) {
            transform(proc, k, &|c: &str| {
                modifies.get(c).cloned().unwrap_or_default()
            })?;
        }
    }
    Ok(())
}

/// Which copy of a loop's blocks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Copy {
    Base(usize),
    Step(usize),
    Check,
}

fn transform(
    proc: &mut Procedure,
    k: u32,
    callee_modifies: &dyn Fn(&str) -> Vec<String>,
) -> Result<(), TransformError> {
    let span = proc.span;
    let Some(body) = proc.body.as_mut() else {
        return Ok(());
    };
    let k = k as usize;
    let mut used: HashSet<String> = body.blocks.iter().map(|b| b.label.name.clone()).collect();
    for _round in 0..100_000 {
        let cfg = Cfg::new(body).map_err(|d| TransformError::internal(d.message))?;
        let loops = cfg.loops();
        let Some(l) = loops.ids().find(|&l| loops.children(l).is_empty()) else {
            return Ok(());
        };
        let header_label = cfg.label(loops.header(l)).to_string();
        let members: Vec<usize> = loops.body(l).iter().map(|b| b.index()).collect();
        let mut modified: Vec<String> =
            modified_variables_with(body, loops.body(l).iter().copied(), callee_modifies)
                .into_iter()
                .collect();
        modified.sort();
        let copies: Vec<Copy> = (0..k)
            .map(Copy::Base)
            .chain((0..k).map(Copy::Step))
            .chain([Copy::Check])
            .collect();
        let grown = body.blocks.len() + members.len().saturating_mul(copies.len());
        if grown > MAX_BLOCKS {
            return Err(TransformError::unsupported(
                format!(
                    "k-induction of depth {k} makes more than {MAX_BLOCKS} blocks (nested loops \
                     multiply: (2K + 1)^depth copies); use a smaller --k-induction-depth"
                ),
                span,
            ));
        }
        // Flags that the loop only ever clears keep `x ==> x at entry`.
        let weakened: Vec<String> = modified
            .iter()
            .filter(|x| only_weakened(body, &members, x, callee_modifies))
            .cloned()
            .collect();
        let mut fresh = |base: String| crate::names::fresh(&mut used, &base);
        let snapshots: Vec<(String, String)> = weakened
            .iter()
            .map(|x| (x.clone(), fresh(format!("{x}$kentry"))))
            .collect();
        let havoc_label = fresh(format!("{header_label}$kind$havoc"));
        let blocked = fresh(format!("{header_label}$kind$blocked"));
        let mut labels: Vec<HashMap<String, String>> = Vec::new();
        for (i, c) in copies.iter().enumerate() {
            let mut m = HashMap::new();
            for &b in &members {
                let old = body.blocks[b].label.name.clone();
                let new = match c {
                    Copy::Base(0) => old.clone(),
                    Copy::Base(j) => fresh(format!("{old}$kbase{j}")),
                    Copy::Step(j) => fresh(format!("{old}$kstep{j}")),
                    Copy::Check => fresh(format!("{old}$kcheck")),
                };
                m.insert(old, new);
            }
            debug_assert_eq!(labels.len(), i);
            labels.push(m);
        }
        let next_header = |i: usize| -> String {
            match copies[i] {
                Copy::Base(j) if j + 1 == k => havoc_label.clone(),
                Copy::Check => blocked.clone(),
                _ => labels[i + 1][&header_label].clone(),
            }
        };
        let mut new_blocks: Vec<Block> = Vec::new();
        for (i, c) in copies.iter().enumerate() {
            for &b in &members {
                let mut block = body.blocks[b].clone();
                if *c == Copy::Base(0) && block.label.name == header_label && !snapshots.is_empty()
                {
                    // Entered only from outside the loop: the entry values.
                    block.stmts.insert(
                        0,
                        Stmt::new(StmtKind::Assign {
                            lhs: snapshots
                                .iter()
                                .map(|(_, s)| Lhs {
                                    name: Ident::synthetic(s.clone()),
                                    indices: vec![],
                                    span: ivl::Span::DUMMY,
                                })
                                .collect(),
                            rhs: snapshots
                                .iter()
                                .map(|(x, _)| Expr::var(x.clone()))
                                .collect(),
                        }),
                    );
                }
                block.label = Ident::synthetic(labels[i][&block.label.name].clone());
                if matches!(c, Copy::Step(_)) {
                    for s in &mut block.stmts {
                        if let StmtKind::Assert(e) = &s.kind {
                            *s = Stmt::new(StmtKind::Assume(e.clone()));
                        }
                    }
                }
                if let TransferKind::Goto(targets) = &mut block.transfer.kind {
                    for t in targets.iter_mut() {
                        let name = if t.name == header_label {
                            next_header(i)
                        } else if let Some(inside) = labels[i].get(&t.name) {
                            inside.clone()
                        } else if matches!(c, Copy::Step(_)) {
                            blocked.clone()
                        } else {
                            t.name.clone()
                        };
                        *t = Ident::synthetic(name);
                    }
                }
                new_blocks.push(block);
            }
        }
        let step_header = labels[k][&header_label].clone();
        let mut havoc_stmts = Vec::new();
        if !modified.is_empty() {
            havoc_stmts.push(Stmt::new(StmtKind::Havoc(
                modified.into_iter().map(Ident::synthetic).collect(),
            )));
        }
        for (x, snap) in &snapshots {
            havoc_stmts.push(Stmt::new(StmtKind::Assume(Expr::implies(
                Expr::var(x.clone()),
                Expr::var(snap.clone()),
            ))));
            body.locals.push(Variable {
                attrs: vec![],
                name: Ident::synthetic(snap.clone()),
                ty: Type::Bool,
                span: ivl::Span::DUMMY,
            });
        }
        new_blocks.push(plain_block(
            havoc_label,
            havoc_stmts,
            TransferKind::Goto(vec![Ident::synthetic(step_header)]),
        ));
        new_blocks.push(plain_block(
            blocked,
            vec![Stmt::new(StmtKind::Assume(Expr::bool(false)))],
            TransferKind::Return,
        ));
        // Copy B0 takes the loop's place (it keeps the original labels, so
        // the entry edges reach it); the rest follow.
        let rest = crate::unwind::splice_loop(&mut body.blocks, &members, new_blocks);
        body.blocks = rest;
    }
    Err(TransformError::internal("k-induction did not terminate"))
}

/// Whether every change the loop's blocks make to `x` clears it: each
/// assignment is `x := false` or `x := x && e` (a conjunct of the
/// right-hand side is `x` itself), and nothing havocs it or receives it
/// from a call (its results or its `modifies`). Then `x` at the head of every iteration implies `x` at the
/// loop's entry (access flags of arrays a barrier resets only for the other
/// group, or the loop never touches).
fn only_weakened(
    body: &ivl::ast::Body,
    members: &[usize],
    x: &str,
    callee_modifies: &dyn Fn(&str) -> Vec<String>,
) -> bool {
    fn conjunct(e: &Expr, x: &str) -> bool {
        match &e.kind {
            ExprKind::Var(v) => v == x,
            ExprKind::Binary(BinaryOp::And, a, b) => conjunct(a, x) || conjunct(b, x),
            _ => false,
        }
    }
    members.iter().all(|&b| {
        body.blocks[b].stmts.iter().all(|s| match &s.kind {
            StmtKind::Assign { lhs, rhs } => lhs.iter().zip(rhs).all(|(l, e)| {
                l.name.name != x
                    || (l.indices.is_empty()
                        && (matches!(e.kind, ExprKind::Bool(false)) || conjunct(e, x)))
            }),
            StmtKind::Havoc(names) => names.iter().all(|n| n.name != x),
            StmtKind::Call { callee, rets, .. } => {
                rets.iter().all(|n| n.name != x)
                    && !callee_modifies(&callee.name).iter().any(|m| m == x)
            }
            _ => true,
        })
    })
}

fn plain_block(label: String, stmts: Vec<Stmt>, transfer: TransferKind) -> Block {
    Block {
        label: Ident::synthetic(label),
        attrs: vec![],
        stmts,
        transfer: Transfer {
            kind: transfer,
            span: ivl::Span::DUMMY,
        },
        span: ivl::Span::DUMMY,
    }
}
