//! The term IR: a hash-consed, sort-checked DAG of SMT terms.
//!
//! Consumes nothing from the IVL: callers build terms through the smart
//! constructors of [`TermStore`]. Guarantees: every [`TermId`] names a
//! well-sorted term (constructors check sorts and return [`TermError`]
//! otherwise, so no back-end ever receives an ill-sorted term); structurally
//! equal terms get the same id (sharing is preserved, which keeps the VC
//! linear in the program); the children of a term always have smaller ids
//! than the term itself, so back-ends translate in ascending id order without
//! recursion. Deliberately does not: rewrite beyond trivial Boolean
//! simplifications, or know any back-end syntax.

use std::collections::HashMap;
use std::fmt;

/// The sort of a term.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sort {
    Bool,
    Int,
    Bv(u32),
    Array(Box<Sort>, Box<Sort>),
}

impl Sort {
    pub fn array(domain: Sort, range: Sort) -> Sort {
        Sort::Array(Box::new(domain), Box::new(range))
    }
}

impl fmt::Display for Sort {
    /// SMT-LIB syntax.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Bool => f.write_str("Bool"),
            Sort::Int => f.write_str("Int"),
            Sort::Bv(w) => write!(f, "(_ BitVec {w})"),
            Sort::Array(d, r) => write!(f, "(Array {d} {r})"),
        }
    }
}

/// A term in a [`TermStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(u32);

