//! Ranges reserved by one atomic add per work-group and broadcast to the
//! group (OpenCL 2.0 stream compaction):
//!
//! ```c
//! uint base = 0;
//! if (get_local_id(0) == 0) base = atomic_add(counter, total);
//! base = work_group_broadcast(base, 0);
//! if (flag) out[base + prefix] = v;   // prefix < total
//! ```
//!
//! Fact modelled: a counter that is only ever changed by atomic adds hands
//! every add the range `[r, r + step)` (`r` the old value), disjoint from
//! every other add's range while the counter does not wrap around. So each
//! value of the range belongs to the work-group whose work item took it:
//! after `y = add B, X` with `B` such a broadcast base the frontend assumes
//! `X <u step && step <u 2^(w-16) ==> $range_owner.<counter>.group_id_<c>(base, offset, y) == group_id_<c>`
//! for `c` in x, y, z (`$range_owner.*` uninterpreted, the same for both
//! threads of the product). The bound is a guard, never assumed: the
//! verifier must prove `X < step` on the path for the fact to apply.
//!
//! Consumes: the lowered `add`, and the function's LLVM IR. Guarantees: a
//! fact is emitted only when
//! - `B = work_group_broadcast(x, 0)` (the one-dimensional form, from
//!   work-item 0, which every group has) and `x` is either the result `R` of the atomic add or
//!   `phi [c, D], [R, T]` where `D` ends in `br (get_local_id(0) == 0), T, P`,
//!   `T` (only reached from `D`) holds `R` and falls into the phi's block
//!   `P`: the broadcasting work item took the add's result;
//! - the add's step is group-uniform (literal, kernel argument, result of
//!   a uniform collective or group query, or integer arithmetic of those)
//!   and defined in a block dominating `D`, so this work item's `step` is
//!   the broadcasting work item's;
//! - the counter's address is a constant or a kernel argument (known at
//!   the `add`) naming global memory only (a `__local` counter is one per
//!   group, a private one per work item), at least 32 bits wide;
//! - every write the points-to analysis allows into the counter's objects,
//!   in every function, is an atomic add or increment (no store, exchange,
//!   subtraction, compare-and-swap or other library write).
//!
//! The base may also reach the group through `__local` memory: `if
//! (get_local_id(0) == 0) s_base = atomic_add(..); barrier(..); base =
//! s_base;` when that store is the only write into `s_base` (a `__local`
//! scalar) in the kernel, its block is reached only on that test, the test's
//! block dominates the load, and every path from the store to the load
//! passes a barrier: the load then reads work-item 0's result.
//!
//! The `__local` form's owner test may be any conjunction of
//! `get_local_id(d) == 0` (CUDA `threadIdx.d == 0`) tests, as one branch
//! or a chain of branches: it only has to hold for some work item of every
//! group (local id (0, 0, 0)), since the fact ties a range to the group of
//! whoever reserved it. CUDA's `__syncthreads()` is a barrier there, and a
//! step that is a launch query or a product of them (`blockDim.x *
//! blockDim.y`, computed in the reserving branch) is recomputed from the
//! launch constants where the fact is emitted.
//!
//! The no-wrap assumption is listed in the verdict's `assuming:` line
//! (src/kernel_report.rs reads the `$range_owner.<counter>.<component>`
//! declarations; SOUNDNESS.md).

use super::atomic_slots::{positive_step, MIN_COUNTER_BITS, MODEL_FACT_ATTR};
use super::function::FnCtx;
use super::names::base_name;
use super::ConstInt;
use crate::error::FrontendError;
use ivl::ast::{Attribute, BinaryOp as B, Expr, StmtKind, Type};
use llvm_ir::instruction::RMWBinOp;
use llvm_ir::terminator::Terminator;
use llvm_ir::{Constant, Function, Instruction as I, Name, Operand};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Prefix of the range owner functions (the report names the counters).
pub const RANGE_OWNER_PREFIX: &str = "$range_owner";

/// A broadcast value that is the start of a range an atomic add reserved
/// for the work-group.
#[derive(Clone, Debug)]
pub struct RangeBase {
    /// The counter's address operand.
    address: Operand,
    /// The add's step.
    step: Operand,
    /// The counter's width.
    width: u32,
}

