//! Presentation helpers shared by every check: names of type classes in
//! messages and "did you mean" suggestions. Nothing here inspects programs.
//!
//! Suggestions must be deterministic, so [`closest`] breaks ties between
//! equally distant candidates by name, never by iteration order.

use std::fmt;

/// A set of types an operand may have, for messages like
/// "expected int or a bit-vector, found bool".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Int,
    Bv,
    IntOrBv,
    Map,
}

impl Class {
    pub(crate) fn admits(self, ty: &crate::ast::Type) -> bool {
        use crate::ast::Type;
        match self {
            Class::Int => *ty == Type::Int,
            Class::Bv => matches!(ty, Type::Bv(_)),
            Class::IntOrBv => matches!(ty, Type::Int | Type::Bv(_)),
            Class::Map => matches!(ty, Type::Map(..)),
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Int => "int",
            Class::Bv => "a bit-vector",
            Class::IntOrBv => "int or a bit-vector",
            Class::Map => "a map",
        })
    }
}

/// The candidate closest to `name` by edit distance, if it is close enough
/// to be a plausible typo (at most a third of the name's length, at least 1).
pub(crate) fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|candidate| *candidate != name)
        .map(|candidate| (edit_distance(name, candidate), candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min()
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// "did you mean `x1`?" when a close name exists, otherwise `fallback`.
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    fallback: impl FnOnce() -> Option<String>,
) -> Option<String> {
    match closest(name, candidates) {
        Some(candidate) => Some(format!("did you mean `{candidate}`?")),
        None => fallback(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("x1", "x1"), 0);
        assert_eq!(edit_distance("x", "x1"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn closest_breaks_ties_by_name() {
        assert_eq!(closest("xa", ["xc", "xb"]), Some("xb"));
        assert_eq!(closest("count", ["total"]), None);
        assert_eq!(closest("x", ["x"]), None);
    }
}
