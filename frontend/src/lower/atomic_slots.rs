//! Atomic counters handing out slots: `out[atomic_inc(&count)] = v`.
//!
//! Fact modelled: a memory location that is only ever changed by atomic
//! increments (`atomic_inc`, `atom_inc`, `atomic_add`/`atom_add`,
//! `__atomic_fetch_add_4/8` (GNU and C11 builtins, lower/gnu_atomics.rs) and
//! LLVM `atomicrmw add` of a positive constant) returns a different value
//! to every increment of the launch, as long as it does not wrap around.
//! So the value one work item receives is received by no other: there is a
//! function from (location, value) to the work item that received it.
//! After such an increment the frontend assumes
//! `$slot_owner_<c>(base, offset, result) == <c>` for each id component
//! `c` (local and group ids, x, y, z), with `$slot_owner_*` uninterpreted
//! (the same function for both threads of the product). Two threads
//! receiving the same value at the same location would need equal ids.
//! When every step is a multiple of `g > 1` (`atomic_add(c, 4)` reserving
//! four slots), every result is also `start(location) + k * g`.
//!
//!
//! A `__local` counter is one per work-group: its owner functions also
//! take the group ids and only name the local ids (two groups' counters
//! hand out the same values). A private counter (one per work item) gets
//! no facts.
//!
//! A counter reset by plain stores (`if (lid == 0) cnt = 0; barrier(..);
//! .. atomic_inc(&cnt)`) hands out distinct values only between resets.
//! Its owner functions also take `$barrier_epoch`, a per-thread count of
//! the barriers passed (set to 0 at the kernel's entry, incremented after
//! every barrier; equal for two work items of a group at the same
//! barrier interval). The fact "distinct values within one barrier
//! interval" holds when no reset is concurrent with an increment of
//! another work item, and that is race-checked: a plain store and an
//! atomic of different work items between the same barriers is a reported
//! race on the counter (the race check does not depend on the owner
//! facts, which only constrain the results of increments).
//!
//! Consumes: the atomic's address, result local and step. Guarantees: the
//! assumption is emitted only when every write the points-to analysis
//! allows into the counter's objects, in every reachable function, is
//! such an increment or a plain store (no exchange, decrement,
//! compare-and-swap, or library call that writes it); the `assuming:`
//! list of a verdict names the counter and the no-wrap assumption
//! (src/kernel_report.rs reads the `$slot_owner.<counter>.<component>`
//! declarations, `<counter>` ending in [`RESET_MARK`] with resets;
//! SOUNDNESS.md).

use super::function::FnCtx;
use super::names::base_name;
use super::points_to::Node;
use super::ConstInt;
use crate::error::FrontendError;
use ivl::ast::{Attribute, Expr, StmtKind, Type};
use llvm_ir::instruction::RMWBinOp;
use llvm_ir::{Constant, Instruction, Name, Operand};
use std::collections::BTreeSet;

/// The id components that tell work items apart.
const COMPONENTS: [&str; 6] = [
    "local_id_x",
    "local_id_y",
    "local_id_z",
    "group_id_x",
    "group_id_y",
    "group_id_z",
];

/// On the owner assumptions: a fact of every execution about functions
/// only the verifier leaves open (the interpreter runs the real counter and
/// skips it).
pub const MODEL_FACT_ATTR: &str = "model_fact";

/// Prefix of the owner functions (the report names the counters).
pub const OWNER_PREFIX: &str = "$slot_owner";

/// The per-thread count of barriers passed that keys the owner functions
/// of counters with resets.
pub const BARRIER_EPOCH: &str = ivl::kernel::BARRIER_EPOCH;

/// A counter without resets is assumed to advance by less than
/// `2^(w - ADVANCE_SHIFT)` in one launch (`w` its width): results scaled
/// by up to `2^ADVANCE_SHIFT` do not wrap onto each other.
pub const ADVANCE_SHIFT: u32 = 4;

/// The last name part of the owner functions of a counter with resets.
pub const RESET_MARK: &str = "@reset";

