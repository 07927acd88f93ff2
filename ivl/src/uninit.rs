//! Locals that some path may read before assigning them.
//!
//! Consumes a procedure with a body and its CFG. Produces the locals and
//! results of the procedure that some statement of a reachable block may
//! read when no statement on some path from the entry has assigned them
//! (an `x := ..`, `havoc x` or call returning into `x`; a partial update
//! `x[i] := ..` does not count). `uniformity.rs` makes them per thread
//! (their initial values differ between the threads).
//!
//! Near-linear on long kernels: the locals are interned, each block is
//! summarised once by its upward-exposed uses (read before any assignment
//! in the block) and its assignments, and the may-be-unassigned sets are
//! bit sets over the locals that some block reads upward-exposed only (a
//! local read only after its assignment in the same block is never
//! reported and costs nothing), solved by a worklist in reverse postorder.
//! The result is the least fixpoint of the same equations as the textbook
//! must-analysis of definite assignment (intersection over predecessors),
//! so it names exactly the locals that analysis names.

use crate::ast::{Body, Procedure, StmtKind};
use crate::cfg::Cfg;
use crate::visit::free_vars;
use std::collections::{BTreeSet, HashMap, HashSet};

/// The locals and results of `proc` that a path may read unassigned.
pub fn maybe_uninitialised(cfg: &Cfg, proc: &Procedure, body: &Body) -> BTreeSet<String> {
    let locals: HashSet<&str> = body
        .locals
        .iter()
        .map(|v| v.name.name.as_str())
        .chain(proc.returns.iter().map(|v| v.name.name.as_str()))
        .collect();
    let n = body.blocks.len();
    // Per block: the upward-exposed local reads and the assigned locals.
    let mut exposed: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut kills: Vec<Vec<String>> = vec![Vec::new(); n];
    for &b in cfg.reverse_postorder() {
        let mut assigned_here: HashSet<String> = HashSet::new();
        let mut exposed_here: BTreeSet<String> = BTreeSet::new();
        for s in &body.blocks[b.index()].stmts {
            crate::visit::stmt_exprs(s, &mut |e| {
                for v in free_vars(e) {
                    if locals.contains(v.as_str()) && !assigned_here.contains(&v) {
                        exposed_here.insert(v);
                    }
                }
            });
            assigned(&s.kind, &mut |v| {
                if locals.contains(v) {
                    assigned_here.insert(v.to_string());
                }
            });
        }
        exposed[b.index()] = exposed_here.into_iter().collect();
        kills[b.index()] = assigned_here.into_iter().collect();
    }
    // Interned universe: the locals some block reads upward-exposed.
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut names: Vec<&str> = Vec::new();
    for v in exposed.iter().flatten() {
        index.entry(v.as_str()).or_insert_with(|| {
            names.push(v.as_str());
            names.len() - 1
        });
    }
    if names.is_empty() {
        return BTreeSet::new();
    }
    let words = names.len().div_ceil(64);
    let kill_bits: Vec<Bits> = kills
        .iter()
        .map(|k| {
            Bits::of(
                words,
                k.iter().filter_map(|v| index.get(v.as_str()).copied()),
            )
        })
        .collect();
    // unassigned[b]: locals unassigned on some path to b's entry.
    let mut unassigned: Vec<Option<Bits>> = vec![None; n];
    let order = cfg.reverse_postorder();
    if order.is_empty() {
        return BTreeSet::new();
    }
    unassigned[cfg.entry().index()] = Some(Bits::full(words, names.len()));
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order {
            let Some(at) = &unassigned[b.index()] else {
                continue;
            };
            let out = at.minus(&kill_bits[b.index()]);
            for &t in cfg.succs(b) {
                match &mut unassigned[t.index()] {
                    Some(old) => changed |= old.union_with(&out),
                    slot @ None => {
                        *slot = Some(out.clone());
                        changed = true;
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    for &b in order {
        let Some(at) = &unassigned[b.index()] else {
            continue;
        };
        for v in &exposed[b.index()] {
            if at.contains(index[v.as_str()]) {
                out.insert(v.clone());
            }
        }
    }
    out
}

/// Calls `f` on every variable `kind` assigns as a whole.
fn assigned(kind: &StmtKind, f: &mut dyn FnMut(&str)) {
    match kind {
        StmtKind::Assign { lhs, .. } => {
            for l in lhs {
                if l.indices.is_empty() {
                    f(&l.name.name);
                }
            }
        }
        StmtKind::Havoc(names) => names.iter().for_each(|n| f(&n.name)),
        StmtKind::Call { rets, .. } => rets.iter().for_each(|n| f(&n.name)),
        _ => {}
    }
}

/// A fixed-width bit set.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn of(words: usize, members: impl Iterator<Item = usize>) -> Bits {
        let mut b = Bits(vec![0; words]);
        for i in members {
            b.0[i / 64] |= 1 << (i % 64);
        }
        b
    }

    fn full(words: usize, len: usize) -> Bits {
        Bits::of(words, 0..len)
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn minus(&self, other: &Bits) -> Bits {
        Bits(self.0.iter().zip(&other.0).map(|(a, b)| a & !b).collect())
    }

    /// Adds `other`'s members; whether anything was added.
    fn union_with(&mut self, other: &Bits) -> bool {
        let mut grew = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let next = *a | b;
            grew |= next != *a;
            *a = next;
        }
        grew
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uninit(text: &str) -> Vec<String> {
        let file = crate::SourceFile::new("t.ivl", text.to_string());
        let program = crate::parse(&file).expect("parses");
        let proc = program.procedure("k").expect("k");
        let body = proc.body.as_ref().expect("body");
        let cfg = Cfg::new(body).expect("cfg");
        maybe_uninitialised(&cfg, proc, body).into_iter().collect()
    }

    #[test]
    fn a_local_assigned_on_one_branch_only_is_maybe_unassigned_at_the_join() {
        let text = "
procedure k(c: bool) returns (r: bv32) {
  var x: bv32; var y: bv32; var z: bv32;
  entry: goto a, b;
  a: assume c; x := 1bv32; y := 2bv32; goto j;
  b: assume !c; y := 3bv32; goto j;
  j: z := bvadd(x, y); r := bvadd(z, z); return;
}";
        assert_eq!(uninit(text), vec!["x"]);
    }

    #[test]
    fn a_loop_carried_local_read_before_its_first_assignment_is_reported() {
        let text = "
procedure k(n: bv32) {
  var i: bv32; var s: bv32; var t: bv32;
  entry: i := 0bv32; goto head;
  head: goto body, done;
  body: assume bvult(i, n); t := bvadd(s, i); s := t; i := bvadd(i, 1bv32); goto head;
  done: assume !bvult(i, n); return;
}";
        // `s` is read in the first iteration before any assignment; `t`
        // is read only after its assignment in the same block.
        assert_eq!(uninit(text), vec!["s"]);
    }

    #[test]
    fn havoc_and_call_results_count_as_assignments_partial_updates_do_not() {
        let text = "
procedure f() returns (r: bv32);
procedure k() {
  var a: bv32; var b: bv32; var m: [bv32]bv32; var c: bv32;
  entry: havoc a; call b := f(); m[a] := b; c := m[b]; return;
}";
        assert_eq!(uninit(text), vec!["m"]);
    }
}
