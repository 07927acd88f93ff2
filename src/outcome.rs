//! Structured results of a run: one [`KernelResult`] per verified kernel
//! (or per input that failed before its kernels were known, or per
//! sequential `.ivl` program). The pipeline produces them and never prints
//! them; rendering is a separate step: text (`kernel_report`), JSON
//! (`json`), SARIF (`sarif`), the batch summary (`batch`).
//!
//! The JSON form of these types is the `--json` output; its schema is
//! `docs/report.schema.json` (keep the two in step: `tests/reports.rs`
//! validates real outputs against the schema).

use crate::exit::Outcome;
use serde::{Deserialize, Deserializer, Serialize};

/// Source language of an input, which also fixes the thread wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    OpenCl,
    Cuda,
    Ivl,
    Llvm,
}

impl Language {
    /// The language of an input: `--opencl`/`--cuda` when given, else the
    /// extension.
    pub fn of_input(path: &std::path::Path, cli: &crate::cli::Cli) -> Language {
        match cli.language_override() {
            Some(frontend::Language::OpenCl) => Language::OpenCl,
            Some(frontend::Language::Cuda) => Language::Cuda,
            _ => Language::of_path(path),
        }
    }

    pub fn of_path(path: &std::path::Path) -> Language {
        match path.extension().and_then(|e| e.to_str()) {
            Some("cu") => Language::Cuda,
            Some("ivl") => Language::Ivl,
            Some("bc" | "ll") => Language::Llvm,
            _ => Language::OpenCl,
        }
    }
}

/// The result of one kernel (or of one input file that stopped early).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KernelResult {
    /// The input file as given on the command line.
    pub file: String,
    /// The kernel's source name; `None` when the run stopped before any
    /// kernel was known (clang error, unsupported input, ...) or for a
    /// sequential `.ivl` program.
    pub kernel: Option<String>,
    pub language: Language,
    /// `verified`, `not-verified`, `timeout`, `command-line-error`, ...
    #[serde(
        serialize_with = "serialize_verdict",
        deserialize_with = "deserialize_verdict"
    )]
    pub verdict: Outcome,
    /// The exit code this result alone would give (docs/design.md §7).
    pub exit_code: u8,
    /// Set when loops were unwound (`--findbugs`, `--loop-unwind`): a
    /// success then only means "no defect up to this many iterations".
    pub loop_unwind: Option<u32>,
    /// One line saying how the kernel ended (the stdout line of the text
    /// output, without the property list).
    pub summary: String,
    /// What was proved (empty unless verified).
    pub proved: Vec<String>,
    /// The number of proof obligations discharged or checked.
    pub checks: usize,
    /// What the verdict assumes (sizes, non-aliasing, abstractions...).
    pub assumptions: Option<Assumptions>,
    pub defects: Vec<DefectReport>,
    /// Errors that are not defects of the kernel (tool errors, timeouts,
    /// unsupported input), as printed.
    pub errors: Vec<String>,
    /// Where the first error points in the source: the unsupported
    /// construct, else the kernel it stopped (SARIF's region of the
    /// notification). `None` when no position is known.
    #[serde(default)]
    pub error_location: Option<Location>,
    pub times: StageTimes,
    /// Whether the run reached a verdict (so `summary` is the verdict
    /// line) or stopped before one.
    #[serde(skip)]
    pub ending: Ending,
}

/// How the run of a result ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The proof attempt ran to its end: verified, defects found, or
    /// inference incomplete. `summary` is the verdict.
    Verdict,
    /// The run stopped before a verdict: an error (in `errors`),
    /// `--stop-at` (the program printed instead) or `--simulate` (whose
    /// output is printed as it runs).
    #[default]
    Stopped,
}

fn serialize_verdict<S: serde::Serializer>(v: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name())
}

/// Results are read back only from the cache (`src/cache.rs`).
fn deserialize_verdict<'de, D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
    let name = String::deserialize(d)?;
    Outcome::from_name(&name)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown verdict `{name}`")))
}

