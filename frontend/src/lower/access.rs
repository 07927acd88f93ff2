//! Memory accesses: loads, stores and atomic read-modify-writes through
//! (base, offset) pointers.
//!
//! A dereference whose class may hold several objects, or null, first
//! asserts `{:null_check}` that the base is one of the objects the
//! points-to analysis allows, then case-splits over them (one block per
//! object, each `assume`s its base). An access as wide as the object's
//! unit is one map element; on a byte-level map (unit 1) a wider access is
//! split into bytes, little-endian. An atomic is one parallel assignment
//! marked `{:atomic "op"}` that returns the old value and writes the new.

use super::function::{lhs, FnCtx, PtrExpr};
use super::inst::{bv_add, bv_const, extract};
use super::layout::is_pointer;
use super::names::local_ident;
use super::values::concat_lanes;
use crate::error::FrontendError;
use ivl::ast::{AttrArg, Attribute, BinaryOp, Expr, Ident, Lhs, StmtKind, Type};
use llvm_ir::instruction::{Instruction as I, RMWBinOp};
use llvm_ir::Operand;

impl FnCtx<'_, '_> {
    /// Map element `off + k` of object `id`.
    fn element(&self, id: u32, off: &Expr, k: u64) -> (String, Expr) {
        let name = self.k.memory.object(id).ivl_name.clone();
        let index = bv_add(off.clone(), bv_const(i128::from(k), self.k.layout.ptr_bits));
        (name, index)
    }

    /// An error unless object `id` holds plain data (no pointers): for
    /// copies and library calls that move its bytes wholesale.
    pub fn check_data(&self, id: u32) -> Result<(), FrontendError> {
        let obj = self.k.memory.object(id);
        if obj.holds_pointers {
            return Err(self.err_site(format!(
                "{} holds pointers and is copied or set as bytes (memcpy, memset, a struct \
                 copy or an asynchronous copy of it)",
                super::construct_names::object(&obj.source_name)
            )));
        }
        Ok(())
    }

    /// An error unless a load or store of data may access object `id`:
    /// plain data, or a private object holding pointers next to data (a
    /// struct with a pointer field; see [`FnCtx::pointer_maps`]).
    pub(crate) fn check_data_access(&self, id: u32) -> Result<(), FrontendError> {
        let obj = self.k.memory.object(id);
        if obj.holds_pointers && self.accepted_vtable_holder(id) {
            // An object with virtual methods: data next to its vtable
            // pointer (super::polymorphic).
            return Ok(());
        }
        if obj.holds_pointers
            && obj.space != super::memory::Space::Private
            && self.polymorphic_access(id)
        {
            return Err(self.polymorphic_refusal(id));
        }
        if obj.holds_pointers && obj.space != super::memory::Space::Private {
            return Err(self.err_site(format!(
                "{} holds pointers next to other data outside private memory (a struct with \
                 pointer and data fields in shared, global or constant memory)",
                super::construct_names::object(&obj.source_name)
            )));
        }
        Ok(())
    }

    /// With `--distinct-host-buffers`, the base of the pointer in cell
    /// `off` of read-only pointer table `id`: its field's host buffer
    /// (super::distinct_host_buffers); records the assumption.
    fn host_field_base(&mut self, id: u32, off: &Expr) -> Option<Expr> {
        let buffers = self.k.memory.host_field_buffers.get(&id)?.clone();
        let w = self.k.layout.ptr_bits;
        let fields = buffers.len() as u128;
        let field = Expr::binary(ivl::ast::BinaryOp::BvURem, off.clone(), Expr::bv(fields, w));
        let mut base = Expr::bv(u128::from(*buffers.last()?), 32);
        for (k, h) in buffers.iter().enumerate().rev().skip(1) {
            base = Expr::ite(
                Expr::eq(field.clone(), Expr::bv(k as u128, w)),
                Expr::bv(u128::from(*h), 32),
                base,
            );
        }
        let table = self.k.memory.object(id).source_name.clone();
        self.k.notes.insert(format!(
            "each pointer the host stored in `{table}` points to a buffer of its own \
             (--distinct-host-buffers)"
        ));
        Some(base)
    }

