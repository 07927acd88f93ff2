//! Slicing of the kernel before the two-thread transform.
//!
//! Consumes a kernel program and the name of its kernel procedure.
//! Produces, when something can be dropped, a copy in which every
//! assignment of the kernel procedure whose value reaches no *sink* is
//! replaced by a `havoc` of its targets. Sinks: every expression of an
//! `assume` (branch guards), `assert` (assertions, invariants), call
//! (barriers and other calls), attribute and contract; every index of a
//! shared array (addresses of reads and writes: `{:global}`,
//! `{:group_shared}`, `{:constant}`); and, unless `drop_written_values`,
//! every value written to a shared array (the benign-write comparison).
//! A variable reaches a sink when it occurs in one, or in the right-hand
//! side or an index of an assignment to a variable that does (a
//! flow-insensitive backward closure, by worklist: linear in the program).
//! A shared read into a relevant variable makes that array relevant, so
//! the values written to it are sinks.
//!
//! *Thread-local state* is the procedure's locals and returns and the
//! per-thread arrays (map globals without a memory space: private arrays
//! such as a hash context or a message buffer). Their accesses are never
//! race-checked, so their indices are not sinks (only dependences of what
//! is read), and an assignment to an irrelevant per-thread array becomes a
//! `havoc` of the whole array (added 2026-11-24, s9-scale: before, every
//! private read counted as a memory access and every private index as an
//! address, which kept all of hashcat's MD5 rounds).
//!
//! [`slice_with`] with `cut_read_only_reads` also replaces by a `havoc` of
//! its targets every assignment to thread-local state that reads a shared
//! array the kernel never writes (no race can involve such a read), even
//! when its value is relevant: an over-approximation (the read's value
//! becomes arbitrary; two reads of the same element may then differ) whose
//! *proofs* carry over and whose defects do not (callers take only
//! "verified" from it).
//!
//! Guarantees (SOUNDNESS.md, "Slicing"): only assignments to thread-local
//! state without reads of arrays the kernel writes are replaced
//! (race-checked accesses are never removed), and replacing `x := e` by
//! `havoc x` only adds executions, so every check of the sliced kernel
//! covers the original's: a proof of the sliced kernel is a proof of the
//! original. With `drop_written_values` a written value may become
//! arbitrary, which can only turn a benign write-write pair into a
//! reported race (callers verify the original when the sliced kernel is not
//! proved). Deliberately does not: slice procedures other than the kernel,
//! or reorder statements.

use ivl::ast::{AttrArg, Expr, ExprKind, Ident, Procedure, Program, Stmt, StmtKind, Type};
use ivl::visit::{free_vars, walk_expr};
use std::collections::{HashMap, HashSet};

/// What [`slice_with`] may drop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliceOptions {
    /// Values written to shared arrays are not sinks.
    pub drop_written_values: bool,
    /// Assignments reading arrays the kernel never writes are havocked
    /// even when relevant (over-approximating: take proofs only).
    pub cut_read_only_reads: bool,
}

/// The sliced program, or `None` when every assignment reaches a sink.
pub fn slice(program: &Program, procedure: &str, drop_written_values: bool) -> Option<Program> {
    slice_with(
        program,
        procedure,
        SliceOptions {
            drop_written_values,
            cut_read_only_reads: false,
        },
    )
}

/// The names the slicer treats as thread-local state or as never-written
/// shared arrays.
struct Names<'a> {
    /// Locals, returns and per-thread arrays.
    state: HashSet<&'a str>,
    /// Shared arrays no statement of the program assigns or havocs (empty
    /// unless cutting, and when the kernel calls a non-builtin procedure).
    read_only: HashSet<&'a str>,
    /// The arrays whose reads the cut havocs: `read_only` and, when it is
    /// not empty, the per-thread arrays.
    cut_from: HashSet<&'a str>,
}

