//! Invariant inference on the kernel corpus: inference never hides a bug
//! (every `//xfail` kernel gets the same exit code with inference on and
//! with `--no-infer`), and the inference flags of the command line.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

fn kernels() -> Vec<PathBuf> {
    headers::corpus_files(
        &root(),
        &["opencl", "cuda", "ivl"],
        headers::KERNEL_EXTENSIONS,
    )
}

fn run(path: &Path, extra: &[&str]) -> (i32, String) {
    let flags = headers::Header::of_file(path)
        .map(|h| h.flags)
        .unwrap_or_default();
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

/// Runs `job` on every item, on as many threads as the machine has cores
/// (each job is a child process; the kernels are independent).
fn in_parallel<T: Sync, R: Send>(items: &[T], job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut results: Vec<(usize, R)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        mine.push((i, job(item)));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

#[test]
fn inference_reports_every_buggy_kernel_as_without_it() {
    let buggy: Vec<PathBuf> = kernels()
        .into_iter()
        .filter(|path| {
            let expectation = headers::Header::of_file(path).map(|h| h.expectation);
            matches!(expectation, Ok(headers::Expectation::Fail { .. }))
        })
        .collect();
    assert!(!buggy.is_empty());
    let differ: Vec<String> = in_parallel(&buggy, |path| {
        let (on, _) = run(path, &[]);
        let (off, _) = run(path, &["--no-infer"]);
        (on != off).then(|| format!("{}: {on} with inference, {off} without", path.display()))
    })
    .into_iter()
    .flatten()
    .collect();
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
