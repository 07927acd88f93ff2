//! Memory objects and the points-to analysis of one kernel.
//!
//! Consumes: the kernel and the functions reachable from it. Produces:
//! - the memory objects: each pointer argument of the kernel (its own
//!   array, assumed not to alias the others), each global the code uses
//!   (`__local`/`__shared__`, `__constant`, program-scope `__global`), each
//!   `alloca` that survived mem2reg (private, thread-local);
//! - a Steensgaard-style (unification) partition of pointer values into
//!   classes, each with the objects it may point into and whether it may be
//!   null;
//! - per class, the *unit*: bytes per map element of its objects. It is
//!   the access width when every load/store through the class has that one
//!   width and every pointer step is a multiple of it (element-granularity
//!   map); otherwise 1 (byte-level map, accesses split into bytes).
//!
//! Guarantees: every pointer-typed SSA value of a reachable function is in
//! a class; pointer offsets are kept in units of their class.
//! A pointer stored to memory joins the *content* class of the address's
//! class, and a pointer loaded from memory is in that class (such objects
//! are marked `holds_pointers`; in global and group-shared memory their
//! base maps are shared arrays too, see [`super::host_pointers`]). A constant-length memcpy/memset constrains the unit to divide
//! the length instead of fixing a width.
//! Integer/pointer casts: see [`super::int_ptr_casts`] (an `inttoptr`
//! joins the class of the one pointer its integer is computed from).

use super::layout::{is_pointer, pointee, Layout};
use super::{gep_offset, ConstInt, Site};
use crate::error::FrontendError;
use llvm_ir::constant::Constant;
use llvm_ir::instruction::Instruction;
use llvm_ir::terminator::Terminator;
use llvm_ir::{Function, Module, Name, Operand, TypeRef};
use std::collections::{BTreeSet, HashMap};

/// Why a pipe argument is refused (SOUNDNESS.md, "Pipes and device-side
/// enqueue").
const PIPES_NOT_MODELLED: &str =
    "OpenCL 2.0 pipes (`read_pipe`, `write_pipe`, `reserve_*`) are not modelled";
/// Why a device-side enqueue argument is refused.
const ENQUEUE_NOT_MODELLED: &str =
    "device-side enqueue (`enqueue_kernel`) is not modelled: the child kernel is not verified";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    GroupShared,
    Constant,
    Private,
}

#[derive(Clone, Debug)]
pub enum Origin {
    /// The kernel's parameter with this index.
    KernelArg(usize),
    /// A module global, by LLVM name.
    Global(String),
    /// An `alloca` in function `fn_index` with this result name.
    Alloca(usize, Name),
    /// Memory allocated outside the kernel's named objects: by the host
    /// (pointers stored in global memory, see [`super::host_pointers`]) or
    /// by device `malloc`/`new` ([`super::device_heap`]).
    HostMemory,
    /// The buffer a pointer field of the kernel's by-value parameter with
    /// this index points to ([`super::byval_args`]).
    KernelArgField(usize),
}

#[derive(Clone, Debug)]
pub struct MemObject {
    /// The pointer base value of this object (`{:base_id}`), from 1.
    pub id: u32,
    pub ivl_name: String,
    pub source_name: String,
    pub space: Space,
    pub origin: Origin,
    /// The declared element type (pointee of a kernel argument, element of
    /// a global array), used when no access fixes the unit.
    pub elem_ty: Option<TypeRef>,
    /// Size in bytes when known.
    pub size_bytes: Option<u64>,
    /// Bytes per map element; set by [`PointsTo::finish`].
    pub unit: u64,
    /// Kernel argument marked `restrict` (`noalias`).
    pub restrict: bool,
    /// Pointers are stored here: the map holds their offsets and the map
    /// `<name>$base` their bases.
    pub holds_pointers: bool,
}

impl MemObject {
    /// Global memory the kernel reaches only through pointers the host
    /// stored ([`Origin::HostMemory`]): byte-addressed, of unknown size and
    /// element type, holding data.
    pub fn host_memory(id: u32, ivl_name: String, source_name: String) -> MemObject {
        MemObject {
            id,
            ivl_name,
            source_name,
            space: Space::Global,
            origin: Origin::HostMemory,
            elem_ty: None,
            size_bytes: None,
            unit: 1,
            restrict: false,
            holds_pointers: false,
        }
    }
}

