//! Tag `outer_access`: the access facts of an inner loop, proposed again
//! at the head of the loops around it.
//!
//! Pattern: a strided inner loop inside an outer repetition loop (`for (r
//! = 0; r < NUM_REPS; r++) for (i = 0; i < TILE; i += ROWS) out[(y + i) *
//! w + x] = ..`). The inner loop's `access_stride`, `access_range` and
//! `down_stride` facts about a flag `F` say where the accesses logged so
//! far are; when they mention nothing the outer loop modifies (besides
//! the flags and the watched offsets), the accesses of earlier outer
//! iterations satisfy them too, and the outer loop needs them at its own
//! head (its inductive step starts with flags set by earlier repetitions).
//! Consumes the candidates the other rules generated for every loop;
//! returns copies placed at the enclosing loops' heads.
//!
//! Example: `tests/kernels/cuda/transpose_repeated.cu`.

use crate::analysis::{is_flag, vars, LoopInfo};
use crate::candidate::Candidate;
use std::collections::BTreeSet;
use transform::names::Ghost;

pub const TAG: &str = "outer_access";

/// The tags whose candidates are copied outwards.
const HOISTED: &[&str] = &["access_stride", "access_range", "down_stride"];

/// Copies of the inner loops' access candidates at the heads of the loops
/// that contain them.
pub fn hoist(loops: &[LoopInfo], candidates: &[Candidate]) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for outer in loops {
        for inner in loops.iter().filter(|i| outer.contains_loop(i)) {
            for c in candidates {
                if c.header != inner.header || !HOISTED.contains(&c.tag) {
                    continue;
                }
                let mut vs = BTreeSet::new();
                vars(&c.expr, &mut vs);
                let stable = vs.iter().all(|v| {
                    is_flag(v) || Ghost::Watched.matches(v) || !outer.modified.contains(v)
                });
                if stable && seen.insert((outer.header.clone(), c.expr.clone())) {
                    out.push(Candidate {
                        tag: TAG,
                        header: outer.header.clone(),
                        expr: c.expr.clone(),
                    });
                }
            }
        }
    }
    out
}
