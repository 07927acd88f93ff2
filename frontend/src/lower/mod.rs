//! LLVM module to kernel IVL: the driver of the lowering passes.
//!
//! For each kernel of the module (OpenCL `spir_kernel`, CUDA
//! `!nvvm.annotations` or `ptx_kernel`), in this order:
//! 1. the functions reachable from it (recursion is an error);
//! 2. [`memory`]: memory objects and points-to classes with their units;
//! 3. [`function`] (with [`inst`] and [`builtins`]): each function to an IVL
//!    procedure, calls kept as calls;
//! 4. the program is assembled and must type-check (a failure is our bug).
//!
//! Guarantees: the result is a kernel-dialect program with exactly one
//! `{:kernel}` procedure; every statement carries `{:source file, line,
//! col}` when debug info has it; an unsupported construct is an error,
//! never a silent approximation.

pub mod access;
pub mod address_space_queries;
pub mod aggregate;
pub mod annotations;
pub mod async_copy;
pub mod atomic_loads;
pub mod atomic_slots;
pub mod atomic_values;
pub mod barrier_invariants;
pub mod barrier_owner;
pub mod bounds;
pub mod builtins;
pub mod byval_args;
pub mod collectives;
pub mod compare;
pub mod construct_names;
pub mod device_heap;
pub mod distinct_host_buffers;
pub mod flag_values;
pub mod function;
pub mod ghost_state;
pub mod gnu_atomics;
pub mod host_pointers;
pub mod images;
pub mod indirect_calls;
pub mod initializers;
pub mod inst;
pub mod int_ptr_casts;
pub mod intrinsics;
pub mod layout;
pub mod mathlib;
pub mod memops;
pub mod memory;
pub mod names;
pub mod opaque_call;
pub mod opencl_builtins;
pub mod points_to;
pub mod polymorphic;
pub mod range_owner;
pub mod shortcircuit;
pub mod terminators;
pub mod values;
pub mod vtable_coverage;
pub mod warp;
pub mod wide_vectors;

use crate::config::FrontendConfig;
pub use crate::error::Site;
use crate::error::{FrontendError, SourceLoc};
use crate::irtext::IrMetadata;
use crate::LoweredKernel;
use ivl::ast::{AttrArg, Attribute, Decl, Expr, Program, Type, Variable};
use layout::Layout;
use llvm_ir::constant::Constant;
use llvm_ir::function::CallingConvention;
use llvm_ir::instruction::Instruction;
use llvm_ir::{DebugLoc, Function, Module, Operand};
use memory::{Memory, Space};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// An integer constant, both ways.
#[derive(Clone, Copy, Debug)]
pub struct ConstVal {
    pub bits: u32,
    pub unsigned: u64,
    pub signed: i64,
}

pub trait ConstInt {
    fn const_int(&self) -> Option<ConstVal>;
}

impl ConstInt for Constant {
    fn const_int(&self) -> Option<ConstVal> {
        match self {
            Constant::Int { bits, value } => {
                let signed = if *bits >= 64 {
                    *value as i64
                } else {
                    let shift = 64 - bits;
                    ((*value << shift) as i64) >> shift
                };
                Some(ConstVal {
                    bits: *bits,
                    unsigned: *value,
                    signed,
                })
            }
            _ => None,
        }
    }
}

impl ConstInt for Operand {
    fn const_int(&self) -> Option<ConstVal> {
        match self {
            Operand::ConstantOperand(c) => c.as_ref().const_int(),
            _ => None,
        }
    }
}

/// The byte offset a GEP adds: a constant plus scaled variable indices.
pub struct GepOffset<'a> {
    pub constant: i64,
    pub scaled: Vec<(u64, &'a Operand)>,
}

