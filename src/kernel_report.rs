//! Rendering of kernel defects in the message format of DESIGN.md §6.

use std::fmt::Write;
use std::path::Path;
use transform::{Defect, DefectKind, ThreadIds, TransformConfig};

/// OpenCL and CUDA name threads differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    OpenCl,
    Cuda,
}

impl Dialect {
    pub fn of_path(path: &Path) -> Dialect {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cu") => Dialect::Cuda,
            _ => Dialect::OpenCl,
        }
    }
}

fn multi_dimensional(config: &TransformConfig) -> bool {
    config.local_size[1..]
        .iter()
        .chain(&config.num_groups[1..])
        .any(|d| *d != Some(1))
}

fn ids(v: &[Option<u128>; 3], multi: bool) -> String {
    let one = |x: Option<u128>| x.map_or("?".to_string(), |x| x.to_string());
    if multi {
        format!("({}, {}, {})", one(v[0]), one(v[1]), one(v[2]))
    } else {
        one(v[0])
    }
}

/// `work item 7 with local id 7 in work group 0` / `thread 3 in thread
/// block 1 (global id 35)`.
pub fn thread_phrase(t: &ThreadIds, dialect: Dialect, multi: bool) -> String {
    match dialect {
        Dialect::OpenCl => format!(
            "work item {} with local id {} in work group {}",
            ids(&t.global, multi),
            ids(&t.local, multi),
            ids(&t.group, multi)
        ),
        Dialect::Cuda => format!(
            "thread {} in thread block {} (global id {})",
            ids(&t.local, multi),
            ids(&t.group, multi),
            ids(&t.global, multi)
        ),
    }
}

fn location(file: &str, loc: &Option<transform::SourceLoc>) -> String {
    match loc {
        Some(l) => format!("{}:{}:{}", file, l.line, l.col),
        None => file.to_string(),
    }
}

fn source_line(source: Option<&str>, loc: &Option<transform::SourceLoc>) -> Option<String> {
    let line = loc.as_ref()?.line as usize;
    let text = source?.lines().nth(line.checked_sub(1)?)?;
    Some(format!("    {}\n", text.trim()))
}

fn capitalised(kind: transform::AccessKind) -> &'static str {
    match kind {
        transform::AccessKind::Read => "Read",
        transform::AccessKind::Write => "Write",
        transform::AccessKind::Atomic => "Atomic",
    }
}

/// One defect as the user sees it.
pub fn render(
    file: &str,
    source: Option<&str>,
    d: &Defect,
    dialect: Dialect,
    config: &TransformConfig,
) -> String {
    let multi = multi_dimensional(config);
    let mut out = String::new();
    let failing = if d.thread == Some(2) {
        &d.thread2
    } else {
        &d.thread1
    };
    let at = location(file, &d.location);
    match &d.kind {
        DefectKind::Race { logged, checked } => {
            let element = d.element.map_or("?".to_string(), |e| e.to_string());
            let array = d.array.clone().unwrap_or_else(|| "?".into());
            let byte = match d.element_width {
                Some(8) => String::new(),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "{file}: error: possible {}-{} race on {array}[{element}]{byte}:\n",
                logged.name(),
                checked.name()
            );
            let _ = writeln!(
                out,
                "{} by {}, {}:",
                capitalised(*checked),
                thread_phrase(&d.thread2, dialect, multi),
                location(file, &d.location)
            );
            out.push_str(&source_line(source, &d.location).unwrap_or_default());
            let _ = writeln!(
                out,
                "{} by {}, {}:",
                capitalised(*logged),
                thread_phrase(&d.thread1, dialect, multi),
                location(file, &d.logged_location)
            );
            out.push_str(&source_line(source, &d.logged_location).unwrap_or_default());
            out.push('\n');
            return out;
        }
        DefectKind::BarrierDivergence => {
            let _ = writeln!(
                out,
                "{at}: error: barrier may be reached by non-uniform control flow"
            );
        }
        DefectKind::Assertion => {
            let _ = writeln!(
                out,
                "{at}: error: this assertion might not hold for {}",
                thread_phrase(failing, dialect, multi)
            );
        }
        DefectKind::InvariantEntry => {
            let _ = writeln!(out, "{at}: error: loop invariant might not hold on entry");
        }
        DefectKind::InvariantMaintained => {
            let _ = writeln!(
                out,
                "{at}: error: loop invariant might not be maintained by the loop"
            );
        }
        DefectKind::Precondition => {
            let _ = writeln!(out, "{at}: error: precondition might not hold");
        }
        DefectKind::Postcondition => {
            let _ = writeln!(out, "{at}: error: postcondition might not hold");
        }
        DefectKind::NullPointer => {
            let _ = writeln!(out, "{at}: error: possible null pointer access");
        }
    }
    out.push_str(&source_line(source, &d.location).unwrap_or_default());
    out
}
