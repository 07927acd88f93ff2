//! Candidate invariants and their placement in the program.
//!
//! A candidate is a Boolean expression proposed by a rule (its tag) for one
//! loop header. [`instrument`] gives candidate `i` a fresh Boolean constant
//! `houdini$b<i>` and inserts `assert {:candidate "tag"} {:id "houdini$b<i>"}
//! houdini$b<i> ==> e` at the top of the header, where the solver's loop
//! cutting treats it as an invariant (checked on entry and after each
//! iteration, assumed at the head). Houdini switches a candidate off by
//! assuming its constant false. Candidates that do not type-check, are not
//! Boolean, mention no variable, mention a local that the loop modifies and
//! that is dead at the loop head (see [`crate::liveness`], and for
//! predicated loops [`crate::pred_liveness`]), mention only
//! locals whose values reach no check, guard or address (see
//! [`crate::relevance`]), or repeat another candidate of the same
//! loop are dropped here, before any solving.

use ivl::ast::{AttrArg, Attribute, Decl, Expr, Program, Stmt, StmtKind, Type, Variable};
use ivl::typeck::Scope;
use ivl::Span;
use std::collections::HashSet;

/// The attribute that marks a candidate assertion.
pub const CANDIDATE_ATTR: &str = "candidate";

/// The `header` of a candidate precondition of its procedure (`requires`
/// is a keyword, never a block label).
pub const REQUIRES: &str = "requires";
/// The `header` of a candidate postcondition of its procedure.
pub const ENSURES: &str = "ensures";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The rule that proposed it.
    pub tag: &'static str,
    /// The label of the loop header, or [`REQUIRES`] / [`ENSURES`] for a
    /// candidate pre- or postcondition of the procedure.
    pub header: String,
    pub expr: Expr,
}

/// A candidate placed in the program.
#[derive(Clone, Debug)]
pub struct Placed {
    pub candidate: Candidate,
    /// The procedure it is placed in.
    pub procedure: String,
    /// The name of its Boolean constant (also the `{:id}` of its checks).
    pub flag: String,
}

/// The flag constant of candidate `i`.
pub fn flag_name(i: usize) -> String {
    format!("houdini$b{i}")
}

/// How many candidates [`filter`] dropped, and why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    /// Not a well-typed Boolean expression.
    pub ill_typed: usize,
    /// Mentions no variable.
    pub closed: usize,
    /// Mentions a local the loop modifies that is dead at its head.
    pub dead: usize,
    /// Repeats a candidate of the same loop.
    pub duplicate: usize,
    /// Mentions locals, all of them irrelevant ([`crate::relevance`]).
    pub irrelevant: usize,
}

impl Dropped {
    pub fn total(&self) -> usize {
        self.ill_typed + self.closed + self.dead + self.duplicate + self.irrelevant
    }
}

/// The candidates worth solving: drops ill-typed, closed, dead (a local
/// the loop modifies, not live at the loop head) and duplicate ones,
/// counting them.
pub fn filter(
    program: &Program,
    procedure: &str,
    candidates: Vec<Candidate>,
) -> (Vec<Candidate>, Dropped) {
    let mut dropped = Dropped::default();
    let Some(proc) = program.procedure(procedure) else {
        dropped.ill_typed = candidates.len();
        return (Vec::new(), dropped);
    };
    let scope = Scope::procedure(program, proc);
    let headers: HashSet<&str> = candidates.iter().map(|c| c.header.as_str()).collect();
    let live = proc
        .body
        .as_ref()
        .map(|b| crate::liveness::live_locals_at(b, |label| headers.contains(label)))
        .unwrap_or_default();
    let locals: HashSet<&str> = proc
        .body
        .iter()
        .flat_map(|b| b.locals.iter().map(|v| v.name.name.as_str()))
        .collect();
    let modified: std::collections::HashMap<String, std::collections::BTreeSet<String>> = proc
        .body
        .as_ref()
        .map(|b| {
            crate::analysis::loops(b)
                .into_iter()
                .map(|l| (l.header, l.modified))
                .collect()
        })
        .unwrap_or_default();
    let relevant = crate::relevance::relevant_names(proc);
    let predicated = proc
        .body
        .as_ref()
        .map(crate::pred_liveness::PredicatedLiveness::of)
        .unwrap_or_default();
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for c in candidates {
        if scope.type_of(&c.expr) != Some(Type::Bool) {
            dropped.ill_typed += 1;
            continue;
        }
        let mut vs = std::collections::BTreeSet::new();
        crate::analysis::vars(&c.expr, &mut vs);
        if vs.is_empty() {
            // A closed formula says nothing about the loop.
            dropped.closed += 1;
            continue;
        }
        // A local the loop does not modify keeps its value through the
        // loop (a ghost of an initial value, like `i0` in `(i - i0) % s`);
        // one it modifies but never reads at the head is havocked there for
        // nothing.
        let dead = |v: &String| {
            locals.contains(v.as_str())
                && modified.get(&c.header).is_some_and(|m| m.contains(v))
                && (!live.get(&c.header).is_some_and(|l| l.contains(v))
                    || dead_under_predication(&predicated, &c.header, v))
        };
        if vs.iter().any(dead) {
            dropped.dead += 1;
            continue;
        }
        // Only locals whose values reach no check, guard or address: no
        // proof needs a fact about them.
        let mut mentioned = vs.iter().filter(|v| locals.contains(v.as_str())).peekable();
        if mentioned.peek().is_some() && mentioned.all(|v| !relevant.contains(v)) {
            dropped.irrelevant += 1;
            continue;
        }
        if !seen.insert((c.header.clone(), c.expr.clone())) {
            dropped.duplicate += 1;
            continue;
        }
        kept.push(c);
    }
    (kept, dropped)
}

