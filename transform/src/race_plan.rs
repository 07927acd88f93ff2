//! Race planning: which ghosts each shared array gets.
//!
//! Consumes the procedures of the product in access normal form
//! (`flatten.rs`) and their arrays with abstractions chosen (`taint.rs`).
//! Produces, per racy array some procedure accesses, the [`Ghosts`] that
//! `race.rs` instruments it with (none with `--only-divergence`), their
//! names fresh in `used`. Guarantees: an array gets a flag for an access
//! kind only if it is accessed that way and some other kind it is accessed
//! with conflicts with it (`race::plan`), so no race check is dropped and
//! read-only arrays get no ghosts — except when an annotation reads the
//! access logs (`__read(A)`, ...): then every kind accessed is logged.

use crate::arrays::ArrayInfo;
use crate::config::TransformConfig;
use crate::race::{self, AccessKind, Ghosts};
use ivl::ast::{has_attr, ExprKind, Procedure, StmtKind};
use ivl::kernel;
use std::collections::{BTreeMap, HashSet};

/// The ghosts of every racy array `procs` access.
pub fn plan_ghosts(
    procs: &[Procedure],
    arrays: &BTreeMap<String, ArrayInfo>,
    config: &TransformConfig,
    used: &mut HashSet<String>,
) -> BTreeMap<String, Ghosts> {
    let mut kinds: BTreeMap<String, HashSet<AccessKind>> = BTreeMap::new();
    for p in procs {
        for (a, k) in access_kinds(p, arrays) {
            kinds.entry(a).or_default().extend(k);
        }
    }
    let mut ghosts: BTreeMap<String, Ghosts> = BTreeMap::new();
    let log_every_kind = race::mentions_access_predicates(procs);
    if !config.only_divergence {
        for (name, a) in arrays {
            if let Some(k) = kinds.get(name) {
                ghosts.insert(
                    name.clone(),
                    race::plan(a, k, config.benign_tolerance, log_every_kind, used),
                );
            }
        }
    }
    ghosts
}

/// The access kinds of each racy array in the flattened procedure.
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
