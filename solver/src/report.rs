//! What verification reports: the checks of a procedure, failures with
//! their models, and outcomes.
//!
//! Each check carries its identity: its kind, the span and attributes of the
//! clause it comes from, and the id given by `{:id "name"}` on the `assert`,
//! `requires`, `ensures` or invariant. Models list values of the program's
//! own names at the failing point, printed in IVL syntax.

use crate::error::SolverError;
use crate::value::Value;
use ivl::ast::{find_attr, AttrArg, Attribute, Expr, ExprKind};
use ivl::Span;
use std::fmt;
use std::time::Duration;

/// What a check establishes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// A user `assert` (not a loop invariant).
    Assertion,
    /// A loop invariant, when the loop is entered.
    InvariantEntry,
    /// A loop invariant, at the end of an iteration (a back edge).
    InvariantMaintained,
    /// A `requires` of the callee, at a call.
    Precondition { callee: String },
    /// An `ensures` of the procedure, when it returns.
    Postcondition,
}

impl fmt::Display for CheckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckKind::Assertion => f.write_str("assertion might not hold"),
            CheckKind::InvariantEntry => f.write_str("loop invariant might not hold on entry"),
            CheckKind::InvariantMaintained => {
                f.write_str("loop invariant might not be maintained by the loop")
            }
            CheckKind::Precondition { callee } => {
                write!(f, "precondition of the call to `{callee}` might not hold")
            }
            CheckKind::Postcondition => f.write_str("postcondition might not hold"),
        }
    }
}

/// One proof obligation of a procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub kind: CheckKind,
    /// The value of `{:id "name"}` on the clause, if any.
    pub id: Option<String>,
    /// Where the obligation arises: the `assert`, the invariant, the `call`
    /// statement, or the `ensures` clause.
    pub span: Span,
    /// The span of the contract clause (`requires`/`ensures`) when it differs
    /// from `span`.
    pub clause_span: Option<Span>,
    /// Attributes of the clause (`{:sourceloc ...}`, candidate tags, ...).
    pub attrs: Vec<Attribute>,
    /// For a precondition: the attributes of the call statement (its
    /// `{:source}` locates the call); empty otherwise.
    pub call_attrs: Vec<Attribute>,
    /// The asserted expression in the caller's names (for a precondition,
    /// with the actual arguments substituted for the parameters).
    pub expr: Expr,
    pub procedure: String,
}

/// The `{:id "name"}` of a clause.
pub fn attr_id(attrs: &[Attribute]) -> Option<String> {
    let a = find_attr(attrs, "id")?;
    match a.args.first()? {
        AttrArg::Str(s) => Some(s.clone()),
        AttrArg::Expr(Expr {
            kind: ExprKind::Var(v),
            ..
        }) => Some(v.clone()),
        AttrArg::Expr(_) => None,
    }
}

/// One value in a counterexample: `x = 5bv32`, `old(g) = 1`, `A[3bv32] = 7bv32`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelEntry {
    pub name: String,
    /// The value in the procedure's pre-state (`old(name)`).
    pub old: bool,
    /// Map indices, outermost first; empty for a scalar.
    pub indices: Vec<Value>,
    pub value: Value,
}

impl fmt::Display for ModelEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.old {
            write!(f, "old({})", self.name)?;
        } else {
            f.write_str(&self.name)?;
        }
        for i in &self.indices {
            write!(f, "[{i}]")?;
        }
        write!(f, " = {}", self.value)
    }
}

/// Values of the program's names at a failing check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    pub entries: Vec<ModelEntry>,
}

impl Model {
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.entries
            .iter()
            .find(|e| e.name == name && !e.old && e.indices.is_empty())
            .map(|e| &e.value)
    }

    /// An evaluation environment holding these values (maps hold exactly the
    /// reported entries), to re-check the failing expression.
    pub fn to_env<'p>(&self, program: Option<&'p ivl::Program>) -> crate::eval::Env<'p> {
        let mut env = crate::eval::Env {
            program,
            ..Default::default()
        };
        for e in &self.entries {
            let target = if e.old { &mut env.old } else { &mut env.vars };
            if e.indices.is_empty() {
                target.insert(e.name.clone(), e.value.clone());
                continue;
            }
            let mut slot = target
                .entry(e.name.clone())
                .or_insert_with(|| Value::Map(Default::default()));
            for (k, i) in e.indices.iter().enumerate() {
                let Value::Map(m) = slot else { break };
                if k + 1 == e.indices.len() {
                    m.entries.insert(i.clone(), e.value.clone());
                    break;
                }
                slot = m
                    .entries
                    .entry(i.clone())
                    .or_insert_with(|| Value::Map(Default::default()));
            }
        }
        env
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.entries {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

/// A check that can fail, with a counterexample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub check: Check,
    pub model: Model,
}

#[derive(Debug)]
pub enum Outcome {
    /// Every check holds (the solver answered `unsat`).
    Verified,
    /// These checks can fail (each with a counterexample).
    Failed(Vec<Failure>),
    /// The solver could not decide (timeout, incompleteness); failures found
    /// before that are kept. Never counts as verified.
    Unknown {
        reason: String,
        failures: Vec<Failure>,
    },
    /// The procedure could not be verified at all (irreducible control flow,
    /// a solver crash, ...).
    Error(SolverError),
}

impl Outcome {
    pub fn is_verified(&self) -> bool {
        matches!(self, Outcome::Verified)
    }

    pub fn failures(&self) -> &[Failure] {
        match self {
            Outcome::Failed(f) | Outcome::Unknown { failures: f, .. } => f,
            _ => &[],
        }
    }
}

#[derive(Debug)]
pub struct ProcedureReport {
    pub procedure: String,
    pub outcome: Outcome,
    /// The number of checks (proof obligations) in the procedure.
    pub checks: usize,
    /// Wall time of the whole procedure.
    pub time: Duration,
    /// Wall time per stage.
    pub stages: Vec<(Stage, Duration)>,
}

/// A timed stage of verifying one procedure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Loop cutting, passification, VC construction (and, with inference,
    /// opening the solver session).
    Vc,
    /// Houdini's rounds (inference only).
    Houdini,
    /// The final proof query and the failures it finds.
    Solve,
}

impl Stage {
    /// The stage's name in `--time` and reports.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vc => "vc",
            Stage::Houdini => "houdini",
            Stage::Solve => "solve",
        }
    }
}

#[derive(Debug, Default)]
pub struct ProgramReport {
    pub procedures: Vec<ProcedureReport>,
}

impl ProgramReport {
    pub fn is_verified(&self) -> bool {
        self.procedures.iter().all(|p| p.outcome.is_verified())
    }

    /// Every failure of every procedure.
    pub fn failures(&self) -> impl Iterator<Item = &Failure> {
        self.procedures.iter().flat_map(|p| p.outcome.failures())
    }
}
