//! Aggregate (struct and array) SSA values, scalarised field by field.
//!
//! An aggregate value `v` of LLVM type `T` is the IVL locals `v$p`, one per
//! *leaf* of `T`: a scalar or vector field reached by the index path `p`
//! (`v$1`, `v$0.2` for a nested field). Every instruction on aggregates
//! works leaf-wise: `extractvalue` reads the leaves under a path,
//! `insertvalue` replaces them, `load`/`store` access each leaf at its byte
//! offset (the memory analysis records each leaf's width, not the
//! aggregate's), phis, selects, parameters (`x$p`), results (`$ret$p`) and
//! call arguments expand to their leaves.
//!
//! Guarantees: the leaves of a type are listed in index order with their
//! byte offsets from [`Layout`]; constants give exact leaf values (undef
//! leaves are havocked). Not handled (reported as unsupported, with the
//! source location): aggregates with a pointer field, aggregates of more
//! than [`MAX_LEAVES`] leaves, aggregate results of builtins (e.g.
//! `llvm.sadd.with.overflow`).

use super::function::{lhs, FnCtx};
use super::layout::{is_pointer, Layout};
use super::names::local_ident;
use crate::error::FrontendError;
use ivl::ast::{Expr, Ident, StmtKind, Type};
use llvm_ir::instruction::Instruction as I;
use llvm_ir::{Constant, Name, Operand, TypeRef};

/// The most leaves an aggregate may have.
pub const MAX_LEAVES: usize = 256;

/// An index path in words, innermost field first: `[0, 1]` is "field #1
/// of field #0" (LLVM IR keeps no field names; fields count from 0).
fn field_phrase(indices: &[u32]) -> String {
    let words: Vec<String> = indices
        .iter()
        .rev()
        .map(|i| format!("field #{i}"))
        .collect();
    if words.is_empty() {
        "the whole value".into()
    } else {
        words.join(" of ")
    }
}

/// One scalar or vector field of an aggregate type.
#[derive(Clone, Debug)]
pub struct Leaf {
    /// Index path, `.`-separated (`0.2`).
    pub path: String,
    pub ty: TypeRef,
    /// Byte offset from the start of the aggregate.
    pub offset: u64,
}

/// Whether `ty` is a struct or array type.
pub fn is_aggregate(layout: &Layout<'_>, ty: &TypeRef) -> bool {
    matches!(
        layout.resolve(ty),
        Some(llvm_ir::Type::StructType { .. } | llvm_ir::Type::ArrayType { .. })
    )
}

/// The leaves of an aggregate type, or a description of why it has none
/// we support.
pub fn leaves(layout: &Layout<'_>, ty: &TypeRef) -> Result<Vec<Leaf>, String> {
    let mut out = Vec::new();
    collect(layout, ty, "", 0, &mut out)?;
    Ok(out)
}

fn collect(
    layout: &Layout<'_>,
    ty: &TypeRef,
    path: &str,
    offset: u64,
    out: &mut Vec<Leaf>,
) -> Result<(), String> {
    let join = |i: usize| {
        if path.is_empty() {
            i.to_string()
        } else {
            format!("{path}.{i}")
        }
    };
    match layout.resolve(ty) {
        Some(resolved @ llvm_ir::Type::StructType { element_types, .. }) => {
            let (offsets, _) = layout
                .struct_layout(resolved)
                .ok_or_else(|| format!("an aggregate of unsized type `{ty}`"))?;
            for (i, (field, off)) in element_types.iter().zip(offsets).enumerate() {
                collect(layout, field, &join(i), offset + off, out)?;
            }
        }
        Some(llvm_ir::Type::ArrayType {
            element_type,
            num_elements,
        }) => {
            let size = layout
                .alloc_size(element_type)
                .ok_or_else(|| format!("an aggregate of unsized type `{ty}`"))?;
            for i in 0..*num_elements {
                collect(
                    layout,
                    element_type,
                    &join(i),
                    offset + i as u64 * size,
                    out,
                )?;
            }
        }
        None => return Err(format!("an aggregate of opaque type `{ty}`")),
        Some(_) if is_pointer(ty) => {
            return Err("an aggregate value holding a pointer".into());
        }
        Some(_) => {
            if layout.value_type(ty).is_none() {
                return Err(format!("an aggregate with a field of type `{ty}`"));
            }
            out.push(Leaf {
                path: path.to_string(),
                ty: ty.clone(),
                offset,
            });
        }
    }
    if out.len() > MAX_LEAVES {
        return Err(format!(
            "an aggregate value with more than {MAX_LEAVES} fields"
        ));
    }
    Ok(())
}

