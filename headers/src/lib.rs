//! Test headers of kernel files (docs/design.md §7): line 1 `//pass` or
//! `//xfail:NAME`, line 2 `//` + flags, then `//regex` lines the output of
//! the run must match. One parser for the `gpuverify-tester` binary and
//! every corpus test.
//!
//! Consumes: the text of a kernel file. Produces: a [`Header`] (expected
//! exit code, flags, compiled regexes) or a [`HeaderError`] saying which
//! line is wrong. Deliberately does not run anything, and knows nothing of
//! the verifier's crates.

mod corpus;

pub use corpus::{
    corpus_files, has_extension, suite_corpus, Exclusion, SuiteExclusions, EXCLUSIONS_FILE,
    KERNEL_EXTENSIONS, SUITES,
};

use regex::Regex;
use std::fmt;
use std::path::Path;

/// The exit-code names a header may use after `//xfail:`, with their codes
/// (docs/design.md §7). The first name of each code is the canonical one;
/// `UNSUPPORTED`, `BUGLE_ERROR`, `GPUVERIFYVCGEN_ERROR` and
/// `BOOGIE_INTERNAL_ERROR` are accepted as aliases (the last three are
/// GPUVerify's names for its frontend, VC generator and solver driver
/// failures).
pub const EXIT_NAMES: &[(&str, i32)] = &[
    ("COMMAND_LINE_ERROR", 1),
    ("CLANG_ERROR", 2),
    ("FRONTEND_ERROR", 4),
    ("UNSUPPORTED", 4),
    ("BUGLE_ERROR", 4),
    ("TRANSFORM_ERROR", 5),
    ("GPUVERIFYVCGEN_ERROR", 5),
    ("NOT_ALL_VERIFIED", 6),
    ("TIMEOUT", 7),
    ("OUT_OF_MEMORY", 8),
    ("CONFIGURATION_ERROR", 9),
    ("SOLVER_ERROR", 11),
    ("BOOGIE_INTERNAL_ERROR", 11),
];

/// The exit code of an `//xfail:` name.
pub fn exit_code_of(name: &str) -> Option<i32> {
    EXIT_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, code)| code)
}

/// The canonical name of an exit code (`SUCCESS` for 0).
pub fn exit_name_of(code: i32) -> Option<&'static str> {
    if code == 0 {
        return Some("SUCCESS");
    }
    EXIT_NAMES
        .iter()
        .find(|(_, c)| *c == code)
        .map(|&(name, _)| name)
}

/// What line 1 expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// `//pass`: exit code 0.
    Pass,
    /// `//xfail:NAME`: the exit code `NAME` stands for.
    Fail { name: String, code: i32 },
}

impl Expectation {
    pub fn exit_code(&self) -> i32 {
        match self {
            Expectation::Pass => 0,
            Expectation::Fail { code, .. } => *code,
        }
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expectation::Pass => write!(f, "pass"),
            Expectation::Fail { name, .. } => write!(f, "xfail:{name}"),
        }
    }
}

/// A parsed header.
#[derive(Clone, Debug)]
pub struct Header {
    pub expectation: Expectation,
    /// Line 2 without `//`, split at whitespace (headers have no quoting).
    pub flags: Vec<String>,
    /// The `//regex` lines, compiled, with their 1-based line numbers.
    pub patterns: Vec<Pattern>,
}

#[derive(Clone, Debug)]
pub struct Pattern {
    pub line: usize,
    pub regex: Regex,
}

/// A header that cannot be used, with the 1-based line at fault (0 when the
/// file cannot be read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.message),
            line => write!(f, "header line {line}: {}", self.message),
        }
    }
}

impl std::error::Error for HeaderError {}

impl Header {
    /// Parses the header at the start of `text`.
    pub fn parse(text: &str) -> Result<Header, HeaderError> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("").trim_end();
        let expectation = parse_expectation(first)?;
        let second = lines.next().unwrap_or("").trim_end();
        let Some(flag_text) = second.strip_prefix("//") else {
            return Err(HeaderError {
                line: 2,
                message: format!("expected `//` followed by the flags, found `{second}`"),
            });
        };
        let flags = split_flags(flag_text);
        let mut patterns = Vec::new();
        for (k, line) in lines.enumerate() {
            let Some(pattern) = line.trim_end().strip_prefix("//") else {
                break;
            };
            if pattern.is_empty() || pattern.starts_with(char::is_whitespace) {
                continue;
            }
            let number = k + 3;
            let regex = Regex::new(pattern).map_err(|e| HeaderError {
                line: number,
                message: format!("`{pattern}` is not a valid regex: {}", first_line(&e)),
            })?;
            patterns.push(Pattern {
                line: number,
                regex,
            });
        }
        Ok(Header {
            expectation,
            flags,
            patterns,
        })
    }

    /// Reads and parses the header of a file.
    pub fn of_file(path: &Path) -> Result<Header, HeaderError> {
        let text = std::fs::read_to_string(path).map_err(|e| HeaderError {
            line: 0,
            message: format!("cannot read {}: {e}", path.display()),
        })?;
        Header::parse(&text)
    }

    /// The first pattern `output` does not match, if any.
    pub fn first_mismatch(&self, output: &str) -> Option<&Pattern> {
        self.patterns.iter().find(|p| !p.regex.is_match(output))
    }

    /// The flag line joined with single spaces.
    pub fn flag_line(&self) -> String {
        self.flags.join(" ")
    }
}

