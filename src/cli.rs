//! The command line: one clap definition drives parsing and `--help`.

use crate::exit::exit_code_help;
use clap::{CommandFactory, Parser, ValueEnum};
use std::path::PathBuf;

/// Where to stop the pipeline and print the program reached so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StopAt {
    /// Print the (kernel) IVL after parsing and type checking.
    Ivl,
    /// Print the sequential two-thread program the transform produces.
    #[value(name = "two-thread")]
    TwoThread,
    /// Print the verification condition as SMT-LIB2 (for a kernel: of the
    /// two-thread program before invariant inference)
    Vc,
}

#[derive(Clone, Debug, Parser)]
#[command(
    name = "gpuverify",
    version,
    about = "Prove GPU kernels free of data races and barrier divergence",
    long_about = "Prove GPU kernels (OpenCL C, CUDA) free of data races and barrier \
divergence, or show the pair of threads that breaks them.\n\n\
Inputs: OpenCL C (.cl), CUDA (.cu), LLVM bitcode or IR (.bc, .ll) and IVL (.ivl: \
kernel-dialect programs are verified like kernels; sequential programs have every \
assertion, invariant and contract checked). The language comes from the extension \
unless --opencl or --cuda says otherwise. Sizes take `64`, `[32,32]`, `2,3,4` or `*` \
(unconstrained) per dimension. See docs/usage.md and docs/tutorial.md.",
    after_help = EXAMPLES
)]
pub struct Cli {
    /// Input files, directories (searched recursively for .cl, .cu and
    /// .ivl files) or glob patterns; several inputs run as a batch
    #[arg(required_unless_present = "launches", value_name = "FILE")]
    pub files: Vec<PathBuf>,

    // ---- Recorded launches (src/launches.rs, docs/launch-recording.md) ----
    /// Verify the kernel launches recorded by `gpuverify record` (GPUVerify's
    /// intercepted-launch JSON): each distinct launch once, with its sizes,
    /// scalar arguments and build options
    #[arg(long, value_name = "FILE", conflicts_with_all = ["files", "local_size", "num_groups", "global_size", "global_offset", "kernel_args", "shard"], help_heading = "Recorded launches")]
    pub launches: Option<PathBuf>,

    /// With --launches: list the distinct launches, numbered, and verify nothing
    /// (GPUVerify's spelling --list-intercepted is accepted)
    #[arg(long, alias = "list-intercepted", help_heading = "Recorded launches")]
    pub list_launches: bool,

    /// With --launches: verify every launch (the default; GPUVerify's flag)
    #[arg(long, help_heading = "Recorded launches")]
    pub verify_all_intercepted: bool,

    /// With --launches: verify only launch N (numbered as --list-launches
    /// shows; GPUVerify's spelling --verify-intercepted=N is accepted)
    #[arg(long, alias = "verify-intercepted", value_name = "N", value_parser = clap::value_parser!(u32).range(1..), help_heading = "Recorded launches")]
    pub verify_launch: Option<u32>,

    /// Argument values by parameter position, set per recorded launch (not a flag)
    #[arg(skip)]
    pub launch_param_values: Vec<frontend::KernelValues>,

    /// Buffer sizes in bytes by parameter position, set per recorded launch (not a flag)
    #[arg(skip)]
    pub launch_param_bytes: Vec<frontend::KernelValues>,

    // ---- Output formats and batch runs (src/json.rs, sarif.rs, batch.rs) ----
    /// Print the results as one JSON document on stdout (`results`: one
    /// object per kernel; schema: docs/report.schema.json); the text
    /// reports stay on stderr. GPUVerify's meaning is accepted too: with
    /// a single `.json` input, `--json` says that input is a launch record
    /// (as --launches=FILE)
    #[arg(long, conflicts_with_all = ["stop_at", "simulate", "infer_info"], help_heading = "Output")]
    pub json: bool,

    /// Also write the results as a SARIF 2.1.0 log to FILE (for CI code
    /// scanning)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["stop_at", "simulate"], help_heading = "Output")]
    pub sarif: Option<PathBuf>,