/// A fixed name. An alias, so that serde does not take the field for a
/// borrowed string (which would need `'de: 'static`).
pub type Name = &'static str;

/// The fixed names (`race`, `read`, `equality`...) of a cached result:
/// one of the names this build writes, else an error (a foreign entry).
fn deserialize_name<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    const NAMES: &[&str] = &[
        "race",
        "barrier-divergence",
        "assertion",
        "invariant-entry",
        "invariant-maintained",
        "precondition",
        "postcondition",
        "null-pointer",
        "array-bounds",
        "read",
        "write",
        "atomic",
        "equality",
        "adversarial",
    ];
    let name = String::deserialize(d)?;
    NAMES
        .iter()
        .find(|n| **n == name)
        .copied()
        .ok_or_else(|| serde::de::Error::custom(format!("unknown name `{name}`")))
}

impl KernelResult {
    /// A result with no kernel work done yet.
    pub fn new(file: &str, kernel: Option<&str>, language: Language) -> KernelResult {
        KernelResult {
            file: file.to_string(),
            kernel: kernel.map(str::to_string),
            language,
            verdict: Outcome::Verified,
            exit_code: 0,
            loop_unwind: None,
            summary: String::new(),
            proved: Vec::new(),
            checks: 0,
            assumptions: None,
            defects: Vec::new(),
            errors: Vec::new(),
            error_location: None,
            times: StageTimes::default(),
            ending: Ending::Stopped,
        }
    }

    pub fn set_verdict(&mut self, verdict: Outcome) {
        self.verdict = verdict;
        self.exit_code = verdict.code();
    }

    /// A file-level failure: no kernel, one error message.
    pub fn failed(
        file: &str,
        language: Language,
        verdict: Outcome,
        error: impl Into<String>,
    ) -> KernelResult {
        let mut r = KernelResult::new(file, None, language);
        r.set_verdict(verdict);
        r.errors.push(error.into());
        r
    }

    /// `file`, or `file (kernel `k`)`.
    pub fn title(&self) -> String {
        match &self.kernel {
            Some(k) => format!("{} (kernel `{k}`)", self.file),
            None => self.file.clone(),
        }
    }
}

/// Launch sizes and what else a verdict holds under.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Assumptions {
    /// Threads per group (x, y, z); `null` is any size (`*`).
    pub local_size: [Option<u64>; 3],
    pub num_groups: [Option<u64>; 3],
    pub global_offset: [Option<u64>; 3],
    /// OpenCL without `--global_offset`: the offset is assumed 0 (as a
    /// host passing a NULL offset to `clEnqueueNDRangeKernel`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub global_offset_default: bool,
    /// Array arguments (global, and read-only constant ones) assumed not to
    /// alias one another.
    pub non_aliasing: Vec<String>,
    /// The shared-state abstraction of each racy array.
    pub abstraction: Vec<ArrayAbstraction>,
    pub only_intra_group: bool,
    pub only_divergence: bool,
    /// Write-write races writing the same value are tolerated.
    pub benign_tolerance: bool,
    pub warp_sync: Option<u32>,
    /// The kernel has a grid-wide barrier (`grid.sync()`): the launch is
    /// assumed co-resident (a cooperative launch).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub co_resident: bool,
    /// The kernel allocates with device `malloc`/`new`: allocations are
    /// assumed to succeed (never null).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub device_allocation: bool,
    pub loop_unwind: Option<u32>,
    /// The kernel's own preconditions (`__requires`), assumed per thread.
    pub preconditions: usize,
    /// Scalar argument values fixed by `--kernel-args`, as IVL equations.
    pub kernel_args: Vec<String>,
    /// `--no-barrier-access-checks`: barrier invariants are assumed to read
    /// only elements no other work item wrote since the last barrier.
    #[serde(skip)]
    pub unchecked_barrier_access: bool,
    /// Atomic counters only ever incremented, whose increments are
    /// assumed to hand out distinct values (no wrap-around).
    #[serde(skip)]
    pub atomic_counters: Vec<String>,
    /// `--math-int`: integer arithmetic is assumed not to overflow.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub math_int: bool,
    /// Row-major indices `y * w + x` with `x < w` (`w` a kernel argument)
    /// assumed not to wrap: the widths and where the sums are.
    #[serde(skip)]
    pub row_major: Vec<String>,
    /// `--boogie-file`s whose axioms are assumed.
    #[serde(skip)]
    pub boogie_files: Vec<String>,
    /// Assumptions the frontend made while lowering (calls to functions
    /// without a body, ...): `{:frontend_note}` on the kernel procedure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frontend_notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrayAbstraction {
    pub array: String,
    /// `equality` or `adversarial`.
    #[serde(deserialize_with = "deserialize_name")]
    pub abstraction: Name,
}

