//! Initial contents of read-only memory: the initialiser of every LLVM
//! global marked `constant` (OpenCL `__constant` tables, the constant
//! copies clang makes for local array initialisers) is assumed at kernel
//! entry, element by element, so a kernel indexing by a table's values is
//! modelled precisely.
//!
//! Only immutable globals are used: a CUDA `__constant__` variable is not
//! an LLVM `constant` (the host may overwrite it with
//! `cudaMemcpyToSymbol`), nor is a writable `__global`/`__device__`
//! variable; their initial contents stay arbitrary. Bytes the initialiser
//! leaves undefined (undef, padding, pointers) are not constrained; a table
//! larger than [`MAX_ELEMENTS`] elements is not used (arbitrary contents,
//! sound).

use super::function::FnCtx;
use super::layout::Layout;
use super::memory::Origin;
use ivl::ast::{Expr, StmtKind};
use llvm_ir::constant::Float;
use llvm_ir::Constant;

/// The largest table whose contents are assumed.
pub const MAX_ELEMENTS: u64 = 4096;

/// The little-endian byte image of a constant (`None`: unknown byte).
/// `function_id` gives a function's id (its address, see
/// `lower/indirect_calls.rs`), so tables of function pointers are known.
pub fn byte_image(
    layout: &Layout<'_>,
    function_id: &dyn Fn(&str) -> Option<u128>,
    c: &Constant,
    out: &mut Vec<Option<u8>>,
) {
    let start = out.len();
    let int = |out: &mut Vec<Option<u8>>, value: u128, bytes: u64| {
        for k in 0..bytes {
            out.push(Some((value >> (8 * k)) as u8));
        }
    };
    match c {
        Constant::Int { bits, value } => int(out, u128::from(*value), u64::from(*bits).div_ceil(8)),
        Constant::Float(Float::Single(f)) => int(out, u128::from(f.to_bits()), 4),
        Constant::Float(Float::Double(f)) => int(out, u128::from(f.to_bits()), 8),
        Constant::AggregateZero(ty) | Constant::Null(ty) => {
            let n = layout.alloc_size(ty).unwrap_or(0);
            out.extend(std::iter::repeat_n(Some(0), n as usize));
        }
        Constant::Array { elements, .. } | Constant::Vector(elements) => {
            for e in elements {
                let before = out.len();
                byte_image(layout, function_id, e, out);
                // Pad each element to its allocation size.
                let ty = constant_type(layout, e);
                if let Some(size) = ty.and_then(|t| layout.alloc_size(&t)) {
                    while ((out.len() - before) as u64) < size {
                        out.push(None);
                    }
                }
            }
        }
        Constant::Struct { values, .. } => {
            let offsets = layout.struct_layout(&layout.types.type_of(c));
            match offsets {
                Some((offsets, size)) => {
                    for (v, off) in values.iter().zip(offsets) {
                        while ((out.len() - start) as u64) < off {
                            out.push(None);
                        }
                        byte_image(layout, function_id, v, out);
                    }
                    while ((out.len() - start) as u64) < size {
                        out.push(None);
                    }
                }
                None => out.clear(),
            }
        }
        Constant::GlobalReference {
            name: llvm_ir::Name::Name(n),
            ..
        } if function_id(n).is_some() => {
            int(
                out,
                function_id(n).unwrap_or(0),
                u64::from(layout.ptr_bits / 8),
            );
        }
        Constant::BitCast(cast)
            if matches!(cast.operand.as_ref(), Constant::GlobalReference { .. }) =>
        {
            let before = out.len();
            byte_image(layout, function_id, &cast.operand, out);
            if out[before..].iter().any(Option::is_none) {
                out.truncate(before);
                out.extend(std::iter::repeat_n(None, (layout.ptr_bits / 8) as usize));
            }
        }
        other => {
            // Undef, pointers, expressions: unknown bytes of the right size.
            let n = constant_type(layout, other)
                .and_then(|t| layout.alloc_size(&t))
                .unwrap_or(0);
            out.extend(std::iter::repeat_n(None, n as usize));
        }
    }
}

fn constant_type(layout: &Layout<'_>, c: &Constant) -> Option<llvm_ir::TypeRef> {
    Some(layout.types.type_of(c))
}

impl FnCtx<'_, '_> {
    /// At kernel entry: `assume` the initial contents of every immutable
    /// global the kernel uses.
    pub fn constant_initialisers(&mut self) {
        if !self.is_kernel() {
            return;
        }
        let w = self.k.layout.ptr_bits;
        let mut facts = Vec::new();
        for obj in &self.k.memory.objects {
            let Origin::Global(name) = &obj.origin else {
                continue;
            };
            let Some(global) = self
                .k
                .module
                .global_vars
                .iter()
                .find(|g| matches!(&g.name, llvm_ir::Name::Name(s) if **s == *name))
            else {
                continue;
            };
            let (true, Some(init)) = (global.is_constant, &global.initializer) else {
                continue;
            };
            let mut image = Vec::new();
            let module = self.k.module;
            let ids = |n: &str| super::indirect_calls::function_id(module, n);
            byte_image(&self.k.layout, &ids, init, &mut image);
            let unit = obj.unit.max(1) as usize;
            if image.len() as u64 / obj.unit.max(1) > MAX_ELEMENTS {
                continue;
            }
            let mut conj: Vec<Expr> = Vec::new();
            for (index, chunk) in image.chunks(unit).enumerate() {
                if chunk.len() != unit || chunk.iter().any(Option::is_none) {
                    continue;
                }
                let value = chunk
                    .iter()
                    .rev()
                    .fold(0u128, |acc, b| (acc << 8) | u128::from(b.unwrap_or(0)));
                conj.push(Expr::eq(
                    Expr::select(
                        Expr::var(obj.ivl_name.clone()),
                        super::inst::bv_const(index as i128, w),
                    ),
                    Expr::bv(value, (unit * 8) as u32),
                ));
            }
            if let Some(all) = conj.into_iter().reduce(Expr::and) {
                facts.push((all, obj.source_name.clone()));
            }
        }
        for (fact, name) in facts {
            self.emit(
                StmtKind::Assume(fact),
                vec![super::attr_str("initial_contents", &name)],
            );
        }
    }
}