impl Names<'_> {
    /// Whether `e` reads an array that is not thread-local state.
    fn reads_shared(&self, e: &Expr) -> bool {
        self.reads(e, |m| !self.state.contains(m))
    }

    /// Whether `e` reads a shared array that some statement writes.
    fn reads_written_shared(&self, e: &Expr) -> bool {
        self.reads(e, |m| {
            !self.state.contains(m) && !self.read_only.contains(m)
        })
    }

    fn reads(&self, e: &Expr, pred: impl Fn(&str) -> bool) -> bool {
        let mut found = false;
        walk_expr(e, &mut |x| {
            if let ExprKind::Select(m, _) = &x.kind {
                match &m.kind {
                    ExprKind::Var(n) => found |= pred(n.as_str()),
                    _ => found = true,
                }
            }
        });
        found
    }

    /// An assignment the cut havocs whatever its relevance.
    fn cut(&self, s: &Stmt) -> bool {
        let StmtKind::Assign { lhs, rhs } = &s.kind else {
            return false;
        };
        !self.cut_from.is_empty()
            && lhs
                .iter()
                .all(|l| self.state.contains(l.name.name.as_str()))
            && rhs.iter().all(|e| !self.reads_written_shared(e))
            && rhs
                .iter()
                .any(|e| self.reads(e, |m| self.cut_from.contains(m)))
    }
}

/// The sliced program, or `None` when nothing is dropped.
pub fn slice_with(program: &Program, procedure: &str, options: SliceOptions) -> Option<Program> {
    let proc = program.procedure(procedure)?;
    let body = proc.body.as_ref()?;
    let mut state: HashSet<&str> = body
        .locals
        .iter()
        .map(|v| v.name.name.as_str())
        .chain(proc.returns.iter().map(|v| v.name.name.as_str()))
        .collect();
    let private: Vec<&str> = per_thread_arrays(program).collect();
    state.extend(private.iter().copied());
    let read_only = if options.cut_read_only_reads && calls_only_builtins(proc) {
        never_written(program, &state)
    } else {
        HashSet::new()
    };
    let mut cut_from = read_only.clone();
    if options.cut_read_only_reads && calls_only_builtins(proc) {
        cut_from.extend(private);
    }
    let names = Names {
        state,
        read_only,
        cut_from,
    };
    let relevant = relevant_names(program, proc, &names, options.drop_written_values);
    let sliceable = |s: &Stmt| -> bool {
        if names.cut(s) {
            return true;
        }
        let StmtKind::Assign { lhs, rhs } = &s.kind else {
            return false;
        };
        lhs.iter().all(|l| {
            names.state.contains(l.name.name.as_str()) && !relevant.contains(l.name.name.as_str())
        }) && rhs.iter().all(|e| !names.reads_shared(e))
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
                let mut targets: Vec<Ident> = Vec::new();
                for l in lhs {
                    if !targets.iter().any(|t| t.name == l.name.name) {
                        targets.push(l.name.clone());
                    }
                }
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

/// Map globals without a memory space: per-thread arrays.
fn per_thread_arrays(program: &Program) -> impl Iterator<Item = &str> {
    program
        .global_vars()
        .filter(|g| {
            matches!(g.ty, Type::Map(..))
                && !ivl::kernel::MEMORY_SPACE_ATTRS
                    .iter()
                    .any(|a| ivl::ast::has_attr(&g.attrs, a))
        })
        .map(|g| g.name.name.as_str())
}

/// Whether every call of `proc` is to a builtin procedure (barriers): no
/// callee can write memory the cut treats as read-only.
fn calls_only_builtins(proc: &Procedure) -> bool {
    proc.body
        .iter()
        .flat_map(|b| &b.blocks)
        .flat_map(|b| &b.stmts)
        .all(|s| match &s.kind {
            StmtKind::Call { callee, .. } => ivl::kernel::is_builtin_procedure(&callee.name),
            _ => true,
        })
}

/// The shared arrays (globals that are not thread-local state) that no
/// statement of any procedure assigns or havocs.
fn never_written<'a>(program: &'a Program, state: &HashSet<&str>) -> HashSet<&'a str> {
    let mut written: HashSet<&str> = HashSet::new();
    for p in program.procedures() {
        for s in p.body.iter().flat_map(|b| &b.blocks).flat_map(|b| &b.stmts) {
            match &s.kind {
                StmtKind::Assign { lhs, .. } => {
                    written.extend(lhs.iter().map(|l| l.name.name.as_str()))
                }
                StmtKind::Havoc(vs) => written.extend(vs.iter().map(|v| v.name.as_str())),
                StmtKind::Call { rets, .. } => written.extend(rets.iter().map(|r| r.name.as_str())),
                _ => {}
            }
        }
    }
    program
        .global_vars()
        .map(|g| g.name.name.as_str())
        .filter(|n| !state.contains(n) && !written.contains(n))
        .collect()
}

