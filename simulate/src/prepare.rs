//! Turns a kernel program into the interpreter's form, once per run.
//!
//! Consumes a type-checked kernel-dialect program. Produces: the memory
//! objects (map-typed globals with a memory-space attribute), the
//! per-thread globals, and for every procedure with a body its blocks with
//! statements whose reads of memory objects are pulled out: each
//! `M[e]` becomes a fresh variable `$sim$rN` bound before the statement
//! runs, so the interpreter can log the access and the evaluator never sees
//! shared memory. Identical reads in one statement are one access (an
//! atomic's `M[i]` appears several times). Guarantees: every statement the
//! interpreter meets is in one of the [`StmtKind`] forms; anything else
//! (a memory object used as a whole value, memory reads under a quantifier
//! or `old`, nested memory maps) is [`SimError::Unsupported`].

use crate::{SimError, SourceLoc};
use ivl::ast::{
    find_attr, has_attr, AttrArg, Attribute, Expr, ExprKind, Procedure, Program, StmtKind as Ast,
    TransferKind, Type,
};
use ivl::cfg::Cfg;
use ivl::kernel;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    Global,
    GroupShared,
    Constant,
}

#[derive(Clone, Debug)]
pub(crate) struct MemObject {
    pub name: String,
    pub source_name: String,
    pub space: Space,
    pub range: Type,
    /// Bytes per element (at least 1).
    pub elem_bytes: u128,
    /// A `read_write` image (`{:image_memory}`): only image fences order it.
    pub image: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct Read {
    pub array: usize,
    pub index: Expr,
    pub var: String,
}

#[derive(Clone, Debug)]
pub(crate) enum Lhs {
    Var(String),
    /// A per-thread map: `P[i][j] := v`.
    PrivateMap(String, Vec<Expr>),
    Memory(usize, Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AssertKind {
    NullCheck,
    /// `{:ub_check}`: undefined behaviour the optimiser exploited.
    UndefinedBehaviour,
    Other,
}

#[derive(Clone, Debug)]
pub(crate) enum StmtKind {
    Assign {
        lhs: Vec<Lhs>,
        rhs: Vec<Expr>,
    },
    Havoc(Vec<String>),
    /// New arbitrary contents for these memory objects (not an access).
    HavocMemory(Vec<usize>),
    Assume(Expr),
    Assert(Expr, AssertKind),
    Barrier {
        local: Expr,
        global: Expr,
        /// `{:image_fence}`: it also orders `{:image_memory}` objects.
        image: bool,
    },
    /// `call warp_barrier(mask)` (`__syncwarp`): see `exec/warp.rs`.
    WarpBarrier(Expr),
    /// `havoc {:warp_op "kind", operands} dest`: a shuffle, vote or match
    /// computed over the lanes of the warp (`exec/warp_ops.rs`).
    WarpOp {
        dest: String,
        kind: String,
        operands: Vec<Expr>,
    },
    /// `assert {:collective} __uniform_int(a) && ...`: the whole group
    /// executes it, and every `a` has one value across the group.
    Collective(Vec<Expr>),
    /// `havoc {:async_element} k`: `k` becomes the local linear id.
    AsyncElement(String),
    /// `call async_copy_event(ev)`: the `{:async_copy}` accesses that
    /// follow are a new asynchronous copy's, with event `ev`.
    AsyncEvent(Expr),
    /// `call async_wait(retire, ev)`: when `retire`, the group's pending
    /// copies with event `ev` are complete.
    AsyncWait {
        retire: Expr,
        event: Expr,
    },
    Call {
        callee: usize,
        args: Vec<Expr>,
        rets: Vec<String>,
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Stmt {
    pub kind: StmtKind,
    pub reads: Vec<Read>,
    pub atomic: bool,
    /// `{:async_copy}`: the accesses are the current asynchronous copy's.
    pub async_copy: bool,
    pub loc: Option<SourceLoc>,
    /// Unique across the program, for warp-level ordering.
    pub id: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct Block {
    pub label: String,
    pub stmts: Vec<Stmt>,
    pub succs: Vec<usize>,
    /// How many statements at the top are `assume`s (branch conditions).
    pub leading_assumes: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Proc {
    pub name: String,
    pub params: Vec<(String, Type)>,
    pub returns: Vec<(String, Type)>,
    pub locals: Vec<(String, Type)>,
    pub requires: Vec<Stmt>,
    pub ensures: Vec<Stmt>,
    pub blocks: Vec<Block>,
    /// Scheduling priority of each block (see `schedule.rs`).
    pub rank: Vec<usize>,
}

pub(crate) struct Prepared<'p> {
    pub program: &'p Program,
    pub memory: Vec<MemObject>,
    /// Per-thread globals (no memory space) and their types.
    pub private_globals: Vec<(String, Type)>,
    pub constants: Vec<(String, Type, bool)>,
    pub procs: Vec<Proc>,
    pub kernel: usize,
}

pub(crate) fn source_loc(attrs: &[Attribute]) -> Option<SourceLoc> {
    let attr = find_attr(attrs, kernel::SOURCE_ATTR)?;
    let number = |i: usize| match attr.args.get(i) {
        Some(AttrArg::Expr(e)) => match e.kind {
            ExprKind::Int(v) | ExprKind::Bv { value: v, .. } => Some(v as u32),
            _ => None,
        },
        _ => None,
    };
    let file = match attr.args.first() {
        Some(AttrArg::Str(s)) => s.clone(),
        _ => return None,
    };
    Some(SourceLoc {
        file,
        line: number(1).unwrap_or(0),
        col: number(2).unwrap_or(0),
    })
}

/// The frontend's attribute on a warp primitive's havoc
/// (`frontend/src/lower/warp.rs`).
pub(crate) const WARP_OP_ATTR: &str = "warp_op";
/// The variable holding a thread's lane in its warp (`__warp_lane()`).
pub(crate) const WARP_LANE_VAR: &str = "$sim$warp_lane";

fn attr_number(attrs: &[Attribute], name: &str) -> Option<u128> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Expr(e) => match e.kind {
            ExprKind::Int(v) | ExprKind::Bv { value: v, .. } => Some(v),
            _ => None,
        },
        AttrArg::Str(_) => None,
    }
}

fn attr_string(attrs: &[Attribute], name: &str) -> Option<String> {
    match find_attr(attrs, name)?.args.first()? {
        AttrArg::Str(s) => Some(s.clone()),
        AttrArg::Expr(_) => None,
    }
}

fn unsupported(what: impl Into<String>) -> SimError {
    SimError::Unsupported(what.into())
}

impl<'p> Prepared<'p> {
    pub fn new(program: &'p Program, kernel_name: &str) -> Result<Prepared<'p>, SimError> {
        let mut memory = Vec::new();
        let mut private_globals = Vec::new();
        for var in program.global_vars() {
            let space = if has_attr(&var.attrs, kernel::GLOBAL_ATTR) {
                Some(Space::Global)
            } else if has_attr(&var.attrs, kernel::GROUP_SHARED_ATTR) {
                Some(Space::GroupShared)
            } else if has_attr(&var.attrs, kernel::CONSTANT_ATTR) {
                Some(Space::Constant)
            } else {
                None
            };
            match (space, &var.ty) {
                (Some(space), Type::Map(_, range)) => {
                    if matches!(**range, Type::Map(..)) {
                        return Err(unsupported(format!("nested memory map `{}`", var.name)));
                    }
                    let bits = attr_number(&var.attrs, kernel::ELEM_WIDTH_ATTR)
                        .or(range.bv_width().map(u128::from))
                        .unwrap_or(8);
                    memory.push(MemObject {
                        name: var.name.name.clone(),
                        source_name: attr_string(&var.attrs, kernel::SOURCE_NAME_ATTR)
                            .unwrap_or_else(|| var.name.name.clone()),
                        space,
                        range: (**range).clone(),
                        elem_bytes: bits.div_ceil(8).max(1),
                        image: has_attr(&var.attrs, kernel::IMAGE_MEMORY_ATTR),
                    });
                }
                (Some(_), _) => {
                    return Err(unsupported(format!(
                        "memory object `{}` is not a map",
                        var.name
                    )))
                }
                (None, ty) => private_globals.push((var.name.name.clone(), ty.clone())),
            }
        }
        let constants = program
            .constants()
            .map(|c| {
                let launch = has_attr(&c.attrs, "launch_constant");
                (c.name.name.clone(), c.ty.clone(), launch)
            })
            .collect();
        let with_bodies: Vec<&Procedure> =
            program.procedures().filter(|p| p.body.is_some()).collect();
        let index: HashMap<&str, usize> = with_bodies
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.name.as_str(), i))
            .collect();
        let kernel = *index
            .get(kernel_name)
            .filter(|&&i| with_bodies[i].is_kernel())
            .ok_or_else(|| SimError::NoKernel(kernel_name.to_string()))?;
        let mut prepared = Prepared {
            program,
            memory,
            private_globals,
            constants,
            procs: Vec::new(),
            kernel,
        };
        let mut next_id = 0;
        let cx = Cx {
            memory: prepared
                .memory
                .iter()
                .enumerate()
                .map(|(i, m)| (m.name.clone(), i))
                .collect(),
            procs: index,
        };
        for p in &with_bodies {
            let proc = cx.proc(p, &mut next_id)?;
            prepared.procs.push(proc);
        }
        Ok(prepared)
    }
}

struct Cx<'a> {
    memory: HashMap<String, usize>,
    procs: HashMap<&'a str, usize>,
}

impl Cx<'_> {
    fn proc(&self, p: &Procedure, next_id: &mut u32) -> Result<Proc, SimError> {
        let body = p.body.as_ref().expect("procedures with bodies only");
        let cfg = Cfg::new(body).map_err(|d| unsupported(d.to_string()))?;
        let mut blocks = Vec::new();
        for (b, block) in body.blocks.iter().enumerate() {
            let mut stmts = Vec::new();
            for s in &block.stmts {
                stmts.push(self.stmt(s, next_id)?);
            }
            let leading_assumes = stmts
                .iter()
                .take_while(|s| matches!(s.kind, StmtKind::Assume(_)))
                .count();
            let succs = match block.transfer.kind {
                TransferKind::Return => Vec::new(),
                TransferKind::Goto(_) => cfg
                    .succs(ivl::cfg::BlockId(b as u32))
                    .iter()
                    .map(|s| s.index())
                    .collect(),
            };
            blocks.push(Block {
                label: block.label.name.clone(),
                stmts,
                succs,
                leading_assumes,
            });
        }
        let spec = |specs: &[ivl::ast::Spec], next_id: &mut u32| {
            specs
                .iter()
                .map(|s| {
                    let mut reads = Vec::new();
                    let expr = self.rewrite(&s.expr, &mut reads, false)?;
                    *next_id += 1;
                    Ok(Stmt {
                        kind: StmtKind::Assert(expr, AssertKind::Other),
                        reads,
                        atomic: false,
                        async_copy: false,
                        loc: source_loc(&s.attrs).or_else(|| source_loc(&p.attrs)),
                        id: *next_id,
                    })
                })
                .collect::<Result<Vec<_>, SimError>>()
        };
        let typed = |v: &[ivl::ast::TypedIdent]| {
            v.iter()
                .map(|t| (t.name.name.clone(), t.ty.clone()))
                .collect::<Vec<_>>()
        };
        Ok(Proc {
            name: p.name.name.clone(),
            params: typed(&p.params),
            returns: typed(&p.returns),
            locals: body
                .locals
                .iter()
                .map(|v| (v.name.name.clone(), v.ty.clone()))
                .collect(),
            requires: spec(&p.requires, next_id)?,
            ensures: spec(&p.ensures, next_id)?,
            blocks,
            rank: crate::schedule::structural_rank(&cfg),
        })
    }

