//! Loop unwinding (`--loop-unwind=N`, `--findbugs`): every loop is replaced
//! by N+1 copies of itself, the back edges of copy k going to the header of
//! copy k+1; the header of the last copy may only leave the loop (its edges
//! into the loop go to a block that blocks, `assume false`). So executions
//! of up to N iterations are explored, exactly as documented; more are not,
//! and a success means "no defects found up to N iterations", never a
//! proof.
//!
//! Input: a kernel procedure with a reducible body. Output: an acyclic body
//! (it still type-checks). Loop invariants become ordinary assertions
//! (checked in every copy). Innermost loops are unwound first.

use crate::error::TransformError;
use ivl::ast::{Block, Expr, Ident, Procedure, Stmt, StmtKind, Transfer, TransferKind};
use ivl::cfg::Cfg;
use std::collections::{HashMap, HashSet};

/// The most blocks an unwound body may have (so `--loop-unwind` on nested
/// loops is refused instead of exhausting memory).
pub const MAX_UNWOUND_BLOCKS: usize = 200_000;

pub fn unwind(
    proc: &mut Procedure,
    n: u32,
    used: &mut HashSet<String>,
) -> Result<(), TransformError> {
    let Some(body) = proc.body.as_mut() else {
        return Ok(());
    };
    crate::order::check_reducible(body, &proc.name.name)?;
    let fresh = |used: &mut HashSet<String>, base: &str| crate::names::fresh(used, base);
    for _round in 0..10_000 {
        let cfg = Cfg::new(body).map_err(|d| TransformError::internal(d.message))?;
        let loops = cfg.loops();
        // An innermost loop.
        let Some(l) = loops.ids().find(|&l| loops.children(l).is_empty()) else {
            return Ok(());
        };
        let header = loops.header(l);
        let members: Vec<usize> = loops.body(l).iter().map(|b| b.index()).collect();
        let blocked = fresh(used, &format!("{}$unwound", cfg.label(header)));
        let copies = n as usize + 1;
        let grown = body.blocks.len() + members.len().saturating_mul(copies - 1);
        if grown > MAX_UNWOUND_BLOCKS {
            return Err(TransformError::unsupported(
                format!(
                    "unwinding loops {n} times makes more than {MAX_UNWOUND_BLOCKS} blocks \
                     (nested loops multiply); use a smaller --loop-unwind"
                ),
                proc.span,
            ));
        }
        // labels[k][block] for copy k (copy 0 keeps the original labels).
        let mut labels: Vec<HashMap<String, String>> = Vec::new();
        for k in 0..copies {
            let mut m = HashMap::new();
            for &b in &members {
                let old = body.blocks[b].label.name.clone();
                let new = if k == 0 {
                    old.clone()
                } else {
                    fresh(used, &format!("{old}$u{k}"))
                };
                m.insert(old, new);
            }
            labels.push(m);
        }
        let header_label = cfg.label(header).to_string();
        let mut new_blocks: Vec<Block> = Vec::new();
        for k in 0..copies {
            for &b in &members {
                let mut block = body.blocks[b].clone();
                let last_header = k + 1 == copies && block.label.name == header_label;
                block.label = Ident::synthetic(labels[k][&block.label.name].clone());
                if let TransferKind::Goto(targets) = &mut block.transfer.kind {
                    for t in targets.iter_mut() {
                        let name = if last_header && labels[k].contains_key(&t.name) {
                            // N iterations done: the last header copy may
                            // only leave the loop.
                            blocked.clone()
                        } else if t.name == header_label {
                            if k + 1 < copies {
                                labels[k + 1][&header_label].clone()
                            } else {
                                blocked.clone()
                            }
                        } else {
                            labels[k]
                                .get(&t.name)
                                .cloned()
                                .unwrap_or_else(|| t.name.clone())
                        };
                        *t = Ident::synthetic(name);
                    }
                }
                new_blocks.push(block);
            }
        }
        // Entry edges still go to copy 0's header (same label); replace the
        // loop's blocks by the copies and add the blocking block.
        let mut rest = splice_loop(&mut body.blocks, &members, new_blocks);
        rest.push(Block {
            label: Ident::synthetic(blocked),
            attrs: vec![],
            stmts: vec![Stmt::new(StmtKind::Assume(Expr::bool(false)))],
            transfer: Transfer {
                kind: TransferKind::Return,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
        body.blocks = rest;
    }
    Err(TransformError::internal("loop unwinding did not terminate"))
}

/// Splits every block that starts with `assume`s and has several
/// predecessors, one of which branches: each predecessor gets its own copy
/// of the assumes (`S$from$P`) jumping to the rest of the block (`S$rest`),
/// so the assumes become the condition of that predecessor's branch (the
/// same semantics: they are checked on entry from any predecessor). This is
/// what unwinding and `while` loops with `break` leave behind at loop exits.
pub fn split_condition_joins(
    proc: &mut Procedure,
    used: &mut HashSet<String>,
) -> Result<(), TransformError> {
    let Some(body) = proc.body.as_mut() else {
        return Ok(());
    };
    let cfg = Cfg::new(body).map_err(|d| TransformError::internal(d.message))?;
    // (block, per predecessor its edge block, the label of the rest)
    type Split = (usize, Vec<(usize, String)>, String);
    let mut renames: Vec<Split> = Vec::new();
    for b in cfg.blocks() {
        let preds = cfg.preds(b);
        let leading = crate::uniformity::leading_assumes(body, b.index()).len();
        if b.index() == 0 || preds.len() < 2 || leading == 0 {
            continue;
        }
        if !preds.iter().any(|&p| cfg.succs(p).len() > 1) {
            continue;
        }
        let label = cfg.label(b).to_string();
        let rest = crate::names::fresh(used, &format!("{label}$rest"));
        let edges = preds
            .iter()
            .map(|&p| {
                (
                    p.index(),
                    crate::names::fresh(used, &format!("{label}$from${}", cfg.label(p))),
                )
            })
            .collect();
        renames.push((b.index(), edges, rest));
    }
    let mut extra: Vec<Block> = Vec::new();
    for (b, edges, rest) in renames {
        let label = body.blocks[b].label.name.clone();
        let leading = crate::uniformity::leading_assumes(body, b).len();
        let assumes: Vec<Stmt> = body.blocks[b].stmts[..leading].to_vec();
        for (p, edge) in &edges {
            if let TransferKind::Goto(targets) = &mut body.blocks[*p].transfer.kind {
                for t in targets.iter_mut().filter(|t| t.name == label) {
                    *t = Ident::synthetic(edge.clone());
                }
            }
            extra.push(Block {
                label: Ident::synthetic(edge.clone()),
                attrs: vec![],
                stmts: assumes.clone(),
                transfer: Transfer {
                    kind: TransferKind::Goto(vec![Ident::synthetic(rest.clone())]),
                    span: ivl::Span::DUMMY,
                },
                span: ivl::Span::DUMMY,
            });
        }
        let block = &mut body.blocks[b];
        block.stmts.drain(..leading);
        block.label = Ident::synthetic(rest);
    }
    body.blocks.extend(extra);
    Ok(())
}

/// The blocks of a body with the loop's blocks (`members`, by index)
/// replaced by `new_blocks`, placed where the loop's first block stood.
pub(crate) fn splice_loop(
    blocks: &mut Vec<Block>,
    members: &[usize],
    mut new_blocks: Vec<Block>,
) -> Vec<Block> {
    let mut rest: Vec<Block> = Vec::new();
    let mut inserted = false;
    for (i, b) in blocks.drain(..).enumerate() {
        if members.contains(&i) {
            if !inserted {
                rest.append(&mut new_blocks);
                inserted = true;
            }
        } else {
            rest.push(b);
        }
    }
    rest
}
