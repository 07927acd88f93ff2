//! Candidate invariants and their placement in the program.
//!
//! A candidate is a Boolean expression proposed by a rule (its tag) for one
//! loop header. [`instrument`] gives candidate `i` a fresh Boolean constant
//! `houdini$b<i>` and inserts `assert {:candidate "tag"} {:id "houdini$b<i>"}
//! houdini$b<i> ==> e` at the top of the header, where the solver's loop
//! cutting treats it as an invariant (checked on entry and after each
//! iteration, assumed at the head). Houdini switches a candidate off by
//! assuming its constant false. Candidates that do not type-check, are not
//! Boolean, mention no variable, or repeat another candidate of the same
//! loop are dropped here,
//! before any solving.

use ivl::ast::{AttrArg, Attribute, Decl, Expr, Program, Stmt, StmtKind, Type, Variable};
use ivl::typeck::Scope;
use ivl::Span;
use std::collections::HashSet;

/// The attribute that marks a candidate assertion.
pub const CANDIDATE_ATTR: &str = "candidate";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The rule that proposed it.
    pub tag: &'static str,
    /// The label of the loop header.
    pub header: String,
    pub expr: Expr,
}

/// A candidate placed in the program.
#[derive(Clone, Debug)]
pub struct Placed {
    pub candidate: Candidate,
    /// The name of its Boolean constant (also the `{:id}` of its checks).
    pub flag: String,
}

/// The flag constant of candidate `i`.
pub fn flag_name(i: usize) -> String {
    format!("houdini$b{i}")
}

/// Drops ill-typed and duplicate candidates, then inserts the survivors.
/// Returns the instrumented program and the placed candidates (index `i`
/// has flag `houdini$b<i>`).
pub fn instrument(
    program: &Program,
    procedure: &str,
    candidates: Vec<Candidate>,
) -> (Program, Vec<Placed>) {
    let Some(proc) = program.procedure(procedure) else {
        return (program.clone(), Vec::new());
    };
    let scope = Scope::procedure(program, proc);
    let mut seen = HashSet::new();
    let mut placed = Vec::new();
    for c in candidates {
        if scope.type_of(&c.expr) != Some(Type::Bool) {
            continue;
        }
        let mut vs = std::collections::BTreeSet::new();
        crate::analysis::vars(&c.expr, &mut vs);
        if vs.is_empty() {
            // A closed formula says nothing about the loop.
            continue;
        }
        if !seen.insert((c.header.clone(), c.expr.clone())) {
            continue;
        }
        let flag = flag_name(placed.len());
        placed.push(Placed { candidate: c, flag });
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
    for decl in &mut out.decls {
        let Decl::Procedure(pr) = decl else { continue };
        if pr.name.name != procedure {
            continue;
        }
        let Some(body) = &mut pr.body else { continue };
        for block in &mut body.blocks {
            let mut front = Vec::new();
            for p in placed
                .iter()
                .filter(|p| p.candidate.header == block.label.name)
            {
                let mut stmt = Stmt::new(StmtKind::Assert(Expr::implies(
                    Expr::var(p.flag.clone()),
                    p.candidate.expr.clone(),
                )));
                stmt.attrs = vec![
                    Attribute::new(
                        CANDIDATE_ATTR,
                        vec![AttrArg::Str(p.candidate.tag.to_string())],
                    ),
                    Attribute::new("id", vec![AttrArg::Str(p.flag.clone())]),
                ];
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