    fn stmt(&self, s: &ivl::ast::Stmt, next_id: &mut u32) -> Result<Stmt, SimError> {
        let mut reads = Vec::new();
        let kind = match &s.kind {
            Ast::Assign { lhs, rhs } => {
                let rhs = rhs
                    .iter()
                    .map(|e| self.rewrite(e, &mut reads, false))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut out = Vec::new();
                for l in lhs {
                    let indices = l
                        .indices
                        .iter()
                        .map(|e| self.rewrite(e, &mut reads, false))
                        .collect::<Result<Vec<_>, _>>()?;
                    out.push(match self.memory.get(&l.name.name) {
                        Some(&m) => match <[Expr; 1]>::try_from(indices) {
                            Ok([index]) => Lhs::Memory(m, index),
                            Err(_) => return Err(unsupported("whole-map memory assignment")),
                        },
                        None if indices.is_empty() => Lhs::Var(l.name.name.clone()),
                        None => Lhs::PrivateMap(l.name.name.clone(), indices),
                    });
                }
                StmtKind::Assign { lhs: out, rhs }
            }
            Ast::Havoc(names) if names.iter().all(|n| self.memory.contains_key(&n.name)) => {
                // The frontend's over-approximation of bulk copies (async
                // copies, long memcpy): the contents become arbitrary.
                StmtKind::HavocMemory(names.iter().map(|n| self.memory[&n.name]).collect())
            }
            Ast::Havoc(names)
                if names.len() == 1 && find_attr(&s.attrs, WARP_OP_ATTR).is_some() =>
            {
                let attr = find_attr(&s.attrs, WARP_OP_ATTR).expect("checked");
                let mut kind = String::new();
                let mut operands = Vec::new();
                for a in &attr.args {
                    match a {
                        ivl::ast::AttrArg::Str(k) => kind = k.clone(),
                        ivl::ast::AttrArg::Expr(e) => {
                            operands.push(self.rewrite(e, &mut reads, false)?)
                        }
                    }
                }
                StmtKind::WarpOp {
                    dest: names[0].name.clone(),
                    kind,
                    operands,
                }
            }
            Ast::Havoc(names)
                if has_attr(&s.attrs, kernel::ASYNC_ELEMENT_ATTR) && names.len() == 1 =>
            {
                StmtKind::AsyncElement(names[0].name.clone())
            }
            Ast::Havoc(names) => {
                if let Some(n) = names.iter().find(|n| self.memory.contains_key(&n.name)) {
                    return Err(unsupported(format!("havoc of memory object `{n}`")));
                }
                StmtKind::Havoc(names.iter().map(|n| n.name.clone()).collect())
            }
            // A fact true of every execution about a function the frontend
            // leaves uninterpreted (`$slot_owner.*`: who received an atomic
            // counter's value); the interpreter runs the real counter.
            Ast::Assume(_) if has_attr(&s.attrs, "model_fact") => {
                StmtKind::Assume(Expr::bool(true))
            }
            Ast::Assume(e) => StmtKind::Assume(self.rewrite(e, &mut reads, false)?),
            Ast::Assert(e) if has_attr(&s.attrs, kernel::COLLECTIVE_ATTR) => {
                let mut uniform = Vec::new();
                collect_uniform(e, &mut uniform)?;
                StmtKind::Collective(
                    uniform
                        .into_iter()
                        .map(|a| self.rewrite(a, &mut reads, false))
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            // A user's candidate is an inference hint, never a check.
            Ast::Assert(_) if has_attr(&s.attrs, "user_candidate") => StmtKind::Havoc(Vec::new()),
            Ast::Assert(e) => {
                let kind = if has_attr(&s.attrs, kernel::NULL_CHECK_ATTR) {
                    AssertKind::NullCheck
                } else if has_attr(&s.attrs, kernel::UB_CHECK_ATTR) {
                    AssertKind::UndefinedBehaviour
                } else {
                    AssertKind::Other
                };
                StmtKind::Assert(self.rewrite(e, &mut reads, false)?, kind)
            }
            Ast::Call { callee, args, rets } => {
                let args = args
                    .iter()
                    .map(|e| self.rewrite(e, &mut reads, false))
                    .collect::<Result<Vec<_>, _>>()?;
                if callee.name == kernel::BARRIER {
                    let [local, global] =
                        <[Expr; 2]>::try_from(args).map_err(|_| unsupported("barrier arity"))?;
                    StmtKind::Barrier {
                        local,
                        global,
                        image: has_attr(&s.attrs, kernel::IMAGE_FENCE_ATTR),
                    }
                } else if callee.name == kernel::ASYNC_COPY_EVENT {
                    let [event] = <[Expr; 1]>::try_from(args)
                        .map_err(|_| unsupported("async_copy_event arity"))?;
                    StmtKind::AsyncEvent(event)
                } else if callee.name == kernel::ASYNC_WAIT {
                    let [retire, event] =
                        <[Expr; 2]>::try_from(args).map_err(|_| unsupported("async_wait arity"))?;
                    StmtKind::AsyncWait { retire, event }
                } else if callee.name == kernel::WARP_BARRIER {
                    let [mask] = <[Expr; 1]>::try_from(args)
                        .map_err(|_| unsupported("warp_barrier arity"))?;
                    StmtKind::WarpBarrier(mask)
                } else if callee.name == kernel::GRID_BARRIER {
                    return Err(unsupported(
                        "a grid-wide barrier (`grid.sync()`): the interpreter runs the \
                         thread blocks one after another",
                    ));
                } else if kernel::is_builtin_procedure(&callee.name) {
                    return Err(unsupported(format!("the `{}` builtin", callee.name)));
                } else {
                    let callee = *self.procs.get(callee.name.as_str()).ok_or_else(|| {
                        unsupported(format!("call of `{callee}`, which has no body"))
                    })?;
                    StmtKind::Call {
                        callee,
                        args,
                        rets: rets.iter().map(|r| r.name.clone()).collect(),
                    }
                }
            }
        };
        *next_id += 1;
        Ok(Stmt {
            kind,
            reads,
            atomic: has_attr(&s.attrs, kernel::ATOMIC_ATTR),
            async_copy: has_attr(&s.attrs, kernel::ASYNC_COPY_ATTR),
            loc: source_loc(&s.attrs),
            id: *next_id,
        })
    }

    /// `e` with every memory read replaced by a fresh variable, recorded in
    /// `reads` in evaluation order (indices first).
    fn rewrite(&self, e: &Expr, reads: &mut Vec<Read>, frozen: bool) -> Result<Expr, SimError> {
        match &e.kind {
            ExprKind::Var(n) if self.memory.contains_key(n) => Err(unsupported(format!(
                "memory object `{n}` used as a whole value"
            ))),
            ExprKind::Select(map, index) => {
                if let ExprKind::Var(n) = &map.kind {
                    if let Some(&array) = self.memory.get(n) {
                        if frozen {
                            return Err(unsupported("memory read under a quantifier or `old`"));
                        }
                        let index = self.rewrite(index, reads, frozen)?;
                        let var = match reads.iter().find(|r| r.array == array && r.index == index)
                        {
                            Some(r) => r.var.clone(),
                            None => {
                                let var = format!("$sim$r{}", reads.len());
                                reads.push(Read {
                                    array,
                                    index,
                                    var: var.clone(),
                                });
                                var
                            }
                        };
                        return Ok(Expr::var(var));
                    }
                }
                ivl::visit::try_map_children(e, &mut |c| self.rewrite(c, reads, frozen))
            }
            ExprKind::Old(_) | ExprKind::Quantifier { .. } => {
                ivl::visit::try_map_children(e, &mut |c| self.rewrite(c, reads, true))
            }
            // The lane of the thread in its warp (`exec.rs` sets it).
            ExprKind::Apply(f, args) if f == "__warp_lane" && args.is_empty() => {
                Ok(Expr::var(WARP_LANE_VAR))
            }
            _ => ivl::visit::try_map_children(e, &mut |c| self.rewrite(c, reads, frozen)),
        }
    }
}

/// The arguments of the `__uniform_int`/`__uniform_bool` terms of a
/// `{:collective}` assertion (a conjunction of them).
fn collect_uniform<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) -> Result<(), SimError> {
    use ivl::ast::{BinaryOp, ExprKind};
    match &e.kind {
        ExprKind::Binary(BinaryOp::And, a, b) => {
            collect_uniform(a, out)?;
            collect_uniform(b, out)
        }
        ExprKind::Apply(f, args) if f == "__uniform_int" || f == "__uniform_bool" => {
            out.extend(args.iter());
            Ok(())
        }
        ExprKind::Bool(true) => Ok(()),
        _ => Err(unsupported(
            "a collective assertion that is not a conjunction of `__uniform_*`",
        )),
    }
}