/// One thread of the counterexample's pair, per dimension (x, y, z);
/// `null` where the model does not fix the id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadReport {
    pub local: [Option<u64>; 3],
    pub group: [Option<u64>; 3],
    /// `group * local_size + local` (without the OpenCL global offset).
    pub global: [Option<u64>; 3],
}

/// A position in the kernel source (or the `.ivl` file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub col: usize,
    /// The source line, trimmed, when the file could be read.
    pub source_line: Option<String>,
}

/// One access of a race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccessReport {
    /// `read`, `write` or `atomic`.
    #[serde(deserialize_with = "deserialize_name")]
    pub kind: Name,
    pub thread: ThreadReport,
    /// `None`: the access happened in an earlier loop iteration or before
    /// the loop, and no single statement can be named.
    pub location: Option<Location>,
    /// The access happened in an earlier loop iteration or before the
    /// loop (its site ghost was havocked at a loop head): no statement can
    /// be named, and `location` is `null`.
    pub earlier: bool,
    /// With `earlier`: the program's accesses of this kind to this array,
    /// one of which it was (empty when unknown).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_of: Vec<Location>,
}

/// A scalar kernel argument's value in the counterexample.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ArgumentValue {
    pub name: String,
    pub value: String,
}

/// One defect (a check that can fail), ready for any renderer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DefectReport {
    /// `race`, `barrier-divergence`, `assertion`, `invariant-entry`,
    /// `invariant-maintained`, `precondition`, `postcondition`,
    /// `null-pointer`, `array-bounds`.
    #[serde(deserialize_with = "deserialize_name")]
    pub kind: Name,
    /// For races: `write-write`, `read-write`, `atomic-read`, ...
    pub race_kind: Option<String>,
    /// The first line of the text message, without location and `error:`.
    pub message: String,
    pub array: Option<String>,
    /// The racing element (in elements of the array).
    pub element: Option<u64>,
    /// For an image, the racing element as pixel coordinates (`img(x, y)`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pixel: Option<Vec<u64>>,
    /// The racing byte within the element (sub-element accesses).
    pub byte: Option<u64>,
    /// The failing statement, or the checked (later) access of a race.
    pub location: Option<Location>,
    /// Races: the checked (later) access, by the second thread.
    pub access: Option<AccessReport>,
    /// Races: the earlier access, by the first thread.
    pub other_access: Option<AccessReport>,
    /// The thread an assertion failed for, when per thread.
    pub thread: Option<ThreadReport>,
    /// Both threads of the counterexample (kernels only).
    pub threads: Vec<ThreadReport>,
    /// Scalar kernel arguments in the counterexample.
    pub arguments: Vec<ArgumentValue>,
    /// Races and barrier divergence: whether a concrete execution with the
    /// counterexample's launch and arguments shows the defect
    /// (`src/replay.rs`); `None` when it was not replayed.
    pub replay: Option<crate::replay::Replayed>,
    /// Whether ids print as `(x, y, z)`.
    #[serde(skip)]
    pub multi_dimensional: bool,
    /// Sequential programs: the failing check, for the IVL renderer.
    #[serde(skip)]
    pub ivl_check: Option<IvlCheck>,
}

