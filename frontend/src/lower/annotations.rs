//! Annotations (docs/design.md §7): their lowering to IVL expressions
//! (`__implies`, `__other_int`, `__read`, ...), statements (`assert`,
//! `assume`, with `{:user}`, `{:global_assertion}`, `{:loop_invariant}`) and
//! contracts (`__requires`/`__ensures` at a function's entry become its
//! `requires`/`ensures`); an annotation's condition is folded into one
//! expression over values available where it stands.
//!
//! Loop invariants: after a procedure's blocks are built,
//! the user assertions (`__assert`, `__invariant`, and their global forms)
//! that stand in a loop header move to the top of that header, where the
//! IVL reads them as the loop's invariants.
//!
//! Consumes: a body whose annotation asserts carry `{:user}` (and
//! `{:invariant}` for `__invariant`), their conditions already folded into
//! expressions over values available at the block's entry where possible.
//! Guarantees: the body is reducible (else an error naming the construct);
//! every `{:invariant}` assert is at the top of a loop header (else an
//! error); a hoisted assertion does not read a local assigned earlier in
//! its header (else an error: moving it would change its meaning).

use super::function::{FnCtx, PtrExpr};
use super::inst::{bv_const, resize};
use super::mathlib::MATH;
use super::names::base_name;
use crate::error::FrontendError;
use crate::error::SourceLoc;
use ivl::ast::{has_attr, AttrArg, Body, ExprKind, Stmt, StmtKind};
use ivl::ast::{Attribute, BinaryOp as B, Expr, Spec};
use llvm_ir::instruction::Call;
use std::collections::HashSet;

/// The assertions whose reads are not accesses: loop invariants (at a loop
/// head) and assertions (elsewhere) read the work item's view of memory
/// (docs/annotations.md, "Reads in annotations").
const FOLDING_ASSERTIONS: &[&str] = &[
    "__assert",
    "__global_assert",
    "__invariant",
    "__global_invariant",
    "__candidate_invariant",
    "__candidate_global_invariant",
    "__candidate_assert",
    "__candidate_global_assert",
    "__function_wide_invariant",
    "__function_wide_candidate_invariant",
];

/// A user's candidate (`__candidate_*`, `__function_wide_candidate_invariant`):
/// invariant inference keeps it only if it is inductive, never an error.
pub const USER_CANDIDATE_ATTR: &str = "user_candidate";
/// `__function_wide_(candidate_)invariant`: copied to every loop head.
pub const FUNCTION_WIDE_ATTR: &str = "function_wide";

fn stmt_loc(stmt: &Stmt) -> Option<SourceLoc> {
    let attr = ivl::ast::find_attr(&stmt.attrs, ivl::kernel::SOURCE_ATTR)?;
    let int = |a: &AttrArg| match a {
        AttrArg::Expr(e) => match e.kind {
            ExprKind::Int(v) => Some(v as u32),
            _ => None,
        },
        AttrArg::Str(_) => None,
    };
    match attr.args.as_slice() {
        [AttrArg::Str(file), line, col] => Some(SourceLoc {
            file: file.clone(),
            line: int(line)?,
            col: int(col)?,
        }),
        _ => None,
    }
}

fn is_user_assert(stmt: &Stmt) -> bool {
    matches!(stmt.kind, StmtKind::Assert(_)) && has_attr(&stmt.attrs, ivl::kernel::USER_ATTR)
}

/// Names a statement assigns or havocs.
fn assigned(stmt: &Stmt, out: &mut HashSet<String>) {
    match &stmt.kind {
        StmtKind::Assign { lhs, .. } => out.extend(lhs.iter().map(|l| l.name.name.clone())),
        StmtKind::Havoc(names) => out.extend(names.iter().map(|n| n.name.clone())),
        StmtKind::Call { rets, .. } => out.extend(rets.iter().map(|n| n.name.clone())),
        StmtKind::Assume(_) | StmtKind::Assert(_) => {}
    }
}

