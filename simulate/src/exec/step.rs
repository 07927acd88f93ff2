//! Lock-step execution of procedure bodies, blocks and statements.
//!
//! `run_body` is the predicated warp: every thread of the mask has a block
//! pointer; the lowest-ranked block (`schedule.rs`) runs with the threads at
//! it, statement by statement, each statement for every one of those
//! threads in local-id order. Branches resolve per thread; a barrier
//! checks that the whole group is there (G-DIVERGENCE) and clears the logs
//! of the spaces it fences (G-SYNC); a call runs the callee's body with the
//! calling threads as its mask.

use super::{draw_like, store_nested, Machine, Run, Stop};
use crate::inputs::zero;
use crate::prepare::{Lhs, Stmt, StmtKind};
use crate::report::TraceEvent;
use crate::{AccessKind, Outcome, SimError, ThreadId};
use solver::value::Value;

impl Machine<'_, '_> {
    pub(super) fn run_body(&mut self, proc_index: usize, mask: &[usize]) -> Run {
        let prep = self.prep;
        let proc = &prep.procs[proc_index];
        let mut pcs: Vec<Option<usize>> = vec![None; self.threads.len()];
        for &t in mask {
            pcs[t] = Some(0);
        }
        loop {
            let Some(b) = mask
                .iter()
                .filter_map(|&t| pcs[t])
                .min_by_key(|&b| proc.rank[b])
            else {
                return Ok(());
            };
            let here: Vec<usize> = mask
                .iter()
                .copied()
                .filter(|&t| pcs[t] == Some(b))
                .collect();
            let block = &proc.blocks[b];
            let enabled = self.enabled_ids(&here);
            self.event(TraceEvent::Block {
                group: self.threads[0].id.group,
                procedure: proc.name.clone(),
                label: block.label.clone(),
                enabled,
            });
            for stmt in &block.stmts {
                self.exec_stmt(stmt, &here)?;
            }
            match block.succs.as_slice() {
                [] => here.iter().for_each(|&t| pcs[t] = None),
                [next] => here.iter().for_each(|&t| pcs[t] = Some(*next)),
                succs => {
                    for &t in &here {
                        pcs[t] = Some(self.choose(proc_index, succs, t)?);
                    }
                    let targets: Vec<(String, Vec<u32>)> = succs
                        .iter()
                        .map(|&s| {
                            let going: Vec<usize> = here
                                .iter()
                                .copied()
                                .filter(|&t| pcs[t] == Some(s))
                                .collect();
                            (proc.blocks[s].label.clone(), self.enabled_ids(&going))
                        })
                        .filter(|(_, ids)| !ids.is_empty())
                        .collect();
                    if targets.len() > 1 {
                        self.event(TraceEvent::Diverge {
                            group: self.threads[0].id.group,
                            procedure: proc.name.clone(),
                            label: block.label.clone(),
                            targets,
                        });
                    }
                }
            }
        }
    }

