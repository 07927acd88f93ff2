//! An incremental session over one procedure's VC: assert once, check many
//! times under different assumptions, read failures and models.
//!
//! Consumes a [`Vc`] and a back-end [`Session`]. The axioms, the block
//! definitions and `!entry_ok` are asserted once; each [`VcSession::check`]
//! passes only assumption literals (the control literal of every check, and
//! any Boolean constants the caller fixes, e.g. Houdini's candidate flags).
//! Guarantees: `Verified` only on `unsat`; on `sat`, the failing check is
//! found by following the model along the failing path (the first block
//! whose `ok` is false, the first `assert` that is enabled and false in it),
//! so the reported check really fails on the path the model describes, and
//! its model holds the values of the program's names at that point. An
//! inconsistent model is an error, never a verdict. Deliberately does not:
//! decide which checks to assume (callers do; [`VcSession::find_failures`]
//! implements the usual "report, assume, re-check" loop).

use crate::backend::{self, DumpSink, SatResult, Session};
use crate::config::Config;
use crate::error::SolverError;
use crate::follow_up::FollowUp;
use crate::logic::Logic;
use crate::passify::{PassiveStmt, Probe};
use crate::report::{Check, Failure, Model, ModelEntry};
use crate::smtlib::Lit;
use crate::term::{Sort, TermId};
use crate::value::Value;
use crate::vc::Vc;
use std::collections::BTreeSet;

/// What a check assumes besides the VC.
#[derive(Clone, Debug, Default)]
pub struct Assumptions {
    /// Boolean constants of the program fixed to a value.
    pub constants: Vec<(String, bool)>,
    /// Checks (indices into [`VcSession::checks`]) treated as assumptions.
    pub assumed_checks: BTreeSet<usize>,
}

/// The answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryResult {
    /// No enabled check can fail.
    Verified,
    /// The check with this index fails, with a counterexample.
    Failed {
        check: usize,
        failure: Box<Failure>,
    },
    Unknown(String),
}

pub struct VcSession {
    vc: Vc,
    solver: Box<dyn Session>,
    /// The configured per-query limit (restored after follow-up queries).
    timeout: Option<std::time::Duration>,
}

impl VcSession {
    pub fn open(vc: Vc, config: &Config, dump: Option<DumpSink>) -> Result<VcSession, SolverError> {
        let store = &vc.passive.store;
        let mut roots: Vec<TermId> = vc.passive.background.clone();
        roots.extend(&vc.definitions);
        roots.push(vc.goal);
        // Everything a failure report reads, declared before the first check.
        let mut reads: Vec<TermId> = vc.block_ok.clone();
        reads.extend(&vc.ctl);
        for b in &vc.passive.blocks {
            for s in &b.stmts {
                match *s {
                    PassiveStmt::Assume(e) => reads.push(e),
                    PassiveStmt::Assert { cond, .. } => reads.push(cond),
                }
            }
        }
        for p in vc
            .passive
            .probes
            .iter()
            .flatten()
            .chain(&vc.passive.constant_probes)
        {
            reads.extend(&p.indices);
            reads.push(p.value);
        }
        roots.extend(&reads);
        let logic = Logic::of(store, &roots);
        let mut solver = backend::open(config, dump, logic)?;
        for &t in vc.passive.background.iter().chain(&vc.definitions) {
            solver.assert(store, t)?;
        }
        solver.assert(store, vc.goal)?;
        solver.prepare(store, &reads)?;
        Ok(VcSession {
            vc,
            solver,
            timeout: config.timeout,
        })
    }

    pub fn checks(&self) -> &[Check] {
        self.vc.checks()
    }

    pub fn vc(&self) -> &Vc {
        &self.vc
    }

    /// Whether the VC has a Boolean constant `name` (a constant the
    /// program declares but no reachable statement mentions has none).
    pub fn has_bool_constant(&self, name: &str) -> bool {
        self.vc
            .passive
            .constants
            .get(name)
            .is_some_and(|&t| self.vc.passive.store.sort(t) == &Sort::Bool)
    }

    fn literals(&self, assumptions: &Assumptions) -> Result<Vec<Lit>, SolverError> {
        let mut lits = Vec::with_capacity(self.vc.ctl.len() + assumptions.constants.len());
        for (name, value) in &assumptions.constants {
            let t = self
                .vc
                .passive
                .constants
                .get(name)
                .copied()
                .filter(|&t| self.vc.passive.store.sort(t) == &Sort::Bool)
                .ok_or_else(|| {
                    SolverError::ill_formed(
                        format!("no Boolean constant `{name}` to assume"),
                        ivl::Span::DUMMY,
                    )
                })?;
            lits.push(Lit {
                term: t,
                positive: *value,
            });
        }
        for (i, &c) in self.vc.ctl.iter().enumerate() {
            lits.push(Lit {
                term: c,
                positive: !assumptions.assumed_checks.contains(&i),
            });
        }
        Ok(lits)
    }

