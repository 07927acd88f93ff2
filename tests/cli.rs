//! Integration tests of the `gpuverify` binary: exit codes, diagnostics and
//! the `--stop-at=ivl` dump, run on the real executable.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

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
    for solver in ["portfolio", "z3", "cvc5", "z3-smtlib"] {
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
fn an_uninstantiated_template_kernel_says_how_to_instantiate_it() {
    let kernel = write_kernel(
        "template_only.cu",
        "template <typename T>\n__global__ void saxpy(T a, const T *x, T *y) {\n  \
         y[threadIdx.x] = a * x[threadIdx.x];\n}\n",
    );
    let output = gpuverify()
        .args(["--blockDim=64", "--gridDim=1"])
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("the template kernel `saxpy` is never instantiated")
            && stderr.contains("saxpy<float><<<grid, block>>>")
            && !stderr.contains("no kernel found"),
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

/// Issue 16: a race query over bit-vectors only declares `QF_BV` (z3's
/// general strategy under `ALL` did not answer it in a minute); the site
/// ghosts are bit-vectors, so no `Int` reaches the query.
#[test]
fn a_pure_bit_vector_race_query_declares_qf_bv() {
    let dir = tempdir();
    let kernel = dir.join("twice_gid.cl");
    std::fs::write(
        &kernel,
        "__kernel void k(__global int *A) { int gid = get_global_id(0); A[gid] = 2*gid; }\n",
    )
    .unwrap();
    let dump = dir.join("twice_gid.smt2");
    let output = gpuverify()
        .args(["--solver=z3", "--local_size=64", "--num_groups=2"])
        .arg(format!("--dump-smt2={}", dump.display()))
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let text = std::fs::read_to_string(&dump).unwrap();
    assert!(text.contains("(set-logic QF_BV)"), "{text}");
    assert!(
        !text.contains("(set-logic ALL)") && !text.contains(" Int)"),
        "{text}"
    );
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
    // The message names the budget that ran out: the per-query CPU time,
    // or its wall-clock cap (10x) on a starved machine.
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains("could not be verified: timeout: the CPU-time budget of 1 s per query")
            || stderr.contains("could not be verified: timeout: the wall-clock cap of 10 s"),
        "{stderr}"
    );
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

// ---- Every flag of docs/design.md §7: accepted or refused as documented ----

/// One run: the flags, the input (relative to the repository), the exit
/// code and a text the output (stdout then stderr) must contain.
struct FlagCase {
    args: &'static [&'static str],
    input: &'static str,
    code: i32,
    output: &'static str,
}

const RACY_IVL: &str = "tests/kernels/ivl/race_located_in_ivl.ivl";
const CLEAN_IVL: &str = "examples/ivl/kernel_reduction.ivl";
const CLEAN_CL: &str = "tests/kernels/opencl/bounds_local_in_range.cl";
const ARGS_CL: &str = "tests/kernels/opencl/kernel_args_widths.cl";

#[rustfmt::skip]
const FLAG_CASES: &[FlagCase] = &[
    // Launch sizes: `64`, `[32,32]`, `2,3,4`, `*`; aliases; bad values.
    FlagCase { args: &["--local_size=64", "--num_groups=2"], input: RACY_IVL, code: 6, output: "possible write-read race on s[" },
    FlagCase { args: &["--blockDim=64", "--gridDim=2"], input: RACY_IVL, code: 6, output: "possible write-read race on s[" },
    FlagCase { args: &["--local_size=[64,1]", "--num_groups=[2,1]"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64,1,1", "--num_groups=2,1,1"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=*", "--num_groups=*"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=[*,1]", "--num_groups=2"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=1024", "--num_groups=*"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=0"], input: CLEAN_IVL, code: 1, output: "`0` is not a size: it must be at least 1" },
    FlagCase { args: &["--local_size=[32,32"], input: CLEAN_IVL, code: 1, output: "unbalanced brackets in `[32,32`" },
    FlagCase { args: &["--local_size=1,2,3,4"], input: CLEAN_IVL, code: 1, output: "has 4 dimensions; at most 3" },
    FlagCase { args: &["--num_groups=two"], input: CLEAN_IVL, code: 1, output: "`two` is not a size" },
    FlagCase { args: &["--local-size=64"], input: CLEAN_IVL, code: 1, output: "a similar argument exists: '--local_size'" },
    FlagCase { args: &["--global_size=2048", "--local_size=1024"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--global_size=[128,4]", "--local_size=[64,4]"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--global_size=100", "--local_size=64"], input: CLEAN_IVL, code: 1, output: "--global_size=100 is not a multiple of --local_size=64 in dimension 0 (100 threads in groups of 64); use a multiple of 64 such as 128" },
    FlagCase { args: &["--global_size=[64,6]", "--local_size=[64,4]"], input: CLEAN_IVL, code: 1, output: "in dimension 1" },
    FlagCase { args: &["--global_size=128"], input: CLEAN_IVL, code: 1, output: "--local_size" },
    FlagCase { args: &["--global_size=128", "--local_size=64", "--num_groups=2"], input: CLEAN_IVL, code: 1, output: "cannot be used with" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--global_offset=0"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--global_offset=[16,0]"], input: RACY_IVL, code: 1, output: "--global_offset=[16,0] has 2 dimensions but the group size has 1" },
    FlagCase { args: &["--local_size=[64,1]", "--num_groups=2", "--global_offset=[16,0]"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--global_offset=*"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--blockDim=64", "--gridDim=2", "--global_offset=0"], input: CLEAN_CU, code: 1, output: "--global_offset is OpenCL's" },
    FlagCase { args: &[], input: CLEAN_IVL, code: 1, output: "no group size: give --local_size=N (OpenCL) or --blockDim=N (CUDA)" },
    FlagCase { args: &["--local_size=64"], input: CLEAN_CL, code: 1, output: "no number of groups: give --num_groups=N (OpenCL), --gridDim=N (CUDA) or --global_size=N, or `*`" },
    FlagCase { args: &["--local_size=*", "--num_groups=*"], input: RACY_IVL, code: 6, output: "race on s[" },
    // Checking.
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--abstraction=equality"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--abstraction=adversarial"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--abstraction=auto"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--abstraction=exact"], input: CLEAN_IVL, code: 1, output: "possible values: auto, equality, adversarial" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--equality-abstraction"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--adversarial-abstraction"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--only-intra-group"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--only-divergence"], input: RACY_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--no-benign-tolerance"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--warp-sync=32"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--warp-sync=0"], input: CLEAN_IVL, code: 1, output: "--warp-sync <N>" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--findbugs"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--loop-unwind=2"], input: CLEAN_IVL, code: 0, output: "No defects found up to 2 loop iterations" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--verify"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--verify"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--verify", "--findbugs"], input: CLEAN_IVL, code: 1, output: "cannot be used with" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--check-array-bounds"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--check-array-bounds"], input: RACY_IVL, code: 1, output: "--check-array-bounds applies to .cl, .cu, .bc and .ll input" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--no-inline"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    // Inference.
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--no-infer"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--omit-infer=pow2"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--omit-infer=no_such_rule"], input: CLEAN_IVL, code: 1, output: "no_such_rule" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--infer-info"], input: CLEAN_IVL, code: 0, output: "Houdini round" },
    // Frontend.
    FlagCase { args: &["--local_size=64", "--num_groups=2", "-D", "UNUSED=1", "-I", "tests"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=bounds_local_in_range,*"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-arrays=bounds_local_in_range,128"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--kernel-arrays=k,x"], input: CLEAN_IVL, code: 1, output: "`x`" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--pointer-bitwidth=64"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--pointer-bitwidth=48"], input: CLEAN_IVL, code: 1, output: "`48` is not a pointer width: use 32 or 64" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--math-int"], input: CLEAN_CL, code: 0, output: "integer arithmetic is assumed not to overflow (--math-int)" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--math-int"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=[16,16]", "--num_groups=[8,8]"], input: "tests/kernels/opencl/infer_row_major_image.cl", code: 0, output: "row-major indices `y * w + x` with `x < w` do not wrap around (w: `width` at tests/kernels/opencl/infer_row_major_image.cl:16" },
    FlagCase { args: &["--local_size=[16,16]", "--num_groups=[8,8]", "--no-row-major-assumption", "--kernel=brighten_in_place"], input: "tests/kernels/opencl/infer_row_major_image.cl", code: 6, output: "race on img[" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--opencl"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--opencl", "--cuda"], input: CLEAN_CL, code: 1, output: "cannot be used with" },
    FlagCase { args: &["--cl-std=CL3.0"], input: CLEAN_CL, code: 1, output: "CL3.0" },
    // Solving and debugging.
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--solver=z3"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--solver=cvc5"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--solver=cvc4"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--time"], input: CLEAN_IVL, code: 0, output: "transform" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--cache=target/gpuverify-flag-case-cache"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--timeout=0"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--timeout=soon"], input: CLEAN_IVL, code: 1, output: "soon" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at=ivl"], input: RACY_IVL, code: 0, output: "procedure {:kernel}" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at=two-thread"], input: RACY_IVL, code: 0, output: "local_id_x$2" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at=vc"], input: RACY_IVL, code: 0, output: "(check-sat-assuming" },
    FlagCase { args: &["--stop-at=vc"], input: "examples/ivl/max.ivl", code: 0, output: "; verification condition of procedure `max` (2 checks)" },
    FlagCase { args: &["--stop-at=smt"], input: CLEAN_IVL, code: 1, output: "possible values: ivl, two-thread, vc" },
    // GPUVerify compatibility (docs/usage.md, src/compat in cli.rs).
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--clang-opt=-DUNUSED=1"], input: CLEAN_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--clang-opt=-std=no-such-standard"], input: CLEAN_CL, code: 2, output: "no-such-standard" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--opt-opt=-O3"], input: CLEAN_IVL, code: 0, output: "warning: --opt-opt=-O3 ignored" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--bugle-opt=-x"], input: CLEAN_IVL, code: 0, output: "warning: --bugle-opt=-x ignored" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--vcgen-opt=/noInfer"], input: CLEAN_IVL, code: 0, output: "warning: --vcgen-opt=/noInfer ignored" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--cruncher-opt=/x"], input: CLEAN_IVL, code: 0, output: "warning: --cruncher-opt=/x ignored" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--boogie-opt=/proverOpt:X"], input: CLEAN_IVL, code: 0, output: "warning: --boogie-opt=/proverOpt:X ignored" },
    FlagCase { args: &["--local_size=64", "--num_groups=16", "--boogie-file=tests/kernels/opencl/annotations/boogie_file_bijection.bpl"], input: "tests/kernels/opencl/annotations/boogie_file_bijection_missing.cl", code: 0, output: "the axioms of tests/kernels/opencl/annotations/boogie_file_bijection.bpl (--boogie-file)" },
    FlagCase { args: &["--local_size=64", "--num_groups=16", "--boogie-file=tests/data/boogie/procedure.bpl"], input: "tests/kernels/opencl/annotations/boogie_file_bijection_missing.cl", code: 4, output: "tests/data/boogie/procedure.bpl:3:1: --boogie-file takes `const`, `function` and `axiom` declarations only, not a `procedure` declaration" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--boogie-file=tests/data/boogie/no_such.bpl"], input: CLEAN_IVL, code: 1, output: "no_such.bpl" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--only-log"], input: RACY_IVL, code: 0, output: "data races not checked" },
    FlagCase { args: &["--local_size=256", "--num_groups=4", "--no-infer", "--k-induction-depth=2"], input: "tests/kernels/opencl/k_induction/tree_reduction_no_invariants.cl", code: 0, output: "loops by k-induction of depth 2" },
    FlagCase { args: &["--local_size=256", "--num_groups=4", "--k-induction-depth=0"], input: CLEAN_IVL, code: 1, output: "--k-induction-depth must be at least 1" },
    FlagCase { args: &["--local_size=256", "--num_groups=4", "--findbugs", "--k-induction-depth=1"], input: CLEAN_IVL, code: 1, output: "give one or the other" },
    FlagCase { args: &["--local_size=64", "--num_groups=4", "--invariants-as-candidates", "--infer-info"], input: "tests/kernels/opencl/access_annotations.cl", code: 0, output: "user" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--no-annotations"], input: ANNOTATED_FALSE_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--only-requires"], input: ANNOTATED_FALSE_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--no-annotations", "--only-requires"], input: ANNOTATED_FALSE_CL, code: 1, output: "cannot be used with" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--asymmetric-asserts"], input: ANNOTATED_FALSE_CL, code: 6, output: "this assertion might not hold" },
    FlagCase { args: &["--local_size=64", "--num_groups=8", "--no-barrier-access-checks"], input: "tests/kernels/opencl/annotations/barrier_invariant_reverse.cl", code: 0, output: "barrier invariants read only elements no other work item wrote since the last barrier (--no-barrier-access-checks)" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--race-instrumenter=watchdog-single"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--race-instrumenter=original"], input: CLEAN_IVL, code: 0, output: "note: --race-instrumenter=original: races are checked with this verifier's instrumentation" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--race-instrumenter=watchdog-multiple"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--race-instrumenter=bogus"], input: CLEAN_IVL, code: 1, output: "watchdog-multiple" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--verbose"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--verbos"], input: CLEAN_IVL, code: 1, output: "a similar argument exists: '--verbose'" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--silent"], input: RACY_IVL, code: 6, output: "race" },
    FlagCase { args: &["--list-intercepted"], input: CLEAN_IVL, code: 1, output: "--launches" },
    FlagCase { args: &["--verify-all-intercepted"], input: CLEAN_IVL, code: 1, output: "--launches" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--time-as-csv=run1"], input: CLEAN_IVL, code: 0, output: "run1,examples/ivl/kernel_reduction.ivl,reduce,verified," },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--error-limit=0"], input: RACY_IVL, code: 6, output: "more possible defect not shown (--error-limit=0)" },
    FlagCase { args: &["--error-limit=x"], input: CLEAN_IVL, code: 1, output: "--error-limit" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--debug"], input: CLEAN_IVL, code: 0, output: "debug: kernel `reduce`: two-thread program built in" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at-gbpl"], input: RACY_IVL, code: 0, output: "procedure {:kernel}" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at-opt"], input: RACY_IVL, code: 0, output: "procedure {:kernel}" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at-bpl"], input: RACY_IVL, code: 0, output: "local_id_x$2" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--stop-at-cbpl"], input: RACY_IVL, code: 0, output: "local_id_x$2" },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--omit-infer=loopBound,pow2,relationalPow2,accessBreak"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--omit-infer=accessBreak,accessLowerBoundBlock,accessUpperBoundBlock,accessOnlyIfEnabledInEnclosingScopes,accessValueMaintained,accessedOffsetInRangeCTimesGid,accessedOffsetInRangeCTimesLid,accessedOffsetsSatisfyPredicates,conditionsImpliedByEnabledness,conditionsImplyingEnabledness,disabledMaintainsInstrumentation,groupSharedArraysDisjointAcrossGroups,guardMinusInitialIsUniform,guardNonNeg,loopBound,loopCounterIsStrided,loopPredicateEquality,pow2,predicatedEquality,relationalPow2,sameWarpNoAccess"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--omit-infer=sameWarpNoAccess"], input: CLEAN_IVL, code: 0, output: "warning: --omit-infer=sameWarpNoAccess ignored" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--list-launches"], input: CLEAN_IVL, code: 1, output: "--launches <FILE>" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--verify-launch=1"], input: CLEAN_IVL, code: 1, output: "--launches <FILE>" },
    FlagCase { args: &["--launches=tests/data/record/tile.json"], input: CLEAN_IVL, code: 1, output: "cannot be used with" },
    // `--json`: our output format, and GPUVerify's launch-record input when the input is a `.json` file.
    FlagCase { args: &["--local_size=1024", "--num_groups=4", "--json"], input: CLEAN_IVL, code: 0, output: "\"schema_version\"" },
    FlagCase { args: &["--json", "--list-intercepted"], input: "tests/data/record/tile.json", code: 0, output: "launch 3: from_binary, global [64], local [64]" },
    FlagCase { args: &["--json", "--verify-intercepted=2"], input: "tests/data/record/tile.json", code: 0, output: "Verified for each of the 7 work-group sizes the runtime may pick" },
    FlagCase { args: &["--json", "--verify-all-intercepted"], input: "tests/data/record/tile.json", code: 6, output: "read as a record of intercepted launches (GPUVerify's meaning; the same as --launches=tests/data/record/tile.json)" },
    FlagCase { args: &["--launches=tests/data/record/tile.json", "--verify-all-intercepted"], input: "", code: 6, output: "launch 2: stage" },
    FlagCase { args: &["--json", "--local_size=64", "--verify-all-intercepted"], input: "tests/data/record/tile.json", code: 1, output: "a launch record gives each launch its sizes" },
];

