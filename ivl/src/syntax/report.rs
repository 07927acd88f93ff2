//! Turning lalrpop's parse errors into readable diagnostics.
//!
//! lalrpop reports the terminals it expected by their grammar names; these
//! are mapped to their text, and families of tokens (everything that can
//! start an expression, a statement, a declaration or a type, and the infix
//! operators) are collapsed into one word, so a message reads like
//! ``unexpected token `;`, expected one of: `)`, `,`, operator``.

use super::lexer::{Spanned, Token};
use super::MAX_NESTING;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use lalrpop_util::ParseError;
use std::convert::Infallible;

/// At most this many alternatives are listed after "expected".
const MAX_EXPECTED: usize = 8;

/// A diagnostic for a parse error, or `None` when the offending token is a
/// lexical error the lexer has already reported. `eof` is the length of the
/// text: an unexpected end of file is reported there.
pub(super) fn syntax_error(
    error: ParseError<usize, Token<'_>, Infallible>,
    eof: usize,
) -> Option<Diagnostic> {
    let diagnostic = match error {
        ParseError::InvalidToken { location } => Diagnostic::new(
            "ivl::syntax",
            "invalid token",
            Span::new(location, location),
        )
        .with_label("invalid token"),
        ParseError::UnrecognizedEof { expected, .. } => Diagnostic::new(
            "ivl::syntax",
            format!("unexpected end of file{}", expected_list(&expected)),
            Span::new(eof, eof),
        )
        .with_label("the file ends here"),
        ParseError::UnrecognizedToken {
            token: (_, Token::Error, _),
            ..
        } => return None,
        ParseError::UnrecognizedToken {
            token: (start, token, end),
            expected,
        } => Diagnostic::new(
            "ivl::syntax",
            format!(
                "unexpected {}{}",
                describe(&token),
                expected_list(&expected)
            ),
            Span::new(start, end),
        )
        .with_label("unexpected token"),
        ParseError::ExtraToken {
            token: (start, token, end),
        } => Diagnostic::new(
            "ivl::syntax",
            format!("unexpected {} after the last declaration", describe(&token)),
            Span::new(start, end),
        )
        .with_label("unexpected token"),
        ParseError::User { error } => match error {},
    };
    Some(diagnostic)
}

/// `token `;``, `identifier `x``, ...
fn describe(token: &Token<'_>) -> String {
    match token.fixed_text() {
        Some(text) => format!("token `{text}`"),
        None => token.to_string(),
    }
}

/// A family of tokens shown as one word.
struct Family {
    name: &'static str,
    /// The family is collapsed when this terminal is expected.
    marker: &'static str,
    members: &'static [&'static str],
}

/// Checked in order: a terminal belongs to the first family that applies.
const FAMILIES: &[Family] = &[
    Family {
        name: "declaration",
        marker: "\"axiom\"",
        members: &[
            "\"const\"",
            "\"var\"",
            "\"function\"",
            "\"axiom\"",
            "\"procedure\"",
            // Specs may follow a bodiless procedure.
            "\"requires\"",
            "\"modifies\"",
            "\"ensures\"",
        ],
    },
    Family {
        name: "statement",
        marker: "\"havoc\"",
        members: &[
            "\"assert\"",
            "\"assume\"",
            "\"havoc\"",
            "\"call\"",
            "\"goto\"",
            "\"return\"",
            "\"break\"",
            "\"while\"",
            "\"if\"",
            "\"{:\"",
            "Name",
        ],
    },
    Family {
        name: "expression",
        marker: "\"~\"",
        members: &[
            "Name",
            "Num",
            "BvLit",
            "BvOp",
            "\"true\"",
            "\"false\"",
            "\"(\"",
            "\"!\"",
            "\"-\"",
            "\"~\"",
            "\"old\"",
            "\"zext\"",
            "\"sext\"",
            "\"if\"",
        ],
    },
    Family {
        name: "type",
        marker: "\"bool\"",
        members: &["\"bool\"", "\"int\"", "BvType", "\"[\""],
    },
    Family {
        name: "operator",
        marker: "\"&&\"",
        members: &[
            "\"<==>\"", "\"==>\"", "\"||\"", "\"&&\"", "\"==\"", "\"!=\"", "\"<\"", "\"<=\"",
            "\">\"", "\">=\"", "\"|\"", "\"^\"", "\"&\"", "\"<<\"", "\"++\"", "\"+\"", "\"-\"",
            "\"*\"", "\"div\"", "\"mod\"", "\"[\"",
        ],
    },
];

