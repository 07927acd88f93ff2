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

mod control;
mod declare;
mod encoder;
mod expressions;
mod statements;

use encoder::Encoder;

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::error::TransformError;
use crate::names::fresh as fresh_name;
use ivl::ast::{
    has_attr, AttrArg, Attribute, BinaryOp, Block, Body, Decl, Expr, ExprKind, Ident, Lhs,
    Procedure, Program, Stmt, StmtKind, Transfer, TransferKind, Type, Variable,
};
use ivl::build::{all, and, any, assert_with, assign, implies, ite, lhs, not, or, set};
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