/// GPUVerify's command line (its driver's flags, as GPUVerify's
/// documentation and `--help` list them) and where each is tested: `""`
/// for a case of [`FLAG_CASES`] using it, else the test function that does.
#[rustfmt::skip]
const GPUVERIFY_FLAGS: &[(&str, &str)] = &[
    ("--local_size", ""), ("--blockDim", ""), ("--num_groups", ""), ("--gridDim", ""),
    ("--global_size", ""), ("--global_offset", ""), ("--verify", ""), ("--findbugs", ""),
    ("--loop-unwind", ""), ("--check-array-bounds", ""), ("--no-benign-tolerance", ""),
    ("--only-divergence", ""), ("--only-intra-group", ""), ("--warp-sync", ""),
    ("--no-inline", ""), ("--only-log", ""), ("--asymmetric-asserts", ""), ("--math-int", ""),
    ("--pointer-bitwidth", ""), ("--race-instrumenter", ""), ("--adversarial-abstraction", ""),
    ("--equality-abstraction", ""), ("--no-annotations", ""), ("--only-requires", ""),
    ("--invariants-as-candidates", ""), ("--no-barrier-access-checks", ""), ("--no-infer", ""),
    ("--omit-infer", ""), ("--infer-info", ""), ("--k-induction-depth", ""),
    ("--kernel-args", ""), ("--kernel-arrays", ""), ("-D", ""), ("-I", ""), ("--opencl", ""),
    ("--cuda", ""), ("--boogie-file", ""), ("--solver", ""), ("--timeout", ""), ("--time", ""),
    ("--time-as-csv", ""), ("--verbose", ""), ("--silent", ""), ("--error-limit", ""),
    ("--gen-smt2", "gen_smt2_writes_the_vc_and_verifies"),
    ("--keep-temps", "keep_temps_keeps_the_ir_and_both_programs_next_to_the_input"),
    ("--debug", ""), ("--stop-at-opt", ""), ("--stop-at-gbpl", ""), ("--stop-at-bpl", ""),
    ("--stop-at-cbpl", ""), ("--clang-opt", ""), ("--opt-opt", ""), ("--bugle-opt", ""),
    ("--vcgen-opt", ""), ("--cruncher-opt", ""), ("--boogie-opt", ""),
    ("--list-intercepted", ""), ("--verify-all-intercepted", ""),
    ("--verify-intercepted", "verify_intercepted_verifies_one_recorded_launch"),
    ("--cache", ""), ("--json", ""),
];