impl TermId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An uninterpreted function declared in a [`TermStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(u32);

impl FuncId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncDecl {
    pub name: String,
    pub args: Vec<Sort>,
    pub ret: Sort,
}

/// Operators, named after their SMT-LIB counterparts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    True,
    False,
    IntLit(i128),
    BvLit {
        value: u128,
        width: u32,
    },
    /// A free constant (declared with `declare-fun`); the name is unique in
    /// its store.
    Const(String),
    /// A variable bound by an enclosing quantifier; unique in its store.
    Bound(String),
    Not,
    And,
    Or,
    Implies,
    Ite,
    Eq,
    IntNeg,
    IntAdd,
    IntSub,
    IntMul,
    IntDiv,
    IntMod,
    IntLt,
    IntLe,
    IntGt,
    IntGe,
    BvNeg,
    BvNot,
    /// Binary bit-vector operations returning a bit-vector of the same width.
    BvBin(BvBinOp),
    /// Bit-vector comparisons.
    BvCmp(BvCmpOp),
    Concat,
    /// SMT-LIB `(_ extract hi lo)`: `hi` inclusive.
    Extract {
        hi: u32,
        lo: u32,
    },
    /// `(_ zero_extend n)` / `(_ sign_extend n)`: adds `n` bits.
    ZeroExt(u32),
    SignExt(u32),
    Select,
    Store,
    Apply(FuncId),
    /// `args = [bound vars..., body]`.
    Forall,
    Exists,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BvBinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    SMod,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

impl BvBinOp {
    pub fn smt_name(self) -> &'static str {
        use BvBinOp::*;
        match self {
            Add => "bvadd",
            Sub => "bvsub",
            Mul => "bvmul",
            UDiv => "bvudiv",
            SDiv => "bvsdiv",
            URem => "bvurem",
            SRem => "bvsrem",
            SMod => "bvsmod",
            Shl => "bvshl",
            LShr => "bvlshr",
            AShr => "bvashr",
            And => "bvand",
            Or => "bvor",
            Xor => "bvxor",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BvCmpOp {
    ULt,
    ULe,
    UGt,
    UGe,
    SLt,
    SLe,
    SGt,
    SGe,
}

impl BvCmpOp {
    pub fn smt_name(self) -> &'static str {
        use BvCmpOp::*;
        match self {
            ULt => "bvult",
            ULe => "bvule",
            UGt => "bvugt",
            UGe => "bvuge",
            SLt => "bvslt",
            SLe => "bvsle",
            SGt => "bvsgt",
            SGe => "bvsge",
        }
    }
}

/// One node of the DAG.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    pub op: Op,
    pub args: Vec<TermId>,
}

/// A sort error: a constructor was given arguments of the wrong sorts. For
/// type-checked programs this is a bug in the caller; it is reported, never
/// panicked on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ill-sorted term: {0}")]
pub struct TermError(pub String);

type TResult = Result<TermId, TermError>;

/// The hash-consing store. Append-only: ids stay valid for its lifetime.
#[derive(Default)]
pub struct TermStore {
    nodes: Vec<Node>,
    sorts: Vec<Sort>,
    /// Whether a term mentions a bound variable (such terms must stay under
    /// their quantifier when printed).
    has_bound: Vec<bool>,
    /// Whether a term contains a quantifier (a solver's model cannot give
    /// such a term a value).
    has_quantifier: Vec<bool>,
    interned: HashMap<Node, TermId>,
    funcs: Vec<FuncDecl>,
    names: HashMap<String, u32>,
}

impl TermStore {
    pub fn new() -> TermStore {
        TermStore::default()
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.index()]
    }

    pub fn sort(&self, t: TermId) -> &Sort {
        &self.sorts[t.index()]
    }

    pub fn has_bound(&self, t: TermId) -> bool {
        self.has_bound[t.index()]
    }

    pub fn has_quantifier(&self, t: TermId) -> bool {
        self.has_quantifier[t.index()]
    }

    pub fn func(&self, f: FuncId) -> &FuncDecl {
        &self.funcs[f.index()]
    }

    pub fn funcs(&self) -> impl Iterator<Item = (FuncId, &FuncDecl)> {
        self.funcs
            .iter()
            .enumerate()
            .map(|(i, d)| (FuncId(i as u32), d))
    }

    /// A name not used before in this store, based on `base`.
    pub fn fresh_name(&mut self, base: &str) -> String {
        let mut counter = self.names.get(base).copied().unwrap_or(0);
        loop {
            let name = if counter == 0 {
                base.to_string()
            } else {
                format!("{base}!{counter}")
            };
            counter += 1;
            if !self.names.contains_key(&name) {
                self.names.insert(base.to_string(), counter);
                self.names.entry(name.clone()).or_insert(1);
                return name;
            }
        }
    }

    fn intern(&mut self, op: Op, args: Vec<TermId>, sort: Sort) -> TermId {
        let node = Node { op, args };
        if let Some(&id) = self.interned.get(&node) {
            return id;
        }
        let id = TermId(self.nodes.len() as u32);
        let bound = matches!(node.op, Op::Bound(_))
            || (!matches!(node.op, Op::Forall | Op::Exists)
                && node.args.iter().any(|a| self.has_bound[a.index()]));
        let quantifier = matches!(node.op, Op::Forall | Op::Exists)
            || node.args.iter().any(|a| self.has_quantifier[a.index()]);
        self.nodes.push(node.clone());
        self.sorts.push(sort);
        self.has_bound.push(bound);
        self.has_quantifier.push(quantifier);
        self.interned.insert(node, id);
        id
    }

    fn expect(&self, t: TermId, sort: &Sort, what: &str) -> Result<(), TermError> {
        if self.sort(t) == sort {
            Ok(())
        } else {
            Err(TermError(format!(
                "{what}: expected {sort}, found {}",
                self.sort(t)
            )))
        }
    }

    fn bv_width(&self, t: TermId, what: &str) -> Result<u32, TermError> {
        match self.sort(t) {
            Sort::Bv(w) => Ok(*w),
            s => Err(TermError(format!(
                "{what}: expected a bit-vector, found {s}"
            ))),
        }
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        let op = if b { Op::True } else { Op::False };
        self.intern(op, vec![], Sort::Bool)
    }

    pub fn int(&mut self, value: i128) -> TermId {
        self.intern(Op::IntLit(value), vec![], Sort::Int)
    }

    pub fn bv(&mut self, value: u128, width: u32) -> TResult {
        if width == 0 || width > 128 || (width < 128 && value >> width != 0) {
            return Err(TermError(format!("bit-vector literal {value}bv{width}")));
        }
        Ok(self.intern(Op::BvLit { value, width }, vec![], Sort::Bv(width)))
    }

    /// A fresh free constant named after `base`.
    pub fn fresh_const(&mut self, base: &str, sort: Sort) -> TermId {
        let name = self.fresh_name(base);
        self.intern(Op::Const(name), vec![], sort)
    }

    /// A fresh variable for a quantifier to bind.
    pub fn fresh_bound(&mut self, base: &str, sort: Sort) -> TermId {
        let name = self.fresh_name(base);
        self.intern(Op::Bound(name), vec![], sort)
    }

    pub fn declare_fun(&mut self, name: &str, args: Vec<Sort>, ret: Sort) -> FuncId {
        let name = self.fresh_name(name);
        self.funcs.push(FuncDecl { name, args, ret });
        FuncId(self.funcs.len() as u32 - 1)
    }

    pub fn literal_bool(&self, t: TermId) -> Option<bool> {
        match self.node(t).op {
            Op::True => Some(true),
            Op::False => Some(false),
            _ => None,
        }
    }

    pub fn not(&mut self, a: TermId) -> TResult {
        self.expect(a, &Sort::Bool, "not")?;
        if let Some(b) = self.literal_bool(a) {
            return Ok(self.bool(!b));
        }
        if self.node(a).op == Op::Not {
            return Ok(self.node(a).args[0]);
        }
        Ok(self.intern(Op::Not, vec![a], Sort::Bool))
    }

    /// N-ary conjunction; `true` when empty.
    pub fn and(&mut self, args: &[TermId]) -> TResult {
        self.junction(Op::And, args, true)
    }

    /// N-ary disjunction; `false` when empty.
    pub fn or(&mut self, args: &[TermId]) -> TResult {
        self.junction(Op::Or, args, false)
    }

    fn junction(&mut self, op: Op, args: &[TermId], unit: bool) -> TResult {
        let mut kept = Vec::with_capacity(args.len());
        for &a in args {
            self.expect(a, &Sort::Bool, "and/or")?;
            match self.literal_bool(a) {
                Some(b) if b == unit => {}
                Some(_) => return Ok(self.bool(!unit)),
                None => {
                    if !kept.contains(&a) {
                        kept.push(a)
                    }
                }
            }
        }
        match kept.len() {
            0 => Ok(self.bool(unit)),
            1 => Ok(kept[0]),
            _ => Ok(self.intern(op, kept, Sort::Bool)),
        }
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> TResult {
        self.expect(a, &Sort::Bool, "=>")?;
        self.expect(b, &Sort::Bool, "=>")?;
        match (self.literal_bool(a), self.literal_bool(b)) {
            (Some(false), _) | (_, Some(true)) => Ok(self.bool(true)),
            (Some(true), _) => Ok(b),
            _ if a == b => Ok(self.bool(true)),
            _ => Ok(self.intern(Op::Implies, vec![a, b], Sort::Bool)),
        }
    }

    pub fn iff(&mut self, a: TermId, b: TermId) -> TResult {
        self.expect(a, &Sort::Bool, "<=>")?;
        self.eq(a, b)
    }

    pub fn eq(&mut self, a: TermId, b: TermId) -> TResult {
        if self.sort(a) != self.sort(b) {
            return Err(TermError(format!(
                "=: {} vs {}",
                self.sort(a),
                self.sort(b)
            )));
        }
        if a == b {
            return Ok(self.bool(true));
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        Ok(self.intern(Op::Eq, vec![a, b], Sort::Bool))
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TResult {
        self.expect(c, &Sort::Bool, "ite")?;
        if self.sort(a) != self.sort(b) {
            return Err(TermError("ite: branches differ".into()));
        }
        match self.literal_bool(c) {
            Some(true) => return Ok(a),
            Some(false) => return Ok(b),
            None if a == b => return Ok(a),
            None => {}
        }
        let sort = self.sort(a).clone();
        Ok(self.intern(Op::Ite, vec![c, a, b], sort))
    }

    /// Integer operations: `IntNeg` is unary, the others binary.
    pub fn int_op(&mut self, op: Op, args: &[TermId]) -> TResult {
        for &a in args {
            self.expect(a, &Sort::Int, "integer operation")?;
        }
        let (arity, sort) = match op {
            Op::IntNeg => (1, Sort::Int),
            Op::IntAdd | Op::IntSub | Op::IntMul | Op::IntDiv | Op::IntMod => (2, Sort::Int),
            Op::IntLt | Op::IntLe | Op::IntGt | Op::IntGe => (2, Sort::Bool),
            _ => return Err(TermError(format!("{op:?} is not an integer operation"))),
        };
        if args.len() != arity {
            return Err(TermError(format!("{op:?}: wrong arity")));
        }
        Ok(self.intern(op, args.to_vec(), sort))
    }

    pub fn bv_unary(&mut self, op: Op, a: TermId) -> TResult {
        let w = self.bv_width(a, "bit-vector operation")?;
        if !matches!(op, Op::BvNeg | Op::BvNot) {
            return Err(TermError(format!("{op:?} is not a unary bit-vector op")));
        }
        Ok(self.intern(op, vec![a], Sort::Bv(w)))
    }

    pub fn bv_bin(&mut self, op: BvBinOp, a: TermId, b: TermId) -> TResult {
        let w = self.bv_width(a, op.smt_name())?;
        self.expect(b, &Sort::Bv(w), op.smt_name())?;
        Ok(self.intern(Op::BvBin(op), vec![a, b], Sort::Bv(w)))
    }

    pub fn bv_cmp(&mut self, op: BvCmpOp, a: TermId, b: TermId) -> TResult {
        let w = self.bv_width(a, op.smt_name())?;
        self.expect(b, &Sort::Bv(w), op.smt_name())?;
        Ok(self.intern(Op::BvCmp(op), vec![a, b], Sort::Bool))
    }

    pub fn concat(&mut self, hi: TermId, lo: TermId) -> TResult {
        let wh = self.bv_width(hi, "concat")?;
        let wl = self.bv_width(lo, "concat")?;
        if wh + wl > 128 {
            return Err(TermError("concat: result wider than 128 bits".into()));
        }
        Ok(self.intern(Op::Concat, vec![hi, lo], Sort::Bv(wh + wl)))
    }

    /// SMT-LIB extract: bits `lo..=hi`.
    pub fn extract(&mut self, hi: u32, lo: u32, a: TermId) -> TResult {
        let w = self.bv_width(a, "extract")?;
        if lo > hi || hi >= w {
            return Err(TermError(format!("extract {hi} {lo} of a bv{w}")));
        }
        if lo == 0 && hi + 1 == w {
            return Ok(a);
        }
        Ok(self.intern(Op::Extract { hi, lo }, vec![a], Sort::Bv(hi - lo + 1)))
    }

    /// Extends `a` to `width` bits.
    pub fn extend(&mut self, signed: bool, width: u32, a: TermId) -> TResult {
        let w = self.bv_width(a, "extension")?;
        if width < w || width > 128 {
            return Err(TermError(format!("extension of a bv{w} to {width} bits")));
        }
        if width == w {
            return Ok(a);
        }
        let op = if signed {
            Op::SignExt(width - w)
        } else {
            Op::ZeroExt(width - w)
        };
        Ok(self.intern(op, vec![a], Sort::Bv(width)))
    }

    pub fn select(&mut self, map: TermId, index: TermId) -> TResult {
        let Sort::Array(d, r) = self.sort(map).clone() else {
            return Err(TermError("select on a non-array".into()));
        };
        self.expect(index, &d, "select index")?;
        Ok(self.intern(Op::Select, vec![map, index], *r))
    }

    pub fn store(&mut self, map: TermId, index: TermId, value: TermId) -> TResult {
        let Sort::Array(d, r) = self.sort(map).clone() else {
            return Err(TermError("store on a non-array".into()));
        };
        self.expect(index, &d, "store index")?;
        self.expect(value, &r, "store value")?;
        let sort = self.sort(map).clone();
        Ok(self.intern(Op::Store, vec![map, index, value], sort))
    }

    pub fn apply(&mut self, f: FuncId, args: &[TermId]) -> TResult {
        let decl = self.funcs[f.index()].clone();
        if decl.args.len() != args.len() {
            return Err(TermError(format!(
                "{}: wrong number of arguments",
                decl.name
            )));
        }
        for (a, s) in args.iter().zip(&decl.args) {
            self.expect(*a, s, &decl.name)?;
        }
        Ok(self.intern(Op::Apply(f), args.to_vec(), decl.ret))
    }

    /// `forall`/`exists` over `vars` (terms made by [`TermStore::fresh_bound`]).
    pub fn quantifier(&mut self, forall: bool, vars: &[TermId], body: TermId) -> TResult {
        self.expect(body, &Sort::Bool, "quantifier body")?;
        for &v in vars {
            if !matches!(self.node(v).op, Op::Bound(_)) {
                return Err(TermError("quantifier over a non-bound term".into()));
            }
        }
        if vars.is_empty() {
            return Ok(body);
        }
        let mut args = vars.to_vec();
        args.push(body);
        let op = if forall { Op::Forall } else { Op::Exists };
        let id = self.intern(op, args, Sort::Bool);
        // A quantifier may still mention variables bound further out.
        let inner_free = self.mentions_outer_bound(id);
        self.has_bound[id.index()] = inner_free;
        Ok(id)
    }

    /// Whether a quantifier term mentions bound variables it does not bind.
    fn mentions_outer_bound(&self, q: TermId) -> bool {
        let node = self.node(q);
        let (vars, body) = node.args.split_at(node.args.len() - 1);
        let mut stack = vec![body[0]];
        let mut seen = std::collections::HashSet::new();
        while let Some(t) = stack.pop() {
            if !self.has_bound(t) || !seen.insert(t) {
                continue;
            }
            match &self.node(t).op {
                Op::Bound(_) if !vars.contains(&t) => return true,
                _ => stack.extend(self.node(t).args.iter().copied()),
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_consing_shares_equal_terms() {
        let mut s = TermStore::new();
        let x = s.fresh_const("x", Sort::Bv(8));
        let one = s.bv(1, 8).unwrap();
        let a = s.bv_bin(BvBinOp::Add, x, one).unwrap();
        let b = s.bv_bin(BvBinOp::Add, x, one).unwrap();
        assert_eq!(a, b);
        assert!(a > x && a > one);
    }

    #[test]
    fn ill_sorted_terms_are_errors() {
        let mut s = TermStore::new();
        let x = s.fresh_const("x", Sort::Bv(8));
        let y = s.fresh_const("y", Sort::Bv(16));
        assert!(s.bv_bin(BvBinOp::Add, x, y).is_err());
        assert!(s.not(x).is_err());
        assert!(s.bv(256, 8).is_err());
        assert!(s.extract(8, 0, x).is_err());
    }

    #[test]
    fn fresh_names_are_unique() {
        let mut s = TermStore::new();
        let a = s.fresh_name("x");
        let b = s.fresh_name("x");
        let c = s.fresh_name("x!1");
        assert_eq!(a, "x");
        assert_ne!(a, b);
        assert_ne!(b, c);
    }

    #[test]
    fn quantified_terms_track_bound_variables() {
        let mut s = TermStore::new();
        let i = s.fresh_bound("i", Sort::Int);
        let zero = s.int(0);
        let body = s.int_op(Op::IntGe, &[i, zero]).unwrap();
        assert!(s.has_bound(body));
        let q = s.quantifier(true, &[i], body).unwrap();
        assert!(!s.has_bound(q));
    }
}
