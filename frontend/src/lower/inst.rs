//! Instructions with effects on the function's state: pointer arithmetic
//! in (base, offset) form, allocas, memory instructions (dispatched to
//! [`super::access`]) and calls (to [`super::builtins`]); a pure
//! instruction's expression ([`super::values`]) is assigned to its local.
//! Also the folding of annotation operands into one expression.

use super::function::{lhs, FnCtx, PtrExpr};
use super::layout::is_pointer;
use super::memory::ClassInfo;
use super::names::local_ident;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp, Expr, ExprKind, Ident, StmtKind, Type};
use llvm_ir::instruction::Instruction as I;
use llvm_ir::{Name, Operand, TypeRef};

pub fn bv_const(value: i128, width: u32) -> Expr {
    let mask: u128 = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    Expr::bv((value as u128) & mask, width)
}

fn is_zero(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Bv { value: 0, .. })
}

/// `a + b`, dropping a literal zero.
pub fn bv_add(a: Expr, b: Expr) -> Expr {
    if is_zero(&b) {
        a
    } else if is_zero(&a) {
        b
    } else {
        Expr::binary(BinaryOp::Add, a, b)
    }
}

/// Converts a pointer to the representation of `class` (its unit and
/// whether it tracks a base).
pub fn rebase(mut p: PtrExpr, class: &ClassInfo, ptr_bits: u32) -> PtrExpr {
    let unit = class.unit.max(1);
    if p.unit != unit && !is_zero(&p.off) {
        p.off = if p.unit > unit {
            Expr::binary(
                BinaryOp::Mul,
                p.off,
                bv_const(i128::from(p.unit / unit), ptr_bits),
            )
        } else {
            Expr::binary(
                BinaryOp::BvUDiv,
                p.off,
                bv_const(i128::from(unit / p.unit), ptr_bits),
            )
        };
    }
    p.unit = unit;
    p
}

/// Resizes an integer expression of width `from` to `to` (sign- or zero-
/// extending, or truncating).
pub fn resize(e: Expr, from: u32, to: u32, signed: bool) -> Expr {
    use std::cmp::Ordering::*;
    match from.cmp(&to) {
        Equal => e,
        Less => Expr::synthetic(ExprKind::Extend {
            signed,
            width: to,
            expr: Box::new(e),
        }),
        Greater => Expr::synthetic(ExprKind::Extract {
            expr: Box::new(e),
            hi: to,
            lo: 0,
        }),
    }
}

pub fn extract(e: Expr, hi: u32, lo: u32) -> Expr {
    Expr::synthetic(ExprKind::Extract {
        expr: Box::new(e),
        hi,
        lo,
    })
}

pub fn bool_to_bv(b: Expr, width: u32, ones: bool) -> Expr {
    let one = if ones {
        bv_const(-1, width)
    } else {
        bv_const(1, width)
    };
    Expr::ite(b, one, bv_const(0, width))
}

