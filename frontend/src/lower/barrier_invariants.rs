//! Barrier invariants (Chong et al., OOPSLA 2013; docs/annotations.md):
//! `__barrier_invariant_N(e, i1, ..., iN)` stated just before a barrier.
//!
//! Consumes: the annotation call and the instructions of its block.
//! Guarantees: `e` is folded into one expression over the state at the
//! call (the thread id it derives from is folded across blocks, so that
//! it can be replaced); for each instantiation `ik` the kernel IVL gets
//! `assert {:user} {:barrier_invariant} e[local_id_x := ik]` where the
//! annotation stands, and the same expression as an
//! `assume {:barrier_invariant}` right after the barrier (the transform
//! places it after the barrier's havoc of shared state, and adds the
//! access checks that make the assertion meaningful in the two-thread
//! model). `__read_permission(p)`/`__write_permission(p)` in `e` are `true`
//! and claim `*p` (instantiated) for the thread: a read of it, or a write
//! of its own value, where the annotation stands (lower::ghost_state).
//! Refused with a located error: no barrier after it in the same
//! block, a store between it and the barrier or between a load it reads
//! and the annotation, a condition that does not fold into one expression
//! (`&&` and `?:` are branches) or does not depend on the local id, the
//! binary (pairwise) form.

use super::function::FnCtx;
use super::names::base_name;
use crate::error::FrontendError;
use ivl::ast::{Attribute, Expr, Stmt, StmtKind};
use llvm_ir::instruction::{Call, Instruction as I};
use llvm_ir::Name;
use std::collections::HashSet;

/// The attribute of a barrier invariant's assertion and assumption.
pub const BARRIER_INVARIANT_ATTR: &str = "barrier_invariant";

impl FnCtx<'_, '_> {
    /// Lowers `__barrier_invariant_N`; returns whether `base` was one.
    pub(crate) fn barrier_invariant(
        &mut self,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        let Some(rest) = base.strip_prefix("__barrier_invariant_") else {
            return Ok(false);
        };
        if rest.starts_with("binary") {
            return Err(self.err_site(
                "`__barrier_invariant_binary_N` (a barrier invariant over pairs of threads) \
                 is not supported yet; state it per thread with `__barrier_invariant_N`"
                    .into(),
            ));
        }
        if self.ignores_annotation(base) {
            return Ok(true);
        }
        let n = call.arguments.len().saturating_sub(1);
        if n == 0 {
            return Err(self.err_site(format!("`{base}` without instantiations")));
        }
        let mut found_barrier = false;
        for inst in &self.block_instrs[self.inst_index + 1..] {
            if self.is_barrier_instr(inst) {
                found_barrier = true;
                break;
            }
            if self.writes_memory(inst) {
                return Err(self.err_site(format!(
                    "`{base}` with a store or call between it and its barrier (state barrier \
                     invariants immediately before the barrier)"
                )));
            }
        }
        if !found_barrier {
            return Err(self.err_site(format!(
                "`{base}` not followed by a barrier in the same block (state barrier \
                 invariants immediately before the barrier)"
            )));
        }
        self.folding = true;
        self.fold_loads = true;
        self.fold_across_blocks = true;
        self.folded_load_min = None;
        self.barrier_permissions.clear();
        let cond = self.arg(call, 0);
        let insts: Result<Vec<Expr>, FrontendError> = (1..=n).map(|k| self.arg(call, k)).collect();
        self.folding = false;
        self.fold_loads = false;
        self.fold_across_blocks = false;
        let (cond, insts) = (cond?, insts?);
        let permissions = std::mem::take(&mut self.barrier_permissions);
        if let Some(first) = self.folded_load_min.take() {
            let between = &self.block_instrs[first..self.inst_index];
            if between.iter().any(|i| self.writes_memory(i)) {
                return Err(self.err_site(format!(
                    "`{base}` reads memory that a store of the same block changes before the \
                     annotation (read the values in the annotation itself)"
                )));
            }
        }
        let mut vars = HashSet::new();
        super::function::free_vars(&cond, &mut vars);
        let locals: HashSet<&str> = self.locals.iter().map(|v| v.name.name.as_str()).collect();
        if let Some(local) = vars.iter().find(|v| locals.contains(v.as_str())) {
            return Err(self.err_site(format!(
                "the condition of `{base}` does not fold into one expression (it needs `{local}`, \
                 computed by control flow or a loop): `&&`, `||` and `?:` become branches, so \
                 write `&`, `|`, `__implies(a, b)` or `__ite(c, a, b)` instead"
            )));
        }
        if !vars.contains("local_id_x") {
            return Err(self.err_site(format!(
                "the condition of `{base}` does not depend on the local id (x) of the thread \
                 (get_local_id(0) / threadIdx.x), which the instantiations replace"
            )));
        }
        for inst in insts {
            self.emit_permissions(&permissions, &inst)?;
            let e = ivl::subst::rewrite(
                &cond,
                &|v, _| (v == "local_id_x").then(|| inst.clone()),
                false,
            );
            let mut attrs = vec![
                Attribute::new(ivl::kernel::USER_ATTR, vec![]),
                Attribute::new(BARRIER_INVARIANT_ATTR, vec![]),
            ];
            self.emit(StmtKind::Assert(e.clone()), attrs.clone());
            attrs.remove(0);
            if let Some(loc) = &self.cur_loc {
                attrs.push(super::source_attr(loc));
            }
            self.pending_barrier_invariants.push(Stmt {
                kind: StmtKind::Assume(e),
                attrs,
                span: ivl::Span::DUMMY,
            });
        }
        Ok(true)
    }

