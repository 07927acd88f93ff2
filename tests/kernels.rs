//! Runs the real binary on every kernel of `tests/kernels/` with the flags
//! of its header (line 2) and compares the exit code with line 1 (`//pass`
//! => 0, `//xfail:NAME` => the exit code NAME stands for) and the output
//! with its `//regex` lines. Prints one line per failure and a final
//! `N passed, M failed` line.
//!
//! `tests/kernels/known_failures.txt` lists kernels whose verdict cannot be
//! right yet (see the comments there); the test checks that the set of
//! failing kernels is *exactly* that list, so the list can only shrink
//! (a fixed kernel must be removed from it) and a newly failing kernel
//! fails the test.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn expected_code(name: &str) -> Option<i32> {
    Some(match name {
        "pass" => 0,
        "xfail:COMMAND_LINE_ERROR" => 1,
        "xfail:CLANG_ERROR" => 2,
        "xfail:FRONTEND_ERROR" | "xfail:UNSUPPORTED" => 4,
        "xfail:TRANSFORM_ERROR" => 5,
        "xfail:NOT_ALL_VERIFIED" => 6,
        "xfail:TIMEOUT" => 7,
        "xfail:CONFIGURATION_ERROR" => 9,
        _ => return None,
    })
}

fn kernel_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["opencl", "cuda", "ivl"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("cl" | "cu" | "ivl")
            ) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Splits a flag line like the shell would (no quoting in headers).
fn flags(line: &str) -> Vec<String> {
    line.trim_start_matches("//")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_kernel_gets_its_expected_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let known: BTreeSet<String> = std::fs::read_to_string(root.join("known_failures.txt"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let mut failed: BTreeSet<String> = BTreeSet::new();
    let mut passed = 0;
    let mut report = String::new();
    for path in kernel_files(&root) {
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let header = lines
            .first()
            .copied()
            .unwrap_or("")
            .trim_start_matches("//")
            .trim();
        let Some(code) = expected_code(header) else {
            report.push_str(&format!("FAIL {rel}: unknown header `{header}`\n"));
            failed.insert(rel);
            continue;
        };
        let args = flags(lines.get(1).copied().unwrap_or(""));
        let out = Command::new(env!("CARGO_BIN_EXE_gpuverify"))
            .args(&args)
            .arg(&path)
            .arg("--timeout=60")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let got = out.status.code().unwrap_or(-1);
        let output = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut problems = Vec::new();
        if got != code {
            problems.push(format!("exit {got}, expected {code}"));
        }
        // `//pattern` lines (no space after the slashes) right after the
        // flags must occur in the output; `// prose` lines are comments.
        for l in lines.iter().skip(2).take_while(|l| l.starts_with("//")) {
            let pattern = l.trim_start_matches("//");
            if pattern.is_empty() || pattern.starts_with(' ') {
                continue;
            }
            if !output.contains(pattern) {
                problems.push(format!("output lacks `{pattern}`"));
            }
        }
        if problems.is_empty() {
            passed += 1;
            if known.contains(&rel) {
                report.push_str(&format!(
                    "FIXED {rel}: now passes; remove it from known_failures.txt\n"
                ));
            }
        } else {
            let first_line = output.lines().next().unwrap_or("").to_string();
            if !known.contains(&rel) {
                report.push_str(&format!(
                    "FAIL {rel}: {} ({first_line})\n",
                    problems.join("; ")
                ));
            }
            failed.insert(rel);
        }
    }
    let unexpected: Vec<&String> = failed.difference(&known).collect();
    let fixed: Vec<&String> = known.difference(&failed).collect();
    println!("{report}");
    println!(
        "{passed} passed, {} failed ({} known failures, {} unexpected, {} fixed)",
        failed.len(),
        known.len(),
        unexpected.len(),
        fixed.len()
    );
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "the failing kernels differ from tests/kernels/known_failures.txt"
    );
}
