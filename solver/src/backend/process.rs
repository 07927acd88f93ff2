//! Any SMT-LIB2 solver as a child process over pipes (`cvc5`, `z3 -in`).
//!
//! Consumes terms, sends them through [`Emitter`], reads answers line by
//! line from a reader thread with a deadline. Guarantees: only the exact
//! atoms `sat`/`unsat`/`unknown` are answers; `(error ...)`, anything else,
//! end of file, or a dead process are [`SolverError::Backend`]; a solver that
//! that has used the time limit in CPU time on a check (read from
//! `/proc/PID/stat`), or has not answered within the wall-clock cap
//! ([`WALL_CAP_FACTOR`] times the limit, plus a grace period), is killed
//! and the session refuses further use; the solver's own limit option is
//! set to the wall-clock cap (z3's `timeout` and cvc5's `tlimit-per` count
//! wall-clock time). The child's CPU time is added to
//! [`crate::cpu_time::spent`]. Before the first session of a binary,
//! found on the search path, its `--version` is checked once per process
//! (cvc5 >= 1.0, z3 >= 4.8): an older or unrecognised solver is
//! [`SolverError::SolverVersion`]. A binary the caller names
//! (`Config::solver_binary`) is not checked.
//! Deliberately does not: restart a dead solver, or parse anything but
//! scalar values.

use super::{SatResult, Session};
use crate::cpu_time::{child_cpu, record_children, Exhausted, WALL_CAP_FACTOR};
use crate::error::SolverError;
use crate::logic::Logic;
use crate::smtlib::{header, Dialect, Emitter, Lit};
use crate::term::{TermId, TermStore};
use crate::value::Value;
use crate::value::{is_complete, value_from_sexpr, SExpr};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long past its own time limit a solver may take before it is killed.
const GRACE: Duration = Duration::from_secs(5);
/// How often a wait for an answer looks at its cancel flag.
const POLL: Duration = Duration::from_millis(5);
/// How often a wait for a check's answer reads the solver's CPU time.
const CPU_POLL: Duration = Duration::from_millis(25);
/// The failure message of a check cancelled by [`ProcessSession::finish_check`].
pub(crate) const CANCELLED: &str = "check cancelled";
/// The wait for answers when no time limit is configured.
const NO_LIMIT: Duration = Duration::from_secs(24 * 3600);

/// A solver binary and how to talk to it.
#[derive(Clone, Debug)]
pub struct SolverProgram {
    /// The name used in messages (`z3-smtlib`, `cvc5`).
    pub name: &'static str,
    pub binary: PathBuf,
    pub args: Vec<String>,
    /// The Debian package that provides the binary.
    pub package: &'static str,
    pub dialect: Dialect,
    /// What `--version` must print: the word before `version`, and the
    /// least (major, minor) version. `None` for a binary the caller chose
    /// (`Config::solver_binary`), which is trusted to be what it says.
    pub min_version: Option<(&'static str, u32, u32)>,
}

impl SolverProgram {
    pub fn z3(binary: Option<PathBuf>) -> SolverProgram {
        let default = binary.is_none();
        SolverProgram {
            name: "z3-smtlib",
            binary: binary.unwrap_or_else(|| PathBuf::from("z3")),
            args: vec!["-in".into(), "-smt2".into()],
            package: "z3",
            dialect: Dialect::Z3,
            min_version: default.then_some(("Z3", 4, 8)),
        }
    }

    pub fn cvc5(binary: Option<PathBuf>) -> SolverProgram {
        let default = binary.is_none();
        SolverProgram {
            name: "cvc5",
            binary: binary.unwrap_or_else(|| PathBuf::from("cvc5")),
            args: vec![
                "--incremental".into(),
                "--produce-models".into(),
                "--lang=smt2".into(),
                // Model-based instantiation: without it cvc5 answers
                // `unknown` to satisfiable queries with quantified axioms.
                "--mbqi".into(),
            ],
            package: "cvc5",
            dialect: Dialect::Cvc5,
            min_version: default.then_some(("cvc5", 1, 0)),
        }
    }
}

/// Runs `binary --version` once per process and binary and compares it
/// with `program.min_version`.
fn check_version(program: &SolverProgram) -> Result<(), SolverError> {
    static CHECKED: OnceLock<Mutex<HashMap<PathBuf, Result<(), String>>>> = OnceLock::new();
    let cache = CHECKED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some((name, major, minor)) = program.min_version else {
        return Ok(());
    };
    let verdict = match cache.get(&program.binary) {
        Some(verdict) => verdict.clone(),
        None => {
            let output = Command::new(&program.binary)
                .arg("--version")
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output();
            let verdict = match output {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(SolverError::SolverMissing {
                        binary: program.binary.display().to_string(),
                        package: program.package,
                    });
                }
                Err(e) => Err(format!("not runnable ({e})")),
                Ok(out) => {
                    let text = String::from_utf8_lossy(&out.stdout);
                    match solver_version(&text, name) {
                        Some((v, _)) if v >= (major, minor) => Ok(()),
                        Some((_, text)) => Err(format!("{name} version {text}")),
                        None => Err(format!(
                            "a program whose `--version` does not name {name} (`{}`)",
                            text.lines().next().unwrap_or("").trim()
                        )),
                    }
                }
            };
            cache.insert(program.binary.clone(), verdict.clone());
            verdict
        }
    };
    verdict.map_err(|found| SolverError::SolverVersion {
        binary: program.binary.display().to_string(),
        package: program.package,
        expected: format!("{name} {major}.{minor} or later"),
        found,
    })
}

