//! Layout of the two-thread product: where each kernel block goes.
//!
//! A *uniform* block (both threads always reach it together) is
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
//! Input: the blocks in a loop-contiguous topological order (`order.rs`)
//! and the uniformity analysis; output: the product's blocks, through the
//! builder of `product.rs`. Statements are emitted by `statements.rs`.

use crate::error::TransformError;
use crate::product::{assign, lhs, Product};
use crate::rename::Thread;
use crate::uniformity::branch_conditions;
use ivl::ast::{Expr, Ident, Lhs, Stmt, StmtKind, TransferKind, Type};
use ivl::build::{and, implies, not};
use ivl::cfg::{BlockId, LoopId};

impl Product<'_> {
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
            let names = crate::names::THREADS
                .map(|t| self.local(&crate::names::block_predicate(&label, t), Type::Bool));
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

    /// The entry of a two-thread procedure (`--no-inline`), whose blocks
    /// are all divergent: the entry block's predicates are the
    /// procedure's enabled parameters, every other block's are false.
    pub(crate) fn emit_predicated_entry(
        &mut self,
        label: &str,
        enabled: [Expr; 2],
    ) -> Result<(), TransformError> {
        let entry = self.cfg.entry();
        let Some(&region) = self.region_of.get(&entry.index()) else {
            return Err(TransformError::internal(
                "the entry of a two-thread procedure is not divergent",
            ));
        };
        self.start(label);
        self.reset_flags(&self.regions[&region].clone(), Some(entry));
        let pairs = [0, 1]
            .map(|k| {
                (
                    lhs(self.flags[&entry.index()][k].clone()),
                    enabled[k].clone(),
                )
            })
            .to_vec();
        self.push(assign(pairs, vec![]));
        let start = self.region_start(region);
        self.goto(&[start]);
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
                let sel = self.local(&crate::names::of_thread("sel", t), Type::Bv(32));
                self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                    sel.clone(),
                )])));
                let mut options = Expr::bool(false);
                for (i, (s, c)) in conds.iter().enumerate() {
                    let chosen = Expr::eq(Expr::var(sel.clone()), Expr::bv(i as u128, 32));
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
}
