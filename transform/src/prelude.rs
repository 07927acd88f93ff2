//! Assembles the product program: declarations (thread ids, sizes, array
//! copies, ghosts), the entry block with the launch assumptions, and the
//! product body built by `product.rs`.
//!
//! Assumptions made at entry (and nothing else is assumed): each thread's
//! local id is below the group size and its group id below the number of
//! groups, per dimension; configured sizes and offsets have their values;
//! `num_groups * local_size + global_offset <= 2^32 - 1` per dimension
//! (global ids and the global size do not wrap; a concrete launch breaking
//! it is refused by `TransformConfig::check_launch`, so it only constrains
//! `*` entries); threads of one group have distinct local ids;
//! equality copies start equal (group-shared ones only within a group);
//! every access flag starts false.

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::config::{Abstraction, TransformConfig};
use crate::error::TransformError;
use crate::modular::CalleeMode;
use crate::product::{assign, lhs, Product};
use crate::race::{self, AccessKind, Ghosts};
use crate::rename::{and, implies};
use crate::uniformity;
use crate::TwoThreadProgram;
use ivl::ast::{
    has_attr, Attribute, BinaryOp, Body, Decl, Expr, ExprKind, Ident, Procedure, Program, Spec,
    Stmt, StmtKind, Type, Variable,
};
use ivl::cfg::Cfg;
use ivl::kernel;
use std::collections::{BTreeMap, HashSet};

const DIMS: [&str; 3] = ["x", "y", "z"];

/// Every name the program and the kernel use (so invented names are fresh).
pub fn names_in(program: &Program, proc: &Procedure) -> HashSet<String> {
    let mut used: HashSet<String> = HashSet::new();
    for d in &program.decls {
        match d {
            Decl::Const(v) | Decl::Var(v) => {
                used.insert(v.name.name.clone());
            }
            Decl::Function(f) => {
                used.insert(f.name.name.clone());
            }
            Decl::Procedure(p) => {
                used.insert(p.name.name.clone());
            }
            Decl::Axiom(_) => {}
        }
    }
    for v in proc.params.iter().chain(&proc.returns) {
        used.insert(v.name.name.clone());
    }
    if let Some(b) = &proc.body {
        used.extend(b.locals.iter().map(|v| v.name.name.clone()));
        used.extend(b.blocks.iter().map(|b| b.label.name.clone()));
    }
    for c in kernel::BUILTIN_CONSTANTS {
        used.insert(c.to_string());
        used.insert(format!("{c}$1"));
        used.insert(format!("{c}$2"));
    }
    used
}

fn var(name: &str, ty: Type, attrs: Vec<Attribute>) -> Variable {
    Variable {
        attrs,
        name: Ident::synthetic(name),
        ty,
        span: ivl::Span::DUMMY,
    }
}

/// The access kinds of each racy array in the flattened kernel.
fn access_kinds(
    proc: &Procedure,
    arrays: &BTreeMap<String, ArrayInfo>,
) -> BTreeMap<String, HashSet<AccessKind>> {
    let mut out: BTreeMap<String, HashSet<AccessKind>> = BTreeMap::new();
    let Some(body) = &proc.body else { return out };
    for s in body.blocks.iter().flat_map(|b| &b.stmts) {
        let StmtKind::Assign { lhs, rhs } = &s.kind else {
            continue;
        };
        let atomic = has_attr(&s.attrs, kernel::ATOMIC_ATTR);
        for l in lhs {
            if arrays.get(&l.name.name).is_some_and(|a| a.is_racy_space()) {
                let k = if atomic {
                    AccessKind::Atomic
                } else {
                    AccessKind::Write
                };
                out.entry(l.name.name.clone()).or_default().insert(k);
            }
        }
        if atomic {
            continue;
        }
        for e in rhs {
            if let ExprKind::Select(m, _) = &e.kind {
                if let ExprKind::Var(a) = &m.kind {
                    if arrays.get(a).is_some_and(|a| a.is_racy_space()) {
                        out.entry(a.clone()).or_default().insert(AccessKind::Read);
                    }
                }
            }
        }
    }
    out
}

