//! Pending accesses of asynchronous copies (OpenCL `async_work_group_copy`,
//! `wait_group_events`; the frontend's `async_copy_event`/`async_wait`
//! builtins and `{:async_copy}` accesses, see `ivl::kernel`).
//!
//! A copy's reads of its source and writes of its destination happen at an
//! unknown time between the call and the wait that names its event, and
//! they are the group's, not the executing work item's. So, per race-checked
//! array `A` a copy touches, next to the plain ghosts of `race.rs`:
//! `ASYNC_READ_HAS_OCCURRED_A` / `ASYNC_WRITE_HAS_OCCURRED_A` ("a copy of
//! thread 1's group that is not yet waited for reads/writes
//! `A[WATCHED_A]`"), the event of that copy (`ASYNC_READ_EVENT_A`, ...) and
//! its access site. One pending copy is tracked per flag: when a second
//! pending copy touches the watched element, a non-deterministic choice
//! (`async$track`) keeps the old one or takes the new one, so every pending
//! copy is tracked on some path.
//!
//! - A copy access (thread 2's view of the copy, `{:async_copy}`) is checked
//!   against thread 1's plain flags (an access of any work item since the
//!   last barrier, before or after the call, is unordered with the copy) and
//!   against the pending copies (two copies overlapping before a wait), and,
//!   for a global write, against the same copy of another group; then
//!   thread 1's view is logged in the pending flags.
//! - A plain access of thread 2 is checked against the pending flags (the
//!   copy may not have happened yet: a read of the destination or a write
//!   of the source before the wait, by any work item, the copier included).
//! - `async_wait(retire, ev)` clears the pending flags whose event is `ev`
//!   (when thread 1 is enabled and, for global arrays, the threads share a
//!   group: a wait orders nothing across groups). It clears no plain flag:
//!   it is not a barrier.
//! - A barrier clears no pending flag: a copy not waited for is still
//!   running after a barrier.
//!
//! Group-shared pending flags only race within one group (`same_group`);
//! `--warp-sync` does not order a copy (the group performs it).

use crate::arrays::{ArrayInfo, MemorySpace};
use crate::error::TransformError;
use crate::names::fresh as fresh_name;
use crate::product::{assign, lhs, source_attrs, Product};
use crate::race::{site_literal, Access, AccessKind, Ghosts, RaceContext, SITE_WIDTH};
use ivl::ast::{
    has_attr, AttrArg, Attribute, Expr, ExprKind, Ident, Procedure, Stmt, StmtKind, Type,
};
use ivl::build::{and, implies, ite, not};
use ivl::kernel::ASYNC_COPY_ATTR;
use std::collections::{BTreeMap, HashSet};

/// The ghosts of the pending copies of one kind on one array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingLog {
    pub flag: String,
    pub event: String,
    pub site: String,
}

/// The pending-copy ghosts of one array (absent: no copy touches it that
/// way, or nothing conflicts with it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PendingGhosts {
    pub read: Option<PendingLog>,
    pub write: Option<PendingLog>,
    /// The product's current copy event (`async$event`, thread 1's view)
    /// and tracking choice (`async$track`), shared by every array.
    pub event_var: String,
    pub track_var: String,
}

impl PendingGhosts {
    pub fn log(&self, k: AccessKind) -> Option<&PendingLog> {
        match k {
            AccessKind::Read => self.read.as_ref(),
            AccessKind::Write => self.write.as_ref(),
            AccessKind::Atomic => None,
        }
    }

    fn logs(&self) -> impl Iterator<Item = &PendingLog> {
        [&self.read, &self.write].into_iter().flatten()
    }
}

/// The pending flags of `g` (cleared at the kernel's entry).
pub fn flags(g: &Ghosts) -> Vec<String> {
    g.pending.logs().map(|l| l.flag.clone()).collect()
}

/// The ghost variables of `g`'s pending copies, to declare.
pub fn ghost_vars(g: &Ghosts) -> Vec<(String, Type)> {
    let mut out = Vec::new();
    for l in g.pending.logs() {
        out.push((l.flag.clone(), Type::Bool));
        out.push((l.event.clone(), Type::Bv(32)));
        out.push((l.site.clone(), Type::Bv(SITE_WIDTH)));
    }
    out
}

/// The shared ghosts (`async$event`, `async$track`), once, if any array
/// has pending logs.
pub fn shared_vars(ghosts: &BTreeMap<String, Ghosts>) -> Vec<(String, Type)> {
    match ghosts.values().find(|g| g.pending.logs().next().is_some()) {
        Some(g) => vec![
            (g.pending.event_var.clone(), Type::Bv(32)),
            (g.pending.track_var.clone(), Type::Bool),
        ],
        None => Vec::new(),
    }
}

