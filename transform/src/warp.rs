//! Warp- and grid-level synchronisation in the two-thread product.
//!
//! Consumes the kernel dialect's `warp_barrier(mask)` (CUDA
//! `__syncwarp(mask)`, a cooperative-groups tile's `sync()`) and
//! `grid_barrier()` (cooperative groups `grid.sync()`), and the lane terms
//! `__warp_lane()` / `__warp_peer(l)` (through [`crate::rename`]).
//! Guarantees:
//!
//! - **Warp barrier.** A warp has `--warp-sync=N` threads (32 without the
//!   flag), numbered by linear local id within a group. When the pair is in
//!   one warp, a thread that reaches the barrier with the other's lane in
//!   its mask requires the other to reach it too (barrier divergence
//!   otherwise); when both reach it, each in the other's mask, the access
//!   flags of every array are cleared (the pair is ordered). For any other
//!   pair it orders nothing. Equality copies of shared arrays become
//!   arbitrary (other threads' writes become visible), equal for an
//!   ordered pair.
//! - **Grid barrier.** Every pair must reach it together (divergence
//!   otherwise, across groups too); it clears every flag for every pair.
//!   This is sound only for a co-resident (cooperative) launch, which the
//!   report lists as an assumption.

use crate::arrays::MemorySpace;
use crate::config::Abstraction;
use crate::error::TransformError;
use crate::product::{assign, lhs, source_attrs, Product};
use crate::rename::Thread;
use ivl::ast::{Attribute, BinaryOp, Expr, ExprKind, Stmt, StmtKind};
use ivl::build::{and, implies, not};

/// The attribute marking a grid barrier in the product.
pub const GRID_BARRIER_ATTR: &str = "grid_barrier";

/// The attribute marking a warp barrier's flag clearing in the product.
pub const WARP_BARRIER_ATTR: &str = "warp_barrier";

/// The attribute of the marker after a warp barrier: the warp size.
pub const WARP_SIZE_ATTR: &str = "warp_size";

/// The warp size of a product procedure with a warp barrier (from the
/// markers [`Product::emit_warp_barrier`] leaves).
pub fn warp_size_of(body: &ivl::ast::Body) -> Option<u32> {
    body.blocks.iter().flat_map(|b| &b.stmts).find_map(|s| {
        let a = s.attrs.iter().find(|a| a.name == WARP_SIZE_ATTR)?;
        match a.args.first()? {
            ivl::ast::AttrArg::Expr(Expr {
                kind: ExprKind::Bv { value, .. } | ExprKind::Int(value),
                ..
            }) => u32::try_from(*value).ok(),
            _ => None,
        }
    })
}

/// Whether a product program has a grid barrier (its verdict assumes a
/// co-resident launch).
pub fn uses_grid_barrier(program: &ivl::Program) -> bool {
    program.procedures().any(|p| {
        p.body.as_ref().is_some_and(|b| {
            b.blocks
                .iter()
                .flat_map(|b| &b.stmts)
                .any(|s| ivl::ast::has_attr(&s.attrs, GRID_BARRIER_ATTR))
        })
    })
}

/// `$warp_size == N` (CUDA's `warpSize`: `--warp-sync=N`, else 32) when
/// the program declares the launch constant.
pub fn warp_size_assumption(
    config: &crate::TransformConfig,
    program: &ivl::Program,
) -> Option<Expr> {
    program
        .constants()
        .any(|c| c.name.name == "$warp_size")
        .then(|| {
            let n = warp_size(config.warp_sync);
            Expr::eq(Expr::var("$warp_size"), Expr::bv(u128::from(n), 32))
        })
}

/// The warp size of the model: `--warp-sync=N`, else CUDA's 32.
pub fn warp_size(warp_sync: Option<u32>) -> u32 {
    warp_sync.unwrap_or(32).max(1)
}

/// Thread `t`'s linear local id, in 128 bits (no product wraps).
pub fn linear(t: Thread) -> Expr {
    let wide = |e: Expr| {
        Expr::synthetic(ExprKind::Extend {
            signed: false,
            width: 128,
            expr: Box::new(e),
        })
    };
    use crate::names::{local_id, local_size, of_thread};
    let x = wide(Expr::var(of_thread(&local_id("x"), t)));
    let y = wide(Expr::var(of_thread(&local_id("y"), t)));
    let z = wide(Expr::var(of_thread(&local_id("z"), t)));
    let sx = wide(Expr::var(local_size("x")));
    let sy = wide(Expr::var(local_size("y")));
    let mul = |a, b| Expr::binary(BinaryOp::Mul, a, b);
    let add = |a, b| Expr::binary(BinaryOp::Add, a, b);
    add(add(x, mul(y, sx.clone())), mul(mul(z, sx), sy))
}

/// Thread `t`'s lane in a warp of `n` threads, as `bv32`.
pub fn lane(t: Thread, n: u32) -> Expr {
    let rem = Expr::binary(BinaryOp::BvURem, linear(t), Expr::bv(u128::from(n), 128));
    Expr::synthetic(ExprKind::Extract {
        hi: 32,
        lo: 0,
        expr: Box::new(rem),
    })
}

