//! Source spans and source files.
//!
//! A [`Span`] is a half-open byte range into the text of one IVL source file.
//! Spans are *positional metadata*, not part of a program's meaning: two spans
//! always compare equal, so `parse(print(p)) == p` compares structure only.
//! Nodes built by later passes (not parsed from text) carry [`Span::DUMMY`].
//!
//! Locations in the *kernel* source (the `.cl`/`.cu` file a kernel IVL came
//! from) are not spans: they travel as `{:source "file", line, col}`
//! attributes, which the printer writes and the parser reads back.

use std::fmt;
use std::hash::{Hash, Hasher};

/// A half-open byte range `start..end` into an IVL source text.
#[derive(Clone, Copy, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The span of nodes that were synthesised rather than parsed.
    pub const DUMMY: Span = Span { start: 0, end: 0 };

    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn is_dummy(self) -> bool {
        self.start == 0 && self.end == 0
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        if self.is_dummy() {
            return other;
        }
        if other.is_dummy() {
            return self;
        }
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// Spans never distinguish two nodes: equality of ASTs is structural.
impl PartialEq for Span {
    fn eq(&self, _other: &Span) -> bool {
        true
    }
}

impl Eq for Span {}

impl Hash for Span {
    fn hash<H: Hasher>(&self, _state: &mut H) {}
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> miette::SourceSpan {
        (span.start as usize, span.len()).into()
    }
}

/// One IVL source text with its name (a path, or `<stdin>`), and a line
/// index for turning byte offsets into 1-based `line:col` positions.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = offset.min(self.text.len() as u32);
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let line_start = self.line_starts[line] as usize;
        let end = floor_char_boundary(&self.text, offset as usize);
        let col = self.text[line_start..end].chars().count();
        (line + 1, col + 1)
    }

    /// The text a span covers (empty for out-of-range spans).
    pub fn snippet(&self, span: Span) -> &str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }

    /// `name:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        let (line, col) = self.line_col(span.start);
        format!("{}:{}:{}", self.name, line, col)
    }

    /// A miette source for rendering diagnostics against this file.
    pub fn named_source(&self) -> miette::NamedSource<String> {
        miette::NamedSource::new(self.name.clone(), self.text.clone())
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_is_one_based_and_counts_characters() {
        let file = SourceFile::new("f.ivl", "ab\ncdé f\n");
        assert_eq!(file.line_col(0), (1, 1));
        assert_eq!(file.line_col(1), (1, 2));
        assert_eq!(file.line_col(3), (2, 1));
        // 'é' is two bytes; the space after it is the 4th character.
        assert_eq!(file.line_col(7), (2, 4));
        assert_eq!(file.line_col(100), (3, 1));
    }

    #[test]
    fn spans_compare_equal_regardless_of_position() {
        assert_eq!(Span::new(1, 2), Span::new(5, 9));
    }
}
