//! SMT-LIB2 text for terms and solver commands, with sharing preserved.
//!
//! Consumes terms of a [`TermStore`]; produces SMT-LIB2 commands. Guarantees:
//! the text is linear in the size of the term DAG: a node used more than
//! once (or nested too deeply) is emitted once as a nullary `define-fun`
//! and referred to by name afterwards; free constants and functions are
//! declared exactly once before their first use (per push level); terms
//! that mention quantifier-bound variables stay inline under their
//! quantifier. Printing is iterative over hoisted nodes, so deep terms
//! cannot overflow the stack. Deliberately does not: talk to any process
//! (see `backend::process`) or choose solver options beyond [`header`].

use crate::term::{FuncId, Op, Sort, TermId, TermStore};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// Inline nesting beyond this depth is cut by a `define-fun`.
const MAX_INLINE_DEPTH: u32 = 32;

/// A Boolean constant, possibly negated, for `check-sat-assuming`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lit {
    pub term: TermId,
    pub positive: bool,
}

impl Lit {
    pub fn pos(term: TermId) -> Lit {
        Lit {
            term,
            positive: true,
        }
    }

    pub fn neg(term: TermId) -> Lit {
        Lit {
            term,
            positive: false,
        }
    }
}

/// Which solver a transcript is meant for: the options differ slightly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Z3,
    Cvc5,
}

/// The commands that start every session. `timeout_ms` is the per-query
/// budget (z3 reads it as an option; cvc5 takes it on its command line);
/// `logic` is the query's [`crate::logic::Logic`].
pub fn header(dialect: Dialect, timeout_ms: Option<u64>, logic: crate::logic::Logic) -> String {
    let mut s = String::from("(set-option :print-success false)\n");
    s.push_str("(set-option :produce-models true)\n");
    match dialect {
        Dialect::Z3 => {
            if let Some(ms) = timeout_ms {
                let _ = writeln!(s, "(set-option :timeout {ms})");
            }
        }
        Dialect::Cvc5 => {
            s.push_str("(set-option :incremental true)\n");
            if let Some(ms) = timeout_ms {
                let _ = writeln!(s, "(set-option :tlimit-per {ms})");
            }
        }
    }
    let _ = writeln!(s, "(set-logic {})", logic.smt_name());
    s
}

/// The quoted SMT-LIB symbol of a constant, function or bound variable.
/// A quoted symbol is the same symbol as its unquoted form, and cvc5
/// refuses to declare one that names a theory function (`and`, `or`,
/// `xor`, `exp`, `abs`, `div`, `select`, `bvadd`, `fp.add`, ...: LLVM names
/// `%and = and i32 ...` so), so such names, and names ending in the mark
/// (which keeps the renaming one-to-one), get a trailing `'`.
pub fn quote(name: &str) -> String {
    if shadows_theory_symbol(name) || name.ends_with(RENAME_MARK) {
        format!("|{name}{RENAME_MARK}|")
    } else {
        format!("|{name}|")
    }
}

const RENAME_MARK: char = '\'';

/// Function and constant symbols of the theories `(set-logic ALL)` brings
/// into scope in cvc5 and z3 (core, arrays, integers and reals with the
/// transcendental extension, bit-vectors, floating point, strings,
/// sequences, sets, bags, tuples, separation logic).
const THEORY_SYMBOLS: &[&str] = &[
    "true",
    "false",
    "not",
    "=>",
    "and",
    "or",
    "xor",
    "=",
    "distinct",
    "ite",
    "select",
    "store",
    "div",
    "mod",
    "abs",
    "to_real",
    "to_int",
    "is_int",
    "divisible",
    "exp",
    "sin",
    "cos",
    "tan",
    "csc",
    "sec",
    "cot",
    "arcsin",
    "arccos",
    "arctan",
    "arccsc",
    "arcsec",
    "arccot",
    "sqrt",
    "pi",
    "concat",
    "extract",
    "repeat",
    "zero_extend",
    "sign_extend",
    "rotate_left",
    "rotate_right",
    "nat2bv",
    "int2bv",
    "iand",
    "fp",
    "to_fp",
    "to_fp_unsigned",
    "to_ubv",
    "to_sbv",
    "RNE",
    "RNA",
    "RTP",
    "RTN",
    "RTZ",
    "roundNearestTiesToEven",
    "roundNearestTiesToAway",
    "roundTowardPositive",
    "roundTowardNegative",
    "roundTowardZero",
    "tuple",
    "bag",
    "sep",
    "pto",
    "emp",
    "nil",
    "let",
    "forall",
    "exists",
    "match",
    "par",
    "as",
    "lambda",
    "witness",
    "_",
    "!",
];

