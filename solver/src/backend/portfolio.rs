//! z3 in-process and cvc5 over SMT-LIB2 racing on each check.
//!
//! Consumes the same commands as any [`Session`] and forwards each to both
//! solvers; a check runs z3 on the calling thread, alone for its first
//! [`Z3_HEAD_START`] of CPU time (a conclusive answer by then never reaches
//! cvc5; see [`head_start`]), then
//! a scoped thread gives cvc5 the query and waits for it, and the first
//! conclusive answer wins: cvc5's `sat` or
//! `unsat` interrupts z3 (whose context stays cancelled, so it is rebuilt
//! and every earlier command replayed), z3's cancels cvc5 (whose process is
//! killed, then respawned and replayed before the next check). Two
//! conclusive answers that disagree are an error, never a verdict.
//! Guarantees: `Unsat` only when one of the two solvers said `unsat` (each
//! solver's own guarantee); after `Sat`, values come from the solver that
//! said `sat`, so the model is that solver's; `Unknown` only when neither
//! answered conclusively (both timed out, gave up or failed). cvc5 failing
//! (missing binary, a construct it refuses, a crash) leaves z3 alone, and
//! z3 failing leaves cvc5; only both failing is an error.
//! Deliberately does not: remember which solver is faster for a query
//! family, or run more than the two solvers.

use super::process::{ProcessSession, SolverProgram, CANCELLED};
use super::z3::Z3Session;
use super::{SatResult, Session};
use crate::cpu_time::{ThreadClock, WALL_CAP_FACTOR};
use crate::error::SolverError;
use crate::logic::Logic;
use crate::smtlib::Lit;
use crate::term::{TermId, TermStore};
use crate::value::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Every command sent so far, to bring a respawned solver up to date.
enum Command {
    Assert(TermId),
    Push,
    Pop,
    Prepare(Vec<TermId>),
}

/// How long z3 runs alone before cvc5 gets the query. Most queries
/// (Houdini rounds, race checks of small kernels) take z3 milliseconds;
/// racing cvc5 on them cost a kill, a respawn and a replay of the whole
/// session per query (3.1 s against 0.8 s of Houdini on a 35-round kernel,
/// 2026-11-24). A query z3 finds hard costs at most this much more.
/// Counted in z3's CPU time, so a loaded machine (CI running two kernels
/// at once, each racing two solvers on two cores) does not start cvc5 on
/// queries z3 answers within the head start when it gets the core.
pub(crate) const Z3_HEAD_START: Duration = Duration::from_millis(200);

/// How often the waiting thread reads z3's CPU clock during the head start.
const HEAD_START_POLL: Duration = Duration::from_millis(10);

