//! Source-level names of the LLVM constructs the lowering refuses.
//!
//! Consumes: an LLVM instruction, terminator or constant that no lowering
//! rule handles. Guarantees: a phrase naming what the programmer wrote
//! (the C/OpenCL/CUDA construct clang compiles that way), never LLVM IR
//! syntax, for the located exit-4 message ("unsupported construct: ...").
//! The phrases say what a user can look for in the source; the message's
//! location points at it.

use llvm_ir::{Constant, Instruction as I, Terminator};

/// A metadata operand (what no source value compiles to): the call that
/// passes one.
pub const METADATA_OPERAND: &str = "a compiler annotation used as a value (a call to a compiler \
     intrinsic with annotation arguments, such as strict floating point under \
     `#pragma STDC FENV_ACCESS ON`)";

/// The source construct clang compiles to `inst`.
pub fn instruction(inst: &I) -> String {
    match inst {
        I::Add(_) | I::Sub(_) | I::Mul(_) | I::UDiv(_) | I::SDiv(_) | I::URem(_) | I::SRem(_) => {
            "integer arithmetic (`+ - * / %`) on this type".into()
        }
        I::And(_) | I::Or(_) | I::Xor(_) | I::Shl(_) | I::LShr(_) | I::AShr(_) => {
            "a bitwise operation or shift (`& | ^ << >>`) on this type".into()
        }
        I::FAdd(_) | I::FSub(_) | I::FMul(_) | I::FDiv(_) | I::FRem(_) | I::FNeg(_) => {
            "floating-point arithmetic on this type".into()
        }
        I::ExtractElement(_) => "reading one component of a vector (`v.x`, `v.s3`, `v[i]`)".into(),
        I::InsertElement(_) => "writing one component of a vector (`v.x = ...`)".into(),
        I::ShuffleVector(_) => "a vector swizzle or `shuffle` (`v.xyzw`, `v.lo`)".into(),
        I::ExtractValue(_) => "reading a field of a struct value".into(),
        I::InsertValue(_) => "building a struct value field by field".into(),
        I::Alloca(_) => "a local variable or array of this type".into(),
        I::Load(_) | I::Store(_) => "a memory access of this type".into(),
        I::Fence(_) => "a memory fence outside a barrier (`mem_fence`, `atomic_work_item_fence`, `__threadfence`)".into(),
        I::CmpXchg(_) => "an atomic compare-and-swap (`atomic_cmpxchg`, `atomicCAS`)".into(),
        I::AtomicRMW(_) => "an atomic read-modify-write (`atomic_add`, `atomicAdd`, ...)".into(),
        I::GetElementPtr(_) => "pointer arithmetic or indexing (`p + i`, `a[i]`, `s.field`)".into(),
        I::Trunc(_) | I::ZExt(_) | I::SExt(_) => "an integer conversion (a cast between integer types)".into(),
        I::FPTrunc(_) | I::FPExt(_) => "a conversion between floating-point types".into(),
        I::FPToUI(_) | I::FPToSI(_) | I::UIToFP(_) | I::SIToFP(_) => {
            "a conversion between integer and floating-point types".into()
        }
        I::PtrToInt(_) => "a pointer cast to an integer".into(),
        I::IntToPtr(_) => "an integer cast to a pointer".into(),
        I::BitCast(_) => "a reinterpreting cast (`as_<type>`, a pointer cast, a union)".into(),
        I::AddrSpaceCast(_) => "a cast between address spaces (a generic pointer)".into(),
        I::ICmp(_) | I::FCmp(_) => "a comparison of values of this type".into(),
        I::Phi(_) => "a value merged from several branches (a `?:` or a variable assigned on several paths)".into(),
        I::Select(_) => "a conditional expression (`?:`, `select`)".into(),
        I::Freeze(_) => "an uninitialised value".into(),
        I::Call(_) => "a function call".into(),
        I::VAArg(_) => "variadic arguments (`va_arg`)".into(),
        I::LandingPad(_) | I::CatchPad(_) | I::CleanupPad(_) => "C++ exception handling (`try`/`catch`)".into(),
    }
}

/// The source construct clang compiles to `term`.
pub fn terminator(term: &Terminator) -> String {
    match term {
        Terminator::IndirectBr(_) => "a computed `goto` (`goto *label_address`)".into(),
        Terminator::Invoke(_) | Terminator::Resume(_) => {
            "a call that may throw a C++ exception (`try`/`catch`)".into()
        }
        Terminator::CallBr(_) => "an `asm goto` statement".into(),
        _ => "C++ exception handling (`try`/`catch`, `throw`)".into(),
    }
}