    /// The first successor whose leading `assume`s hold for thread `t`.
    fn choose(&mut self, proc_index: usize, succs: &[usize], t: usize) -> Run<usize> {
        let prep = self.prep;
        let proc = &prep.procs[proc_index];
        'targets: for &s in succs {
            let target = &proc.blocks[s];
            for stmt in &target.stmts[..target.leading_assumes] {
                self.bind_reads(stmt, t, false)?;
                let StmtKind::Assume(e) = &stmt.kind else {
                    continue;
                };
                if !self.eval_bool(t, e, &stmt.loc)? {
                    continue 'targets;
                }
            }
            return Ok(s);
        }
        let loc = succs
            .iter()
            .find_map(|&s| proc.blocks[s].stmts.first().and_then(|st| st.loc.clone()));
        Err(Stop::Found(Box::new(Outcome::InfeasibleInputs {
            loc,
            thread: self.threads[t].id,
        })))
    }

    fn exec_stmt(&mut self, stmt: &Stmt, here: &[usize]) -> Run {
        match &stmt.kind {
            StmtKind::Barrier {
                local,
                global,
                image,
            } => self.barrier(stmt, (local, global, *image), here),
            StmtKind::WarpBarrier(mask) => self.warp_barrier(stmt, mask, here),
            StmtKind::WarpOp {
                dest,
                kind,
                operands,
            } => self.warp_op(stmt, dest, kind, operands, here),
            StmtKind::Collective(args) => self.collective(stmt, args, here),
            StmtKind::AsyncElement(name) => {
                for &t in here {
                    self.tick()?;
                    let lin = u128::from(self.threads[t].id.local_linear);
                    let v = match self.threads[t].env.vars.get(name) {
                        Some(Value::Bv { width, .. }) => Value::bv(lin, *width),
                        _ => Value::bv(lin, 32),
                    };
                    self.threads[t].env.vars.insert(name.clone(), v);
                }
                Ok(())
            }
            StmtKind::AsyncEvent(event) => {
                self.tick()?;
                if let Some(&first) = here.first() {
                    let ev = self.eval(first, event, &stmt.loc)?;
                    self.copy = Some((self.copies, super::as_index(&ev).unwrap_or(0)));
                    self.copies += 1;
                }
                Ok(())
            }
            StmtKind::AsyncWait { retire, event } => {
                self.tick()?;
                if let Some(&first) = here.first() {
                    if self.eval_bool(first, retire, &stmt.loc)? {
                        let ev = self.eval(first, event, &stmt.loc)?;
                        self.logs.retire(super::as_index(&ev).unwrap_or(0));
                    }
                }
                Ok(())
            }
            StmtKind::Call { callee, args, rets } => {
                let mut values = Vec::with_capacity(here.len());
                for &t in here {
                    self.tick()?;
                    self.bind_reads(stmt, t, true)?;
                    let mut vs = Vec::with_capacity(args.len());
                    for a in args {
                        vs.push(self.eval(t, a, &stmt.loc)?);
                    }
                    values.push(vs);
                }
                self.call(*callee, here, values, rets)
            }
            StmtKind::Assert(..) | StmtKind::Assume(_) => {
                for &t in here {
                    self.tick()?;
                    self.check(stmt, t, false)?;
                }
                Ok(())
            }
            StmtKind::HavocMemory(arrays) => {
                self.tick()?;
                for &a in arrays {
                    self.contents.havoc(a);
                }
                Ok(())
            }
            StmtKind::Havoc(names) => {
                for &t in here {
                    self.tick()?;
                    for n in names {
                        let current = self.threads[t].env.vars.get(n).cloned();
                        let current = current.unwrap_or(Value::Bool(false));
                        let fresh = draw_like(&mut self.rng, &current, self.launch);
                        self.threads[t].env.vars.insert(n.clone(), fresh);
                    }
                }
                Ok(())
            }
            StmtKind::Assign { lhs, rhs } => {
                for &t in here {
                    self.tick()?;
                    self.assign(stmt, lhs, rhs, t)?;
                }
                Ok(())
            }
        }
    }

    /// A parallel assignment: reads, right-hand sides and target indices
    /// are evaluated first, then every target is written.
    fn assign(&mut self, stmt: &Stmt, lhs: &[Lhs], rhs: &[ivl::ast::Expr], t: usize) -> Run {
        self.bind_reads(stmt, t, true)?;
        let mut values = Vec::with_capacity(rhs.len());
        for e in rhs {
            values.push(self.eval(t, e, &stmt.loc)?);
        }
        enum Target {
            Var(String),
            Private(String, Vec<Value>),
            Memory(usize, u128),
        }
        let mut targets = Vec::with_capacity(lhs.len());
        for l in lhs {
            targets.push(match l {
                Lhs::Var(n) => Target::Var(n.clone()),
                Lhs::PrivateMap(n, indices) => {
                    let mut vs = Vec::new();
                    for i in indices {
                        vs.push(self.eval(t, i, &stmt.loc)?);
                    }
                    Target::Private(n.clone(), vs)
                }
                Lhs::Memory(array, index) => {
                    Target::Memory(*array, self.index(t, index, &stmt.loc)?)
                }
            });
        }
        for (target, value) in targets.into_iter().zip(values) {
            match target {
                Target::Var(n) => {
                    self.threads[t].env.vars.insert(n, value);
                }
                Target::Private(n, indices) => {
                    let vars = &mut self.threads[t].env.vars;
                    let slot = vars.get_mut(&n).ok_or_else(|| {
                        Stop::Error(SimError::Eval {
                            loc: stmt.loc.clone(),
                            message: format!("no value for `{n}`"),
                        })
                    })?;
                    store_nested(slot, &indices, value).map_err(|message| {
                        Stop::Error(SimError::Eval {
                            loc: stmt.loc.clone(),
                            message,
                        })
                    })?;
                }
                Target::Memory(array, index) => {
                    let kind = if stmt.atomic {
                        AccessKind::Atomic
                    } else {
                        AccessKind::Write
                    };
                    self.log(t, array, index, kind, stmt, Some(&value))?;
                    self.contents.store(array, index, value);
                }
            }
        }
        Ok(())
    }

    /// An async copy or `wait_group_events`: reached by the whole group,
    /// with one value of every argument.
    fn collective(&mut self, stmt: &Stmt, args: &[ivl::ast::Expr], here: &[usize]) -> Run {
        self.tick()?;
        let group = self.threads[0].id.group;
        let disabled: Vec<ThreadId> = (0..self.threads.len())
            .filter(|t| !here.contains(t))
            .map(|t| self.threads[t].id)
            .collect();
        let mut differ = None;
        if disabled.is_empty() {
            let first = here[0];
            'args: for a in args {
                let v0 = self.eval(first, a, &stmt.loc)?;
                for &t in &here[1..] {
                    if self.eval(t, a, &stmt.loc)? != v0 {
                        differ = Some((self.threads[first].id, self.threads[t].id));
                        break 'args;
                    }
                }
            }
        }
        if disabled.is_empty() && differ.is_none() {
            return Ok(());
        }
        Err(Stop::Found(Box::new(Outcome::CollectiveDivergence {
            loc: stmt.loc.clone(),
            group,
            disabled,
            differ,
        })))
    }

    fn barrier(
        &mut self,
        stmt: &Stmt,
        (local, global, image): (&ivl::ast::Expr, &ivl::ast::Expr, bool),
        here: &[usize],
    ) -> Run {
        self.tick()?;
        let group = self.threads[0].id.group;
        if here.len() != self.threads.len() {
            let ids = |keep: bool| {
                (0..self.threads.len())
                    .filter(|t| here.contains(t) == keep)
                    .map(|t| self.threads[t].id)
                    .collect()
            };
            return Err(Stop::Found(Box::new(Outcome::BarrierDivergence {
                loc: stmt.loc.clone(),
                group,
                enabled: ids(true),
                disabled: ids(false),
            })));
        }
        let first = here[0];
        let local = self.eval_bool(first, local, &stmt.loc)?;
        let global = self.eval_bool(first, global, &stmt.loc)?;
        let cleared = self.logs.barrier(&self.prep.memory, local, global, image);
        self.event(TraceEvent::Barrier {
            group,
            loc: stmt.loc.clone(),
            local_fence: local,
            global_fence: global,
            cleared,
        });
        Ok(())
    }

    /// Runs a callee for the threads of `here` (in that order, with the
    /// argument values of each) and assigns its results to `rets`.
    fn call(
        &mut self,
        callee: usize,
        here: &[usize],
        args: Vec<Vec<Value>>,
        rets: &[String],
    ) -> Run {
        let prep = self.prep;
        let proc = &prep.procs[callee];
        let names: Vec<(&String, Option<&Value>)> = proc
            .params
            .iter()
            .map(|(n, _)| (n, None))
            .chain(
                proc.returns
                    .iter()
                    .chain(&proc.locals)
                    .map(|(n, _)| (n, None)),
            )
            .collect();
        let mut saved = Vec::with_capacity(here.len());
        for (&t, args) in here.iter().zip(args) {
            let vars = &mut self.threads[t].env.vars;
            let old: Vec<Option<Value>> = names.iter().map(|(n, _)| vars.remove(*n)).collect();
            for ((n, _), v) in proc.params.iter().zip(args) {
                vars.insert(n.clone(), v);
            }
            for (n, ty) in proc.returns.iter().chain(&proc.locals) {
                vars.insert(n.clone(), zero(ty));
            }
            let snapshot = prep
                .private_globals
                .iter()
                .filter_map(|(n, _)| vars.get(n).map(|v| (n.clone(), v.clone())))
                .collect();
            let old_env = std::mem::replace(&mut self.threads[t].env.old, snapshot);
            saved.push((old, old_env));
        }
        let enabled = self.enabled_ids(here);
        self.event(TraceEvent::Call {
            group: self.threads[0].id.group,
            procedure: proc.name.clone(),
            enabled,
        });
        for spec in &proc.requires {
            for &t in here {
                self.check(spec, t, false)?;
            }
        }
        self.run_body(callee, here)?;
        for spec in &proc.ensures {
            for &t in here {
                self.check(spec, t, false)?;
            }
        }
        for (&t, (old, old_env)) in here.iter().zip(saved) {
            let vars = &mut self.threads[t].env.vars;
            let results: Vec<Value> = proc
                .returns
                .iter()
                .map(|(n, ty)| vars.get(n).cloned().unwrap_or_else(|| zero(ty)))
                .collect();
            for ((n, _), v) in names.iter().zip(old) {
                vars.remove(*n);
                if let Some(v) = v {
                    vars.insert((*n).clone(), v);
                }
            }
            for (r, v) in rets.iter().zip(results) {
                vars.insert(r.clone(), v);
            }
            self.threads[t].env.old = old_env;
        }
        Ok(())
    }
}
