//! Control-flow graphs of procedure bodies, and the analyses later stages
//! build on them.
//!
//! - [`Cfg`] (this file): blocks, successor and predecessor edges, entry,
//!   exits, reachability, reverse postorder. Built by [`Cfg::new`], which
//!   also computes the dominators, since nearly every client needs them.
//! - [`Dominators`] and [`PostDominators`] (`dominators.rs`).
//! - [`LoopForest`] (`loops.rs`): back edges, natural loops, nesting, exits.
//! - [`Cfg::check_reducible`] (`reducible.rs`).
//! - [`modified_variables`] (`modified.rs`): what a set of blocks may write.
//!
//! Blocks are identified by [`BlockId`], the index of the block in
//! `body.blocks` of the body the graph was built from; block 0 is the entry.
//! Every id handed to a method must come from the same body; ids out of
//! range are caller bugs and panic like slice indexing does.
//!
//! Edges: `goto L1, L2;` gives an edge to each distinct target (a repeated
//! target counts once; successors keep their written order, predecessors
//! are in increasing block order). `return;` ends a path at an exit. A
//! `goto` with no targets (which the surface syntax cannot write) has no
//! successors and is not an exit.
//!
//! Unreachable blocks are part of the graph (they have ids, successors and
//! predecessors) but not of the reverse postorder, the dominator tree or
//! any loop. Every result is deterministic: it depends only on the body,
//! never on hashing.

mod dominators;
mod graph;
mod loops;
mod modified;
mod reducible;

pub use dominators::{Dominators, PostDominators};
pub use loops::{LoopForest, LoopId};
pub use modified::{modified_variables, modified_variables_with};

use crate::ast::{Body, Ident, TransferKind};
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use graph::NONE;
use std::collections::HashMap;

/// A block of a [`Cfg`]: the index of the block in `body.blocks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BlockId(pub u32);

impl BlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The control-flow graph of one procedure body, with its dominators.
#[derive(Clone, Debug)]
pub struct Cfg {
    labels: Vec<Ident>,
    /// Label to block; only looked up, never iterated.
    block_ids: HashMap<String, BlockId>,
    succs: Vec<Vec<BlockId>>,
    preds: Vec<Vec<BlockId>>,
    exits: Vec<BlockId>,
    reverse_postorder: Vec<BlockId>,
    /// Position of each block in `reverse_postorder`; `NONE` if unreachable.
    rpo_index: Vec<u32>,
    /// DFS-tree parent of each block (the DFS that gave the reverse
    /// postorder); `NONE` for the entry and unreachable blocks.
    dfs_parent: Vec<u32>,
    /// Retreating edges of that DFS, in the order it found them.
    retreating: Vec<(BlockId, BlockId)>,
    dominators: Dominators,
}

impl Cfg {
    /// Builds the graph of `body` and its dominators.
    ///
    /// Fails with `ivl::label` if a `goto` names a label no block has, or
    /// two blocks share a label, and with `ivl::empty_body` if the body has
    /// no block (the type checker reports all of these too; the first one
    /// found is returned here).
    pub fn new(body: &Body) -> Result<Cfg, Diagnostic> {
        if body.blocks.is_empty() {
            return Err(Diagnostic::new(
                "ivl::empty_body",
                "a procedure body must have at least one block",
                Span::DUMMY,
            ));
        }
        if u32::try_from(body.blocks.len()).is_err() {
            return Err(Diagnostic::new(
                "ivl::empty_body",
                "a procedure body has too many blocks",
                body.blocks[0].label.span,
            ));
        }
        let mut block_ids = HashMap::with_capacity(body.blocks.len());
        for (i, block) in body.blocks.iter().enumerate() {
            let label = &block.label;
            if block_ids
                .insert(label.name.clone(), BlockId(i as u32))
                .is_some()
            {
                return Err(Diagnostic::new(
                    "ivl::label",
                    format!("duplicate label `{label}`"),
                    label.span,
                )
                .with_label("a block with this label already exists"));
            }
        }

        let n = body.blocks.len();
        let mut succs = Vec::with_capacity(n);
        let mut preds = vec![Vec::new(); n];
        let mut exits = Vec::new();
        for (i, block) in body.blocks.iter().enumerate() {
            let from = BlockId(i as u32);
            let mut targets: Vec<BlockId> = Vec::new();
            match &block.transfer.kind {
                TransferKind::Return => exits.push(from),
                TransferKind::Goto(labels) => {
                    for target in labels {
                        let Some(&to) = block_ids.get(&target.name) else {
                            return Err(Diagnostic::new(
                                "ivl::label",
                                format!("unknown label `{target}`"),
                                target.span,
                            )
                            .with_label("no block has this label"));
                        };
                        if !targets.contains(&to) {
                            targets.push(to);
                            preds[to.index()].push(from);
                        }
                    }
                }
            }
            succs.push(targets);
        }

        let entry = BlockId(0);
        let dfs = graph::dfs(&succs, entry);
        let mut reverse_postorder = dfs.postorder;
        reverse_postorder.reverse();
        let mut rpo_index = vec![NONE; n];
        for (i, b) in reverse_postorder.iter().enumerate() {
            rpo_index[b.index()] = i as u32;
        }
        let dominators = Dominators::compute(entry, &preds, &reverse_postorder);
        Ok(Cfg {
            labels: body.blocks.iter().map(|b| b.label.clone()).collect(),
            block_ids,
            succs,
            preds,
            exits,
            reverse_postorder,
            rpo_index,
            dfs_parent: dfs.parent,
            retreating: dfs.retreating,
            dominators,
        })
    }

