//! The command line: one clap definition drives parsing and `--help`.

use crate::exit::EXIT_CODE_HELP;
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
}

#[derive(Debug, Parser)]
#[command(
    name = "gpuverify",
    version,
    about = "Prove GPU kernels free of data races and barrier divergence",
    long_about = "Prove GPU kernels (OpenCL C, CUDA) free of data races and barrier \
divergence, or show the pair of threads that breaks them.\n\n\
This build verifies sequential IVL programs (.ivl): every assertion, loop \
invariant, precondition and postcondition, with a counterexample for each \
one that can fail. Kernels (.cl, .cu, .bc, .ll, kernel-dialect .ivl) are \
compiled, lowered and checked (`--stop-at=ivl` prints their IVL); their \
verification arrives with the two-thread transform.",
    after_help = EXAMPLES
)]
pub struct Cli {
    /// Input files (.ivl)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

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

    /// Run each kernel concretely for the given launch (every thread, in the
    /// synchronous delayed-visibility semantics) instead of verifying it;
    /// inputs not given by --kernel-args are drawn from --seed
    #[arg(long, help_heading = "Simulation")]
    pub simulate: bool,

    /// With --simulate: print the lock-step execution (enabled threads per
    /// block, what each barrier clears)
    #[arg(long, requires = "simulate", help_heading = "Simulation")]
    pub trace: bool,

    /// With --simulate: seed of the inputs drawn at random
    #[arg(
        long,
        default_value_t = 0,
        value_name = "N",
        help_heading = "Simulation"
    )]
    pub seed: u64,

    /// Stop after a stage and print the program it produced
    #[arg(long, value_enum, value_name = "STAGE", help_heading = "Debugging")]
    pub stop_at: Option<StopAt>,

    /// The SMT solver: z3 (in-process), cvc5 or z3-smtlib (child processes)
    #[arg(long, value_enum, default_value_t = SolverChoice::Z3, value_name = "SOLVER", help_heading = "Solving")]
    pub solver: SolverChoice,

    /// Time budget of each solver query in seconds (0: none); an exhausted
    /// budget means "not verified" (exit 7), never "verified"
    #[arg(
        long,
        default_value_t = 60,
        value_name = "SECS",
        help_heading = "Solving"
    )]
    pub timeout: u64,

    /// Write every solver query to FILE as SMT-LIB2 (replay with `z3 FILE`)
    #[arg(long, value_name = "FILE", help_heading = "Debugging")]
    pub dump_smt2: Option<PathBuf>,

    // ---- Kernel verification (the two-thread transform; src/pipeline.rs) ----
    /// Threads per group (OpenCL local size, CUDA blockDim): `64`, `[32,32]`, `2,3,4`, `*`
    #[arg(long = "local_size", visible_alias = "blockDim", value_name = "DIMS", value_parser = parse_dims, help_heading = "Launch")]
    pub local_size: Option<Dims>,

    /// Number of groups (OpenCL num_groups, CUDA gridDim)
    #[arg(long = "num_groups", visible_alias = "gridDim", value_name = "DIMS", value_parser = parse_dims, help_heading = "Launch")]
    pub num_groups: Option<Dims>,

    /// Total threads per dimension (OpenCL global size; needs --local_size)
    #[arg(long = "global_size", value_name = "DIMS", value_parser = parse_dims, help_heading = "Launch")]
    pub global_size: Option<Dims>,

    /// OpenCL global offset
    #[arg(long = "global_offset", value_name = "DIMS", value_parser = parse_dims, help_heading = "Launch")]
    pub global_offset: Option<Dims>,

    /// Shared-state abstraction: per array by taint analysis, or one for all
    #[arg(long, value_enum, default_value_t = AbstractionArg::Auto, value_name = "KIND", help_heading = "Checking")]
    pub abstraction: AbstractionArg,

    /// Same as --abstraction=equality
    #[arg(long, help_heading = "Checking")]
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
    #[arg(long, value_name = "N", help_heading = "Checking")]
    pub warp_sync: Option<u32>,

    /// Bug finding: unroll loops (--loop-unwind, default 2) instead of proving
    #[arg(long, help_heading = "Checking")]
    pub findbugs: bool,

    /// Unroll every loop N times; a success then means "no defects up to N iterations"
    #[arg(long, value_name = "N", help_heading = "Checking")]
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
}

/// A launch size per dimension; `None` is unconstrained (`*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dims(pub Vec<Option<u64>>);

/// `64`, `[32,32]`, `2,3,4`, `*`, `[*,4]`.
fn parse_dims(text: &str) -> Result<Dims, String> {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    let mut out = Vec::new();
    for part in inner.split(',') {
        let part = part.trim();
        if part == "*" {
            out.push(None);
        } else {
            out.push(Some(part.parse::<u64>().map_err(|_| {
                format!("`{part}` is not a size (expected a number or `*`)")
            })?));
        }
    }
    if out.is_empty() || out.len() > 3 {
        return Err("expected one to three dimensions".into());
    }
    Ok(Dims(out))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AbstractionArg {
    Auto,
    Equality,
    Adversarial,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// Z3 linked in-process (libz3)
    Z3,
    /// cvc5 over SMT-LIB2 on pipes
    Cvc5,
    /// z3 over SMT-LIB2 on pipes
    #[value(name = "z3-smtlib")]
    Z3Smtlib,
}

const EXAMPLES: &str = "Examples:
  gpuverify examples/ivl/max.ivl
  gpuverify --stop-at=ivl examples/ivl/loop_sum.ivl
  gpuverify --stop-at=ivl -D N=64 kernel.cl";

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
    Cli::command().after_help(format!("{EXAMPLES}\n\n{EXIT_CODE_HELP}"))
}