pub use super::points_to::{ClassInfo, Node, PointsTo};

/// The objects and points-to classes of one kernel.
pub struct Memory {
    pub objects: Vec<MemObject>,
    pub points_to: PointsTo,
    pub global_objects: HashMap<String, u32>,
    /// The image arguments among the objects, by object id.
    pub images: HashMap<u32, super::images::ImageInfo>,
    /// With `--distinct-host-buffers`: the host buffers of each read-only
    /// pointer table, one per pointer of its element
    /// ([`super::distinct_host_buffers`]).
    pub host_field_buffers: HashMap<u32, Vec<u32>>,
    /// The buffers of the pointer fields of each by-value kernel argument
    /// ([`super::byval_args`]).
    pub byval_fields: HashMap<u32, Vec<super::byval_args::FieldBuffer>>,
    /// Reference kernel arguments modelled as passed by value
    /// ([`super::byval_args::references_as_values`]), by object id.
    pub by_reference: std::collections::BTreeSet<u32>,
    /// Objects that may hold a C++ vtable pointer ([`super::polymorphic`]).
    /// With where a vtable pointer is moved through them, when known.
    pub vtable_holders: std::collections::BTreeMap<u32, Option<String>>,
}

impl Memory {
    pub fn object(&self, id: u32) -> &MemObject {
        &self.objects[id as usize - 1]
    }

    /// The class of a node (which must exist: every pointer value has one).
    pub fn class(&mut self, node: &Node) -> ClassInfo {
        self.points_to.class_of(node).cloned().unwrap_or_default()
    }
}

