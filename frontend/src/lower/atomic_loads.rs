//! Atomic loads of memory that no atomic writes: plain reads.
//!
//! An atomic load races with a plain write of another work item and with
//! nothing else: not with plain reads, other atomic loads or atomic
//! read-modify-writes. The race instrumentation knows three access kinds
//! (read, write, atomic); an atomic access races with plain reads, so an
//! atomic load lowered as one is reported against a plain read of the
//! same location by another work item (a false report).
//!
//! Fact used: when no instruction of the kernel (in any reachable
//! function) may write the load's objects atomically (no `store atomic`,
//! `atomicrmw`, `cmpxchg`, and no call to a library function reaching
//! them other than a load-only atomic or a plain memory builtin), the
//! only accesses to those objects are plain reads and writes and atomic
//! loads. A plain read then has exactly an atomic load's conflicts: it
//! races with plain writes and with nothing else present. So the load is
//! lowered as a plain read (same value: the location's content).
//! Otherwise the load stays an atomic access (sound; it is still reported
//! against a concurrent plain read of that location, an imprecision).
//!
//! Consumes: the load's lowered pointer and destination. Guarantees: a
//! plain read is emitted only under the fact above, checked on the
//! points-to classes of every pointer operand of the kernel's functions.

use super::function::{FnCtx, PtrExpr};
use super::gnu_atomics::{sized_atomic, GnuAtomic};
use super::names::base_name;
use crate::error::FrontendError;
use llvm_ir::{Constant, Instruction, Name, Operand};
use std::collections::BTreeSet;

/// Library functions that access memory through their pointer arguments
/// with plain reads and writes only, or load it atomically.
fn plain_or_load_only(base: &str) -> bool {
    base.starts_with("vload")
        || base.starts_with("vstore")
        || super::opencl_builtins::POINTER_OUTPUT_MATH.contains(&base)
        || base == "prefetch"
        || base == "atomic_load"
        || base == "atomic_load_explicit"
        || matches!(sized_atomic(base), Some((GnuAtomic::Load, _)))
        || base.starts_with("llvm.dbg.")
        || base.starts_with("llvm.lifetime.")
        || base.starts_with("llvm.memcpy")
        || base.starts_with("llvm.memmove")
        || base.starts_with("llvm.memset")
}

fn callee_name(call: &llvm_ir::instruction::Call) -> String {
    match &call.function {
        either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
            Constant::GlobalReference {
                name: Name::Name(n),
                ..
            } => n.to_string(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

impl FnCtx<'_, '_> {
    /// Whether no instruction of the kernel may write `objects` atomically.
    fn never_written_atomically(&mut self, objects: &BTreeSet<u32>) -> bool {
        let functions = self.k.functions.clone();
        for (fi, func) in functions.iter().enumerate() {
            for inst in func.basic_blocks.iter().flat_map(|b| &b.instrs) {
                let hits =
                    |this: &mut Self, op: &Operand| !this.objects_of(fi, op).is_disjoint(objects);
                let atomic_write = match inst {
                    Instruction::Store(s) if s.atomicity.is_some() => hits(self, &s.address),
                    Instruction::CmpXchg(c) => hits(self, &c.address),
                    Instruction::AtomicRMW(a) => hits(self, &a.address),
                    Instruction::Call(call) => {
                        let callee = callee_name(call);
                        let has_body = functions.iter().any(|f| f.name == callee);
                        !has_body
                            && !plain_or_load_only(base_name(&callee))
                            && call.arguments.iter().any(|(a, _)| hits(self, a))
                    }
                    _ => false,
                };
                if atomic_write {
                    return false;
                }
            }
        }
        true
    }

    /// Lowers an atomic load through `p` into `dest` as a plain read when
    /// no atomic writes its objects; `false` (nothing emitted) otherwise.
    pub(super) fn atomic_load_as_read(
        &mut self,
        p: &PtrExpr,
        dest: &str,
        bytes: u64,
    ) -> Result<bool, FrontendError> {
        let objects: BTreeSet<u32> = p.objects.iter().copied().collect();
        if objects.is_empty() || !self.never_written_atomically(&objects) {
            return Ok(false);
        }
        self.for_each_target(p, &mut |this, id| {
            this.bounds_check(id, &p.off, bytes);
            let raw = this.read(id, &p.off, bytes)?;
            this.assign(vec![ivl::build::lhs(dest)], vec![raw], Vec::new());
            Ok(())
        })?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::plain_or_load_only;

    #[test]
    fn only_loads_and_plain_builtins_are_harmless() {
        assert!(plain_or_load_only("atomic_load_explicit"));
        assert!(plain_or_load_only("__atomic_load_4"));
        assert!(plain_or_load_only("vstore4"));
        assert!(!plain_or_load_only("atomic_store"));
        assert!(!plain_or_load_only("atomic_add"));
        assert!(!plain_or_load_only("__atomic_fetch_add_4"));
        assert!(!plain_or_load_only("atomic_fetch_add_explicit"));
    }
}
