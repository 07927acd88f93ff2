//! Exit codes (docs/design.md §7). They belong to `main` alone.

use std::process::ExitCode;

/// The outcome classes a run can end in, ordered from best to worst so that
/// a batch run exits with the worst one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Everything checked holds.
    Verified = 0,
    /// Bad command line, or (for now) a malformed `.ivl` input file.
    CommandLine = 1,
    /// clang rejected the kernel.
    ClangError = 2,
    /// The frontend met a construct it cannot model.
    Unsupported = 4,
    /// The two-thread transform failed, or the verifier itself did (an
    /// internal error: a crash, a product that does not type-check).
    TransformError = 5,
    /// A defect was reported.
    NotVerified = 6,
    /// The solver ran out of time (also: Houdini did not finish and the
    /// kernel could not be proved without candidates).
    Timeout = 7,
    /// The verifier's memory ran out (an allocation failed, typically under
    /// `ulimit -v`): `main.rs`'s allocator ends the run with this code and
    /// one line on stderr instead of an abort. Never a verdict.
    OutOfMemory = 8,
    /// A required tool is missing or of the wrong version.
    Configuration = 9,
    /// The SMT solver failed (died, closed its output, answered something
    /// that is not an answer): an internal failure of the back-end, never
    /// a verdict on the kernel (GPUVerify's `BOOGIE_INTERNAL_ERROR`).
    SolverFailure = 11,
}

impl Outcome {
    /// An internal error of the verifier (a panic): exit 5, shared with
    /// the transform's errors. It is never a success and never exit 6, so
    /// a crash on a kernel expected to have a defect fails its test.
    pub const INTERNAL_ERROR: Outcome = Outcome::TransformError;

    /// Every outcome, best first: the one exit-code table (code, name,
    /// meaning); `--help`, JSON, SARIF, the batch summary and the test
    /// headers (`headers::EXIT_NAMES`, checked against it below) derive
    /// from it.
    pub const ALL: [Outcome; 10] = [
        Outcome::Verified,
        Outcome::CommandLine,
        Outcome::ClangError,
        Outcome::Unsupported,
        Outcome::TransformError,
        Outcome::NotVerified,
        Outcome::Timeout,
        Outcome::OutOfMemory,
        Outcome::Configuration,
        Outcome::SolverFailure,
    ];

    pub fn code(self) -> u8 {
        self as u8
    }

    /// The outcome with exit code `code`.
    pub fn from_code(code: i32) -> Option<Outcome> {
        Outcome::ALL
            .into_iter()
            .find(|o| i32::from(o.code()) == code)
    }

    /// The verdict's name in JSON, SARIF and the batch summary; the test
    /// headers use the same names in upper case (`//xfail:NOT_ALL_VERIFIED`
    /// is exit 6).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Verified => "verified",
            Outcome::CommandLine => "command-line-error",
            Outcome::ClangError => "clang-error",
            Outcome::Unsupported => "unsupported",
            Outcome::TransformError => "transform-error",
            Outcome::NotVerified => "not-verified",
            Outcome::Timeout => "timeout",
            Outcome::OutOfMemory => "out-of-memory",
            Outcome::Configuration => "configuration-error",
            Outcome::SolverFailure => "solver-error",
        }
    }

    /// What the exit code means, as `--help` says it.
    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::Verified => "verified",
            Outcome::CommandLine => "command-line error, or a malformed .ivl file",
            Outcome::ClangError => "clang error",
            Outcome::Unsupported => "unsupported or malformed input in the frontend",
            Outcome::TransformError => {
                "transform error, or an internal error (the verifier crashed)"
            }
            Outcome::NotVerified => "not all verified (a defect was reported)",
            Outcome::Timeout => "timeout",
            Outcome::OutOfMemory => "out of memory (an allocation of the verifier failed)",
            Outcome::Configuration => {
                "configuration error (a required tool is missing or of the wrong version)"
            }
            Outcome::SolverFailure => "the SMT solver failed (crashed or answered nonsense)",
        }
    }
}

