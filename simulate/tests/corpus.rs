//! Every kernel of tests/kernels/{opencl,cuda} through frontend -> simulate,
//! for a few small launches and seeds. A `//pass` kernel must show no
//! defect; the `//xfail:NOT_ALL_VERIFIED` kernels the interpreter exposes
//! are listed (small launches and drawn inputs do not expose all of them),
//! and so are the kernels it cannot run.

use simulate::{Inputs, Launch, Outcome, SimOptions};
use std::path::{Path, PathBuf};

fn kernel_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels");
    headers::corpus_files(&root, &["opencl", "cuda"], &["cl", "cu"])
}

/// The header's launch with at most 2 groups per dimension (and, when a
/// group has more than 256 threads, its largest dimensions halved until it
/// has at most 256), plus the header's own launch when it is small. Kernels
/// hard-code their launch shape (tile sizes, `63 - lid`, 1-D global ids),
/// so a defect in an arbitrary small launch would say nothing about the
/// header; shrinking only the group count keeps every intra-group pattern.
fn launches(flags: &str) -> Vec<Launch> {
    let header = header_launch(flags).unwrap_or(Launch::linear(64, 2));
    let mut shaped = Launch {
        num_groups: header.num_groups.map(|d| d.clamp(1, 2)),
        ..header.clone()
    };
    while shaped.threads_per_group() > 256 {
        let k = (0..3).max_by_key(|&k| shaped.local_size[k]).unwrap_or(0);
        shaped.local_size[k] /= 2;
    }
    let mut out = vec![shaped];
    if header.threads_per_group() * header.group_count() <= 256 && !out.contains(&header) {
        out.push(header);
    }
    out
}

fn header_launch(flags: &str) -> Option<Launch> {
    let launch = headers::LaunchFlags::of(&headers::split_flags(flags));
    Some(Launch::new(
        launch.local_size.unwrap_or([1; 3]),
        launch.num_groups.unwrap_or([1; 3]),
    ))
}

/// What a header's flags say counts as a defect: `--only-intra-group`
/// ignores races between groups, `--only-divergence` every race,
/// `--warp-sync=N` orders the threads of a warp, `--no-benign-tolerance`
/// makes same-value writes races. (A run stops at its first defect, so an
/// ignored race ends that run without a verdict on what follows.)
struct Checked {
    only_intra_group: bool,
    only_divergence: bool,
    warp_size: Option<u32>,
    benign_tolerance: bool,
}

impl Checked {
    fn from_flags(flags: &str) -> Checked {
        let flags = headers::split_flags(flags);
        Checked {
            only_intra_group: headers::has_flag(&flags, "--only-intra-group"),
            only_divergence: headers::has_flag(&flags, "--only-divergence"),
            warp_size: headers::flag_value(&flags, "--warp-sync").and_then(|n| n.parse().ok()),
            benign_tolerance: !headers::has_flag(&flags, "--no-benign-tolerance"),
        }
    }

    fn ignores(&self, outcome: &Outcome) -> bool {
        match outcome {
            Outcome::Race { inter_group, .. } => {
                self.only_divergence || (self.only_intra_group && *inter_group)
            }
            _ => false,
        }
    }
}

/// The frontend settings a header's flags ask for: `-DNAME[=V]`,
/// `--kernel-args=K,v1,...` and the OpenCL version.
fn header_config(flags: &str) -> frontend::FrontendConfig {
    let flags = headers::split_flags(flags);
    let mut config = frontend::FrontendConfig {
        defines: headers::defines(&flags),
        ..frontend::FrontendConfig::default()
    };
    for values in headers::flag_values(&flags, "--kernel-args") {
        let values = frontend::KernelValues::parse(values)
            .unwrap_or_else(|e| panic!("bad --kernel-args in a header: {e}"));
        config.kernel_args.push(values);
    }
    if let Some(std) = headers::cl_std(&flags) {
        config.opencl_std = std.to_string();
    }
    config
}

