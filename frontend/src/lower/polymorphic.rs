//! Objects with virtual methods outside private memory.
//!
//! Consumes: the points-to graph of one kernel after [`PointsTo::finish`]
//! and its memory objects. Guarantees: the set of objects whose stored
//! pointers may be vtable pointers (a vtable pointer, type `i32 (...)**`,
//! is loaded or stored through their class, or the content class of their
//! class holds a C++ vtable, an LLVM global named `_ZTV...`). A C++ object with virtual
//! methods begins with such a pointer; in shared or global memory (placement
//! `new` into a `__shared__` buffer, an object the host built and passed
//! in) that is a pointer next to data outside private memory, which the
//! lowering refuses (exit 4). This module only lets the refusal name the
//! construct (a polymorphic object and the virtual call or construction
//! that touches it) instead of the generic "holds pointers" message.

use super::function::FnCtx;
use super::indirect_calls::is_function_pointer;
use super::layout::pointee;
use super::memory::{MemObject, Origin};
use super::points_to::PointsTo;
use std::collections::{BTreeMap, BTreeSet};

/// Whether `name` is the LLVM name of a C++ vtable (Itanium ABI).
fn is_vtable(name: &str) -> bool {
    name.trim_start_matches('@').starts_with("_ZTV")
}

/// `file:line:col` of a debug location.
pub fn position(loc: &Option<llvm_ir::DebugLoc>) -> Option<String> {
    let l = loc.as_ref()?;
    let file = l.filename.rsplit('/').next().unwrap_or(&l.filename);
    Some(format!("{file}:{}:{}", l.line, l.col.unwrap_or(0)))
}

/// The objects that may hold a vtable pointer, each with where a vtable
/// pointer is loaded or stored through its class (when known).
pub fn vtable_holders(pts: &mut PointsTo, objects: &[MemObject]) -> BTreeMap<u32, Option<String>> {
    let vtables: BTreeSet<u32> = objects
        .iter()
        .filter(|o| matches!(&o.origin, Origin::Global(n) if is_vtable(n)))
        .map(|o| o.id)
        .collect();
    let mut out: BTreeMap<u32, Option<String>> = BTreeMap::new();
    for (a, at) in pts.vtable_accesses.clone() {
        let root = pts.find(a);
        for id in pts.info[root].objects.clone() {
            let entry = out.entry(id).or_insert(None);
            if entry.is_none() {
                *entry = at.clone();
            }
        }
    }
    if vtables.is_empty() {
        return out;
    }
    for i in 0..pts.info.len() {
        if pts.find(i) != i || !pts.info[i].holds_pointers {
            continue;
        }
        let Some(c) = pts.info[i].content else {
            continue;
        };
        let c = pts.find(c);
        if pts.info[c].objects.iter().any(|id| vtables.contains(id)) {
            for id in pts.info[i].objects.clone() {
                out.entry(id).or_insert(None);
            }
        }
    }
    out
}

/// The refusal for a data access or pointer store on object `obj`, which
/// may hold a vtable pointer outside private memory.
pub fn refusal(obj: &MemObject, vtable_access: Option<&str>) -> String {
    let at = vtable_access
        .map(|p| format!(" (its vtable pointer is read or written at {p})"))
        .unwrap_or_default();
    format!(
        "an object with virtual methods (C++ polymorphism) in shared or global memory{at}: \
         `{}` may hold its vtable pointer, a pointer stored next to data outside private \
         memory (a virtual call or a placement `new` on an object in __shared__/__device__ \
         memory or built by the host); construct the object in a local variable, or \
         dispatch on a plain enum or a function pointer",
        obj.source_name
    )
}

/// A vtable pointer's type: a pointer to function pointers (LLVM 14 typed
/// pointers: `i32 (...)**`).
pub fn is_vtable_pointer(ty: &llvm_ir::TypeRef) -> bool {
    pointee(ty).is_some_and(is_function_pointer)
}

impl FnCtx<'_, '_> {
    /// Whether the instruction being lowered loads or stores a vtable
    /// pointer (a virtual call's first load, a constructor's store).
    pub(crate) fn touches_vtable_pointer(&self) -> bool {
        use llvm_ir::instruction::Instruction as I;
        use llvm_ir::types::Typed;
        let types = &self.k.module.types;
        let ty = match self.block_instrs.get(self.inst_index) {
            Some(I::Load(l)) => pointee(&l.address.get_type(types)).cloned(),
            Some(I::Store(s)) => Some(s.value.get_type(types)),
            _ => None,
        };
        ty.is_some_and(|t| is_vtable_pointer(&t))
    }

    /// Whether object `id` may hold a vtable pointer or the current
    /// instruction moves one.
    pub(crate) fn polymorphic_access(&self, id: u32) -> bool {
        self.k.memory.vtable_holders.contains_key(&id) || self.touches_vtable_pointer()
    }

    /// The refusal for object `id` (see [`refusal`]).
    pub(crate) fn polymorphic_refusal(&self, id: u32) -> crate::error::FrontendError {
        let at = self.k.memory.vtable_holders.get(&id).cloned().flatten();
        self.err_site(refusal(self.k.memory.object(id), at.as_deref()))
    }
}
