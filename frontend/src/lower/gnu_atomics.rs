//! The sized atomic library calls `__atomic_<op>_<N>` clang-14 emits for
//! the GNU `__atomic_*` and `__c11_atomic_*` builtins on SPIR targets
//! (whose lock-free size is 0, so every such builtin becomes a call).
//!
//! Consumes: a call to `__atomic_{load,store,exchange,compare_exchange,
//! fetch_<op>,<op>_fetch}_<N>` with `N` in 1, 2, 4, 8 bytes; its pointer
//! argument is an `i8*` whatever the object's element type (the width is
//! `N`, not the pointee's). Guarantees: the call is one atomic access of `N`
//! bytes at the pointer (race-free with other atomics, racing with plain
//! accesses of the same bytes, exactly as `atomic_add` and friends), with
//! exact integer semantics: `fetch_<op>` returns the old value,
//! `<op>_fetch` the new one, `min`/`max` compare signed and `umin`/`umax`
//! unsigned, `nand` is `~(old & v)`; `compare_exchange` reads and writes
//! its `expected` pointer as a plain access (as C11 says) and returns
//! whether it stored. Memory orders are ignored: every atomic is treated
//! as relaxed, which can only add reported races, never hide one.

use super::function::{lhs, FnCtx};
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, Type, UnaryOp};
use llvm_ir::instruction::Call;

/// What a sized atomic library call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GnuAtomic {
    Load,
    Store,
    Exchange,
    CompareExchange,
    /// `fetch_<op>` (`returns_new` false) or `<op>_fetch` (true).
    ReadModifyWrite {
        op: Rmw,
        returns_new: bool,
    },
}

/// The read-modify-write operations of the GNU atomics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rmw {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Nand,
    Min,
    Max,
    UMin,
    UMax,
}

fn rmw(name: &str) -> Option<Rmw> {
    Some(match name {
        "add" => Rmw::Add,
        "sub" => Rmw::Sub,
        "and" => Rmw::And,
        "or" => Rmw::Or,
        "xor" => Rmw::Xor,
        "nand" => Rmw::Nand,
        "min" => Rmw::Min,
        "max" => Rmw::Max,
        "umin" => Rmw::UMin,
        "umax" => Rmw::UMax,
        _ => return None,
    })
}

/// `(operation, bytes)` of a sized atomic library call's name.
pub fn sized_atomic(callee: &str) -> Option<(GnuAtomic, u64)> {
    let rest = callee.strip_prefix("__atomic_")?;
    let (op, n) = rest.rsplit_once('_')?;
    let bytes: u64 = n.parse().ok()?;
    if ![1, 2, 4, 8].contains(&bytes) {
        return None;
    }
    let kind = match op {
        "load" => GnuAtomic::Load,
        "store" => GnuAtomic::Store,
        "exchange" => GnuAtomic::Exchange,
        "compare_exchange" => GnuAtomic::CompareExchange,
        _ => match (op.strip_prefix("fetch_"), op.strip_suffix("_fetch")) {
            (Some(o), _) => GnuAtomic::ReadModifyWrite {
                op: rmw(o)?,
                returns_new: false,
            },
            (None, Some(o)) => GnuAtomic::ReadModifyWrite {
                op: rmw(o)?,
                returns_new: true,
            },
            _ => return None,
        },
    };
    Some((kind, bytes))
}

/// The pointer arguments of a sized atomic call that it accesses, with the
/// width of the access (for the points-to units): the object, and
/// `compare_exchange`'s `expected`.
pub fn accessed_arguments(kind: GnuAtomic) -> &'static [usize] {
    match kind {
        GnuAtomic::CompareExchange => &[0, 1],
        _ => &[0],
    }
}

fn apply(op: Rmw, old: Expr, v: Expr) -> Expr {
    let pick = |c: B| {
        Expr::ite(
            Expr::binary(c, old.clone(), v.clone()),
            old.clone(),
            v.clone(),
        )
    };
    match op {
        Rmw::Add => Expr::binary(B::Add, old, v),
        Rmw::Sub => Expr::binary(B::Sub, old, v),
        Rmw::And => Expr::binary(B::BvAnd, old, v),
        Rmw::Or => Expr::binary(B::BvOr, old, v),
        Rmw::Xor => Expr::binary(B::BvXor, old, v),
        Rmw::Nand => Expr::unary(UnaryOp::BvNot, Expr::binary(B::BvAnd, old, v)),
        Rmw::Min => pick(B::BvSLt),
        Rmw::Max => pick(B::BvSGt),
        Rmw::UMin => pick(B::BvULt),
        Rmw::UMax => pick(B::BvUGt),
    }
}

