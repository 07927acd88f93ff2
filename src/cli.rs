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
one that can fail. Kernels (.cl, .cu, kernel-dialect .ivl) are parsed and \
checked; their verification arrives with the two-thread transform.",
    after_help = EXAMPLES
)]
pub struct Cli {
    /// Input files (.ivl)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

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
  gpuverify --stop-at=ivl examples/ivl/loop_sum.ivl";

/// The clap command, with the exit-code table appended to the help texts.
pub fn command() -> clap::Command {
    Cli::command().after_help(format!("{EXAMPLES}\n\n{EXIT_CODE_HELP}"))
}
