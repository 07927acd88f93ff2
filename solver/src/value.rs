//! Concrete values, their IVL spelling, and reading them back from SMT-LIB.
//!
//! Consumes SMT-LIB s-expressions (as solvers print them in `get-value`
//! answers) and produces [`Value`]s; prints values in IVL syntax (`5bv32`,
//! `true`, `-3`). Guarantees: parsing never panics; a value that does not
//! fit its expected sort is an error, never truncated. Deliberately does not
//! read array values (models report map *entries* through `select` terms).

use crate::term::Sort;
use std::collections::BTreeMap;
use std::fmt;

/// A concrete value of an IVL type.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    Bool(bool),
    Int(i128),
    /// An integer beyond `i128`, in decimal (models may hold such values;
    /// the evaluator does not compute with them).
    BigInt(String),
    Bv {
        value: u128,
        width: u32,
    },
    Map(MapValue),
}

/// A finite description of a total map: explicit entries over a default.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MapValue {
    /// The value of every index not in `entries`; `None` when unknown (then
    /// reading such an index is an evaluation error).
    pub default: Option<Box<Value>>,
    pub entries: BTreeMap<Value, Value>,
}

impl Value {
    pub fn bv(value: u128, width: u32) -> Value {
        Value::Bv {
            value: value & mask(width),
            width,
        }
    }
}

/// The all-ones value of a width (`width` in `1..=128`).
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

