//! Tag `contract`: candidate pre- and postconditions of the two-thread
//! device procedures that `--no-inline` keeps (transform/src/modular.rs).
//!
//! Pattern: a procedure the kernel calls (never the kernel itself, whose
//! preconditions no caller checks). Candidates, each proposed both as a
//! `requires` (assumed in the callee, checked at every call site) and as
//! an `ensures` (checked in the callee, assumed after every call):
//!
//! - access log of every array `A` the procedure logs: `!F_A`,
//!   `F_A ==> WATCHED_A == off` for each logged offset `off` written over
//!   the parameters (locals assigned once are followed to their
//!   definitions), and `F_A ==> WATCHED_A == id$1` for the thread ids
//!   (local id, global id);
//! - preconditions only (in-parameters are read-only, so as postconditions
//!   they would repeat the precondition): per-thread parameters `x$1`,
//!   `x$2`: `x$1 == x$2` and `x$k == id$k` (under the entry predicate
//!   `_P$k` when the procedure is predicated), `x$k == 0`; uniform
//!   bit-vector parameters: `x == 0` (a pointer offset); predicated
//!   definitions `x := if p then e else x` are read as `e`;
//! - results (postconditions only): `r$1 == r$2`, the same under equal
//!   arguments, `r$k == x$k` for a parameter of the same type.
//!
//! Example: `tests/kernels/opencl/no_inline_infer_contract.cl` — `store(a,
//! gid, v)` called twice: `i$k == gid$k`, `p == 0` and
//! `WRITE_HAS_OCCURRED_a ==> WATCHED_a == p + i$1` as pre- and
//! postcondition prove both calls race-free with no annotation.
//!
//! The candidates of every procedure of a kernel are solved together by
//! [`crate::verify_procedures`]: a precondition refuted at one call site is
//! switched off everywhere, so the callee never assumes it.

use crate::analysis::{is_flag, log_pattern, unpredicate, vars};
use crate::candidate::{Candidate, ENSURES, REQUIRES};
use ivl::ast::{Expr, Procedure, Program, StmtKind, Type};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use transform::names;

pub const TAGS: &[&str] = &["contract"];

/// The thread ids of thread `k` the program has: local id and global id
/// (x dimension first, then y).
fn ids(program: &Program, k: u32) -> Vec<Expr> {
    let has = |n: &str| program.constants().any(|c| c.name.name == n);
    let mut out = Vec::new();
    let k = k as names::Thread;
    for d in ["x", "y"] {
        let lid = names::of_thread(&names::local_id(d), k);
        if !has(&lid) || (d == "y" && one_dimensional(program)) {
            continue;
        }
        out.push(Expr::var(lid.clone()));
        let (gid, size, offset) = (
            names::of_thread(&names::group_id(d), k),
            names::local_size(d),
            names::global_offset(d),
        );
        if has(&gid) && has(&size) {
            let mut g = Expr::binary(
                ivl::ast::BinaryOp::Add,
                Expr::binary(ivl::ast::BinaryOp::Mul, Expr::var(gid), Expr::var(size)),
                Expr::var(lid),
            );
            if has(&offset) {
                g = Expr::binary(ivl::ast::BinaryOp::Add, g, Expr::var(offset));
            }
            out.push(g);
        }
    }
    out
}

/// Whether a `requires {:launch} local_size_y == 1` and `num_groups_y == 1`
/// make the launch one-dimensional (no candidate over y ids then).
fn one_dimensional(program: &Program) -> bool {
    let fixed_one = |name: &str| {
        program.procedures().any(|p| {
            p.requires
                .iter()
                .any(|r| r.expr == Expr::eq(Expr::var(name.to_string()), Expr::bv(1, 32)))
        })
    };
    fixed_one(&names::local_size("y")) && fixed_one(&names::num_groups("y"))
}