/// The arrays each kind of copy access touches in `procs`.
fn copy_accesses(
    procs: &[Procedure],
    arrays: &BTreeMap<String, ArrayInfo>,
) -> BTreeMap<String, HashSet<AccessKind>> {
    let mut out: BTreeMap<String, HashSet<AccessKind>> = BTreeMap::new();
    let racy = |n: &str| arrays.get(n).is_some_and(|a| a.is_racy_space());
    for p in procs {
        let Some(body) = &p.body else { continue };
        for s in body.blocks.iter().flat_map(|b| &b.stmts) {
            if !has_attr(&s.attrs, ASYNC_COPY_ATTR) {
                continue;
            }
            let StmtKind::Assign { lhs, rhs } = &s.kind else {
                continue;
            };
            for l in lhs
                .iter()
                .filter(|l| racy(&l.name.name) && !l.indices.is_empty())
            {
                out.entry(l.name.name.clone())
                    .or_default()
                    .insert(AccessKind::Write);
            }
            for e in rhs {
                ivl::visit::walk_expr(e, &mut |x| {
                    if let ExprKind::Select(m, _) = &x.kind {
                        if let ExprKind::Var(a) = &m.kind {
                            if racy(a) {
                                out.entry(a.clone()).or_default().insert(AccessKind::Read);
                            }
                        }
                    }
                });
            }
        }
    }
    out
}

/// Adds the pending-copy ghosts to the arrays copies touch. `kinds`: every
/// access kind of each array (copies included).
pub fn plan(
    procs: &[Procedure],
    arrays: &BTreeMap<String, ArrayInfo>,
    kinds: &BTreeMap<String, HashSet<AccessKind>>,
    ghosts: &mut BTreeMap<String, Ghosts>,
    used: &mut HashSet<String>,
) {
    let copies = copy_accesses(procs, arrays);
    if copies.is_empty() {
        return;
    }
    let event_var = fresh_name(used, "async$event");
    let track_var = fresh_name(used, "async$track");
    for (name, copy_kinds) in copies {
        let Some(g) = ghosts.get_mut(&name) else {
            continue;
        };
        if g.watched.is_none() {
            continue;
        }
        let all = kinds.get(&name).cloned().unwrap_or_default();
        let stem = name.trim_start_matches('$').to_string();
        let mut new_log = |kind: &str| PendingLog {
            // `names::PENDING_FLAG_PREFIXES`.
            flag: fresh_name(used, &format!("ASYNC_{kind}_HAS_OCCURRED_{stem}")),
            event: fresh_name(used, &format!("ASYNC_{kind}_EVENT_{stem}")),
            site: fresh_name(used, &format!("ASYNC_{kind}_SITE_{stem}")),
        };
        g.pending.event_var = event_var.clone();
        g.pending.track_var = track_var.clone();
        if copy_kinds.contains(&AccessKind::Read)
            && (all.contains(&AccessKind::Write) || all.contains(&AccessKind::Atomic))
        {
            g.pending.read = Some(new_log("READ"));
        }
        if copy_kinds.contains(&AccessKind::Write) {
            g.pending.write = Some(new_log("WRITE"));
        }
    }
}

fn race_assert(
    race: Expr,
    kind: String,
    a: &Access,
    logged_site: &str,
    watched: &Expr,
    copy: bool,
) -> Stmt {
    let mut attrs = vec![
        Attribute::new("race", vec![AttrArg::Str(kind)]),
        Attribute::new("array", vec![AttrArg::Str(a.array.ivl_name.clone())]),
        Attribute::new("site", vec![AttrArg::Expr(site_literal(a.site))]),
        Attribute::new("logged_site", vec![AttrArg::Str(logged_site.to_string())]),
        Attribute::new(
            "capture",
            vec![
                AttrArg::Expr(Expr::var(logged_site.to_string())),
                AttrArg::Expr(watched.clone()),
            ],
        ),
    ];
    if copy {
        attrs.push(Attribute::new(ASYNC_COPY_ATTR, vec![]));
    }
    attrs.extend(source_attrs(&a.attrs));
    Stmt {
        kind: StmtKind::Assert(not(race)),
        attrs,
        span: a.span,
    }
}

/// Thread 2 at the watched element, in the group the array's space needs.
fn at_watched(a: &Access, watched: &Expr, cx: &RaceContext) -> Expr {
    let mut e = and(
        a.enabled[1].clone(),
        Expr::eq(a.offset[1].clone(), watched.clone()),
    );
    if a.array.space == MemorySpace::GroupShared {
        e = and(e, cx.same_group.clone());
    }
    e
}