impl FnCtx<'_, '_> {
    /// Lowers one instruction of the current block.
    pub fn instruction(&mut self, inst: &I, in_entry: bool) -> Result<(), FrontendError> {
        let w = self.k.layout.ptr_bits;
        // A load (and the pure values) only a barrier invariant's, a loop
        // invariant's or an assertion's condition reads are part of the
        // annotation, folded into it: no access.
        if self.annotation_operand(inst)
            && inst
                .try_get_result()
                .is_some_and(|r| self.feeds_only_folded_annotation(r))
        {
            return Ok(());
        }
        if !matches!(inst, I::Phi(_) | I::CmpXchg(_))
            && inst.try_get_result().is_some()
            && self.is_aggregate(&self.result_type(inst))
        {
            return self.aggregate_instruction(inst);
        }
        match inst {
            I::Phi(_) | I::Fence(_) => {}
            I::Alloca(a) => {
                let id = self.k.memory.objects.iter().find(|o| matches!(&o.origin, super::memory::Origin::Alloca(f, n) if *f == self.fi && n == &a.dest)).map(|o| o.id);
                let Some(id) = id else {
                    return Err(self.err_site("a local variable with no memory object".into()));
                };
                let obj = self.k.memory.object(id).clone();
                self.fixed_ptrs.insert(
                    a.dest.clone(),
                    PtrExpr {
                        base: Expr::bv(u128::from(id), 32),
                        off: Expr::bv(0, w),
                        unit: obj.unit,
                        objects: vec![id],
                        tracks_base: false,
                    },
                );
                // A new stack object has unspecified contents.
                let mut maps = vec![Ident::synthetic(obj.ivl_name.clone())];
                if obj.holds_pointers {
                    maps.push(Ident::synthetic(format!("{}$base", obj.ivl_name)));
                }
                self.emit(StmtKind::Havoc(maps), Vec::new());
            }
            I::GetElementPtr(gep) => {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: gep.dest.clone(),
                    ty: self.k.module.types.void(),
                });
                let p = self.pointer(&gep.address)?;
                let p = rebase(p, &class, w);
                let off = self.gep_units(&gep.source_element_type, &gep.indices, p.unit)?;
                let p = PtrExpr {
                    off: bv_add(p.off, off),
                    ..p
                };
                let l = self.pointer_lhs(&gep.dest, &class);
                self.assign(l, Self::pointer_rhs(p, &class), Vec::new());
            }
            I::BitCast(c) if is_pointer(&c.to_type) => self.copy_pointer(&c.dest, &c.operand)?,
            I::AddrSpaceCast(c) => self.copy_pointer(&c.dest, &c.operand)?,
            I::Select(s) if is_pointer(&self.k.module.type_of(&s.true_value)) => {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: s.dest.clone(),
                    ty: self.k.module.types.void(),
                });
                let c = self.value(&s.condition)?;
                let a = rebase(self.pointer(&s.true_value)?, &class, w);
                let b = rebase(self.pointer(&s.false_value)?, &class, w);
                let merged = PtrExpr {
                    base: Expr::ite(c.clone(), a.base.clone(), b.base.clone()),
                    off: Expr::ite(c, a.off, b.off),
                    ..a
                };
                let l = self.pointer_lhs(&s.dest, &class);
                self.assign(l, Self::pointer_rhs(merged, &class), Vec::new());
            }
            I::Load(_) | I::Store(_) | I::AtomicRMW(_) | I::CmpXchg(_) => {
                self.memory_instruction(inst)?
            }
            I::Call(call) => self.call(call, in_entry)?,
            I::PtrToInt(c) => self.ptr_to_int(c)?,
            I::IntToPtr(c) => self.int_to_ptr(c)?,
            other if self.wide_vector_inst(other)? => {}
            other => {
                let dest = other.try_get_result().cloned();
                match (self.inst_expr(other)?, dest) {
                    (Some(e), Some(dest)) => {
                        let ty = self.result_type(other);
                        let ivl_ty = self
                            .k
                            .layout
                            .value_type(&ty)
                            .ok_or_else(|| self.err_site(format!("a value of type `{ty}`")))?;
                        let ident = local_ident(&dest);
                        self.declare_local(&ident, ivl_ty);
                        self.assign(vec![lhs(&ident)], vec![e], Vec::new());
                        if let I::Add(_) | I::Sub(_) = other {
                            self.range_owner_facts(&dest)?;
                        }
                    }
                    _ => return Err(self.err_site(super::construct_names::instruction(other))),
                }
            }
        }
        Ok(())
    }

    pub(crate) fn copy_pointer(&mut self, dest: &Name, op: &Operand) -> Result<(), FrontendError> {
        let class = self.class_of_operand(&Operand::LocalOperand {
            name: dest.clone(),
            ty: self.k.module.types.void(),
        });
        let p = rebase(self.pointer(op)?, &class, self.k.layout.ptr_bits);
        let l = self.pointer_lhs(dest, &class);
        self.assign(l, Self::pointer_rhs(p, &class), Vec::new());
        Ok(())
    }

    /// The offset, in units, that GEP indices add.
    pub(crate) fn gep_units(
        &mut self,
        source: &TypeRef,
        indices: &[Operand],
        unit: u64,
    ) -> Result<Expr, FrontendError> {
        let w = self.k.layout.ptr_bits;
        let idx: Vec<Result<i64, &Operand>> = indices
            .iter()
            .map(|op| super::ConstInt::const_int(op).map(|v| v.signed).ok_or(op))
            .collect();
        let offset =
            super::gep_offset(&self.k.layout, source, &idx).map_err(|e| self.err_site(e))?;
        let mut total = bv_const(i128::from(offset.constant / unit as i64), w);
        for (scale, op) in offset.scaled {
            let ty = self.k.module.type_of(op);
            let from = self.bits_of(&ty)?;
            let x = resize(self.value(op)?, from, w, true);
            let factor = scale / unit;
            let term = if factor == 1 {
                x
            } else {
                Expr::binary(BinaryOp::Mul, x, bv_const(i128::from(factor), w))
            };
            total = bv_add(total, term);
        }
        Ok(total)
    }

    /// While folding: the expression defining local `name` in this block.
    pub(crate) fn fold_value(&mut self, name: &Name) -> Result<Option<Expr>, FrontendError> {
        let instrs = self.block_instrs;
        let Some(pos) = instrs[..self.inst_index]
            .iter()
            .position(|i| i.try_get_result() == Some(name))
        else {
            return self.fold_other_block(name);
        };
        let def = &instrs[pos];
        if let I::Load(load) = def {
            return if self.fold_loads {
                self.folded_load_min = Some(self.folded_load_min.map_or(pos, |m| m.min(pos)));
                self.load_expr(load)
            } else {
                Ok(None)
            };
        }
        if matches!(def, I::Phi(_)) {
            return Ok(None);
        }
        self.inst_expr(def)
    }

    /// While folding: the pointer defined by a GEP or cast in this block.
    pub fn fold_pointer(&mut self, name: &Name) -> Result<Option<PtrExpr>, FrontendError> {
        let instrs = self.block_instrs;
        let Some(def) = instrs[..self.inst_index]
            .iter()
            .find(|i| i.try_get_result() == Some(name))
        else {
            return Ok(None);
        };
        let w = self.k.layout.ptr_bits;
        Ok(match def {
            I::GetElementPtr(gep) => {
                let p = self.pointer(&gep.address)?;
                let off = self.gep_units(&gep.source_element_type, &gep.indices, p.unit)?;
                Some(PtrExpr {
                    off: bv_add(p.off.clone(), off),
                    ..p
                })
            }
            I::BitCast(c) => {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: name.clone(),
                    ty: self.k.module.types.void(),
                });
                Some(rebase(self.pointer(&c.operand)?, &class, w))
            }
            I::AddrSpaceCast(c) => {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: name.clone(),
                    ty: self.k.module.types.void(),
                });
                Some(rebase(self.pointer(&c.operand)?, &class, w))
            }
            _ => None,
        })
    }

    /// `--kernel-args` constraints of this kernel, as `requires`.
    pub fn kernel_arg_constraints(&mut self) -> Result<(), FrontendError> {
        if !self.is_kernel() {
            return Ok(());
        }
        self.kernel_param_constraints();
        let name = self.k.source_name(0);
        let Some(values) = self
            .k
            .config
            .kernel_args
            .iter()
            .find(|k| k.kernel == name)
            .cloned()
        else {
            return Ok(());
        };
        let scalars: Vec<(String, TypeRef)> = self
            .func
            .parameters
            .iter()
            .filter(|p| !is_pointer(&p.ty))
            .map(|p| (local_ident(&p.name), p.ty.clone()))
            .collect();
        self.image_size_constraints(&name, &values.images)?;
        for ((ident, ty), value) in scalars.into_iter().zip(values.values) {
            let Some(value) = value else { continue };
            let e = match self.k.layout.value_type(&ty) {
                Some(Type::Bool) => Expr::eq(Expr::var(ident), Expr::bool(value != 0)),
                Some(Type::Bv(w)) => Expr::eq(Expr::var(ident), bv_const(i128::from(value), w)),
                _ => continue,
            };
            self.requires.push(ivl::ast::Spec {
                attrs: vec![ivl::ast::Attribute::new("kernel_args", vec![])],
                expr: e,
                span: ivl::Span::DUMMY,
            });
        }
        Ok(())
    }
}

