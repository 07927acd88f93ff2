//! A linear order of the blocks of a reducible body in which every forward
//! edge goes forward and every natural loop is contiguous with its header
//! first: the order in which predicated code executes the blocks.
//!
//! Input: a body whose CFG is reducible (checked by [`check_reducible`]).
//! Output: the reachable blocks, each once. Computed per loop nest level:
//! a topological order of the blocks and the child loops (each collapsed
//! into one node) of a level, children expanded recursively.

use crate::error::TransformError;
use ivl::ast::Body;
use ivl::cfg::{BlockId, Cfg, LoopForest, LoopId};
use std::collections::BTreeSet;

fn cfg_of(body: &Body) -> Result<Cfg, TransformError> {
    Cfg::new(body).map_err(|d| TransformError::internal(d.message))
}

/// Reducibility, as a transform error naming the kernel.
pub fn check_reducible(body: &Body, kernel: &str) -> Result<(), TransformError> {
    let cfg = cfg_of(body)?;
    cfg.check_reducible(kernel)
        .map_err(|d| TransformError::Irreducible {
            kernel: kernel.to_string(),
            message: d.message,
            span: d.span,
        })
}

/// Indices of the loop-header blocks of a body.
pub fn loop_headers(body: &Body) -> Result<BTreeSet<usize>, TransformError> {
    let cfg = cfg_of(body)?;
    Ok(cfg.loops().headers().map(|b| b.index()).collect())
}

/// The loop-contiguous topological order of the reachable blocks.
pub fn linear_order(cfg: &Cfg, loops: &LoopForest) -> Vec<BlockId> {
    let mut out = Vec::new();
    level(cfg, loops, None, &mut out);
    out
}

/// The node standing for `b` at the level of `parent`: `b` itself, or the
/// child loop of `parent` containing it. `None` if `b` is outside `parent`.
fn representative(loops: &LoopForest, parent: Option<LoopId>, b: BlockId) -> Option<Node> {
    let mut l = loops.loop_of(b);
    let mut last_child = None;
    while l != parent {
        let current = l?;
        last_child = Some(current);
        l = loops.parent(current);
    }
    Some(match last_child {
        Some(child) => Node::Loop(child),
        None => Node::Block(b),
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Block(BlockId),
    Loop(LoopId),
}

fn level(cfg: &Cfg, loops: &LoopForest, parent: Option<LoopId>, out: &mut Vec<BlockId>) {
    let start = match parent {
        None => cfg.entry(),
        Some(l) => loops.header(l),
    };
    let header = parent.map(|l| loops.header(l));
    // Successor nodes of a node at this level (edges to the level's header
    // are back edges; edges leaving the level are ignored).
    let succs = |n: Node| -> Vec<Node> {
        let blocks: Vec<BlockId> = match n {
            Node::Block(b) => vec![b],
            Node::Loop(l) => loops.body(l).to_vec(),
        };
        let mut next = Vec::new();
        for b in blocks {
            for &s in cfg.succs(b) {
                if Some(s) == header || !cfg.is_reachable(s) {
                    continue;
                }
                if let Some(r) = representative(loops, parent, s) {
                    if r != n && !next.contains(&r) {
                        next.push(r);
                    }
                }
            }
        }
        next
    };
    // Iterative DFS postorder from the start node.
    let start_node = if parent.is_some() {
        Node::Block(start)
    } else {
        representative(loops, None, start).unwrap_or(Node::Block(start))
    };
    let mut visited: Vec<Node> = vec![start_node];
    let mut post: Vec<Node> = Vec::new();
    let mut stack: Vec<(Node, Vec<Node>, usize)> = vec![(start_node, succs(start_node), 0)];
    while let Some((node, next, i)) = stack.last_mut() {
        if *i < next.len() {
            let s = next[*i];
            *i += 1;
            if !visited.contains(&s) {
                visited.push(s);
                let ss = succs(s);
                stack.push((s, ss, 0));
            }
        } else {
            post.push(*node);
            stack.pop();
        }
    }
    for n in post.into_iter().rev() {
        match n {
            Node::Block(b) => out.push(b),
            Node::Loop(l) => level(cfg, loops, Some(l), out),
        }
    }
}
