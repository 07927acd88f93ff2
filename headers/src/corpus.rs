//! The kernel corpus as the corpus-wide suites see it: every kernel file
//! under the corpus folders, subfolders included, minus the files a suite
//! cannot run, which `tests/kernels/suite_exclusions.txt` lists per suite
//! with a reason.
//!
//! Consumes: a corpus root (`tests/kernels`), the folders and extensions a
//! suite reads, and the exclusions file's text. Produces: the sorted list
//! of files the suite runs, or an error naming the line of the exclusions
//! file that is wrong (an unknown suite, a missing reason, an entry that
//! matches no file). Exclusions are data, never silent: a suite that skips
//! a kernel says which and why in that one file.

use std::path::{Path, PathBuf};

/// The kernel extensions the verifier takes.
pub const KERNEL_EXTENSIONS: &[&str] = &["cl", "cu", "ivl"];

/// The exclusions file, relative to the corpus root.
pub const EXCLUSIONS_FILE: &str = "suite_exclusions.txt";

/// The corpus-wide suites (tests/<name>.rs) that may exclude kernels. The
/// `kernels` suite (every kernel against its header) excludes none.
pub const SUITES: &[&str] = &[
    "differential",
    "mutants",
    "no_inline",
    "inference",
    "frontend_corpus",
];

/// Every file under `root/<dir>` (for each of `dirs`, subfolders
/// included) whose extension is one of `extensions`, sorted.
pub fn corpus_files(root: &Path, dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in dirs {
        collect(&root.join(dir), extensions, &mut out);
    }
    out.sort();
    out
}

fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, extensions, out);
        } else if has_extension(&path, extensions) {
            out.push(path);
        }
    }
}

/// Whether `path` ends in one of `extensions` (without dots).
pub fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.contains(&e))
}

/// One line of the exclusions file: `SUITE PATH # REASON`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    pub suite: String,
    /// Relative to the corpus root with `/` separators; a path ending in
    /// `/` is a folder and covers every file under it.
    pub path: String,
    pub reason: String,
    /// 1-based line in the exclusions file.
    pub line: usize,
}

impl Exclusion {
    /// Whether the entry covers `rel` (relative to the corpus root).
    pub fn covers(&self, rel: &str) -> bool {
        if self.path.ends_with('/') {
            rel.starts_with(&self.path)
        } else {
            rel == self.path
        }
    }
}

/// The parsed exclusions file.
#[derive(Clone, Debug, Default)]
pub struct SuiteExclusions {
    pub entries: Vec<Exclusion>,
}

impl SuiteExclusions {
    /// Parses the file's text: `#` starts a comment line; every other
    /// non-blank line is `SUITE PATH # REASON` with a non-empty reason.
    pub fn parse(text: &str) -> Result<SuiteExclusions, String> {
        let mut entries = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (fields, reason) = trimmed.split_once('#').unwrap_or((trimmed, ""));
            let reason = reason.trim();
            let fields: Vec<&str> = fields.split_whitespace().collect();
            let [suite, path] = fields[..] else {
                return Err(format!(
                    "{EXCLUSIONS_FILE}:{line}: expected `SUITE PATH # REASON`"
                ));
            };
            if !SUITES.contains(&suite) {
                return Err(format!(
                    "{EXCLUSIONS_FILE}:{line}: unknown suite `{suite}` (one of {})",
                    SUITES.join(", ")
                ));
            }
            if reason.is_empty() {
                return Err(format!(
                    "{EXCLUSIONS_FILE}:{line}: `{suite} {path}` gives no reason after `#`"
                ));
            }
            entries.push(Exclusion {
                suite: suite.to_string(),
                path: path.to_string(),
                reason: reason.to_string(),
                line,
            });
        }
        Ok(SuiteExclusions { entries })
    }

    /// The exclusions file of the corpus at `root` (none when it is
    /// absent).
    pub fn load(root: &Path) -> Result<SuiteExclusions, String> {
        match std::fs::read_to_string(root.join(EXCLUSIONS_FILE)) {
            Ok(text) => SuiteExclusions::parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(SuiteExclusions::default()),
            Err(e) => Err(format!("{}: {e}", root.join(EXCLUSIONS_FILE).display())),
        }
    }

    /// The entry of `suite` covering `rel`, if any.
    pub fn excluding(&self, suite: &str, rel: &str) -> Option<&Exclusion> {
        self.entries
            .iter()
            .find(|e| e.suite == suite && e.covers(rel))
    }
}

