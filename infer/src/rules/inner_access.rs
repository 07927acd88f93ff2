//! Tag `inner_access`: the access facts of a loop, proposed again at the
//! head of the loops nested in it that clear or log the same flags.
//!
//! Pattern: a loop whose body logs an access and then runs an inner loop
//! with a barrier (the barrier resets the access flags of the group, so
//! the inner loop modifies them and its head havocs them): a grid-stride
//! loop over blocks `for (vec = blockIdx.x; vec < n; vec += gridDim.x)`
//! that writes `out[vec]` after a reduction tree `for (s = N / 2; s > 0;
//! s >>= 1) { __syncthreads(); .. }` (SDK scalarProd). The outer loop's
//! `access_stride` / `access_range` / `access_site` / `access_running`
//! fact `F ==> (W - blockIdx.x) % gridDim.x == 0` holds at the inner head
//! too (the inner loop only clears the flag, or logs accesses that keep
//! it), but nothing states it there, so after the inner loop the outer
//! loop's inductive step knows nothing about `F`. Consumes the candidates
//! the other rules generated for every loop; returns copies of those that
//! mention nothing the inner loop modifies besides flags, watched offsets
//! and site ghosts, placed at the heads of the inner loops that modify a
//! flag they mention. The reverse of [`super::outer_access`]; Houdini
//! checks each copy at its own loop.
//!
//! Example: `tests/kernels/realistic/cuda/infer_block_stride_tree.cu`
//! (racy twin `infer_block_stride_tree_racy.cu`; 3.8 s of CPU in a release
//! build, so in the realistic corpus), realistic SDK scalarProd (the
//! `d_C[vec]` write; the file keeps other false alarms).

use crate::analysis::{is_flag, vars, LoopInfo};
use crate::candidate::Candidate;
use std::collections::{BTreeSet, HashSet};
use transform::names::Ghost;

pub const TAG: &str = "inner_access";

/// The tags whose candidates are copied inwards.
const PUSHED: &[&str] = &[
    "access_stride",
    "access_range",
    "access_site",
    "access_running",
];

fn is_access_ghost(v: &str) -> bool {
    is_flag(v)
        || Ghost::Watched.matches(v)
        || Ghost::ReadSite.matches(v)
        || Ghost::WriteSite.matches(v)
        || Ghost::AtomicSite.matches(v)
}

/// Copies of the outer loops' access candidates at the heads of the loops
/// nested in them.
pub fn push_down(loops: &[LoopInfo], candidates: &[Candidate]) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut seen: HashSet<(String, ivl::ast::Expr)> = candidates
        .iter()
        .map(|c| (c.header.clone(), c.expr.clone()))
        .collect();
    for outer in loops {
        for inner in loops.iter().filter(|i| outer.contains_loop(i)) {
            for c in candidates {
                if c.header != outer.header || !PUSHED.contains(&c.tag) {
                    continue;
                }
                let mut vs = BTreeSet::new();
                vars(&c.expr, &mut vs);
                let clears_flag = vs.iter().any(|v| is_flag(v) && inner.modified.contains(v));
                let stable = vs
                    .iter()
                    .all(|v| is_access_ghost(v) || !inner.modified.contains(v));
                if clears_flag && stable && seen.insert((inner.header.clone(), c.expr.clone())) {
                    out.push(Candidate {
                        tag: TAG,
                        header: inner.header.clone(),
                        expr: c.expr.clone(),
                    });
                }
            }
        }
    }
    out
}