    /// The entry block (always the first block of the body).
    pub fn entry(&self) -> BlockId {
        BlockId(0)
    }

    /// The number of blocks, reachable or not.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Always false: a graph has at least its entry block.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Every block, in body order.
    pub fn blocks(&self) -> impl DoubleEndedIterator<Item = BlockId> + ExactSizeIterator {
        (0..self.len() as u32).map(BlockId)
    }

    /// Every edge `(from, to)`, by source block, then in written order.
    pub fn edges(&self) -> impl Iterator<Item = (BlockId, BlockId)> + '_ {
        self.blocks()
            .flat_map(move |from| self.succs(from).iter().map(move |&to| (from, to)))
    }

    /// The distinct targets of the block's `goto`, in written order.
    pub fn succs(&self, b: BlockId) -> &[BlockId] {
        &self.succs[b.index()]
    }

    /// The blocks whose `goto` names `b`, in increasing order (reachable or
    /// not).
    pub fn preds(&self, b: BlockId) -> &[BlockId] {
        &self.preds[b.index()]
    }

    pub fn label(&self, b: BlockId) -> &str {
        &self.labels[b.index()].name
    }

    /// Where the block's label is written.
    pub fn label_span(&self, b: BlockId) -> Span {
        self.labels[b.index()].span
    }

    pub fn block_id(&self, label: &str) -> Option<BlockId> {
        self.block_ids.get(label).copied()
    }

    /// The blocks reachable from the entry, in reverse postorder: every
    /// block comes before its successors except along retreating edges, so
    /// a dominator always comes before the blocks it dominates.
    pub fn reverse_postorder(&self) -> &[BlockId] {
        &self.reverse_postorder
    }

    /// The position of `b` in [`Cfg::reverse_postorder`]; `None` if `b` is
    /// unreachable.
    pub fn rpo_index(&self, b: BlockId) -> Option<usize> {
        match self.rpo_index[b.index()] {
            NONE => None,
            i => Some(i as usize),
        }
    }

    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.rpo_index[b.index()] != NONE
    }

    /// The blocks ending in `return`, in body order (reachable or not).
    pub fn exits(&self) -> &[BlockId] {
        &self.exits
    }

    pub fn dominators(&self) -> &Dominators {
        &self.dominators
    }

    /// Post-dominators, computed on demand (see [`PostDominators`]).
    pub fn post_dominators(&self) -> PostDominators {
        PostDominators::compute(self)
    }

    /// Natural loops, computed on demand (see [`LoopForest`]).
    pub fn loops(&self) -> LoopForest {
        LoopForest::compute(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Block, Transfer};

    fn block(label: &str, transfer: TransferKind) -> Block {
        Block {
            label: Ident::synthetic(label),
            attrs: Vec::new(),
            stmts: Vec::new(),
            transfer: Transfer {
                kind: transfer,
                span: Span::DUMMY,
            },
            span: Span::DUMMY,
        }
    }

    fn goto(targets: &[&str]) -> TransferKind {
        TransferKind::Goto(targets.iter().map(|t| Ident::synthetic(*t)).collect())
    }

    fn body(blocks: Vec<Block>) -> Body {
        Body {
            locals: Vec::new(),
            blocks,
        }
    }

    #[test]
    fn repeated_goto_targets_are_one_edge() {
        let cfg = Cfg::new(&body(vec![
            block("entry", goto(&["a", "a"])),
            block("a", TransferKind::Return),
        ]))
        .unwrap();
        assert_eq!(cfg.succs(BlockId(0)), &[BlockId(1)]);
        assert_eq!(cfg.preds(BlockId(1)), &[BlockId(0)]);
    }

    #[test]
    fn empty_goto_is_neither_edge_nor_exit() {
        let cfg = Cfg::new(&body(vec![block("entry", goto(&[]))])).unwrap();
        assert!(cfg.succs(cfg.entry()).is_empty());
        assert!(cfg.exits().is_empty());
        assert_eq!(cfg.reverse_postorder(), &[BlockId(0)]);
    }

    #[test]
    fn unknown_label_is_a_diagnostic() {
        let mut target = Ident::synthetic("nowhere");
        target.span = Span::new(10, 17);
        let err = Cfg::new(&body(vec![block(
            "entry",
            TransferKind::Goto(vec![target]),
        )]))
        .unwrap_err();
        assert_eq!(err.code, "ivl::label");
        assert_eq!(err.message, "unknown label `nowhere`");
        assert_eq!((err.span.start, err.span.end), (10, 17));
    }

    #[test]
    fn duplicate_label_is_a_diagnostic() {
        let err = Cfg::new(&body(vec![
            block("entry", goto(&["a"])),
            block("a", TransferKind::Return),
            block("a", TransferKind::Return),
        ]))
        .unwrap_err();
        assert_eq!(err.code, "ivl::label");
        assert_eq!(err.message, "duplicate label `a`");
    }

    #[test]
    fn empty_body_is_a_diagnostic() {
        let err = Cfg::new(&body(Vec::new())).unwrap_err();
        assert_eq!(err.code, "ivl::empty_body");
    }
}
