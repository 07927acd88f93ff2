//! Slicing of the kernel before the two-thread transform.
//!
//! Consumes a kernel program and the name of its kernel procedure.
//! Produces, when something can be dropped, a copy in which every
//! assignment of the kernel procedure whose value reaches no *sink* is
//! replaced by a `havoc` of its targets. Sinks: every expression of an
//! `assume` (branch guards), `assert` (assertions, invariants), call
//! (barriers and other calls), attribute and contract; every array index
//! (addresses of reads and writes); and, unless `drop_written_values`,
//! every value written to a non-local (the benign-write comparison).
//! A variable reaches a sink when it occurs in one, or in the right-hand
//! side or an index of an assignment to a variable that does (a
//! flow-insensitive backward closure, by worklist: linear in the program).
//! A non-local read into a relevant variable makes that non-local
//! relevant, so the values written to it are sinks.
//!
//! Guarantees (SOUNDNESS.md, "Slicing"): only assignments to locals,
//! without indices and without reads of non-locals (race-checked accesses
//! are never removed) are replaced, and replacing `x := e` by `havoc x`
//! only adds executions, so every check of the sliced kernel covers the
//! original's: a proof of the sliced kernel is a proof of the original.
//! With `drop_written_values` a written value may become arbitrary, which
//! can only turn a benign write-write pair into a reported race (callers
//! verify the original when the sliced kernel is not proved).
//! Deliberately does not: slice procedures other than the kernel, or
//! reorder statements.

use ivl::ast::{AttrArg, Expr, ExprKind, Ident, Procedure, Program, Stmt, StmtKind};
use ivl::visit::{free_vars, walk_expr};
use std::collections::{HashMap, HashSet};

/// The sliced program, or `None` when every assignment reaches a sink.
pub fn slice(program: &Program, procedure: &str, drop_written_values: bool) -> Option<Program> {
    let proc = program.procedure(procedure)?;
    let body = proc.body.as_ref()?;
    let locals: HashSet<&str> = body
        .locals
        .iter()
        .map(|v| v.name.name.as_str())
        .chain(proc.returns.iter().map(|v| v.name.name.as_str()))
        .collect();
    let relevant = relevant_names(program, proc, &locals, drop_written_values);
    let sliceable = |s: &Stmt| -> bool {
        let StmtKind::Assign { lhs, rhs } = &s.kind else {
            return false;
        };
        lhs.iter().all(|l| {
            l.indices.is_empty()
                && locals.contains(l.name.name.as_str())
                && !relevant.contains(l.name.name.as_str())
        }) && rhs.iter().all(|e| !reads_non_local(e, &locals))
    };
    let any = body.blocks.iter().flat_map(|b| &b.stmts).any(sliceable);
    if !any {
        return None;
    }
    let mut out = program.clone();
    let p = out.procedures_mut().find(|p| p.name.name == procedure)?;
    for b in &mut p.body.as_mut()?.blocks {
        for s in &mut b.stmts {
            if sliceable(s) {
                let StmtKind::Assign { lhs, .. } = &s.kind else {
                    continue;
                };
                let targets: Vec<Ident> = lhs.iter().map(|l| l.name.clone()).collect();
                *s = Stmt {
                    kind: StmtKind::Havoc(targets),
                    attrs: Vec::new(),
                    span: s.span,
                };
            }
        }
    }
    Some(out)
}

/// Whether `e` reads a map that is not a local (a memory access).
fn reads_non_local(e: &Expr, locals: &HashSet<&str>) -> bool {
    let mut found = false;
    walk_expr(e, &mut |x| {
        if let ExprKind::Select(m, _) = &x.kind {
            match &m.kind {
                ExprKind::Var(n) if locals.contains(n.as_str()) => {}
                _ => found = true,
            }
        }
    });
    found
}

/// The names whose values may reach a sink.
fn relevant_names(
    program: &Program,
    proc: &Procedure,
    locals: &HashSet<&str>,
    drop_written_values: bool,
) -> HashSet<String> {
    let mut sinks: Vec<String> = Vec::new();
    let mut deps: HashMap<String, Vec<String>> = HashMap::new();
    let sink = |e: &Expr, sinks: &mut Vec<String>| sinks.extend(free_vars(e));
    let addresses = |e: &Expr, sinks: &mut Vec<String>| {
        walk_expr(e, &mut |x| {
            if let ExprKind::Select(_, i) = &x.kind {
                sinks.extend(free_vars(i));
            }
        });
    };
    for s in proc.requires.iter().chain(&proc.ensures) {
        sink(&s.expr, &mut sinks);
    }
    let body = proc
        .body
        .as_ref()
        .expect("callers pass a procedure with a body");
    for b in &body.blocks {
        for a in &b.attrs {
            for arg in &a.args {
                if let AttrArg::Expr(e) = arg {
                    sink(e, &mut sinks);
                }
            }
        }
        for s in &b.stmts {
            for a in &s.attrs {
                for arg in &a.args {
                    if let AttrArg::Expr(e) = arg {
                        sink(e, &mut sinks);
                    }
                }
            }
            match &s.kind {
                StmtKind::Assume(e) | StmtKind::Assert(e) => sink(e, &mut sinks),
                StmtKind::Call { callee, args, rets } => {
                    for e in args {
                        sink(e, &mut sinks);
                    }
                    sinks.extend(rets.iter().map(|r| r.name.clone()));
                    // What the callee may read (addresses, guards, checks
                    // over globals): the values written to them stay.
                    sinks.extend(callee_globals(program, &callee.name));
                }
                StmtKind::Havoc(_) => {}
                StmtKind::Assign { lhs, rhs } => {
                    for (l, e) in lhs.iter().zip(rhs) {
                        addresses(e, &mut sinks);
                        for i in &l.indices {
                            sink(i, &mut sinks);
                        }
                        let local = locals.contains(l.name.name.as_str());
                        if !local && !drop_written_values {
                            sink(e, &mut sinks);
                        }
                        let d = deps.entry(l.name.name.clone()).or_default();
                        d.extend(free_vars(e));
                        for i in &l.indices {
                            d.extend(free_vars(i));
                        }
                    }
                }
            }
        }
    }
    let mut relevant: HashSet<String> = HashSet::new();
    while let Some(v) = sinks.pop() {
        if !relevant.insert(v.clone()) {
            continue;
        }
        if let Some(d) = deps.get(&v) {
            sinks.extend(d.iter().filter(|x| !relevant.contains(*x)).cloned());
        }
    }
    relevant
}