/// Builds the memory model of a kernel (`functions[0]` is the kernel).
pub fn analyse(
    module: &Module,
    layout: &Layout<'_>,
    functions: &[&Function],
    global_names: &HashMap<String, String>,
    site: &dyn Fn(usize, Option<&llvm_ir::DebugLoc>) -> Site,
    distinct_host_buffers: bool,
) -> Result<Memory, FrontendError> {
    let mut objects: Vec<MemObject> = Vec::new();
    let mut used_names: BTreeSet<String> = BTreeSet::new();
    let mut fresh_name = |source: &str| {
        let base = format!(
            "$${}",
            super::names::sanitize(source).trim_start_matches('$')
        );
        let mut name = base.clone();
        let mut n = 1;
        while !used_names.insert(name.clone()) {
            n += 1;
            name = format!("{base}${n}");
        }
        name
    };
    let mut pts = PointsTo::default();
    let mut images = HashMap::new();
    let kernel = functions[0];
    for (index, param) in kernel.parameters.iter().enumerate() {
        let Some(elem) = pointee(&param.ty) else {
            continue;
        };
        let mut image = None;
        if let llvm_ir::Type::NamedStructType { name } = elem.as_ref() {
            if name == "opencl.sampler_t" {
                // A sampler only says how images are read: no memory.
                continue;
            }
            image = super::images::ImageInfo::of_type_name(name);
            if name.starts_with("opencl.") && image.is_none() {
                let (what, why) = match name.trim_start_matches("opencl.").trim_end_matches("_t") {
                    "pipe_wo" => ("`write_only pipe`", PIPES_NOT_MODELLED),
                    "pipe_ro" => ("`read_only pipe`", PIPES_NOT_MODELLED),
                    "queue" => ("`queue_t` (device-side enqueue)", ENQUEUE_NOT_MODELLED),
                    "clk_event" => ("`clk_event_t`", ENQUEUE_NOT_MODELLED),
                    "reserve_id" => ("`reserve_id_t`", PIPES_NOT_MODELLED),
                    other => (other, "this argument type is not modelled"),
                };
                return Err(FrontendError::unsupported(
                    site(0, None),
                    format!(
                        "the OpenCL {what} argument `{}` ({why}; only this kernel is \
                         refused, the file's other kernels are verified)",
                        super::names::local_ident(&param.name)
                    ),
                ));
            }
        }
        let source = super::names::local_ident(&param.name)
            .trim_start_matches('$')
            .to_string();
        let space = match address_space(&param.ty) {
            3 => Space::GroupShared,
            2 | 4 => Space::Constant,
            0 if layout_is_spir(module) => Space::Private,
            _ => Space::Global,
        };
        let byval = param
            .attributes
            .iter()
            .any(|a| matches!(a, llvm_ir::function::ParameterAttribute::ByVal(_)));
        let id = objects.len() as u32 + 1;
        objects.push(MemObject {
            id,
            ivl_name: fresh_name(&source),
            source_name: source,
            space: if byval { Space::Private } else { space },
            origin: Origin::KernelArg(index),
            elem_ty: Some(elem.clone()),
            size_bytes: if byval { layout.alloc_size(elem) } else { None },
            unit: 1,
            restrict: param
                .attributes
                .iter()
                .any(|a| matches!(a, llvm_ir::function::ParameterAttribute::NoAlias)),
            holds_pointers: false,
        });
        let obj = pts.node(Node::Object(id));
        let p = pts.node(Node::Param(0, index));
        pts.union(obj, p);
        let root = pts.find(obj);
        if let Some(info) = image {
            // One map element per pixel: a 16-byte texel.
            objects[id as usize - 1].elem_ty = None;
            pts.info[root].widths.insert(super::images::TEXEL_BYTES);
            images.insert(id, info);
        }
    }
    let mut global_objects: HashMap<String, u32> = HashMap::new();
    let mut builder = Builder {
        module,
        layout,
        pts: &mut pts,
        objects: &mut objects,
        global_objects: &mut global_objects,
        global_names,
        fresh_name: &mut fresh_name,
        functions,
    };
    for (fi, function) in functions.iter().enumerate() {
        for (pi, param) in function.parameters.iter().enumerate() {
            if is_pointer(&param.ty) {
                let p = builder.pts.node(Node::Param(fi, pi));
                let v = builder.pts.node(Node::Value(fi, param.name.clone()));
                builder.pts.union(p, v);
            }
        }
        for block in &function.basic_blocks {
            for inst in &block.instrs {
                builder.instruction(fi, inst).map_err(|what| {
                    FrontendError::unsupported(site(fi, inst_debugloc(inst)), what)
                })?;
            }
            if let Terminator::Ret(ret) = &block.term {
                if let Some(value) = &ret.return_operand {
                    if builder.is_ptr(value) {
                        let v = builder.operand(fi, value).map_err(|what| {
                            FrontendError::unsupported(site(fi, ret.debugloc.as_ref()), what)
                        })?;
                        let r = builder.pts.node(Node::Ret(fi));
                        builder.pts.union(v, r);
                    }
                }
            }
        }
    }
    // The translation unit's concrete vtables, as objects, when the kernel
    // reads vtable pointers (super::polymorphic::add_module_vtables).
    let vtables: Vec<u32> = if builder.pts.vtable_accesses.is_empty() {
        Vec::new()
    } else {
        super::polymorphic::concrete_vtables(module)
            .iter()
            .filter_map(|name| builder.global_object(name).ok())
            .collect()
    };
    super::device_heap::privatise_unshared_heap(&mut pts, &mut objects, &global_objects);
    let by_reference =
        super::byval_args::references_as_values(kernel, layout, &mut pts, &mut objects);
    let byval_fields = super::byval_args::add_field_buffers(
        kernel,
        layout,
        &mut pts,
        &mut objects,
        &by_reference,
        &mut fresh_name,
    )
    .map_err(|what| FrontendError::unsupported(site(0, None), what))?;
    super::host_pointers::close_over_host_pointers(
        &mut pts,
        &mut objects,
        &mut fresh_name,
        &images,
        distinct_host_buffers,
    );
    let host_field_buffers = if distinct_host_buffers {
        super::distinct_host_buffers::add_field_buffers(
            module,
            layout,
            &mut pts,
            &mut objects,
            &mut fresh_name,
        )
    } else {
        HashMap::new()
    };
    super::polymorphic::add_module_vtables(&mut pts, &objects, &vtables);
    pts.finish(&mut objects, layout);
    let vtable_holders = super::polymorphic::vtable_holders(&mut pts, &objects);
    Ok(Memory {
        objects,
        points_to: pts,
        global_objects,
        images,
        host_field_buffers,
        byval_fields,
        by_reference,
        vtable_holders,
    })
}

