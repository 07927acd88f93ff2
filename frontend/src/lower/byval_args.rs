//! Kernel arguments passed by value (`__global__ void k(Params p)` for
//! `struct Params { float *in, *out; int n; }`): their fields are kernel
//! parameters in effect.
//!
//! Consumes: the memory objects and points-to graph of one kernel after
//! the walk over its instructions ([`super::memory`]); a by-value (`byval`)
//! kernel argument is a private object (each thread's copy of the bytes
//! the host passed).
//! Guarantees:
//! - [`add_field_buffers`]: every pointer field of a by-value argument
//!   (nested structs and arrays of pointers included) gets a global object of its own, *the field's buffer*
//!   (named `p.out` after the field, `p.1` when the code never names it),
//!   in the content class of the argument: the pointer the host stored
//!   there points to the start of that buffer, which aliases no other
//!   buffer and no pointer argument (the rule of pointer arguments,
//!   printed under "assuming:" with them, `mod.rs`).
//! - [`FnCtx::byval_entry_assumptions`], at the kernel's entry: every
//!   element of a by-value argument is the same in both threads of the
//!   pair (the host passed one value to the launch), and each pointer
//!   field's base is its buffer with offset 0.
//!
//! Later writes to a thread's copy (`p.n = 0`, `p.out += 4`) stay private
//! to that thread and are modelled as usual.
//!
//! - [`references_as_values`]: a kernel argument that is a C++ reference
//!   to an object holding pointers (`__global__ void k(const Params &p)`)
//!   and that the kernel never writes (no store, atomic or library call
//!   may write its points-to class) is modelled as passed by value: the
//!   host passed one object, unchanged during the launch, so every thread
//!   reads the same bytes, and a private uniform copy per thread reads the
//!   same values as the shared object (reads of unwritten memory never
//!   race). This assumes the object aliases no other argument, variable or
//!   field buffer of the kernel (as pointer arguments are assumed not to
//!   alias); the lowering prints it under "assuming:". A reference the
//!   kernel may write keeps the global-memory model.

use super::distinct_host_buffers::add_pointee_buffer;
use super::function::FnCtx;
use super::inst::{bv_const, extract, resize};
use super::layout::{is_pointer, Layout};
use super::memory::{MemObject, Origin, Space};
use super::points_to::{Node, PointsTo};
use super::ConstInt;
use ivl::ast::{Expr, StmtKind};
use llvm_ir::{Function, Name, Operand, TypeRef};
use std::collections::{BTreeSet, HashMap};

/// The most pointer fields of one by-value argument given buffers of
/// their own (more, when the kernel reads pointers from the argument: the
/// kernel is refused, exit 4, naming the argument).
const MAX_POINTER_FIELDS: usize = 256;

/// The most elements of a by-value argument assumed uniform one by one
/// (beyond: the rest may differ between the threads, an
/// over-approximation).
const MAX_UNIFORM_ELEMENTS: u64 = 512;

/// A pointer field of a by-value kernel argument and its buffer.
#[derive(Clone, Debug)]
pub struct FieldBuffer {
    /// Byte offset of the pointer in the argument.
    pub offset: u64,
    /// The buffer's object id.
    pub buffer: u32,
}

/// Whether object `o` is a kernel argument passed by value (LLVM `byval`:
/// [`super::memory`] gives only those a private space *and* a size; a
/// private pointer argument without `byval`, which hand-written IR could
/// declare, has no size and gets neither assumption).
pub fn is_byval_arg(o: &MemObject) -> bool {
    matches!(o.origin, Origin::KernelArg(_)) && o.space == Space::Private && o.size_bytes.is_some()
}

