//! `--keep-temps`: the intermediate forms of a run written next to the
//! input, as GPUVerify keeps its `.bc`/`.gbpl`/`.bpl` files: `<stem>.ll`
//! (the optimised LLVM IR the frontend read), `<stem>.<kernel>.ivl` (the
//! kernel IVL, what `--stop-at=ivl` prints) and
//! `<stem>.<kernel>.two-thread.ivl` (the program the solver checks, what
//! `--stop-at=two-thread` prints). Each file written is named in a note on
//! stderr; a file that cannot be written is a warning, never a failure.

use crate::outcome::TextOut;
use std::path::{Path, PathBuf};

/// `<dir>/<stem>[.<kernel>].<suffix>`; the kernel name keeps only
/// letters, digits and `_` (template names hold `<`, `>`, `,`).
pub fn path_for(input: &Path, kernel: Option<&str>, suffix: &str) -> PathBuf {
    let stem = input
        .file_stem()
        .map_or_else(|| "kernel".into(), |s| s.to_string_lossy().into_owned());
    let mut name = stem;
    if let Some(kernel) = kernel {
        name.push('.');
        name.extend(kernel.chars().map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        }));
    }
    name.push('.');
    name.push_str(suffix);
    input.with_file_name(name)
}

/// Writes `contents` to `path` and says so in `out`.
pub fn keep(out: &mut TextOut, input: &Path, path: &Path, contents: &str) {
    let display = input.display();
    match std::fs::write(path, contents) {
        Ok(()) => out.stderr.push_str(&format!(
            "{display}: note: kept {} (--keep-temps)\n",
            path.display()
        )),
        Err(err) => out.stderr.push_str(&format!(
            "{display}: warning: --keep-temps: cannot write {}: {err}\n",
            path.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sit_next_to_the_input() {
        let p = path_for(Path::new("dir/k.cu"), Some("scan<float, 4>"), "ivl");
        assert_eq!(p, Path::new("dir/k.scan_float__4_.ivl"));
        assert_eq!(path_for(Path::new("k.cl"), None, "ll"), Path::new("k.ll"));
    }
}