/// The non-local names a call of `callee` may read: every name its body
/// and contracts mention that is none of its parameters, returns or
/// locals, through the procedures it calls in turn (an over-approximation:
/// a name it only writes is included too).
fn callee_globals(program: &Program, callee: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut work = vec![callee.to_string()];
    while let Some(name) = work.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let Some(p) = program.procedure(&name) else {
            continue;
        };
        let mut own: HashSet<&str> = p
            .params
            .iter()
            .chain(&p.returns)
            .map(|v| v.name.name.as_str())
            .collect();
        let mut names: Vec<String> = Vec::new();
        for s in p.requires.iter().chain(&p.ensures) {
            names.extend(free_vars(&s.expr));
        }
        if let Some(body) = &p.body {
            own.extend(body.locals.iter().map(|v| v.name.name.as_str()));
            for st in body.blocks.iter().flat_map(|b| &b.stmts) {
                match &st.kind {
                    StmtKind::Assume(e) | StmtKind::Assert(e) => names.extend(free_vars(e)),
                    StmtKind::Havoc(_) => {}
                    StmtKind::Call { callee, args, .. } => {
                        work.push(callee.name.clone());
                        args.iter().for_each(|e| names.extend(free_vars(e)));
                    }
                    StmtKind::Assign { lhs, rhs } => {
                        rhs.iter().for_each(|e| names.extend(free_vars(e)));
                        for l in lhs {
                            l.indices.iter().for_each(|e| names.extend(free_vars(e)));
                        }
                    }
                }
            }
        }
        out.extend(names.into_iter().filter(|n| !own.contains(n.as_str())));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(text: &str) -> Program {
        let file = ivl::SourceFile::new("t.ivl", text.to_string());
        ivl::parse(&file).expect("parses")
    }

    const KERNEL: &str = "
var A: [bv32]bv32;
var B: [bv32]bv32;
procedure k(gid: bv32) modifies A, B; {
  var x: bv32; var y: bv32; var i: bv32; var f: bv32;
  entry:
    i := bvadd(gid, 1bv32);
    x := bvmul(gid, 3bv32);
    y := bvadd(x, x);
    f := bvmul(y, y);
    A[i] := y;
    B[gid] := f;
    return;
}
";

    fn havocked(p: &Program) -> Vec<String> {
        let body = p.procedure("k").unwrap().body.as_ref().unwrap();
        body.blocks[0]
            .stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Havoc(v) => Some(v[0].name.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn values_reaching_only_written_values_are_havocked_when_asked() {
        let p = program(KERNEL);
        // Written values are sinks: nothing to drop.
        assert!(slice(&p, "k", false).is_none());
        // Without them only the address `i` is relevant.
        let s = slice(&p, "k", true).expect("something sliced");
        assert_eq!(havocked(&s), vec!["x", "y", "f"]);
    }

    #[test]
    fn values_written_to_memory_a_callee_reads_are_kept() {
        // `g` reads A into an address: the value written to A (y, from x)
        // must stay, or the sliced kernel's accesses in `g` would differ
        // from the kernel's (a false defect taken from the sliced run).
        let text = KERNEL.replace("B[gid] := f;", "B[gid] := f; call g(gid);")
            + "
procedure g(t: bv32) modifies B; {
  var a: bv32;
  entry:
    a := A[t];
    B[a] := 0bv32;
    return;
}
";
        let s = slice(&program(&text), "k", true).expect("f is still dropped");
        assert_eq!(havocked(&s), vec!["f"]);
    }

    #[test]
    fn values_read_back_from_memory_keep_their_writes() {
        let p = program(&KERNEL.replace(
            "B[gid] := f;",
            "B[gid] := f; y := A[gid]; assume bvult(y, 5bv32);",
        ));
        let s = slice(&p, "k", true).expect("f is still dropped");
        // `y` is read back from A into a guard: the value written to A
        // (y, from x) stays, `f` goes.
        assert_eq!(havocked(&s), vec!["f"]);
    }
}
