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
    let flags = headers::Header::of_file(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .flags;
    let mut config = frontend::FrontendConfig {
        defines: headers::defines(&flags),
        include_dirs: headers::include_dirs(&flags),
        ..frontend::FrontendConfig::default()
    };
    if let Some(std) = headers::flag_value(&flags, "--cl-std") {
        config.opencl_std = std.to_string();
    }
    config
}

pub fn corpus_files() -> Vec<PathBuf> {
    headers::corpus_files(&corpus_dir(), &["opencl", "cuda"], &["cl", "cu"])
}

#[test]
fn corpus_has_headers_and_enough_kernels() {
    let files = corpus_files();
    assert!(files.len() >= 80, "only {} kernels", files.len());
    for f in &files {
        if let Err(e) = headers::Header::of_file(f) {
            panic!("{}: {e}", f.display());
        }
    }
}

#[test]
fn every_kernel_lowers_type_checks_and_round_trips() {
    let mut failures = Vec::new();
    for path in corpus_files() {
        let config = config_for(&path);
        let lowered = match frontend::lower_each_kernel(&path, &config) {
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
        // A kernel may fail only where its header expects it (a regex line
        // naming the kernel's unsupported construct): the others of its
        // file must still lower.
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for failure in &lowered.failures {
            // The construct may sit in a helper the kernel calls: the
            // message then names the helper (`(in `helper`)`).
            let message = failure.error.to_string();
            let expected = text.lines().take_while(|l| l.starts_with("//")).any(|l| {
                l.contains("unsupported: ")
                    && (l.contains(&format!("in `{}`", failure.source_name))
                        || l.split("in `").skip(1).any(|rest| {
                            rest.split('`')
                                .next()
                                .is_some_and(|f| message.contains(&format!("(in `{f}`)")))
                        }))
            });
            if !expected {
                failures.push(format!("{}: {}", path.display(), failure.error));
            }
        }
        if lowered.kernels.is_empty() && lowered.failures.is_empty() {
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