/// A local of thread `t` (`x$t`) dead at the top of the predicated loop
/// `header` (block predicate `p.header$t`): see [`crate::pred_liveness`].
fn dead_under_predication(
    predicated: &crate::pred_liveness::PredicatedLiveness,
    header: &str,
    local: &str,
) -> bool {
    ["$1", "$2"]
        .iter()
        .any(|t| local.ends_with(t) && predicated.dead_at(&format!("p.{header}{t}"), local))
}

/// Drops candidates as [`filter`] does, then inserts the survivors.
/// Returns the instrumented program and the placed candidates (index `i`
/// has flag `houdini$b<i>`).
pub fn instrument(
    program: &Program,
    procedure: &str,
    candidates: Vec<Candidate>,
) -> (Program, Vec<Placed>) {
    instrument_all(program, vec![(procedure.to_string(), candidates)])
}

/// [`instrument`] for the candidates of several procedures at once (flags
/// numbered across all of them). A loop candidate becomes an assertion at
/// the top of its header; a [`REQUIRES`] candidate the precondition
/// `requires {:candidate "tag"} {:id "houdini$bN"} houdini$bN ==> e` (the
/// solver checks it at every call, assumes it in the procedure), an
/// [`ENSURES`] one the matching postcondition (checked in the procedure,
/// assumed after every call).
pub fn instrument_all(
    program: &Program,
    per_procedure: Vec<(String, Vec<Candidate>)>,
) -> (Program, Vec<Placed>) {
    let mut placed: Vec<Placed> = Vec::new();
    for (procedure, candidates) in per_procedure {
        let (kept, _) = filter(program, &procedure, candidates);
        for candidate in kept {
            let flag = flag_name(placed.len());
            placed.push(Placed {
                candidate,
                procedure: procedure.clone(),
                flag,
            });
        }
    }
    let mut out = program.clone();
    for p in &placed {
        out.decls.insert(
            0,
            Decl::Const(Variable {
                attrs: Vec::new(),
                name: ivl::ast::Ident::synthetic(p.flag.clone()),
                ty: Type::Bool,
                span: Span::DUMMY,
            }),
        );
    }
    let attrs = |p: &Placed| {
        vec![
            Attribute::new(
                CANDIDATE_ATTR,
                vec![AttrArg::Str(p.candidate.tag.to_string())],
            ),
            Attribute::new("id", vec![AttrArg::Str(p.flag.clone())]),
        ]
    };
    let guarded = |p: &Placed| Expr::implies(Expr::var(p.flag.clone()), p.candidate.expr.clone());
    for decl in &mut out.decls {
        let Decl::Procedure(pr) = decl else { continue };
        let mine: Vec<&Placed> = placed
            .iter()
            .filter(|p| p.procedure == pr.name.name)
            .collect();
        if mine.is_empty() {
            continue;
        }
        for p in &mine {
            let spec = ivl::ast::Spec {
                attrs: attrs(p),
                expr: guarded(p),
                span: Span::DUMMY,
            };
            match p.candidate.header.as_str() {
                REQUIRES => pr.requires.push(spec),
                ENSURES => pr.ensures.push(spec),
                _ => {}
            }
        }
        let Some(body) = &mut pr.body else { continue };
        for block in &mut body.blocks {
            let mut front = Vec::new();
            for p in mine
                .iter()
                .filter(|p| p.candidate.header == block.label.name)
            {
                let mut stmt = Stmt::new(StmtKind::Assert(guarded(p)));
                stmt.attrs = attrs(p);
                front.push(stmt);
            }
            if !front.is_empty() {
                front.append(&mut block.stmts);
                block.stmts = front;
            }
        }
    }
    (out, placed)
}
