//! The user's candidates: assertions the frontend marked `{:user_candidate}`
//! (`__candidate_invariant`, `__candidate_assert`,
//! `__function_wide_candidate_invariant`) and, with
//! `--invariants-as-candidates`, the user's loop invariants.
//!
//! Consumes the two-thread program. Guarantees: every such assertion is
//! removed from the program (a candidate is never an error by itself);
//! those at the top of a loop header become candidates with tag
//! [`USER_TAG`] for that header, which Houdini keeps only if inductive;
//! the others are dropped (not assuming them is sound).

use crate::candidate::Candidate;
use ivl::ast::{has_attr, Program, StmtKind};

/// The tag of the user's candidates in `--infer-info`.
pub const USER_TAG: &str = "user";
/// The frontend's attribute of a user's candidate.
pub const USER_CANDIDATE_ATTR: &str = "user_candidate";

/// Removes the user's candidates from `procedure`; returns those that stood
/// at the top of a loop header.
pub fn take(program: &mut Program, procedure: &str, invariants_too: bool) -> Vec<Candidate> {
    let Some(proc) = program.procedures_mut().find(|p| p.name.name == procedure) else {
        return Vec::new();
    };
    let Some(body) = proc.body.as_mut() else {
        return Vec::new();
    };
    let headers: Vec<String> = match ivl::cfg::Cfg::new(body) {
        Ok(cfg) => cfg
            .loops()
            .headers()
            .map(|h| cfg.label(h).to_string())
            .collect(),
        Err(_) => Vec::new(),
    };
    let mut out = Vec::new();
    for block in &mut body.blocks {
        let is_header = headers.contains(&block.label.name);
        let mut at_top = true;
        let mut kept = Vec::new();
        for stmt in std::mem::take(&mut block.stmts) {
            let candidate = matches!(stmt.kind, StmtKind::Assert(_))
                && (has_attr(&stmt.attrs, USER_CANDIDATE_ATTR)
                    || (invariants_too
                        && has_attr(&stmt.attrs, ivl::kernel::USER_ATTR)
                        && has_attr(&stmt.attrs, ivl::kernel::INVARIANT_ATTR)));
            if !candidate {
                at_top &= matches!(stmt.kind, StmtKind::Assert(_));
                kept.push(stmt);
                continue;
            }
            if let (true, true, StmtKind::Assert(e)) = (is_header, at_top, &stmt.kind) {
                out.push(Candidate {
                    tag: USER_TAG,
                    header: block.label.name.clone(),
                    expr: e.clone(),
                });
            }
        }
        block.stmts = kept;
    }
    out
}
