//! Casts between pointers and integers: `(size_t)p & 15` alignment tests,
//! pointer differences, and pointers rebuilt from an integer computed from
//! one pointer (`(float *)(((size_t)p + 15) & ~15)`).
//!
//! Model: a pointer is (object, offset in units). `ptrtoint` gives the
//! object's address plus the offset in bytes, where the address is an
//! uninterpreted function of the object (`$address`: arbitrary but fixed,
//! the same for both threads, assumed a multiple of the object's unit —
//! every C object is aligned to its element type). `inttoptr` of an integer
//! whose computation (integer operations, casts, phis, selects) contains
//! exactly one `ptrtoint`, and every phi/select alternative of which does,
//! points into that pointer's object, at the integer
//! minus the object's address, in units; the points-to analysis unifies it
//! with that pointer ([`provenance`]). Any other `inttoptr` (an integer
//! from memory, a parameter, a call, or from two pointers) is refused.
//!
//! Guarantees: sound for race checking — every address the hardware could
//! give is among the modelled ones (the address is arbitrary), and a
//! rebuilt pointer stays in the object it came from, as C requires for a
//! pointer that is dereferenced.

use super::function::FnCtx;
use super::inst::{bv_add, bv_const, rebase, resize};
use super::names::local_ident;
use crate::error::FrontendError;
use ivl::ast::{BinaryOp, Expr, StmtKind, Type};
use llvm_ir::instruction::{IntToPtr, PtrToInt};
use llvm_ir::{Function, Instruction, Name, Operand};
use std::collections::HashMap;

/// The pointer operand of the single `ptrtoint` an integer is computed
/// from, or why there is none. Every alternative of a `phi` or `select` on
/// the way must itself come from a pointer (a constant or parameter
/// alternative would be an address of no known object); operands of
/// arithmetic need not (`(size_t)p + 15`, `(size_t)p + n`).
pub fn provenance<'f>(func: &'f Function, int: &'f Operand) -> Result<&'f Operand, String> {
    let defs: HashMap<&Name, &Instruction> = func
        .basic_blocks
        .iter()
        .flat_map(|b| &b.instrs)
        .filter_map(|i| i.try_get_result().map(|n| (n, i)))
        .collect();
    let mut walk = Walk {
        defs: &defs,
        visiting: Vec::new(),
        sources: Vec::new(),
    };
    let derived = walk.operand(int)?;
    match walk.sources.as_slice() {
        [one] if derived => Ok(one),
        [] | [_] => Err(
            "a cast of an integer to a pointer (the integer is not computed from a pointer)".into(),
        ),
        _ => Err(
            "a cast of an integer to a pointer (the integer is computed from several pointers)"
                .into(),
        ),
    }
}

struct Walk<'a, 'f> {
    defs: &'a HashMap<&'f Name, &'f Instruction>,
    /// Names being walked (a loop-carried `phi` refers back to itself).
    visiting: Vec<&'f Name>,
    sources: Vec<&'f Operand>,
}

