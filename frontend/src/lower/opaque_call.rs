//! Calls to functions that are declared but not defined in the module (a
//! prototype, an `extern` function, a library the file does not contain),
//! in both languages.
//!
//! Consumes: a call whose callee has no body and is no builtin the other
//! call modules recognise. Guarantees (SOUNDNESS.md, "Functions without a
//! body"): the result is arbitrary (a fresh havoc per call; for a `const`
//! function of scalars, an uninterpreted function of the arguments); for every
//! pointer argument, in every object it may point into, the callee
//! - reads one arbitrary element (a race-checked read at an unconstrained
//!   offset, so it conflicts with any write of another thread to that
//!   object), unless the declaration is `__attribute__((const))`;
//! - writes one arbitrary element and then leaves the whole object with
//!   arbitrary contents, unless the declaration is `const` or `pure`, or
//!   the object is constant memory.
//!
//! Refused (exit 4): a pointer argument into an object that holds pointers
//! (the callee could store pointers we cannot follow), and a struct or
//! array argument passed by value that contains a pointer.
//! A few names have a fixed meaning instead: `vprintf` (device `printf`)
//! has no memory effect; `__assertfail` (the failure branch of a device
//! `assert`) is `assert false`.

use super::function::{lhs, FnCtx};
use super::layout::is_pointer;
use crate::error::FrontendError;
use crate::irtext::DeclaredMemory;
use ivl::ast::{Attribute, Expr, Ident, StmtKind, Type};
use llvm_ir::instruction::Call;
use llvm_ir::TypeRef;

/// Names with their own meaning, checked before the generic havoc.
fn fixed_meaning(base: &str) -> Option<Meaning> {
    match base {
        // Device printf: clang lowers it to vprintf(format, buffer of the
        // arguments); output has no effect on memory the kernel sees.
        "vprintf" | "printf" => Some(Meaning::NoEffect),
        // CUDA's device assert calls __assertfail when the condition is false;
        // glibc's assert macro calls __assert_fail (our header maps it).
        "__assertfail" | "__assert_fail" | "__assert_rtn" => Some(Meaning::Failure),
        _ => None,
    }
}

/// Whether calls to `base` ignore their pointer arguments (the memory
/// analysis then need not classify them: a format string, a file name).
pub fn ignores_pointer_arguments(base: &str) -> bool {
    fixed_meaning(base).is_some()
}

enum Meaning {
    NoEffect,
    Failure,
}