/// A failing check of a sequential `.ivl` program: what the IVL renderer
/// draws (the check underlined in the file, the clause, the model).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct IvlCheck {
    /// The procedure the check is in.
    pub procedure: String,
    /// What the underline names: `this assertion`, `this call to `f``...
    pub label: String,
    /// Byte offsets of the check in the file.
    pub span: (usize, usize),
    /// The contract clause that fails, when elsewhere (a precondition).
    pub clause: Option<(usize, usize)>,
    /// The counterexample's entries (`x = 3`, `m[0] = 1`...); empty: any
    /// values.
    pub model: Vec<String>,
}

impl DefectReport {
    /// Whether two reports say the same thing to a reader: one kind at one
    /// place for the same thread(s) (the arguments may differ). A
    /// per-thread check failing for both copies of a thread gives two.
    pub fn same_as(&self, other: &DefectReport) -> bool {
        self.kind == other.kind
            && self.message == other.message
            && self.location == other.location
            && self.access == other.access
            && self.other_access == other.other_access
            && self.thread == other.thread
            && self.multi_dimensional == other.multi_dimensional
    }
}

/// Wall time per pipeline stage, in seconds.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct StageTimes {
    /// clang, opt and lowering (or parsing a `.ivl` file); shared by the
    /// kernels of one file.
    pub frontend: f64,
    /// The two-thread transform.
    pub transform: f64,
    /// Each pass of the transform (`transform::Pass`), in the order they
    /// ran; their sum is at most `transform` (which also counts the type
    /// check of the product).
    #[serde(default)]
    pub transform_passes: Vec<PassTime>,
    /// Loop cutting, passification and VC generation.
    pub vc: f64,
    /// Houdini (invariant inference), all rounds.
    pub inference: f64,
    /// Each Houdini round.
    pub inference_rounds: Vec<f64>,
    /// The final proof query.
    pub solving: f64,
    /// The bounded run before inference (src/bounded_first.rs), all its
    /// stages; 0 when it did not run. Counted in `total`, not in the
    /// other stages (unless its defects are the result).
    #[serde(default)]
    pub bounded: f64,
    /// The whole kernel, from the start of the file.
    pub total: f64,
}

/// The wall time of one transform pass, in seconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PassTime {
    /// The pass's name (`transform::Pass::name`: `inline`, `flatten`...).
    pub pass: String,
    pub seconds: f64,
}

impl StageTimes {
    /// Adds the pass times of one transform run (a kernel transformed
    /// twice, sliced then whole, sums both).
    pub fn add_passes(&mut self, passes: &transform::PassTimes) {
        for (pass, d) in &passes.0 {
            self.add_pass(pass.name(), d.as_secs_f64());
        }
    }

    fn add_pass(&mut self, name: &str, seconds: f64) {
        match self.transform_passes.iter_mut().find(|p| p.pass == name) {
            Some(p) => p.seconds += seconds,
            None => self.transform_passes.push(PassTime {
                pass: name.to_string(),
                seconds,
            }),
        }
    }

    /// The time of the pass named `name` (zero when it did not run).
    pub fn pass(&self, name: &str) -> f64 {
        self.transform_passes
            .iter()
            .find(|p| p.pass == name)
            .map_or(0.0, |p| p.seconds)
    }

    /// Sums the times of another run of the same kernel's transform.
    pub fn add_transform(&mut self, other: &StageTimes) {
        self.transform += other.transform;
        for p in &other.transform_passes {
            self.add_pass(&p.pass, p.seconds);
        }
    }
}

/// Text written by one run, buffered so that parallel runs never
/// interleave; `main` copies it to the real streams.
#[derive(Clone, Debug, Default)]
pub struct TextOut {
    pub stdout: String,
    pub stderr: String,
}
