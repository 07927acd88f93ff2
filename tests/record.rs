//! `gpuverify record` and `gpuverify --launches` on real programs: a C
//! host program built with `cc` against the ICD loader and a PyOpenCL
//! script, both run on pocl (OpenCL on the CPU), recorded, and their
//! launches verified (tests/data/record/). The tools are installed by
//! scripts/install-deps.sh; a missing one FAILS these tests (CI installs
//! them), it never skips them.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/record")
        .join(name)
}

fn gpuverify() -> Command {
    let mut cmd = Command::cargo_bin("gpuverify").expect("binary is built");
    cmd.env("NO_COLOR", "1");
    cmd
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuverify-record-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Fails (never skips) when a tool the tests need is missing.
fn require(path: &str, package: &str) {
    assert!(
        Path::new(path).exists(),
        "{path} is missing: install {package} (scripts/install-deps.sh does)"
    );
}

fn require_opencl() {
    require("/etc/OpenCL/vendors/pocl.icd", "pocl-opencl-icd");
    require(
        "/usr/lib/x86_64-linux-gnu/libOpenCL.so",
        "ocl-icd-opencl-dev",
    );
}

fn launches(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    match serde_json::from_str(&text).unwrap() {
        Value::Array(items) => items,
        other => panic!("not an array: {other}"),
    }
}

fn verdicts(output: &std::process::Output) -> Vec<(String, String, String)> {
    let json: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "--json output is not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    });
    json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kernel"].as_str().unwrap_or("").to_string(),
                r["verdict"].as_str().unwrap().to_string(),
                r["summary"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Builds tests/data/record/host.c with `cc`.
fn build_c_host(dir: &Path) -> PathBuf {
    require("/usr/bin/cc", "gcc");
    require("/usr/include/CL/cl.h", "opencl-c-headers");
    let exe = dir.join("host");
    let status = std::process::Command::new("cc")
        .arg("-o")
        .arg(&exe)
        .arg(data("host.c"))
        .arg("-lOpenCL")
        .status()
        .expect("cc runs");
    assert!(status.success(), "cc failed on host.c");
    exe
}

#[test]
fn c_host_program_launches_are_recorded_with_their_sizes_and_arguments() {
    require_opencl();
    let dir = scratch("c");
    let host = build_c_host(&dir);
    let out = dir.join("rec/launches.json");
    let output = gpuverify()
        .arg("record")
        .arg("-o")
        .arg(&out)
        .arg("--")
        .arg(&host)
        .arg(data("kernels.cl"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // The host's own output goes through untouched.
    assert!(String::from_utf8_lossy(&output.stdout).contains("out[3] = 7.5"));
    assert!(stderr.contains("4 launches (3 distinct)"), "{stderr}");
    let recorded = launches(&out);
    let names: Vec<&str> = recorded
        .iter()
        .map(|l| l["entry_point"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["scale", "scale", "group_sum", "shift_left"]);
    let scale = &recorded[0];
    assert_eq!(scale["language"], "OpenCL");
    assert_eq!(scale["global_size"], serde_json::json!([1024]));
    assert!(scale["local_size"].is_null(), "NULL local size: {scale}");
    assert_eq!(scale["compiler_flags"], "-D SCALE_TYPE=float");
    let args = scale["kernel_arguments"].as_array().unwrap();
    assert_eq!(args[0], serde_json::json!({"type": "array", "size": 4096}));
    // 2.5f and 1024, as the host laid them out.
    assert_eq!(args[2]["value"], "0x40200000");
    assert_eq!(args[3]["value"], "0x00000400");
    let sum = &recorded[2];
    assert_eq!(sum["local_size"], serde_json::json!([64]));
    assert_eq!(
        sum["kernel_arguments"][2],
        serde_json::json!({"type": "array", "size": 256, "address_space": "local"})
    );
    // The program source is written beside the record.
    let source = out
        .parent()
        .unwrap()
        .join(scale["kernel_file"].as_str().unwrap());
    assert!(std::fs::read_to_string(source)
        .unwrap()
        .contains("__kernel void shift_left"));

    let list = gpuverify()
        .arg(format!("--launches={}", out.display()))
        .arg("--list-launches")
        .output()
        .unwrap();
    assert_eq!(list.status.code(), Some(0));
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(
        text.contains("launch 1: scale, global [1024], local NULL (any group size) (made 2 times)"),
        "{text}"
    );
    assert!(
        text.contains("launch 3: shift_left, global [1024], local [64]"),
        "{text}"
    );
    assert!(text.contains("__local 256 bytes"), "{text}");

    // Every distinct launch verified once: the racy one reported (exit 6).
    let verify = gpuverify()
        .arg(format!("--launches={}", out.display()))
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        verify.status.code(),
        Some(6),
        "{}",
        String::from_utf8_lossy(&verify.stderr)
    );
    let v = verdicts(&verify);
    assert_eq!(v.len(), 3, "{v:?}");
    assert_eq!((v[0].0.as_str(), v[0].1.as_str()), ("scale", "verified"));
    assert!(
        v[0].2.contains("for each of the 11 work-group sizes"),
        "a NULL local size is verified for every size the runtime may pick: {}",
        v[0].2
    );
    assert_eq!(
        (v[1].0.as_str(), v[1].1.as_str()),
        ("group_sum", "verified")
    );
    assert_eq!(
        (v[2].0.as_str(), v[2].1.as_str()),
        ("shift_left", "not-verified")
    );
    assert!(v[2].2.starts_with("launch 3: shift_left"), "{}", v[2].2);
    let stderr = String::from_utf8_lossy(&verify.stderr);
    assert!(stderr.contains("race on data["), "{stderr}");

    // One launch alone.
    let one = gpuverify()
        .arg(format!("--launches={}", out.display()))
        .arg("--verify-launch=2")
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(text.contains("launch 2: group_sum"), "{text}");
    assert!(!text.contains("shift_left"), "{text}");
    let none = gpuverify()
        .arg(format!("--launches={}", out.display()))
        .arg("--verify-launch=9")
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("has 3 distinct launches"));
}

#[test]
fn pyopencl_script_launches_are_recorded_and_the_racy_one_reported() {
    require_opencl();
    require(
        "/usr/lib/python3/dist-packages/pyopencl/__init__.py",
        "python3-pyopencl",
    );
    let dir = scratch("py");
    let out = dir.join("launches.json");
    let output = gpuverify()
        .arg("record")
        .arg("-o")
        .arg(&out)
        .arg("--")
        .arg("/usr/bin/python3")
        .arg(data("host.py"))
        .arg(data("kernels.cl"))
        .env("PYOPENCL_CTX", "0")
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let recorded = launches(&out);
    assert_eq!(recorded.len(), 2, "{recorded:?}");
    assert_eq!(recorded[0]["entry_point"], "scale");
    assert!(recorded[0]["local_size"].is_null());
    assert_eq!(recorded[0]["global_size"], serde_json::json!([512]));
    // np.float32(3.0) and np.uint32(512).
    assert_eq!(recorded[0]["kernel_arguments"][2]["value"], "0x40400000");
    assert_eq!(recorded[0]["kernel_arguments"][3]["value"], "0x00000200");
    assert_eq!(recorded[1]["entry_point"], "shift_left");
    assert_eq!(recorded[1]["local_size"], serde_json::json!([32]));
    assert!(recorded[0]["compiler_flags"]
        .as_str()
        .unwrap()
        .contains("-D SCALE_TYPE=float"));

    let verify = gpuverify()
        .arg(format!("--launches={}", out.display()))
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(verify.status.code(), Some(6));
    let v = verdicts(&verify);
    assert_eq!(v[0].1, "verified", "{v:?}");
    assert_eq!(v[1].1, "not-verified", "{v:?}");
    assert!(v[1]
        .2
        .starts_with("launch 2: shift_left, global [512], local [32]"));
}

#[test]
fn a_null_local_size_is_verified_for_every_group_size_the_runtime_may_pick() {
    // tile.cl races only in groups of more than 64 work-items.
    let output = gpuverify()
        .arg(format!("--launches={}", data("tile.json").display()))
        .arg("--json")
        .output()
        .unwrap();
    let v = verdicts(&output);
    assert_eq!(v.len(), 3, "{v:?}");
    assert_eq!(v[0].1, "not-verified", "{v:?}");
    assert!(
        v[0].2.contains("with local size [128]"),
        "the first racy size is named: {}",
        v[0].2
    );
    // The device allowed at most 64: every size it may pick is safe.
    assert_eq!(v[1].1, "verified", "{v:?}");
    assert!(
        v[1].2.contains("each of the 7 work-group sizes"),
        "{}",
        v[1].2
    );
    // A program built from a binary has no source to verify.
    assert_eq!(v[2].1, "unsupported", "{v:?}");
    assert_eq!(output.status.code(), Some(6));
}

#[test]
fn recorded_buffer_and_local_sizes_bound_the_arrays_under_check_array_bounds() {
    // shifted.cl writes out[i + 1] and scratch[local id]: launch 1's `out`
    // has one float too few, launch 2's is large enough, launch 3's
    // `__local` scratch is half the work-group.
    let output = gpuverify()
        .arg(format!("--launches={}", data("shifted.json").display()))
        .arg("--check-array-bounds")
        .arg("--json")
        .output()
        .unwrap();
    let v = verdicts(&output);
    assert_eq!(v.len(), 3, "{v:?}");
    assert_eq!(v[0].1, "not-verified", "{v:?}");
    assert_eq!(v[1].1, "verified", "{v:?}");
    assert_eq!(v[2].1, "not-verified", "{v:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("out-of-bounds access on out["), "{text}");
    assert!(text.contains("out-of-bounds access on scratch["), "{text}");
    // Without the flag the sizes check nothing: every launch verifies.
    let unchecked = gpuverify()
        .arg(format!("--launches={}", data("shifted.json").display()))
        .output()
        .unwrap();
    assert_eq!(unchecked.status.code(), Some(0));
}

#[test]
fn a_malformed_record_is_a_command_line_error() {
    let dir = scratch("bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "[{\"entry_point\": \"k\"}]").unwrap();
    let output = gpuverify()
        .arg(format!("--launches={}", bad.display()))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("launch 1 of the file: no `global_size`")
    );
    let both = gpuverify()
        .arg(format!("--launches={}", bad.display()))
        .arg("--local_size=64")
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(1), "sizes come from the record");
}

#[test]
fn record_without_a_program_is_a_command_line_error() {
    let output = gpuverify().arg("record").output().unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_missing_recorder_is_exit_9_and_a_missing_program_exit_1() {
    let dir = scratch("missing");
    let output = gpuverify()
        .arg("record")
        .arg("-o")
        .arg(dir.join("l.json"))
        .arg("--")
        .arg("/bin/true")
        .env("GPUVERIFY_INTERCEPT_LIB", dir.join("nowhere.so"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(9));
    assert!(String::from_utf8_lossy(&output.stderr).contains("GPUVERIFY_INTERCEPT_LIB"));
    let output = gpuverify()
        .arg("record")
        .arg("-o")
        .arg(dir.join("l.json"))
        .arg("--")
        .arg(dir.join("no-such-program"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot run"));
}

#[test]
fn a_program_without_launches_gets_a_warning_and_its_exit_status() {
    let dir = scratch("none");
    let out = dir.join("l.json");
    let output = gpuverify()
        .arg("record")
        .arg("-o")
        .arg(&out)
        .arg("--")
        .arg("/bin/sh")
        .arg("-c")
        .arg("exit 3")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "the program's status");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no kernel launch was recorded"), "{stderr}");
    assert_eq!(launches(&out).len(), 0);
}
