//! Writing the record: one JSON object per launch, appended as one line
//! to `launches.jsonl` (a single `write` on a file opened for appending, so
//! the lines of several threads or processes never interleave, and a
//! program that crashes keeps the launches made before), and each program
//! source once as `launch-<hash>.cl` beside it.

use crate::state::Arg;
use std::io::Write;
use std::path::PathBuf;

/// The file of the record directory that holds the launches, one per
/// line.
pub const LAUNCHES_FILE: &str = "launches.jsonl";

/// One launch, ready to be written.
pub struct Launch {
    pub source: Option<String>,
    /// Why the source is unknown (when it is).
    pub source_missing: Option<&'static str>,
    pub options: String,
    pub entry_point: String,
    pub global_size: Vec<u64>,
    pub local_size: Option<Vec<u64>>,
    pub global_offset: Option<Vec<u64>>,
    /// With a NULL local size: the largest work-group size the device
    /// allows for this kernel (the runtime picks one at most this large).
    pub max_work_group_size: Option<u64>,
    pub arguments: Vec<Option<Arg>>,
    /// The entry point that launched it (`clEnqueueNDRangeKernel`,
    /// `clEnqueueTask`).
    pub api_call: &'static str,
}

/// The record directory, when recording.
pub fn record_dir() -> Option<PathBuf> {
    std::env::var_os(crate::RECORD_DIR_VAR)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// One line on the host program's stderr.
pub fn warn(message: &str) {
    let line = format!("gpuverify record: {message}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// Appends `launch` to the record in `dir`.
pub fn write_launch(dir: &std::path::Path, launch: &Launch) {
    let kernel_file = launch.source.as_deref().map(|source| {
        let name = format!("launch-{:016x}.cl", fnv1a(source.as_bytes()));
        let path = dir.join(&name);
        if !path.exists() {
            // Written under a unique name, then renamed: a reader never sees
            // half a file, and two writers of the same source agree.
            let tmp = dir.join(format!("{name}.{}.tmp", std::process::id()));
            if std::fs::write(&tmp, source).is_ok() {
                let _ = std::fs::rename(&tmp, &path);
            }
        }
        name
    });
    let mut line = render(launch, kernel_file.as_deref());
    line.push('\n');
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(LAUNCHES_FILE));
    match file.and_then(|mut f| f.write_all(line.as_bytes())) {
        Ok(()) => {}
        Err(err) => warn(&format!(
            "cannot write to {}: {err}",
            dir.join(LAUNCHES_FILE).display()
        )),
    }
}

fn render(launch: &Launch, kernel_file: Option<&str>) -> String {
    let sizes = |v: &[u64]| {
        let items: Vec<String> = v.iter().map(u64::to_string).collect();
        format!("[{}]", items.join(","))
    };
    let optional = |v: &Option<Vec<u64>>| v.as_deref().map_or("null".to_string(), sizes);
    let arguments: Vec<String> = launch.arguments.iter().map(render_arg).collect();
    let mut fields = vec![
        ("language", string("OpenCL")),
        ("kernel_file", kernel_file.map_or("null".into(), string)),
        ("entry_point", string(&launch.entry_point)),
        ("global_size", sizes(&launch.global_size)),
        ("local_size", optional(&launch.local_size)),
        ("global_offset", optional(&launch.global_offset)),
        ("compiler_flags", string(&launch.options)),
        ("kernel_arguments", format!("[{}]", arguments.join(","))),
        (
            "host_api_calls",
            format!(
                "[{{\"function_name\":\"clBuildProgram\",\"compiler_flags\":{}}},\
                 {{\"function_name\":{}}}]",
                string(&launch.options),
                string(launch.api_call)
            ),
        ),
    ];
    if let Some(max) = launch.max_work_group_size {
        fields.push(("max_work_group_size", max.to_string()));
    }
    if let Some(reason) = launch.source_missing {
        fields.push(("source_missing", string(reason)));
    }
    let body: Vec<String> = fields
        .into_iter()
        .map(|(k, v)| format!("\"{k}\":{v}"))
        .collect();
    format!("{{{}}}", body.join(","))
}

fn render_arg(arg: &Option<Arg>) -> String {
    match arg {
        None => "{\"type\":\"unset\"}".into(),
        Some(Arg::Buffer(Some(size))) => format!("{{\"type\":\"array\",\"size\":{size}}}"),
        Some(Arg::Buffer(None)) => "{\"type\":\"array\"}".into(),
        Some(Arg::Local(size)) => {
            format!("{{\"type\":\"array\",\"size\":{size},\"address_space\":\"local\"}}")
        }
        Some(Arg::Image) => "{\"type\":\"image\"}".into(),
        Some(Arg::Sampler) => "{\"type\":\"sampler\"}".into(),
        Some(Arg::Scalar(bytes)) => {
            // The value as the little-endian host reads it, most
            // significant byte first.
            let hex: String = bytes.iter().rev().map(|b| format!("{b:02x}")).collect();
            let hex = if hex.is_empty() { "0".into() } else { hex };
            format!(
                "{{\"type\":\"scalar\",\"value\":\"0x{hex}\",\"size\":{}}}",
                bytes.len()
            )
        }
    }
}

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// FNV-1a, 64 bits: names a source file by its content.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_launch_renders_as_one_json_line_with_null_local_size() {
        let launch = Launch {
            source: Some("kernel void k() {}".into()),
            source_missing: None,
            options: "-D N=4".into(),
            entry_point: "k".into(),
            global_size: vec![64],
            local_size: None,
            global_offset: None,
            max_work_group_size: Some(4096),
            arguments: vec![
                Some(Arg::Buffer(Some(256))),
                Some(Arg::Scalar(vec![0x10, 0, 0, 0])),
                Some(Arg::Local(64)),
            ],
            api_call: "clEnqueueNDRangeKernel",
        };
        let line = render(&launch, Some("launch-1.cl"));
        assert!(!line.contains('\n'));
        assert!(line.contains("\"local_size\":null"), "{line}");
        assert!(line.contains("\"global_size\":[64]"), "{line}");
        assert!(line.contains("{\"type\":\"scalar\",\"value\":\"0x00000010\",\"size\":4}"));
        assert!(line.contains("\"address_space\":\"local\""));
        assert!(line.contains("\"compiler_flags\":\"-D N=4\""));
        assert!(line.contains("\"max_work_group_size\":4096"));
    }

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
