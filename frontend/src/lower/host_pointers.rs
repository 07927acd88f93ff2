//! Pointers the kernel loads from memory the host may have written.
//!
//! Consumes: the points-to graph of one kernel after the walk over its
//! instructions ([`super::memory`]), before units are fixed.
//! Guarantees: every class of pointers loaded from global memory (a
//! `__device__` variable such as `__device__ float *d_buf` set with
//! `cudaMemcpyToSymbol`, the pointee of a kernel argument such as a
//! `struct Bufs { float *a, *b; }` descriptor) may point to
//! - every global-memory object of the kernel that holds data (its array
//!   arguments and `__device__` arrays): the host may have stored any of
//!   their addresses;
//! - one extra global object, *host memory* (named `*d_buf` after the first
//!   variable it was read from), standing for every buffer the host
//!   allocated that the kernel does not name otherwise.
//!
//! A global object holding pointers that the kernel never stores a
//! pointer to is made constant memory (one copy for the pair).
//!
//! So the lowering's case split over a loaded pointer's objects checks the
//! access against each of them, at an arbitrary offset (the stored offset
//! is a shared array's value). Pointers stored in group-shared memory are
//! not host-written: their class holds only what the kernel stored there
//! (reading an uninitialised pointer is undefined behaviour).

use super::images::ImageInfo;
use super::memory::{MemObject, Space};
use super::points_to::{Node, PointsTo};
use std::collections::HashMap;

/// Adds the host-memory object and the data objects to the content class
/// of every pointer-holding class with a global-memory object.
pub fn close_over_host_pointers(
    pts: &mut PointsTo,
    objects: &mut Vec<MemObject>,
    fresh_name: &mut dyn FnMut(&str) -> String,
    images: &HashMap<u32, ImageInfo>,
    distinct_host_buffers: bool,
) {
    let mut host: Option<u32> = None;
    read_only_pointer_tables(pts, objects);
    loop {
        let mut host_written: Vec<usize> = Vec::new();
        for i in 0..pts.info.len() {
            if pts.find(i) != i {
                continue;
            }
            let info = &pts.info[i];
            let global = info
                .objects
                .iter()
                .any(|id| host_written_space(objects[*id as usize - 1].space));
            if !info.holds_pointers || !global {
                continue;
            }
            let done = match (info.content, host) {
                (Some(c), Some(h)) => {
                    let c = pts.find(c);
                    pts.info[c].objects.contains(&h)
                }
                _ => false,
            };
            if !done {
                host_written.push(i);
            }
        }
        if host_written.is_empty() {
            return;
        }
        let host_id = *host.get_or_insert_with(|| {
            let first = pts.info[host_written[0]]
                .objects
                .iter()
                .map(|id| &objects[*id as usize - 1])
                .find(|o| host_written_space(o.space))
                .map(|o| o.source_name.clone())
                .unwrap_or_default();
            let source = format!("*{first}");
            let id = objects.len() as u32 + 1;
            objects.push(MemObject::host_memory(
                id,
                fresh_name(&format!("host_memory_{first}")),
                source,
            ));
            pts.node(Node::Object(id));
            id
        });
        let data: Vec<u32> = objects
            .iter()
            .filter(|o| o.space == Space::Global && o.id != host_id && !images.contains_key(&o.id))
            .map(|o| o.id)
            .filter(|id| match pts.class_of(&Node::Object(*id)) {
                Some(info) => !info.holds_pointers,
                None => false,
            })
            // `--distinct-host-buffers`: no host-stored pointer reaches the
            // kernel's own data objects (super::distinct_host_buffers).
            .filter(|_| !distinct_host_buffers)
            .collect();
        for root in host_written {
            let content = pts.content(root);
            let h = pts.node(Node::Object(host_id));
            let mut c = pts.union(content, h);
            for id in &data {
                let o = pts.node(Node::Object(*id));
                c = pts.union(c, o);
            }
        }
    }
}

/// A global-memory object the kernel reads pointers from and never stores
/// one to holds what the host wrote before the launch: it is constant
/// memory for the launch (one copy both threads of the pair read, never
/// race-checked), so two threads reading one cell get one pointer.
fn read_only_pointer_tables(pts: &mut PointsTo, objects: &mut [MemObject]) {
    // Objects with virtual methods (super::polymorphic) hold a vtable
    // pointer next to data the kernel may write: never made constant.
    let polymorphic: Vec<usize> = pts
        .vtable_accesses
        .clone()
        .into_iter()
        .map(|(a, _)| pts.find(a))
        .collect();
    for i in 0..pts.info.len() {
        if pts.find(i) != i
            || !pts.info[i].holds_pointers
            || pts.info[i].stores_pointers
            || polymorphic.contains(&i)
        {
            continue;
        }
        for id in pts.info[i].objects.clone() {
            let o = &mut objects[id as usize - 1];
            if o.space == Space::Global {
                o.space = Space::Constant;
            }
        }
    }
}

/// Memory the host may have written pointers to before the launch.
fn host_written_space(space: Space) -> bool {
    matches!(space, Space::Global | Space::Constant)
}