/// Turns every reference kernel argument (LLVM `dereferenceable(N)` of
/// its pointee's size, not `byval`) whose object holds pointers and is
/// never written by the kernel into a by-value argument (private, sized);
/// returns their object ids.
pub fn references_as_values(
    kernel: &Function,
    layout: &Layout<'_>,
    pts: &mut PointsTo,
    objects: &mut [MemObject],
) -> BTreeSet<u32> {
    let vtable_classes: Vec<usize> = pts
        .vtable_accesses
        .clone()
        .into_iter()
        .map(|(a, _)| pts.find(a))
        .collect();
    let mut out = BTreeSet::new();
    for obj in objects.iter_mut() {
        let Origin::KernelArg(index) = obj.origin else {
            continue;
        };
        if obj.space != Space::Global || obj.size_bytes.is_some() {
            continue;
        }
        let Some(param) = kernel.parameters.get(index) else {
            continue;
        };
        let Some(size) = obj.elem_ty.as_ref().and_then(|t| layout.alloc_size(t)) else {
            continue;
        };
        let reference = param.attributes.iter().any(|a| {
            matches!(a, llvm_ir::function::ParameterAttribute::Dereferenceable(n) if *n == size)
        });
        if !reference || size == 0 {
            continue;
        }
        let node = pts.node(Node::Object(obj.id));
        let root = pts.find(node);
        let info = &pts.info[root];
        if !info.holds_pointers
            || info.written
            || info.stores_pointers
            || vtable_classes.contains(&root)
        {
            continue;
        }
        obj.space = Space::Private;
        obj.size_bytes = Some(size);
        out.insert(obj.id);
    }
    out
}

/// Adds one buffer per pointer field of every by-value kernel argument;
/// returns them by argument object id, or the refusal of an argument with
/// more than [`MAX_POINTER_FIELDS`] pointers the kernel reads pointers from.
pub fn add_field_buffers(
    kernel: &Function,
    layout: &Layout<'_>,
    pts: &mut PointsTo,
    objects: &mut Vec<MemObject>,
    by_reference: &BTreeSet<u32>,
    fresh_name: &mut dyn FnMut(&str) -> String,
) -> Result<HashMap<u32, Vec<FieldBuffer>>, String> {
    let mut out = HashMap::new();
    let args: Vec<(u32, usize)> = objects
        .iter()
        .filter(|o| is_byval_arg(o))
        .filter_map(|o| match o.origin {
            Origin::KernelArg(index) => Some((o.id, index)),
            _ => None,
        })
        .collect();
    for (id, index) in args {
        // Whether or not the kernel loads pointers from it directly (a
        // struct copy `Params q = p` moves them as bytes): the host stored
        // pointers there.
        let obj = &objects[id as usize - 1];
        let Some(ty) = obj.elem_ty.clone() else {
            continue;
        };
        let mut offsets = Vec::new();
        if !pointer_offsets(layout, &ty, 0, &mut offsets) || offsets.is_empty() {
            continue;
        }
        if offsets.len() > MAX_POINTER_FIELDS {
            let node = pts.node(Node::Object(id));
            let root = pts.find(node);
            if !pts.info[root].holds_pointers {
                // Its pointers are never read: no buffer is needed.
                continue;
            }
            return Err(format!(
                "the {} argument `{}` holds more than {MAX_POINTER_FIELDS} pointers (each \
                 pointer field of a struct argument is a buffer of its own; more are not \
                 modelled): pass the pointers in several structs or as an array in device \
                 memory",
                if by_reference.contains(&id) {
                    "reference"
                } else {
                    "by-value"
                },
                obj.source_name
            ));
        }
        let source = obj.source_name.clone();
        let names = field_names(kernel, index, layout, &ty);
        let mut fields = Vec::new();
        for (k, (offset, path)) in offsets.into_iter().enumerate() {
            let field = names.get(&offset).cloned().unwrap_or_else(|| path.clone());
            let ivl_name = fresh_name(&format!("{source}_{field}_{k}"));
            // A reference to a pointer (`float *const &p`): its one buffer.
            let shown = if field.is_empty() {
                format!("*{source}")
            } else {
                format!("{source}.{field}")
            };
            let buffer = add_pointee_buffer(
                objects,
                pts,
                id,
                ivl_name,
                shown,
                Origin::KernelArgField(index),
            );
            fields.push(FieldBuffer { offset, buffer });
        }
        // Pointer-sized elements when the rest of the struct allows it
        // (`Params q = p` copies it as 12 bytes: the copy then keeps the
        // bases element by element, super::memops).
        let node = pts.node(Node::Object(id));
        let root = pts.find(node);
        pts.info[root].widths.insert(u64::from(layout.ptr_bits / 8));
        out.insert(id, fields);
    }
    Ok(out)
}

