//! The command line of invariant inference: `--no-infer`,
//! `--omit-infer=TAG[,TAG]`, `--infer-info`. Maps flags to an
//! [`infer::InferConfig`] and renders what inference did.

use crate::cli::Cli;
use std::fmt::Write as _;

/// GPUVerify's inference rule tags: `Some(Some(ours))` for the rules here
/// that generate the nearest candidates, `Some(None)` for a rule with no
/// counterpart, `None` for a name that is not GPUVerify's. Omitting rules
/// only removes candidates: never a soundness question.
pub fn gpuverify_tag(tag: &str) -> Option<Option<&'static [&'static str]>> {
    Some(match tag {
        "accessBreak" => Some(&["access_2d"]),
        "accessLowerBoundBlock" | "accessUpperBoundBlock" => Some(&["access_group"]),
        "accessOnlyIfEnabledInEnclosingScopes" | "disabledMaintainsInstrumentation" => {
            Some(&["no_access"])
        }
        "accessedOffsetInRangeCTimesGid" | "accessedOffsetInRangeCTimesLid" => {
            Some(&["access_stride", "access_range"])
        }
        "accessedOffsetsSatisfyPredicates" => Some(&["access_at"]),
        "conditionsImpliedByEnabledness" | "conditionsImplyingEnabledness" => Some(&["enabled"]),
        "groupSharedArraysDisjointAcrossGroups" => Some(&["no_access_same_group"]),
        "guardMinusInitialIsUniform" | "predicatedEquality" => Some(&["thread_eq"]),
        "guardNonNeg" => Some(&["guard_nonneg"]),
        "loopBound" => Some(&["loop_bound"]),
        "loopCounterIsStrided" => Some(&["stride"]),
        "loopPredicateEquality" => Some(&["pred_off"]),
        "relationalPow2" => Some(&["pow2_rel"]),
        "accessValueMaintained" | "sameWarpNoAccess" => None,
        _ => return None,
    })
}

/// A rule tag `--omit-infer` accepts (ours, or GPUVerify's: mapped by
/// [`Cli::normalize`]).
pub fn parse_tag(text: &str) -> Result<String, String> {
    let tags = infer::rules::all_tags();
    if tags.contains(&text) || gpuverify_tag(text).is_some() {
        Ok(text.to_string())
    } else {
        Err(format!(
            "unknown inference rule tag `{text}` (known: {})",
            tags.join(", ")
        ))
    }
}

pub fn infer_config(cli: &Cli) -> infer::InferConfig {
    infer::InferConfig {
        enabled: !cli.no_infer,
        omit: cli.omit_infer.clone(),
        invariants_as_candidates: cli.invariants_as_candidates,
        budget: infer::houdini::Budget {
            max_time: houdini_time_limit(cli.timeout),
            ..infer::houdini::Budget::default()
        },
    }
}

/// How many query time limits (`--timeout`) the whole Houdini search may
/// take: rounds and split queries that each run to the limit would
/// otherwise add up to hours on a kernel with many candidates.
pub const HOUDINI_QUERIES_OF_TIME: u64 = 10;

/// The CPU-time limit of the Houdini search for `--timeout=SECS` (none
/// when the queries have none); its wall-clock cap is
/// `solver::cpu_time::WALL_CAP_FACTOR` times it.
pub fn houdini_time_limit(timeout_secs: u64) -> Option<std::time::Duration> {
    (timeout_secs > 0).then(|| {
        std::time::Duration::from_secs(timeout_secs.saturating_mul(HOUDINI_QUERIES_OF_TIME))
    })
}

/// `--infer-info`: candidates and survivors per tag, rounds and times.
pub fn render_info(kernel: &str, inf: &infer::Inference) -> String {
    let mut out = String::new();
    let total: usize = inf.tags.iter().map(|t| t.generated).sum();
    let alive: usize = inf.tags.iter().map(|t| t.survived).sum();
    let _ = writeln!(
        out,
        "Inference for kernel `{kernel}`: {total} candidate{}, {alive} proved, {} Houdini round{} in {:.3}s",
        if total == 1 { "" } else { "s" },
        inf.round_times.len(),
        if inf.round_times.len() == 1 { "" } else { "s" },
        inf.houdini_time.as_secs_f64()
    );
    for t in &inf.tags {
        let _ = writeln!(
            out,
            "  {:<22} {:>4} generated {:>4} proved",
            t.tag, t.generated, t.survived
        );
    }
    let d = &inf.dropped;
    if d.total() > 0 {
        let _ = writeln!(
            out,
            "  dropped before solving: {} ill-typed, {} closed, {} over dead locals, {} over irrelevant locals, {} duplicates",
            d.ill_typed, d.closed, d.dead, d.irrelevant, d.duplicate
        );
    }
    for (header, tag, expr) in &inf.survivors {
        let what = match header.as_str() {
            infer::candidate::REQUIRES => "precondition".to_string(),
            infer::candidate::ENSURES => "postcondition".to_string(),
            h => format!("invariant at {h}"),
        };
        let _ = writeln!(out, "  {what} [{tag}]: {expr}");
    }
    if let Some(slowest) = inf.round_times.iter().max() {
        let times: Vec<String> = inf
            .round_times
            .iter()
            .map(|t| format!("{:.1}", t.as_secs_f64() * 1e3))
            .collect();
        let _ = writeln!(
            out,
            "  round times (ms): {} (slowest {:.1})",
            times.join(" "),
            slowest.as_secs_f64() * 1e3
        );
        let counts: Vec<String> = inf
            .round_refuted
            .iter()
            .map(|r| r.len().to_string())
            .collect();
        let _ = writeln!(out, "  refuted per round: {}", counts.join(" "));
    }
    for (k, refuted) in inf.round_refuted.iter().enumerate() {
        for (tag, header, expr) in refuted {
            let _ = writeln!(out, "  round {} refuted at {header} [{tag}]: {expr}", k + 1);
        }
    }
    for (tag, header, expr) in &inf.timed_out {
        let _ = writeln!(
            out,
            "  dropped at {header} [{tag}] (its own query timed out): {expr}"
        );
    }
    if let Some(reason) = &inf.incomplete {
        let _ = writeln!(out, "  inference incomplete: {reason}");
    }
    out
}
