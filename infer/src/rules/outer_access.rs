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
//!
//! Tag `outer_access_init`: when such a fact mentions a counter of the
//! outer loop (`iRng` of `for (iRng = tid; ..; iRng += THREAD_N) for (iOut
//! ..) d[iRng + iOut * N]`: `F ==> (W - iRng) % N == 0`), the copy with the
//! counter replaced by its initial value (`F ==> (W - tid) % N == 0`): true
//! at the outer head when the counter's stride is a multiple of the
//! modulus (SDK MersenneTwister's BoxMullerGPU). Proposed whatever the
//! stride; Houdini refutes the copies that do not hold. Example:
//! `tests/kernels/realistic/cuda/infer_outer_residue.cu`.

use crate::analysis::{is_flag, vars, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::Expr;
use std::collections::BTreeSet;
use transform::names::Ghost;

pub const TAG: &str = "outer_access";
pub const INIT_TAG: &str = "outer_access_init";

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
                } else if !stable {
                    let Some(e) = at_counter_init(outer, &c.expr) else {
                        continue;
                    };
                    if seen.insert((outer.header.clone(), e.clone())) {
                        out.push(Candidate {
                            tag: INIT_TAG,
                            header: outer.header.clone(),
                            expr: e,
                        });
                    }
                }
            }
        }
    }
    out
}

/// `e` with the outer loop's counters replaced by their initial values
/// (each assigned once before the loop, from values the loop does not
/// modify), after resolving the loop's temporaries; `None` unless the
/// result mentions nothing the loop modifies but flags and watched offsets.
fn at_counter_init(outer: &LoopInfo, e: &Expr) -> Option<Expr> {
    let counters = outer.counters();
    let inits: Vec<(String, Expr)> = counters
        .iter()
        .filter_map(|c| {
            let init = c.init.as_ref()?;
            outer
                .invariant(init)
                .then(|| (c.name.clone(), init.clone()))
        })
        .collect();
    if inits.is_empty() {
        return None;
    }
    let keep: BTreeSet<String> = inits.iter().map(|(n, _)| n.clone()).collect();
    let resolved = outer.resolve(e, &keep);
    let mut mentioned = BTreeSet::new();
    vars(&resolved, &mut mentioned);
    if !inits.iter().any(|(n, _)| mentioned.contains(n)) {
        return None;
    }
    let replaced = ivl::subst::rewrite(
        &resolved,
        &|name, _old| {
            inits
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, init)| init.clone())
        },
        false,
    );
    let mut vs = BTreeSet::new();
    vars(&replaced, &mut vs);
    vs.iter()
        .all(|v| is_flag(v) || Ghost::Watched.matches(v) || !outer.modified.contains(v))
        .then_some(replaced)
}