    /// After a barrier: assumes the barrier invariants stated before it.
    pub(crate) fn assume_barrier_invariants(&mut self) {
        for stmt in std::mem::take(&mut self.pending_barrier_invariants) {
            self.emit(stmt.kind, stmt.attrs);
        }
    }

    fn is_barrier_instr(&self, inst: &I) -> bool {
        let I::Call(c) = inst else {
            return false;
        };
        let Ok(callee) = self.callee(c) else {
            return false;
        };
        let base = base_name(&callee);
        callee.starts_with("llvm.nvvm.barrier0") || matches!(base, "barrier" | "work_group_barrier")
    }

    /// Whether an instruction may write memory (annotations and pure
    /// builtins do not).
    fn writes_memory(&self, inst: &I) -> bool {
        match inst {
            I::Store(_) | I::AtomicRMW(_) | I::CmpXchg(_) => true,
            I::Call(c) => {
                let Ok(callee) = self.callee(c) else {
                    return true;
                };
                let base = base_name(&callee);
                !(self.is_pure_call(c)
                    || callee.starts_with("llvm.lifetime")
                    || base.starts_with("__barrier_invariant"))
            }
            _ => false,
        }
    }

    /// While folding a barrier invariant: the expression of a value that
    /// another block defines by a pure instruction (arithmetic, casts,
    /// comparisons, pure builtin calls such as `get_local_id`); loads and
    /// phis stay variables.
    pub(crate) fn fold_other_block(&mut self, name: &Name) -> Result<Option<Expr>, FrontendError> {
        if !self.fold_across_blocks {
            return Ok(None);
        }
        let func = self.func;
        let Some(def) = func
            .basic_blocks
            .iter()
            .flat_map(|b| &b.instrs)
            .find(|i| i.try_get_result() == Some(name))
        else {
            return Ok(None);
        };
        let pure = match def {
            I::Add(_)
            | I::Sub(_)
            | I::Mul(_)
            | I::UDiv(_)
            | I::SDiv(_)
            | I::URem(_)
            | I::SRem(_)
            | I::And(_)
            | I::Or(_)
            | I::Xor(_)
            | I::Shl(_)
            | I::LShr(_)
            | I::AShr(_)
            | I::ZExt(_)
            | I::SExt(_)
            | I::Trunc(_)
            | I::ICmp(_)
            | I::Select(_) => true,
            I::Call(c) => self.is_pure_call(c),
            _ => false,
        };
        if !pure {
            return Ok(None);
        }
        // Its operands are looked up in the defining block's terms: the
        // current block's prefix does not hold them (SSA names are unique).
        let fold_loads = std::mem::replace(&mut self.fold_loads, false);
        let e = self.inst_expr(def);
        self.fold_loads = fold_loads;
        e
    }
}