/// What the writes into a counter's objects are.
struct CounterWrites {
    /// The greatest common divisor of the increments' steps.
    step: u64,
    /// The largest step.
    max_step: u64,
    /// Some write is a plain store (a reset).
    reset: bool,
}

/// A positive step that cannot wrap by itself (`1 <= v < 2^(w-1)`).
pub fn positive_step(op: &Operand) -> bool {
    op.const_int()
        .is_some_and(|c| c.unsigned >= 1 && c.signed > 0)
}

type Args = [(Operand, Vec<llvm_ir::function::ParameterAttribute>)];

/// The step of a call to `base` that only increments its first argument.
fn increment_step(base: &str, args: &Args) -> Option<u64> {
    match base {
        "atomic_inc" | "atom_inc" => Some(1),
        "atomic_add" | "atom_add" | "__atomic_fetch_add_4" | "__atomic_fetch_add_8" => args
            .get(1)
            .filter(|(v, _)| positive_step(v))
            .and_then(|(v, _)| v.const_int())
            .map(|c| c.unsigned),
        _ => None,
    }
}

/// Whether a call to `base` with these arguments only increments its
/// first argument.
pub fn is_increment_call(base: &str, args: &Args) -> bool {
    increment_step(base, args).is_some()
}

/// The narrowest counter that gets slot facts: narrower ones wrap within
/// ordinary launches.
pub const MIN_COUNTER_BITS: u32 = 32;