/// The byte offset of `getelementptr source, ptr, indices...`; an index is
/// a constant or (for arrays and vectors only) an operand.
pub fn gep_offset<'a>(
    layout: &Layout<'_>,
    source: &llvm_ir::TypeRef,
    indices: &[Result<i64, &'a Operand>],
) -> Result<GepOffset<'a>, String> {
    let mut offset = GepOffset {
        constant: 0,
        scaled: Vec::new(),
    };
    let mut current: llvm_ir::TypeRef = source.clone();
    for (position, index) in indices.iter().enumerate() {
        let (scale, next) = if position == 0 {
            (layout.alloc_size(&current), current.clone())
        } else {
            let resolved = layout
                .resolve(&current)
                .ok_or("an opaque struct type")?
                .clone();
            match &resolved {
                llvm_ir::Type::ArrayType { element_type, .. }
                | llvm_ir::Type::VectorType { element_type, .. } => {
                    (layout.alloc_size(element_type), element_type.clone())
                }
                llvm_ir::Type::StructType { element_types, .. } => {
                    let field = *index
                        .as_ref()
                        .map_err(|_| "a variable struct field index")?;
                    let (offsets, _) =
                        layout.struct_layout(&resolved).ok_or("an unsized struct")?;
                    let field =
                        usize::try_from(field).map_err(|_| "a negative struct field index")?;
                    offset.constant +=
                        *offsets.get(field).ok_or("a struct field out of range")? as i64;
                    current = element_types[field].clone();
                    continue;
                }
                other => return Err(format!("indexing into a value of type `{other}`")),
            }
        };
        let scale = scale.ok_or("indexing over a type without a size (an incomplete type)")?;
        match index {
            Ok(c) => offset.constant += c * scale as i64,
            Err(op) => offset.scaled.push((scale, op)),
        }
        current = next;
    }
    Ok(offset)
}

pub fn source_loc(loc: &DebugLoc) -> SourceLoc {
    SourceLoc {
        file: loc.filename.clone(),
        line: loc.line,
        col: loc.col.unwrap_or(0),
    }
}

pub fn attr_str(name: &str, value: &str) -> Attribute {
    Attribute::new(name, vec![AttrArg::Str(value.to_string())])
}

pub fn attr_int(name: &str, value: u64) -> Attribute {
    Attribute::new(name, vec![AttrArg::Expr(Expr::int(u128::from(value)))])
}

pub fn source_attr(loc: &DebugLoc) -> Attribute {
    Attribute::new(
        ivl::kernel::SOURCE_ATTR,
        vec![
            AttrArg::Str(loc.filename.clone()),
            AttrArg::Expr(Expr::int(u128::from(loc.line))),
            AttrArg::Expr(Expr::int(u128::from(loc.col.unwrap_or(0)))),
        ],
    )
}

/// State shared by the functions of one kernel.
pub struct KernelCtx<'m> {
    pub module: &'m Module,
    pub layout: Layout<'m>,
    pub meta: &'m IrMetadata,
    pub config: &'m FrontendConfig,
    pub memory: Memory,
    /// Reachable functions; index 0 is the kernel.
    pub functions: Vec<&'m Function>,
    /// IVL procedure name of each reachable function.
    pub proc_names: Vec<String>,
    /// Extra declarations (uninterpreted functions, launch constants), by name.
    pub extra_decls: BTreeMap<String, Decl>,
    /// Assumptions the lowering made that the verdict rests on, for the
    /// report ([`FRONTEND_NOTE_ATTR`] on the kernel procedure).
    pub notes: std::collections::BTreeSet<String>,
}

/// `{:frontend_note "text"}` on a kernel procedure: an assumption the
/// frontend made (a call to a function without a body, ...), which the
/// verdict's `assuming:` list prints (src/kernel_report.rs).
pub const FRONTEND_NOTE_ATTR: &str = "frontend_note";

impl KernelCtx<'_> {
    pub fn source_name(&self, fi: usize) -> String {
        let name = &self.functions[fi].name;
        self.meta
            .function_names
            .get(name)
            .cloned()
            .unwrap_or_else(|| name.clone())
    }

    pub fn site(&self, fi: usize, loc: Option<&DebugLoc>) -> Site {
        Site {
            loc: loc.or(self.functions[fi].debugloc.as_ref()).map(source_loc),
            function: Some(self.source_name(fi)),
        }
    }

    pub fn ptr_type(&self) -> Type {
        Type::Bv(self.layout.ptr_bits)
    }
}

/// Whether `f` is a kernel entry point. The kernels clang makes of the
/// blocks passed to `enqueue_kernel` (`__<kernel>_block_invoke_kernel`)
/// are not: the kernel that enqueues them is refused for the enqueue.
pub fn is_kernel(f: &Function, meta: &IrMetadata) -> bool {
    let enqueued_block = f.name.starts_with("__") && f.name.contains("_block_invoke");
    (matches!(
        f.calling_convention,
        CallingConvention::SPIR_KERNEL | CallingConvention::PTX_Kernel
    ) && !enqueued_block)
        || meta.nvvm_kernels.contains(&f.name)
}

