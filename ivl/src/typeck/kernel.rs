//! Kernel-dialect rules (only in a program with a `{:kernel}` procedure):
//! - no declaration (global, constant, function, procedure, parameter,
//!   local, quantifier variable) may reuse a builtin name of
//!   [`crate::kernel`];
//! - a global `var` carries at most one memory-space attribute, and
//!   memory-space attributes appear only on map-typed global `var`s (not on
//!   constants or locals).
//!
//! That builtin constants are read-only is checked with assignments
//! (`ivl::not_assignable`). Attributes other than memory spaces, and
//! whether `{:atomic}` statements really are read-modify-writes, are not
//! checked here.

use super::{codes, Diagnostic};
use crate::ast::{Attribute, Decl, Ident, Program, Type, Variable};
use crate::kernel::{
    is_builtin_constant, is_builtin_function, is_builtin_procedure, MEMORY_SPACE_ATTRS,
};

/// Reports a declaration of `name` in a kernel program if it is a builtin
/// name; returns whether it was one.
pub(crate) fn reject_builtin_name(
    is_kernel: bool,
    name: &Ident,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    if !is_kernel {
        return false;
    }
    let what = if is_builtin_constant(&name.name) {
        "the builtin constant"
    } else if is_builtin_procedure(&name.name) {
        "the builtin procedure"
    } else if is_builtin_function(&name.name) {
        "the builtin function"
    } else {
        return false;
    };
    diags.push(
        Diagnostic::new(
            codes::KERNEL,
            format!("`{name}` is a builtin of the kernel dialect"),
            name.span,
        )
        .with_label("builtin name")
        .with_help(format!(
            "rename it; kernel programs predeclare {what} `{name}`"
        )),
    );
    true
}

/// Memory-space attributes of every global, constant and local.
pub(crate) fn check_memory_spaces(program: &Program, diags: &mut Vec<Diagnostic>) {
    for decl in &program.decls {
        match decl {
            Decl::Var(v) => check_variable(v, true, diags),
            Decl::Const(v) => check_variable(v, false, diags),
            Decl::Procedure(p) => {
                for local in p.body.iter().flat_map(|b| &b.locals) {
                    check_variable(local, false, diags);
                }
            }
            Decl::Function(_) | Decl::Axiom(_) => {}
        }
    }
}

fn check_variable(v: &Variable, is_global_var: bool, diags: &mut Vec<Diagnostic>) {
    let spaces: Vec<&Attribute> = v
        .attrs
        .iter()
        .filter(|a| MEMORY_SPACE_ATTRS.contains(&a.name.as_str()))
        .collect();
    let Some(first) = spaces.first() else { return };
    if !is_global_var || !matches!(v.ty, Type::Map(..)) {
        let found = if is_global_var {
            format!("`{}` has type {}", v.name, v.ty)
        } else {
            format!("`{}` is not a global `var`", v.name)
        };
        diags.push(
            Diagnostic::new(
                codes::KERNEL,
                format!(
                    "memory-space attribute `{{:{}}}` is only valid on a map-typed global `var`",
                    first.name
                ),
                first.span,
            )
            .with_label(found)
            .with_help("memory spaces describe arrays; a global without one is per-thread state"),
        );
    }
    for extra in spaces.iter().skip(1) {
        diags.push(
            Diagnostic::new(
                codes::KERNEL,
                format!("`{}` has more than one memory-space attribute", v.name),
                extra.span,
            )
            .with_label(format!("`{{:{}}}` after `{{:{}}}`", extra.name, first.name))
            .with_help(
                "a global lives in exactly one of `{:global}`, `{:group_shared}`, `{:constant}`",
            ),
        );
    }
}
