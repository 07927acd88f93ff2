//! Assembles the product program from the product bodies: the
//! declarations (launch constants and thread ids, per-thread array copies,
//! ghosts), and the two-thread procedures with their per-thread contracts
//! (a two-thread device function also gets the launch assumptions as
//! preconditions and, when it synchronises and is called in divergent
//! code, a barrier-divergence precondition on its enabled predicates).
//!
//! Consumes the kernel program (for its declarations), the procedures in
//! access normal form, the arrays, the planned ghosts, the pair, the call
//! modes and the emitted bodies. Produces the [`TwoThreadProgram`]; it
//! type-checks (the tests run the IVL checker on every product).

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::config::{Abstraction, TransformConfig};
use crate::entry::Pair;
use crate::error::TransformError;
use crate::modular::CalleeMode;
use crate::names;
use crate::procedure_body::{var, Emitted};
use crate::race::Ghosts;
use crate::{AccessSite, TwoThreadProgram};
use ivl::ast::{Attribute, Body, Decl, Expr, Ident, Procedure, Program, Spec, Type};
use ivl::build::implies;
use ivl::kernel;
use std::collections::BTreeMap;

/// What [`assemble`] puts together.
pub struct Parts<'a> {
    pub program: &'a Program,
    /// The kernel first, then the device functions kept as procedures.
    pub procs: &'a [Procedure],
    pub arrays: BTreeMap<String, ArrayInfo>,
    pub ghosts: &'a BTreeMap<String, Ghosts>,
    pub pair: &'a Pair,
    pub config: &'a TransformConfig,
    pub modular: &'a BTreeMap<String, CalleeMode>,
    /// The kernel's product body.
    pub kernel: Emitted,
    /// Each device function kept as a procedure, with its body.
    pub callees: Vec<(&'a Procedure, CalleeMode, Emitted)>,
    /// The access sites of every procedure.
    pub sites: Vec<AccessSite>,
}

/// The product program.
pub fn assemble(parts: Parts) -> Result<TwoThreadProgram, TransformError> {
    let Parts {
        program,
        procs,
        arrays,
        ghosts,
        pair,
        config,
        modular,
        kernel,
        callees,
        sites,
    } = parts;
    let proc = procs
        .first()
        .ok_or_else(|| TransformError::internal("no kernel procedure"))?;
    // Declarations.
    let mut decls: Vec<Decl> = Vec::new();
    for c in kernel::BUILTIN_CONSTANTS {
        if names::is_per_thread_builtin(c, config.only_intra_group) {
            for n in names::pair(c) {
                decls.push(Decl::Const(var(&n, Type::Bv(32), vec![])));
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
                        for n in names::pair(&g.name.name) {
                            decls.push(Decl::Var(var(&n, g.ty.clone(), keep_attrs.clone())));
                            modifies.push(Ident::synthetic(n));
                        }
                    }
                }
            }
        }
    }
    for (name, g) in ghosts {
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
        ghost_vars.extend(crate::async_copy::ghost_vars(g));
        for (n, ty) in ghost_vars {
            decls.push(Decl::Var(var(&n, ty, vec![])));
            modifies.push(Ident::synthetic(n));
        }
    }
    for (n, ty) in crate::async_copy::shared_vars(ghosts) {
        decls.push(Decl::Var(var(&n, ty, vec![])));
        modifies.push(Ident::synthetic(n));
    }

    // Contracts, per thread, renamed as in the procedure's body.
    let renamer = renamer_of(&kernel, &arrays, pair, ghosts, config.warp_sync);
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
        let renamer = renamer_of(&emitted, &arrays, pair, ghosts, config.warp_sync);
        let mut requires: Vec<Spec> = pair
            .launch
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
                    pair.same_group.clone(),
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
        pass_times: crate::PassTimes::default(),
    })
}

/// The renamer of a procedure's contracts: names as in its product body.
fn renamer_of<'a>(
    body: &'a Emitted,
    arrays: &'a BTreeMap<String, ArrayInfo>,
    pair: &Pair,
    ghosts: &'a BTreeMap<String, Ghosts>,
    warp_sync: Option<u32>,
) -> crate::rename::Renamer<'a> {
    crate::rename::Renamer {
        per_thread: &body.uni.per_thread,
        arrays,
        same_group: pair.same_group.clone(),
        ghosts,
        enabled_pair: None,
        warp_sync,
    }
}
