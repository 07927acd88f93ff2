//! Rendering of diagnostics for people: a `file:line:col: error: message`
//! line (the form editors, CI logs and tests match on) followed by the
//! source snippet with the offending text underlined and the help line.

use crate::outcome::IvlCheck;
use ivl::{Diagnostic, SourceFile, Span};
use miette::{GraphicalReportHandler, GraphicalTheme};
use solver::CheckKind;
use std::io::IsTerminal;

pub struct Renderer {
    handler: GraphicalReportHandler,
}

impl Renderer {
    /// Colours only when stderr is a terminal and NO_COLOR is unset.
    pub fn for_stderr() -> Renderer {
        let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let theme = if colour {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        Renderer {
            handler: GraphicalReportHandler::new_themed(theme).with_context_lines(1),
        }
    }

    pub fn render(&self, file: &SourceFile, diagnostic: &Diagnostic) -> String {
        let mut out = diagnostic.render_plain(file);
        out.push('\n');
        self.push_snippet(&mut out, &diagnostic.to_report(file));
        out
    }

    /// An error of a later stage (any miette diagnostic whose first label
    /// points into `file`), in the same layout as [`Renderer::render`].
    pub fn render_error(&self, file: &SourceFile, err: &dyn miette::Diagnostic) -> String {
        let label = err.labels().and_then(|mut labels| labels.next());
        let span = label
            .as_ref()
            .map(|l| Span::new(l.offset(), l.offset() + l.len()))
            .filter(|span| !span.is_dummy());
        let help = err.help().map(|h| h.to_string());
        let Some(span) = span else {
            let mut out = format!("{}: error: {err}\n", file.name);
            if let Some(help) = help {
                out.push_str(&format!("  help: {help}\n"));
            }
            return out;
        };
        let mut diagnostic = Diagnostic::new("error", err.to_string(), span);
        if let Some(text) = label.as_ref().and_then(|l| l.label()) {
            diagnostic = diagnostic.with_label(text);
        }
        if let Some(help) = help {
            diagnostic = diagnostic.with_help(help);
        }
        self.render(file, &diagnostic)
    }

    /// A failing check of a sequential program: where, what kind, and the
    /// counterexample.
    pub fn render_check(&self, file: &SourceFile, message: &str, check: &IvlCheck) -> String {
        let span = Span::new(check.span.0, check.span.1);
        let diagnostic = Diagnostic::new("solver::check", message.to_string(), span)
            .with_label(format!("{} (procedure `{}`)", check.label, check.procedure));
        let mut out = self.render(file, &diagnostic);
        if let Some((start, end)) = check.clause {
            let clause = Span::new(start, end);
            out.push_str(&format!(
                "  note: the clause is at {}: {}\n",
                file.location(clause),
                file.snippet(clause)
            ));
        }
        if check.model.is_empty() {
            out.push_str("  counterexample: any values\n");
        } else {
            out.push_str("  counterexample:\n");
            for entry in &check.model {
                out.push_str(&format!("    {entry}\n"));
            }
        }
        out
    }

    fn push_snippet(&self, out: &mut String, report: &miette::Report) {
        let mut rendered = String::new();
        if self
            .handler
            .render_report(&mut rendered, report.as_ref())
            .is_ok()
        {
            out.push_str(snippet_and_help(&rendered));
        }
    }
}

/// miette's rendering minus its header (code and `× message` lines), which
/// would repeat the `file:line:col: error: message` line printed above it.
fn snippet_and_help(rendered: &str) -> &str {
    let frame = rendered
        .lines()
        .find(|line| line.contains("╭─["))
        .map(|line| line.as_ptr() as usize - rendered.as_ptr() as usize);
    match frame {
        Some(start) => &rendered[start..],
        None => rendered,
    }
}

/// A frontend error in the `file:line:col: error: message` form; clang's
/// own diagnostics are passed through unchanged before it.
pub fn render_frontend_error(path: &std::path::Path, err: &frontend::FrontendError) -> String {
    use frontend::FrontendError as E;
    let file = path.display();
    match err {
        E::Clang { tool, stderr, .. } => {
            let mut out = stderr.clone();
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!("{file}: error: {tool} rejected the kernel\n"));
            out
        }
        E::Unsupported { site, construct } => {
            let at = match &site.loc {
                Some(loc) => loc.to_string(),
                None => file.to_string(),
            };
            let within = match &site.function {
                Some(function) => format!(" (in `{function}`)"),
                None => String::new(),
            };
            format!("{at}: error: unsupported: {construct}{within}\n")
        }
        E::Malformed {
            message, details, ..
        } => {
            let mut out = format!("{file}: error: {message}\n");
            for detail in details {
                out.push_str(detail);
                if !detail.ends_with('\n') {
                    out.push('\n');
                }
            }
            out
        }
        E::ToolMissing { tool, package } => format!(
            "error: `{tool}` was not found\n  help: install the Debian package `{package}` \
             (apt-get install {package}, or run scripts/install-deps.sh)\n"
        ),
        E::ToolVersion { package, .. } => format!(
            "error: {err}\n  help: apt-get install {package}, or run scripts/install-deps.sh; \
             the tool must be on the search path under this name\n"
        ),
        E::Io {
            source,
            path: other,
        } if other.as_path() != path => {
            format!("{file}: error: cannot read {}: {source}\n", other.display())
        }
        E::Io { source, .. } => format!("{file}: error: cannot read the file: {source}\n"),
        E::BadFlag { flag, message } => format!("{file}: error: {flag}: {message}\n"),
    }
}

/// The data [`Renderer::render_check`] draws for a failing check.
pub fn ivl_check(failure: &solver::Failure) -> IvlCheck {
    let check = &failure.check;
    let label = match &check.kind {
        CheckKind::Precondition { callee } => format!("this call to `{callee}`"),
        CheckKind::Postcondition => "this postcondition".to_string(),
        CheckKind::InvariantEntry | CheckKind::InvariantMaintained => "this invariant".to_string(),
        CheckKind::Assertion => "this assertion".to_string(),
    };
    IvlCheck {
        procedure: check.procedure.clone(),
        label,
        span: (check.span.start as usize, check.span.end as usize),
        clause: check
            .clause_span
            .map(|c| (c.start as usize, c.end as usize)),
        model: failure
            .model
            .entries
            .iter()
            .map(|e| e.to_string())
            .collect(),
    }
}