/// The `add` results of a function computed from range bases: each with
/// its base's name and range.
#[derive(Clone, Debug, Default)]
pub struct RangeBases {
    derived: HashMap<Name, (Name, RangeBase)>,
}

/// The callee's name of a direct call.
fn callee_name(call: &llvm_ir::instruction::Call) -> Option<String> {
    match &call.function {
        either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
            Constant::GlobalReference {
                name: Name::Name(n),
                ..
            } => Some(n.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// The (address, step) of an atomic add or increment instruction.
fn atomic_add(inst: &I) -> Option<(Operand, Operand)> {
    match inst {
        I::AtomicRMW(a) if a.operation == RMWBinOp::Add => {
            Some((a.address.clone(), a.value.clone()))
        }
        I::Call(call) => {
            let callee = callee_name(call)?;
            let base = base_name(&callee);
            let add = matches!(
                base,
                "atomic_add" | "atom_add" | "__atomic_fetch_add_4" | "__atomic_fetch_add_8"
            ) || base == "atomic_fetch_add"
                || base == "atomic_fetch_add_explicit";
            if add && call.arguments.len() >= 2 {
                Some((call.arguments[0].0.clone(), call.arguments[1].0.clone()))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether a call only increments its first argument (any step).
fn is_add_or_inc(base: &str) -> bool {
    matches!(
        base,
        "atomic_inc"
            | "atom_inc"
            | "atomic_add"
            | "atom_add"
            | "__atomic_fetch_add_4"
            | "__atomic_fetch_add_8"
            | "atomic_fetch_add"
            | "atomic_fetch_add_explicit"
    )
}

fn def_of<'f>(func: &'f Function, name: &Name) -> Option<(usize, &'f I)> {
    func.basic_blocks.iter().enumerate().find_map(|(bi, b)| {
        b.instrs
            .iter()
            .find(|i| i.try_get_result() == Some(name))
            .map(|i| (bi, i))
    })
}

fn block_index(func: &Function, name: &Name) -> Option<usize> {
    func.basic_blocks.iter().position(|b| &b.name == name)
}

/// The successors of a terminator; `None` for kinds not modelled here.
fn successors(t: &Terminator) -> Option<Vec<Name>> {
    Some(match t {
        Terminator::Br(b) => vec![b.dest.clone()],
        Terminator::CondBr(c) => vec![c.true_dest.clone(), c.false_dest.clone()],
        Terminator::Switch(s) => {
            let mut v: Vec<Name> = s.dests.iter().map(|(_, d)| d.clone()).collect();
            v.push(s.default_dest.clone());
            v
        }
        Terminator::Ret(_) | Terminator::Unreachable(_) => Vec::new(),
        _ => return None,
    })
}

/// Whether block `a` dominates block `b`: `b` is unreachable from the
/// entry when `a` is removed.
fn dominates(func: &Function, a: usize, b: usize) -> bool {
    if a == b || a == 0 {
        return true;
    }
    let mut seen = HashSet::from([0usize]);
    let mut stack = vec![0usize];
    while let Some(x) = stack.pop() {
        if x == b {
            return false;
        }
        let Some(next) = successors(&func.basic_blocks[x].term) else {
            return false;
        };
        for s in next {
            let Some(si) = block_index(func, &s) else {
                return false;
            };
            if si != a && seen.insert(si) {
                stack.push(si);
            }
        }
    }
    true
}

impl FnCtx<'_, '_> {
    /// After `dest = add a, b` (or `sub`): the range owner facts when
    /// `dest` is computed from a broadcast range base.
    pub(crate) fn range_owner_facts(&mut self, dest: &Name) -> Result<(), FrontendError> {
        if self.range_bases.is_none() {
            let bases = self.find_range_bases();
            self.range_bases = Some(bases);
        }
        let bases = self.range_bases.as_ref().expect("computed above");
        let Some((b, rb)) = bases.derived.get(dest).cloned() else {
            return Ok(());
        };
        let w = rb.width;
        let p = self.pointer(&rb.address)?;
        // A launch query's local may be unassigned here (computed only in
        // the reserving branch): its expression instead.
        let step = if self.is_launch_expr(&rb.step, 3) {
            match self.launch_expr(&rb.step, 3) {
                Some(e) => e,
                None => return Ok(()),
            }
        } else {
            self.value(&rb.step)?
        };
        let y = Expr::var(super::names::local_ident(dest));
        let offset = Expr::binary(B::Sub, y.clone(), Expr::var(super::names::local_ident(&b)));
        let names: Vec<String> = p
            .objects
            .iter()
            .map(|&id| self.k.memory.object(id).source_name.clone())
            .collect();
        let guard = Expr::and(
            Expr::binary(B::BvULt, offset, step.clone()),
            Expr::binary(B::BvULt, step, Expr::bv(1u128 << (w - 16), w)),
        );
        let pw = self.k.layout.ptr_bits;
        for component in ["group_id_x", "group_id_y", "group_id_z"] {
            let owner = self.uninterpreted(
                &format!("{RANGE_OWNER_PREFIX}.{}.{component}", names.join(".")),
                vec![Type::Bv(32), Type::Bv(pw), Type::Bv(w)],
                Type::Bv(32),
                vec![p.base.clone(), p.off.clone(), y.clone()],
            );
            self.emit(
                StmtKind::Assume(Expr::implies(
                    guard.clone(),
                    Expr::eq(owner, Expr::var(component)),
                )),
                vec![Attribute::new(MODEL_FACT_ATTR, vec![])],
            );
        }
        Ok(())
    }

    /// The broadcast results of this function that are range bases, and
    /// the `add`/`sub` results computed from them.
    fn find_range_bases(&mut self) -> RangeBases {
        let func = self.func;
        let mut out = HashMap::new();
        let add_operands: HashSet<&Name> = func
            .basic_blocks
            .iter()
            .flat_map(|b| &b.instrs)
            .flat_map(|i| match i {
                I::Add(a) => vec![&a.operand0, &a.operand1],
                I::Sub(a) => vec![&a.operand0],
                _ => Vec::new(),
            })
            .filter_map(|o| match o {
                Operand::LocalOperand { name, .. } => Some(name),
                _ => None,
            })
            .collect();
        for (bi, block) in func.basic_blocks.iter().enumerate() {
            for (ii, inst) in block.instrs.iter().enumerate() {
                if let I::Load(load) = inst {
                    // A `__local` scalar named directly, whose value an
                    // `add`/`sub` uses.
                    if load.atomicity.is_none()
                        && matches!(load.address, Operand::ConstantOperand(_))
                        && add_operands.contains(&load.dest)
                    {
                        if let Some(rb) = self.range_base_of_local_load(bi, ii, load) {
                            out.insert(load.dest.clone(), rb);
                        }
                    }
                    continue;
                }
                let I::Call(call) = inst else { continue };
                let (Some(dest), Some(callee)) = (&call.dest, callee_name(call)) else {
                    continue;
                };
                if base_name(&callee) != "work_group_broadcast" || call.arguments.len() != 2 {
                    continue;
                }
                // Only from work-item 0, which every group has.
                if call.arguments[1].0.const_int().map(|c| c.unsigned) != Some(0) {
                    continue;
                }
                let k = 0;
                if let Some(rb) = self.range_base_of(bi, &call.arguments[0].0, k) {
                    out.insert(dest.clone(), rb);
                }
            }
        }
        // `y = B + X`, `y = B + X - 1`, ...: the fact's guard is
        // `y - B <u step`, whatever the other operands are.
        let mut derived: HashMap<Name, (Name, RangeBase)> = HashMap::new();
        if !out.is_empty() {
            loop {
                let before = derived.len();
                for inst in func.basic_blocks.iter().flat_map(|b| &b.instrs) {
                    let (dest, ops) = match inst {
                        I::Add(i) => (&i.dest, vec![&i.operand0, &i.operand1]),
                        I::Sub(i) => (&i.dest, vec![&i.operand0]),
                        _ => continue,
                    };
                    if derived.contains_key(dest) {
                        continue;
                    }
                    let from = ops.iter().find_map(|o| match o {
                        Operand::LocalOperand { name, .. } => out
                            .get(name)
                            .map(|rb| (name.clone(), rb.clone()))
                            .or_else(|| derived.get(name).cloned()),
                        _ => None,
                    });
                    if let Some(from) = from {
                        derived.insert(dest.clone(), from);
                    }
                }
                if derived.len() == before {
                    break;
                }
            }
        }
        RangeBases { derived }
    }

    /// When `x`, broadcast in block `bi` from local id `k`, is the result
    /// of a qualifying atomic add at the broadcasting work item.
    fn range_base_of(&mut self, bi: usize, x: &Operand, k: u64) -> Option<RangeBase> {
        let func = self.func;
        let Operand::LocalOperand { name, .. } = x else {
            return None;
        };
        let (xb, def) = def_of(func, name)?;
        // `guard_block`: a block every path to the add passes, dominating
        // the broadcast; the step must be defined in a block dominating it.
        let (atomic, guard_block) = match def {
            I::Phi(phi) if phi.incoming_values.len() == 2 => {
                let (r, t) = phi.incoming_values.iter().find_map(|(v, b)| match v {
                    Operand::LocalOperand { name, .. } => Some((name.clone(), b.clone())),
                    _ => None,
                })?;
                let (c, d) = phi.incoming_values.iter().find(|(_, b)| b != &t).cloned()?;
                if !matches!(c, Operand::ConstantOperand(_)) {
                    return None;
                }
                let di = block_index(func, &d)?;
                let ti = block_index(func, &t)?;
                let Terminator::CondBr(br) = &func.basic_blocks[di].term else {
                    return None;
                };
                if br.true_dest != t || br.false_dest != func.basic_blocks[xb].name {
                    return None;
                }
                // `T` is reached only from `D` and falls into the phi.
                let preds = func
                    .basic_blocks
                    .iter()
                    .filter(|b| successors(&b.term).is_none_or(|s| s.contains(&t)))
                    .count();
                let Terminator::Br(tb) = &func.basic_blocks[ti].term else {
                    return None;
                };
                if preds != 1 || tb.dest != func.basic_blocks[xb].name {
                    return None;
                }
                if !self.is_local_id_test(&br.condition, k) {
                    return None;
                }
                let (ri, atomic) = def_of(func, &r)?;
                if ri != ti {
                    return None;
                }
                (atomic, di)
            }
            other => (other, xb),
        };
        if !dominates(func, guard_block, bi) {
            return None;
        }
        self.qualifying_add(atomic, guard_block)
    }

    /// The range of atomic add `atomic` when its step is group-uniform and
    /// defined in a block dominating `guard_block`, and its counter is a
    /// known global object only ever added to.
    fn qualifying_add(&mut self, atomic: &I, guard_block: usize) -> Option<RangeBase> {
        let func = self.func;
        let (address, step) = atomic_add(atomic)?;
        let width = self.k.layout.bits(&self.k.module.type_of(&step))? as u32;
        if width < MIN_COUNTER_BITS {
            return None;
        }
        if !self.uniform_value(&step, guard_block, 8) {
            return None;
        }
        // The address must be known wherever the add is.
        let known = match &address {
            Operand::ConstantOperand(_) => true,
            Operand::LocalOperand { name, .. } => {
                self.is_kernel() && func.parameters.iter().any(|p| &p.name == name)
            }
            Operand::MetadataOperand => false,
        };
        if !known {
            return None;
        }
        let objects = self.objects_of(self.fi, &address);
        if objects.is_empty()
            || objects
                .iter()
                .any(|&id| self.k.memory.object(id).space != super::memory::Space::Global)
            || !self.only_added(&objects)
        {
            return None;
        }
        Some(RangeBase {
            address,
            step,
            width,
        })
    }

    /// When `load` (in block `li`, at index `ii`) reads a `__local` scalar
    /// whose only write in the kernel stores a qualifying atomic add's
    /// result in a block `T` reached only from `D` on `get_local_id(0) ==
    /// K`, with `D` dominating the load and a barrier on every path from
    /// `T` to the load: the broadcasting work item's range.
    fn range_base_of_local_load(
        &mut self,
        li: usize,
        ii: usize,
        load: &llvm_ir::instruction::Load,
    ) -> Option<RangeBase> {
        let func = self.func;
        let objects = self.objects_of(self.fi, &load.address);
        if objects.len() != 1
            || objects
                .iter()
                .any(|&id| self.k.memory.object(id).space != super::memory::Space::GroupShared)
        {
            return None;
        }
        // The only write into the object, anywhere.
        let functions = self.k.functions.clone();
        let mut writes = Vec::new();
        for (fi, f) in functions.iter().enumerate() {
            for (bi, b) in f.basic_blocks.iter().enumerate() {
                for inst in &b.instrs {
                    let hits = |this: &mut Self, op: &Operand| {
                        !this.objects_of(fi, op).is_disjoint(&objects)
                    };
                    let write = match inst {
                        I::Store(s) => hits(self, &s.address),
                        I::AtomicRMW(a) => hits(self, &a.address),
                        I::CmpXchg(c) => hits(self, &c.address),
                        I::Call(call) => {
                            let name = callee_name(call).unwrap_or_default();
                            !name.starts_with("llvm.dbg.")
                                && !name.starts_with("llvm.lifetime.")
                                && call.arguments.iter().any(|(a, _)| hits(self, a))
                        }
                        _ => false,
                    };
                    if write {
                        writes.push((fi, bi, inst));
                    }
                }
            }
        }
        let [(wf, ti, I::Store(store))] = writes.as_slice() else {
            return None;
        };
        if *wf != self.fi || store.atomicity.is_some() {
            return None;
        }
        let Operand::LocalOperand { name: r, .. } = &store.value else {
            return None;
        };
        let (ri, atomic) = def_of(func, r)?;
        if ri != *ti {
            return None;
        }
        // `T`'s only predecessor `D` takes it on `get_local_id(0) == K`.
        let t = &func.basic_blocks[*ti].name;
        let preds: Vec<usize> = (0..func.basic_blocks.len())
            .filter(|&b| successors(&func.basic_blocks[b].term).is_none_or(|s| s.contains(t)))
            .collect();
        let [mut di] = preds.as_slice() else {
            return None;
        };
        // `D` takes `T` on an owner test; a `D` not dominating the load
        // must itself be reached only on an owner test (`a && b` as two
        // branches), up to a block that dominates the load.
        let mut taken = *ti;
        for _ in 0..4 {
            let Terminator::CondBr(br) = &func.basic_blocks[di].term else {
                return None;
            };
            let target = &func.basic_blocks[taken].name;
            if &br.true_dest != target
                || br.false_dest == *target
                || !self.is_owner_test(&br.condition, 3)
            {
                return None;
            }
            if dominates(func, di, li) {
                break;
            }
            let d_name = &func.basic_blocks[di].name;
            let preds: Vec<usize> = (0..func.basic_blocks.len())
                .filter(|&b| {
                    successors(&func.basic_blocks[b].term).is_none_or(|s| s.contains(d_name))
                })
                .collect();
            let [p] = preds.as_slice() else {
                return None;
            };
            taken = di;
            di = *p;
        }
        if !dominates(func, di, li) || !barrier_between(func, *ti, li, ii) {
            return None;
        }
        self.qualifying_add(atomic, di)
    }

    /// Whether `c` is `get_local_id(0) == k` (either operand order).
    fn is_local_id_test(&self, c: &Operand, k: u64) -> bool {
        let Operand::LocalOperand { name, .. } = c else {
            return false;
        };
        let Some((_, I::ICmp(cmp))) = def_of(self.func, name) else {
            return false;
        };
        if cmp.predicate != llvm_ir::IntPredicate::EQ {
            return false;
        }
        let is_k = |o: &Operand| o.const_int().is_some_and(|v| v.unsigned == k);
        let is_lid = |o: &Operand| self.is_local_id_x(o, 3);
        (is_lid(&cmp.operand0) && is_k(&cmp.operand1))
            || (is_lid(&cmp.operand1) && is_k(&cmp.operand0))
    }

    /// Whether `o` is `get_local_id(0)` or CUDA's `threadIdx.x` (possibly
    /// truncated or extended).
    fn is_local_id_x(&self, o: &Operand, depth: u32) -> bool {
        self.local_id_dim(o, depth) == Some(0)
    }

    /// The dimension `d` when `o` is `get_local_id(d)` (a constant `d` <
    /// 3) or CUDA's `threadIdx.{x,y,z}`, possibly truncated or extended.
    fn local_id_dim(&self, o: &Operand, depth: u32) -> Option<u64> {
        let Operand::LocalOperand { name, .. } = o else {
            return None;
        };
        match def_of(self.func, name)? {
            (_, I::Call(call)) => {
                let callee = callee_name(call)?;
                if let Some(d) = callee.strip_prefix("llvm.nvvm.read.ptx.sreg.tid.") {
                    return ["x", "y", "z"]
                        .iter()
                        .position(|x| *x == d)
                        .map(|d| d as u64);
                }
                if base_name(&callee) != "get_local_id" || call.arguments.len() != 1 {
                    return None;
                }
                call.arguments[0]
                    .0
                    .const_int()
                    .map(|v| v.unsigned)
                    .filter(|d| *d < 3)
            }
            (_, I::Trunc(t)) if depth > 0 => self.local_id_dim(&t.operand, depth - 1),
            (_, I::ZExt(t)) if depth > 0 => self.local_id_dim(&t.operand, depth - 1),
            _ => None,
        }
    }

    /// Whether `c` holds for the work item of local id (0, 0, 0), which
    /// every group has: `get_local_id(d) == 0` (or `threadIdx.d == 0`)
    /// for any dimension `d`, or a conjunction of such tests (`a && b` as
    /// clang emits it: `select a, b, false` or `and a, b`; or `(a | b) ==
    /// 0` of local ids). Used where some work item of the group must have
    /// taken the branch; not where the taker must be one given item.
    fn is_owner_test(&self, c: &Operand, depth: u32) -> bool {
        let Operand::LocalOperand { name, .. } = c else {
            return false;
        };
        let zero = |o: &Operand| o.const_int().is_some_and(|v| v.unsigned == 0);
        match def_of(self.func, name) {
            Some((_, I::ICmp(cmp))) if cmp.predicate == llvm_ir::IntPredicate::EQ => {
                let ids_or = |o: &Operand| self.local_ids_or(o, 3);
                (ids_or(&cmp.operand0) && zero(&cmp.operand1))
                    || (ids_or(&cmp.operand1) && zero(&cmp.operand0))
            }
            Some((_, I::Select(sel))) if depth > 0 => {
                // `a ? b : false`
                let false_const = sel.false_value.const_int().is_some_and(|v| v.unsigned == 0);
                false_const
                    && self.is_owner_test(&sel.condition, depth - 1)
                    && self.is_owner_test(&sel.true_value, depth - 1)
            }
            Some((_, I::And(a))) if depth > 0 => {
                self.is_owner_test(&a.operand0, depth - 1)
                    && self.is_owner_test(&a.operand1, depth - 1)
            }
            _ => false,
        }
    }

    /// Whether `o` is a local id or an `or` of local ids (all of them 0 at
    /// work item (0, 0, 0)).
    fn local_ids_or(&self, o: &Operand, depth: u32) -> bool {
        if self.local_id_dim(o, 3).is_some() {
            return true;
        }
        let Operand::LocalOperand { name, .. } = o else {
            return false;
        };
        match def_of(self.func, name) {
            Some((_, I::Or(x))) if depth > 0 => {
                self.local_ids_or(&x.operand0, depth - 1)
                    && self.local_ids_or(&x.operand1, depth - 1)
            }
            _ => false,
        }
    }

    /// The value of `o` when it is a launch query or a product of launch
    /// queries of one width (`blockDim.x * blockDim.y`), as an expression
    /// of the launch constants: valid wherever the group evaluates it.
    fn launch_expr(&mut self, o: &Operand, depth: u32) -> Option<Expr> {
        if let Some(call) = self.launch_query(o).cloned() {
            return self.pure_call(&call).ok().flatten();
        }
        let Operand::LocalOperand { name, .. } = o else {
            return None;
        };
        let (_, I::Mul(m)) = def_of(self.func, name)? else {
            return None;
        };
        if depth == 0 {
            return None;
        }
        let (a, b) = (m.operand0.clone(), m.operand1.clone());
        let a = self.launch_expr(&a, depth - 1)?;
        let b = self.launch_expr(&b, depth - 1)?;
        Some(Expr::binary(B::Mul, a, b))
    }

    /// Whether `o` is a launch query or a product of them (`launch_expr`).
    fn is_launch_expr(&self, o: &Operand, depth: u32) -> bool {
        if self.launch_query(o).is_some() {
            return true;
        }
        let Operand::LocalOperand { name, .. } = o else {
            return false;
        };
        match def_of(self.func, name) {
            Some((_, I::Mul(m))) if depth > 0 => {
                self.is_launch_expr(&m.operand0, depth - 1)
                    && self.is_launch_expr(&m.operand1, depth - 1)
            }
            _ => false,
        }
    }

    /// The call of a launch query (`get_local_size(d)`, `get_num_groups`,
    /// `get_group_id`, `get_global_size` of a constant dimension, CUDA's
    /// `blockDim`, `gridDim`, `blockIdx`) defining `o`: its value is the
    /// same for every work item of the group wherever it is computed.
    fn launch_query<'f>(&'f self, o: &Operand) -> Option<&'f llvm_ir::instruction::Call> {
        let Operand::LocalOperand { name, .. } = o else {
            return None;
        };
        let (_, I::Call(call)) = def_of(self.func, name)? else {
            return None;
        };
        let callee = callee_name(call)?;
        let cuda = ["ntid.", "nctaid.", "ctaid."].iter().any(|r| {
            callee
                .strip_prefix("llvm.nvvm.read.ptx.sreg.")
                .is_some_and(|rest| rest.starts_with(r))
        });
        let opencl = [
            "get_local_size",
            "get_num_groups",
            "get_group_id",
            "get_global_size",
        ]
        .contains(&base_name(&callee))
            && call.arguments.len() == 1
            && call.arguments[0].0.const_int().is_some();
        (cuda || opencl).then_some(call)
    }

    /// Whether `o` has the same value at every work item of the group and
    /// is defined in a block dominating block `at`.
    fn uniform_value(&self, o: &Operand, at: usize, depth: u32) -> bool {
        let name = match o {
            Operand::ConstantOperand(c) => return matches!(c.as_ref(), Constant::Int { .. }),
            Operand::LocalOperand { name, .. } => name,
            Operand::MetadataOperand => return false,
        };
        if self.func.parameters.iter().any(|p| &p.name == name) {
            return self.is_kernel();
        }
        // A launch query has one value in the group wherever it is computed
        // (`range_owner_facts` recomputes it rather than read its local).
        if self.is_launch_expr(o, 3) {
            return true;
        }
        let Some((bi, def)) = def_of(self.func, name) else {
            return false;
        };
        if depth == 0 || !dominates(self.func, bi, at) {
            return false;
        }
        let both = |a: &Operand, b: &Operand| {
            self.uniform_value(a, at, depth - 1) && self.uniform_value(b, at, depth - 1)
        };
        match def {
            I::Call(call) => callee_name(call).is_some_and(|c| {
                let b = base_name(&c);
                [
                    "work_group_reduce_",
                    "work_group_broadcast",
                    "work_group_any",
                    "work_group_all",
                ]
                .iter()
                .any(|p| b.starts_with(p))
                    || ([
                        "get_local_size",
                        "get_num_groups",
                        "get_group_id",
                        "get_global_size",
                    ]
                    .contains(&b)
                        && call
                            .arguments
                            .iter()
                            .all(|(a, _)| matches!(a, Operand::ConstantOperand(_))))
            }),
            I::Add(i) => both(&i.operand0, &i.operand1),
            I::Sub(i) => both(&i.operand0, &i.operand1),
            I::Mul(i) => both(&i.operand0, &i.operand1),
            I::Shl(i) => both(&i.operand0, &i.operand1),
            I::ZExt(c) => self.uniform_value(&c.operand, at, depth - 1),
            I::Trunc(c) => self.uniform_value(&c.operand, at, depth - 1),
            _ => false,
        }
    }

    /// Whether a step is non-negative and small by construction (a run-time
    /// step such as a kernel argument may be negative and rewind the
    /// counter, so that ranges repeat): a positive literal, a 0/1 flag, the
    /// work-group sum of a 0/1 flag, or the work-group size.
    fn small_step(&self, fi: usize, op: &Operand) -> bool {
        if op.const_int().is_some() {
            return positive_step(op);
        }
        if fi != self.fi {
            return false;
        }
        if self.is_zero_one_flag(op) {
            return true;
        }
        let Operand::LocalOperand { name, .. } = op else {
            return false;
        };
        match def_of(self.func, name) {
            Some((_, I::Call(call))) => callee_name(call).is_some_and(|c| {
                let b = base_name(&c);
                (b.starts_with("work_group_reduce_add")
                    && call
                        .arguments
                        .first()
                        .is_some_and(|(a, _)| self.is_zero_one_flag(a)))
                    || c.starts_with("llvm.nvvm.read.ptx.sreg.ntid.")
                    || (b == "get_local_size"
                        && call
                            .arguments
                            .iter()
                            .all(|(a, _)| matches!(a, Operand::ConstantOperand(_))))
            }),
            // The group's size in two or three dimensions (as small as
            // one dimension's size under the printed no-wrap assumption).
            Some((_, I::Mul(m))) => [&m.operand0, &m.operand1].iter().all(|o| {
                self.launch_query(o).is_some_and(|c| {
                    callee_name(c).is_some_and(|n| {
                        base_name(&n) == "get_local_size"
                            || n.starts_with("llvm.nvvm.read.ptx.sreg.ntid.")
                    })
                }) || matches!(o, Operand::LocalOperand { .. }) && self.small_step(fi, o)
            }),
            Some((_, I::ZExt(z))) => self.small_step(fi, &z.operand),
            Some((_, I::Trunc(t))) => self.small_step(fi, &t.operand),
            _ => false,
        }
    }

    /// Whether every write into `objects` anywhere in the kernel is an
    /// atomic add or increment of a small non-negative step.
    fn only_added(&mut self, objects: &BTreeSet<u32>) -> bool {
        let functions = self.k.functions.clone();
        for (fi, func) in functions.iter().enumerate() {
            for inst in func.basic_blocks.iter().flat_map(|b| &b.instrs) {
                let hits =
                    |this: &mut Self, op: &Operand| !this.objects_of(fi, op).is_disjoint(objects);
                let ok = match inst {
                    I::Store(s) => !hits(self, &s.address),
                    I::CmpXchg(c) => !hits(self, &c.address),
                    I::AtomicRMW(a) => {
                        !hits(self, &a.address)
                            || (a.operation == RMWBinOp::Add && self.small_step(fi, &a.value))
                    }
                    I::Call(call) => {
                        let callee = callee_name(call).unwrap_or_default();
                        let has_body = functions.iter().any(|f| f.name == callee);
                        let base = base_name(&callee);
                        let reaches = call.arguments.iter().any(|(a, _)| hits(self, a));
                        let step_ok = call
                            .arguments
                            .get(1)
                            .is_none_or(|(v, _)| self.small_step(fi, v));
                        !reaches
                            || has_body
                            || (is_add_or_inc(base) && step_ok)
                            || base.starts_with("atomic_load")
                            || callee.starts_with("llvm.dbg.")
                            || callee.starts_with("llvm.lifetime.")
                    }
                    _ => true,
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether `inst` calls a work-group barrier that orders the group (not
/// a `work_group_barrier` of a narrower memory scope, which fences
/// nothing, or of a scope known only at run time:
/// `FnCtx::barrier_scope_wide`).
fn is_barrier(inst: &I) -> bool {
    let I::Call(call) = inst else {
        return false;
    };
    let callee = callee_name(call);
    if callee.as_deref().is_some_and(|c| {
        matches!(
            c,
            "llvm.nvvm.barrier0"
                | "llvm.nvvm.barrier0.and"
                | "llvm.nvvm.barrier0.or"
                | "llvm.nvvm.barrier0.popc"
        )
    }) {
        return true;
    }
    match callee.as_deref().map(base_name) {
        Some("barrier") => true,
        Some("work_group_barrier") => call
            .arguments
            .get(1)
            .is_none_or(|(scope, _)| matches!(scope.const_int().map(|c| c.unsigned), Some(1..=3))),
        _ => false,
    }
}

/// Whether every path from the end of block `t` to instruction `ii` of
/// block `l` passes a barrier (unknown terminators: no).
fn barrier_between(func: &Function, t: usize, l: usize, ii: usize) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        let Some(next) = successors(&func.basic_blocks[x].term) else {
            return false;
        };
        for s in next {
            let Some(si) = block_index(func, &s) else {
                return false;
            };
            if !seen.insert(si) {
                continue;
            }
            let instrs = &func.basic_blocks[si].instrs;
            if si == l && !instrs[..ii.min(instrs.len())].iter().any(is_barrier) {
                return false;
            }
            if !instrs.iter().any(is_barrier) {
                stack.push(si);
            }
        }
    }
    true
}