/// What a procedure's product body starts with.
enum EntryCode {
    /// These statements (for the kernel: the launch assumptions and ghost
    /// initialisation), then its first block, in uniform code.
    Uniform(Vec<Stmt>),
    /// A two-thread procedure called in divergent code (`--no-inline`):
    /// every block is predicated, the entry block by these two predicates
    /// (its parameters).
    Predicated([String; 2]),
}

/// The product body of one procedure.
struct Emitted {
    blocks: Vec<ivl::ast::Block>,
    locals: Vec<Variable>,
    sites: Vec<crate::AccessSite>,
    uni: uniformity::Uniformity,
}

/// Shared by the product bodies of every procedure.
struct Globals<'a> {
    program: &'a Program,
    arrays: &'a BTreeMap<String, ArrayInfo>,
    ghosts: &'a BTreeMap<String, Ghosts>,
    config: &'a TransformConfig,
    same_group: Expr,
    same_warp: Option<Expr>,
    modular: &'a BTreeMap<String, CalleeMode>,
}

fn emit_procedure(
    g: &Globals,
    proc: &Procedure,
    uni: uniformity::Uniformity,
    entry: EntryCode,
    used: &mut HashSet<String>,
    site_base: u32,
) -> Result<Emitted, TransformError> {
    let body = proc
        .body
        .as_ref()
        .ok_or_else(|| TransformError::NoKernel(proc.name.name.clone()))?;
    let cfg = Cfg::new(body).map_err(|d| TransformError::internal(d.message))?;
    let loops = cfg.loops();
    let order = crate::order::linear_order(&cfg, &loops);
    let kernel = proc.is_kernel();
    let mut p = Product::new(
        body,
        &cfg,
        &loops,
        &uni,
        g.arrays,
        g.ghosts,
        g.config,
        g.same_group.clone(),
        g.same_warp.clone(),
        used,
    );
    p.site_base = site_base;
    p.modular = g.modular.clone();
    for v in proc.params.iter().chain(&proc.returns) {
        p.global_types.insert(v.name.name.clone(), v.ty.clone());
    }
    for v in g.program.global_vars() {
        p.global_types.insert(v.name.name.clone(), v.ty.clone());
    }
    p.plan_regions(&order);
    let entry_label = race::fresh_name(p.used, "$entry");
    match entry {
        EntryCode::Uniform(stmts) => {
            p.start(&entry_label);
            for s in stmts {
                p.push(s);
            }
            p.goto(&[body.blocks[0].label.name.clone()]);
        }
        EntryCode::Predicated(preds) => {
            p.emit_predicated_entry(&entry_label, preds.map(Expr::var))?;
        }
    }
    for b in cfg.blocks() {
        if cfg.is_reachable(b) && uni.uniform_block[b.index()] {
            p.emit_uniform_block(b)?;
        }
    }
    let regions: Vec<usize> = {
        let mut seen = Vec::new();
        for b in &order {
            if let Some(&r) = p.region_of.get(&b.index()) {
                if !seen.contains(&r) {
                    seen.push(r);
                }
            }
        }
        seen
    };
    for r in regions {
        p.emit_region(r, &order)?;
    }
    let blocks = std::mem::take(&mut p.blocks);
    let mut extra = std::mem::take(&mut p.locals);
    let sites = std::mem::take(&mut p.sites);
    drop(p);

    // Locals of the procedure, per thread where needed (a two-thread
    // procedure's results are its out-parameters, not locals).
    let mut locals = Vec::new();
    let results: &[ivl::ast::TypedIdent] = if kernel { &proc.returns } else { &[] };
    let names = body
        .locals
        .iter()
        .map(|v| (&v.name.name, &v.ty))
        .chain(results.iter().map(|v| (&v.name.name, &v.ty)));
    for (name, ty) in names {
        if uni.per_thread.contains(name) {
            for t in [1, 2] {
                locals.push(var(&format!("{name}${t}"), ty.clone(), vec![]));
            }
        } else {
            locals.push(var(name, ty.clone(), vec![]));
        }
    }
    locals.append(&mut extra);
    Ok(Emitted {
        blocks,
        locals,
        sites,
        uni,
    })
}