impl FnCtx<'_, '_> {
    /// Lowers a call to a function without a body (see the module doc).
    pub fn opaque_call(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<(), FrontendError> {
        match fixed_meaning(base) {
            Some(Meaning::NoEffect) => return self.havoc_result(call),
            Some(Meaning::Failure) => {
                self.emit(StmtKind::Assert(Expr::bool(false)), Vec::new());
                return self.havoc_result(call);
            }
            None => {}
        }
        if callee.starts_with("llvm.nvvm.barrier") || callee.starts_with("llvm.nvvm.bar.") {
            // A named or partial barrier: dropping it would hide divergence.
            let what = if callee.contains("popc") {
                "`__syncthreads_count`".to_string()
            } else if callee.contains(".and") {
                "`__syncthreads_and`".to_string()
            } else if callee.contains(".or") {
                "`__syncthreads_or`".to_string()
            } else {
                "a named or partial barrier (`bar.sync` with a barrier number or a thread count)"
                    .to_string()
            };
            return Err(self.err_site(format!("the barrier {what}")));
        }
        let memory = self
            .k
            .meta
            .declared_memory
            .get(callee)
            .copied()
            .unwrap_or(DeclaredMemory::ReadWrite);
        if memory == DeclaredMemory::None && self.const_function_call(callee, base, call)? {
            self.k.notes.insert(format!(
                "`{base}` has no body: its result is a function of its arguments"
            ));
            return Ok(());
        }
        let pointers = call
            .arguments
            .iter()
            .any(|(op, _)| is_pointer(&self.k.module.type_of(op)));
        self.k.notes.insert(match memory {
            _ if !pointers => format!("`{base}` has no body: its result is arbitrary"),
            DeclaredMemory::None => format!("`{base}` has no body: its result is arbitrary"),
            DeclaredMemory::ReadOnly => format!(
                "`{base}` has no body: its result is arbitrary and it reads one element of each \
                 object its pointer arguments reach"
            ),
            DeclaredMemory::ReadWrite => format!(
                "`{base}` has no body: its result is arbitrary and it reads and writes one \
                 element of each object its pointer arguments reach, leaving them arbitrary"
            ),
        });
        for (op, _) in &call.arguments {
            let ty = self.k.module.type_of(op);
            if is_pointer(&ty) {
                if memory != DeclaredMemory::None {
                    self.opaque_pointer_argument(base, op, memory)?;
                }
            } else if contains_pointer(self.k.module, &ty) {
                return Err(self.err_site(format!(
                    "a pointer inside a value passed to the function `{base}`, which has no body"
                )));
            }
        }
        self.havoc_result(call)
    }

    /// The read, write and contents havoc of one pointer argument.
    fn opaque_pointer_argument(
        &mut self,
        base: &str,
        op: &llvm_ir::Operand,
        memory: DeclaredMemory,
    ) -> Result<(), FrontendError> {
        let p = self.pointer(op)?;
        if p.objects.is_empty() {
            // Only null: nothing reachable.
            return Ok(());
        }
        let ptr_ty = self.k.ptr_type();
        let base_name = base.to_string();
        self.for_each_target(&p, &mut |this, id| {
            let obj = this.k.memory.object(id).clone();
            if obj.holds_pointers {
                return Err(this.err_site(format!(
                    "`{}` holds pointers and is passed to the function `{base_name}`, which has no body",
                    obj.source_name
                )));
            }
            let unit = obj.unit.max(1);
            let read_at = this.fresh_local("$opaque_off", ptr_ty.clone());
            this.emit(StmtKind::Havoc(vec![Ident::synthetic(&read_at)]), Vec::new());
            let value = this.read(id, &Expr::var(&read_at), unit)?;
            let seen = this.fresh_local("$opaque_read", Type::Bv(8 * unit as u32));
            this.assign(vec![lhs(&seen)], vec![value], Vec::new());
            let writes = memory == DeclaredMemory::ReadWrite
                && obj.space != super::memory::Space::Constant;
            if !writes {
                return Ok(());
            }
            let write_at = this.fresh_local("$opaque_off", ptr_ty.clone());
            let written = this.fresh_local("$opaque_value", Type::Bv(8 * unit as u32));
            this.emit(
                StmtKind::Havoc(vec![Ident::synthetic(&write_at), Ident::synthetic(&written)]),
                Vec::new(),
            );
            let (l, r) = this.write(id, &Expr::var(&write_at), unit, Expr::var(&written))?;
            for (l, r) in l.into_iter().zip(r) {
                this.assign(vec![l], vec![r], Vec::new());
            }
            this.emit(
                StmtKind::Havoc(vec![Ident::synthetic(&obj.ivl_name)]),
                vec![Attribute::new("opaque_call", vec![])],
            );
            Ok(())
        })
    }

    /// A call of a `__attribute__((const))` function of scalars returning a
    /// scalar: an uninterpreted function (equal arguments, equal results,
    /// for every thread), which is what `const` promises. Not for
    /// `__gpuverify_arbitrary`, whose every call is a fresh value.
    fn const_function_call(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        let Some(dest) = &call.dest else {
            return Ok(false);
        };
        if base == "__gpuverify_arbitrary"
            || callee.starts_with("llvm.")
            || call.arguments.is_empty()
        {
            return Ok(false);
        }
        let ret_ty = self.k.module.type_of(call);
        let scalar = |this: &Self, ty: &TypeRef| {
            if is_pointer(ty) || this.is_aggregate(ty) {
                None
            } else {
                this.k.layout.value_type(ty)
            }
        };
        let Some(ret) = scalar(self, &ret_ty) else {
            return Ok(false);
        };
        let mut params = Vec::new();
        let mut args = Vec::new();
        for (op, _) in &call.arguments {
            let ty = self.k.module.type_of(op);
            let Some(t) = scalar(self, &ty) else {
                return Ok(false);
            };
            params.push(t);
            args.push(self.value(op)?);
        }
        let value = self.uninterpreted(&format!("$const${callee}"), params, ret, args);
        let d = self.dest_local(dest, &ret_ty)?;
        self.assign(vec![lhs(&d)], vec![value], Vec::new());
        Ok(true)
    }

    /// The call's result, if any, is arbitrary.
    fn havoc_result(&mut self, call: &Call) -> Result<(), FrontendError> {
        let Some(dest) = &call.dest else {
            return Ok(());
        };
        let ty = self.k.module.type_of(call);
        if is_pointer(&ty) {
            return Err(
                self.err_site("a pointer returned by a function without a body".to_string())
            );
        }
        if self.is_aggregate(&ty) {
            let names = self.aggregate_lhs(dest, &ty)?;
            let idents: Vec<Ident> = names.into_iter().map(Ident::synthetic).collect();
            if !idents.is_empty() {
                self.emit(StmtKind::Havoc(idents), Vec::new());
            }
            return Ok(());
        }
        let d = self.dest_local(dest, &ty)?;
        self.emit(StmtKind::Havoc(vec![Ident::synthetic(d)]), Vec::new());
        Ok(())
    }
}

/// Whether a by-value struct, array or vector type contains a pointer.
fn contains_pointer(module: &llvm_ir::Module, ty: &TypeRef) -> bool {
    use llvm_ir::types::NamedStructDef;
    use llvm_ir::Type as T;
    match ty.as_ref() {
        T::PointerType { .. } => true,
        T::ArrayType { element_type, .. } | T::VectorType { element_type, .. } => {
            contains_pointer(module, element_type)
        }
        T::StructType { element_types, .. } => {
            element_types.iter().any(|t| contains_pointer(module, t))
        }
        T::NamedStructType { name } => match module.types.named_struct_def(name) {
            Some(NamedStructDef::Defined(t)) => contains_pointer(module, t),
            // An opaque struct: its contents are unknown, so it may hold one.
            Some(NamedStructDef::Opaque) | None => true,
        },
        _ => false,
    }
}