    /// Units of object `id` a pointer stored in it takes.
    pub(crate) fn pointer_units(&self, id: u32) -> u64 {
        let unit = self.k.memory.object(id).unit.max(1);
        (u64::from(self.k.layout.ptr_bits / 8) / unit).max(1)
    }

    /// Object `id` as a store of pointers: its offset and base maps.
    pub(crate) fn pointer_maps(&self, id: u32) -> Result<(String, String), FrontendError> {
        let obj = self.k.memory.object(id);
        // A pointer is one element, or (next to data of other sizes, on a
        // byte-level map of private memory) its offset's bytes, with the
        // base at its first. Pointers in shared or global memory are
        // modelled element-wise only (host_pointers.rs).
        let ptr_bytes = u64::from(self.k.layout.ptr_bits / 8);
        let byte_level_private = obj.unit == 1
            && (obj.space == super::memory::Space::Private || self.accepted_vtable_holder(id));
        if obj.unit != ptr_bytes && !byte_level_private && self.polymorphic_access(id) {
            return Err(self.polymorphic_refusal(id));
        }
        if obj.unit != ptr_bytes && !byte_level_private {
            return Err(self.err_site(format!(
                "`{}` holds pointers next to {}-byte data",
                obj.source_name, obj.unit
            )));
        }
        Ok((obj.ivl_name.clone(), format!("{}$base", obj.ivl_name)))
    }

    /// A pointer load (into `dest`) or store (of `value`) through `p`.
    pub fn pointer_access(
        &mut self,
        address: &Operand,
        p: &PtrExpr,
        dest: Option<&llvm_ir::Name>,
        value: Option<&Operand>,
    ) -> Result<(), FrontendError> {
        if let Some(dest) = dest {
            let class = self.class_of_operand(&Operand::LocalOperand {
                name: dest.clone(),
                ty: self.k.module.types.void(),
            });
            let l = self.pointer_lhs(dest, &class);
            let ptr_bytes = u64::from(self.k.layout.ptr_bits / 8);
            return self.for_each_target(p, &mut |this, id| {
                let (_, bases) = this.pointer_maps(id)?;
                let mut r = vec![this.read_bytes(id, &p.off, ptr_bytes)?];
                if class.tracks_base() {
                    let base = match this.host_field_base(id, &p.off) {
                        Some(base) => base,
                        None => Expr::select(Expr::var(bases), p.off.clone()),
                    };
                    r.insert(0, base);
                }
                if this.k.memory.object(id).space == super::memory::Space::Private {
                    this.assign(l.clone(), r, Vec::new());
                    return Ok(());
                }
                // Shared arrays are read one per statement; the base read
                // is one of the class's objects (every pointer stored there
                // is in the class, and host-written ones are too, see
                // `host_pointers`). Null is excluded: a null pointer read
                // from shared or global memory and dereferenced is not
                // reported (SOUNDNESS.md).
                for (lhs, rhs) in l.iter().zip(r) {
                    this.assign(vec![lhs.clone()], vec![rhs], Vec::new());
                }
                if class.tracks_base() && !class.objects.is_empty() {
                    let base = Expr::var(l[0].name.name.clone());
                    let known = class
                        .objects
                        .iter()
                        .map(|o| Expr::eq(base.clone(), Expr::bv(u128::from(*o), 32)))
                        .reduce(Expr::or)
                        .unwrap_or(Expr::bool(false));
                    this.emit(StmtKind::Assume(known), Vec::new());
                }
                if this.touches_vtable_pointer() && this.accepted_vtable_holder(id) {
                    this.assume_address_point(&l, &class, id)?;
                }
                Ok(())
            });
        }
        let Some(value) = value else { return Ok(()) };
        let content = self.content_class_of_operand(address);
        let v = super::inst::rebase(self.pointer(value)?, &content, self.k.layout.ptr_bits);
        let ptr_bytes = u64::from(self.k.layout.ptr_bits / 8);
        self.for_each_target(p, &mut |this, id| {
            let (_, bases) = this.pointer_maps(id)?;
            // The base at the pointer's first unit; a misaligned pointer
            // overlapping it would start at another: no object there.
            let units = this.pointer_units(id) as i128;
            if units == 1 || this.accepted_vtable_holder(id) {
                // One unit per pointer: an element store (shared and global
                // pointer maps are race-checked per element, host_pointers.rs).
                let at = Lhs {
                    name: Ident::synthetic(bases.clone()),
                    indices: vec![p.off.clone()],
                    span: ivl::Span::DUMMY,
                };
                this.assign(vec![at], vec![v.base.clone()], Vec::new());
            } else {
                let new_bases =
                    this.clear_bases(&bases, &p.off, 1 - units..units, Some(v.base.clone()));
                this.assign(vec![lhs(&bases)], vec![new_bases], Vec::new());
            }
            let (l, r) = this.write_bytes(id, &p.off, ptr_bytes, v.off.clone())?;
            for (l, r) in l.into_iter().zip(r) {
                this.assign(vec![l], vec![r], Vec::new());
            }
            Ok(())
        })
    }