pub fn hoist_loop_annotations(body: &mut Body) -> Result<(), (String, Option<SourceLoc>)> {
    let cfg = ivl::cfg::Cfg::new(body)
        .map_err(|d| (format!("malformed control flow ({})", d.message), None))?;
    if !cfg.is_reducible() {
        return Err((
            "irreducible control flow (a loop with more than one entry, e.g. from goto)".into(),
            None,
        ));
    }
    let headers: HashSet<String> = cfg
        .loops()
        .headers()
        .map(|h| cfg.label(h).to_string())
        .collect();
    // Function-wide invariants leave where they stand for every loop head.
    let mut function_wide = Vec::new();
    for block in &mut body.blocks {
        block.stmts.retain(|s| {
            let wide = has_attr(&s.attrs, FUNCTION_WIDE_ATTR);
            if wide {
                function_wide.push(s.clone());
            }
            !wide
        });
    }
    for block in &mut body.blocks {
        if headers.contains(&block.label.name) {
            let mut stmts = function_wide.clone();
            stmts.append(&mut block.stmts);
            block.stmts = stmts;
        }
    }
    for block in &mut body.blocks {
        if !headers.contains(&block.label.name) {
            // Not at a loop head (e.g. the first statement of a `for`
            // body): a plain assertion, as in GPUVerify, checked where it
            // stands (docs/annotations.md).
            for s in &mut block.stmts {
                s.attrs.retain(|a| a.name != ivl::kernel::INVARIANT_ATTR);
            }
            continue;
        }
        let mut written: HashSet<String> = HashSet::new();
        let mut hoisted = Vec::new();
        let mut rest = Vec::new();
        for stmt in std::mem::take(&mut block.stmts) {
            if is_user_assert(&stmt) {
                let StmtKind::Assert(e) = &stmt.kind else {
                    unreachable!()
                };
                let mut vars = HashSet::new();
                super::function::free_vars(e, &mut vars);
                if let Some(v) = vars.iter().find(|v| written.contains(*v)) {
                    return Err((
                        format!("a loop invariant that depends on `{v}`, which the loop head computes before it"),
                        stmt_loc(&stmt),
                    ));
                }
                hoisted.push(stmt);
            } else {
                assigned(&stmt, &mut written);
                rest.push(stmt);
            }
        }
        hoisted.extend(rest);
        block.stmts = hoisted;
    }
    Ok(())
}

