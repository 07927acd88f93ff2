//! From the command line to each stage's configuration: the one mapping
//! of flags to `frontend::FrontendConfig`, `transform::TransformConfig`,
//! `infer::InferConfig` and `solver::Config`, used by the binary, the
//! examples and the tests (through the library target).

use crate::cli::{Cli, SolverChoice};
use std::time::Duration;

pub use crate::infer_cli::infer_config;
pub use crate::pipeline::transform_config;

/// The command line `args` (without the program name) as the binary parses,
/// checks and normalises it; the normalisation warnings are returned.
pub fn parse_args<I, T>(args: I) -> Result<(Cli, Vec<String>), clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::FromArgMatches;
    let args = std::iter::once(std::ffi::OsString::from("gpuverify"))
        .chain(args.into_iter().map(Into::into));
    let matches = crate::cli::command().try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    cli.validate()?;
    let warnings = cli.normalize();
    Ok((cli, warnings))
}

/// The frontend configuration the command line asks for.
pub fn frontend_config(cli: &Cli) -> frontend::FrontendConfig {
    frontend::FrontendConfig {
        defines: cli.defines.clone(),
        include_dirs: cli.include_dirs.clone(),
        only_kernels: cli.kernels.clone(),
        kernel_args: cli.kernel_args.clone(),
        kernel_arrays: cli.kernel_arrays.clone(),
        kernel_param_values: cli.launch_param_values.clone(),
        kernel_param_bytes: cli.launch_param_bytes.clone(),
        pointer_bitwidth: cli.pointer_bitwidth,
        opencl_std: cli.cl_std.clone(),
        language: cli.language_override(),
        check_array_bounds: cli.check_array_bounds,
        dynamic_shared_bytes: cli.dynamic_shared_bytes,
        clang_opts: cli.clang_opts.clone(),
        no_annotations: cli.no_annotations,
        only_requires: cli.only_requires,
        boogie_files: cli.boogie_files.clone(),
        distinct_host_buffers: cli.distinct_host_buffers,
        ..frontend::FrontendConfig::default()
    }
}

/// The solver configuration the command line asks for.
pub fn solver_config(cli: &Cli) -> solver::Config {
    let backend = match cli.solver {
        SolverChoice::Portfolio => solver::BackendKind::Portfolio,
        SolverChoice::Z3 => solver::BackendKind::Z3,
        SolverChoice::Cvc5 => solver::BackendKind::Cvc5,
        SolverChoice::Z3Smtlib => solver::BackendKind::Z3SmtLib,
    };
    solver::Config {
        backend,
        timeout: (cli.timeout > 0).then(|| Duration::from_secs(cli.timeout)),
        dump_smt2: cli.dump_smt2.clone(),
        ..solver::Config::default()
    }
}
