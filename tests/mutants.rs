//! Bug injection: textual mutants of every `//pass` kernel of
//! `tests/kernels/`, each checked by the interpreter (the oracle) and by the
//! real binary. Mutation operators: drop one barrier (`barrier`,
//! `work_group_barrier`, `__syncthreads`), shift one array index
//! (`[e]` -> `[e + 1]`), widen one guard (` < ` -> ` <= `), turn one atomic
//! into a plain read-modify-write (`atomic_add(&A[i], v)` -> `(A[i] += v)`),
//! make a collective operation non-uniform (`wait_group_events(..)` ->
//! `(get_local_id(0) == 0 ? wait_group_events(..) : (void)0)`, an async
//! copy's count `n` -> `(n) + (get_local_id(0) & 1)`), drop one
//! `wait_group_events` (its copies stay pending), drop one fence flag of a
//! barrier (`CLK_GLOBAL_MEM_FENCE` -> `0`: that space, or the images of
//! `CLK_IMAGE_MEM_FENCE`, is no longer ordered), halve an atomic counter's
//! result (`atomic_inc(c)` -> `(atomic_inc(c) / 2)`: two work items may get
//! one slot), make an atomic counter wrap around within the launch
//! (`atomic_inc(c)` -> `(atomic_add(c, 1 << 28) >> 28)`, `atomicAdd(c, v)`
//! -> `(atomicAdd(c, (v) << 28) >> 28)`: the counter's top four bits are
//! the slot, so every 16 increments reuse one; the no-wrap assumption of
//! the slot facts must not hide it), give a strided async copy a zero
//! stride (its elements overlap: s8), and shift one index in the kernels that exercise the newer
//! encodings (k-induction, pointers stored in memory, function pointers,
//! the device heap, images; the general shift rarely samples them).
//!
//! The assertion: no missed real bug, i.e. no mutant that the interpreter
//! shows defective in a launch while the verifier, run with flags
//! describing that launch (and the scalar values the interpreter used),
//! says `Verified`. The statistics (how many mutants the verifier flags
//! with the header's flags, how many the interpreter shows defective) are
//! printed.
//!
//! Run time: by default a deterministic sample of at most
//! `PER_OPERATOR` mutants per operator (evenly spaced over the sorted list
//! of all mutants of that operator); `GPUVERIFY_ALL_MUTANTS=1` runs every
//! mutant (several minutes in a debug build);
//! `GPUVERIFY_MUTANT_OPERATORS=WrapSlot,HalveSlot` runs only the named
//! operators.

mod support;

use std::collections::BTreeMap;
use support::OracleVerdict;

const PER_OPERATOR: usize = 15;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Operator {
    DropBarrier,
    ShiftIndex,
    WidenGuard,
    AtomicToPlain,
    DivergeCollective,
    DropWait,
    DropFence,
    HalveSlot,
    WrapSlot,
    ZeroStride,
    ShiftIndexNewEncoding,
}

/// Whether a kernel file exercises an encoding added after the general
/// operators (its shifts get their own sample).
fn new_encoding(flags: &str, text: &str) -> bool {
    flags.contains("--k-induction-depth")
        || [
            "**",
            "(*",
            "malloc(",
            "new ",
            "virtual ",
            "image2d_t",
            "image1d_t",
            "image3d_t",
        ]
        .iter()
        .any(|w| text.contains(w))
}

struct Mutant {
    operator: Operator,
    /// `file:line`, for the report.
    site: String,
    source: String,
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Byte ranges of the text that hold code: line 3 onwards, without
/// comment and preprocessor lines, and without trailing `//` comments.
fn code_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim_start();
        let skip = n < 2 || trimmed.starts_with("//") || trimmed.starts_with('#');
        if !skip {
            let end = line.find("//").unwrap_or(line.len());
            out.push((start, start + end));
        }
        start += line.len();
    }
    out
}

fn line_of(text: &str, pos: usize) -> usize {
    text[..pos].matches('\n').count() + 1
}

fn line_start(text: &str, pos: usize) -> usize {
    text[..pos].rfind('\n').map(|p| p + 1).unwrap_or(0)
}