fn inst_debugloc(inst: &Instruction) -> Option<&llvm_ir::DebugLoc> {
    use llvm_ir::HasDebugLoc;
    inst.get_debug_loc().as_ref()
}

fn layout_is_spir(module: &Module) -> bool {
    module
        .target_triple
        .as_deref()
        .is_some_and(|t| t.starts_with("spir"))
}

/// The key of [`Memory::global_objects`] under which the one object of
/// every `extern __shared__` declaration is also recorded.
pub const EXTERN_SHARED_KEY: &str = "$extern_shared";

/// A CUDA `extern __shared__` array: a group-shared global declared
/// without a definition (its storage is the launch's dynamic shared
/// memory, which every such declaration shares from offset 0).
pub fn is_extern_shared(global: &llvm_ir::module::GlobalVariable) -> bool {
    global.addr_space == 3 && global.initializer.is_none()
}

pub fn address_space(ty: &TypeRef) -> u32 {
    match ty.as_ref() {
        llvm_ir::Type::PointerType { addr_space, .. } => *addr_space,
        _ => 0,
    }
}

struct Builder<'a, 'm> {
    module: &'m Module,
    layout: &'a Layout<'m>,
    pts: &'a mut PointsTo,
    objects: &'a mut Vec<MemObject>,
    global_objects: &'a mut HashMap<String, u32>,
    global_names: &'a HashMap<String, String>,
    fresh_name: &'a mut dyn FnMut(&str) -> String,
    functions: &'a [&'m Function],
}

impl Builder<'_, '_> {
    fn is_ptr(&self, op: &Operand) -> bool {
        is_pointer(&self.module.type_of(op))
    }

    /// The node of a pointer operand (creating objects for globals).
    fn operand(&mut self, fi: usize, op: &Operand) -> Result<usize, String> {
        match op {
            Operand::LocalOperand { name, .. } => Ok(self.pts.node(Node::Value(fi, name.clone()))),
            Operand::ConstantOperand(c) => self.constant(c),
            Operand::MetadataOperand => Err(super::construct_names::METADATA_OPERAND.into()),
        }
    }

    fn constant(&mut self, c: &Constant) -> Result<usize, String> {
        match c {
            Constant::GlobalReference { name, .. } => {
                let name = match name {
                    Name::Name(s) => s.to_string(),
                    Name::Number(n) => n.to_string(),
                };
                let id = self.global_object(&name)?;
                Ok(self.pts.node(Node::Object(id)))
            }
            Constant::Null(_) | Constant::Undef(_) | Constant::Poison(_) => {
                self.pts.anonymous += 1;
                let n = self.pts.node(Node::Anonymous(self.pts.anonymous));
                self.pts.info[n].may_null = true;
                Ok(n)
            }
            Constant::BitCast(cast) => self.constant(&cast.operand),
            Constant::AddrSpaceCast(cast) => self.constant(&cast.operand),
            Constant::GetElementPtr(gep) => {
                let node = self.constant(&gep.address)?;
                let source = pointee(&self.module.type_of(gep.address.as_ref()))
                    .cloned()
                    .ok_or("the address of an element of something not in memory, computed at compile time")?;
                let indices: Vec<Result<i64, &Operand>> = gep
                    .indices
                    .iter()
                    .map(|i| i.as_ref().const_int().map(|v| v.signed).ok_or(&NO_OPERAND))
                    .collect();
                let offset = gep_offset(self.layout, &source, &indices)?;
                let root = self.pts.find(node);
                self.pts.info[root]
                    .strides
                    .insert(offset.constant.unsigned_abs());
                Ok(node)
            }
            Constant::IntToPtr(_) => {
                Err("a cast of an integer to a pointer (a constant address)".into())
            }
            other => Err(super::construct_names::constant(other)),
        }
    }

    /// The device heap object (`lower/device_heap.rs`), created on first use.
    fn heap_object(&mut self) -> u32 {
        use super::device_heap::{HEAP_KEY, HEAP_SOURCE_NAME};
        if let Some(&id) = self.global_objects.get(HEAP_KEY) {
            return id;
        }
        let id = self.objects.len() as u32 + 1;
        self.objects.push(MemObject::host_memory(
            id,
            (self.fresh_name)(HEAP_SOURCE_NAME),
            HEAP_SOURCE_NAME.to_string(),
        ));
        self.pts.node(Node::Object(id));
        self.global_objects.insert(HEAP_KEY.to_string(), id);
        id
    }

