//! Natural loops of a [`Cfg`] and how they nest.
//!
//! Computes: the back edges (edges `latch -> header` whose target dominates
//! their source); for each header, its natural loop, the union of the
//! natural loops of all back edges to it: the header plus every reachable
//! block that reaches a latch without passing through the header; the loop
//! forest (parent, children, depth); for each block its innermost loop; for
//! each loop its exit edges.
//!
//! Preconditions: the results describe every cycle only for reducible
//! graphs; check [`Cfg::check_reducible`] first. On an irreducible graph the
//! retreating edges that are not back edges are ignored, so the cycles they
//! close belong to no loop (but every reported loop is still a genuine
//! natural loop).
//!
//! Guarantees:
//! - Two loops are disjoint or one contains the other (this holds for
//!   natural loops with distinct headers in every graph), so the loops form
//!   a forest; a loop's header strictly dominates the headers of the loops
//!   nested in it.
//! - [`LoopId`]s number the loops by the reverse postorder of their headers,
//!   so a loop's id is smaller than the ids of all loops nested in it
//!   (outermost first). Bodies, latches and children are in increasing
//!   order; exits by source block, then in written order.
//! - Time and space are linear in the sum of the body sizes (so quadratic
//!   only in the nesting depth), with no recursion.

use super::graph::NONE;
use super::{BlockId, Cfg};

/// A loop of a [`LoopForest`], numbered outermost first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LoopId(pub u32);

impl LoopId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The natural loops of a [`Cfg`] (see the module documentation).
#[derive(Clone, Debug)]
pub struct LoopForest {
    loops: Vec<Loop>,
    /// Per block, the innermost loop containing it; `NONE` outside loops.
    innermost: Vec<u32>,
    /// Per block, the loop it heads; `NONE` if it heads none.
    headed: Vec<u32>,
}

#[derive(Clone, Debug)]
struct Loop {
    header: BlockId,
    latches: Vec<BlockId>,
    body: Vec<BlockId>,
    parent: Option<LoopId>,
    children: Vec<LoopId>,
    depth: u32,
    exits: Vec<(BlockId, BlockId)>,
}

impl LoopForest {
    pub(super) fn compute(cfg: &Cfg) -> LoopForest {
        let n = cfg.len();
        let dominators = cfg.dominators();
        let mut loops: Vec<Loop> = Vec::new();
        let mut headed = vec![NONE; n];
        // The id of the last loop whose body collected each block.
        let mut collected_by = vec![NONE; n];
        let mut worklist = Vec::new();
        for &header in cfg.reverse_postorder() {
            let latches: Vec<BlockId> = cfg
                .preds(header)
                .iter()
                .copied()
                .filter(|&p| dominators.dominates(header, p))
                .collect();
            if latches.is_empty() {
                continue;
            }
            let id = loops.len() as u32;
            headed[header.index()] = id;
            collected_by[header.index()] = id;
            let mut body = vec![header];
            // Walking predecessors backwards from the latches, stopping at
            // the header, collects exactly the blocks that reach a latch
            // without passing through the header.
            for &latch in &latches {
                if collected_by[latch.index()] != id {
                    collected_by[latch.index()] = id;
                    body.push(latch);
                    worklist.push(latch);
                }
            }
            while let Some(b) = worklist.pop() {
                for &p in cfg.preds(b) {
                    if cfg.is_reachable(p) && collected_by[p.index()] != id {
                        collected_by[p.index()] = id;
                        body.push(p);
                        worklist.push(p);
                    }
                }
            }
            body.sort_unstable();
            loops.push(Loop {
                header,
                latches,
                body,
                parent: None,
                children: Vec::new(),
                depth: 1,
                exits: Vec::new(),
            });
        }

        // Outer loops come first, so when a loop is visited, the last loop
        // written into its header's slot is its innermost enclosing loop.
        let mut innermost = vec![NONE; n];
        for i in 0..loops.len() {
            let parent = innermost[loops[i].header.index()];
            if parent != NONE {
                loops[i].parent = Some(LoopId(parent));
                loops[i].depth = loops[parent as usize].depth + 1;
                loops[parent as usize].children.push(LoopId(i as u32));
            }
            for &b in &loops[i].body {
                innermost[b.index()] = i as u32;
            }
        }

        for lp in &mut loops {
            for &b in &lp.body {
                for &s in cfg.succs(b) {
                    if lp.body.binary_search(&s).is_err() {
                        lp.exits.push((b, s));
                    }
                }
            }
        }

        LoopForest {
            loops,
            innermost,
            headed,
        }
    }

