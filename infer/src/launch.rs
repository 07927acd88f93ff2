//! Launch constants folded into the procedure before solving.
//!
//! Consumes a two-thread procedure whose entry block fixes launch constants
//! (`assume local_size_x == 8bv32;`, see [`crate::rules::launch_constants`]).
//! Produces the same program with every other occurrence of such a constant
//! in the procedure's body replaced by its literal; the defining `assume`s
//! stay, so the constant keeps its value in counterexamples.
//!
//! Why: the entry block's assumptions reach the solver under the block
//! equations (`entry_ok <=> (c == 8 ==> ...)`), not as top-level facts, so
//! an incremental solver does not substitute them before bit-blasting and
//! `group_id_x * local_size_x` becomes a full 32x32 multiplier. With the
//! literal it is a shift. Sound and complete: the entry block runs first on
//! every path and a constant never changes, so after its `assume` the
//! constant and the literal are interchangeable; the `assume` itself is
//! kept, so executions are the same.

use ivl::ast::{ExprKind, Program, StmtKind};
use std::collections::HashMap;

/// `program` with the launch constants of `procedure` folded into its body,
/// and then the values its `requires` fix ([`fold_required`]).
pub fn fold_constants(program: &Program, procedure: &str) -> Program {
    fold_required(&fold_entry(program, procedure), procedure)
}

/// In-parameters and global constants that a `requires v == literal` of
/// `procedure` fixes (`--kernel-args`, and the launch clauses of the
/// `--no-inline` procedures) replaced by the literal throughout its body.
/// Sound and complete for the same reason as the entry folding: the
/// `requires` holds at entry, before any statement, and neither an
/// in-parameter nor a constant is ever assigned; the clause itself stays.
/// With `--kernel-args=K,16` a chunk start `gid * n` becomes `gid * 16`,
/// linear for the solver.
pub fn fold_required(program: &Program, procedure: &str) -> Program {
    let Some(proc) = program.procedure(procedure) else {
        return program.clone();
    };
    let params: std::collections::HashSet<&str> =
        proc.params.iter().map(|p| p.name.name.as_str()).collect();
    let mut fixed: HashMap<String, ivl::ast::Expr> = HashMap::new();
    for r in &proc.requires {
        if let ExprKind::Binary(ivl::ast::BinaryOp::Eq, a, b) = &r.expr.kind {
            if let (ExprKind::Var(v), ExprKind::Bv { .. }) = (&a.kind, &b.kind) {
                let fixable =
                    params.contains(v.as_str()) || program.constants().any(|c| &c.name.name == v);
                if fixable && !fixed.contains_key(v) {
                    fixed.insert(v.clone(), (**b).clone());
                }
            }
        }
    }
    if fixed.is_empty() || proc.body.is_none() {
        return program.clone();
    }
    let mut out = program.clone();
    let Some(proc) = out.procedures_mut().find(|p| p.name.name == procedure) else {
        return out;
    };
    let Some(body) = &mut proc.body else {
        return out;
    };
    let sub =
        |e: &ivl::ast::Expr| ivl::subst::rewrite(e, &|name, _| fixed.get(name).cloned(), false);
    for stmt in body.blocks.iter_mut().flat_map(|b| b.stmts.iter_mut()) {
        match &mut stmt.kind {
            StmtKind::Assign { lhs, rhs } => {
                for l in lhs.iter_mut() {
                    for i in &mut l.indices {
                        *i = sub(i);
                    }
                }
                for r in rhs.iter_mut() {
                    *r = sub(r);
                }
            }
            StmtKind::Assume(e) | StmtKind::Assert(e) => *e = sub(e),
            StmtKind::Call { args, .. } => {
                for a in args.iter_mut() {
                    *a = sub(a);
                }
            }
            StmtKind::Havoc(_) => {}
        }
    }
    out
}

/// `program` with the launch constants of `procedure` fixed by its entry
/// block folded into its body.
fn fold_entry(program: &Program, procedure: &str) -> Program {
    let Some(body) = program.procedure(procedure).and_then(|p| p.body.as_ref()) else {
        return program.clone();
    };
    let fixed: HashMap<String, ivl::ast::Expr> = crate::rules::launch_constants(program, body);
    if fixed.is_empty() {
        return program.clone();
    }
    let mut out = program.clone();
    let Some(proc) = out.procedures_mut().find(|p| p.name.name == procedure) else {
        return out;
    };
    let Some(body) = &mut proc.body else {
        return out;
    };
    let sub =
        |e: &ivl::ast::Expr| ivl::subst::rewrite(e, &|name, _| fixed.get(name).cloned(), false);
    // Checks of the entry block before the last defining assumption see
    // every value of the constant: they are left alone.
    let last_def = body.blocks[0]
        .stmts
        .iter()
        .rposition(|s| matches!(&s.kind, StmtKind::Assume(e) if defines(e, &fixed)))
        .unwrap_or(0);
    for (b, block) in body.blocks.iter_mut().enumerate() {
        for (k, stmt) in block.stmts.iter_mut().enumerate() {
            let early = b == 0 && k < last_def;
            match &mut stmt.kind {
                StmtKind::Assign { lhs, rhs } => {
                    for l in lhs.iter_mut() {
                        for i in &mut l.indices {
                            *i = sub(i);
                        }
                    }
                    for r in rhs.iter_mut() {
                        *r = sub(r);
                    }
                }
                StmtKind::Assume(e) => {
                    if b == 0 && defines(e, &fixed) {
                        continue;
                    }
                    *e = sub(e);
                }
                StmtKind::Assert(_) | StmtKind::Call { .. } if early => {}
                StmtKind::Assert(e) => *e = sub(e),
                StmtKind::Call { args, .. } => {
                    for a in args.iter_mut() {
                        *a = sub(a);
                    }
                }
                StmtKind::Havoc(_) => {}
            }
        }
    }
    out
}

/// `c == literal` for a fixed constant `c`.
fn defines(e: &ivl::ast::Expr, fixed: &HashMap<String, ivl::ast::Expr>) -> bool {
    match &e.kind {
        ExprKind::Binary(ivl::ast::BinaryOp::Eq, a, _) => {
            matches!(&a.kind, ExprKind::Var(v) if fixed.contains_key(v))
        }
        _ => false,
    }
}
