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
    /// The two-thread transform failed.
    TransformError = 5,
    /// A defect was reported.
    NotVerified = 6,
    /// The solver ran out of time (also: Houdini did not finish and the
    /// kernel could not be proved without candidates).
    Timeout = 7,
    /// A required tool is missing or of the wrong version.
    Configuration = 9,
}

impl Outcome {
    pub fn code(self) -> u8 {
        self as u8
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
            Outcome::Configuration => "configuration-error",
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
        use Outcome::*;
        [
            Verified,
            CommandLine,
            ClangError,
            Unsupported,
            TransformError,
            NotVerified,
            Timeout,
            Configuration,
        ]
        .into_iter()
        .find(|o| o.name() == name)
    }
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(outcome.code())
    }
}

/// The outcome of a frontend error.
pub fn frontend_error_outcome(err: &frontend::FrontendError) -> Outcome {
    use frontend::FrontendError as E;
    match err {
        E::Clang { .. } => Outcome::ClangError,
        E::Unsupported { .. } | E::Malformed { .. } => Outcome::Unsupported,
        E::ToolMissing { .. } | E::ToolVersion { .. } => Outcome::Configuration,
        E::Io { .. } => Outcome::CommandLine,
    }
}

/// A missing solver is a configuration error (exit 9); a timeout is exit 7;
/// a program the solver cannot take (irreducible loops, recursion) is a
/// malformed input (exit 1); a solver crash is "not verified" (exit 6).
pub fn solver_error_outcome(err: &solver::SolverError) -> Outcome {
    use solver::SolverError as E;
    match err {
        _ if err.is_configuration() => Outcome::Configuration,
        E::Timeout { .. } => Outcome::Timeout,
        E::Irreducible { .. }
        | E::Unsupported { .. }
        | E::IllFormed { .. }
        | E::Recursion { .. }
        | E::NoSuchProcedure(_) => Outcome::CommandLine,
        E::Dump { .. } => Outcome::CommandLine,
        _ => Outcome::NotVerified,
    }
}

/// The exit-code table shown at the end of `--help`.
pub const EXIT_CODE_HELP: &str = "\
Exit codes:
  0  verified
  1  command-line error, or a malformed .ivl file
  2  clang error
  4  unsupported or malformed input in the frontend
  5  transform error
  6  not all verified (a defect was reported)
  7  timeout
  9  configuration error (a required tool is missing or of the wrong version)
Several files or kernels: 6 when any has a defect, otherwise the worst code.";

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
}
