//! Access normal form: every access to a shared array becomes its own
//! statement, so later passes can instrument accesses one at a time.
//!
//! Input: the kernel procedure (inlined, type-checked) and its arrays.
//! Output: the same procedure where every read of a global or group-shared
//! array is `x := A[e]` (a plain variable on the left, `e` free of array
//! reads) and every write is `A[e] := v` (a single left-hand side, `e` and
//! `v` free of array reads); reads nested in other statements are hoisted
//! into fresh locals `A$rd<k>` just before the statement, innermost first
//! (evaluation order). A `havoc` naming shared arrays is split so that
//! each shared array is havocked by a statement of its own (a havoc is
//! not an access; `statements.rs` gives it its two-thread meaning).
//! Still type-checks.
//!
//! Left alone: `{:atomic}` statements (one access each, by definition),
//! constant and private arrays (never racy), and the leading `assert`s of
//! loop headers (invariants are specifications, not accesses). Nested maps
//! used as shared arrays are unsupported (an error, never ignored).

use crate::arrays::ArrayInfo;
use crate::assertion_reads::{is_checked_assertion, Hoister};
use crate::error::TransformError;
use ivl::ast::{has_attr, Expr, ExprKind, Ident, Lhs, Procedure, Stmt, StmtKind, Variable};
use ivl::kernel::ATOMIC_ATTR;
use std::collections::{BTreeMap, HashSet};

pub fn flatten(
    proc: &mut Procedure,
    arrays: &BTreeMap<String, ArrayInfo>,
    used_names: &mut HashSet<String>,
) -> Result<(), TransformError> {
    let racy: HashSet<&str> = arrays
        .values()
        .filter(|a| a.is_racy_space())
        .map(|a| a.ivl_name.as_str())
        .collect();
    let Some(body) = proc.body.as_mut() else {
        return Ok(());
    };
    let headers = crate::order::loop_headers(body)?;
    let mut fresh = Fresh {
        used: used_names,
        locals: Vec::new(),
    };
    for (bi, block) in body.blocks.iter_mut().enumerate() {
        let leading = if headers.contains(&bi) {
            block
                .stmts
                .iter()
                .take_while(|s| matches!(s.kind, StmtKind::Assert(_)))
                .count()
        } else {
            0
        };
        let old = std::mem::take(&mut block.stmts);
        let mut out = Vec::with_capacity(old.len());
        let mut held: Vec<Stmt> = Vec::new();
        for (si, stmt) in old.into_iter().enumerate() {
            if si < leading || has_attr(&stmt.attrs, ATOMIC_ATTR) {
                let loop_head_assertion = si < leading && is_checked_assertion(&stmt);
                out.push(stmt.clone());
                if loop_head_assertion {
                    held.push(stmt);
                }
                if si + 1 == leading {
                    // The reads of `__assert`s standing as the loop's
                    // invariants, checked right after the head's
                    // invariants (assertion_reads.rs).
                    for a in std::mem::take(&mut held) {
                        let StmtKind::Assert(e) = &a.kind else {
                            continue;
                        };
                        let mut h = Hoister {
                            racy: &racy,
                            arrays,
                            fresh: &mut fresh,
                            stmt: &a,
                        };
                        h.hoist(e, &None, &mut out)?;
                    }
                }
                continue;
            }
            flatten_stmt(stmt, &racy, arrays, &mut fresh, &mut out)?;
        }
        block.stmts = out;
    }
    body.locals.extend(fresh.locals);
    Ok(())
}

pub(crate) struct Fresh<'a> {
    used: &'a mut HashSet<String>,
    locals: Vec<Variable>,
}

impl Fresh<'_> {
    pub(crate) fn local(&mut self, base: &str, ty: &ivl::ast::Type) -> String {
        let mut k = 1;
        let mut name = format!("{base}{k}");
        while self.used.contains(&name) {
            k += 1;
            name = format!("{base}{k}");
        }
        self.used.insert(name.clone());
        self.locals.push(Variable {
            attrs: vec![],
            name: Ident::synthetic(name.clone()),
            ty: ty.clone(),
            span: ivl::Span::DUMMY,
        });
        name
    }
}

/// The racy array `e` reads directly (`A[i]` with `A` racy).
pub(crate) fn direct_read<'e>(e: &'e Expr, racy: &HashSet<&str>) -> Option<(&'e str, &'e Expr)> {
    if let ExprKind::Select(m, i) = &e.kind {
        if let ExprKind::Var(name) = &m.kind {
            if racy.contains(name.as_str()) {
                return Some((name, i));
            }
        }
    }
    None
}

fn has_read(e: &Expr, racy: &HashSet<&str>) -> bool {
    let mut found = false;
    ivl::visit::walk_expr(e, &mut |x| {
        if direct_read(x, racy).is_some() {
            found = true;
        }
    });
    found
}