    /// The value of `bytes` bytes at `off` (units) in object `id`.
    pub fn read(&self, id: u32, off: &Expr, bytes: u64) -> Result<Expr, FrontendError> {
        self.check_data_access(id)?;
        self.read_bytes(id, off, bytes)
    }

    fn read_bytes(&self, id: u32, off: &Expr, bytes: u64) -> Result<Expr, FrontendError> {
        let unit = self.k.memory.object(id).unit;
        if unit == bytes {
            let (m, i) = self.element(id, off, 0);
            return Ok(Expr::select(Expr::var(m), i));
        }
        if unit != 1 {
            return Err(self.err_site(format!(
                "an access of {bytes} bytes to an array of {unit}-byte elements"
            )));
        }
        Ok(concat_lanes(
            (0..bytes)
                .map(|k| {
                    let (m, i) = self.element(id, off, k);
                    Expr::select(Expr::var(m), i)
                })
                .collect(),
        ))
    }

    /// Assignments writing `value` (`bytes` bytes) at `off` in object `id`.
    pub fn write(
        &self,
        id: u32,
        off: &Expr,
        bytes: u64,
        value: Expr,
    ) -> Result<(Vec<Lhs>, Vec<Expr>), FrontendError> {
        self.check_data_access(id)?;
        let (mut l, mut r) = self.write_bytes(id, off, bytes, value)?;
        let obj = self.k.memory.object(id);
        if obj.holds_pointers && !self.accepted_vtable_holder(id) {
            // Data over a stored pointer: a pointer read back from any unit
            // this write touches has no object (base 0, which the access's
            // null check reports), never a stale one.
            let unit = obj.unit.max(1);
            let bases = format!("{}$base", obj.ivl_name);
            let units = bytes.div_ceil(unit) as i128;
            let before = self.pointer_units(id) as i128 - 1;
            // One assignment of the whole base map (a parallel assignment
            // names each map once).
            l.push(lhs(&bases));
            r.push(self.clear_bases(&bases, off, -before..units, None));
        }
        Ok((l, r))
    }

    /// The base map `bases` with no object at units `off + k`, `k` in
    /// `range`, then `base` at `off` when given.
    fn clear_bases(
        &self,
        bases: &str,
        off: &Expr,
        range: std::ops::Range<i128>,
        base: Option<Expr>,
    ) -> Expr {
        let w = self.k.layout.ptr_bits;
        let mut map = Expr::var(bases);
        for k in range.filter(|k| base.is_none() || *k != 0) {
            map = Expr::store(map, bv_add(off.clone(), bv_const(k, w)), Expr::bv(0, 32));
        }
        match base {
            Some(b) => Expr::store(map, off.clone(), b),
            None => map,
        }
    }

