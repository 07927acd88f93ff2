//! Integration tests of the `gpuverify` binary: exit codes, diagnostics and
//! the `--stop-at=ivl` dump, run on the real executable.

use assert_cmd::Command;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn gpuverify() -> Command {
    let mut cmd = Command::cargo_bin("gpuverify").expect("binary is built");
    cmd.env_remove("NO_COLOR").env("NO_COLOR", "1");
    cmd
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn help_lists_options_and_exit_codes() {
    let output = gpuverify().arg("--help").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("--stop-at"), "{text}");
    assert!(text.contains("Exit codes:"), "{text}");
    assert!(text.contains("6  not all verified"), "{text}");
}

#[test]
fn version_succeeds() {
    let output = gpuverify().arg("--version").output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("gpuverify "));
}

#[test]
fn unknown_flag_is_a_command_line_error() {
    let output = gpuverify()
        .args(["--no-such-flag", "x.ivl"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("--no-such-flag"));
}

#[test]
fn missing_input_file_is_a_command_line_error() {
    let output = gpuverify()
        .arg(data("does_not_exist.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("cannot read the file"));
}

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/ivl")
        .join(name)
}

#[test]
fn a_correct_program_is_verified() {
    let output = gpuverify().arg(data("ok_program.ivl")).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("Verified: "), "{stdout}");
}

#[test]
fn a_failing_assertion_is_reported_with_its_counterexample() {
    for solver in ["z3", "cvc5", "z3-smtlib"] {
        let output = gpuverify()
            .arg(format!("--solver={solver}"))
            .arg(example("abs_overflow.ivl"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(6), "{solver}");
        let stderr = stderr_of(&output);
        assert!(
            stderr.contains("abs_overflow.ivl:11:3: error: assertion might not hold"),
            "{solver}: {stderr}"
        );
        // The only counterexample: the most negative bv32, whose negation is itself.
        assert!(stderr.contains("x = 2147483648bv32"), "{solver}: {stderr}");
    }
}

#[test]
fn a_missing_solver_is_a_configuration_error_naming_the_package() {
    let output = gpuverify()
        .env("PATH", "/nonexistent")
        .arg("--solver=cvc5")
        .arg(example("max.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(9));
    assert!(stderr_of(&output).contains("apt-get install cvc5"));
}

#[test]
fn a_race_free_kernel_is_verified_under_its_launch() {
    let output = gpuverify()
        .args(["--local_size=1024", "--num_groups=4"])
        .arg(example("kernel_reduction.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Verified: "), "{stdout}");
    assert!(
        stdout.contains("no data races, no barrier divergence"),
        "{stdout}"
    );
}

#[test]
fn a_racy_kernel_is_reported_with_both_threads() {
    let kernel = write_kernel(
        "neighbour.cl",
        "__kernel void neighbour(__global int *A) {\n  A[get_global_id(0) + 1] = A[get_global_id(0)];\n}\n",
    );
    let output = gpuverify()
        .args(["--local_size=64", "--num_groups=2"])
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(6), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("error: possible"), "{stderr}");
    assert!(stderr.contains("race on A["), "{stderr}");
    assert!(stderr.contains("neighbour.cl:2:"), "{stderr}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("Verified"));
}

#[test]
fn a_bad_solver_name_is_a_command_line_error() {
    let output = gpuverify()
        .args(["--solver=yices"])
        .arg(example("max.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("yices"));
}

#[test]
fn all_three_type_errors_are_reported_with_positions() {
    let output = gpuverify()
        .arg(data("errors/three_type_errors.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    for position in [
        "three_type_errors.ivl:4:",
        "three_type_errors.ivl:9:",
        "three_type_errors.ivl:14:",
    ] {
        assert!(
            stderr.contains(position),
            "missing {position} in:\n{stderr}"
        );
    }
    assert!(stderr.contains("3 errors found"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn all_three_syntax_errors_are_reported_with_positions() {
    let output = gpuverify()
        .arg(data("errors/three_syntax_errors.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    for position in [
        "three_syntax_errors.ivl:4:",
        "three_syntax_errors.ivl:9:",
        "three_syntax_errors.ivl:12:",
    ] {
        assert!(
            stderr.contains(position),
            "missing {position} in:\n{stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn stop_at_ivl_prints_a_program_that_parses_back() {
    let output = gpuverify()
        .arg("--stop-at=ivl")
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/ivl/loop_sum.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let printed = String::from_utf8(output.stdout).unwrap();
    // The sugar is gone: the loop is a head block with the invariants.
    assert!(printed.contains("goto "), "{printed}");
    assert!(!printed.contains("while ("), "{printed}");
    assert!(!printed.contains("invariant"), "{printed}");
    let reparsed = ivl::parse(&ivl::SourceFile::new("printed.ivl", printed.clone()))
        .unwrap_or_else(|e| panic!("dump does not parse: {e:?}\n{printed}"));
    assert!(ivl::check(&reparsed).is_empty());
}

fn write_kernel(name: &str, text: &str) -> PathBuf {
    let path = tempdir().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn stop_at_ivl_prints_the_kernel_ivl_of_opencl_source() {
    let kernel = write_kernel(
        "store.cl",
        "__kernel void store(__global int *A) {\n  A[get_local_id(0)] = 1;\n}\n",
    );
    let output = gpuverify()
        .arg("--stop-at=ivl")
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert!(printed.contains("procedure {:kernel}"), "{printed}");
    assert!(printed.contains("store.cl\", 2,"), "{printed}");
    let reparsed = ivl::parse(&ivl::SourceFile::new("printed.ivl", printed.clone()))
        .unwrap_or_else(|e| panic!("dump does not parse: {e:?}\n{printed}"));
    assert!(ivl::check(&reparsed).is_empty());
}

#[test]
fn a_clang_error_passes_clang_diagnostics_through_with_exit_2() {
    let kernel = write_kernel(
        "undeclared.cl",
        "__kernel void k(__global int *A) {\n  A[0] = undefined_thing;\n}\n",
    );
    let output = gpuverify().arg(&kernel).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("undeclared identifier 'undefined_thing'"),
        "{stderr}"
    );
}

#[test]
fn an_unsupported_construct_is_located_with_exit_4() {
    let kernel = write_kernel(
        "inline_asm.cu",
        "__global__ void k(int *A) {\n  asm(\"trap;\");\n  A[threadIdx.x] = 1;\n}\n",
    );
    let output = gpuverify().arg(&kernel).output().unwrap();
    assert_eq!(output.status.code(), Some(4));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("inline_asm.cu:2:3: error: unsupported: inline assembly"),
        "{stderr}"
    );
}

#[test]
fn malformed_kernel_args_are_a_command_line_error() {
    let output = gpuverify()
        .arg("--kernel-args=k,1,x")
        .arg(example("max.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("`x`"));
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuverify-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The whole rendered report: position line, snippet with the offending text
/// underlined, help line, and the final count. `UPDATE_EXPECT=1` refreshes it.
#[test]
fn type_error_report_snapshot() {
    let output = gpuverify()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("tests/data/errors/three_type_errors.ivl")
        .output()
        .unwrap();
    expect_test::expect_file!["data/errors/three_type_errors.stderr"]
        .assert_eq(&stderr_of(&output));
}

#[test]
fn a_solver_timeout_is_exit_7_and_never_verified() {
    let output = gpuverify()
        .arg("--timeout=1")
        .arg(data("hard_chain.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(7), "{}", stderr_of(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Not verified") && stdout.contains("ran out of time"),
        "{stdout}"
    );
    assert!(stderr_of(&output).contains("could not be verified: timeout"));
}

#[test]
fn simulate_shows_the_figure_2_divergence_step_by_step() {
    let litmus =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels/ivl/figure2_litmus.ivl");
    let output = gpuverify()
        .args(["--simulate", "--trace", "--local_size=4", "--num_groups=1"])
        .arg(&litmus)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(6), "{}", stderr_of(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("diverges"), "{stdout}");
    assert!(
        stderr_of(&output).contains("barrier may be reached by non-uniform control flow"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn simulate_reports_a_clean_execution_and_needs_a_concrete_launch() {
    let output = gpuverify()
        .args(["--simulate", "--local_size=64", "--num_groups=2"])
        .arg(example("kernel_shared_array.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("no defect in this execution"));
    let output = gpuverify()
        .arg("--simulate")
        .arg(example("kernel_shared_array.ivl"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("--simulate needs --local_size"));
}
