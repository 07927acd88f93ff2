//! The product body of one procedure: drives the builder of `product.rs`
//! over a procedure's blocks, uniform blocks first, then each divergent
//! region in the linear order of `order.rs`.
//!
//! Consumes a procedure in access normal form, its uniformity, how it is
//! entered ([`EntryCode`]) and what every procedure shares ([`Globals`]:
//! arrays, ghosts, the pair's relations, the modular call modes). Produces
//! its product blocks, its locals (per-thread ones as `x$1`/`x$2`) and the
//! access sites it created, numbered from a given base so that the sites
//! of all procedures are distinct.

use crate::arrays::ArrayInfo;
use crate::config::TransformConfig;
use crate::error::TransformError;
use crate::modular::CalleeMode;
use crate::names;
use crate::product::Product;
use crate::race::Ghosts;
use crate::uniformity;
use ivl::ast::{Attribute, Expr, Ident, Procedure, Program, Stmt, Type, Variable};
use ivl::cfg::Cfg;
use std::collections::{BTreeMap, HashSet};

/// A declared variable of the product.
pub fn var(name: &str, ty: Type, attrs: Vec<Attribute>) -> Variable {
    Variable {
        attrs,
        name: Ident::synthetic(name),
        ty,
        span: ivl::Span::DUMMY,
    }
}

/// What a procedure's product body starts with.
pub enum EntryCode {
    /// These statements (for the kernel: the launch assumptions and ghost
    /// initialisation), then its first block, in uniform code.
    Uniform(Vec<Stmt>),
    /// A two-thread procedure called in divergent code (`--no-inline`):
    /// every block is predicated, the entry block by these two predicates
    /// (its parameters).
    Predicated([String; 2]),
}

/// The product body of one procedure.
pub struct Emitted {
    pub blocks: Vec<ivl::ast::Block>,
    pub locals: Vec<Variable>,
    pub sites: Vec<crate::AccessSite>,
    pub uni: uniformity::Uniformity,
}

/// Shared by the product bodies of every procedure.
pub struct Globals<'a> {
    pub program: &'a Program,
    pub arrays: &'a BTreeMap<String, ArrayInfo>,
    pub ghosts: &'a BTreeMap<String, Ghosts>,
    pub config: &'a TransformConfig,
    pub same_group: Expr,
    pub same_warp: Option<Expr>,
    pub modular: &'a BTreeMap<String, CalleeMode>,
}

/// The product body of `proc` (entered as `entry`; its access sites are
/// numbered from `site_base`).
pub fn emit_procedure(
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
    let entry_label = crate::names::fresh(p.used, "$entry");
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
            for t in names::THREADS {
                locals.push(var(&names::of_thread(name, t), ty.clone(), vec![]));
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
