//! The naming scheme of the two-thread program, in one place.
//!
//! Consumes nothing; every pass that invents a name of the product, and
//! every consumer that recognises one (the inference rules, defect
//! reports, replay), goes through these functions instead of spelling the
//! literals. Guarantees: the names below are the only ones the transform
//! gives to per-thread copies, ghosts and predicates, so a consumer that
//! matches with these functions sees every one of them.
//!
//! - per-thread copies: `x$1`, `x$2` ([`of_thread`], [`thread1_stem`]);
//! - a divergent block's predicates: `p.L$1`, `p.L$2`
//!   ([`block_predicate`]);
//! - a two-thread procedure's enabled predicates: `_P$1`, `_P$2`
//!   ([`PREDICATE_BASE`], one `_` appended until fresh);
//! - race ghosts of array `A` (stem: its IVL name without the frontend's
//!   `$` prefix): `READ_HAS_OCCURRED_A`, `WRITE_HAS_OCCURRED_A`,
//!   `ATOMIC_HAS_OCCURRED_A`, `READ_SITE_A`, `WRITE_SITE_A`,
//!   `ATOMIC_SITE_A`, `WRITE_VALUE_A`, `WATCHED_A` ([`Ghost`]);
//! - the launch constants: `local_id_x`, `group_id_y`, `local_size_z`,
//!   `num_groups_x`... ([`local_id`], [`group_id`], ...), per thread for
//!   the ids (group ids only when several groups are considered);
//! - fresh names: `base`, then `base$2`, `base$3`... ([`fresh`]).
//!
//! A fresh name can end in `$2` without being a thread-2 copy (the second
//! `base`), and so can a numbered LLVM value (`$2`): a name is a copy only
//! with its partner ([`thread_copy`]: `x$1` and `x$2` both declared), which
//! [`fresh`] never creates by accident (it skips every used name, and the
//! copies of a name are used).

use std::collections::HashSet;

/// Thread 1 or thread 2 of the pair.
pub type Thread = u8;

/// Both threads, in order.
pub const THREADS: [Thread; 2] = [1, 2];

/// The three dimensions of a launch, as they end the builtin names.
pub const DIMS: [&str; 3] = ["x", "y", "z"];

/// `name` as thread `t`'s copy: `name$t`.
pub fn of_thread(name: &str, t: Thread) -> String {
    format!("{name}${t}")
}

/// Both threads' copies of `name`.
pub fn pair(name: &str) -> [String; 2] {
    THREADS.map(|t| of_thread(name, t))
}

/// The stem of a thread-1 copy (`x` for `x$1`).
pub fn thread1_stem(name: &str) -> Option<&str> {
    name.strip_suffix("$1")
}

/// The stem of a thread-2 copy (`x` for `x$2`).
pub fn thread2_stem(name: &str) -> Option<&str> {
    name.strip_suffix("$2")
}

/// Whether `name` is a per-thread copy: it ends in `$1` (`$2`) and the
/// other thread's copy, `stem$2` (`stem$1`), is `declared` too; its stem
/// and thread. The suffix alone is not enough: a fresh name
/// (`READ_HAS_OCCURRED_A$2`, [`fresh`]) or a numbered LLVM value the
/// frontend names `$2` ends like a copy without being one, and neither has
/// a partner (a name whose copies exist is in `used`, so [`fresh`] skips
/// both of them).
pub fn thread_copy(name: &str, declared: impl Fn(&str) -> bool) -> Option<(&str, Thread)> {
    let (stem, t, other) = match (thread1_stem(name), thread2_stem(name)) {
        (Some(stem), _) => (stem, 1, 2),
        (_, Some(stem)) => (stem, 2, 1),
        _ => return None,
    };
    declared(&of_thread(stem, other)).then_some((stem, t))
}

/// The base of a two-thread procedure's enabled predicates (`_P$1`,
/// `_P$2`; `_P_$1`... when taken).
pub const PREDICATE_BASE: &str = "_P";

/// The enabled predicates of a two-thread procedure, fresh in `used`
/// (which they are added to).
pub fn predicates(used: &mut HashSet<String>) -> [String; 2] {
    let mut base = PREDICATE_BASE.to_string();
    while pair(&base).iter().any(|n| used.contains(n)) {
        base.push('_');
    }
    let names = pair(&base);
    used.extend(names.iter().cloned());
    names
}

/// Thread `t`'s enabled predicate when the base was free (`_P$t`).
pub fn predicate(t: Thread) -> String {
    of_thread(PREDICATE_BASE, t)
}

