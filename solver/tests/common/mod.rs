//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use solver::{Outcome, ProgramReport};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `tests/programs/*.ivl` then `examples/ivl/*.ivl` of the repository.
pub fn program_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [root.join("tests/programs"), root.join("../examples/ivl")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut here: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ivl"))
            .collect();
        here.sort();
        files.extend(here);
    }
    files
}

/// Parses and type-checks a file; panics with the diagnostics otherwise.
pub fn load(path: &Path) -> (String, ivl::Program) {
    let text = std::fs::read_to_string(path).unwrap();
    let file = ivl::SourceFile::new(path.display().to_string(), text.clone());
    let program = match ivl::parse(&file) {
        Ok(p) => p,
        Err(diags) => panic!(
            "{}",
            diags
                .iter()
                .map(|d| d.render_plain(&file))
                .collect::<Vec<_>>()
                .join("\n")
        ),
    };
    let diags = ivl::check(&program);
    assert!(
        diags.is_empty(),
        "{}",
        diags
            .iter()
            .map(|d| d.render_plain(&file))
            .collect::<Vec<_>>()
            .join("\n")
    );
    (text, program)
}

/// What the header expects: the ids of the checks that fail (empty when
/// `verified`), or `None` when the file has no header.
pub fn expected(text: &str) -> Option<BTreeSet<String>> {
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("// expect:") else {
            continue;
        };
        let rest = rest.trim();
        if rest == "verified" {
            return Some(BTreeSet::new());
        }
        if let Some(kind) = rest.strip_prefix("error") {
            return Some(BTreeSet::from([format!("!error {}", kind.trim())]));
        }
        if let Some(ids) = rest.strip_prefix("fails") {
            return Some(
                ids.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect(),
            );
        }
        return None;
    }
    None
}

/// The ids of failing checks; outcomes that are neither verified nor
/// failed show up as `!unknown: ...` / `!error: ...` so they never match.
pub fn failing_ids(report: &ProgramReport) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for p in &report.procedures {
        match &p.outcome {
            Outcome::Verified => {}
            Outcome::Failed(fs) => {
                for f in fs {
                    ids.insert(f.check.id.clone().unwrap_or_else(|| {
                        format!("<no id: {} in {}>", f.check.kind, p.procedure)
                    }));
                }
            }
            Outcome::Unknown { reason, .. } => {
                ids.insert(format!("!unknown in {}: {reason}", p.procedure));
            }
            Outcome::Error(solver::SolverError::Irreducible { .. }) => {
                ids.insert("!error irreducible".to_string());
            }
            Outcome::Error(e) => {
                ids.insert(format!("!error in {}: {e}", p.procedure));
            }
        }
    }
    ids
}