#[test]
fn every_gpuverify_flag_has_a_test() {
    let source = std::fs::read_to_string(file!()).unwrap();
    let mut missing = Vec::new();
    for &(flag, test) in GPUVERIFY_FLAGS {
        let covered = if test.is_empty() {
            FLAG_CASES.iter().any(|c| {
                c.args
                    .iter()
                    .any(|a| *a == flag || a.strip_prefix(flag).is_some_and(|r| r.starts_with('=')))
            })
        } else {
            source.contains(&format!("fn {test}("))
        };
        if !covered {
            missing.push(flag);
        }
    }
    assert!(
        missing.is_empty(),
        "GPUVerify flags without a test: {missing:?}"
    );
}

/// GPUVerify's `--verify-intercepted=N` verifies launch N of a record alone
/// (numbered as `--list-intercepted` shows them).
#[test]
fn verify_intercepted_verifies_one_recorded_launch() {
    let run = |n: &str| {
        gpuverify()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg("--launches=tests/data/record/tile.json")
            .arg(format!("--verify-intercepted={n}"))
            .output()
            .unwrap()
    };
    let two = run("2");
    let text = String::from_utf8_lossy(&two.stdout);
    assert_eq!(two.status.code(), Some(0), "{text}{}", stderr_of(&two));
    assert!(text.contains("launch 2: stage"), "{text}");
    assert!(
        !text.contains("launch 1") && !text.contains("launch 3"),
        "{text}"
    );
    // Launch 3 has no source: refused, alone.
    let three = run("3");
    assert_eq!(three.status.code(), Some(4));
    assert!(stderr_of(&three).contains("cannot be verified"));
    assert!(!String::from_utf8_lossy(&three.stdout).contains("launch 2"));
    let zero = run("0");
    assert_eq!(zero.status.code(), Some(1));
}

