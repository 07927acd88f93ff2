//! CPU-time clocks for the solver budgets (`--timeout`, the Houdini budget).
//!
//! Consumes nothing; guarantees readings of the CPU time (user + system)
//! spent by one thread of this process ([`ThreadClock`], readable from
//! another thread, as a watchdog needs), by a live child process
//! ([`child_cpu`], from `/proc/PID/stat`), and by the whole verification so
//! far ([`spent`]: this process's threads plus the solver children's CPU
//! recorded with [`record_children`]). A budget counted in CPU time does not
//! shrink when the machine is loaded, so a proof or a race does not turn
//! into a timeout on a busy CI box; each budget keeps a wall-clock cap of
//! [`WALL_CAP_FACTOR`] times its length so that nothing hangs (a solver
//! waiting on I/O, a starved process). Where a clock cannot be read (not
//! Linux, `/proc` missing) the budget falls back to wall-clock time, which
//! can only end a search earlier. Running out of either budget is a
//! timeout, never a verdict.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A budget of `d` CPU time may take at most `WALL_CAP_FACTOR * d` wall
/// clock.
pub const WALL_CAP_FACTOR: u32 = 10;

/// Which budget of a query or search ran out (named in the exit-7 message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The CPU time of the solver (thread or process) reached the limit.
    Cpu(Duration),
    /// The wall-clock cap (`WALL_CAP_FACTOR` times the CPU limit, or the
    /// limit itself when no CPU clock can be read) was reached first.
    Wall(Duration),
}

impl Exhausted {
    /// `timeout: ...`, the reason of an `unknown` answer (the `timeout`
    /// prefix is what callers test for).
    pub fn reason(self, of: &str) -> String {
        match self {
            Exhausted::Cpu(d) => format!("timeout: the CPU-time budget of {} ran out", secs(d, of)),
            Exhausted::Wall(d) => format!(
                "timeout: the wall-clock cap of {} ran out (the machine may be overloaded)",
                secs(d, of)
            ),
        }
    }
}

fn secs(d: Duration, of: &str) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{} s {of}", s as u64)
    } else {
        format!("{s:.1} s {of}")
    }
}

/// The CPU clock of one thread; `Send`, so a watchdog thread can read the
/// clock of the thread it watches.
#[derive(Clone, Copy, Debug)]
pub struct ThreadClock(libc::clockid_t);

impl ThreadClock {
    /// The calling thread's clock (`None` where the platform has none).
    pub fn current() -> Option<ThreadClock> {
        let mut id: libc::clockid_t = 0;
        // SAFETY: `pthread_self` is always valid for the calling thread and
        // `id` is a valid out-pointer.
        let rc = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
        let clock = ThreadClock(id);
        (rc == 0 && clock.now().is_some()).then_some(clock)
    }

    /// CPU time the thread has used. Reading the clock of a thread that
    /// has exited fails (`None`).
    pub fn now(&self) -> Option<Duration> {
        read_clock(self.0)
    }
}

fn read_clock(id: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid out-pointer; an invalid clock id is an error
    // return, not undefined behaviour.
    let rc = unsafe { libc::clock_gettime(id, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// CPU time of every thread of this process.
pub fn process_cpu() -> Option<Duration> {
    read_clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// CPU time (user + system) of the live process `pid`, from
/// `/proc/PID/stat`; `None` when it cannot be read.
pub fn child_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat_cpu(&stat, clock_ticks())
}

/// utime + stime of a `/proc/PID/stat` line (fields 14 and 15, counted
/// after the parenthesised command name, which may contain spaces).
fn parse_stat_cpu(stat: &str, ticks_per_second: u64) -> Option<Duration> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state): utime is field 14, stime 15.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    let ticks = utime + stime;
    Some(Duration::from_nanos(
        ticks.saturating_mul(1_000_000_000) / ticks_per_second.max(1),
    ))
}

fn clock_ticks() -> u64 {
    // SAFETY: sysconf has no preconditions.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as u64
    } else {
        100
    }
}

/// CPU time used by solver child processes, in nanoseconds, as recorded by
/// the sessions that own them.
static CHILDREN_NS: AtomicU64 = AtomicU64::new(0);

/// Adds `d` of a solver child's CPU time to [`spent`].
pub fn record_children(d: Duration) {
    CHILDREN_NS.fetch_add(d.as_nanos() as u64, Ordering::Relaxed);
}

/// CPU time of the verification so far: this process's threads (the
/// in-process z3 among them) and the solver children's recorded time.
/// `None` where the process clock cannot be read.
pub fn spent() -> Option<Duration> {
    let own = process_cpu()?;
    Some(own + Duration::from_nanos(CHILDREN_NS.load(Ordering::Relaxed)))
}

/// A budget in CPU time with a wall-clock cap, measured from its start.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    limit: Duration,
    wall_start: std::time::Instant,
    cpu_start: Option<Duration>,
}

impl Stopwatch {
    /// Starts a budget of `limit` CPU time over the whole verification's
    /// CPU ([`spent`]).
    pub fn start(limit: Duration) -> Stopwatch {
        Stopwatch {
            limit,
            wall_start: std::time::Instant::now(),
            cpu_start: spent(),
        }
    }

    /// Which budget has run out, if any.
    pub fn exhausted(&self) -> Option<Exhausted> {
        let wall = self.wall_start.elapsed();
        match (self.cpu_start, spent()) {
            (Some(a), Some(b)) => {
                if b.saturating_sub(a) >= self.limit {
                    Some(Exhausted::Cpu(self.limit))
                } else if wall >= self.limit * WALL_CAP_FACTOR {
                    Some(Exhausted::Wall(self.limit * WALL_CAP_FACTOR))
                } else {
                    None
                }
            }
            _ => (wall >= self.limit).then_some(Exhausted::Wall(self.limit)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_with_spaces_in_the_name_parse() {
        let line = "4242 (cvc5 x) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0 1 0 100 0 0";
        assert_eq!(parse_stat_cpu(line, 100), Some(Duration::from_secs(3)));
        assert_eq!(parse_stat_cpu("garbage", 100), None);
    }

    #[test]
    fn a_busy_thread_advances_its_clock_and_a_sleeping_one_does_not() {
        let clock = ThreadClock::current().expect("a thread CPU clock on Linux");
        let before = clock.now().unwrap();
        let mut x = 0u64;
        let start = std::time::Instant::now();
        while start.elapsed() < Duration::from_millis(60) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let busy = clock.now().unwrap() - before;
        assert!(busy > Duration::ZERO);
        let before = clock.now().unwrap();
        std::thread::sleep(Duration::from_millis(50));
        let slept = clock.now().unwrap() - before;
        assert!(slept < Duration::from_millis(20), "{slept:?}");
    }

    #[test]
    fn our_own_stat_line_reads() {
        assert!(child_cpu(std::process::id()).is_some());
    }

    #[test]
    fn a_sleeping_stopwatch_is_not_out_of_cpu() {
        let w = Stopwatch::start(Duration::from_millis(30));
        std::thread::sleep(Duration::from_millis(40));
        // 40 ms of sleep is far under the 300 ms wall cap, and sleeping
        // uses no CPU (other test threads may, so only the wall cap is
        // asserted strictly).
        assert_ne!(
            w.exhausted(),
            Some(Exhausted::Wall(Duration::from_millis(300)))
        );
        let w = Stopwatch::start(Duration::ZERO);
        assert!(w.exhausted().is_some());
    }
}
