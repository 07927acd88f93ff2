//! The explicit N-thread encoding (the baseline of the paper's Figure 14
//! experiment, §6.4): the kernel executed by N explicitly represented
//! threads of one group, without the two-thread reduction.
//!
//! Consumes a type-checked kernel-dialect program, the name of a kernel
//! and an [`ExplicitConfig`] (N threads in x, one group). Produces an
//! ordinary sequential IVL program (no kernel builtins) whose correctness
//! implies that the kernel, launched with a local size of N and one group,
//! is free of data races and barrier divergence and that its assertions
//! hold. It never calls a solver.
//!
//! Reuses the transform's passes: `ivl::inline`, [`crate::order`]
//! (reducibility, the loop-contiguous block order), [`crate::unwind`]
//! (with `loop_unwind`), [`crate::arrays`] and [`crate::flatten`] (one
//! shared access per statement) and [`crate::uniformity`] (only to add the
//! invariants a uniform loop needs, see below). The encoding:
//!
//! - **N copies of private state.** Every local and per-thread global `x`
//!   becomes `x$t0 .. x$t{N-1}`; locals start at zero, as in the reference
//!   interpreter (`simulate`). Kernel parameters and constants stay shared.
//!   The local ids are constants `local_id_x$t<k>`: with
//!   [`IdMode::Symbolic`] (the paper's encoding) they are assumed in range
//!   and pairwise distinct (a quadratic number of assumptions), with
//!   [`IdMode::Concrete`] thread `k` has id `k`. Group ids are 0, the
//!   local size is N, the group count 1, the global offset 0.
//! - **Shared arrays are real maps**, read and written directly.
//! - **Lock-step predicated execution.** Each (block, thread) pair has a
//!   predicate `at$<block>$t<k>` ("thread k is at this block"). Blocks run
//!   in the order of [`crate::order::linear_order`] (every forward edge
//!   forward, loops contiguous from their header); every statement runs for
//!   thread 0, 1, ... under its predicate. At a block's end each thread
//!   picks one successor non-deterministically; the `assume`s of the
//!   target (branch conditions) prune wrong picks. A natural loop becomes
//!   one loop of the product that repeats while any thread is at its
//!   header; threads that left wait at the exit. This is the schedule of
//!   the reference interpreter (`simulate`).
//! - **Races: per-thread logs at a watched offset.** Per array a symbolic
//!   constant `W` (any element) and per thread flags "has read / written /
//!   atomically accessed element W since the last barrier" (and the last
//!   value written there, for benign write-write tolerance). At every access
//!   by thread k at offset o, for every other thread i:
//!   `assert !(at_k && o == W && conflict_i)`; then thread k's flags are
//!   updated. Since W is arbitrary, this checks every element and every
//!   pair of threads: N-1 checks per access per thread, N(N-1) per
//!   statement.
//! - **Barriers.** `assert at$B$t0 == at$B$tk` for every k (divergence:
//!   threads that returned or wait elsewhere are disabled), then the flags
//!   of the fenced spaces are cleared.
//! - **Loop invariants.** The kernel's invariants (the leading `assert`s
//!   of a loop header) are instantiated per thread, for the threads that
//!   entered the loop (also after they left it: their state is frozen);
//!   `__read`/`__write` mean the thread's flags, `__same_group()` is true,
//!   `__enabled()` the predicate, `__uniform_*` equality across all
//!   threads. The encoding adds invariants that hold by construction (no
//!   thread is inside the loop body at its head) and, for loops the
//!   uniformity analysis calls uniform, that all threads agree on the
//!   loop's predicates and on its uniform variables. Every invariant is
//!   asserted, never assumed, so a wrong one costs precision, not
//!   soundness.
//!
//! Checks carry `{:explicit "race"|"divergence"|"assertion"|"invariant"}`
//! ([`ExplicitCheck::of`]). Deliberately does not: model several groups
//! (inter-group races), 2-D/3-D launches, `__other_*` and offset
//! annotations, warp synchronisation, or calls other than `barrier` after
//! inlining ([`TransformError::Unsupported`]).

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::error::TransformError;
use crate::names::fresh as fresh_name;
use ivl::ast::{
    has_attr, AttrArg, Attribute, BinaryOp, Block, Body, Decl, Expr, ExprKind, Ident, Lhs,
    Procedure, Program, Stmt, StmtKind, Transfer, TransferKind, Type, Variable,
};
use ivl::build::{all, and, any, implies, ite, not, or};
use ivl::cfg::{BlockId, Cfg};
use ivl::kernel::ATOMIC_ATTR;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// The attribute naming the class of a check of the explicit program.
pub const EXPLICIT_ATTR: &str = "explicit";

/// How the threads' local ids are represented.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IdMode {
    /// Symbolic constants, assumed in `[0, N)` and pairwise distinct (the
    /// paper's encoding).
    #[default]
    Symbolic,
    /// Thread k has local id k.
    Concrete,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitConfig {
    /// Threads of the one group (local size in x); at least 1.
    pub threads: u32,
    pub ids: IdMode,
    /// Same-value write-write conflicts are not races.
    pub benign_tolerance: bool,
    /// Unroll loops this many times instead of using invariants (bounded).
    pub loop_unwind: Option<u32>,
}

