//! The frontend on the kernel corpus (tests/kernels/{opencl,cuda}): every
//! kernel lowers, type-checks and round-trips through the IVL printer and
//! parser. The header's flags reach the frontend through the binary's own
//! mapping (`gpuverify::parse_args` and `frontend_config`, via
//! `tests/support`), so this test never reads a flag differently from the
//! verifier. It lives in the root crate because that mapping does (the
//! frontend crate cannot depend on the binary that depends on it).

mod support;

use std::path::Path;

/// The frontend configuration of `path`'s header, or `None` for a header
/// the binary rejects on purpose (line 1 expects `COMMAND_LINE_ERROR`: a
/// launch too large to model, which tests/kernels.rs checks).
fn config_for(path: &Path) -> Option<frontend::FrontendConfig> {
    let header =
        headers::Header::of_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match support::try_header_config(&header.flag_line()) {
        Ok(config) => Some(config),
        Err(_) if header.expectation.exit_code() == 1 => None,
        Err(e) => panic!("{}: a header the binary rejects: {e}", path.display()),
    }
}

#[test]
fn corpus_has_headers_and_enough_kernels() {
    let files = support::corpus_files("frontend_corpus");
    assert!(
        files.len() >= 80 || support::corpus_narrowed(),
        "only {} kernels",
        files.len()
    );
    for f in &files {
        if let Err(e) = headers::Header::of_file(f) {
            panic!("{}: {e}", f.display());
        }
    }
}

/// The problems of one corpus file (empty when it lowers as its header says).
fn lowering_failures(path: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    let Some(config) = config_for(path) else {
        return failures;
    };
    // A header expecting clang's or the frontend's refusal (exit 2 or 4;
    // the `kernels` suite checks its message against the regex lines) must
    // be refused here too: any kernel may fail, but one must.
    let refusal = headers::Header::of_file(path)
        .map(|h| h.expectation.exit_code())
        .ok()
        .filter(|code| [2, 4].contains(code));
    let lowered = match frontend::lower_each_kernel(path, &config) {
        Ok(l) if refusal.is_some() => {
            if l.failures.is_empty() {
                failures.push(format!(
                    "{}: the header expects exit {} but every kernel lowers",
                    path.display(),
                    refusal.unwrap_or_default()
                ));
            }
            return failures;
        }
        Err(e) if refusal == Some(e.exit_code()) => return failures,
        Ok(l) => l,
        Err(e) => {
            let detail = match &e {
                frontend::FrontendError::Clang { stderr, .. } => stderr.clone(),
                frontend::FrontendError::Malformed { details, .. } => details.join("\n"),
                _ => String::new(),
            };
            return vec![format!("{}: {e}\n{detail}", path.display())];
        }
    };
    // A kernel may fail only where its header expects it (a regex line
    // naming the kernel's unsupported construct): the others of its file
    // must still lower.
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for failure in &lowered.failures {
        // The construct may sit in a helper the kernel calls: the message
        // then names the helper (`(in `helper`)`).
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
                "{}: {} does not type-check: {errors:?}",
                path.display(),
                k.name
            ));
        }
        let printed = ivl::print(&k.program);
        let file = ivl::SourceFile::new("roundtrip.ivl", printed.clone());
        match ivl::parse(&file) {
            Ok(reparsed) if reparsed == k.program => {}
            Ok(_) => failures.push(format!(
                "{}: {} changes through print/parse",
                path.display(),
                k.name
            )),
            Err(d) => failures.push(format!(
                "{}: {} printed IVL does not parse: {d:?}\n{printed}",
                path.display(),
                k.name
            )),
        }
    }
    failures
}

#[test]
fn every_kernel_lowers_type_checks_and_round_trips() {
    let files = support::corpus_files("frontend_corpus");
    let failures: Vec<String> =
        support::par_map_files("frontend_corpus", &files, |path| lowering_failures(path))
            .into_iter()
            .flatten()
            .collect();
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
