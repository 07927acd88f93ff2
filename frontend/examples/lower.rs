//! Prints the kernel IVL of a file: `cargo run -p frontend --example lower -- k.cl [-DNAME]`.
#![allow(clippy::print_stdout, clippy::print_stderr)]

fn main() {
    let mut config = frontend::FrontendConfig::default();
    let mut path = None;
    for arg in std::env::args().skip(1) {
        if let Some(d) = arg.strip_prefix("-D") {
            config.defines.push(d.to_string());
        } else {
            path = Some(arg);
        }
    }
    let Some(path) = path else {
        eprintln!("usage: lower FILE [-DNAME[=V]]");
        std::process::exit(1);
    };
    match frontend::lower_file(path.as_ref(), &config) {
        Ok(kernels) => {
            for k in kernels.kernels {
                for note in &k.notes {
                    println!("// note: {note}");
                }
                print!("{}", ivl::print(&k.program));
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            if let frontend::FrontendError::Clang { stderr, .. } = &e {
                eprintln!("{stderr}");
            }
            if let frontend::FrontendError::Malformed { details, .. } = &e {
                for d in details {
                    eprintln!("  {d}");
                }
            }
            std::process::exit(e.exit_code());
        }
    }
}
