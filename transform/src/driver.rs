//! The pass list of the two-thread transform: every pass, in order, by
//! name, each timed.
//!
//! Consumes a type-checked kernel-dialect program, the kernel's name and
//! the configuration; produces the [`TwoThreadProgram`] with the time each
//! pass took ([`TwoThreadProgram::pass_times`]). The passes and what each
//! guarantees the next are listed in [`Pass`]; each is a module of this
//! crate whose `//!` states its input and output.

use crate::arrays;
use crate::assemble::{assemble, Parts};
use crate::config::TransformConfig;
use crate::entry;
use crate::error::TransformError;
use crate::modular::{self, CalleeMode};
use crate::names;
use crate::procedure_body::{emit_procedure, EntryCode, Globals};
use crate::{flatten, order, race_plan, taint, unwind, TwoThreadProgram};
use std::time::{Duration, Instant};

/// One pass of the transform, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pass {
    /// `ivl::inline`: device functions inlined into the kernel (skipped
    /// with `--no-inline`: [`modular::reachable`] lists the procedures the
    /// kernel calls instead, and the later passes run on each).
    Inline,
    /// [`arrays::collect`]: the shared arrays and their spaces.
    Arrays,
    /// [`order::check_reducible`]: irreducible control flow is an error.
    Reducible,
    /// [`unwind`]: with `--loop-unwind`, loops unrolled; blocks whose
    /// leading `assume`s several branches share split per edge.
    Unwind,
    /// [`flatten`]: one shared access per statement.
    Flatten,
    /// [`taint`]: the abstraction of each array.
    Abstraction,
    /// [`race_plan`]: the race ghosts of each array.
    RacePlan,
    /// [`entry`]: the pair's relations, launch assumptions, entry code.
    Entry,
    /// [`modular::analyse_all`] (with [`crate::uniformity`]): uniform
    /// variables, blocks and branches of each procedure, and how each
    /// device function kept as a procedure is entered.
    Uniformity,
    /// [`crate::procedure_body`] (`product`, `layout`, `statements`,
    /// `access`, `race`): the product body of each procedure.
    Product,
    /// [`crate::assemble`]: declarations and two-thread procedures.
    Assemble,
    /// [`crate::postcheck`]: no GPU builtin survives in the product.
    Postcheck,
    /// [`crate::k_induction`]: with `--k-induction-depth`, the product's
    /// loops replaced by base, step and check copies (acyclic).
    KInduction,
}

impl Pass {
    /// Every pass, in order.
    pub const ALL: [Pass; 13] = [
        Pass::Inline,
        Pass::Arrays,
        Pass::Reducible,
        Pass::Unwind,
        Pass::Flatten,
        Pass::Abstraction,
        Pass::RacePlan,
        Pass::Entry,
        Pass::Uniformity,
        Pass::Product,
        Pass::Assemble,
        Pass::Postcheck,
        Pass::KInduction,
    ];

    /// The pass's name in timings and documentation.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Inline => "inline",
            Pass::Arrays => "arrays",
            Pass::Reducible => "reducible",
            Pass::Unwind => "unwind",
            Pass::Flatten => "flatten",
            Pass::Abstraction => "abstraction",
            Pass::RacePlan => "race-plan",
            Pass::Entry => "entry",
            Pass::Uniformity => "uniformity",
            Pass::Product => "product",
            Pass::Assemble => "assemble",
            Pass::Postcheck => "postcheck",
            Pass::KInduction => "k-induction",
        }
    }
}

/// The time each pass took, in the order they ran (a pass run once per
/// procedure is summed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassTimes(pub Vec<(Pass, Duration)>);

impl PassTimes {
    fn run<T>(&mut self, pass: Pass, f: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = f();
        let d = start.elapsed();
        match self.0.iter_mut().find(|(p, _)| *p == pass) {
            Some((_, total)) => *total += d,
            None => self.0.push((pass, d)),
        }
        out
    }

    /// The time of `pass` (zero if it did not run).
    pub fn get(&self, pass: Pass) -> Duration {
        self.0
            .iter()
            .find(|(p, _)| *p == pass)
            .map_or(Duration::ZERO, |(_, d)| *d)
    }
}

