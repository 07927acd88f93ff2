//! Diagnostics produced by the IVL crate (syntax and type errors).
//!
//! One type for every error this crate reports: a stable code, a message, the
//! offending span with a short label, and an optional help line. It is a
//! [`miette::Diagnostic`]; the caller attaches the source text when rendering
//! (see [`Diagnostic::to_report`]) so a diagnostic stays a small value.

use crate::span::{SourceFile, Span};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// A stable code such as `ivl::syntax` or `ivl::type_mismatch`.
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    /// What the underline says, e.g. "expected bv32, found int".
    pub label: String,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: String::new(),
            help: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// `file:line:col: error: message`, the one-line form used by tests and
    /// by non-terminal output.
    pub fn render_plain(&self, file: &SourceFile) -> String {
        format!("{}: error: {}", file.location(self.span), self.message)
    }

    /// A miette report carrying the source text, for graphical rendering.
    pub fn to_report(&self, file: &SourceFile) -> miette::Report {
        miette::Report::new(self.clone()).with_source_code(file.named_source())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = if self.label.is_empty() {
            None
        } else {
            Some(self.label.clone())
        };
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_with_span(label, self.span),
        )))
    }
}
