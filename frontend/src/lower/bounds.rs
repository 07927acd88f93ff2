//! `--check-array-bounds`: every load, store and atomic on an array whose
//! size is known is preceded by `assert {:array_bounds "A"} off <= size - n`
//! (unsigned, in the array's units, for an access of `n` units), so a
//! negative offset (a huge unsigned one) is out of bounds too.
//!
//! Known sizes: `__local`/`__shared__` and private arrays (from their LLVM
//! type), CUDA `extern __shared__` arrays given a size by
//! `--dynamic-shared-bytes`, and kernel array arguments given a size by `--kernel-arrays`
//! (in elements of the argument's pointee type). Consumes: an object and the
//! access's offset expression. Guarantees: the assertion carries the
//! current source location (like every emitted statement), so the transform
//! checks it for each thread of the pair and the report points at the
//! access. Deliberately does not check: accesses to arrays of unknown size
//! (kernel arguments without `--kernel-arrays`), pointer-typed loads and
//! stores of private pointer arrays, and the bulk copies of `memcpy`/
//! `memset`/`async_work_group_copy` (documented in SOUNDNESS.md).

use super::function::FnCtx;
use super::inst::bv_const;
use super::layout::is_pointer;
use super::memory::{MemObject, Origin};
use super::KernelCtx;
use ivl::ast::{AttrArg, Attribute, BinaryOp, Expr, StmtKind};

/// The size of `o` in its units, when known: from its type, or from
/// `--kernel-arrays` for a kernel argument (in elements of the pointee).
pub fn size_units(ctx: &KernelCtx<'_>, o: &MemObject) -> Option<u64> {
    let mut size_units = o.size_bytes.map(|b| b / o.unit);
    // CUDA dynamic shared memory: sized by `--dynamic-shared-bytes`.
    let extern_shared = ctx
        .memory
        .global_objects
        .get(super::memory::EXTERN_SHARED_KEY);
    if extern_shared == Some(&o.id) {
        size_units = ctx.config.dynamic_shared_bytes.map(|b| b / o.unit);
    }
    if let Origin::KernelArg(index) = o.origin {
        let position = ctx.functions[0].parameters[..index]
            .iter()
            .filter(|p| is_pointer(&p.ty))
            .count();
        let given = ctx
            .config
            .kernel_arrays
            .iter()
            .find(|k| k.kernel == ctx.source_name(0))
            .and_then(|k| k.values.get(position).copied().flatten());
        if let (Some(elems), Some(elem_ty)) = (given, &o.elem_ty) {
            size_units = ctx.layout.alloc_size(elem_ty).map(|s| elems * s / o.unit);
        } else if let Some(bytes) = ctx
            .config
            .kernel_param_bytes
            .iter()
            .find(|k| k.kernel == ctx.source_name(0))
            .and_then(|k| k.values.get(index).copied().flatten())
        {
            size_units = Some(bytes / o.unit);
        }
    }
    size_units.filter(|s| *s > 0)
}

impl FnCtx<'_, '_> {
    /// With `--check-array-bounds`, asserts that `bytes` bytes at `off`
    /// (in units) lie within object `id`, if its size is known.
    pub fn bounds_check(&mut self, id: u32, off: &Expr, bytes: u64) {
        if !self.k.config.check_array_bounds {
            return;
        }
        let obj = self.k.memory.object(id);
        let Some(size) = size_units(self.k, obj) else {
            return;
        };
        let units = bytes.div_ceil(obj.unit).max(1);
        let w = self.k.layout.ptr_bits;
        let in_bounds = match size.checked_sub(units) {
            Some(last) => Expr::binary(BinaryOp::BvULe, off.clone(), bv_const(i128::from(last), w)),
            None => Expr::bool(false),
        };
        let name = obj.source_name.clone();
        self.emit(
            StmtKind::Assert(in_bounds),
            vec![Attribute::new(
                ivl::kernel::ARRAY_BOUNDS_ATTR,
                vec![AttrArg::Str(name)],
            )],
        );
    }
}