/// Waits out z3's head start: `Some(answered)` when z3 finished first
/// (`answered`: conclusively), `None` once z3 has spent [`Z3_HEAD_START`]
/// of CPU time on the check (`z3_clock` read at `z3_start`), or, whatever
/// its CPU time, after [`WALL_CAP_FACTOR`] times it of wall-clock time (a
/// starved z3 does not hold cvc5 back for ever). Without a readable clock
/// the head start is wall-clock time.
fn head_start(
    z3_done: &mpsc::Receiver<bool>,
    z3_clock: Option<(ThreadClock, Duration)>,
) -> Option<bool> {
    let began = std::time::Instant::now();
    let Some((clock, z3_start)) = z3_clock else {
        return z3_done.recv_timeout(Z3_HEAD_START).ok();
    };
    let wall_cap = Z3_HEAD_START * WALL_CAP_FACTOR;
    loop {
        match z3_done.recv_timeout(HEAD_START_POLL) {
            Ok(answered) => return Some(answered),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let spent = clock.now().map(|t| t.saturating_sub(z3_start));
        if spent.is_none_or(|d| d >= Z3_HEAD_START) || began.elapsed() >= wall_cap {
            return None;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Winner {
    Z3,
    Cvc5,
}

pub struct PortfolioSession {
    z3: Z3Session,
    cvc5: Option<ProcessSession>,
    program: SolverProgram,
    timeout: Option<Duration>,
    logic: Logic,
    log: Vec<Command>,
    /// cvc5 failed for a reason other than a cancelled check: not retried.
    cvc5_gone: bool,
    winner: Option<Winner>,
}

impl PortfolioSession {
    pub fn new(
        timeout: Option<Duration>,
        logic: Logic,
        cvc5_binary: Option<std::path::PathBuf>,
    ) -> PortfolioSession {
        let timeout_ms = timeout.map(|t| t.as_millis().max(1) as u64);
        let program = SolverProgram::cvc5(cvc5_binary);
        let cvc5 = ProcessSession::spawn(program.clone(), timeout, logic).ok();
        PortfolioSession {
            z3: Z3Session::new(timeout_ms, logic),
            cvc5_gone: cvc5.is_none(),
            cvc5,
            program,
            timeout,
            logic,
            log: Vec::new(),
            winner: None,
        }
    }

    /// Runs `f` on cvc5 if it is alive; a failure retires it.
    fn on_cvc5(&mut self, f: impl FnOnce(&mut ProcessSession) -> Result<(), SolverError>) {
        if let Some(c) = self.cvc5.as_mut() {
            if f(c).is_err() {
                self.cvc5 = None;
                self.cvc5_gone = true;
            }
        }
    }

    /// A live cvc5, respawned and replayed after a cancelled check.
    fn revive_cvc5(&mut self, store: &TermStore) {
        if self.cvc5.is_some() || self.cvc5_gone {
            return;
        }
        let Ok(mut c) = ProcessSession::spawn(self.program.clone(), self.timeout, self.logic)
        else {
            self.cvc5_gone = true;
            return;
        };
        let replayed = self.log.iter().try_for_each(|cmd| match cmd {
            Command::Assert(t) => c.assert(store, *t),
            Command::Push => c.push(),
            Command::Pop => c.pop(),
            Command::Prepare(ts) => c.prepare(store, ts),
        });
        match replayed {
            Ok(()) => self.cvc5 = Some(c),
            Err(_) => self.cvc5_gone = true,
        }
    }
}

impl PortfolioSession {
    /// A fresh z3 context with every earlier command replayed (after an
    /// interrupt, which leaves the old context cancelled).
    fn rebuild_z3(&mut self, store: &TermStore) -> Result<(), SolverError> {
        let timeout_ms = self.timeout.map(|t| t.as_millis().max(1) as u64);
        let mut z3 = Z3Session::new(timeout_ms, self.logic);
        for cmd in &self.log {
            match cmd {
                Command::Assert(t) => z3.assert(store, *t)?,
                Command::Push => z3.push()?,
                Command::Pop => z3.pop()?,
                Command::Prepare(ts) => z3.prepare(store, ts)?,
            }
        }
        self.z3 = z3;
        Ok(())
    }
}

fn conclusive(r: &Result<SatResult, SolverError>) -> bool {
    matches!(r, Ok(SatResult::Sat | SatResult::Unsat))
}

impl Session for PortfolioSession {
    fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.timeout = timeout;
        self.z3.set_timeout(timeout);
        if let Some(c) = self.cvc5.as_mut() {
            c.set_timeout(timeout);
        }
    }

    fn name(&self) -> &str {
        "portfolio"
    }

    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError> {
        self.log.push(Command::Assert(t));
        self.on_cvc5(|c| c.assert(store, t));
        self.z3.assert(store, t)
    }

    fn push(&mut self) -> Result<(), SolverError> {
        self.log.push(Command::Push);
        self.on_cvc5(|c| c.push());
        self.z3.push()
    }

    fn pop(&mut self) -> Result<(), SolverError> {
        self.log.push(Command::Pop);
        self.on_cvc5(|c| c.pop());
        self.z3.pop()
    }

    fn prepare(&mut self, store: &TermStore, terms: &[TermId]) -> Result<(), SolverError> {
        self.log.push(Command::Prepare(terms.to_vec()));
        self.on_cvc5(|c| c.prepare(store, terms));
        self.z3.prepare(store, terms)
    }

    fn check(&mut self, store: &TermStore, assumptions: &[Lit]) -> Result<SatResult, SolverError> {
        self.winner = None;
        self.revive_cvc5(store);
        let cancel = AtomicBool::new(false);
        let interrupted = AtomicBool::new(false);
        // A context its watchdog cancelled is replaced before the
        // interrupter (a pointer to the context) is taken.
        self.z3.revive(store)?;
        let interrupter = self.z3.interrupter();
        let z3 = &mut self.z3;
        let (z3_done, head_start_over) = mpsc::channel::<bool>();
        // z3 runs on this thread: its CPU clock, read from the waiting one.
        let z3_clock = ThreadClock::current().and_then(|c| Some((c, c.now()?)));
        let (z3_answer, cvc5_answer) = std::thread::scope(|scope| {
            let waiting = self.cvc5.as_mut().map(|c| {
                let (cancel, interrupter, interrupted) = (&cancel, &interrupter, &interrupted);
                scope.spawn(move || {
                    // z3 alone first: `true` is its conclusive answer, and
                    // cvc5 never sees the query (no kill, no respawn).
                    if let Some(true) = head_start(&head_start_over, z3_clock) {
                        return None;
                    }
                    if let Err(e) = c.start_check(store, assumptions) {
                        return Some(Err(e));
                    }
                    let r = c.finish_check(cancel);
                    if conclusive(&r) && !cancel.load(Ordering::Acquire) {
                        interrupted.store(true, Ordering::Release);
                        interrupter.interrupt();
                    }
                    Some(r)
                })
            });
            let z = z3.check(store, assumptions);
            if conclusive(&z) {
                cancel.store(true, Ordering::Release);
            }
            // The waiting thread may have stopped waiting already.
            let _ = z3_done.send(conclusive(&z));
            let c = waiting.and_then(|h| {
                h.join().unwrap_or_else(|_| {
                    Some(Err(SolverError::backend("cvc5", "waiting thread panicked")))
                })
            });
            (z, c)
        });
        if let Some(Err(e)) = &cvc5_answer {
            // A cancelled cvc5 is respawned before the next check; any
            // other failure retires it.
            self.cvc5 = None;
            if !e.to_string().contains(CANCELLED) {
                self.cvc5_gone = true;
            }
        }
        if let (Ok(z), Some(Ok(c))) = (&z3_answer, &cvc5_answer) {
            if conclusive(&Ok(z.clone())) && conclusive(&Ok(c.clone())) && z != c {
                return Err(SolverError::backend(
                    "portfolio",
                    format!("z3 answered {z:?} and cvc5 {c:?} to the same query"),
                ));
            }
        }
        if interrupted.load(Ordering::Acquire) {
            // The interrupt may have landed after z3 answered: its context
            // is cancelled either way, so the model (if any) is cvc5's.
            self.rebuild_z3(store)?;
        } else if conclusive(&z3_answer) {
            self.winner = Some(Winner::Z3);
            return z3_answer;
        }
        match cvc5_answer {
            Some(r) if conclusive(&r) => {
                self.winner = Some(Winner::Cvc5);
                r
            }
            Some(Ok(unknown)) if z3_answer.is_err() => Ok(unknown),
            _ => z3_answer,
        }
    }

    fn values(&mut self, store: &TermStore, terms: &[TermId]) -> Result<Vec<Value>, SolverError> {
        match (self.winner, self.cvc5.as_mut()) {
            (Some(Winner::Cvc5), Some(c)) => c.values(store, terms),
            (Some(Winner::Cvc5), None) => Err(SolverError::backend(
                "portfolio",
                "cvc5 answered sat but is no longer running",
            )),
            _ => self.z3.values(store, terms),
        }
    }
}