/// Lowers every selected kernel of `module`, each on its own: a kernel
/// that cannot be lowered (an unsupported construct in it or in a function
/// it calls) is returned among the failures and the others are still
/// lowered. Only a selection naming no kernel fails the whole module.
pub fn lower_module(
    module: &Module,
    meta: &IrMetadata,
    path: &Path,
    config: &FrontendConfig,
) -> Result<(Vec<LoweredKernel>, Vec<crate::UnloweredKernel>), FrontendError> {
    let kernels: Vec<&Function> = module
        .functions
        .iter()
        .filter(|f| is_kernel(f, meta))
        .collect();
    let source_name = |f: &Function| {
        meta.function_names
            .get(&f.name)
            .cloned()
            .unwrap_or_else(|| f.name.clone())
    };
    for wanted in &config.only_kernels {
        if !kernels
            .iter()
            .any(|k| &source_name(k) == wanted || &k.name == wanted)
        {
            return Err(FrontendError::Malformed {
                path: path.to_path_buf(),
                message: format!("no kernel named `{wanted}`"),
                details: kernels
                    .iter()
                    .map(|k| format!("kernel `{}`", source_name(k)))
                    .collect(),
            });
        }
    }
    // A `--kernel-args`/`--kernel-arrays` naming no kernel of the file
    // would constrain nothing: an error, like `--kernel` naming none.
    let given = [
        ("--kernel-args", &config.kernel_args),
        ("--kernel-arrays", &config.kernel_arrays),
    ];
    for (flag, list) in given {
        for values in list.iter() {
            let wanted = &values.kernel;
            if !kernels
                .iter()
                .any(|k| &source_name(k) == wanted || &k.name == wanted)
            {
                let names: Vec<String> = kernels.iter().map(|k| source_name(k)).collect();
                return Err(FrontendError::BadFlag {
                    flag,
                    message: format!(
                        "`{wanted}` is not a kernel of {} (its kernels: {})",
                        path.display(),
                        names.join(", ")
                    ),
                });
            }
        }
    }
    let mut lowered = Vec::new();
    let mut failures = Vec::new();
    for kernel in kernels {
        let name = source_name(kernel);
        if !config.only_kernels.is_empty()
            && !config
                .only_kernels
                .iter()
                .any(|w| w == &name || w == &kernel.name)
        {
            continue;
        }
        match lower_kernel(module, meta, config, kernel, path) {
            Ok(k) => lowered.push(k),
            Err(error) => {
                // Where the report points: the construct, else the kernel.
                let loc = match &error {
                    FrontendError::Unsupported { site, .. } => site.loc.clone(),
                    _ => None,
                }
                .or_else(|| kernel.debugloc.as_ref().map(source_loc));
                failures.push(crate::UnloweredKernel {
                    source_name: name,
                    error,
                    loc,
                })
            }
        }
    }
    Ok((lowered, failures))
}

fn pointer_bits(module: &Module) -> u32 {
    let layout = module.data_layout.layout_str.as_str();
    if layout.contains("p:32")
        || module
            .target_triple
            .as_deref()
            .is_some_and(|t| t == "spir" || t.starts_with("nvptx-"))
    {
        32
    } else {
        64
    }
}

