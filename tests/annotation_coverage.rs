//! Every annotation of the language has test kernels in both languages:
//! the names are those of the index table at the top of
//! `docs/annotations.md` (the user's list, which mirrors GPUVerify's), and
//! for each name `tests/kernels/{opencl,cuda}/annotations` must hold a
//! kernel that uses it and verifies (`//pass`) and one that uses it and is
//! reported (`//xfail:NOT_ALL_VERIFIED`). A name this verifier refuses is
//! listed in [`REFUSED`] with the reason, and must instead have a kernel
//! showing the located refusal (`//xfail:UNSUPPORTED`) in each language
//! (clang's, `//xfail:CLANG_ERROR`, for function pointers in OpenCL C).
//! A new annotation documented without kernels fails this test.

use std::path::Path;

/// Annotations refused with a located message (exit 4), and why.
const REFUSED: &[(&str, &str)] = &[];

/// The annotation names of the index table (`| `a`, `b` | section |`).
fn documented_names() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/annotations.md")).unwrap();
    let mut names = Vec::new();
    for line in doc.lines() {
        let Some(first_cell) = line.strip_prefix("| `").map(|_| &line[1..]) else {
            continue;
        };
        let cell = first_cell.split('|').next().unwrap_or("");
        names.extend(cell.split('`').skip(1).step_by(2).map(str::to_string));
    }
    names
}

/// What a name must match in a kernel: `X_N` is `X_` then a digit, `X_*`
/// is the prefix `X_`, `X_begin/end` both words, else the whole word.
/// Whether a kernel's text mentions an annotation.
type Matcher = Box<dyn Fn(&str) -> bool>;

fn matchers(name: &str) -> Vec<Matcher> {
    fn word(text: &str, w: &str, prefix: bool, digit: bool) -> bool {
        text.match_indices(w).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + w.len()..].chars().next();
            let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !ident(before)
                && if digit {
                    after.is_some_and(|c| c.is_ascii_digit())
                } else {
                    prefix || !ident(after)
                }
        })
    }
    if let Some(stem) = name.strip_suffix("begin/end") {
        let (b, e) = (format!("{stem}begin"), format!("{stem}end"));
        return vec![
            Box::new(move |t: &str| word(t, &b, false, false)),
            Box::new(move |t: &str| word(t, &e, false, false)),
        ];
    }
    if let Some(stem) = name.strip_suffix('N') {
        let s = stem.to_string();
        return vec![Box::new(move |t: &str| word(t, &s, false, true))];
    }
    if let Some(stem) = name.strip_suffix('*') {
        let s = stem.to_string();
        return vec![Box::new(move |t: &str| word(t, &s, true, false))];
    }
    let s = name.to_string();
    vec![Box::new(move |t: &str| word(t, &s, false, false))]
}

#[test]
fn every_documented_annotation_has_a_pass_and_a_fail_kernel_in_both_languages() {
    let names = documented_names();
    assert!(
        names.len() >= 55,
        "only {} names in the index table",
        names.len()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels");
    let mut missing = Vec::new();
    for (lang, ext) in [("opencl", "cl"), ("cuda", "cu")] {
        let dir = root.join(lang).join("annotations");
        let kernels: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap();
                let first = text.lines().next().unwrap_or("").trim().to_string();
                (first, text)
            })
            .collect();
        for name in &names {
            let refused = REFUSED.iter().any(|(n, _)| n == name);
            let wanted: &[&str] = if name == "__return_val_funptr" && lang == "opencl" {
                // OpenCL C has no function pointers: clang refuses them.
                &["//xfail:CLANG_ERROR"]
            } else if refused {
                &["//xfail:UNSUPPORTED"]
            } else {
                &["//pass", "//xfail:NOT_ALL_VERIFIED"]
            };
            for m in matchers(name) {
                for header in wanted {
                    if !kernels.iter().any(|(h, t)| h == header && m(t)) {
                        missing.push(format!("{lang}: `{name}` has no `{header}` kernel"));
                    }
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "annotations without test kernels in tests/kernels/{{opencl,cuda}}/annotations:\n{}",
        missing.join("\n")
    );
}

#[test]
fn refused_annotations_are_documented_as_refused() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/annotations.md")).unwrap();
    for (name, why) in REFUSED {
        assert!(
            doc.contains(&format!("`{name}`")),
            "`{name}` ({why}) is not in docs/annotations.md"
        );
    }
}
