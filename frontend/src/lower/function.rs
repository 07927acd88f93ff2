//! One LLVM function to one IVL procedure: signature, locals, blocks,
//! control flow and the statement builder the instruction lowering uses.
//!
//! Consumes: a reachable function and the kernel's memory model. Produces a
//! procedure whose blocks are the LLVM blocks (same labels) plus edge
//! blocks: a conditional branch or switch jumps to one edge block per
//! target, which `assume`s the branch condition and performs the target's
//! phi assignments as one parallel assignment; an unconditional branch does
//! the phi assignment at the end of its block. Annotation asserts that
//! stand in a loop header are hoisted to its top (they become the loop's
//! invariants); `__invariant` elsewhere and irreducible control flow are
//! errors.
//!
//! Values: every non-void SSA value is a local of its IVL type
//! ([`super::layout`]); a pointer value `p` is the locals `p` (offset, in
//! units of its class) and, when its class tracks bases, `p$base`. Kernel
//! pointer arguments and allocas are not locals: their (base, offset) is
//! the constant (object id, 0).

use super::layout::{is_pointer, pointee};
use super::memory::{Node, Space};
use super::{attr_str, source_attr, KernelCtx};
use crate::error::FrontendError;
use ivl::ast::{
    Attribute, Block, Body, Expr, Ident, Lhs, Procedure, Spec, Stmt, StmtKind, Transfer,
    TransferKind, Type, TypedIdent, Variable,
};
use llvm_ir::{DebugLoc, Function, HasDebugLoc, Name, Operand};
use std::collections::{HashMap, HashSet};

/// A lowered pointer: base (`bv32` object id, 0 = null) and offset in units.
#[derive(Clone, Debug)]
pub struct PtrExpr {
    pub base: Expr,
    pub off: Expr,
    /// Bytes per offset unit (the class's unit).
    pub unit: u64,
    /// The objects the base may name (empty: only null).
    pub objects: Vec<u32>,
    pub tracks_base: bool,
}

pub struct FnCtx<'k, 'm> {
    pub k: &'k mut KernelCtx<'m>,
    pub fi: usize,
    pub func: &'m Function,
    pub locals: Vec<Variable>,
    local_names: HashSet<String>,
    blocks: Vec<Block>,
    cur_label: String,
    cur_stmts: Vec<Stmt>,
    pub cur_loc: Option<DebugLoc>,
    fresh: usize,
    pub requires: Vec<Spec>,
    pub ensures: Vec<Spec>,
    /// Pointers with a fixed value (kernel arguments, allocas).
    pub fixed_ptrs: HashMap<Name, PtrExpr>,
    /// Names of the procedure's in-parameters.
    pub param_names: HashSet<String>,
    /// The instructions of the block being lowered and the index of the
    /// current one (annotation folding looks back within the block).
    pub block_instrs: &'m [llvm_ir::Instruction],
    pub inst_index: usize,
    /// The index in the block of its last barrier invariant or folding
    /// assertion, computed once per block (asking for every instruction
    /// whether one follows made lowering quadratic in the block's length).
    pub block_last_fold: Option<usize>,
    /// Set while folding an annotation's operand into one expression.
    pub folding: bool,
    pub fold_loads: bool,
    /// While folding: the index in the block of the earliest load folded.
    pub folded_load_min: Option<usize>,
    /// While folding a barrier invariant: also fold pure values defined in
    /// other blocks (so that the thread id they derive from can be
    /// instantiated).
    pub fold_across_blocks: bool,
    /// Barrier invariants waiting for their barrier (assumed after it).
    pub pending_barrier_invariants: Vec<Stmt>,
    /// `__read_permission`/`__write_permission` (write?, element) met
    /// while a barrier invariant is folded (lower::ghost_state).
    pub barrier_permissions: Vec<(bool, PtrExpr)>,
    /// Results of `cmpxchg` (the locals `x$old` and `x$ok`).
    pub cmpxchg_results: HashSet<Name>,
    /// Broadcast results that start a range an atomic add reserved for the
    /// work-group (lower::range_owner), computed on first use.
    pub range_bases: Option<super::range_owner::RangeBases>,
}

impl<'k, 'm> FnCtx<'k, 'm> {
    pub fn is_kernel(&self) -> bool {
        self.fi == 0
    }