fn callee_name(call: &llvm_ir::instruction::Call) -> Option<&str> {
    match &call.function {
        either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
            Constant::GlobalReference {
                name: llvm_ir::Name::Name(n),
                ..
            } => Some(n.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// The defined functions reachable from `kernel` (kernel first), or a
/// recursion error naming the cycle.
fn reachable_functions<'m>(
    module: &'m Module,
    kernel: &'m Function,
    meta: &IrMetadata,
) -> Result<Vec<&'m Function>, FrontendError> {
    let mut order: Vec<&Function> = Vec::new();
    let mut state: HashMap<&str, bool> = HashMap::new(); // false: on stack, true: done
    fn visit<'m>(
        module: &'m Module,
        f: &'m Function,
        meta: &IrMetadata,
        state: &mut HashMap<&'m str, bool>,
        order: &mut Vec<&'m Function>,
        stack: &mut Vec<&'m str>,
    ) -> Result<(), FrontendError> {
        state.insert(&f.name, false);
        order.push(f);
        stack.push(&f.name);
        for block in &f.basic_blocks {
            for inst in &block.instrs {
                let Instruction::Call(call) = inst else {
                    continue;
                };
                let callees: Vec<&Function> = if indirect_calls::is_indirect(call) {
                    indirect_calls::targets(module, meta, call)
                } else {
                    callee_name(call)
                        .and_then(|n| module.get_func_by_name(n))
                        .into_iter()
                        .collect()
                };
                for callee in callees {
                    match state.get(callee.name.as_str()) {
                        Some(false) => {
                            let name = |n: &str| {
                                meta.function_names
                                    .get(n)
                                    .cloned()
                                    .unwrap_or_else(|| n.to_string())
                            };
                            let start = stack.iter().position(|s| *s == callee.name).unwrap_or(0);
                            let cycle: Vec<String> = stack[start..]
                                .iter()
                                .map(|n| name(n))
                                .chain([name(&callee.name)])
                                .collect();
                            return Err(FrontendError::unsupported(
                                Site {
                                    loc: call.debugloc.as_ref().map(source_loc),
                                    function: Some(name(&f.name)),
                                },
                                format!("recursion ({})", cycle.join(" -> ")),
                            ));
                        }
                        Some(true) => {}
                        None => visit(module, callee, meta, state, order, stack)?,
                    }
                }
            }
        }
        stack.pop();
        state.insert(&f.name, true);
        Ok(())
    }
    visit(
        module,
        kernel,
        meta,
        &mut state,
        &mut order,
        &mut Vec::new(),
    )?;
    Ok(order)
}