    fn global_object(&mut self, name: &str) -> Result<u32, String> {
        if let Some(&id) = self.global_objects.get(name) {
            return Ok(id);
        }
        if self.module.get_func_by_name(name).is_some()
            || self.module.get_func_decl_by_name(name).is_some()
        {
            return Err(format!(
                "a function pointer to `{}`",
                super::names::base_name(name)
            ));
        }
        let global = self
            .module
            .global_vars
            .iter()
            .find(|g| matches!(&g.name, Name::Name(s) if s.as_str() == name))
            .ok_or_else(|| format!("the unknown global `@{name}`"))?;
        // CUDA `extern __shared__` arrays (declarations in group-shared
        // memory) all start at the dynamic shared-memory base: one object.
        let extern_shared = is_extern_shared(global);
        if extern_shared {
            if let Some(&id) = self.global_objects.get(EXTERN_SHARED_KEY) {
                self.global_objects.insert(name.to_string(), id);
                return Ok(id);
            }
        }
        let elem_ty = pointee(&global.ty).cloned();
        let source_of = |n: &str| {
            self.global_names
                .get(n)
                .cloned()
                .unwrap_or_else(|| n.to_string())
        };
        let source = if extern_shared {
            // Every extern shared declaration of the module, so a report
            // names the object by all of them (`sa/sb`).
            let mut names: Vec<String> = self
                .module
                .global_vars
                .iter()
                .filter(|g| is_extern_shared(g))
                .map(|g| match &g.name {
                    Name::Name(s) => source_of(s),
                    Name::Number(n) => source_of(&n.to_string()),
                })
                .collect();
            names.dedup();
            names.join("/")
        } else {
            source_of(name)
        };
        let space = match global.addr_space {
            3 => Space::GroupShared,
            2 | 4 => Space::Constant,
            0 => Space::Private,
            _ => Space::Global,
        };
        let array_elem = elem_ty.as_ref().map(|t| match t.as_ref() {
            llvm_ir::Type::ArrayType { element_type, .. } => element_type.clone(),
            _ => t.clone(),
        });
        let id = self.objects.len() as u32 + 1;
        self.objects.push(MemObject {
            id,
            ivl_name: (self.fresh_name)(&source),
            source_name: source,
            space,
            origin: Origin::Global(name.to_string()),
            elem_ty: array_elem,
            // The dynamic size is chosen by the launch: unknown.
            size_bytes: elem_ty
                .as_ref()
                .and_then(|t| self.layout.alloc_size(t))
                .filter(|_| !extern_shared),
            unit: 1,
            restrict: false,
            holds_pointers: false,
        });
        self.global_objects.insert(name.to_string(), id);
        if extern_shared {
            self.global_objects
                .insert(EXTERN_SHARED_KEY.to_string(), id);
        }
        Ok(id)
    }

    fn width(&mut self, fi: usize, address: &Operand, bytes: Option<u64>) -> Result<(), String> {
        let node = self.operand(fi, address)?;
        let root = self.pts.find(node);
        self.pts.info[root]
            .widths
            .insert(bytes.ok_or("an access of unsized type")?);
        Ok(())
    }

    /// A load or store of a value of type `ty` at `address`: its width, or
    /// for an aggregate the width and offset of each field.
    fn access(&mut self, fi: usize, address: &Operand, ty: &TypeRef) -> Result<(), String> {
        if !super::aggregate::is_aggregate(self.layout, ty) {
            return self.width(fi, address, self.layout.store_size(ty));
        }
        for leaf in super::aggregate::leaves(self.layout, ty)? {
            self.width(fi, address, self.layout.store_size(&leaf.ty))?;
            let node = self.operand(fi, address)?;
            let root = self.pts.find(node);
            self.pts.info[root].strides.insert(leaf.offset);
        }
        Ok(())
    }

    /// The objects `address` may point to may be written.
    fn written(&mut self, fi: usize, address: &Operand) -> Result<(), String> {
        let node = self.operand(fi, address)?;
        let root = self.pts.find(node);
        self.pts.info[root].written = true;
        Ok(())
    }

