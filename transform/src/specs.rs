//! Specifications of the product: the launch assumptions (assumed at the
//! kernel's entry, preconditions of two-thread procedures) and the
//! per-thread copies of `requires`/`ensures`.
//!
//! Input: kernel-dialect specifications and the renamer of their
//! procedure. Output: product specifications; each per-thread copy has a
//! `{:thread t}` attribute when the two copies differ.

use crate::config::TransformConfig;
use crate::error::TransformError;
use crate::names::{self, DIMS};
use ivl::ast::{has_attr, AttrArg, Attribute, BinaryOp, Expr, ExprKind, Spec};
use ivl::build::implies;
use ivl::kernel;

fn bv32(v: u64) -> Expr {
    Expr::bv(v as u128, 32)
}

fn bvult(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinaryOp::BvULt, a, b)
}

/// The frontend's name for `get_work_dim()` (a `{:launch_constant}`).
const WORK_DIM: &str = "$work_dim";

/// `$work_dim` (OpenCL `get_work_dim()`, declared by the frontend only
/// when the kernel calls it) equals the number of dimensions of the
/// launch flags; without them it is only known to lie in 1..=3.
pub(crate) fn work_dim_assumption(
    config: &TransformConfig,
    program: &ivl::Program,
) -> Option<Expr> {
    let declared = program
        .decls
        .iter()
        .any(|d| matches!(d, ivl::ast::Decl::Const(c) if c.name.name == WORK_DIM));
    if !declared {
        return None;
    }
    let work_dim = Expr::var(WORK_DIM);
    Some(match config.work_dim {
        Some(n) => Expr::eq(work_dim, bv32(u64::from(n))),
        None => Expr::and(bvult(bv32(0), work_dim.clone()), bvult(work_dim, bv32(4))),
    })
}

/// The launch assumptions: ids in range, configured sizes, no wrap of
/// global ids or of the global size (`num_groups * local_size +
/// global_offset <= 2^32 - 1`, which `TransformConfig::check_launch` has
/// checked for every concrete launch, so it constrains only `*` entries),
/// distinct local ids within a group.
pub(crate) fn launch_assumptions(config: &TransformConfig, same_group: &Expr) -> Vec<Expr> {
    let tname = |name: &str, t| names::builtin_of_thread(name, t, config.only_intra_group);
    let mut assumptions = Vec::new();
    for (k, d) in DIMS.iter().enumerate() {
        let (ls, ng, go) = (
            Expr::var(names::local_size(d)),
            Expr::var(names::num_groups(d)),
            Expr::var(names::global_offset(d)),
        );
        for t in names::THREADS {
            assumptions.push(bvult(Expr::var(tname(&names::local_id(d), t)), ls.clone()));
            if !(config.only_intra_group && t == 2) {
                assumptions.push(bvult(Expr::var(tname(&names::group_id(d), t)), ng.clone()));
            }
        }
        for (value, name) in [
            (config.local_size[k], &ls),
            (config.num_groups[k], &ng),
            (config.global_offset[k], &go),
        ] {
            if let Some(v) = value {
                assumptions.push(Expr::eq(name.clone(), bv32(v)));
            }
        }
        let wide = |e: Expr| {
            Expr::synthetic(ExprKind::Extend {
                signed: false,
                width: 64,
                expr: Box::new(e),
            })
        };
        assumptions.push(Expr::binary(
            BinaryOp::BvULe,
            Expr::binary(
                BinaryOp::Add,
                Expr::binary(BinaryOp::Mul, wide(ng), wide(ls)),
                wide(go),
            ),
            Expr::bv(u128::from(crate::config::MAX_LAUNCH_EXTENT), 64),
        ));
    }
    let distinct = ivl::build::any(DIMS.iter().map(|d| {
        let [l1, l2] = names::pair(&names::local_id(d));
        Expr::binary(BinaryOp::Neq, Expr::var(l1), Expr::var(l2))
    }));
    assumptions.push(implies(same_group.clone(), distinct));
    assumptions
}

/// Per-thread copies of specifications. `enabled` guards each thread's
/// copy (device functions called in divergent code); a specification of
/// a device function that reads the access log is stated once, unguarded
/// (see `modular.rs`).
pub(crate) fn per_thread_specs(
    renamer: &crate::rename::Renamer,
    specs: &[Spec],
    enabled: Option<&[String; 2]>,
    device_function: bool,
) -> Result<Vec<Spec>, TransformError> {
    let mut out = Vec::new();
    for s in specs {
        let global = has_attr(&s.attrs, kernel::GLOBAL_ASSERTION_ATTR);
        let log = device_function && crate::modular::reads_access_log(&s.expr);
        if let (true, Some(preds)) = (
            global && has_attr(&s.attrs, kernel::GROUP_UNIFORM_ATTR),
            enabled,
        ) {
            // A group-wide precondition of a procedure called in divergent
            // code: both threads of one group make the call or neither.
            out.push(Spec {
                attrs: s.attrs.clone(),
                expr: implies(
                    renamer.same_group.clone(),
                    Expr::eq(Expr::var(preds[0].clone()), Expr::var(preds[1].clone())),
                ),
                span: s.span,
            });
        }
        let mut exprs: Vec<Expr> = Vec::new();
        for t in if global || log { vec![1] } else { vec![1, 2] } {
            let en = match enabled {
                Some(preds) if !log => Expr::var(preds[t as usize - 1].clone()),
                _ => Expr::bool(true),
            };
            let e = implies(en.clone(), renamer.expr(&s.expr, t, &en)?);
            if !exprs.contains(&e) {
                exprs.push(e);
            }
        }
        let single = exprs.len() == 1;
        for (k, e) in exprs.into_iter().enumerate() {
            let mut attrs = s.attrs.clone();
            if !single {
                attrs.push(Attribute::new(
                    "thread",
                    vec![AttrArg::Expr(Expr::int(k as u128 + 1))],
                ));
            }
            out.push(Spec {
                attrs,
                expr: e,
                span: s.span,
            });
        }
    }
    Ok(out)
}

pub(crate) fn spec(attrs: Vec<Attribute>, expr: Expr) -> Spec {
    Spec {
        attrs,
        expr,
        span: ivl::Span::DUMMY,
    }
}