impl ExplicitConfig {
    pub fn new(threads: u32) -> ExplicitConfig {
        ExplicitConfig {
            threads,
            ids: IdMode::Symbolic,
            benign_tolerance: true,
            loop_unwind: None,
        }
    }
}

/// The result of the encoding.
#[derive(Clone, Debug)]
pub struct ExplicitProgram {
    /// A sequential program; it type-checks.
    pub program: Program,
    /// The procedure to verify (named like the kernel).
    pub procedure: String,
    pub threads: u32,
}

/// What a failing check of the explicit program means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplicitCheck {
    /// `kind` is the access of thread `thread` that conflicts with a logged
    /// access of thread `other`.
    Race {
        array: String,
        kind: String,
        thread: u32,
        other: u32,
    },
    Divergence,
    Assertion,
    /// A loop invariant (the kernel's or one the encoding adds).
    Invariant,
}

impl ExplicitCheck {
    /// The class of a check from its attributes.
    pub fn of(attrs: &[Attribute]) -> Option<ExplicitCheck> {
        let attr = attrs.iter().find(|a| a.name == EXPLICIT_ATTR)?;
        let text = |i: usize| match attr.args.get(i) {
            Some(AttrArg::Str(s)) => Some(s.clone()),
            _ => None,
        };
        let number = |i: usize| match attr.args.get(i) {
            Some(AttrArg::Expr(Expr {
                kind: ExprKind::Int(v),
                ..
            })) => Some(*v as u32),
            _ => None,
        };
        Some(match text(0)?.as_str() {
            "race" => ExplicitCheck::Race {
                array: text(1)?,
                kind: text(2)?,
                thread: number(3)?,
                other: number(4)?,
            },
            "divergence" => ExplicitCheck::Divergence,
            "invariant" => ExplicitCheck::Invariant,
            _ => ExplicitCheck::Assertion,
        })
    }
}

fn explicit_attr(args: Vec<AttrArg>) -> Attribute {
    Attribute::new(EXPLICIT_ATTR, args)
}

fn tag(kind: &str) -> Attribute {
    explicit_attr(vec![AttrArg::Str(kind.into())])
}

/// Encodes kernel `kernel` of `program` for `config.threads` threads.
pub fn explicit_threads(
    program: &Program,
    kernel: &str,
    config: &ExplicitConfig,
) -> Result<ExplicitProgram, TransformError> {
    if config.threads == 0 {
        return Err(TransformError::unsupported(
            "the explicit encoding needs at least one thread",
            ivl::Span::DUMMY,
        ));
    }
    let inlined = ivl::inline::inline(program)?;
    let mut proc = inlined
        .procedure(kernel)
        .filter(|p| p.is_kernel() && p.body.is_some())
        .cloned()
        .ok_or_else(|| TransformError::NoKernel(kernel.to_string()))?;
    let mut used = crate::names::used_names(&inlined, &proc);
    if let Some(body) = &proc.body {
        crate::order::check_reducible(body, kernel)?;
    }
    if let Some(n) = config.loop_unwind {
        crate::unwind::unwind(&mut proc, n, &mut used)?;
    }
    let arrays = crate::arrays::collect(&inlined);
    crate::flatten::flatten(&mut proc, &arrays, &mut used)?;
    let body = proc
        .body
        .clone()
        .ok_or_else(|| TransformError::NoKernel(kernel.into()))?;
    let cfg = Cfg::new(&body).map_err(|d| TransformError::internal(d.message))?;
    let uniformity = crate::uniformity::analyse(
        &inlined,
        &proc,
        &cfg,
        &arrays,
        true,
        crate::uniformity::Entry::Kernel,
    );
    let mut e = Encoder::new(&inlined, &proc, &body, &cfg, arrays, config, used);
    e.uniform = uniformity;
    e.encode()?;
    Ok(e.finish())
}

/// The ghosts of one race-checked array; a flag vector is empty when the
/// kernel has no access of that kind to the array.
struct Ghosts {
    watched: String,
    read: Vec<String>,
    write: Vec<String>,
    atomic: Vec<String>,
    value: Vec<String>,
}

struct Encoder<'a> {
    program: &'a Program,
    kernel: &'a Procedure,
    body: &'a Body,
    cfg: &'a Cfg,
    arrays: BTreeMap<String, ArrayInfo>,
    config: &'a ExplicitConfig,
    used: HashSet<String>,
    uniform: crate::uniformity::Uniformity,
    n: u32,
    /// Per-thread names: (kernel name, thread) → copy.
    copies: HashMap<(String, u32), String>,
    private_types: BTreeMap<String, Type>,
    lids: Vec<String>,
    ghosts: BTreeMap<String, Ghosts>,
    /// at[block][thread]
    at: Vec<Vec<String>>,
    locals: Vec<Variable>,
    consts: Vec<Variable>,
    blocks: Vec<Block>,
    label: String,
    stmts: Vec<Stmt>,
}

fn bool_ty() -> Type {
    Type::Bool
}

fn var(name: &str) -> Expr {
    Expr::var(name)
}

fn assign(lhs: Vec<Lhs>, rhs: Vec<Expr>) -> Stmt {
    Stmt::new(StmtKind::Assign { lhs, rhs })
}

fn set(name: &str, value: Expr) -> Stmt {
    assign(vec![simple_lhs(name)], vec![value])
}