/// Runs every pass on kernel `kernel` of `program`.
pub fn two_thread(
    program: &ivl::Program,
    kernel: &str,
    config: &TransformConfig,
) -> Result<TwoThreadProgram, TransformError> {
    config
        .check_launch()
        .map_err(TransformError::LaunchTooLarge)?;
    let mut times = PassTimes::default();
    let inlined = times.run(Pass::Inline, || {
        if config.no_inline {
            Ok(program.clone())
        } else {
            ivl::inline::inline(program)
        }
    })?;
    inlined
        .procedure(kernel)
        .filter(|p| p.is_kernel() && p.body.is_some())
        .ok_or_else(|| TransformError::NoKernel(kernel.to_string()))?;
    let proc_names = times.run(Pass::Inline, || {
        if config.no_inline {
            modular::reachable(&inlined, kernel)
        } else {
            Ok(vec![kernel.to_string()])
        }
    })?;
    let mut procs: Vec<ivl::ast::Procedure> = proc_names
        .iter()
        .filter_map(|n| inlined.procedure(n).cloned())
        .collect();
    let mut used = std::collections::HashSet::new();
    for proc in &procs {
        used.extend(names::used_names(&inlined, proc));
    }
    let mut arrays = times.run(Pass::Arrays, || arrays::collect(&inlined));
    for proc in &mut procs {
        let name = proc.name.name.clone();
        let body = proc
            .body
            .as_ref()
            .ok_or_else(|| TransformError::NoKernel(name.clone()))?;
        times.run(Pass::Reducible, || order::check_reducible(body, &name))?;
        times.run(Pass::Unwind, || {
            if let Some(n) = config.loop_unwind {
                unwind::unwind(proc, n, &mut used)?;
            }
            unwind::split_condition_joins(proc, &mut used)
        })?;
        times.run(Pass::Flatten, || flatten::flatten(proc, &arrays, &mut used))?;
    }
    times.run(Pass::Abstraction, || {
        taint::choose(&procs, &mut arrays, config)
    })?;
    let ghosts = times.run(Pass::RacePlan, || {
        race_plan::plan_ghosts(&procs, &arrays, config, &mut used)
    });
    let (pair, kernel_entry) = times.run(Pass::Entry, || {
        let mut pair = entry::pair(config);
        // OpenCL get_work_dim(), when the kernel calls it.
        pair.launch
            .extend(crate::specs::work_dim_assumption(config, &inlined));
        // CUDA's warpSize, when the kernel reads it (transform/src/warp.rs).
        pair.launch
            .extend(crate::warp::warp_size_assumption(config, &inlined));
        let stmts = entry::kernel_entry(&pair, &arrays, &ghosts);
        (pair, stmts)
    });
    let (unis, modular) = times.run(Pass::Uniformity, || {
        modular::analyse_all(
            &inlined,
            &procs,
            &arrays,
            config.only_intra_group,
            &mut used,
        )
    })?;
    let (kernel_body, callees, sites) = times.run(Pass::Product, || {
        let globals = Globals {
            program: &inlined,
            arrays: &arrays,
            ghosts: &ghosts,
            config,
            same_group: pair.same_group.clone(),
            same_warp: pair.same_warp.clone(),
            modular: &modular,
        };
        let mut unis = unis.into_iter();
        let kernel_uni = unis
            .next()
            .ok_or_else(|| TransformError::internal("no uniformity for the kernel"))?;
        let kernel_body = emit_procedure(
            &globals,
            &procs[0],
            kernel_uni,
            EntryCode::Uniform(kernel_entry),
            &mut used,
            0,
        )?;
        let mut sites = kernel_body.sites.clone();
        let mut callees = Vec::new();
        for (callee, uni) in procs[1..].iter().zip(unis) {
            let mode = modular[&callee.name.name].clone();
            let code = match &mode {
                CalleeMode::UniformCalls { .. } => EntryCode::Uniform(vec![]),
                CalleeMode::Predicated { predicates } => EntryCode::Predicated(predicates.clone()),
            };
            let emitted =
                emit_procedure(&globals, callee, uni, code, &mut used, sites.len() as u32)?;
            sites.extend(emitted.sites.iter().cloned());
            callees.push((callee, mode, emitted));
        }
        Ok::<_, TransformError>((kernel_body, callees, sites))
    })?;
    let mut two = times.run(Pass::Assemble, || {
        assemble(Parts {
            program: &inlined,
            procs: &procs,
            arrays,
            ghosts: &ghosts,
            pair: &pair,
            config,
            modular: &modular,
            kernel: kernel_body,
            callees,
            sites,
        })
    })?;
    times.run(Pass::Postcheck, || crate::postcheck::no_gpu_builtins(&two))?;
    // Timed (as every pass) even when it has nothing to do.
    times.run(Pass::KInduction, || {
        match config.k_induction.filter(|_| config.loop_unwind.is_none()) {
            Some(k) => {
                let procedures = two.procedures.clone();
                crate::k_induction::apply(&mut two.program, &procedures, k)
            }
            None => Ok(()),
        }
    })?;
    two.pass_times = times;
    Ok(two)
}