fn lower_kernel(
    module: &Module,
    meta: &IrMetadata,
    config: &FrontendConfig,
    kernel: &Function,
    path: &Path,
) -> Result<LoweredKernel, FrontendError> {
    let functions = reachable_functions(module, kernel, meta)?;
    let layout = Layout {
        types: &module.types,
        ptr_bits: pointer_bits(module),
    };
    let fn_site = |fi: usize, loc: Option<&DebugLoc>| Site {
        loc: loc.or(functions[fi].debugloc.as_ref()).map(source_loc),
        function: Some(
            meta.function_names
                .get(&functions[fi].name)
                .cloned()
                .unwrap_or_else(|| functions[fi].name.clone()),
        ),
    };
    let memory = memory::analyse(
        module,
        &layout,
        &functions,
        &meta.global_names,
        &fn_site,
        config.distinct_host_buffers,
    )?;
    let mut proc_names: Vec<String> = Vec::new();
    for f in &functions {
        let source = meta
            .function_names
            .get(&f.name)
            .cloned()
            .unwrap_or_else(|| f.name.clone());
        let base = names::sanitize(&source);
        let mut name = base.clone();
        let mut n = 1;
        while proc_names.contains(&name) {
            n += 1;
            name = format!("{base}${n}");
        }
        proc_names.push(name);
    }
    let mut ctx = KernelCtx {
        module,
        layout,
        meta,
        config,
        memory,
        functions,
        proc_names,
        extra_decls: BTreeMap::new(),
        notes: std::collections::BTreeSet::new(),
    };
    let mut procedures = Vec::new();
    for fi in 0..ctx.functions.len() {
        procedures.push(function::lower_function(&mut ctx, fi)?);
    }
    if ctx
        .memory
        .global_objects
        .contains_key("__gpuverify_surface")
    {
        // include/cuda/gv_textures.h indexes one surface array by handle.
        ctx.notes
            .insert("distinct CUDA surface objects name distinct arrays".to_string());
    }
    if let Some(kernel) = procedures.first_mut() {
        for note in &ctx.notes {
            kernel.attrs.push(attr_str(FRONTEND_NOTE_ATTR, note));
        }
    }
    if ctx.extra_decls.contains_key(atomic_slots::BARRIER_EPOCH) {
        if atomic_slots::has_unaligned_barriers(&procedures) {
            atomic_slots::drop_epoch_facts(&mut procedures, &mut ctx.extra_decls);
        }
        atomic_slots::count_barrier_epochs(&mut procedures);
    }
    let mut decls: Vec<Decl> = Vec::new();
    for o in &ctx.memory.objects {
        decls.push(Decl::Var(object_decl(&ctx, o)));
        if o.holds_pointers {
            // In global or group-shared memory the bases are a shared array
            // like the offsets (race-checked, abstracted the same way).
            let space = match o.space {
                Space::Global => Some(ivl::kernel::GLOBAL_ATTR),
                Space::GroupShared => Some(ivl::kernel::GROUP_SHARED_ATTR),
                Space::Constant => Some(ivl::kernel::CONSTANT_ATTR),
                Space::Private => None,
            };
            decls.push(Decl::Var(Variable {
                attrs: space
                    .map(|s| Attribute::new(s, vec![]))
                    .into_iter()
                    .chain([
                        attr_str(ivl::kernel::SOURCE_NAME_ATTR, &o.source_name),
                        attr_str("pointer_bases_of", &o.ivl_name),
                    ])
                    .collect(),
                name: ivl::ast::Ident::synthetic(format!("{}$base", o.ivl_name)),
                ty: Type::map(ctx.ptr_type(), Type::Bv(32)),
                span: ivl::Span::DUMMY,
            }));
        }
    }
    decls.extend(std::mem::take(&mut ctx.extra_decls).into_values());
    decls.extend(procedures.into_iter().map(Decl::Procedure));
    let program = Program { decls };
    let errors = ivl::check(&program);
    if !errors.is_empty() {
        return Err(FrontendError::Malformed {
            path: path.to_path_buf(),
            message: format!(
                "internal error: the IVL lowered from kernel `{}` does not type-check",
                ctx.source_name(0)
            ),
            details: errors
                .iter()
                .map(|d| d.message.clone())
                .chain([ivl::print(&program)])
                .collect(),
        });
    }
    let mut notes: Vec<String> = ctx.notes.iter().cloned().collect();
    let unrestricted: Vec<&str> = ctx
        .memory
        .objects
        .iter()
        .filter(|o| {
            matches!(
                o.origin,
                memory::Origin::KernelArg(_) | memory::Origin::KernelArgField(_)
            ) && o.space == Space::Global
                && !o.restrict
        })
        .map(|o| o.source_name.as_str())
        .collect();
    if unrestricted.len() > 1 {
        notes.push(format!(
            "kernel `{}`: the array arguments {} are assumed not to alias (none is declared restrict)",
            ctx.source_name(0),
            unrestricted.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    if ctx
        .memory
        .global_objects
        .contains_key(device_heap::HEAP_KEY)
    {
        notes.push(format!(
            "kernel `{}`: device allocations (malloc, new) are assumed to succeed (never null)",
            ctx.source_name(0)
        ));
    }
    Ok(LoweredKernel {
        name: ctx.proc_names[0].clone(),
        source_name: ctx.source_name(0),
        program,
        notes,
    })
}

fn object_decl(ctx: &KernelCtx<'_>, o: &memory::MemObject) -> Variable {
    let mut attrs = Vec::new();
    match o.space {
        Space::Global => attrs.push(Attribute::new(ivl::kernel::GLOBAL_ATTR, vec![])),
        Space::GroupShared => attrs.push(Attribute::new(ivl::kernel::GROUP_SHARED_ATTR, vec![])),
        Space::Constant => attrs.push(Attribute::new(ivl::kernel::CONSTANT_ATTR, vec![])),
        Space::Private => {}
    }
    attrs.push(attr_str(ivl::kernel::SOURCE_NAME_ATTR, &o.source_name));
    attrs.push(attr_int(ivl::kernel::ELEM_WIDTH_ATTR, o.unit * 8));
    attrs.push(attr_int(ivl::kernel::BASE_ID_ATTR, u64::from(o.id)));
    if let memory::Origin::KernelArg(_) | memory::Origin::KernelArgField(_) = o.origin {
        attrs.push(Attribute::new(ivl::kernel::KERNEL_ARG_ATTR, vec![]));
    }
    if let Some(image) = ctx.memory.images.get(&o.id) {
        if image.access == images::ImageAccess::ReadWrite {
            // Ordered only by `CLK_IMAGE_MEM_FENCE` barriers.
            attrs.push(Attribute::new(ivl::kernel::IMAGE_MEMORY_ATTR, vec![]));
        }
        // Reports name its elements as pixels (`img(x, y)`).
        attrs.push(attr_int(
            images::IMAGE_COORDINATES_ATTR,
            u64::from(image.coordinates),
        ));
    }
    let size_units = bounds::size_units(ctx, o);
    if let Some(size) = size_units.filter(|s| *s > 0) {
        attrs.push(attr_int(ivl::kernel::ARRAY_SIZE_ATTR, size));
    }
    Variable {
        attrs,
        name: ivl::ast::Ident::synthetic(o.ivl_name.clone()),
        ty: Type::map(ctx.ptr_type(), Type::Bv((o.unit * 8) as u32)),
        span: ivl::Span::DUMMY,
    }
}
