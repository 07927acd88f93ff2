//! Procedures: contracts, `modifies`, labels and statements.
//!
//! Checks:
//! - `requires`/`ensures` are bool (`old` only in `ensures`);
//! - every `modifies` name is a global variable (not a constant, builtin,
//!   parameter or local), listed once;
//! - labels are unique within the procedure and every `goto` target exists;
//! - `assert`/`assume` are bool;
//! - assignments: as many values as targets, every target assignable
//!   (locals, out-parameters, and globals listed in `modifies`; never
//!   constants, in-parameters, builtins or functions), targets distinct
//!   by base name (`M[i], M[j] := ..` is an error too), indices and values
//!   match the (nested) map types;
//! - `havoc`: targets assignable and distinct;
//! - `call`: the callee exists (a user procedure or, in kernel programs, a
//!   builtin), argument and result counts and types, result targets
//!   assignable and distinct, and the callee's `modifies` is contained in
//!   the caller's.
//!
//! A missing `modifies` entry is reported at every assignment, havoc or
//! call that needs it. Statements are checked in every block, reachable or
//! not.

use super::env::{procedure_locals, Env, Globals, Locals, Position, Resolved, VarKind};
use super::expr::{arity, mismatch, unknown, Infer};
use super::render::did_you_mean;
use super::{codes, Diagnostic};
use crate::ast::{Expr, Ident, Procedure, Stmt, StmtKind, TransferKind, Type};
use crate::span::Span;
use std::collections::{HashMap, HashSet};

pub(crate) fn check_procedure(
    globals: &Globals<'_>,
    procedure: &Procedure,
    diags: &mut Vec<Diagnostic>,
) {
    let locals = procedure_locals(globals, procedure, diags);
    let modifies = check_modifies(globals, &locals, procedure, diags);
    let env = |position| Env {
        globals,
        locals: &locals,
        position,
    };
    let requires = env(Position::Requires);
    for spec in &procedure.requires {
        Infer::new(&requires, diags).expect(&spec.expr, &Type::Bool);
    }
    let ensures = env(Position::Ensures);
    for spec in &procedure.ensures {
        Infer::new(&ensures, diags).expect(&spec.expr, &Type::Bool);
    }
    let Some(body) = &procedure.body else { return };
    let mut labels: HashMap<&str, Span> = HashMap::new();
    for block in &body.blocks {
        if labels.insert(&block.label.name, block.label.span).is_some() {
            diags.push(
                Diagnostic::new(
                    codes::LABEL,
                    format!("duplicate label `{}`", block.label),
                    block.label.span,
                )
                .with_label("label used again")
                .with_help(format!(
                    "labels must be unique within procedure `{}`",
                    procedure.name
                )),
            );
        }
    }
    let env = env(Position::Body);
    let mut checker = BodyChecker {
        env: &env,
        procedure,
        modifies: &modifies,
        diags,
    };
    for block in &body.blocks {
        for stmt in &block.stmts {
            checker.statement(stmt);
        }
        if let TransferKind::Goto(targets) = &block.transfer.kind {
            if targets.is_empty() {
                checker.diags.push(
                    Diagnostic::new(
                        codes::LABEL,
                        format!("`goto` without targets in block `{}`", block.label),
                        block.transfer.span,
                    )
                    .with_label("needs at least one label")
                    .with_help("end the block with `return;` instead"),
                );
            }
            for target in targets {
                if !labels.contains_key(target.name.as_str()) {
                    let help = did_you_mean(&target.name, labels.keys().copied(), || None);
                    let diag = Diagnostic::new(
                        codes::LABEL,
                        format!("unknown label `{target}`"),
                        target.span,
                    )
                    .with_label(format!("no block `{target}` in `{}`", procedure.name));
                    checker.diags.push(match help {
                        Some(help) => diag.with_help(help),
                        None => diag,
                    });
                }
            }
        }
    }
}

/// Checks the `modifies` clause; returns the names that are global
/// variables.
fn check_modifies<'p>(
    globals: &Globals<'p>,
    locals: &Locals<'_>,
    procedure: &'p Procedure,
    diags: &mut Vec<Diagnostic>,
) -> HashSet<&'p str> {
    let mut listed = HashSet::new();
    for name in &procedure.modifies {
        let kind = globals.vars.get(name.name.as_str()).map(|info| info.kind);
        match kind {
            Some(VarKind::GlobalVar) => {
                if !listed.insert(name.name.as_str()) {
                    diags.push(
                        Diagnostic::new(
                            codes::DUPLICATE,
                            format!("`{name}` is listed twice in the modifies clause"),
                            name.span,
                        )
                        .with_label("listed again"),
                    );
                }
            }
            Some(kind) => diags.push(not_a_global(name, kind)),
            None => match locals.get(name.name.as_str()) {
                Some(info) => diags.push(not_a_global(name, info.kind)),
                None => {
                    let global_vars = globals
                        .vars
                        .iter()
                        .filter(|(_, info)| info.kind == VarKind::GlobalVar)
                        .map(|(name, _)| *name);
                    let help = did_you_mean(&name.name, global_vars, || {
                        Some(format!("declare it with `var {name}: T;`"))
                    });
                    diags.push(unknown("global variable", &name.name, name.span, help));
                }
            },
        }
    }
    listed
}