/// Locals assigned exactly once in the body, with their right-hand side.
fn single_defs(proc: &Procedure) -> HashMap<String, Expr> {
    let mut defs: HashMap<String, Vec<Expr>> = HashMap::new();
    let Some(body) = &proc.body else {
        return HashMap::new();
    };
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        match &stmt.kind {
            StmtKind::Assign { lhs, rhs } => {
                for (l, r) in lhs.iter().zip(rhs) {
                    defs.entry(l.name.name.clone())
                        .or_default()
                        .push(if l.indices.is_empty() {
                            // Predicated `x := if p then e else x`: `e`.
                            unpredicate(&l.name.name, r).clone()
                        } else {
                            Expr::var(l.name.name.clone())
                        });
                }
            }
            StmtKind::Havoc(vs) => {
                for v in vs {
                    defs.entry(v.name.clone())
                        .or_default()
                        .push(Expr::var(v.name.clone()));
                    defs.entry(v.name.clone())
                        .or_default()
                        .push(Expr::var(v.name.clone()));
                }
            }
            StmtKind::Call { rets, .. } => {
                for v in rets {
                    defs.entry(v.name.clone())
                        .or_default()
                        .push(Expr::var(v.name.clone()));
                    defs.entry(v.name.clone())
                        .or_default()
                        .push(Expr::var(v.name.clone()));
                }
            }
            _ => {}
        }
    }
    let locals: BTreeSet<&str> = body.locals.iter().map(|v| v.name.name.as_str()).collect();
    defs.into_iter()
        .filter(|(n, d)| d.len() == 1 && locals.contains(n.as_str()))
        .map(|(n, mut d)| (n, d.remove(0)))
        .collect()
}

/// The right-hand side of the one assignment to the result `r`, predication
/// removed (results are not locals, so [`single_defs`] leaves them out).
fn result_def(proc: &Procedure, r: &str) -> Option<Expr> {
    let body = proc.body.as_ref()?;
    let mut found = None;
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        match &stmt.kind {
            StmtKind::Assign { lhs, rhs } => {
                for (l, e) in lhs.iter().zip(rhs) {
                    if l.name.name == r {
                        if found.is_some() || !l.indices.is_empty() {
                            return None;
                        }
                        // `r := if p then e else r` (a predicated
                        // procedure) reads as `e`; candidates over it are
                        // guarded by the entry predicate.
                        found = Some(unpredicate(r, e).clone());
                    }
                }
            }
            StmtKind::Havoc(vs) if vs.iter().any(|v| v.name == r) => return None,
            StmtKind::Call { rets, .. } if rets.iter().any(|v| v.name == r) => return None,
            _ => {}
        }
    }
    found
}

/// Whether `e` multiplies two non-literal values: such candidates (a
/// result `block * size`) cost z3 a multiplier per thread and timed out
/// (`tests/kernels/cuda/struct_by_value.cu` with `--no-inline`).
fn nonlinear(e: &Expr) -> bool {
    use ivl::ast::{BinaryOp, ExprKind};
    let lit = |x: &Expr| matches!(crate::analysis::uncast(x).kind, ExprKind::Bv { .. });
    match &e.kind {
        ExprKind::Binary(op, a, b) => {
            (matches!(
                op,
                BinaryOp::Mul
                    | BinaryOp::BvUDiv
                    | BinaryOp::BvSDiv
                    | BinaryOp::BvURem
                    | BinaryOp::BvSRem
            ) && !lit(a)
                && !lit(b))
                || nonlinear(a)
                || nonlinear(b)
        }
        ExprKind::Unary(_, a) => nonlinear(a),
        ExprKind::Extend { expr, .. } | ExprKind::Extract { expr, .. } => nonlinear(expr),
        ExprKind::Ite(a, b, c) => nonlinear(a) || nonlinear(b) || nonlinear(c),
        _ => false,
    }
}

