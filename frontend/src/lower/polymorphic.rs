//! Objects with virtual methods outside private memory.
//!
//! Consumes: the points-to graph of one kernel after [`PointsTo::finish`]
//! and its memory objects. Guarantees: the set of objects whose stored
//! pointers may be vtable pointers (a vtable pointer, type `i32 (...)**`,
//! is loaded or stored through their class, or the content class of their
//! class holds a C++ vtable, an LLVM global named `_ZTV...`). A C++ object with virtual
//! methods begins with such a pointer; in shared or global memory (placement
//! `new` into a `__shared__` buffer, an object the host built and passed
//! in) that is a pointer next to data outside private memory.
//! - In `__shared__` memory (objects this launch constructs): accepted.
//!   The vtable pointer's base is stored element-wise in the shared base
//!   map (race-checked), a vptr load is assumed to be one of the module's
//!   constructor-stored address points of its class's concrete vtables
//!   ([`FnCtx::assume_address_point`]), so virtual calls resolve by the
//!   indirect-call case split.
//! - In global memory (objects the host built and copied in, or another
//!   kernel constructed with placement `new`): accepted the same way. The
//!   vtable pointer was stored outside this launch, so its class is given
//!   every concrete vtable of the translation unit ([`add_module_vtables`];
//!   the driver compiles such a file with `-femit-all-decls` so clang
//!   emits every class's vtable and constructors), and a vptr load is one
//!   of their address points: a virtual call splits over every override
//!   at that slot in the file's class hierarchy. Assumed (printed): the
//!   objects are of the classes whose vtables this file defines (named).