/// The outcome of several results (a batch, a file with several
/// kernels): `NotVerified` (exit 6) as soon as any of them found a
/// defect, so that a timeout, an unsupported file or a tool error
/// elsewhere never hides a race; otherwise the worst of them. Empty:
/// verified.
pub fn combined(outcomes: impl IntoIterator<Item = Outcome>) -> Outcome {
    let mut worst = Outcome::Verified;
    let mut defect = false;
    for outcome in outcomes {
        defect |= outcome == Outcome::NotVerified;
        worst = worst.max(outcome);
    }
    if defect {
        Outcome::NotVerified
    } else {
        worst
    }
}

impl Outcome {
    /// The outcome named `name` (see [`Outcome::name`]).
    pub fn from_name(name: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.name() == name)
    }
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(outcome.code())
    }
}

/// The outcome of a frontend error: the code the frontend assigns it
/// (`FrontendError::exit_code`, docs/design.md §7).
pub fn frontend_error_outcome(err: &frontend::FrontendError) -> Outcome {
    Outcome::from_code(err.exit_code()).unwrap_or(Outcome::Unsupported)
}

/// A missing solver is a configuration error (exit 9); a timeout is exit 7;
/// a program the solver cannot take (irreducible loops, recursion) is a
/// malformed input (exit 1); a solver that crashed or answered nonsense is
/// a solver failure (exit 11), never "not verified" (exit 6 means a defect
/// was found).
pub fn solver_error_outcome(err: &solver::SolverError) -> Outcome {
    use solver::SolverError as E;
    match err {
        E::SolverMissing { .. } | E::SolverVersion { .. } | E::Spawn { .. } => {
            Outcome::Configuration
        }
        E::Timeout { .. } => Outcome::Timeout,
        E::Irreducible { .. }
        | E::Unsupported { .. }
        | E::IllFormed { .. }
        | E::NoSuchProcedure(_)
        | E::Dump { .. } => Outcome::CommandLine,
        E::Backend { .. } => Outcome::SolverFailure,
    }
}

/// The exit-code table shown at the end of `--help`.
pub fn exit_code_help() -> String {
    let mut text = String::from("Exit codes:\n");
    for o in Outcome::ALL {
        text.push_str(&format!("  {}  {}\n", o.code(), o.meaning()));
    }
    text.push_str("Several files or kernels: 6 when any has a defect, otherwise the worst code.");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_defect_is_never_hidden_by_a_worse_code() {
        use Outcome::*;
        assert_eq!(combined([Timeout, NotVerified, Configuration]), NotVerified);
        assert_eq!(combined([Verified, Timeout, ClangError]), Timeout);
        assert_eq!(combined([Verified, Unsupported]), Unsupported);
        assert_eq!(combined([]), Verified);
    }

    #[test]
    fn the_header_names_agree_with_the_table() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::from_code(o.code().into()), Some(o));
            assert_eq!(Outcome::from_name(o.name()), Some(o));
            let header = headers::exit_name_of(o.code().into())
                .unwrap_or_else(|| panic!("no header name for exit {}", o.code()));
            if o != Outcome::Verified {
                // `//pass` is exit 0; the others are `//xfail:NAME`.
                assert_eq!(headers::exit_code_of(header), Some(o.code().into()));
            }
        }
        for &(name, code) in headers::EXIT_NAMES {
            assert!(Outcome::from_code(code).is_some(), "{name} = {code}");
        }
        assert!(exit_code_help().contains("  9  configuration error"));
    }

    #[test]
    fn a_solver_failure_is_never_a_defect() {
        let err = solver::SolverError::backend("cvc5", "the process exited (signal 11)");
        assert_eq!(solver_error_outcome(&err), Outcome::SolverFailure);
        assert_eq!(Outcome::SolverFailure.code(), 11);
        // A defect elsewhere in the batch still decides the exit code.
        assert_eq!(
            combined([Outcome::SolverFailure, Outcome::NotVerified]),
            Outcome::NotVerified
        );
    }
}
