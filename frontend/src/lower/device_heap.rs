//! Device-side dynamic allocation: `malloc`/`free` and C++ `new`/`delete`
//! in kernels.
//!
//! Consumes: calls to `malloc` (and `operator new`/`new[]`, which clang
//! emits as `_Znwj`/`_Znaj`/`_Znwm`/`_Znam`) and to `free`/`operator
//! delete`. Guarantees:
//! - every allocation points into one object, the *device heap* (`heap` in
//!   reports), which aliases no other object;
//! - when no pointer into the heap is stored in group-shared, global or
//!   constant memory (nor merged with one loaded from there), a block is
//!   only ever reached by the thread that allocated it: the heap is then
//!   private memory (one copy per thread, never race-checked), which is
//!   exact;
//! - otherwise it is global memory, and the block one call returns is
//!   fresh: its offset is arbitrary but does
//!   not wrap, and the two threads' blocks from the same call (in the
//!   product, one step) do not overlap. So two threads' allocations never
//!   race unless a pointer to one is shared (through shared or global
//!   memory), and then accesses through it are race-checked as usual. Other
//!   pairs of blocks may overlap in the model (an over-approximation: more
//!   aliasing than a real heap);
//! - the allocation is assumed to succeed (never null; printed as an
//!   assumption): the default device heap is finite, and kernels rarely
//!   test the result;
//! - `free`/`delete` have no effect (no access; a use after free is not
//!   reported).

use super::function::{lhs, FnCtx};
use super::memory::{MemObject, Space};
use super::points_to::PointsTo;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, Ident, StmtKind};
use llvm_ir::instruction::Call;
use std::collections::HashMap;

/// The key of the heap object in `Memory::global_objects`.
pub const HEAP_KEY: &str = "$device_heap";

/// The attribute marking an allocation's assumption (the report lists
/// "device allocations succeed" when the program has one).
pub const DEVICE_ALLOCATION_ATTR: &str = "device_allocation";

/// The source name of the heap object.
pub const HEAP_SOURCE_NAME: &str = "heap";

/// A call that allocates (its argument is the size in bytes).
pub fn is_allocation(callee: &str) -> bool {
    matches!(callee, "malloc" | "_Znwj" | "_Znaj" | "_Znwm" | "_Znam")
}

/// A call that releases an allocation.
pub fn is_release(callee: &str) -> bool {
    matches!(
        callee,
        "free" | "_ZdlPv" | "_ZdaPv" | "_ZdlPvj" | "_ZdaPvj" | "_ZdlPvm" | "_ZdaPvm"
    )
}

/// Makes the heap private memory when no pointer into it is stored in (or
/// unified with one loaded from) non-private memory.
pub fn privatise_unshared_heap(
    pts: &mut PointsTo,
    objects: &mut [MemObject],
    global_objects: &HashMap<String, u32>,
) {
    let Some(&heap) = global_objects.get(HEAP_KEY) else {
        return;
    };
    let mut escapes = false;
    for i in 0..pts.info.len() {
        if pts.find(i) != i || !pts.info[i].holds_pointers {
            continue;
        }
        let shared = pts.info[i]
            .objects
            .iter()
            .any(|id| objects[*id as usize - 1].space != Space::Private);
        if !shared {
            continue;
        }
        if let Some(c) = pts.info[i].content {
            let c = pts.find(c);
            escapes |= pts.info[c].objects.contains(&heap);
        }
    }
    if !escapes {
        objects[heap as usize - 1].space = Space::Private;
    }
}

impl FnCtx<'_, '_> {
    /// Lowers an allocation or release; `false` if `callee` is neither.
    pub(crate) fn device_heap_call(
        &mut self,
        callee: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        if is_release(callee) {
            return Ok(true);
        }
        if !is_allocation(callee) {
            return Ok(false);
        }
        let Some(dest) = &call.dest else {
            return Ok(true);
        };
        let Some(&heap) = self.k.memory.global_objects.get(HEAP_KEY) else {
            return Err(self.err_site(format!(
                "the allocation `{}` (no heap object)",
                super::names::base_name(callee)
            )));
        };
        let bits = self.k.layout.ptr_bits;
        let unit = u128::from(self.k.memory.object(heap).unit.max(1));
        let size = self.arg(call, 0)?;
        let size = match self.k.module.type_of(&call.arguments[0].0).as_ref() {
            llvm_ir::Type::IntegerType { bits: w } if *w < bits => {
                Expr::synthetic(ivl::ast::ExprKind::Extend {
                    signed: false,
                    width: bits,
                    expr: Box::new(size),
                })
            }
            _ => size,
        };
        // Length in units, rounded up.
        let len = Expr::binary(
            B::BvUDiv,
            Expr::binary(B::Add, size, Expr::bv(unit - 1, bits)),
            Expr::bv(unit, bits),
        );
        let len_local = self.fresh_local("$alloc_len", ivl::ast::Type::Bv(bits));
        self.assign(vec![lhs(&len_local)], vec![len], Vec::new());
        let class = self.class_of_operand(&llvm_ir::Operand::LocalOperand {
            name: dest.clone(),
            ty: self.k.module.types.void(),
        });
        let targets = self.pointer_lhs(dest, &class);
        let off = targets
            .last()
            .map(|l| l.name.name.clone())
            .unwrap_or_default();
        if class.tracks_base() {
            let base = targets[0].clone();
            self.assign(vec![base], vec![Expr::bv(u128::from(heap), 32)], Vec::new());
        }
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(off.clone())]),
            Vec::new(),
        );
        let o = Expr::var(off);
        let n = Expr::var(len_local);
        let end = Expr::binary(B::Add, o.clone(), n.clone());
        // The block does not wrap around the address space. The marker
        // tells the report that the verdict assumes allocations succeed.
        self.emit(
            StmtKind::Assume(Expr::binary(B::BvULe, o.clone(), end.clone())),
            vec![ivl::ast::Attribute::new(DEVICE_ALLOCATION_ATTR, vec![])],
        );
        if self.k.memory.object(heap).space == Space::Private {
            // Each thread's own copy: nothing to keep apart.
            return Ok(true);
        }
        // The other thread's block from this call lies elsewhere.
        let other = |e: Expr| other_word(e, bits);
        let other_end = Expr::binary(B::Add, other(o.clone()), other(n));
        self.emit(
            StmtKind::Assume(Expr::or(
                Expr::binary(B::BvULe, end, other(o.clone())),
                Expr::binary(B::BvULe, other_end, o),
            )),
            Vec::new(),
        );
        Ok(true)
    }
}

/// The other thread's value of `e` (`__other_int` is per 32-bit word).
fn other_word(e: Expr, bits: u32) -> Expr {
    if bits <= 32 {
        return Expr::apply("__other_int", vec![e]);
    }
    let half = |e: Expr, k: u32| super::inst::extract(e, 32 * k + 32, 32 * k);
    Expr::binary(
        B::Concat,
        Expr::apply("__other_int", vec![half(e.clone(), 1)]),
        Expr::apply("__other_int", vec![half(e, 0)]),
    )
}