/// Appends the byte offset and index path of every pointer in `ty` (at
/// `base`); false if the type has a part of unknown layout.
fn pointer_offsets(
    layout: &Layout<'_>,
    ty: &TypeRef,
    base: u64,
    out: &mut Vec<(u64, String)>,
) -> bool {
    fn go(
        layout: &Layout<'_>,
        ty: &TypeRef,
        base: u64,
        path: &str,
        out: &mut Vec<(u64, String)>,
    ) -> bool {
        if out.len() > MAX_POINTER_FIELDS {
            return true;
        }
        let join = |i: u64| {
            if path.is_empty() {
                i.to_string()
            } else {
                format!("{path}.{i}")
            }
        };
        if is_pointer(ty) {
            out.push((base, path.to_string()));
            return true;
        }
        match layout.resolve(ty) {
            Some(resolved @ llvm_ir::Type::StructType { element_types, .. }) => {
                let Some((offsets, _)) = layout.struct_layout(resolved) else {
                    return false;
                };
                element_types
                    .iter()
                    .zip(offsets)
                    .enumerate()
                    .all(|(i, (f, off))| go(layout, f, base + off, &join(i as u64), out))
            }
            Some(llvm_ir::Type::ArrayType {
                element_type,
                num_elements,
            }) => {
                let Some(size) = layout.alloc_size(element_type) else {
                    return false;
                };
                (0..*num_elements as u64)
                    .all(|i| go(layout, element_type, base + i * size, &join(i), out))
            }
            Some(_) => true,
            None => false,
        }
    }
    go(layout, ty, base, "", out)
}

