//! The output formats of the real binary: text reports (snapshots),
//! `--json` (validated against docs/report.schema.json), `--sarif`
//! (validated against the SARIF 2.1.0 schema), `--time`, and batch runs
//! (directories, globs, `-j`, summary, exit code = worst outcome).
//!
//! Snapshots: each kernel of `tests/snapshots/kernels/` (header line 1
//! the expected verdict, line 2 the flags, like the corpus) is run from
//! that directory; its exit code, stdout and stderr must equal
//! `tests/snapshots/<file>.txt`. `UPDATE_EXPECT=1 cargo test --test
//! reports` rewrites the snapshots. The kernels are written so that the
//! counterexample's threads and elements are forced (one pair of threads
//! can race), so the snapshots do not depend on the solver's choices.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn snapshot_kernels() -> PathBuf {
    root().join("tests/snapshots/kernels")
}

fn gpuverify(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuverify"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Header line 1 (expected exit code) and line 2 (flags) of a kernel.
fn header(path: &Path) -> (i32, Vec<String>) {
    let source = std::fs::read_to_string(path).expect("readable kernel");
    let mut lines = source.lines();
    let code = match lines.next().unwrap_or("").trim_start_matches("//").trim() {
        "pass" => 0,
        "xfail:COMMAND_LINE_ERROR" => 1,
        "xfail:CLANG_ERROR" => 2,
        "xfail:UNSUPPORTED" => 4,
        "xfail:NOT_ALL_VERIFIED" => 6,
        other => panic!("{}: unknown header `{other}`", path.display()),
    };
    let flags = lines
        .next()
        .unwrap_or("")
        .trim_start_matches("//")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (code, flags)
}

fn kernel_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(snapshot_kernels())
        .expect("snapshot kernels")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn text_reports_match_their_snapshots() {
    let bless = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let files = kernel_files();
    assert!(files.len() >= 12, "a dozen snapshot kernels");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (code, flags) = header(&path);
        let mut args: Vec<&str> = flags.iter().map(String::as_str).collect();
        args.push(&name);
        let out = gpuverify(&snapshot_kernels(), &args);
        let got_code = out.status.code().unwrap_or(-1);
        if got_code != code {
            failures.push(format!("{name}: exit {got_code}, the header says {code}"));
        }
        let actual = format!(
            "$ gpuverify {}\nexit: {got_code}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            text(&out.stdout),
            text(&out.stderr)
        );
        let snapshot = root().join("tests/snapshots").join(format!("{name}.txt"));
        if bless {
            std::fs::write(&snapshot, &actual).expect("write the snapshot");
            continue;
        }
        let expected = std::fs::read_to_string(&snapshot).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "{name}: the output differs from {} (UPDATE_EXPECT=1 rewrites it)\n--- expected\n{expected}--- actual\n{actual}",
                snapshot.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn validator(schema_path: &Path) -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).expect("schema file"))
            .expect("the schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("a valid schema")
}

fn assert_valid(validator: &jsonschema::Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} is not valid:\n{}",
        errors.join("\n")
    );
}

/// A unique scratch directory for one test.
/// One run with `--json` and `--sarif`: its exit code and both documents,
/// each validated against its schema.
fn json_and_sarif(dir: &Path, args: &[&str]) -> (Option<i32>, Value, Value) {
    let sarif_path = dir.join("out.sarif");
    let sarif_arg = format!("--sarif={}", sarif_path.display());
    let mut all = args.to_vec();
    all.extend(["--json", sarif_arg.as_str()]);
    let out = gpuverify(dir, &all);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON document ({e}): {}",
            text(&out.stderr)
        )
    });
    assert_valid(
        &validator(&root().join("docs/report.schema.json")),
        &json,
        "the --json output",
    );
    let sarif: Value = serde_json::from_str(&std::fs::read_to_string(&sarif_path).expect("sarif"))
        .expect("SARIF is JSON");
    assert_valid(
        &validator(&root().join("tests/data/sarif-schema-2.1.0.json")),
        &sarif,
        "the SARIF log",
    );
    (out.status.code(), json, sarif)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpuverify-reports-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The mix of verdicts of the JSON and SARIF tests: all run with two
/// work items in one group.
const MIX: &[(&str, &str)] = &[
    ("abs_overflow.ivl", "not-verified"),
    ("assertion.cl", "not-verified"),
    ("atomic_then_read.cl", "not-verified"),
    ("byte_race.cu", "not-verified"),
    ("clang_error.cl", "clang-error"),
    ("divergent_barrier.cl", "not-verified"),
    ("inter_block.cu", "verified"),
    ("null_pointer.cl", "not-verified"),
    ("read_write_pair.cl", "not-verified"),
    ("scalar_argument.cl", "not-verified"),
    ("verified_tile.cl", "verified"),
];