    fn write_bytes(
        &self,
        id: u32,
        off: &Expr,
        bytes: u64,
        value: Expr,
    ) -> Result<(Vec<Lhs>, Vec<Expr>), FrontendError> {
        let unit = self.k.memory.object(id).unit;
        let obj = self.k.memory.object(id);
        if obj.space == super::memory::Space::Constant {
            return Err(self.err_site(format!("a write to constant memory `{}`", obj.source_name)));
        }
        let target = |(m, i): (String, Expr)| Lhs {
            name: Ident::synthetic(m),
            indices: vec![i],
            span: ivl::Span::DUMMY,
        };
        if unit == bytes {
            return Ok((vec![target(self.element(id, off, 0))], vec![value]));
        }
        if unit != 1 {
            return Err(self.err_site(format!(
                "an access of {bytes} bytes to an array of {unit}-byte elements"
            )));
        }
        let mut l = Vec::new();
        let mut r = Vec::new();
        for k in 0..bytes as u32 {
            l.push(target(self.element(id, off, u64::from(k))));
            r.push(extract(value.clone(), 8 * k + 8, 8 * k));
        }
        Ok((l, r))
    }

    /// Checks the pointer and runs `f` once per object it may point into,
    /// each in its own block when there are several.
    pub fn for_each_target(
        &mut self,
        p: &PtrExpr,
        f: &mut dyn FnMut(&mut Self, u32) -> Result<(), FrontendError>,
    ) -> Result<(), FrontendError> {
        if !p.tracks_base {
            return f(self, p.objects[0]);
        }
        let check = p
            .objects
            .iter()
            .map(|id| Expr::eq(p.base.clone(), Expr::bv(u128::from(*id), 32)))
            .reduce(Expr::or)
            .unwrap_or(Expr::bool(false));
        self.emit(
            StmtKind::Assert(check),
            vec![Attribute::new(ivl::kernel::NULL_CHECK_ATTR, vec![])],
        );
        match p.objects.as_slice() {
            [] => Ok(()),
            [only] => f(self, *only),
            several => {
                let join = self.fresh_label("join");
                let cases: Vec<String> = several.iter().map(|_| self.fresh_label("case")).collect();
                self.split_block(cases.clone(), String::new());
                for (id, case) in several.iter().zip(cases) {
                    self.start_block(case);
                    self.emit(
                        StmtKind::Assume(Expr::eq(p.base.clone(), Expr::bv(u128::from(*id), 32))),
                        Vec::new(),
                    );
                    if self.is_vtable_object(*id) && self.instruction_writes_memory() {
                        // Writing a vtable is undefined behaviour: a
                        // pointer that may point to one (its class holds the
                        // file's vtables, super::polymorphic) writes elsewhere.
                        self.emit(StmtKind::Assume(Expr::bool(false)), Vec::new());
                    } else {
                        f(self, *id)?;
                    }
                    self.finish_block(ivl::ast::TransferKind::Goto(vec![Ident::synthetic(
                        join.clone(),
                    )]));
                }
                self.start_block(join);
                Ok(())
            }
        }
    }

    /// A load folded into an annotation: only when the pointer names one
    /// object for sure.
    pub fn load_expr(
        &mut self,
        load: &llvm_ir::instruction::Load,
    ) -> Result<Option<Expr>, FrontendError> {
        let p = self.pointer(&load.address)?;
        let loaded_ty = self.k.module.type_of(load);
        if p.tracks_base || is_pointer(&loaded_ty) {
            return Ok(None);
        }
        let bytes = self.k.layout.store_size(&loaded_ty).unwrap_or(0);
        let raw = self.read(p.objects[0], &p.off, bytes)?;
        Ok(Some(self.memory_to_value(raw, &loaded_ty)))
    }

    fn memory_to_value(&self, raw: Expr, ty: &llvm_ir::TypeRef) -> Expr {
        if matches!(ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
            Expr::binary(BinaryOp::Neq, extract(raw, 1, 0), Expr::bv(0, 1))
        } else {
            raw
        }
    }

    fn value_to_memory(&self, v: Expr, ty: &llvm_ir::TypeRef) -> Expr {
        if matches!(ty.as_ref(), llvm_ir::Type::IntegerType { bits: 1 }) {
            super::inst::bool_to_bv(v, 8, false)
        } else {
            v
        }
    }

