//! The transform's output guarantee, checked on every product: no GPU
//! builtin survives. The product is an ordinary sequential program, so it
//! must not contain a `{:kernel}` procedure, a call to a kernel builtin
//! procedure (`barrier`), an application of an annotation function
//! (`__enabled()`, `__read(b)`, ...), or a per-thread launch constant
//! without its thread suffix (`local_id_x` instead of `local_id_x$1`;
//! group ids too unless only one group is considered).
//!
//! Consumes the assembled [`TwoThreadProgram`]; produces nothing, or an
//! internal [`TransformError`] naming the first survivor (a transform bug:
//! the product would mean something else than the kernel).

use crate::error::TransformError;
use crate::names;
use crate::TwoThreadProgram;
use ivl::ast::{Decl, Expr, ExprKind, StmtKind};
use ivl::kernel;

/// Checks that no GPU builtin survives in `two`.
pub fn no_gpu_builtins(two: &TwoThreadProgram) -> Result<(), TransformError> {
    let mut survivor: Option<String> = None;
    let mut expr = |e: &Expr| {
        ivl::visit::walk_expr(e, &mut |e| {
            let found = match &e.kind {
                ExprKind::Apply(f, _) if kernel::is_builtin_function(f) => Some(f),
                ExprKind::Var(v)
                    if kernel::is_builtin_constant(v)
                        && names::is_per_thread_builtin(v, two.only_intra_group) =>
                {
                    Some(v)
                }
                _ => None,
            };
            if let (Some(name), None) = (found, &survivor) {
                survivor = Some(format!("`{name}`"));
            }
        })
    };
    for d in &two.program.decls {
        let Decl::Procedure(p) = d else { continue };
        if p.is_kernel() {
            return Err(survives(format!("the kernel procedure `{}`", p.name.name)));
        }
        for s in p.requires.iter().chain(&p.ensures) {
            expr(&s.expr);
        }
        for stmt in p.body.iter().flat_map(|b| &b.blocks).flat_map(|b| &b.stmts) {
            if let StmtKind::Call { callee, .. } = &stmt.kind {
                if kernel::is_builtin_procedure(&callee.name) {
                    return Err(survives(format!("a call to `{}`", callee.name)));
                }
            }
            ivl::visit::stmt_exprs(stmt, &mut expr);
        }
    }
    match survivor {
        Some(s) => Err(survives(s)),
        None => Ok(()),
    }
}

fn survives(what: String) -> TransformError {
    TransformError::internal(format!("{what} survives in the two-thread program"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(text: &str, only_intra_group: bool) -> TwoThreadProgram {
        let program = ivl::parse(&ivl::SourceFile::new("t.ivl", text)).expect("parses");
        TwoThreadProgram {
            program,
            procedure: "p".into(),
            procedures: vec!["p".into()],
            kernel_source_name: "p".into(),
            arrays: Vec::new(),
            access_sites: Vec::new(),
            only_intra_group,
            loop_unwind: None,
            pass_times: Default::default(),
        }
    }

    #[test]
    fn survivors_are_reported() {
        let unrenamed = "const local_id_x: bv32;\nprocedure p() { assert local_id_x == 0bv32; }";
        let err = no_gpu_builtins(&product(unrenamed, false)).unwrap_err();
        assert!(err.to_string().contains("`local_id_x`"), "{err}");
        let barrier = "procedure barrier(a: bv32);\nprocedure p() { call barrier(1bv32); }";
        assert!(no_gpu_builtins(&product(barrier, false)).is_err());
        let enabled = "procedure p() { assert __enabled(); }";
        assert!(no_gpu_builtins(&product(enabled, false)).is_err());
    }

    #[test]
    fn renamed_and_shared_names_pass() {
        let ok = "const local_id_x$1: bv32;\nconst group_id_x: bv32;\nconst local_size_x: bv32;\n\
                  procedure p() { assert local_id_x$1 == local_size_x && group_id_x == 0bv32; }";
        assert!(no_gpu_builtins(&product(ok, true)).is_ok());
        assert!(no_gpu_builtins(&product(ok, false)).is_err());
    }
}