impl FnCtx<'_, '_> {
    /// The expression forms of the annotations.
    /// The expression forms of the annotations.
    pub(crate) fn annotation_expr(
        &mut self,
        base: &str,
        call: &Call,
    ) -> Result<Option<Expr>, FrontendError> {
        let dialect = |name: &str, args: Vec<Expr>| Expr::apply(name, args);
        Ok(Some(match base {
            "__implies" => Expr::implies(self.arg(call, 0)?, self.arg(call, 1)?),
            "__enabled" | "__same_group" => dialect(base, vec![]),
            "__dominator_enabled" => dialect("__enabled", vec![]),
            "__distinct_bool" | "__all" | "__exclusive" => {
                let b = self.arg(call, 0)?;
                let other = dialect("__other_bool", vec![b.clone()]);
                match base {
                    "__distinct_bool" => Expr::binary(B::Neq, b, other),
                    "__all" => Expr::and(b, other),
                    _ => !Expr::and(b, other),
                }
            }
            "__other_ptr_base" | "__uniform_ptr_base" | "__distinct_ptr_base" => {
                let b = self.arg_ptr(call, 0)?.base;
                let f = base.replace("ptr_base", "int");
                dialect(&f, vec![b])
            }
            "__mod_pow2" => {
                let (x, y) = (self.arg(call, 0)?, self.arg(call, 1)?);
                Expr::binary(B::BvAnd, x, Expr::binary(B::Sub, y, Expr::bv(1, 32)))
            }
            _ if base == "__ite" || base.starts_with("__ite_") => {
                Expr::ite(self.arg(call, 0)?, self.arg(call, 1)?, self.arg(call, 2)?)
            }
            _ if base.starts_with("__add_noovfl_") => {
                let (x, y) = (self.arg(call, 0)?, self.arg(call, 1)?);
                let ty = self.k.module.type_of(&call.arguments[0].0);
                let w = self.bits_of(&ty)?;
                let sum = Expr::binary(B::Add, x.clone(), y.clone());
                let suffix = &base["__add_noovfl_".len()..];
                let signed = matches!(suffix, "char" | "short" | "int" | "long");
                if signed {
                    // Overflow iff both operands' signs differ from the sum's.
                    let xs = Expr::binary(B::BvXor, x, sum.clone());
                    let ys = Expr::binary(B::BvXor, y, sum);
                    !Expr::binary(B::BvSLt, Expr::binary(B::BvAnd, xs, ys), Expr::bv(0, w))
                } else {
                    Expr::binary(B::BvUGe, sum, x)
                }
            }
            _ if base.starts_with("__add_") && base != "__add_noovfl" => {
                Expr::binary(B::Add, self.arg(call, 0)?, self.arg(call, 1)?)
            }
            "__return_val_ptr" => return self.return_val_ptr(call).map(Some),
            "__return_val_funptr_id" => self.return_val_funptr()?,
            "__atomic_has_taken_value" => self.atomic_has_taken_value(call)?,
            "__read_permission" | "__write_permission" => self.permission(base, call)?,
            _ if base.starts_with("__return_val_") => Expr::var("$ret"),
            "__other_int" | "__other_bool" | "__uniform_int" | "__uniform_bool"
            | "__distinct_int" => {
                let x = self.arg(call, 0)?;
                dialect(base, vec![x])
            }
            "__is_pow2" => {
                let x = self.arg(call, 0)?;
                let minus_one = Expr::binary(B::Sub, x.clone(), Expr::bv(1, 32));
                Expr::and(
                    Expr::binary(B::Neq, x.clone(), Expr::bv(0, 32)),
                    Expr::eq(Expr::binary(B::BvAnd, x, minus_one), Expr::bv(0, 32)),
                )
            }
            "__add_noovfl" => {
                let (x, y) = (self.arg(call, 0)?, self.arg(call, 1)?);
                Expr::binary(B::BvUGe, Expr::binary(B::Add, x.clone(), y), x)
            }
            "__return_val_int" | "__return_val_bool" => Expr::var("$ret"),
            "__old_int" | "__old_bool" => Expr::old(self.arg(call, 0)?),
            "__read"
            | "__write"
            | "__no_read"
            | "__no_write"
            | "__read_implies"
            | "__write_implies"
            | "__read_offset_bytes"
            | "__write_offset_bytes" => {
                let p = self.arg_ptr(call, 0)?;
                let private =
                    |id: &u32| self.k.memory.object(*id).space == super::memory::Space::Private;
                if let Some(id) = p.objects.iter().find(|id| private(id)) {
                    let name = self.k.memory.object(*id).source_name.clone();
                    return Err(self.err_site(format!(
                        "`{base}` on the private array `{name}`: accesses to a work item's own \
                         memory are not logged (they cannot race); state the property with \
                         `__assert` on the values instead"
                    )));
                }
                let pred = if base.contains("read") {
                    "__read"
                } else {
                    "__write"
                };
                if base.ends_with("offset_bytes") {
                    return Ok(Some(over_bases(
                        &p,
                        |b| dialect(base, vec![b]),
                        Expr::bv(0, 32),
                    )));
                }
                let happened = over_bases(&p, |b| dialect(pred, vec![b]), Expr::bool(false));
                match base {
                    "__no_read" | "__no_write" => !happened,
                    "__read_implies" | "__write_implies" => {
                        Expr::implies(happened, self.arg(call, 1)?)
                    }
                    _ => happened,
                }
            }
            "__ptr_base" => self.arg_ptr(call, 0)?.base,
            "__ptr_offset_bytes" => {
                let p = self.arg_ptr(call, 0)?;
                let w = self.k.layout.ptr_bits;
                let bytes = Expr::binary(B::Mul, p.off, bv_const(i128::from(p.unit), w));
                resize(bytes, w, 32, false)
            }
            _ => return Ok(None),
        }))
    }