/// Hoists the racy reads of `e` (innermost first) into fresh locals.
fn hoist(
    e: &Expr,
    stmt: &Stmt,
    racy: &HashSet<&str>,
    arrays: &BTreeMap<String, ArrayInfo>,
    fresh: &mut Fresh,
    out: &mut Vec<Stmt>,
) -> Result<Expr, TransformError> {
    if let ExprKind::Quantifier { .. } = &e.kind {
        if has_read(e, racy) {
            return Err(TransformError::unsupported(
                "a quantifier reading a shared array outside a loop invariant",
                stmt.span,
            ));
        }
        return Ok(e.clone());
    }
    let rebuilt =
        ivl::visit::try_map_children(e, &mut |c| hoist(c, stmt, racy, arrays, fresh, out))?;
    if let Some((name, index)) = direct_read(&rebuilt, racy) {
        let info = &arrays[name];
        if matches!(info.elem_type, ivl::ast::Type::Map(..)) {
            return Err(TransformError::unsupported(
                format!("multi-dimensional shared map `{name}`"),
                stmt.span,
            ));
        }
        let tmp = fresh.local(&format!("{name}$rd"), &info.elem_type);
        out.push(Stmt {
            kind: StmtKind::Assign {
                lhs: vec![plain_lhs(&tmp)],
                rhs: vec![Expr::select(Expr::var(name), index.clone())],
            },
            attrs: stmt.attrs.clone(),
            span: stmt.span,
        });
        return Ok(Expr::new(ExprKind::Var(tmp), rebuilt.span));
    }
    Ok(rebuilt)
}

fn plain_lhs(name: &str) -> Lhs {
    Lhs {
        name: Ident::synthetic(name),
        indices: vec![],
        span: ivl::Span::DUMMY,
    }
}

fn flatten_stmt(
    stmt: Stmt,
    racy: &HashSet<&str>,
    arrays: &BTreeMap<String, ArrayInfo>,
    fresh: &mut Fresh,
    out: &mut Vec<Stmt>,
) -> Result<(), TransformError> {
    let h = |e: &Expr, out: &mut Vec<Stmt>, fresh: &mut Fresh| {
        hoist(e, &stmt, racy, arrays, fresh, out)
    };
    let kind = match &stmt.kind {
        StmtKind::Assign { lhs, rhs } => {
            // Already a plain read `x := A[e]`?
            if lhs.len() == 1 && lhs[0].indices.is_empty() && rhs.len() == 1 {
                if let Some((name, index)) = direct_read(&rhs[0], racy) {
                    let index = h(index, out, fresh)?;
                    out.push(Stmt {
                        kind: StmtKind::Assign {
                            lhs: lhs.clone(),
                            rhs: vec![Expr::new(
                                ExprKind::Select(Box::new(Expr::var(name)), Box::new(index)),
                                rhs[0].span,
                            )],
                        },
                        ..stmt.clone()
                    });
                    return Ok(());
                }
            }
            let writes_memory = lhs.iter().any(|l| racy.contains(l.name.name.as_str()));
            let rhs: Vec<Expr> = rhs
                .iter()
                .map(|e| h(e, out, fresh))
                .collect::<Result<_, _>>()?;
            let mut new_lhs = Vec::new();
            for l in lhs {
                if racy.contains(l.name.name.as_str()) && l.indices.len() != 1 {
                    return Err(TransformError::unsupported(
                        format!("multi-dimensional write to shared map `{}`", l.name),
                        stmt.span,
                    ));
                }
                new_lhs.push(Lhs {
                    indices: l
                        .indices
                        .iter()
                        .map(|e| h(e, out, fresh))
                        .collect::<Result<_, _>>()?,
                    ..l.clone()
                });
            }
            if writes_memory && new_lhs.len() > 1 {
                return Err(TransformError::unsupported(
                    "a parallel assignment that writes a shared array",
                    stmt.span,
                ));
            }
            StmtKind::Assign { lhs: new_lhs, rhs }
        }
        StmtKind::Assume(e) => StmtKind::Assume(h(e, out, fresh)?),
        StmtKind::Assert(e) if is_checked_assertion(&stmt) => {
            let mut h = Hoister {
                racy,
                arrays,
                fresh,
                stmt: &stmt,
            };
            StmtKind::Assert(h.hoist(e, &None, out)?)
        }
        StmtKind::Assert(e) => StmtKind::Assert(h(e, out, fresh)?),
        StmtKind::Call { callee, args, rets } => StmtKind::Call {
            callee: callee.clone(),
            args: args
                .iter()
                .map(|e| h(e, out, fresh))
                .collect::<Result<_, _>>()?,
            rets: rets.clone(),
        },
        StmtKind::Havoc(names) => {
            // A havoc of a shared array (the contents an async copy leaves)
            // is not an access; it gets its own statement so that the
            // product can give it the array's abstraction.
            let (shared, rest): (Vec<&Ident>, Vec<&Ident>) =
                names.iter().partition(|n| racy.contains(n.name.as_str()));
            for n in shared {
                if matches!(arrays[&n.name].elem_type, ivl::ast::Type::Map(..)) {
                    return Err(TransformError::unsupported(
                        format!("havoc of multi-dimensional shared map `{n}`"),
                        stmt.span,
                    ));
                }
                out.push(Stmt {
                    kind: StmtKind::Havoc(vec![n.clone()]),
                    ..stmt.clone()
                });
            }
            if rest.is_empty() {
                return Ok(());
            }
            StmtKind::Havoc(rest.into_iter().cloned().collect())
        }
    };
    out.push(Stmt { kind, ..stmt });
    Ok(())
}
