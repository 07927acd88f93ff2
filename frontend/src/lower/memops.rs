//! Range operations on memory: `llvm.memcpy`, `llvm.memmove`, `llvm.memset`
//! (struct copies, array initialisers, `= {0}`) and the copy primitives
//! OpenCL's `async_work_group_copy` is built from.
//!
//! Model, per destination/source object pair (the pointers are checked and
//! case-split like any access):
//! - *Explicit* (constant length of at most [`MAX_EXPLICIT`] destination
//!   elements): one statement per destination element, exact. Elements of
//!   different widths are joined or split little-endian (the units must
//!   divide one another; the memory analysis makes both divide the length).
//!   `memmove` reads every source element before writing any.
//! - *Witness* (symbolic or larger lengths): when the length is not zero,
//!   one element (chunk) at an arbitrary index `k` below the length is
//!   copied or set: an ordinary access the race check sees, for every
//!   possible `k`, so every element of the range is checked. Then the
//!   destination object is havocked (its contents are over-approximated:
//!   sound, imprecise), and for `memset` the whole elements of the range
//!   are assumed to hold the value.
//!
//! Not handled (unsupported, located): units that do not divide one
//! another, a symbolic-length copy between objects of different units
//! where neither divides the other.

use super::function::{FnCtx, PtrExpr};
use super::inst::{bv_add, bv_const, extract, resize};
use super::values::concat_lanes;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp as B, Expr, ExprKind, Ident, Lhs, QuantKind, StmtKind, Type};
use llvm_ir::instruction::Call;

/// The most destination elements a constant-length operation writes one
/// by one.
pub const MAX_EXPLICIT: u64 = 64;

/// What a range operation stores.
#[derive(Clone)]
pub enum Fill {
    /// Copy from this source.
    Copy(PtrExpr),
    /// Every byte is this `bv8` value.
    Set(Expr),
}

/// A length in bytes.
#[derive(Clone)]
pub enum Length {
    Const(u64),
    /// A `bvP` expression.
    Symbolic(Expr),
}

impl FnCtx<'_, '_> {
    /// `llvm.memcpy/memmove/memset`; returns whether `callee` was one.
    pub fn mem_intrinsic(&mut self, callee: &str, call: &Call) -> Result<bool, FrontendError> {
        let kind = ["llvm.memcpy", "llvm.memmove", "llvm.memset"]
            .into_iter()
            .find(|k| callee.starts_with(k));
        let Some(kind) = kind else {
            return Ok(false);
        };
        let dst = self.arg_ptr(call, 0)?;
        let len_op = call.arguments[2].0.clone();
        let length = match super::ConstInt::const_int(&len_op) {
            Some(c) => Length::Const(c.unsigned),
            None => {
                let from = self.bits_of(&self.k.module.type_of(&len_op))?;
                let e = self.value(&len_op)?;
                Length::Symbolic(resize(e, from, self.k.layout.ptr_bits, false))
            }
        };
        let fill = if kind == "llvm.memset" {
            Fill::Set(self.arg(call, 1)?)
        } else {
            Fill::Copy(self.arg_ptr(call, 1)?)
        };
        self.range_op(&dst, &length, &fill, kind == "llvm.memmove")?;
        Ok(true)
    }

    /// Writes `length` bytes at `dst` from `fill` (see the module doc).
    pub fn range_op(
        &mut self,
        dst: &PtrExpr,
        length: &Length,
        fill: &Fill,
        overlapping: bool,
    ) -> Result<(), FrontendError> {
        if let Length::Const(0) = length {
            return Ok(());
        }
        let dst = dst.clone();
        let length = length.clone();
        let fill = fill.clone();
        self.for_each_target(&dst, &mut |this, d| match &fill {
            Fill::Set(byte) => this.range_to(d, &dst.off, &length, None, byte, overlapping),
            Fill::Copy(src) => {
                let src = src.clone();
                this.for_each_target(&src, &mut |this, s| {
                    this.range_to(
                        d,
                        &dst.off,
                        &length,
                        Some((s, &src.off)),
                        &Expr::bool(false),
                        overlapping,
                    )
                })
            }
        })
    }