fn simple_lhs(name: &str) -> Lhs {
    Lhs {
        name: Ident::synthetic(name),
        indices: Vec::new(),
        span: ivl::Span::DUMMY,
    }
}

fn assert_with(e: Expr, attrs: Vec<Attribute>) -> Stmt {
    let mut s = Stmt::new(StmtKind::Assert(e));
    s.attrs = attrs;
    s
}

fn zero_of(ty: &Type) -> Option<Expr> {
    match ty {
        Type::Bool => Some(Expr::bool(false)),
        Type::Int => Some(Expr::int(0)),
        Type::Bv(w) => Some(Expr::bv(0, *w)),
        Type::Map(..) => None,
    }
}

impl Ghosts {
    fn flags(&self, k: usize) -> impl Iterator<Item = &String> {
        [&self.read, &self.write, &self.atomic]
            .into_iter()
            .filter_map(move |v| v.get(k))
    }

    /// Thread `k`'s flag for `kind` as an expression (`false` if not logged).
    fn flag(&self, kind: crate::AccessKind, k: usize) -> Option<&String> {
        match kind {
            crate::AccessKind::Read => self.read.get(k),
            crate::AccessKind::Write => self.write.get(k),
            crate::AccessKind::Atomic => self.atomic.get(k),
        }
    }
}

fn flag_expr(flag: Option<&String>) -> Expr {
    flag.map(|f| var(f)).unwrap_or_else(|| Expr::bool(false))
}

