//! Inputs of a run: scalar kernel arguments and initial memory contents,
//! given by the caller or drawn deterministically from the seed (scalar
//! arguments: corner values for seeds 0-2, see `exec::scalar_input`).
//!
//! Drawn values favour corner cases that make indices interesting: 0, 1,
//! -1, 2, the launch sizes and small numbers below twice the global size.
//! Memory contents are a pure function of (seed, object, group, index), so
//! they do not depend on the order in which threads read them.

use crate::Launch;
use solver::value::{mask, MapValue, Value};
use std::collections::BTreeMap;

use ivl::ast::Type;

/// Given values; anything missing is drawn from [`crate::SimOptions::seed`].
/// Keys are IVL names or source names (`{:source_name}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    pub scalars: BTreeMap<String, Value>,
    /// Initial elements of memory objects, by element index.
    pub arrays: BTreeMap<String, BTreeMap<u128, Value>>,
}

impl Inputs {
    pub fn with_scalar(mut self, name: &str, value: Value) -> Inputs {
        self.scalars.insert(name.to_string(), value);
        self
    }

    /// The scalar parameters of `procedure` fixed positionally by
    /// `values` (`--kernel-args`; `None` = left to be drawn). Non-scalar
    /// parameters are skipped.
    pub fn with_kernel_args(
        mut self,
        procedure: &ivl::ast::Procedure,
        values: &[Option<u64>],
    ) -> Inputs {
        for (param, value) in procedure.params.iter().zip(values) {
            if let (Type::Bv(width), Some(v)) = (&param.ty, value) {
                self = self.with_scalar(&param.name.name, Value::bv(u128::from(*v), *width));
            }
        }
        self
    }

    pub fn with_element(mut self, array: &str, index: u128, value: Value) -> Inputs {
        self.arrays
            .entry(array.to_string())
            .or_default()
            .insert(index, value);
        self
    }
}

/// SplitMix64: small, fast, deterministic, good enough for test inputs.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// A stable 64-bit hash of some words (FNV-1a over their bytes, then mixed).
pub(crate) fn hash_words(words: &[u64]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in words {
        for b in w.to_le_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    Rng::new(h).next()
}

pub(crate) fn hash_str(s: &str) -> u64 {
    let words: Vec<u64> = s.bytes().map(u64::from).collect();
    hash_words(&words)
}

/// A value of `ty` drawn from `rng`, biased towards corner cases.
pub(crate) fn draw(rng: &mut Rng, ty: &Type, launch: &Launch) -> Value {
    match ty {
        Type::Bool => Value::Bool(rng.below(2) == 1),
        Type::Int => Value::Int(draw_number(rng, launch) as i128),
        Type::Bv(w) => Value::bv(draw_number(rng, launch) as u128 & mask(*w), *w),
        Type::Map(_, range) => Value::Map(MapValue {
            default: Some(Box::new(draw(rng, range, launch))),
            entries: BTreeMap::new(),
        }),
    }
}

fn draw_number(rng: &mut Rng, launch: &Launch) -> i64 {
    let local = launch.local_size[0] as i64;
    let global = local * launch.num_groups[0] as i64;
    match rng.below(10) {
        0 => 0,
        1 => 1,
        2 => -1,
        3 => 2,
        4 => local,
        5 => global,
        6 => launch.num_groups[0] as i64,
        _ => rng.below(2 * global as u64 + 2) as i64,
    }
}

/// The zero of a type (fresh locals start there, as in the paper).
pub(crate) fn zero(ty: &Type) -> Value {
    match ty {
        Type::Bool => Value::Bool(false),
        Type::Int => Value::Int(0),
        Type::Bv(w) => Value::bv(0, *w),
        Type::Map(_, range) => Value::Map(MapValue {
            default: Some(Box::new(zero(range))),
            entries: BTreeMap::new(),
        }),
    }
}