    /// The number of loops.
    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    /// Every loop, outermost first (an enclosing loop before the loops
    /// nested in it).
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = LoopId> + ExactSizeIterator {
        (0..self.loops.len() as u32).map(LoopId)
    }

    /// Every loop header, outermost first (in reverse postorder).
    pub fn headers(&self) -> impl DoubleEndedIterator<Item = BlockId> + '_ {
        self.loops.iter().map(|l| l.header)
    }

    /// The loops not nested in another loop.
    pub fn top_level(&self) -> impl Iterator<Item = LoopId> + '_ {
        self.ids().filter(|&l| self.parent(l).is_none())
    }

    pub fn header(&self, l: LoopId) -> BlockId {
        self.loops[l.index()].header
    }

    /// The sources of the back edges to the loop's header, in increasing
    /// order (the header itself if it loops to itself).
    pub fn latches(&self, l: LoopId) -> &[BlockId] {
        &self.loops[l.index()].latches
    }

    /// Every back edge `(latch, header)`, loop by loop, outermost first.
    pub fn back_edges(&self) -> impl Iterator<Item = (BlockId, BlockId)> + '_ {
        self.loops
            .iter()
            .flat_map(|l| l.latches.iter().map(move |&latch| (latch, l.header)))
    }

    /// The blocks of the loop, header included, in increasing order
    /// (includes the blocks of nested loops).
    pub fn body(&self, l: LoopId) -> &[BlockId] {
        &self.loops[l.index()].body
    }

    pub fn contains(&self, l: LoopId, b: BlockId) -> bool {
        self.loops[l.index()].body.binary_search(&b).is_ok()
    }

    /// The innermost loop enclosing `l`.
    pub fn parent(&self, l: LoopId) -> Option<LoopId> {
        self.loops[l.index()].parent
    }

    /// The loops immediately nested in `l`, in increasing order.
    pub fn children(&self, l: LoopId) -> &[LoopId] {
        &self.loops[l.index()].children
    }

    /// 1 for a top-level loop, 2 for a loop nested in one, and so on.
    pub fn depth(&self, l: LoopId) -> u32 {
        self.loops[l.index()].depth
    }

    /// The edges `(inside, outside)` leaving the loop.
    pub fn exits(&self, l: LoopId) -> &[(BlockId, BlockId)] {
        &self.loops[l.index()].exits
    }

    /// The innermost loop containing `b`; `None` if `b` is in no loop.
    pub fn loop_of(&self, b: BlockId) -> Option<LoopId> {
        match self.innermost[b.index()] {
            NONE => None,
            l => Some(LoopId(l)),
        }
    }

    /// How many loops contain `b` (0 outside loops).
    pub fn loop_depth(&self, b: BlockId) -> u32 {
        self.loop_of(b).map_or(0, |l| self.depth(l))
    }

    /// The loop `h` heads; `None` if `h` is not a loop header.
    pub fn loop_with_header(&self, h: BlockId) -> Option<LoopId> {
        match self.headed[h.index()] {
            NONE => None,
            l => Some(LoopId(l)),
        }
    }

    pub fn is_header(&self, b: BlockId) -> bool {
        self.headed[b.index()] != NONE
    }
}
