//! CUDA warp- and grid-level primitives: the calls the CUDA headers
//! (`gv_device_library.h`, `cooperative_groups.h`) reduce the warp
//! intrinsics, votes, `__syncwarp`, `__syncthreads_count/and/or` and the
//! cooperative-groups synchronisations to.
//!
//! Consumes a call; produces kernel-dialect statements. Guarantees (the
//! two-thread meaning is the transform's, see `transform/src/warp.rs`):
//!
//! - `llvm.nvvm.bar.warp.sync(mask)` (`__syncwarp`) becomes the builtin
//!   `warp_barrier(mask)`; `__gpuverify_grid_sync()` becomes
//!   `grid_barrier()`.
//! - `__gpuverify_warp_lane()` is `__warp_lane()`.
//! - `__gpuverify_warp_value32/64(v, src)`: an arbitrary value, equal to
//!   the other thread's `v` when (with `--warp-sync`) the other thread is
//!   enabled, in this warp and at lane `src` (a shuffle's source lane),
//!   and equal in both threads when they are enabled in one warp and read
//!   one source lane (the header returns `v` itself for an own or
//!   out-of-range source, with or without `--warp-sync`).
//! - `__gpuverify_warp_agree32()`: an arbitrary value, the same in both
//!   threads when (with `--warp-sync`) they are enabled in one warp (a
//!   reduction's result); `__gpuverify_warp_ballot/all/any(p)` also agree,
//!   and are consistent with this thread's predicate (its own bit of a
//!   ballot is `p != 0`; `all` implies `p`; `p` implies `any`), which holds
//!   with or without `--warp-sync`.
//! - `__gpuverify_warp_match_any/all(m, v)` (`__match_any_sync`,
//!   `__match_all_sync`, on the value's bits): see [`match_facts`].
//! - `__syncthreads_count/and/or(p)` (`llvm.nvvm.barrier0.popc/and/or`,
//!   after the barrier): the result is the same in both threads of a group;
//!   `and` is non-zero only if the predicate is, `or` is non-zero if the
//!   predicate is, `count` is at least the number of the pair's threads
//!   whose predicate holds.
//! - `__gpuverify_unsupported_cg_<name>()`: a located "unsupported" error
//!   naming `cooperative_groups::<name>` (a call the headers do not model).

use super::function::FnCtx;
use super::inst::extract;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, Ident, StmtKind};
use llvm_ir::instruction::Call;

/// `{:warp_op "kind", operands...}` on a warp primitive's `havoc`: what
/// the interpreter (simulate/src/exec/warp_ops.rs) computes over the lanes
/// of the warp. Its two-thread `assume`s are `{:model_fact}`s (the
/// interpreter's exact value satisfies them).
fn warp_op(kind: &str, operands: Vec<Expr>) -> ivl::ast::Attribute {
    use ivl::ast::AttrArg;
    let args = std::iter::once(AttrArg::Str(kind.to_string()))
        .chain(operands.into_iter().map(AttrArg::Expr))
        .collect();
    ivl::ast::Attribute::new(WARP_OP_ATTR, args)
}

/// The attribute naming a warp primitive's havoc (see [`warp_op`]).
pub const WARP_OP_ATTR: &str = "warp_op";

fn model_fact() -> ivl::ast::Attribute {
    ivl::ast::Attribute::new(super::atomic_slots::MODEL_FACT_ATTR, vec![])
}

fn other(e: Expr) -> Expr {
    Expr::apply("__other_int", vec![e])
}

fn peer(src: Expr) -> Expr {
    Expr::apply("__warp_peer", vec![src])
}

/// The other thread is enabled and in this warp (with `--warp-sync`).
fn warp_pair() -> Expr {
    peer(other(Expr::apply("__warp_lane", vec![])))
}

/// Bit `lane` of `mask` is set (`bv32`s).
fn bit_set(mask: Expr, lane: Expr) -> Expr {
    Expr::binary(
        B::Neq,
        Expr::binary(
            B::BvAnd,
            Expr::binary(B::BvLShr, mask, lane),
            Expr::bv(1, 32),
        ),
        Expr::bv(0, 32),
    )
}

