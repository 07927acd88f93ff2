//! The time limit of an in-process z3 check, enforced from outside z3.
//!
//! Consumes a context's [`Interrupter`] and a duration; guarantees that a
//! check still running when the duration has passed is interrupted (z3
//! then answers `unknown`), and says whether that happened. It replaces
//! z3's own `timeout` parameter, whose timer (a thread pool inside libz3,
//! `scoped_timer`) has had deadlocks in the 4.8.10+ releases, Debian's
//! 4.8.12 among them (Z3Prover/z3 #5371, #5990): a process that hangs
//! asleep with its cvc5 idle is what such a deadlock looks like. An
//! interrupt leaves the context cancelled for good, so the session
//! rebuilds it before its next command (`Z3Session::revive`).

use super::z3::Interrupter;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// A running watch over one check.
pub(crate) struct Watchdog {
    stop: Sender<()>,
    thread: JoinHandle<bool>,
}

impl Watchdog {
    /// Starts watching: after `limit`, interrupts the context.
    pub(crate) fn start(interrupter: Interrupter, limit: Duration) -> Watchdog {
        let (stop, stopped) = channel::<()>();
        let thread = std::thread::spawn(move || match stopped.recv_timeout(limit) {
            Err(RecvTimeoutError::Timeout) => {
                interrupter.interrupt();
                true
            }
            // Stopped (or the session went away): the check is over.
            Ok(()) | Err(RecvTimeoutError::Disconnected) => false,
        });
        Watchdog { stop, thread }
    }

    /// Ends the watch (the check returned); whether it interrupted the
    /// context, in which case the check's answer must not be trusted as
    /// conclusive and the context is unusable.
    pub(crate) fn stop(self) -> bool {
        let _ = self.stop.send(());
        // A panicking watchdog thread interrupted nothing we know of; be
        // conservative and treat the context as interrupted.
        self.thread.join().unwrap_or(true)
    }
}