    /// Print the time of each stage (frontend, transform, VC generation,
    /// inference, solving) per kernel on stderr
    #[arg(long, help_heading = "Output")]
    pub time: bool,

    /// Verify up to N files at once (default: one per core)
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024), help_heading = "Output")]
    pub jobs: Option<u32>,

    /// Verify only shard K of N (1 <= K <= N) of the inputs: the files
    /// after expansion, sorted, taken round-robin; the N shards together
    /// cover every input exactly once (CI matrices, docs/ci.md)
    #[arg(long, value_name = "K/N", value_parser = parse_shard, help_heading = "Output")]
    pub shard: Option<Shard>,

    /// Reuse results from DIR for inputs whose preprocessed source, flags
    /// and tool build are unchanged, and store new ones there (src/cache.rs;
    /// GPUVerify's --cache=FILE is accepted and names this directory)
    #[arg(long, alias = "cache", value_name = "DIR", conflicts_with_all = ["stop_at", "simulate", "dump_smt2", "infer_info"], help_heading = "Output")]
    pub cache_dir: Option<PathBuf>,

    // ---- Launch (docs/design.md §7) ----
    /// Threads per group (OpenCL local size, CUDA blockDim): `64`, `[32,32]`, `2,3,4`, `*`
    #[arg(long = "local_size", visible_alias = "blockDim", value_name = "DIMS", value_parser = parse_sizes, help_heading = "Launch")]
    pub local_size: Option<Dims>,

    /// Number of groups (OpenCL num_groups, CUDA gridDim)
    #[arg(long = "num_groups", visible_alias = "gridDim", value_name = "DIMS", value_parser = parse_sizes, help_heading = "Launch")]
    pub num_groups: Option<Dims>,

    /// Total threads per dimension (OpenCL global size): divided by
    /// --local_size to give the number of groups
    #[arg(long = "global_size", value_name = "DIMS", value_parser = parse_sizes, conflicts_with = "num_groups", requires = "local_size", help_heading = "Launch")]
    pub global_size: Option<Dims>,

    /// OpenCL global offset (added to every global id)
    #[arg(long = "global_offset", value_name = "DIMS", value_parser = parse_offsets, help_heading = "Launch")]
    pub global_offset: Option<Dims>,

    /// Shared-state abstraction: per array by taint analysis, or one for all
    #[arg(long, value_enum, default_value_t = AbstractionArg::Auto, value_name = "KIND", help_heading = "Checking")]
    pub abstraction: AbstractionArg,

    /// Same as --abstraction=equality
    #[arg(
        long,
        conflicts_with = "adversarial_abstraction",
        help_heading = "Checking"
    )]
    pub equality_abstraction: bool,

    /// Same as --abstraction=adversarial
    #[arg(long, help_heading = "Checking")]
    pub adversarial_abstraction: bool,

    /// Only check pairs of threads in the same group
    #[arg(long, help_heading = "Checking")]
    pub only_intra_group: bool,

    /// Only check barrier divergence (and assertions), not races
    #[arg(long, help_heading = "Checking")]
    pub only_divergence: bool,

    /// Report write-write races even when both threads write the same value
    #[arg(long, help_heading = "Checking")]
    pub no_benign_tolerance: bool,

    /// Threads of one warp of N threads run in lock step and never race
    /// (N at most 65536)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_WARP_SIZE as i64), help_heading = "Checking")]
    pub warp_sync: Option<u32>,

    /// Prove the kernel correct (the default mode; accepted for GPUVerify
    /// compatibility)
    #[arg(long, conflicts_with = "findbugs", help_heading = "Checking")]
    pub verify: bool,

    /// Also prove every access to an array of known size in bounds
    /// (local/shared/private arrays; kernel arrays sized by --kernel-arrays)
    #[arg(long, help_heading = "Checking")]
    pub check_array_bounds: bool,

    /// CUDA: bytes of dynamic shared memory the launch gives (the third
    /// `<<<grid, block, bytes>>>` argument): the size of the `extern
    /// __shared__` arrays, checked by --check-array-bounds; without it the
    /// size is unconstrained
    #[arg(long, value_name = "BYTES", help_heading = "Checking")]
    pub dynamic_shared_bytes: Option<u64>,

    /// Assume each pointer the host stored in memory the kernel reads
    /// pointers from (a `struct { float *x, *y; }` descriptor, a
    /// `__device__` pointer) points to a buffer of its own: never one of the
    /// kernel's arrays or another stored pointer's buffer
    #[arg(long, help_heading = "Checking")]
    pub distinct_host_buffers: bool,

    /// Bug finding: unroll loops (--loop-unwind, default 2) instead of proving
    #[arg(long, help_heading = "Checking")]
    pub findbugs: bool,

    /// Unroll every loop N times (N at most 1000); a success then means
    /// "no defects up to N iterations"
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=MAX_LOOP_UNWIND as i64), help_heading = "Checking")]
    pub loop_unwind: Option<u32>,

    /// Keep device functions as two-thread procedures verified against their contracts (no inlining)
    #[arg(long, help_heading = "Checking")]
    pub no_inline: bool,

    // ---- Invariant inference (issue 6; see src/infer_cli.rs) ----
    /// Do not infer loop invariants (only user invariants are used)
    #[arg(long, help_heading = "Inference")]
    pub no_infer: bool,

    /// Do not generate candidates with these rule tags (comma-separated)
    #[arg(long, value_name = "TAG[,TAG]", value_delimiter = ',', value_parser = crate::infer_cli::parse_tag, help_heading = "Inference")]
    pub omit_infer: Vec<String>,

    /// Print the candidates generated per rule, the survivors and the Houdini rounds
    #[arg(long, help_heading = "Inference")]
    pub infer_info: bool,

    // ---- Frontend ----
    /// Define a preprocessor macro for clang (repeatable)
    #[arg(short = 'D', value_name = "NAME[=V]", action = clap::ArgAction::Append, help_heading = "Frontend")]
    pub defines: Vec<String>,

    /// Add a directory to clang's include path (repeatable)
    #[arg(short = 'I', value_name = "DIR", action = clap::ArgAction::Append, help_heading = "Frontend")]
    pub include_dirs: Vec<PathBuf>,

    /// Only these kernels of the file (by source name; repeatable)
    #[arg(long = "kernel", value_name = "NAME", action = clap::ArgAction::Append, help_heading = "Frontend")]
    pub kernels: Vec<String>,

    /// Values of kernel K's scalar arguments, `*` for unconstrained (repeatable)
    #[arg(long, value_name = "K,v1,...", value_parser = parse_kernel_values, action = clap::ArgAction::Append, help_heading = "Frontend")]
    pub kernel_args: Vec<frontend::KernelValues>,

    /// Sizes in elements of kernel K's array arguments, `*` for unknown (repeatable)
    #[arg(long, value_name = "K,s1,...", value_parser = parse_kernel_values, action = clap::ArgAction::Append, help_heading = "Frontend")]
    pub kernel_arrays: Vec<frontend::KernelValues>,

    /// OpenCL C version for .cl input
    #[arg(long = "cl-std", value_name = "VERSION", default_value = "CL1.2", value_parser = ["CL1.2", "CL2.0"], help_heading = "Frontend")]
    pub cl_std: String,

    /// Pointer width of the compilation target
    #[arg(long, default_value_t = 32, value_parser = parse_pointer_bitwidth, value_name = "BITS", help_heading = "Frontend")]
    pub pointer_bitwidth: u32,

    /// Treat the input as OpenCL C whatever its extension
    #[arg(long, conflicts_with = "cuda", help_heading = "Frontend")]
    pub opencl: bool,

    /// Treat the input as CUDA whatever its extension
    #[arg(long, help_heading = "Frontend")]
    pub cuda: bool,

    /// Assume that integer addition, subtraction and multiplication never
    /// overflow (signed, 16 bits or wider), so index arithmetic such as
    /// `y * width + x` acts like mathematical integers; printed as an
    /// assumption
    #[arg(long, help_heading = "Frontend")]
    pub math_int: bool,

    /// Do not assume that row-major indices `y * w + x` with `x < w` (`w` a
    /// kernel argument) stay below 2^N; the assumption is otherwise made
    /// and printed for every such index
    #[arg(long, help_heading = "Frontend")]
    pub no_row_major_assumption: bool,

    /// The SMT solver: portfolio (z3 in-process and cvc5 racing on every
    /// query, the first conclusive answer wins), z3 (in-process), cvc5 or
    /// z3-smtlib (child processes)
    #[arg(long, value_enum, default_value_t = SolverChoice::Portfolio, value_name = "SOLVER", help_heading = "Solving")]
    pub solver: SolverChoice,

    /// Time budget of each solver query in seconds (0: none); an exhausted
    /// budget means "not verified" (exit 7), never "verified"
    #[arg(
        long,
        default_value_t = 60,
        value_name = "SECS",
        value_parser = clap::value_parser!(u64).range(0..=MAX_TIMEOUT_SECS),
        help_heading = "Solving"
    )]
    pub timeout: u64,

    /// Stop after a stage and print the program it produced
    #[arg(long, value_enum, value_name = "STAGE", help_heading = "Debugging")]
    pub stop_at: Option<StopAt>,

    /// Write every solver query to FILE as SMT-LIB2 (replay with `z3 FILE`)
    #[arg(long, value_name = "FILE", help_heading = "Debugging")]
    pub dump_smt2: Option<PathBuf>,

    /// Run each kernel concretely for the given launch (every thread, in the
    /// synchronous delayed-visibility semantics) instead of verifying it;
    /// inputs not given by --kernel-args are drawn from --seed
    #[arg(long, help_heading = "Simulation")]
    pub simulate: bool,

    /// With --simulate: print the lock-step execution (enabled threads per
    /// block, what each barrier clears)
    #[arg(long, requires = "simulate", help_heading = "Simulation")]
    pub trace: bool,

    // ---- GPUVerify compatibility (src/compat.rs; docs/usage.md) ----
    /// Pass an option to clang (repeatable), e.g. --clang-opt=-Wall
    #[arg(long = "clang-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility")]
    pub clang_opts: Vec<String>,

    /// GPUVerify's pass-through options to its own tools (opt, bugle,
    /// VC generation, cruncher, Boogie): accepted and ignored with one
    /// warning line each
    #[arg(long = "opt-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility")]
    pub opt_opts: Vec<String>,
    #[arg(long = "bugle-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub bugle_opts: Vec<String>,
    #[arg(long = "vcgen-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub vcgen_opts: Vec<String>,
    #[arg(long = "cruncher-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub cruncher_opts: Vec<String>,
    #[arg(long = "boogie-opt", value_name = "OPT", allow_hyphen_values = true, action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub boogie_opts: Vec<String>,

    /// Extra declarations and axioms in Boogie syntax (`const`, `function`,
    /// `axiom`), added to every kernel; a function named like a kernel's
    /// DECLARE_UF_* function is that function. The axioms are assumptions
    #[arg(long = "boogie-file", value_name = "FILE", action = clap::ArgAction::Append, help_heading = "GPUVerify compatibility")]
    pub boogie_files: Vec<PathBuf>,

    /// Log accesses but check no races (only assertions and barrier
    /// divergence): the same as --only-divergence
    #[arg(long, help_heading = "GPUVerify compatibility")]
    pub only_log: bool,

    /// Prove loops by k-induction of depth K (K >= 1) instead of loop
    /// invariants: K iterations checked from the entry, then K arbitrary
    /// iterations assumed and the next one checked (docs/usage.md)
    #[arg(long, value_name = "K", help_heading = "GPUVerify compatibility")]
    pub k_induction_depth: Option<u32>,

    /// The user's loop invariants become candidates: inference keeps those
    /// that are inductive, none is an error
    #[arg(long, help_heading = "Inference")]
    pub invariants_as_candidates: bool,

    /// Ignore every source annotation (assertions, invariants, contracts,
    /// assumptions, barrier invariants)
    #[arg(long, conflicts_with = "only_requires", help_heading = "Checking")]
    pub no_annotations: bool,

    /// Ignore every source annotation except preconditions (`__requires`)
    #[arg(long, help_heading = "Checking")]
    pub only_requires: bool,

    /// Check user assertions for one thread of the pair only (sound: the
    /// pair is arbitrary; fewer queries)
    #[arg(long, help_heading = "Checking")]
    pub asymmetric_asserts: bool,

    /// Do not check that barrier invariants read only elements their
    /// thread accessed (an assumption, printed on success)
    #[arg(long, help_heading = "Checking")]
    pub no_barrier_access_checks: bool,

    /// GPUVerify's race instrumentation scheme: every value checks the same
    /// property with this verifier's instrumentation (one watched offset
    /// per array); a value other than watchdog-single prints a note
    #[arg(long, value_name = "KIND", value_parser = ["original", "watchdog-single", "watchdog-multiple"], help_heading = "GPUVerify compatibility")]
    pub race_instrumenter: Option<String>,

    /// Print more about the run (stage times)
    #[arg(long, help_heading = "Output")]
    pub verbose: bool,

    /// Print no verdict lines on stdout (errors and defects, on stderr,
    /// still print)
    #[arg(long, help_heading = "Output")]
    pub silent: bool,

    /// Per-stage times as one CSV line per kernel on stdout:
    /// LABEL,file,kernel,verdict,frontend,transform,vc,inference,solving,total
    /// (seconds)
    #[arg(long, value_name = "LABEL", help_heading = "Output")]
    pub time_as_csv: Option<String>,

    /// Print at most N defects per kernel (the others are counted in the
    /// verdict line and are in --json/--sarif)
    #[arg(long, value_name = "N", help_heading = "Output")]
    pub error_limit: Option<u32>,

    /// Write each kernel's verification condition in SMT-LIB2 next to the
    /// input (<stem>.<kernel>.smt2, as --stop-at=vc prints it) and verify
    #[arg(long, help_heading = "GPUVerify compatibility")]
    pub gen_smt2: bool,

    /// Keep the intermediate forms next to the input: <stem>.ll (LLVM IR),
    /// <stem>.<kernel>.ivl (kernel IVL), <stem>.<kernel>.two-thread.ivl
    #[arg(long, help_heading = "GPUVerify compatibility")]
    pub keep_temps: bool,

    /// Print stage boundaries with their times on stderr, and the
    /// backtrace of an internal error
    #[arg(long, help_heading = "GPUVerify compatibility")]
    pub debug: bool,

    /// GPUVerify's stop points: --stop-at-opt and --stop-at-gbpl print the
    /// kernel IVL (--stop-at=ivl), --stop-at-bpl and --stop-at-cbpl the
    /// two-thread program (--stop-at=two-thread)
    #[arg(long, help_heading = "GPUVerify compatibility")]
    pub stop_at_opt: bool,
    #[arg(long, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub stop_at_gbpl: bool,
    #[arg(long, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub stop_at_bpl: bool,
    #[arg(long, help_heading = "GPUVerify compatibility", hide_short_help = true)]
    pub stop_at_cbpl: bool,

    /// With --simulate: seed of the inputs drawn at random
    #[arg(
        long,
        default_value_t = 0,
        value_name = "N",
        help_heading = "Simulation"
    )]
    pub seed: u64,
}

