//! The two-thread product: the predicated, sequential program in which two
//! arbitrary threads execute the kernel in lock step (paper §4, Fig. 9).
//!
//! Input: the kernel procedure in access normal form, its CFG (reducible),
//! the uniformity analysis, the arrays with their abstractions and ghosts.
//! Output: the body of the product procedure (`x$1`/`x$2` for per-thread
//! names), plus the locals it needs and the access sites it created.
//!
//! Layout. A *uniform* block (both threads always reach it together) is
//! emitted once, with both threads' statements, keeping its label and its
//! `goto`; a uniform branch stays a real branch and a uniform loop a real
//! loop, whose invariants stay the leading `assert`s of its header.
//! Divergent blocks form *regions*, entered from uniform blocks: a region is
//! emitted as straight-line predicated code in a loop-contiguous
//! topological order (`order.rs`). Each divergent block `L` has a predicate
//! per thread, `p.L$1`/`p.L$2` ("the thread is at L"), set by the branches
//! that jump to it and cleared when it has run; statements are predicated
//! by them (`x$1 := if p.L$1 then e$1 else x$1`). A loop inside a region
//! runs while either thread is at its header (`assume p.H$1 || p.H$2`);
//! `break`, `continue` and `return` are just edges: a thread that takes one
//! stops being at the loop's blocks. A region ends at its reconvergence
//! point (a uniform block) or, if its threads return, at the kernel's end.
//!
//! Branch conditions are the leading `assume`s of a target whose only
//! predecessor is the branch; they are evaluated at the branch. A branch
//! that is not a complementary pair `c`/`!c` chooses per thread (`sel$1`),
//! constrained by the targets' conditions.
//!
//! Does not: keep uniform branches inside divergent regions as branches
//! (they are predicated like the rest, which is sound), or generate loop
//! invariants for the predicates (inference's job).

use crate::arrays::ArrayInfo;
use crate::error::TransformError;
use crate::race::{self, Ghosts};
use crate::rename::{and, implies, ite, not, Renamer, Thread};
use crate::uniformity::{branch_conditions, Uniformity};
use crate::{AccessSite, SourceLoc, TransformConfig};
use ivl::ast::{
    find_attr, has_attr, AttrArg, Attribute, Block, Body, Expr, ExprKind, Ident, Lhs, Stmt,
    StmtKind, Transfer, TransferKind, Type, Variable,
};
use ivl::cfg::{BlockId, Cfg, LoopForest, LoopId};
use ivl::kernel;
use std::collections::{BTreeMap, HashMap, HashSet};

pub(crate) struct Product<'a> {
    pub body: &'a Body,
    pub cfg: &'a Cfg,
    pub loops: &'a LoopForest,
    pub uni: &'a Uniformity,
    pub arrays: &'a BTreeMap<String, ArrayInfo>,
    pub ghosts: &'a BTreeMap<String, Ghosts>,
    pub config: &'a TransformConfig,
    pub same_group: Expr,
    pub same_warp: Option<Expr>,
    pub used: &'a mut HashSet<String>,
    pub locals: Vec<Variable>,
    pub sites: Vec<AccessSite>,
    pub blocks: Vec<Block>,
    pub current: Option<Block>,
    /// Per divergent block: its predicate names for threads 1 and 2.
    pub flags: HashMap<usize, [String; 2]>,
    /// Per region id: its blocks in linear order.
    pub regions: BTreeMap<usize, Vec<BlockId>>,
    pub region_of: HashMap<usize, usize>,
    pub global_types: HashMap<String, Type>,
    temps: HashMap<(Type, Thread, usize), String>,
    pub(crate) choice: Option<String>,
}

pub(crate) fn lhs(name: impl Into<String>) -> Lhs {
    Lhs {
        name: Ident::synthetic(name),
        indices: vec![],
        span: ivl::Span::DUMMY,
    }
}

pub(crate) fn assign(pairs: Vec<(Lhs, Expr)>, attrs: Vec<Attribute>) -> Stmt {
    let (lhs, rhs) = pairs.into_iter().unzip();
    Stmt {
        kind: StmtKind::Assign { lhs, rhs },
        attrs,
        span: ivl::Span::DUMMY,
    }
}

pub(crate) fn source_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.name == kernel::SOURCE_ATTR)
        .cloned()
        .collect()
}