/// The position of the bracket closing the one at `open` (same kind).
fn matching(text: &[u8], open: usize, limit: usize) -> Option<usize> {
    let (o, c) = match text[open] {
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0;
    for (k, &b) in text.iter().enumerate().take(limit).skip(open) {
        if b == o {
            depth += 1;
        } else if b == c {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// Calls `name(...)` inside the code ranges: (start of name, open paren,
/// close paren).
fn calls(text: &str, names: &[&str]) -> Vec<(usize, usize, usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (start, end) in code_ranges(text) {
        let mut k = start;
        while k < end {
            if (k == 0 || !is_ident(bytes[k - 1])) && is_ident(bytes[k]) {
                let mut e = k;
                while e < end && is_ident(bytes[e]) {
                    e += 1;
                }
                let word = &text[k..e];
                if e < end && bytes[e] == b'(' && names.contains(&word) {
                    if let Some(close) = matching(bytes, e, end) {
                        out.push((k, e, close, word.to_string()));
                    }
                }
                k = e;
            } else {
                k += 1;
            }
        }
    }
    out
}

/// Top-level comma-separated arguments of the call whose parentheses are
/// at `open`..`close`.
fn arguments(text: &str, open: usize, close: usize) -> Vec<String> {
    let mut args = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for c in text[open + 1..close].chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                args.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    args.push(current.trim().to_string());
    args
}

fn splice(text: &str, start: usize, end: usize, with: &str) -> String {
    format!("{}{with}{}", &text[..start], &text[end..])
}

const DECLARATION_WORDS: &[&str] = &[
    "__local",
    "local",
    "__shared__",
    "__constant",
    "constant",
    "__constant__",
    "static",
    "const",
    "float",
    "double",
    "int",
    "unsigned",
    "uint",
    "char",
    "uchar",
    "short",
    "ushort",
    "long",
    "ulong",
    "bool",
    "size_t",
    "__device__",
    "extern",
    "volatile",
];

fn mutants(name: &str, flags: &str, text: &str) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut push = |operator, pos: usize, source: String| {
        out.push(Mutant {
            operator,
            site: format!("{name}:{}", line_of(text, pos)),
            source,
        })
    };
    for (start, _, close, _) in calls(text, &["barrier", "work_group_barrier", "__syncthreads"]) {
        push(
            Operator::DropBarrier,
            start,
            splice(text, start, close + 1, "(void)0"),
        );
    }
    // Collective operations made non-uniform: a wait reached by one work
    // item only, a copy whose count differs between work items.
    let collectives = [
        "async_work_group_copy",
        "async_work_group_strided_copy",
        "wait_group_events",
    ];
    for (start, open, close, name) in calls(text, &collectives) {
        let call = &text[start..close + 1];
        if name == "wait_group_events" {
            // The copies it waits for stay pending: their data is used
            // while they may still run.
            push(
                Operator::DropWait,
                start,
                splice(text, start, close + 1, "(void)0"),
            );
        }
        if name == "async_work_group_strided_copy" {
            // A zero stride: the copy's elements overlap (one global
            // element written by the whole group).
            let mut args = arguments(text, open, close);
            if let Some(stride) = args.get_mut(3) {
                *stride = "0".to_string();
                let mutated = format!("{name}({})", args.join(", "));
                push(
                    Operator::ZeroStride,
                    start,
                    splice(text, start, close + 1, &mutated),
                );
            }
        }
        let mutated = if name == "wait_group_events" {
            format!("(get_local_id(0) == 0 ? {call} : (void)0)")
        } else {
            let mut args = arguments(text, open, close);
            let Some(count) = args.get_mut(2) else {
                continue;
            };
            *count = format!("({count}) + (get_local_id(0) & 1)");
            format!("{name}({})", args.join(", "))
        };
        push(
            Operator::DivergeCollective,
            start,
            splice(text, start, close + 1, &mutated),
        );
    }
    // A barrier's fence flags, one at a time.
    for (_, open, close, _) in calls(text, &["barrier", "work_group_barrier"]) {
        for flag in [
            "CLK_LOCAL_MEM_FENCE",
            "CLK_GLOBAL_MEM_FENCE",
            "CLK_IMAGE_MEM_FENCE",
        ] {
            let mut from = open;
            while let Some(at) = text[from..close].find(flag) {
                let at = from + at;
                push(
                    Operator::DropFence,
                    at,
                    splice(text, at, at + flag.len(), "0"),
                );
                from = at + flag.len();
            }
        }
    }
    // A counter's result shared by two work items.
    let counters = [
        "atomic_inc",
        "atom_inc",
        "atomicInc",
        "atomic_add",
        "atom_add",
        "atomicAdd",
    ];
    for (start, _, close, _) in calls(text, &counters) {
        let call = &text[start..close + 1];
        push(
            Operator::HalveSlot,
            start,
            splice(text, start, close + 1, &format!("({call} / 2)")),
        );
    }
    // A counter that wraps around after 16 increments.
    let wrapping = [
        ("atomic_inc", "atomic_add"),
        ("atom_inc", "atom_add"),
        ("atomic_add", "atomic_add"),
        ("atom_add", "atom_add"),
        ("atomicAdd", "atomicAdd"),
    ];
    let names: Vec<&str> = wrapping.iter().map(|(n, _)| *n).collect();
    for (start, open, close, word) in calls(text, &names) {
        let args = arguments(text, open, close);
        let add = wrapping.iter().find(|(n, _)| *n == word).map(|(_, a)| *a);
        let step = match args.len() {
            1 => "1 << 28".to_string(),
            2 => format!("({}) << 28", args[1]),
            _ => continue,
        };
        if let Some(add) = add {
            push(
                Operator::WrapSlot,
                start,
                splice(
                    text,
                    start,
                    close + 1,
                    &format!("({add}({}, {step}) >> 28)", args[0]),
                ),
            );
        }
    }
    let shift = if new_encoding(flags, text) {
        Operator::ShiftIndexNewEncoding
    } else {
        Operator::ShiftIndex
    };
    let bytes = text.as_bytes();
    for (start, end) in code_ranges(text) {
        for k in start..end {
            match bytes[k] {
                b'[' => {
                    let Some(close) = matching(bytes, k, end) else {
                        continue;
                    };
                    if text[k + 1..close].trim().is_empty() {
                        continue;
                    }
                    // `T name[N]` declarations: no `=` before the bracket on a
                    // line that starts with a type or qualifier.
                    let line = &text[line_start(text, k)..k];
                    let first = line.split_whitespace().next().unwrap_or("");
                    if DECLARATION_WORDS.contains(&first) && !line.contains('=') {
                        continue;
                    }
                    let index = &text[k + 1..close];
                    push(
                        shift,
                        k,
                        splice(text, k, close + 1, &format!("[({index}) + 1]")),
                    );
                }
                b'<' if k > 0 && bytes[k - 1] == b' ' && bytes.get(k + 1) == Some(&b' ') => {
                    push(Operator::WidenGuard, k, splice(text, k, k + 1, "<="));
                }
                _ => {}
            }
        }
    }
    let assignments: &[(&[&str], &str)] = &[
        (&["atomic_add", "atom_add", "atomicAdd"], "+="),
        (&["atomic_sub", "atom_sub", "atomicSub"], "-="),
        (&["atomic_or", "atom_or", "atomicOr"], "|="),
        (&["atomic_and", "atom_and", "atomicAnd"], "&="),
        (&["atomic_xor", "atom_xor", "atomicXor"], "^="),
        (&["atomic_xchg", "atom_xchg", "atomicExch"], "="),
        (&["atomic_inc", "atom_inc", "atomicInc"], "+= 1"),
        (&["atomic_dec", "atom_dec", "atomicDec"], "-= 1"),
    ];
    for (names, op) in assignments {
        for (start, open, close, _) in calls(text, names) {
            let args = arguments(text, open, close);
            let target = match args[0].strip_prefix('&') {
                Some(lvalue) => format!("({})", lvalue.trim()),
                None => format!("(*({}))", args[0]),
            };
            let plain = if op.ends_with('1') {
                format!("({target} {op})")
            } else {
                let Some(value) = args.get(1) else { continue };
                format!("({target} {op} ({value}))")
            };
            push(
                Operator::AtomicToPlain,
                start,
                splice(text, start, close + 1, &plain),
            );
        }
    }
    out
}

/// At most `limit` of `items`, evenly spaced (deterministic).
fn sample<T>(items: Vec<T>, limit: usize) -> Vec<T> {
    let n = items.len();
    if n <= limit {
        return items;
    }
    items
        .into_iter()
        .enumerate()
        .filter(|(k, _)| (k * limit) / n != ((k + 1) * limit) / n)
        .map(|(_, m)| m)
        .collect()
}

#[derive(Default, Debug)]
struct Stats {
    generated: usize,
    run: usize,
    /// The frontend rejects the mutant (a mutation that does not compile).
    not_compiled: usize,
    /// Compiled, but the interpreter cannot run it.
    not_simulated: usize,
    oracle_defect: usize,
    verifier_flagged: usize,
    /// Interpreter defect and verifier exit 6 with the header's flags.
    both: usize,
    /// Verifier exit 6 but no defect in the interpreter's runs.
    flagged_only: usize,
    missed: usize,
}

#[test]
#[allow(clippy::print_stderr)]
fn verifier_flags_every_mutant_the_interpreter_shows_defective() {
    let all = std::env::var("GPUVERIFY_ALL_MUTANTS").is_ok_and(|v| v == "1");
    let mut by_operator: BTreeMap<Operator, Vec<(Mutant, String, String)>> = BTreeMap::new();
    for path in support::corpus_files("mutants") {
        let text = std::fs::read_to_string(&path).unwrap();
        let (verdict, flags) = support::header(&text);
        if verdict != "//pass" {
            continue;
        }
        let name = support::corpus_name(&path);
        for m in mutants(&name, &flags, &text) {
            by_operator
                .entry(m.operator)
                .or_default()
                .push((m, flags.clone(), name.clone()));
        }
    }
    let dir = support::scratch_dir("mutants");
    let mut stats: BTreeMap<Operator, Stats> = BTreeMap::new();
    let mut missed = Vec::new();
    let only: Option<Vec<String>> = std::env::var("GPUVERIFY_MUTANT_OPERATORS")
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect());
    for (operator, list) in by_operator {
        if only
            .as_ref()
            .is_some_and(|names| !names.contains(&format!("{operator:?}")))
        {
            continue;
        }
        let entry = stats.entry(operator).or_default();
        entry.generated = list.len();
        let list = if all {
            list
        } else {
            sample(list, PER_OPERATOR)
        };
        // Each mutant's oracle and verifier runs in parallel; the tallies
        // after.
        let list: Vec<(usize, (Mutant, String, String))> = list.into_iter().enumerate().collect();
        let runs = support::par_map(&list, |(k, (mutant, flags, name))| {
            let path = dir.join(format!("{operator:?}_{k}_{}", name.replace('/', "_")));
            std::fs::write(&path, &mutant.source).unwrap();
            let oracle = support::oracle(&path, flags, &support::header_launches(flags), 3);
            let header_args: Vec<String> = flags.split_whitespace().map(str::to_string).collect();
            let header_run = support::verifier(&path, &header_args);
            let defect_run = match &oracle {
                OracleVerdict::Defect(defect) => {
                    let args = support::flags_for_defect(flags, defect);
                    let run = support::verifier(&path, &args);
                    Some((args, run))
                }
                _ => None,
            };
            (oracle, header_run, defect_run)
        });
        for ((_, (mutant, _, _)), (oracle, header_run, defect_run)) in list.iter().zip(runs) {
            entry.run += 1;
            let flagged = header_run.flags_defect();
            match oracle {
                OracleVerdict::NotRun(ref why) if why.starts_with("frontend") => {
                    entry.not_compiled += 1;
                    continue;
                }
                OracleVerdict::NotRun(_) => entry.not_simulated += 1,
                OracleVerdict::Clean => {}
                OracleVerdict::Defect(ref defect) => {
                    entry.oracle_defect += 1;
                    let (args, run) = defect_run.expect("a defect is verified");
                    if run.says_verified() {
                        entry.missed += 1;
                        missed.push(format!(
                            "== {operator:?} mutant of {} (seed {}): verifier flags {}\n\
                             -- interpreter:\n{}-- verifier:\n{}-- mutant:\n{}",
                            mutant.site,
                            defect.seed,
                            args.join(" "),
                            defect.rendered,
                            run.output,
                            mutant.source
                        ));
                    }
                }
            }
            if flagged {
                entry.verifier_flagged += 1;
            }
            match (&oracle, flagged) {
                (OracleVerdict::Defect(_), true) => entry.both += 1,
                (OracleVerdict::Clean, true) => entry.flagged_only += 1,
                _ => {}
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut total = Stats::default();
    for (operator, s) in &stats {
        let compiled = s.run - s.not_compiled;
        eprintln!(
            "{operator:?}: {} mutants, {} run, {} do not compile, {} not simulated; of {compiled} \
             compiled: verifier flags {} ({:.0}%), interpreter shows a defect in {} ({:.0}%), \
             both {}, verifier only {}, missed {}",
            s.generated,
            s.run,
            s.not_compiled,
            s.not_simulated,
            s.verifier_flagged,
            percent(s.verifier_flagged, compiled),
            s.oracle_defect,
            percent(s.oracle_defect, compiled),
            s.both,
            s.flagged_only,
            s.missed
        );
        total.generated += s.generated;
        total.run += s.run;
        total.not_compiled += s.not_compiled;
        total.verifier_flagged += s.verifier_flagged;
        total.oracle_defect += s.oracle_defect;
        total.missed += s.missed;
    }
    let compiled = total.run - total.not_compiled;
    eprintln!(
        "all: {} mutants, {} run{}, {compiled} compiled: verifier flags {:.0}%, interpreter \
         shows a defect in {:.0}%, missed real bugs: {}",
        total.generated,
        total.run,
        if all { "" } else { " (sampled)" },
        percent(total.verifier_flagged, compiled),
        percent(total.oracle_defect, compiled),
        total.missed
    );
    assert!(
        missed.is_empty(),
        "mutants the interpreter shows defective but the verifier verifies:\n{}",
        missed.join("\n")
    );
    assert!(compiled > 0, "no mutant compiled");
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
