//! Index-based graph algorithms shared by the CFG analyses: an iterative
//! depth-first search and the Cooper–Harvey–Kennedy dominator algorithm,
//! plus a dominator tree with constant-time ancestor queries.
//!
//! Preconditions: a graph is an adjacency list `&[Vec<BlockId>]` whose
//! entries are valid indices into it (callers may add virtual nodes, as the
//! post-dominator analysis does with its virtual exit).
//!
//! Guarantees: nothing recurses (explicit stacks only), so graphs of any size
//! and depth are safe; every result depends only on the order of the
//! adjacency lists, never on hashing.

use super::BlockId;

/// "No node": the parent of a root, the dominator of an unreached node.
pub(super) const NONE: u32 = u32::MAX;

/// The result of a depth-first search from one root.
pub(super) struct Dfs {
    /// The reached nodes in postorder.
    pub postorder: Vec<BlockId>,
    /// The DFS-tree parent of each node; [`NONE`] for the root and for the
    /// nodes the search did not reach.
    pub parent: Vec<u32>,
    /// Retreating edges `(from, to)`: `to` was on the DFS stack (an ancestor
    /// of `from`, or `from` itself) when the edge was examined. In the order
    /// the search examined them.
    pub retreating: Vec<(BlockId, BlockId)>,
}

/// Depth-first search from `root`. Successors are explored last to first,
/// so the reverse postorder lists the successors of a block in their
/// written order (`goto a, b` puts `a` before `b` when neither reaches the
/// other), which keeps results close to source order.
pub(super) fn dfs(succs: &[Vec<BlockId>], root: BlockId) -> Dfs {
    const NEW: u8 = 0;
    const ON_STACK: u8 = 1;
    const DONE: u8 = 2;
    let n = succs.len();
    let mut state = vec![NEW; n];
    let mut parent = vec![NONE; n];
    let mut postorder = Vec::new();
    let mut retreating = Vec::new();
    // Each frame holds a node and how many of its successors are unexplored.
    let mut stack: Vec<(BlockId, usize)> = vec![(root, succs[root.index()].len())];
    state[root.index()] = ON_STACK;
    while let Some(frame) = stack.last_mut() {
        let (node, unexplored) = *frame;
        if unexplored == 0 {
            stack.pop();
            state[node.index()] = DONE;
            postorder.push(node);
            continue;
        }
        frame.1 -= 1;
        let next = succs[node.index()][unexplored - 1];
        match state[next.index()] {
            NEW => {
                state[next.index()] = ON_STACK;
                parent[next.index()] = node.0;
                stack.push((next, succs[next.index()].len()));
            }
            ON_STACK => retreating.push((node, next)),
            _ => {}
        }
    }
    Dfs {
        postorder,
        parent,
        retreating,
    }
}

/// Immediate dominators by the Cooper–Harvey–Kennedy iterative algorithm
/// ("A Simple, Fast Dominance Algorithm", 2001). `rpo` is a reverse
/// postorder of the nodes reachable from its first element, the root.
/// Returns, per node, the index of its immediate dominator; [`NONE`] for the
/// root and for nodes not in `rpo`.
pub(super) fn immediate_dominators(preds: &[Vec<BlockId>], rpo: &[BlockId]) -> Vec<u32> {
    let n = preds.len();
    let mut rpo_index = vec![NONE; n];
    for (i, b) in rpo.iter().enumerate() {
        rpo_index[b.index()] = i as u32;
    }
    let mut idom = vec![NONE; n];
    let Some(&root) = rpo.first() else {
        return idom;
    };
    idom[root.index()] = root.0;
    let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
        while a != b {
            while rpo_index[a as usize] > rpo_index[b as usize] {
                a = idom[a as usize];
            }
            while rpo_index[b as usize] > rpo_index[a as usize] {
                b = idom[b as usize];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &rpo[1..] {
            let mut new_idom = NONE;
            for &p in &preds[b.index()] {
                // Skips unreached predecessors and those not processed yet;
                // the DFS parent always precedes `b` in `rpo`, so at least
                // one predecessor counts.
                if idom[p.index()] == NONE {
                    continue;
                }
                new_idom = if new_idom == NONE {
                    p.0
                } else {
                    intersect(&idom, p.0, new_idom)
                };
            }
            if idom[b.index()] != new_idom {
                idom[b.index()] = new_idom;
                changed = true;
            }
        }
    }
    idom[root.index()] = NONE;
    idom
}

/// A tree given by parent links (a dominator or post-dominator tree), with
/// children lists in increasing index order and preorder intervals for
/// constant-time ancestor tests.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    parent: Vec<u32>,
    children: Vec<Vec<BlockId>>,
    /// Preorder number of each node in the tree; [`NONE`] outside it.
    pre: Vec<u32>,
    /// The largest preorder number in each node's subtree.
    last: Vec<u32>,
}

