//! The unification (Steensgaard) points-to graph [`super::memory`] builds:
//! union-find over pointer values, parameters, results and objects; each
//! class records its objects, whether it may be null, the widths and
//! strides of its accesses (which fix its unit), and the class of the
//! pointers stored in its objects (unified recursively, so a pointer loaded
//! from memory is in the class of every pointer stored there).

use super::layout::Layout;
use super::memory::MemObject;
use llvm_ir::Name;
use std::collections::{BTreeSet, HashMap};

/// A node of the unification graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Value(usize, Name),
    Param(usize, usize),
    Ret(usize),
    Object(u32),
    /// A pointer constant that is not an object (null, undef).
    Anonymous(usize),
}

#[derive(Clone, Debug, Default)]
pub struct ClassInfo {
    pub objects: BTreeSet<u32>,
    pub may_null: bool,
    /// Byte widths of the loads, stores and atomics through this class.
    pub widths: BTreeSet<u64>,
    /// Byte amounts pointers of this class are moved by.
    pub strides: BTreeSet<u64>,
    /// Constant byte lengths of range operations (memcpy, memset) on this
    /// class: the unit must divide each.
    pub lengths: BTreeSet<u64>,
    /// Final unit (bytes per element).
    pub unit: u64,
    /// The class of the pointers stored in this class's objects.
    pub content: Option<usize>,
    /// Pointers are loaded from or stored to this class's objects.
    pub holds_pointers: bool,
    /// Pointers are stored to this class's objects by the kernel.
    pub stores_pointers: bool,
    /// The kernel may write this class's objects: a store, an atomic, or
    /// a pointer argument of a call without a body (memset, memcpy's
    /// destination, an opaque function).
    pub written: bool,
}

impl ClassInfo {
    /// Whether a base variable must be tracked: more than one possible
    /// object, or possibly null.
    pub fn tracks_base(&self) -> bool {
        self.may_null || self.objects.len() != 1
    }
}

#[derive(Default)]
pub struct PointsTo {
    nodes: HashMap<Node, usize>,
    parent: Vec<usize>,
    pub(super) info: Vec<ClassInfo>,
    pub(super) anonymous: usize,
    /// Content classes still to unify.
    pending: Vec<(usize, usize)>,
    /// Destination and source of each `memcpy`/`memmove`: when either
    /// holds pointers, both contents are one class ([`PointsTo::finish`]).
    pub(super) copies: Vec<(usize, usize)>,
    /// Nodes through which a C++ vtable pointer is loaded or stored
    /// ([`super::polymorphic`]).
    /// With the `file:line:col` of the access, when known.
    pub(super) vtable_accesses: Vec<(usize, Option<String>)>,
}

impl PointsTo {
    pub(super) fn node(&mut self, node: Node) -> usize {
        if let Some(&i) = self.nodes.get(&node) {
            return i;
        }
        let i = self.parent.len();
        self.parent.push(i);
        self.info.push(ClassInfo::default());
        if let Node::Object(id) = node {
            self.info[i].objects.insert(id);
        }
        self.nodes.insert(node, i);
        i
    }

    pub(super) fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Unifies two classes, and (Steensgaard) their contents.
    pub(super) fn union(&mut self, a: usize, b: usize) -> usize {
        let root = self.union_one(a, b);
        let mut pending = std::mem::take(&mut self.pending);
        while let Some((x, y)) = pending.pop() {
            self.union_one(x, y);
            pending.append(&mut self.pending);
        }
        self.find(root)
    }

    /// The class of the pointers stored in `node`'s objects (created on
    /// first use; possibly null: the memory may not have been written).
    pub(super) fn content(&mut self, node: usize) -> usize {
        let root = self.find(node);
        self.info[root].holds_pointers = true;
        if let Some(c) = self.info[root].content {
            return self.find(c);
        }
        self.anonymous += 1;
        let c = self.node(Node::Anonymous(self.anonymous));
        self.info[c].may_null = true;
        self.info[root].content = Some(c);
        c
    }

