//! The lock-step executor: runs the groups one after another, each as one
//! predicated warp (see the crate documentation for the semantics).
//!
//! Consumes a [`Prepared`] program, the launch, inputs and options; produces
//! a [`SimReport`] or a [`SimError`]. Per thread it keeps an evaluation
//! environment (`solver::eval::Env`) holding the builtins, constants, kernel
//! arguments, per-thread globals and the variables of the active
//! procedures. Calls save and restore the callee's names (there is no
//! recursion in kernels), so one environment per thread suffices.

use crate::inputs::{draw, hash_str, hash_words, zero, Rng};
use crate::memory::{value_byte, Contents, Logs, RacePolicy, Rec};
use crate::prepare::{AssertKind, Prepared, Stmt, StmtKind};
use crate::report::TraceEvent;
use crate::{
    Access, AccessKind, Inputs, Launch, Outcome, SimError, SimOptions, SimReport, SourceLoc,
    ThreadId,
};
use solver::eval::{eval, Env, EvalError, UninterpretedHook};
use solver::value::{mask, MapValue, Value};
use std::collections::HashMap;

mod step;
mod warp;
mod warp_ops;

const TRACE_CAP: usize = 100_000;

/// Why execution stopped early.
pub(crate) enum Stop {
    Found(Box<Outcome>),
    Error(SimError),
}

impl From<SimError> for Stop {
    fn from(e: SimError) -> Stop {
        Stop::Error(e)
    }
}

type Run<T = ()> = Result<T, Stop>;

struct Thread<'a> {
    id: ThreadId,
    env: Env<'a>,
}

struct Machine<'a, 'p> {
    prep: &'a Prepared<'p>,
    launch: &'a Launch,
    opts: &'a SimOptions,
    policy: RacePolicy,
    contents: Contents,
    logs: Logs,
    rng: Rng,
    steps: u64,
    trace: Vec<TraceEvent>,
    threads: Vec<Thread<'a>>,
    group: usize,
    stmt_locs: HashMap<u32, Option<SourceLoc>>,
    focus: Option<Focus>,
    /// Conflicts outside the focus that the run continued past.
    skipped_races: u64,
    /// The group's current asynchronous copy (its number in the group and
    /// its event) and how many the group started.
    copy: Option<(usize, u128)>,
    copies: usize,
    /// Per warp of the current group: the warp barriers it passed.
    warp_epochs: HashMap<usize, u32>,
}

pub(crate) fn thread_id(launch: &Launch, global_linear: u32) -> ThreadId {
    let tpg = launch.threads_per_group();
    let (group_linear, local_linear) = (global_linear / tpg, global_linear % tpg);
    let split = |mut n: u32, dims: [u32; 3]| {
        let mut out = [0; 3];
        for (o, d) in out.iter_mut().zip(dims) {
            *o = n % d.max(1);
            n /= d.max(1);
        }
        out
    };
    ThreadId {
        local: split(local_linear, launch.local_size),
        group: split(group_linear, launch.num_groups),
        local_linear,
        group_linear,
        global_linear,
    }
}

/// Concrete meaning of functions the program does not define.
fn interpret(program: &ivl::Program, name: &str, args: &[Value]) -> Option<Value> {
    if name == "__enabled" {
        return Some(Value::Bool(true));
    }
    if ivl::kernel::is_builtin_function(name) {
        return None;
    }
    let f = program.function(name)?;
    let mut words = vec![hash_str(name)];
    for a in args {
        match a {
            Value::Bool(b) => words.push(*b as u64),
            Value::Bv { value, width } => {
                words.extend([*value as u64, (*value >> 64) as u64, *width as u64])
            }
            Value::Int(i) => words.extend([*i as u64, (*i >> 64) as u64]),
            _ => return None,
        }
    }
    let mut h = hash_words(&words);
    if name == "$address" {
        // An object's address (frontend int_ptr_casts.rs): aligned, as
        // the frontend assumes for every element size up to 4096 bytes.
        h &= !0xfff;
    }
    match &f.ret {
        ivl::ast::Type::Bool => Some(Value::Bool(h & 1 == 1)),
        ivl::ast::Type::Bv(w) => Some(Value::bv(h as u128 | (h as u128) << 64, *w)),
        ivl::ast::Type::Int => Some(Value::Int((h % 1024) as i128)),
        ivl::ast::Type::Map(..) => None,
    }
}