/// Scalar inputs fixed by the header's `--kernel-args` (the frontend turns
/// them into `requires`; the interpreter must draw exactly these values).
fn header_inputs(kernel: &frontend::LoweredKernel, config: &frontend::FrontendConfig) -> Inputs {
    let inputs = Inputs::default();
    let Some(proc) = kernel.program.procedure(&kernel.name) else {
        return inputs;
    };
    let Some(values) = config
        .kernel_args
        .iter()
        .find(|k| k.kernel == kernel.source_name)
    else {
        return inputs;
    };
    inputs.with_kernel_args(proc, &values.values)
}

#[test]
#[allow(clippy::print_stderr)]
fn corpus_kernels_agree_with_their_headers() {
    let mut pass_clean = 0;
    let mut pass_defects = Vec::new();
    let mut exposed = Vec::new();
    let mut not_exposed = Vec::new();
    let mut unsupported = Vec::new();
    for path in kernel_files() {
        let header =
            headers::Header::of_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let flags = header.flag_line();
        let expect_pass = header.expectation == headers::Expectation::Pass;
        let expect_defect = header.expectation.exit_code() == 6;
        if !expect_pass && !expect_defect {
            continue;
        }
        // A bounded verdict (`--loop-unwind`, `--findbugs`) claims no defect
        // only up to its bound; the interpreter runs every iteration.
        let split = headers::split_flags(&flags);
        let bounded = split
            .iter()
            .any(|f| f == "--findbugs" || f.starts_with("--loop-unwind"));
        if expect_pass && bounded {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let config = header_config(&flags);
        let lowered = match frontend::lower_file(&path, &config) {
            Ok(l) => l,
            Err(e) => {
                unsupported.push(format!("{name}: frontend: {e}"));
                continue;
            }
        };
        let launches = launches(&flags);
        let checked = Checked::from_flags(&flags);
        let mut defect = None;
        let mut failure = None;
        let mut completed = false;
        'search: for kernel in &lowered.kernels {
            let inputs = header_inputs(kernel, &config);
            for launch in &launches {
                for seed in 0..4 {
                    let options = SimOptions {
                        seed,
                        max_steps: 200_000,
                        warp_size: checked.warp_size,
                        benign_tolerance: checked.benign_tolerance,
                        ..SimOptions::default()
                    };
                    match simulate::run(&kernel.program, &kernel.name, launch, &inputs, &options) {
                        Ok(r) if r.outcome.is_defect() && !checked.ignores(&r.outcome) => {
                            defect = Some(r.render());
                            break 'search;
                        }
                        // A defect the header's flags do not check.
                        Ok(r) if r.outcome.is_defect() => completed = true,
                        Ok(r) if matches!(r.outcome, Outcome::StepLimit { .. }) => {}
                        Ok(_) => completed = true,
                        Err(e) => {
                            failure = Some(format!("{name}: {e}"));
                            break 'search;
                        }
                    }
                }
            }
        }
        if !completed && failure.is_none() {
            failure = Some(format!("{name}: step limit in every run"));
        }
        match (expect_pass, defect, failure) {
            (true, Some(d), _) => pass_defects.push(format!("{name}:\n{d}")),
            (_, None, Some(f)) => unsupported.push(f),
            (true, None, None) => pass_clean += 1,
            (false, Some(_), _) => exposed.push(name),
            (false, None, None) => not_exposed.push(name),
        }
    }
    eprintln!("pass kernels clean: {pass_clean}");
    eprintln!("xfail kernels exposed ({}): {exposed:?}", exposed.len());
    eprintln!(
        "xfail kernels not exposed ({}): {not_exposed:?}",
        not_exposed.len()
    );
    eprintln!("not simulated ({}): {unsupported:#?}", unsupported.len());
    assert!(
        pass_defects.is_empty(),
        "//pass kernels with a defect:\n{}",
        pass_defects.join("\n")
    );
    assert!(pass_clean > 0);
}