/// The distinct bit-vector literals (at most four) passed for parameter
/// `param` of `callee` by the program's calls.
fn call_literals(program: &Program, callee: &str, param: &str) -> Vec<Expr> {
    let Some(index) = program
        .procedure(callee)
        .and_then(|p| p.params.iter().position(|x| x.name.name == param))
    else {
        return Vec::new();
    };
    let mut out: Vec<Expr> = Vec::new();
    for p in program.procedures() {
        let Some(body) = &p.body else { continue };
        for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
            let StmtKind::Call {
                callee: c, args, ..
            } = &stmt.kind
            else {
                continue;
            };
            if c.name != callee {
                continue;
            }
            if let Some(a) = args.get(index) {
                if matches!(a.kind, ivl::ast::ExprKind::Bv { .. }) && !out.contains(a) {
                    out.push(a.clone());
                }
            }
        }
    }
    out.truncate(4);
    out
}

/// `c` of a barrier's flag update `F := F && !c`.
fn barrier_cleared_when<'e>(flag: &str, rhs: &'e Expr) -> Option<&'e Expr> {
    use ivl::ast::{BinaryOp, ExprKind, UnaryOp};
    let ExprKind::Binary(BinaryOp::And, a, b) = &rhs.kind else {
        return None;
    };
    let ExprKind::Unary(UnaryOp::Not, c) = &b.kind else {
        return None;
    };
    (**a == Expr::var(flag.to_string())).then_some(&**c)
}

fn resolve(e: &Expr, defs: &HashMap<String, Expr>, depth: u32) -> Expr {
    ivl::subst::rewrite(
        e,
        &|name, _| {
            if depth == 0 {
                return None;
            }
            defs.get(name).map(|d| resolve(d, defs, depth - 1))
        },
        false,
    )
}

