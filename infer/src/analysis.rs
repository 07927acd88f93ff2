//! Syntactic facts about the loops of a two-thread procedure, shared by the
//! candidate rules.
//!
//! Consumes a procedure body; produces one [`LoopInfo`] per natural loop:
//! its header, the variables it modifies, the right-hand sides of their
//! assignments inside and outside the loop, the Boolean guards computed in
//! the header, and the race-logging sites (`F := F || ... off == WATCHED_A`)
//! of the whole procedure. [`LoopInfo::resolve`] rewrites an expression over
//! loop-modified temporaries into one over their definitions (following
//! single assignments, looking through casts and `if p then e else x`
//! predication), which is how rules see through copies of the thread id
//! into locals. Everything here is a heuristic: a wrong fact only yields a
//! candidate Houdini refutes, never an unsound proof.

use ivl::ast::{BinaryOp, Body, Expr, ExprKind, StmtKind};
use ivl::cfg::{modified_variables, Cfg};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use transform::names::Ghost;

/// Whether `name` is a race-logging ghost flag the transform declares
/// (the barrier-cleared access flags and the pending-copy flags).
pub fn is_flag(name: &str) -> bool {
    transform::names::is_flag(name) || transform::names::is_pending_flag(name)
}

/// One `F := F || (p &&) off == WATCHED_A` logging assignment.
#[derive(Clone, Debug)]
pub struct LogSite {
    pub flag: String,
    pub watched: String,
    /// The offset thread 1 logs, as written at the site.
    pub offset: Expr,
    /// Whether the site is inside the loop the [`LoopInfo`] describes.
    pub in_loop: bool,
}

#[derive(Clone, Debug)]
pub struct LoopInfo {
    pub header: String,
    pub modified: BTreeSet<String>,
    /// Right-hand sides assigned to each variable inside the loop.
    pub defs: HashMap<String, Vec<Expr>>,
    /// Right-hand sides assigned to each variable anywhere in the body,
    /// with their block (shared by every loop of the body).
    all: Arc<HashMap<String, Vec<(usize, Expr)>>>,
    /// The blocks of the loop (by index).
    inside: BTreeSet<usize>,
    /// Boolean expressions computed in the header (the loop guard).
    pub guards: Vec<Expr>,
    /// Conditions assumed on leaving the loop from a block other than the
    /// header (a `break`: `if (i == n - 1) break;` assumes `cmp` there).
    pub break_conds: Vec<Expr>,
    pub logs: Vec<LogSite>,
}

/// The loops of `body`, outermost first; none if the graph is malformed.
pub fn loops(body: &Body) -> Vec<LoopInfo> {
    let Ok(cfg) = Cfg::new(body) else {
        return Vec::new();
    };
    let forest = cfg.loops();
    // Every whole-variable assignment of the body and every logging site,
    // collected once and shared by the loops (each loop used to copy the
    // whole body's right-hand sides: quadratic on long kernels).
    let mut all: HashMap<String, Vec<(usize, Expr)>> = HashMap::new();
    let mut all_logs: Vec<(usize, LogSite)> = Vec::new();
    for (i, block) in body.blocks.iter().enumerate() {
        for stmt in &block.stmts {
            let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
                continue;
            };
            for (l, r) in lhs.iter().zip(rhs) {
                if !l.indices.is_empty() {
                    continue;
                }
                let name = &l.name.name;
                all.entry(name.clone()).or_default().push((i, r.clone()));
                if is_flag(name) {
                    if let Some((watched, offset)) = log_pattern(name, r) {
                        let site = LogSite {
                            flag: name.clone(),
                            watched,
                            offset,
                            in_loop: false,
                        };
                        all_logs.push((i, site));
                    }
                }
            }
        }
    }
    let all = Arc::new(all);
    let mut out = Vec::new();
    for l in forest.ids() {
        let blocks = forest.body(l);
        let inside: BTreeSet<usize> = blocks.iter().map(|b| b.index()).collect();
        let header = forest.header(l);
        let mut defs: HashMap<String, Vec<Expr>> = HashMap::new();
        for &i in &inside {
            for stmt in &body.blocks[i].stmts {
                let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
                    continue;
                };
                for (l, r) in lhs.iter().zip(rhs) {
                    if l.indices.is_empty() {
                        defs.entry(l.name.name.clone()).or_default().push(r.clone());
                    }
                }
            }
        }
        let logs = all_logs
            .iter()
            .map(|(i, site)| LogSite {
                in_loop: inside.contains(i),
                ..site.clone()
            })
            .collect();
        let mut guards = Vec::new();
        // The header, and for predicated loops (`H: goto H$body, H$exit;`)
        // the blocks it branches to inside the loop.
        let mut guard_blocks = vec![header.index()];
        guard_blocks.extend(
            cfg.succs(header)
                .iter()
                .map(|b| b.index())
                .filter(|b| inside.contains(b)),
        );
        for stmt in guard_blocks.iter().flat_map(|&b| &body.blocks[b].stmts) {
            if let StmtKind::Assign { lhs, rhs } = &stmt.kind {
                // Predicated loops compute `c := if p then cmp else c`.
                for (l, r) in lhs.iter().zip(rhs) {
                    let r = unpredicate(&l.name.name, r);
                    if is_comparison(r) && !guards.contains(r) {
                        guards.push(r.clone());
                    }
                }
            }
        }
        // `while (c)` written in IVL: the branch into the body assumes the
        // comparison itself.
        for &succ in cfg.succs(header) {
            if !inside.contains(&succ.index()) {
                continue;
            }
            for stmt in &body.blocks[succ.index()].stmts {
                let StmtKind::Assume(e) = &stmt.kind else {
                    break;
                };
                if is_comparison(e) && !guards.contains(e) {
                    guards.push(e.clone());
                }
            }
        }
        let mut break_conds = Vec::new();
        for &b in inside.iter().filter(|&&b| b != header.index()) {
            for &succ in cfg.succs(ivl::cfg::BlockId(b as u32)) {
                if inside.contains(&succ.index()) {
                    continue;
                }
                for stmt in &body.blocks[succ.index()].stmts {
                    let StmtKind::Assume(e) = &stmt.kind else {
                        break;
                    };
                    if !break_conds.contains(e) {
                        break_conds.push(e.clone());
                    }
                }
            }
        }
        out.push(LoopInfo {
            header: cfg.label(header).to_string(),
            modified: modified_variables(body, blocks.iter().copied()),
            defs,
            all: all.clone(),
            inside,
            guards,
            break_conds,
            logs,
        });
    }
    out
}

