//! The candidate rules. Each rule is a module with a tag (`--omit-infer`
//! switches it off), a doc comment naming the pattern it recognises and an
//! example kernel of the corpus that needs it.
//!
//! A rule sees one loop at a time through [`crate::analysis::LoopInfo`] and
//! a [`Context`] (types, the thread-pair names, the same-group condition);
//! it proposes expressions, never proves anything: Houdini keeps only the
//! inductive ones. Rules recognise patterns up to commutativity, copies of
//! the id into locals (via `LoopInfo::resolve`) and casts between widths.

pub mod access_2d;
pub mod access_at;
pub mod access_chunk;
pub mod access_flags;
pub mod access_group;
pub mod access_own_chunk;
pub mod access_running;
pub mod access_site;
pub mod access_slot;
pub mod access_stride;
pub mod async_events;
pub mod break_bound;
pub mod contracts;
pub mod down_stride;
pub mod halving_guard;
pub mod inner_access;
pub mod linear;
pub mod loop_bound;
pub mod outer_access;
pub mod pointer_set;
pub mod pow2;
pub mod predicates;
pub mod running_group;
pub mod stride_bound;
pub mod thread_eq;
pub mod warp_chunk;
pub mod while_running;

use crate::analysis::LoopInfo;
use crate::candidate::Candidate;
use ivl::ast::{BinaryOp, Expr, ExprKind, Procedure, Program, StmtKind, Type};
use ivl::typeck::Scope;
use std::collections::{BTreeSet, HashMap, HashSet};
use transform::names;

/// What every rule may look at besides the loop.
pub struct Context<'p> {
    pub scope: Scope<'p>,
    pub proc: &'p Procedure,
    /// `group_id_x$1 == group_id_x$2 && ...` when the program has group ids.
    pub same_group: Option<Expr>,
    /// The pair is in one warp (when the procedure has warp barriers).
    pub same_warp: Option<Expr>,
    /// The warp size (when the procedure has warp barriers).
    pub warp_size: Option<u32>,
    pub program: &'p Program,
    /// Constants the entry block fixes to literals.
    pub fixed: HashMap<String, Expr>,
    /// The procedure's locals by name (rules ask per modified variable).
    pub locals: HashSet<&'p str>,
    /// Every loop of the procedure ([`crate::analysis::loops`]), computed
    /// once: rules that look at the other loops read them here (computing
    /// them per loop was quadratic in the loops on long kernels).
    pub loops: Vec<LoopInfo>,
}

impl Context<'_> {
    /// `e` with launch constants and constant locals folded (see [`fold`]).
    pub fn fold(&self, l: &LoopInfo, e: &Expr) -> Expr {
        crate::arith::fold_literals(&fold(self.program, l, &self.fixed, e, 8))
    }

    pub fn width(&self, name: &str) -> Option<u32> {
        self.scope.var_type(name).and_then(Type::bv_width)
    }

    pub fn is_bool(&self, name: &str) -> bool {
        self.scope.var_type(name) == Some(&Type::Bool)
    }

    pub fn is_local(&self, name: &str) -> bool {
        self.locals.contains(name)
    }
}

/// A rule: its tag and its generator.
pub struct Rule {
    pub tags: &'static [&'static str],
    pub generate: fn(&Context, &LoopInfo, &mut Vec<Candidate>),
}

/// Every rule, in the order candidates are generated.
pub const RULES: &[Rule] = &[
    access_flags::RULE,
    access_at::RULE,
    access_stride::RULE,
    down_stride::RULE,
    access_group::RULE,
    access_2d::RULE,
    access_chunk::RULE,
    access_site::RULE,
    access_slot::RULE,
    access_own_chunk::RULE,
    warp_chunk::RULE,
    access_running::RULE,
    loop_bound::RULE,
    break_bound::RULE,
    stride_bound::RULE,
    linear::RULE,
    pow2::RULE,
    halving_guard::RULE,
    pointer_set::RULE,
    thread_eq::RULE,
    predicates::RULE,
    async_events::RULE,
];

/// Every tag a rule may give its candidates.
pub fn all_tags() -> Vec<&'static str> {
    RULES
        .iter()
        .flat_map(|r| r.tags.iter().copied())
        .chain(contracts::TAGS.iter().copied())
        .chain(std::iter::once(while_running::TAG))
        .chain(std::iter::once(outer_access::TAG))
        .chain(std::iter::once(outer_access::INIT_TAG))
        .chain(std::iter::once(inner_access::TAG))
        .chain(std::iter::once(running_group::TAG))
        .collect()
}

