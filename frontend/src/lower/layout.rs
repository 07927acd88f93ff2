//! Type layout and value types: sizes, alignments and field offsets of LLVM
//! types (from the target's pointer width and natural alignment, which is
//! what the spir and nvptx data layouts specify), and the IVL type of an
//! SSA value.
//!
//! Value representation (the contract every other lowering module relies
//! on): `i1` is `bool`; `iN` is `bvN`; `half`/`float`/`double` are
//! `bv16`/`bv32`/`bv64` holding the IEEE bits; a vector `<n x T>` is the
//! concatenation of its lanes, lane 0 in the low bits (the little-endian
//! memory image); a pointer is a pair (base `bv32`, offset `bvP`) and has
//! no single IVL type; a pointer to a function is a `bvP` function id
//! ([`super::indirect_calls`]); an aggregate has one local per field
//! ([`super::aggregate`]).

use llvm_ir::types::{FPType, NamedStructDef, Type, Types};
use llvm_ir::TypeRef;

/// Layout queries for one module.
pub struct Layout<'m> {
    pub types: &'m Types,
    /// Pointer width in bits (32 or 64).
    pub ptr_bits: u32,
}

impl<'m> Layout<'m> {
    /// Resolves named structs to their definitions; `None` for opaque ones.
    pub fn resolve<'t>(&'t self, ty: &'t Type) -> Option<&'t Type> {
        match ty {
            Type::NamedStructType { name } => match self.types.named_struct_def(name)? {
                NamedStructDef::Opaque => None,
                NamedStructDef::Defined(def) => Some(def.as_ref()),
            },
            _ => Some(ty),
        }
    }

    /// The allocation size in bytes (what a GEP steps over), or `None`
    /// for unsized types.
    pub fn alloc_size(&self, ty: &Type) -> Option<u64> {
        let size = self.store_size(ty)?;
        let align = self.align(ty)?;
        Some(size.div_ceil(align) * align)
    }

    /// The number of bytes a load or store of `ty` touches.
    pub fn store_size(&self, ty: &Type) -> Option<u64> {
        Some(match self.resolve(ty)? {
            Type::IntegerType { bits } => u64::from(*bits).div_ceil(8),
            Type::FPType(fp) => fp_bits(*fp)? / 8,
            Type::PointerType { .. } => u64::from(self.ptr_bits / 8),
            Type::VectorType {
                element_type,
                num_elements,
                ..
            } => (self.bits(element_type)? * *num_elements as u64).div_ceil(8),
            Type::ArrayType {
                element_type,
                num_elements,
            } => self.alloc_size(element_type)? * *num_elements as u64,
            Type::StructType { .. } => {
                let (offsets, size) = self.struct_layout(ty)?;
                let _ = offsets;
                size
            }
            _ => return None,
        })
    }

    /// Natural alignment in bytes.
    pub fn align(&self, ty: &Type) -> Option<u64> {
        Some(match self.resolve(ty)? {
            Type::VectorType { .. } => self.store_size(ty)?.next_power_of_two(),
            Type::ArrayType { element_type, .. } => self.align(element_type)?,
            Type::StructType {
                element_types,
                is_packed,
            } => {
                if *is_packed {
                    1
                } else {
                    let mut align = 1;
                    for field in element_types {
                        align = align.max(self.align(field)?);
                    }
                    align
                }
            }
            other => self.store_size(other)?.next_power_of_two(),
        })
    }

    /// Field offsets and total size (padded to the alignment) of a struct.
    pub fn struct_layout(&self, ty: &Type) -> Option<(Vec<u64>, u64)> {
        let Type::StructType {
            element_types,
            is_packed,
        } = self.resolve(ty)?
        else {
            return None;
        };
        let mut offsets = Vec::with_capacity(element_types.len());
        let mut offset = 0u64;
        let mut max_align = 1;
        for field in element_types {
            let align = if *is_packed { 1 } else { self.align(field)? };
            max_align = max_align.max(align);
            offset = offset.div_ceil(align) * align;
            offsets.push(offset);
            offset += self.alloc_size(field)?;
        }
        Some((offsets, offset.div_ceil(max_align) * max_align))
    }

    /// Bits of a scalar or vector value (not of pointers or aggregates).
    pub fn bits(&self, ty: &Type) -> Option<u64> {
        match ty {
            Type::IntegerType { bits } => Some(u64::from(*bits)),
            Type::FPType(fp) => fp_bits(*fp),
            Type::VectorType {
                element_type,
                num_elements,
                ..
            } => Some(self.bits(element_type)? * *num_elements as u64),
            Type::PointerType { pointee_type, .. }
                if matches!(pointee_type.as_ref(), Type::FuncType { .. }) =>
            {
                Some(u64::from(self.ptr_bits))
            }
            _ => None,
        }
    }

    /// The IVL type of a non-pointer first-class value, or `None` for
    /// pointers, aggregates, and values wider than the IVL allows.
    pub fn value_type(&self, ty: &Type) -> Option<ivl::ast::Type> {
        match ty {
            Type::IntegerType { bits: 1 } => Some(ivl::ast::Type::Bool),
            Type::IntegerType { .. }
            | Type::FPType(_)
            | Type::VectorType { .. }
            | Type::PointerType { .. } => {
                let bits = self.bits(ty)?;
                (1..=u64::from(ivl::ast::MAX_BV_WIDTH))
                    .contains(&bits)
                    .then_some(ivl::ast::Type::Bv(bits as u32))
            }
            _ => None,
        }
    }
}

pub fn fp_bits(fp: FPType) -> Option<u64> {
    match fp {
        FPType::Half | FPType::BFloat => Some(16),
        FPType::Single => Some(32),
        FPType::Double => Some(64),
        _ => None,
    }
}

/// A pointer into memory. A pointer to a function is not one: it is data
/// (a function id, see [`super::indirect_calls`]).
pub fn is_pointer(ty: &TypeRef) -> bool {
    matches!(ty.as_ref(), Type::PointerType { .. })
        && !super::indirect_calls::is_function_pointer(ty)
}

/// The pointee type of a pointer type.
pub fn pointee(ty: &TypeRef) -> Option<&TypeRef> {
    match ty.as_ref() {
        Type::PointerType { pointee_type, .. } => Some(pointee_type),
        _ => None,
    }
}