    /// The statement annotations (`__assert`, `__requires`, ...); returns
    /// whether `base` was one.
    pub(crate) fn annotation_stmt(
        &mut self,
        base: &str,
        call: &Call,
        in_entry: bool,
    ) -> Result<bool, FrontendError> {
        let kind = match base {
            "__assert"
            | "__global_assert"
            | "__invariant"
            | "__global_invariant"
            | "__assume"
            | "__requires"
            | "__global_requires"
            | "__ensures"
            | "__global_ensures"
            | "__axiom"
            | "__candidate_invariant"
            | "__candidate_global_invariant"
            | "__candidate_assert"
            | "__candidate_global_assert"
            | "__function_wide_invariant"
            | "__function_wide_candidate_invariant" => base,
            // Accepted and not needed: loads are race-checked anyway (more
            // checks, never fewer); frames and freshness are assumptions the
            // verifier does not make (it inlines or computes frames).
            "__non_temporal_loads_begin"
            | "__non_temporal_loads_end"
            | "__reads_from"
            | "__writes_to"
            | "__requires_fresh_array" => return Ok(true),
            "__return_val_ptr" => {
                self.return_val_ptr(call)?;
                return Ok(true);
            }
            "__array_snapshot" => {
                if !self.ignores_annotation(base) {
                    self.array_snapshot(call)?;
                }
                return Ok(true);
            }
            _ => return Ok(false),
        };
        if self.ignores_annotation(kind) {
            return Ok(true);
        }
        // Fold the condition into one expression, so that it can move to a
        // loop head or into a contract; loads fold only when nothing in the
        // block wrote memory before the annotation.
        let writes_before = self.memory_written_before(self.inst_index);
        self.folding = true;
        self.fold_loads = !writes_before;
        let cond = self.arg(call, 0);
        self.folding = false;
        let cond = cond?;
        let mut attrs = vec![Attribute::new(ivl::kernel::USER_ATTR, vec![])];
        if kind.starts_with("__global_") || kind.starts_with("__candidate_global_") {
            attrs.push(Attribute::new(ivl::kernel::GLOBAL_ASSERTION_ATTR, vec![]));
        }
        if kind == "__global_requires" {
            attrs.push(Attribute::new(ivl::kernel::GROUP_UNIFORM_ATTR, vec![]));
        }
        if kind.contains("candidate") {
            attrs.push(Attribute::new(USER_CANDIDATE_ATTR, vec![]));
        } else if kind.ends_with("invariant") && !kind.starts_with("__function_wide") {
            attrs.push(Attribute::new(ivl::kernel::INVARIANT_ATTR, vec![]));
        }
        if kind.starts_with("__function_wide") {
            attrs.push(Attribute::new(FUNCTION_WIDE_ATTR, vec![]));
        }
        match kind {
            "__assume" | "__axiom" => self.emit(StmtKind::Assume(cond), attrs),
            "__requires" | "__global_requires" | "__ensures" | "__global_ensures" => {
                if !in_entry {
                    return Err(self.err_site(format!("`{kind}` outside the first block of a function (write contracts at the start of the body)")));
                }
                let mut vars = HashSet::new();
                super::function::free_vars(&cond, &mut vars);
                let locals: HashSet<&str> =
                    self.locals.iter().map(|v| v.name.name.as_str()).collect();
                if let Some(local) = vars.iter().find(|v| locals.contains(v.as_str())) {
                    return Err(self.err_site(format!("`{kind}` mentions `{local}`, which is computed in the body; a contract may mention only parameters, globals and annotation functions")));
                }
                if let Some(loc) = &self.cur_loc {
                    attrs.push(super::source_attr(loc));
                }
                let spec = Spec {
                    attrs,
                    expr: cond,
                    span: ivl::Span::DUMMY,
                };
                if kind.contains("requires") {
                    self.requires.push(spec);
                } else {
                    self.ensures.push(spec);
                }
            }
            _ => self.emit(StmtKind::Assert(cond), attrs),
        }
        Ok(true)
    }

    /// Whether an instruction of the current block before index `end`
    /// may write memory: an annotation standing at `end` then keeps its
    /// loads as variables instead of folding them.
    pub(crate) fn memory_written_before(&self, end: usize) -> bool {
        self.block_instrs[..end].iter().any(|i| {
            matches!(
                i,
                llvm_ir::Instruction::Store(_)
                    | llvm_ir::Instruction::AtomicRMW(_)
                    | llvm_ir::Instruction::CmpXchg(_)
            ) || matches!(i, llvm_ir::Instruction::Call(c) if !self.is_pure_call(c))
        })
    }