#[test]
fn json_and_sarif_of_a_batch_validate_against_their_schemas() {
    let dir = scratch("json");
    let sarif_path = dir.join("out.sarif");
    let sarif_arg = format!("--sarif={}", sarif_path.display());
    let mut args = vec![
        "--local_size=2",
        "--num_groups=1",
        "--json",
        "-j",
        "2",
        sarif_arg.as_str(),
    ];
    args.extend(MIX.iter().map(|(file, _)| *file));
    let out = gpuverify(&snapshot_kernels(), &args);
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON document");
    assert_valid(
        &validator(&root().join("docs/report.schema.json")),
        &json,
        "the --json output",
    );

    let results = json["results"].as_array().expect("results");
    assert_eq!(results.len(), MIX.len(), "one result per kernel");
    for ((file, verdict), result) in MIX.iter().zip(results) {
        assert_eq!(result["file"], *file, "results come in input order");
        assert_eq!(result["verdict"], *verdict, "{file}");
    }
    let by_file = |file: &str| results.iter().find(|r| r["file"] == file).expect(file);

    // A race: both accesses, their threads and locations.
    let race = &by_file("read_write_pair.cl")["defects"][0];
    assert_eq!(race["kind"], "race");
    assert_eq!(race["array"], "A");
    assert_eq!(race["element"], 1);
    for access in [&race["access"], &race["other_access"]] {
        assert_eq!(access["location"]["line"], 8);
        assert_eq!(access["location"]["source_line"], "A[lid] = A[lid + 1];");
    }
    let mut pair: Vec<&Value> = vec![
        &race["access"]["thread"]["local"][0],
        &race["other_access"]["thread"]["local"][0],
    ];
    pair.sort_by_key(|v| v.as_u64());
    assert_eq!(pair, [&Value::from(0), &Value::from(1)]);
    // The byte of a sub-element race.
    let byte = &by_file("byte_race.cu")["defects"][0];
    assert_eq!(
        (&byte["element"], &byte["byte"]),
        (&Value::from(1), &Value::from(2))
    );
    // The counterexample's scalar argument.
    let args = &by_file("scalar_argument.cl")["defects"][0]["arguments"];
    assert_eq!(args[0]["name"], "n");
    assert_eq!(args[0]["value"], "5");
    // A success lists what it proved and assumed.
    let verified = by_file("verified_tile.cl");
    assert_eq!(verified["proved"][0], "no data races");
    assert_eq!(
        verified["assumptions"]["local_size"],
        serde_json::json!([2, 1, 1])
    );
    assert_eq!(
        verified["assumptions"]["non_aliasing"],
        serde_json::json!(["in", "out"])
    );
    // A clang error is a result without kernel, with the error text.
    let clang = by_file("clang_error.cl");
    assert!(clang["kernel"].is_null());
    assert!(clang["errors"][0]
        .as_str()
        .unwrap()
        .contains("expected expression"));

    // The SARIF log.
    let sarif: Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif_path).expect("the SARIF file"))
            .expect("the SARIF file is JSON");
    assert_valid(
        &validator(&root().join("tests/data/sarif-schema-2.1.0.json")),
        &sarif,
        "the SARIF log",
    );
    let run = &sarif["runs"][0];
    let sarif_results = run["results"].as_array().expect("results");
    let n_defects: usize = results
        .iter()
        .map(|r| r["defects"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        sarif_results.len(),
        n_defects,
        "one SARIF result per defect"
    );
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for r in sarif_results {
        let rule = r["ruleId"].as_str().unwrap();
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index], rule);
        assert_eq!(r["level"], "error");
    }
    let race = sarif_results
        .iter()
        .find(|r| r["properties"]["file"] == "read_write_pair.cl")
        .expect("the race");
    assert!(race["ruleId"].as_str().unwrap().ends_with("-race"));
    let region = &race["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 8);
    assert_eq!(
        race["relatedLocations"][0]["physicalLocation"]["region"]["startLine"],
        8
    );
    assert_code_scanning_subset(&sarif);
    let invocation = &run["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false, "a clang error");
    assert_eq!(invocation["exitCode"], 6);
    let _ = std::fs::remove_dir_all(&dir);
}

fn copy_kernel(name: &str, to: &Path) {
    std::fs::copy(snapshot_kernels().join(name), to.join(name)).expect("copy");
}

#[test]
fn a_batch_reports_every_kernel_and_exits_with_the_worst_outcome() {
    let dir = scratch("batch");
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    copy_kernel("verified_tile.cl", &dir);
    copy_kernel("clang_error.cl", &dir);
    copy_kernel("read_write_pair.cl", &dir.join("nested"));
    std::fs::write(dir.join("notes.txt"), "not a kernel").unwrap();

    // A directory, searched recursively.
    let out = gpuverify(&dir, &["--local_size=2", "--num_groups=1", "."]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(6), "{stdout}{stderr}");
    let summary = stdout.split("Summary:").nth(1).expect("a summary table");
    let rows: Vec<&str> = summary.lines().filter(|l| l.starts_with("./")).collect();
    assert_eq!(rows.len(), 3, "{summary}");
    assert!(rows[0].starts_with("./clang_error.cl") && rows[0].contains("clang-error"));
    assert!(rows[1].contains("read_write_pair") && rows[1].contains("not-verified"));
    assert!(rows[2].contains("verified_tile") && rows[2].contains(" verified "));
    assert!(summary.contains("3 files"), "{summary}");
    assert!(summary.contains("exit code 6 (not-verified)"), "{summary}");
    // Plain progress lines (stderr is not a terminal), one per file.
    let progress: Vec<&str> = stderr.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(progress.len(), 3, "{stderr}");
    assert!(progress[2].starts_with("[3/3] "));
    // Each file's report is whole: the race's header and both accesses
    // are consecutive lines.
    let race_at = stderr
        .find("possible read-write race")
        .or(stderr.find("possible write-read race"));
    let race_text = &stderr[race_at.expect("the race report")..];
    let next: Vec<&str> = race_text.lines().take(6).collect();
    assert!(next[2].contains(" by work item "), "{race_text}");
    assert!(next[4].contains(" by work item "), "{race_text}");

    // A glob (quoted: the binary expands it) without the racy file: the
    // worst outcome is then the clang error.
    let out = gpuverify(
        &dir,
        &["--local_size=2", "--num_groups=1", "-j", "1", "*.cl"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("2 files"));

    // A glob that matches nothing is a command-line error.
    let out = gpuverify(&dir, &["--local_size=2", "*.cu"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no file matches"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_single_file_prints_no_summary_and_time_prints_a_table() {
    let out = gpuverify(
        &snapshot_kernels(),
        &[
            "--local_size=2",
            "--num_groups=1",
            "--no-infer",
            "--time",
            "invariants.cl",
        ],
    );
    assert_eq!(out.status.code(), Some(6));
    assert!(!text(&out.stdout).contains("Summary"));
    let stderr = text(&out.stderr);
    let table = stderr.split("Times (ms):\n").nth(1).expect("a time table");
    let lines: Vec<&str> = table.lines().collect();
    let columns: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        columns,
        [
            "kernel",
            "frontend",
            "transform",
            "vc",
            "inference",
            "rounds",
            "solving",
            "total"
        ]
    );
    // One row per kernel: its name, then seven numbers; under it, the
    // time of each transform pass, in the order they ran.
    let passes: Vec<&str> = transform::Pass::ALL.iter().map(|p| p.name()).collect();
    for (k, kernel) in ["invariant_entry", "invariant_maintained"]
        .iter()
        .enumerate()
    {
        let row = lines[1 + 2 * k];
        assert!(row.contains(&format!("(kernel `{kernel}`)")), "{row}");
        let numbers: Vec<f64> = row
            .rsplit(')')
            .next()
            .unwrap()
            .split_whitespace()
            .map(|x| x.parse().expect("a number"))
            .collect();
        assert_eq!(numbers.len(), 7, "{row}");
        assert!(
            numbers[6] >= numbers[0],
            "the total includes the frontend: {row}"
        );
        let pass_line = lines[2 + 2 * k]
            .strip_prefix("    transform passes: ")
            .unwrap_or_else(|| panic!("a pass line under {row}:\n{table}"));
        let timed: Vec<(&str, f64)> = pass_line
            .split(", ")
            .map(|p| {
                let (name, ms) = p.split_once(' ').expect("`name ms`");
                (name, ms.parse().expect("a number"))
            })
            .collect();
        let names: Vec<&str> = timed.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, passes, "{pass_line}");
        // Each figure is rounded to 0.1 ms: the sum of twelve may exceed
        // the (rounded) transform time by at most 12 * 0.05 ms.
        let sum: f64 = timed.iter().map(|(_, ms)| ms).sum();
        assert!(sum <= numbers[1] + 0.6, "passes {sum} ms within {row}");
    }
    assert_eq!(lines.len(), 5, "{table}");

    // The same figures as CSV: the columns of `timing::csv_columns`, the
    // passes last, summing to at most the transform time.
    let out = gpuverify(
        &snapshot_kernels(),
        &[
            "--local_size=2",
            "--num_groups=1",
            "--no-infer",
            "--time-as-csv=run",
            "invariants.cl",
        ],
    );
    let columns = gpuverify::timing::csv_columns();
    let stdout = text(&out.stdout);
    let csv: Vec<&str> = stdout.lines().filter(|l| l.starts_with("run,")).collect();
    assert_eq!(csv.len(), 2, "{stdout}");
    for line in csv {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), columns.len(), "{line}");
        let transform: f64 = fields[5].parse().unwrap();
        let sum: f64 = fields[10..].iter().map(|f| f.parse::<f64>().unwrap()).sum();
        assert!(sum > 0.0 && sum <= transform + 0.0006, "{line}");
    }
}