/// The local holding leaf `path` of the aggregate value `ident`.
pub fn leaf_name(ident: &str, path: &str) -> String {
    format!("{ident}${path}")
}

/// Whether leaf path `path` lies under the index prefix `prefix`.
fn under(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}."))
}

/// The result type of an instruction (llvm-ir's `type_of` panics on an
/// `extractvalue` from a named struct).
pub fn result_type(module: &llvm_ir::Module, layout: &Layout<'_>, inst: &I) -> TypeRef {
    let I::ExtractValue(e) = inst else {
        return module.type_of(inst);
    };
    let mut ty = module.type_of(&e.aggregate);
    for index in &e.indices {
        let next = match layout.resolve(&ty) {
            Some(llvm_ir::Type::StructType { element_types, .. }) => {
                element_types.get(*index as usize).cloned()
            }
            Some(llvm_ir::Type::ArrayType { element_type, .. }) => Some(element_type.clone()),
            _ => None,
        };
        match next {
            Some(t) => ty = t,
            None => return module.types.void(),
        }
    }
    ty
}

impl FnCtx<'_, '_> {
    pub fn result_type(&self, inst: &I) -> TypeRef {
        result_type(self.k.module, &self.k.layout, inst)
    }

    pub fn leaves_of(&self, ty: &TypeRef) -> Result<Vec<Leaf>, FrontendError> {
        leaves(&self.k.layout, ty).map_err(|e| self.err_site(e))
    }

    pub fn is_aggregate(&self, ty: &TypeRef) -> bool {
        is_aggregate(&self.k.layout, ty)
    }

    fn leaf_type(&self, leaf: &Leaf) -> Result<Type, FrontendError> {
        self.k
            .layout
            .value_type(&leaf.ty)
            .ok_or_else(|| self.err_site(format!("a field of type `{}`", leaf.ty)))
    }

    /// The leaf values of an aggregate operand.
    pub fn aggregate_values(&mut self, op: &Operand) -> Result<Vec<Expr>, FrontendError> {
        let ty = self.k.module.type_of(op);
        match op {
            Operand::LocalOperand { name, .. } => {
                let ident = local_ident(name);
                Ok(self
                    .leaves_of(&ty)?
                    .iter()
                    .map(|l| Expr::var(leaf_name(&ident, &l.path)))
                    .collect())
            }
            Operand::ConstantOperand(c) => self.constant_leaves(c, &ty),
            Operand::MetadataOperand => {
                Err(self.err_site(super::construct_names::METADATA_OPERAND.into()))
            }
        }
    }

    fn constant_leaves(&mut self, c: &Constant, ty: &TypeRef) -> Result<Vec<Expr>, FrontendError> {
        match c {
            Constant::Struct { values, .. } => {
                let mut out = Vec::new();
                for v in values {
                    out.extend(self.constant_part(v)?);
                }
                Ok(out)
            }
            Constant::Array { elements, .. } => {
                let mut out = Vec::new();
                for e in elements {
                    out.extend(self.constant_part(e)?);
                }
                Ok(out)
            }
            Constant::AggregateZero(_) => self
                .leaves_of(ty)?
                .iter()
                .map(|l| {
                    Ok(match self.leaf_type(l)? {
                        Type::Bv(w) => Expr::bv(0, w),
                        _ => Expr::bool(false),
                    })
                })
                .collect(),
            Constant::Undef(_) | Constant::Poison(_) => {
                let mut out = Vec::new();
                for l in self.leaves_of(ty)? {
                    let t = self.leaf_type(&l)?;
                    let name = self.fresh_local("$undef", t);
                    self.emit(
                        StmtKind::Havoc(vec![Ident::synthetic(name.clone())]),
                        Vec::new(),
                    );
                    out.push(Expr::var(name));
                }
                Ok(out)
            }
            other => Err(self.err_site(super::construct_names::constant(other))),
        }
    }

    fn constant_part(&mut self, c: &llvm_ir::ConstantRef) -> Result<Vec<Expr>, FrontendError> {
        let ty = self.k.module.type_of(c.as_ref());
        if self.is_aggregate(&ty) {
            self.constant_leaves(c, &ty)
        } else if is_pointer(&ty) {
            Err(self.err_site("an aggregate value holding a pointer".into()))
        } else {
            Ok(vec![self.constant_value(c)?])
        }
    }

