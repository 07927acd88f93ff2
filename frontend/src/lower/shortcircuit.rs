//! Short-circuit conditions of annotations, flattened before lowering.
//!
//! clang compiles `__ensures(a && __other_int(x) == y)` to a branch on `a`,
//! a block computing the right operand, and a phi in the join block that
//! the annotation call reads; opt's simplifycfg cannot merge the diamond
//! because calls are not speculatable. The annotation would then stand
//! outside the function's entry block (contracts) or the loop header
//! (invariants). This pass merges such diamonds in place:
//!
//! ```text
//! B: ...; br %a, R, E     R: pure...; br E     E: %p = phi [c, B], [v, R]; call @__ensures(%p)
//! ```
//! becomes `B: ...; pure...; %p = select %a, v, c; call @__ensures(%p)`.
//!
//! Input: a function. Guarantees: a diamond is merged only when the join
//! block `E` calls a statement annotation (`__assert`, `__invariant`,
//! `__requires`, `__ensures` and their global forms, `__assume`), `R` has
//! `B` as its only predecessor and contains no instruction with an effect
//! other than loads and calls of side-effect-free builtins and annotation
//! expressions, and `E`'s only predecessors are `B` and `R`. Executing `R`
//! unconditionally is then sound: IVL arithmetic is total, and a load that
//! runs where it would not have only adds an access (possibly a reported
//! race or failed check, never a hidden one). Other code is untouched.

use super::names::base_name;
use llvm_ir::instruction::{Call, Instruction as I, Select};
use llvm_ir::terminator::Terminator;
use llvm_ir::{Constant, Function, Module, Name, Operand};

const STATEMENT_ANNOTATIONS: &[&str] = &[
    "__assert",
    "__global_assert",
    "__invariant",
    "__global_invariant",
    "__requires",
    "__global_requires",
    "__ensures",
    "__global_ensures",
    "__assume",
];

const PURE_CALLS: &[&str] = &[
    "__implies",
    "__enabled",
    "__same_group",
    "__other_int",
    "__other_bool",
    "__uniform_int",
    "__uniform_bool",
    "__distinct_int",
    "__is_pow2",
    "__add_noovfl",
    "__return_val_int",
    "__return_val_bool",
    "__return_val_funptr_id",
    "__old_int",
    "__old_bool",
    "__read",
    "__write",
    "__no_read",
    "__no_write",
    "__read_implies",
    "__write_implies",
    "__read_offset_bytes",
    "__write_offset_bytes",
    "__ptr_base",
    "__ptr_offset_bytes",
];

fn callee(call: &Call) -> Option<&str> {
    match call.function.as_ref().right()? {
        Operand::ConstantOperand(c) => match c.as_ref() {
            Constant::GlobalReference {
                name: Name::Name(n),
                ..
            } => Some(n.as_str()),
            _ => None,
        },
        _ => None,
    }
}

fn is_pure_call(call: &Call) -> bool {
    callee(call).is_some_and(|c| {
        let base = base_name(c);
        PURE_CALLS.contains(&base)
            || base.starts_with("get_")
            || c.starts_with("llvm.nvvm.read.ptx.sreg.")
            || c.starts_with("llvm.dbg.")
    })
}

fn speculatable(inst: &I) -> bool {
    match inst {
        I::Store(_)
        | I::AtomicRMW(_)
        | I::CmpXchg(_)
        | I::Alloca(_)
        | I::Phi(_)
        | I::Fence(_)
        | I::VAArg(_) => false,
        I::Call(call) => is_pure_call(call),
        _ => true,
    }
}

fn calls_statement_annotation(block: &llvm_ir::BasicBlock) -> bool {
    block.instrs.iter().any(|i| {
        matches!(i, I::Call(c) if callee(c).is_some_and(|n| STATEMENT_ANNOTATIONS.contains(&base_name(n))))
    })
}

fn successors(term: &Terminator) -> Vec<&Name> {
    match term {
        Terminator::Br(b) => vec![&b.dest],
        Terminator::CondBr(b) => vec![&b.true_dest, &b.false_dest],
        Terminator::Switch(s) => s
            .dests
            .iter()
            .map(|(_, d)| d)
            .chain([&s.default_dest])
            .collect(),
        _ => Vec::new(),
    }
}

/// Flattens the annotation diamonds of every defined function.
pub fn flatten(module: &mut Module) {
    for f in &mut module.functions {
        while merge_one(f) {}
    }
}

/// Merges one diamond; returns whether it found one.
fn merge_one(f: &mut Function) -> bool {
    let preds = |f: &Function, target: &Name| -> Vec<usize> {
        f.basic_blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| successors(&b.term).contains(&target))
            .map(|(i, _)| i)
            .collect()
    };
    for ei in 0..f.basic_blocks.len() {
        let e = &f.basic_blocks[ei];
        if !calls_statement_annotation(e) {
            continue;
        }
        let e_name = e.name.clone();
        let e_preds = preds(f, &e_name);
        if e_preds.len() != 2 {
            continue;
        }
        for (bi, ri) in [(e_preds[0], e_preds[1]), (e_preds[1], e_preds[0])] {
            let (b, r) = (&f.basic_blocks[bi], &f.basic_blocks[ri]);
            let Terminator::CondBr(br) = &b.term else {
                continue;
            };
            let r_to_e = matches!(&r.term, Terminator::Br(x) if x.dest == e_name);
            let b_targets = (&br.true_dest, &br.false_dest);
            let shape = b_targets == (&r.name, &e_name) || b_targets == (&e_name, &r.name);
            if !r_to_e
                || !shape
                || bi == ei
                || ri == ei
                || preds(f, &r.name) != vec![bi]
                || !r.instrs.iter().all(speculatable)
            {
                continue;
            }
            let r_first = br.true_dest == r.name;
            let cond = br.condition.clone();
            let (b_name, r_name) = (b.name.clone(), r.name.clone());
            let mut merged = f.basic_blocks[ri].instrs.clone();
            for inst in &f.basic_blocks[ei].instrs {
                match inst {
                    I::Phi(phi) => {
                        let from = |n: &Name| {
                            phi.incoming_values
                                .iter()
                                .find(|(_, b)| b == n)
                                .map(|(v, _)| v.clone())
                        };
                        let (Some(vb), Some(vr)) = (from(&b_name), from(&r_name)) else {
                            return false;
                        };
                        let (t, fv) = if r_first { (vr, vb) } else { (vb, vr) };
                        merged.push(I::Select(Select {
                            condition: cond.clone(),
                            true_value: t,
                            false_value: fv,
                            dest: phi.dest.clone(),
                            debugloc: phi.debugloc.clone(),
                        }));
                    }
                    other => merged.push(other.clone()),
                }
            }
            let term = f.basic_blocks[ei].term.clone();
            let block = &mut f.basic_blocks[bi];
            block.instrs.extend(merged);
            block.term = term;
            // E's successors now come from B.
            for other in &mut f.basic_blocks {
                for inst in &mut other.instrs {
                    if let I::Phi(phi) = inst {
                        for (_, from) in &mut phi.incoming_values {
                            if *from == e_name {
                                *from = b_name.clone();
                            }
                        }
                    }
                }
            }
            f.basic_blocks
                .retain(|blk| blk.name != e_name && blk.name != r_name);
            return true;
        }
    }
    false
}