/// The largest `--loop-unwind`: each unwinding copies every loop body, so
/// nested loops grow as the product of their counts.
pub const MAX_LOOP_UNWIND: u32 = 1000;

/// The largest `--warp-sync` (no GPU has warps of more threads).
pub const MAX_WARP_SIZE: u32 = 65536;

/// The largest `--timeout`: one week.
pub const MAX_TIMEOUT_SECS: u64 = 7 * 24 * 3600;

/// `--shard=K/N`: the K-th (from 1) of N shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("`{text}` is not a shard: write K/N with 1 <= K <= N, e.g. `2/4`");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let index: usize = k.trim().parse().map_err(|_| bad())?;
    let count: usize = n.trim().parse().map_err(|_| bad())?;
    if index == 0 || index > count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

impl Shard {
    /// Whether the `position`-th file (from 0) of the sorted inputs
    /// belongs to this shard.
    pub fn takes(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}

/// A launch size per dimension; `None` is unconstrained (`*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dims(pub Vec<Option<u64>>);

/// A launch size: `64`, `[32,32]`, `2,3,4`, `*`, `[*,4]`; every concrete
/// entry at least 1.
fn parse_sizes(text: &str) -> Result<Dims, String> {
    parse_dims(text, 1)
}

/// A global offset: like a size, but 0 is allowed.
fn parse_offsets(text: &str) -> Result<Dims, String> {
    parse_dims(text, 0)
}

/// One to three comma-separated entries, each a number `>= min` or `*`,
/// optionally in one pair of brackets.
fn parse_dims(text: &str, min: u64) -> Result<Dims, String> {
    let trimmed = text.trim();
    let inner = match (trimmed.strip_prefix('['), trimmed.strip_suffix(']')) {
        (Some(_), Some(_)) if trimmed.len() >= 2 => &trimmed[1..trimmed.len() - 1],
        (None, None) => trimmed,
        _ => {
            return Err(format!(
                "unbalanced brackets in `{text}` (write e.g. `[32,32]` or `32,32`)"
            ))
        }
    };
    let mut out = Vec::new();
    for part in inner.split(',') {
        let part = part.trim();
        if part == "*" {
            out.push(None);
            continue;
        }
        let value = part.parse::<u64>().map_err(|_| {
            format!("`{part}` is not a size (expected a number or `*`, e.g. `64`, `[32,32]`, `2,3,4`, `*`)")
        })?;
        if value < min {
            return Err(format!("`{part}` is not a size: it must be at least {min}"));
        }
        if value > transform::MAX_LAUNCH_EXTENT {
            return Err(format!(
                "`{part}` is too large: at most {} (2^32 - 1); ids, sizes and offsets are \
                 32-bit unsigned",
                transform::MAX_LAUNCH_EXTENT
            ));
        }
        out.push(Some(value));
    }
    if out.len() > 3 {
        return Err(format!("`{text}` has {} dimensions; at most 3", out.len()));
    }
    Ok(Dims(out))
}

impl Dims {
    /// The entry of dimension `k`; a missing dimension is `missing`.
    pub fn get(&self, k: usize, missing: Option<u64>) -> Option<u64> {
        self.0.get(k).copied().unwrap_or(missing)
    }
}

impl std::fmt::Display for Dims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|d| d.map_or_else(|| "*".to_string(), |v| v.to_string()))
            .collect();
        match parts.len() {
            1 => write!(f, "{}", parts[0]),
            _ => write!(f, "[{}]", parts.join(",")),
        }
    }
}

