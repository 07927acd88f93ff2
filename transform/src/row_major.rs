//! Row-major indices `y * w + x` with `w` a kernel argument do not wrap.
//!
//! Consumes a well-typed kernel program (before the two-thread transform,
//! after slicing) and the kernel's name; returns it with, for every array
//! index that is (through single-definition copies and extensions) a sum
//! `y * w + x` or `x + y * w` with `w` built from the kernel's parameters
//! only and of 32 bits or more, the assumption
//!
//! ```text
//! assume bvult(x, w) ==> $row_major.row.bvN(s, w) == y && $row_major.col.bvN(s, w) == x;
//! ```
//!
//! right after the statement that computes the sum `s` (or before the
//! access when the sum is written inline), with `row`/`col` uninterpreted
//! functions declared once per width `N`. Two threads that reach the same
//! index `s` with columns inside the row (`x < w`) then have equal `(y,
//! x)` by congruence alone: the image-processing guard `if (x < width &&
//! y < height) out[y * width + x] = ..` verifies without the solver
//! reasoning about a symbolic product.
//!
//! Guarantees (the argument is in SOUNDNESS.md, "Row-major indices"): the
//! result only has fewer executions than the input, and every execution
//! it removes has a row-major sum with `x < w` whose value wraps around
//! `2^N` (`y * w + x >= 2^N` as integers). Without wrap, `s = y * w + x`
//! exactly and `x < w` make `(y, x)` the quotient and remainder of `s` by
//! `w`, so taking `row`/`col` to be unsigned division and remainder
//! satisfies every assumption. The caller must print the assumption (the
//! returned [`RowMajorSite`]s) whenever one was inserted. Operands are
//! read where the sum is computed (a product defined in the same block,
//! with none of `y`'s variables assigned in between, and no row or
//! column that reads a global variable, which a call in between could
//! change unnamed), so no stale value is used.

use std::collections::{BTreeMap, BTreeSet};

use ivl::ast::{BinaryOp, Decl, Expr, ExprKind, FnParam, Function, Ident, Stmt, StmtKind, Type};
use ivl::typeck::Scope;
use ivl::Program;

use crate::product::{source_attrs, source_loc};

/// Sums narrower than this get no assumption: their wraparound needs no
/// more than an ordinary launch (s9 soundness review:
/// tests/kernels/ivl/soundness/row_major_narrow_index_wraps.ivl).
const MIN_WIDTH_BITS: u32 = 32;

/// A row-major index given the no-wrap assumption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowMajorSite {
    /// The row width as written in the kernel (a parameter's name).
    pub width: String,
    /// `file:line` of the sum, when the frontend recorded it.
    pub location: Option<String>,
}

/// Where the assumption goes: after statement `stmt` of block `block`
/// (the sum's definition) or before it (an inline sum at the access).
#[derive(Clone, Debug)]
struct Site {
    block: usize,
    stmt: usize,
    after: bool,
    assumption: Expr,
    width_bits: u32,
    report: RowMajorSite,
}

/// The kernel with the row-major no-wrap assumptions, and the sums that
/// received one; `None` when no index has the shape.
pub fn assume_row_major(program: &Program, kernel: &str) -> Option<(Program, Vec<RowMajorSite>)> {
    let proc = program.procedure(kernel)?;
    let body = proc.body.as_ref()?;
    let scope = Scope::procedure(program, proc);
    let params: BTreeSet<String> = proc.params.iter().map(|p| p.name.name.clone()).collect();
    let globals: BTreeSet<String> = program.global_vars().map(|v| v.name.name.clone()).collect();
    let defs = Definitions::of(body);
    let mut sites: Vec<Site> = Vec::new();
    for (bi, block) in body.blocks.iter().enumerate() {
        for (si, stmt) in block.stmts.iter().enumerate() {
            let StmtKind::Assign { lhs, rhs } = &stmt.kind else {
                continue;
            };
            let mut indices = Vec::new();
            for l in lhs {
                indices.extend(l.indices.iter().cloned());
            }
            for r in rhs {
                collect_select_indices(r, &mut indices);
            }
            for index in indices {
                let cx = Context {
                    scope: &scope,
                    params: &params,
                    globals: &globals,
                    defs: &defs,
                    body,
                };
                if let Some(site) = cx.site_of(&index, bi, si) {
                    let dup = sites.iter().any(|s| {
                        s.block == site.block
                            && s.stmt == site.stmt
                            && s.after == site.after
                            && s.assumption == site.assumption
                    });
                    if !dup {
                        sites.push(site);
                    }
                }
            }
        }
    }
    if sites.is_empty() {
        return None;
    }
    let mut out = program.clone();
    let widths: BTreeSet<u32> = sites.iter().map(|s| s.width_bits).collect();
    for bits in widths {
        for which in ["row", "col"] {
            let name = function_name(which, bits);
            if out.function(&name).is_none() {
                out.decls.insert(0, Decl::Function(declare(&name, bits)));
            }
        }
    }
    let reports: Vec<RowMajorSite> = {
        let mut r: Vec<RowMajorSite> = Vec::new();
        for s in &sites {
            if !r.contains(&s.report) {
                r.push(s.report.clone());
            }
        }
        r
    };
    let target = out
        .procedures_mut()
        .find(|p| p.name.name == kernel)
        .and_then(|p| p.body.as_mut())
        .expect("the kernel has a body");
    // Insert from the back so earlier positions stay valid.
    sites.sort_by_key(|s| (s.block, s.stmt, s.after));
    for site in sites.into_iter().rev() {
        let stmts = &mut target.blocks[site.block].stmts;
        let mut a = Stmt::new(StmtKind::Assume(site.assumption));
        a.span = stmts[site.stmt].span;
        a.attrs = source_attrs(&stmts[site.stmt].attrs);
        let at = if site.after { site.stmt + 1 } else { site.stmt };
        stmts.insert(at, a);
    }
    Some((out, reports))
}