/// What the two-thread view knows of `r = __match_any/all_sync(m, v)`.
/// `match_any`: `r` lies in `m` and has this lane's bit; with the other
/// thread a warp peer, its bit is set iff it is in `m` with an equal value,
/// and equal values give equal results. `match_all`: `r` is `0` or `m`
/// (another lane of the mask may differ, so nothing more is known alone);
/// with the other thread a warp peer in `m`, both get the same result,
/// `0` if their values differ.
fn match_facts(all: bool, r: Expr, m: Expr, v: Expr) -> Vec<Expr> {
    let lane = Expr::apply("__warp_lane", vec![]);
    let other_lane = other(lane.clone());
    let zero = Expr::bv(0, 32);
    let in_range = Expr::binary(B::BvULt, lane.clone(), Expr::bv(32, 32));
    let pair_in_mask = Expr::and(
        warp_pair(),
        Expr::and(
            bit_set(m.clone(), other_lane.clone()),
            Expr::eq(m.clone(), other(m.clone())),
        ),
    );
    // `__other_int` is per 32-bit word: compare the two halves.
    let half = |e: Expr, k: u32| extract(e, 32 * k + 32, 32 * k);
    let same_value = Expr::and(
        Expr::eq(half(v.clone(), 0), other(half(v.clone(), 0))),
        Expr::eq(half(v.clone(), 1), other(half(v, 1))),
    );
    let agree = Expr::eq(r.clone(), other(r.clone()));
    if all {
        vec![
            Expr::or(Expr::eq(r.clone(), zero.clone()), Expr::eq(r.clone(), m)),
            Expr::implies(pair_in_mask.clone(), agree),
            Expr::implies(
                Expr::and(pair_in_mask, ivl::build::not(same_value)),
                Expr::eq(r, zero),
            ),
        ]
    } else {
        vec![
            Expr::eq(
                Expr::binary(
                    B::BvAnd,
                    r.clone(),
                    Expr::unary(ivl::ast::UnaryOp::BvNot, m),
                ),
                zero,
            ),
            Expr::implies(in_range, bit_set(r.clone(), lane)),
            Expr::implies(
                pair_in_mask.clone(),
                Expr::eq(bit_set(r.clone(), other_lane), same_value.clone()),
            ),
            Expr::implies(Expr::and(pair_in_mask, same_value), agree),
        ]
    }
}