/// The prefix of a divergent block's per-thread predicates (`p.L$1`,
/// `p.L$2`: "the thread is at block `L`").
pub const BLOCK_PREDICATE_PREFIX: &str = "p.";

/// Thread `t`'s predicate of divergent block `label` (before freshening).
pub fn block_predicate(label: &str, t: Thread) -> String {
    of_thread(&format!("{BLOCK_PREDICATE_PREFIX}{label}"), t)
}

/// A name based on `base` not in `used` (`base`, else `base$2`,
/// `base$3`...), added to `used`.
pub fn fresh(used: &mut HashSet<String>, base: &str) -> String {
    let mut name = base.to_string();
    let mut k = 1;
    while used.contains(&name) {
        k += 1;
        name = format!("{base}${k}");
    }
    used.insert(name.clone());
    name
}

/// The race-instrumentation ghosts of one array (paper §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ghost {
    ReadFlag,
    WriteFlag,
    AtomicFlag,
    ReadSite,
    WriteSite,
    AtomicSite,
    WriteValue,
    Watched,
}

impl Ghost {
    /// The name prefix; the array's stem follows it.
    pub fn prefix(self) -> &'static str {
        match self {
            Ghost::ReadFlag => "READ_HAS_OCCURRED_",
            Ghost::WriteFlag => "WRITE_HAS_OCCURRED_",
            Ghost::AtomicFlag => "ATOMIC_HAS_OCCURRED_",
            Ghost::ReadSite => "READ_SITE_",
            Ghost::WriteSite => "WRITE_SITE_",
            Ghost::AtomicSite => "ATOMIC_SITE_",
            Ghost::WriteValue => "WRITE_VALUE_",
            Ghost::Watched => "WATCHED_",
        }
    }

    /// This ghost's name for the array with IVL name `array` (before
    /// freshening).
    pub fn of_array(self, array: &str) -> String {
        format!("{}{}", self.prefix(), ghost_stem(array))
    }

    /// Whether `name` is a ghost of this kind.
    pub fn matches(self, name: &str) -> bool {
        name.starts_with(self.prefix())
    }
}

/// The access flags, which barriers clear.
pub const FLAGS: [Ghost; 3] = [Ghost::ReadFlag, Ghost::WriteFlag, Ghost::AtomicFlag];

/// Whether `name` is an access flag (`*_HAS_OCCURRED_*`).
pub fn is_flag(name: &str) -> bool {
    FLAGS.iter().any(|g| g.matches(name))
}

/// The prefixes of the pending-copy flags of asynchronous copies
/// (`async_copy.rs`; not cleared by barriers):
/// `ASYNC_READ_HAS_OCCURRED_A`, `ASYNC_WRITE_HAS_OCCURRED_A`; their event
/// and site ghosts are `ASYNC_READ_EVENT_A`, `ASYNC_READ_SITE_A`, ...
pub const PENDING_FLAG_PREFIXES: [&str; 2] =
    ["ASYNC_READ_HAS_OCCURRED_", "ASYNC_WRITE_HAS_OCCURRED_"];