impl Cli {
    /// Checks across flags that clap's per-flag parsing cannot express:
    /// `--global_size` must be a multiple of `--local_size` in every
    /// dimension where both are concrete, the launch must fit 32-bit ids
    /// (`transform::TransformConfig::check_launch`), and `--list-launches`/
    /// `--verify-launch` need `--launches` (clap's `requires` does not refuse
    /// them alone).
    /// The error is a clap error so that it prints and exits like every
    /// other command-line error (exit 1).
    pub fn validate(&self) -> Result<(), clap::Error> {
        use clap::error::ErrorKind;
        let error = |kind: ErrorKind, message: String| Err(command().error(kind, message));
        if (self.list_launches || self.verify_launch.is_some() || self.verify_all_intercepted)
            && self.launches.is_none()
        {
            return error(
                ErrorKind::MissingRequiredArgument,
                "--list-launches (--list-intercepted), --verify-launch \
                 (--verify-intercepted) and --verify-all-intercepted apply to a launch \
                 record: give --launches <FILE> (written by `gpuverify record`), or \
                 GPUVerify's spelling `--json FILE.json`"
                    .into(),
            );
        }
        if self.launches.is_some()
            && (self.local_size.is_some()
                || self.num_groups.is_some()
                || self.global_size.is_some()
                || self.global_offset.is_some()
                || !self.kernel_args.is_empty())
        {
            return error(
                ErrorKind::ArgumentConflict,
                "a launch record gives each launch its sizes, offset and argument values: \
                 drop --local_size/--num_groups/--global_size/--global_offset/--kernel-args"
                    .into(),
            );
        }
        if let (Some(global), Some(local)) = (&self.global_size, &self.local_size) {
            for k in 0..3 {
                if let (Some(g), Some(l)) = (global.get(k, Some(1)), local.get(k, Some(1))) {
                    if g % l != 0 {
                        return error(
                            ErrorKind::ValueValidation,
                            format!(
                                "--global_size={global} is not a multiple of --local_size={local} \
                                 in dimension {k} ({g} threads in groups of {l}); use a multiple \
                                 of {l} such as {}, or give --num_groups instead",
                                g.div_ceil(l) * l
                            ),
                        );
                    }
                }
            }
        }
        if let Some(k) = self.k_induction_depth {
            if k == 0 {
                return error(
                    ErrorKind::ValueValidation,
                    "--k-induction-depth must be at least 1 (the number of iterations \
                     checked from the loop entry and assumed before the checked one)"
                        .into(),
                );
            }
            if self.loop_unwind.is_some() || self.findbugs {
                return error(
                    ErrorKind::ArgumentConflict,
                    "--k-induction-depth proves loops; --loop-unwind and --findbugs explore \
                     a bounded number of iterations: give one or the other"
                        .into(),
                );
            }
        }
        if let Ok(config) = crate::pipeline::transform_config(self) {
            if let Err(too_large) = config.check_launch() {
                return error(
                    ErrorKind::ValueValidation,
                    self.launch_message(&config, &too_large),
                );
            }
        }
        Ok(())
    }

