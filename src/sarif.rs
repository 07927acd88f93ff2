//! `--sarif=FILE`: the results as a SARIF 2.1.0 log (OASIS), the format CI
//! systems read to annotate pull requests. One run; `tool.driver.rules`
//! lists every defect kind; each defect is a result of level `error`
//! whose location is the failing statement or the checked (later) access
//! of a race, with the other access as a related location. Errors that
//! are not defects (clang errors, unsupported input, timeouts) are tool
//! execution notifications of the invocation, which is then not
//! successful.
//!
//! For code-scanning services (docs/ci.md): the driver's `version` and
//! `informationUri`, rules with descriptions and help, relative URIs
//! based on `%SRCROOT%` (the working directory), and per result a
//! `partialFingerprints` entry that ignores line numbers and the
//! solver's choices, so a defect keeps its identity across runs.
//!
//! `tests/reports.rs` validates the output against the official schema
//! (`tests/data/sarif-schema-2.1.0.json`).

use crate::exit::Outcome;
use crate::kernel_report::{thread_phrase, Dialect};
use crate::outcome::{AccessReport, DefectReport, KernelResult, Location};
use serde_json::{json, Value};
use std::path::Path;

/// Rule ids, short descriptions and help texts, in `ruleIndex` order.
const RULES: &[(&str, &str, &str)] = &[
    (
        "write-write-race",
        "Two threads may write the same location without synchronisation",
        RACE_HELP,
    ),
    (
        "read-write-race",
        "A read and a later write by another thread may race",
        RACE_HELP,
    ),
    (
        "write-read-race",
        "A write and a later read by another thread may race",
        RACE_HELP,
    ),
    (
        "atomic-read-race",
        "An atomic access and a later plain read may race",
        ATOMIC_HELP,
    ),
    (
        "atomic-write-race",
        "An atomic access and a later plain write may race",
        ATOMIC_HELP,
    ),
    (
        "read-atomic-race",
        "A plain read and a later atomic access may race",
        ATOMIC_HELP,
    ),
    (
        "write-atomic-race",
        "A plain write and a later atomic access may race",
        ATOMIC_HELP,
    ),
    (
        "barrier-divergence",
        "A barrier may be reached by non-uniform control flow",
        "Every thread of a group (block) must reach the same barrier the same number of \
         times. The condition guarding this barrier, or a loop around it, may differ between \
         two threads of the group; make it depend only on values that are the same for the \
         whole group (group ids, sizes, uniform arguments).",
    ),
    (
        "assertion",
        "An assertion might not hold",
        "An `assert` or `__assert` may fail for some thread and launch allowed by the stated \
         sizes and preconditions (`__requires`).",
    ),
    (
        "invariant-entry",
        "A loop invariant might not hold on entry",
        "A user loop invariant (`__invariant`) is false when the loop is first reached.",
    ),
    (
        "invariant-maintained",
        "A loop invariant might not be maintained by the loop",
        "A user loop invariant (`__invariant`) may be false after an iteration that starts \
         with it true.",
    ),
    (
        "precondition",
        "A precondition might not hold",
        "A call may violate the callee's `__requires` clause.",
    ),
    (
        "postcondition",
        "A postcondition might not hold",
        "A function may end with its `__ensures` clause false.",
    ),
    (
        "null-pointer",
        "A null pointer may be accessed",
        "A load or store may go through a null pointer.",
    ),
    (
        "array-bounds",
        "An array may be accessed out of its bounds",
        "An index of an array of known size (`--check-array-bounds`) may be negative or \
         past its end.",
    ),
];

const RACE_HELP: &str = "Two threads of the launch may access the same element, at least one \
of them writing, with no barrier between the accesses. Separate the accesses with a barrier \
(`barrier`, `__syncthreads`), give each thread its own elements, or use atomics. The report \
names both threads and both statements.";

const ATOMIC_HELP: &str = "An element accessed atomically by one thread is also accessed by a \
plain load or store of another thread with no barrier between them: atomics only order other \
atomics. Use atomics for both accesses or separate them with a barrier.";

/// Where the tool's documentation is installed (`make install`, the
/// Debian package).
const INFORMATION_URI: &str = "file:///usr/share/doc/gpuverify/README.md";

/// The base every relative artifact URI is resolved against: the
/// repository root in a CI checkout (code-scanning services map it).
const SRCROOT: &str = "%SRCROOT%";

fn rule_of(d: &DefectReport) -> String {
    match &d.race_kind {
        Some(race) => format!("{race}-race"),
        None => d.kind.to_string(),
    }
}

