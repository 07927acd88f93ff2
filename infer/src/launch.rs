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

/// `program` with the launch constants of `procedure` folded into its body.
pub fn fold_constants(program: &Program, procedure: &str) -> Program {
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
