//! Counterexample confirmation (`src/replay.rs`): a reported race or
//! barrier divergence is replayed in the interpreter with the
//! counterexample's launch and arguments, and the JSON and text reports say
//! whether the execution showed it. The kernels are in tests/data/replay/.

use serde_json::Value;
use std::process::Command;

/// `(exit code, the JSON document, stderr)` of a `--json` run.
fn run(kernel: &str, flags: &[&str]) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpuverify"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(flags)
        .arg("--json")
        .arg(format!("tests/data/replay/{kernel}"))
        .output()
        .expect("the binary runs");
    let json: Value = serde_json::from_slice(&out.stdout).expect("--json prints JSON");
    (
        out.status.code().unwrap_or(-1),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `replay` object of the only defect of the only result.
fn replay(json: &Value) -> &Value {
    let defects = json["results"][0]["defects"]
        .as_array()
        .expect("a defects array");
    assert_eq!(defects.len(), 1, "one defect expected: {json}");
    &defects[0]["replay"]
}

#[test]
fn a_race_that_needs_the_models_argument_is_confirmed() {
    let (code, json, stderr) = run("argument_race.cl", &["--local_size=32", "--num_groups=2"]);
    assert_eq!(code, 6);
    let r = replay(&json);
    assert_eq!(r["confirmed"], Value::Bool(true), "{json}");
    assert!(stderr.contains("note: confirmed by execution"), "{stderr}");
    let arguments = &json["results"][0]["defects"][0]["arguments"];
    assert!(
        arguments.to_string().contains("1234"),
        "the counterexample's n: {arguments}"
    );
}

#[test]
fn a_false_alarm_of_the_abstraction_is_not_confirmed() {
    let (code, json, stderr) = run(
        "abstraction_race.cl",
        &[
            "--local_size=32",
            "--num_groups=1",
            "--adversarial-abstraction",
        ],
    );
    assert_eq!(code, 6, "the report stands: {stderr}");
    let r = replay(&json);
    assert_eq!(r["confirmed"], Value::Bool(false), "{json}");
    assert!(
        r["detail"]
            .as_str()
            .unwrap()
            .starts_with("not reproduced by execution"),
        "{json}"
    );
    // With the equality abstraction there is nothing to report.
    let (code, _, stderr) = run(
        "abstraction_race.cl",
        &["--local_size=32", "--num_groups=1"],
    );
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn barrier_divergence_is_confirmed() {
    let (code, json, _) = run("divergence.cl", &["--local_size=32", "--num_groups=2"]);
    assert_eq!(code, 6);
    assert_eq!(replay(&json)["confirmed"], Value::Bool(true), "{json}");
}

#[test]
fn large_or_open_launches_are_not_replayed() {
    // 65,536 threads: too many to run.
    let (code, json, stderr) = run(
        "argument_race.cl",
        &["--local_size=64", "--num_groups=1024"],
    );
    assert_eq!(code, 6);
    assert_eq!(replay(&json), &Value::Null, "{json}");
    assert!(!stderr.contains("note:"), "{stderr}");
    // Sizes left open: the model picks them (any size can race), but they
    // may be huge; then nothing is replayed, and the verdict is unchanged.
    let (code, _, _) = run("argument_race.cl", &["--local_size=*", "--num_groups=*"]);
    assert_eq!(code, 6);
}

#[test]
fn get_work_dim_is_the_dimensions_of_the_flags_in_the_replay_too() {
    // Two-dimensional flags whose second sizes are 1: `get_work_dim()` is
    // 2 for the verifier, and the replay must run it with 2 as well.
    let (code, json, stderr) = run(
        "work_dim_race.cl",
        &["--local_size=32,1", "--num_groups=2,1"],
    );
    assert_eq!(code, 6, "{stderr}");
    let r = replay(&json);
    assert_eq!(r["confirmed"], Value::Bool(true), "{json}");
    // One-dimensional flags: get_work_dim() is 1, the write never runs.
    let (code, _, stderr) = run("work_dim_race.cl", &["--local_size=32", "--num_groups=2"]);
    assert_eq!(code, 0, "{stderr}");
}

/// The detail of a replay that could not run: names the construct.
fn not_replayed(json: &Value) -> String {
    let r = replay(json);
    assert_eq!(r["confirmed"], Value::Bool(false), "{json}");
    let detail = r["detail"].as_str().expect("a detail").to_string();
    assert!(detail.starts_with("not replayed: "), "{detail}");
    detail
}

#[test]
fn shuffles_votes_and_matches_replay_over_the_warp() {
    for kernel in [
        "shuffleRace",
        "ballotRace",
        "broadcastIndexRace",
        "matchSlotRace",
    ] {
        let (code, json, stderr) = run(
            "warp_ops_race.cu",
            &[
                "--blockDim=64",
                "--gridDim=1",
                &format!("--kernel={kernel}"),
            ],
        );
        assert_eq!(code, 6, "{kernel}: {stderr}");
        let r = replay(&json);
        let detail = r["detail"].as_str().expect("a detail");
        // Executed (never "cannot simulate"); the first two races are
        // reproduced as reported (the others' reported element may be one
        // the exact shuffle never produces: another race is met first).
        assert!(!detail.starts_with("not replayed"), "{kernel}: {detail}");
        if ["shuffleRace", "ballotRace", "matchSlotRace"].contains(&kernel) {
            assert_eq!(r["confirmed"], Value::Bool(true), "{kernel}: {json}");
        }
        assert!(
            !stderr.contains("warp-level operation"),
            "{kernel}: {stderr}"
        );
    }
}

#[test]
fn grid_barriers_are_not_replayed() {
    let (code, json, stderr) = run("grid_sync_race.cu", &["--blockDim=32", "--gridDim=2"]);
    assert_eq!(code, 6, "{stderr}");
    assert!(not_replayed(&json).contains("grid-wide barrier"), "{json}");
}

#[test]
fn divergence_at_a_narrow_tile_sync_is_located_at_the_call_and_replayed() {
    let (code, json, stderr) = run("tile_sync_divergence.cu", &["--blockDim=64", "--gridDim=1"]);
    assert_eq!(code, 6, "{stderr}");
    assert!(
        stderr.contains("tile_sync_divergence.cu:11:10: error: barrier may be reached"),
        "{stderr}"
    );
    assert!(!stderr.contains("cooperative_groups.h"), "{stderr}");
    // The tile's lanes run in lock step: the divergence is reproduced.
    let r = replay(&json);
    assert_eq!(r["confirmed"], Value::Bool(true), "{json}");
}