    fn unify_ops(&mut self, fi: usize, dest: &Name, ops: &[&Operand]) -> Result<(), String> {
        let d = self.pts.node(Node::Value(fi, dest.clone()));
        for op in ops {
            let o = self.operand(fi, op)?;
            self.pts.union(d, o);
        }
        Ok(())
    }

    fn instruction(&mut self, fi: usize, inst: &Instruction) -> Result<(), String> {
        let size = |ty: &TypeRef| self.layout.store_size(ty);
        match inst {
            Instruction::Alloca(a) => {
                let source = super::names::local_ident(&a.dest)
                    .trim_start_matches('$')
                    .to_string();
                let id = self.objects.len() as u32 + 1;
                let elem = match a.allocated_type.as_ref() {
                    llvm_ir::Type::ArrayType { element_type, .. } => element_type.clone(),
                    _ => a.allocated_type.clone(),
                };
                self.objects.push(MemObject {
                    id,
                    ivl_name: (self.fresh_name)(&format!("{}.{source}", self.functions[fi].name)),
                    source_name: source,
                    space: Space::Private,
                    origin: Origin::Alloca(fi, a.dest.clone()),
                    elem_ty: Some(elem),
                    size_bytes: self.layout.alloc_size(&a.allocated_type),
                    unit: 1,
                    restrict: false,
                    holds_pointers: false,
                });
                let o = self.pts.node(Node::Object(id));
                let d = self.pts.node(Node::Value(fi, a.dest.clone()));
                self.pts.union(o, d);
            }
            Instruction::GetElementPtr(gep) => {
                self.unify_ops(fi, &gep.dest, &[&gep.address])?;
                let indices: Vec<Result<i64, &Operand>> = gep
                    .indices
                    .iter()
                    .map(|op| op.const_int().map(|v| v.signed).ok_or(op))
                    .collect();
                let offset = gep_offset(self.layout, &gep.source_element_type, &indices)?;
                let node = self.pts.node(Node::Value(fi, gep.dest.clone()));
                let root = self.pts.find(node);
                let info = &mut self.pts.info[root];
                info.strides.insert(offset.constant.unsigned_abs());
                info.strides
                    .extend(offset.scaled.iter().map(|(scale, _)| *scale));
            }
            Instruction::BitCast(c) if is_pointer(&c.to_type) => {
                self.unify_ops(fi, &c.dest, &[&c.operand])?
            }
            Instruction::AddrSpaceCast(c) => self.unify_ops(fi, &c.dest, &[&c.operand])?,
            Instruction::Phi(phi) if is_pointer(&phi.to_type) => {
                let ops: Vec<&Operand> = phi.incoming_values.iter().map(|(o, _)| o).collect();
                self.unify_ops(fi, &phi.dest, &ops)?;
            }
            Instruction::Select(s) if self.is_ptr(&s.true_value) => {
                self.unify_ops(fi, &s.dest, &[&s.true_value, &s.false_value])?;
            }
            Instruction::Load(load) => {
                let loaded_ty = self.module.type_of(load);
                if is_pointer(&loaded_ty) {
                    let a = self.operand(fi, &load.address)?;
                    if super::polymorphic::is_vtable_pointer(&loaded_ty) {
                        let at = super::polymorphic::position(&load.debugloc);
                        self.pts.vtable_accesses.push((a, at));
                    }
                    let c = self.pts.content(a);
                    let d = self.pts.node(Node::Value(fi, load.dest.clone()));
                    self.pts.union(c, d);
                }
                self.access(fi, &load.address, &loaded_ty)?;
            }
            Instruction::Store(store) => {
                if self.is_ptr(&store.value) {
                    let a = self.operand(fi, &store.address)?;
                    let c = self.pts.content(a);
                    let root = self.pts.find(a);
                    self.pts.info[root].stores_pointers = true;
                    if super::polymorphic::is_vtable_pointer(&self.module.type_of(&store.value)) {
                        let at = super::polymorphic::position(&store.debugloc);
                        self.pts.vtable_accesses.push((a, at));
                    }
                    let v = self.operand(fi, &store.value)?;
                    self.pts.union(c, v);
                }
                let ty = self.module.type_of(&store.value);
                self.access(fi, &store.address, &ty)?;
                self.written(fi, &store.address)?;
            }
            Instruction::AtomicRMW(a) => {
                let ty = self.module.type_of(&a.value);
                self.width(fi, &a.address, size(&ty))?;
                self.written(fi, &a.address)?;
            }
            Instruction::CmpXchg(c) => {
                let ty = self.module.type_of(&c.expected);
                self.width(fi, &c.address, size(&ty))?;
                self.written(fi, &c.address)?;
            }
            // The address of an object (lower/int_ptr_casts.rs): no access.
            Instruction::PtrToInt(_) => {}
            Instruction::IntToPtr(c) => {
                let source = super::int_ptr_casts::provenance(self.functions[fi], &c.operand)?;
                self.unify_ops(fi, &c.dest, &[source])?;
            }
            Instruction::Call(call) => self.call(fi, call)?,
            _ => {}
        }
        Ok(())
    }

