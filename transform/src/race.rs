//! Race instrumentation with the watched-offset scheme (docs/design.md).
//!
//! Consumes one access as both threads make it ([`Access`]: renamed
//! offsets, values, enabled predicates) and the array's planned
//! [`Ghosts`] (`race_plan.rs`, names from `names.rs`). Produces the
//! statements that log thread 1 and check thread 2. Guarantees: every pair
//! of conflicting accesses to the watched element by the two threads,
//! unordered by a barrier, fails a check, unless the configuration
//! excuses it (group-shared arrays across groups, one warp with
//! `--warp-sync`, equal values written with benign tolerance).
//!
//! Per race-checked array `A`: a symbolic constant `WATCHED_A` (the one
//! element the proof watches; it is arbitrary, so a proof covers every
//! element), Boolean ghosts `READ_HAS_OCCURRED_A`, `WRITE_HAS_OCCURRED_A`,
//! `ATOMIC_HAS_OCCURRED_A` ("thread 1 accessed `A[WATCHED_A]` this way since
//! the flags were last cleared"), the access-site id of the last logged
//! access of each kind (`READ_SITE_A`, ... for reports) and, for benign
//! write-write tolerance, a written value `WRITE_VALUE_A` (one of the values
//! thread 1 wrote there, chosen non-deterministically, so a check against
//! it fails if any of them differs).
//!
//! At every access: first *log* thread 1 (its flag is set when it is
//! enabled and its offset is `WATCHED_A`), then *check* thread 2 (assert
//! that it is not enabled at `WATCHED_A` while a conflicting flag is set).
//! Logging is deterministic, so barriers clear flags by assignment (see
//! `product::barrier`). A kind is logged only if some access kind of the
//! array conflicts with it (reads only if there are writes or atomics,
//! ...), so read-only arrays get no ghosts at all. Group-shared arrays are
//! checked only when the threads share a group; with `--warp-sync` two
//! threads of one warp never race. A race between thread 2 first and
//! thread 1 second is the same race for the swapped pair, which the
//! arbitrary, symmetric thread ids also cover.

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::names::{self, Ghost};
use ivl::ast::{AttrArg, Attribute, Expr, Ident, Stmt, StmtKind, Type};
use ivl::build::{and, ite, not};
use std::collections::HashSet;

/// How a statement accesses an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    Read,
    Write,
    Atomic,
}

impl AccessKind {
    pub fn name(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Atomic => "atomic",
        }
    }

    pub fn from_name(name: &str) -> Option<AccessKind> {
        match name {
            "read" => Some(AccessKind::Read),
            "write" => Some(AccessKind::Write),
            "atomic" => Some(AccessKind::Atomic),
            _ => None,
        }
    }

    /// The logged kinds an access of this kind races with.
    pub fn conflicts(self) -> &'static [AccessKind] {
        match self {
            AccessKind::Read => &[AccessKind::Write, AccessKind::Atomic],
            AccessKind::Write => &[AccessKind::Read, AccessKind::Write, AccessKind::Atomic],
            AccessKind::Atomic => &[AccessKind::Read, AccessKind::Write],
        }
    }
}

/// The ghost names of one array (absent: that kind is never logged).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ghosts {
    pub watched: Option<String>,
    pub read_flag: Option<String>,
    pub write_flag: Option<String>,
    pub atomic_flag: Option<String>,
    pub read_site: Option<String>,
    pub write_site: Option<String>,
    pub atomic_site: Option<String>,
    pub write_value: Option<String>,
    pub index_type: Option<Type>,
    pub elem_bytes: u32,
    /// The pending accesses of asynchronous copies (`async_copy.rs`).
    pub pending: crate::async_copy::PendingGhosts,
}

impl Ghosts {
    pub fn flag(&self, k: AccessKind) -> Option<&String> {
        match k {
            AccessKind::Read => self.read_flag.as_ref(),
            AccessKind::Write => self.write_flag.as_ref(),
            AccessKind::Atomic => self.atomic_flag.as_ref(),
        }
    }

    pub fn site(&self, k: AccessKind) -> Option<&String> {
        match k {
            AccessKind::Read => self.read_site.as_ref(),
            AccessKind::Write => self.write_site.as_ref(),
            AccessKind::Atomic => self.atomic_site.as_ref(),
        }
    }

    /// Every flag, for clearing at barriers.
    pub fn flags(&self) -> impl Iterator<Item = &String> {
        [&self.read_flag, &self.write_flag, &self.atomic_flag]
            .into_iter()
            .flatten()
    }

