//! Tag `access_site`: the logged access's site id is one of the program's
//! sites for that array and kind.
//!
//! Pattern: the race instrumentation logs an access as one parallel
//! assignment `F, S := F || hit, if hit then s_k else S` (the flag and the
//! access-site ghost; `transform::race`). A loop that modifies `S` gets
//! the candidate `F ==> S == s_1 || ... || S == s_n` over every site
//! literal logged into `S` in the procedure. It is inductive (flags start
//! false, every log sets a listed site, a barrier only clears `F`), and it
//! changes no verdict: `S` reaches no check. What it buys is the report:
//! without it the loop cut leaves `S` arbitrary at the head, and a race
//! whose earlier access was logged before the loop or in an earlier
//! iteration was printed without a source line; with it the model names a
//! real access of the array.
//!
//! Example: `tests/kernels/opencl/loop_strided_copy_wrong_stride.cl` — the
//! write-write race between two iterations now names the earlier write's
//! line.

use super::{candidate, Context, Rule};
use crate::analysis::{is_flag, LoopInfo};
use crate::candidate::Candidate;
use ivl::ast::{Expr, ExprKind, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

pub const RULE: Rule = Rule {
    tags: &["access_site"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    for (site, (flag, literals)) in sites(ctx) {
        if !l.modified.contains(&site) || literals.is_empty() {
            continue;
        }
        let any = literals
            .iter()
            .map(|lit| Expr::eq(Expr::var(site.clone()), lit.0.clone()))
            .reduce(Expr::or)
            .expect("not empty");
        out.push(candidate(
            "access_site",
            l,
            Expr::implies(Expr::var(flag), any),
        ));
    }
}

/// Each site ghost with its flag and the site literals logged into it.
/// `BTreeMap`/`BTreeSet` keep the candidates in a stable order.
fn sites(ctx: &Context) -> BTreeMap<String, (String, BTreeSet<Literal>)> {
    let mut found: BTreeMap<String, (String, BTreeSet<Literal>)> = BTreeMap::new();
    let Some(body) = &ctx.proc.body else {
        return found;
    };
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
            continue;
        };
        let Some(flag) = lhs
            .iter()
            .find(|l| l.indices.is_empty() && is_flag(&l.name.name))
        else {
            continue;
        };
        for (l, r) in lhs.iter().zip(rhs) {
            if !l.indices.is_empty() || is_flag(&l.name.name) {
                continue;
            }
            let ExprKind::Ite(_, then, els) = &r.kind else {
                continue;
            };
            let (ExprKind::Bv { .. }, ExprKind::Var(same)) = (&then.kind, &els.kind) else {
                continue;
            };
            if *same != l.name.name {
                continue;
            }
            let entry = found
                .entry(l.name.name.clone())
                .or_insert_with(|| (flag.name.name.clone(), BTreeSet::new()));
            if entry.0 == flag.name.name {
                entry.1.insert(Literal((**then).clone()));
            }
        }
    }
    found
}

/// A site literal, ordered by its printed form.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Literal(Expr);

impl std::ops::Deref for Literal {
    type Target = Expr;
    fn deref(&self) -> &Expr {
        &self.0
    }
}

impl PartialOrd for Literal {
    fn partial_cmp(&self, other: &Literal) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Literal {
    fn cmp(&self, other: &Literal) -> std::cmp::Ordering {
        match (&self.0.kind, &other.0.kind) {
            (ExprKind::Bv { value: a, .. }, ExprKind::Bv { value: b, .. }) => a.cmp(b),
            _ => self.0.to_string().cmp(&other.0.to_string()),
        }
    }
}
