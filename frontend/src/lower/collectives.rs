//! Facts about the results of OpenCL 2.0 work-group collectives
//! (`work_group_reduce_*`, `work_group_broadcast`, `work_group_any/all`,
//! `work_group_scan_*`), stated after the collective's barrier.
//!
//! Consumes: a collective call and its (havocked) result local.
//! Guarantees (each a fact of the OpenCL C 2.0 specification, §6.13.15):
//! - reduce, broadcast, any, all: every work-item of the group gets the
//!   same value (`__same_group ==> r == __other_int(r)`);
//! - an integer add-scan of at least 32 bits whose operand is a 0/1 flag
//!   (`zext` of a boolean, or `c ? 1 : 0`, computed the same way by every
//!   work-item): the exclusive prefix `e` of a work-item with linear local
//!   id `l` satisfies `e <= l` and, for the other work-item `l'` of the
//!   group, `l < l' ==> e + v <= e'` (its prefix counts this work-item's
//!   flag `v`); the inclusive prefix is `e + v`. The group has fewer than
//!   2^32 work-items, so the sums do not wrap. Any other scan result is
//!   arbitrary (per work-item).
//! - such a scan and `work_group_reduce_add` of the same flag in one block
//!   (either first): the exclusive prefix plus the own flag is at most the
//!   group's total, `e + v <= total` (so a flagged work-item's prefix is
//!   below the total: lower::range_owner's bound for stream compaction);
//! - `work_group_reduce_add` of such a flag is at most the group's size.

use super::function::FnCtx;
use ivl::ast::{BinaryOp as B, Expr, StmtKind};
use llvm_ir::instruction::Call;
use llvm_ir::{Constant, Instruction as I, Operand};

fn other(e: Expr) -> Expr {
    Expr::apply("__other_int", vec![e])
}

impl FnCtx<'_, '_> {
    /// Assumes the facts of collective `base` about its result `r`.
    pub(crate) fn collective_facts(&mut self, base: &str, call: &Call, r: &str) {
        let r = Expr::var(r);
        let same_group = Expr::apply("__same_group", vec![]);
        let uniform = [
            "work_group_reduce_",
            "work_group_broadcast",
            "work_group_any",
            "work_group_all",
        ]
        .iter()
        .any(|p| base.starts_with(p));
        self.scan_total_fact(base, call, &r);
        if uniform {
            let fact = Expr::implies(same_group, Expr::eq(r.clone(), other(r)));
            self.emit(StmtKind::Assume(fact), Vec::new());
            return;
        }
        let inclusive = base.starts_with("work_group_scan_inclusive_add");
        if !inclusive && !base.starts_with("work_group_scan_exclusive_add") {
            return;
        }
        let Some((op, _)) = call.arguments.first() else {
            return;
        };
        if !self.is_zero_one_flag(op) {
            return;
        }
        let Ok(v) = self.value(op) else {
            return;
        };
        let w = match self
            .k
            .layout
            .value_type(&self.k.module.type_of(op))
            .and_then(|t| t.bv_width())
        {
            Some(w @ (32 | 64)) => w,
            _ => return,
        };
        let widen = |e: Expr| super::inst::resize(e, 32, w, false);
        let var = |n: &str| Expr::var(n.to_string());
        let lin = Expr::binary(
            B::Add,
            var("local_id_x"),
            Expr::binary(
                B::Mul,
                var("local_size_x"),
                Expr::binary(
                    B::Add,
                    var("local_id_y"),
                    Expr::binary(B::Mul, var("local_size_y"), var("local_id_z")),
                ),
            ),
        );
        // The exclusive prefix.
        let e = if inclusive {
            Expr::binary(B::Sub, r.clone(), v.clone())
        } else {
            r.clone()
        };
        let facts = vec![
            Expr::binary(B::BvULe, e.clone(), widen(lin.clone())),
            Expr::implies(
                Expr::and(same_group, Expr::binary(B::BvULt, lin.clone(), other(lin))),
                Expr::binary(B::BvULe, Expr::binary(B::Add, e.clone(), v), other(e)),
            ),
        ];
        for f in facts {
            self.emit(StmtKind::Assume(f), Vec::new());
        }
    }

