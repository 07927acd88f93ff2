//! `--json`: the results as one JSON document on stdout: an object with
//! the tool, its version, a schema version and `results`, an array of one
//! object per kernel (or per input that stopped before its kernels were
//! known), in input order. Each result is the serde form of
//! [`crate::outcome::KernelResult`]; `docs/report.schema.json` is the
//! schema. One document (rather than JSON lines) stays valid JSON
//! whatever the number of kernels, and a batch prints it once, at the end.

use crate::outcome::KernelResult;
use serde::Serialize;

/// Bumped when a field changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Document<'a> {
    schema_version: u32,
    tool: &'static str,
    version: &'static str,
    results: &'a [&'a KernelResult],
}

pub fn render(results: &[&KernelResult]) -> String {
    let document = Document {
        schema_version: SCHEMA_VERSION,
        tool: "gpuverify",
        version: env!("CARGO_PKG_VERSION"),
        results,
    };
    serde_json::to_string_pretty(&document).unwrap_or_else(|e| {
        // Serialising plain data cannot fail; never print half a document.
        serde_json::json!({ "error": format!("cannot serialise the results: {e}") }).to_string()
    })
}

/// The document of a run that stopped before any input was verified (a
/// command-line error): no results, the error and its exit code.
pub fn render_error(message: &str, outcome: crate::exit::Outcome) -> String {
    let document = serde_json::json!({
        "schema_version": SCHEMA_VERSION,
        "tool": "gpuverify",
        "version": env!("CARGO_PKG_VERSION"),
        "results": [],
        "error": {
            "message": message.trim_end(),
            "verdict": outcome.name(),
            "exit_code": outcome.code(),
        },
    });
    serde_json::to_string_pretty(&document).unwrap_or_default()
}