/// Builds the product of `procs`: `procs[0]` is the kernel, the others
/// (with `--no-inline`) device functions kept as two-thread procedures.
pub fn build(
    program: &Program,
    procs: &[Procedure],
    arrays: BTreeMap<String, ArrayInfo>,
    config: &TransformConfig,
    mut used: HashSet<String>,
) -> Result<TwoThreadProgram, TransformError> {
    let proc = procs
        .first()
        .ok_or_else(|| TransformError::internal("no kernel procedure"))?;
    let mut kinds: BTreeMap<String, HashSet<AccessKind>> = BTreeMap::new();
    for p in procs {
        for (a, k) in access_kinds(p, &arrays) {
            kinds.entry(a).or_default().extend(k);
        }
    }
    let mut ghosts: BTreeMap<String, Ghosts> = BTreeMap::new();
    if !config.only_divergence {
        for (name, a) in &arrays {
            if let Some(k) = kinds.get(name) {
                ghosts.insert(
                    name.clone(),
                    race::plan(a, k, config.benign_tolerance, &mut used),
                );
            }
        }
    }
    let tname = |base: &str, t: u8| {
        if base.starts_with("group_id") && config.only_intra_group {
            base.to_string()
        } else {
            format!("{base}${t}")
        }
    };
    let same_group = if config.only_intra_group {
        Expr::bool(true)
    } else {
        DIMS.iter().fold(Expr::bool(true), |acc, d| {
            let g = format!("group_id_{d}");
            and(
                acc,
                Expr::eq(Expr::var(tname(&g, 1)), Expr::var(tname(&g, 2))),
            )
        })
    };
    // The linear local id is computed in 128 bits (each factor is below
    // 2^32, so no sum or product wraps): a group of more than 2^32 threads
    // must not fold two warps into one.
    let same_warp = config.warp_sync.map(|n| {
        let wide = |e: Expr| {
            Expr::synthetic(ExprKind::Extend {
                signed: false,
                width: 128,
                expr: Box::new(e),
            })
        };
        let linear = |t: u8| {
            let x = wide(Expr::var(format!("local_id_x${t}")));
            let y = wide(Expr::var(format!("local_id_y${t}")));
            let z = wide(Expr::var(format!("local_id_z${t}")));
            let sx = wide(Expr::var("local_size_x"));
            let sy = wide(Expr::var("local_size_y"));
            let mul = |a, b| Expr::binary(BinaryOp::Mul, a, b);
            let add = |a, b| Expr::binary(BinaryOp::Add, a, b);
            add(add(x, mul(y, sx.clone())), mul(mul(z, sx), sy))
        };
        let warp = |t: u8| {
            Expr::binary(
                BinaryOp::BvUDiv,
                linear(t),
                Expr::bv(u128::from(n.max(1)), 128),
            )
        };
        and(same_group.clone(), Expr::eq(warp(1), warp(2)))
    });
    let mut launch = crate::specs::launch_assumptions(config, &same_group, &tname);
    // CUDA's `warpSize`: the warp size of the model (transform/src/warp.rs).
    if program.constants().any(|c| c.name.name == "$warp_size") {
        let n = crate::warp::warp_size(config.warp_sync);
        launch.push(Expr::eq(Expr::var("$warp_size"), Expr::bv(u128::from(n), 32)));
    }

    // Entry of the kernel: launch assumptions and ghost initialisation.
    let mut assumptions = launch.clone();
    for a in arrays
        .values()
        .filter(|a| a.is_racy_space() && a.abstraction == Abstraction::Equality)
    {
        let eq = Expr::eq(
            Expr::var(format!("{}$1", a.ivl_name)),
            Expr::var(format!("{}$2", a.ivl_name)),
        );
        assumptions.push(match a.space {
            MemorySpace::GroupShared => implies(same_group.clone(), eq),
            _ => eq,
        });
    }
    let mut entry: Vec<Stmt> = assumptions
        .into_iter()
        .map(|a| Stmt::new(StmtKind::Assume(a)))
        .collect();
    let flags: Vec<String> = ghosts.values().flat_map(|g| g.flags().cloned()).collect();
    if !flags.is_empty() {
        entry.push(assign(
            flags
                .iter()
                .map(|f| (lhs(f.clone()), Expr::bool(false)))
                .collect(),
            vec![],
        ));
    }
    // How each procedure is entered (device functions called only from
    // uniform code are entered by both threads together).
    let (mut unis, modular) =
        crate::modular::analyse_all(program, procs, &arrays, config.only_intra_group, &mut used)?;
    let globals = Globals {
        program,
        arrays: &arrays,
        ghosts: &ghosts,
        config,
        same_group: same_group.clone(),
        same_warp,
        modular: &modular,
    };
    let mut unis = unis.drain(..);
    let kernel_uni = unis
        .next()
        .ok_or_else(|| TransformError::internal("no uniformity for the kernel"))?;
    let kernel = emit_procedure(
        &globals,
        proc,
        kernel_uni,
        EntryCode::Uniform(entry),
        &mut used,
        0,
    )?;
    let mut sites = kernel.sites;
    let mut callees = Vec::new();
    for (callee, uni) in procs[1..].iter().zip(unis) {
        let mode = modular[&callee.name.name].clone();
        let code = match &mode {
            CalleeMode::UniformCalls { .. } => EntryCode::Uniform(vec![]),
            CalleeMode::Predicated { predicates } => EntryCode::Predicated(predicates.clone()),
        };
        let emitted = emit_procedure(&globals, callee, uni, code, &mut used, sites.len() as u32)?;
        sites.extend(emitted.sites.iter().cloned());
        callees.push((callee, mode, emitted));
    }

    // Declarations.
    let mut decls: Vec<Decl> = Vec::new();
    for c in kernel::BUILTIN_CONSTANTS {
        let per_thread =
            c.starts_with("local_id") || (c.starts_with("group_id") && !config.only_intra_group);
        if per_thread {
            for t in [1, 2] {
                decls.push(Decl::Const(var(&format!("{c}${t}"), Type::Bv(32), vec![])));
            }
        } else {
            decls.push(Decl::Const(var(c, Type::Bv(32), vec![])));
        }
    }
    let mut modifies: Vec<Ident> = Vec::new();
    for d in &program.decls {
        match d {
            Decl::Const(_) | Decl::Function(_) | Decl::Axiom(_) => decls.push(d.clone()),
            Decl::Procedure(_) => {}
            Decl::Var(g) => {
                let keep_attrs: Vec<Attribute> = g
                    .attrs
                    .iter()
                    .filter(|a| {
                        a.name == kernel::SOURCE_NAME_ATTR || a.name == kernel::ELEM_WIDTH_ATTR
                    })
                    .cloned()
                    .collect();
                match arrays.get(&g.name.name) {
                    Some(a) if a.space == MemorySpace::Constant => {
                        decls.push(Decl::Var(var(&g.name.name, g.ty.clone(), keep_attrs)));
                        modifies.push(Ident::synthetic(g.name.name.clone()));
                    }
                    Some(a) if a.abstraction == Abstraction::Adversarial => {}
                    _ => {
                        for t in [1, 2] {
                            let n = format!("{}${t}", g.name.name);
                            decls.push(Decl::Var(var(&n, g.ty.clone(), keep_attrs.clone())));
                            modifies.push(Ident::synthetic(n));
                        }
                    }
                }
            }
        }
    }
    for (name, g) in &ghosts {
        let a = &arrays[name];
        if let Some(w) = &g.watched {
            decls.push(Decl::Const(var(w, a.index_type.clone(), vec![])));
        }
        let mut ghost_vars: Vec<(String, Type)> = Vec::new();
        for f in g.flags() {
            ghost_vars.push((f.clone(), Type::Bool));
        }
        for s in [&g.read_site, &g.write_site, &g.atomic_site]
            .into_iter()
            .flatten()
        {
            ghost_vars.push((s.clone(), Type::Bv(crate::race::SITE_WIDTH)));
        }
        if let Some(v) = &g.write_value {
            ghost_vars.push((v.clone(), a.elem_type.clone()));
        }
        for (n, ty) in ghost_vars {
            decls.push(Decl::Var(var(&n, ty, vec![])));
            modifies.push(Ident::synthetic(n));
        }
    }

    // Contracts, per thread.
    let renamer = crate::rename::Renamer {
        per_thread: &kernel.uni.per_thread,
        arrays: &arrays,
        same_group: same_group.clone(),
        ghosts: &ghosts,
        enabled_pair: None,
        warp_sync: config.warp_sync,
    };
    let requires = crate::specs::per_thread_specs(&renamer, &proc.requires, None, false)?;
    let ensures = crate::specs::per_thread_specs(&renamer, &proc.ensures, None, false)?;
    let two_thread_attrs = |p: &Procedure| -> Vec<Attribute> {
        p.attrs
            .iter()
            .filter(|a| a.name != kernel::KERNEL_ATTR)
            .cloned()
            .chain(std::iter::once(Attribute::new("two_thread", vec![])))
            .collect()
    };
    decls.push(Decl::Procedure(Procedure {
        attrs: two_thread_attrs(proc),
        name: proc.name.clone(),
        params: proc.params.clone(),
        returns: vec![],
        requires,
        modifies,
        ensures,
        body: Some(Body {
            locals: kernel.locals,
            blocks: kernel.blocks,
        }),
        span: proc.span,
    }));
    let synchronising = crate::modular::synchronising(
        program,
        &procs
            .iter()
            .map(|p| p.name.name.clone())
            .collect::<Vec<_>>(),
    );
    for (callee, mode, emitted) in callees {
        let preds = match &mode {
            CalleeMode::Predicated { predicates } => Some(predicates),
            CalleeMode::UniformCalls { .. } => None,
        };
        let renamer = crate::rename::Renamer {
            per_thread: &emitted.uni.per_thread,
            arrays: &arrays,
            same_group: same_group.clone(),
            ghosts: &ghosts,
            enabled_pair: None,
            warp_sync: config.warp_sync,
        };
        let mut requires: Vec<Spec> = launch
            .iter()
            .map(|e| crate::specs::spec(vec![Attribute::new("launch", vec![])], e.clone()))
            .collect();
        // Called in divergent code and synchronising: each call must
        // show that the pair calls it uniformly.
        if let (Some(Some(barrier)), Some(preds)) = (synchronising.get(&callee.name.name), preds) {
            let mut attrs = vec![Attribute::new("barrier_divergence", vec![])];
            attrs.extend(crate::product::source_attrs(&barrier.attrs));
            requires.push(crate::specs::spec(
                attrs,
                implies(
                    same_group.clone(),
                    Expr::eq(Expr::var(preds[0].clone()), Expr::var(preds[1].clone())),
                ),
            ));
        }
        requires.extend(crate::specs::per_thread_specs(
            &renamer,
            &callee.requires,
            preds,
            true,
        )?);
        let ensures = crate::specs::per_thread_specs(&renamer, &callee.ensures, preds, true)?;
        let (params, returns) = crate::modular::two_thread_params(callee, &mode);
        decls.push(Decl::Procedure(Procedure {
            attrs: two_thread_attrs(callee),
            name: callee.name.clone(),
            params,
            returns,
            requires,
            modifies: vec![],
            ensures,
            body: Some(Body {
                locals: emitted.locals,
                blocks: emitted.blocks,
            }),
            span: callee.span,
        }));
    }
    crate::modular::compute_modifies(&mut decls, &modular.keys().cloned().collect());
    let kernel_source_name = crate::arrays::attr_str(&proc.attrs, kernel::SOURCE_NAME_ATTR)
        .unwrap_or_else(|| proc.name.name.clone());
    Ok(TwoThreadProgram {
        program: Program { decls },
        procedure: proc.name.name.clone(),
        procedures: procs.iter().map(|p| p.name.name.clone()).collect(),
        kernel_source_name,
        arrays: arrays.into_values().collect(),
        access_sites: sites,
        only_intra_group: config.only_intra_group,
        loop_unwind: config.loop_unwind,
    })
}