/// `(major, minor)` and the version word after `<name> version` in a
/// `--version` text (`This is cvc5 version 1.0.3 [...]`, `Z3 version 4.8.12 - 64 bit`).
fn solver_version(text: &str, name: &str) -> Option<((u32, u32), String)> {
    let needle = format!("{name} version ");
    let line = text.lines().find(|l| l.contains(&needle))?;
    let word = line.split(&needle).nth(1)?.split_whitespace().next()?;
    let mut parts = word.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts
        .next()
        .and_then(|m| {
            m.trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .ok()
        })
        .unwrap_or(0);
    Some(((major, minor), word.to_string()))
}

pub struct ProcessSession {
    program: SolverProgram,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    emitter: Emitter,
    /// The CPU-time limit of each check.
    timeout: Option<Duration>,
    /// The child's CPU time when the pending check was sent (`None`: no
    /// check pending, or the clock cannot be read).
    check_cpu_start: Option<Duration>,
    /// The child's CPU time already added to [`crate::cpu_time::spent`].
    cpu_recorded: Duration,
    /// Set once the solver misbehaved: every later call fails.
    broken: Option<String>,
    /// The last `check-sat` command, to repeat it when values are asked for
    /// terms the solver has not seen yet.
    last_check: Option<String>,
}