impl fmt::Display for Value {
    /// IVL syntax. Maps print their entries as `[i := v, ...]` over the
    /// default (informational only: maps are not IVL literals).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::BigInt(i) => f.write_str(i),
            Value::Bv { value, width } => write!(f, "{value}bv{width}"),
            Value::Map(m) => {
                f.write_str("[")?;
                let mut first = true;
                for (k, v) in &m.entries {
                    if !first {
                        f.write_str(", ")?;
                    }
                    first = false;
                    write!(f, "{k} := {v}")?;
                }
                if let Some(d) = &m.default {
                    if !first {
                        f.write_str(", ")?;
                    }
                    write!(f, "_ := {d}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// An SMT-LIB s-expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SExpr {
    /// A symbol, numeral, keyword or `#b`/`#x` literal (quoted symbols lose
    /// their bars).
    Atom(String),
    Str(String),
    List(Vec<SExpr>),
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed solver output: {0}")]
pub struct ParseError(pub String);

impl SExpr {
    /// Parses exactly one s-expression (surrounding whitespace allowed).
    pub fn parse(text: &str) -> Result<SExpr, ParseError> {
        let mut p = Parser {
            chars: text.char_indices().peekable(),
            text,
        };
        let e = p.expr()?;
        p.skip_ws();
        if p.chars.peek().is_some() {
            return Err(ParseError(format!("trailing text in {text:?}")));
        }
        Ok(e)
    }

    pub fn as_atom(&self) -> Option<&str> {
        match self {
            SExpr::Atom(a) => Some(a),
            _ => None,
        }
    }
}

/// Whether `text` holds one complete s-expression or atom (balanced
/// parentheses outside strings and quoted symbols).
pub fn is_complete(text: &str) -> bool {
    let mut depth = 0i64;
    let mut in_str = false;
    let mut in_bar = false;
    let mut seen = false;
    for c in text.chars() {
        if in_str {
            in_str = c != '"';
            continue;
        }
        if in_bar {
            in_bar = c != '|';
            continue;
        }
        match c {
            '"' => in_str = true,
            '|' => in_bar = true,
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c.is_whitespace() => continue,
            _ => {}
        }
        seen = true;
    }
    seen && depth <= 0 && !in_str && !in_bar
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while let Some(&(_, c)) = self.chars.peek() {
            if c.is_whitespace() {
                self.chars.next();
            } else if c == ';' {
                for (_, c) in self.chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    fn expr(&mut self) -> Result<SExpr, ParseError> {
        // Iterative over nesting depth, so deep output cannot overflow the stack.
        let mut stack: Vec<Vec<SExpr>> = Vec::new();
        loop {
            self.skip_ws();
            let Some((start, c)) = self.chars.next() else {
                return Err(ParseError(format!("unexpected end in {:?}", self.text)));
            };
            let item = match c {
                '(' => {
                    stack.push(Vec::new());
                    continue;
                }
                ')' => match stack.pop() {
                    Some(items) => SExpr::List(items),
                    None => return Err(ParseError(format!("unbalanced ')' in {:?}", self.text))),
                },
                '"' => {
                    let mut s = String::new();
                    loop {
                        match self.chars.next() {
                            Some((_, '"')) => {
                                if matches!(self.chars.peek(), Some((_, '"'))) {
                                    self.chars.next();
                                    s.push('"');
                                } else {
                                    break;
                                }
                            }
                            Some((_, c)) => s.push(c),
                            None => return Err(ParseError("unterminated string".into())),
                        }
                    }
                    SExpr::Str(s)
                }
                '|' => {
                    let mut s = String::new();
                    loop {
                        match self.chars.next() {
                            Some((_, '|')) => break,
                            Some((_, c)) => s.push(c),
                            None => return Err(ParseError("unterminated |symbol|".into())),
                        }
                    }
                    SExpr::Atom(s)
                }
                _ => {
                    let mut end = start + c.len_utf8();
                    while let Some(&(i, c)) = self.chars.peek() {
                        if c.is_whitespace() || matches!(c, '(' | ')' | '"' | '|' | ';') {
                            break;
                        }
                        end = i + c.len_utf8();
                        self.chars.next();
                    }
                    SExpr::Atom(self.text[start..end].to_string())
                }
            };
            match stack.last_mut() {
                Some(top) => top.push(item),
                None => return Ok(item),
            }
        }
    }
}

/// Reads a scalar value of `sort` from its SMT-LIB form.
pub fn value_from_sexpr(e: &SExpr, sort: &Sort) -> Result<Value, ParseError> {
    let bad = || ParseError(format!("{e:?} is not a value of sort {sort}"));
    match (sort, e) {
        (Sort::Bool, SExpr::Atom(a)) if a == "true" => Ok(Value::Bool(true)),
        (Sort::Bool, SExpr::Atom(a)) if a == "false" => Ok(Value::Bool(false)),
        (Sort::Int, SExpr::Atom(a)) => int_value(a, false).ok_or_else(bad),
        (Sort::Int, SExpr::List(items)) => match items.as_slice() {
            [SExpr::Atom(m), SExpr::Atom(n)] if m == "-" => int_value(n, true).ok_or_else(bad),
            _ => Err(bad()),
        },
        (Sort::Bv(w), SExpr::Atom(a)) => {
            let (digits, radix, bits) = if let Some(d) = a.strip_prefix("#b") {
                (d, 2, d.len() as u32)
            } else if let Some(d) = a.strip_prefix("#x") {
                (d, 16, 4 * d.len() as u32)
            } else {
                return Err(bad());
            };
            if bits != *w || digits.is_empty() {
                return Err(bad());
            }
            u128::from_str_radix(digits, radix)
                .map(|v| Value::bv(v, *w))
                .map_err(|_| bad())
        }
        (Sort::Bv(w), SExpr::List(items)) => match items.as_slice() {
            [SExpr::Atom(u), SExpr::Atom(v), SExpr::Atom(width)] if u == "_" => {
                let digits = v.strip_prefix("bv").ok_or_else(bad)?;
                let value = digits.parse::<u128>().map_err(|_| bad())?;
                if width.parse::<u32>().ok() != Some(*w) || value > mask(*w) {
                    return Err(bad());
                }
                Ok(Value::bv(value, *w))
            }
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// A numeral (optionally negated) as an [`Value::Int`], or a
/// [`Value::BigInt`] when it does not fit `i128`.
fn int_value(digits: &str, negative: bool) -> Option<Value> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let text = format!("{}{digits}", if negative { "-" } else { "" });
    Some(match text.parse::<i128>() {
        Ok(i) => Value::Int(i),
        Err(_) => Value::BigInt(text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str, sort: Sort) -> Result<Value, ParseError> {
        value_from_sexpr(&SExpr::parse(text).unwrap(), &sort)
    }

    #[test]
    fn reads_solver_values() {
        assert_eq!(v("#x0000000a", Sort::Bv(32)), Ok(Value::bv(10, 32)));
        assert_eq!(v("#b101", Sort::Bv(3)), Ok(Value::bv(5, 3)));
        assert_eq!(v("(_ bv7 8)", Sort::Bv(8)), Ok(Value::bv(7, 8)));
        assert_eq!(v("(- 5)", Sort::Int), Ok(Value::Int(-5)));
        assert_eq!(v("true", Sort::Bool), Ok(Value::Bool(true)));
        assert!(v("#x0a", Sort::Bv(32)).is_err());
        assert!(v("(_ bv300 8)", Sort::Bv(8)).is_err());
        assert_eq!(
            v("(- 99999999999999999999999999999999999999999)", Sort::Int),
            Ok(Value::BigInt(
                "-99999999999999999999999999999999999999999".into()
            ))
        );
        assert!(v("12a", Sort::Int).is_err());
    }

    #[test]
    fn parses_get_value_answers() {
        let e = SExpr::parse("((|x@1| #x00) (t1 true)\n ((select a 2) 3))").unwrap();
        let SExpr::List(items) = e else { panic!() };
        assert_eq!(items.len(), 3);
        assert!(SExpr::parse("((a b)").is_err());
        assert!(is_complete("((a b)\n (c d))"));
        assert!(!is_complete("((a b)\n"));
        assert!(is_complete("sat"));
    }

    #[test]
    fn prints_ivl_syntax() {
        assert_eq!(Value::bv(5, 32).to_string(), "5bv32");
        assert_eq!(Value::Int(-3).to_string(), "-3");
        assert_eq!(Value::Bool(false).to_string(), "false");
    }
}
