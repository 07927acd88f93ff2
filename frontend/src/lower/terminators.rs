//! Block ends: branches, switches, returns and `unreachable`, with the phi
//! assignments of each edge (see [`super::function`] for the block layout:
//! one edge block per target of a conditional branch or switch, which
//! `assume`s the branch condition and performs the target's phis as one
//! parallel assignment).

use super::function::{label, lhs, FnCtx};
use super::layout::is_pointer;
use super::memory::Node;
use crate::error::FrontendError;
use ivl::ast::{Attribute, Expr, Ident, StmtKind, TransferKind};
use llvm_ir::terminator::Terminator;
use llvm_ir::{HasDebugLoc, Name, Operand};

impl FnCtx<'_, '_> {
    /// Parallel assignment of the phis of `succ` for the edge from `pred`.
    pub(super) fn phi_assignment(&mut self, pred: &Name, succ: &Name) -> Result<(), FrontendError> {
        let block = self
            .func
            .get_bb_by_name(succ)
            .ok_or_else(|| self.err_site("a jump to a label the compiler did not emit".into()))?;
        let mut lhss = Vec::new();
        let mut rhss = Vec::new();
        for inst in &block.instrs {
            let llvm_ir::Instruction::Phi(phi) = inst else {
                break;
            };
            let Some((value, _)) = phi.incoming_values.iter().find(|(_, b)| b == pred) else {
                return Err(self.err_site("a value merged from branches (`?:`, a variable assigned on several paths) with no value from one of them".into()));
            };
            if is_pointer(&phi.to_type) {
                let class = self.class_of_operand(&Operand::LocalOperand {
                    name: phi.dest.clone(),
                    ty: phi.to_type.clone(),
                });
                let p = self.pointer(value)?;
                let p = super::inst::rebase(p, &class, self.k.layout.ptr_bits);
                lhss.extend(self.pointer_lhs(&phi.dest, &class));
                rhss.extend(Self::pointer_rhs(p, &class));
            } else if self.is_aggregate(&phi.to_type) {
                let names = self.aggregate_lhs(&phi.dest, &phi.to_type)?;
                lhss.extend(names.iter().map(|n| lhs(n)));
                rhss.extend(self.aggregate_values(value)?);
            } else {
                let ty = self
                    .k
                    .layout
                    .value_type(&phi.to_type)
                    .ok_or_else(|| self.err_site(format!("a value of type `{}` merged from branches (`?:`, a variable assigned on several paths)", phi.to_type)))?;
                let ident = super::names::local_ident(&phi.dest);
                self.declare_local(&ident, ty);
                let v = self.value(value)?;
                lhss.push(lhs(&ident));
                rhss.push(v);
            }
        }
        self.assign(lhss, rhss, Vec::new());
        Ok(())
    }

