//! The `gpuverify-tester` binary on a scratch directory of small sequential
//! `.ivl` programs with test headers (no clang, so the runs are fast): one
//! of each outcome the tester distinguishes, with its exact report line and
//! exit code.

use std::path::{Path, PathBuf};
use std::process::Command;

const VERIFIED_BODY: &str =
    "procedure p(x: bv32) returns (r: bv32)\n  ensures r == x;\n{\n  r := x;\n}\n";
const FAILING_BODY: &str =
    "procedure p(x: bv32) returns (r: bv32)\n{\n  r := x;\n  assert {:id \"zero\"} r == 0bv32;\n}\n";

/// A fresh directory holding `files` (name, header, body).
fn scratch(test: &str, files: &[(&str, &str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tester-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for (name, header, body) in files {
        std::fs::write(dir.join(name), format!("{header}{body}")).unwrap();
    }
    dir
}

fn tester(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify-tester"))
        .arg(format!("--gpuverify={}", env!("CARGO_BIN_EXE_gpuverify")))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn mixed(test: &str) -> PathBuf {
    scratch(
        test,
        &[
            (
                "a_pass.ivl",
                "//pass\n//\n//^Verified: .*a_pass\\.ivl\n// prose\n",
                VERIFIED_BODY,
            ),
            (
                "b_xfail.ivl",
                "//xfail:NOT_ALL_VERIFIED\n//--timeout=30\n//assertion might not hold\n",
                FAILING_BODY,
            ),
            ("c_wrong_code.ivl", "//pass\n//\n", FAILING_BODY),
            (
                "d_wrong_regex.ivl",
                "//pass\n//\n//Verified\n//no such (text|words)\n",
                VERIFIED_BODY,
            ),
            ("e_bad_header.ivl", "//xfail:NOPE\n//\n", VERIFIED_BODY),
            (
                "f_bad_regex.ivl",
                "//pass\n//\n//race on a[\n",
                VERIFIED_BODY,
            ),
            (
                "g_command_line.ivl",
                "//xfail:COMMAND_LINE_ERROR\n//--no-such-flag\n//no-such-flag\n",
                VERIFIED_BODY,
            ),
            ("sub/h_known.ivl", "//pass\n//\n", FAILING_BODY),
            ("sub/i_known_but_passes.ivl", "//pass\n//\n", VERIFIED_BODY),
            ("notes.txt", "not a kernel\n", ""),
        ],
    )
}

#[test]
fn mixed_outcomes_give_one_line_each_and_a_summary() {
    let dir = mixed("mixed_outcomes_give_one_line_each_and_a_summary");
    std::fs::write(
        dir.join("known.txt"),
        "# known failures\nsub/h_known.ivl   # fails\nsub/i_known_but_passes.ivl\n",
    )
    .unwrap();
    let (code, out) = tester(&dir, &["-j", "3", "--known-failures=known.txt", "."]);
    assert_eq!(code, Some(1), "{out}");
    let expected = "\
FAIL ./c_wrong_code.ivl: expected pass (exit 0), got exit 6 (NOT_ALL_VERIFIED) (output: Not verified: ./c_wrong_code.ivl (1 failing check))
FAIL ./d_wrong_regex.ivl: output does not match line 4: `no such (text|words)` (output: Verified: ./d_wrong_regex.ivl)
FAIL ./e_bad_header.ivl: header line 1: unknown exit-code name `NOPE` (expected one of COMMAND_LINE_ERROR, CLANG_ERROR, FRONTEND_ERROR, UNSUPPORTED, BUGLE_ERROR, TRANSFORM_ERROR, GPUVERIFYVCGEN_ERROR, NOT_ALL_VERIFIED, TIMEOUT, OUT_OF_MEMORY, CONFIGURATION_ERROR, SOLVER_ERROR, BOOGIE_INTERNAL_ERROR)
UNEXPECTED PASS ./sub/i_known_but_passes.ivl: listed in the known failures but behaves as its header says; remove it from the list
3 passed, 4 failed (1 known failure, 1 unexpected pass)
";
    // The regex error's wording belongs to the regex crate: check its line
    // apart, then the rest exactly.
    let (bad_regex, rest): (Vec<&str>, Vec<&str>) = out
        .lines()
        .partition(|l| l.starts_with("FAIL ./f_bad_regex.ivl"));
    assert_eq!(bad_regex.len(), 1, "{out}");
    assert!(
        bad_regex[0].starts_with(
            "FAIL ./f_bad_regex.ivl: header line 3: `race on a[` is not a valid regex"
        ),
        "{out}"
    );
    let mut rest = rest.join("\n");
    rest.push('\n');
    assert_eq!(rest, expected, "{out}");
}

#[test]
fn all_as_expected_exits_zero_and_verbose_lists_each_kernel() {
    let dir = mixed("all_as_expected_exits_zero_and_verbose_lists_each_kernel");
    let (code, out) = tester(
        &dir,
        &["-v", "a_pass.ivl", "b_xfail.ivl", "g_command_line.ivl"],
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out,
        "ok a_pass.ivl\nok b_xfail.ivl\nok g_command_line.ivl\n3 passed, 0 failed\n"
    );
}

#[test]
fn known_failure_that_fails_is_not_a_failure() {
    let dir = mixed("known_failure_that_fails_is_not_a_failure");
    std::fs::write(dir.join("known.txt"), "sub/h_known.ivl\n").unwrap();
    let (code, out) = tester(&dir, &["--known-failures=known.txt", "sub/h_known.ivl"]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out,
        "0 passed, 0 failed (1 known failure, 0 unexpected passes)\n"
    );
}

#[test]
fn extra_flags_reach_every_run() {
    let dir = mixed("extra_flags_reach_every_run");
    // `--stop-at=ivl` turns the failing program into a successful dump.
    let (code, out) = tester(&dir, &["--extra-flag=--stop-at=ivl", "c_wrong_code.ivl"]);
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn stale_known_failures_and_missing_paths_are_usage_errors() {
    let dir = mixed("stale_known_failures_and_missing_paths_are_usage_errors");
    std::fs::write(dir.join("stale.txt"), "gone.ivl\n").unwrap();
    let (code, out) = tester(&dir, &["--known-failures=stale.txt", "."]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("stale.txt:1: `gone.ivl` does not exist"),
        "{out}"
    );
    let (code, out) = tester(&dir, &["no_such_dir"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("no_such_dir"), "{out}");
    let (code, out) = tester(&dir, &["--jobs=0", "."]);
    assert_eq!(code, Some(2), "{out}");
}

#[test]
fn a_missing_gpuverify_is_a_failure_not_a_pass() {
    let dir = mixed("a_missing_gpuverify_is_a_failure_not_a_pass");
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify-tester"))
        .args(["--gpuverify=/nonexistent/gpuverify", "a_pass.ivl"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with("FAIL a_pass.ivl: cannot run /nonexistent/gpuverify:"),
        "{text}"
    );
}

#[test]
fn a_run_past_the_kernel_timeout_is_killed_and_counts_as_timeout() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch(
        "kernel-timeout",
        &[
            ("slow_pass.ivl", "//pass\n//\n", VERIFIED_BODY),
            ("slow_timeout.ivl", "//xfail:TIMEOUT\n//\n", VERIFIED_BODY),
        ],
    );
    // A stand-in for gpuverify that never finishes in time.
    let slow = dir.join("slow-gpuverify");
    std::fs::write(&slow, "#!/bin/sh\nexec sleep 30\n").unwrap();
    std::fs::set_permissions(&slow, std::fs::Permissions::from_mode(0o755)).unwrap();
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify-tester"))
        .arg(format!("--gpuverify={}", slow.display()))
        .args(["--kernel-timeout=1", "slow_pass.ivl", "slow_timeout.ivl"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(start.elapsed().as_secs() < 20, "{text}");
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(
        text,
        "FAIL slow_pass.ivl: expected pass (exit 0), got no exit within --kernel-timeout (killed; counted as TIMEOUT) (output: )\n1 passed, 1 failed\n"
    );
}