/// Source names of the argument's pointer fields by byte offset: clang
/// names the address of a field after it (`%out = getelementptr
/// %struct.Params, ptr %p, i32 0, i32 1`).
fn field_names(
    kernel: &Function,
    index: usize,
    layout: &Layout<'_>,
    ty: &TypeRef,
) -> HashMap<u64, String> {
    let mut names = HashMap::new();
    let Some(param) = kernel.parameters.get(index) else {
        return names;
    };
    for inst in kernel.basic_blocks.iter().flat_map(|b| &b.instrs) {
        let llvm_ir::Instruction::GetElementPtr(gep) = inst else {
            continue;
        };
        let Name::Name(dest) = &gep.dest else {
            continue;
        };
        if !matches!(&gep.address, Operand::LocalOperand { name, .. } if *name == param.name) {
            continue;
        }
        let consts: Option<Vec<i64>> = gep
            .indices
            .iter()
            .map(|i| i.const_int().map(|c| c.signed))
            .collect();
        let Some(consts) = consts else { continue };
        if consts.first() != Some(&0) {
            continue;
        }
        let mut offset = 0u64;
        let mut current = ty.clone();
        let mut ok = true;
        for i in &consts[1..] {
            match layout.resolve(&current) {
                Some(resolved @ llvm_ir::Type::StructType { element_types, .. }) => {
                    let Some((offsets, _)) = layout.struct_layout(resolved) else {
                        ok = false;
                        break;
                    };
                    let Some(field) = element_types.get(*i as usize) else {
                        ok = false;
                        break;
                    };
                    offset += offsets[*i as usize];
                    current = field.clone();
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        let name = dest.split('.').next().unwrap_or(dest).to_string();
        if !ok || name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if is_pointer(&current) {
            names.entry(offset).or_insert(name);
        } else if let Some(llvm_ir::Type::ArrayType {
            element_type,
            num_elements,
        }) = layout.resolve(&current)
        {
            // An array of pointers (`float *plane[3]`): `planes.plane[2]`.
            if let (true, Some(size)) = (is_pointer(element_type), layout.alloc_size(element_type))
            {
                for k in 0..*num_elements as u64 {
                    names
                        .entry(offset + k * size)
                        .or_insert_with(|| format!("{name}[{k}]"));
                }
            }
        }
    }
    names
}

impl FnCtx<'_, '_> {
    /// At the kernel's entry: the by-value arguments are uniform, and their
    /// pointer fields point to the start of their buffers.
    pub fn byval_entry_assumptions(&mut self) {
        if !self.is_kernel() {
            return;
        }
        let args: Vec<MemObject> = self
            .k
            .memory
            .objects
            .iter()
            .filter(|o| is_byval_arg(o))
            .cloned()
            .collect();
        let w = self.k.layout.ptr_bits;
        for obj in args {
            if self.k.memory.by_reference.contains(&obj.id) {
                self.k.notes.insert(format!(
                    "the reference argument `{}` refers to one object that the kernel never \
                     writes and that no other argument, variable or pointer field aliases: \
                     modelled as passed by value",
                    obj.source_name
                ));
            }
            let unit = obj.unit.max(1);
            let Some(size) = obj.size_bytes else { continue };
            let elements = size.div_ceil(unit).min(MAX_UNIFORM_ELEMENTS);
            let bits = (unit * 8) as u32;
            for k in 0..elements {
                let cell =
                    Expr::select(Expr::var(obj.ivl_name.clone()), bv_const(i128::from(k), w));
                for term in uniform_terms(cell, bits) {
                    self.emit(StmtKind::Assume(term), Vec::new());
                }
            }
            let Some(fields) = self.k.memory.byval_fields.get(&obj.id).cloned() else {
                continue;
            };
            if !obj.holds_pointers {
                continue;
            }
            let ptr_bytes = u64::from(w / 8);
            for f in fields {
                if f.offset % unit != 0 || (unit != 1 && unit != ptr_bytes) {
                    continue;
                }
                let at = bv_const(i128::from(f.offset / unit), w);
                let base = Expr::select(Expr::var(format!("{}$base", obj.ivl_name)), at.clone());
                self.emit(
                    StmtKind::Assume(Expr::eq(base, Expr::bv(u128::from(f.buffer), 32))),
                    Vec::new(),
                );
                let cells = (ptr_bytes / unit).max(1);
                for c in 0..cells {
                    let cell = Expr::select(
                        Expr::var(obj.ivl_name.clone()),
                        bv_const(i128::from(f.offset / unit + c), w),
                    );
                    self.emit(
                        StmtKind::Assume(Expr::eq(cell, Expr::bv(0, bits))),
                        Vec::new(),
                    );
                }
            }
        }
    }
}

/// `__uniform_int` over the 32-bit pieces of a `bits`-bit value.
fn uniform_terms(v: Expr, bits: u32) -> Vec<Expr> {
    if bits == 32 {
        return vec![Expr::apply("__uniform_int", vec![v])];
    }
    if bits < 32 {
        return vec![Expr::apply(
            "__uniform_int",
            vec![resize(v, bits, 32, false)],
        )];
    }
    (0..bits)
        .step_by(32)
        .map(|lo| {
            let hi = (lo + 32).min(bits);
            let piece = extract(v.clone(), hi, lo);
            let piece = if hi - lo < 32 {
                resize(piece, hi - lo, 32, false)
            } else {
                piece
            };
            Expr::apply("__uniform_int", vec![piece])
        })
        .collect()
}
