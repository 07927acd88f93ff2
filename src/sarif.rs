//! `--sarif=FILE`: the results as a SARIF 2.1.0 log (OASIS), the format CI
//! systems read to annotate pull requests. One run; `tool.driver.rules`
//! lists every defect kind; each defect is a result of level `error`
//! whose location is the failing statement or the checked (later) access
//! of a race, with the other access as a related location. Errors that
//! are not defects (clang errors, unsupported input, timeouts) are tool
//! execution notifications of the invocation, which is then not
//! successful.
//!
//! `tests/reports.rs` validates the output against the official schema
//! (`tests/data/sarif-schema-2.1.0.json`).

use crate::exit::Outcome;
use crate::kernel_report::{thread_phrase, Dialect};
use crate::outcome::{AccessReport, DefectReport, KernelResult, Location};
use serde_json::{json, Value};

/// Rule ids and their short descriptions, in `ruleIndex` order.
const RULES: &[(&str, &str)] = &[
    (
        "write-write-race",
        "Two threads may write the same location without synchronisation",
    ),
    (
        "read-write-race",
        "A read and a later write by another thread may race",
    ),
    (
        "write-read-race",
        "A write and a later read by another thread may race",
    ),
    (
        "atomic-read-race",
        "An atomic access and a later plain read may race",
    ),
    (
        "atomic-write-race",
        "An atomic access and a later plain write may race",
    ),
    (
        "read-atomic-race",
        "A plain read and a later atomic access may race",
    ),
    (
        "write-atomic-race",
        "A plain write and a later atomic access may race",
    ),
    (
        "barrier-divergence",
        "A barrier may be reached by non-uniform control flow",
    ),
    ("assertion", "An assertion might not hold"),
    (
        "invariant-entry",
        "A loop invariant might not hold on entry",
    ),
    (
        "invariant-maintained",
        "A loop invariant might not be maintained by the loop",
    ),
    ("precondition", "A precondition might not hold"),
    ("postcondition", "A postcondition might not hold"),
    ("null-pointer", "A null pointer may be accessed"),
    ("array-bounds", "An array may be accessed out of its bounds"),
];

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

fn physical(file: &str, location: Option<&Location>) -> Value {
    let mut physical = json!({ "artifactLocation": { "uri": uri(file) } });
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
    let rule_index = RULES.iter().position(|(id, _)| *id == rule);
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

/// The SARIF log of a run.
pub fn render(results: &[&KernelResult]) -> String {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, text)| {
            json!({
                "id": id,
                "shortDescription": { "text": text },
                "defaultConfiguration": { "level": "error" },
            })
        })
        .collect();
    let mut sarif_results = Vec::new();
    let mut notifications = Vec::new();
    for r in results {
        for d in &r.defects {
            sarif_results.push(result(r, d));
        }
        for e in &r.errors {
            notifications.push(json!({
                "level": "error",
                "message": { "text": e.trim_end() },
                "locations": [{ "physicalLocation": physical(&r.file, None) }],
            }));
        }
    }
    let successful = results
        .iter()
        .all(|r| matches!(r.verdict, Outcome::Verified | Outcome::NotVerified));
    let worst = results
        .iter()
        .map(|r| r.verdict)
        .max()
        .unwrap_or(Outcome::Verified);
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "gpuverify",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }
            },
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
    fn every_rule_is_named_once() {
        for (k, (id, _)) in RULES.iter().enumerate() {
            assert!(!RULES[k + 1..].iter().any(|(other, _)| other == id), "{id}");
        }
    }
}
