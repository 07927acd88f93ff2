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
//! The binary form `__barrier_invariant_binary_N(e, a1, b1, ..., aN, bN)`
//! relates two work items: in `e` the local id (x) stands for the first of
//! a pair and `__other_int(x)`/`__other_bool(x)` for `x` in the second; each
//! pair `(ak, bk)` instantiates it (`__other_*(x)` becomes `x` with the
//! local id replaced by `bk`, then the local id by `ak`, simultaneously),
//! and the result is asserted and assumed like a unary instantiation (the
//! instantiations may themselves use `__other_int`, GPUVerify's idiom
//! `(get_local_id(0), __other_int(get_local_id(0)))`: the transform gives
//! it its two-thread meaning).
//! Refused with a located error: no barrier after it in the same
//! block, a store between it and the barrier or between a load it reads
//! and the annotation, a condition that does not fold into one expression
//! (`&&` and `?:` are branches) or does not depend on the local id, an odd
//! number of instantiations or `__uniform_*`/`__distinct_*` in the
//! condition of the binary form, a permission whose binary instantiation
//! names the other work item.

use super::function::FnCtx;
use super::names::base_name;
use crate::error::FrontendError;
use ivl::ast::{Attribute, Expr, ExprKind, Stmt, StmtKind};
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
        let binary = rest.starts_with("binary");
        if self.ignores_annotation(base) {
            return Ok(true);
        }
        let n = call.arguments.len().saturating_sub(1);
        if n == 0 {
            return Err(self.err_site(format!("`{base}` without instantiations")));
        }
        if binary && n % 2 != 0 {
            return Err(self.err_site(format!(
                "`{base}` takes pairs of instantiations (the two work items of each pair), \
                 not {n} expressions"
            )));
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
        if binary
            && mentions(
                &cond,
                &["__uniform_int", "__uniform_bool", "__distinct_int"],
            )
        {
            return Err(self.err_site(format!(
                "the condition of `{base}` compares the two work items of the verifier's \
                 pair (`__uniform_*`/`__distinct_*`); write the pair's relation with \
                 `get_local_id(0)` and `__other_int(...)` instead"
            )));
        }
        let pairs: Vec<(Expr, Option<Expr>)> = if binary {
            insts
                .chunks(2)
                .map(|p| (p[0].clone(), Some(p[1].clone())))
                .collect()
        } else {
            insts.into_iter().map(|i| (i, None)).collect()
        };
        for (inst, second) in pairs {
            let instantiate = |e: &Expr| match &second {
                None => {
                    ivl::subst::rewrite(e, &|v, _| (v == "local_id_x").then(|| inst.clone()), false)
                }
                Some(b) => instantiate_pair(e, &inst, b),
            };
            if binary
                && permissions.iter().any(|(_, p)| {
                    mentions(&instantiate(&p.base), OTHER) || mentions(&instantiate(&p.off), OTHER)
                })
            {
                return Err(self.err_site(format!(
                    "a permission in `{base}` instantiated with the other work item's values: \
                     a permission is an access the work item makes, so its instantiation may \
                     only use the work item's own state"
                )));
            }
            self.emit_permissions(&permissions, &instantiate)?;
            let e = super::barrier_owner::owner_reads(&instantiate(&cond));
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

    /// Whether the value `name` (a load of this block) is read only by a
    /// `__barrier_invariant*` call later in the same block, directly or
    /// through pure instructions of the block (GEPs, casts, arithmetic,
    /// comparisons), or only by a loop invariant or assertion that folds
    /// the block's loads (`is_folding_assertion`): the annotation folds it,
    /// so the load is no access of the kernel (for a barrier invariant the
    /// transform's access check decides whether the work item may read the
    /// element).
    pub(crate) fn feeds_only_folded_annotation(&self, name: &Name) -> bool {
        let start = self.inst_index + 1;
        let folds = |at: usize| self.folds_at(at);
        if self.block_last_fold.is_none_or(|last| last < start) {
            return false;
        }
        let mut pending = vec![name.clone()];
        let mut seen: HashSet<Name> = HashSet::new();
        while let Some(n) = pending.pop() {
            if !seen.insert(n.clone()) {
                continue;
            }
            let token = n.to_string();
            let uses = |text: &str| mentions_token(text, &token);
            // A use outside the block (or in its terminator) is a use by
            // the kernel.
            for b in &self.func.basic_blocks {
                if uses(&b.term.to_string()) {
                    return false;
                }
                let in_this_block = std::ptr::eq(b.instrs.as_slice(), self.block_instrs);
                for (at, i) in b.instrs.iter().enumerate() {
                    if i.try_get_result() == Some(&n) || !uses(&i.to_string()) {
                        continue;
                    }
                    if !in_this_block || at < start {
                        return false;
                    }
                    if folds(at) {
                        continue;
                    }
                    let pure = self.annotation_operand(i);
                    match (pure, i.try_get_result()) {
                        (true, Some(r)) => pending.push(r.clone()),
                        _ => return false,
                    }
                }
            }
        }
        true
    }

    /// Whether instruction `at` of the current block is a barrier
    /// invariant or an assertion folding the block's loads.
    fn folds_at(&self, at: usize) -> bool {
        self.is_barrier_invariant_call(&self.block_instrs[at]) || self.is_folding_assertion(at)
    }

    /// The index of the current block's last instruction that folds
    /// (`folds_at`), for `block_last_fold`.
    pub(crate) fn last_fold(&self) -> Option<usize> {
        (0..self.block_instrs.len())
            .rev()
            .find(|&at| self.folds_at(at))
    }

    /// Loads and pure instructions: what an annotation's condition may
    /// fold.
    pub(crate) fn annotation_operand(&self, i: &I) -> bool {
        matches!(
            i,
            I::Load(_) | I::GetElementPtr(_) | I::BitCast(_) | I::AddrSpaceCast(_)
        ) || is_arithmetic(i)
            || matches!(i, I::Call(c) if self.is_pure_call(c))
    }

    fn is_barrier_invariant_call(&self, inst: &I) -> bool {
        let I::Call(c) = inst else {
            return false;
        };
        self.callee(c)
            .is_ok_and(|callee| base_name(&callee).starts_with("__barrier_invariant_"))
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
            I::UDiv(_) | I::SDiv(_) | I::URem(_) | I::SRem(_) => true,
            I::Call(c) => self.is_pure_call(c),
            _ => is_arithmetic(def),
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

/// The functions that read the other work item's copy of a value.
const OTHER: &[&str] = &["__other_int", "__other_bool"];

/// Whether `e` applies one of `functions`.
fn mentions(e: &Expr, functions: &[&str]) -> bool {
    if let ExprKind::Apply(f, _) = &e.kind {
        if functions.contains(&f.as_str()) {
            return true;
        }
    }
    let mut found = false;
    ivl::visit::for_each_child(e, &mut |c| found |= mentions(c, functions));
    found
}

/// `e` for the pair `(a, b)`: inside `__other_*(x)` the local id is `b`
/// (and the call is dropped), elsewhere it is `a`; one simultaneous
/// substitution, so that `a` and `b` may themselves mention the local id.
fn instantiate_pair(e: &Expr, a: &Expr, b: &Expr) -> Expr {
    const SECOND: &str = "$barrier_invariant$second";
    fn mark(e: &Expr) -> Expr {
        match &e.kind {
            ExprKind::Apply(f, args) if OTHER.contains(&f.as_str()) && args.len() == 1 => {
                ivl::subst::rewrite(
                    &args[0],
                    &|v, _| (v == "local_id_x").then(|| Expr::var(SECOND)),
                    false,
                )
            }
            _ => ivl::visit::map_children(e, &mut |c| mark(c)),
        }
    }
    ivl::subst::rewrite(
        &mark(e),
        &|v, _| match v {
            "local_id_x" => Some(a.clone()),
            SECOND => Some(b.clone()),
            _ => None,
        },
        false,
    )
}

/// Whether `text` mentions the SSA name `token` (`%5`, `%x`) as a whole.
fn mentions_token(text: &str, token: &str) -> bool {
    text.match_indices(token).any(|(at, _)| {
        text[at + token.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')))
    })
}

/// Integer arithmetic, comparisons, casts between integers and selects
/// (division and remainder excepted): the instructions both annotation
/// operands and barrier-invariant terms fold into expressions.
fn is_arithmetic(i: &I) -> bool {
    matches!(
        i,
        I::Add(_)
            | I::Sub(_)
            | I::Mul(_)
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
            | I::Select(_)
    )
}