    /// Why a launch is refused, naming the flags that give its sizes.
    fn launch_message(
        &self,
        config: &transform::TransformConfig,
        e: &transform::LaunchTooLarge,
    ) -> String {
        let dim = ["x", "y", "z"][e.dim];
        // An unconstrained entry counts with its least value.
        let shown = |given: Option<u64>, least: u64| match given {
            Some(v) => v.to_string(),
            None => format!("* (at least {least})"),
        };
        let groups = match &self.global_size {
            Some(global) => format!(
                "--global_size={global} / --local_size = {} groups",
                e.num_groups
            ),
            None => format!(
                "--num_groups (--gridDim) {}",
                shown(config.num_groups[e.dim], 1)
            ),
        };
        let offset = match &self.global_offset {
            Some(_) => format!(
                " + --global_offset {}",
                shown(config.global_offset[e.dim], 0)
            ),
            None => String::new(),
        };
        format!(
            "the launch is too large to model in dimension {dim}: {groups} x \
             --local_size (--blockDim) {}{offset} = {} threads, above the limit {} \
             (2^32 - 1): thread and group ids, sizes and the global offset are modelled \
             as 32-bit unsigned values, so a proof for this launch would be vacuous; \
             split the launch or give smaller sizes",
            shown(config.local_size[e.dim], 1),
            e.extent,
            transform::MAX_LAUNCH_EXTENT
        )
    }

