//! Per-thread renaming: a kernel expression as thread 1 or thread 2 sees
//! it, with the annotation functions of the kernel dialect given their
//! two-thread meaning.
//!
//! Input: an expression of the kernel (access normal form: no reads of
//! adversarial arrays). Output: the expression over the product's names:
//! per-thread variables get `$1`/`$2`, uniform ones keep their name, and
//! `__enabled()`, `__same_group()`, `__other_int(x)`, `__uniform_int(x)`,
//! `__distinct_int(x)`, `__read(b)`, `__write(b)`, `__*_offset_bytes(b)`
//! are rewritten. The access annotations talk about thread 1's logged
//! accesses (the only ones the watched-offset scheme records): in thread
//! 2's copy `__read(b)`/`__write(b)` are `false`, so assertions built from
//! them (`__no_read`, `__read_implies`) are checked once, for thread 1,
//! which stands for every thread because the pair is arbitrary.

use crate::arrays::ArrayInfo;
use crate::error::TransformError;
use ivl::ast::{BinaryOp, Expr, ExprKind, Type};
use ivl::build::and;
use std::collections::{BTreeMap, BTreeSet};

pub use crate::names::Thread;

pub fn other(t: Thread) -> Thread {
    3 - t
}

/// What renaming needs to know.
pub struct Renamer<'a> {
    /// Names with one copy per thread.
    pub per_thread: &'a BTreeSet<String>,
    pub arrays: &'a BTreeMap<String, ArrayInfo>,
    /// `same_group` as a product expression.
    pub same_group: Expr,
    /// Per array (IVL name): `[read flag, write flag]` ghost names if logged,
    /// and the watched-offset constant.
    pub ghosts: &'a BTreeMap<String, crate::race::Ghosts>,
    /// Both threads' predicates where the expression stands, when known:
    /// `__enabled()` inside `__other_*`, `__uniform_*` and `__distinct_*`
    /// is then the right thread's.
    pub enabled_pair: Option<[Expr; 2]>,
    /// `--warp-sync=N`: lanes of one warp run in lock step; `__warp_peer`
    /// is false without it, and `__warp_lane` uses 32 lanes.
    pub warp_sync: Option<u32>,
}