/// Path of `path` relative to `root`, with `/` separators.
fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The files `suite` runs: [`corpus_files`] minus the suite's exclusions.
/// An error when the exclusions file is malformed or one of the suite's
/// entries covers no file (a stale entry hides nothing, so it goes).
pub fn suite_corpus(
    root: &Path,
    suite: &str,
    dirs: &[&str],
    extensions: &[&str],
) -> Result<Vec<PathBuf>, String> {
    if !SUITES.contains(&suite) {
        return Err(format!("unknown suite `{suite}`"));
    }
    let exclusions = SuiteExclusions::load(root)?;
    let files = corpus_files(root, dirs, extensions);
    let rels: Vec<String> = files.iter().map(|f| relative(root, f)).collect();
    for e in exclusions.entries.iter().filter(|e| e.suite == suite) {
        if !rels.iter().any(|r| e.covers(r)) {
            return Err(format!(
                "{EXCLUSIONS_FILE}:{}: `{suite} {}` covers no kernel of the corpus",
                e.line, e.path
            ));
        }
    }
    Ok(files
        .into_iter()
        .zip(rels)
        .filter(|(_, rel)| exclusions.excluding(suite, rel).is_none())
        .map(|(f, _)| f)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("headers-corpus-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for rel in [
            "opencl/a.cl",
            "opencl/sub/b.cl",
            "opencl/sub/deeper/c.cl",
            "opencl/include/h.h",
            "cuda/d.cu",
        ] {
            let p = dir.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "//pass\n//--local_size=1 --num_groups=1\n").unwrap();
        }
        dir
    }

    fn rels(root: &Path, files: &[PathBuf]) -> Vec<String> {
        files.iter().map(|f| relative(root, f)).collect()
    }

    #[test]
    fn corpus_files_descend_into_subfolders() {
        let root = scratch("descend");
        let files = corpus_files(&root, &["opencl", "cuda"], &["cl", "cu"]);
        assert_eq!(
            rels(&root, &files),
            vec![
                "cuda/d.cu",
                "opencl/a.cl",
                "opencl/sub/b.cl",
                "opencl/sub/deeper/c.cl"
            ]
        );
        std::fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn exclusions_remove_files_and_folders_of_their_suite_only() {
        let root = scratch("exclude");
        std::fs::write(
            root.join(EXCLUSIONS_FILE),
            "# comment\nno_inline opencl/sub/ # k-induction flags\nmutants cuda/d.cu # why\n",
        )
        .unwrap();
        let dirs = &["opencl", "cuda"];
        let no_inline = suite_corpus(&root, "no_inline", dirs, &["cl", "cu"]).unwrap();
        assert_eq!(rels(&root, &no_inline), vec!["cuda/d.cu", "opencl/a.cl"]);
        let mutants = suite_corpus(&root, "mutants", dirs, &["cl", "cu"]).unwrap();
        assert_eq!(mutants.len(), 3);
        let inference = suite_corpus(&root, "inference", dirs, &["cl", "cu"]).unwrap();
        assert_eq!(inference.len(), 4);
        std::fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn bad_or_stale_exclusions_are_errors() {
        let root = scratch("stale");
        for (text, message) in [
            ("no_inline opencl/a.cl\n", "gives no reason"),
            ("no_inline opencl/a.cl #  \n", "gives no reason"),
            ("nosuch opencl/a.cl # r\n", "unknown suite `nosuch`"),
            ("no_inline # r\n", "expected `SUITE PATH # REASON`"),
            ("no_inline opencl/gone.cl # r\n", "covers no kernel"),
            ("no_inline opencl/su # r\n", "covers no kernel"),
        ] {
            std::fs::write(root.join(EXCLUSIONS_FILE), text).unwrap();
            let err = suite_corpus(&root, "no_inline", &["opencl"], &["cl"]).unwrap_err();
            assert!(err.contains(message), "{text:?}: {err}");
            assert!(err.contains(":1:"), "{text:?}: {err}");
        }
        std::fs::remove_dir_all(root).unwrap();
    }
}