impl FnCtx<'_, '_> {
    /// Lowers `call` if it is one of the primitives above.
    pub(crate) fn warp_builtin(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        if let Some(name) = base.strip_prefix("__gpuverify_unsupported_cg_") {
            return Err(self.err_site(format!(
                "the cooperative-groups call `cooperative_groups::{name}` (not modelled)"
            )));
        }
        match (callee, base) {
            ("llvm.nvvm.bar.warp.sync", _) => {
                let mask = self.arg(call, 0)?;
                self.builtin_call(ivl::kernel::WARP_BARRIER, vec![mask]);
            }
            (_, "__gpuverify_block_scope_atomic") => {
                // `atomic*_block` (include/cuda/gv_device_library.h): atomic
                // only with respect to the threads of its block. On
                // `__shared__` (or private) memory every thread that can
                // reach the object is in the block, so it is the device-scope
                // atomic that follows; on memory other blocks reach, two
                // blocks' updates would race, which is not modelled.
                let p = self.pointer(&call.arguments[0].0)?;
                for id in p.objects {
                    let object = self.k.memory.object(id);
                    if !matches!(
                        object.space,
                        super::memory::Space::GroupShared | super::memory::Space::Private
                    ) {
                        let name = object.source_name.clone();
                        return Err(self.err_site(format!(
                            "a block-scoped atomic (`atomic..._block`) on `{name}`, memory other \
                             blocks can reach: it is not atomic with respect to other blocks, which \
                             is not modelled (use the device-scope atomic, or __shared__ memory)"
                        )));
                    }
                }
            }
            (_, "__gpuverify_grid_sync") => {
                self.builtin_call(ivl::kernel::GRID_BARRIER, vec![]);
            }
            (_, "__gpuverify_warp_lane") => {
                let d = self.result_local(call)?;
                self.assign_local(&d, Expr::apply("__warp_lane", vec![]));
            }
            (_, "__gpuverify_warp_value32" | "__gpuverify_warp_value64") => {
                let v = self.arg(call, 0)?;
                let src = self.arg(call, 1)?;
                let d = self.result_local(call)?;
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(d.clone())]),
                    vec![warp_op("shfl", vec![v.clone(), src.clone()])],
                );
                let equal = if base.ends_with("32") {
                    Expr::eq(Expr::var(d.clone()), other(v))
                } else {
                    let half = |e: Expr, k: u32| extract(e, 32 * k + 32, 32 * k);
                    Expr::and(
                        Expr::eq(half(Expr::var(d.clone()), 0), other(half(v.clone(), 0))),
                        Expr::eq(half(Expr::var(d.clone()), 1), other(half(v, 1))),
                    )
                };
                self.emit(
                    StmtKind::Assume(Expr::implies(peer(src.clone()), equal)),
                    vec![model_fact()],
                );
                // Two lanes of one warp reading one source lane agree.
                let agree = if base.ends_with("32") {
                    Expr::eq(Expr::var(d.clone()), other(Expr::var(d.clone())))
                } else {
                    let half = |e: Expr, k: u32| extract(e, 32 * k + 32, 32 * k);
                    Expr::and(
                        Expr::eq(
                            half(Expr::var(d.clone()), 0),
                            other(half(Expr::var(d.clone()), 0)),
                        ),
                        Expr::eq(half(Expr::var(d.clone()), 1), other(half(Expr::var(d), 1))),
                    )
                };
                let same_src = Expr::and(warp_pair(), Expr::eq(src.clone(), other(src)));
                self.emit(
                    StmtKind::Assume(Expr::implies(same_src, agree)),
                    vec![model_fact()],
                );
            }
            (
                _,
                "__gpuverify_warp_agree32"
                | "__gpuverify_warp_ballot"
                | "__gpuverify_warp_all"
                | "__gpuverify_warp_any",
            ) => {
                let d = self.result_local(call)?;
                let kind = base.trim_start_matches("__gpuverify_warp_");
                let operands = match kind {
                    "agree32" => vec![],
                    _ => vec![self.arg(call, 0)?],
                };
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(d.clone())]),
                    vec![warp_op(kind, operands)],
                );
                let r = Expr::var(d);
                let equal = Expr::eq(r.clone(), other(r.clone()));
                self.emit(
                    StmtKind::Assume(Expr::implies(warp_pair(), equal)),
                    vec![model_fact()],
                );
                let holds = |e: Expr| Expr::binary(B::Neq, e, Expr::bv(0, 32));
                let own = match base {
                    "__gpuverify_warp_ballot" => {
                        // This lane's bit is its predicate.
                        let lane = Expr::apply("__warp_lane", vec![]);
                        let bit = Expr::binary(
                            B::BvAnd,
                            Expr::binary(B::BvLShr, r, lane.clone()),
                            Expr::bv(1, 32),
                        );
                        Some(Expr::implies(
                            Expr::binary(B::BvULt, lane, Expr::bv(32, 32)),
                            Expr::eq(holds(bit), holds(self.arg(call, 0)?)),
                        ))
                    }
                    "__gpuverify_warp_all" => {
                        Some(Expr::implies(holds(r), holds(self.arg(call, 0)?)))
                    }
                    "__gpuverify_warp_any" => {
                        Some(Expr::implies(holds(self.arg(call, 0)?), holds(r)))
                    }
                    _ => None,
                };
                if let Some(own) = own {
                    self.emit(StmtKind::Assume(own), vec![model_fact()]);
                }
            }
            (_, "__gpuverify_warp_match_any" | "__gpuverify_warp_match_all") => {
                let mask = self.arg(call, 0)?;
                let v = self.arg(call, 1)?;
                let d = self.result_local(call)?;
                let kind = base.trim_start_matches("__gpuverify_warp_");
                self.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(d.clone())]),
                    vec![warp_op(kind, vec![mask.clone(), v.clone()])],
                );
                for fact in match_facts(base == "__gpuverify_warp_match_all", Expr::var(d), mask, v)
                {
                    self.emit(StmtKind::Assume(fact), vec![model_fact()]);
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// After the barrier of `__syncthreads_count/and/or(p)`: constrains the
    /// (havocked) result `d`.
    pub(crate) fn barrier_reduction(
        &mut self,
        callee: &str,
        call: &Call,
        d: &str,
    ) -> Result<(), FrontendError> {
        let p = self.arg(call, 0)?;
        let zero = Expr::bv(0, 32);
        let holds = |e: Expr| Expr::binary(B::Neq, e, Expr::bv(0, 32));
        let r = Expr::var(d);
        // Block-uniform: both threads of a group get one result.
        let mut facts = vec![Expr::implies(
            Expr::apply("__same_group", vec![]),
            Expr::eq(r.clone(), other(r.clone())),
        )];
        if callee.ends_with(".and") {
            facts.push(Expr::implies(holds(r.clone()), holds(p)));
        } else if callee.ends_with(".or") {
            facts.push(Expr::implies(holds(p), holds(r.clone())));
        } else if callee.ends_with(".popc") {
            let one = |e: Expr| Expr::ite(holds(e), Expr::bv(1, 32), zero.clone());
            facts.push(Expr::binary(B::BvULe, one(p.clone()), r.clone()));
            // The pair's two threads are distinct.
            facts.push(Expr::implies(
                Expr::apply("__same_group", vec![]),
                Expr::binary(
                    B::BvULe,
                    Expr::binary(B::Add, one(p.clone()), one(other(p))),
                    r,
                ),
            ));
        } else {
            return Ok(());
        }
        for f in facts {
            self.emit(StmtKind::Assume(f), Vec::new());
        }
        Ok(())
    }

    fn builtin_call(&mut self, name: &str, args: Vec<Expr>) {
        self.emit(
            StmtKind::Call {
                callee: Ident::synthetic(name),
                args,
                rets: vec![],
            },
            Vec::new(),
        );
    }

    fn result_local(&mut self, call: &Call) -> Result<String, FrontendError> {
        let dest = call
            .dest
            .as_ref()
            .ok_or_else(|| self.err_site("a warp primitive without a result".into()))?;
        let ty = self.k.module.type_of(call);
        self.dest_local(dest, &ty)
    }

    fn assign_local(&mut self, d: &str, e: Expr) {
        self.assign(vec![super::function::lhs(d)], vec![e], Vec::new());
    }
}