/// Whether `name` is a pending-copy flag.
pub fn is_pending_flag(name: &str) -> bool {
    PENDING_FLAG_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// The readable stem of an array's ghosts: its IVL name without the
/// frontend's `$` prefix.
pub fn ghost_stem(array: &str) -> &str {
    array.trim_start_matches('$')
}

/// The local id in dimension `d` (`local_id_x`), before per-thread renaming.
pub fn local_id(d: &str) -> String {
    format!("local_id_{d}")
}

/// The group id in dimension `d` (`group_id_x`), before per-thread renaming.
pub fn group_id(d: &str) -> String {
    format!("group_id_{d}")
}

/// The group size in dimension `d` (`local_size_x`; uniform).
pub fn local_size(d: &str) -> String {
    format!("local_size_{d}")
}

/// The number of groups in dimension `d` (`num_groups_x`; uniform).
pub fn num_groups(d: &str) -> String {
    format!("num_groups_{d}")
}

/// The global offset in dimension `d` (`global_offset_x`; uniform).
pub fn global_offset(d: &str) -> String {
    format!("global_offset_{d}")
}

/// Whether the launch constant `name` has one copy per thread: local ids
/// always, group ids unless only one group is considered.
pub fn is_per_thread_builtin(name: &str, only_intra_group: bool) -> bool {
    name.starts_with("local_id_") || (name.starts_with("group_id_") && !only_intra_group)
}

/// Thread `t`'s name for the launch constant `name` (`local_id_x$1`;
/// `num_groups_x` and, with one group, `group_id_x` are shared).
pub fn builtin_of_thread(name: &str, t: Thread, only_intra_group: bool) -> String {
    if is_per_thread_builtin(name, only_intra_group) {
        of_thread(name, t)
    } else {
        name.to_string()
    }
}

/// Every name the program and the kernel use (so invented names are fresh).
pub fn used_names(program: &ivl::ast::Program, proc: &ivl::ast::Procedure) -> HashSet<String> {
    let mut used: HashSet<String> = HashSet::new();
    for d in &program.decls {
        match d {
            ivl::ast::Decl::Const(v) | ivl::ast::Decl::Var(v) => {
                used.insert(v.name.name.clone());
            }
            ivl::ast::Decl::Function(f) => {
                used.insert(f.name.name.clone());
            }
            ivl::ast::Decl::Procedure(p) => {
                used.insert(p.name.name.clone());
            }
            ivl::ast::Decl::Axiom(_) => {}
        }
    }
    for v in proc.params.iter().chain(&proc.returns) {
        used.insert(v.name.name.clone());
    }
    if let Some(b) = &proc.body {
        used.extend(b.locals.iter().map(|v| v.name.name.clone()));
        used.extend(b.blocks.iter().map(|b| b.label.name.clone()));
    }
    for c in ivl::kernel::BUILTIN_CONSTANTS {
        used.insert(c.to_string());
        used.extend(pair(c));
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_copies_round_trip() {
        assert_eq!(pair("x"), ["x$1".to_string(), "x$2".to_string()]);
        assert_eq!(thread1_stem("x$1"), Some("x"));
        assert_eq!(thread1_stem("x$2"), None);
    }

    #[test]
    fn a_thread_copy_has_its_partner() {
        let declared: HashSet<String> = [
            "x$1",
            "x$2",
            "READ_HAS_OCCURRED_A",
            "READ_HAS_OCCURRED_A$2",
            "$2",
        ]
        .map(str::to_string)
        .into();
        let is = |n: &str| declared.contains(n);
        assert_eq!(thread_copy("x$1", is), Some(("x", 1)));
        assert_eq!(thread_copy("x$2", is), Some(("x", 2)));
        assert_eq!(thread_copy("x", is), None);
        // A fresh ghost and a numbered LLVM value end in `$2` but have no
        // `$1` partner: they are shared names, not copies.
        assert_eq!(thread_copy("READ_HAS_OCCURRED_A$2", is), None);
        assert_eq!(thread_copy("$2", is), None);
        // What `fresh` makes next to copies never looks like one.
        let mut used = declared.clone();
        let fresh_x = fresh(&mut used, "x");
        assert_eq!(
            thread_copy(&fresh_x, |n| used.contains(n)),
            None,
            "{fresh_x}"
        );
    }

    #[test]
    fn fresh_names_skip_used_ones() {
        let mut used: HashSet<String> = ["a".to_string(), "a$2".to_string()].into();
        assert_eq!(fresh(&mut used, "a"), "a$3");
        assert_eq!(fresh(&mut used, "b"), "b");
        assert!(used.contains("a$3") && used.contains("b"));
    }

    #[test]
    fn predicates_avoid_taken_bases() {
        let mut used: HashSet<String> = ["_P$2".to_string()].into();
        assert_eq!(
            predicates(&mut used),
            ["_P_$1".to_string(), "_P_$2".to_string()]
        );
    }

    #[test]
    fn ghosts_are_named_after_the_array_stem() {
        assert_eq!(Ghost::ReadFlag.of_array("$$A"), "READ_HAS_OCCURRED_A");
        assert_eq!(Ghost::Watched.of_array("B"), "WATCHED_B");
        assert!(is_flag("ATOMIC_HAS_OCCURRED_A"));
        assert!(!is_flag("READ_SITE_A"));
    }

    #[test]
    fn builtins_per_thread() {
        assert_eq!(builtin_of_thread("local_id_x", 2, true), "local_id_x$2");
        assert_eq!(builtin_of_thread("group_id_y", 1, true), "group_id_y");
        assert_eq!(builtin_of_thread("group_id_y", 1, false), "group_id_y$1");
        assert_eq!(builtin_of_thread("num_groups_z", 1, false), "num_groups_z");
    }
}
