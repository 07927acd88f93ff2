//! The kernel corpus through the `gpuverify-tester` binary: every kernel of
//! `tests/kernels/{opencl,cuda,ivl}` is run with the flags of its header
//! and must get the exit code of line 1 and match its `//regex` lines
//! (header format: the `headers` crate, docs/usage.md).
//!
//! `tests/kernels/known_failures.txt` lists kernels whose verdict cannot be
//! right yet (see the comments there); the tester fails when a kernel not in
//! the list fails *or* a listed kernel passes, so the list can only shrink.
//! `make corpus` runs the same command outside cargo. The realistic corpus
//! (`tests/kernels/realistic`: SDK- and benchmark-style files, some taking
//! minutes each in a debug build) is not part of this test: `make
//! realistic` runs it with the release build and the same known failures.
//! `GPUVERIFY_CORPUS_ONLY=a/,b.cl` narrows it like the other corpus suites
//! (while developing; `make test` never sets it).

mod support;

use std::path::Path;
use std::process::Command;

#[test]
fn every_kernel_gets_its_expected_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify-tester"))
        .arg(format!("--gpuverify={}", env!("CARGO_BIN_EXE_gpuverify")))
        .arg(format!(
            "--known-failures={}",
            root.join("known_failures.txt").display()
        ))
        .arg("--extra-flag=--timeout=60")
        // A run that hangs (a solver that never answers) is killed and
        // counted as a timeout, so it fails this test instead of CI.
        .arg("--kernel-timeout=900")
        .args(if support::corpus_narrowed() {
            support::narrowed(headers::corpus_files(
                &root,
                &["opencl", "cuda", "ivl"],
                &["cl", "cu", "ivl"],
            ))
        } else {
            ["opencl", "cuda", "ivl"].map(|dir| root.join(dir)).to_vec()
        })
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}{stderr}");
    let summary = stdout.lines().last().unwrap_or("");
    assert!(
        summary.contains(" passed, 0 failed") && summary.contains(", 0 unexpected passes"),
        "the corpus differs from its headers and tests/kernels/known_failures.txt:\n{stdout}{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
}