fn function_name(which: &str, bits: u32) -> String {
    format!("$row_major.{which}.bv{bits}")
}

fn declare(name: &str, bits: u32) -> Function {
    let param = || FnParam {
        name: None,
        ty: Type::Bv(bits),
    };
    Function {
        attrs: Vec::new(),
        name: Ident::synthetic(name),
        params: vec![param(), param()],
        ret: Type::Bv(bits),
        body: None,
        span: ivl::Span::DUMMY,
    }
}

fn collect_select_indices(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Select(m, i) => {
            collect_select_indices(m, out);
            collect_select_indices(i, out);
            out.push((**i).clone());
        }
        ExprKind::Store(m, i, v) => {
            collect_select_indices(m, out);
            collect_select_indices(i, out);
            collect_select_indices(v, out);
        }
        ExprKind::Binary(_, a, b) => {
            collect_select_indices(a, out);
            collect_select_indices(b, out);
        }
        ExprKind::Ite(c, t, f) => {
            collect_select_indices(c, out);
            collect_select_indices(t, out);
            collect_select_indices(f, out);
        }
        ExprKind::Unary(_, a) | ExprKind::Extract { expr: a, .. } => collect_select_indices(a, out),
        ExprKind::Extend { expr, .. } => collect_select_indices(expr, out),
        ExprKind::Apply(_, args) => args.iter().for_each(|a| collect_select_indices(a, out)),
        _ => {}
    }
}

/// Single-definition locals: `v := e` assigned once in the procedure.
struct Definitions {
    single: BTreeMap<String, (usize, usize, Expr)>,
    assigned: BTreeSet<String>,
}

impl Definitions {
    fn of(body: &ivl::ast::Body) -> Definitions {
        let mut count: BTreeMap<String, usize> = BTreeMap::new();
        let mut single = BTreeMap::new();
        for (bi, b) in body.blocks.iter().enumerate() {
            for (si, s) in b.stmts.iter().enumerate() {
                match &s.kind {
                    StmtKind::Assign { lhs, rhs } => {
                        for (k, l) in lhs.iter().enumerate() {
                            *count.entry(l.name.name.clone()).or_default() += 1;
                            if l.indices.is_empty() && lhs.len() == rhs.len() {
                                single.insert(l.name.name.clone(), (bi, si, rhs[k].clone()));
                            }
                        }
                    }
                    StmtKind::Havoc(vs) => {
                        for v in vs {
                            *count.entry(v.name.clone()).or_default() += 2;
                        }
                    }
                    StmtKind::Call { rets, .. } => {
                        for v in rets {
                            *count.entry(v.name.clone()).or_default() += 2;
                        }
                    }
                    StmtKind::Assume(_) | StmtKind::Assert(_) => {}
                }
            }
        }
        single.retain(|name, (_, _, rhs)| {
            count.get(name) == Some(&1) && !ivl::visit::free_vars(rhs).contains(name)
        });
        Definitions {
            single,
            assigned: count.into_keys().collect(),
        }
    }
}

struct Context<'a> {
    scope: &'a Scope<'a>,
    params: &'a BTreeSet<String>,
    /// Arrays and other global variables: a call may change them without
    /// naming them, so a row or column that reads one is not taken.
    globals: &'a BTreeSet<String>,
    defs: &'a Definitions,
    body: &'a ivl::ast::Body,
}