    /// One destination object `d`, from source object `src` or `byte`.
    fn range_to(
        &mut self,
        d: u32,
        d_off: &Expr,
        length: &Length,
        src: Option<(u32, &Expr)>,
        byte: &Expr,
        overlapping: bool,
    ) -> Result<(), FrontendError> {
        // Private objects holding pointers next to data: the bytes as
        // data, the pointer bases by `range_bases`.
        self.check_data_access(d)?;
        if let Some((s, _)) = src {
            self.check_data_access(s)?;
        }
        self.range_bases(d, d_off, length, src)?;
        let ud = self.k.memory.object(d).unit.max(1);
        let us = src.map_or(ud, |(s, _)| self.k.memory.object(s).unit.max(1));
        if ud % us != 0 && us % ud != 0 {
            return Err(self.err_site(format!(
                "a copy between arrays of {us}-byte and {ud}-byte elements"
            )));
        }
        let chunk = ud.max(us);
        if let Length::Const(n) = length {
            if n % chunk == 0 && n / ud <= MAX_EXPLICIT {
                let mut writes = Vec::new();
                for e in 0..n / ud {
                    let value = self.chunk_value(ud, e, src, byte)?;
                    let value = if overlapping {
                        let t = self.fresh_local("$move", Type::Bv((ud * 8) as u32));
                        self.assign_var(&t, value);
                        Expr::var(t)
                    } else {
                        value
                    };
                    writes.push((e, value));
                }
                for (e, value) in writes {
                    let at = self.plus(d_off, e);
                    let l = self.element_lhs(d, at);
                    self.assign(vec![l], vec![value], Vec::new());
                }
                return Ok(());
            }
        }
        // The witness: one chunk at an arbitrary index below the length.
        let w = self.k.layout.ptr_bits;
        let (chunks, whole) = match length {
            Length::Const(n) => (
                bv_const(n.div_ceil(chunk) as i128, w),
                bv_const((n / ud) as i128, w),
            ),
            Length::Symbolic(len) => (
                Expr::binary(
                    B::BvUDiv,
                    Expr::binary(B::Add, len.clone(), bv_const((chunk - 1) as i128, w)),
                    bv_const(chunk as i128, w),
                ),
                Expr::binary(B::BvUDiv, len.clone(), bv_const(ud as i128, w)),
            ),
        };
        let symbolic = matches!(length, Length::Symbolic(_));
        let join = self.fresh_label("range_done");
        let (some, none) = (self.fresh_label("range"), self.fresh_label("range_empty"));
        if symbolic {
            self.split_block(vec![some.clone(), none.clone()], some);
            self.emit(
                StmtKind::Assume(Expr::binary(B::Neq, chunks.clone(), bv_const(0, w))),
                Vec::new(),
            );
        }
        let k = self.fresh_local("$k", Type::Bv(w));
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(k.clone())]),
            Vec::new(),
        );
        self.emit(
            StmtKind::Assume(Expr::binary(B::BvULt, Expr::var(k.clone()), chunks)),
            Vec::new(),
        );
        let per_chunk = chunk / ud;
        for part in 0..per_chunk {
            // Destination element `k * per_chunk + part`.
            let e = bv_add(
                Expr::binary(B::Mul, Expr::var(k.clone()), bv_const(per_chunk as i128, w)),
                bv_const(part as i128, w),
            );
            let value = self.chunk_value_at(ud, &e, src, byte)?;
            let l = self.element_lhs(d, bv_add(d_off.clone(), e));
            self.assign(vec![l], vec![value], Vec::new());
        }
        let name = self.k.memory.object(d).ivl_name.clone();
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
            Vec::new(),
        );
        if src.is_none() {
            let i = "$i".to_string();
            let in_range = Expr::and(
                Expr::binary(B::BvULe, d_off.clone(), Expr::var(i.clone())),
                Expr::binary(B::BvULt, Expr::var(i.clone()), bv_add(d_off.clone(), whole)),
            );
            let value = replicate(byte, ud);
            let body = Expr::implies(
                in_range,
                Expr::eq(Expr::select(Expr::var(name), Expr::var(i.clone())), value),
            );
            self.emit(
                StmtKind::Assume(Expr::synthetic(ExprKind::Quantifier {
                    kind: QuantKind::Forall,
                    vars: vec![ivl::ast::TypedIdent::new(i, Type::Bv(w))],
                    body: Box::new(body),
                })),
                Vec::new(),
            );
        }
        if let Length::Symbolic(len) = length {
            self.split_block(vec![join.clone()], none);
            self.emit(
                StmtKind::Assume(Expr::eq(len.clone(), bv_const(0, w))),
                Vec::new(),
            );
            self.split_block(vec![join.clone()], join);
        }
        Ok(())
    }

    /// The pointer bases of a range operation into `d` when it holds
    /// pointers: a constant-length copy between objects of one unit copies
    /// the bases element by element; a `memset` (or a copy from plain
    /// data or of another unit) leaves no object in the range and in the
    /// units a pointer straddling its start would begin at; a longer or
    /// symbolic copy makes the bases arbitrary (as its data).
    fn range_bases(
        &mut self,
        d: u32,
        d_off: &Expr,
        length: &Length,
        src: Option<(u32, &Expr)>,
    ) -> Result<(), FrontendError> {
        let dobj = self.k.memory.object(d).clone();
        if !dobj.holds_pointers {
            return Ok(());
        }
        let bases = format!("{}$base", dobj.ivl_name);
        let ud = dobj.unit.max(1);
        let w = self.k.layout.ptr_bits;
        let n = match length {
            Length::Const(n) if n / ud <= MAX_EXPLICIT => n.div_ceil(ud),
            _ => {
                self.emit(StmtKind::Havoc(vec![Ident::synthetic(bases)]), Vec::new());
                return Ok(());
            }
        };
        let source = src.and_then(|(s, s_off)| {
            let sobj = self.k.memory.object(s);
            (sobj.holds_pointers && sobj.unit.max(1) == ud)
                .then(|| (format!("{}$base", sobj.ivl_name), s_off.clone()))
        });
        let before = self.pointer_units(d) as i128 - 1;
        // Read every source base before writing any (memmove).
        let mut values = Vec::new();
        for e in -before..n as i128 {
            let value = match &source {
                Some((sb, s_off)) if e >= 0 => {
                    Expr::select(Expr::var(sb.clone()), bv_add(s_off.clone(), bv_const(e, w)))
                }
                _ => Expr::bv(0, 32),
            };
            values.push((e, value));
        }
        if self.accepted_vtable_holder(d) {
            // Shared or global: one race-checked element write per base.
            for (e, value) in values.into_iter().filter(|(e, _)| *e >= 0) {
                let at = Lhs {
                    name: Ident::synthetic(bases.clone()),
                    indices: vec![bv_add(d_off.clone(), bv_const(e, w))],
                    span: ivl::Span::DUMMY,
                };
                self.assign(vec![at], vec![value], Vec::new());
            }
            return Ok(());
        }
        let mut map = Expr::var(bases.clone());
        for (e, value) in values {
            map = Expr::store(map, bv_add(d_off.clone(), bv_const(e, w)), value);
        }
        self.assign(vec![super::function::lhs(&bases)], vec![map], Vec::new());
        Ok(())
    }

    fn plus(&self, off: &Expr, e: u64) -> Expr {
        bv_add(off.clone(), bv_const(i128::from(e), self.k.layout.ptr_bits))
    }

    pub(crate) fn element_lhs(&self, id: u32, index: Expr) -> Lhs {
        Lhs {
            name: Ident::synthetic(self.k.memory.object(id).ivl_name.clone()),
            indices: vec![index],
            span: ivl::Span::DUMMY,
        }
    }

    /// The value of destination element `e` (constant index).
    fn chunk_value(
        &mut self,
        ud: u64,
        e: u64,
        src: Option<(u32, &Expr)>,
        byte: &Expr,
    ) -> Result<Expr, FrontendError> {
        let w = self.k.layout.ptr_bits;
        self.chunk_value_at(ud, &bv_const(i128::from(e), w), src, byte)
    }

    /// The value of destination element `e` (relative to the start of the
    /// range), `ud` bytes wide: source elements joined or split.
    pub(crate) fn chunk_value_at(
        &mut self,
        ud: u64,
        e: &Expr,
        src: Option<(u32, &Expr)>,
        byte: &Expr,
    ) -> Result<Expr, FrontendError> {
        let Some((s, s_off)) = src else {
            return Ok(replicate(byte, ud));
        };
        let w = self.k.layout.ptr_bits;
        let us = self.k.memory.object(s).unit.max(1);
        let map = Expr::var(self.k.memory.object(s).ivl_name.clone());
        let at = |i: Expr| Expr::select(map.clone(), bv_add(s_off.clone(), i));
        let scale = |x: &Expr, f: u64| {
            if f == 1 {
                x.clone()
            } else {
                Expr::binary(B::Mul, x.clone(), bv_const(i128::from(f), w))
            }
        };
        Ok(if ud >= us {
            let r = ud / us;
            if let ExprKind::Bv { value, .. } = e.kind {
                let first = value * u128::from(r);
                return Ok(concat_lanes(
                    (0..r)
                        .map(|i| at(bv_const((first + u128::from(i)) as i128, w)))
                        .collect(),
                ));
            }
            concat_lanes(
                (0..r)
                    .map(|i| at(bv_add(scale(e, r), bv_const(i128::from(i), w))))
                    .collect(),
            )
        } else {
            // A source element holds several destination elements: pick
            // the part by the index's remainder.
            let r = us / ud;
            let bits = (ud * 8) as u32;
            if let ExprKind::Bv { value, .. } = e.kind {
                let (index, part) = (value / u128::from(r), (value % u128::from(r)) as u32);
                let whole = at(bv_const(index as i128, w));
                return Ok(extract(whole, bits * (part + 1), bits * part));
            }
            let whole = at(Expr::binary(
                B::BvUDiv,
                e.clone(),
                bv_const(i128::from(r), w),
            ));
            let rem = Expr::binary(B::BvURem, e.clone(), bv_const(i128::from(r), w));
            (0..r as u32)
                .rev()
                .fold(extract(whole.clone(), bits, 0), |rest, i| {
                    Expr::ite(
                        Expr::eq(rem.clone(), bv_const(i128::from(i), w)),
                        extract(whole.clone(), bits * (i + 1), bits * i),
                        rest,
                    )
                })
        })
    }
}

/// `byte` repeated to fill `bytes` bytes.
fn replicate(byte: &Expr, bytes: u64) -> Expr {
    concat_lanes((0..bytes).map(|_| byte.clone()).collect())
}