/// Why a run stops at a two-thread builtin, naming the source construct
/// when the builtin is one the frontend emits for it: warp shuffles, votes
/// and cooperative-groups tiles are specified between the two tracked
/// threads (`__warp_lane`, `__warp_peer`, `__other_int`), which one
/// concrete execution cannot evaluate.
fn unsimulated_builtin(f: &str, loc: &Option<SourceLoc>) -> String {
    let at = loc.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
    match f {
        "__warp_lane" | "__warp_peer" => format!(
            "a warp-level operation{at} (a shuffle, a vote such as __ballot_sync, or a \
             cooperative-groups tile): its values are specified between two threads of a \
             warp (`{f}`), which the interpreter does not execute"
        ),
        _ => format!("annotation `{f}`{at} has no meaning in one concrete execution"),
    }
}

fn launch_constant(name: &str, launch: &Launch, opts: &SimOptions) -> Option<Value> {
    let dims = if let Some(n) = opts.work_dim {
        u128::from(n)
    } else if launch.local_size[2] > 1 || launch.num_groups[2] > 1 {
        3
    } else if launch.local_size[1] > 1 || launch.num_groups[1] > 1 {
        2
    } else {
        1
    };
    match name {
        "$warp_size" => Some(Value::bv(opts.warp_size.unwrap_or(32) as u128, 32)),
        "$work_dim" => Some(Value::bv(dims, 32)),
        _ => None,
    }
}

/// A scalar argument nobody gave: seeds 0, 1 and 2 set every argument to
/// 0, 1 and the group size (corner cases every seed sweep should see);
/// later seeds draw each argument independently.
fn scalar_input(seed: u64, name: &str, ty: &ivl::ast::Type, launch: &Launch) -> Value {
    let corner = [0, 1, launch.local_size[0] as u128];
    match ty {
        ivl::ast::Type::Bv(w) if seed < 3 => Value::bv(corner[seed as usize], *w),
        ivl::ast::Type::Int if seed < 3 => Value::Int(corner[seed as usize] as i128),
        _ => draw(
            &mut Rng::new(hash_words(&[seed, hash_str(name)])),
            ty,
            launch,
        ),
    }
}

/// Races a replay looks for (`crate::replay`): conflicts on other
/// elements are logged but do not stop the run.
#[derive(Clone, Debug)]
pub(crate) struct Focus {
    /// Source or IVL name of the memory object.
    pub array: String,
    /// Map indices (elements, or bytes of a byte map) that count.
    pub indices: std::ops::Range<u128>,
}

