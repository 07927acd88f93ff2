//! `gpuverify`: the command-line driver. It parses arguments, runs the
//! batch of the library target (`src/lib.rs`) and owns the exit code. It
//! holds no verification logic.

use clap::FromArgMatches;
use gpuverify::cli::{self, Cli};
use gpuverify::exit::Outcome;
use gpuverify::{batch, json};
use std::process::ExitCode;

mod oom_exit;

/// A failed allocation is exit 8 with a message, never an abort.
#[global_allocator]
static ALLOCATOR: oom_exit::ExitOnOutOfMemory = oom_exit::ExitOnOutOfMemory;

/// Rust ignores SIGPIPE, so a write to a closed pipe (`gpuverify ... |
/// head`) would make `print!` panic. Like every Unix filter, the run ends
/// quietly instead (killed by the signal, status 141 in the shell).
fn restore_default_sigpipe() {
    // SAFETY: called first in `main`, before any thread exists; SIG_DFL is
    // a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    oom_exit::install_new_handler();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "record") {
        return gpuverify::record::main(&args[2..]);
    }
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return command_line_error(err),
    };
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => return command_line_error(err),
    };
    if let Some(note) = cli.fold_gpuverify_launch_input() {
        eprintln!("{note}");
    }
    if let Err(err) = cli.validate() {
        return command_line_error(err);
    }
    for warning in cli.normalize() {
        eprintln!("{warning}");
    }
    if cli.debug && std::env::var_os("RUST_BACKTRACE").is_none() {
        // Internal errors (panics) print their backtrace.
        std::env::set_var("RUST_BACKTRACE", "1");
    }
    // The whole run on a thread with a large stack: parsing, lowering and
    // the solver recurse on deep expressions (a long straight-line kernel
    // builds deep terms); the stack is reserved, not committed.
    let json = cli.json;
    let run = std::thread::Builder::new()
        .name("gpuverify".into())
        .stack_size(batch::WORKER_STACK)
        .spawn(move || batch::run(&cli));
    match run.map(|handle| handle.join()) {
        Ok(Ok(outcome)) => outcome.into(),
        Ok(Err(_)) => {
            // The panic message is already on stderr: never a success, and
            // never "a defect was found" (exit 6) either.
            let message = "error: internal error: the verifier crashed";
            eprintln!("{message}");
            if json {
                // CI reads stdout as JSON whatever happened.
                println!("{}", json::render_error(message, Outcome::INTERNAL_ERROR));
            }
            Outcome::INTERNAL_ERROR.into()
        }
        Err(err) => {
            eprintln!("error: cannot start the verifier thread: {err}");
            Outcome::Configuration.into()
        }
    }
}

/// clap's own message; `--help`/`--version` succeed, anything else is
/// exit 1. With `--json` among the arguments, the error is also printed
/// on stdout as a JSON document (CI reads stdout as JSON whatever
/// happened).
fn command_line_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let _ = err.print();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Verified.into(),
        _ => {
            if std::env::args_os().skip(1).any(|a| a == "--json") {
                let message = err.render().to_string();
                let first = message
                    .lines()
                    .next()
                    .unwrap_or("error: bad command line")
                    .to_string();
                println!("{}", json::render_error(&first, Outcome::CommandLine));
            }
            Outcome::CommandLine.into()
        }
    }
}