/// The checks of a plain access (thread 2) against the pending copies.
pub fn plain_checks(g: &Ghosts, a: &Access, cx: &RaceContext) -> Vec<Stmt> {
    let Some(w) = &g.watched else {
        return Vec::new();
    };
    let w = Expr::var(w.clone());
    let mut out = Vec::new();
    for &logged in a.kind.conflicts() {
        let Some(log) = g.pending.log(logged) else {
            continue;
        };
        let race = and(at_watched(a, &w, cx), Expr::var(log.flag.clone()));
        let kind = format!("{}-{}", logged.name(), a.kind.name());
        out.push(race_assert(race, kind, a, &log.site, &w, false));
    }
    out
}

/// A copy access: checked (thread 2's view) against thread 1's plain
/// accesses and the pending copies, then logged (thread 1's view).
pub fn copy_access(g: &Ghosts, a: &Access, cx: &RaceContext) -> Vec<Stmt> {
    let Some(w) = &g.watched else {
        return Vec::new();
    };
    let w = Expr::var(w.clone());
    let mut out = Vec::new();
    for &logged in a.kind.conflicts() {
        let kind = format!("{}-{}", logged.name(), a.kind.name());
        if let (Some(flag), Some(site)) = (g.flag(logged), g.site(logged)) {
            let race = and(at_watched(a, &w, cx), Expr::var(flag.clone()));
            out.push(race_assert(race, kind.clone(), a, site, &w, true));
        }
        if let Some(log) = g.pending.log(logged) {
            let race = and(at_watched(a, &w, cx), Expr::var(log.flag.clone()));
            out.push(race_assert(race, kind, a, &log.site, &w, true));
        }
    }
    if a.kind == AccessKind::Write && a.array.space == MemorySpace::Global {
        // The same copy, made by another group, writing the same element.
        if let Some(log) = g.pending.log(AccessKind::Write) {
            let race = and(
                and(
                    not(cx.same_group.clone()),
                    and(a.enabled[0].clone(), a.enabled[1].clone()),
                ),
                and(
                    Expr::eq(a.offset[0].clone(), w.clone()),
                    Expr::eq(a.offset[1].clone(), w.clone()),
                ),
            );
            out.push(race_assert(
                race,
                "write-write".into(),
                a,
                &log.site,
                &w,
                true,
            ));
        }
    }
    if let Some(log) = g.pending.log(a.kind) {
        let hit = and(
            a.enabled[0].clone(),
            Expr::eq(a.offset[0].clone(), w.clone()),
        );
        let flag = Expr::var(log.flag.clone());
        let track = Expr::var(g.pending.track_var.clone());
        out.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
            g.pending.track_var.clone(),
        )])));
        let take = and(hit.clone(), Expr::or(not(flag.clone()), track));
        out.push(assign(
            vec![
                (lhs(log.flag.clone()), Expr::or(flag, hit)),
                (
                    lhs(log.event.clone()),
                    ite(
                        take.clone(),
                        Expr::var(g.pending.event_var.clone()),
                        Expr::var(log.event.clone()),
                    ),
                ),
                (
                    lhs(log.site.clone()),
                    ite(take, site_literal(a.site), Expr::var(log.site.clone())),
                ),
            ],
            vec![],
        ));
    }
    out
}

impl Product<'_> {
    /// `call async_copy_event(ev)`: thread 1's event of the copy whose
    /// accesses follow.
    pub(crate) fn emit_async_event(
        &mut self,
        args: &[Expr],
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let Some(vars) = shared_vars(self.ghosts).first().cloned() else {
            return Ok(());
        };
        let ev = self.renamer().expr(&args[0], 1, &en[0])?;
        self.push(assign(vec![(lhs(vars.0), ev)], vec![]));
        Ok(())
    }

    /// `call async_wait(retire, ev)`: the pending copies of thread 1's
    /// group with event `ev` are complete.
    pub(crate) fn emit_async_wait(
        &mut self,
        s: &Stmt,
        args: &[Expr],
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let r = self.renamer();
        let retire = r.expr(&args[0], 1, &en[0])?;
        let ev = r.expr(&args[1], 1, &en[0])?;
        let mut pairs = Vec::new();
        for (name, g) in self.ghosts {
            let scope = match self.arrays[name].space {
                MemorySpace::GroupShared => implies(self.same_group.clone(), en[0].clone()),
                _ => and(self.same_group.clone(), en[0].clone()),
            };
            for log in g.pending.logs() {
                let done = and(
                    and(scope.clone(), retire.clone()),
                    Expr::eq(Expr::var(log.event.clone()), ev.clone()),
                );
                let flag = Expr::var(log.flag.clone());
                pairs.push((lhs(log.flag.clone()), and(flag, not(done))));
            }
        }
        if !pairs.is_empty() {
            let mut attrs = vec![Attribute::new("async_wait", vec![])];
            attrs.extend(source_attrs(&s.attrs));
            self.push(assign(pairs, attrs));
        }
        Ok(())
    }
}