impl Tree {
    /// The tree rooted at `root` whose other nodes are those with a parent.
    pub fn new(root: BlockId, parent: Vec<u32>) -> Tree {
        let n = parent.len();
        let mut children = vec![Vec::new(); n];
        for (node, &p) in parent.iter().enumerate() {
            if p != NONE {
                children[p as usize].push(BlockId(node as u32));
            }
        }
        let mut pre = vec![NONE; n];
        let mut last = vec![NONE; n];
        let mut counter = 0u32;
        // Frames: a node and how many of its children have been entered.
        let mut stack: Vec<(BlockId, usize)> = vec![(root, 0)];
        pre[root.index()] = counter;
        while let Some(frame) = stack.last_mut() {
            let (node, entered) = *frame;
            if let Some(&child) = children[node.index()].get(entered) {
                frame.1 += 1;
                counter += 1;
                pre[child.index()] = counter;
                stack.push((child, 0));
            } else {
                last[node.index()] = counter;
                stack.pop();
            }
        }
        Tree {
            parent,
            children,
            pre,
            last,
        }
    }

    pub fn parent(&self, node: BlockId) -> Option<BlockId> {
        match self.parent[node.index()] {
            NONE => None,
            p => Some(BlockId(p)),
        }
    }

    pub fn children(&self, node: BlockId) -> &[BlockId] {
        &self.children[node.index()]
    }

    pub fn contains(&self, node: BlockId) -> bool {
        self.pre[node.index()] != NONE
    }

    /// Whether `a` is `b` or an ancestor of `b`; false unless both are in
    /// the tree.
    pub fn is_ancestor(&self, a: BlockId, b: BlockId) -> bool {
        let (pre_a, pre_b) = (self.pre[a.index()], self.pre[b.index()]);
        pre_a != NONE && pre_b != NONE && pre_a <= pre_b && pre_b <= self.last[a.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[&[u32]]) -> Vec<Vec<BlockId>> {
        edges
            .iter()
            .map(|succs| succs.iter().map(|&s| BlockId(s)).collect())
            .collect()
    }

    #[test]
    fn dfs_reports_self_loops_as_retreating() {
        let succs = graph(&[&[1], &[1, 2], &[]]);
        let dfs = dfs(&succs, BlockId(0));
        assert_eq!(dfs.retreating, vec![(BlockId(1), BlockId(1))]);
        assert_eq!(dfs.postorder, vec![BlockId(2), BlockId(1), BlockId(0)]);
        assert_eq!(dfs.parent, vec![NONE, 0, 1]);
    }

    #[test]
    fn dfs_explores_successors_so_that_rpo_follows_written_order() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3: the reverse postorder is 0 1 2 3.
        let succs = graph(&[&[1, 2], &[3], &[3], &[]]);
        let mut rpo = dfs(&succs, BlockId(0)).postorder;
        rpo.reverse();
        assert_eq!(rpo, vec![BlockId(0), BlockId(1), BlockId(2), BlockId(3)]);
    }

    #[test]
    fn tree_ancestor_queries() {
        // 0 is the root; 1 and 2 are its children; 3 is a child of 2; 4 is
        // outside the tree.
        let tree = Tree::new(BlockId(0), vec![NONE, 0, 0, 2, NONE]);
        assert!(tree.is_ancestor(BlockId(0), BlockId(3)));
        assert!(tree.is_ancestor(BlockId(2), BlockId(3)));
        assert!(tree.is_ancestor(BlockId(3), BlockId(3)));
        assert!(!tree.is_ancestor(BlockId(1), BlockId(3)));
        assert!(!tree.is_ancestor(BlockId(3), BlockId(2)));
        assert!(!tree.is_ancestor(BlockId(4), BlockId(4)));
        assert!(!tree.contains(BlockId(4)));
        assert_eq!(tree.children(BlockId(0)), &[BlockId(1), BlockId(2)]);
    }
}