/// The two threads are in one warp of `n` threads.
pub fn same_warp(same_group: Expr, n: u32) -> Expr {
    let warp = |t: Thread| Expr::binary(BinaryOp::BvUDiv, linear(t), Expr::bv(u128::from(n), 128));
    and(same_group, Expr::eq(warp(1), warp(2)))
}

/// Bit `lane` of `mask` (both `bv32`) is set.
fn bit(mask: Expr, lane: Expr) -> Expr {
    Expr::binary(
        BinaryOp::Neq,
        Expr::binary(
            BinaryOp::BvAnd,
            Expr::binary(BinaryOp::BvLShr, mask, lane),
            Expr::bv(1, 32),
        ),
        Expr::bv(0, 32),
    )
}

impl Product<'_> {
    /// `warp_barrier(mask)` for both threads.
    pub(crate) fn emit_warp_barrier(
        &mut self,
        s: &Stmt,
        mask: &Expr,
        predicated: Option<&[Expr; 2]>,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let n = warp_size(self.config.warp_sync);
        let r = self.renamer();
        let masks = [r.expr(mask, 1, &en[0])?, r.expr(mask, 2, &en[1])?];
        let same = same_warp(self.same_group.clone(), n);
        // Thread t waits for the other if the other's lane is in its mask.
        let waits = |t: usize| bit(masks[t].clone(), lane(2 - t as u8, n));
        if predicated.is_some() {
            let mut attrs = vec![Attribute::new("barrier_divergence", vec![])];
            attrs.extend(source_attrs(&s.attrs));
            let reach = |t: usize| implies(and(en[t].clone(), waits(t)), en[1 - t].clone());
            self.push(Stmt {
                kind: StmtKind::Assert(implies(same.clone(), and(reach(0), reach(1)))),
                attrs,
                span: s.span,
            });
        }
        let ordered = and(
            same,
            and(and(en[0].clone(), en[1].clone()), and(waits(0), waits(1))),
        );
        self.clear_flags_and_copies(s, ordered, predicated, en, &[WARP_BARRIER_ATTR])?;
        // A marker naming the warp size, for the inference's candidates
        // about warp-ordered loops (`warp_size_of`).
        self.push(Stmt {
            kind: StmtKind::Assume(Expr::bool(true)),
            attrs: vec![Attribute::new(
                WARP_SIZE_ATTR,
                vec![ivl::ast::AttrArg::Expr(Expr::bv(u128::from(n), 32))],
            )],
            span: s.span,
        });
        Ok(())
    }

    /// `grid_barrier()` for both threads.
    pub(crate) fn emit_grid_barrier(
        &mut self,
        s: &Stmt,
        predicated: Option<&[Expr; 2]>,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        if predicated.is_some() {
            let mut attrs = vec![Attribute::new("barrier_divergence", vec![])];
            attrs.extend(source_attrs(&s.attrs));
            self.push(Stmt {
                kind: StmtKind::Assert(Expr::eq(en[0].clone(), en[1].clone())),
                attrs,
                span: s.span,
            });
        }
        // A marker the report finds (`uses_grid_barrier`).
        self.push(Stmt {
            kind: StmtKind::Assume(Expr::bool(true)),
            attrs: vec![Attribute::new(GRID_BARRIER_ATTR, vec![])],
            span: s.span,
        });
        self.clear_flags_and_copies(s, en[0].clone(), predicated, en, &[GRID_BARRIER_ATTR])
    }

    /// When `ordered` holds, clears every access flag; equality copies of
    /// shared arrays become arbitrary, equal when `ordered`.
    fn clear_flags_and_copies(
        &mut self,
        s: &Stmt,
        ordered: Expr,
        predicated: Option<&[Expr; 2]>,
        en: &[Expr; 2],
        kinds: &[&str],
    ) -> Result<(), TransformError> {
        let mut pairs = Vec::new();
        for g in self.ghosts.values() {
            for f in g.flags() {
                pairs.push((
                    lhs(f.clone()),
                    and(Expr::var(f.clone()), not(ordered.clone())),
                ));
            }
        }
        if !pairs.is_empty() {
            let mut attrs = vec![Attribute::new("barrier", vec![])];
            attrs.extend(kinds.iter().map(|k| Attribute::new(*k, vec![])));
            attrs.extend(source_attrs(&s.attrs));
            self.push(assign(pairs, attrs));
        }
        let equal: Vec<(String, MemorySpace)> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space() && a.abstraction == Abstraction::Equality)
            .map(|a| (a.ivl_name.clone(), a.space))
            .collect();
        for (name, space) in equal {
            // Two groups' group-shared arrays are different objects.
            let same_view = if space == MemorySpace::GroupShared {
                and(self.same_group.clone(), ordered.clone())
            } else {
                ordered.clone()
            };
            self.havoc_equality_copies(&name, same_view, predicated, en)?;
        }
        Ok(())
    }
}