    fn call(&mut self, fi: usize, call: &llvm_ir::instruction::Call) -> Result<(), String> {
        if super::indirect_calls::is_indirect(call) {
            // Every possible target (a reachable function of the call's
            // type, an over-approximation) receives the arguments.
            let targets: Vec<usize> = (1..self.functions.len())
                .filter(|&ci| {
                    super::indirect_calls::has_callee_type(self.module, call, self.functions[ci])
                })
                .collect();
            for ci in targets {
                self.bind_call(fi, ci, call)?;
            }
            return Ok(());
        }
        let callee = match &call.function {
            // An empty `asm` fence; the lowering refuses any other asm.
            either::Either::Left(_) if call.dest.is_none() => return Ok(()),
            either::Either::Left(_) => return Err("inline assembly (`asm`)".into()),
            either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
                Constant::GlobalReference {
                    name: Name::Name(n),
                    ..
                } => n.to_string(),
                _ => return Err("a call through a function pointer".into()),
            },
            either::Either::Right(_) => return Err("a call through a function pointer".into()),
        };
        if let Some(ci) = self.functions.iter().position(|f| f.name == callee) {
            return self.bind_call(fi, ci, call);
        }
        self.builtin_call(fi, call, callee)
    }

    /// A call of function `ci`: its parameters and result join the
    /// arguments' and the destination's classes.
    fn bind_call(
        &mut self,
        fi: usize,
        ci: usize,
        call: &llvm_ir::instruction::Call,
    ) -> Result<(), String> {
        {
            for (pi, (arg, _)) in call.arguments.iter().enumerate() {
                if self.is_ptr(arg) {
                    let a = self.operand(fi, arg)?;
                    let p = self.pts.node(Node::Param(ci, pi));
                    self.pts.union(a, p);
                }
            }
            if let Some(dest) = &call.dest {
                let ret_ty = &self.functions[ci].return_type;
                if is_pointer(ret_ty) {
                    let r = self.pts.node(Node::Ret(ci));
                    let d = self.pts.node(Node::Value(fi, dest.clone()));
                    self.pts.union(r, d);
                }
            }
        }
        Ok(())
    }

    /// A call of a function without a body (a builtin, the device heap).
    fn builtin_call(
        &mut self,
        fi: usize,
        call: &llvm_ir::instruction::Call,
        callee: String,
    ) -> Result<(), String> {
        if super::device_heap::is_release(&callee) {
            return Ok(());
        }
        if super::device_heap::is_allocation(&callee) {
            let id = self.heap_object();
            if let Some(dest) = &call.dest {
                let o = self.pts.node(Node::Object(id));
                let d = self.pts.node(Node::Value(fi, dest.clone()));
                self.pts.union(o, d);
            }
            return Ok(());
        }
        // A builtin: pointer arguments are accessed with their pointee's
        // width (atomics), or byte-wise (memcpy/memset), or not at all
        // (annotations); a pointer result is not supported.
        let base = super::names::base_name(&callee);
        if base == "__return_val_ptr" {
            // `__return_val_ptr()` in `__ensures` is the function's result.
            if let Some(dest) = &call.dest {
                let r = self.pts.node(Node::Ret(fi));
                let d = self.pts.node(Node::Value(fi, dest.clone()));
                self.pts.union(r, d);
            }
            return Ok(());
        }
        if super::opaque_call::ignores_pointer_arguments(base) {
            return Ok(());
        }
        let range_op = callee.starts_with("llvm.memcpy")
            || callee.starts_with("llvm.memset")
            || callee.starts_with("llvm.memmove");
        let length = if range_op {
            call.arguments
                .get(2)
                .and_then(|(len, _)| len.const_int())
                .map(|c| c.unsigned)
        } else {
            None
        };
        let accesses = super::builtins::accesses_pointee(base, &callee);
        if callee.starts_with("llvm.memcpy") || callee.starts_with("llvm.memmove") {
            if let (Some((d, _)), Some((s, _))) = (call.arguments.first(), call.arguments.get(1)) {
                let (d, s) = (self.operand(fi, d)?, self.operand(fi, s)?);
                self.pts.copies.push((d, s));
            }
        }
        // `__atomic_<op>_<N>(i8*, ...)`: the width is `N`, not the pointee's.
        let sized = super::gnu_atomics::sized_atomic(&callee);
        for (i, (arg, _)) in call.arguments.iter().enumerate() {
            if !self.is_ptr(arg) {
                continue;
            }
            let node = self.operand(fi, arg)?;
            let root = self.pts.find(node);
            // Only memcpy's and memmove's sources are surely not written.
            let copy = callee.starts_with("llvm.memcpy") || callee.starts_with("llvm.memmove");
            if !(copy && i == 1) {
                self.pts.info[root].written = true;
            }
            if let Some((kind, bytes)) = sized {
                if super::gnu_atomics::accessed_arguments(kind).contains(&i) {
                    self.pts.info[root].widths.insert(bytes);
                }
            } else if range_op {
                // A range operation fixes no width; a constant length must
                // be a whole number of elements.
                self.pts.info[root].lengths.extend(length);
            } else if base.starts_with("async_work_group") {
                let ty = self.module.type_of(arg);
                let element = pointee(&ty).and_then(|t| self.layout.alloc_size(t));
                self.pts.info[root].lengths.extend(element);
            } else if accesses {
                let ty = self.module.type_of(arg);
                let width = pointee(&ty).and_then(|t| self.layout.store_size(t));
                self.pts.info[root]
                    .widths
                    .insert(width.ok_or("an atomic on an unsized type")?);
            }
        }
        let null_result =
            base.starts_with("async_work_group") || callee == "__translate_sampler_initializer";
        if let (Some(dest), true) = (&call.dest, null_result) {
            // The event a copy returns, a program-scope sampler: a null
            // pointer (no memory behind it).
            self.pts.anonymous += 1;
            let n = self.pts.node(Node::Anonymous(self.pts.anonymous));
            self.pts.info[n].may_null = true;
            let d = self.pts.node(Node::Value(fi, dest.clone()));
            self.pts.union(n, d);
            return Ok(());
        }
        if let (Some(dest), Some(_)) = (
            &call.dest,
            super::address_space_queries::queried_space(&callee),
        ) {
            // `to_local(p)`: `p` or null (address_space_queries.rs).
            if let Some((arg, _)) = call.arguments.first() {
                let a = self.operand(fi, arg)?;
                let d = self.pts.node(Node::Value(fi, dest.clone()));
                self.pts.union(a, d);
                let root = self.pts.find(d);
                self.pts.info[root].may_null = true;
            }
            return Ok(());
        }
        if let Some(dest) = &call.dest {
            if call
                .function
                .as_ref()
                .right()
                .is_some_and(|f| is_pointer(&fn_ret_type(self.module, f)))
            {
                let _ = dest;
                return Err(super::construct_names::returned_pointer(base));
            }
        }
        Ok(())
    }
}

static NO_OPERAND: Operand = Operand::MetadataOperand;

fn fn_ret_type(module: &Module, f: &Operand) -> TypeRef {
    match module.type_of(f).as_ref() {
        llvm_ir::Type::PointerType { pointee_type, .. } => match pointee_type.as_ref() {
            llvm_ir::Type::FuncType { result_type, .. } => result_type.clone(),
            _ => module.types.void(),
        },
        _ => module.types.void(),
    }
}
