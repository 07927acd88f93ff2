//! The structural order that drives lock-step scheduling.
//!
//! Consumes the CFG of a reducible body. Produces a rank per block: the
//! position of the block in a topological order of the graph without its
//! back edges in which every natural loop is contiguous and starts with its
//! header (loops are collapsed into one node of their parent region, the
//! region is sorted, then each loop is expanded recursively). Ties break by
//! reverse postorder, so the order is deterministic.
//!
//! The interpreter always executes the lowest-ranked block any thread of the
//! group is at, with all the threads that are at it. Since a loop's blocks
//! precede every block its exits lead to, threads that left a loop wait
//! until the last thread leaves it; since the order is topological, threads
//! wait at a join until every thread that can still reach it has. Blocks
//! unreachable from the entry get ranks after all others (no thread ever
//! reaches them). Deliberately does not handle irreducible graphs beyond
//! giving some order (the frontend rejects them).

use ivl::cfg::{BlockId, Cfg, LoopForest, LoopId};

pub(crate) fn structural_rank(cfg: &Cfg) -> Vec<usize> {
    let loops = cfg.loops();
    let mut order = Vec::with_capacity(cfg.len());
    order_region(cfg, &loops, None, &mut order);
    let mut rank = vec![usize::MAX; cfg.len()];
    for (i, b) in order.iter().enumerate() {
        rank[b.index()] = i;
    }
    let unreached = rank.iter_mut().filter(|r| **r == usize::MAX);
    for (next, r) in (order.len()..).zip(unreached) {
        *r = next;
    }
    rank
}

/// A node of a region: a block directly in it, or a child loop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    Block(BlockId),
    Loop(LoopId),
}

/// The node standing for `b` in `region`, if `b` belongs to the region.
fn node_of(loops: &LoopForest, region: Option<LoopId>, b: BlockId) -> Option<Node> {
    let mut inner = loops.loop_of(b);
    if inner == region {
        return Some(Node::Block(b));
    }
    while let Some(l) = inner {
        let parent = loops.parent(l);
        if parent == region {
            return Some(Node::Loop(l));
        }
        inner = parent;
    }
    None
}

fn order_region(cfg: &Cfg, loops: &LoopForest, region: Option<LoopId>, out: &mut Vec<BlockId>) {
    let members: Vec<BlockId> = match region {
        Some(l) => loops.body(l).to_vec(),
        None => cfg.reverse_postorder().to_vec(),
    };
    let header = region.map(|l| loops.header(l));
    let rpo = |n: Node| match n {
        Node::Block(b) => cfg.rpo_index(b).unwrap_or(usize::MAX),
        Node::Loop(l) => cfg.rpo_index(loops.header(l)).unwrap_or(usize::MAX),
    };
    let mut nodes: Vec<Node> = Vec::new();
    for &b in &members {
        if let Some(n) = node_of(loops, region, b) {
            if !nodes.contains(&n) {
                nodes.push(n);
            }
        }
    }
    nodes.sort_by_key(|&n| rpo(n));
    let position = |n: Node| nodes.iter().position(|&m| m == n);
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut indegree = vec![0usize; nodes.len()];
    for &b in &members {
        let Some(from) = node_of(loops, region, b).and_then(position) else {
            continue;
        };
        for &s in cfg.succs(b) {
            if Some(s) == header {
                continue;
            }
            let Some(to) = node_of(loops, region, s).and_then(position) else {
                continue;
            };
            if to != from && !edges[from].contains(&to) {
                edges[from].push(to);
                indegree[to] += 1;
            }
        }
    }
    // Kahn's algorithm, always taking the ready node earliest in RPO.
    let mut done = vec![false; nodes.len()];
    for _ in 0..nodes.len() {
        let Some(next) = (0..nodes.len()).find(|&i| !done[i] && indegree[i] == 0) else {
            // A cycle that is not a natural loop (irreducible): take the
            // remaining nodes in RPO.
            for i in 0..nodes.len() {
                if !done[i] {
                    done[i] = true;
                    expand(cfg, loops, nodes[i], out);
                }
            }
            return;
        };
        done[next] = true;
        for &t in &edges[next] {
            indegree[t] -= 1;
        }
        expand(cfg, loops, nodes[next], out);
    }
}

fn expand(cfg: &Cfg, loops: &LoopForest, node: Node, out: &mut Vec<BlockId>) {
    match node {
        Node::Block(b) => out.push(b),
        Node::Loop(l) => order_region(cfg, loops, Some(l), out),
    }
}