    /// Declares the leaf locals of aggregate value `dest` and assigns them.
    pub fn assign_aggregate(
        &mut self,
        dest: &Name,
        ty: &TypeRef,
        values: Vec<Expr>,
    ) -> Result<(), FrontendError> {
        let lhss = self.aggregate_lhs(dest, ty)?;
        self.assign(
            lhss.into_iter().map(|n| lhs(&n)).collect(),
            values,
            Vec::new(),
        );
        Ok(())
    }

    /// The (declared) leaf locals of aggregate value `dest`.
    pub fn aggregate_lhs(
        &mut self,
        dest: &Name,
        ty: &TypeRef,
    ) -> Result<Vec<String>, FrontendError> {
        let ident = local_ident(dest);
        let mut out = Vec::new();
        for l in self.leaves_of(ty)? {
            let t = self.leaf_type(&l)?;
            let name = leaf_name(&ident, &l.path);
            self.declare_local(&name, t);
            out.push(name);
        }
        Ok(out)
    }

    /// `extractvalue` of a scalar leaf.
    pub fn extract_leaf(
        &mut self,
        aggregate: &Operand,
        indices: &[u32],
    ) -> Result<Expr, FrontendError> {
        let ty = self.k.module.type_of(aggregate);
        let path = indices
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(".");
        let leaves = self.leaves_of(&ty)?;
        let values = self.aggregate_values(aggregate)?;
        leaves
            .iter()
            .zip(values)
            .find(|(l, _)| l.path == path)
            .map(|(_, v)| v)
            .ok_or_else(|| {
                self.err_site(format!(
                    "reading {} of a struct value",
                    field_phrase(indices)
                ))
            })
    }

    /// Lowers an instruction whose result is an aggregate.
    pub fn aggregate_instruction(&mut self, inst: &I) -> Result<(), FrontendError> {
        let ty = self.result_type(inst);
        let dest = inst
            .try_get_result()
            .cloned()
            .ok_or_else(|| self.err_site("an aggregate without a name".into()))?;
        let values = match inst {
            I::ExtractValue(e) => {
                let path = e
                    .indices
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(".");
                let from = self.k.module.type_of(&e.aggregate);
                let leaves = self.leaves_of(&from)?;
                let values = self.aggregate_values(&e.aggregate)?;
                leaves
                    .iter()
                    .zip(values)
                    .filter(|(l, _)| under(&l.path, &path))
                    .map(|(_, v)| v)
                    .collect()
            }
            I::InsertValue(e) => {
                let path = e
                    .indices
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(".");
                let leaves = self.leaves_of(&ty)?;
                let mut values = self.aggregate_values(&e.aggregate)?;
                let element_ty = self.k.module.type_of(&e.element);
                let mut inserted = if self.is_aggregate(&element_ty) {
                    self.aggregate_values(&e.element)?
                } else {
                    vec![self.value(&e.element)?]
                }
                .into_iter();
                for (l, v) in leaves.iter().zip(values.iter_mut()) {
                    if under(&l.path, &path) {
                        *v = inserted.next().ok_or_else(|| {
                            self.err_site("building a struct value field by field".into())
                        })?;
                    }
                }
                values
            }
            I::Select(s) => {
                let c = self.value(&s.condition)?;
                let a = self.aggregate_values(&s.true_value)?;
                let b = self.aggregate_values(&s.false_value)?;
                a.into_iter()
                    .zip(b)
                    .map(|(a, b)| Expr::ite(c.clone(), a, b))
                    .collect()
            }
            I::Freeze(f) => self.aggregate_values(&f.operand)?,
            I::Load(_) => return self.memory_instruction(inst),
            I::Call(call) => {
                let callee = self.callee(call)?;
                return match self.k.functions.iter().position(|f| f.name == callee) {
                    Some(ci) => self.user_call(call, ci),
                    // A function without a body returning a struct (a
                    // texel, a half2, curand_normal2): arbitrary fields.
                    None => {
                        let base = super::names::base_name(&callee).to_string();
                        self.opaque_call(&callee, &base, call)
                    }
                };
            }
            other => {
                return Err(self.err_site(format!(
                    "{} on a struct or array value",
                    super::construct_names::instruction(other)
                )));
            }
        };
        self.assign_aggregate(&dest, &ty, values)
    }
}

#[cfg(test)]
mod tests {
    use super::field_phrase;

    #[test]
    fn field_paths_are_worded_innermost_first() {
        assert_eq!(field_phrase(&[2]), "field #2");
        assert_eq!(field_phrase(&[0, 1]), "field #1 of field #0");
        assert_eq!(field_phrase(&[]), "the whole value");
    }
}