    /// `__read_offset_bytes`: the watched offset in bytes, as `bv32`.
    pub fn offset_bytes(&self) -> Expr {
        match (&self.watched, &self.index_type) {
            (Some(w), Some(Type::Bv(32))) => {
                let bytes = self.elem_bytes.max(1) as u128;
                if bytes == 1 {
                    Expr::var(w.clone())
                } else {
                    Expr::binary(
                        ivl::ast::BinaryOp::Mul,
                        Expr::var(w.clone()),
                        Expr::bv(bytes, 32),
                    )
                }
            }
            (Some(w), Some(Type::Bv(64))) => Expr::synthetic(ivl::ast::ExprKind::Extract {
                expr: Box::new(Expr::binary(
                    ivl::ast::BinaryOp::Mul,
                    Expr::var(w.clone()),
                    Expr::bv(self.elem_bytes.max(1) as u128, 64),
                )),
                hi: 32,
                lo: 0,
            }),
            _ => Expr::bv(0, 32),
        }
    }
}

/// The access predicates of annotations (`__read(A)`, ...): they read the
/// access logs, so with them every kind of access an array has is logged,
/// not only kinds that can race (else `__read(A)` of an array that is only
/// read would be `false` whatever the thread did).
const ACCESS_PREDICATES: [&str; 4] = [
    "__read",
    "__write",
    "__read_offset_bytes",
    "__write_offset_bytes",
];

/// Whether any statement or contract of `procs` uses an access predicate.
pub fn mentions_access_predicates(procs: &[ivl::ast::Procedure]) -> bool {
    let mut found = false;
    let mut look = |e: &ivl::ast::Expr| {
        ivl::visit::walk_expr(e, &mut |sub| {
            if let ivl::ast::ExprKind::Apply(f, _) = &sub.kind {
                found |= ACCESS_PREDICATES.contains(&f.as_str());
            }
        })
    };
    for p in procs {
        p.requires
            .iter()
            .chain(&p.ensures)
            .for_each(|s| look(&s.expr));
        if let Some(body) = &p.body {
            for s in body.blocks.iter().flat_map(|b| &b.stmts) {
                ivl::visit::stmt_exprs(s, &mut look);
            }
        }
    }
    found
}

/// Decides the ghosts of one array from the access kinds it has; with
/// `log_every_kind` (access predicates in annotations) every kind present
/// is logged, else only kinds some other present kind conflicts with.
pub fn plan(
    a: &ArrayInfo,
    kinds: &HashSet<AccessKind>,
    benign_tolerance: bool,
    log_every_kind: bool,
    used: &mut HashSet<String>,
) -> Ghosts {
    let fresh = |used: &mut HashSet<String>, g: Ghost| names::fresh(used, &g.of_array(&a.ivl_name));
    let logged = |k: AccessKind| {
        (log_every_kind || k.conflicts().iter().any(|c| kinds.contains(c))) && kinds.contains(&k)
    };
    let mut g = Ghosts {
        index_type: Some(a.index_type.clone()),
        elem_bytes: a.elem_width / 8,
        ..Ghosts::default()
    };
    if !a.is_racy_space() {
        return g;
    }
    if logged(AccessKind::Read) {
        g.read_flag = Some(fresh(used, Ghost::ReadFlag));
        g.read_site = Some(fresh(used, Ghost::ReadSite));
    }
    if logged(AccessKind::Write) {
        g.write_flag = Some(fresh(used, Ghost::WriteFlag));
        g.write_site = Some(fresh(used, Ghost::WriteSite));
        if benign_tolerance {
            g.write_value = Some(fresh(used, Ghost::WriteValue));
        }
    }
    if logged(AccessKind::Atomic) {
        g.atomic_flag = Some(fresh(used, Ghost::AtomicFlag));
        g.atomic_site = Some(fresh(used, Ghost::AtomicSite));
    }
    if g.flags().next().is_some() {
        g.watched = Some(fresh(used, Ghost::Watched));
    }
    g
}

/// One access, as both threads make it (expressions already renamed).
pub struct Access<'a> {
    pub array: &'a ArrayInfo,
    pub kind: AccessKind,
    pub offset: [Expr; 2],
    /// The written values (writes only).
    pub value: Option<[Expr; 2]>,
    pub site: u32,
    pub enabled: [Expr; 2],
    /// Attributes of the kernel statement (its `{:source}`).
    pub attrs: Vec<Attribute>,
    /// The kernel statement's span in the kernel IVL (the race check's
    /// span, so that reports on hand-written IVL can point at it).
    pub span: ivl::Span,
}

