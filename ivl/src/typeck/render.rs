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
/// to be a plausible typo: within a third of the name's length (or one
/// edit for short names), and not a rewrite of every character, so `x`
/// never suggests `r`. Ties go to the longer common prefix (`x` suggests
/// `x1`), then to the name.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    candidates
        .into_iter()
        .filter(|candidate| *candidate != name)
        .filter_map(|candidate| {
            let distance = edit_distance(name, candidate);
            let total_rewrite = distance >= length.max(candidate.chars().count());
            let prefix = name
                .chars()
                .zip(candidate.chars())
                .take_while(|(a, b)| a == b)
                .count();
            (distance <= limit && !total_rewrite).then_some((
                distance,
                std::cmp::Reverse(prefix),
                candidate,
            ))
        })
        .min()
        .map(|(_, _, candidate)| candidate)
}

/// Edit distance over characters counting insertions, deletions,
/// substitutions and transpositions of neighbours (`cuont` is one edit from
/// `count`).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: distance between a[..i] and b[..j].
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
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
        assert_eq!(edit_distance("cuont", "count"), 1);
    }

    #[test]
    fn closest_breaks_ties_by_name() {
        assert_eq!(closest("xa", ["xc", "xb"]), Some("xb"));
        assert_eq!(closest("count", ["total"]), None);
        assert_eq!(closest("x", ["x"]), None);
        assert_eq!(closest("x", ["r", "x1"]), Some("x1"));
        assert_eq!(closest("x", ["r"]), None);
    }
}
