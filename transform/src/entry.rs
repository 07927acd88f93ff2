//! The pair of threads and the kernel's entry: how the two threads relate
//! (same group, same warp), the launch assumptions, and the statements the
//! kernel's product body starts with.
//!
//! Consumes the configuration, the arrays (abstractions chosen) and the
//! planned ghosts. Produces a [`Pair`] and the entry statements. Assumptions
//! made at entry (and nothing else is assumed): each thread's local id is
//! below the group size and its group id below the number of groups, per
//! dimension; configured sizes and offsets have their values;
//! `num_groups * local_size + global_offset <= 2^32 - 1` per dimension
//! (global ids and the global size do not wrap; a concrete launch breaking
//! it is refused by `TransformConfig::check_launch`, so it only constrains
//! `*` entries); threads of one group have distinct local ids; equality
//! copies start equal (group-shared ones only within a group); every access
//! flag starts false.

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::config::{Abstraction, TransformConfig};
use crate::names::{self, DIMS};
use crate::product::{assign, lhs};
use crate::race::Ghosts;
use ivl::ast::{BinaryOp, Expr, ExprKind, Stmt, StmtKind};
use ivl::build::{and, implies};
use std::collections::BTreeMap;

/// How the two threads relate, as product expressions.
pub struct Pair {
    /// "Both threads are in one group" (`true` with `--only-intra-group`).
    pub same_group: Expr,
    /// "Both threads are in one warp" (with `--warp-sync`).
    pub same_warp: Option<Expr>,
    /// The launch assumptions (also preconditions of two-thread procedures).
    pub launch: Vec<Expr>,
}

/// The relations of the pair under `config`.
pub fn pair(config: &TransformConfig) -> Pair {
    let tname = |base: &str, t| names::builtin_of_thread(base, t, config.only_intra_group);
    let same_group = if config.only_intra_group {
        Expr::bool(true)
    } else {
        DIMS.iter().fold(Expr::bool(true), |acc, d| {
            let g = names::group_id(d);
            and(
                acc,
                Expr::eq(Expr::var(tname(&g, 1)), Expr::var(tname(&g, 2))),
            )
        })
    };
    // The linear local id is computed in 128 bits (each factor is below
    // 2^32, so no sum or product wraps): a group of more than 2^32 threads
    // must not fold two warps into one.
    let same_warp = config.warp_sync.map(|n| {
        let wide = |e: Expr| {
            Expr::synthetic(ExprKind::Extend {
                signed: false,
                width: 128,
                expr: Box::new(e),
            })
        };
        let linear = |t| {
            let [x, y, z] = DIMS.map(|d| wide(Expr::var(names::of_thread(&names::local_id(d), t))));
            let sx = wide(Expr::var(names::local_size("x")));
            let sy = wide(Expr::var(names::local_size("y")));
            let mul = |a, b| Expr::binary(BinaryOp::Mul, a, b);
            let add = |a, b| Expr::binary(BinaryOp::Add, a, b);
            add(add(x, mul(y, sx.clone())), mul(mul(z, sx), sy))
        };
        let warp = |t| {
            Expr::binary(
                BinaryOp::BvUDiv,
                linear(t),
                Expr::bv(u128::from(n.max(1)), 128),
            )
        };
        and(same_group.clone(), Expr::eq(warp(1), warp(2)))
    });
    let launch = crate::specs::launch_assumptions(config, &same_group);
    Pair {
        same_group,
        same_warp,
        launch,
    }
}

/// The kernel's entry statements: the launch assumptions, equal copies of
/// equality-abstracted arrays, and every access flag cleared.
pub fn kernel_entry(
    pair: &Pair,
    arrays: &BTreeMap<String, ArrayInfo>,
    ghosts: &BTreeMap<String, Ghosts>,
) -> Vec<Stmt> {
    let mut assumptions = pair.launch.clone();
    for a in arrays
        .values()
        .filter(|a| a.is_racy_space() && a.abstraction == Abstraction::Equality)
    {
        let [c1, c2] = names::pair(&a.ivl_name);
        let eq = Expr::eq(Expr::var(c1), Expr::var(c2));
        assumptions.push(match a.space {
            MemorySpace::GroupShared => implies(pair.same_group.clone(), eq),
            _ => eq,
        });
    }
    let mut entry: Vec<Stmt> = assumptions
        .into_iter()
        .map(|a| Stmt::new(StmtKind::Assume(a)))
        .collect();
    let mut flags: Vec<String> = ghosts.values().flat_map(|g| g.flags().cloned()).collect();
    flags.extend(ghosts.values().flat_map(crate::async_copy::flags));
    if !flags.is_empty() {
        entry.push(assign(
            flags
                .iter()
                .map(|f| (lhs(f.clone()), Expr::bool(false)))
                .collect(),
            vec![],
        ));
    }
    entry
}
