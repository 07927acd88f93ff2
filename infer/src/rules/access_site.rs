//! Tag `access_site`: the logged access's site id is one of the program's
//! sites for that array and kind.
//!
//! Pattern: the race instrumentation logs an access as one parallel
//! assignment `F, S := F || hit, if hit then s_k else S` (the flag and the
//! access-site ghost; `transform::race`). A loop that modifies `S` gets
//! the candidate `F ==> S == s_1 || ... || S == s_n` over the site
//! literals logged into `S` in blocks from which the loop head is
//! reachable (a site after the loop cannot have been logged yet; listing it
//! let the model name a later access than the logged one). It is inductive (flags start
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
use ivl::ast::{Expr, ExprKind, StmtKind, TransferKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const RULE: Rule = Rule {
    tags: &["access_site"],
    generate,
};

fn generate(ctx: &Context, l: &LoopInfo, out: &mut Vec<Candidate>) {
    let Some(body) = &ctx.proc.body else {
        return;
    };
    let reach = reaching(body, &l.header);
    for (site, (flag, literals)) in sites(ctx) {
        if !l.modified.contains(&site) {
            continue;
        }
        // Only sites that can have been logged when the head is reached:
        // a site after the loop names a later access in a report.
        let any = literals
            .iter()
            .filter(|(_, blocks)| blocks.iter().any(|b| reach.contains(b)))
            .map(|(lit, _)| Expr::eq(Expr::var(site.clone()), lit.0.clone()))
            .reduce(Expr::or);
        let Some(any) = any else {
            continue;
        };
        out.push(candidate(
            "access_site",
            l,
            Expr::implies(Expr::var(flag), any),
        ));
    }
}

/// The blocks from which some path reaches the block labelled `header`
/// (the header included).
fn reaching(body: &ivl::ast::Body, header: &str) -> BTreeSet<usize> {
    let index: HashMap<&str, usize> = body
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (b.label.name.as_str(), i))
        .collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); body.blocks.len()];
    for (i, b) in body.blocks.iter().enumerate() {
        if let TransferKind::Goto(ts) = &b.transfer.kind {
            for t in ts {
                if let Some(&j) = index.get(t.name.as_str()) {
                    preds[j].push(i);
                }
            }
        }
    }
    let mut seen = BTreeSet::new();
    let mut work: Vec<usize> = index.get(header).copied().into_iter().collect();
    while let Some(b) = work.pop() {
        if seen.insert(b) {
            work.extend(preds[b].iter().copied());
        }
    }
    seen
}

/// Each site ghost with its flag and the site literals logged into it,
/// each with the blocks that log it.
/// `BTreeMap`/`BTreeSet` keep the candidates in a stable order.
type Sites = BTreeMap<String, (String, BTreeMap<Literal, BTreeSet<usize>>)>;

fn sites(ctx: &Context) -> Sites {
    let mut found: Sites = BTreeMap::new();
    let Some(body) = &ctx.proc.body else {
        return found;
    };
    for (block, stmt) in body
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(i, b)| b.stmts.iter().map(move |s| (i, s)))
    {
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
                .or_insert_with(|| (flag.name.name.clone(), BTreeMap::new()));
            if entry.0 == flag.name.name {
                entry
                    .1
                    .entry(Literal((**then).clone()))
                    .or_default()
                    .insert(block);
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
