//! Loop cutting: a procedure body with loops to an acyclic body.
//!
//! Consumes a procedure body (any control flow); produces a [`CutBody`]
//! whose graph is acyclic, holding only reachable blocks. Boogie's method:
//! the invariants of a loop are the `assert`s at the top of its header; at
//! the header they are checked (the loop is entered), the variables the loop
//! may modify are havocked (assigned, havocked, call results and callees'
//! `modifies`, computed from the loop body, never declared), and the
//! invariants are assumed; every back edge is redirected to a fresh block
//! that checks the invariants again and ends the path. Irreducible control
//! flow is an error ([`SolverError::Irreducible`]).
//!
//! Every obligation becomes an [`Action::Check`] tagged with its
//! [`CheckKind`]. Deliberately does not: desugar calls or postconditions
//! (passification does, since it knows the callees' contracts), or translate
//! expressions.

use crate::error::SolverError;
use crate::report::{attr_id, Check, CheckKind};
use ivl::ast::{Attribute, Body, Expr, Ident, Lhs, Procedure, Program, StmtKind};
use ivl::cfg::{modified_variables_with, BlockId, Cfg};
use ivl::Span;
use std::collections::{BTreeSet, HashMap};

/// An acyclic body: `blocks[0]` is the entry; successors are indices.
#[derive(Clone, Debug)]
pub(crate) struct CutBody {
    pub blocks: Vec<CutBlock>,
}

#[derive(Clone, Debug)]
pub(crate) struct CutBlock {
    pub label: String,
    pub actions: Vec<Action>,
    pub succs: Vec<usize>,
    /// Ends in `return`: the postconditions are checked here.
    pub returns: bool,
}

#[derive(Clone, Debug)]
pub(crate) enum Action {
    Assign {
        lhs: Vec<Lhs>,
        rhs: Vec<Expr>,
    },
    Havoc(Vec<String>),
    Assume(Expr),
    Check(Check),
    Call {
        callee: Ident,
        args: Vec<Expr>,
        rets: Vec<Ident>,
        span: Span,
        /// The call statement's attributes (its `{:source}`, ...).
        attrs: Vec<Attribute>,
    },
}

fn check(proc: &Procedure, kind: CheckKind, expr: &Expr, attrs: &[Attribute], span: Span) -> Check {
    Check {
        kind,
        id: attr_id(attrs),
        span,
        clause_span: None,
        attrs: attrs.to_vec(),
        call_attrs: Vec::new(),
        expr: expr.clone(),
        procedure: proc.name.name.clone(),
    }
}

/// The leading `assert`s of a block: a loop header's invariants.
fn invariants(body: &Body, header: BlockId) -> Vec<(Expr, Vec<Attribute>, Span)> {
    body.blocks[header.index()]
        .stmts
        .iter()
        .map_while(|s| match &s.kind {
            StmtKind::Assert(e) => Some((e.clone(), s.attrs.clone(), s.span)),
            _ => None,
        })
        .collect()
}