/// `--keep-temps` writes the intermediate forms next to the input and
/// names each in a note.
#[test]
fn keep_temps_keeps_the_ir_and_both_programs_next_to_the_input() {
    let dir = std::env::temp_dir().join(format!("gpuverify-keep-temps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let input = dir.join("copy.cl");
    std::fs::copy(root.join(CLEAN_CL), &input).unwrap();
    let output = gpuverify()
        .args(["--local_size=64", "--num_groups=2", "--keep-temps"])
        .arg(&input)
        .output()
        .unwrap();
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    for kept in [
        "copy.ll".to_string(),
        "copy.bounds_local_in_range.ivl".to_string(),
        "copy.bounds_local_in_range.two-thread.ivl".to_string(),
    ] {
        let path = dir.join(&kept);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{kept}: {e}\n{stderr}"));
        assert!(!text.is_empty(), "{kept} is empty");
        assert!(
            stderr.contains(&format!("note: kept {}", path.display())),
            "{stderr}"
        );
    }
    assert!(
        std::fs::read_to_string(dir.join("copy.bounds_local_in_range.two-thread.ivl"))
            .unwrap()
            .contains("$2")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An annotated kernel file whose assertions do not hold (three kernels).
const ANNOTATED_FALSE_CL: &str = "tests/kernels/opencl/annotations/expressions_false.cl";
/// A race-free CUDA kernel.
const CLEAN_CU: &str = "tests/kernels/cuda/annotations/frames_and_hints.cu";

#[test]
fn every_flag_is_accepted_or_refused_as_documented() {
    check_flag_cases(FLAG_CASES);
}

/// Runs each case and fails with every mismatch listed.
fn check_flag_cases(cases: &[FlagCase]) {
    let mut failures = Vec::new();
    for case in cases {
        let output = gpuverify()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(case.args)
            .args(Some(case.input).filter(|i| !i.is_empty()))
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            stderr_of(&output)
        );
        if output.status.code() != Some(case.code) || !text.contains(case.output) {
            failures.push(format!(
                "{:?} {}: exit {:?} (expected {}), expected output containing `{}`:\n{text}",
                case.args,
                case.input,
                output.status.code(),
                case.code,
                case.output
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn help_is_grouped_like_the_design_and_has_examples() {
    let output = gpuverify().arg("--help").output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let headings = [
        "Launch:",
        "Checking:",
        "Inference:",
        "Frontend:",
        "Solving:",
        "Debugging:",
        "Simulation:",
        "Examples:",
        "Exit codes:",
    ];
    let positions: Vec<Option<usize>> = headings.iter().map(|h| text.find(h)).collect();
    assert!(positions.iter().all(Option::is_some), "{text}");
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    for flag in [
        "--local_size",
        "--blockDim",
        "--num_groups",
        "--gridDim",
        "--global_size",
        "--global_offset",
        "--abstraction",
        "--equality-abstraction",
        "--adversarial-abstraction",
        "--only-intra-group",
        "--only-divergence",
        "--no-benign-tolerance",
        "--warp-sync",
        "--findbugs",
        "--loop-unwind",
        "--verify",
        "--check-array-bounds",
        "--no-infer",
        "--omit-infer",
        "--infer-info",
        "--no-inline",
        "--kernel-args",
        "--kernel-arrays",
        "--pointer-bitwidth",
        "--math-int",
        "-D",
        "-I",
        "--opencl",
        "--cuda",
        "--solver",
        "--timeout",
        "--stop-at",
    ] {
        assert!(text.contains(flag), "--help lacks {flag}:\n{text}");
    }
    assert!(
        text.contains("gpuverify --local_size=64 --num_groups=8 kernel.cl"),
        "{text}"
    );
}

#[test]
fn cuda_override_compiles_a_cl_named_file_as_cuda() {
    let kernel = write_kernel(
        "really_cuda.cl",
        "__global__ void k(int *A) {\n  A[threadIdx.x] = 1;\n}\n",
    );
    let as_opencl = gpuverify()
        .arg("--blockDim=32")
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(
        as_opencl.status.code(),
        Some(2),
        "{}",
        stderr_of(&as_opencl)
    );
    let as_cuda = gpuverify()
        .args(["--cuda", "--blockDim=32", "--gridDim=2"])
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(as_cuda.status.code(), Some(0), "{}", stderr_of(&as_cuda));
}

// ---- Configuration errors (exit 9) ----

/// A directory of stand-ins for tools: each `(name, banner)` is a script
/// printing `banner` (as `--version` would) and nothing else.
fn fake_tools(test: &str, tools: &[(&str, &str)]) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempdir().join(format!("tools-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, banner) in tools {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\necho '{banner}'\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `gpuverify` with only `dir` on the search path (the fake tools start
/// `/bin/sh` by absolute path; tests that need the real clang link it into
/// `dir`), and the launch of the clean kernels.
fn with_path(dir: &Path) -> Command {
    let mut cmd = gpuverify();
    cmd.env("PATH", dir)
        .args(["--local_size=64", "--num_groups=2"]);
    cmd
}

fn run_config(cmd: &mut Command, input: &str) -> (Option<i32>, String) {
    let output = cmd
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg(input)
        .output()
        .unwrap();
    (output.status.code(), stderr_of(&output))
}

#[test]
fn missing_clang_is_exit_9_naming_the_package() {
    let dir = fake_tools("no-clang", &[]);
    let (code, err) = run_config(&mut with_path(&dir), CLEAN_CL);
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("`clang-14` was not found"), "{err}");
    assert!(
        err.contains("install the Debian package `clang-14`"),
        "{err}"
    );
}

#[test]
fn clang_of_another_version_is_exit_9_naming_the_package() {
    let dir = fake_tools("clang-15", &[("clang-14", "Ubuntu clang version 15.0.7")]);
    let (code, err) = run_config(&mut with_path(&dir), CLEAN_CL);
    assert_eq!(code, Some(9), "{err}");
    assert!(
        err.contains("`clang-14` is version 15.0.7, but version 14 is required; install the Debian package `clang-14`"),
        "{err}"
    );
    let dir = fake_tools(
        "clang-gcc",
        &[("clang-14", "gcc (Debian 12.2.0-14) 12.2.0")],
    );
    let (code, err) = run_config(&mut with_path(&dir), CLEAN_CL);
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("names no LLVM version"), "{err}");
}

#[test]
fn missing_or_old_opt_is_exit_9_naming_llvm_14() {
    // CI installs clang-14 (scripts/install-deps.sh): its absence is a failure.
    let clang = which("clang-14").expect("clang-14 is on PATH");
    let dir = fake_tools("no-opt", &[]);
    std::os::unix::fs::symlink(&clang, dir.join("clang-14")).unwrap();
    let (code, err) = run_config(&mut with_path(&dir), CLEAN_CL);
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("`opt-14` was not found"), "{err}");
    assert!(err.contains("`llvm-14`"), "{err}");
    let dir = fake_tools("old-opt", &[("opt-14", "LLVM version 13.0.1")]);
    std::os::unix::fs::symlink(&clang, dir.join("clang-14")).unwrap();
    let (code, err) = run_config(&mut with_path(&dir), CLEAN_CL);
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("`opt-14` is version 13.0.1"), "{err}");
}

#[test]
fn missing_or_old_cvc5_is_exit_9_naming_the_package() {
    let dir = fake_tools("no-cvc5", &[]);
    let (code, err) = run_config(with_path(&dir).arg("--solver=cvc5"), "examples/ivl/max.ivl");
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("the SMT solver `cvc5` was not found"), "{err}");
    assert!(err.contains("install the Debian package `cvc5`"), "{err}");
    let dir = fake_tools("old-cvc5", &[("cvc5", "This is cvc5 version 0.0.9")]);
    let (code, err) = run_config(with_path(&dir).arg("--solver=cvc5"), "examples/ivl/max.ivl");
    assert_eq!(code, Some(9), "{err}");
    assert!(
        err.contains(
            "the SMT solver `cvc5` is cvc5 version 0.0.9, but cvc5 1.0 or later is required"
        ),
        "{err}"
    );
    let dir = fake_tools("old-z3", &[("z3", "Z3 version 4.4.1 - 64 bit")]);
    let (code, err) = run_config(
        with_path(&dir).arg("--solver=z3-smtlib"),
        "examples/ivl/max.ivl",
    );
    assert_eq!(code, Some(9), "{err}");
    assert!(err.contains("Z3 4.8 or later is required"), "{err}");
}

/// A cvc5 that passes the version check and then dies on its first query
/// (as a crashing solver would): the run is a solver failure, exit 11,
/// never exit 6 ("a defect was found") and never verified; for a kernel
/// (racy or not) and for a sequential `.ivl` program.
#[test]
fn a_crashing_solver_is_exit_11_never_a_defect() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fake_tools("crashing-cvc5", &[]);
    let cvc5 = dir.join("cvc5");
    std::fs::write(
        &cvc5,
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'This is cvc5 version 1.0.3'; exit 0; fi\n\
         read line\necho 'Segmentation fault' >&2\nexit 139\n",
    )
    .unwrap();
    std::fs::set_permissions(&cvc5, std::fs::Permissions::from_mode(0o755)).unwrap();
    for tool in ["clang-14", "opt-14"] {
        let real = which(tool).unwrap_or_else(|_| panic!("{tool} is on PATH"));
        std::os::unix::fs::symlink(real, dir.join(tool)).unwrap();
    }
    for input in ["examples/ivl/max.ivl", CLEAN_CL, RACY_IVL] {
        let (code, err) = run_config(with_path(&dir).arg("--solver=cvc5"), input);
        assert_eq!(code, Some(11), "{input}: {err}");
        assert!(err.contains("the SMT solver cvc5 failed"), "{input}: {err}");
        solver_failure_reads_as_one(&dir, input);
    }
}

/// The text, JSON and SARIF renderings of a crashed solver's run say the
/// solver failed and never suggest a defect was found ("Not verified", a
/// defect list, a SARIF result).
fn solver_failure_reads_as_one(dir: &Path, input: &str) {
    let sarif = tempdir().join(format!("crashing-cvc5-{}.sarif", input.replace('/', "_")));
    let text = with_path(dir)
        .args(["--solver=cvc5", "--sarif"])
        .arg(&sarif)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(!stdout.contains("Not verified"), "{input}: {stdout}");
    assert!(
        !stdout.to_lowercase().contains("defect"),
        "{input}: {stdout}"
    );
    let json = with_path(dir)
        .args(["--solver=cvc5", "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg(input)
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(11));
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    for result in json["results"].as_array().unwrap() {
        assert_eq!(result["verdict"], "solver-error", "{input}: {result}");
        assert_eq!(result["exit_code"], 11, "{input}: {result}");
        assert_eq!(result["defects"].as_array().map(Vec::len), Some(0));
        let summary = result["summary"].as_str().unwrap();
        assert!(!summary.contains("Not verified"), "{input}: {summary}");
        assert!(
            summary.contains("solver") && summary.contains("failed"),
            "{summary}"
        );
    }
    let sarif: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    let run = &sarif["runs"][0];
    assert_eq!(
        run["results"].as_array().map(Vec::len),
        Some(0),
        "{input}: {run}"
    );
    let invocation = &run["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false, "{input}: {run}");
    assert_eq!(invocation["exitCode"], 11, "{input}: {run}");
    let notes = invocation["toolExecutionNotifications"].to_string();
    assert!(
        notes.contains("the SMT solver cvc5 failed"),
        "{input}: {notes}"
    );
}

/// The absolute path of `tool` on the test's own search path.
fn which(tool: &str) -> Result<PathBuf, ()> {
    let path = std::env::var_os("PATH").ok_or(())?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|candidate| candidate.is_file())
        .ok_or(())
}

/// Issue 12 §1: every numeric flag has an upper bound refused with exit 1,
/// and a launch whose ids do not fit 32 bits is refused (never proved
/// vacuously), whatever the other flags.
#[rustfmt::skip]
const BOUND_CASES: &[FlagCase] = &[
    FlagCase { args: &["--blockDim=1024", "--gridDim=4194305"], input: RACY_IVL, code: 1, output: "too large to model in dimension x: --num_groups (--gridDim) 4194305 x --local_size (--blockDim) 1024 = 4294968320 threads, above the limit 4294967295" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=4194305", "--only-divergence"], input: RACY_IVL, code: 1, output: "too large to model in dimension x" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=4194305", "--findbugs"], input: RACY_IVL, code: 1, output: "too large to model in dimension x" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=4194305", "--pointer-bitwidth=64"], input: RACY_IVL, code: 1, output: "too large to model in dimension x" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=4194305", "--simulate"], input: RACY_IVL, code: 1, output: "too large to model in dimension x" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=2", "--global_offset=4294967295"], input: RACY_IVL, code: 1, output: "+ --global_offset 4294967295 = 4294969343 threads" },
    FlagCase { args: &["--blockDim=1024", "--gridDim=*", "--global_offset=4294967295"], input: RACY_IVL, code: 1, output: "--num_groups (--gridDim) * (at least 1) x --local_size (--blockDim) 1024" },
    FlagCase { args: &["--local_size=[1,65536]", "--num_groups=[1,65536]"], input: RACY_IVL, code: 1, output: "too large to model in dimension y" },
    FlagCase { args: &["--global_size=4294968320", "--local_size=1024"], input: RACY_IVL, code: 1, output: "`4294968320` is too large: at most 4294967295" },
    FlagCase { args: &["--local_size=64", "--gridDim=1099511627776"], input: RACY_IVL, code: 1, output: "`1099511627776` is too large: at most 4294967295 (2^32 - 1)" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--global_offset=18446744073709551616"], input: RACY_IVL, code: 1, output: "is not a size" },
    // The largest launches that fit are modelled (racy still reported, clean verified).
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--global_offset=4294967167"], input: RACY_IVL, code: 6, output: "race on s[" },
    FlagCase { args: &["--local_size=1", "--num_groups=1", "--global_offset=4294967294"], input: CLEAN_IVL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=1024", "--num_groups=*"], input: CLEAN_IVL, code: 0, output: "at most 4294967295 threads, global offset included, per dimension (32-bit ids)" },
    // Numeric flags.
    FlagCase { args: &["--loop-unwind=4294967295"], input: CLEAN_IVL, code: 1, output: "4294967295 is not in 0..=1000" },
    FlagCase { args: &["--loop-unwind=1001"], input: CLEAN_IVL, code: 1, output: "1001 is not in 0..=1000" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--findbugs", "--loop-unwind=1000", "--stop-at=two-thread"], input: CLEAN_IVL, code: 0, output: "procedure" },
    FlagCase { args: &["--warp-sync=65537"], input: CLEAN_IVL, code: 1, output: "65537 is not in 1..=65536" },
    FlagCase { args: &["--timeout=604801"], input: CLEAN_IVL, code: 1, output: "604801 is not in 0..=604800" },
    FlagCase { args: &["--timeout=18446744073709551615"], input: CLEAN_IVL, code: 1, output: "is not in 0..=604800" },
    FlagCase { args: &["--jobs=1025"], input: CLEAN_IVL, code: 1, output: "1025 is not in 1..=1024" },
    FlagCase { args: &["--seed=18446744073709551616"], input: CLEAN_IVL, code: 1, output: "number too large" },
    FlagCase { args: &["--kernel-args=k,18446744073709551616"], input: CLEAN_IVL, code: 1, output: "18446744073709551616" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,-2.0f"], input: ARGS_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--kernel-args=k,1e-3x"], input: CLEAN_IVL, code: 1, output: "is not a number or `*`" },
    // Issue 12: a value wider than its parameter is refused, never truncated.
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,256"], input: ARGS_CL, code: 1, output: "value 256 for parameter `factor` of kernel `scale_rows` does not fit its type `i8` (8 bits)" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,*,65536"], input: ARGS_CL, code: 1, output: "parameter `shift` of kernel `scale_rows`" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,*,*,4294967296"], input: ARGS_CL, code: 1, output: "value 4294967296 for parameter `count`" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,1,2,3,4,5"], input: ARGS_CL, code: 1, output: "5 values given for kernel `scale_rows`, which has 4 scalar parameters" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,255,65535,4294967295,18446744073709551615"], input: ARGS_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,-128,-32768,-2147483648,-1"], input: ARGS_CL, code: 0, output: "Verified: " },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,-129"], input: ARGS_CL, code: 1, output: "value -129 for parameter `factor` of kernel `scale_rows` does not fit its type `i8` (8 bits)" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-arrays=scale_rows,4294967296"], input: ARGS_CL, code: 1, output: "4294967296 elements of 4 bytes for parameter `out`" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-arrays=scale_rows,8,8"], input: ARGS_CL, code: 1, output: "2 sizes given for kernel `scale_rows`, which has 1 pointer parameters" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--pointer-bitwidth=64", "--kernel-arrays=scale_rows,4294967296"], input: ARGS_CL, code: 0, output: "Verified: " },
    // A --kernel-args/--kernel-arrays naming no kernel of the file (a typo, a
    // stale header) would constrain nothing: refused, never dropped silently.
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_row,1"], input: ARGS_CL, code: 1, output: "--kernel-args: `scale_row` is not a kernel of tests/kernels/opencl/kernel_args_widths.cl (its kernels: scale_rows)" },
    FlagCase { args: &["--local_size=64", "--num_groups=2", "--kernel-args=scale_rows,1", "--kernel-arrays=other,8"], input: ARGS_CL, code: 1, output: "--kernel-arrays: `other` is not a kernel" },
    // Issue 12 §5: GPUVerify refuses both abstraction flags together.
    FlagCase { args: &["--equality-abstraction", "--adversarial-abstraction"], input: CLEAN_IVL, code: 1, output: "cannot be used with" },
];

