//! Dominators and post-dominators of a [`Cfg`].
//!
//! Computes: the immediate dominator of every block reachable from the
//! entry, by the Cooper–Harvey–Kennedy iterative algorithm over reverse
//! postorder, and the dominator tree; the same on the reverse graph for
//! post-dominators, where a virtual exit block joins all `return` blocks.
//!
//! Definitions: `a` dominates `b` if every path from the entry to `b`
//! passes through `a`; `a` post-dominates `b` if every path from `b` to an
//! exit passes through `a`. Both relations are reflexive.
//!
//! Preconditions: none beyond a built [`Cfg`]; any graph is accepted,
//! including irreducible ones.
//!
//! Guarantees and conventions:
//! - Dominators cover exactly the reachable blocks: for an unreachable
//!   block, `idom` is `None`, it has no children, and `dominates` is false
//!   whenever either argument is unreachable.
//! - Post-dominators cover exactly the blocks that can reach an exit
//!   (reachable from the entry or not). Only paths that end at an exit count;
//!   a successor from which no exit is reachable (an infinite loop) is
//!   ignored. A block that cannot reach any exit has no post-dominator:
//!   `ipdom` is `None`, `reaches_exit` is false, and `post_dominates` is
//!   false whenever either argument is such a block.
//! - `ipdom(b)` is `None` also when `b`'s immediate post-dominator is the
//!   virtual exit (`b` is a `return` block, or its paths to exits share no
//!   block); [`PostDominators::roots`] lists those blocks.
//! - Queries are O(1) (`dominates` uses preorder intervals of the tree);
//!   children lists are in increasing block order.

use super::graph::{self, Tree};
use super::{BlockId, Cfg};

/// The dominator tree of the reachable part of a [`Cfg`] (see the module
/// documentation for conventions).
#[derive(Clone, Debug)]
pub struct Dominators {
    entry: BlockId,
    tree: Tree,
}

impl Dominators {
    pub(super) fn compute(
        entry: BlockId,
        preds: &[Vec<BlockId>],
        reverse_postorder: &[BlockId],
    ) -> Dominators {
        let idom = graph::immediate_dominators(preds, reverse_postorder);
        Dominators {
            entry,
            tree: Tree::new(entry, idom),
        }
    }

    /// The root of the tree: the entry block.
    pub fn root(&self) -> BlockId {
        self.entry
    }

    /// The immediate dominator of `b`; `None` for the entry and for
    /// unreachable blocks.
    pub fn idom(&self, b: BlockId) -> Option<BlockId> {
        self.tree.parent(b)
    }

    /// Whether every path from the entry to `b` passes through `a`
    /// (reflexive; false if either block is unreachable).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.tree.is_ancestor(a, b)
    }

    pub fn strictly_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks whose immediate dominator is `b`, in increasing order.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        self.tree.children(b)
    }

    /// `b`, its immediate dominator, and so on up to the entry; empty if `b`
    /// is unreachable.
    pub fn dominators_of(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        let start = self.tree.contains(b).then_some(b);
        std::iter::successors(start, |&d| self.tree.parent(d))
    }
}

/// The post-dominator tree of a [`Cfg`], rooted at a virtual exit that
/// follows every `return` block (see the module documentation for
/// conventions).
#[derive(Clone, Debug)]
pub struct PostDominators {
    /// The id of the virtual exit: one past the last block.
    virtual_exit: BlockId,
    tree: Tree,
}

impl PostDominators {
    pub(super) fn compute(cfg: &Cfg) -> PostDominators {
        let n = cfg.len();
        let virtual_exit = BlockId(n as u32);
        // The reverse graph: its successors are the CFG's predecessors, and
        // the virtual exit leads to every return block.
        let mut reverse_succs: Vec<Vec<BlockId>> = cfg.preds.clone();
        reverse_succs.push(cfg.exits.clone());
        let mut reverse_preds: Vec<Vec<BlockId>> = cfg.succs.clone();
        reverse_preds.push(Vec::new());
        for &exit in &cfg.exits {
            reverse_preds[exit.index()].push(virtual_exit);
        }
        let mut order = graph::dfs(&reverse_succs, virtual_exit).postorder;
        order.reverse();
        let ipdom = graph::immediate_dominators(&reverse_preds, &order);
        PostDominators {
            virtual_exit,
            tree: Tree::new(virtual_exit, ipdom),
        }
    }

    /// The immediate post-dominator of `b`. `None` if it is the virtual exit
    /// (see [`PostDominators::roots`]) or if `b` cannot reach an exit (see
    /// [`PostDominators::reaches_exit`]).
    pub fn ipdom(&self, b: BlockId) -> Option<BlockId> {
        self.tree.parent(b).filter(|&p| p != self.virtual_exit)
    }

    /// Whether some path leads from `b` to a `return` block; the other
    /// blocks have no post-dominators.
    pub fn reaches_exit(&self, b: BlockId) -> bool {
        b != self.virtual_exit && self.tree.contains(b)
    }

    /// Whether every path from `b` to an exit passes through `a`
    /// (reflexive; false if either block cannot reach an exit).
    pub fn post_dominates(&self, a: BlockId, b: BlockId) -> bool {
        a != self.virtual_exit && self.tree.is_ancestor(a, b)
    }

    /// The blocks whose immediate post-dominator is `b`, in increasing
    /// order.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        if b == self.virtual_exit {
            return &[];
        }
        self.tree.children(b)
    }

    /// The blocks whose immediate post-dominator is the virtual exit, in
    /// increasing order: the `return` blocks, and blocks from which two
    /// exits are reachable along paths sharing no block.
    pub fn roots(&self) -> &[BlockId] {
        self.tree.children(self.virtual_exit)
    }

    /// `b`, its immediate post-dominator, and so on up to a root; empty if
    /// `b` cannot reach an exit.
    pub fn post_dominators_of(&self, b: BlockId) -> impl Iterator<Item = BlockId> + '_ {
        let start = self.reaches_exit(b).then_some(b);
        std::iter::successors(start, |&d| self.ipdom(d))
    }
}
