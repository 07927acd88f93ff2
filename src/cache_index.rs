//! The cache's fast path: finds the stored result of an unchanged input
//! without running `clang-14 -E` (src/cache.rs keys entries by the
//! preprocessed source, which costs a clang process per input).
//!
//! Consumes the input, the command line and the preprocessed source of a
//! stored run; keeps, per input, an index entry `raw-<hash>.index` keyed by
//! the *raw* key (tool build, flags, working directory, input name and
//! the input's bytes) that lists every file the preprocessor read (from
//! the line markers of its output) with a hash of its content, and every
//! directory it searched for them (the directories of those files and the
//! `-I` directories) with its modification time, so that a header edited,
//! added in front of another on the include path, or removed changes the
//! key. It guarantees that a hit is given only when the raw key is equal
//! and every listed file and directory is unchanged; then the full entry
//! (whose name the index holds) is loaded. Anything else (a missing,
//! corrupt or foreign index, a changed dependency) falls back to the full
//! key, which is always right. Not covered (as for the full key): the
//! versions of clang and of the system headers' packages when no listed
//! file changes, and `__DATE__`/`__TIME__`.

use crate::cli::Cli;
use serde::{Deserialize, Serialize};
use std::hash::Hasher;
use std::path::{Path, PathBuf};

const FORMAT: &str = "gpuverify-cache-index/1";

#[derive(Serialize, Deserialize)]
struct Index {
    format: String,
    raw_key: String,
    /// Files read by the preprocessor and the hash of their content.
    files: Vec<(PathBuf, String)>,
    /// Directories searched, and their modification time.
    dirs: Vec<(PathBuf, String)>,
    /// The file name of the full entry in the cache directory.
    entry: String,
}

/// The raw key of `path` under `flags` (`flags` already stripped of the
/// output-only options by the caller); `None` when the input is
/// unreadable.
pub fn raw_key(tool: &str, flags: &str, path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let cwd = std::env::current_dir().ok()?;
    Some(format!(
        "{tool}\nflags: {flags}\ncwd: {}\ninput: {}\nbytes: {}",
        cwd.display(),
        path.display(),
        content_hash(&bytes)
    ))
}

/// The full entry's file name for `raw_key`, when its index is usable and
/// no dependency changed.
pub fn lookup(dir: &Path, raw_key: &str) -> Option<PathBuf> {
    let text = std::fs::read_to_string(index_path(dir, raw_key)).ok()?;
    let index: Index = serde_json::from_str(&text).ok()?;
    if index.format != FORMAT || index.raw_key != raw_key {
        return None;
    }
    let files_unchanged = index
        .files
        .iter()
        .all(|(f, hash)| std::fs::read(f).is_ok_and(|b| content_hash(&b) == *hash));
    let dirs_unchanged = index
        .dirs
        .iter()
        .all(|(d, modified)| dir_stamp(d).is_some_and(|m| m == *modified));
    let entry = Path::new(&index.entry);
    let plain_name = entry.components().count() == 1;
    (files_unchanged && dirs_unchanged && plain_name).then(|| dir.join(entry))
}

/// Records that `raw_key` leads to the entry `entry_path` whose
/// preprocessed source is `preprocessed` (empty for input that is not
/// preprocessed). Failures are ignored: the index is only a shortcut.
pub fn store(dir: &Path, raw_key: &str, cli: &Cli, preprocessed: &str, entry_path: &Path) {
    let Some(entry) = entry_path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let cache = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut files: Vec<PathBuf> = line_marker_files(preprocessed);
    files.sort();
    files.dedup();
    let mut dirs: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .chain(cli.include_dirs.iter().cloned())
        .map(|d| {
            if d.as_os_str().is_empty() {
                ".".into()
            } else {
                d
            }
        })
        // The embedded headers are the tool's own (its build is keyed).
        .filter(|d| !d.canonicalize().is_ok_and(|c| c.starts_with(&cache)))
        .collect();
    dirs.sort();
    dirs.dedup();
    let mut hashed = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            return;
        };
        hashed.push((f, content_hash(&bytes)));
    }
    let mut stamped = Vec::new();
    for d in dirs {
        let Some(stamp) = dir_stamp(&d) else {
            return;
        };
        stamped.push((d, stamp));
    }
    let index = Index {
        format: FORMAT.into(),
        raw_key: raw_key.into(),
        files: hashed,
        dirs: stamped,
        entry: entry.into(),
    };
    let Ok(json) = serde_json::to_string(&index) else {
        return;
    };
    let path = index_path(dir, raw_key);
    let tmp = path.with_extension(format!(
        "{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    if std::fs::write(&tmp, json).is_ok() {
        let _ = std::fs::rename(&tmp, &path);
    }
}

/// The files named by the line markers (`# 12 "path" flags`) of
/// preprocessed output; `<built-in>` and `<command line>` are not files.
fn line_marker_files(preprocessed: &str) -> Vec<PathBuf> {
    preprocessed
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("# ")?;
            let (number, rest) = rest.split_once(' ')?;
            number.parse::<u64>().ok()?;
            let name = rest.strip_prefix('"')?;
            let end = name.rfind('"')?;
            let name = &name[..end];
            (!name.starts_with('<')).then(|| PathBuf::from(name.replace("\\\\", "\\")))
        })
        .collect()
}

fn index_path(dir: &Path, raw_key: &str) -> PathBuf {
    dir.join(format!("raw-{}.index", content_hash(raw_key.as_bytes())))
}

/// A directory's modification time in nanoseconds (it changes when an
/// entry is added, removed or renamed).
fn dir_stamp(d: &Path) -> Option<String> {
    let modified = std::fs::metadata(d).ok()?.modified().ok()?;
    let nanos = modified
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos();
    Some(nanos.to_string())
}

/// Two differently keyed SipHash values and the length: names content.
fn content_hash(bytes: &[u8]) -> String {
    let hash = |seed: u8| {
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new_with_keys(u64::from(seed), 0x6770_7576);
        h.write(bytes);
        h.finish()
    };
    format!("{:016x}{:016x}-{}", hash(1), hash(2), bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_markers_name_the_files_read() {
        let text =
            "# 1 \"k.cl\"\n# 1 \"<built-in>\" 1\nint x;\n# 3 \"/usr/include/a.h\" 2 3\n#pragma x\n";
        assert_eq!(
            line_marker_files(text),
            [PathBuf::from("k.cl"), PathBuf::from("/usr/include/a.h")]
        );
    }

    #[test]
    fn content_hashes_differ_with_content() {
        assert_ne!(content_hash(b"a"), content_hash(b"b"));
        assert_eq!(content_hash(b"abc"), content_hash(b"abc"));
    }
}