fn not_a_global(name: &Ident, kind: VarKind) -> Diagnostic {
    Diagnostic::new(
        codes::MODIFIES,
        format!("`{name}` is {}, not a global variable", kind.describe()),
        name.span,
    )
    .with_label(format!("{} cannot be modified", kind.describe()))
    .with_help("the modifies clause lists only global variables")
}

#[derive(Clone, Copy)]
enum Action {
    Assign,
    Havoc,
}

struct BodyChecker<'a, 'd> {
    env: &'a Env<'a>,
    procedure: &'a Procedure,
    modifies: &'a HashSet<&'a str>,
    diags: &'d mut Vec<Diagnostic>,
}

impl<'a> BodyChecker<'a, '_> {
    fn infer(&mut self, expr: &'a Expr) -> Option<Type> {
        Infer::new(self.env, self.diags).infer(expr)
    }

    fn expect(&mut self, expr: &'a Expr, ty: &Type) {
        Infer::new(self.env, self.diags).expect(expr, ty);
    }

    fn statement(&mut self, stmt: &'a Stmt) {
        match &stmt.kind {
            StmtKind::Assume(e) | StmtKind::Assert(e) => self.expect(e, &Type::Bool),
            StmtKind::Assign { lhs, rhs } => {
                if lhs.len() != rhs.len() {
                    self.diags.push(
                        Diagnostic::new(
                            codes::ARITY,
                            format!(
                                "wrong number of values in assignment: expected {}, found {}",
                                lhs.len(),
                                rhs.len()
                            ),
                            stmt.span,
                        )
                        .with_label(format!("{} targets, {} values", lhs.len(), rhs.len()))
                        .with_help("a parallel assignment has one value per target"),
                    );
                }
                let mut seen = HashSet::new();
                let mut target_types = Vec::new();
                for target in lhs {
                    let mut ty = self.target(&target.name, Action::Assign);
                    self.distinct(&mut seen, &target.name, "assigned", "assignment");
                    for index in &target.indices {
                        ty = match ty {
                            Some(Type::Map(domain, range)) => {
                                self.expect(index, &domain);
                                Some(*range)
                            }
                            Some(other) => {
                                self.diags.push(
                                    mismatch(target.name.span, "a map", &other).with_label(
                                        format!(
                                            "`{}` has type {other} and cannot be indexed",
                                            target.name
                                        ),
                                    ),
                                );
                                self.infer(index);
                                None
                            }
                            None => {
                                self.infer(index);
                                None
                            }
                        };
                    }
                    target_types.push(ty);
                }
                for (i, value) in rhs.iter().enumerate() {
                    match target_types.get(i) {
                        Some(Some(ty)) => self.expect(value, ty),
                        _ => {
                            self.infer(value);
                        }
                    }
                }
            }
            StmtKind::Havoc(targets) => {
                let mut seen = HashSet::new();
                for target in targets {
                    self.target(target, Action::Havoc);
                    self.distinct(&mut seen, target, "havocked", "havoc");
                }
            }
            StmtKind::Call { callee, args, rets } => self.call(callee, args, rets),
        }
    }

    fn call(&mut self, callee: &Ident, args: &'a [Expr], rets: &[Ident]) {
        let globals = self.env.globals;
        let Some(signature) = globals.procedures.get(callee.name.as_str()) else {
            let help = did_you_mean(&callee.name, globals.procedures.keys().copied(), || {
                Some(if globals.functions.contains_key(callee.name.as_str()) {
                    format!("`{callee}` is a function; apply it in an expression")
                } else {
                    format!("declare it with `procedure {callee}(..);`")
                })
            });
            self.diags
                .push(unknown("procedure", &callee.name, callee.span, help));
            for arg in args {
                self.infer(arg);
            }
            let mut seen = HashSet::new();
            for ret in rets {
                self.target(ret, Action::Assign);
                self.distinct(&mut seen, ret, "assigned", "call");
            }
            return;
        };
        let params = signature.param_types();
        if args.len() != params.len() {
            self.diags.push(arity(
                "arguments to",
                &callee.name,
                params.len(),
                args.len(),
                callee.span,
            ));
        }
        for (i, arg) in args.iter().enumerate() {
            match params.get(i) {
                Some(ty) => self.expect(arg, ty),
                None => {
                    self.infer(arg);
                }
            }
        }
        let returns = signature.return_types();
        if rets.len() != returns.len() {
            self.diags.push(arity(
                "results from",
                &callee.name,
                returns.len(),
                rets.len(),
                callee.span,
            ));
        }
        let mut seen = HashSet::new();
        for (i, ret) in rets.iter().enumerate() {
            let target_ty = self.target(ret, Action::Assign);
            self.distinct(&mut seen, ret, "assigned", "call");
            if let (Some(found), Some(expected)) = (target_ty, returns.get(i)) {
                if found != **expected {
                    self.diags.push(
                        mismatch(ret.span, expected, &found)
                            .with_label(format!("`{ret}` has type {found}"))
                            .with_help(format!(
                                "result {} of `{callee}` has type {expected}",
                                i + 1
                            )),
                    );
                }
            }
        }
        for global in signature.modifies() {
            let is_global_var = globals
                .vars
                .get(global.name.as_str())
                .is_some_and(|info| info.kind == VarKind::GlobalVar);
            if is_global_var && !self.modifies.contains(global.name.as_str()) {
                self.diags.push(
                    Diagnostic::new(
                        codes::MODIFIES,
                        format!(
                            "call to `{callee}` may modify `{global}`, which is not in the modifies clause of `{}`",
                            self.procedure.name
                        ),
                        callee.span,
                    )
                    .with_label(format!("`{callee}` modifies `{global}`"))
                    .with_help(format!("add `{global}` to the modifies clause of `{}`", self.procedure.name)),
                );
            }
        }
    }

    /// Resolves an assignment or havoc target and checks it is assignable;
    /// returns its type.
    fn target(&mut self, name: &Ident, action: Action) -> Option<Type> {
        let verb = match action {
            Action::Assign => "assign to",
            Action::Havoc => "havoc",
        };
        let info = match self.env.resolve(&name.name) {
            Resolved::Visible(info) => info,
            Resolved::Hidden(_) | Resolved::Unknown => {
                let globals = self.env.globals;
                if globals.functions.contains_key(name.name.as_str()) {
                    self.diags.push(not_assignable(
                        name,
                        verb,
                        "function",
                        "functions are not variables",
                    ));
                } else {
                    let help = did_you_mean(&name.name, self.env.visible_names(), || {
                        Some(format!("declare it with `var {name}: T;`"))
                    });
                    self.diags
                        .push(unknown("variable", &name.name, name.span, help));
                }
                return None;
            }
        };
        match info.kind {
            VarKind::Local | VarKind::OutParam => {}
            VarKind::GlobalVar => {
                if !self.modifies.contains(name.name.as_str()) {
                    let procedure = &self.procedure.name;
                    let did = match action {
                        Action::Assign => "assigns",
                        Action::Havoc => "havocs",
                    };
                    self.diags.push(
                        Diagnostic::new(
                            codes::MODIFIES,
                            format!("`{procedure}` {did} global `{name}`, which is not in its modifies clause"),
                            name.span,
                        )
                        .with_label("not in the modifies clause")
                        .with_help(format!("add `{name}` to the modifies clause of `{procedure}`")),
                    );
                }
            }
            VarKind::Const => self.diags.push(not_assignable(
                name,
                verb,
                "constant",
                &format!("constants are fixed; declare `{name}` with `var` to change it"),
            )),
            VarKind::Builtin => self.diags.push(not_assignable(
                name,
                verb,
                "builtin constant",
                "the builtins of the kernel dialect are read-only",
            )),
            VarKind::InParam | VarKind::FnParam => self.diags.push(not_assignable(
                name,
                verb,
                "in-parameter",
                "in-parameters are read-only; copy it into a local variable",
            )),
        }
        Some(info.ty.clone())
    }

    /// Reports `name` when it already occurred in this statement.
    fn distinct<'n>(
        &mut self,
        seen: &mut HashSet<&'n str>,
        name: &'n Ident,
        done: &str,
        statement: &str,
    ) {
        if !seen.insert(&name.name) {
            self.diags.push(
                Diagnostic::new(
                    codes::DUPLICATE,
                    format!("`{name}` is {done} twice in one {statement}"),
                    name.span,
                )
                .with_label("second occurrence")
                .with_help(match statement {
                    "assignment" => format!(
                        "targets of a parallel assignment must be distinct; update a map in one store: `{name} := {name}[i := a][j := b];`"
                    ),
                    _ => format!("name `{name}` once"),
                }),
            );
        }
    }
}

fn not_assignable(name: &Ident, verb: &str, what: &str, help: &str) -> Diagnostic {
    Diagnostic::new(
        codes::NOT_ASSIGNABLE,
        format!("cannot {verb} {what} `{name}`"),
        name.span,
    )
    .with_label(format!("`{name}` is read-only"))
    .with_help(help)
}
