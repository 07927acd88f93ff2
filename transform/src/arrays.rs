//! The memory objects of a kernel: which globals are shared arrays, in which
//! space, with which source name and element width.
//!
//! Input: a type-checked kernel-dialect program. Output: one [`Array`] per
//! map-typed global with a memory-space attribute (`{:global}`,
//! `{:group_shared}`, `{:constant}`). Globals without one are per-thread
//! state and are not arrays here. Does not decide abstractions (see
//! `taint.rs`).

use crate::config::Abstraction;
use ivl::ast::{find_attr, AttrArg, Attribute, Expr, ExprKind, Program, Type};
use ivl::kernel;
use std::collections::BTreeMap;

/// The memory space of a shared array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemorySpace {
    /// Device memory, shared by every thread of the launch.
    Global,
    /// Work-group memory (`__local`, `__shared__`): one copy per group.
    GroupShared,
    /// Read-only memory: never racy, the same for every thread.
    Constant,
}

impl MemorySpace {
    pub fn name(self) -> &'static str {
        match self {
            MemorySpace::Global => "global",
            MemorySpace::GroupShared => "group_shared",
            MemorySpace::Constant => "constant",
        }
    }
}

/// A shared array of the kernel, as the transform models it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayInfo {
    /// Its name in the kernel IVL (`$$A`).
    pub ivl_name: String,
    /// Its name in the kernel source (`A`), or the IVL name.
    pub source_name: String,
    pub space: MemorySpace,
    /// The abstraction chosen (constant arrays: always `Equality`-like, a
    /// single read-only copy; reported as `Equality`).
    pub abstraction: Abstraction,
    /// Bits per element (`{:elem_width}`, else the element type's width).
    pub elem_width: u32,
    /// `{:base_id}`: the value pointer bases take when pointing into it.
    pub base_id: Option<u128>,
    pub index_type: Type,
    pub elem_type: Type,
    /// Accessed by an `{:atomic}` statement somewhere in the kernel.
    pub atomic: bool,
    /// A kernel argument (`{:kernel_arg}`): assumed not to alias the other
    /// argument arrays (reported with a success).
    pub kernel_arg: bool,
    /// A `read_write` image (`{:image_memory}`): global memory that only a
    /// barrier with `{:image_fence}` orders.
    pub image: bool,
    /// The program keys atomic-slot facts by `$barrier_epoch` (frontend
    /// lower/atomic_slots.rs: a counter reset by plain stores). Then with
    /// `--warp-sync` a plain write and an atomic on this array (when
    /// atomic) are still race-checked between threads of one warp: the
    /// `{:epoch_fact}` assumptions rest on that check.
    pub epoch_keyed: bool,
}

impl ArrayInfo {
    /// Whether accesses to it are race-checked.
    pub fn is_racy_space(&self) -> bool {
        self.space != MemorySpace::Constant
    }
}

/// The string of a one-argument string attribute.
pub fn attr_str(attrs: &[Attribute], name: &str) -> Option<String> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Str(s) => Some(s.clone()),
        _ => None,
    }
}

/// The integer value of a one-argument numeric attribute.
pub fn attr_int(attrs: &[Attribute], name: &str) -> Option<u128> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Expr(Expr {
            kind: ExprKind::Int(v) | ExprKind::Bv { value: v, .. },
            ..
        }) => Some(*v),
        _ => None,
    }
}

/// Every shared array of the program by IVL name (abstraction not yet
/// chosen: `Adversarial` placeholder).
pub fn collect(program: &Program) -> BTreeMap<String, ArrayInfo> {
    let mut out = BTreeMap::new();
    let epoch_keyed = program
        .global_vars()
        .any(|v| v.name.name == kernel::BARRIER_EPOCH);
    for g in program.global_vars() {
        let space = if ivl::ast::has_attr(&g.attrs, kernel::GLOBAL_ATTR) {
            MemorySpace::Global
        } else if ivl::ast::has_attr(&g.attrs, kernel::GROUP_SHARED_ATTR) {
            MemorySpace::GroupShared
        } else if ivl::ast::has_attr(&g.attrs, kernel::CONSTANT_ATTR) {
            MemorySpace::Constant
        } else {
            continue;
        };
        let Type::Map(index, elem) = &g.ty else {
            continue;
        };
        let elem_width = attr_int(&g.attrs, kernel::ELEM_WIDTH_ATTR)
            .map(|w| w as u32)
            .or_else(|| elem.bv_width())
            .unwrap_or(32);
        out.insert(
            g.name.name.clone(),
            ArrayInfo {
                ivl_name: g.name.name.clone(),
                source_name: attr_str(&g.attrs, kernel::SOURCE_NAME_ATTR)
                    .unwrap_or_else(|| g.name.name.clone()),
                space,
                abstraction: Abstraction::Adversarial,
                elem_width,
                base_id: attr_int(&g.attrs, kernel::BASE_ID_ATTR),
                index_type: (**index).clone(),
                elem_type: (**elem).clone(),
                atomic: false,
                kernel_arg: ivl::ast::has_attr(&g.attrs, kernel::KERNEL_ARG_ATTR),
                image: ivl::ast::has_attr(&g.attrs, kernel::IMAGE_MEMORY_ATTR),
                epoch_keyed,
            },
        );
    }
    out
}
