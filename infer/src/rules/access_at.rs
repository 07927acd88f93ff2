//! Tag `access_at`: the tracked access is at a loop-invariant offset.
//!
//! Pattern: every access to `A` the loop logs (and every one logged before
//! it) is at an offset that does not change in the loop, e.g. `A[id + C]`,
//! `A[id * C + k]` with the id copied into locals, 2-D ids, casts between
//! widths. Candidates: `F ==> WATCHED_A == off` per logging site, the
//! same restricted to the tracked thread's group, and the disjunction over
//! all loop-invariant offsets of `F`.
//!
//! Example: `tests/kernels/cuda/loop_invariant.cu` — `a[threadIdx.x] += k`
//! in a loop: `READ_HAS_OCCURRED_a ==> WATCHED_a == local_id_x$1` shows
//! the other thread (a different id) never touches the watched element.

use super::{candidate, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::Expr;
use std::collections::{BTreeMap, BTreeSet};

pub const RULE: Rule = Rule {
    tags: &["access_at"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let mut per_flag: BTreeMap<(String, String), Vec<Expr>> = BTreeMap::new();
    for site in &l.logs {
        if !l.modified.contains(&site.flag) {
            continue;
        }
        let off = if site.in_loop {
            l.resolve(&site.offset, &BTreeSet::new())
        } else {
            site.offset.clone()
        };
        if !l.invariant(&off) {
            continue;
        }
        let offs = per_flag
            .entry((site.flag.clone(), site.watched.clone()))
            .or_default();
        if !offs.contains(&off) {
            offs.push(off);
        }
    }
    for ((flag, watched), offs) in per_flag {
        let f = || Expr::var(flag.clone());
        let at = |o: &Expr| Expr::eq(Expr::var(watched.clone()), o.clone());
        for o in &offs {
            out.push(candidate("access_at", l, Expr::implies(f(), at(o))));
            if let Some(same) = &ctx.same_group {
                out.push(candidate(
                    "access_at",
                    l,
                    Expr::implies(Expr::and(f(), same.clone()), at(o)),
                ));
            }
        }
        if offs.len() > 1 {
            let any = offs.iter().map(at).reduce(Expr::or).expect("nonempty");
            out.push(candidate("access_at", l, Expr::implies(f(), any)));
        }
    }
}