    /// Between an add-scan and an add-reduce of the same 0/1 flag in one
    /// block, the later one (`call`, result `r`) states `e + v <= total`.
    fn scan_total_fact(&mut self, base: &str, call: &Call, r: &Expr) {
        let kind = |b: &str| {
            if b.starts_with("work_group_reduce_add") {
                Some(0)
            } else if b.starts_with("work_group_scan_exclusive_add") {
                Some(1)
            } else if b.starts_with("work_group_scan_inclusive_add") {
                Some(2)
            } else {
                None
            }
        };
        let Some(this_kind) = kind(base) else {
            return;
        };
        let flag_width = call.arguments.first().and_then(|(op, _)| {
            self.k
                .layout
                .value_type(&self.k.module.type_of(op))
                .and_then(|t| t.bv_width())
                .filter(|&w| (w == 32 || w == 64) && self.is_zero_one_flag(op))
        });
        if let (0, Some(w)) = (this_kind, flag_width) {
            // A sum of one 0/1 flag per work-item.
            let var = |n: &str| Expr::var(n.to_string());
            let size = Expr::binary(
                B::Mul,
                var("local_size_x"),
                Expr::binary(B::Mul, var("local_size_y"), var("local_size_z")),
            );
            let size = super::inst::resize(size, 32, w, false);
            self.emit(
                StmtKind::Assume(Expr::binary(B::BvULe, r.clone(), size)),
                Vec::new(),
            );
        }
        let Some((op, _)) = call.arguments.first() else {
            return;
        };
        // Narrower sums could wrap in a large group.
        let wide = self
            .k
            .layout
            .value_type(&self.k.module.type_of(op))
            .and_then(|t| t.bv_width())
            .is_some_and(|w| w == 32 || w == 64);
        if !wide || !self.is_zero_one_flag(op) {
            return;
        }
        let earlier = self.block_instrs[..self.inst_index.min(self.block_instrs.len())]
            .iter()
            .rev()
            .find_map(|i| {
                let I::Call(c) = i else { return None };
                let callee = match &c.function {
                    either::Either::Right(Operand::ConstantOperand(k)) => match k.as_ref() {
                        Constant::GlobalReference {
                            name: llvm_ir::Name::Name(n),
                            ..
                        } => n.to_string(),
                        _ => return None,
                    },
                    _ => return None,
                };
                let k = kind(super::names::base_name(&callee))?;
                let same = c.arguments.first().is_some_and(|(o, _)| o == op);
                let dest = c.dest.clone()?;
                ((k == 0) != (this_kind == 0) && same).then_some((k, dest))
            });
        let Some((other_kind, other_dest)) = earlier else {
            return;
        };
        let Ok(v) = self.value(op) else {
            return;
        };
        let other = Expr::var(super::names::local_ident(&other_dest));
        let (scan_kind, scan, total) = if this_kind == 0 {
            (other_kind, other, r.clone())
        } else {
            (this_kind, r.clone(), other)
        };
        // The inclusive prefix is `e + v` itself.
        let inclusive = if scan_kind == 2 {
            scan
        } else {
            Expr::binary(B::Add, scan, v)
        };
        self.emit(
            StmtKind::Assume(Expr::binary(B::BvULe, inclusive, total)),
            Vec::new(),
        );
    }

    /// Whether `op` is a 0/1 flag computed by an instruction of this
    /// function: `zext i1`, or `select c, 1, 0` / `select c, 0, 1`.
    pub(super) fn is_zero_one_flag(&self, op: &Operand) -> bool {
        let Operand::LocalOperand { name, .. } = op else {
            return false;
        };
        let def = self
            .func
            .basic_blocks
            .iter()
            .flat_map(|b| &b.instrs)
            .find(|i| i.try_get_result() == Some(name));
        let int_of = |o: &Operand| match o {
            Operand::ConstantOperand(c) => match c.as_ref() {
                Constant::Int { value, .. } => Some(*value),
                _ => None,
            },
            _ => None,
        };
        match def {
            Some(I::ZExt(z)) => matches!(
                self.k.module.type_of(&z.operand).as_ref(),
                llvm_ir::Type::IntegerType { bits: 1 }
            ),
            Some(I::Select(s)) => matches!(
                (int_of(&s.true_value), int_of(&s.false_value)),
                (Some(1), Some(0)) | (Some(0), Some(1))
            ),
            _ => false,
        }
    }
}
