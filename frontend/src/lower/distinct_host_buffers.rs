//! `--distinct-host-buffers`: the pointers the host stored in a kernel's
//! read-only pointer tables point to buffers of their own.
//!
//! Consumes: the points-to graph after [`super::host_pointers`], which
//! (with the flag) put one host-memory object, and no longer the kernel's
//! global data objects, in the content of every host-written pointer table.
//! Guarantees: every *read-only pointer table* (an object the kernel reads
//! pointers from and never stores one to: the pointee of a kernel argument
//! such as `const Soa *s` for `struct Soa { float *x, *y; }`, or a
//! `__device__` pointer variable set with `cudaMemcpyToSymbol`) whose
//! element holds F pointers gets F fresh host buffers (`*s[0]`, `*s[1]`;
//! `*d_buf` when F = 1) in its content class, recorded in the returned map.
//! A pointer loaded from cell `i` of the table has as base the buffer
//! `i mod F` ([`super::access`]) and its stored offset, so pointer field k
//! never aliases field j != k, the kernel's array arguments or its
//! `__device__` arrays; field k of two elements of an array of descriptors
//! shares one buffer (they may alias: conservative).
//!
//! This is an assumption about the host, never made by default: the
//! lowering prints it under "assuming:" for each table it is used on.

use super::layout::Layout;
use super::memory::{MemObject, Origin, Space};
use super::points_to::{Node, PointsTo};
use llvm_ir::Module;
use std::collections::HashMap;

/// Adds the per-field host buffers of every read-only pointer table;
/// returns them by table object id.
pub fn add_field_buffers(
    module: &Module,
    layout: &Layout<'_>,
    pts: &mut PointsTo,
    objects: &mut Vec<MemObject>,
    fresh_name: &mut dyn FnMut(&str) -> String,
) -> HashMap<u32, Vec<u32>> {
    let ptr_bytes = u64::from(layout.ptr_bits / 8);
    let mut buffers = HashMap::new();
    let tables: Vec<u32> = objects
        .iter()
        .filter(|o| o.space == Space::Constant && host_written_origin(module, &o.origin))
        .map(|o| o.id)
        .collect();
    for id in tables {
        let Some(info) = pts.class_of(&Node::Object(id)) else {
            continue;
        };
        if !info.holds_pointers || info.stores_pointers {
            continue;
        }
        let table = &objects[id as usize - 1];
        let fields = table
            .elem_ty
            .as_ref()
            .and_then(|t| layout.alloc_size(t))
            .filter(|size| *size >= ptr_bytes && size % ptr_bytes == 0)
            .map_or(1, |size| size / ptr_bytes);
        let source = table.source_name.clone();
        let mut ids = Vec::new();
        for k in 0..fields {
            let name = if fields == 1 {
                format!("*{source}")
            } else {
                format!("*{source}[{k}]")
            };
            let ivl_name = fresh_name(&format!("host_buffer_{source}_{k}"));
            ids.push(add_pointee_buffer(
                objects,
                pts,
                id,
                ivl_name,
                name,
                Origin::HostMemory,
            ));
        }
        buffers.insert(id, ids);
    }
    buffers
}

/// Adds a global buffer object that the pointers stored in object `parent`
/// may point to (its points-to content); returns its id.
pub(super) fn add_pointee_buffer(
    objects: &mut Vec<MemObject>,
    pts: &mut PointsTo,
    parent: u32,
    ivl_name: String,
    source_name: String,
    origin: Origin,
) -> u32 {
    let h = objects.len() as u32 + 1;
    objects.push(MemObject {
        id: h,
        ivl_name,
        source_name,
        space: Space::Global,
        origin,
        elem_ty: None,
        size_bytes: None,
        unit: 1,
        restrict: false,
        holds_pointers: false,
    });
    let root = pts.node(Node::Object(parent));
    let content = pts.content(root);
    let node = pts.node(Node::Object(h));
    pts.union(content, node);
    h
}

/// Memory the host fills before the launch and the kernel has no
/// initialiser for: a kernel argument's pointee or a non-constant global.
fn host_written_origin(module: &Module, origin: &Origin) -> bool {
    match origin {
        Origin::KernelArg(_) => true,
        Origin::Global(name) => module
            .global_vars
            .iter()
            .find(|g| matches!(&g.name, llvm_ir::Name::Name(s) if **s == *name))
            .is_some_and(|g| !g.is_constant),
        _ => false,
    }
}