pub(crate) fn run(
    prep: &Prepared,
    launch: &Launch,
    inputs: &Inputs,
    opts: &SimOptions,
    focus: Option<&Focus>,
) -> Result<SimReport, SimError> {
    let program = prep.program;
    let hook = move |name: &str, args: &[Value]| interpret(program, name, args);
    let lookup = |map_name: &str, source: &str| {
        inputs
            .arrays
            .get(map_name)
            .or_else(|| inputs.arrays.get(source))
            .cloned()
    };
    let given = prep
        .memory
        .iter()
        .map(|m| lookup(&m.name, &m.source_name))
        .collect();
    // Values shared by every thread: launch builtins, constants, arguments.
    let mut shared: HashMap<String, Value> = HashMap::new();
    let builtin_dims = [
        ("local_size", launch.local_size),
        ("num_groups", launch.num_groups),
        ("global_offset", launch.global_offset),
    ];
    for (prefix, dims) in builtin_dims {
        for (axis, d) in ["x", "y", "z"].iter().zip(dims) {
            shared.insert(format!("{prefix}_{axis}"), Value::bv(d as u128, 32));
        }
    }
    let mut scalars = Vec::new();
    let kernel = &prep.procs[prep.kernel];
    let named: Vec<(String, ivl::ast::Type, bool)> = prep
        .constants
        .iter()
        .cloned()
        .chain(
            kernel
                .params
                .iter()
                .map(|(n, t)| (n.clone(), t.clone(), false)),
        )
        .collect();
    for (name, ty, is_launch) in named {
        let value = match inputs.scalars.get(&name) {
            Some(v) => v.clone(),
            None if is_launch => match launch_constant(&name, launch, opts) {
                Some(v) => v,
                None => draw(
                    &mut Rng::new(hash_words(&[opts.seed, hash_str(&name)])),
                    &ty,
                    launch,
                ),
            },
            None => scalar_input(opts.seed, &name, &ty, launch),
        };
        if !is_launch {
            scalars.push((name.clone(), value.clone()));
        }
        shared.insert(name, value);
    }
    for (name, ty) in &prep.private_globals {
        shared.insert(name.clone(), zero(ty));
    }
    let mut stmt_locs = HashMap::new();
    for p in &prep.procs {
        let all = p.blocks.iter().flat_map(|b| &b.stmts);
        for s in all.chain(&p.requires).chain(&p.ensures) {
            stmt_locs.insert(s.id, s.loc.clone());
        }
    }
    let mut machine = Machine {
        prep,
        launch,
        opts,
        policy: RacePolicy {
            benign_tolerance: opts.benign_tolerance,
            warp_size: opts.warp_size,
            threads_per_group: launch.threads_per_group(),
            barrier_warp: opts.warp_size.unwrap_or(32),
        },
        contents: Contents::new(&prep.memory, given, opts.seed),
        logs: Logs::new(prep.memory.len()),
        rng: Rng::new(opts.seed ^ 0x5eed),
        steps: 0,
        trace: Vec::new(),
        threads: Vec::new(),
        group: 0,
        stmt_locs,
        focus: focus.cloned(),
        skipped_races: 0,
        copy: None,
        copies: 0,
        warp_epochs: HashMap::new(),
    };
    let mut outcome = Outcome::NoDefect;
    for group in 0..launch.group_count() as usize {
        machine.start_group(group, &shared, UninterpretedHook(&hook));
        match machine.run_kernel() {
            Ok(()) => {}
            Err(Stop::Found(o)) => {
                outcome = *o;
                break;
            }
            Err(Stop::Error(e)) => return Err(e),
        }
    }
    Ok(SimReport {
        kernel: kernel.name.clone(),
        outcome,
        steps: machine.steps,
        scalars,
        trace: machine.trace,
        launch: launch.clone(),
        skipped_races: machine.skipped_races,
    })
}

fn as_index(v: &Value) -> Option<u128> {
    match v {
        Value::Bv { value, .. } => Some(*value),
        Value::Int(i) if *i >= 0 => Some(*i as u128),
        _ => None,
    }
}

/// A fresh arbitrary value shaped like `current`.
fn draw_like(rng: &mut Rng, current: &Value, launch: &Launch) -> Value {
    match current {
        Value::Bool(_) => draw(rng, &ivl::ast::Type::Bool, launch),
        Value::Bv { width, .. } => Value::bv(rng.next() as u128 & mask(*width), *width),
        Value::Map(m) => Value::Map(MapValue {
            default: m
                .default
                .as_ref()
                .map(|d| Box::new(draw_like(rng, d, launch))),
            entries: Default::default(),
        }),
        _ => draw(rng, &ivl::ast::Type::Int, launch),
    }
}

