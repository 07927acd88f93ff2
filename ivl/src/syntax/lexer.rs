//! The IVL lexer: source text to `(start, Token, end)` triples.
//!
//! Built on `logos`. Whitespace and comments are skipped. Lexing never
//! fails: an invalid character, an unterminated block comment or string, or
//! a bad escape becomes a [`Token::Error`] in the stream plus a diagnostic
//! with code `ivl::lex`, so the parser can recover past it and report later
//! errors too (the parser does not report the error token a second time).
//!
//! Literal values are not interpreted here (the parser checks that numbers
//! fit), except string escapes, which are resolved into [`Token::Str`].

use crate::ast::BinaryOp;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use logos::{FilterResult, Logos};
use std::fmt;

/// Why a piece of text is not a token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LexError {
    #[default]
    InvalidCharacter,
    UnterminatedComment,
    UnterminatedString,
    /// A backslash followed by something other than `\ " n t`.
    InvalidEscape,
}

impl LexError {
    fn message(&self, text: &str) -> String {
        match self {
            LexError::InvalidCharacter => match text.chars().next() {
                Some('`') => "invalid character '`'".to_owned(),
                Some(c) if !c.is_control() => format!("invalid character `{c}`"),
                Some(c) => format!("invalid character U+{:04X}", c as u32),
                None => "invalid character".to_owned(),
            },
            LexError::UnterminatedComment => "unterminated block comment".to_owned(),
            LexError::UnterminatedString => "unterminated string literal".to_owned(),
            LexError::InvalidEscape => {
                "invalid escape in string literal (allowed: \\\\ \\\" \\n \\t)".to_owned()
            }
        }
    }
}

/// The tokens of the IVL. Payloads borrow from the source, except resolved
/// string literals and builtin operators.
#[derive(Logos, Clone, Debug, PartialEq, Eq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Token<'input> {
    /// Never produced: the callback skips the comment or reports it.
    #[token("/*", block_comment)]
    BlockComment,

    // Keywords.
    #[token("axiom")]
    Axiom,
    #[token("assert")]
    Assert,
    #[token("assume")]
    Assume,
    #[token("bool")]
    Bool,
    #[token("break")]
    Break,
    #[token("call")]
    Call,
    #[token("const")]
    Const,
    #[token("div")]
    Div,
    #[token("else")]
    Else,
    #[token("ensures")]
    Ensures,
    #[token("exists")]
    Exists,
    #[token("false")]
    False,
    #[token("forall")]
    Forall,
    #[token("function")]
    Function,
    #[token("goto")]
    Goto,
    #[token("havoc")]
    Havoc,
    #[token("if")]
    If,
    #[token("int")]
    Int,
    #[token("invariant")]
    Invariant,
    #[token("mod")]
    Mod,
    #[token("modifies")]
    Modifies,
    #[token("old")]
    Old,
    #[token("procedure")]
    Procedure,
    #[token("requires")]
    Requires,
    #[token("return")]
    Return,
    #[token("returns")]
    Returns,
    #[token("sext")]
    Sext,
    #[token("then")]
    Then,
    #[token("true")]
    True,
    #[token("var")]
    Var,
    #[token("while")]
    While,
    #[token("zext")]
    Zext,

    /// One of the 15 builtin bit-vector operation names (`bvslt`, ...).
    #[regex(
        "bvudiv|bvsdiv|bvurem|bvsrem|bvsmod|bvlshr|bvashr|bvult|bvule|bvugt|bvuge|bvslt|bvsle|bvsgt|bvsge",
        builtin_op,
        priority = 10
    )]
    BvOp(BinaryOp),

    /// `bv32`: a bit-vector type; the width is checked by the parser.
    #[regex("bv[0-9]+", |lex| lex.slice(), priority = 10)]
    BvType(&'input str),

    #[regex(r"[A-Za-z_$#][A-Za-z0-9_$#.@]*", |lex| lex.slice())]
    Ident(&'input str),

    /// Decimal digits: an `int` literal or an extraction/extension width.
    #[regex("[0-9]+", |lex| lex.slice())]
    Num(&'input str),

    /// `255bv8`: the whole literal text.
    #[regex("[0-9]+bv[0-9]+", |lex| lex.slice())]
    BvLit(&'input str),

    /// A string literal with its escapes resolved.
    #[token("\"", string_literal)]
    Str(String),

    // Punctuation.
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    /// `{:` opens an attribute.
    #[token("{:")]
    AttrOpen,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token(":=")]
    Assign,
    #[token("<==>")]
    Iff,
    #[token("==>")]
    Implies,
    #[token("||")]
    OrOr,
    #[token("&&")]
    AndAnd,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("&")]
    Amp,
    #[token("<<")]
    Shl,
    #[token("++")]
    PlusPlus,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("!")]
    Bang,
    #[token("~")]
    Tilde,

    /// Text that is not a token; the lexer has already reported it. It is
    /// never produced by logos itself (errors are mapped to it in [`lex`]).
    Error,
}

