//! Writes to a solver's stdin that survive the solver's death.
//!
//! The `gpuverify` binary restores the default SIGPIPE disposition (a
//! closed stdout ends it quietly, like any Unix filter), so a write to
//! the pipe of a solver that has crashed would kill the whole verifier
//! with a signal instead of giving [`crate::SolverError::Backend`].
//! [`write_all`] blocks SIGPIPE in the calling thread for the write:
//! the kernel then reports `EPIPE` to the caller, and the SIGPIPE it
//! raised for this thread is taken off the pending set before the mask
//! is restored. Guarantees: the caller gets an `io::Error` for a dead
//! solver whatever the process's SIGPIPE disposition; other threads'
//! masks and dispositions are untouched.

use std::io::Write;

/// `sink.write_all(bytes)` then `flush`, with SIGPIPE blocked in this
/// thread for the duration (see the module doc).
pub(crate) fn write_all(sink: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    // SAFETY: the sigset is initialised by sigemptyset before use;
    // pthread_sigmask and sigtimedwait only read and write the sets and the
    // old mask passed by pointer, all living on this stack frame.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        let mut old: libc::sigset_t = std::mem::zeroed();
        let blocked = libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut old) == 0;
        let result = sink.write_all(bytes).and_then(|_| sink.flush());
        if blocked {
            let was_blocked = libc::sigismember(&old, libc::SIGPIPE) == 1;
            if result.is_err() && !was_blocked {
                // Take the SIGPIPE this write raised off the pending set,
                // or unblocking would deliver it.
                let zero = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                };
                while libc::sigtimedwait(&pipe, std::ptr::null_mut(), &zero) == libc::SIGPIPE {}
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pipe whose reader is gone: the write fails with EPIPE under the
    /// default SIGPIPE disposition instead of killing the test process.
    #[test]
    fn a_write_to_a_closed_pipe_is_an_error_not_a_signal() {
        let mut child = std::process::Command::new("true")
            .stdin(std::process::Stdio::piped())
            .spawn()
            .expect("`true` runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        child.wait().expect("`true` exits");
        // SAFETY: SIG_DFL is a valid disposition for SIGPIPE; the test
        // restores the previous one.
        let previous = unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
        let result = write_all(&mut stdin, &[b'x'; 1 << 17]);
        unsafe { libc::signal(libc::SIGPIPE, previous) };
        let err = result.expect_err("the reader is gone");
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);
    }
}
