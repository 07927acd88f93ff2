//! Locals whose values can matter to some check of a procedure.
//!
//! Consumes a procedure (in practice the two-thread program's, before
//! candidates are placed); computes the locals that reach a *sink*: an
//! expression of an `assume` (branch guards), `assert` (race and barrier
//! checks, user assertions and invariants), call argument, attribute or
//! contract, a result or modified global of the procedure (what a caller
//! observes), or an index (an address: `M[i]` read, `M[i] := ...` written,
//! `M[i := v]` stored). A variable reaches a sink when it occurs in one, or
//! in the right-hand side or an index of an assignment to a variable that
//! does, arrays included (`M[i] := x` then `y := M[j]` with `y` relevant
//! makes `x` relevant). Flow-insensitive backward closure by worklist:
//! linear in the body.
//!
//! Used by [`crate::candidate::filter`] to drop candidates all of whose
//! locals are irrelevant (the float values of a hash or a random-number
//! kernel, say: `thread_eq` proposes `x$1 == x$2` for each). Why no proof is
//! lost: an irrelevant local never flows into a guard, an address, a check
//! or a relevant variable, and the statements that assign it can always
//! run (no `assume` mentions it), so the relevant variables' executions are
//! the same whatever its values; a fact about it alone cannot make any
//! check or relevant candidate provable. Dropping a candidate is sound in
//! any case (Houdini only assumes the survivors after the final proof).
//! Deliberately does not: look into callees (their calls' arguments are
//! sinks and their results depend on everything they are passed).

use ivl::ast::{AttrArg, Attribute, Body, Expr, ExprKind, Procedure, StmtKind};
use ivl::visit::{free_vars, walk_expr};
use std::collections::{HashMap, HashSet};

/// The names (locals, globals, parameters alike) that reach a sink in
/// `proc`; a local absent from the set is irrelevant.
pub fn relevant_names(proc: &Procedure) -> HashSet<String> {
    let Some(body) = &proc.body else {
        return HashSet::new();
    };
    let mut sinks: Vec<String> = Vec::new();
    // deps[x]: the names whose values flow into x.
    let mut deps: HashMap<String, Vec<String>> = HashMap::new();
    collect(body, &mut sinks, &mut deps);
    for spec in proc.requires.iter().chain(&proc.ensures) {
        sinks.extend(free_vars(&spec.expr));
    }
    // What a caller observes: the results and the globals the procedure
    // modifies (with --no-inline, a helper's postcondition candidates are
    // about exactly these).
    sinks.extend(proc.returns.iter().map(|r| r.name.to_string()));
    sinks.extend(proc.modifies.iter().map(|m| m.to_string()));
    attributes(&proc.attrs, &mut sinks);
    let mut relevant: HashSet<String> = HashSet::new();
    while let Some(name) = sinks.pop() {
        if !relevant.insert(name.clone()) {
            continue;
        }
        if let Some(from) = deps.get(&name) {
            sinks.extend(from.iter().filter(|n| !relevant.contains(*n)).cloned());
        }
    }
    relevant
}

fn collect(body: &Body, sinks: &mut Vec<String>, deps: &mut HashMap<String, Vec<String>>) {
    for block in &body.blocks {
        for stmt in &block.stmts {
            attributes(&stmt.attrs, sinks);
            match &stmt.kind {
                StmtKind::Assign { lhs, rhs } => {
                    for e in rhs {
                        addresses(e, sinks);
                    }
                    // `x, y := e, f` (the product's parallel assignments):
                    // x depends on e only.
                    let paired = lhs.len() == rhs.len();
                    let all: Vec<String> = if paired {
                        Vec::new()
                    } else {
                        rhs.iter().flat_map(free_vars).collect()
                    };
                    for (k, l) in lhs.iter().enumerate() {
                        let mut flows = if paired {
                            free_vars(&rhs[k]).into_iter().collect()
                        } else {
                            all.clone()
                        };
                        for i in &l.indices {
                            addresses(i, sinks);
                            sinks.extend(free_vars(i));
                            flows.extend(free_vars(i));
                        }
                        deps.entry(l.name.name.clone()).or_default().extend(flows);
                    }
                }
                StmtKind::Havoc(_) => {}
                StmtKind::Assume(e) | StmtKind::Assert(e) => sinks.extend(free_vars(e)),
                StmtKind::Call { args, rets, .. } => {
                    let from: Vec<String> = args.iter().flat_map(free_vars).collect();
                    sinks.extend(from.iter().cloned());
                    for r in rets {
                        deps.entry(r.name.clone()).or_default().extend(from.clone());
                    }
                }
            }
        }
    }
}

/// Every index of a read or store inside `e` is a sink.
fn addresses(e: &Expr, sinks: &mut Vec<String>) {
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::Select(_, i) | ExprKind::Store(_, i, _) => sinks.extend(free_vars(i)),
        _ => {}
    });
}

fn attributes(attrs: &[Attribute], sinks: &mut Vec<String>) {
    for a in attrs {
        for arg in &a.args {
            if let AttrArg::Expr(e) = arg {
                sinks.extend(free_vars(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relevant(text: &str) -> HashSet<String> {
        let program = ivl::parse(&ivl::SourceFile::new("p.ivl", text)).expect("parses");
        relevant_names(program.procedure("p").expect("p"))
    }

    #[test]
    fn values_reaching_addresses_guards_and_checks_are_relevant() {
        let r = relevant(
            "var A: [bv32]bv32;
             procedure p(n: bv32)
             {
               var i: bv32; var j: bv32; var x: bv32; var y: bv32; var f: bv32; var g: bv32;
               entry:
                 i := n; j := i + 1bv32; x := A[j]; f := x * 3bv32; g := f + f;
                 A[i] := g; y, g := n, f; assume y == 2bv32;
                 return;
             }",
        );
        for name in ["i", "j", "n", "y"] {
            assert!(r.contains(name), "{name} should be relevant: {r:?}");
        }
        for name in ["x", "f", "g"] {
            assert!(!r.contains(name), "{name} should be irrelevant: {r:?}");
        }
    }

    #[test]
    fn values_stored_then_read_into_an_address_are_relevant() {
        let r = relevant(
            "var A: [bv32]bv32;
             procedure p(n: bv32)
             {
               var x: bv32; var y: bv32; var z: bv32;
               entry:
                 x := n + 1bv32; A[0bv32] := x; y := A[1bv32]; z := A[y];
                 return;
             }",
        );
        assert!(r.contains("x") && r.contains("y"), "{r:?}");
        assert!(!r.contains("z"), "{r:?}");
    }
    #[test]
    fn results_and_modified_globals_are_relevant() {
        // A --no-inline helper: its callers see `r` and `G`, so the values
        // flowing into them matter (postcondition candidates name them).
        let r = relevant(
            "var G: [bv32]bv32;
             procedure p(n: bv32) returns (r: bv32)
             modifies G;
             {
               var x: bv32; var y: bv32; var z: bv32;
               entry:
                 x := n * 3bv32; r := x; y := n + 1bv32; G[0bv32] := y; z := n;
                 return;
             }",
        );
        for name in ["r", "x", "y", "G", "n"] {
            assert!(r.contains(name), "{name} should be relevant: {r:?}");
        }
        assert!(!r.contains("z"), "{r:?}");
    }
}