    /// Takes `loc` as the current location, unless it points into one of
    /// the headers we force-include or clang's own: code inlined from them
    /// keeps the location of the user's code that called it.
    pub fn set_loc(&mut self, loc: &Option<DebugLoc>) {
        let in_header = |l: &DebugLoc| {
            crate::inline_sites::is_header(&l.filename, l.directory.as_deref().unwrap_or(""))
        };
        match loc {
            Some(l) if in_header(l) && self.cur_loc.is_some() => {
                if let Some(site) = self.inline_site(l) {
                    self.cur_loc = Some(site);
                }
            }
            Some(l) if !in_header(l) || self.cur_loc.is_none() => self.cur_loc = Some(l.clone()),
            _ => {}
        }
    }

    /// The user-code call site of header code at `l`, of the sites it was
    /// inlined at (`inline_sites`, sorted) in the current file (the
    /// lowering walks a function's code in order): the last site at or
    /// before the current location on its line (the current location is
    /// then the call's last computed argument, to the right of the call:
    /// `__ldg(&a[i])`), else the first site after it (a call without
    /// computed arguments, `__syncwarp()`, follows earlier code), else the
    /// last before it. Several header functions generated by one macro
    /// share a location (`__ldg` and `__stcs`), so the nearest site wins.
    fn inline_site(&self, l: &DebugLoc) -> Option<DebugLoc> {
        let cur = self.cur_loc.as_ref()?;
        let key = (l.filename.clone(), l.line, l.col.unwrap_or(0));
        let sites = self.k.meta.inline_sites.get(&key)?;
        let here = (cur.line, cur.col.unwrap_or(0));
        let in_file = || sites.iter().filter(|(f, _, _)| *f == cur.filename);
        let before = in_file().rev().find(|(_, line, col)| (*line, *col) <= here);
        let after = in_file().find(|(_, line, col)| (*line, *col) >= here);
        let (file, line, col) = match (before, after) {
            (Some(b), _) if b.1 == here.0 => b,
            (_, Some(a)) => a,
            (Some(b), None) => b,
            (None, None) => return None,
        };
        Some(DebugLoc {
            line: *line,
            col: Some(*col),
            filename: file.clone(),
            directory: cur.directory.clone(),
        })
    }

    pub fn err_site(&self, what: String) -> FrontendError {
        FrontendError::unsupported(self.k.site(self.fi, self.cur_loc.as_ref()), what)
    }

    pub fn declare_local(&mut self, name: &str, ty: Type) {
        if self.local_names.insert(name.to_string()) && !self.param_names.contains(name) {
            self.locals.push(Variable {
                attrs: Vec::new(),
                name: Ident::synthetic(name),
                ty,
                span: ivl::Span::DUMMY,
            });
        }
    }

    pub fn fresh_local(&mut self, prefix: &str, ty: Type) -> String {
        self.fresh += 1;
        let name = format!("{prefix}${}", self.fresh);
        self.declare_local(&name, ty);
        name
    }