fn thread_attr(t: Thread) -> Attribute {
    Attribute::new("thread", vec![AttrArg::Expr(Expr::int(t as u128))])
}

/// The current value of an assignment target (`x` or `M[i][j]`).
pub(crate) fn lhs_value(l: &Lhs) -> Expr {
    let mut e = Expr::var(l.name.name.clone());
    for i in &l.indices {
        e = Expr::select(e, i.clone());
    }
    e
}

pub fn source_loc(attrs: &[Attribute]) -> Option<SourceLoc> {
    let a = find_attr(attrs, kernel::SOURCE_ATTR)?;
    let file = match a.args.first()? {
        AttrArg::Str(s) => s.clone(),
        _ => return None,
    };
    let num = |k: usize| match a.args.get(k) {
        Some(AttrArg::Expr(Expr {
            kind: ExprKind::Int(v),
            ..
        })) => Some(*v as u32),
        _ => None,
    };
    Some(SourceLoc {
        file,
        line: num(1)?,
        col: num(2).unwrap_or(0),
    })
}

impl<'a> Product<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        body: &'a Body,
        cfg: &'a Cfg,
        loops: &'a LoopForest,
        uni: &'a Uniformity,
        arrays: &'a BTreeMap<String, ArrayInfo>,
        ghosts: &'a BTreeMap<String, Ghosts>,
        config: &'a TransformConfig,
        same_group: Expr,
        same_warp: Option<Expr>,
        used: &'a mut HashSet<String>,
    ) -> Product<'a> {
        Product {
            body,
            cfg,
            loops,
            uni,
            arrays,
            ghosts,
            config,
            same_group,
            same_warp,
            used,
            locals: Vec::new(),
            sites: Vec::new(),
            blocks: Vec::new(),
            current: None,
            flags: HashMap::new(),
            regions: BTreeMap::new(),
            region_of: HashMap::new(),
            global_types: HashMap::new(),
            temps: HashMap::new(),
            choice: None,
        }
    }

    pub fn renamer(&self) -> Renamer<'_> {
        Renamer {
            per_thread: &self.uni.per_thread,
            arrays: self.arrays,
            same_group: self.same_group.clone(),
            ghosts: self.ghosts,
        }
    }

    pub fn local(&mut self, base: &str, ty: Type) -> String {
        let name = race::fresh_name(self.used, base);
        self.locals.push(Variable {
            attrs: vec![],
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    /// The `k`-th scratch local of type `ty` for thread `t` (a statement
    /// that needs several of one type asks for k = 0, 1, ...).
    pub(crate) fn temp(&mut self, ty: &Type, t: Thread, k: usize) -> String {
        if let Some(n) = self.temps.get(&(ty.clone(), t, k)) {
            return n.clone();
        }
        let n = self.temps.len() + 1;
        let name = self.local(&format!("havoc{n}${t}"), ty.clone());
        self.temps.insert((ty.clone(), t, k), name.clone());
        name
    }

    // ---- block building ----

    pub fn start(&mut self, label: &str) {
        debug_assert!(self.current.is_none());
        self.current = Some(Block {
            label: Ident::synthetic(label),
            attrs: vec![],
            stmts: vec![],
            transfer: Transfer {
                kind: TransferKind::Return,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
    }

    pub fn push(&mut self, s: Stmt) {
        if let Some(b) = self.current.as_mut() {
            b.stmts.push(s);
        }
    }

    pub fn finish(&mut self, kind: TransferKind) {
        if let Some(mut b) = self.current.take() {
            b.transfer.kind = kind;
            self.blocks.push(b);
        }
    }

    pub fn goto(&mut self, labels: &[String]) {
        self.finish(TransferKind::Goto(
            labels.iter().map(|l| Ident::synthetic(l.clone())).collect(),
        ));
    }

    fn label(&self, b: BlockId) -> String {
        self.cfg.label(b).to_string()
    }

    fn is_divergent(&self, b: BlockId) -> bool {
        !self.uni.uniform_block[b.index()]
    }

    fn flag(&self, b: BlockId, t: Thread) -> Expr {
        Expr::var(self.flags[&b.index()][t as usize - 1].clone())
    }

    // ---- layout ----

    /// Finds the regions and names the predicates.
    pub fn plan_regions(&mut self, order: &[BlockId]) {
        let n = self.body.blocks.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while p[r] != r {
                r = p[r];
            }
            let mut y = x;
            while p[y] != r {
                let next = p[y];
                p[y] = r;
                y = next;
            }
            r
        }
        let divergent: Vec<BlockId> = order
            .iter()
            .copied()
            .filter(|&b| self.is_divergent(b))
            .collect();
        for &b in order {
            let succs: Vec<BlockId> = self
                .cfg
                .succs(b)
                .iter()
                .copied()
                .filter(|&s| self.is_divergent(s))
                .collect();
            let mut group: Vec<usize> = succs.iter().map(|s| s.index()).collect();
            if self.is_divergent(b) {
                group.push(b.index());
            }
            for w in group.windows(2) {
                let (x, y) = (find(&mut parent, w[0]), find(&mut parent, w[1]));
                parent[x] = y;
            }
        }
        for &b in &divergent {
            let r = find(&mut parent, b.index());
            self.region_of.insert(b.index(), r);
            self.regions.entry(r).or_default().push(b);
            let label = self.label(b);
            let names = [1, 2].map(|t| self.local(&format!("p.{label}${t}"), Type::Bool));
            self.flags.insert(b.index(), names);
        }
    }

    /// The uniform block a region reconverges at (`None`: its threads
    /// return).
    fn join_of(&self, region: usize) -> Result<Option<BlockId>, TransformError> {
        let mut join: Option<BlockId> = None;
        for &b in &self.regions[&region] {
            for &s in self.cfg.succs(b) {
                if self.is_divergent(s) {
                    continue;
                }
                if join.is_some_and(|j| j != s) {
                    return Err(TransformError::unsupported(
                        format!(
                            "divergent control flow that reconverges at two places (`{}` and `{}`)",
                            self.label(join.unwrap_or(s)),
                            self.label(s)
                        ),
                        self.cfg.label_span(b),
                    ));
                }
                join = Some(s);
            }
        }
        Ok(join)
    }

    fn region_start(&self, region: usize) -> String {
        format!("{}$pred", self.label(self.regions[&region][0]))
    }

    pub fn emit_uniform_block(&mut self, b: BlockId) -> Result<(), TransformError> {
        let block = &self.body.blocks[b.index()];
        self.start(&block.label.name);
        if let Some(cur) = self.current.as_mut() {
            cur.attrs = block.attrs.clone();
        }
        let invariants = self.leading_invariants(b);
        for s in &block.stmts[..invariants] {
            self.emit_stmt(s, None)?;
        }
        for s in &block.stmts[invariants..] {
            self.emit_stmt(s, None)?;
        }
        let succs = self.cfg.succs(b).to_vec();
        match &block.transfer.kind {
            TransferKind::Return => self.finish(TransferKind::Return),
            TransferKind::Goto(_) => {
                let all_uniform = succs.iter().all(|&s| !self.is_divergent(s));
                if all_uniform && (succs.len() <= 1 || self.uni.uniform_branch[b.index()]) {
                    let labels: Vec<String> = succs.iter().map(|&s| self.label(s)).collect();
                    self.goto(&labels);
                } else {
                    let Some(&first) = succs.iter().find(|&&s| self.is_divergent(s)) else {
                        return Err(TransformError::internal(format!(
                            "a divergent branch at `{}` without divergent targets",
                            self.label(b)
                        )));
                    };
                    let region = self.region_of[&first.index()];
                    self.reset_flags(&self.regions[&region].clone(), None);
                    self.branch(b, [Expr::bool(true), Expr::bool(true)])?;
                    let start = self.region_start(region);
                    self.goto(&[start]);
                }
            }
        }
        Ok(())
    }

    fn leading_invariants(&self, b: BlockId) -> usize {
        if !self.loops.is_header(b) {
            return 0;
        }
        self.body.blocks[b.index()]
            .stmts
            .iter()
            .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
            .count()
    }

    /// The leading assumes of `b` that its (only) predecessor's branch
    /// evaluates.
    fn consumed_assumes(&self, b: BlockId) -> usize {
        let preds = self.cfg.preds(b);
        if preds.len() != 1 || self.cfg.succs(preds[0]).len() < 2 || preds[0] == b {
            return 0;
        }
        crate::uniformity::leading_assumes(self.body, b.index()).len()
    }

    fn reset_flags(&mut self, blocks: &[BlockId], except: Option<BlockId>) {
        let mut pairs = Vec::new();
        for t in [1, 2] {
            for &b in blocks {
                if Some(b) != except {
                    pairs.push((
                        lhs(self.flags[&b.index()][t as usize - 1].clone()),
                        Expr::bool(false),
                    ));
                }
            }
        }
        if !pairs.is_empty() {
            self.push(assign(pairs, vec![]));
        }
    }

    /// Sets the predicates of the divergent targets of `b`'s `goto`.
    fn branch(&mut self, b: BlockId, enabled: [Expr; 2]) -> Result<(), TransformError> {
        let conds = branch_conditions(self.cfg, self.body, b);
        let mut pairs: Vec<(Lhs, Expr)> = Vec::new();
        let complementary = conds.len() == 2
            && match (&conds[0].1, &conds[1].1) {
                (Some(a), Some(c)) if a.len() == 1 && c.len() == 1 => {
                    c[0] == not(a[0].clone()) || a[0] == not(c[0].clone())
                }
                _ => false,
            };
        for t in [1u8, 2] {
            let en = enabled[t as usize - 1].clone();
            let mut takes: Vec<(BlockId, Expr)> = Vec::new();
            if conds.len() == 1 {
                takes.push((conds[0].0, en.clone()));
            } else if complementary {
                let c = self.conj(conds[0].1.as_deref().unwrap_or(&[]), t, &en)?;
                takes.push((conds[0].0, and(en.clone(), c.clone())));
                takes.push((conds[1].0, and(en.clone(), not(c))));
            } else {
                let sel = self.local(&format!("sel${t}"), Type::Int);
                self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                    sel.clone(),
                )])));
                let mut options = Expr::bool(false);
                for (i, (s, c)) in conds.iter().enumerate() {
                    let chosen = Expr::eq(Expr::var(sel.clone()), Expr::int(i as u128));
                    let c = match c {
                        Some(es) => self.conj(es, t, &en)?,
                        None => Expr::bool(true),
                    };
                    options = Expr::or(options, and(chosen.clone(), c));
                    takes.push((*s, and(en.clone(), chosen)));
                }
                self.push(Stmt::new(StmtKind::Assume(implies(en.clone(), options))));
            }
            if self.is_divergent(b) && !takes.iter().any(|(s, _)| *s == b) {
                pairs.push((
                    lhs(self.flags[&b.index()][t as usize - 1].clone()),
                    Expr::bool(false),
                ));
            }
            for (s, take) in takes {
                if !self.is_divergent(s) {
                    continue;
                }
                let flag = self.flag(s, t);
                let value = if s == b { take } else { Expr::or(flag, take) };
                pairs.push((lhs(self.flags[&s.index()][t as usize - 1].clone()), value));
            }
        }
        if !pairs.is_empty() {
            self.push(assign(pairs, vec![]));
        }
        Ok(())
    }

    fn conj(&self, es: &[Expr], t: Thread, en: &Expr) -> Result<Expr, TransformError> {
        let r = self.renamer();
        let mut out = Expr::bool(true);
        for e in es {
            out = and(out, r.expr(e, t, en)?);
        }
        Ok(out)
    }

    pub fn emit_region(&mut self, region: usize, order: &[BlockId]) -> Result<(), TransformError> {
        let blocks: Vec<BlockId> = order
            .iter()
            .copied()
            .filter(|b| self.region_of.get(&b.index()) == Some(&region))
            .collect();
        let join = self.join_of(region)?;
        self.start(&self.region_start(region));
        let mut open: Vec<LoopId> = Vec::new();
        for b in blocks {
            while let Some(&l) = open.last() {
                if self.loops.contains(l, b) {
                    break;
                }
                open.pop();
                self.close_loop(l);
            }
            if let Some(l) = self.loops.loop_with_header(b) {
                self.open_loop(l)?;
                open.push(l);
            }
            self.emit_divergent_block(b)?;
        }
        while let Some(l) = open.pop() {
            self.close_loop(l);
        }
        match join {
            Some(j) => self.goto(&[self.label(j)]),
            None => self.finish(TransferKind::Return),
        }
        Ok(())
    }

    fn open_loop(&mut self, l: LoopId) -> Result<(), TransformError> {
        let h = self.loops.header(l);
        let label = self.label(h);
        self.goto(std::slice::from_ref(&label));
        self.start(&label);
        let n = self.leading_invariants(h);
        let en = [self.flag(h, 1), self.flag(h, 2)];
        for s in &self.body.blocks[h.index()].stmts[..n] {
            self.emit_stmt(s, Some(en.clone()))?;
        }
        let (body_label, exit_label) = (format!("{label}$body"), format!("{label}$exit"));
        self.goto(&[body_label.clone(), exit_label]);
        self.start(&body_label);
        self.push(Stmt::new(StmtKind::Assume(Expr::or(
            en[0].clone(),
            en[1].clone(),
        ))));
        let members: Vec<BlockId> = self.loops.body(l).to_vec();
        self.reset_flags(&members, Some(h));
        Ok(())
    }

    fn close_loop(&mut self, l: LoopId) {
        let h = self.loops.header(l);
        let label = self.label(h);
        self.goto(std::slice::from_ref(&label));
        self.start(&format!("{label}$exit"));
        self.push(Stmt::new(StmtKind::Assume(not(Expr::or(
            self.flag(h, 1),
            self.flag(h, 2),
        )))));
    }

    fn emit_divergent_block(&mut self, b: BlockId) -> Result<(), TransformError> {
        let block = &self.body.blocks[b.index()];
        let skip = self.leading_invariants(b) + self.consumed_assumes(b);
        let en = [self.flag(b, 1), self.flag(b, 2)];
        for s in &block.stmts[skip..] {
            self.emit_stmt(s, Some(en.clone()))?;
        }
        match &block.transfer.kind {
            TransferKind::Return => {
                let pairs = [1, 2]
                    .map(|t| {
                        (
                            lhs(self.flags[&b.index()][t - 1].clone()),
                            Expr::bool(false),
                        )
                    })
                    .to_vec();
                self.push(assign(pairs, vec![]));
            }
            TransferKind::Goto(_) => self.branch(b, en)?,
        }
        Ok(())
    }

    // ---- statements ----

    /// Emits one kernel statement for both threads; `enabled` is `None` in
    /// uniform code (both threads enabled).
    pub fn emit_stmt(
        &mut self,
        s: &Stmt,
        enabled: Option<[Expr; 2]>,
    ) -> Result<(), TransformError> {
        let en = enabled
            .clone()
            .unwrap_or_else(|| [Expr::bool(true), Expr::bool(true)]);
        match &s.kind {
            StmtKind::Call { callee, args, rets } => {
                if callee.name == kernel::BARRIER && rets.is_empty() && args.len() == 2 {
                    return self.emit_barrier(s, args, enabled.as_ref(), &en);
                }
                Err(TransformError::unsupported(
                    format!("a call to `{callee}`, which has no body to inline"),
                    s.span,
                ))
            }
            StmtKind::Assign { lhs: ls, rhs } => {
                if has_attr(&s.attrs, kernel::ATOMIC_ATTR) {
                    if let Some(pos) = ls.iter().position(|l| self.is_racy(&l.name.name)) {
                        return self.emit_atomic(s, ls, pos, enabled.is_some(), &en);
                    }
                }
                if ls.len() == 1 && ls[0].indices.is_empty() && rhs.len() == 1 {
                    if let ExprKind::Select(m, i) = &rhs[0].kind {
                        if let ExprKind::Var(a) = &m.kind {
                            if self.is_racy(a) {
                                return self.emit_read(s, &ls[0], a, i, enabled.is_some(), &en);
                            }
                        }
                    }
                }
                if ls.len() == 1 && self.is_racy(&ls[0].name.name) {
                    return self.emit_write(s, &ls[0], &rhs[0], enabled.is_some(), &en);
                }
                self.emit_assign(s, ls, rhs, enabled.is_some(), &en)
            }
            StmtKind::Havoc(names) => {
                let names: Vec<String> = names.iter().map(|n| n.name.clone()).collect();
                self.havoc_vars(&names, enabled.is_some(), &en, &s.attrs)
            }
            StmtKind::Assume(e) => {
                let global = has_attr(&s.attrs, kernel::GLOBAL_ASSERTION_ATTR);
                let r = self.renamer();
                let mut out: Vec<Expr> = Vec::new();
                for t in if global { vec![1] } else { vec![1, 2] } {
                    let c = implies(
                        en[t as usize - 1].clone(),
                        r.expr(e, t, &en[t as usize - 1])?,
                    );
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
                for c in out {
                    self.push(Stmt {
                        kind: StmtKind::Assume(c),
                        attrs: s.attrs.clone(),
                        span: s.span,
                    });
                }
                Ok(())
            }
            StmtKind::Assert(e) => {
                let global = has_attr(&s.attrs, kernel::GLOBAL_ASSERTION_ATTR);
                let r = self.renamer();
                let mut out: Vec<(Thread, Expr)> = Vec::new();
                for t in if global { vec![1] } else { vec![1, 2] } {
                    let c = implies(
                        en[t as usize - 1].clone(),
                        r.expr(e, t, &en[t as usize - 1])?,
                    );
                    if !out.iter().any(|(_, x)| *x == c) {
                        out.push((t, c));
                    }
                }
                let single = out.len() == 1;
                for (t, c) in out {
                    let mut attrs = s.attrs.clone();
                    if !single {
                        attrs.push(thread_attr(t));
                    }
                    self.push(Stmt {
                        kind: StmtKind::Assert(c),
                        attrs,
                        span: s.span,
                    });
                }
                Ok(())
            }
        }
    }

    pub(crate) fn is_racy(&self, name: &str) -> bool {
        self.arrays.get(name).is_some_and(|a| a.is_racy_space())
    }

    fn emit_assign(
        &mut self,
        s: &Stmt,
        ls: &[Lhs],
        rhs: &[Expr],
        predicated: bool,
        en: &[Expr; 2],
    ) -> Result<(), TransformError> {
        let r = self.renamer();
        let mut pairs: Vec<(Lhs, Expr)> = Vec::new();
        for t in [1u8, 2] {
            let e_t = &en[t as usize - 1];
            for (l, e) in ls.iter().zip(rhs) {
                let name = r.name(&l.name.name, t);
                if name == l.name.name && t == 2 {
                    continue;
                }
                if name == l.name.name && predicated {
                    return Err(TransformError::internal(format!(
                        "uniform variable `{}` assigned in divergent code",
                        l.name
                    )));
                }
                let target = Lhs {
                    name: Ident::new(name, l.name.span),
                    indices: l
                        .indices
                        .iter()
                        .map(|i| r.expr(i, t, e_t))
                        .collect::<Result<_, _>>()?,
                    span: l.span,
                };
                let value = ite(e_t.clone(), r.expr(e, t, e_t)?, lhs_value(&target));
                pairs.push((target, value));
            }
        }
        self.push(assign(pairs, s.attrs.clone()));
        Ok(())
    }

    pub(crate) fn havoc_vars(
        &mut self,
        names: &[String],
        predicated: bool,
        en: &[Expr; 2],
        attrs: &[Attribute],
    ) -> Result<(), TransformError> {
        let mut direct = Vec::new();
        let mut pairs = Vec::new();
        for t in [1u8, 2] {
            for n in names {
                let name = self.renamer().name(n, t);
                if name == *n && t == 2 {
                    continue;
                }
                if !predicated {
                    direct.push(Ident::synthetic(name));
                    continue;
                }
                let ty = self.type_of(n)?;
                let k = names.iter().take_while(|m| *m != n).count();
                let tmp = self.temp(&ty, t, k);
                direct.push(Ident::synthetic(tmp.clone()));
                pairs.push((
                    lhs(name.clone()),
                    ite(en[t as usize - 1].clone(), Expr::var(tmp), Expr::var(name)),
                ));
            }
        }
        if !direct.is_empty() {
            self.push(Stmt {
                kind: StmtKind::Havoc(direct),
                attrs: attrs.to_vec(),
                span: ivl::Span::DUMMY,
            });
        }
        if !pairs.is_empty() {
            self.push(assign(pairs, vec![]));
        }
        Ok(())
    }

    pub(crate) fn type_of(&self, name: &str) -> Result<Type, TransformError> {
        self.body
            .locals
            .iter()
            .find(|v| v.name.name == name)
            .map(|v| v.ty.clone())
            .or_else(|| self.global_types.get(name).cloned())
            .ok_or_else(|| TransformError::internal(format!("no type for `{name}`")))
    }
}
