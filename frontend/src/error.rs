//! Typed errors of the frontend. Each variant maps to one exit code of
//! docs/design.md §7 ([`FrontendError::exit_code`]); the CLI renders them
//! and chooses the code, the library never prints.

use std::fmt;
use std::path::PathBuf;

/// A position in kernel source, from LLVM debug info (`file:line:col`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceLoc {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for SourceLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col == 0 {
            write!(f, "{}:{}", self.file, self.line)
        } else {
            write!(f, "{}:{}:{}", self.file, self.line, self.col)
        }
    }
}

/// Where an unsupported construct was found: a source location when debug
/// info has one, else the enclosing function (always known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub loc: Option<SourceLoc>,
    /// The source name of the enclosing function or kernel, if any.
    pub function: Option<String>,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.loc, &self.function) {
            (Some(loc), Some(func)) => write!(f, "{loc} (in `{func}`)"),
            (Some(loc), None) => write!(f, "{loc}"),
            (None, Some(func)) => write!(f, "in `{func}`"),
            (None, None) => write!(f, "<unknown location>"),
        }
    }
}

#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum FrontendError {
    /// clang (or opt) rejected the input; `stderr` is the tool's own output.
    #[error("{tool} failed on {}", path.display())]
    #[diagnostic(code(frontend::clang), help("clang's diagnostics:\n{stderr}"))]
    Clang {
        tool: &'static str,
        path: PathBuf,
        stderr: String,
    },
    /// A construct the frontend cannot model faithfully.
    #[error("{site}: unsupported: {construct}")]
    #[diagnostic(code(frontend::unsupported))]
    Unsupported { site: Site, construct: String },
    /// Input that is not a well-formed kernel (a `.ivl` file that does not
    /// parse or type-check, LLVM IR that does not load, a bad `--kernel-args`).
    #[error("{}: {message}", path.display())]
    #[diagnostic(code(frontend::malformed))]
    Malformed {
        path: PathBuf,
        message: String,
        /// Rendered diagnostics (IVL parser or checker), one per entry.
        details: Vec<String>,
    },
    /// A required external tool is not installed.
    #[error("`{tool}` was not found; install the Debian package `{package}`")]
    #[diagnostic(code(frontend::tool_missing))]
    ToolMissing {
        tool: &'static str,
        package: &'static str,
    },
    /// A required external tool answers `--version` with another major
    /// version than the one the frontend is written for (or not at all).
    #[error("`{tool}` is {found}, but version {expected} is required; install the Debian package `{package}`")]
    #[diagnostic(code(frontend::tool_version))]
    ToolVersion {
        tool: &'static str,
        package: &'static str,
        expected: u32,
        /// What `--version` said, e.g. `version 15.0.7`.
        found: String,
    },
    /// A `--kernel-args`/`--kernel-arrays` value that does not fit the
    /// kernel's parameters (a command-line error).
    #[error("{flag}: {message}")]
    #[diagnostic(code(frontend::bad_flag))]
    BadFlag { flag: &'static str, message: String },
    #[error("cannot read {}: {source}", path.display())]
    #[diagnostic(code(frontend::io))]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl FrontendError {
    /// The exit code docs/design.md §7 assigns to this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            FrontendError::Clang { .. } => 2,
            FrontendError::Unsupported { .. } | FrontendError::Malformed { .. } => 4,
            FrontendError::ToolMissing { .. } | FrontendError::ToolVersion { .. } => 9,
            // The file named on the command line does not exist or cannot be read.
            FrontendError::Io { .. } | FrontendError::BadFlag { .. } => 1,
        }
    }

    pub(crate) fn unsupported(site: Site, construct: impl Into<String>) -> FrontendError {
        FrontendError::Unsupported {
            site,
            construct: crate::source_terms::in_source_terms(&construct.into()),
        }
    }
}