/// The contract candidates of `proc` (a callee two-thread procedure).
pub fn generate(program: &Program, proc: &Procedure) -> Vec<Candidate> {
    let mut out = Vec::new();
    let Some(body) = &proc.body else {
        return out;
    };
    let fixed = fixed_launch_constants(program, proc);
    let fix = |e: &Expr| {
        crate::arith::fold_literals(&ivl::subst::rewrite(
            e,
            &|n, _| fixed.get(n).cloned(),
            false,
        ))
    };
    let params: BTreeMap<&str, &Type> = proc
        .params
        .iter()
        .map(|p| (p.name.name.as_str(), &p.ty))
        .collect();
    let globals: BTreeSet<String> = program
        .decls
        .iter()
        .filter_map(|d| match d {
            ivl::ast::Decl::Const(v) | ivl::ast::Decl::Var(v) => Some(v.name.name.clone()),
            _ => None,
        })
        .collect();
    // Over parameters and globals only: a `requires`/`ensures` cannot name a
    // local.
    let closed_over = |e: &Expr, extra: &BTreeSet<String>| {
        let mut vs = BTreeSet::new();
        vars(e, &mut vs);
        vs.iter()
            .all(|v| params.contains_key(v.as_str()) || globals.contains(v) || extra.contains(v))
    };
    let both = |e: Expr, out: &mut Vec<Candidate>| {
        for place in [REQUIRES, ENSURES] {
            out.push(Candidate {
                tag: "contract",
                header: place.to_string(),
                expr: e.clone(),
            });
        }
    };
    let ids1 = ids(program, 1);
    // Access-log facts.
    let defs = single_defs(proc);
    let mut logs: BTreeMap<(String, String), Vec<Expr>> = BTreeMap::new();
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
            continue;
        };
        for (l, r) in lhs.iter().zip(rhs) {
            if !l.indices.is_empty() || !is_flag(&l.name.name) {
                continue;
            }
            if let Some((watched, off)) = log_pattern(&l.name.name, r) {
                let off = fix(&resolve(&off, &defs, 8));
                let offs = logs.entry((l.name.name.clone(), watched)).or_default();
                if closed_over(&off, &BTreeSet::new()) && !nonlinear(&off) && !offs.contains(&off) {
                    offs.push(off);
                }
            }
        }
    }
    for ((flag, watched), offs) in &logs {
        let f = || Expr::var(flag.clone());
        let at = |o: &Expr| Expr::eq(Expr::var(watched.clone()), o.clone());
        both(ivl::ast::Expr::unary(ivl::ast::UnaryOp::Not, f()), &mut out);
        let width = program
            .decls
            .iter()
            .find_map(|d| match d {
                ivl::ast::Decl::Const(v) if &v.name.name == watched => v.ty.bv_width(),
                _ => None,
            })
            .unwrap_or(32);
        for o in offs {
            both(Expr::implies(f(), at(o)), &mut out);
        }
        for id in &ids1 {
            if width == 32 {
                both(Expr::implies(f(), at(id)), &mut out);
            }
        }
    }
    // Flags the procedure's race checks read but it never logs (a helper
    // that only reads an array checks the array's write log): `!F` as a
    // precondition, and as a postcondition (the log is untouched).
    let mut checked = BTreeSet::new();
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        if let StmtKind::Assert(e) = &stmt.kind {
            vars(e, &mut checked);
        }
    }
    for flag in checked {
        if is_flag(&flag) && globals.contains(&flag) && !logs.keys().any(|(f, _)| *f == flag) {
            both(
                Expr::unary(ivl::ast::UnaryOp::Not, Expr::var(flag)),
                &mut out,
            );
        }
    }
    // Flags a barrier of the procedure clears: `F := F && !c` (`c`: the
    // pair shares a group, and the barrier fences `F`'s array) proposes
    // `ensures !F` and `ensures c ==> !F`, so a caller's accesses after a
    // helper that synchronises (`sync()` wrapping `barrier(...)`) are
    // ordered after the accesses before the call, as when inlined.
    for stmt in body.blocks.iter().flat_map(|b| &b.stmts) {
        let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
            continue;
        };
        if !ivl::ast::has_attr(&stmt.attrs, "barrier") {
            continue;
        }
        for (l, r) in lhs.iter().zip(rhs) {
            let flag = &l.name.name;
            if !l.indices.is_empty() || !is_flag(flag) || logs.keys().any(|(f, _)| f == flag) {
                continue;
            }
            let f = Expr::var(flag.clone());
            let not_f = Expr::unary(ivl::ast::UnaryOp::Not, f.clone());
            if let Some(c) = barrier_cleared_when(flag, r) {
                if closed_over(c, &BTreeSet::new()) {
                    out.push(Candidate {
                        tag: "contract",
                        header: ENSURES.to_string(),
                        expr: Expr::implies(c.clone(), not_f.clone()),
                    });
                }
            }
            if !out.iter().any(|c| c.header == ENSURES && c.expr == not_f) {
                out.push(Candidate {
                    tag: "contract",
                    header: ENSURES.to_string(),
                    expr: not_f,
                });
            }
        }
    }
    // Parameters.
    let guard = |k: u32| {
        proc.params
            .iter()
            .find(|p| p.ty == Type::Bool && p.name.name == names::predicate(k as names::Thread))
            .map(|p| Expr::var(p.name.name.clone()))
    };
    let pre = |e: Expr, out: &mut Vec<Candidate>| {
        out.push(Candidate {
            tag: "contract",
            header: REQUIRES.to_string(),
            expr: e,
        })
    };
    let guarded = |k: u32, e: Expr| match guard(k) {
        Some(g) => Expr::implies(g, e),
        None => e,
    };
    let mut pairs = Vec::new();
    for p in &proc.params {
        let name = &p.name.name;
        match names::thread_copy(name, |n| params.contains_key(n)) {
            Some((base, 1)) => {
                if p.ty.bv_width().is_some() {
                    pairs.push((name.clone(), names::of_thread(base, 2)));
                }
            }
            Some(_) => {}
            None => {
                if let Some(w) = p.ty.bv_width() {
                    pre(Expr::eq(Expr::var(name.clone()), Expr::bv(0, w)), &mut out);
                    // The literals the calls pass (fence flags of a
                    // `sync(cl_mem_fence_flags f)` helper, a tile size).
                    for lit in call_literals(program, &proc.name.name, name) {
                        if !matches!(lit.kind, ivl::ast::ExprKind::Bv { value: 0, .. }) {
                            pre(Expr::eq(Expr::var(name.clone()), lit), &mut out);
                        }
                    }
                }
            }
        }
    }
    for (a, b) in &pairs {
        pre(
            Expr::eq(Expr::var(a.clone()), Expr::var(b.clone())),
            &mut out,
        );
        let width = params.get(a.as_str()).and_then(|t| t.bv_width());
        if let Some(w) = width {
            for (k, x) in [(1, a), (2, b)] {
                pre(
                    guarded(k, Expr::eq(Expr::var(x.clone()), Expr::bv(0, w))),
                    &mut out,
                );
            }
        }
        if width == Some(32) {
            for (k, x) in [(1, a), (2, b)] {
                for id in ids(program, k) {
                    pre(guarded(k, Expr::eq(Expr::var(x.clone()), id)), &mut out);
                }
            }
        }
    }
    // Results.
    let args_equal = pairs
        .iter()
        .map(|(a, b)| Expr::eq(Expr::var(a.clone()), Expr::var(b.clone())))
        .reduce(Expr::and);
    for r in &proc.returns {
        let Some(base) = names::thread1_stem(&r.name.name) else {
            continue;
        };
        let r2 = names::of_thread(base, 2);
        if !proc.returns.iter().any(|x| x.name.name == r2) {
            continue;
        }
        let post = |e: Expr, out: &mut Vec<Candidate>| {
            out.push(Candidate {
                tag: "contract",
                header: ENSURES.to_string(),
                expr: e,
            })
        };
        // The result as an expression of the parameters, when it is
        // assigned once (through locals assigned once).
        let mut rdefs = defs.clone();
        for x in [&r.name.name, &r2] {
            if let Some(d) = result_def(proc, x) {
                rdefs.insert(x.clone(), d);
            }
        }
        // A result computed by a product of two unknowns (`x * x`,
        // `r * w`) gets no candidate: each costs z3 multipliers it does not
        // finish within the timeout.
        let heavy = [&r.name.name, &r2].iter().any(|x| {
            rdefs
                .get(*x)
                .is_none_or(|d| nonlinear(&fix(&resolve(d, &rdefs, 8))))
        });
        if heavy {
            continue;
        }
        for (k, x) in [(1, &r.name.name), (2, &r2)] {
            if let Some(d) = rdefs.get(x) {
                let d = fix(&resolve(d, &rdefs, 8));
                if closed_over(&d, &BTreeSet::new()) && !nonlinear(&d) {
                    post(guarded(k, Expr::eq(Expr::var(x.clone()), d)), &mut out);
                }
            }
        }
        let eq = Expr::eq(Expr::var(r.name.name.clone()), Expr::var(r2.clone()));
        post(eq.clone(), &mut out);
        if let Some(args) = &args_equal {
            post(Expr::implies(args.clone(), eq), &mut out);
        }
        for (a, b) in &pairs {
            if params.get(a.as_str()) == Some(&&r.ty) {
                post(
                    guarded(
                        1,
                        Expr::eq(Expr::var(r.name.name.clone()), Expr::var(a.clone())),
                    ),
                    &mut out,
                );
                post(
                    guarded(2, Expr::eq(Expr::var(r2.clone()), Expr::var(b.clone()))),
                    &mut out,
                );
            }
        }
    }
    for c in &mut out {
        c.expr = fix(&c.expr);
    }
    out
}

/// Launch constants the procedure's `requires` fix (`local_size_x ==
/// 64bv32`), by name: candidates use them as literals (the solver then
/// sees `group_id_x$1 * 64`, a shift, not a multiplier), and a product of
/// two launch constants is linear.
fn fixed_launch_constants(program: &Program, proc: &Procedure) -> HashMap<String, Expr> {
    proc.requires
        .iter()
        .filter_map(|r| match &r.expr.kind {
            ivl::ast::ExprKind::Binary(ivl::ast::BinaryOp::Eq, a, b) => match (&a.kind, &b.kind) {
                (ivl::ast::ExprKind::Var(v), ivl::ast::ExprKind::Bv { .. })
                    if program.constants().any(|c| &c.name.name == v) =>
                {
                    Some((v.clone(), (**b).clone()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}
