//! Tag `warp_chunk`: a warp's accesses stay in its own slice.
//!
//! Pattern: a loop in a procedure with warp barriers (`__syncwarp`) that
//! logs accesses to an array indexed by the thread's linear id within
//! its warp's slice (`sm[t]`, `sm[t + s]` with `lane < s`, the warp-level
//! tree reduction). A warp barrier orders only the threads of one warp, so
//! the proof needs the other warps' accesses kept apart: the candidate
//! `F ==> WATCHED_A / W == linear_id$1 / W` (`W` the warp size, in 128
//! bits so nothing wraps).
//!
//! Example: `tests/kernels/cuda/warp_reduce_syncwarp_loop.cu`.

use super::{bin, candidate, Context, Rule};
use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind};

pub const RULE: Rule = Rule {
    tags: &["warp_chunk"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let Some(n) = ctx.warp_size else { return };
    let warp = |e: Expr| bin(BinaryOp::BvUDiv, e, Expr::bv(u128::from(n), 128));
    let mut seen = Vec::new();
    for site in l.logs.iter().filter(|s| l.modified.contains(&s.flag)) {
        if seen.contains(&site.flag) {
            continue;
        }
        seen.push(site.flag.clone());
        let Some(w) = ctx.width(&site.watched) else {
            continue;
        };
        if w > 128 {
            continue;
        }
        let watched = Expr::synthetic(ExprKind::Extend {
            signed: false,
            width: 128,
            expr: Box::new(Expr::var(site.watched.clone())),
        });
        out.push(candidate(
            "warp_chunk",
            l,
            Expr::implies(
                Expr::var(site.flag.clone()),
                Expr::eq(warp(watched), warp(transform::warp::linear(1))),
            ),
        ));
    }
}
