//! OpenCL 2.0 `to_global`, `to_local` and `to_private`: the address space
//! of a generic pointer, tested at run time.
//!
//! Consumes: a call `__to_<space>(p)` (clang's name for the builtin) with
//! `p` a generic pointer. Guarantees: the result is `p` when the object
//! `p` points into lives in that address space and the null pointer
//! otherwise, exactly as the specification says; the object's space is
//! what the points-to analysis knows about every object `p` may name
//! (several objects: the test is on the pointer's base, so it is exact
//! per object). A pointer whose objects the analysis does not know (only
//! null) is refused by name (exit 4). Points-to: the result joins the
//! argument's class and may be null.

use super::function::FnCtx;
use super::memory::Space;
use crate::error::FrontendError;
use ivl::ast::Expr;
use llvm_ir::instruction::Call;

/// The address space `__to_<space>` tests for.
pub fn queried_space(callee: &str) -> Option<Space> {
    match callee {
        "__to_global" => Some(Space::Global),
        "__to_local" => Some(Space::GroupShared),
        "__to_private" => Some(Space::Private),
        _ => None,
    }
}

impl FnCtx<'_, '_> {
    /// Lowers `__to_<space>(p)`; `false` when `callee` is not one.
    pub fn address_space_query(
        &mut self,
        callee: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        let Some(space) = queried_space(callee) else {
            return Ok(false);
        };
        let name = callee.trim_start_matches('_');
        let p = self.arg_ptr(call, 0)?;
        if p.objects.is_empty() {
            return Err(self.err_site(format!(
                "`{name}` on a pointer whose object is not known (the address space of a \
                 generic pointer, tested at run time)"
            )));
        }
        let inside: Vec<u32> = p
            .objects
            .iter()
            .copied()
            .filter(|&id| self.k.memory.object(id).space == space)
            .collect();
        let cond = if inside.len() == p.objects.len() {
            Expr::bool(true)
        } else {
            inside
                .iter()
                .map(|&id| Expr::eq(p.base.clone(), Expr::bv(u128::from(id), 32)))
                .reduce(Expr::or)
                .unwrap_or_else(|| Expr::bool(false))
        };
        let Some(dest) = &call.dest else {
            return Ok(true);
        };
        let class = self.class_of_operand(&llvm_ir::Operand::LocalOperand {
            name: dest.clone(),
            ty: self.k.module.type_of(call),
        });
        let w = self.k.layout.ptr_bits;
        let result = super::function::PtrExpr {
            base: Expr::ite(cond.clone(), p.base.clone(), Expr::bv(0, 32)),
            off: Expr::ite(cond, p.off.clone(), Expr::bv(0, w)),
            unit: p.unit,
            objects: p.objects.clone(),
            tracks_base: true,
        };
        let l = self.pointer_lhs(dest, &class);
        self.assign(l, Self::pointer_rhs(result, &class), Vec::new());
        Ok(true)
    }
}
