//! `--no-inline` against the kernel corpus.
//!
//! 1. Soundness: every corpus kernel with a device function whose header
//!    expects a failure (racy, divergent, an error) still fails when run
//!    again with `--no-inline`: keeping helpers as two-thread procedures
//!    never turns a defective kernel into "verified".
//! 2. Precision: a race-free kernel whose helpers need no contract (they
//!    touch no memory object, have no barrier and no loop) is verified
//!    with `--no-inline` too, except the kernels in [`NEEDS_CONTRACT`],
//!    which rely on facts about a helper's results that the helper does
//!    not state (they must then fail, so that a change is noticed).
//! 3. The product of every corpus kernel with device functions and of
//!    every corpus kernel written for `--no-inline` (its header has the
//!    flag) type-checks and round-trips through the printer and the parser.
//!
//! A race-free kernel whose helpers need contracts is not verified with
//! `--no-inline` (it may legitimately fail, so the run would check
//! nothing): only its product is checked. The kernels' verdicts with their
//! own headers are the `kernels` suite's.

mod support;

use support::deadline;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Race-free kernels with contract-free helpers that `--no-inline` cannot
/// verify, with why.
const NEEDS_CONTRACT: &[(&str, &str)] = &[
    (
        "opencl/column_march.cl",
        "the plane size is the helper `plane_size`'s result (nx * ny), which has no postcondition: with --no-inline the index relation of rule `linear` is lost (false races)",
    ),
    (
        "opencl/benign_hashed_value_sliced.cl",
        "the benign-write comparison needs the hash helper's result, which has no postcondition: Houdini times out (exit 7)",
    ),
    (
        "cuda/null_pointer_on_some_path_ok.cu",
        "writes through the pointer `pick` returns, which has no postcondition saying which array and offset it is",
    ),
    (
        "opencl/annotation_short_circuit.cl",
        "the loop invariant `__uniform_int(i)` needs a postcondition saying `next` preserves uniformity",
    ),
    (
        "opencl/struct_copies.cl",
        "asserts facts about the result of `make_entry`, which has no postcondition",
    ),
    (
        "cuda/cg_reduce_header.cu",
        "indexes with the result of the header's `meta_group_rank`, which has no postcondition",
    ),
    (
        "cuda/struct_by_value.cu",
        "asserts facts about the results of `span_of` and `swapped`, which have no postconditions",
    ),
    (
        "cuda/soundness/atomic_slot_narrow_counter.cu",
        "the slot comes from `bump` (an atomic in a helper), whose result has no postcondition: with --no-inline the caller's slot is arbitrary (false race on `compacted`)",
    ),
    (
        "cuda/soundness/slot_epoch_warp_barrier.cu",
        "the counter reset and the claims go through `claim` (an atomic in a helper) without contracts: with --no-inline the reset looks concurrent with the claims (false race on `next`)",
    ),
    (
        "cuda/soundness/slot_epoch_grid_barrier.cu",
        "the tickets come from the header's `atomicAdd`, whose result has no postcondition: with --no-inline the tickets are arbitrary (false races on the logs)",
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

fn corpus() -> Vec<PathBuf> {
    support::suite_corpus(
        "no_inline",
        &["opencl", "cuda", "ivl"],
        headers::KERNEL_EXTENSIONS,
    )
}

/// Line 1's expectation (`pass`, `xfail:NAME`) and line 2's flags, read by
/// the one header parser (the flags go to the binary as they are).
fn header(path: &Path) -> (String, Vec<String>) {
    let header =
        headers::Header::of_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (header.expectation.to_string(), header.flags)
}

/// The CPU budget per query of a run whose verdict only has to be "not
/// verified" (a defective kernel, or one in [`NEEDS_CONTRACT`]): a timeout
/// (exit 7) is a failure too, and the racy twins of the NEEDS_CONTRACT
/// kernels would otherwise spend most of this suite's time reaching it
/// (benign_hashed_value_sliced{,_race}.cl: 49 s wall each at 15 s, 11 s
/// at 5 s). The soundness check keeps its force: any exit 0 is a problem.
const FAIL_ONLY_TIMEOUT: &str = "--timeout=5";

fn run(args: &[String], path: &Path) -> (i32, String) {
    // A 15 s CPU budget per query: every kernel this suite expects to
    // verify needs a few seconds; the ones that cannot be proved without
    // contracts end as a timeout (exit 7, "not verified") in 15 s instead
    // of 60, which was a third of `make test`'s time in this suite.
    let budget = if args.iter().any(|a| a == FAIL_ONLY_TIMEOUT) {
        None
    } else {
        Some("--timeout=15")
    };
    let out = deadline::output_within(
        Command::new(env!("CARGO_BIN_EXE_gpuverify"))
            .args(args)
            .arg(path)
            .args(budget)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        deadline::RUN_LIMIT,
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// The kernel IVL of a corpus kernel (`--stop-at=ivl`), if it lowers.
fn kernel_ivl(flags: &[String], path: &Path) -> Option<ivl::Program> {
    let mut args = flags.to_vec();
    args.push("--stop-at=ivl".into());
    let (code, text) = run(&args, path);
    if code != 0 {
        return None;
    }
    ivl::parse(&ivl::SourceFile::new("kernel.ivl", text)).ok()
}

/// Device functions: procedures with a body that are not kernels.
fn helpers(program: &ivl::Program) -> Vec<&ivl::ast::Procedure> {
    program
        .procedures()
        .filter(|p| !p.is_kernel() && p.body.is_some())
        .collect()
}

/// A helper needs no contract about the access log, barriers or memory:
/// it touches no memory object (shared or private), has no barrier and no
/// loop.
fn contract_free(program: &ivl::Program, helper: &ivl::ast::Procedure) -> bool {
    // Shared arrays, and private memory objects (whose contents after a
    // call the caller knows only from a postcondition).
    let shared: Vec<&str> = program
        .global_vars()
        .map(|g| g.name.name.as_str())
        .collect();
    let Some(body) = &helper.body else {
        return true;
    };
    let printed = ivl::print(&ivl::Program {
        decls: vec![ivl::ast::Decl::Procedure(helper.clone())],
    });
    let mentions_shared = shared.iter().any(|s| {
        printed.contains(&format!("{s}["))
            || printed.contains(&format!("{s} :="))
            || printed.contains(&format!("havoc {s}"))
    });
    let barrier = printed.contains(&format!("{}(", ivl::kernel::BARRIER));
    let looping = ivl::cfg::Cfg::new(body)
        .map(|c| !c.loops().is_empty())
        .unwrap_or(true);
    !mentions_shared && !barrier && !looping
}

/// The source names of the kernels of a file (from its kernel IVL).
fn kernel_names(program: &ivl::Program) -> Vec<String> {
    program
        .procedures()
        .filter(|p| ivl::ast::has_attr(&p.attrs, ivl::kernel::KERNEL_ATTR))
        .filter_map(|p| {
            match ivl::ast::find_attr(&p.attrs, ivl::kernel::SOURCE_NAME_ATTR)?
                .args
                .first()?
            {
                ivl::ast::AttrArg::Str(name) => Some(name.clone()),
                ivl::ast::AttrArg::Expr(_) => None,
            }
        })
        .collect()
}

/// Every kernel's product on its own: one `--stop-at=two-thread` program
/// per kernel (the products of several kernels share declarations).
/// `program` is the file's kernel IVL (`None`: it does not lower, and the
/// file is checked as one product).
fn check_product(
    flags: &[String],
    path: &Path,
    program: Option<&ivl::Program>,
    problems: &mut Vec<String>,
) {
    let names = program.map(kernel_names).unwrap_or_default();
    let with_helpers = if names.len() > 1 {
        let mut any = false;
        for name in names {
            let mut one = flags.to_vec();
            one.push(format!("--kernel={name}"));
            any |= check_one_product(&one, path, problems);
        }
        any
    } else {
        check_one_product(flags, path, problems)
    };
    if !with_helpers {
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        problems.push(format!("{rel}: no two-thread procedure besides the kernel"));
    }
}

/// Checks one `--stop-at=two-thread` product; whether it has a two-thread
/// procedure besides the kernel (`true` when there is no product to check).
fn check_one_product(flags: &[String], path: &Path, problems: &mut Vec<String>) -> bool {
    let mut args = flags.to_vec();
    if !args.iter().any(|a| a == "--no-inline") {
        args.push("--no-inline".into());
    }
    args.push("--stop-at=two-thread".into());
    let rel = path.strip_prefix(root()).unwrap().display().to_string();
    let (code, text) = run(&args, path);
    if code != 0 {
        // Refused kernels (recursion) have no product.
        if header(path).0 == "xfail:TRANSFORM_ERROR" {
            return true;
        }
        problems.push(format!("{rel}: --stop-at=two-thread exit {code}"));
        return true;
    }
    let file = ivl::SourceFile::new("two-thread.ivl", text.clone());
    let program = match ivl::parse(&file) {
        Ok(p) => p,
        Err(e) => {
            problems.push(format!("{rel}: the product does not parse: {e:?}"));
            return true;
        }
    };
    let diags = ivl::check(&program);
    if !diags.is_empty() {
        problems.push(format!("{rel}: the product does not type-check: {diags:?}"));
    }
    if ivl::print(&program) != text {
        problems.push(format!("{rel}: the product does not round-trip"));
    }
    program.procedures().filter(|p| p.body.is_some()).count() >= 2
}

#[test]
#[allow(clippy::print_stderr)]
fn no_inline_keeps_verdicts_sound_and_products_well_formed() {
    // Each kernel in parallel: whether it was swept (it has device
    // functions) and its verdict checked, and its problems.
    let files = corpus();
    let swept_files = support::par_map_files("no_inline", &files, |path| {
        let mut problems = Vec::new();
        let swept = sweep(path, &mut problems);
        (swept, problems)
    });
    let swept = swept_files.iter().filter(|(s, _)| s.is_some()).count();
    let verdicts = swept_files.iter().filter(|(s, _)| *s == Some(true)).count();
    eprintln!(
        "{} files, {swept} with device functions, {verdicts} of them verified with --no-inline \
         (the others: race-free with helpers that need contracts, products only)",
        files.len()
    );
    let problems: Vec<String> = swept_files.into_iter().flat_map(|(_, p)| p).collect();
    assert!(
        swept >= 10 || support::corpus_narrowed(),
        "only {swept} corpus kernels with device functions"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Sweeps one corpus file (1-3 of the module comment): `None` when it has
/// no device functions to keep, else whether its `--no-inline` verdict was
/// checked.
fn sweep(path: &Path, problems: &mut Vec<String>) -> Option<bool> {
    let rel = path.strip_prefix(root()).unwrap().display().to_string();
    let (expected, flags) = header(path);
    if flags.iter().any(|f| f == "--no-inline") {
        check_product(&flags, path, kernel_ivl(&flags, path).as_ref(), problems);
        return None;
    }
    let program = kernel_ivl(&flags, path)?;
    let helpers = helpers(&program);
    if helpers.is_empty() {
        return None;
    }
    // The full `--no-inline` run, only where its verdict is checked (1 and
    // 2): a race-free kernel whose helpers need contracts may legitimately
    // fail with `--no-inline`, so verifying it would check nothing.
    let checked = expected != "pass" || helpers.iter().all(|h| contract_free(&program, h));
    let verdict = checked.then(|| {
        let mut args = flags.clone();
        args.push("--no-inline".into());
        if expected != "pass" || NEEDS_CONTRACT.iter().any(|(k, _)| *k == rel) {
            args.push(FAIL_ONLY_TIMEOUT.into());
        }
        run(&args, path)
    });
    if let Some((code, output)) = verdict {
        check_verdict(&rel, &expected, code, &output, problems);
    }
    check_product(&flags, path, Some(&program), problems);
    Some(checked)
}

/// 1-2 of the module comment for one `--no-inline` run of a kernel whose
/// verdict is checked (a defective one, or a race-free one with
/// contract-free helpers).
fn check_verdict(rel: &str, expected: &str, code: i32, output: &str, problems: &mut Vec<String>) {
    if expected != "pass" {
        if code == 0 {
            problems.push(format!(
                "{rel}: expected {expected}, but --no-inline verified it:\n{output}"
            ));
        }
    } else {
        match NEEDS_CONTRACT.iter().find(|(k, _)| *k == rel) {
            Some((_, why)) if code == 0 => problems.push(format!(
                "{rel}: now verified with --no-inline; remove it from NEEDS_CONTRACT ({why})"
            )),
            Some(_) => {}
            None if code != 0 => problems.push(format!(
                "{rel}: its helpers need no contract, but --no-inline gives exit {code}:\n{output}"
            )),
            None => {}
        }
    }
}