use super::function::FnCtx;
use super::indirect_calls::is_function_pointer;
use super::layout::pointee;
use super::memory::{MemObject, Origin};
use super::points_to::PointsTo;
use ivl::ast::{Expr, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

/// Whether `name` is the LLVM name of a C++ vtable (Itanium ABI).
fn is_vtable(name: &str) -> bool {
    name.trim_start_matches('@').starts_with("_ZTV")
}

/// The names of the module's vtables of concrete classes (no entry is
/// `__cxa_pure_virtual`).
pub fn concrete_vtables(module: &llvm_ir::Module) -> Vec<String> {
    module
        .global_vars
        .iter()
        .filter_map(|g| match &g.name {
            llvm_ir::Name::Name(n) if is_vtable(n) => {
                let init = g.initializer.as_ref()?;
                (!format!("{init:?}").contains("__cxa_pure_virtual")).then(|| n.to_string())
            }
            _ => None,
        })
        .collect()
}

/// Adds the objects `vtables` (the module's concrete vtables) to what a
/// vtable pointer read from global memory may point to: every class whose
/// vtable pointers are loaded or stored through a class with a global or
/// host object. The object may have been built by the host or another
/// kernel, with any class of the file.
pub fn add_module_vtables(pts: &mut PointsTo, objects: &[MemObject], vtables: &[u32]) {
    if vtables.is_empty() {
        return;
    }
    for (a, _) in pts.vtable_accesses.clone() {
        let root = pts.find(a);
        let global = pts.info[root].objects.iter().any(|id| {
            matches!(
                objects[*id as usize - 1].space,
                super::memory::Space::Global | super::memory::Space::Constant
            )
        });
        if !global {
            continue;
        }
        let mut c = pts.content(a);
        for id in vtables {
            let o = pts.node(super::points_to::Node::Object(*id));
            c = pts.union(c, o);
        }
    }
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

    /// Whether the instruction being lowered writes memory (a store or an
    /// atomic read-modify-write).
    pub(crate) fn instruction_writes_memory(&self) -> bool {
        use llvm_ir::instruction::Instruction as I;
        matches!(
            self.block_instrs.get(self.inst_index),
            Some(I::Store(_) | I::AtomicRMW(_) | I::CmpXchg(_))
        )
    }

    /// Whether object `id` may hold a vtable pointer or the current
    /// instruction moves one.
    pub(crate) fn polymorphic_access(&self, id: u32) -> bool {
        self.k.memory.vtable_holders.contains_key(&id) || self.touches_vtable_pointer()
    }

    /// Whether object `id` may hold a vtable pointer.
    pub(crate) fn is_vtable_holder(&self, id: u32) -> bool {
        self.k.memory.vtable_holders.contains_key(&id)
    }

    /// Whether object `id` is a shared or global object that may hold a
    /// vtable pointer: objects the kernel constructs there (placement
    /// `new`) or the host or another kernel built. Its pointer bases are
    /// stored element by element (race-checked like its data), never as a
    /// whole-map update. In shared memory every vtable pointer is stored by
    /// this launch's code, so its class names every vtable it may hold; in
    /// global memory the class was given every concrete vtable of the file
    /// ([`add_module_vtables`]).
    pub(crate) fn accepted_vtable_holder(&self, id: u32) -> bool {
        use super::memory::Space;
        self.is_vtable_holder(id)
            && matches!(
                self.k.memory.object(id).space,
                Space::GroupShared | Space::Global | Space::Constant
            )
    }

    /// Whether object `id` is a C++ vtable (read-only: a store through a
    /// pointer that may point to one never writes it, since writing a
    /// vtable is undefined behaviour).
    pub(crate) fn is_vtable_object(&self, id: u32) -> bool {
        matches!(&self.k.memory.object(id).origin, Origin::Global(n) if is_vtable(n))
    }

    /// After a vtable pointer `l` (`[base,] offset`) of `class` was read
    /// from shared or global memory: assumes it is one of the address
    /// points the module's constructors store (a constant `_ZTV...` GEP)
    /// into the class's vtables. Sound because a vtable pointer is only
    /// ever written by a constructor, with such a constant (the write
    /// itself is race-checked); reading one from an object never
    /// constructed is undefined behaviour (SOUNDNESS.md). With no known
    /// address point the value stays arbitrary within the class.
    pub(crate) fn assume_address_point(
        &mut self,
        l: &[ivl::ast::Lhs],
        class: &super::memory::ClassInfo,
        holder: u32,
    ) -> Result<(), crate::error::FrontendError> {
        use llvm_ir::instruction::Instruction as I;
        use llvm_ir::types::Typed;
        let module = self.k.module;
        if self.k.memory.object(holder).space != super::memory::Space::GroupShared {
            // Built outside this launch: the split below covers the classes
            // whose vtables the module defines; one defined here without
            // its vtable (constructor or key function in another file)
            // would be missing from it.
            let missing = super::vtable_coverage::classes_without_vtable(module);
            if !missing.is_empty() {
                return Err(self.err_site(format!(
                    "a virtual call on an object with virtual methods in `{}` (built by the \
                     host or another kernel): the class{} {} ha{} virtual methods but no vtable \
                     in this file (its constructor or first non-inline virtual method is \
                     defined in another file), so the overrides an object of it would run \
                     are unknown; define the constructor in this file",
                    self.k.memory.object(holder).source_name,
                    if missing.len() == 1 { "" } else { "es" },
                    missing
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    if missing.len() == 1 { "s" } else { "ve" },
                )));
            }
        }
        let mut stored: Vec<llvm_ir::Operand> = Vec::new();
        for f in &module.functions {
            for b in &f.basic_blocks {
                for i in &b.instrs {
                    if let I::Store(s) = i {
                        if matches!(s.value, llvm_ir::Operand::ConstantOperand(_))
                            && is_vtable_pointer(&s.value.get_type(&module.types))
                            && !stored.contains(&s.value)
                        {
                            stored.push(s.value.clone());
                        }
                    }
                }
            }
        }
        let ptr_bits = self.k.layout.ptr_bits;
        let mut points: Vec<Expr> = Vec::new();
        for v in &stored {
            let Ok(p) = self.pointer(v) else { continue };
            if !p.objects.iter().all(|o| class.objects.contains(o)) || p.objects.len() != 1 {
                continue;
            }
            if self.is_abstract_vtable(p.objects[0]) {
                continue;
            }
            let p = super::inst::rebase(p, class, ptr_bits);
            let off = Expr::var(l[l.len() - 1].name.name.clone());
            let mut fact = Expr::eq(off, p.off.clone());
            if class.tracks_base() {
                let base = Expr::var(l[0].name.name.clone());
                fact = Expr::and(Expr::eq(base, p.base.clone()), fact);
            }
            points.push(fact);
        }
        if let Some(any) = points.into_iter().reduce(Expr::or) {
            self.emit(StmtKind::Assume(any), Vec::new());
            if self.k.memory.object(holder).space != super::memory::Space::GroupShared {
                // Named: a class defined here with its constructor and
                // methods all in another file leaves no trace in the module.
                let classes: BTreeSet<String> = concrete_vtables(module)
                    .iter()
                    .map(|v| super::vtable_coverage::class_of_vtable(v))
                    .collect();
                self.k.notes.insert(format!(
                    "the objects with virtual methods in `{}` (built by the host or another \
                     kernel) are of the classes whose vtables this file defines ({})",
                    self.k.memory.object(holder).source_name,
                    classes
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            self.k.notes.insert(
                "a vtable pointer read from shared or global memory is one a constructor \
                 stored (an object's virtual methods are called only after it is constructed)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Whether object `id` is the vtable of an abstract class (an entry is
    /// `__cxa_pure_virtual`): its constructor stores it, but the derived
    /// class's constructor overwrites it before the object is complete,
    /// and a call through it is undefined behaviour (it aborts).
    fn is_abstract_vtable(&self, id: u32) -> bool {
        let Origin::Global(name) = &self.k.memory.object(id).origin else {
            return false;
        };
        let name = name.trim_start_matches('@');
        self.k
            .module
            .global_vars
            .iter()
            .find(|g| matches!(&g.name, llvm_ir::Name::Name(n) if n.as_str() == name))
            .and_then(|g| g.initializer.as_ref())
            .is_some_and(|init| format!("{init:?}").contains("__cxa_pure_virtual"))
    }

    /// The refusal for object `id` (see [`refusal`]).
    pub(crate) fn polymorphic_refusal(&self, id: u32) -> crate::error::FrontendError {
        let at = self.k.memory.vtable_holders.get(&id).cloned().flatten();
        self.err_site(refusal(self.k.memory.object(id), at.as_deref()))
    }
}