    pub(super) fn terminator(&mut self, block: &llvm_ir::BasicBlock) -> Result<(), FrontendError> {
        let here = block.name.clone();
        self.set_loc(block.term.get_debug_loc());
        match &block.term {
            Terminator::Br(br) => {
                self.phi_assignment(&here, &br.dest)?;
                self.finish_block(TransferKind::Goto(vec![Ident::synthetic(label(&br.dest))]));
            }
            Terminator::CondBr(br) => {
                let cond = self.value(&br.condition)?;
                if br.true_dest == br.false_dest {
                    self.phi_assignment(&here, &br.true_dest)?;
                    self.finish_block(TransferKind::Goto(vec![Ident::synthetic(label(
                        &br.true_dest,
                    ))]));
                } else {
                    self.branch_edges(
                        &here,
                        vec![
                            (cond.clone(), br.true_dest.clone()),
                            (!cond, br.false_dest.clone()),
                        ],
                    )?;
                }
            }
            Terminator::Switch(sw) => {
                let value = self.value(&sw.operand)?;
                let mut edges = Vec::new();
                let mut not_any = Vec::new();
                for (c, dest) in &sw.dests {
                    let v = self.constant_value(c)?;
                    not_any.push(Expr::binary(
                        ivl::ast::BinaryOp::Neq,
                        value.clone(),
                        v.clone(),
                    ));
                    edges.push((Expr::eq(value.clone(), v), dest.clone()));
                }
                let default_cond = not_any
                    .into_iter()
                    .reduce(Expr::and)
                    .unwrap_or(Expr::bool(true));
                edges.push((default_cond, sw.default_dest.clone()));
                self.branch_edges(&here, edges)?;
            }
            Terminator::Ret(ret) => {
                if let Some(value) = &ret.return_operand {
                    if is_pointer(&self.func.return_type) {
                        let class = self.k.memory.class(&Node::Ret(self.fi));
                        let p = self.pointer(value)?;
                        let p = super::inst::rebase(p, &class, self.k.layout.ptr_bits);
                        let mut lhss = vec![lhs("$ret")];
                        if class.tracks_base() {
                            lhss.insert(0, lhs("$ret$base"));
                        }
                        self.assign(lhss, Self::pointer_rhs(p, &class), Vec::new());
                    } else if self.is_aggregate(&self.func.return_type) {
                        let leaves = self.leaves_of(&self.func.return_type)?;
                        let values = self.aggregate_values(value)?;
                        let lhss = leaves
                            .iter()
                            .map(|l| lhs(&super::aggregate::leaf_name("$ret", &l.path)))
                            .collect();
                        self.assign(lhss, values, Vec::new());
                    } else if self.wide_vector(&self.func.return_type).is_some() {
                        let lanes = self.wide_lanes(value)?;
                        let lhss = (0..lanes.len())
                            .map(|k| lhs(&format!("$ret$lane{k}")))
                            .collect();
                        self.assign(lhss, lanes, Vec::new());
                    } else {
                        let v = self.value(value)?;
                        self.assign_var("$ret", v);
                    }
                }
                self.finish_block(TransferKind::Return);
            }
            Terminator::Unreachable(_) => {
                // Reaching `unreachable` is undefined behaviour in LLVM. The
                // programmer's `__builtin_unreachable()` is a call to
                // `__gpuverify_unreachable` just before, which already
                // assumed `false`; any other `unreachable` (the optimiser's
                // rewrite of a null or undefined pointer access, falling
                // off the end of a non-void function) is a defect if reached.
                self.emit(
                    StmtKind::Assert(Expr::bool(false)),
                    vec![Attribute::new(ivl::kernel::UB_CHECK_ATTR, vec![])],
                );
                self.emit(
                    StmtKind::Assume(Expr::bool(false)),
                    vec![Attribute::new("unreachable", vec![])],
                );
                self.finish_block(TransferKind::Return);
            }
            other => return Err(self.err_site(super::construct_names::terminator(other))),
        }
        Ok(())
    }

    /// One edge block per (condition, target): assume, phis, goto.
    fn branch_edges(&mut self, here: &Name, edges: Vec<(Expr, Name)>) -> Result<(), FrontendError> {
        let here_label = label(here);
        let mut edge_labels = Vec::new();
        for (_, dest) in &edges {
            let mut l = format!("{here_label}${}", label(dest));
            while edge_labels.contains(&l) {
                l = self.fresh_label(&l);
            }
            edge_labels.push(l);
        }
        self.finish_block(TransferKind::Goto(
            edge_labels.iter().map(Ident::synthetic).collect(),
        ));
        for ((cond, dest), l) in edges.into_iter().zip(edge_labels) {
            self.start_block(l);
            self.emit(
                StmtKind::Assume(cond),
                vec![Attribute::new("branch_cond", vec![])],
            );
            self.phi_assignment(here, &dest)?;
            self.finish_block(TransferKind::Goto(vec![Ident::synthetic(label(&dest))]));
        }
        Ok(())
    }
}