/// `map[i1][i2]... := value`, inside nested map values.
fn store_nested(map: &mut Value, indices: &[Value], value: Value) -> Result<(), String> {
    let Some((first, rest)) = indices.split_first() else {
        *map = value;
        return Ok(());
    };
    let Value::Map(m) = map else {
        return Err("store into a non-map".into());
    };
    if rest.is_empty() {
        m.entries.insert(first.clone(), value);
        return Ok(());
    }
    let inner = match m.entries.get(first) {
        Some(v) => v.clone(),
        None => m.default.as_deref().cloned().ok_or("unknown map entry")?,
    };
    let slot = m.entries.entry(first.clone()).or_insert(inner);
    store_nested(slot, rest, value)
}

impl<'a, 'p> Machine<'a, 'p> {
    fn start_group(
        &mut self,
        group: usize,
        shared: &HashMap<String, Value>,
        hook: UninterpretedHook<'a>,
    ) {
        self.group = group;
        self.contents.start_group(&self.prep.memory, group);
        self.logs.start_group();
        self.warp_epochs.clear();
        self.copy = None;
        self.copies = 0;
        let tpg = self.launch.threads_per_group();
        self.threads = (0..tpg)
            .map(|l| {
                let id = thread_id(self.launch, group as u32 * tpg + l);
                let mut vars = shared.clone();
                for (axis, k) in ["x", "y", "z"].iter().zip(0..3) {
                    vars.insert(
                        format!("local_id_{axis}"),
                        Value::bv(id.local[k] as u128, 32),
                    );
                    vars.insert(
                        format!("group_id_{axis}"),
                        Value::bv(id.group[k] as u128, 32),
                    );
                }
                let env = Env {
                    vars,
                    old: HashMap::new(),
                    program: Some(self.prep.program),
                    uninterpreted: Some(hook),
                };
                Thread { id, env }
            })
            .collect();
        self.set_warp_lanes();
        let id = self.threads[0].id.group;
        self.event(TraceEvent::GroupStart { group: id });
    }

    fn event(&mut self, e: TraceEvent) {
        if self.opts.trace && self.trace.len() < TRACE_CAP {
            self.trace.push(e);
        }
    }

    fn enabled_ids(&self, mask: &[usize]) -> Vec<u32> {
        mask.iter()
            .map(|&t| self.threads[t].id.local_linear)
            .collect()
    }

    fn tick(&mut self) -> Run {
        self.steps += 1;
        if self.steps > self.opts.max_steps {
            return Err(Stop::Found(Box::new(Outcome::StepLimit {
                steps: self.opts.max_steps,
            })));
        }
        Ok(())
    }

    fn eval(&self, t: usize, e: &ivl::ast::Expr, loc: &Option<SourceLoc>) -> Run<Value> {
        eval(e, &self.threads[t].env).map_err(|err| {
            Stop::Error(match err {
                EvalError::UnknownFunction(f) if ivl::kernel::is_builtin_function(&f) => {
                    SimError::Unsupported(unsimulated_builtin(&f, loc))
                }
                other => SimError::Eval {
                    loc: loc.clone(),
                    message: other.to_string(),
                },
            })
        })
    }

    fn eval_bool(&self, t: usize, e: &ivl::ast::Expr, loc: &Option<SourceLoc>) -> Run<bool> {
        match self.eval(t, e, loc)? {
            Value::Bool(b) => Ok(b),
            v => Err(Stop::Error(SimError::Eval {
                loc: loc.clone(),
                message: format!("expected a Boolean, got {v}"),
            })),
        }
    }

    fn index(&self, t: usize, e: &ivl::ast::Expr, loc: &Option<SourceLoc>) -> Run<u128> {
        let v = self.eval(t, e, loc)?;
        as_index(&v).ok_or_else(|| {
            Stop::Error(SimError::Eval {
                loc: loc.clone(),
                message: format!("{v} is not a memory index"),
            })
        })
    }