impl Context<'_> {
    /// The assumption for an index used by statement `(bi, si)`.
    fn site_of(&self, index: &Expr, bi: usize, si: usize) -> Option<Site> {
        let mut e = index.clone();
        let mut at = (bi, si, false);
        for _ in 0..8 {
            match &e.kind {
                ExprKind::Var(v) => {
                    let (db, ds, rhs) = self.defs.single.get(v)?;
                    if matches!(rhs.kind, ExprKind::Binary(BinaryOp::Add, _, _)) {
                        return self.site_at(v, rhs, *db, *ds, true);
                    }
                    e = rhs.clone();
                    at = (*db, *ds, true);
                }
                ExprKind::Extend { expr, .. } => e = (**expr).clone(),
                ExprKind::Binary(BinaryOp::Add, _, _) if !at.2 => {
                    // An inline sum at the access: assume before it.
                    return self.site_inline(&e, bi, si);
                }
                _ => return None,
            }
        }
        None
    }

    fn site_inline(&self, sum: &Expr, bi: usize, si: usize) -> Option<Site> {
        self.build(sum.clone(), sum, bi, si, false)
    }

    fn site_at(&self, var: &str, rhs: &Expr, bi: usize, si: usize, after: bool) -> Option<Site> {
        self.build(Expr::var(var), rhs, bi, si, after)
    }

    /// `value` is the sum's value at the insertion point; `sum` is
    /// `a + b`, evaluated by statement `(bi, si)`.
    fn build(&self, value: Expr, sum: &Expr, bi: usize, si: usize, after: bool) -> Option<Site> {
        let ExprKind::Binary(BinaryOp::Add, a, b) = &sum.kind else {
            return None;
        };
        let Some(Type::Bv(bits)) = self.scope.type_of(sum) else {
            return None;
        };
        // A narrower sum wraps on ordinary launches (a 16-bit index past
        // 65,536 elements, an 8-bit one past 256): no assumption there.
        if bits < MIN_WIDTH_BITS {
            return None;
        }
        for (m, x) in [(a, b), (b, a)] {
            let Some((y, w)) = self.product(m, bi, si) else {
                continue;
            };
            let same = |e: &Expr| self.scope.type_of(e) == Some(Type::Bv(bits));
            if !(same(&y) && same(&w) && same(x)) {
                continue;
            }
            // After the sum's statement, its operands must still hold the
            // values it read.
            let mut read = ivl::visit::free_vars(&y);
            read.extend(ivl::visit::free_vars(x));
            if read.iter().any(|v| self.globals.contains(v)) {
                continue;
            }
            if after && assigns_any(&self.body.blocks[bi].stmts[si], &read) {
                continue;
            }
            let row = Expr::apply(function_name("row", bits), vec![value.clone(), w.clone()]);
            let col = Expr::apply(function_name("col", bits), vec![value.clone(), w.clone()]);
            let assumption = Expr::implies(
                Expr::binary(BinaryOp::BvULt, (**x).clone(), w.clone()),
                Expr::and(Expr::eq(row, y), Expr::eq(col, (**x).clone())),
            );
            let stmt = &self.body.blocks[bi].stmts[si];
            let report = RowMajorSite {
                width: self.source_name(&w),
                location: source_loc(&stmt.attrs).map(|l| format!("{}:{}", l.file, l.line)),
            };
            return Some(Site {
                block: bi,
                stmt: si,
                after,
                assumption,
                width_bits: bits,
                report,
            });
        }
        None
    }

    /// `m` as `y * w` (either order) with `w` built from parameters, read
    /// at statement `(bi, si)`: `m` itself or a variable defined by such a
    /// product earlier in the same block, with `y` not reassigned since.
    fn product(&self, m: &Expr, bi: usize, si: usize) -> Option<(Expr, Expr)> {
        let (prod, from) = match &m.kind {
            ExprKind::Binary(BinaryOp::Mul, _, _) => (m.clone(), si),
            ExprKind::Var(v) => {
                let (db, ds, rhs) = self.defs.single.get(v)?;
                if *db != bi || *ds >= si {
                    return None;
                }
                (rhs.clone(), *ds)
            }
            _ => return None,
        };
        let ExprKind::Binary(BinaryOp::Mul, p, q) = &prod.kind else {
            return None;
        };
        for (y, w) in [(p, q), (q, p)] {
            if !self.uniform(w, 0) || matches!(y.kind, ExprKind::Bv { .. }) {
                continue;
            }
            let vars = ivl::visit::free_vars(y);
            // An inline product (`from == si`) is read by the statement itself.
            let between = self.body.blocks[bi].stmts.get(from + 1..si).unwrap_or(&[]);
            let reassigned = between.iter().any(|s| assigns_any(s, &vars));
            if reassigned {
                continue;
            }
            return Some(((**y).clone(), (**w).clone()));
        }
        None
    }

    /// The parameter a width is built from, for the printed assumption.
    fn source_name(&self, w: &Expr) -> String {
        let mut e = w.clone();
        for _ in 0..8 {
            match &e.kind {
                ExprKind::Var(v) if self.params.contains(v) => return v.clone(),
                ExprKind::Var(v) => match self.defs.single.get(v) {
                    Some((_, _, rhs)) => e = rhs.clone(),
                    None => break,
                },
                ExprKind::Extend { expr, .. } => e = (**expr).clone(),
                _ => break,
            }
        }
        format!("{w}")
    }

    /// Built only from the kernel's parameters (through single-definition
    /// copies and extensions): the same value wherever it is read.
    fn uniform(&self, e: &Expr, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        match &e.kind {
            ExprKind::Var(v) if self.params.contains(v) => !self.defs.assigned.contains(v),
            ExprKind::Var(v) => self
                .defs
                .single
                .get(v)
                .is_some_and(|(_, _, rhs)| self.uniform(rhs, depth + 1)),
            ExprKind::Extend { expr, .. } => self.uniform(expr, depth + 1),
            _ => false,
        }
    }
}