/// A relative path as a URI reference (forward slashes, spaces escaped);
/// an absolute one as a `file://` URI.
fn uri(path: &str) -> String {
    let path = path
        .replace('\\', "/")
        .replace('%', "%25")
        .replace(' ', "%20");
    if path.starts_with('/') {
        format!("file://{path}")
    } else {
        path
    }
}

/// The artifact location of an input: relative to `%SRCROOT%` (the
/// working directory, where CI runs from the checkout's root) when the
/// path is relative or lies under the working directory, else an
/// absolute `file://` URI.
fn artifact_location(file: &str) -> Value {
    let mut path = file.to_string();
    if Path::new(file).is_absolute() {
        if let Some(relative) = std::env::current_dir().ok().and_then(|cwd| {
            Path::new(file)
                .strip_prefix(cwd)
                .ok()
                .map(Path::to_path_buf)
        }) {
            path = relative.display().to_string();
        }
    }
    while let Some(rest) = path.strip_prefix("./") {
        path = rest.to_string();
    }
    let uri = uri(&path);
    if uri.starts_with("file://") {
        json!({ "uri": uri })
    } else {
        json!({ "uri": uri, "uriBaseId": SRCROOT })
    }
}

/// `%SRCROOT%` as the working directory, for consumers that resolve it
/// themselves (a directory URI ends with a slash).
fn original_uri_base_ids() -> Value {
    match std::env::current_dir() {
        Ok(cwd) => {
            let mut dir = uri(&cwd.display().to_string());
            if !dir.ends_with('/') {
                dir.push('/');
            }
            json!({ SRCROOT: { "uri": dir } })
        }
        Err(_) => json!({}),
    }
}

