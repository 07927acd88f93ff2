//! Vectors wider than one IVL bit-vector (`float16`, `double8`, `long8`,
//! ...: more than `MAX_BV_WIDTH` = 128 bits) as one local per lane.
//!
//! Consumes: the IR after opt's `scalarizer` (run by the toolchain only
//! when the module has such a vector), in which arithmetic, comparisons,
//! selects, phis, shuffles, loads and stores of wide vectors are already
//! lane by lane. What is left of a wide vector: `insertelement` chains
//! that rebuild one for a call, `extractelement` of a call's result, and
//! calls of `vload<n>`/`vstore<n>` (handled in [`super::opencl_builtins`]
//! through [`FnCtx::wide_lanes`] and [`FnCtx::wide_dest`]).
//!
//! Guarantees: a wide value `%v` with `n` lanes is the locals
//! `v$lane0..v$lane{n-1}`, each of its element's value type (exact: no
//! lane is approximated); an undefined lane is an arbitrary value. A
//! function of the program takes and returns a wide vector as one
//! parameter or result per lane (`lower_function`, `user_call`). Any
//! other use of a wide vector (a library function with a pointer argument
//! other than `vload`/`vstore`, a bitcast, a kernel parameter) stays an
//! unsupported construct (exit 4) named in OpenCL terms.

use super::function::{lhs, FnCtx};
use super::inst::bv_const;
use super::layout::Layout;
use super::names::local_ident;
use crate::error::FrontendError;
use ivl::ast::{Expr, Ident, StmtKind, Type, MAX_BV_WIDTH};
use llvm_ir::instruction::{Call, Instruction as I};
use llvm_ir::{Constant, Name, Operand, TypeRef};

/// The local holding lane `k` of the wide value `name`.
fn lane_local(name: &Name, k: u32) -> String {
    format!("{}$lane{k}", local_ident(name))
}

/// `Some((lanes, element type))` when `ty` is a vector too wide for one
/// bit-vector.
pub(crate) fn wide_vector_type(layout: &Layout, ty: &TypeRef) -> Option<(u32, TypeRef)> {
    match ty.as_ref() {
        llvm_ir::Type::VectorType {
            element_type,
            num_elements,
            ..
        } => {
            let bits = layout.bits(ty)?;
            (bits > u64::from(MAX_BV_WIDTH)).then(|| (*num_elements as u32, element_type.clone()))
        }
        _ => None,
    }
}

impl FnCtx<'_, '_> {
    /// [`wide_vector_type`] in this function's module.
    pub(crate) fn wide_vector(&self, ty: &TypeRef) -> Option<(u32, TypeRef)> {
        wide_vector_type(&self.k.layout, ty)
    }

    fn lane_type(&self, elem: &TypeRef) -> Result<Type, FrontendError> {
        self.k
            .layout
            .value_type(elem)
            .ok_or_else(|| self.err_site(format!("a vector of `{elem}`")))
    }

    /// The lanes of a wide operand (each of its element's value type).
    pub(crate) fn wide_lanes(&mut self, op: &Operand) -> Result<Vec<Expr>, FrontendError> {
        let ty = self.k.module.type_of(op);
        let Some((n, elem)) = self.wide_vector(&ty) else {
            return Err(self.err_site(format!("a value of type `{ty}`")));
        };
        match op {
            Operand::LocalOperand { name, .. } => {
                Ok((0..n).map(|k| Expr::var(lane_local(name, k))).collect())
            }
            Operand::ConstantOperand(c) => match c.as_ref() {
                Constant::Vector(elems) => elems
                    .iter()
                    .map(|e| self.constant_value(e))
                    .collect::<Result<Vec<_>, _>>(),
                Constant::AggregateZero(_) => {
                    let lane_ty = self.lane_type(&elem)?;
                    Ok((0..n)
                        .map(|_| match lane_ty {
                            Type::Bool => Expr::bool(false),
                            Type::Bv(w) => Expr::bv(0, w),
                            _ => Expr::bool(false),
                        })
                        .collect())
                }
                Constant::Undef(_) | Constant::Poison(_) => {
                    let lane_ty = self.lane_type(&elem)?;
                    Ok((0..n).map(|_| self.arbitrary(lane_ty.clone())).collect())
                }
                _ => Err(self.err_site(super::construct_names::constant(c))),
            },
            Operand::MetadataOperand => {
                Err(self.err_site(super::construct_names::METADATA_OPERAND.into()))
            }
        }
    }