/// Whether a `w`-bit counter whose largest step is `max_step` is wide
/// enough that the no-wrap assumption is plausible: `w >= 32` and every
/// step below `2^(w-16)` (a huge step such as `atomic_add(c, 1 << 30)`
/// wraps after four increments).
fn wide_enough(w: u32, max_step: u64) -> bool {
    w >= MIN_COUNTER_BITS && u128::from(max_step) < (1u128 << (w - 16))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl FnCtx<'_, '_> {
    /// The objects an operand of function `fi` may point into.
    pub(super) fn objects_of(&mut self, fi: usize, op: &Operand) -> BTreeSet<u32> {
        match op {
            Operand::LocalOperand { name, .. } => {
                let node = match self.k.functions[fi]
                    .parameters
                    .iter()
                    .position(|p| &p.name == name)
                {
                    Some(pi) => Node::Param(fi, pi),
                    None => Node::Value(fi, name.clone()),
                };
                self.k.memory.class(&node).objects
            }
            Operand::ConstantOperand(c) => constant_objects(self, c),
            Operand::MetadataOperand => BTreeSet::new(),
        }
    }

    /// When every write into `objects` anywhere in the kernel is an atomic
    /// increment or a plain store: the steps and whether there are stores.
    fn only_incremented(&mut self, objects: &BTreeSet<u32>) -> Option<CounterWrites> {
        let functions = self.k.functions.clone();
        let mut steps = 0u64;
        let mut max_step = 0u64;
        let mut reset = false;
        for (fi, func) in functions.iter().enumerate() {
            for inst in func.basic_blocks.iter().flat_map(|b| &b.instrs) {
                let hits =
                    |this: &mut Self, op: &Operand| !this.objects_of(fi, op).is_disjoint(objects);
                let ok = match inst {
                    // An atomic store is not race-checked against the
                    // increments: no facts.
                    Instruction::Store(s) if s.atomicity.is_some() => !hits(self, &s.address),
                    Instruction::Store(s) => {
                        // A reset: distinct values only between barriers.
                        reset |= hits(self, &s.address);
                        true
                    }
                    Instruction::CmpXchg(c) => !hits(self, &c.address),
                    Instruction::AtomicRMW(a) => {
                        if !hits(self, &a.address) {
                            true
                        } else if a.operation == RMWBinOp::Add && positive_step(&a.value) {
                            let step = a.value.const_int().map_or(1, |c| c.unsigned);
                            steps = gcd(steps, step);
                            max_step = max_step.max(step);
                            true
                        } else {
                            false
                        }
                    }
                    Instruction::Call(call) => {
                        let callee = match &call.function {
                            either::Either::Right(Operand::ConstantOperand(c)) => {
                                match c.as_ref() {
                                    Constant::GlobalReference {
                                        name: Name::Name(n),
                                        ..
                                    } => n.to_string(),
                                    _ => String::new(),
                                }
                            }
                            _ => String::new(),
                        };
                        let has_body = functions.iter().any(|f| f.name == callee);
                        let base = base_name(&callee);
                        let reaches = call.arguments.iter().any(|(a, _)| hits(self, a));
                        if let (true, Some(step)) = (reaches, increment_step(base, &call.arguments))
                        {
                            steps = gcd(steps, step);
                            max_step = max_step.max(step);
                        }
                        !reaches
                            || has_body
                            || is_increment_call(base, &call.arguments)
                            || callee.starts_with("llvm.dbg.")
                            || callee.starts_with("llvm.lifetime.")
                    }
                    _ => true,
                };
                if !ok {
                    return None;
                }
            }
        }
        Some(CounterWrites {
            step: steps.max(1),
            max_step: max_step.max(1),
            reset,
        })
    }

    /// After an atomic increment at `address` that returned `result` (a
    /// local of `w` bits): the owner assumptions, when the counter is
    /// only ever incremented.
    pub(crate) fn atomic_slot_owner(
        &mut self,
        address: &Operand,
        result: &str,
        w: u32,
    ) -> Result<(), FrontendError> {
        let p = self.pointer(address)?;
        let objects: BTreeSet<u32> = p.objects.iter().copied().collect();
        // A private counter is one per work item (an `int c` whose address
        // reaches `atomicAdd`): every work item receives the same values
        // from its own, so nothing tells work items apart (before, the
        // shared key made two work items' equal results contradict the
        // owner facts, and `out[atomicAdd(&c, 1)]` verified).
        if objects.is_empty()
            || objects
                .iter()
                .any(|&id| self.k.memory.object(id).space == super::memory::Space::Private)
        {
            return Ok(());
        }
        let Some(CounterWrites {
            step,
            max_step,
            reset,
        }) = self.only_incremented(&objects)
        else {
            return Ok(());
        };
        // A narrow counter (`uchar`, `ushort`) or a huge step wraps around
        // within an ordinary launch (256 increments of a `uchar`): the
        // no-wrap assumption would be false, and before s7 `out[slot]`
        // with a `uchar` slot verified for 512 threads. Only counters of
        // at least 32 bits advancing by less than 2^(w-16) per increment
        // get facts.
        if !wide_enough(w, max_step) {
            return Ok(());
        }
        let mut names: Vec<String> = objects
            .iter()
            .map(|&id| self.k.memory.object(id).source_name.clone())
            .collect();
        if reset {
            // The report says "between resets" (src/kernel_report.rs).
            names.push(RESET_MARK.into());
        }
        // A `__local` counter: one per group.
        let per_group = objects
            .iter()
            .any(|&id| self.k.memory.object(id).space == super::memory::Space::GroupShared);
        let mut key_types = Vec::new();
        let mut key = Vec::new();
        if per_group {
            for g in &COMPONENTS[3..] {
                key_types.push(Type::Bv(32));
                key.push(Expr::var(*g));
            }
        }
        if reset {
            self.k
                .extra_decls
                .entry(BARRIER_EPOCH.into())
                .or_insert_with(|| {
                    ivl::ast::Decl::Var(ivl::ast::Variable {
                        attrs: Vec::new(),
                        name: ivl::ast::Ident::synthetic(BARRIER_EPOCH),
                        ty: Type::Bv(32),
                        span: ivl::Span::DUMMY,
                    })
                });
            key_types.push(Type::Bv(32));
            key.push(Expr::var(BARRIER_EPOCH));
        }
        let pw = self.k.layout.ptr_bits;
        key_types.extend([Type::Bv(32), Type::Bv(pw)]);
        key.extend([p.base.clone(), p.off.clone()]);
        let start = || {
            (
                format!("{OWNER_PREFIX}.{}.start", names.join(".")),
                key_types.clone(),
                key.clone(),
            )
        };
        if step > 1 && u128::from(step) < (1u128 << (w - 1)) {
            // Every result is the start value plus a multiple of the steps'
            // common divisor.
            let (f, ts, args) = start();
            let start = self.uninterpreted(&f, ts, Type::Bv(w), args);
            let residue = Expr::binary(
                ivl::ast::BinaryOp::BvURem,
                Expr::binary(ivl::ast::BinaryOp::Sub, Expr::var(result), start),
                Expr::bv(u128::from(step), w),
            );
            self.emit(
                StmtKind::Assume(Expr::eq(residue, Expr::bv(0, w))),
                fact_attrs(reset),
            );
        }
        if !reset && w > ADVANCE_SHIFT {
            // Every result lies within 2^(w-4) of the start value (the
            // counter advances by less than that in one launch): slots
            // scaled by up to 16 (`out[2 * slot + 1]`, `out[4 * slot + k]`)
            // stay distinct. Not for counters with resets: a work item
            // resetting twice to far-apart values within one barrier
            // interval would make the path vacuous.
            let (f, ts, args) = start();
            let start = self.uninterpreted(&f, ts, Type::Bv(w), args);
            let advance = Expr::binary(ivl::ast::BinaryOp::Sub, Expr::var(result), start);
            self.emit(
                StmtKind::Assume(Expr::binary(
                    ivl::ast::BinaryOp::BvULt,
                    advance,
                    Expr::bv(1u128 << (w - ADVANCE_SHIFT), w),
                )),
                fact_attrs(reset),
            );
        }
        let components = if per_group {
            &COMPONENTS[..3]
        } else {
            &COMPONENTS[..]
        };
        for component in components {
            let mut params = key_types.clone();
            params.push(Type::Bv(w));
            let mut args = key.clone();
            args.push(Expr::var(result));
            let owner = self.uninterpreted(
                &format!("{OWNER_PREFIX}.{}.{component}", names.join(".")),
                params,
                Type::Bv(32),
                args,
            );
            self.emit(
                StmtKind::Assume(Expr::eq(owner, Expr::var(*component))),
                fact_attrs(reset),
            );
        }
        Ok(())
    }
}

/// The attributes of an owner fact: `{:epoch_fact}` too for a counter
/// with resets (the transform drops those with `--warp-sync`).
fn fact_attrs(reset: bool) -> Vec<Attribute> {
    let mut attrs = vec![Attribute::new(MODEL_FACT_ATTR, vec![])];
    if reset {
        attrs.push(Attribute::new(ivl::kernel::EPOCH_FACT_ATTR, vec![]));
    }
    attrs
}

/// Whether some procedure has a warp (`__syncwarp`, a tile's `sync()`) or
/// grid barrier. Their counts differ between threads: a warp may pass
/// more `__syncwarp`s than its neighbour (a warp-uniform branch, a
/// single-lane mask) and a block more `__syncthreads` than another
/// between two `grid.sync()`s, so equal [`BARRIER_EPOCH`]s no longer mean
/// one barrier interval.
pub fn has_unaligned_barriers(procedures: &[ivl::ast::Procedure]) -> bool {
    procedures
        .iter()
        .filter_map(|p| p.body.as_ref())
        .any(|body| {
            body.blocks.iter().flat_map(|b| &b.stmts).any(|stmt| {
                matches!(&stmt.kind, StmtKind::Call { callee, .. }
                if [ivl::kernel::WARP_BARRIER, ivl::kernel::GRID_BARRIER]
                    .contains(&callee.name.as_str()))
            })
        })
}

/// Drops the owner facts of counters with resets (the `{:epoch_fact}`
/// assumptions and their functions' declarations, so the report does not
/// list them). Dropping assumptions is sound; the facts are sound only when
/// equal [`BARRIER_EPOCH`]s of two work items mean one barrier interval:
/// with work-group barriers only, the barriers of a group are aligned
/// (barrier divergence is checked) and a reset is concurrent with every
/// other group's increments (a reported race). Before s7, with warp or
/// grid barriers, `out[atomicAdd(&cnt, 1)]` by a thread after one extra
/// `__syncwarp` and by a resetting thread after the next `__syncthreads`
/// met at one epoch with one value, the facts made that infeasible, and
/// the race on `out` was missed (`cuda/soundness/slot_epoch_*`).
pub fn drop_epoch_facts(
    procedures: &mut [ivl::ast::Procedure],
    extra_decls: &mut std::collections::BTreeMap<String, ivl::ast::Decl>,
) {
    for body in procedures.iter_mut().filter_map(|p| p.body.as_mut()) {
        for block in &mut body.blocks {
            block.stmts.retain(|stmt| {
                !(matches!(stmt.kind, StmtKind::Assume(_))
                    && ivl::ast::has_attr(&stmt.attrs, ivl::kernel::EPOCH_FACT_ATTR))
            });
        }
    }
    extra_decls.retain(|name, _| {
        !(name.starts_with(OWNER_PREFIX) && name.contains(&format!(".{RESET_MARK}.")))
    });
}

/// When a counter with resets keys its owner functions by
/// [`BARRIER_EPOCH`]: sets it to 0 at the kernel's entry and increments
/// it after every barrier (work-group, warp or grid) of every procedure.
pub fn count_barrier_epochs(procedures: &mut [ivl::ast::Procedure]) {
    let bump = || {
        ivl::ast::Stmt::new(StmtKind::Assign {
            lhs: vec![ivl::build::lhs(BARRIER_EPOCH)],
            rhs: vec![Expr::binary(
                ivl::ast::BinaryOp::Add,
                Expr::var(BARRIER_EPOCH),
                Expr::bv(1, 32),
            )],
        })
    };
    for proc in procedures.iter_mut() {
        let kernel = proc.is_kernel();
        let Some(body) = &mut proc.body else {
            continue;
        };
        // Every procedure may reach a barrier through its callees.
        proc.modifies
            .push(ivl::ast::Ident::synthetic(BARRIER_EPOCH));
        for block in &mut body.blocks {
            let mut stmts = Vec::with_capacity(block.stmts.len());
            for stmt in std::mem::take(&mut block.stmts) {
                // Work-group, warp (`__syncwarp`) and grid barriers: each
                // can order a reset before increments.
                let barrier = matches!(&stmt.kind, StmtKind::Call { callee, .. }
                    if [
                        ivl::kernel::BARRIER,
                        ivl::kernel::WARP_BARRIER,
                        ivl::kernel::GRID_BARRIER,
                    ]
                    .contains(&callee.name.as_str()));
                stmts.push(stmt);
                if barrier {
                    stmts.push(bump());
                }
            }
            block.stmts = stmts;
        }
        if kernel {
            if let Some(entry) = body.blocks.first_mut() {
                entry.stmts.insert(
                    0,
                    ivl::ast::Stmt::new(StmtKind::Assign {
                        lhs: vec![ivl::build::lhs(BARRIER_EPOCH)],
                        rhs: vec![Expr::bv(0, 32)],
                    }),
                );
            }
        }
    }
}

fn constant_objects(cx: &FnCtx<'_, '_>, c: &Constant) -> BTreeSet<u32> {
    match c {
        Constant::GlobalReference { name, .. } => {
            let name = match name {
                Name::Name(s) => s.to_string(),
                Name::Number(n) => n.to_string(),
            };
            cx.k.memory
                .global_objects
                .get(&name)
                .copied()
                .into_iter()
                .collect()
        }
        Constant::BitCast(b) => constant_objects(cx, &b.operand),
        Constant::AddrSpaceCast(b) => constant_objects(cx, &b.operand),
        Constant::GetElementPtr(g) => constant_objects(cx, &g.address),
        _ => BTreeSet::new(),
    }
}