#[test]
fn bad_output_options_are_command_line_errors() {
    let dir = snapshot_kernels();
    // No worker count of zero.
    let out = gpuverify(&dir, &["-j", "0", "assertion.cl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("-j"), "{}", text(&out.stderr));
    // JSON on stdout cannot share it with a program dump.
    let out = gpuverify(&dir, &["--json", "--stop-at=ivl", "assertion.cl"]);
    assert_eq!(out.status.code(), Some(1));
    // An unwritable SARIF file is reported, and a success becomes exit 1.
    let out = gpuverify(
        &dir,
        &[
            "--local_size=2",
            "--num_groups=1",
            "--sarif=/nonexistent-directory/out.sarif",
            "verified_tile.cl",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot write the SARIF file"));
    assert!(text(&out.stdout).starts_with("Verified: verified_tile.cl"));
}

/// What code-scanning services (GitHub's upload documentation) require
/// beyond the schema: one run, the driver's name, version and rules with
/// short descriptions and help, and per result a rule id, a message, a
/// fingerprint and a location with a URI (relative ones based on
/// `%SRCROOT%`) and a start line.
fn assert_code_scanning_subset(sarif: &Value) {
    assert_eq!(sarif["version"], "2.1.0");
    let runs = sarif["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1, "one run per invocation");
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "gpuverify");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(driver["informationUri"]
        .as_str()
        .is_some_and(|u| u.contains("://")));
    for rule in driver["rules"].as_array().expect("rules") {
        assert!(rule["shortDescription"]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
        assert!(
            rule["help"]["text"].as_str().is_some_and(|t| t.len() > 20),
            "{rule}"
        );
    }
    let srcroot = &runs[0]["originalUriBaseIds"]["%SRCROOT%"]["uri"];
    assert!(srcroot
        .as_str()
        .is_some_and(|u| u.starts_with("file:///") && u.ends_with('/')));
    for r in runs[0]["results"].as_array().expect("results") {
        assert!(r["ruleId"].is_string() && r["message"]["text"].is_string());
        let fingerprint = r["partialFingerprints"]["gpuverifyDefect/v1"].as_str();
        assert_eq!(fingerprint.map(str::len), Some(32), "{r}");
        let location = &r["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().expect("a uri");
        assert!(!uri.starts_with("./"), "{uri}");
        if !uri.starts_with("file://") {
            assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        }
        assert!(location["region"]["startLine"]
            .as_u64()
            .is_some_and(|l| l >= 1));
    }
}

/// The SARIF results of one run of `args` in `dir`.
fn sarif_results(dir: &Path, args: &[&str]) -> Vec<Value> {
    let path = dir.join("run.sarif");
    let sarif_arg = format!("--sarif={}", path.display());
    let mut all = vec![sarif_arg.as_str()];
    all.extend(args);
    let out = gpuverify(dir, &all);
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
    let sarif: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the SARIF file")).unwrap();
    sarif["runs"][0]["results"].as_array().unwrap().clone()
}

#[test]
fn sarif_fingerprints_survive_moved_lines_and_tell_defects_apart() {
    let dir = scratch("fingerprints");
    copy_kernel("read_write_pair.cl", &dir);
    copy_kernel("write_write_2d.cl", &dir);
    let flags = ["--local_size=2", "--num_groups=1"];
    let fingerprints = |results: &[Value]| -> Vec<String> {
        results
            .iter()
            .map(|r| {
                r["partialFingerprints"]["gpuverifyDefect/v1"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    let mut args = flags.to_vec();
    args.push("read_write_pair.cl");
    let before = sarif_results(&dir, &args);
    // The same defect three lines further down.
    let source = std::fs::read_to_string(dir.join("read_write_pair.cl")).unwrap();
    let (head, tail) = source.split_at(source.find('\n').unwrap() + 1);
    let (flag_line, rest) = tail.split_at(tail.find('\n').unwrap() + 1);
    std::fs::write(
        dir.join("read_write_pair.cl"),
        format!("{head}{flag_line}// moved\n\n\n{rest}"),
    )
    .unwrap();
    let after = sarif_results(&dir, &args);
    let line = |r: &Value| r["locations"][0]["physicalLocation"]["region"]["startLine"].clone();
    assert_eq!(
        line(&after[0]),
        Value::from(line(&before[0]).as_u64().unwrap() + 3)
    );
    assert_eq!(fingerprints(&before), fingerprints(&after));
    // Another defect has another fingerprint.
    let other = sarif_results(
        &dir,
        &[
            "--local_size=[2,2]",
            "--num_groups=[1,2]",
            "--no-benign-tolerance",
            "write_write_2d.cl",
        ],
    );
    assert!(!fingerprints(&other).contains(&fingerprints(&before)[0]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The files a `--shard` run verified, from its progress lines.
fn shard_files(dir: &Path, shard: &str) -> Vec<String> {
    let shard_arg = format!("--shard={shard}");
    let out = gpuverify(dir, &["--stop-at=ivl", "-j", "2", &shard_arg, "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stderr)
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| {
            l.split_once("] ")
                .unwrap()
                .1
                .rsplit_once(": ")
                .unwrap()
                .0
                .to_string()
        })
        .collect()
}

#[test]
fn shards_cover_the_inputs_exactly_once() {
    let dir = root().join("examples/ivl");
    let all = shard_files(&dir, "1/1");
    assert!(all.len() >= 10, "{all:?}");
    for n in [2, 3, 5] {
        let mut union: Vec<String> = Vec::new();
        for k in 1..=n {
            let part = shard_files(&dir, &format!("{k}/{n}"));
            assert!(
                part.len() >= all.len() / n,
                "shard {k}/{n} is balanced: {part:?}"
            );
            assert_eq!(
                part,
                shard_files(&dir, &format!("{k}/{n}")),
                "deterministic"
            );
            union.extend(part);
        }
        union.sort();
        let mut expected = all.clone();
        expected.sort();
        assert_eq!(union, expected, "the {n} shards partition the inputs");
    }
    for bad in ["0/2", "3/2", "2", "a/b"] {
        let out = gpuverify(&dir, &[&format!("--shard={bad}"), "."]);
        assert_eq!(out.status.code(), Some(1), "--shard={bad}");
    }
}

#[test]
fn a_cached_rerun_reuses_results_and_distrusts_bad_entries() {
    let dir = scratch("cache");
    copy_kernel("read_write_pair.cl", &dir);
    copy_kernel("verified_tile.cl", &dir);
    let cache = dir.join("cache");
    let cache_arg = format!("--cache-dir={}", cache.display());
    let args = [
        "--local_size=2",
        "--num_groups=1",
        "--json",
        cache_arg.as_str(),
        "read_write_pair.cl",
        "verified_tile.cl",
    ];
    let verdicts = |out: &Output| -> Vec<Value> {
        let json: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        json["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| serde_json::json!([r["verdict"], r["defects"], r["proved"]]))
            .collect()
    };
    let first = gpuverify(&dir, &args);
    assert_eq!(first.status.code(), Some(6));
    assert!(!text(&first.stderr).contains("from the cache"));
    let entries = || -> Vec<PathBuf> {
        let mut e: Vec<PathBuf> = std::fs::read_dir(&cache)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        e.sort();
        e
    };
    assert_eq!(entries().len(), 2, "one entry per file");

    let second = gpuverify(&dir, &args);
    assert_eq!(second.status.code(), Some(6));
    assert_eq!(
        text(&second.stderr)
            .matches("reused from the cache")
            .count(),
        2
    );
    assert_eq!(verdicts(&first), verdicts(&second));

    // A corrupt entry and an entry written for other flags (the swapped
    // files stand for a foreign entry) are ignored, never trusted.
    let e = entries();
    let racy_entry = std::fs::read(&e[0]).unwrap();
    std::fs::write(&e[0], std::fs::read(&e[1]).unwrap()).unwrap();
    std::fs::write(&e[1], "{ truncated").unwrap();
    let third = gpuverify(&dir, &args);
    let stderr = text(&third.stderr);
    assert_eq!(
        stderr.matches("ignoring the cache entry").count(),
        2,
        "{stderr}"
    );
    assert!(!stderr.contains("reused from the cache"), "{stderr}");
    assert_eq!(verdicts(&first), verdicts(&third));
    assert_eq!(third.status.code(), Some(6));
    drop(racy_entry);

    // An edited source or other flags miss the cache.
    let source = std::fs::read_to_string(dir.join("verified_tile.cl")).unwrap();
    std::fs::write(
        dir.join("verified_tile.cl"),
        format!("{source}\nint unused_global_marker;\n"),
    )
    .unwrap();
    let fourth = gpuverify(&dir, &args);
    assert_eq!(
        text(&fourth.stderr)
            .matches("reused from the cache")
            .count(),
        1
    );
    let mut other = args.to_vec();
    other[0] = "--local_size=4";
    let fifth = gpuverify(&dir, &other);
    assert!(!text(&fifth.stderr).contains("reused from the cache"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cached_rerun_skips_clang_until_an_included_header_changes() {
    let dir = scratch("cache-index");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/step.h"), "#define STEP 1\n").unwrap();
    std::fs::write(
        dir.join("copy.cl"),
        "#include \"step.h\"\n__kernel void copy(__global int *a) {\n  \
         size_t i = get_global_id(0);\n  a[i * STEP] = (int)i;\n}\n",
    )
    .unwrap();
    let cache = dir.join("cache");
    let cache_arg = format!("--cache-dir={}", cache.display());
    let args = [
        "--local_size=4",
        "--num_groups=2",
        "-I",
        "inc",
        cache_arg.as_str(),
        "copy.cl",
    ];
    let first = gpuverify(&dir, &args);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let indexes = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "index"))
        .count();
    assert_eq!(indexes, 1, "one raw index per input");
    let second = gpuverify(&dir, &args);
    assert!(text(&second.stderr).contains("reused from the cache"));
    // STEP 0: every work item writes a[0], a race; the header is the only
    // change, so the raw index must see it.
    std::fs::write(dir.join("inc/step.h"), "#define STEP 0\n").unwrap();
    let third = gpuverify(&dir, &args);
    assert!(!text(&third.stderr).contains("reused from the cache"));
    assert_eq!(third.status.code(), Some(6), "{}", text(&third.stderr));
    let fourth = gpuverify(&dir, &args);
    assert!(text(&fourth.stderr).contains("reused from the cache"));
    assert_eq!(fourth.status.code(), Some(6));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_defect_decides_the_exit_code_of_a_batch_with_a_timeout() {
    let dir = scratch("exit6");
    std::fs::copy(
        root().join("tests/data/hard_chain.ivl"),
        dir.join("hard_chain.ivl"),
    )
    .unwrap();
    copy_kernel("abs_overflow.ivl", &dir);
    let out = gpuverify(&dir, &["--timeout=1", "hard_chain.ivl", "abs_overflow.ivl"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("timeout") && stdout.contains("not-verified"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(6), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_command_line_error_with_json_is_a_json_document() {
    let dir = snapshot_kernels();
    for args in [
        &["--json", "--shard=0/2", "assertion.cl"][..],
        &["--json", "--no-such-flag", "assertion.cl"][..],
        &["--json", "no-such-file-*.cl"][..],
    ] {
        let out = gpuverify(&dir, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let json: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
        assert_eq!(json["error"]["exit_code"], 1);
        assert!(json["error"]["message"].as_str().unwrap().contains("error"));
        assert_eq!(json["results"], serde_json::json!([]));
    }
}

/// With an arbitrary global offset, a report's global ids include it: both
/// racing work items of `dst[x / 2]` must halve (as C `int` division) to
/// the element the report names (they did not before: the offset was left
/// out, and a race on dst[k] was shown between ids 7 and 8).
#[test]
fn global_ids_in_a_report_include_the_global_offset() {
    let dir = root().join("tests/kernels/opencl");
    let out = gpuverify(
        &dir,
        &[
            "--json",
            "--local_size=16",
            "--num_groups=64",
            "--global_offset=*",
            "global_offset_report_ids.cl",
        ],
    );
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let defect = &json["results"][0]["defects"][0];
    let element = defect["element"].as_u64().expect("an element") as u32;
    let threads = defect["threads"].as_array().expect("two threads");
    assert_eq!(threads.len(), 2);
    for t in threads {
        let x = t["global"][0].as_u64().expect("a global id") as u32 as i32;
        assert_eq!((x / 2) as u32, element, "{defect}");
    }
}

/// A race between a loop's write and a write after the loop names both
/// lines: the access logged before the loop head can only be the loop's
/// (the `access_site` candidate lists only sites that reach the head; it
/// used to list the later write too, and a model could then name the
/// later write as both accesses).
#[test]
fn a_race_after_a_loop_names_the_loop_access_as_the_logged_one() {
    let dir = root().join("tests/kernels/opencl");
    let out = gpuverify(
        &dir,
        &[
            "--json",
            "--local_size=64",
            "--num_groups=4",
            "fill_then_patch_race.cl",
        ],
    );
    assert_eq!(out.status.code(), Some(6), "{}", text(&out.stderr));
    let json: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    let defects = json["results"][0]["defects"].as_array().expect("defects");
    assert!(!defects.is_empty());
    for defect in defects {
        let mut lines = [
            defect["access"]["location"]["line"].as_u64(),
            defect["other_access"]["location"]["line"].as_u64(),
        ];
        lines.sort();
        assert_eq!(lines, [Some(13), Some(15)], "{defect}");
    }
    let info = gpuverify(
        &dir,
        &[
            "--infer-info",
            "--local_size=64",
            "--num_groups=4",
            "fill_then_patch_race.cl",
        ],
    );
    let stdout = text(&info.stdout);
    let site: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("[access_site]"))
        .collect();
    assert_eq!(site.len(), 1, "{stdout}");
    assert!(!site[0].contains("||"), "only the loop's site: {}", site[0]);
}

/// The assumptions only some kernels carry (a grid barrier's co-residence,
/// device allocation, `--math-int`) are fields the schema knows.
#[test]
fn optional_assumptions_validate_against_the_schema() {
    let dir = scratch("optional-assumptions");
    let cases: [(&str, &[&str], &str); 3] = [
        ("cuda/grid_sync_two_phase.cu", &[], "co_resident"),
        ("cuda/device_malloc_scratch.cu", &[], "device_allocation"),
        ("cuda/device_malloc_scratch.cu", &["--math-int"], "math_int"),
    ];
    for (file, extra, field) in cases {
        let kernel = root().join("tests/kernels").join(file);
        let kernel = kernel.to_str().expect("a UTF-8 path");
        let mut args = vec!["--blockDim=64", "--gridDim=4", kernel];
        args.extend(extra);
        let (code, json, _) = json_and_sarif(&dir, &args);
        assert_eq!(code, Some(0), "{file}: {json}");
        assert_eq!(
            json["results"][0]["assumptions"][field], true,
            "{file}: {json}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn frontend_notes_are_in_the_text_json_and_sarif_reports() {
    // A call to a function without a body: the frontend's assumption about
    // it is part of the verdict in every output format.
    let dir = scratch("frontend-notes");
    let kernel = root().join("tests/kernels/opencl/extern_library_notes.cl");
    let kernel = kernel.to_str().expect("a UTF-8 path");
    let note = "`tone_curve` has no body: its result is arbitrary";
    let args = ["--local_size=64", "--num_groups=16", kernel];
    let out = gpuverify(&dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(note), "{}", text(&out.stdout));
    let offset = "global offset 0 (no --global_offset";
    assert!(text(&out.stdout).contains(offset), "{}", text(&out.stdout));
    let (code, json, sarif) = json_and_sarif(&dir, &args);
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(
        json["results"][0]["assumptions"]["frontend_notes"][0], note,
        "{json}"
    );
    // No --global_offset: the offset 0 is an assumption, listed too.
    assert_eq!(
        json["results"][0]["assumptions"]["global_offset_default"], true,
        "{json}"
    );
    let notes = &sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"];
    assert!(
        notes
            .as_array()
            .is_some_and(|n| n.iter().any(|n| n["level"] == "note"
                && n["message"]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains(note)))),
        "{notes}"
    );
    assert!(
        notes
            .as_array()
            .is_some_and(|n| n.iter().any(|n| n["level"] == "note"
                && n["message"]["text"]
                    .as_str()
                    .is_some_and(|t| t.contains(offset)))),
        "{notes}"
    );
    // An explicit offset is no assumption of ours: not listed.
    let explicit = [
        "--local_size=64",
        "--num_groups=16",
        "--global_offset=0",
        kernel,
    ];
    let out = gpuverify(&dir, &explicit);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains(offset), "{}", text(&out.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kernel clang rejects: the SARIF error notification points at clang's
/// first error (file, line, column), and `--json` gives it as
/// `error_location`.
#[test]
fn a_clang_error_is_located_in_sarif_and_json() {
    let dir = scratch("clang-error-located");
    std::fs::write(
        dir.join("blur.cl"),
        "#define RADIUS 2\n\n\
         __kernel void blur_rows(__global const float *in, __global float *out) {\n  \
         const int x = get_global_id(0);\n  \
         float acc = 0.0f;\n  \
         for (int k = -RADIUS; k <= RADIUS; ++k) acc += in[x + k] * weight;\n  \
         out[x] = acc;\n}\n",
    )
    .unwrap();
    let (code, json, sarif) =
        json_and_sarif(&dir, &["--local_size=8", "--num_groups=2", "blur.cl"]);
    assert_ne!(code, Some(0), "{json}");
    let at = &json["results"][0]["error_location"];
    assert_eq!(at["file"], "blur.cl", "{json}");
    assert_eq!(at["line"], 6, "{json}");
    assert_eq!(at["col"], 62, "{json}");
    let notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications")
        .clone();
    let error = notes
        .iter()
        .find(|n| n["level"] == "error")
        .unwrap_or_else(|| panic!("no error notification: {notes:?}"));
    let region = &error["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 6, "{error}");
    assert_eq!(region["startColumn"], 62, "{error}");
    assert!(
        region["snippet"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("weight")),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON schema names every verdict and exit code of the one table
/// (`gpuverify::exit::Outcome::ALL`), and nothing else.
#[test]
fn the_schema_lists_every_outcome_of_the_exit_table() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("docs/report.schema.json")).expect("schema file"),
    )
    .expect("the schema is JSON");
    let names: Vec<&str> = schema["$defs"]["verdict"]["enum"]
        .as_array()
        .expect("a verdict enum")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let table = gpuverify::exit::Outcome::ALL;
    assert_eq!(
        names,
        table.iter().map(|o| o.name()).collect::<Vec<_>>(),
        "docs/report.schema.json verdicts"
    );
    let codes: Vec<u64> = schema["$defs"]["result"]["properties"]["exit_code"]["enum"]
        .as_array()
        .expect("an exit_code enum")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(
        codes,
        table
            .iter()
            .map(|o| u64::from(o.code()))
            .collect::<Vec<_>>(),
        "docs/report.schema.json exit codes"
    );
}

/// The "assuming:" list names each array abstraction and each frontend
/// note once, even when one pointer symbol is loaded several times
/// (`d_weights` read twice names two maps of the same buffer).
#[test]
fn the_assuming_list_has_no_duplicate_entries() {
    let dir = root().join("tests/kernels/cuda");
    let out = gpuverify(
        &dir,
        &[
            "--blockDim=128",
            "--gridDim=16",
            "--distinct-host-buffers",
            "--kernel=weigh",
            "distinct_host_buffers.cu",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let assuming = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("assuming: "))
        .unwrap_or_else(|| panic!("no assuming line in {stdout}"));
    let mut seen: Vec<&str> = Vec::new();
    for entry in assuming
        .split(&[';', ','][..])
        .map(|e| e.trim().trim_start_matches("abstraction: "))
    {
        assert!(!seen.contains(&entry), "`{entry}` twice in: {assuming}");
        seen.push(entry);
    }
    assert!(seen.contains(&"`*d_weights` adversarial"), "{assuming}");
}

/// An unsupported kernel's SARIF notification points at the construct
/// (file, line, column, snippet) like a race result does, also when the
/// construct is in a helper of an included header; `--json` has the same
/// position as `error_location`; the file's supported kernel is still
/// verified.
#[test]
fn an_unsupported_kernel_is_located_in_sarif_and_json() {
    let dir = scratch("unsupported-located");
    std::fs::write(
        dir.join("row_access.h"),
        "// Rows of a pitched image reached through integer handles (a table of\n\
         // device addresses filled by the host).\n\
         inline __global const uchar *row_at(ulong handle, int y, int pitch) {\n  \
         return (__global const uchar *)handle + y * pitch;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("rows.cl"),
        "#include \"row_access.h\"\n\n\
         __kernel void first_byte(ulong handle, __global uchar *out, int pitch) {\n  \
         const int y = get_global_id(0);\n  out[y] = row_at(handle, y, pitch)[0];\n}\n\n\
         __kernel void hash_rows(ulong rows_handle, __global ulong *hashes, int pitch) {\n  \
         const int y = get_global_id(0);\n  \
         __global const uchar *rows = (__global const uchar *)rows_handle;\n  \
         hashes[y] = rows[y * pitch] >> 4;\n}\n\n\
         __kernel void scale(__global float *data, float factor) {\n  \
         data[get_global_id(0)] *= factor;\n}\n",
    )
    .unwrap();
    let (code, json, sarif) =
        json_and_sarif(&dir, &["--local_size=8", "--num_groups=2", "rows.cl"]);
    assert_eq!(code, Some(4), "{json}");
    let results = json["results"].as_array().expect("results");
    let by_kernel = |k: &str| {
        results
            .iter()
            .find(|r| r["kernel"] == k)
            .unwrap_or_else(|| panic!("kernel {k}: {json}"))
    };
    assert_eq!(by_kernel("scale")["verdict"], "verified");
    assert!(by_kernel("scale")["error_location"].is_null());
    let in_kernel = &by_kernel("hash_rows")["error_location"];
    assert_eq!(in_kernel["file"], "rows.cl", "{in_kernel}");
    assert_eq!(in_kernel["line"], 10);
    assert_eq!(in_kernel["col"], 32);
    let in_header = &by_kernel("first_byte")["error_location"];
    assert!(
        in_header["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("row_access.h")),
        "{in_header}"
    );
    assert_eq!(in_header["line"], 4);

    assert_code_scanning_subset(&sarif);
    let notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications")
        .clone();
    let errors: Vec<&Value> = notes.iter().filter(|n| n["level"] == "error").collect();
    assert_eq!(errors.len(), 2, "{notes:?}");
    let mut places: Vec<(String, u64, u64, String)> = errors
        .iter()
        .map(|n| {
            let physical = &n["locations"][0]["physicalLocation"];
            let region = &physical["region"];
            (
                physical["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                region["startLine"].as_u64().unwrap_or(0),
                region["startColumn"].as_u64().unwrap_or(0),
                region["snippet"]["text"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    places.sort();
    assert_eq!(places[0].0, "row_access.h", "{places:?}");
    assert_eq!((places[0].1, places[0].2), (4, 10));
    assert!(places[0].3.contains("(__global const uchar *)handle"));
    assert_eq!(places[1].0, "rows.cl", "{places:?}");
    assert_eq!((places[1].1, places[1].2), (10, 32));
    assert!(places[1].3.contains("rows_handle"));
    let _ = std::fs::remove_dir_all(&dir);
}