fn builtin_op<'input>(lex: &mut logos::Lexer<'input, Token<'input>>) -> BinaryOp {
    // The regex admits exactly the builtin names, so the lookup succeeds;
    // `BvUDiv` is only a fallback that cannot be reached.
    BinaryOp::from_builtin_name(lex.slice()).unwrap_or(BinaryOp::BvUDiv)
}

/// Skips a block comment (not nested); an unterminated one runs to the end
/// of the input and is an error.
fn block_comment<'input>(
    lex: &mut logos::Lexer<'input, Token<'input>>,
) -> FilterResult<(), LexError> {
    match lex.remainder().find("*/") {
        Some(end) => {
            lex.bump(end + 2);
            FilterResult::Skip
        }
        None => {
            lex.bump(lex.remainder().len());
            FilterResult::Error(LexError::UnterminatedComment)
        }
    }
}

/// Scans a string literal after its opening quote and resolves escapes. A
/// string ends at the closing quote; a newline or the end of input first
/// makes it unterminated (the error covers the text up to that point).
fn string_literal<'input>(
    lex: &mut logos::Lexer<'input, Token<'input>>,
) -> FilterResult<String, LexError> {
    let rest = lex.remainder();
    let mut value = String::new();
    let mut bad_escape = false;
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                lex.bump(i + 1);
                return if bad_escape {
                    FilterResult::Error(LexError::InvalidEscape)
                } else {
                    FilterResult::Emit(value)
                };
            }
            '\n' => {
                lex.bump(i);
                return FilterResult::Error(LexError::UnterminatedString);
            }
            '\\' => match chars.next() {
                Some((_, '\\')) => value.push('\\'),
                Some((_, '"')) => value.push('"'),
                Some((_, 'n')) => value.push('\n'),
                Some((_, 't')) => value.push('\t'),
                Some((j, '\n')) => {
                    lex.bump(j);
                    return FilterResult::Error(LexError::UnterminatedString);
                }
                Some(_) => bad_escape = true,
                None => break,
            },
            c => value.push(c),
        }
    }
    lex.bump(rest.len());
    FilterResult::Error(LexError::UnterminatedString)
}

/// The token stream lalrpop consumes: `(start, token, end)` byte offsets.
pub type Spanned<'input> = (usize, Token<'input>, usize);

/// Lexes a whole source text. Every lexical error is both a
/// [`Token::Error`] in the stream and a diagnostic in the second result.
pub fn lex(text: &str) -> (Vec<Spanned<'_>>, Vec<Diagnostic>) {
    let mut tokens = Vec::with_capacity(text.len() / 4);
    let mut diagnostics = Vec::new();
    let mut lexer = Token::lexer(text);
    // A byte-order mark is not text.
    if text.starts_with('\u{feff}') {
        lexer.bump('\u{feff}'.len_utf8());
    }
    while let Some(result) = lexer.next() {
        let range = lexer.span();
        match result {
            Ok(token) => tokens.push((range.start, token, range.end)),
            Err(error) => {
                let span = Span::new(range.start, range.end);
                diagnostics.push(
                    Diagnostic::new("ivl::lex", error.message(lexer.slice()), span)
                        .with_label("not a valid token"),
                );
                tokens.push((range.start, Token::Error, range.end));
            }
        }
    }
    (tokens, diagnostics)
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Ident(name) => write!(f, "identifier `{name}`"),
            Token::Num(digits) => write!(f, "number `{digits}`"),
            Token::BvLit(text) | Token::BvType(text) => write!(f, "`{text}`"),
            Token::BvOp(op) => write!(f, "`{}`", op.builtin_name().unwrap_or("?")),
            Token::Str(_) => f.write_str("string literal"),
            Token::Error => f.write_str("invalid token"),
            other => write!(f, "`{}`", other.fixed_text().unwrap_or("?")),
        }
    }
}

