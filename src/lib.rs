//! The `gpuverify` library target: everything the binary does, for the
//! examples and tests to call in-process. The stages themselves live in
//! the workspace crates (frontend, transform, infer, solver); this crate
//! is the glue: the command line ([`cli`]), the one mapping of flags to
//! each stage's configuration ([`config`]), the kernel pipeline
//! ([`pipeline::verify_kernels`]), one input file ([`run::run_file`]),
//! batches ([`batch`]), the results ([`outcome`]) and their renderers
//! (text, JSON, SARIF, `--time`), and the exit-code table ([`exit`]). No
//! module prints; `src/main.rs` does.

pub mod batch;
pub mod bounded_first;
pub mod cache;
pub mod cache_index;
pub mod cli;
pub mod config;
pub mod exit;
pub mod infer_cli;
pub mod json;
pub mod keep_temps;
pub mod kernel_report;
pub mod launches;
pub mod outcome;
pub mod pipeline;
pub mod quantified;
pub mod race_key;
pub mod read_cut;
pub mod record;
pub mod replay;
pub mod report;
pub mod row_major_use;
pub mod run;
pub mod sarif;
pub mod simulate_cmd;
pub mod snippet;
pub mod stop_at_vc;
pub mod timing;

pub use config::{frontend_config, infer_config, parse_args, solver_config, transform_config};
pub use pipeline::{verify_kernels, KernelInput};