    /// One query: can some check that is not assumed fail?
    pub fn check(&mut self, assumptions: &Assumptions) -> Result<QueryResult, SolverError> {
        let lits = self.literals(assumptions)?;
        match self.solver.check(&self.vc.passive.store, &lits)? {
            SatResult::Unsat => Ok(QueryResult::Verified),
            SatResult::Unknown(why) => Ok(QueryResult::Unknown(why)),
            SatResult::Sat => {
                let check = self.failing_check()?;
                let model = self.model(check)?;
                Ok(QueryResult::Failed {
                    check,
                    failure: Box::new(Failure {
                        check: self.vc.checks()[check].clone(),
                        model,
                    }),
                })
            }
        }
    }

    /// Follows the model from the entry to the failing check.
    fn failing_check(&mut self) -> Result<usize, SolverError> {
        let passive = &self.vc.passive;
        let mut block = 0;
        for _ in 0..=passive.blocks.len() {
            let b = &passive.blocks[block];
            let mut terms = Vec::new();
            for s in &b.stmts {
                match *s {
                    PassiveStmt::Assume(e) => terms.push(e),
                    PassiveStmt::Assert { cond, check } => {
                        terms.push(cond);
                        terms.push(self.vc.ctl[check]);
                    }
                }
            }
            terms.extend(b.succs.iter().map(|&s| self.vc.block_ok[s]));
            let values = self.solver.values(&passive.store, &terms)?;
            let truth = |k: usize| values.get(k) == Some(&Value::Bool(true));
            let mut k = 0;
            for s in &b.stmts {
                match *s {
                    PassiveStmt::Assume(_) => {
                        if !truth(k) {
                            return Err(inconsistent("an assumption on the failing path is false"));
                        }
                        k += 1;
                    }
                    PassiveStmt::Assert { check, .. } => {
                        if !truth(k) && truth(k + 1) {
                            return Ok(check);
                        }
                        k += 2;
                    }
                }
            }
            match (0..b.succs.len()).find(|&j| !truth(k + j)) {
                Some(j) => block = b.succs[j],
                None => return Err(inconsistent("no failing successor")),
            }
        }
        Err(inconsistent("the failing path does not end"))
    }

    fn model(&mut self, check: usize) -> Result<Model, SolverError> {
        let probes: Vec<&Probe> = self.vc.passive.probes_of(check).collect();
        let mut terms = Vec::new();
        for p in &probes {
            terms.extend(&p.indices);
            terms.push(p.value);
        }
        let values = self.solver.values(&self.vc.passive.store, &terms)?;
        let mut values = values.into_iter();
        let mut entries = Vec::with_capacity(probes.len());
        for p in probes {
            let indices: Vec<Value> = values.by_ref().take(p.indices.len()).collect();
            let value = values
                .next()
                .ok_or_else(|| inconsistent("missing model value"))?;
            entries.push(ModelEntry {
                name: p.name.clone(),
                old: p.old,
                indices,
                value,
            });
        }
        Ok(Model { entries })
    }

    /// After a [`QueryResult::Failed`] on `check`, the checks of `among`
    /// that the same model falsifies at the same program point: the asserts
    /// in the unbroken run of asserts around `check` in its block (asserts
    /// change no state, so the model's values there are the values of the
    /// failing execution; past an assumption they would not be). Houdini
    /// refutes all of them in one round. Returns `check` itself too.
    pub fn falsified_alongside(
        &mut self,
        check: usize,
        among: &BTreeSet<usize>,
    ) -> Result<Vec<usize>, SolverError> {
        let passive = &self.vc.passive;
        let Some(block) = passive.blocks.iter().find(|b| {
            b.stmts
                .iter()
                .any(|s| matches!(s, PassiveStmt::Assert { check: c, .. } if *c == check))
        }) else {
            return Ok(vec![check]);
        };
        let pos = block
            .stmts
            .iter()
            .position(|s| matches!(s, PassiveStmt::Assert { check: c, .. } if *c == check))
            .expect("found above");
        let is_assert = |s: &PassiveStmt| matches!(s, PassiveStmt::Assert { .. });
        let mut first = pos;
        while first > 0 && is_assert(&block.stmts[first - 1]) {
            first -= 1;
        }
        let mut run = Vec::new();
        for s in block.stmts[first..].iter().take_while(|s| is_assert(s)) {
            if let PassiveStmt::Assert { cond, check: c } = *s {
                if c == check || among.contains(&c) {
                    run.push((c, cond));
                }
            }
        }
        let terms: Vec<TermId> = run.iter().map(|&(_, t)| t).collect();
        let values = self.solver.values(&passive.store, &terms)?;
        let mut out = vec![check];
        for ((c, _), v) in run.iter().zip(values) {
            if *c != check && v == Value::Bool(false) {
                out.push(*c);
            }
        }
        Ok(out)
    }

