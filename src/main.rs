//! `gpuverify`: the command-line driver. It parses arguments, runs the
//! pipeline stages of the library crates, renders their results and owns
//! the exit code. It holds no verification logic.

mod cli;
mod exit;
mod report;

use clap::FromArgMatches;
use cli::{Cli, StopAt};
use exit::Outcome;
use ivl::SourceFile;
use report::Renderer;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let matches = match cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => return command_line_error(err),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(err) => return command_line_error(err),
    };
    let renderer = Renderer::for_stderr();
    let worst = cli
        .files
        .iter()
        .map(|path| run_file(&cli, &renderer, path))
        .max()
        .unwrap_or(Outcome::Verified);
    worst.into()
}

/// clap's own message; `--help`/`--version` succeed, anything else is exit 1.
fn command_line_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let _ = err.print();
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Outcome::Verified.into(),
        _ => Outcome::CommandLine.into(),
    }
}

fn run_file(cli: &Cli, renderer: &Renderer, path: &Path) -> Outcome {
    let display = path.display().to_string();
    match path.extension().and_then(|e| e.to_str()) {
        Some("ivl") => {}
        Some("cl" | "cu" | "bc" | "ll") => {
            eprintln!(
                "{display}: error: kernel source is not supported yet: this build reads .ivl programs only"
            );
            return Outcome::Unsupported;
        }
        _ => {
            eprintln!("{display}: error: unknown input kind (expected a .ivl file)");
            return Outcome::CommandLine;
        }
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("{display}: error: cannot read the file: {err}");
            return Outcome::CommandLine;
        }
    };
    let file = SourceFile::new(display.clone(), text);
    let program = match ivl::parse(&file) {
        Ok(program) => program,
        Err(diagnostics) => return report_errors(renderer, &file, &diagnostics),
    };
    let diagnostics = ivl::check(&program);
    if !diagnostics.is_empty() {
        return report_errors(renderer, &file, &diagnostics);
    }
    if cli.stop_at == Some(StopAt::Ivl) {
        print!("{}", ivl::print(&program));
        return Outcome::Verified;
    }
    println!("{display}: parsed and type-checked");
    Outcome::Verified
}

fn report_errors(
    renderer: &Renderer,
    file: &SourceFile,
    diagnostics: &[ivl::Diagnostic],
) -> Outcome {
    for diagnostic in diagnostics {
        eprint!("{}", renderer.render(file, diagnostic));
    }
    let n = diagnostics.len();
    eprintln!(
        "{}: {n} error{} found",
        file.name,
        if n == 1 { "" } else { "s" }
    );
    Outcome::CommandLine
}
