//! Every kernel of tests/kernels/{opencl,cuda} through frontend -> simulate
//! (the concrete interpreter), for a few small launches and seeds. A
//! `//pass` kernel must show no defect; the `//xfail:NOT_ALL_VERIFIED`
//! kernels the interpreter exposes are listed (small launches and drawn
//! inputs do not expose all of them), and so are the kernels it cannot run.
//!
//! The header's flags are read by the binary's own mapping
//! (`tests/support`: `gpuverify::parse_args`, `frontend_config`,
//! `transform_config`): launch, `--kernel-args`, defines, and what is
//! checked (`--only-intra-group`, `--only-divergence`, `--warp-sync`,
//! `--no-benign-tolerance`). Files run on one worker per core
//! (`support::par_map_files`, longest first).

mod support;

use simulate::Outcome;

/// What the interpreter made of one corpus file.
enum FileResult {
    /// Neither `//pass` nor a defect expected, or a bounded pass.
    Skipped,
    PassClean,
    PassDefect(String),
    Exposed(String),
    NotExposed(String),
    Unsupported(String),
}

/// Runs every kernel of one corpus file for a few launches and seeds.
fn simulate_file(path: &std::path::Path) -> FileResult {
    let header =
        headers::Header::of_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let flags = header.flag_line();
    let expect_pass = header.expectation == headers::Expectation::Pass;
    let expect_defect = header.expectation.exit_code() == 6;
    if !expect_pass && !expect_defect {
        return FileResult::Skipped;
    }
    let name = support::corpus_name(path);
    // A header the binary rejects expects that rejection (exit 1, not
    // a pass or a defect), so it never gets here.
    let config = support::try_header(&flags)
        .unwrap_or_else(|e| panic!("{name}: a //pass or defect header the binary rejects: {e}"));
    // A bounded verdict (`--loop-unwind`, `--findbugs`) claims no defect
    // only up to its bound; the interpreter runs every iteration.
    if expect_pass && config.transform.loop_unwind.is_some() {
        return FileResult::Skipped;
    }
    let lowered = match frontend::lower_file(path, &config.frontend) {
        Ok(l) => l,
        Err(e) => return FileResult::Unsupported(format!("{name}: frontend: {e}")),
    };
    let launches = support::header_launches(&flags);
    let checked = support::Checked::of(&config.transform);
    let mut defect = None;
    let mut failure = None;
    let mut completed = false;
    'search: for kernel in &lowered.kernels {
        let inputs = support::header_inputs(kernel, &config.frontend);
        for launch in &launches {
            for seed in 0..4 {
                let options = checked.options(seed);
                match simulate::run(&kernel.program, &kernel.name, launch, &inputs, &options) {
                    Ok(r) if checked.counts(&r.outcome) => {
                        defect = Some(r.render());
                        break 'search;
                    }
                    Ok(r) if matches!(r.outcome, Outcome::StepLimit { .. }) => {}
                    // No defect, or one the header's flags do not check.
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
        (true, Some(d), _) => FileResult::PassDefect(format!("{name}:\n{d}")),
        (_, None, Some(f)) => FileResult::Unsupported(f),
        (true, None, None) => FileResult::PassClean,
        (false, Some(_), _) => FileResult::Exposed(name),
        (false, None, None) => FileResult::NotExposed(name),
    }
}

#[test]
#[allow(clippy::print_stderr)]
fn corpus_kernels_agree_with_their_headers() {
    let mut pass_clean = 0;
    let mut pass_defects = Vec::new();
    let mut exposed = Vec::new();
    let mut not_exposed = Vec::new();
    let mut unsupported = Vec::new();
    // Each file on its own worker (the interpreter is most of the time).
    let files = support::corpus_files("simulate_corpus");
    for result in support::par_map_files("simulate_corpus", &files, |path| simulate_file(path)) {
        match result {
            FileResult::Skipped => {}
            FileResult::PassClean => pass_clean += 1,
            FileResult::PassDefect(d) => pass_defects.push(d),
            FileResult::Exposed(name) => exposed.push(name),
            FileResult::NotExposed(name) => not_exposed.push(name),
            FileResult::Unsupported(why) => unsupported.push(why),
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
