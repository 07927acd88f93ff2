//! Invariant inference on the kernel corpus: inference never hides a bug
//! (every `//xfail` kernel gets the same exit code with inference on and
//! with `--no-infer`), and the inference flags of the command line.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

fn kernels() -> Vec<PathBuf> {
    support::suite_corpus(
        "inference",
        &["opencl", "cuda", "ivl"],
        headers::KERNEL_EXTENSIONS,
    )
}

fn run(path: &Path, extra: &[&str]) -> (i32, String) {
    let flags = headers::Header::of_file(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .flags;
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(extra)
        .args(&flags)
        .arg(path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The corpus files whose verdict `tests/kernels.rs` accepts as wrong
/// (`tests/kernels/known_failures.txt`, paths relative to tests/kernels).
fn known_failures() -> Vec<PathBuf> {
    let text = std::fs::read_to_string(root().join("known_failures.txt")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split('#').next())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| root().join(l))
        .collect()
}

/// Every `//xfail` kernel gets the same exit code with `--no-infer` as
/// with inference. With inference, that code is the header's: the
/// `kernels` suite (tests/kernels.rs) checks exactly that run for every
/// kernel not in known_failures.txt, so this suite compares the
/// `--no-infer` run with the header and runs the inference half itself
/// only for the known failures (the same kernel with the same flags is
/// verified once per `make test`, not twice).
#[test]
fn inference_reports_every_buggy_kernel_as_without_it() {
    let known = known_failures();
    let buggy: Vec<(PathBuf, i32)> = kernels()
        .into_iter()
        .filter_map(|path| {
            let header = headers::Header::of_file(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            // A header that already turns inference off has no run with
            // inference to compare (its verdict is the `kernels` suite's).
            if header.flags.iter().any(|f| f == "--no-infer") {
                return None;
            }
            match header.expectation {
                headers::Expectation::Fail { code, .. } => Some((path, code)),
                headers::Expectation::Pass => None,
            }
        })
        .collect();
    let n = buggy.len();
    let paths: Vec<PathBuf> = buggy.iter().map(|(path, _)| path.clone()).collect();
    let expected: std::collections::HashMap<&PathBuf, i32> =
        buggy.iter().map(|(path, code)| (path, *code)).collect();
    let codes = support::par_map_files("inference", &paths, |path| {
        let on = if known.contains(path) {
            run(path, &[]).0
        } else {
            expected[path]
        };
        (on, run(path, &["--no-infer"]).0)
    });
    let mut differ = Vec::new();
    for ((path, _), (on, off)) in buggy.iter().zip(codes) {
        if on != off {
            differ.push(format!(
                "{}: {on} with inference, {off} without",
                path.display()
            ));
        }
    }
    assert!(n > 0);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn infer_info_lists_rules_and_rounds() {
    let path = root().join("opencl/tree_reduction.cl");
    let (code, out) = run(&path, &["--infer-info"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Houdini round"), "{out}");
    assert!(out.contains("pow2"), "{out}");
    assert!(out.contains("invariant at"), "{out}");
}

#[test]
fn no_infer_and_omitted_rules_lose_the_proof() {
    let path = root().join("opencl/tree_reduction.cl");
    assert_eq!(run(&path, &["--no-infer"]).0, 6);
    assert_eq!(
        run(
            &path,
            &["--omit-infer=no_access_same_group,access_at,no_access"]
        )
        .0,
        6
    );
    // An unknown tag is a command-line error.
    assert_eq!(run(&path, &["--omit-infer=no_such_rule"]).0, 1);
}

/// The rules a loop under a divergent branch needs: without either, the
/// race-free row_prefix_guarded.cl is a false alarm (exit 6).
#[test]
fn a_loop_under_a_divergent_branch_needs_while_running_and_access_running() {
    let path = root().join("opencl/row_prefix_guarded.cl");
    assert_eq!(run(&path, &[]).0, 0);
    assert_eq!(run(&path, &["--omit-infer=while_running"]).0, 6);
    assert_eq!(run(&path, &["--omit-infer=access_running"]).0, 6);
}

/// A pointer into one of two buffers (`p = c ? a : b;`) carried across a
/// loop after an early `return`: its base stays one of the two only with
/// rule `pointer_set` (the entry value followed through the copy) guarded
/// by `while_running`; without either, a false "possible null pointer
/// access" (the kernels suite checks the verdict with every rule).
#[test]
fn a_pointer_into_one_of_two_buffers_needs_pointer_set_and_while_running() {
    let path = root().join("opencl/pointer_two_buffers_loop.cl");
    for rule in ["pointer_set", "while_running"] {
        let omit = format!("--omit-infer={rule}");
        assert_eq!(run(&path, &["--kernel=strided_sum", &omit]).0, 6, "{rule}");
    }
}

/// The Blelloch up-sweep with the block total saved and cleared by work
/// item 0 right after it (no barrier): verified with rule `halving_guard`,
/// a false alarm without it; its racy twin (the last work item clears the
/// total, `infer_blelloch_exit_racy.cl`) is in the corpus.
#[test]
fn blelloch_scan_total_after_the_up_sweep_needs_halving_guard() {
    let path = root().join("opencl/infer_tree_total.cl");
    assert_eq!(run(&path, &[]).0, 0);
    assert_eq!(run(&path, &["--omit-infer=halving_guard"]).0, 6);
}
