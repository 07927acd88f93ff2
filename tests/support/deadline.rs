//! Running a child process with a wall-clock limit, so a verifier run that
//! hangs (a solver that never answers) fails its test instead of holding CI
//! until its global limit.

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Wall-clock limit of one verifier run in the corpus-wide tests: far above
/// any kernel's real cost (each solver query is limited by `--timeout`).
pub const RUN_LIMIT: Duration = Duration::from_secs(900);

/// Runs `cmd` to completion like `Command::output`, but kills it after
/// `limit` and panics naming it.
pub fn output_within(cmd: &mut Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait().expect("wait for the child") {
            Some(status) => break status,
            None if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "{cmd:?} did not finish within {} s (killed)",
                    limit.as_secs()
                );
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}