impl<'f> Walk<'_, 'f> {
    /// Whether `op` is computed from a pointer (recording the pointers);
    /// an error for a `phi`/`select` alternative that is not.
    fn operand(&mut self, op: &'f Operand) -> Result<bool, String> {
        let Operand::LocalOperand { name, .. } = op else {
            return Ok(false); // a constant
        };
        if self.visiting.contains(&name) {
            return Ok(true); // derived from the other alternatives
        }
        let Some(inst) = self.defs.get(name).copied() else {
            return Ok(false); // a parameter
        };
        self.visiting.push(name);
        use Instruction as I;
        let result = match inst {
            I::PtrToInt(c) => {
                if !self.sources.contains(&&c.operand) {
                    self.sources.push(&c.operand);
                }
                Ok(true)
            }
            I::Add(i) => self.any(&[&i.operand0, &i.operand1]),
            I::Sub(i) => self.any(&[&i.operand0, &i.operand1]),
            I::Mul(i) => self.any(&[&i.operand0, &i.operand1]),
            I::And(i) => self.any(&[&i.operand0, &i.operand1]),
            I::Or(i) => self.any(&[&i.operand0, &i.operand1]),
            I::Xor(i) => self.any(&[&i.operand0, &i.operand1]),
            I::Shl(i) => self.any(&[&i.operand0, &i.operand1]),
            I::LShr(i) => self.any(&[&i.operand0, &i.operand1]),
            I::AShr(i) => self.any(&[&i.operand0, &i.operand1]),
            I::ZExt(c) => self.operand(&c.operand),
            I::SExt(c) => self.operand(&c.operand),
            I::Trunc(c) => self.operand(&c.operand),
            I::Freeze(f) => self.operand(&f.operand),
            I::Select(s) => self.all(&[&s.true_value, &s.false_value]),
            I::Phi(p) => {
                let alternatives: Vec<&'f Operand> =
                    p.incoming_values.iter().map(|(v, _)| v).collect();
                self.all(&alternatives)
            }
            _ => Ok(false), // loads, calls: no pointer
        };
        self.visiting.pop();
        result
    }

    fn any(&mut self, ops: &[&'f Operand]) -> Result<bool, String> {
        let mut derived = false;
        for op in ops {
            derived |= self.operand(op)?;
        }
        Ok(derived)
    }

    fn all(&mut self, ops: &[&'f Operand]) -> Result<bool, String> {
        for op in ops {
            if !self.operand(op)? {
                return Err(
                    "a cast of an integer to a pointer (one of the values the integer \
                            may take is not computed from a pointer)"
                        .into(),
                );
            }
        }
        Ok(true)
    }
}

impl FnCtx<'_, '_> {
    /// `$address(base)`: the object's address, arbitrary but fixed.
    fn object_address(&mut self, base: Expr) -> Expr {
        let w = self.k.layout.ptr_bits;
        self.uninterpreted("$address", vec![Type::Bv(32)], Type::Bv(w), vec![base])
    }

    /// `dest = ptrtoint p`: the object's address plus the byte offset.
    pub(crate) fn ptr_to_int(&mut self, c: &PtrToInt) -> Result<(), FrontendError> {
        let w = self.k.layout.ptr_bits;
        let p = self.pointer(&c.operand)?;
        let address = self.object_address(p.base.clone());
        if p.unit > 1 {
            // Objects are aligned to their element type.
            let aligned = Expr::eq(
                Expr::binary(
                    BinaryOp::BvURem,
                    address.clone(),
                    bv_const(i128::from(p.unit), w),
                ),
                bv_const(0, w),
            );
            self.emit(StmtKind::Assume(aligned), Vec::new());
        }
        let bytes = Expr::binary(BinaryOp::Mul, p.off, bv_const(i128::from(p.unit), w));
        let value = bv_add(address, bytes);
        let to = self.bits_of(&c.to_type)?;
        let ident = local_ident(&c.dest);
        self.declare_local(&ident, Type::Bv(to));
        self.assign_var(&ident, resize(value, w, to, false));
        Ok(())
    }

    /// `dest = inttoptr i`: a pointer into the object of the one pointer
    /// `i` is computed from ([`provenance`]).
    pub(crate) fn int_to_ptr(&mut self, c: &IntToPtr) -> Result<(), FrontendError> {
        let w = self.k.layout.ptr_bits;
        let source = provenance(self.func, &c.operand).map_err(|e| self.err_site(e))?;
        let q = self.pointer(source)?;
        let from = self.bits_of(&self.k.module.type_of(&c.operand))?;
        let int = resize(self.value(&c.operand)?, from, w, false);
        let address = self.object_address(q.base.clone());
        let bytes = Expr::binary(BinaryOp::Sub, int, address);
        if q.unit > 1 {
            // A pointer to a misaligned element is undefined behaviour
            // (OpenCL C 6.3: objects are aligned to their type).
            let aligned = Expr::eq(
                Expr::binary(
                    BinaryOp::BvURem,
                    bytes.clone(),
                    bv_const(i128::from(q.unit), w),
                ),
                bv_const(0, w),
            );
            self.emit(
                StmtKind::Assert(aligned),
                vec![ivl::ast::Attribute::new(ivl::kernel::UB_CHECK_ATTR, vec![])],
            );
        }
        let off = if q.unit > 1 {
            Expr::binary(BinaryOp::BvSDiv, bytes, bv_const(i128::from(q.unit), w))
        } else {
            bytes
        };
        let class = self.class_of_operand(&Operand::LocalOperand {
            name: c.dest.clone(),
            ty: self.k.module.types.void(),
        });
        let p = rebase(super::function::PtrExpr { off, ..q }, &class, w);
        let l = self.pointer_lhs(&c.dest, &class);
        self.assign(l, Self::pointer_rhs(p, &class), Vec::new());
        Ok(())
    }
}