impl ProcessSession {
    pub fn spawn(
        program: SolverProgram,
        timeout: Option<Duration>,
        logic: Logic,
    ) -> Result<ProcessSession, SolverError> {
        check_version(&program)?;
        let mut child = Command::new(&program.binary)
            .args(&program.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::NotFound {
                    SolverError::SolverMissing {
                        binary: program.binary.display().to_string(),
                        package: program.package,
                    }
                } else {
                    SolverError::Spawn {
                        binary: program.binary.display().to_string(),
                        message: e.to_string(),
                    }
                }
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = channel();
        if let Some(stdout) = stdout {
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    match line {
                        Ok(l) => {
                            if tx.send(l).is_err() {
                                break;
                            }
                        }
                        Err(_) => break,
                    }
                }
            });
        }
        let mut session = ProcessSession {
            program,
            child,
            stdin,
            lines: rx,
            emitter: Emitter::new(),
            timeout,
            check_cpu_start: None,
            cpu_recorded: Duration::ZERO,
            broken: None,
            last_check: None,
        };
        let timeout_ms = timeout.map(|t| (t * WALL_CAP_FACTOR).as_millis().max(1) as u64);
        let text = header(session.program.dialect, timeout_ms, logic);
        session.send(&text)?;
        Ok(session)
    }

    /// Reads the child's CPU time and adds what is new to the process-wide
    /// count; the reading, or `None` when it cannot be read.
    fn account_cpu(&mut self) -> Option<Duration> {
        let now = child_cpu(self.child.id())?;
        if now > self.cpu_recorded {
            record_children(now - self.cpu_recorded);
            self.cpu_recorded = now;
        }
        Some(now)
    }

    fn fail(&mut self, message: String) -> SolverError {
        self.account_cpu();
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.broken = Some(message.clone());
        SolverError::backend(self.program.name, message)
    }

    fn send(&mut self, text: &str) -> Result<(), SolverError> {
        if let Some(why) = &self.broken {
            return Err(SolverError::backend(self.program.name, why.clone()));
        }
        // A solver that has exited (cvc5 exits on some errors) is reported
        // as such rather than as a failed write (`pipe_write` keeps the
        // write itself from raising SIGPIPE).
        if let Ok(Some(status)) = self.child.try_wait() {
            return Err(self.fail(format!("the solver exited ({status})")));
        }
        let result = match self.stdin.as_mut() {
            Some(stdin) => super::pipe_write::write_all(stdin, text.as_bytes()),
            None => Err(std::io::Error::other("no stdin")),
        };
        result.map_err(|e| self.fail(format!("cannot write to the solver: {e}")))
    }

    /// Reads one complete s-expression (possibly spanning lines).
    fn read_answer(&mut self) -> Result<SExpr, SolverError> {
        self.read_answer_unless(&AtomicBool::new(false))
    }

    /// Like `read_answer`, but gives up (and kills the solver, which is
    /// mid-query) soon after `cancel` is set, answering `Ok(None)`.
    fn read_answer_unless(&mut self, cancel: &AtomicBool) -> Result<SExpr, SolverError> {
        let wall_cap = self.timeout.map(|t| t * WALL_CAP_FACTOR);
        let wait = wall_cap.map_or(NO_LIMIT, |t| t + GRACE);
        let deadline = Instant::now() + wait;
        let cpu_limit = self.timeout.zip(self.check_cpu_start.take());
        let mut last_cpu_read = Instant::now();
        let mut text = String::new();
        loop {
            if cancel.load(Ordering::Acquire) {
                return Err(self.fail(CANCELLED.into()));
            }
            if let Some((limit, start)) = cpu_limit {
                if last_cpu_read.elapsed() >= CPU_POLL {
                    last_cpu_read = Instant::now();
                    if self
                        .account_cpu()
                        .is_some_and(|now| now.saturating_sub(start) >= limit)
                    {
                        let _ = self.fail("no answer within the CPU-time limit".into());
                        return Err(SolverError::Timeout {
                            solver: self.program.name.to_string(),
                            budget: Exhausted::Cpu(limit).reason("per query"),
                        });
                    }
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(POLL)) {
                Ok(line) => {
                    text.push_str(&line);
                    text.push('\n');
                    if is_complete(&text) {
                        break;
                    }
                }
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => continue,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.fail("no answer within the time limit".into());
                    return Err(SolverError::Timeout {
                        solver: self.program.name.to_string(),
                        budget: Exhausted::Wall(wall_cap.unwrap_or(NO_LIMIT)).reason("per query"),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    let msg = match status {
                        Some(s) => format!("the solver exited ({s}) without answering"),
                        None => "the solver closed its output".to_string(),
                    };
                    return Err(self.fail(msg));
                }
            }
        }
        match SExpr::parse(&text) {
            Ok(SExpr::List(items)) if items.first().and_then(SExpr::as_atom) == Some("error") => {
                let msg = match items.get(1) {
                    Some(SExpr::Str(s)) => s.clone(),
                    _ => text.trim().to_string(),
                };
                Err(self.fail(format!("solver error: {msg}")))
            }
            Ok(e) => Ok(e),
            Err(e) => Err(self.fail(e.to_string())),
        }
    }
}

impl ProcessSession {
    /// Sends a `check-sat-assuming` without waiting for the answer.
    pub(crate) fn start_check(
        &mut self,
        store: &TermStore,
        assumptions: &[Lit],
    ) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter
            .check_sat_assuming(store, assumptions, &mut text);
        self.check_cpu_start = self.account_cpu();
        self.send(&text)?;
        self.last_check = text.lines().last().map(|l| format!("{l}\n"));
        Ok(())
    }

    /// The answer to the check [`ProcessSession::start_check`] sent. When
    /// `cancel` is set first, the solver is killed and the answer is an
    /// error whose message is [`CANCELLED`] (the session is then unusable).
    pub(crate) fn finish_check(&mut self, cancel: &AtomicBool) -> Result<SatResult, SolverError> {
        let answer = match self.read_answer_unless(cancel) {
            Err(SolverError::Timeout { budget, .. }) => return Ok(SatResult::Unknown(budget)),
            other => other?,
        };
        self.account_cpu();
        match answer.as_atom() {
            Some("sat") => Ok(SatResult::Sat),
            Some("unsat") => Ok(SatResult::Unsat),
            Some("unknown") => {
                self.send("(get-info :reason-unknown)\n")?;
                let reason = match self.read_answer()? {
                    SExpr::List(items) => match items.get(1) {
                        Some(SExpr::Atom(a)) => a.clone(),
                        Some(SExpr::Str(s)) => s.clone(),
                        _ => "unknown".into(),
                    },
                    _ => "unknown".into(),
                };
                let reason = super::unknown_reason(&reason);
                match self.timeout {
                    // The solver's own limit is the wall-clock cap.
                    Some(t) if reason == "timeout" => Ok(SatResult::Unknown(
                        Exhausted::Wall(t * WALL_CAP_FACTOR).reason("per query"),
                    )),
                    _ => Ok(SatResult::Unknown(reason)),
                }
            }
            _ => Err(self.fail(format!("unexpected answer {answer:?}"))),
        }
    }
}