/// Prefixes of the theories' dotted names (`str.len`, `fp.add`, ...).
const THEORY_PREFIXES: &[&str] = &[
    "str.",
    "re.",
    "seq.",
    "set.",
    "bag.",
    "fp.",
    "real.",
    "int.",
    "tuple.",
    "rel.",
    "sep.",
    "table.",
    "nullable.",
    "ff.",
    "char.",
];

fn shadows_theory_symbol(name: &str) -> bool {
    THEORY_SYMBOLS.contains(&name)
        || THEORY_PREFIXES.iter().any(|p| name.starts_with(p))
        // bvadd, bvult, bvredor, bv2nat, bvsaddo, ...
        || (name.starts_with("bv")
            && name[2..]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
}

/// Tracks what a solver has already seen and writes commands for the rest.
#[derive(Default)]
pub struct Emitter {
    /// Terms with a name in the solver: declared constants and hoisted nodes.
    named: HashMap<TermId, String>,
    funcs: HashSet<FuncId>,
    /// What each push level introduced, to forget it on pop.
    levels: Vec<(Vec<TermId>, Vec<FuncId>)>,
    current: (Vec<TermId>, Vec<FuncId>),
}

impl Emitter {
    pub fn new() -> Emitter {
        Emitter::default()
    }

    pub fn push(&mut self, out: &mut String) {
        self.levels.push(std::mem::take(&mut self.current));
        out.push_str("(push 1)\n");
    }

    pub fn pop(&mut self, out: &mut String) {
        let (terms, funcs) = std::mem::take(&mut self.current);
        for t in terms {
            self.named.remove(&t);
        }
        for f in funcs {
            self.funcs.remove(&f);
        }
        self.current = self.levels.pop().unwrap_or_default();
        out.push_str("(pop 1)\n");
    }

    pub fn assert(&mut self, store: &TermStore, t: TermId, out: &mut String) {
        let text = self.prepare(store, &[t], out).remove(0);
        let _ = writeln!(out, "(assert {text})");
    }

    pub fn check_sat_assuming(&mut self, store: &TermStore, lits: &[Lit], out: &mut String) {
        let terms: Vec<TermId> = lits.iter().map(|l| l.term).collect();
        let texts = self.prepare(store, &terms, out);
        if lits.is_empty() {
            // cvc5 rejects an empty assumption list.
            out.push_str("(check-sat)\n");
            return;
        }
        out.push_str("(check-sat-assuming (");
        for (i, (l, t)) in lits.iter().zip(texts).enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if l.positive {
                out.push_str(&t);
            } else {
                let _ = write!(out, "(not {t})");
            }
        }
        out.push_str("))\n");
    }

    pub fn get_value(&mut self, store: &TermStore, terms: &[TermId], out: &mut String) {
        let texts = self.prepare(store, terms, out);
        let _ = writeln!(out, "(get-value ({}))", texts.join(" "));
    }

    /// Declares and defines what `roots` need; returns their text.
    pub fn prepare(
        &mut self,
        store: &TermStore,
        roots: &[TermId],
        out: &mut String,
    ) -> Vec<String> {
        // The new part of the DAG, and how often each new node is used.
        let mut refs: HashMap<TermId, u32> = HashMap::new();
        let mut stack: Vec<TermId> = roots.to_vec();
        for r in roots {
            *refs.entry(*r).or_insert(0) += 1;
        }
        let mut seen: HashSet<TermId> = HashSet::new();
        while let Some(t) = stack.pop() {
            if self.named.contains_key(&t) || !seen.insert(t) {
                continue;
            }
            for &a in &store.node(t).args {
                *refs.entry(a).or_insert(0) += 1;
                stack.push(a);
            }
        }
        let mut order: Vec<TermId> = seen.into_iter().collect();
        order.sort();
        let mut depth: HashMap<TermId, u32> = HashMap::new();
        for &t in &order {
            let node = store.node(t);
            if let Op::Apply(f) = node.op {
                self.declare_func(store, f, out);
            }
            match &node.op {
                Op::Const(name) => {
                    let _ = writeln!(out, "(declare-fun {} () {})", quote(name), store.sort(t));
                    self.name(t, quote(name));
                    continue;
                }
                Op::True | Op::False | Op::IntLit(_) | Op::BvLit { .. } | Op::Bound(_) => {
                    continue;
                }
                _ => {}
            }
            let d = 1 + node
                .args
                .iter()
                .map(|a| depth.get(a).copied().unwrap_or(0))
                .max()
                .unwrap_or(0);
            let shared = refs.get(&t).copied().unwrap_or(0) >= 2;
            if !store.has_bound(t) && (shared || d > MAX_INLINE_DEPTH) {
                let name = format!("|%{}|", t.index());
                let body = self.inline(store, t);
                let _ = writeln!(out, "(define-fun {name} () {} {body})", store.sort(t));
                self.name(t, name);
            } else {
                depth.insert(t, d);
            }
        }
        roots.iter().map(|&r| self.text(store, r)).collect()
    }

    fn name(&mut self, t: TermId, name: String) {
        self.named.insert(t, name);
        self.current.0.push(t);
    }

    fn declare_func(&mut self, store: &TermStore, f: FuncId, out: &mut String) {
        if !self.funcs.insert(f) {
            return;
        }
        self.current.1.push(f);
        let decl = store.func(f);
        let args: Vec<String> = decl.args.iter().map(Sort::to_string).collect();
        let _ = writeln!(
            out,
            "(declare-fun {} ({}) {})",
            quote(&decl.name),
            args.join(" "),
            decl.ret
        );
    }

    /// The text of a term: its name if it has one, else its inline form.
    pub fn text(&self, store: &TermStore, t: TermId) -> String {
        match self.named.get(&t) {
            Some(n) => n.clone(),
            None => self.inline(store, t),
        }
    }

    /// The term's own operator applied to the texts of its arguments.
    fn inline(&self, store: &TermStore, t: TermId) -> String {
        let node = store.node(t);
        let args: Vec<String> = node.args.iter().map(|&a| self.text(store, a)).collect();
        let app = |head: &str| format!("({head} {})", args.join(" "));
        match &node.op {
            Op::True => "true".into(),
            Op::False => "false".into(),
            Op::IntLit(i) if *i < 0 => format!("(- {})", i.unsigned_abs()),
            Op::IntLit(i) => i.to_string(),
            Op::BvLit { value, width } => bv_literal(*value, *width),
            Op::Const(n) | Op::Bound(n) => quote(n),
            Op::Not => app("not"),
            Op::And => app("and"),
            Op::Or => app("or"),
            Op::Implies => app("=>"),
            Op::Ite => app("ite"),
            Op::Eq => app("="),
            Op::IntNeg | Op::IntSub => app("-"),
            Op::IntAdd => app("+"),
            Op::IntMul => app("*"),
            Op::IntDiv => app("div"),
            Op::IntMod => app("mod"),
            Op::IntLt => app("<"),
            Op::IntLe => app("<="),
            Op::IntGt => app(">"),
            Op::IntGe => app(">="),
            Op::BvNeg => app("bvneg"),
            Op::BvNot => app("bvnot"),
            Op::BvBin(op) => app(op.smt_name()),
            Op::BvCmp(op) => app(op.smt_name()),
            Op::Concat => app("concat"),
            Op::Extract { hi, lo } => app(&format!("(_ extract {hi} {lo})")),
            Op::ZeroExt(n) => app(&format!("(_ zero_extend {n})")),
            Op::SignExt(n) => app(&format!("(_ sign_extend {n})")),
            Op::Select => app("select"),
            Op::Store => app("store"),
            Op::Apply(f) => {
                let name = quote(&store.func(*f).name);
                if args.is_empty() {
                    name
                } else {
                    app(&name)
                }
            }
            Op::Forall | Op::Exists => {
                let kw = if node.op == Op::Forall {
                    "forall"
                } else {
                    "exists"
                };
                let (vars, body) = node.args.split_at(node.args.len() - 1);
                let binders: Vec<String> = vars
                    .iter()
                    .map(|&v| format!("({} {})", self.inline(store, v), store.sort(v)))
                    .collect();
                format!(
                    "({kw} ({}) {})",
                    binders.join(" "),
                    self.text(store, body[0])
                )
            }
        }
    }
}