    pub fn fresh_label(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}${}", self.fresh)
    }

    /// Appends a statement carrying the current source location.
    pub fn emit(&mut self, kind: StmtKind, mut attrs: Vec<Attribute>) {
        if let Some(loc) = &self.cur_loc {
            attrs.push(source_attr(loc));
        }
        self.cur_stmts.push(Stmt {
            kind,
            attrs,
            span: ivl::Span::DUMMY,
        });
    }

    pub fn assign(&mut self, lhs: Vec<Lhs>, rhs: Vec<Expr>, attrs: Vec<Attribute>) {
        if !lhs.is_empty() {
            self.emit(StmtKind::Assign { lhs, rhs }, attrs);
        }
    }

    pub fn assign_var(&mut self, name: &str, value: Expr) {
        self.assign(vec![lhs(name)], vec![value], Vec::new());
    }

    /// Ends the current block with `goto targets` and starts `next`.
    pub fn split_block(&mut self, targets: Vec<String>, next: String) {
        self.finish_block(TransferKind::Goto(
            targets.into_iter().map(Ident::synthetic).collect(),
        ));
        self.cur_label = next;
    }

    pub fn start_block(&mut self, label: String) {
        self.cur_label = label;
    }

    pub fn finish_block(&mut self, transfer: TransferKind) {
        self.blocks.push(Block {
            label: Ident::synthetic(std::mem::take(&mut self.cur_label)),
            attrs: Vec::new(),
            stmts: std::mem::take(&mut self.cur_stmts),
            transfer: Transfer {
                kind: transfer,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
    }

    /// The class of the pointers stored where pointer operand `op` points.
    pub fn content_class_of_operand(&mut self, op: &Operand) -> super::memory::ClassInfo {
        let node = match op {
            Operand::LocalOperand { name, .. } => {
                match self.func.parameters.iter().position(|p| &p.name == name) {
                    Some(pi) => Node::Param(self.fi, pi),
                    None => Node::Value(self.fi, name.clone()),
                }
            }
            _ => return Default::default(),
        };
        self.k
            .memory
            .points_to
            .content_class_of(&node)
            .cloned()
            .unwrap_or_default()
    }

    /// The points-to class of a pointer operand.
    pub fn class_of_operand(&mut self, op: &Operand) -> super::memory::ClassInfo {
        match op {
            Operand::LocalOperand { name, .. } => {
                let node = match self.func.parameters.iter().position(|p| &p.name == name) {
                    Some(pi) => Node::Param(self.fi, pi),
                    None => Node::Value(self.fi, name.clone()),
                };
                self.k.memory.class(&node)
            }
            _ => Default::default(),
        }
    }

    fn ptr_of_class(&self, class: &super::memory::ClassInfo, base: Expr, off: Expr) -> PtrExpr {
        let objects: Vec<u32> = class.objects.iter().copied().collect();
        let base = if class.tracks_base() {
            base
        } else {
            Expr::bv(u128::from(objects[0]), 32)
        };
        PtrExpr {
            base,
            off,
            unit: class.unit.max(1),
            objects,
            tracks_base: class.tracks_base(),
        }
    }

    /// The (base, offset) of a pointer operand.
    pub fn pointer(&mut self, op: &Operand) -> Result<PtrExpr, FrontendError> {
        match op {
            Operand::LocalOperand { name, .. } => {
                if let Some(fixed) = self.fixed_ptrs.get(name) {
                    return Ok(fixed.clone());
                }
                let class = self.class_of_operand(op);
                if self.folding {
                    if let Some(e) = self.fold_pointer(name)? {
                        return Ok(e);
                    }
                }
                let ident = super::names::local_ident(name);
                Ok(self.ptr_of_class(&class, Expr::var(format!("{ident}$base")), Expr::var(ident)))
            }
            Operand::ConstantOperand(c) => self.constant_pointer(c),
            Operand::MetadataOperand => {
                Err(self.err_site(super::construct_names::METADATA_OPERAND.into()))
            }
        }
    }

    fn constant_pointer(&mut self, c: &llvm_ir::Constant) -> Result<PtrExpr, FrontendError> {
        use llvm_ir::Constant as C;
        let zero = Expr::bv(0, self.k.layout.ptr_bits);
        match c {
            C::GlobalReference { name, .. } => {
                let name = match name {
                    Name::Name(s) => s.to_string(),
                    Name::Number(n) => n.to_string(),
                };
                let id = *self.k.memory.global_objects.get(&name).ok_or_else(|| {
                    self.err_site(format!(
                        "the program-scope variable `{}`",
                        super::names::base_name(&name.to_string())
                    ))
                })?;
                let obj = self.k.memory.object(id);
                Ok(PtrExpr {
                    base: Expr::bv(u128::from(id), 32),
                    off: zero,
                    unit: obj.unit,
                    objects: vec![id],
                    tracks_base: false,
                })
            }
            C::Null(_) | C::Undef(_) | C::Poison(_) => Ok(PtrExpr {
                base: Expr::bv(0, 32),
                off: zero,
                unit: 1,
                objects: Vec::new(),
                tracks_base: true,
            }),
            C::BitCast(cast) => self.constant_pointer(&cast.operand),
            C::AddrSpaceCast(cast) => self.constant_pointer(&cast.operand),
            C::GetElementPtr(gep) => {
                let mut p = self.constant_pointer(&gep.address)?;
                let source = pointee(&self.k.module.type_of(gep.address.as_ref()))
                    .cloned()
                    .ok_or_else(|| self.err_site(super::construct_names::constant(c)))?;
                let indices: Vec<Result<i64, &Operand>> = gep
                    .indices
                    .iter()
                    .map(|i| {
                        super::ConstInt::const_int(i.as_ref())
                            .map(|v| v.signed)
                            .ok_or(&NO_OPERAND)
                    })
                    .collect();
                let offset = super::gep_offset(&self.k.layout, &source, &indices)
                    .map_err(|e| self.err_site(e))?;
                let units = offset.constant / p.unit as i64;
                p.off = super::inst::bv_add(
                    p.off,
                    super::inst::bv_const(units as i128, self.k.layout.ptr_bits),
                );
                Ok(p)
            }
            other => Err(self.err_site(super::construct_names::constant(other))),
        }
    }

    /// Lvalues for assigning pointer value `name` of class `class`.
    pub fn pointer_lhs(&mut self, name: &Name, class: &super::memory::ClassInfo) -> Vec<Lhs> {
        let ident = super::names::local_ident(name);
        let ptr_ty = self.k.ptr_type();
        self.declare_local(&ident, ptr_ty);
        let mut out = Vec::new();
        if class.tracks_base() {
            self.declare_local(&format!("{ident}$base"), Type::Bv(32));
            out.push(lhs(&format!("{ident}$base")));
        }
        out.push(lhs(&ident));
        out
    }

    /// The right-hand sides matching [`Self::pointer_lhs`].
    pub fn pointer_rhs(p: PtrExpr, class: &super::memory::ClassInfo) -> Vec<Expr> {
        if class.tracks_base() {
            vec![p.base, p.off]
        } else {
            vec![p.off]
        }
    }
}

static NO_OPERAND: Operand = Operand::MetadataOperand;

/// The assignment target `name` ([`ivl::build::lhs`] for a `&str`).
pub fn lhs(name: &str) -> Lhs {
    ivl::build::lhs(name)
}

pub fn label(name: &Name) -> String {
    match name {
        Name::Number(n) => format!("$bb{n}"),
        Name::Name(s) => super::names::sanitize(s),
    }
}

/// Lowers function `fi` of the kernel context.
pub fn lower_function(k: &mut KernelCtx<'_>, fi: usize) -> Result<Procedure, FrontendError> {
    let func = k.functions[fi];
    let ptr_ty = k.ptr_type();
    let mut params = Vec::new();
    let mut fixed_ptrs = HashMap::new();
    for (pi, param) in func.parameters.iter().enumerate() {
        let ident = super::names::local_ident(&param.name);
        if is_pointer(&param.ty) {
            let class = k.memory.class(&Node::Param(fi, pi));
            if fi == 0 {
                let id = k
                    .memory
                    .objects
                    .iter()
                    .find(|o| matches!(o.origin, super::memory::Origin::KernelArg(i) if i == pi))
                    .map(|o| o.id)
                    .unwrap_or(0);
                fixed_ptrs.insert(
                    param.name.clone(),
                    PtrExpr {
                        base: Expr::bv(u128::from(id), 32),
                        off: Expr::bv(0, k.layout.ptr_bits),
                        unit: class.unit.max(1),
                        objects: vec![id],
                        tracks_base: false,
                    },
                );
                continue;
            }
            if class.tracks_base() {
                params.push(TypedIdent::new(format!("{ident}$base"), Type::Bv(32)));
            }
            params.push(TypedIdent::new(ident, ptr_ty.clone()));
        } else if super::aggregate::is_aggregate(&k.layout, &param.ty) {
            for leaf in super::aggregate::leaves(&k.layout, &param.ty)
                .map_err(|e| FrontendError::unsupported(k.site(fi, None), e))?
            {
                let ty = k.layout.value_type(&leaf.ty).unwrap_or(Type::Bool);
                params.push(TypedIdent::new(
                    super::aggregate::leaf_name(&ident, &leaf.path),
                    ty,
                ));
            }
        } else if let Some((lanes, elem)) =
            super::wide_vectors::wide_vector_type(&k.layout, &param.ty)
        {
            // A vector wider than one bit-vector: one parameter per lane
            // (lower/wide_vectors.rs).
            let ty = k.layout.value_type(&elem).ok_or_else(|| {
                FrontendError::unsupported(
                    k.site(fi, None),
                    format!("a parameter of type `{}`", param.ty),
                )
            })?;
            for lane in 0..lanes {
                params.push(TypedIdent::new(format!("{ident}$lane{lane}"), ty.clone()));
            }
        } else {
            let ty = k.layout.value_type(&param.ty).ok_or_else(|| {
                FrontendError::unsupported(
                    k.site(fi, None),
                    format!("a parameter of type `{}`", param.ty),
                )
            })?;
            params.push(TypedIdent::new(ident, ty));
        }
    }
    let mut returns = Vec::new();
    if is_pointer(&func.return_type) {
        if k.memory.class(&Node::Ret(fi)).tracks_base() {
            returns.push(TypedIdent::new("$ret$base", Type::Bv(32)));
        }
        returns.push(TypedIdent::new("$ret", ptr_ty));
    } else if super::aggregate::is_aggregate(&k.layout, &func.return_type) {
        for leaf in super::aggregate::leaves(&k.layout, &func.return_type)
            .map_err(|e| FrontendError::unsupported(k.site(fi, None), e))?
        {
            let ty = k.layout.value_type(&leaf.ty).unwrap_or(Type::Bool);
            returns.push(TypedIdent::new(
                super::aggregate::leaf_name("$ret", &leaf.path),
                ty,
            ));
        }
    } else if let Some((lanes, elem)) =
        super::wide_vectors::wide_vector_type(&k.layout, &func.return_type)
    {
        // A vector wider than one bit-vector: one result per lane.
        let ty = k.layout.value_type(&elem).ok_or_else(|| {
            FrontendError::unsupported(
                k.site(fi, None),
                format!("a return value of type `{}`", func.return_type),
            )
        })?;
        for lane in 0..lanes {
            returns.push(TypedIdent::new(format!("$ret$lane{lane}"), ty.clone()));
        }
    } else if !matches!(func.return_type.as_ref(), llvm_ir::Type::VoidType) {
        let ty = k.layout.value_type(&func.return_type).ok_or_else(|| {
            FrontendError::unsupported(
                k.site(fi, None),
                format!("a return value of type `{}`", func.return_type),
            )
        })?;
        returns.push(TypedIdent::new("$ret", ty));
    }
    let param_names: HashSet<String> = params
        .iter()
        .chain(&returns)
        .map(|p| p.name.name.clone())
        .collect();
    let mut cx = FnCtx {
        k,
        fi,
        func,
        locals: Vec::new(),
        local_names: HashSet::new(),
        blocks: Vec::new(),
        cur_label: String::new(),
        cur_stmts: Vec::new(),
        cur_loc: None,
        fresh: 0,
        requires: Vec::new(),
        ensures: Vec::new(),
        fixed_ptrs,
        param_names,
        block_instrs: &[],
        inst_index: 0,
        block_last_fold: None,
        folding: false,
        fold_loads: false,
        folded_load_min: None,
        fold_across_blocks: false,
        pending_barrier_invariants: Vec::new(),
        barrier_permissions: Vec::new(),
        range_bases: None,
        cmpxchg_results: func
            .basic_blocks
            .iter()
            .flat_map(|b| &b.instrs)
            .filter_map(|i| match i {
                llvm_ir::Instruction::CmpXchg(c) => Some(c.dest.clone()),
                _ => None,
            })
            .collect(),
    };
    for (bi, block) in func.basic_blocks.iter().enumerate() {
        cx.start_block(label(&block.name));
        if bi == 0 {
            cx.check_flag_values()?;
            cx.kernel_arg_constraints()?;
            cx.byval_entry_assumptions();
            cx.constant_initialisers();
        }
        cx.block_instrs = &block.instrs;
        cx.block_last_fold = cx.last_fold();
        for (ii, inst) in block.instrs.iter().enumerate() {
            cx.inst_index = ii;
            cx.set_loc(inst.get_debug_loc());
            cx.instruction(inst, bi == 0)?;
        }
        cx.terminator(block)?;
    }
    let mut body = Body {
        locals: std::mem::take(&mut cx.locals),
        blocks: std::mem::take(&mut cx.blocks),
    };
    super::annotations::hoist_loop_annotations(&mut body).map_err(|(what, loc)| {
        FrontendError::unsupported(cx.k.site(fi, None).with_loc(loc), what)
    })?;
    let k = &*cx.k;
    let mut attrs = Vec::new();
    if fi == 0 {
        attrs.push(Attribute::new(ivl::kernel::KERNEL_ATTR, vec![]));
    }
    attrs.push(attr_str(ivl::kernel::SOURCE_NAME_ATTR, &k.source_name(fi)));
    if let Some(loc) = &func.debugloc {
        attrs.push(source_attr(loc));
    }
    let modifies = k
        .memory
        .objects
        .iter()
        .filter(|o| o.space != Space::Constant)
        .flat_map(|o| {
            let bases = o
                .holds_pointers
                .then(|| Ident::synthetic(format!("{}$base", o.ivl_name)));
            std::iter::once(Ident::synthetic(o.ivl_name.clone())).chain(bases)
        })
        .collect();
    Ok(Procedure {
        attrs,
        name: Ident::synthetic(k.proc_names[fi].clone()),
        params,
        returns,
        requires: std::mem::take(&mut cx.requires),
        modifies,
        ensures: std::mem::take(&mut cx.ensures),
        body: Some(body),
        span: ivl::Span::DUMMY,
    })
}

impl crate::error::Site {
    fn with_loc(mut self, loc: Option<crate::error::SourceLoc>) -> Self {
        if loc.is_some() {
            self.loc = loc;
        }
        self
    }
}

/// Free variables of an expression (for contract and hoisting checks).
pub fn free_vars(e: &Expr, out: &mut HashSet<String>) {
    out.extend(ivl::visit::free_vars(e));
}
