//! The documentation shows real output: every `$ gpuverify ...` command in
//! a ```console block of `README.md`, `docs/tutorial.md` and `docs/usage.md` is run from
//! the repository root, and every output line shown under it (up to the
//! next command or the end of the block; `...` lines are elisions) must be
//! a line of the command's stdout+stderr. When a report's wording changes,
//! this test names the stale lines; refresh them by re-running the command.
//! The thread ids and elements of a race report come from a solver model
//! (another z3 version may pick another pair), so in lines naming a thread
//! or a race every number is compared as `N`.

use std::process::Command;

/// `(command, shown output lines)` of every console block of a document.
fn commands(doc: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_string(), Vec::new()));
        } else if let Some((_, shown)) = out.last_mut() {
            if line.trim() != "..." {
                shown.push(line.to_string());
            }
        }
    }
    out
}

/// The line with every digit run replaced by `N` when it names a thread or
/// a race (model-dependent values); otherwise the line itself.
fn normalise(line: &str) -> String {
    let model_dependent = [" race on ", "work item ", "thread "]
        .iter()
        .any(|w| line.contains(w));
    if !model_dependent {
        return line.to_string();
    }
    let mut out = String::new();
    let mut in_number = false;
    for c in line.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

fn check(doc_path: &str) -> (usize, Vec<String>) {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/{doc_path}")).unwrap();
    let mut problems = Vec::new();
    let mut n = 0;
    for (command, shown) in commands(&doc) {
        let mut words = command.split_whitespace();
        let program = match words.next() {
            Some("gpuverify") => env!("CARGO_BIN_EXE_gpuverify"),
            Some("gpuverify-tester") => env!("CARGO_BIN_EXE_gpuverify-tester"),
            _ => continue,
        };
        n += 1;
        let output = Command::new(program)
            .args(words)
            .current_dir(root)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let lines: Vec<String> = text.lines().map(|l| normalise(l.trim_end())).collect();
        for line in &shown {
            if !lines.contains(&normalise(line.trim_end())) {
                problems.push(format!(
                    "{doc_path}: `$ {command}` no longer prints:\n    {line}\n  it prints:\n{text}"
                ));
            }
        }
    }
    (n, problems)
}

#[test]
fn tutorial_output_is_what_the_tool_prints() {
    let (n, problems) = check("docs/tutorial.md");
    assert!(n >= 8, "only {n} commands found in docs/tutorial.md");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn usage_examples_output_is_what_the_tool_prints() {
    let (n, problems) = check("docs/usage.md");
    assert!(n >= 3, "only {n} commands found in docs/usage.md");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn annotation_examples_output_is_what_the_tool_prints() {
    let (n, problems) = check("docs/annotations.md");
    assert!(n >= 15, "only {n} commands found in docs/annotations.md");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every ```c block of docs/annotations.md preceded by
/// `<!-- snippet: PATH -->` is a run of consecutive lines of PATH.
#[test]
fn annotation_snippets_are_in_their_files() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/annotations.md")).unwrap();
    let mut source: Option<String> = None;
    let mut block: Option<Vec<&str>> = None;
    let mut checked = 0;
    let mut problems = Vec::new();
    for line in doc.lines() {
        if let Some(path) = line
            .strip_prefix("<!-- snippet: ")
            .and_then(|l| l.strip_suffix(" -->"))
        {
            source = Some(path.to_string());
        } else if line == "```c" {
            block = Some(Vec::new());
        } else if line == "```" {
            if let (Some(lines), Some(path)) = (block.take(), source.take()) {
                let file = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
                if !file.contains(&format!("{}\n", lines.join("\n"))) {
                    problems.push(format!("a snippet is not in {path}:\n{}", lines.join("\n")));
                }
                checked += 1;
            }
        } else if let Some(lines) = block.as_mut() {
            lines.push(line);
        }
    }
    assert!(checked >= 12, "only {checked} snippets checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every annotation of the index table of docs/annotations.md (first
/// column) appears in a checked snippet (a ```c block with its `<!--
/// snippet: PATH -->`, which the test above finds in PATH): each has an
/// example from a kernel the corpus runs.
#[test]
fn every_annotation_has_a_checked_example() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/annotations.md")).unwrap();
    let mut names = Vec::new();
    let mut snippets = String::new();
    let (mut sourced, mut in_block) = (false, false);
    for line in doc.lines() {
        if line.starts_with("| `") {
            let cell = line.split('|').nth(1).unwrap_or("");
            names.extend(cell.split('`').skip(1).step_by(2).map(str::to_string));
        } else if line.starts_with("<!-- snippet: ") {
            sourced = true;
        } else if line == "```c" {
            in_block = sourced;
        } else if line == "```" {
            (in_block, sourced) = (false, false);
        } else if in_block {
            snippets.push_str(line);
            snippets.push('\n');
        }
    }
    assert!(
        names.len() > 40,
        "the index table lists only {} names",
        names.len()
    );
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| {
            // `__barrier_invariant_N`: a digit follows; `__add_*`: a prefix;
            // `__non_temporal_loads_begin/end`: both words.
            let stems: Vec<String> = if let Some(stem) = n.strip_suffix("begin/end") {
                vec![format!("{stem}begin"), format!("{stem}end")]
            } else {
                vec![n.trim_end_matches(['N', '*']).to_string()]
            };
            !stems.iter().all(|s| snippets.contains(s.as_str()))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "annotations without a checked example: {missing:?}"
    );
}

#[test]
fn readme_first_screen_is_what_the_tool_prints() {
    let (n, problems) = check("README.md");
    assert!(n >= 2, "only {n} commands found in README.md");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `make demo`'s kernels: each gives the verdict of its header (line 1),
/// and every race-free kernel has a racy or divergent twin.
#[test]
fn example_kernels_give_their_expected_verdicts() {
    let root = env!("CARGO_MANIFEST_DIR");
    let output = Command::new(env!("CARGO_BIN_EXE_gpuverify-tester"))
        .arg("examples/kernels")
        .current_dir(root)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{text}");
    let mut pass = 0;
    for dir in ["opencl", "cuda"] {
        for entry in std::fs::read_dir(format!("{root}/examples/kernels/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(&path).unwrap();
            if source.starts_with("//pass") {
                pass += 1;
                let twin = path.with_file_name(format!(
                    "{name}_racy.{}",
                    path.extension().unwrap().to_string_lossy()
                ));
                let twin_source = std::fs::read_to_string(&twin).expect("a racy twin");
                assert!(
                    twin_source.starts_with("//xfail:NOT_ALL_VERIFIED"),
                    "{twin:?}"
                );
            }
        }
    }
    assert!(pass >= 12, "a dozen race-free examples, found {pass}");
}

/// ARCHITECTURE.md's code map names real files: every backquoted path in a
/// row of the crate table (a token ending in `.rs` or `/`) exists in that
/// crate, under `src/` or at the crate's root.
#[test]
fn architecture_code_map_matches_the_tree() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut named = 0;
    let mut missing = Vec::new();
    for row in text
        .lines()
        .filter(|l| l.starts_with("| `") || l.starts_with("| root"))
    {
        let krate = if row.starts_with("| root") {
            root.to_path_buf()
        } else {
            let name = row[3..].split('`').next().unwrap_or("");
            root.join(name)
        };
        for (k, token) in row.split('`').enumerate() {
            let is_path = k % 2 == 1
                && !token.contains(' ')
                && (token.ends_with(".rs") || (token.ends_with('/') && k > 1));
            if !is_path {
                continue;
            }
            named += 1;
            if !krate.join("src").join(token).exists() && !krate.join(token).exists() {
                missing.push(format!("{} names `{token}`", krate.display()));
            }
        }
    }
    assert!(named > 30, "only {named} paths found in the code map");
    assert!(
        missing.is_empty(),
        "not in the tree:\n{}",
        missing.join("\n")
    );
}

/// The other direction: every module file directly under a crate's `src/`
/// (`lib.rs` aside) and every folder of modules there is named in the
/// crate's row of the code map (`name.rs`, `folder/`, or a path inside the
/// folder), so a new module cannot hide from the map.
#[test]
fn every_top_level_module_is_in_the_code_map() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    // The crate's rows in the code map and in the supporting-modules table.
    let row_of = |krate: &str| -> String {
        let prefix = if krate.is_empty() {
            "| root".to_string()
        } else {
            format!("| `{krate}/`")
        };
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with(&prefix)).collect();
        assert!(!rows.is_empty(), "no code-map row for `{krate}`");
        rows.join(" ")
    };
    let mut unnamed = Vec::new();
    let crates = [
        "",
        "ivl",
        "frontend",
        "transform",
        "infer",
        "solver",
        "simulate",
        "headers",
        "intercept",
    ];
    for krate in crates {
        let row = row_of(krate);
        let named: Vec<&str> = row.split('`').skip(1).step_by(2).collect();
        let src = root.join(krate).join("src");
        for entry in std::fs::read_dir(&src).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let wanted = if entry.path().is_dir() {
                format!("{name}/")
            } else if name.ends_with(".rs") && name != "lib.rs" {
                name.clone()
            } else {
                continue;
            };
            let found = named
                .iter()
                .any(|t| *t == wanted || (wanted.ends_with('/') && t.starts_with(&wanted)));
            if !found {
                unnamed.push(format!(
                    "{}/src/{wanted}",
                    if krate.is_empty() { "." } else { krate }
                ));
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "not named in ARCHITECTURE.md's code map:\n{}",
        unnamed.join("\n")
    );
}