    /// GPUVerify's `--json FILE.json` (with or without
    /// `--list-intercepted`, `--verify-intercepted=N`,
    /// `--verify-all-intercepted`): `--json` there says the input is a
    /// JSON record of intercepted launches, not the output format. A
    /// single input named `*.json` is never a kernel, so `--json` with it
    /// means `--launches=FILE` and the results are printed as text
    /// (`--launches=FILE --json` gives them as JSON). Returns the note
    /// saying so.
    pub fn fold_gpuverify_launch_input(&mut self) -> Option<String> {
        let single_json_input = self.files.len() == 1
            && self.files[0]
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
        if !(self.json && self.launches.is_none() && single_json_input) {
            return None;
        }
        let record = self.files.pop()?;
        self.json = false;
        let note = format!(
            "note: --json {}: read as a record of intercepted launches (GPUVerify's \
             meaning; the same as --launches={0}); results are printed as text",
            record.display()
        );
        self.launches = Some(record);
        Some(note)
    }

    /// Folds GPUVerify's spellings into ours (`--only-log` is
    /// `--only-divergence`, `--verbose` implies `--time`,
    /// the `--stop-at-*` points, GPUVerify's `--omit-infer` tags) and
    /// returns one warning line per option that is accepted but ignored.
    pub fn normalize(&mut self) -> Vec<String> {
        let mut warnings = Vec::new();
        self.only_divergence |= self.only_log;
        self.time |= self.verbose;
        if self.stop_at.is_none() {
            if self.stop_at_opt || self.stop_at_gbpl {
                self.stop_at = Some(StopAt::Ivl);
            } else if self.stop_at_bpl || self.stop_at_cbpl {
                self.stop_at = Some(StopAt::TwoThread);
            }
        }
        for (flag, opts) in [
            ("opt-opt", &self.opt_opts),
            ("bugle-opt", &self.bugle_opts),
            ("vcgen-opt", &self.vcgen_opts),
            ("cruncher-opt", &self.cruncher_opts),
            ("boogie-opt", &self.boogie_opts),
        ] {
            for opt in opts {
                warnings.push(format!(
                    "warning: --{flag}={opt} ignored (GPUVerify passes it to a tool this verifier does not use)"
                ));
            }
        }
        if let Some(kind) = &self.race_instrumenter {
            if kind != "watchdog-single" {
                // GPUVerify's three instrumentations encode one property:
                // no two threads access one element, one of them writing,
                // without a barrier between. Ours decides that property.
                warnings.push(format!(
                    "note: --race-instrumenter={kind}: races are checked with this verifier's \
                     instrumentation (one watched offset per array, like watchdog-single), \
                     which decides the same property: no two threads access one element, \
                     one writing, without a barrier between"
                ));
            }
        }
        let mut omit = Vec::new();
        for tag in std::mem::take(&mut self.omit_infer) {
            match crate::infer_cli::gpuverify_tag(&tag) {
                Some(Some(ours)) => omit.extend(ours.iter().map(|t| t.to_string())),
                Some(None) => warnings.push(format!(
                    "warning: --omit-infer={tag} ignored: no inference rule here corresponds to it"
                )),
                None => omit.push(tag),
            }
        }
        self.omit_infer = omit;
        warnings
    }