fn same_group(program: &Program) -> Option<Expr> {
    let mut conj: Option<Expr> = None;
    for d in names::DIMS {
        let [a, b] = names::pair(&names::group_id(d));
        if program.constants().any(|c| c.name.name == a) {
            let eq = Expr::eq(Expr::var(a), Expr::var(b));
            conj = Some(match conj {
                None => eq,
                Some(c) => Expr::and(c, eq),
            });
        }
    }
    conj
}

/// The candidates of every loop of `procedure`, from every rule whose tags
/// are not all in `omit` (candidates with an omitted tag are dropped).
pub fn generate(program: &Program, procedure: &str, omit: &[String]) -> Vec<Candidate> {
    let Some(proc) = program.procedure(procedure) else {
        return Vec::new();
    };
    let Some(body) = &proc.body else {
        return Vec::new();
    };
    let ctx = Context {
        scope: Scope::procedure(program, proc),
        proc,
        same_group: same_group(program),
        warp_size: transform::warp::warp_size_of(body),
        same_warp: transform::warp::warp_size_of(body).and_then(|n| {
            let g = same_group(program)?;
            Some(transform::warp::same_warp(g, n))
        }),
        program,
        fixed: launch_constants(program, body),
        locals: body.locals.iter().map(|v| v.name.name.as_str()).collect(),
        loops: crate::analysis::loops(body),
    };
    let mut out = Vec::new();
    for l in &ctx.loops {
        let start = out.len();
        for rule in RULES {
            if rule.tags.iter().all(|t| omit.iter().any(|o| o == t)) {
                continue;
            }
            (rule.generate)(&ctx, l, &mut out);
        }
        if !omit.iter().any(|o| o == while_running::TAG) {
            let guarded = while_running::guarded(&ctx, l, &out[start..]);
            out.extend(guarded);
        }
        for c in &mut out[start..] {
            c.expr = ctx.fold(l, &c.expr);
        }
    }
    let loops = &ctx.loops;
    let omitted = |tag: &str| omit.iter().any(|o| o == tag);
    if !omitted(running_group::TAG) {
        out.extend(running_group::generate(&ctx, loops));
    }
    if !(omitted(outer_access::TAG) && omitted(outer_access::INIT_TAG)) {
        let hoisted = outer_access::hoist(loops, &out);
        out.extend(hoisted);
    }
    if !omitted(inner_access::TAG) {
        let pushed = inner_access::push_down(loops, &out);
        out.extend(pushed);
    }
    out.retain(|c| !omit.iter().any(|o| o == c.tag));
    out
}

/// Constants the entry block fixes (`assume local_size_x == 32bv32;`).
pub fn launch_constants(program: &Program, body: &ivl::ast::Body) -> HashMap<String, Expr> {
    let mut out = HashMap::new();
    let Some(entry) = body.blocks.first() else {
        return out;
    };
    for stmt in &entry.stmts {
        let StmtKind::Assume(e) = &stmt.kind else {
            continue;
        };
        if let ExprKind::Binary(BinaryOp::Eq, a, b) = &e.kind {
            if let (ExprKind::Var(v), ExprKind::Bv { .. }) = (&a.kind, &b.kind) {
                if program.constants().any(|c| &c.name.name == v) {
                    out.insert(v.clone(), (**b).clone());
                }
            }
        }
    }
    out
}

/// Replaces launch constants by their values and locals defined once
/// outside the loop from constants only by their definitions, so that
/// strides like `get_global_size(0)` become literals the solver folds
/// (`x % 256` is far cheaper than `x % (local_size_x * num_groups_x)`).
fn fold(
    program: &Program,
    l: &LoopInfo,
    fixed: &HashMap<String, Expr>,
    e: &Expr,
    depth: u32,
) -> Expr {
    ivl::subst::rewrite(
        e,
        &|name, _| {
            if let Some(v) = fixed.get(name) {
                return Some(v.clone());
            }
            if depth == 0 || l.modified.contains(name) {
                return None;
            }
            let def = fold(program, l, fixed, l.init(name)?, depth - 1);
            let mut vs = BTreeSet::new();
            crate::analysis::vars(&def, &mut vs);
            let is_constant = |v: &str| program.constants().any(|c| c.name.name == v);
            let constant = vs.iter().all(|v| {
                fixed.contains_key(v)
                    || (is_constant(v) && names::thread_copy(v, is_constant).is_none())
            });
            constant.then_some(def)
        },
        false,
    )
}

/// A candidate of `l` tagged `tag`.
pub fn candidate(tag: &'static str, l: &LoopInfo, expr: Expr) -> Candidate {
    Candidate {
        tag,
        header: l.header.clone(),
        expr,
    }
}

pub fn bin(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::binary(op, a, b)
}

pub use ivl::build::not;
