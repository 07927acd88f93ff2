//! `--kernel-args` and `--kernel-arrays` values checked against the
//! kernel's parameters before they become `requires` or array sizes.
//!
//! Consumes the kernel's LLVM parameters and the values given for it.
//! Guarantees: a scalar value wider than its parameter (a `bool` other than
//! 0/1, an `int` of 2^32 or more, ...), more values than the kernel has
//! scalar (array) parameters, or an array size whose bytes do not fit the
//! pointer width is a [`FrontendError::BadFlag`] (exit 1) naming the
//! kernel, the parameter, its type and the value: never silently
//! truncated or ignored (a `*` beyond the last parameter constrains
//! nothing and is accepted).

use super::function::FnCtx;
use super::layout::is_pointer;
use crate::error::FrontendError;
use ivl::ast::Type;

impl FnCtx<'_, '_> {
    /// Checks this kernel's `--kernel-args` and `--kernel-arrays` values.
    pub fn check_flag_values(&self) -> Result<(), FrontendError> {
        if !self.is_kernel() {
            return Ok(());
        }
        let kernel = self.k.source_name(0);
        let params = &self.func.parameters;
        let name_of = |p: &llvm_ir::function::Parameter| {
            let n = p.name.to_string();
            n.trim_start_matches('%').to_string()
        };
        let bad = |flag: &'static str, message: String| FrontendError::BadFlag { flag, message };
        let given = |list: &[crate::config::KernelValues]| {
            list.iter()
                .find(|k| k.kernel == kernel)
                .map(|k| k.values.clone())
        };
        if let Some(values) = given(&self.k.config.kernel_args) {
            let scalars: Vec<_> = params.iter().filter(|p| !is_pointer(&p.ty)).collect();
            if values.iter().skip(scalars.len()).any(Option::is_some) {
                return Err(bad(
                    "--kernel-args",
                    format!(
                        "{} values given for kernel `{kernel}`, which has {} scalar parameters",
                        values.len(),
                        scalars.len()
                    ),
                ));
            }
            for (p, value) in scalars.into_iter().zip(values) {
                let Some(value) = value else { continue };
                let bits = match self.k.layout.value_type(&p.ty) {
                    Some(Type::Bool) => 1,
                    Some(Type::Bv(w)) => w,
                    _ => continue,
                };
                // A negative value (two's complement, see
                // `KernelValues::parse`) fits when it is at least the
                // parameter's least signed value.
                let negative_fits = (2..64).contains(&bits)
                    && (value as i64) < 0
                    && i128::from(value as i64) >= -(1i128 << (bits - 1));
                if bits < 64 && value >> bits != 0 && !negative_fits {
                    return Err(bad(
                        "--kernel-args",
                        format!(
                            "value {} for parameter `{}` of kernel `{kernel}` does not fit its type `{}` ({bits} bits)",
                            if (value as i64) < 0 { (value as i64).to_string() } else { value.to_string() },
                            name_of(p),
                            p.ty
                        ),
                    ));
                }
            }
        }
        if let Some(values) = given(&self.k.config.kernel_arrays) {
            let arrays: Vec<_> = params.iter().filter(|p| is_pointer(&p.ty)).collect();
            if values.iter().skip(arrays.len()).any(Option::is_some) {
                return Err(bad(
                    "--kernel-arrays",
                    format!(
                        "{} sizes given for kernel `{kernel}`, which has {} pointer parameters",
                        values.len(),
                        arrays.len()
                    ),
                ));
            }
            let ptr_bits = self.k.layout.ptr_bits;
            for (p, value) in arrays.into_iter().zip(values) {
                let Some(elems) = value else { continue };
                let elem = super::layout::pointee(&p.ty)
                    .and_then(|t| self.k.layout.alloc_size(t))
                    .unwrap_or(1)
                    .max(1);
                let fits = elems
                    .checked_mul(elem)
                    .is_some_and(|bytes| ptr_bits >= 64 || bytes <= 1u64 << ptr_bits);
                if !fits {
                    return Err(bad(
                        "--kernel-arrays",
                        format!(
                            "{elems} elements of {elem} bytes for parameter `{}` (`{}`) of kernel `{kernel}` exceed the {ptr_bits}-bit address space",
                            name_of(p),
                            p.ty
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