    pub fn dest_local(
        &mut self,
        dest: &llvm_ir::Name,
        ty: &llvm_ir::TypeRef,
    ) -> Result<String, FrontendError> {
        let ivl_ty = self
            .k
            .layout
            .value_type(ty)
            .ok_or_else(|| self.err_site(format!("a value of type `{ty}`")))?;
        let ident = local_ident(dest);
        self.declare_local(&ident, ivl_ty);
        Ok(ident)
    }

    pub fn memory_instruction(&mut self, inst: &I) -> Result<(), FrontendError> {
        match inst {
            I::Load(load) => {
                let p = self.pointer(&load.address)?;
                let loaded_ty = self.k.module.type_of(load);
                if is_pointer(&loaded_ty) {
                    return self.pointer_access(&load.address, &p, Some(&load.dest), None);
                }
                if self.is_aggregate(&loaded_ty) {
                    let names = self.aggregate_lhs(&load.dest, &loaded_ty)?;
                    return self.aggregate_access(&p, &loaded_ty, &mut |this, id, leaf, at| {
                        let bytes = this.k.layout.store_size(&leaf.ty).unwrap_or(0);
                        this.bounds_check(id, at, bytes);
                        let raw = this.read(id, at, bytes)?;
                        let v = this.memory_to_value(raw, &leaf.ty);
                        this.assign(vec![lhs(&names[leaf.index])], vec![v], Vec::new());
                        Ok(())
                    });
                }
                if load.atomicity.is_some() {
                    // `load atomic` (`__atomic_load_n` inlined, C11 atomics):
                    // an atomic access, race-free with other atomics.
                    let dest = self.dest_local(&load.dest, &loaded_ty)?;
                    return self.atomic(&load.address, &dest, &loaded_ty, "load", &mut |_, old| {
                        Ok(old)
                    });
                }
                let bytes = self
                    .k
                    .layout
                    .store_size(&loaded_ty)
                    .ok_or_else(|| self.err_site("a load of unsized type".into()))?;
                let dest = self.dest_local(&load.dest, &loaded_ty)?;
                let ty = loaded_ty.clone();
                self.for_each_target(&p, &mut |this, id| {
                    this.bounds_check(id, &p.off, bytes);
                    let raw = this.read(id, &p.off, bytes)?;
                    let v = this.memory_to_value(raw, &ty);
                    this.assign(vec![lhs(&dest)], vec![v], Vec::new());
                    Ok(())
                })
            }
            I::Store(store) => {
                let p = self.pointer(&store.address)?;
                let ty = self.k.module.type_of(&store.value);
                if is_pointer(&ty) {
                    return self.pointer_access(&store.address, &p, None, Some(&store.value));
                }
                if self.is_aggregate(&ty) {
                    let values = self.aggregate_values(&store.value)?;
                    return self.aggregate_access(&p, &ty, &mut |this, id, leaf, at| {
                        let bytes = this.k.layout.store_size(&leaf.ty).unwrap_or(0);
                        let v = this.value_to_memory(values[leaf.index].clone(), &leaf.ty);
                        this.bounds_check(id, at, bytes);
                        let (l, r) = this.write(id, at, bytes, v)?;
                        for (l, r) in l.into_iter().zip(r) {
                            this.assign(vec![l], vec![r], Vec::new());
                        }
                        Ok(())
                    });
                }
                if store.atomicity.is_some() {
                    // `store atomic` (`__atomic_clear`, `__atomic_store_n`
                    // inlined): an atomic access whose new value is `v`.
                    let v = self.value(&store.value)?;
                    let v = self.value_to_memory(v, &ty);
                    let w = self.bits_of(&ty)?;
                    let old = self.fresh_local("$atomic", Type::Bv(w));
                    return self.atomic(&store.address, &old, &ty, "store", &mut |_, _| {
                        Ok(v.clone())
                    });
                }
                let bytes = self
                    .k
                    .layout
                    .store_size(&ty)
                    .ok_or_else(|| self.err_site("a store of unsized type".into()))?;
                let v = self.value(&store.value)?;
                let v = self.value_to_memory(v, &ty);
                self.for_each_target(&p, &mut |this, id| {
                    // One assignment per element: on a byte-level map each
                    // byte is its own access (and the IVL forbids assigning
                    // one map twice in a parallel assignment).
                    this.bounds_check(id, &p.off, bytes);
                    let (l, r) = this.write(id, &p.off, bytes, v.clone())?;
                    for (l, r) in l.into_iter().zip(r) {
                        this.assign(vec![l], vec![r], Vec::new());
                    }
                    Ok(())
                })
            }
            I::AtomicRMW(a) => {
                let ty = self.k.module.type_of(&a.value);
                let v = self.value(&a.value)?;
                let op = a.operation;
                let dest = self.dest_local(&a.dest, &ty)?;
                self.atomic(&a.address, &dest, &ty, rmw_name(op), &mut |this, old| {
                    rmw(this, op, old, v.clone(), &ty)
                })?;
                if op == RMWBinOp::Add && super::atomic_slots::positive_step(&a.value) {
                    let w = self.bits_of(&ty)?;
                    self.atomic_slot_owner(&a.address, &dest, w)?;
                }
                Ok(())
            }
            I::CmpXchg(c) => {
                // The result { old, success } is two locals, `x$old` and
                // `x$ok`, which `extractvalue` reads.
                let ty = self.k.module.type_of(&c.expected);
                let expected = self.value(&c.expected)?;
                let replacement = self.value(&c.replacement)?;
                let ident = local_ident(&c.dest);
                let old = format!("{ident}$old");
                let ivl_ty = self.k.layout.value_type(&ty).ok_or_else(|| {
                    self.err_site(format!(
                        "an atomic compare-and-swap (`atomic_cmpxchg`, `atomicCAS`) on `{ty}`"
                    ))
                })?;
                self.declare_local(&old, ivl_ty);
                let e2 = expected.clone();
                self.atomic(&c.address, &old, &ty, "cmpxchg", &mut |_, cur| {
                    Ok(Expr::ite(
                        Expr::eq(cur.clone(), e2.clone()),
                        replacement.clone(),
                        cur,
                    ))
                })?;
                let ok = format!("{ident}$ok");
                self.declare_local(&ok, Type::Bool);
                self.assign(
                    vec![lhs(&ok)],
                    vec![Expr::eq(Expr::var(old), expected)],
                    Vec::new(),
                );
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Runs `f` for every leaf of an aggregate of type `ty` at `p`, with the
    /// object and the leaf's offset in the object's units.
    fn aggregate_access(
        &mut self,
        p: &PtrExpr,
        ty: &llvm_ir::TypeRef,
        f: &mut LeafFn<'_, Self>,
    ) -> Result<(), FrontendError> {
        let leaves: Vec<IndexedLeaf> = self
            .leaves_of(ty)?
            .into_iter()
            .enumerate()
            .map(|(index, l)| IndexedLeaf {
                index,
                ty: l.ty,
                offset: l.offset,
            })
            .collect();
        let w = self.k.layout.ptr_bits;
        self.for_each_target(p, &mut |this, id| {
            let unit = this.k.memory.object(id).unit.max(1);
            for leaf in &leaves {
                if leaf.offset % unit != 0 {
                    return Err(this.err_site(format!(
                        "a field at byte {} of an array of {unit}-byte elements",
                        leaf.offset
                    )));
                }
                let at = bv_add(p.off.clone(), bv_const(i128::from(leaf.offset / unit), w));
                f(this, id, leaf, &at)?;
            }
            Ok(())
        })
    }

    /// `dest, M[o] := M[o], f(M[o])` as one `{:atomic "name"}` statement.
    pub fn atomic(
        &mut self,
        address: &Operand,
        dest: &str,
        ty: &llvm_ir::TypeRef,
        name: &str,
        f: &mut dyn FnMut(&mut Self, Expr) -> Result<Expr, FrontendError>,
    ) -> Result<(), FrontendError> {
        let p = self.pointer(address)?;
        let bytes = self
            .k
            .layout
            .store_size(ty)
            .ok_or_else(|| self.err_site("an atomic of unsized type".into()))?;
        // An atomic load of memory no atomic writes is a plain read
        // (lower/atomic_loads.rs).
        if name == "load" && self.atomic_load_as_read(&p, dest, bytes)? {
            if let llvm_ir::Type::IntegerType { bits } = ty.as_ref() {
                self.record_atomic_value(&p, dest, *bits);
            }
            return Ok(());
        }
        let attr = Attribute::new(
            ivl::kernel::ATOMIC_ATTR,
            vec![AttrArg::Str(name.to_string())],
        );
        self.for_each_target(&p, &mut |this, id| {
            this.bounds_check(id, &p.off, bytes);
            let old = this.read(id, &p.off, bytes)?;
            let new = f(this, old.clone())?;
            let (mut l, mut r) = this.write(id, &p.off, bytes, new)?;
            if l.len() != 1 {
                let name = &this.k.memory.object(id).source_name;
                return Err(this.err_site(format!(
                    "an atomic on `{name}`, which is accessed with several widths (byte-level)"
                )));
            }
            l.insert(0, lhs(dest));
            r.insert(0, old);
            this.assign(l, r, vec![attr.clone()]);
            Ok(())
        })?;
        if let llvm_ir::Type::IntegerType { bits } = ty.as_ref() {
            self.record_atomic_value(&p, dest, *bits);
        }
        Ok(())
    }
}

fn rmw_name(op: RMWBinOp) -> &'static str {
    match op {
        RMWBinOp::Xchg => "xchg",
        RMWBinOp::Add => "add",
        RMWBinOp::Sub => "sub",
        RMWBinOp::And => "and",
        RMWBinOp::Nand => "nand",
        RMWBinOp::Or => "or",
        RMWBinOp::Xor => "xor",
        RMWBinOp::Max => "max",
        RMWBinOp::Min => "min",
        RMWBinOp::UMax => "umax",
        RMWBinOp::UMin => "umin",
        RMWBinOp::FAdd => "fadd",
        RMWBinOp::FSub => "fsub",
    }
}

fn rmw(
    cx: &mut FnCtx<'_, '_>,
    op: RMWBinOp,
    old: Expr,
    v: Expr,
    ty: &llvm_ir::TypeRef,
) -> Result<Expr, FrontendError> {
    use BinaryOp as B;
    let pick =
        |cmp: B, old: Expr, v: Expr| Expr::ite(Expr::binary(cmp, old.clone(), v.clone()), old, v);
    Ok(match op {
        RMWBinOp::Xchg => v,
        RMWBinOp::Add => Expr::binary(B::Add, old, v),
        RMWBinOp::Sub => Expr::binary(B::Sub, old, v),
        RMWBinOp::And => Expr::binary(B::BvAnd, old, v),
        RMWBinOp::Nand => Expr::unary(ivl::ast::UnaryOp::BvNot, Expr::binary(B::BvAnd, old, v)),
        RMWBinOp::Or => Expr::binary(B::BvOr, old, v),
        RMWBinOp::Xor => Expr::binary(B::BvXor, old, v),
        RMWBinOp::Max => pick(B::BvSGe, old, v),
        RMWBinOp::Min => pick(B::BvSLe, old, v),
        RMWBinOp::UMax => pick(B::BvUGe, old, v),
        RMWBinOp::UMin => pick(B::BvULe, old, v),
        RMWBinOp::FAdd | RMWBinOp::FSub => {
            let w = cx.k.layout.bits(ty).unwrap_or(32) as u32;
            let name = format!(
                "${}.f{w}",
                if matches!(op, RMWBinOp::FAdd) {
                    "fadd"
                } else {
                    "fsub"
                }
            );
            cx.uninterpreted(
                &name,
                vec![Type::Bv(w), Type::Bv(w)],
                Type::Bv(w),
                vec![old, v],
            )
        }
    })
}

/// What an aggregate access does per leaf: object, leaf, offset in units.
type LeafFn<'f, C> = dyn FnMut(&mut C, u32, &IndexedLeaf, &Expr) -> Result<(), FrontendError> + 'f;

/// A leaf of an aggregate access with its position among the leaves.
pub struct IndexedLeaf {
    pub index: usize,
    pub ty: llvm_ir::TypeRef,
    pub offset: u64,
}