    /// Whether instruction `at` of the current block is a loop invariant
    /// or an assertion (`__invariant`, `__assert`, their global,
    /// candidate and function-wide forms) whose condition folds the loads
    /// of the block: those loads are part of the annotation, not
    /// accesses of the kernel (`FnCtx::feeds_only_folded_annotation`).
    pub(crate) fn is_folding_assertion(&self, at: usize) -> bool {
        let llvm_ir::Instruction::Call(c) = &self.block_instrs[at] else {
            return false;
        };
        let Ok(callee) = self.callee(c) else {
            return false;
        };
        let base = base_name(&callee);
        FOLDING_ASSERTIONS.contains(&base)
            && !self.ignores_annotation(base)
            && !self.memory_written_before(at)
    }

    /// `--no-annotations` / `--only-requires`: whether annotation `kind`
    /// is dropped.
    pub(crate) fn ignores_annotation(&self, kind: &str) -> bool {
        let config = self.k.config;
        config.no_annotations || (config.only_requires && !kind.ends_with("requires"))
    }

    pub(crate) fn is_pure_call(&self, call: &Call) -> bool {
        let Ok(callee) = self.callee(call) else {
            return false;
        };
        let base = base_name(&callee);
        callee.starts_with("llvm.dbg")
            || callee.starts_with("llvm.nvvm.read.ptx.sreg")
            || base.starts_with("get_")
            || MATH.contains(&base)
            || base.starts_with("__ite")
            || base.starts_with("__add_")
            || base.starts_with("__return_val_")
            || callee.starts_with("__gpuverify_uf_")
            || [
                "__dominator_enabled",
                "__read_permission",
                "__write_permission",
                "__distinct_bool",
                "__all",
                "__exclusive",
                "__mod_pow2",
                "__is_pow2",
                "__other_ptr_base",
                "__uniform_ptr_base",
                "__distinct_ptr_base",
                "__non_temporal_loads_begin",
                "__non_temporal_loads_end",
                "__reads_from",
                "__writes_to",
                "__requires_fresh_array",
                "__implies",
                "__enabled",
                "__same_group",
                "__other_int",
                "__other_bool",
                "__uniform_int",
                "__uniform_bool",
                "__distinct_int",
                "__assert",
                "__invariant",
            ]
            .contains(&base)
    }
}

impl FnCtx<'_, '_> {
    /// A call to a function declared with `DECLARE_UF_*`: an uninterpreted
    /// function of its arguments (`uf$NAME`).
    pub(crate) fn user_uninterpreted(
        &mut self,
        name: &str,
        call: &Call,
    ) -> Result<Expr, FrontendError> {
        let mut args = Vec::new();
        let mut params = Vec::new();
        for i in 0..call.arguments.len() {
            let ty = self.k.module.type_of(&call.arguments[i].0);
            let t = self.k.layout.value_type(&ty).ok_or_else(|| {
                self.err_site(format!("the uninterpreted function `{name}` on `{ty}`"))
            })?;
            params.push(t);
            args.push(self.arg(call, i)?);
        }
        let ret_ty = self.k.module.type_of(call);
        let ret = self.k.layout.value_type(&ret_ty).ok_or_else(|| {
            self.err_site(format!(
                "the uninterpreted function `{name}` returning `{ret_ty}`"
            ))
        })?;
        Ok(self.uninterpreted(&format!("uf${name}"), params, ret, args))
    }
}

/// `f(base)` when the base is known, else an `if`-chain over the objects.
fn over_bases(p: &PtrExpr, f: impl Fn(Expr) -> Expr, otherwise: Expr) -> Expr {
    if !p.tracks_base {
        return f(p.base.clone());
    }
    p.objects.iter().rev().fold(otherwise, |rest, id| {
        let lit = Expr::bv(u128::from(*id), 32);
        Expr::ite(Expr::eq(p.base.clone(), lit.clone()), f(lit), rest)
    })
}
