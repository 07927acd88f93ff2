//! Source snippets of kernel defects, drawn by miette: the kernel source
//! with the racing accesses underlined, each labelled with its access
//! kind, the element and the thread (in the dialect's wording).
//!
//! Consumes a [`DefectReport`] whose locations carry 1-based line and
//! column numbers into `source`; an access without a position (or outside
//! the text) gets no label, and a defect without any label gets no
//! snippet. Only the underline's extent is a guess: clang's column points
//! at the start of an access (`a[i]`) or at the assignment operator of a
//! store, so an identifier is underlined with its index brackets, and any
//! other character alone.

use crate::kernel_report::{thread_phrase, Dialect};
use crate::outcome::{DefectReport, Location};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;

#[derive(Debug)]
struct Snippet {
    source: NamedSource<String>,
    labels: Vec<LabeledSpan>,
}

impl fmt::Display for Snippet {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

impl std::error::Error for Snippet {}

impl Diagnostic for Snippet {
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// The byte offset and length to underline for a location.
fn extent(source: &str, loc: &Location) -> Option<(usize, usize)> {
    let mut offset = 0;
    for (k, line) in source.split_inclusive('\n').enumerate() {
        if k + 1 == loc.line {
            let start = loc.col.checked_sub(1)?;
            let rest = line.get(start..)?;
            let is_ident = |c: char| c.is_alphanumeric() || c == '_';
            let mut len = rest.chars().take_while(|&c| is_ident(c)).count();
            if len == 0 {
                if rest.starts_with('=') && !rest.starts_with("==") {
                    if let Some((lhs, end)) = assigned(&line[..start]) {
                        return Some((offset + lhs, end - lhs));
                    }
                }
                len = rest.chars().next().filter(|c| *c != '\n')?.len_utf8();
            } else {
                // The index brackets of an array access: `a[i + 1][j]`.
                let mut depth = 0usize;
                let mut end = len;
                for (i, c) in rest[len..].char_indices() {
                    match c {
                        '[' => depth += 1,
                        ']' if depth > 0 => {
                            depth -= 1;
                            if depth == 0 {
                                end = len + i + 1;
                            }
                        }
                        _ if depth == 0 => break,
                        _ => {}
                    }
                }
                len = end;
            }
            return Some((offset + start, len));
        }
        offset += line.len();
    }
    None
}

/// A store's column is its `=`: the extent of the assigned `a[i]` before
/// it (or before a compound `+=`), found by walking back over brackets and
/// one identifier.
fn assigned(before: &str) -> Option<(usize, usize)> {
    let bytes = before.as_bytes();
    let mut k = before.trim_end().len();
    if k > 0 && b"+-*/%&|^<>".contains(&bytes[k - 1]) {
        k = before[..k - 1].trim_end().len();
    }
    let end = k;
    while k > 0 && bytes[k - 1] == b']' {
        let mut depth = 0usize;
        loop {
            k = k.checked_sub(1)?;
            match bytes[k] {
                b']' => depth += 1,
                b'[' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    let ident_end = k;
    while k > 0 && (bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_') {
        k -= 1;
    }
    (k < ident_end).then_some((k, end))
}

/// Whether colours are wanted on stderr.
fn colour() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Renders the snippet (empty when no access has a position).
fn render(file: &str, source: &str, labels: Vec<LabeledSpan>) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let snippet = Snippet {
        source: NamedSource::new(file, source.to_string()),
        labels,
    };
    let theme = if colour() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_context_lines(1)
        .with_width(100);
    let mut out = String::new();
    if handler.render_report(&mut out, &snippet).is_err() {
        return String::new();
    }
    // Drop miette's header (the empty message): keep the framed snippet.
    let start = out
        .lines()
        .find(|line| line.contains("╭─["))
        .map(|line| line.as_ptr() as usize - out.as_ptr() as usize);
    match start {
        Some(start) => {
            let mut text = out[start..].trim_end().to_string();
            text.push('\n');
            text
        }
        None => String::new(),
    }
}

/// Both accesses of a race, labelled `write of A[3] by work item 7 ...`.
pub fn race(file: &str, source: &str, d: &DefectReport, dialect: Dialect) -> String {
    let target = match (&d.array, d.element) {
        (Some(array), Some(_)) if d.pixel.is_some() => {
            let pixel = d.pixel.as_deref().unwrap_or_default();
            format!(" {array}({})", crate::kernel_report::pixel_text(pixel))
        }
        (Some(array), Some(element)) => {
            let byte = d.byte.map_or(String::new(), |k| format!(" (byte {k})"));
            format!(" {array}[{element}]{byte}")
        }
        (Some(array), None) => format!(" {array}"),
        _ => String::new(),
    };
    let mut labels = Vec::new();
    for access in [&d.access, &d.other_access].into_iter().flatten() {
        let Some(loc) = &access.location else {
            continue;
        };
        if loc.file != file {
            // In a helper header: its line is quoted above instead.
            continue;
        }
        let Some((offset, len)) = extent(source, loc) else {
            continue;
        };
        let what = match access.kind {
            "read" => "read of",
            "write" => "write to",
            _ => "atomic access to",
        };
        let text = format!(
            "{what}{target} by {}",
            thread_phrase(&access.thread, dialect, d.multi_dimensional)
        );
        labels.push(LabeledSpan::new(Some(text), offset, len));
    }
    render(file, source, labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(line: usize, col: usize) -> Location {
        Location {
            file: "k.cl".into(),
            line,
            col,
            source_line: None,
        }
    }

    #[test]
    fn an_access_is_underlined_with_its_brackets() {
        let src = "x\n  a[i[2] + 1] = b;\n";
        assert_eq!(extent(src, &loc(2, 3)), Some((4, 11)));
        // A store's column at `=`: the assigned access.
        assert_eq!(extent(src, &loc(2, 15)), Some((4, 11)));
        assert_eq!(extent("x == y", &loc(1, 3)), Some((2, 1)));
        assert_eq!(extent("s += 1", &loc(1, 4)), Some((0, 1)));
        assert_eq!(extent(src, &loc(3, 1)), None);
        assert_eq!(extent(src, &loc(2, 99)), None);
    }
}