    fn union_one(&mut self, a: usize, b: usize) -> usize {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return a;
        }
        self.parent[b] = a;
        let moved = std::mem::take(&mut self.info[b]);
        match (self.info[a].content, moved.content) {
            (Some(x), Some(y)) => self.pending.push((x, y)),
            (None, Some(y)) => self.info[a].content = Some(y),
            _ => {}
        }
        let into = &mut self.info[a];
        into.holds_pointers |= moved.holds_pointers;
        into.stores_pointers |= moved.stores_pointers;
        into.written |= moved.written;
        into.objects.extend(moved.objects);
        into.may_null |= moved.may_null;
        into.widths.extend(moved.widths);
        into.strides.extend(moved.strides);
        into.lengths.extend(moved.lengths);
        a
    }

    /// The class of the pointers stored in the objects of `node`'s class.
    pub fn content_class_of(&mut self, node: &Node) -> Option<&ClassInfo> {
        let i = *self.nodes.get(node)?;
        let root = self.find(i);
        let c = self.info[root].content?;
        let c = self.find(c);
        Some(&self.info[c])
    }

    pub fn class_of(&mut self, node: &Node) -> Option<&ClassInfo> {
        let i = *self.nodes.get(node)?;
        let root = self.find(i);
        Some(&self.info[root])
    }

    /// Copies move the pointers their source holds: unify the contents of
    /// both ends of every copy with pointers in either, to a fixpoint.
    fn join_copies(&mut self) {
        loop {
            let mut changed = false;
            for (a, b) in self.copies.clone() {
                let (ra, rb) = (self.find(a), self.find(b));
                if self.info[ra].content.is_none() && self.info[rb].content.is_none() {
                    continue;
                }
                let (ca, cb) = (self.content(ra), self.content(rb));
                if self.find(ca) != self.find(cb) {
                    self.union(ca, cb);
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Assigns every class its unit and copies it to the objects.
    pub(super) fn finish(&mut self, objects: &mut [MemObject], layout: &Layout<'_>) {
        self.join_copies();
        for i in 0..self.parent.len() {
            if self.find(i) != i {
                continue;
            }
            let info = &self.info[i];
            let declared: BTreeSet<u64> = info
                .objects
                .iter()
                .filter_map(|id| objects[*id as usize - 1].elem_ty.as_ref())
                .filter_map(|ty| layout.alloc_size(ty))
                .collect();
            let candidate = match info.widths.len() {
                1 => *info.widths.first().unwrap_or(&1),
                0 if declared.len() == 1 => *declared.first().unwrap_or(&1),
                _ => 1,
            };
            let fits = candidate <= 16
                && info.strides.iter().all(|s| s % candidate == 0)
                && info.lengths.iter().all(|l| l % candidate == 0)
                && info.widths.iter().all(|w| w % candidate == 0);
            // A class only copied or set by range operations (a struct
            // moved with memcpy, e.g. a curandState copied to a local) has no
            // access width; rather than bytes, use the widest word (at most
            // 8 bytes) dividing every step and length, so a 48-byte copy is
            // 12 word accesses instead of 48 byte accesses.
            let word = || {
                [8u64, 4, 2].into_iter().find(|g| {
                    info.widths.is_empty()
                        && !info.lengths.is_empty()
                        && info.strides.iter().all(|s| s % g == 0)
                        && info.lengths.iter().all(|l| l % g == 0)
                })
            };
            let unit = if fits { candidate } else { word().unwrap_or(1) };
            self.info[i].unit = unit;
            let holds_pointers = self.info[i].holds_pointers;
            for id in self.info[i].objects.clone() {
                objects[id as usize - 1].unit = unit;
                objects[id as usize - 1].holds_pointers = holds_pointers;
            }
        }
    }
}
