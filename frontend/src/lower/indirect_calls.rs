//! Function pointers and calls through them.
//!
//! Consumes: values of pointer-to-function type (a `__device__` table of
//! operations `typedef float (*op_t)(float); __device__ op_t ops[] = {..}`,
//! a pointer chosen by a condition, a callback parameter) and `call`s whose
//! callee is such a value. Guarantees:
//! - a function pointer is data, not a memory pointer: the value
//!   `bvP` (P the pointer width) holding a *function id* (1 + the
//!   function's index in the module; null is 0), so it is stored, loaded,
//!   compared and copied like an integer;
//! - a call through a pointer is a case split over its *targets*: every
//!   function of the module defined with the call's type (pointer
//!   parameters of any pointee type: a virtual call passes a base-class
//!   `this`) whose address is taken (referenced other than as a direct
//!   callee, from the IR text; a vtable entry counts).
//!   The call first asserts `{:null_check}` that the pointer is one of them
//!   (a null or foreign pointer is reported, never assumed away), then each
//!   case assumes its id and calls that function;
//! - the targets are verified with the kernel (they are reachable).
//!
//! A C++ virtual call loads the function from the object's vtable, an
//! LLVM `constant` global whose initial contents (function ids) are
//! assumed (`lower/initializers.rs`), so the call resolves like a table's.
//! Not handled (exit 4): function pointers cast to data pointers and used
//! as such.

use super::function::FnCtx;
use crate::error::FrontendError;
use crate::irtext::IrMetadata;
use ivl::ast::{Attribute, Expr, Ident, StmtKind};
use llvm_ir::instruction::Call;
use llvm_ir::{Function, Module, Operand, Type, TypeRef};

/// A pointer to a function type.
pub fn is_function_pointer(ty: &TypeRef) -> bool {
    matches!(ty.as_ref(), Type::PointerType { pointee_type, .. }
        if matches!(pointee_type.as_ref(), Type::FuncType { .. }))
}

/// The id of the defined or declared function `name` (`None` if it is not a
/// function of the module).
pub fn function_id(module: &Module, name: &str) -> Option<u128> {
    if let Some(i) = module.functions.iter().position(|f| f.name == name) {
        return Some(i as u128 + 1);
    }
    module
        .func_declarations
        .iter()
        .position(|f| f.name == name)
        .map(|i| (module.functions.len() + i) as u128 + 1)
}

/// Whether `call` goes through a function pointer (not a named function,
/// not inline assembly).
pub fn is_indirect(call: &Call) -> bool {
    match &call.function {
        either::Either::Left(_) => false,
        either::Either::Right(Operand::ConstantOperand(c)) => {
            !matches!(c.as_ref(), llvm_ir::Constant::GlobalReference { .. })
        }
        either::Either::Right(_) => true,
    }
}

/// The possible targets of an indirect `call`: the defined functions of
/// the call's type whose address is taken.
pub fn targets<'m>(module: &'m Module, meta: &IrMetadata, call: &Call) -> Vec<&'m Function> {
    module
        .functions
        .iter()
        .filter(|f| meta.address_taken.contains(&f.name))
        .filter(|f| has_callee_type(module, call, f))
        .collect()
}

/// Whether `f` has the type of the function `call` calls through.
pub fn has_callee_type(module: &Module, call: &Call, f: &Function) -> bool {
    let either::Either::Right(callee) = &call.function else {
        return false;
    };
    let callee_ty = module.type_of(callee);
    let Type::PointerType { pointee_type, .. } = callee_ty.as_ref() else {
        return false;
    };
    let Type::FuncType {
        result_type,
        param_types,
        is_var_arg,
    } = pointee_type.as_ref()
    else {
        return false;
    };
    // Pointer parameters match any pointer type: a virtual call passes the
    // base class's `this` to the derived class's method.
    let same = |a: &TypeRef, b: &TypeRef| {
        a == b || super::layout::is_pointer(a) && super::layout::is_pointer(b)
    };
    f.is_var_arg == *is_var_arg
        && same(&f.return_type, result_type)
        && f.parameters.len() == param_types.len()
        && f.parameters
            .iter()
            .zip(param_types)
            .all(|(p, t)| same(&p.ty, t))
}

impl FnCtx<'_, '_> {
    /// Lowers a call through a function pointer as a case split over its
    /// targets (see the module doc).
    pub(crate) fn indirect_call(&mut self, call: &Call) -> Result<(), FrontendError> {
        let either::Either::Right(callee) = &call.function else {
            return Err(self.err_site("inline assembly (`asm`)".into()));
        };
        let fp = self.value(callee)?;
        let module = self.k.module;
        let targets: Vec<(u128, usize)> = targets(module, self.k.meta, call)
            .into_iter()
            .filter_map(|f| {
                let ci = self.k.functions.iter().position(|g| g.name == f.name)?;
                Some((function_id(module, &f.name)?, ci))
            })
            .collect();
        if targets.is_empty() {
            return Err(self.err_site(
                "a call through a function pointer (no function of its type has its address taken)"
                    .into(),
            ));
        }
        let bits = self.k.layout.ptr_bits;
        let is = |id: u128| Expr::eq(fp.clone(), Expr::bv(id, bits));
        let known = targets
            .iter()
            .map(|(id, _)| is(*id))
            .reduce(Expr::or)
            .unwrap_or(Expr::bool(false));
        self.emit(
            StmtKind::Assert(known),
            vec![Attribute::new(ivl::kernel::NULL_CHECK_ATTR, vec![])],
        );
        if let [(_, ci)] = targets.as_slice() {
            return self.user_call(call, *ci);
        }
        let join = self.fresh_label("join");
        let cases: Vec<String> = targets.iter().map(|_| self.fresh_label("target")).collect();
        self.split_block(cases.clone(), String::new());
        for ((id, ci), case) in targets.iter().zip(cases) {
            self.start_block(case);
            self.emit(StmtKind::Assume(is(*id)), Vec::new());
            self.user_call(call, *ci)?;
            self.finish_block(ivl::ast::TransferKind::Goto(vec![Ident::synthetic(
                join.clone(),
            )]));
        }
        self.start_block(join);
        Ok(())
    }
}