pub fn bv_literal(value: u128, width: u32) -> String {
    if width % 4 == 0 {
        format!("#x{:0>w$x}", value, w = (width / 4) as usize)
    } else {
        format!("#b{:0>w$b}", value, w = width as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::BvBinOp;

    #[test]
    fn shared_nodes_are_defined_once() {
        let mut s = TermStore::new();
        let x = s.fresh_const("x", Sort::Bv(8));
        let mut t = x;
        // t_{i+1} = t_i + t_i: a tree of 2^40 leaves, a DAG of 40 nodes.
        for _ in 0..40 {
            t = s.bv_bin(BvBinOp::Add, t, t).unwrap();
        }
        let zero = s.bv(0, 8).unwrap();
        let goal = s.eq(t, zero).unwrap();
        let mut e = Emitter::new();
        let mut out = String::new();
        e.assert(&s, goal, &mut out);
        assert!(out.len() < 4000, "{out}");
        assert_eq!(out.matches("declare-fun |x|").count(), 1);
        // Asserting again reuses every definition.
        let mut again = String::new();
        e.assert(&s, goal, &mut again);
        assert_eq!(again.lines().count(), 1, "{again}");
    }

    #[test]
    fn theory_symbol_names_are_renamed_one_to_one() {
        assert_eq!(quote("x"), "|x|");
        assert_eq!(quote("and"), "|and'|");
        assert_eq!(quote("bvadd"), "|bvadd'|");
        assert_eq!(quote("str.len"), "|str.len'|");
        assert_eq!(quote("and'"), "|and''|");
        assert_eq!(quote("x'"), "|x''|");
        assert_eq!(quote("add.ptr5"), "|add.ptr5|");
        assert_eq!(quote("bvX"), "|bvX|");
    }

    #[test]
    fn literals() {
        assert_eq!(bv_literal(10, 8), "#x0a");
        assert_eq!(bv_literal(5, 3), "#b101");
        let mut s = TermStore::new();
        let m = s.int(-5);
        assert_eq!(Emitter::new().text(&s, m), "(- 5)");
    }

    #[test]
    fn pop_forgets_declarations() {
        let mut s = TermStore::new();
        let x = s.fresh_const("x", Sort::Bool);
        let mut e = Emitter::new();
        let mut out = String::new();
        e.push(&mut out);
        e.assert(&s, x, &mut out);
        e.pop(&mut out);
        e.assert(&s, x, &mut out);
        assert_eq!(out.matches("declare-fun").count(), 2, "{out}");
    }
}
