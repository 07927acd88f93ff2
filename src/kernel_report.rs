//! Rendering of kernel defects in the message format of DESIGN.md §6, and
//! of the `Verified:` summary (properties proved, assumptions made).
//!
//! Locations: the `{:source}` position of OpenCL and CUDA kernels; for a
//! kernel written in IVL (`.ivl` input, no `{:source}`), the position of
//! the statement in the `.ivl` file. A race's earlier access whose site is
//! unknown (its ghost was havocked at a loop head) is "an earlier access",
//! never a made-up position.

use std::fmt::Write;
use std::path::Path;
use transform::{Defect, DefectKind, ThreadIds, TransformConfig, TwoThreadProgram};

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

/// Whether ids print as `(x, y, z)`: the launch has a y or z dimension
/// larger than 1, or one of unknown size (`*`) in which the defect's
/// threads do have a nonzero y or z id.
fn multi_dimensional(config: &TransformConfig, d: &Defect) -> bool {
    let nonzero_yz = |t: &ThreadIds| {
        t.local[1..]
            .iter()
            .chain(&t.group[1..])
            .any(|id| id.is_some_and(|v| v != 0))
    };
    config.local_size[1..]
        .iter()
        .chain(&config.num_groups[1..])
        .any(|size| match size {
            Some(n) => *n > 1,
            None => nonzero_yz(&d.thread1) || nonzero_yz(&d.thread2),
        })
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

/// Where a defect or access is, as `(line, col)`: the `{:source}` position,
/// else (IVL input only: the spans index the file being verified) the IVL
/// statement's position.
struct Places<'a> {
    file: &'a str,
    source: Option<&'a str>,
    ivl: Option<ivl::SourceFile>,
}

impl<'a> Places<'a> {
    fn new(file: &'a str, source: Option<&'a str>) -> Places<'a> {
        let is_ivl = Path::new(file).extension().and_then(|e| e.to_str()) == Some("ivl");
        let ivl = match source {
            Some(text) if is_ivl => Some(ivl::SourceFile::new(file, text.to_string())),
            _ => None,
        };
        Places { file, source, ivl }
    }

    fn line_col(
        &self,
        loc: &Option<transform::SourceLoc>,
        span: Option<ivl::Span>,
    ) -> Option<(usize, usize)> {
        if let Some(l) = loc {
            return Some((l.line as usize, l.col as usize));
        }
        let (file, span) = (self.ivl.as_ref()?, span?);
        Some(file.line_col(span.start))
    }

    /// `kernel.cl:12:5`, or the bare file name when nothing is known.
    fn at(&self, loc: &Option<transform::SourceLoc>, span: Option<ivl::Span>) -> String {
        match self.line_col(loc, span) {
            Some((line, col)) => format!("{}:{line}:{col}", self.file),
            None => self.file.to_string(),
        }
    }

    /// For an access line: `kernel.cl:12:5`, or the file with a note when
    /// no position is known (never a bare `kernel.cl:`).
    fn access_at(&self, loc: &Option<transform::SourceLoc>, span: Option<ivl::Span>) -> String {
        match self.line_col(loc, span) {
            Some(_) => self.at(loc, span),
            None => format!("in {} (no source position)", self.file),
        }
    }

    /// The source line, indented, with its newline (empty if unknown).
    fn quote(&self, loc: &Option<transform::SourceLoc>, span: Option<ivl::Span>) -> String {
        let Some((line, _)) = self.line_col(loc, span) else {
            return String::new();
        };
        match self
            .source
            .and_then(|t| t.lines().nth(line.checked_sub(1)?))
        {
            Some(text) => format!("    {}\n", text.trim()),
            None => String::new(),
        }
    }
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
    let multi = multi_dimensional(config, d);
    let places = Places::new(file, source);
    let mut out = String::new();
    let failing = if d.thread == Some(2) {
        &d.thread2
    } else {
        &d.thread1
    };
    let at = places.at(&d.location, d.span);
    match &d.kind {
        DefectKind::Race { logged, checked } => {
            let element = d.element.map_or("?".to_string(), |e| e.to_string());
            let array = d.array.clone().unwrap_or_else(|| "?".into());
            let byte = d.byte.map_or(String::new(), |k| format!(" (byte {k})"));
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
                places.access_at(&d.location, d.span)
            );
            out.push_str(&places.quote(&d.location, d.span));
            if d.logged_site.is_none() {
                let _ = writeln!(
                    out,
                    "{} by {}, in an earlier access (before the loop or in an earlier iteration)",
                    capitalised(*logged),
                    thread_phrase(&d.thread1, dialect, multi),
                );
            } else {
                let _ = writeln!(
                    out,
                    "{} by {}, {}:",
                    capitalised(*logged),
                    thread_phrase(&d.thread1, dialect, multi),
                    places.access_at(&d.logged_location, d.logged_span)
                );
                out.push_str(&places.quote(&d.logged_location, d.logged_span));
            }
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
        DefectKind::ArrayBounds => {
            let _ = writeln!(
                out,
                "{at}: error: possible array out-of-bounds access on {}[..] by {}",
                d.array.as_deref().unwrap_or("an array"),
                thread_phrase(failing, dialect, multi)
            );
        }
    }
    out.push_str(&places.quote(&d.location, d.span));
    out
}