impl Token<'_> {
    /// The text of a token that is always spelled the same way.
    pub fn fixed_text(&self) -> Option<&'static str> {
        Some(match self {
            Token::Axiom => "axiom",
            Token::Assert => "assert",
            Token::Assume => "assume",
            Token::Bool => "bool",
            Token::Break => "break",
            Token::Call => "call",
            Token::Const => "const",
            Token::Div => "div",
            Token::Else => "else",
            Token::Ensures => "ensures",
            Token::Exists => "exists",
            Token::False => "false",
            Token::Forall => "forall",
            Token::Function => "function",
            Token::Goto => "goto",
            Token::Havoc => "havoc",
            Token::If => "if",
            Token::Int => "int",
            Token::Invariant => "invariant",
            Token::Mod => "mod",
            Token::Modifies => "modifies",
            Token::Old => "old",
            Token::Procedure => "procedure",
            Token::Requires => "requires",
            Token::Return => "return",
            Token::Returns => "returns",
            Token::Sext => "sext",
            Token::Then => "then",
            Token::True => "true",
            Token::Var => "var",
            Token::While => "while",
            Token::Zext => "zext",
            Token::LParen => "(",
            Token::RParen => ")",
            Token::LBracket => "[",
            Token::RBracket => "]",
            Token::LBrace => "{",
            Token::RBrace => "}",
            Token::AttrOpen => "{:",
            Token::Comma => ",",
            Token::Semi => ";",
            Token::Colon => ":",
            Token::ColonColon => "::",
            Token::Assign => ":=",
            Token::Iff => "<==>",
            Token::Implies => "==>",
            Token::OrOr => "||",
            Token::AndAnd => "&&",
            Token::EqEq => "==",
            Token::NotEq => "!=",
            Token::Lt => "<",
            Token::Le => "<=",
            Token::Gt => ">",
            Token::Ge => ">=",
            Token::Pipe => "|",
            Token::Caret => "^",
            Token::Amp => "&",
            Token::Shl => "<<",
            Token::PlusPlus => "++",
            Token::Plus => "+",
            Token::Minus => "-",
            Token::Star => "*",
            Token::Bang => "!",
            Token::Tilde => "~",
            Token::BlockComment
            | Token::BvOp(_)
            | Token::BvType(_)
            | Token::Ident(_)
            | Token::Num(_)
            | Token::BvLit(_)
            | Token::Str(_)
            | Token::Error => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token<'_>> {
        let (tokens, diagnostics) = lex(text);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        tokens.into_iter().map(|(_, t, _)| t).collect()
    }

    #[test]
    fn keywords_types_and_identifiers() {
        assert_eq!(
            kinds("var bv32 bv32x bvslt bvslt.1 x$1 #p a.b@c _ then"),
            vec![
                Token::Var,
                Token::BvType("bv32"),
                Token::Ident("bv32x"),
                Token::BvOp(BinaryOp::BvSLt),
                Token::Ident("bvslt.1"),
                Token::Ident("x$1"),
                Token::Ident("#p"),
                Token::Ident("a.b@c"),
                Token::Ident("_"),
                Token::Then,
            ]
        );
    }

    #[test]
    fn operators_take_the_longest_match() {
        assert_eq!(
            kinds("<==> ==> == <= << < ++ + :: := : {: { || |"),
            vec![
                Token::Iff,
                Token::Implies,
                Token::EqEq,
                Token::Le,
                Token::Shl,
                Token::Lt,
                Token::PlusPlus,
                Token::Plus,
                Token::ColonColon,
                Token::Assign,
                Token::Colon,
                Token::AttrOpen,
                Token::LBrace,
                Token::OrOr,
                Token::Pipe,
            ]
        );
    }

    #[test]
    fn literals_and_comments() {
        assert_eq!(
            kinds("12 /* a * / b */ 255bv8 // rest\n \"a\\\"b\\n\\t\\\\\""),
            vec![
                Token::Num("12"),
                Token::BvLit("255bv8"),
                Token::Str("a\"b\n\t\\".to_owned()),
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let (tokens, diagnostics) = lex("\u{feff}var");
        assert!(diagnostics.is_empty());
        assert_eq!(tokens, vec![(3, Token::Var, 6)]);
    }

    #[test]
    fn spans_are_byte_offsets() {
        let (tokens, _) = lex("x := 5;");
        let spans: Vec<_> = tokens.iter().map(|(s, _, e)| (*s, *e)).collect();
        assert_eq!(spans, vec![(0, 1), (2, 4), (5, 6), (6, 7)]);
    }

    #[test]
    fn errors_become_error_tokens_with_diagnostics() {
        for (text, message) in [
            ("x ` y", "invalid character"),
            ("x \u{7} y", "invalid character U+0007"),
            ("a /* never closed", "unterminated block comment"),
            ("\"open\nx", "unterminated string literal"),
            ("\"bad \\q\"", "invalid escape"),
            ("\"eof", "unterminated string literal"),
        ] {
            let (tokens, diagnostics) = lex(text);
            assert_eq!(diagnostics.len(), 1, "{text}: {diagnostics:?}");
            assert_eq!(diagnostics[0].code, "ivl::lex");
            assert!(
                diagnostics[0].message.starts_with(message),
                "{text}: {}",
                diagnostics[0].message
            );
            assert!(tokens.iter().any(|(_, t, _)| *t == Token::Error), "{text}");
        }
    }
}