    /// After a `sat` answer to `assumptions` (the last query), the checks
    /// of `among` that the model falsifies on some path of a genuine
    /// execution: a path from the entry along which the model satisfies
    /// every `assume` and every assumed check (the passive program's
    /// assumptions define its executions, so such a path with the model's
    /// values is an execution of the loop-cut program). Enabled checks that
    /// fail on the way do not end the path (for Houdini a refuted candidate
    /// is no check at all). Values of blocks that no such path reaches are
    /// arbitrary and are never read. Houdini refutes every returned
    /// candidate in one round; the failing check of [`VcSession::check`]
    /// is among them when it is in `among`.
    pub fn falsified_on_model_paths(
        &mut self,
        assumptions: &Assumptions,
        among: &BTreeSet<usize>,
    ) -> Result<Vec<usize>, SolverError> {
        let passive = &self.vc.passive;
        let mut terms = Vec::new();
        for b in &passive.blocks {
            for s in &b.stmts {
                match *s {
                    PassiveStmt::Assume(e) => terms.push(e),
                    PassiveStmt::Assert { cond, .. } => terms.push(cond),
                }
            }
        }
        let values = self.solver.values(&passive.store, &terms)?;
        if values.len() != terms.len() {
            return Err(inconsistent("missing model value"));
        }
        let truth = |k: usize| values[k] == Value::Bool(true);
        let mut reached = vec![false; passive.blocks.len()];
        if let Some(r) = reached.first_mut() {
            *r = true;
        }
        let mut out = BTreeSet::new();
        let mut k = 0;
        for (i, b) in passive.blocks.iter().enumerate() {
            let start = k;
            k += b.stmts.len();
            if !reached[i] {
                continue;
            }
            let mut open = true;
            for (j, s) in b.stmts.iter().enumerate() {
                let holds = truth(start + j);
                match *s {
                    PassiveStmt::Assume(_) => open = holds,
                    PassiveStmt::Assert { check, .. } => {
                        if assumptions.assumed_checks.contains(&check) {
                            open = holds;
                        } else if !holds && among.contains(&check) {
                            out.insert(check);
                        }
                    }
                }
                if !open {
                    break;
                }
            }
            if open {
                for &s in &b.succs {
                    reached[s] = true;
                }
            }
        }
        Ok(out.into_iter().collect())
    }

    /// Reports up to `limit` distinct failing checks: after each failure the
    /// check is assumed and the query repeated, until `unsat`, `unknown` or
    /// the limit. Returns the failures and, if the search ended on
    /// `unknown`, the reason.
    pub fn find_failures(
        &mut self,
        assumptions: &Assumptions,
        limit: usize,
    ) -> Result<(Vec<Failure>, Option<String>), SolverError> {
        let mut assumptions = assumptions.clone();
        let mut failures = Vec::new();
        // After the first failure the queries share a budget
        // (crate::follow_up); the configured limit is restored after.
        let mut follow_up: Option<FollowUp> = None;
        let result = loop {
            if failures.len() >= limit {
                break Ok((failures, None));
            }
            if let Some(f) = &follow_up {
                match f.next_limit() {
                    Some(t) => self.solver.set_timeout(Some(t)),
                    None => {
                        break Ok((
                            failures,
                            Some(format!(
                                "timeout: the budget of {:.1} s for further failures after the first ran out",
                                f.total.as_secs_f64()
                            )),
                        ))
                    }
                }
            }
            let start = std::time::Instant::now();
            let answer = self.check(&assumptions);
            let took = start.elapsed();
            let answer = match (answer, &follow_up) {
                // A process back-end over our limit is an error: after a
                // failure it only ends the search (the verdict stands).
                (Err(SolverError::Timeout { budget, .. }), Some(_)) => {
                    break Ok((failures, Some(format!("timeout: {budget}"))))
                }
                (a, _) => a,
            };
            match answer {
                Err(e) => break Err(e),
                Ok(QueryResult::Verified) => break Ok((failures, None)),
                Ok(QueryResult::Unknown(why)) => break Ok((failures, Some(why))),
                Ok(QueryResult::Failed { check, failure }) => {
                    if !assumptions.assumed_checks.insert(check) {
                        break Err(inconsistent("a check reported twice"));
                    }
                    failures.push(*failure);
                    match &mut follow_up {
                        Some(f) => f.spent += took,
                        None => follow_up = FollowUp::after(took, self.timeout),
                    }
                }
            }
        };
        if follow_up.is_some() {
            self.solver.set_timeout(self.timeout);
        }
        result
    }
}

fn inconsistent(what: &str) -> SolverError {
    SolverError::backend("model", format!("inconsistent model: {what}"))
}
