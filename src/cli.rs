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
This build reads IVL programs (.ivl): it parses and type-checks them and \
reports every error it finds. Kernel source (.cl, .cu) arrives with the frontend.",
    after_help = EXAMPLES
)]
pub struct Cli {
    /// Input files (.ivl)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Stop after a stage and print the program it produced
    #[arg(long, value_enum, value_name = "STAGE", help_heading = "Debugging")]
    pub stop_at: Option<StopAt>,
}

const EXAMPLES: &str = "Examples:
  gpuverify examples/ivl/max.ivl
  gpuverify --stop-at=ivl examples/ivl/loop_sum.ivl";

/// The clap command, with the exit-code table appended to the help texts.
pub fn command() -> clap::Command {
    Cli::command().after_help(format!("{EXAMPLES}\n\n{EXIT_CODE_HELP}"))
}
