//! Expressions as thread k sees them: private names renamed to the
//! thread's copy, launch constants replaced, annotation functions
//! (`__enabled()`, `__read`, `__uniform_*`...) given their N-thread meaning.

use super::encoder::*;
use super::*;

impl Encoder<'_> {
    pub(super) fn lid(&self, k: u32) -> Expr {
        match self.config.ids {
            IdMode::Symbolic => var(&self.lids[k as usize]),
            IdMode::Concrete => Expr::bv(k as u128, 32),
        }
    }

    pub(super) fn at(&self, b: usize, k: u32) -> Expr {
        var(&self.at[b][k as usize])
    }

    /// `e` as thread `k` sees it; `en` is its predicate here.
    pub(super) fn expr(&self, e: &Expr, k: u32, en: &Expr) -> Result<Expr, TransformError> {
        self.go(e, k, en, &mut Vec::new())
    }

    pub(super) fn go(
        &self,
        e: &Expr,
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
    ) -> Result<Expr, TransformError> {
        match &e.kind {
            ExprKind::Var(name) if !bound.contains(name) => {
                if let Some(c) = self.copy(name, k) {
                    return Ok(Expr::new(ExprKind::Var(c.clone()), e.span));
                }
                let n = self.n as u128;
                let literal = match name.as_str() {
                    "local_id_x" => return Ok(self.lid(k)),
                    "local_size_x" => Some(n),
                    "local_size_y" | "local_size_z" => Some(1),
                    "num_groups_x" | "num_groups_y" | "num_groups_z" => Some(1),
                    "local_id_y" | "local_id_z" | "group_id_x" | "group_id_y" | "group_id_z"
                    | "global_offset_x" | "global_offset_y" | "global_offset_z" => Some(0),
                    _ => None,
                };
                Ok(match literal {
                    Some(v) => Expr::bv(v, 32),
                    None => e.clone(),
                })
            }
            ExprKind::Apply(f, args) if ivl::kernel::is_builtin_function(f) => {
                self.annotation(f, args, k, en, bound, e)
            }
            // The rest; a quantifier's variables are on `bound` in its body.
            _ => ivl::visit::try_map_children_scoped(e, bound, &mut |c, bound| {
                self.go(c, k, en, bound)
            }),
        }
    }

    pub(super) fn annotation(
        &self,
        f: &str,
        args: &[Expr],
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
        e: &Expr,
    ) -> Result<Expr, TransformError> {
        let arg = || {
            args.first().ok_or_else(|| {
                TransformError::unsupported(format!("`{f}` without its argument"), e.span)
            })
        };
        Ok(match f {
            "__enabled" => en.clone(),
            "__same_group" => Expr::bool(true),
            "__uniform_int" | "__uniform_bool" => {
                let first = self.go(arg()?, 0, en, bound)?;
                let mut parts = Vec::new();
                for j in 1..self.n {
                    parts.push(Expr::eq(first.clone(), self.go(arg()?, j, en, bound)?));
                }
                all(parts)
            }
            "__distinct_int" => {
                let mine = self.go(arg()?, k, en, bound)?;
                let mut parts = Vec::new();
                for j in (0..self.n).filter(|&j| j != k) {
                    parts.push(Expr::binary(
                        BinaryOp::Neq,
                        mine.clone(),
                        self.go(arg()?, j, en, bound)?,
                    ));
                }
                all(parts)
            }
            "__read" | "__write" => {
                let write = f == "__write";
                self.by_base(arg()?, k, en, bound, &|g: &Ghosts| {
                    let kind = if write {
                        crate::AccessKind::Write
                    } else {
                        crate::AccessKind::Read
                    };
                    flag_expr(g.flag(kind, k as usize))
                })?
            }
            _ => {
                return Err(TransformError::unsupported(
                    format!("annotation function `{f}` in the explicit N-thread encoding"),
                    e.span,
                ))
            }
        })
    }

    pub(super) fn by_base(
        &self,
        base: &Expr,
        k: u32,
        en: &Expr,
        bound: &mut Vec<String>,
        pick: &dyn Fn(&Ghosts) -> Expr,
    ) -> Result<Expr, TransformError> {
        match &base.kind {
            ExprKind::Ite(c, a, b) => Ok(Expr::ite(
                self.go(c, k, en, bound)?,
                self.by_base(a, k, en, bound, pick)?,
                self.by_base(b, k, en, bound, pick)?,
            )),
            ExprKind::Bv { value, .. } | ExprKind::Int(value) => {
                let array = self.arrays.values().find(|a| a.base_id == Some(*value));
                Ok(match array.and_then(|a| self.ghosts.get(&a.ivl_name)) {
                    Some(g) => pick(g),
                    None => Expr::bool(false),
                })
            }
            _ => Err(TransformError::unsupported(
                "an access annotation whose pointer is not a known object",
                base.span,
            )),
        }
    }
}
