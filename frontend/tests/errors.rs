//! Negative tests: each file in tests/errors/ starts with
//! `// expect: CODE TEXT`; lowering it must fail with that exit code and a
//! message containing TEXT (clang's own stderr for code 2).

use std::path::Path;

#[test]
fn every_bad_input_is_reported_with_its_exit_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/errors");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    assert!(entries.len() >= 10);
    let mut failures = Vec::new();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let expect = text
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("// expect: ");
        let (code, needle) = expect.split_once(' ').unwrap();
        let code: i32 = code.parse().unwrap();
        match frontend::lower_file(&path, &frontend::FrontendConfig::default()) {
            Ok(_) => failures.push(format!("{}: lowered without error", path.display())),
            Err(e) => {
                let mut message = e.to_string();
                match &e {
                    frontend::FrontendError::Clang { stderr, .. } => message.push_str(stderr),
                    frontend::FrontendError::Malformed { details, .. } => {
                        message.push_str(&details.join("\n"))
                    }
                    _ => {}
                }
                if e.exit_code() != code || !message.contains(needle) {
                    failures.push(format!(
                        "{}: expected exit {code} with `{needle}`, got exit {}: {message}",
                        path.display(),
                        e.exit_code()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unsupported_errors_carry_the_kernel_source_location() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/errors/inline_asm.cu");
    let err = frontend::lower_file(&path, &frontend::FrontendConfig::default()).unwrap_err();
    let frontend::FrontendError::Unsupported { site, .. } = &err else {
        panic!("{err}")
    };
    let loc = site.loc.as_ref().expect("a source location");
    assert!(loc.file.ends_with("inline_asm.cu"), "{loc}");
    assert_eq!(loc.line, 4);
    assert_eq!(site.function.as_deref(), Some("inline_asm"));
}

#[test]
fn missing_input_file_is_a_command_line_error() {
    let err = frontend::lower_file(
        "no/such/kernel.cl".as_ref(),
        &frontend::FrontendConfig::default(),
    )
    .unwrap_err();
    assert_eq!(err.exit_code(), 1);
}

#[test]
fn unknown_kernel_name_is_reported() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels/opencl/copy_global.cl");
    let config = frontend::FrontendConfig {
        only_kernels: vec!["nope".into()],
        ..Default::default()
    };
    let err = frontend::lower_file(&path, &config).unwrap_err();
    assert!(err.to_string().contains("no kernel named `nope`"), "{err}");
}