    /// A fresh local with an arbitrary value.
    fn arbitrary(&mut self, ty: Type) -> Expr {
        let name = self.fresh_local("$undef", ty);
        self.emit(
            StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
            Vec::new(),
        );
        Expr::var(name)
    }

    /// Declares the lane locals of the wide value `dest` and returns their
    /// names.
    pub(crate) fn wide_dest(
        &mut self,
        dest: &Name,
        ty: &TypeRef,
    ) -> Result<Vec<String>, FrontendError> {
        let Some((n, elem)) = self.wide_vector(ty) else {
            return Err(self.err_site(format!("a value of type `{ty}`")));
        };
        let lane_ty = self.lane_type(&elem)?;
        Ok((0..n)
            .map(|k| {
                let name = lane_local(dest, k);
                self.declare_local(&name, lane_ty.clone());
                name
            })
            .collect())
    }

    /// Lowers `insertelement`/`extractelement` on a wide vector; `false`
    /// for any other instruction.
    pub(crate) fn wide_vector_inst(&mut self, inst: &I) -> Result<bool, FrontendError> {
        match inst {
            I::InsertElement(e)
                if self
                    .wide_vector(&self.k.module.type_of(&e.vector))
                    .is_some() =>
            {
                let ty = self.k.module.type_of(&e.vector);
                let old = self.wide_lanes(&e.vector)?;
                let x = self.value(&e.element)?;
                let index = self.lane_index(&e.index)?;
                let dest = self.wide_dest(&e.dest, &ty)?;
                let rhs: Vec<Expr> = old
                    .into_iter()
                    .enumerate()
                    .map(|(k, o)| match &index {
                        LaneIndex::Const(i) if *i == k as u64 => x.clone(),
                        LaneIndex::Const(_) => o,
                        LaneIndex::Var(v, w) => {
                            Expr::ite(Expr::eq(v.clone(), bv_const(k as i128, *w)), x.clone(), o)
                        }
                    })
                    .collect();
                self.assign(dest.iter().map(|d| lhs(d)).collect(), rhs, Vec::new());
                Ok(true)
            }
            I::ExtractElement(e)
                if self
                    .wide_vector(&self.k.module.type_of(&e.vector))
                    .is_some() =>
            {
                let ty = self.k.module.type_of(&e.vector);
                let (_, elem) = self.wide_vector(&ty).expect("checked wide");
                let lanes = self.wide_lanes(&e.vector)?;
                let lane_ty = self.lane_type(&elem)?;
                let value = match self.lane_index(&e.index)? {
                    LaneIndex::Const(i) => match lanes.get(i as usize) {
                        Some(l) => l.clone(),
                        None => self.arbitrary(lane_ty.clone()),
                    },
                    LaneIndex::Var(v, w) => {
                        // An index past the end is poison: any value.
                        let beyond = self.arbitrary(lane_ty.clone());
                        lanes.iter().enumerate().rev().fold(beyond, |rest, (k, l)| {
                            Expr::ite(Expr::eq(v.clone(), bv_const(k as i128, w)), l.clone(), rest)
                        })
                    }
                };
                let ident = local_ident(&e.dest);
                self.declare_local(&ident, lane_ty);
                self.assign(vec![lhs(&ident)], vec![value], Vec::new());
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// A call with a wide vector argument or result, other than
    /// `vload<n>`/`vstore<n>`: an OpenCL library function (mangled, no
    /// body, no pointer argument: pure) is lane by lane uninterpreted,
    /// each result lane a function of every lane of every argument (sound
    /// for any pure function; exact integer builtins lose their
    /// exactness at these widths). Anything else is refused. `false` when
    /// the call has no wide vector.
    pub(crate) fn wide_vector_call(
        &mut self,
        callee: &str,
        base: &str,
        call: &Call,
    ) -> Result<bool, FrontendError> {
        let result_ty = self.k.module.type_of(call);
        let wide_arg = call
            .arguments
            .iter()
            .find(|(a, _)| self.wide_vector(&self.k.module.type_of(a)).is_some());
        let wide_result = self.wide_vector(&result_ty).is_some();
        let Some(shown) = wide_arg
            .map(|(a, _)| self.k.module.type_of(a))
            .or_else(|| wide_result.then(|| result_ty.clone()))
        else {
            return Ok(false);
        };
        if base.starts_with("vload") || base.starts_with("vstore") {
            return Ok(false);
        }
        if self.k.functions.iter().any(|f| f.name == callee) {
            // A function of the program: lane by lane parameters and
            // results (`user_call`, `lower_function`).
            return Ok(false);
        }
        let has_pointer = call
            .arguments
            .iter()
            .any(|(a, _)| super::layout::is_pointer(&self.k.module.type_of(a)));
        if has_pointer || !callee.starts_with("_Z") {
            return Err(self.err_site(format!(
                "a `{shown}` value passed to or returned by `{base}` (vectors wider than \
                 16 bytes are supported in expressions, memory accesses, vload/vstore \
                 and library functions without pointer arguments)"
            )));
        }
        let mut params = Vec::new();
        let mut args = Vec::new();
        for (a, _) in &call.arguments {
            let ty = self.k.module.type_of(a);
            match self.wide_vector(&ty) {
                Some((_, elem)) => {
                    let lane_ty = self.lane_type(&elem)?;
                    for l in self.wide_lanes(a)? {
                        params.push(lane_ty.clone());
                        args.push(l);
                    }
                }
                None => {
                    let t = self
                        .k
                        .layout
                        .value_type(&ty)
                        .ok_or_else(|| self.err_site(format!("a value of type `{ty}`")))?;
                    params.push(t);
                    args.push(self.value(a)?);
                }
            }
        }
        let Some(dest) = &call.dest else {
            return Ok(true);
        };
        if wide_result {
            let (_, elem) = self.wide_vector(&result_ty).expect("checked wide");
            let lane_ty = self.lane_type(&elem)?;
            let lanes = self.wide_dest(dest, &result_ty)?;
            let values: Vec<Expr> = (0..lanes.len())
                .map(|k| {
                    self.uninterpreted(
                        &format!("{callee}$lane{k}"),
                        params.clone(),
                        lane_ty.clone(),
                        args.clone(),
                    )
                })
                .collect();
            self.assign(lanes.iter().map(|l| lhs(l)).collect(), values, Vec::new());
        } else {
            let t = self
                .k
                .layout
                .value_type(&result_ty)
                .ok_or_else(|| self.err_site(format!("a value of type `{result_ty}`")))?;
            let value = self.uninterpreted(callee, params, t.clone(), args);
            let ident = local_ident(dest);
            self.declare_local(&ident, t);
            self.assign(vec![lhs(&ident)], vec![value], Vec::new());
        }
        Ok(true)
    }

    fn lane_index(&mut self, index: &Operand) -> Result<LaneIndex, FrontendError> {
        Ok(match super::ConstInt::const_int(index) {
            Some(c) => LaneIndex::Const(c.unsigned),
            None => {
                let w = self.bits_of(&self.k.module.type_of(index))?;
                LaneIndex::Var(self.value(index)?, w)
            }
        })
    }
}

enum LaneIndex {
    Const(u64),
    Var(Expr, u32),
}
