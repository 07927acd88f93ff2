//! Control flow of the explicit program: blocks in the linear order of
//! `order.rs`, each thread's successor picked non-deterministically, natural
//! loops run while any thread is at their header, with the invariants the
//! encoding adds.

use super::encoder::*;
use super::*;

impl Encoder<'_> {
    pub(super) fn encode(&mut self) -> Result<(), TransformError> {
        self.declare()?;
        self.label = self.fresh("explicit$entry");
        let n = self.n;
        // Thread ids.
        if self.config.ids == IdMode::Symbolic {
            for k in 0..n {
                let id = self.lid(k);
                self.push(Stmt::new(StmtKind::Assume(Expr::binary(
                    BinaryOp::BvULt,
                    id,
                    Expr::bv(n as u128, 32),
                ))));
            }
            for i in 0..n {
                for j in i + 1..n {
                    self.push(Stmt::new(StmtKind::Assume(Expr::binary(
                        BinaryOp::Neq,
                        self.lid(i),
                        self.lid(j),
                    ))));
                }
            }
        }
        // Preconditions, for every thread.
        for spec in &self.kernel.requires {
            for k in 0..n {
                let e = self.expr(&spec.expr, k, &Expr::bool(true))?;
                self.push(Stmt::new(StmtKind::Assume(e)));
            }
        }
        // Initial state: locals zero, logs empty, every thread at the entry.
        let mut init = Vec::new();
        for local in &self.body.locals {
            if let Some(z) = zero_of(&local.ty) {
                for k in 0..n {
                    init.push(set(&self.copies[&(local.name.name.clone(), k)], z.clone()));
                }
            }
        }
        for g in self.ghosts.values() {
            for k in 0..n as usize {
                for flag in g.flags(k) {
                    init.push(set(flag, Expr::bool(false)));
                }
            }
        }
        for (b, names) in self.at.iter().enumerate() {
            for name in names {
                init.push(set(name, Expr::bool(b == 0)));
            }
        }
        for s in init {
            self.push(s);
        }
        for k in 0..n {
            let cond = self.edge_condition(0, k)?;
            self.push(Stmt::new(StmtKind::Assume(cond)));
        }
        let loops = self.cfg.loops();
        let order = crate::order::linear_order(self.cfg, &loops);
        // Open loops (innermost last): header block, its loop id, exit label.
        let mut open: Vec<(BlockId, ivl::cfg::LoopId, (String, String))> = Vec::new();
        for &b in &order {
            while let Some((_, l, _)) = open.last() {
                if loops.body(*l).contains(&b) {
                    break;
                }
                let (h, _, labels) = open.pop().expect("an open loop");
                self.close_loop(h, labels);
            }
            if let Some(l) = loops.ids().find(|&l| loops.header(l) == b) {
                let head_label = self.open_loop(b, l)?;
                open.push((b, l, head_label));
            }
            self.block(b)?;
        }
        while let Some((h, _, labels)) = open.pop() {
            self.close_loop(h, labels);
        }
        // Kernel postconditions, for every thread.
        for spec in &self.kernel.ensures {
            for k in 0..n {
                let e = self.expr(&spec.expr, k, &Expr::bool(true))?;
                self.push(assert_with(e, vec![tag("assertion")]));
            }
        }
        self.close(&[]);
        Ok(())
    }

    /// Blocks `l` is made of, and those its exits lead to.
    pub(super) fn loop_exits(&self, l: ivl::cfg::LoopId) -> BTreeSet<usize> {
        let loops = self.cfg.loops();
        let members = loops.body(l);
        let mut out = BTreeSet::new();
        for &b in members {
            for &s in self.cfg.succs(b) {
                if !members.contains(&s) {
                    out.insert(s.index());
                }
            }
        }
        out
    }

    pub(super) fn is_uniform_loop(&self, l: ivl::cfg::LoopId) -> bool {
        let loops = self.cfg.loops();
        let members = loops.body(l);
        let header = loops.header(l).index();
        if !self
            .uniform
            .uniform_block
            .get(header)
            .copied()
            .unwrap_or(false)
        {
            return false;
        }
        members.iter().all(|&b| {
            let leaves = self.cfg.succs(b).iter().any(|s| !members.contains(s));
            !leaves
                || self
                    .uniform
                    .uniform_branch
                    .get(b.index())
                    .copied()
                    .unwrap_or(false)
        })
    }

    /// Variables assigned or havocked in the blocks of a loop.
    pub(super) fn modified_in(&self, l: ivl::cfg::LoopId) -> BTreeSet<String> {
        let loops = self.cfg.loops();
        let mut out = BTreeSet::new();
        for &b in loops.body(l) {
            for s in &self.body.blocks[b.index()].stmts {
                match &s.kind {
                    StmtKind::Assign { lhs, .. } => {
                        out.extend(lhs.iter().map(|x| x.name.name.clone()))
                    }
                    StmtKind::Havoc(names) => out.extend(names.iter().map(|x| x.name.clone())),
                    StmtKind::Call { rets, .. } => out.extend(rets.iter().map(|x| x.name.clone())),
                    _ => {}
                }
            }
        }
        out
    }

    /// Starts the product loop of the kernel loop headed by `h`: its head
    /// (the invariants) and the first block of its body.
    pub(super) fn open_loop(
        &mut self,
        h: BlockId,
        l: ivl::cfg::LoopId,
    ) -> Result<(String, String), TransformError> {
        let n = self.n;
        let hl = self.body.blocks[h.index()].label.name.clone();
        let head = self.fresh(&format!("{hl}$head"));
        let body = self.fresh(&format!("{hl}$body"));
        // `ran`: the thread entered this execution of the loop (threads
        // enter only from before it, so this is fixed during the loop).
        let mut ran = Vec::new();
        for k in 0..n {
            let r = self.local(&format!("ran${hl}$t{k}"), bool_ty());
            self.push(set(&r, self.at(h.index(), k)));
            ran.push(r);
        }
        self.close(std::slice::from_ref(&head));
        self.label = head.clone();
        // The kernel's invariants, per thread.
        let invariants: Vec<Stmt> = self.body.blocks[h.index()]
            .stmts
            .iter()
            .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
            .cloned()
            .collect();
        for inv in &invariants {
            let StmtKind::Assert(e) = &inv.kind else {
                continue;
            };
            for k in 0..n {
                let en = self.at(h.index(), k);
                let body = self.expr(e, k, &en)?;
                let mut attrs = inv.attrs.clone();
                attrs.push(tag("invariant"));
                self.push(assert_with(implies(var(&ran[k as usize]), body), attrs));
            }
        }
        // By construction: no thread waits inside the loop at its head.
        let loops = self.cfg.loops();
        for &b in loops.body(l) {
            if b == h {
                continue;
            }
            for k in 0..n {
                let inv = not(self.at(b.index(), k));
                self.push(assert_with(inv, vec![tag("invariant")]));
            }
        }
        if self.is_uniform_loop(l) {
            let mut preds: Vec<usize> = vec![h.index()];
            preds.extend(self.loop_exits(l));
            for b in preds {
                for k in 1..n {
                    let inv = Expr::eq(self.at(b, 0), self.at(b, k));
                    self.push(assert_with(inv, vec![tag("invariant")]));
                }
            }
            for v in self.modified_in(l) {
                if self.uniform.per_thread.contains(&v) || !self.private_types.contains_key(&v) {
                    continue;
                }
                if matches!(self.private_types[&v], Type::Map(..)) {
                    continue;
                }
                for k in 1..n {
                    let inv = Expr::eq(
                        var(&self.copies[&(v.clone(), 0)]),
                        var(&self.copies[&(v.clone(), k)]),
                    );
                    self.push(assert_with(inv, vec![tag("invariant")]));
                }
            }
        }
        let exit = self.fresh(&format!("{hl}$exit"));
        self.close(&[body.clone(), exit.clone()]);
        // The body runs while some thread is at the header.
        self.label = body;
        let someone = any((0..n).map(|k| self.at(h.index(), k)));
        self.push(Stmt::new(StmtKind::Assume(someone)));
        Ok((head, exit))
    }

    pub(super) fn close_loop(&mut self, h: BlockId, (head, exit): (String, String)) {
        self.close(&[head]);
        self.label = exit;
        let someone = any((0..self.n).map(|k| self.at(h.index(), k)));
        self.push(Stmt::new(StmtKind::Assume(not(someone))));
    }

    /// Block `b` of the kernel for every thread, and its transfer.
    pub(super) fn block(&mut self, b: BlockId) -> Result<(), TransformError> {
        let bi = b.index();
        let kernel_block = &self.body.blocks[bi];
        let is_header = self.cfg.loops().headers().any(|h| h == b);
        // A header's invariants are at the product loop's head; a block's
        // leading `assume`s (branch conditions) are on its incoming edges.
        let skip = if is_header {
            kernel_block
                .stmts
                .iter()
                .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
                .count()
        } else {
            crate::uniformity::leading_assumes(self.body, bi).len()
        };
        for stmt in &kernel_block.stmts[skip..] {
            self.stmt(stmt, bi)?;
        }
        self.transfer(b)
    }

    pub(super) fn transfer(&mut self, b: BlockId) -> Result<(), TransformError> {
        let bi = b.index();
        let succs: Vec<usize> = self.cfg.succs(b).iter().map(|s| s.index()).collect();
        for k in 0..self.n {
            let here = self.at(bi, k);
            // go[i]: thread k takes successor i (exactly one).
            let mut go: Vec<Expr> = Vec::new();
            if succs.len() > 1 {
                let mut none_before = Expr::bool(true);
                for i in 0..succs.len() {
                    if i + 1 == succs.len() {
                        go.push(none_before.clone());
                    } else {
                        let label = self.body.blocks[bi].label.name.clone();
                        let c = self.local(&format!("go${label}${i}$t{k}"), bool_ty());
                        self.push(Stmt::new(StmtKind::Havoc(vec![Ident::synthetic(
                            c.clone(),
                        )])));
                        go.push(and(none_before.clone(), var(&c)));
                        none_before = and(none_before, not(var(&c)));
                    }
                }
            } else {
                go = succs.iter().map(|_| Expr::bool(true)).collect();
            }
            // A thread only takes an edge whose target's conditions hold.
            for (i, &s) in succs.iter().enumerate() {
                let conds = self.edge_condition(s, k)?;
                if !matches!(conds.kind, ExprKind::Bool(true)) {
                    let taken = and(here.clone(), go[i].clone());
                    self.push(Stmt::new(StmtKind::Assume(implies(taken, conds))));
                }
            }
            let mut targets = vec![lhs(self.at[bi][k as usize].clone())];
            let mut rhs = vec![Expr::bool(false)];
            for (i, &s) in succs.iter().enumerate() {
                let taken = and(here.clone(), go[i].clone());
                if s == bi {
                    rhs[0] = taken;
                } else {
                    targets.push(lhs(self.at[s][k as usize].clone()));
                    rhs.push(or(self.at(s, k), taken));
                }
            }
            self.push(assign(targets.into_iter().zip(rhs).collect(), vec![]));
        }
        Ok(())
    }

    /// The leading `assume`s of block `s` for thread `k` (on the edges into
    /// it; an enabled thread's state does not change while it waits).
    pub(super) fn edge_condition(&self, s: usize, k: u32) -> Result<Expr, TransformError> {
        let en = self.at(s, k);
        let mut out = Expr::bool(true);
        for e in crate::uniformity::leading_assumes(self.body, s) {
            out = and(out, self.expr(e, k, &en)?);
        }
        Ok(out)
    }
}
