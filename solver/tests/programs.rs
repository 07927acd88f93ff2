//! Runs every `tests/programs/*.ivl` (and the repository's `examples/ivl`)
//! against every back-end and checks the verdict against the file's header:
//! `// expect: verified` or `// expect: fails id1, id2` (the `{:id "..."}`
//! of each check that can fail). All back-ends must agree with the header,
//! hence with each other.

mod common;

use common::{expected, failing_ids, load, program_files};
use solver::{verify_program, BackendKind, Config};
use std::time::Duration;

#[test]
fn every_program_gets_its_expected_verdict_from_every_backend() {
    let mut errors = Vec::new();
    let files = program_files();
    let own = files
        .iter()
        .filter(|f| f.parent().is_some_and(|d| d.ends_with("programs")))
        .count();
    assert!(own >= 40, "only {own} programs in tests/programs");
    for path in &files {
        let (text, program) = load(path);
        if program.is_kernel() {
            continue; // the kernel dialect is the transform's input, not ours
        }
        let Some(expect) = expected(&text) else {
            errors.push(format!("{}: no `// expect:` header", path.display()));
            continue;
        };
        for backend in BackendKind::ALL {
            let config = Config {
                timeout: Some(Duration::from_secs(30)),
                ..Config::with_backend(backend)
            };
            match verify_program(&program, &config) {
                Err(e) => errors.push(format!(
                    "{} [{}]: error: {e}",
                    path.display(),
                    backend.name()
                )),
                Ok(report) => {
                    let got = failing_ids(&report);
                    if got != expect {
                        errors.push(format!(
                            "{} [{}]: expected {expect:?}, got {got:?}",
                            path.display(),
                            backend.name()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
}