/// The source construct clang compiles to constant `c`.
pub fn constant(c: &Constant) -> String {
    match c {
        Constant::GetElementPtr(_) => {
            "the address of an element or field of a program-scope variable, computed at compile time (`&table[3]`, a string literal)".into()
        }
        Constant::BitCast(_) | Constant::AddrSpaceCast(_) => {
            "a cast of the address of a program-scope variable or function".into()
        }
        Constant::PtrToInt(_) => "the address of a program-scope variable used as an integer".into(),
        Constant::IntToPtr(_) => "an integer used as a pointer (a constant address)".into(),
        Constant::GlobalReference { .. } => "the address of a program-scope variable or function".into(),
        Constant::BlockAddress => "the address of a label (`&&label`)".into(),
        Constant::Struct { .. } | Constant::Array { .. } | Constant::AggregateZero(_) => {
            "a struct or array constant (an initialiser)".into()
        }
        Constant::Vector(_) => "a vector literal (`(float4)(...)`) of this type".into(),
        Constant::Int { .. } | Constant::Float(_) | Constant::Null(_) => {
            "a literal of this type".into()
        }
        Constant::Undef(_) | Constant::Poison(_) => "an uninitialised value of this type".into(),
        _ => "a constant expression of program-scope addresses or literals".into(),
    }
}

/// The construct behind a call to `base` (a function without a body) whose
/// pointer result is not modelled.
pub fn returned_pointer(base: &str) -> String {
    match base {
        "get_default_queue" | "__enqueue_kernel_basic" | "__enqueue_kernel_varargs" => {
            "device-side enqueue (`get_default_queue`, `enqueue_kernel`: the child kernel \
             and the pointers its block captures are not modelled; only this kernel is \
             refused, the file's other kernels are verified)"
                .into()
        }
        "__to_global" | "__to_local" | "__to_private" => format!(
            "`{}` (the address space of a generic pointer, tested at run time)",
            base.trim_start_matches('_')
        ),
        _ => format!(
            "the pointer returned by `{}`, which has no body",
            base.trim_start_matches("__")
        ),
    }
}

/// A memory object's name for a message: `` `name` ``, or "an unnamed
/// object" for the numbers clang gives values without a source name.
pub fn object(source_name: &str) -> String {
    if source_name.is_empty() || source_name.chars().all(|c| c.is_ascii_digit()) {
        "an unnamed object (a compiler temporary or an argument without a name)".into()
    } else {
        format!("`{source_name}`")
    }
}

#[cfg(test)]
mod tests {
    /// LLVM IR spellings a user-facing message must not contain: the
    /// instruction names, LLVM's sigils for globals and locals, and a
    /// `Display` of an LLVM instruction or constant (`{other}` outside the
    /// backquoted type positions `source_terms` rewrites).
    const JARGON: &[&str] = &[
        "getelementptr",
        "addrspacecast",
        "bitcast",
        "metadata",
        "inttoptr",
        "ptrtoint",
        "shufflevector",
        "extractvalue",
        "insertvalue",
        "`@{",
        "`%{",
        " {succ}",
        " {pred}",
        "`{callee}`",
    ];

    /// Every message literal of the lowering (the lines that build an
    /// unsupported-construct error or an error string, and the string
    /// lines that follow them) is free of LLVM jargon.
    #[test]
    fn lowering_messages_name_source_constructs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lower");
        let mut offending = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("src/lower") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable source");
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let starts = [
                    "err_site(",
                    "unsupported(",
                    "Err(format!(",
                    "Err(\"",
                    "ok_or(\"",
                ];
                if !starts.iter().any(|s| line.contains(s)) {
                    continue;
                }
                // The call and the string lines of its message.
                for l in lines.iter().skip(i).take(6) {
                    let l = l.trim();
                    if l.starts_with("//") || !l.contains('"') {
                        continue;
                    }
                    let literal = l
                        .split('"')
                        .skip(1)
                        .step_by(2)
                        .collect::<Vec<_>>()
                        .join("\"");
                    for word in JARGON {
                        if literal.contains(word) {
                            offending.push(format!("{}:{}: {l}", path.display(), i + 1));
                        }
                    }
                }
            }
        }
        assert!(offending.is_empty(), "{}", offending.join("\n"));
    }

    #[test]
    fn the_metadata_phrase_names_a_source_construct() {
        assert!(super::METADATA_OPERAND.contains("FENV_ACCESS"));
        assert!(!super::METADATA_OPERAND.contains("metadata"));
    }
}