/// Context shared by every access.
pub struct RaceContext<'a> {
    pub same_group: &'a Expr,
    /// `Some` with `--warp-sync`: the two threads are in one warp.
    pub same_warp: Option<&'a Expr>,
    /// A `bool` local to havoc for the benign-value choice.
    pub choice: &'a str,
}

fn assign(pairs: Vec<(String, Expr)>) -> Stmt {
    ivl::build::assign(
        pairs
            .into_iter()
            .map(|(n, e)| (ivl::build::lhs(n), e))
            .collect(),
        Vec::new(),
    )
}

fn str_attr(name: &str, value: &str) -> Attribute {
    Attribute::new(name, vec![AttrArg::Str(value.to_string())])
}

/// Log thread 1, then check thread 2.
pub fn log_and_check(g: &Ghosts, a: &Access, cx: &RaceContext) -> Vec<Stmt> {
    let mut out = Vec::new();
    let Some(watched) = &g.watched else {
        return out;
    };
    let w = Expr::var(watched.clone());
    // Log thread 1.
    if let Some(flag) = g.flag(a.kind) {
        let hit = and(
            a.enabled[0].clone(),
            Expr::eq(a.offset[0].clone(), w.clone()),
        );
        if a.kind == AccessKind::Write {
            if let (Some(value), Some(v)) = (&g.write_value, &a.value) {
                out.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                    cx.choice,
                )])));
                let keep_new = and(
                    hit.clone(),
                    Expr::or(not(Expr::var(flag.clone())), Expr::var(cx.choice)),
                );
                out.push(assign(vec![(
                    value.clone(),
                    ite(keep_new, v[0].clone(), Expr::var(value.clone())),
                )]));
            }
        }
        let mut pairs = vec![(flag.clone(), Expr::or(Expr::var(flag.clone()), hit.clone()))];
        if let Some(site) = g.site(a.kind) {
            pairs.push((
                site.clone(),
                ite(hit, site_literal(a.site), Expr::var(site.clone())),
            ));
        }
        out.push(assign(pairs));
    }
    // Check thread 2.
    for &logged in a.kind.conflicts() {
        let Some(flag) = g.flag(logged) else { continue };
        let mut race = and(
            a.enabled[1].clone(),
            Expr::eq(a.offset[1].clone(), w.clone()),
        );
        race = and(race, Expr::var(flag.clone()));
        if a.array.space == MemorySpace::GroupShared {
            race = and(race, cx.same_group.clone());
        }
        // A reset (plain write) against an increment of a counter whose
        // slot facts are keyed by barrier epochs stays checked within a
        // warp: the `{:epoch_fact}` assumptions rest on it.
        let reset_vs_increment = a.array.atomic
            && a.array.epoch_keyed
            && matches!(
                (a.kind, logged),
                (AccessKind::Write, AccessKind::Atomic) | (AccessKind::Atomic, AccessKind::Write)
            );
        if let Some(warp) = cx.same_warp.filter(|_| !reset_vs_increment) {
            race = and(race, not(warp.clone()));
        }
        if a.kind == AccessKind::Write && logged == AccessKind::Write {
            if let (Some(value), Some(v)) = (&g.write_value, &a.value) {
                race = and(
                    race,
                    Expr::binary(
                        ivl::ast::BinaryOp::Neq,
                        Expr::var(value.clone()),
                        v[1].clone(),
                    ),
                );
            }
        }
        let kind = format!("{}-{}", logged.name(), a.kind.name());
        let mut attrs = vec![
            str_attr("race", &kind),
            str_attr("array", &a.array.ivl_name),
            Attribute::new("site", vec![AttrArg::Expr(site_literal(a.site))]),
        ];
        if let Some(site) = g.site(logged) {
            attrs.push(str_attr("logged_site", site));
            attrs.push(Attribute::new(
                "capture",
                vec![
                    AttrArg::Expr(Expr::var(site.clone())),
                    AttrArg::Expr(w.clone()),
                ],
            ));
        }
        attrs.extend(
            a.attrs
                .iter()
                .filter(|x| x.name == ivl::kernel::SOURCE_ATTR)
                .cloned(),
        );
        out.push(Stmt {
            kind: StmtKind::Assert(not(race)),
            attrs,
            span: a.span,
        });
    }
    out
}

/// The width of the access-site ghosts (`READ_SITE_A`, ...): bit-vectors,
/// so race queries stay in pure bit-vector logic.
pub const SITE_WIDTH: u32 = 32;

/// An access-site id as the site ghosts hold it.
pub fn site_literal(site: u32) -> Expr {
    Expr::bv(site as u128, SITE_WIDTH)
}