pub(crate) fn cut_loops(
    program: &Program,
    proc: &Procedure,
    body: &Body,
) -> Result<CutBody, SolverError> {
    let cfg = Cfg::new(body).map_err(|d| SolverError::ill_formed(d.message, d.span))?;
    cfg.check_reducible(&proc.name.name)
        .map_err(|d| SolverError::Irreducible {
            procedure: proc.name.name.clone(),
            message: d.message.clone(),
            span: d.span,
        })?;
    let forest = cfg.loops();
    let callee_modifies = |callee: &str| -> Vec<String> {
        program
            .procedure(callee)
            .map(|p| p.modifies.iter().map(|m| m.name.clone()).collect())
            .unwrap_or_default()
    };
    // Per header: the variables its loop may modify (loops sharing a header
    // are merged).
    let mut havocs: HashMap<BlockId, BTreeSet<String>> = HashMap::new();
    for l in forest.ids() {
        let modified =
            modified_variables_with(body, forest.body(l).iter().copied(), callee_modifies);
        havocs.entry(forest.header(l)).or_default().extend(modified);
    }
    let back_edges: BTreeSet<(BlockId, BlockId)> = forest.back_edges().collect();
    let exits: BTreeSet<BlockId> = cfg.exits().iter().copied().collect();

    // Reachable blocks in reverse postorder: a topological order once back
    // edges are cut (the graph is reducible).
    let order: Vec<BlockId> = cfg.reverse_postorder().to_vec();
    let index: HashMap<BlockId, usize> = order.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut blocks = Vec::with_capacity(order.len());
    let mut back_blocks = Vec::new();
    for &b in &order {
        let block = &body.blocks[b.index()];
        let mut actions = Vec::new();
        let mut skip = 0;
        if let Some(modified) = havocs.get(&b) {
            let invs = invariants(body, b);
            skip = invs.len();
            for (e, attrs, span) in &invs {
                actions.push(Action::Check(check(
                    proc,
                    CheckKind::InvariantEntry,
                    e,
                    attrs,
                    *span,
                )));
            }
            actions.push(Action::Havoc(modified.iter().cloned().collect()));
            for (e, _, _) in &invs {
                actions.push(Action::Assume(e.clone()));
            }
        }
        for stmt in &block.stmts[skip..] {
            actions.push(match &stmt.kind {
                StmtKind::Assign { lhs, rhs } => Action::Assign {
                    lhs: lhs.clone(),
                    rhs: rhs.clone(),
                },
                StmtKind::Havoc(names) => {
                    Action::Havoc(names.iter().map(|n| n.name.clone()).collect())
                }
                StmtKind::Assume(e) => Action::Assume(e.clone()),
                StmtKind::Assert(e) => {
                    Action::Check(check(proc, CheckKind::Assertion, e, &stmt.attrs, stmt.span))
                }
                StmtKind::Call { callee, args, rets } => Action::Call {
                    callee: callee.clone(),
                    args: args.clone(),
                    rets: rets.clone(),
                    span: stmt.span,
                    attrs: stmt.attrs.clone(),
                },
            });
        }
        let mut succs = Vec::new();
        for &s in cfg.succs(b) {
            if back_edges.contains(&(b, s)) {
                let actions = invariants(body, s)
                    .iter()
                    .map(|(e, attrs, span)| {
                        Action::Check(check(proc, CheckKind::InvariantMaintained, e, attrs, *span))
                    })
                    .collect();
                succs.push(order.len() + back_blocks.len());
                back_blocks.push(CutBlock {
                    label: format!("{}$back${}", cfg.label(b), cfg.label(s)),
                    actions,
                    succs: Vec::new(),
                    returns: false,
                });
            } else if let Some(&i) = index.get(&s) {
                succs.push(i);
            }
        }
        let returns = exits.contains(&b);
        blocks.push(CutBlock {
            label: cfg.label(b).to_string(),
            actions,
            succs,
            returns,
        });
    }
    blocks.extend(back_blocks);
    Ok(CutBody {
        blocks: split_critical_edges(blocks),
    })
}

/// Puts an empty block on every edge from a block with several successors
/// to a block with several predecessors. Passification appends a join's
/// copies (`assume x@join == x@pred`) to the end of each predecessor, which
/// is only right when the predecessor has no other successor: otherwise a
/// path through the predecessor that reaches the join later through another
/// predecessor would carry both copies (k-induction and unwinding leave
/// such edges: the loop's exit is reached from the first header and from a
/// later copy). Keeps the topological order (each edge block right after
/// its source).
fn split_critical_edges(blocks: Vec<CutBlock>) -> Vec<CutBlock> {
    let mut preds = vec![0usize; blocks.len()];
    for b in &blocks {
        for &s in &b.succs {
            preds[s] += 1;
        }
    }
    let critical = |b: &CutBlock, s: usize| b.succs.len() > 1 && preds[s] > 1;
    // New index of each old block, with edge blocks after their source.
    let mut index = Vec::with_capacity(blocks.len());
    let mut next = 0;
    for b in &blocks {
        index.push(next);
        next += 1 + b.succs.iter().filter(|&&s| critical(b, s)).count();
    }
    let mut out = Vec::with_capacity(next);
    for b in &blocks {
        let mut edges = Vec::new();
        let mut succs = Vec::with_capacity(b.succs.len());
        for &s in &b.succs {
            if critical(b, s) {
                succs.push(out.len() + 1 + edges.len());
                edges.push(CutBlock {
                    label: format!("{}$edge${}", b.label, blocks[s].label),
                    actions: Vec::new(),
                    succs: vec![index[s]],
                    returns: false,
                });
            } else {
                succs.push(index[s]);
            }
        }
        out.push(CutBlock {
            label: b.label.clone(),
            actions: b.actions.clone(),
            succs,
            returns: b.returns,
        });
        out.extend(edges);
    }
    out
}