fn size_phrase(v: &[Option<u64>; 3]) -> String {
    let one = |x: Option<u64>| x.map_or("*".to_string(), |x| x.to_string());
    if v[1..].iter().all(|d| *d == Some(1)) {
        one(v[0])
    } else {
        format!("[{}, {}, {}]", one(v[0]), one(v[1]), one(v[2]))
    }
}

/// The success message: what was proved, under which assumptions.
pub fn verified(
    file: &str,
    two: &TwoThreadProgram,
    config: &TransformConfig,
    dialect: Dialect,
    checks: usize,
) -> String {
    let mut out = format!("Verified: {file} (kernel `{}`)\n", two.kernel_source_name);
    let mut proved: Vec<String> = Vec::new();
    if !config.only_divergence {
        proved.push(if config.only_intra_group {
            "no intra-group data races".into()
        } else {
            "no data races".into()
        });
    }
    proved.push("no barrier divergence".into());
    proved.push(format!(
        "{checks} check{} proved",
        if checks == 1 { "" } else { "s" }
    ));
    let _ = writeln!(out, "  {}", proved.join(", "));
    let (group, groups) = match dialect {
        Dialect::OpenCl => ("work group size", "number of work groups"),
        Dialect::Cuda => ("block size", "number of blocks"),
    };
    let mut assumed = vec![
        format!("{group} {}", size_phrase(&config.local_size)),
        format!("{groups} {}", size_phrase(&config.num_groups)),
    ];
    if config.only_divergence {
        assumed.push("data races not checked (--only-divergence)".into());
    } else if config.only_intra_group {
        assumed.push("inter-group races not checked (--only-intra-group)".into());
    }
    if let Some(n) = config.warp_sync {
        assumed.push(format!("threads of a warp of {n} run in lock step"));
    }
    if config.benign_tolerance && !config.only_divergence {
        assumed.push("writes of the same value are tolerated (benign)".into());
    }
    let kernel_args: Vec<String> = two
        .arrays
        .iter()
        .filter(|a| a.space == transform::MemorySpace::Global && a.kernel_arg)
        .map(|a| format!("`{}`", a.source_name))
        .collect();
    if kernel_args.len() > 1 {
        assumed.push(format!(
            "the array arguments {} do not alias",
            kernel_args.join(", ")
        ));
    }
    let abstractions: Vec<String> = two
        .arrays
        .iter()
        .filter(|a| a.is_racy_space())
        .map(|a| {
            let how = match a.abstraction {
                transform::Abstraction::Equality => "equality",
                transform::Abstraction::Adversarial => "adversarial",
            };
            format!("`{}` {how}", a.source_name)
        })
        .collect();
    if !abstractions.is_empty() {
        assumed.push(format!("abstraction: {}", abstractions.join(", ")));
    }
    let _ = writeln!(out, "  assuming: {}", assumed.join("; "));
    out
}