impl Renamer<'_> {
    pub fn name(&self, name: &str, t: Thread) -> String {
        let per_array = self.arrays.get(name).is_some_and(|a| {
            a.is_racy_space() && a.abstraction == crate::config::Abstraction::Equality
        });
        if self.per_thread.contains(name) || per_array {
            crate::names::of_thread(name, t)
        } else {
            name.to_string()
        }
    }

    /// `e` as thread `t` sees it; `enabled` is the thread's predicate here.
    pub fn expr(&self, e: &Expr, t: Thread, enabled: &Expr) -> Result<Expr, TransformError> {
        self.go(e, t, enabled, &mut Vec::new())
    }

    fn go(
        &self,
        e: &Expr,
        t: Thread,
        en: &Expr,
        bound: &mut Vec<String>,
    ) -> Result<Expr, TransformError> {
        match &e.kind {
            ExprKind::Var(n) if !bound.contains(n) => {
                Ok(Expr::new(ExprKind::Var(self.name(n, t)), e.span))
            }
            ExprKind::Select(m, _) => {
                if let ExprKind::Var(n) = &m.kind {
                    if let Some(a) = self.arrays.get(n) {
                        if a.is_racy_space()
                            && a.abstraction == crate::config::Abstraction::Adversarial
                        {
                            return Err(TransformError::unsupported(
                                format!(
                                    "a specification reads `{}`, which uses the adversarial \
                                     abstraction (its contents are not modelled); try \
                                     --abstraction=equality",
                                    a.source_name
                                ),
                                e.span,
                            ));
                        }
                    }
                }
                ivl::visit::try_map_children(e, &mut |c| self.go(c, t, en, bound))
            }
            ExprKind::Apply(f, args) if ivl::kernel::is_builtin_function(f) => {
                self.annotation(f, args, t, en, bound, e)
            }
            // The rest; a quantifier's variables are on `bound` in its body.
            _ => ivl::visit::try_map_children_scoped(e, bound, &mut |c, bound| {
                self.go(c, t, en, bound)
            }),
        }
    }

    fn annotation(
        &self,
        f: &str,
        args: &[Expr],
        t: Thread,
        en: &Expr,
        bound: &mut Vec<String>,
        e: &Expr,
    ) -> Result<Expr, TransformError> {
        let arg = |k: usize| {
            args.get(k).ok_or_else(|| {
                TransformError::unsupported(format!("`{f}` without its argument"), e.span)
            })
        };
        Ok(match f {
            "__enabled" => en.clone(),
            "__same_group" => self.same_group.clone(),
            "__other_int" | "__other_bool" => {
                let o = other(t);
                self.go(arg(0)?, o, &self.enabled_of(o, t, en), bound)?
            }
            "__uniform_int" | "__uniform_bool" => Expr::eq(
                self.go(arg(0)?, 1, &self.enabled_of(1, t, en), bound)?,
                self.go(arg(0)?, 2, &self.enabled_of(2, t, en), bound)?,
            ),
            "__distinct_int" => Expr::binary(
                BinaryOp::Neq,
                self.go(arg(0)?, 1, &self.enabled_of(1, t, en), bound)?,
                self.go(arg(0)?, 2, &self.enabled_of(2, t, en), bound)?,
            ),
            "__warp_lane" => crate::warp::lane(t, crate::warp::warp_size(self.warp_sync)),
            "__warp_peer" => match self.warp_sync {
                None => Expr::bool(false),
                Some(n) => {
                    let o = other(t);
                    let src = self.go(arg(0)?, t, en, bound)?;
                    and(
                        crate::warp::same_warp(self.same_group.clone(), n),
                        and(
                            self.enabled_of(o, t, en),
                            Expr::eq(crate::warp::lane(o, n), src),
                        ),
                    )
                }
            },
            "__read" | "__write" => {
                if t == 2 {
                    Expr::bool(false)
                } else {
                    let write = f == "__write";
                    self.by_base(arg(0)?, t, en, bound, &|g| {
                        let flag = if write { &g.write_flag } else { &g.read_flag };
                        flag.as_ref()
                            .map(|n| Expr::var(n.clone()))
                            .unwrap_or_else(|| Expr::bool(false))
                    })?
                }
            }
            "__read_offset_bytes" | "__write_offset_bytes" => {
                self.by_base(arg(0)?, t, en, bound, &|g| g.offset_bytes())?
            }
            _ => {
                return Err(TransformError::unsupported(
                    format!("annotation function `{f}`"),
                    e.span,
                ))
            }
        })
    }

    /// Thread `u`'s predicate, seen from thread `t` whose predicate is
    /// `en`: from `enabled_pair` when known; for `u == t` always `en`.
    fn enabled_of(&self, u: Thread, t: Thread, en: &Expr) -> Expr {
        match &self.enabled_pair {
            Some(pair) if u != t => pair[u as usize - 1].clone(),
            _ => en.clone(),
        }
    }

    /// `pick(ghosts of A)` for the array a base expression denotes (an
    /// `if`-chain over `{:base_id}` literals).
    fn by_base(
        &self,
        base: &Expr,
        t: Thread,
        en: &Expr,
        bound: &mut Vec<String>,
        pick: &dyn Fn(&crate::race::Ghosts) -> Expr,
    ) -> Result<Expr, TransformError> {
        match &base.kind {
            ExprKind::Ite(c, a, b) => Ok(Expr::ite(
                self.go(c, t, en, bound)?,
                self.by_base(a, t, en, bound, pick)?,
                self.by_base(b, t, en, bound, pick)?,
            )),
            ExprKind::Bv { value, .. } | ExprKind::Int(value) => {
                let array = self.arrays.values().find(|a| a.base_id == Some(*value));
                match array.and_then(|a| self.ghosts.get(&a.ivl_name)) {
                    Some(g) => Ok(pick(g)),
                    None => Ok(pick(&crate::race::Ghosts::default())),
                }
            }
            _ => Err(TransformError::unsupported(
                "an access annotation whose pointer is not a known object",
                base.span,
            )),
        }
    }
}

/// A bit-vector literal of `ty` (or an `int` literal).
pub fn literal(value: u128, ty: &Type) -> Expr {
    match ty {
        Type::Bv(w) => Expr::bv(value, *w),
        _ => Expr::int(value),
    }
}