/// `, expected X` or `, expected one of: X, Y, ...` (empty if nothing is
/// expected).
fn expected_list(expected: &[String]) -> String {
    let active: Vec<&Family> = FAMILIES
        .iter()
        .filter(|family| expected.iter().any(|name| name == family.marker))
        .collect();
    let mut tokens: Vec<String> = Vec::new();
    let mut families: Vec<&str> = Vec::new();
    for name in expected {
        if let Some(family) = active.iter().find(|f| f.members.contains(&name.as_str())) {
            if !families.contains(&family.name) {
                families.push(family.name);
            }
            continue;
        }
        let shown = match name.as_str() {
            "Name" => "identifier".to_owned(),
            "Num" => "number".to_owned(),
            "BvLit" => "bit-vector literal".to_owned(),
            "BvType" => "bit-vector type".to_owned(),
            "BvOp" => "builtin operation".to_owned(),
            "Str" => "string literal".to_owned(),
            "\"{:\"" => "attribute".to_owned(),
            "LexError" => continue,
            quoted => format!("`{}`", quoted.trim_matches('"')),
        };
        if !tokens.contains(&shown) {
            tokens.push(shown);
        }
    }
    // Families in table order, after the single tokens.
    families.sort_by_key(|name| FAMILIES.iter().position(|f| f.name == *name));
    let mut items: Vec<String> = tokens;
    items.extend(families.into_iter().map(str::to_owned));
    match items.len() {
        0 => String::new(),
        1 => format!(", expected {}", items[0]),
        n => {
            let shown = items[..n.min(MAX_EXPECTED)].join(", ");
            if n > MAX_EXPECTED {
                format!(", expected one of: {shown}, ...")
            } else {
                format!(", expected one of: {shown}")
            }
        }
    }
}

/// Rejects text whose brackets nest deeper than [`MAX_NESTING`] before it
/// reaches the parser (whose error recovery is quadratic in the depth).
pub(super) fn check_bracket_depth(tokens: &[Spanned<'_>]) -> Option<Diagnostic> {
    let mut depth: u32 = 0;
    for (start, token, end) in tokens {
        match token {
            Token::LParen | Token::LBracket | Token::LBrace | Token::AttrOpen => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(
                        Diagnostic::new(
                            "ivl::syntax",
                            format!("brackets nested deeper than {MAX_NESTING} levels"),
                            Span::new(*start, *end),
                        )
                        .with_label("too deeply nested"),
                    );
                }
            }
            Token::RParen | Token::RBracket | Token::RBrace => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn families_collapse_and_tokens_come_first() {
        assert_eq!(
            expected_list(&names(&["\";\"", "\",\"", "\"&&\"", "\"+\"", "\"[\""])),
            ", expected one of: `;`, `,`, operator"
        );
        assert_eq!(expected_list(&names(&["\";\""])), ", expected `;`");
        assert_eq!(expected_list(&names(&["Name"])), ", expected identifier");
        assert_eq!(expected_list(&[]), "");
    }

    #[test]
    fn long_lists_are_capped() {
        let many: Vec<String> = (0..12).map(|i| format!("\"t{i}\"")).collect();
        let text = expected_list(&many);
        assert!(text.ends_with(", ..."), "{text}");
        assert_eq!(text.matches('`').count(), 2 * MAX_EXPECTED);
    }
}