fn assigns_any(s: &Stmt, vars: &BTreeSet<String>) -> bool {
    match &s.kind {
        StmtKind::Assign { lhs, .. } => lhs.iter().any(|l| vars.contains(&l.name.name)),
        StmtKind::Havoc(vs) => vs.iter().any(|v| vars.contains(&v.name)),
        StmtKind::Call { rets, .. } => rets.iter().any(|v| vars.contains(&v.name)),
        StmtKind::Assume(_) | StmtKind::Assert(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(text: &str) -> Program {
        let p = ivl::parse(&ivl::SourceFile::new("k.ivl", text)).expect("parses");
        assert!(ivl::check(&p).is_empty(), "{:?}", ivl::check(&p));
        p
    }

    const KERNEL: &str = r#"
var $$out: [bv32]bv32;
procedure k(w: bv32, h: bv32)
  modifies $$out;
{
  var x: bv32;
  var y: bv32;
  var m: bv32;
  var s: bv32;
  var i: bv32;
  entry:
    havoc x;
    havoc y;
    m := y * w;
    s := m + x;
    i := s;
    $$out[i] := 1bv32;
    $$out[x + y * h] := 2bv32;
    $$out[x + y * x] := 3bv32;
    return;
}
"#;

    #[test]
    fn sums_over_a_parameter_width_get_the_row_and_column_assumption() {
        let p = program(KERNEL);
        let (out, sites) = assume_row_major(&p, "k").expect("two sites");
        assert!(ivl::check(&out).is_empty(), "{:?}", ivl::check(&out));
        let text = ivl::print(&out);
        assert!(
            text.contains("function $row_major.row.bv32(bv32, bv32): bv32;"),
            "{text}"
        );
        assert!(
            text.contains(
                "s := m + x;\n    assume bvult(x, w) ==> $row_major.row.bv32(s, w) == y && \
                 $row_major.col.bv32(s, w) == x;"
            ),
            "{text}"
        );
        // Inline sums are assumed before the access; `y * x` has no
        // parameter factor.
        assert!(
            text.contains("assume bvult(x, h) ==> $row_major.row.bv32(x + y * h, h) == y"),
            "{text}"
        );
        assert_eq!(text.matches("assume").count(), 2, "{text}");
        let widths: Vec<&str> = sites.iter().map(|s| s.width.as_str()).collect();
        assert_eq!(widths, ["w", "h"]);
    }

    #[test]
    fn sums_narrower_than_32_bits_get_nothing() {
        let text = KERNEL.replace("bv32", "bv16");
        // A 16-bit row-major index wraps past 65,536 elements.
        assert!(assume_row_major(&program(&text), "k").is_none());
    }

    #[test]
    fn a_row_read_from_memory_gets_nothing() {
        // A call between product and sum may change `$$out` unnamed.
        let text = KERNEL.replace("    m := y * w;", "    m := $$out[y] * w;");
        let text = text
            .replace("    $$out[x + y * h] := 2bv32;\n", "")
            .replace(
                "procedure k(",
                "procedure f()\n  modifies $$out;\n{\n  $$out[0bv32] := 9bv32;\n}\nprocedure k(",
            )
            .replace("    s := m + x;", "    call f();\n    s := m + x;");
        assert!(assume_row_major(&program(&text), "k").is_none(), "{text}");
    }

    #[test]
    fn a_row_reassigned_between_product_and_sum_gets_nothing() {
        let text = KERNEL
            .replace("    s := m + x;", "    y := y + 1bv32;\n    s := m + x;")
            .replace("    $$out[x + y * h] := 2bv32;\n", "");
        // `y` now has two definitions: the product read the old one.
        assert!(assume_row_major(&program(&text), "k").is_none());
    }
}
