//! Kernel results for people: [`defect_report`] turns the transform's
//! [`Defect`] into the structured [`DefectReport`] (positions resolved,
//! source lines quoted), [`assumptions`] and [`proved`] describe a
//! verdict, and [`render_result`] prints a [`KernelResult`] in the message
//! format of docs/design.md §7 (defects on stderr, the verdict on stdout).
//!
//! Locations: the `{:source}` position of OpenCL and CUDA kernels; for a
//! kernel written in IVL (`.ivl` input, no `{:source}`), the position of
//! the statement in the `.ivl` file. A race's earlier access whose site is
//! unknown (its ghost was havocked at a loop head) is "an earlier access",
//! never a made-up position.

use crate::outcome::{
    AccessReport, ArgumentValue, ArrayAbstraction, Assumptions, DefectReport, Ending, KernelResult,
    Language, Location, TextOut, ThreadReport,
};
use crate::snippet;
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
    pub fn of_language(language: Language) -> Dialect {
        match language {
            Language::Cuda => Dialect::Cuda,
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

fn ids(v: &[Option<u64>; 3], multi: bool) -> String {
    let one = |x: Option<u64>| x.map_or("?".to_string(), |x| x.to_string());
    if multi {
        format!("({}, {}, {})", one(v[0]), one(v[1]), one(v[2]))
    } else {
        one(v[0])
    }
}

/// `work item 7 with local id 7 in work group 0` / `thread 3 in thread
/// block 1 (global id 35)`.
pub fn thread_phrase(t: &ThreadReport, dialect: Dialect, multi: bool) -> String {
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

fn narrow(v: &[Option<u128>; 3]) -> [Option<u64>; 3] {
    v.map(|x| x.and_then(|x| u64::try_from(x).ok()))
}

/// A thread's ids; a global id the model left unknown (no global offset
/// in it) is computed from the launch when its sizes and offset are given.
fn thread_report(t: &ThreadIds, config: &TransformConfig) -> ThreadReport {
    let mut global = t.global;
    for (k, id) in global.iter_mut().enumerate() {
        if id.is_none() {
            if let (Some(l), Some(g), Some(s), Some(o)) = (
                t.local[k],
                t.group[k],
                config.local_size[k],
                config.global_offset[k],
            ) {
                *id = Some((g * u128::from(s) + l + u128::from(o)) & 0xffff_ffff);
            }
        }
    }
    ThreadReport {
        local: narrow(&t.local),
        group: narrow(&t.group),
        global: narrow(&global),
    }
}

/// Where a defect or access is: the `{:source}` position, else (IVL input
/// only: the spans index the file being verified) the IVL statement's
/// position.
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

    fn location(
        &self,
        loc: &Option<transform::SourceLoc>,
        span: Option<ivl::Span>,
    ) -> Option<Location> {
        let (line, col) = match loc {
            Some(l) => (l.line as usize, l.col as usize),
            None => {
                let (file, span) = (self.ivl.as_ref()?, span?);
                file.line_col(span.start)
            }
        };
        // A position in another file (a helper header the kernel includes)
        // is shown in that file, with its line when it can be read.
        let other = loc
            .as_ref()
            .map(|l| l.file.as_str())
            .filter(|f| !f.is_empty() && !same_file(f, self.file));
        let other_text = other.and_then(|f| std::fs::read_to_string(f).ok());
        let text = match other {
            Some(_) => other_text.as_deref(),
            None => self.source,
        };
        let source_line = text
            .and_then(|t| t.lines().nth(line.checked_sub(1)?))
            .map(|text| text.trim().to_string());
        Some(Location {
            file: other.unwrap_or(self.file).to_string(),
            line,
            col,
            source_line,
        })
    }
}

/// Whether two paths name one file (as given, else canonicalised).
fn same_file(a: &str, b: &str) -> bool {
    a == b
        || match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
}

/// `kernel.cl:12:5` (the location's own file: a helper header may differ
/// from the kernel's), or the bare file name when nothing is known.
fn at(file: &str, location: &Option<Location>) -> String {
    match location {
        Some(l) => format!("{}:{}:{}", l.file, l.line, l.col),
        None => file.to_string(),
    }
}

/// For an access line: `kernel.cl:12:5`, or the file with a note when no
/// position is known (never a bare `kernel.cl:`).
fn access_at(file: &str, location: &Option<Location>) -> String {
    match location {
        Some(_) => at(file, location),
        None => format!("in {file} (no source position)"),
    }
}

/// The source line, indented, with its newline (empty if unknown).
fn quote(location: &Option<Location>) -> String {
    match location.as_ref().and_then(|l| l.source_line.as_ref()) {
        Some(text) => format!("    {text}\n"),
        None => String::new(),
    }
}

fn capitalised(kind: &str) -> String {
    let mut chars = kind.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The structured form of one defect. `source` is the kernel file's text
/// (for quoting lines), `arguments` the counterexample's scalar arguments.
pub fn defect_report(
    file: &str,
    source: Option<&str>,
    d: &Defect,
    config: &TransformConfig,
    arguments: Vec<ArgumentValue>,
) -> DefectReport {
    let places = Places::new(file, source);
    let location = places.location(&d.location, d.span);
    let thread1 = thread_report(&d.thread1, config);
    let thread2 = thread_report(&d.thread2, config);
    let mut report = DefectReport {
        kind: "race",
        race_kind: d.kind.race_name(),
        message: String::new(),
        array: d.array.clone(),
        element: d.element.and_then(|e| u64::try_from(e).ok()),
        pixel: None,
        byte: d.byte.and_then(|b| u64::try_from(b).ok()),
        location: location.clone(),
        access: None,
        other_access: None,
        thread: None,
        threads: vec![thread1.clone(), thread2.clone()],
        arguments,
        replay: None,
        multi_dimensional: multi_dimensional(config, d),
        ivl_check: None,
    };
    let (kind, message) = match &d.kind {
        DefectKind::Race { logged, checked } => {
            let element = d.element.map_or("?".to_string(), |e| e.to_string());
            let array = d.array.clone().unwrap_or_else(|| "?".into());
            let byte = d.byte.map_or(String::new(), |k| format!(" (byte {k})"));
            report.access = Some(AccessReport {
                kind: checked.name(),
                thread: thread2,
                location,
                earlier: false,
                one_of: Vec::new(),
            });
            // The logged access's position: from the model's site, or the
            // only position of that array's sites of that kind
            // (transform::defect); "earlier" only when neither names one.
            let logged_at =
                (d.logged_site.is_some() || d.logged_location.is_some() || d.logged_span.is_some())
                    .then(|| places.location(&d.logged_location, d.logged_span))
                    .flatten();
            report.other_access = Some(AccessReport {
                kind: logged.name(),
                thread: thread1,
                earlier: logged_at.is_none(),
                one_of: if logged_at.is_none() {
                    d.logged_candidates
                        .iter()
                        .filter_map(|l| places.location(&Some(l.clone()), None))
                        .collect()
                } else {
                    Vec::new()
                },
                location: logged_at,
            });
            (
                "race",
                format!(
                    "possible {}-{} race on {array}[{element}]{byte}",
                    logged.name(),
                    checked.name()
                ),
            )
        }
        DefectKind::BarrierDivergence => (
            "barrier-divergence",
            "barrier may be reached by non-uniform control flow".into(),
        ),
        DefectKind::Assertion => {
            report.thread = Some(if d.thread == Some(2) {
                report.threads[1].clone()
            } else {
                report.threads[0].clone()
            });
            ("assertion", "this assertion might not hold".into())
        }
        DefectKind::InvariantEntry => (
            "invariant-entry",
            "loop invariant might not hold on entry".into(),
        ),
        DefectKind::InvariantMaintained => (
            "invariant-maintained",
            "loop invariant might not be maintained by the loop".into(),
        ),
        DefectKind::Precondition => ("precondition", "precondition might not hold".into()),
        DefectKind::Postcondition => ("postcondition", "postcondition might not hold".into()),
        DefectKind::NullPointer => ("null-pointer", "possible null pointer access".into()),
        DefectKind::UndefinedBehaviour => (
            "undefined-behaviour",
            "undefined behaviour reached (possible null, undefined or misaligned pointer access, or an async copy whose elements overlap)".into(),
        ),
        DefectKind::CollectiveDivergence => (
            "async-copy",
            "asynchronous copy may be reached non-uniformly / with different arguments".into(),
        ),
        DefectKind::ArrayBounds => {
            report.thread = Some(if d.thread == Some(2) {
                report.threads[1].clone()
            } else {
                report.threads[0].clone()
            });
            (
                "array-bounds",
                format!(
                    "possible array out-of-bounds access on {}[..]",
                    d.array.as_deref().unwrap_or("an array")
                ),
            )
        }
    };
    report.kind = kind;
    report.message = message;
    report
}

/// One defect as the user sees it (docs/design.md §7), followed by the source
/// snippet with the access(es) underlined when the source is at hand.
pub fn render_defect(
    file: &str,
    source: Option<&str>,
    d: &DefectReport,
    dialect: Dialect,
) -> String {
    if let Some(check) = &d.ivl_check {
        return render_ivl_check(file, source, d, check);
    }
    let multi = d.multi_dimensional;
    let mut out = String::new();
    if let (Some(checked), Some(logged)) = (&d.access, &d.other_access) {
        let _ = writeln!(out, "{file}: error: {}:\n", d.message);
        let _ = writeln!(
            out,
            "{} by {}, {}:",
            capitalised(checked.kind),
            thread_phrase(&checked.thread, dialect, multi),
            access_at(file, &checked.location)
        );
        out.push_str(&quote(&checked.location));
        if logged.earlier {
            let _ = writeln!(
                out,
                "{} by {}, in an earlier access (before the loop or in an earlier iteration){}",
                capitalised(logged.kind),
                thread_phrase(&logged.thread, dialect, multi),
                if logged.one_of.is_empty() {
                    ""
                } else {
                    ", one of:"
                }
            );
            for at in &logged.one_of {
                let at = Some(at.clone());
                let _ = writeln!(out, "  {}:", access_at(file, &at));
                out.push_str(&quote(&at));
            }
        } else {
            let _ = writeln!(
                out,
                "{} by {}, {}:",
                capitalised(logged.kind),
                thread_phrase(&logged.thread, dialect, multi),
                access_at(file, &logged.location)
            );
            out.push_str(&quote(&logged.location));
        }
        if let Some(r) = &d.replay {
            let _ = writeln!(out, "note: {}", r.detail);
        }
        out.push('\n');
        if let Some(source) = source {
            out.push_str(&snippet::race(file, source, d, dialect));
        }
        return out;
    }
    let where_ = at(file, &d.location);
    match (&d.thread, d.kind) {
        (Some(thread), "array-bounds") => {
            let _ = writeln!(
                out,
                "{where_}: error: {} by {}",
                d.message,
                thread_phrase(thread, dialect, multi)
            );
        }
        (Some(thread), "assertion") => {
            let _ = writeln!(
                out,
                "{where_}: error: {} for {}",
                d.message,
                thread_phrase(thread, dialect, multi)
            );
        }
        _ => {
            let _ = writeln!(out, "{where_}: error: {}", d.message);
        }
    }
    out.push_str(&quote(&d.location));
    if let Some(r) = &d.replay {
        let _ = writeln!(out, "note: {}", r.detail);
    }
    out
}

/// A failing check of a sequential `.ivl` program, drawn by the IVL
/// renderer when the file's text is at hand.
fn render_ivl_check(
    file: &str,
    source: Option<&str>,
    d: &DefectReport,
    check: &crate::outcome::IvlCheck,
) -> String {
    match source {
        Some(text) => {
            let file = ivl::SourceFile::new(file, text.to_string());
            crate::report::Renderer::for_stderr().render_check(&file, &d.message, check)
        }
        None => format!("{}: error: {}\n", at(file, &d.location), d.message),
    }
}

fn size_phrase(v: &[Option<u64>; 3]) -> String {
    let one = |x: Option<u64>| x.map_or("*".to_string(), |x| x.to_string());
    if v[1..].iter().all(|d| *d == Some(1)) {
        one(v[0])
    } else {
        format!("[{}, {}, {}]", one(v[0]), one(v[1]), one(v[2]))
    }
}

/// The properties a success proves.
pub fn proved(config: &TransformConfig) -> Vec<String> {
    let mut proved: Vec<String> = Vec::new();
    if !config.only_divergence {
        proved.push(if config.only_intra_group {
            "no intra-group data races".into()
        } else {
            "no data races".into()
        });
    }
    proved.push("no barrier divergence".into());
    if let Some(k) = config.k_induction.filter(|_| config.loop_unwind.is_none()) {
        proved.push(format!("loops by k-induction of depth {k}"));
    }
    proved
}

/// Whether a statement of `program` carries the attribute `name`.
fn has_statement_attr(program: &ivl::Program, name: &str) -> bool {
    program.procedures().any(|p| {
        p.body.as_ref().is_some_and(|b| {
            b.blocks
                .iter()
                .flat_map(|b| &b.stmts)
                .any(|s| ivl::ast::has_attr(&s.attrs, name))
        })
    })
}

/// What a verdict on `two` under `config` assumes; `kernel` is the
/// kernel's procedure before the transform (its `requires`).
pub fn assumptions(
    two: &TwoThreadProgram,
    kernel: Option<&ivl::ast::Procedure>,
    config: &TransformConfig,
) -> Assumptions {
    let requires = kernel.map_or(&[][..], |p| &p.requires[..]);
    Assumptions {
        preconditions: requires
            .iter()
            .filter(|r| ivl::ast::has_attr(&r.attrs, "user"))
            .count(),
        kernel_args: requires
            .iter()
            .filter(|r| ivl::ast::has_attr(&r.attrs, "kernel_args"))
            // The frontend's readable form when it gives one (image sizes).
            .map(|r| {
                match ivl::ast::find_attr(&r.attrs, "kernel_args").and_then(|a| a.args.first()) {
                    Some(ivl::ast::AttrArg::Str(text)) => text.clone(),
                    _ => r.expr.to_string(),
                }
            })
            .collect(),
        local_size: config.local_size,
        num_groups: config.num_groups,
        global_offset: config.global_offset,
        // Set by the caller, which knows whether `--global_offset` was given.
        global_offset_default: false,
        // Read-only arguments count too (`__constant` buffers, pointer
        // tables the kernel only reads, which the frontend makes constant
        // memory): a written argument aliasing one would race with its
        // reads. One name per argument (a pointer table has two maps).
        non_aliasing: {
            let mut names: Vec<String> = Vec::new();
            for a in &two.arrays {
                let space = matches!(
                    a.space,
                    transform::MemorySpace::Global | transform::MemorySpace::Constant
                );
                if space && a.kernel_arg && !names.contains(&a.source_name) {
                    names.push(a.source_name.clone());
                }
            }
            names
        },
        // One entry per (name, abstraction): a pointer read from memory
        // more than once (`d_weights` loaded twice) names several maps.
        abstraction: {
            let mut entries: Vec<ArrayAbstraction> = Vec::new();
            for a in two.arrays.iter().filter(|a| a.is_racy_space()) {
                let entry = ArrayAbstraction {
                    array: a.source_name.clone(),
                    abstraction: match a.abstraction {
                        transform::Abstraction::Equality => "equality",
                        transform::Abstraction::Adversarial => "adversarial",
                    },
                };
                if !entries.contains(&entry) {
                    entries.push(entry);
                }
            }
            entries
        },
        only_intra_group: config.only_intra_group,
        only_divergence: config.only_divergence,
        benign_tolerance: config.benign_tolerance && !config.only_divergence,
        warp_sync: config.warp_sync,
        co_resident: transform::warp::uses_grid_barrier(&two.program),
        device_allocation: has_statement_attr(&two.program, "device_allocation"),
        loop_unwind: config.loop_unwind,
        unchecked_barrier_access: !config.barrier_access_checks,
        atomic_counters: atomic_counters(two),
        math_int: false,
        row_major: Vec::new(),
        boogie_files: Vec::new(),
        frontend_notes: kernel.map_or_else(Vec::new, |p| {
            p.attrs
                .iter()
                .filter(|a| a.name == frontend::lower::FRONTEND_NOTE_ATTR)
                .filter_map(|a| match a.args.first() {
                    Some(ivl::ast::AttrArg::Str(s)) => Some(s.clone()),
                    _ => None,
                })
                .fold(Vec::new(), |mut notes: Vec<String>, note| {
                    if !notes.contains(&note) {
                        notes.push(note);
                    }
                    notes
                })
        }),
    }
}

/// Marks a counter of the range model in [`Assumptions::atomic_counters`].
const RANGE_MARK: &str = "@ranges";

/// The counters the frontend's atomic-slot model (frontend
/// lower/atomic_slots.rs) made assumptions about: the names inside its
/// `$slot_owner.<counter>.<component>` functions.
fn atomic_counters(two: &TwoThreadProgram) -> Vec<String> {
    let mut names: Vec<String> = two
        .program
        .decls
        .iter()
        .filter_map(|d| match d {
            ivl::ast::Decl::Function(f) => f
                .name
                .name
                .strip_prefix("$slot_owner.")
                .map(|rest| (rest, ""))
                .or_else(|| {
                    // Ranges reserved by atomic adds (frontend
                    // lower/range_owner.rs).
                    f.name
                        .name
                        .strip_prefix(frontend::lower::range_owner::RANGE_OWNER_PREFIX)
                        .and_then(|r| r.strip_prefix('.'))
                        .map(|rest| (rest, RANGE_MARK))
                }),
            _ => None,
        })
        .filter_map(|(rest, mark)| {
            rest.rsplit_once('.')
                .map(|(counter, _)| format!("{counter}{mark}"))
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The `assuming:` phrase of an OpenCL launch without `--global_offset`.
pub const GLOBAL_OFFSET_DEFAULT: &str =
    "global offset 0 (no --global_offset; `--global_offset=*` for any offset)";

/// The `assuming:` phrases of a success message.
pub fn assumption_phrases(a: &Assumptions, dialect: Dialect) -> Vec<String> {
    let (group, groups) = match dialect {
        Dialect::OpenCl => ("work group size", "number of work groups"),
        Dialect::Cuda => ("block size", "number of blocks"),
    };
    let mut assumed = vec![
        format!("{group} {}", size_phrase(&a.local_size)),
        format!("{groups} {}", size_phrase(&a.num_groups)),
    ];
    if a.global_offset_default {
        assumed.push(GLOBAL_OFFSET_DEFAULT.into());
    }
    // Launch assumption of `transform::specs` that a concrete launch cannot
    // break (`check_launch` refuses those): it constrains `*` entries only.
    // An unconstrained offset alone is not listed: with it the assumption
    // is OpenCL's own validity rule for a 32-bit `size_t` (SOUNDNESS.md).
    let size_free = a
        .local_size
        .iter()
        .chain(&a.num_groups)
        .any(Option::is_none);
    if size_free {
        assumed.push(format!(
            "at most {} threads{} per dimension (32-bit ids)",
            transform::MAX_LAUNCH_EXTENT,
            if dialect == Dialect::OpenCl {
                ", global offset included,"
            } else {
                ""
            }
        ));
    }
    if a.only_divergence {
        assumed.push("data races not checked (--only-divergence)".into());
    } else if a.only_intra_group {
        assumed.push("inter-group races not checked (--only-intra-group)".into());
    }
    if let Some(n) = a.warp_sync {
        assumed.push(format!("threads of a warp of {n} run in lock step"));
    }
    if a.co_resident {
        assumed.push(
            "all blocks are resident at once (a cooperative launch: grid.sync() is a grid barrier)"
                .into(),
        );
    }
    if a.device_allocation {
        assumed.push("device allocations (malloc, new) succeed".into());
    }
    if a.benign_tolerance {
        assumed.push("writes of the same value are tolerated (benign)".into());
    }
    if a.non_aliasing.len() > 1 {
        let names: Vec<String> = a.non_aliasing.iter().map(|n| format!("`{n}`")).collect();
        assumed.push(format!(
            "the array arguments {} do not alias",
            names.join(", ")
        ));
    }
    let abstractions: Vec<String> = a
        .abstraction
        .iter()
        .map(|x| format!("`{}` {}", x.array, x.abstraction))
        .collect();
    if !abstractions.is_empty() {
        assumed.push(format!("abstraction: {}", abstractions.join(", ")));
    }
    if a.preconditions > 0 {
        assumed.push(format!(
            "the kernel's {} precondition{} (`__requires`)",
            a.preconditions,
            plural(a.preconditions)
        ));
    }
    if !a.kernel_args.is_empty() {
        assumed.push(format!("arguments {}", a.kernel_args.join(", ")));
    }
    assumed.extend(a.frontend_notes.iter().cloned());
    for counter in &a.atomic_counters {
        let reset = frontend::lower::atomic_slots::RESET_MARK;
        if let Some(counter) = counter.strip_suffix(RANGE_MARK) {
            assumed.push(format!(
                "the atomic counter `{counter}` is only added to and does not wrap around in the \
                 launch (the range [old, old + step) of each atomic add goes to one work group)"
            ));
            continue;
        }
        match counter.strip_suffix(reset).map(|c| c.trim_end_matches('.')) {
            Some(counter) => assumed.push(format!(
                "the atomic counter `{counter}` is only incremented between its resets, which \
                 barriers order, and does not wrap around (each value handed out between two \
                 barriers goes to one work item)"
            )),
            None => assumed.push(format!(
                "the atomic counter `{counter}` is only incremented and does not wrap around \
                 (each value goes to one work item), advancing by less than 1/{} of its range \
                 in the launch",
                1u32 << frontend::lower::atomic_slots::ADVANCE_SHIFT
            )),
        }
    }
    if a.math_int {
        assumed.push("integer arithmetic is assumed not to overflow (--math-int)".into());
    }
    if !a.row_major.is_empty() {
        assumed.push(format!(
            "row-major indices `y * w + x` with `x < w` do not wrap around (w: {}; \
             --no-row-major-assumption to drop)",
            a.row_major.join(", ")
        ));
    }
    if a.unchecked_barrier_access {
        assumed.push(
            "barrier invariants read only elements no other work item wrote since \
             the last barrier (--no-barrier-access-checks)"
                .into(),
        );
    }
    for file in &a.boogie_files {
        assumed.push(format!("the axioms of {file} (--boogie-file)"));
    }
    assumed
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The success message of a kernel: what was proved, under which
/// assumptions.
fn render_verified(r: &KernelResult, dialect: Dialect) -> String {
    let mut out = format!("{}\n", r.summary);
    let mut proved = r.proved.clone();
    proved.push(format!("{} check{} proved", r.checks, plural(r.checks)));
    let _ = writeln!(out, "  {}", proved.join(", "));
    if let Some(a) = &r.assumptions {
        let _ = writeln!(
            out,
            "  assuming: {}",
            assumption_phrases(a, dialect).join("; ")
        );
    }
    out
}

/// A kernel result in the text format: defects then errors on stderr, the
/// verdict on stdout. `source` is the kernel file's text, if readable;
/// `error_limit` (`--error-limit=N`) caps the defects printed (all are
/// counted).
pub fn render_result(
    r: &KernelResult,
    source: Option<&str>,
    error_limit: Option<u32>,
    out: &mut TextOut,
) {
    let dialect = Dialect::of_language(r.language);
    let shown = error_limit.map_or(r.defects.len(), |n| n as usize);
    for d in r.defects.iter().take(shown) {
        out.stderr
            .push_str(&render_defect(&r.file, source, d, dialect));
    }
    if r.defects.len() > shown {
        let hidden = r.defects.len() - shown;
        out.stderr.push_str(&format!(
            "{}: note: {hidden} more possible defect{} not shown (--error-limit={shown})\n",
            r.file,
            if hidden == 1 { "" } else { "s" }
        ));
    }
    for e in &r.errors {
        out.stderr.push_str(e);
        if !e.ends_with('\n') {
            out.stderr.push('\n');
        }
    }
    if r.ending != Ending::Verdict {
        return;
    }
    let verified = r.verdict == crate::exit::Outcome::Verified;
    if verified && r.kernel.is_some() && r.loop_unwind.is_none() {
        out.stdout.push_str(&render_verified(r, dialect));
    } else {
        out.stdout.push_str(&r.summary);
        out.stdout.push('\n');
        // A sequential program's success: what was proved, in how many
        // procedures.
        if verified && r.kernel.is_none() {
            for line in &r.proved {
                let _ = writeln!(out.stdout, "  {line}");
            }
        }
    }
}

/// Renames an image's element `img[n]` in a race report as the pixel
/// `img(x, y)` when the kernel's map of `array` is an image
/// (`{:image_coordinates}`, see frontend::lower::images).
pub fn name_pixels(report: &mut crate::outcome::DefectReport, program: &ivl::Program) {
    let (Some(array), Some(element)) = (report.array.clone(), report.element) else {
        return;
    };
    let Some(var) = program.global_vars().find(|v| {
        transform::arrays::attr_str(&v.attrs, ivl::kernel::SOURCE_NAME_ATTR).as_deref()
            == Some(array.as_str())
            && ivl::ast::has_attr(&v.attrs, frontend::lower::images::IMAGE_COORDINATES_ATTR)
    }) else {
        return;
    };
    let coordinates =
        transform::arrays::attr_int(&var.attrs, frontend::lower::images::IMAGE_COORDINATES_ATTR)
            .unwrap_or(1) as u32;
    let ptr_bits = match &var.ty {
        ivl::ast::Type::Map(domain, _) => domain.bv_width().unwrap_or(32),
        _ => 32,
    };
    let coordinates: Vec<u64> =
        frontend::lower::images::pixel_coordinates(u128::from(element), coordinates, ptr_bits)
            .into_iter()
            .map(|c| c as u64)
            .collect();
    let pixel = pixel_text(&coordinates);
    report.pixel = Some(coordinates);
    report.message = report
        .message
        .replace(&format!("{array}[{element}]"), &format!("{array}({pixel})"));
}

/// `x, y` of a pixel.
pub fn pixel_text(coordinates: &[u64]) -> String {
    coordinates
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
