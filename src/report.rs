//! Rendering of diagnostics for people: a `file:line:col: error: message`
//! line (the form editors, CI logs and tests match on) followed by the
//! source snippet with the offending text underlined and the help line.

use ivl::{Diagnostic, SourceFile};
use miette::{GraphicalReportHandler, GraphicalTheme};
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
        let report = diagnostic.to_report(file);
        let mut rendered = String::new();
        if self
            .handler
            .render_report(&mut rendered, report.as_ref())
            .is_ok()
        {
            out.push_str(snippet_and_help(&rendered));
        }
        out
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