    fn run_kernel(&mut self) -> Run {
        let prep = self.prep;
        let kernel = &prep.procs[prep.kernel];
        let all: Vec<usize> = (0..self.threads.len()).collect();
        for &t in &all {
            for (name, ty) in kernel.returns.iter().chain(&kernel.locals) {
                self.threads[t].env.vars.insert(name.clone(), zero(ty));
            }
        }
        for spec in &kernel.requires {
            for &t in &all {
                self.check(spec, t, true)?;
            }
        }
        self.run_body(prep.kernel, &all)?;
        for spec in &kernel.ensures {
            for &t in &all {
                self.check(spec, t, false)?;
            }
        }
        Ok(())
    }

    /// Binds the statement's memory reads for thread `t`, logging them when
    /// `log` holds.
    fn bind_reads(&mut self, stmt: &Stmt, t: usize, log: bool) -> Run {
        for read in &stmt.reads {
            let index = self.index(t, &read.index, &stmt.loc)?;
            if log {
                let kind = if stmt.atomic {
                    AccessKind::Atomic
                } else {
                    AccessKind::Read
                };
                self.log(t, read.array, index, kind, stmt, None)?;
            }
            let value = self
                .contents
                .load(&self.prep.memory, self.launch, read.array, index);
            self.threads[t].env.vars.insert(read.var.clone(), value);
        }
        Ok(())
    }

    fn log(
        &mut self,
        t: usize,
        array: usize,
        index: u128,
        kind: AccessKind,
        stmt: &Stmt,
        value: Option<&Value>,
    ) -> Run {
        let object = &self.prep.memory[array];
        let id = self.threads[t].id;
        let copy = self.copy.filter(|_| stmt.async_copy);
        for k in 0..object.elem_bytes {
            let rec = Rec {
                thread: match copy {
                    Some((n, _)) => crate::memory::COPY_THREADS + n,
                    None => id.global_linear as usize,
                },
                group: self.group,
                kind,
                stmt: stmt.id,
                value: value.map(|v| value_byte(v, k)),
                pending: copy.map(|(_, ev)| (ev, id.global_linear as usize)),
                warp_epoch: self.warp_epoch_of(t),
            };
            let byte = index.wrapping_mul(object.elem_bytes).wrapping_add(k);
            if let Some((old, inter_group)) =
                self.logs.access(&self.policy, object, array, byte, rec)
            {
                if let Some(f) = &self.focus {
                    let named = f.array == object.name || f.array == object.source_name;
                    if !(named && f.indices.contains(&index)) {
                        self.skipped_races += 1;
                        continue;
                    }
                }
                return Err(Stop::Found(Box::new(Outcome::Race {
                    array: object.source_name.clone(),
                    index,
                    later: Access {
                        kind,
                        thread: id,
                        loc: stmt.loc.clone(),
                    },
                    earlier: Access {
                        kind: old.kind,
                        thread: thread_id(
                            self.launch,
                            old.pending.map_or(old.thread, |(_, origin)| origin) as u32,
                        ),
                        loc: self.stmt_locs.get(&old.stmt).cloned().flatten(),
                    },
                    inter_group,
                })));
            }
        }
        Ok(())
    }

    /// An `assert` (or, for kernel preconditions, an `assume`) for one thread.
    fn check(&mut self, stmt: &Stmt, t: usize, as_assume: bool) -> Run {
        self.bind_reads(stmt, t, false)?;
        let (e, kind) = match &stmt.kind {
            StmtKind::Assert(e, kind) => (e, *kind),
            StmtKind::Assume(e) => (e, AssertKind::Other),
            _ => return Ok(()),
        };
        if self.eval_bool(t, e, &stmt.loc)? {
            return Ok(());
        }
        let (loc, thread) = (stmt.loc.clone(), self.threads[t].id);
        Err(Stop::Found(Box::new(
            if as_assume || matches!(stmt.kind, StmtKind::Assume(_)) {
                Outcome::InfeasibleInputs { loc, thread }
            } else if kind == AssertKind::NullCheck {
                Outcome::NullPointer { loc, thread }
            } else if kind == AssertKind::UndefinedBehaviour {
                Outcome::UndefinedBehaviour { loc, thread }
            } else {
                Outcome::AssertionFailure { loc, thread }
            },
        )))
    }
}