impl<'a> Encoder<'a> {
    fn new(
        program: &'a Program,
        kernel: &'a Procedure,
        body: &'a Body,
        cfg: &'a Cfg,
        arrays: BTreeMap<String, ArrayInfo>,
        config: &'a ExplicitConfig,
        used: HashSet<String>,
    ) -> Encoder<'a> {
        Encoder {
            program,
            kernel,
            body,
            cfg,
            arrays,
            config,
            used,
            uniform: Default::default(),
            n: config.threads,
            copies: HashMap::new(),
            private_types: BTreeMap::new(),
            lids: Vec::new(),
            ghosts: BTreeMap::new(),
            at: Vec::new(),
            locals: Vec::new(),
            consts: Vec::new(),
            blocks: Vec::new(),
            label: String::new(),
            stmts: Vec::new(),
        }
    }

    fn fresh(&mut self, base: &str) -> String {
        fresh_name(&mut self.used, base)
    }

    fn local(&mut self, base: &str, ty: Type) -> String {
        let name = self.fresh(base);
        self.locals.push(Variable {
            attrs: Vec::new(),
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    fn constant(&mut self, base: &str, ty: Type) -> String {
        let name = self.fresh(base);
        self.consts.push(Variable {
            attrs: Vec::new(),
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    fn push(&mut self, s: Stmt) {
        self.stmts.push(s);
    }

    fn close(&mut self, targets: &[String]) {
        let kind = if targets.is_empty() {
            TransferKind::Return
        } else {
            TransferKind::Goto(targets.iter().map(Ident::synthetic).collect())
        };
        self.blocks.push(Block {
            label: Ident::synthetic(std::mem::take(&mut self.label)),
            attrs: Vec::new(),
            stmts: std::mem::take(&mut self.stmts),
            transfer: Transfer {
                kind,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
    }

    fn copy(&self, name: &str, k: u32) -> Option<&String> {
        self.copies.get(&(name.to_string(), k))
    }

    fn racy(&self, name: &str) -> bool {
        self.arrays.get(name).is_some_and(ArrayInfo::is_racy_space)
    }

    /// Declares copies, ids, ghosts and predicates.
    fn declare(&mut self) -> Result<(), TransformError> {
        let mut private: Vec<(String, Type)> = self
            .body
            .locals
            .iter()
            .map(|v| (v.name.name.clone(), v.ty.clone()))
            .collect();
        private.extend(
            self.kernel
                .returns
                .iter()
                .map(|v| (v.name.name.clone(), v.ty.clone())),
        );
        for g in self.program.global_vars() {
            if !self.arrays.contains_key(&g.name.name) {
                private.push((g.name.name.clone(), g.ty.clone()));
            }
        }
        for (name, ty) in &private {
            for k in 0..self.n {
                let copy = self.local(&format!("{name}$t{k}"), ty.clone());
                self.copies.insert((name.clone(), k), copy);
            }
            self.private_types.insert(name.clone(), ty.clone());
        }
        for k in 0..self.n {
            let lid = match self.config.ids {
                IdMode::Symbolic => self.constant(&format!("local_id_x$t{k}"), Type::Bv(32)),
                IdMode::Concrete => String::new(),
            };
            self.lids.push(lid);
        }
        let racy: Vec<ArrayInfo> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space())
            .cloned()
            .collect();
        // Only the kinds of access an array has are logged and checked.
        let mut kinds: HashSet<(String, crate::AccessKind)> = HashSet::new();
        for block in &self.body.blocks {
            for stmt in &block.stmts {
                if let Some((array, _, kind)) = self.access_of(stmt) {
                    kinds.insert((array, kind));
                }
            }
        }
        for a in racy {
            let has = |k: crate::AccessKind| kinds.contains(&(a.ivl_name.clone(), k));
            let (has_read, has_write, has_atomic) = (
                has(crate::AccessKind::Read),
                has(crate::AccessKind::Write),
                has(crate::AccessKind::Atomic),
            );
            let stem = a.ivl_name.trim_start_matches('$').to_string();
            let watched = self.constant(&format!("W_{stem}"), a.index_type.clone());
            let mut g = Ghosts {
                watched,
                read: Vec::new(),
                write: Vec::new(),
                atomic: Vec::new(),
                value: Vec::new(),
            };
            for k in 0..self.n {
                if has_read {
                    g.read
                        .push(self.local(&format!("READ_{stem}$t{k}"), bool_ty()));
                }
                if has_write {
                    g.write
                        .push(self.local(&format!("WRITE_{stem}$t{k}"), bool_ty()));
                    g.value
                        .push(self.local(&format!("VALUE_{stem}$t{k}"), a.elem_type.clone()));
                }
                if has_atomic {
                    g.atomic
                        .push(self.local(&format!("ATOMIC_{stem}$t{k}"), bool_ty()));
                }
            }
            self.ghosts.insert(a.ivl_name.clone(), g);
        }
        for b in 0..self.body.blocks.len() {
            let label = self.body.blocks[b].label.name.clone();
            let names = (0..self.n)
                .map(|k| self.local(&format!("at${label}$t{k}"), bool_ty()))
                .collect();
            self.at.push(names);
        }
        Ok(())
    }

    fn lid(&self, k: u32) -> Expr {
        match self.config.ids {
            IdMode::Symbolic => var(&self.lids[k as usize]),
            IdMode::Concrete => Expr::bv(k as u128, 32),
        }
    }

    fn at(&self, b: usize, k: u32) -> Expr {
        var(&self.at[b][k as usize])
    }

    /// `e` as thread `k` sees it; `en` is its predicate here.
    fn expr(&self, e: &Expr, k: u32, en: &Expr) -> Result<Expr, TransformError> {
        self.go(e, k, en, &mut Vec::new())
    }

    fn go(
        &self,
        e: &Expr,
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
    ) -> Result<Expr, TransformError> {
        match &e.kind {
            ExprKind::Var(name) if !bound.contains(name) => {
                if let Some(c) = self.copy(name, k) {
                    return Ok(Expr::new(ExprKind::Var(c.clone()), e.span));
                }
                let n = self.n as u128;
                let literal = match name.as_str() {
                    "local_id_x" => return Ok(self.lid(k)),
                    "local_size_x" => Some(n),
                    "local_size_y" | "local_size_z" => Some(1),
                    "num_groups_x" | "num_groups_y" | "num_groups_z" => Some(1),
                    "local_id_y" | "local_id_z" | "group_id_x" | "group_id_y" | "group_id_z"
                    | "global_offset_x" | "global_offset_y" | "global_offset_z" => Some(0),
                    _ => None,
                };
                Ok(match literal {
                    Some(v) => Expr::bv(v, 32),
                    None => e.clone(),
                })
            }
            ExprKind::Apply(f, args) if ivl::kernel::is_builtin_function(f) => {
                self.annotation(f, args, k, en, bound, e)
            }
            // The rest; a quantifier's variables are on `bound` in its body.
            _ => ivl::visit::try_map_children_scoped(e, bound, &mut |c, bound| {
                self.go(c, k, en, bound)
            }),
        }
    }

    fn annotation(
        &self,
        f: &str,
        args: &[Expr],
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
        e: &Expr,
    ) -> Result<Expr, TransformError> {
        let arg = || {
            args.first().ok_or_else(|| {
                TransformError::unsupported(format!("`{f}` without its argument"), e.span)
            })
        };
        Ok(match f {
            "__enabled" => en.clone(),
            "__same_group" => Expr::bool(true),
            "__uniform_int" | "__uniform_bool" => {
                let first = self.go(arg()?, 0, en, bound)?;
                let mut parts = Vec::new();
                for j in 1..self.n {
                    parts.push(Expr::eq(first.clone(), self.go(arg()?, j, en, bound)?));
                }
                all(parts)
            }
            "__distinct_int" => {
                let mine = self.go(arg()?, k, en, bound)?;
                let mut parts = Vec::new();
                for j in (0..self.n).filter(|&j| j != k) {
                    parts.push(Expr::binary(
                        BinaryOp::Neq,
                        mine.clone(),
                        self.go(arg()?, j, en, bound)?,
                    ));
                }
                all(parts)
            }
            "__read" | "__write" => {
                let write = f == "__write";
                self.by_base(arg()?, k, en, bound, &|g: &Ghosts| {
                    let kind = if write {
                        crate::AccessKind::Write
                    } else {
                        crate::AccessKind::Read
                    };
                    flag_expr(g.flag(kind, k as usize))
                })?
            }
            _ => {
                return Err(TransformError::unsupported(
                    format!("annotation function `{f}` in the explicit N-thread encoding"),
                    e.span,
                ))
            }
        })
    }

    fn by_base(
        &self,
        base: &Expr,
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
        pick: &dyn Fn(&Ghosts) -> Expr,
    ) -> Result<Expr, TransformError> {
        match &base.kind {
            ExprKind::Ite(c, a, b) => Ok(Expr::ite(
                self.go(c, k, en, bound)?,
                self.by_base(a, k, en, bound, pick)?,
                self.by_base(b, k, en, bound, pick)?,
            )),
            ExprKind::Bv { value, .. } | ExprKind::Int(value) => {
                let array = self.arrays.values().find(|a| a.base_id == Some(*value));
                Ok(match array.and_then(|a| self.ghosts.get(&a.ivl_name)) {
                    Some(g) => pick(g),
                    None => Expr::bool(false),
                })
            }
            _ => Err(TransformError::unsupported(
                "an access annotation whose pointer is not a known object",
                base.span,
            )),
        }
    }

    fn encode(&mut self) -> Result<(), TransformError> {
        self.declare()?;
        self.label = self.fresh("explicit$entry");
        let n = self.n;
        // Thread ids.
        if self.config.ids == IdMode::Symbolic {
            for k in 0..n {
                let id = self.lid(k);
                self.push(Stmt::new(StmtKind::Assume(Expr::binary(
                    BinaryOp::BvULt,
                    id,
                    Expr::bv(n as u128, 32),
                ))));
            }
            for i in 0..n {
                for j in i + 1..n {
                    self.push(Stmt::new(StmtKind::Assume(Expr::binary(
                        BinaryOp::Neq,
                        self.lid(i),
                        self.lid(j),
                    ))));
                }
            }
        }
        // Preconditions, for every thread.
        for spec in &self.kernel.requires {
            for k in 0..n {
                let e = self.expr(&spec.expr, k, &Expr::bool(true))?;
                self.push(Stmt::new(StmtKind::Assume(e)));
            }
        }
        // Initial state: locals zero, logs empty, every thread at the entry.
        let mut init = Vec::new();
        for local in &self.body.locals {
            if let Some(z) = zero_of(&local.ty) {
                for k in 0..n {
                    init.push(set(&self.copies[&(local.name.name.clone(), k)], z.clone()));
                }
            }
        }
        for g in self.ghosts.values() {
            for k in 0..n as usize {
                for flag in g.flags(k) {
                    init.push(set(flag, Expr::bool(false)));
                }
            }
        }
        for (b, names) in self.at.iter().enumerate() {
            for name in names {
                init.push(set(name, Expr::bool(b == 0)));
            }
        }
        for s in init {
            self.push(s);
        }
        for k in 0..n {
            let cond = self.edge_condition(0, k)?;
            self.push(Stmt::new(StmtKind::Assume(cond)));
        }
        let loops = self.cfg.loops();
        let order = crate::order::linear_order(self.cfg, &loops);
        // Open loops (innermost last): header block, its loop id, exit label.
        let mut open: Vec<(BlockId, ivl::cfg::LoopId, (String, String))> = Vec::new();
        for &b in &order {
            while let Some((_, l, _)) = open.last() {
                if loops.body(*l).contains(&b) {
                    break;
                }
                let (h, _, labels) = open.pop().expect("an open loop");
                self.close_loop(h, labels);
            }
            if let Some(l) = loops.ids().find(|&l| loops.header(l) == b) {
                let head_label = self.open_loop(b, l)?;
                open.push((b, l, head_label));
            }
            self.block(b)?;
        }
        while let Some((h, _, labels)) = open.pop() {
            self.close_loop(h, labels);
        }
        // Kernel postconditions, for every thread.
        for spec in &self.kernel.ensures {
            for k in 0..n {
                let e = self.expr(&spec.expr, k, &Expr::bool(true))?;
                self.push(assert_with(e, vec![tag("assertion")]));
            }
        }
        self.close(&[]);
        Ok(())
    }

    /// Blocks `l` is made of, and those its exits lead to.
    fn loop_exits(&self, l: ivl::cfg::LoopId) -> BTreeSet<usize> {
        let loops = self.cfg.loops();
        let members = loops.body(l);
        let mut out = BTreeSet::new();
        for &b in members {
            for &s in self.cfg.succs(b) {
                if !members.contains(&s) {
                    out.insert(s.index());
                }
            }
        }
        out
    }

    fn is_uniform_loop(&self, l: ivl::cfg::LoopId) -> bool {
        let loops = self.cfg.loops();
        let members = loops.body(l);
        let header = loops.header(l).index();
        if !self
            .uniform
            .uniform_block
            .get(header)
            .copied()
            .unwrap_or(false)
        {
            return false;
        }
        members.iter().all(|&b| {
            let leaves = self.cfg.succs(b).iter().any(|s| !members.contains(s));
            !leaves
                || self
                    .uniform
                    .uniform_branch
                    .get(b.index())
                    .copied()
                    .unwrap_or(false)
        })
    }

    /// Variables assigned or havocked in the blocks of a loop.
    fn modified_in(&self, l: ivl::cfg::LoopId) -> BTreeSet<String> {
        let loops = self.cfg.loops();
        let mut out = BTreeSet::new();
        for &b in loops.body(l) {
            for s in &self.body.blocks[b.index()].stmts {
                match &s.kind {
                    StmtKind::Assign { lhs, .. } => {
                        out.extend(lhs.iter().map(|x| x.name.name.clone()))
                    }
                    StmtKind::Havoc(names) => out.extend(names.iter().map(|x| x.name.clone())),
                    StmtKind::Call { rets, .. } => out.extend(rets.iter().map(|x| x.name.clone())),
                    _ => {}
                }
            }
        }
        out
    }

    /// Starts the product loop of the kernel loop headed by `h`: its head
    /// (the invariants) and the first block of its body.
    fn open_loop(
        &mut self,
        h: BlockId,
        l: ivl::cfg::LoopId,
    ) -> Result<(String, String), TransformError> {
        let n = self.n;
        let hl = self.body.blocks[h.index()].label.name.clone();
        let head = self.fresh(&format!("{hl}$head"));
        let body = self.fresh(&format!("{hl}$body"));
        // `ran`: the thread entered this execution of the loop (threads
        // enter only from before it, so this is fixed during the loop).
        let mut ran = Vec::new();
        for k in 0..n {
            let r = self.local(&format!("ran${hl}$t{k}"), bool_ty());
            self.push(set(&r, self.at(h.index(), k)));
            ran.push(r);
        }
        self.close(std::slice::from_ref(&head));
        self.label = head.clone();
        // The kernel's invariants, per thread.
        let invariants: Vec<Stmt> = self.body.blocks[h.index()]
            .stmts
            .iter()
            .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
            .cloned()
            .collect();
        for inv in &invariants {
            let StmtKind::Assert(e) = &inv.kind else {
                continue;
            };
            for k in 0..n {
                let en = self.at(h.index(), k);
                let body = self.expr(e, k, &en)?;
                let mut attrs = inv.attrs.clone();
                attrs.push(tag("invariant"));
                self.push(assert_with(implies(var(&ran[k as usize]), body), attrs));
            }
        }
        // By construction: no thread waits inside the loop at its head.
        let loops = self.cfg.loops();
        for &b in loops.body(l) {
            if b == h {
                continue;
            }
            for k in 0..n {
                let inv = not(self.at(b.index(), k));
                self.push(assert_with(inv, vec![tag("invariant")]));
            }
        }
        if self.is_uniform_loop(l) {
            let mut preds: Vec<usize> = vec![h.index()];
            preds.extend(self.loop_exits(l));
            for b in preds {
                for k in 1..n {
                    let inv = Expr::eq(self.at(b, 0), self.at(b, k));
                    self.push(assert_with(inv, vec![tag("invariant")]));
                }
            }
            for v in self.modified_in(l) {
                if self.uniform.per_thread.contains(&v) || !self.private_types.contains_key(&v) {
                    continue;
                }
                if matches!(self.private_types[&v], Type::Map(..)) {
                    continue;
                }
                for k in 1..n {
                    let inv = Expr::eq(
                        var(&self.copies[&(v.clone(), 0)]),
                        var(&self.copies[&(v.clone(), k)]),
                    );
                    self.push(assert_with(inv, vec![tag("invariant")]));
                }
            }
        }
        let exit = self.fresh(&format!("{hl}$exit"));
        self.close(&[body.clone(), exit.clone()]);
        // The body runs while some thread is at the header.
        self.label = body;
        let someone = any((0..n).map(|k| self.at(h.index(), k)));
        self.push(Stmt::new(StmtKind::Assume(someone)));
        Ok((head, exit))
    }

    fn close_loop(&mut self, h: BlockId, (head, exit): (String, String)) {
        self.close(&[head]);
        self.label = exit;
        let someone = any((0..self.n).map(|k| self.at(h.index(), k)));
        self.push(Stmt::new(StmtKind::Assume(not(someone))));
    }

    /// Block `b` of the kernel for every thread, and its transfer.
    fn block(&mut self, b: BlockId) -> Result<(), TransformError> {
        let bi = b.index();
        let kernel_block = &self.body.blocks[bi];
        let is_header = self.cfg.loops().headers().any(|h| h == b);
        // A header's invariants are at the product loop's head; a block's
        // leading `assume`s (branch conditions) are on its incoming edges.
        let skip = if is_header {
            kernel_block
                .stmts
                .iter()
                .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
                .count()
        } else {
            crate::uniformity::leading_assumes(self.body, bi).len()
        };
        for stmt in &kernel_block.stmts[skip..] {
            self.stmt(stmt, bi)?;
        }
        self.transfer(b)
    }

    fn transfer(&mut self, b: BlockId) -> Result<(), TransformError> {
        let bi = b.index();
        let succs: Vec<usize> = self.cfg.succs(b).iter().map(|s| s.index()).collect();
        for k in 0..self.n {
            let here = self.at(bi, k);
            // go[i]: thread k takes successor i (exactly one).
            let mut go: Vec<Expr> = Vec::new();
            if succs.len() > 1 {
                let mut none_before = Expr::bool(true);
                for i in 0..succs.len() {
                    if i + 1 == succs.len() {
                        go.push(none_before.clone());
                    } else {
                        let label = self.body.blocks[bi].label.name.clone();
                        let c = self.local(&format!("go${label}${i}$t{k}"), bool_ty());
                        self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                            c.clone(),
                        )])));
                        go.push(and(none_before.clone(), var(&c)));
                        none_before = and(none_before, not(var(&c)));
                    }
                }
            } else {
                go = succs.iter().map(|_| Expr::bool(true)).collect();
            }
            // A thread only takes an edge whose target's conditions hold.
            for (i, &s) in succs.iter().enumerate() {
                let conds = self.edge_condition(s, k)?;
                if !matches!(conds.kind, ExprKind::Bool(true)) {
                    let taken = and(here.clone(), go[i].clone());
                    self.push(Stmt::new(StmtKind::Assume(implies(taken, conds))));
                }
            }
            let mut lhs = vec![simple_lhs(&self.at[bi][k as usize])];
            let mut rhs = vec![Expr::bool(false)];
            for (i, &s) in succs.iter().enumerate() {
                let taken = and(here.clone(), go[i].clone());
                if s == bi {
                    rhs[0] = taken;
                } else {
                    lhs.push(simple_lhs(&self.at[s][k as usize]));
                    rhs.push(or(self.at(s, k), taken));
                }
            }
            self.push(assign(lhs, rhs));
        }
        Ok(())
    }

    /// The leading `assume`s of block `s` for thread `k` (on the edges into
    /// it; an enabled thread's state does not change while it waits).
    fn edge_condition(&self, s: usize, k: u32) -> Result<Expr, TransformError> {
        let en = self.at(s, k);
        let mut out = Expr::bool(true);
        for e in crate::uniformity::leading_assumes(self.body, s) {
            out = and(out, self.expr(e, k, &en)?);
        }
        Ok(out)
    }

    fn stmt(&mut self, stmt: &Stmt, b: usize) -> Result<(), TransformError> {
        match &stmt.kind {
            StmtKind::Call { callee, args, .. } if callee.name == ivl::kernel::BARRIER => {
                self.barrier(stmt, args, b)
            }
            StmtKind::Call { callee, .. } => Err(TransformError::unsupported(
                format!(
                    "a call of `{}` in the explicit N-thread encoding",
                    callee.name
                ),
                stmt.span,
            )),
            _ => {
                for k in 0..self.n {
                    self.thread_stmt(stmt, b, k)?;
                }
                Ok(())
            }
        }
    }

    fn barrier(&mut self, stmt: &Stmt, args: &[Expr], b: usize) -> Result<(), TransformError> {
        let n = self.n;
        for k in 1..n {
            let mut attrs: Vec<Attribute> = stmt
                .attrs
                .iter()
                .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                .cloned()
                .collect();
            attrs.push(tag("divergence"));
            self.push(assert_with(Expr::eq(self.at(b, 0), self.at(b, k)), attrs));
        }
        let en = self.at(b, 0);
        let fence = |i: usize| -> Result<Expr, TransformError> {
            let e = args.get(i).cloned().unwrap_or_else(|| Expr::bool(true));
            self.expr(&e, 0, &en)
        };
        let (local, global) = (fence(0)?, fence(1)?);
        let mut clears = Vec::new();
        for (name, g) in &self.ghosts {
            let fenced = match self.arrays[name].space {
                MemorySpace::GroupShared => local.clone(),
                MemorySpace::Global => global.clone(),
                MemorySpace::Constant => continue,
            };
            let cond = and(en.clone(), fenced);
            if matches!(cond.kind, ExprKind::Bool(false)) {
                continue;
            }
            for k in 0..n as usize {
                for flag in g.flags(k) {
                    clears.push(set(flag, and(var(flag), not(cond.clone()))));
                }
            }
        }
        for s in clears {
            self.push(s);
        }
        Ok(())
    }

    /// The race checks of thread `k`'s access and the update of its logs.
    fn access(
        &mut self,
        (array, kind): (&str, crate::AccessKind),
        offset: &Expr,
        value: Option<&Expr>,
        en: &Expr,
        k: u32,
        stmt: &Stmt,
    ) {
        use crate::AccessKind as K;
        let Some(g) = self.ghosts.get(array) else {
            return;
        };
        let source = self.arrays[array].source_name.clone();
        let hit = and(en.clone(), Expr::eq(offset.clone(), var(&g.watched)));
        let mut out = Vec::new();
        for i in (0..self.n).filter(|&i| i != k) {
            let iu = i as usize;
            let mut conflicts: Vec<(String, Expr)> = Vec::new();
            for &earlier in kind.conflicts() {
                let Some(flag) = g.flag(earlier, iu) else {
                    continue;
                };
                let mut e = var(flag);
                if let (K::Write, K::Write, Some(v), true) =
                    (kind, earlier, value, self.config.benign_tolerance)
                {
                    e = and(e, Expr::binary(BinaryOp::Neq, var(&g.value[iu]), v.clone()));
                }
                conflicts.push((earlier.name().to_string(), e));
            }
            for (earlier, flag) in conflicts {
                let mut attrs: Vec<Attribute> = stmt
                    .attrs
                    .iter()
                    .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                    .cloned()
                    .collect();
                attrs.push(explicit_attr(vec![
                    AttrArg::Str("race".into()),
                    AttrArg::Str(source.clone()),
                    AttrArg::Str(format!("{}-{earlier}", kind.name())),
                    AttrArg::Expr(Expr::int(k as u128)),
                    AttrArg::Expr(Expr::int(i as u128)),
                ]));
                out.push(assert_with(not(and(hit.clone(), flag)), attrs));
            }
        }
        let ku = k as usize;
        if let Some(flag) = g.flag(kind, ku) {
            out.push(set(flag, or(var(flag), hit.clone())));
        }
        if let (K::Write, Some(v)) = (kind, value) {
            let slot = &g.value[ku];
            out.push(set(slot, ite(hit, v.clone(), var(slot))));
        }
        for s in out {
            self.push(s);
        }
    }

    /// The memory access of a flattened statement: (array, index, kind).
    fn access_of(&self, stmt: &Stmt) -> Option<(String, Expr, crate::AccessKind)> {
        let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
            return None;
        };
        let atomic = has_attr(&stmt.attrs, ATOMIC_ATTR);
        for l in lhs {
            if self.racy(&l.name.name) {
                if let Some(i) = l.indices.first() {
                    let kind = if atomic {
                        crate::AccessKind::Atomic
                    } else {
                        crate::AccessKind::Write
                    };
                    return Some((l.name.name.clone(), i.clone(), kind));
                }
            }
        }
        let mut found = None;
        for e in rhs {
            ivl::visit::walk_expr(e, &mut |x| {
                if let ExprKind::Select(m, i) = &x.kind {
                    if let ExprKind::Var(name) = &m.kind {
                        if found.is_none() && self.racy(name) {
                            found = Some((name.clone(), (**i).clone()));
                        }
                    }
                }
            });
        }
        found.map(|(a, i)| {
            let kind = if atomic {
                crate::AccessKind::Atomic
            } else {
                crate::AccessKind::Read
            };
            (a, i, kind)
        })
    }

    fn thread_stmt(&mut self, stmt: &Stmt, b: usize, k: u32) -> Result<(), TransformError> {
        let en = self.at(b, k);
        let keep_source = |s: &Stmt| -> Vec<Attribute> {
            s.attrs
                .iter()
                .filter(|a| a.name == ivl::kernel::SOURCE_ATTR)
                .cloned()
                .collect()
        };
        match &stmt.kind {
            StmtKind::Assume(e) => {
                let e = self.expr(e, k, &en)?;
                self.push(Stmt::new(StmtKind::Assume(implies(en, e))));
            }
            StmtKind::Assert(e) => {
                let e = self.expr(e, k, &en)?;
                let mut attrs = keep_source(stmt);
                attrs.push(tag("assertion"));
                self.push(assert_with(implies(en, e), attrs));
            }
            StmtKind::Havoc(names) => {
                for name in names {
                    let Some(ty) = self.private_types.get(&name.name).cloned() else {
                        return Err(TransformError::unsupported(
                            format!("`havoc {}` of shared state", name.name),
                            stmt.span,
                        ));
                    };
                    let tmp = self.local(&format!("havoc${}", name.name), ty);
                    self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                        tmp.clone(),
                    )])));
                    let copy = self.copies[&(name.name.clone(), k)].clone();
                    self.push(set(&copy, ite(en.clone(), var(&tmp), var(&copy))));
                }
            }
            StmtKind::Assign { lhs, rhs } => {
                if let Some((array, index, kind)) = self.access_of(stmt) {
                    let offset = self.expr(&index, k, &en)?;
                    let value = match kind {
                        crate::AccessKind::Write => {
                            let pos = lhs.iter().position(|l| l.name.name == array);
                            match pos.and_then(|p| rhs.get(p)) {
                                Some(v) => Some(self.expr(v, k, &en)?),
                                None => None,
                            }
                        }
                        _ => None,
                    };
                    self.access((&array, kind), &offset, value.as_ref(), &en, k, stmt);
                }
                let mut new_lhs = Vec::new();
                let mut new_rhs = Vec::new();
                for (l, r) in lhs.iter().zip(rhs) {
                    let value = self.expr(r, k, &en)?;
                    let name = match self.copy(&l.name.name, k) {
                        Some(c) => c.clone(),
                        None => l.name.name.clone(),
                    };
                    let mut indices = Vec::new();
                    for i in &l.indices {
                        indices.push(self.expr(i, k, &en)?);
                    }
                    // The current value of the target, kept when disabled.
                    let mut current = var(&name);
                    for i in &indices {
                        current = Expr::select(current, i.clone());
                    }
                    new_lhs.push(Lhs {
                        name: Ident::synthetic(name),
                        indices,
                        span: l.span,
                    });
                    new_rhs.push(ite(en.clone(), value, current));
                }
                let mut s = assign(new_lhs, new_rhs);
                s.attrs = keep_source(stmt);
                self.push(s);
            }
            StmtKind::Call { .. } => {
                return Err(TransformError::internal("a call reached thread_stmt"));
            }
        }
        Ok(())
    }

    fn finish(self) -> ExplicitProgram {
        let mut decls: Vec<Decl> = Vec::new();
        let memory: Vec<String> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space())
            .map(|a| a.ivl_name.clone())
            .collect();
        for d in &self.program.decls {
            match d {
                Decl::Const(_) | Decl::Function(_) | Decl::Axiom(_) => decls.push(d.clone()),
                Decl::Var(v) if self.arrays.contains_key(&v.name.name) => {
                    decls.push(d.clone());
                }
                Decl::Var(_) | Decl::Procedure(_) => {}
            }
        }
        for c in self.consts {
            decls.push(Decl::Const(c));
        }
        let procedure = self.kernel.name.name.clone();
        decls.push(Decl::Procedure(Procedure {
            attrs: Vec::new(),
            name: Ident::synthetic(procedure.clone()),
            params: self.kernel.params.clone(),
            returns: Vec::new(),
            requires: Vec::new(),
            modifies: memory.iter().map(Ident::synthetic).collect(),
            ensures: Vec::new(),
            body: Some(Body {
                locals: self.locals,
                blocks: self.blocks,
            }),
            span: ivl::Span::DUMMY,
        }));
        ExplicitProgram {
            program: Program { decls },
            procedure,
            threads: self.n,
        }
    }
}
