//! `__atomic_has_taken_value(A, i, v)`: some atomic on `A[i]` has returned
//! `v` (GPUVerify's refined atomics; docs/annotations.md).
//!
//! Model: a ghost local per result width, `$atomic_taken$W : [bv(32+P+W)]
//! bool` indexed by `base ++ byte offset ++ value` (one flat map: nested
//! maps are not in every solver's model language), one copy per work item. It starts
//! arbitrary (never assigned at entry): the work items outside the pair
//! may have taken any value, and nothing says which, so "taken" is
//! provable only for values the work item's own atomics returned and
//! "not taken" never. Every integer atomic of the work item
//! (`atomicrmw`, `cmpxchg`, the OpenCL/CUDA atomic builtins) at `(base,
//! off)` returning `r` sets the entry `[base][off][r]` to true, in a
//! module that uses the annotation (other kernels get no ghost).
//!
//! Consumes: an atomic's lowered address, result local and width; the
//! annotation's pointer (`A + i`, the header's macro) and 32-bit value.
//! Guarantees: the annotation is `$atomic_taken$32[base ++ off ++ v]`; an
//! assertion of it holds after the work item's own atomic returned `v`,
//! an assertion of its negation is never proved (sound for any other work
//! item's atomics), an assumption of it is the user's (like `__assume`).
//! Atomics on floating-point values are not recorded (the annotation
//! stays unknown for them).

use super::function::{FnCtx, PtrExpr};
use crate::error::FrontendError;
use ivl::ast::{BinaryOp, Expr, Type};
use llvm_ir::instruction::Call;

/// The ghost of atomic results of width `w`.
fn ghost(w: u32) -> String {
    format!("$atomic_taken${w}")
}

impl FnCtx<'_, '_> {
    fn ghost_type(&self, w: u32) -> Type {
        let pw = self.k.layout.ptr_bits;
        Type::map(Type::Bv(32 + pw + w), Type::Bool)
    }

    /// The ghost's index: `base ++ byte offset ++ value`.
    fn ghost_key(&self, p: &PtrExpr, value: Expr) -> Expr {
        let at = Expr::binary(BinaryOp::Concat, p.base.clone(), self.byte_offset(p));
        Expr::binary(BinaryOp::Concat, at, value)
    }

    /// `p`'s byte offset (offsets are in units of the pointer's class).
    fn byte_offset(&self, p: &PtrExpr) -> Expr {
        let pw = self.k.layout.ptr_bits;
        if p.unit == 1 {
            p.off.clone()
        } else {
            Expr::binary(
                BinaryOp::Mul,
                p.off.clone(),
                Expr::bv(u128::from(p.unit), pw),
            )
        }
    }

    /// After an atomic at `p` returned the local `result` of `w` bits:
    /// records that the value was taken.
    /// Only in a module that uses the annotation (no ghost otherwise).
    pub(crate) fn record_atomic_value(&mut self, p: &PtrExpr, result: &str, w: u32) {
        let used = self
            .k
            .module
            .func_declarations
            .iter()
            .any(|d| d.name.contains("__atomic_has_taken_value"));
        if !used {
            return;
        }
        let name = ghost(w);
        let ty = self.ghost_type(w);
        self.declare_local(&name, ty);
        let key = self.ghost_key(p, Expr::var(result));
        let updated = Expr::store(Expr::var(&name), key, Expr::bool(true));
        self.assign_var(&name, updated);
    }

    /// `__atomic_has_taken_value(A + i, v)` (the header's macro adds `i`).
    pub(crate) fn atomic_has_taken_value(&mut self, call: &Call) -> Result<Expr, FrontendError> {
        let Some((address, _)) = call.arguments.first() else {
            return Err(self.err_site("`__atomic_has_taken_value` without its array".into()));
        };
        let p = self.pointer(address)?;
        let v = self.arg(call, 1)?;
        let name = ghost(32);
        let ty = self.ghost_type(32);
        self.declare_local(&name, ty);
        Ok(Expr::select(Expr::var(&name), self.ghost_key(&p, v)))
    }
}