impl FnCtx<'_, '_> {
    /// Recorded argument values of this kernel by parameter position
    /// (`FrontendConfig::kernel_param_values`), as `requires` on its
    /// integer and floating-point parameters.
    fn kernel_param_constraints(&mut self) {
        let name = self.k.source_name(0);
        let Some(values) = self
            .k
            .config
            .kernel_param_values
            .iter()
            .find(|k| k.kernel == name)
            .cloned()
        else {
            return;
        };
        if values.values.len() != self.func.parameters.len() {
            return;
        }
        let params: Vec<(String, TypeRef)> = self
            .func
            .parameters
            .iter()
            .map(|p| (local_ident(&p.name), p.ty.clone()))
            .collect();
        for ((ident, ty), value) in params.into_iter().zip(values.values) {
            let Some(value) = value else { continue };
            if !matches!(
                ty.as_ref(),
                llvm_ir::Type::IntegerType { .. } | llvm_ir::Type::FPType(_)
            ) {
                continue;
            }
            let e = match self.k.layout.value_type(&ty) {
                Some(Type::Bv(w)) if w >= 64 || value >> w == 0 => {
                    Expr::eq(Expr::var(ident), bv_const(i128::from(value), w))
                }
                _ => continue,
            };
            self.requires.push(ivl::ast::Spec {
                attrs: vec![ivl::ast::Attribute::new("kernel_args", vec![])],
                expr: e,
                span: ivl::Span::DUMMY,
            });
        }
    }
}

pub use ivl::build::not;