#[test]
fn numeric_flags_and_launches_are_bounded() {
    check_flag_cases(BOUND_CASES);
}

/// A racy kernel under a quantified `--boogie-file` axiom: the solvers may
/// be unable to decide the race query ("incomplete quantifiers", a
/// timeout). The verdict is then inconclusive (exit 7) and names the
/// quantified axiom; a found race is exit 6; never "Verified".
#[test]
fn quantified_boogie_axiom_never_hides_a_race() {
    let output = gpuverify()
        .args([
            "--local_size=64",
            "--num_groups=16",
            "--timeout=5",
            "--boogie-file=tests/kernels/opencl/annotations/boogie_file_bijection.bpl",
            "tests/data/boogie/quantified_race.cl",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        stderr_of(&output)
    );
    match output.status.code() {
        Some(7) => assert!(text.contains("inconclusive: quantified axiom"), "{text}"),
        Some(6) => assert!(text.contains("race on out"), "{text}"),
        other => panic!("exit {other:?}, expected 6 or 7:\n{text}"),
    }
}

/// `--gen-smt2` writes each kernel's SMT-LIB2 verification condition next
/// to the input and still verifies.
#[test]
fn gen_smt2_writes_the_vc_and_verifies() {
    let dir = std::env::temp_dir().join(format!("gv-gen-smt2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kernel = dir.join("reduce.cl");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/kernels/opencl/k_induction/tree_reduction.cl"),
        &kernel,
    )
    .unwrap();
    let output = gpuverify()
        .args(["--local_size=256", "--num_groups=4", "--gen-smt2"])
        .arg(&kernel)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let smt = std::fs::read_to_string(dir.join("reduce.sum_groups.smt2")).unwrap();
    assert!(smt.contains("(check-sat"), "{smt}");
    assert!(stderr_of(&output).contains("(--gen-smt2)"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A crash of the verifier (a panic) is an internal error: exit 5 with a
/// message, never 0 and never 6 (which says a defect was found), alone or
/// in a batch with a racy file (6 then wins: that defect is real).
#[test]
fn a_crash_is_an_internal_error_never_a_defect() {
    let out = gpuverify()
        .env("GPUVERIFY_TEST_PANIC", "1")
        .args(["--local_size=64", "--num_groups=2", RACY_IVL])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{stderr}");
    assert!(
        stderr.contains("internal error: the verifier crashed"),
        "{stderr}"
    );
    // With --json, stdout is still a JSON document saying so.
    let out = gpuverify()
        .env("GPUVERIFY_TEST_PANIC", "1")
        .args(["--local_size=64", "--num_groups=2", "--json", RACY_IVL])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["error"]["exit_code"], 5, "{json}");
    assert_eq!(json["error"]["verdict"], "transform-error", "{json}");
    // A batch: each file that crashed is a result of its own, exit 5.
    let out = gpuverify()
        .env("GPUVERIFY_TEST_PANIC", "1")
        .args([
            "--local_size=64",
            "--num_groups=2",
            "--json",
            RACY_IVL,
            CLEAN_IVL,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{json}");
    for r in results {
        assert_eq!(r["exit_code"], 5, "{json}");
        assert!(r["defects"].as_array().unwrap().is_empty());
        let errors = r["errors"].to_string();
        assert!(errors.contains("internal error"), "{errors}");
    }
}

/// A race before the kernel's loop is reported by the bounded run before
/// inference (src/bounded_first.rs), and says so; its twin with the
/// barrier gets past the bounded run (which finds nothing) to the proof.
#[test]
fn a_race_before_any_loop_is_reported_before_inference() {
    let run = |file: &str| {
        gpuverify()
            .args([
                "--blockDim=64",
                "--gridDim=16",
                "--kernel-args=scaleRows,1024",
            ])
            .arg(format!("tests/kernels/cuda/{file}"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let racy = run("row_head_scale_racy.cu");
    let stdout = String::from_utf8_lossy(&racy.stdout);
    assert_eq!(racy.status.code(), Some(6), "{stdout}{}", stderr_of(&racy));
    assert!(stdout.contains("before inference"), "{stdout}");
    assert!(
        stderr_of(&racy).contains("race on head"),
        "{}",
        stderr_of(&racy)
    );
    let fixed = run("row_head_scale.cu");
    let stdout = String::from_utf8_lossy(&fixed.stdout);
    assert_eq!(
        fixed.status.code(),
        Some(0),
        "{stdout}{}",
        stderr_of(&fixed)
    );
    assert!(
        stdout.contains("Verified:") && !stdout.contains("before inference"),
        "{stdout}"
    );
}

/// The row-major no-wrap assumption is printed only when the proof needs
/// it: with the width left free it does (the same kernel is refuted
/// without it, see the flag cases), with `--kernel-args` fixing the width
/// the kernel verifies without it and the report does not mention it.
#[test]
fn row_major_assumption_is_printed_only_when_the_proof_needs_it() {
    let input = "tests/kernels/opencl/infer_row_major_image.cl";
    let run = |extra: &[&str]| {
        let output = gpuverify()
            .args([
                "--local_size=[16,16]",
                "--num_groups=[8,8]",
                "--kernel=threshold",
            ])
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg(input)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let free = run(&[]);
    assert!(free.contains("row-major indices"), "{free}");
    let fixed = run(&["--kernel-args=threshold,640,480,128"]);
    assert!(fixed.contains("Verified:"), "{fixed}");
    assert!(fixed.contains("width == 640bv32"), "{fixed}");
    assert!(!fixed.contains("row-major"), "{fixed}");
}