impl Drop for ProcessSession {
    fn drop(&mut self) {
        let running = matches!(self.child.try_wait(), Ok(None));
        if self.broken.is_none() && running {
            if let Some(mut stdin) = self.stdin.take() {
                let _ = super::pipe_write::write_all(&mut stdin, b"(exit)\n");
            }
        }
        self.stdin = None;
        // The solver may be mid-query: do not wait for it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Session for ProcessSession {
    /// Our CPU-time limit and wall-clock cap follow `timeout`; the limit
    /// the solver was started with stays (it is the larger one here).
    fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.timeout = timeout;
    }

    fn name(&self) -> &str {
        self.program.name
    }

    fn assert(&mut self, store: &TermStore, t: TermId) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.assert(store, t, &mut text);
        self.send(&text)
    }

    fn push(&mut self) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.push(&mut text);
        self.send(&text)
    }

    fn pop(&mut self) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.pop(&mut text);
        self.send(&text)
    }

    fn prepare(&mut self, store: &TermStore, terms: &[TermId]) -> Result<(), SolverError> {
        let mut text = String::new();
        self.emitter.prepare(store, terms, &mut text);
        self.send(&text)
    }

    fn check(&mut self, store: &TermStore, assumptions: &[Lit]) -> Result<SatResult, SolverError> {
        self.start_check(store, assumptions)?;
        self.finish_check(&AtomicBool::new(false))
    }

    fn values(&mut self, store: &TermStore, terms: &[TermId]) -> Result<Vec<Value>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let mut decls = String::new();
        self.emitter.prepare(store, terms, &mut decls);
        if !decls.is_empty() {
            // New symbols invalidate cvc5's model: declare them, then repeat
            // the check to get a model again.
            let Some(check) = self.last_check.clone() else {
                return Err(SolverError::backend(
                    self.program.name,
                    "values asked before a check",
                ));
            };
            self.send(&decls)?;
            self.send(&check)?;
            if self.read_answer()?.as_atom() != Some("sat") {
                return Err(self.fail("the repeated check is no longer sat".into()));
            }
        }
        let mut text = String::new();
        self.emitter.get_value(store, terms, &mut text);
        self.send(&text)?;
        let answer = self.read_answer()?;
        let SExpr::List(pairs) = answer else {
            return Err(self.fail("get-value answer is not a list".into()));
        };
        if pairs.len() != terms.len() {
            return Err(self.fail(format!(
                "get-value answered {} values for {} terms",
                pairs.len(),
                terms.len()
            )));
        }
        let mut values = Vec::with_capacity(terms.len());
        for (pair, &t) in pairs.iter().zip(terms) {
            let value = match pair {
                SExpr::List(kv) if kv.len() == 2 => value_from_sexpr(&kv[1], store.sort(t)),
                _ => return Err(self.fail(format!("malformed get-value pair {pair:?}"))),
            };
            match value {
                Ok(v) => values.push(v),
                Err(e) => return Err(self.fail(e.to_string())),
            }
        }
        Ok(values)
    }
}

#[cfg(test)]
mod version_tests {
    use super::solver_version;

    #[test]
    fn solver_versions_are_read_from_their_banners() {
        let cases = [
            (
                "This is cvc5 version 1.0.3 [git tag 1.0.3 branch HEAD]\n",
                "cvc5",
                Some((1, 0)),
            ),
            ("This is cvc5 version 0.0.12\n", "cvc5", Some((0, 0))),
            ("Z3 version 4.8.12 - 64 bit\n", "Z3", Some((4, 8))),
            ("Z3 version 4.13.0 - 64 bit\n", "Z3", Some((4, 13))),
            ("Z3 version 4.8.12 - 64 bit\n", "cvc5", None),
            ("", "Z3", None),
        ];
        for (text, name, version) in cases {
            assert_eq!(solver_version(text, name).map(|v| v.0), version, "{text:?}");
        }
    }
}