fn is_comparison(e: &Expr) -> bool {
    use BinaryOp::*;
    matches!(
        &e.kind,
        ExprKind::Binary(
            BvULt | BvULe | BvUGt | BvUGe | BvSLt | BvSLe | BvSGt | BvSGe | Neq | Eq,
            _,
            _
        )
    )
}

/// `F || c` where `c` contains `off == WATCHED_A` (conjoined with guards).
pub fn log_pattern(flag: &str, rhs: &Expr) -> Option<(String, Expr)> {
    let ExprKind::Binary(BinaryOp::Or, a, b) = &rhs.kind else {
        return None;
    };
    if !matches!(&a.kind, ExprKind::Var(v) if v == flag) {
        return None;
    }
    find_watched_eq(b)
}

fn find_watched_eq(e: &Expr) -> Option<(String, Expr)> {
    match &e.kind {
        ExprKind::Binary(BinaryOp::And, a, b) => find_watched_eq(a).or_else(|| find_watched_eq(b)),
        ExprKind::Binary(BinaryOp::Eq, a, b) => match (&a.kind, &b.kind) {
            (_, ExprKind::Var(w)) if Ghost::Watched.matches(w) => Some((w.clone(), (**a).clone())),
            (ExprKind::Var(w), _) if Ghost::Watched.matches(w) => Some((w.clone(), (**b).clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The variables an expression mentions.
pub fn vars(e: &Expr, out: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Var(v) => {
            out.insert(v.clone());
        }
        ExprKind::Bool(_) | ExprKind::Int(_) | ExprKind::Bv { .. } => {}
        ExprKind::Old(x) | ExprKind::Unary(_, x) => vars(x, out),
        ExprKind::Extract { expr, .. } | ExprKind::Extend { expr, .. } => vars(expr, out),
        ExprKind::Binary(_, a, b) | ExprKind::Select(a, b) => {
            vars(a, out);
            vars(b, out);
        }
        ExprKind::Ite(a, b, c) | ExprKind::Store(a, b, c) => {
            vars(a, out);
            vars(b, out);
            vars(c, out);
        }
        ExprKind::Apply(_, args) => args.iter().for_each(|a| vars(a, out)),
        ExprKind::Quantifier { body, .. } => vars(body, out),
    }
}

/// `if p then e else x` assigned to `x`: the predicated value `e`.
pub fn unpredicate<'e>(name: &str, e: &'e Expr) -> &'e Expr {
    match &e.kind {
        ExprKind::Ite(_, t, f) if matches!(&f.kind, ExprKind::Var(v) if v == name) => t,
        _ => e,
    }
}

impl LoopInfo {
    /// Whether `e` only mentions variables the loop does not modify.
    /// Whether `inner` is a loop nested in this one.
    pub fn contains_loop(&self, inner: &LoopInfo) -> bool {
        self.header != inner.header && inner.inside.is_subset(&self.inside)
    }

    pub fn invariant(&self, e: &Expr) -> bool {
        let mut vs = BTreeSet::new();
        vars(e, &mut vs);
        vs.iter().all(|v| !self.modified.contains(v))
    }

    /// The single definition of `name` inside the loop (predication removed).
    pub fn def(&self, name: &str) -> Option<&Expr> {
        match self.defs.get(name).map(Vec::as_slice) {
            Some([e]) => Some(unpredicate(name, e)),
            _ => None,
        }
    }

    /// Every variable assigned outside the loop, with those right-hand
    /// sides (predication kept), read from the body's shared table.
    pub fn outside(&self) -> impl Iterator<Item = (&String, Vec<&Expr>)> + '_ {
        self.outside_where(|_| true)
    }

    /// [`Self::outside`] for the names `keep` accepts, tested before any
    /// right-hand side is collected (the body's table holds every local of
    /// a long kernel; a rule asking per loop wants few of them).
    pub fn outside_where<'a>(
        &'a self,
        keep: impl Fn(&str) -> bool + 'a,
    ) -> impl Iterator<Item = (&'a String, Vec<&'a Expr>)> + 'a {
        self.all
            .iter()
            .filter(move |(name, _)| keep(name))
            .filter_map(move |(name, defs)| {
                let outside: Vec<&Expr> = defs
                    .iter()
                    .filter(|(b, _)| !self.inside.contains(b))
                    .map(|(_, e)| e)
                    .collect();
                (!outside.is_empty()).then_some((name, outside))
            })
    }

    /// The right-hand sides assigned to `name` outside the loop
    /// (predication kept); empty when none. One map lookup, so callers
    /// asking about one name do not scan every variable of the body
    /// (`outside` does).
    pub fn outside_of(&self, name: &str) -> Vec<&Expr> {
        self.all.get(name).map_or_else(Vec::new, |defs| {
            defs.iter()
                .filter(|(b, _)| !self.inside.contains(b))
                .map(|(_, e)| e)
                .collect()
        })
    }

    /// The single definition of `name` outside the loop.
    pub fn init(&self, name: &str) -> Option<&Expr> {
        let mut outside = self
            .all
            .get(name)?
            .iter()
            .filter(|(b, _)| !self.inside.contains(b));
        match (outside.next(), outside.next()) {
            (Some((_, e)), None) => Some(unpredicate(name, e)),
            _ => None,
        }
    }

    /// `e` with loop-modified temporaries replaced by their single
    /// definitions, except the names in `keep` (the loop counters).
    pub fn resolve(&self, e: &Expr, keep: &BTreeSet<String>) -> Expr {
        self.resolve_depth(e, keep, 12)
    }

    fn resolve_depth(&self, e: &Expr, keep: &BTreeSet<String>, depth: u32) -> Expr {
        if depth == 0 {
            return e.clone();
        }
        ivl::subst::rewrite(
            e,
            &|name, _old| {
                if keep.contains(name) || !self.modified.contains(name) {
                    return None;
                }
                let d = self.def(name)?;
                let mut vs = BTreeSet::new();
                vars(d, &mut vs);
                if vs.contains(name) {
                    return None;
                }
                Some(self.resolve_depth(d, keep, depth - 1))
            },
            false,
        )
    }

    /// Loop counters: modified variables whose single in-loop definition
    /// refers to themselves (`i := i + 1` after resolution), with that
    /// update (resolved, keeping the counter) and their initial value.
    pub fn counters(&self) -> Vec<Counter> {
        let mut out = Vec::new();
        for name in &self.modified {
            if is_flag(name) {
                continue;
            }
            let Some(d) = self.def(name) else { continue };
            let keep: BTreeSet<String> = [name.clone()].into();
            let update = self.resolve(d, &keep);
            let mut vs = BTreeSet::new();
            vars(&update, &mut vs);
            if !vs.contains(name) {
                continue;
            }
            out.push(Counter {
                name: name.clone(),
                update,
                init: self.init(name).cloned(),
            });
        }
        out
    }
}

#[derive(Clone, Debug)]
pub struct Counter {
    pub name: String,
    /// The value assigned at each iteration, in terms of the counter.
    pub update: Expr,
    /// The value before the loop, if assigned exactly once outside it.
    pub init: Option<Expr>,
}

/// Strips zero/sign extensions and extractions (casts between widths).
pub fn uncast(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Extend { expr, .. } | ExprKind::Extract { expr, lo: 0, .. } => uncast(expr),
        _ => e,
    }
}

/// `v op c` or `c op v` (for commutative `op`) with `v` the named variable:
/// the other operand.
pub fn operand_with<'e>(e: &'e Expr, op: BinaryOp, var: &str) -> Option<&'e Expr> {
    let ExprKind::Binary(o, a, b) = &uncast(e).kind else {
        return None;
    };
    if *o != op {
        return None;
    }
    let is_var = |x: &Expr| matches!(&uncast(x).kind, ExprKind::Var(v) if v == var);
    if is_var(a) {
        Some(b)
    } else if is_var(b) && matches!(op, BinaryOp::Add | BinaryOp::Mul) {
        Some(a)
    } else {
        None
    }
}