impl FnCtx<'_, '_> {
    /// Lowers a sized atomic library call; `false` when `callee` is not one.
    pub fn gnu_atomic(&mut self, callee: &str, call: &Call) -> Result<bool, FrontendError> {
        let Some((kind, bytes)) = sized_atomic(callee) else {
            return Ok(false);
        };
        let w = (bytes * 8) as u32;
        let ty = self.k.module.types.int(w);
        let address = call
            .arguments
            .first()
            .map(|(o, _)| o.clone())
            .ok_or_else(|| {
                self.err_site(format!(
                    "`{}` without its pointer",
                    super::names::base_name(callee)
                ))
            })?;
        let operand = match kind {
            GnuAtomic::Load => Expr::bv(0, w),
            GnuAtomic::CompareExchange => self.arg(call, 2)?,
            _ => self.arg(call, 1)?,
        };
        let expected = if kind == GnuAtomic::CompareExchange {
            let e = self.fresh_local("$expected", Type::Bv(w));
            let p = self.arg_ptr(call, 1)?;
            self.for_each_target(&p, &mut |this, id| {
                let raw = this.read(id, &p.off, bytes)?;
                this.assign(vec![lhs(&e)], vec![raw], Vec::new());
                Ok(())
            })?;
            Some(Expr::var(&e))
        } else {
            None
        };
        let old = self.fresh_local("$atomic", Type::Bv(w));
        let name = match kind {
            GnuAtomic::Load => "load",
            GnuAtomic::Store => "store",
            GnuAtomic::Exchange => "xchg",
            GnuAtomic::CompareExchange => "cmpxchg",
            GnuAtomic::ReadModifyWrite { .. } => "rmw",
        };
        let v = operand.clone();
        let exp = expected.clone();
        self.atomic(&address, &old, &ty, name, &mut |_, old| {
            Ok(match kind {
                GnuAtomic::Load => old,
                GnuAtomic::Store | GnuAtomic::Exchange => v.clone(),
                GnuAtomic::CompareExchange => Expr::ite(
                    Expr::eq(old.clone(), exp.clone().unwrap_or_else(|| Expr::bv(0, w))),
                    v.clone(),
                    old,
                ),
                GnuAtomic::ReadModifyWrite { op, .. } => apply(op, old, v.clone()),
            })
        })?;
        if let GnuAtomic::ReadModifyWrite {
            op: Rmw::Add,
            returns_new: false,
        } = kind
        {
            // A counter's fetch-and-add hands out distinct slots
            // (atomic_slots.rs), as `atomic_add` does.
            if call
                .arguments
                .get(1)
                .is_some_and(|(v, _)| super::atomic_slots::positive_step(v))
            {
                self.atomic_slot_owner(&address, &old, w)?;
            }
        }
        let old_v = Expr::var(&old);
        match kind {
            GnuAtomic::Store => {}
            GnuAtomic::CompareExchange => {
                // `*expected = old` (on success they are equal).
                let p = self.arg_ptr(call, 1)?;
                self.for_each_target(&p, &mut |this, id| {
                    let (l, r) = this.write(id, &p.off, bytes, old_v.clone())?;
                    for (l, r) in l.into_iter().zip(r) {
                        this.assign(vec![l], vec![r], Vec::new());
                    }
                    Ok(())
                })?;
                let ok = Expr::eq(old_v, expected.unwrap_or_else(|| Expr::bv(0, w)));
                let rw = self.result_width(call).unwrap_or(1);
                self.assign_dest(call, Expr::ite(ok, Expr::bv(1, rw), Expr::bv(0, rw)))?;
            }
            GnuAtomic::ReadModifyWrite {
                op,
                returns_new: true,
            } => self.assign_dest(call, apply(op, old_v, operand))?,
            _ => self.assign_dest(call, old_v)?,
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sized_atomic_names_are_read() {
        assert_eq!(
            sized_atomic("__atomic_fetch_add_1"),
            Some((
                GnuAtomic::ReadModifyWrite {
                    op: Rmw::Add,
                    returns_new: false
                },
                1
            ))
        );
        assert_eq!(
            sized_atomic("__atomic_nand_fetch_2"),
            Some((
                GnuAtomic::ReadModifyWrite {
                    op: Rmw::Nand,
                    returns_new: true
                },
                2
            ))
        );
        assert_eq!(
            sized_atomic("__atomic_compare_exchange_8"),
            Some((GnuAtomic::CompareExchange, 8))
        );
        assert_eq!(sized_atomic("__atomic_load_4"), Some((GnuAtomic::Load, 4)));
        assert_eq!(sized_atomic("__atomic_load"), None);
        assert_eq!(sized_atomic("__atomic_fetch_add_3"), None);
        assert_eq!(sized_atomic("__atomic_has_taken_value"), None);
    }
}