fn first_line(e: &regex::Error) -> String {
    // The regex crate's messages span several lines (pattern, caret, text);
    // keep the last line, which says what is wrong.
    let text = e.to_string();
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .trim_start_matches("error: ")
        .to_string()
}

fn parse_expectation(line: &str) -> Result<Expectation, HeaderError> {
    let error = |message: String| HeaderError { line: 1, message };
    match line.strip_prefix("//") {
        Some("pass") => Ok(Expectation::Pass),
        Some(rest) => match rest.strip_prefix("xfail:") {
            Some(name) => match exit_code_of(name) {
                Some(code) => Ok(Expectation::Fail {
                    name: name.to_string(),
                    code,
                }),
                None => Err(error(format!(
                    "unknown exit-code name `{name}` (expected one of {})",
                    EXIT_NAMES
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            },
            None => Err(error(format!(
                "expected `//pass` or `//xfail:NAME`, found `{line}`"
            ))),
        },
        None => Err(error(format!(
            "expected `//pass` or `//xfail:NAME`, found `{line}`"
        ))),
    }
}

/// Splits a flag line like a shell without quoting would. What the flags
/// mean is the binary's business: harnesses read them through
/// `gpuverify::parse_args` (tests/support), never by hand.
pub fn split_flags(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(text: &str) -> Result<Header, HeaderError> {
        Header::parse(text)
    }

    #[test]
    fn pass_header_with_flags_and_patterns() {
        let h = header(
            "//xfail:NOT_ALL_VERIFIED\n//--local_size=64 -DN=4\n//race on a\\[\n// prose\n//\n//byte [0-9]\nint x;\n//not a pattern\n",
        )
        .unwrap();
        assert_eq!(h.expectation.exit_code(), 6);
        assert_eq!(h.flags, vec!["--local_size=64", "-DN=4"]);
        let lines: Vec<usize> = h.patterns.iter().map(|p| p.line).collect();
        assert_eq!(lines, vec![3, 6]);
        assert!(h.first_mismatch("race on a[3] at byte 2").is_none());
        assert_eq!(h.first_mismatch("race on a[3]").map(|p| p.line), Some(6));
    }

    #[test]
    fn aliases_map_to_the_same_code() {
        for (alias, canonical) in [
            ("UNSUPPORTED", "FRONTEND_ERROR"),
            ("BUGLE_ERROR", "FRONTEND_ERROR"),
            ("GPUVERIFYVCGEN_ERROR", "TRANSFORM_ERROR"),
            ("BOOGIE_INTERNAL_ERROR", "SOLVER_ERROR"),
        ] {
            assert_eq!(exit_code_of(alias), exit_code_of(canonical));
            assert_eq!(exit_name_of(exit_code_of(alias).unwrap()), Some(canonical));
        }
        assert_eq!(exit_name_of(0), Some("SUCCESS"));
        assert_eq!(exit_name_of(3), None);
    }

    #[test]
    fn bad_headers_name_their_line() {
        let cases = [
            ("//fail\n//\n", 1, "expected `//pass`"),
            ("//xfail:NOPE\n//\n", 1, "unknown exit-code name `NOPE`"),
            ("//pass\nint x;\n", 2, "expected `//`"),
            ("//pass\n//\n//race on a[\n", 3, "not a valid regex"),
            ("", 1, "expected `//pass`"),
        ];
        for (text, line, message) in cases {
            let err = header(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.message.contains(message), "{text:?}: {err}");
        }
    }

    #[test]
    fn flags_split_on_whitespace() {
        assert_eq!(
            split_flags(" --blockDim=[32,2]  -DBS=16\t--only-intra-group "),
            vec!["--blockDim=[32,2]", "-DBS=16", "--only-intra-group"]
        );
    }
}