/// A fingerprint that stays the same across runs while the defect does:
/// the rule, the file, the kernel, the array and the trimmed source text
/// of the statements involved. Line numbers, thread ids, elements and
/// argument values (the solver's choices) are left out, so the
/// fingerprint survives edits elsewhere in the file and another model.
fn fingerprint(r: &KernelResult, d: &DefectReport, rule: &str) -> String {
    let line = |l: Option<&Location>| l.and_then(|l| l.source_line.clone()).unwrap_or_default();
    let mut parts = vec![
        rule.to_string(),
        artifact_location(&r.file)["uri"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        r.kernel.clone().unwrap_or_default(),
        d.array.clone().unwrap_or_default(),
        line(d.location.as_ref()),
    ];
    if let Some(other) = &d.other_access {
        parts.push(line(other.location.as_ref()));
    }
    let text = parts.join("\u{1f}");
    // Two independent 64-bit FNV-1a hashes (forward and over the reversed
    // bytes): 128 bits, no collision between distinct defects in practice.
    let forward = fnv1a(text.bytes());
    let backward = fnv1a(text.bytes().rev());
    format!("{forward:016x}{backward:016x}")
}

fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn physical(file: &str, location: Option<&Location>) -> Value {
    // A location in a helper header names that file.
    let file = location
        .map(|l| l.file.as_str())
        .filter(|f| !f.is_empty())
        .unwrap_or(file);
    let mut physical = json!({ "artifactLocation": artifact_location(file) });
    if let Some(l) = location {
        let mut region = json!({ "startLine": l.line.max(1), "startColumn": l.col.max(1) });
        if let Some(text) = &l.source_line {
            region["snippet"] = json!({ "text": text });
        }
        physical["region"] = region;
    }
    physical
}

fn access_text(a: &AccessReport, dialect: Dialect, multi: bool) -> String {
    let mut chars = a.kind.chars();
    let kind: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    let mut text = format!("{kind} by {}", thread_phrase(&a.thread, dialect, multi));
    if a.earlier {
        text.push_str(", in an earlier access (before the loop or in an earlier iteration)");
    }
    text
}

fn result(r: &KernelResult, d: &DefectReport) -> Value {
    let dialect = Dialect::of_language(r.language);
    let multi = d.multi_dimensional;
    let rule = rule_of(d);
    let rule_index = RULES.iter().position(|(id, _, _)| *id == rule);
    let mut message = d.message.clone();
    if let Some(a) = &d.access {
        message.push_str(&format!(": {}", access_text(a, dialect, multi)));
    }
    if let Some(a) = &d.other_access {
        message.push_str(&format!("; {}", access_text(a, dialect, multi)));
    }
    if let (Some(t), "assertion") = (&d.thread, d.kind) {
        message.push_str(&format!(" for {}", thread_phrase(t, dialect, multi)));
    }
    if let Some(replay) = &d.replay {
        message.push_str(&format!(" ({})", replay.detail));
    }
    let mut location = json!({ "physicalLocation": physical(&r.file, d.location.as_ref()) });
    if let Some(a) = &d.access {
        location["message"] = json!({ "text": access_text(a, dialect, multi) });
    }
    let mut out = json!({
        "ruleId": rule,
        "level": "error",
        "message": { "text": message },
        "locations": [location],
        "partialFingerprints": { "gpuverifyDefect/v1": fingerprint(r, d, &rule) },
        "properties": {
            "file": r.file,
            "kernel": r.kernel,
            "array": d.array,
            "element": d.element,
            "byte": d.byte,
            "threads": d.threads,
            "arguments": d.arguments,
            "replay": d.replay,
        },
    });
    if let Some(index) = rule_index {
        out["ruleIndex"] = json!(index);
    }
    if let Some(other) = &d.other_access {
        let mut related = json!({
            "id": 1,
            "message": { "text": access_text(other, dialect, multi) },
        });
        if other.location.is_some() {
            related["physicalLocation"] = physical(&r.file, other.location.as_ref());
        }
        out["relatedLocations"] = json!([related]);
    }
    out
}

/// `write-write-race` as `WriteWriteRace` (the rule's `name`).
fn rule_name(id: &str) -> String {
    id.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .concat()
}

/// The SARIF log of one invocation: always exactly one run.
pub fn render(results: &[&KernelResult]) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, text, help)| {
            json!({
                "id": id,
                "name": rule_name(id),
                "shortDescription": { "text": text },
                "fullDescription": { "text": text },
                "help": { "text": help, "markdown": help },
                "defaultConfiguration": { "level": "error" },
                "properties": { "tags": ["correctness", "concurrency"], "precision": "high" },
            })
        })
        .collect();
    let mut sarif_results = Vec::new();
    let mut notifications = Vec::new();
    for r in results {
        for d in &r.defects {
            sarif_results.push(result(r, d));
        }
        // What the frontend assumed (SARIF has no place for a verdict's
        // assumptions: notes of the invocation).
        let offset = r
            .assumptions
            .iter()
            .filter(|a| a.global_offset_default)
            .map(|_| crate::kernel_report::GLOBAL_OFFSET_DEFAULT.to_string());
        let frontend = r
            .assumptions
            .iter()
            .flat_map(|a| a.frontend_notes.iter().cloned());
        for note in offset.chain(frontend) {
            let kernel = r.kernel.as_deref().unwrap_or("?");
            notifications.push(json!({
                "level": "note",
                "message": { "text": format!("kernel `{kernel}`: assuming {note}") },
                "locations": [{ "physicalLocation": physical(&r.file, None) }],
            }));
        }
        // The first error is the one `error_location` points at (an
        // unsupported construct, else the kernel it stopped).
        for (i, e) in r.errors.iter().enumerate() {
            let location = r.error_location.as_ref().filter(|_| i == 0);
            notifications.push(json!({
                "level": "error",
                "message": { "text": e.trim_end() },
                "locations": [{ "physicalLocation": physical(&r.file, location) }],
            }));
        }
    }
    let successful = results
        .iter()
        .all(|r| matches!(r.verdict, Outcome::Verified | Outcome::NotVerified));
    let worst = crate::exit::combined(results.iter().map(|r| r.verdict));
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "gpuverify",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "informationUri": INFORMATION_URI,
                    "rules": rules,
                }
            },
            "originalUriBaseIds": original_uri_base_ids(),
            "invocations": [{
                "executionSuccessful": successful,
                "exitCode": worst.code(),
                "toolExecutionNotifications": notifications,
            }],
            "results": sarif_results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("kernels/a b.cl"), "kernels/a%20b.cl");
        assert_eq!(uri("/tmp/k.cu"), "file:///tmp/k.cu");
        assert_eq!(uri("dir\\k.cl"), "dir/k.cl");
        assert_eq!(uri("100%.cl"), "100%25.cl");
    }

    #[test]
    fn relative_inputs_are_relative_to_srcroot() {
        let l = artifact_location("./kernels/a.cl");
        assert_eq!(l["uri"], "kernels/a.cl");
        assert_eq!(l["uriBaseId"], SRCROOT);
        let l = artifact_location("/nonexistent-root/k.cu");
        assert_eq!(l["uri"], "file:///nonexistent-root/k.cu");
        assert!(l.get("uriBaseId").is_none());
        assert_eq!(rule_name("write-read-race"), "WriteReadRace");
    }

    #[test]
    fn every_rule_is_named_once() {
        for (k, (id, _, _)) in RULES.iter().enumerate() {
            assert!(
                !RULES[k + 1..].iter().any(|(other, _, _)| other == id),
                "{id}"
            );
        }
    }
}
