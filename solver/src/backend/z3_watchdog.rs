//! The time limit of an in-process z3 check, enforced from outside z3.
//!
//! Consumes a context's [`Interrupter`], a CPU-time limit and the CPU clock
//! of the thread running the check; guarantees that a check still running
//! when that thread has used the limit in CPU time, or when
//! [`WALL_CAP_FACTOR`] times the limit has passed on the wall clock, is
//! interrupted (z3 then answers `unknown`), and says which budget ran out.
//! Without a thread clock the limit is wall-clock time. It replaces z3's
//! own `timeout` parameter, whose timer (a thread pool inside libz3,
//! `scoped_timer`) has had deadlocks in the 4.8.10+ releases, Debian's
//! 4.8.12 among them (Z3Prover/z3 #5371, #5990): a process that hangs
//! asleep with its cvc5 idle is what such a deadlock looks like; z3's timer
//! also counts wall-clock time. An interrupt leaves the context cancelled
//! for good, so the session rebuilds it before its next command
//! (`Z3Session::revive`).

use super::z3::Interrupter;
use crate::cpu_time::{Exhausted, ThreadClock, WALL_CAP_FACTOR};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the watchdog reads the checking thread's CPU clock.
const POLL: Duration = Duration::from_millis(20);

/// A running watch over one check.
pub(crate) struct Watchdog {
    stop: Sender<()>,
    thread: JoinHandle<Option<Exhausted>>,
}

impl Watchdog {
    /// Starts watching the check about to run on the calling thread: once
    /// that thread has used `limit` of CPU time (or the wall-clock cap has
    /// passed), interrupts the context.
    pub(crate) fn start(interrupter: Interrupter, limit: Duration) -> Watchdog {
        let clock = ThreadClock::current();
        let cpu_start = clock.and_then(|c| c.now());
        let (stop, stopped) = channel::<()>();
        let thread = std::thread::spawn(move || {
            let wall_start = Instant::now();
            let wall_cap = match cpu_start {
                Some(_) => limit * WALL_CAP_FACTOR,
                None => limit,
            };
            loop {
                let used_wall = wall_start.elapsed();
                let wait = wall_cap.saturating_sub(used_wall).min(POLL);
                match stopped.recv_timeout(wait) {
                    // Stopped (or the session went away): the check is over.
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => return None,
                    Err(RecvTimeoutError::Timeout) => {}
                }
                let cpu = match (clock, cpu_start) {
                    (Some(c), Some(s)) => c.now().map(|n| n.saturating_sub(s)),
                    _ => None,
                };
                let out = if cpu.is_some_and(|c| c >= limit) {
                    Some(Exhausted::Cpu(limit))
                } else if wall_start.elapsed() >= wall_cap {
                    Some(Exhausted::Wall(wall_cap))
                } else {
                    None
                };
                if out.is_some() {
                    interrupter.interrupt();
                    return out;
                }
            }
        });
        Watchdog { stop, thread }
    }

    /// Ends the watch (the check returned); which budget interrupted the
    /// context, if one did, in which case the check's answer must not be
    /// trusted as conclusive and the context is unusable.
    pub(crate) fn stop(self) -> Option<Exhausted> {
        let _ = self.stop.send(());
        // A panicking watchdog thread interrupted nothing we know of; be
        // conservative and treat the context as interrupted.
        self.thread
            .join()
            .unwrap_or(Some(Exhausted::Wall(Duration::ZERO)))
    }
}
