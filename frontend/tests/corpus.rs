//! The kernel corpus (tests/kernels/{opencl,cuda}): every kernel must lower,
//! type-check and round-trip through the IVL printer and parser. Until
//! verification lands end to end these are lowering tests; the `//pass` /
//! `//xfail:` headers already state the verdict verification must reach.

use std::path::{Path, PathBuf};

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels")
}

/// The frontend configuration a kernel's header line 2 asks for (`-D`,
/// `-I`, `--cl-std=`); the verification flags are not the frontend's.
pub fn config_for(path: &Path) -> frontend::FrontendConfig {
    let text = std::fs::read_to_string(path).unwrap();
    let flags = text.lines().nth(1).unwrap_or("").trim_start_matches("//");
    let mut config = frontend::FrontendConfig::default();
    for flag in flags.split_whitespace() {
        if let Some(d) = flag.strip_prefix("-D") {
            config.defines.push(d.to_string());
        } else if let Some(i) = flag.strip_prefix("-I") {
            config.include_dirs.push(i.into());
        } else if let Some(std) = flag.strip_prefix("--cl-std=") {
            config.opencl_std = std.to_string();
        }
    }
    config
}

pub fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for lang in ["opencl", "cuda"] {
        for entry in std::fs::read_dir(corpus_dir().join(lang)).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    files
}

#[test]
fn corpus_has_headers_and_enough_kernels() {
    let files = corpus_files();
    assert!(files.len() >= 80, "only {} kernels", files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let mut lines = text.lines();
        let verdict = lines.next().unwrap_or("");
        assert!(
            verdict == "//pass" || verdict.starts_with("//xfail:"),
            "{}: line 1 is `{verdict}`",
            f.display()
        );
        assert!(
            lines.next().unwrap_or("").starts_with("//"),
            "{}: line 2 must be the flags",
            f.display()
        );
    }
}

#[test]
fn every_kernel_lowers_type_checks_and_round_trips() {
    let mut failures = Vec::new();
    for path in corpus_files() {
        let config = config_for(&path);
        let lowered = match frontend::lower_file(&path, &config) {
            Ok(l) => l,
            Err(e) => {
                let detail = match &e {
                    frontend::FrontendError::Clang { stderr, .. } => stderr.clone(),
                    frontend::FrontendError::Malformed { details, .. } => details.join("\n"),
                    _ => String::new(),
                };
                failures.push(format!("{}: {e}\n{detail}", path.display()));
                continue;
            }
        };
        if lowered.kernels.is_empty() {
            failures.push(format!("{}: no kernel", path.display()));
        }
        for k in &lowered.kernels {
            let errors = ivl::check(&k.program);
            if !errors.is_empty() {
                failures.push(format!(
                    "{}: {} does not type-check: {:?}",
                    path.display(),
                    k.name,
                    errors
                ));
            }
            let text = ivl::print(&k.program);
            let file = ivl::SourceFile::new("roundtrip.ivl", text.clone());
            match ivl::parse(&file) {
                Ok(reparsed) if reparsed == k.program => {}
                Ok(_) => failures.push(format!(
                    "{}: {} changes through print/parse",
                    path.display(),
                    k.name
                )),
                Err(d) => failures.push(format!(
                    "{}: {} printed IVL does not parse: {:?}\n{text}",
                    path.display(),
                    k.name,
                    d
                )),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
