//! Reducibility of a [`Cfg`].
//!
//! Computes: whether the part of the graph reachable from the entry is
//! reducible, i.e. every retreating edge of a depth-first search is a back
//! edge (its target dominates its source); equivalently, every cycle is
//! entered only through one block, its loop header. The answer does not
//! depend on the search order.
//!
//! Preconditions: none beyond a built [`Cfg`]. Unreachable blocks are
//! ignored.
//!
//! Guarantees: on an irreducible graph the diagnostic names the procedure
//! and two blocks of one cycle, each entered from a block that the entry
//! reaches without touching the cycle, so neither dominates the other; it
//! points at the label of the later of the two in body order. The cycle
//! reported is closed by the first offending edge the search found, so the
//! report is deterministic.

use super::graph::NONE;
use super::{BlockId, Cfg};
use crate::diagnostic::Diagnostic;

/// A cycle entered at two blocks, each from a block the entry reaches
/// without touching the cycle: the witness that a graph is irreducible.
/// The entries are in body order.
struct TwoEntries {
    first: BlockId,
    first_entered_from: BlockId,
    second: BlockId,
    second_entered_from: BlockId,
}

impl Cfg {
    /// Whether the reachable part of the graph is reducible.
    pub fn is_reducible(&self) -> bool {
        self.first_irreducible_edge().is_none()
    }

    /// `Ok` if the reachable part of the graph is reducible; otherwise an
    /// `ivl::irreducible` diagnostic naming `procedure_name` and two entries
    /// of one cycle, at the label of the later entry (in body order).
    pub fn check_reducible(&self, procedure_name: &str) -> Result<(), Diagnostic> {
        let Some((tail, head)) = self.first_irreducible_edge() else {
            return Ok(());
        };
        let w = self.two_entries(tail, head);
        let (first, second) = (self.label(w.first), self.label(w.second));
        let message = format!(
            "irreducible control flow in procedure `{procedure_name}`: a loop is entered both \
             at `{first}` (from `{}`) and at `{second}` (from `{}`), and neither block \
             dominates the other",
            self.label(w.first_entered_from),
            self.label(w.second_entered_from),
        );
        Err(
            Diagnostic::new("ivl::irreducible", message, self.label_span(w.second))
                .with_label(format!(
                    "entered from `{}`, bypassing `{first}`",
                    self.label(w.second_entered_from),
                ))
                .with_help(
                    "every loop must be entered through a single block, its header; \
                     restructure the loop (for example by duplicating the blocks between \
                     its two entries)",
                ),
        )
    }

    /// The first retreating edge `(tail, head)` whose head does not dominate
    /// its tail.
    fn first_irreducible_edge(&self) -> Option<(BlockId, BlockId)> {
        self.retreating
            .iter()
            .copied()
            .find(|&(tail, head)| !self.dominators().dominates(head, tail))
    }

    /// Two entries of the cycle closed by the retreating edge `tail -> head`,
    /// where `head` does not dominate `tail`.
    ///
    /// The cycle is `head`, the DFS-tree path down to `tail`, and the edge
    /// back. `head` is entered from its DFS parent, which the tree path
    /// reaches above the cycle. Some path from the entry reaches `tail`
    /// avoiding `head`; the block before its first cycle block `c` is
    /// reached without touching the cycle, so `c` is a second entry. (The
    /// entry block is not on the cycle: it dominates every block, so it is
    /// not `head`, and it is no DFS descendant of `head`.)
    fn two_entries(&self, tail: BlockId, head: BlockId) -> TwoEntries {
        let n = self.len();
        let mut on_cycle = vec![false; n];
        let mut path = Vec::new();
        let mut b = tail;
        while b != head {
            on_cycle[b.index()] = true;
            path.push(b);
            b = BlockId(self.dfs_parent[b.index()]);
        }
        on_cycle[head.index()] = true;
        path.reverse();

        let mut outside = vec![false; n];
        let mut worklist = vec![self.entry()];
        outside[self.entry().index()] = true;
        while let Some(b) = worklist.pop() {
            for &s in self.succs(b) {
                if !on_cycle[s.index()] && !outside[s.index()] {
                    outside[s.index()] = true;
                    worklist.push(s);
                }
            }
        }

        // `head` is not the entry (which dominates `tail`), so it has a DFS
        // parent; the fallbacks only keep this function total.
        let head_entered_from = match self.dfs_parent[head.index()] {
            NONE => self.entry(),
            p => BlockId(p),
        };
        let (other, other_entered_from) = path
            .iter()
            .find_map(|&c| {
                self.preds(c)
                    .iter()
                    .find(|&&p| outside[p.index()])
                    .map(|&p| (c, p))
            })
            .unwrap_or((tail, self.entry()));
        let (head_entry, other_entry) = ((head, head_entered_from), (other, other_entered_from));
        let (first, second) = if head < other {
            (head_entry, other_entry)
        } else {
            (other_entry, head_entry)
        };
        TwoEntries {
            first: first.0,
            first_entered_from: first.1,
            second: second.0,
            second_entered_from: second.1,
        }
    }
}