    /// The language the frontend is told to use, from `--opencl`/`--cuda`.
    pub fn language_override(&self) -> Option<frontend::Language> {
        if self.opencl {
            Some(frontend::Language::OpenCl)
        } else if self.cuda {
            Some(frontend::Language::Cuda)
        } else {
            None
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AbstractionArg {
    Auto,
    Equality,
    Adversarial,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// z3 in-process and cvc5 over pipes racing on every query (z3 alone
    /// when cvc5 is not installed)
    Portfolio,
    /// Z3 linked in-process (libz3)
    Z3,
    /// cvc5 over SMT-LIB2 on pipes (GPUVerify's `cvc4` is accepted for it)
    #[value(alias = "cvc4")]
    Cvc5,
    /// z3 over SMT-LIB2 on pipes
    #[value(name = "z3-smtlib")]
    Z3Smtlib,
}

const EXAMPLES: &str = "Examples:
  gpuverify --local_size=64 --num_groups=8 kernel.cl
  gpuverify --blockDim=[32,32] --gridDim=16 --abstraction=equality kernel.cu
  gpuverify --global_size=1024 --local_size=128 -D N=1024 kernel.cl
  gpuverify --findbugs --loop-unwind=4 --local_size=64 --num_groups=2 kernel.cl
  gpuverify --stop-at=two-thread --local_size=64 --num_groups=2 kernel.cl
  gpuverify --simulate --trace --local_size=4 --num_groups=1 kernel.cl
  gpuverify examples/ivl/max.ivl                     (a sequential IVL program)
  gpuverify-tester tests/kernels                     (run kernels with test headers)";

fn parse_pointer_bitwidth(text: &str) -> Result<u32, String> {
    match text {
        "32" => Ok(32),
        "64" => Ok(64),
        _ => Err(format!("`{text}` is not a pointer width: use 32 or 64")),
    }
}

fn parse_kernel_values(text: &str) -> Result<frontend::KernelValues, String> {
    frontend::KernelValues::parse(text)
}

/// The clap command, with the exit-code table appended to the help texts.
pub fn command() -> clap::Command {
    Cli::command().after_help(format!("{EXAMPLES}\n\n{}", exit_code_help()))
}
