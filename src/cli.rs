//! The command line: one clap definition drives parsing and `--help`.

use crate::exit::EXIT_CODE_HELP;
use clap::{CommandFactory, Parser, ValueEnum};
use std::path::PathBuf;

/// Where to stop the pipeline and print the program reached so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StopAt {
    /// Print the (kernel) IVL after parsing and type checking.
    Ivl,
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

    /// Pointer width of the compilation target
    #[arg(long, default_value_t = 32, value_parser = parse_pointer_bitwidth, value_name = "BITS", help_heading = "Frontend")]
    pub pointer_bitwidth: u32,

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