/// The names whose values may reach a sink.
fn relevant_names(
    program: &Program,
    proc: &Procedure,
    names: &Names,
    drop_written_values: bool,
) -> HashSet<String> {
    let mut sinks: Vec<String> = Vec::new();
    let mut deps: HashMap<String, Vec<String>> = HashMap::new();
    let sink = |e: &Expr, sinks: &mut Vec<String>| sinks.extend(free_vars(e));
    let addresses = |e: &Expr, sinks: &mut Vec<String>| {
        walk_expr(e, &mut |x| {
            if let ExprKind::Select(m, i) = &x.kind {
                let state = matches!(&m.kind, ExprKind::Var(n) if names.state.contains(n.as_str()));
                if !state {
                    sinks.extend(free_vars(i));
                }
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
                // Havocked whatever its relevance: no dependences.
                StmtKind::Assign { .. } if names.cut(s) => {}
                StmtKind::Assign { lhs, rhs } => {
                    for (l, e) in lhs.iter().zip(rhs) {
                        addresses(e, &mut sinks);
                        let state = names.state.contains(l.name.name.as_str());
                        if !state {
                            for i in &l.indices {
                                sink(i, &mut sinks);
                            }
                            if !drop_written_values {
                                sink(e, &mut sinks);
                            }
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
var {:global} A: [bv32]bv32;
var {:global} B: [bv32]bv32;
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

    const PRIVATE: &str = "
var {:global} A: [bv32]bv32;
var {:global} T: [bv32]bv32;
var {:global} H: [bv32]bv32;
var {:source_name \"ctx\"} P: [bv32]bv32;
procedure k(gid: bv32) modifies A, H, P; {
  var w: bv32; var h: bv32; var r: bv32; var t: bv32; var i: bv32;
  entry:
    w := T[gid];
    P[bvand(w, 3bv32)] := bvmul(w, 2654435761bv32);
    h := P[0bv32];
    h := bvxor(h, bvlshr(h, 7bv32));
    r := A[bvand(h, 7bv32)];
    t := H[gid];
    i := bvadd(t, 1bv32);
    A[gid] := r;
    return;
}
";

    fn havocs(p: &Program) -> Vec<String> {
        let body = p.procedure("k").unwrap().body.as_ref().unwrap();
        body.blocks[0]
            .stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Havoc(v) => Some(
                    v.iter()
                        .map(|n| n.name.clone())
                        .collect::<Vec<_>>()
                        .join(","),
                ),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn private_arrays_are_thread_local_state() {
        // `h` indexes A (an address): the private P it comes from and what
        // was written into it stay; `i` reaches nothing, and the read of H
        // into `t` is a shared read (race-checked), kept.
        let s = slice(&program(PRIVATE), "k", true).expect("i dropped");
        assert_eq!(havocs(&s), vec!["i"]);
        // Without the address, P reaches nothing: its write becomes a
        // havoc of the whole array and its read a havoc of `h`.
        let text = PRIVATE.replace("r := A[bvand(h, 7bv32)];", "r := A[gid];");
        let s = slice(&program(&text), "k", true).expect("P dropped");
        assert_eq!(havocs(&s), vec!["P", "h", "h", "i"]);
    }

    #[test]
    fn the_cut_havocs_reads_of_never_written_and_private_arrays() {
        let cut = SliceOptions {
            drop_written_values: true,
            cut_read_only_reads: true,
        };
        // T is never written: `w` is havocked though it reaches an
        // address; so is the read of P into `h` (the arithmetic on it
        // stays: it reaches the address). H is never written either, its
        // read into `t` goes; A is written, its read stays (a race-checked
        // access).
        let s = slice_with(&program(PRIVATE), "k", cut).expect("cut");
        assert_eq!(havocs(&s), vec!["w", "P", "h", "t", "i"]);
        // A write to H makes its read stay.
        let text = PRIVATE.replace("A[gid] := r;", "A[gid] := r; H[gid] := r;");
        let s = slice_with(&program(&text), "k", cut).expect("cut");
        assert_eq!(havocs(&s), vec!["w", "P", "h", "i"]);
        // A call to a procedure that could write memory disables the cut.
        let text = PRIVATE.replace("A[gid] := r;", "A[gid] := r; call g();")
            + "procedure g() modifies T; { entry: T[0bv32] := 1bv32; return; }";
        let s = slice_with(&program(&text), "k", cut).expect("i dropped");
        assert_eq!(havocs(&s), vec!["i"]);
    }
}
