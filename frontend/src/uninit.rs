//! Uninitialised local variables stay arbitrary through `opt`.
//!
//! `mem2reg` folds a `phi` of `undef` (a variable not assigned on some
//! path) and a value into the value, and `simplifycfg` deletes a path (a
//! `switch` case, a branch) on which an `undef` pointer is dereferenced,
//! without leaving an assumption. Either way a defect on that path (a race
//! through an index uninitialised there, a store through an uninitialised
//! pointer) disappears. So before `opt` runs, every scalar `alloca` of
//! clang's textual IR is given an initial value right after it:
//!
//! - an integer or floating-point variable: the result of a call to
//!   `__gpuverify_arbitrary_<type>()` (declared here, lowered to a `havoc`:
//!   a new arbitrary value per execution and work item, which neither pass
//!   can fold or treat as undefined);
//! - a pointer variable: `null` (with `-fno-delete-null-pointer-checks` a
//!   null access is no undefined behaviour either, so the path survives
//!   and its access fails the null check: "possible null pointer access").
//!
//! Aggregates and vectors are left alone (an uninitialised element is still
//! `undef`; SOUNDNESS.md). A variable assigned before every use loses the
//! initial store to `mem2reg`; the call remains, unused.
//!
//! Consumes and produces LLVM 14 textual IR (typed pointers); lines it does
//! not recognise are copied unchanged.

use std::collections::BTreeSet;

/// The prefix of the arbitrary-value functions this pass declares.
pub const ARBITRARY_PREFIX: &str = "__gpuverify_arbitrary_";

/// `ir` with an initial value stored into every scalar `alloca`.
pub fn initialise_allocas(ir: &str) -> String {
    let mut out = String::with_capacity(ir.len() + ir.len() / 8);
    let mut declared: BTreeSet<String> = BTreeSet::new();
    let mut fresh = 0usize;
    for line in ir.lines() {
        out.push_str(line);
        out.push('\n');
        let Some((name, ty, space)) = parse_alloca(line) else {
            continue;
        };
        let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
        let slot = match space {
            Some(n) => format!("{ty} addrspace({n})*"),
            None => format!("{ty}*"),
        };
        if ty.ends_with('*') {
            out.push_str(&format!("{indent}store {ty} null, {slot} {name}\n"));
        } else if let Some(f) = arbitrary_function(ty) {
            fresh += 1;
            let value = format!("%gpuverify.init.{fresh}");
            out.push_str(&format!("{indent}{value} = call {ty} @{f}()\n"));
            out.push_str(&format!("{indent}store {ty} {value}, {slot} {name}\n"));
            declared.insert(format!("declare {ty} @{f}()"));
        }
    }
    for d in declared {
        out.push_str(&d);
        out.push('\n');
    }
    out
}

/// `%x = alloca T, align N[, addrspace(K)]` -> (`%x`, `T`, `K`).
fn parse_alloca(line: &str) -> Option<(&str, &str, Option<&str>)> {
    let t = line.trim_start();
    let (name, rest) = t.split_once(" = alloca ")?;
    if !name.starts_with('%') || name.contains('"') || rest.contains("inalloca") {
        return None;
    }
    // The type ends at the first `, ` outside brackets (a function pointer
    // type `void (float*, i32)*` contains commas).
    let mut depth = 0i32;
    let mut end = None;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 && rest[i..].starts_with(", ") => {
                end = Some(i);
                break;
            }
            _ => {}
        }
    }
    let (ty, attrs) = match end {
        Some(i) => (&rest[..i], &rest[i + 2..]),
        None => (rest, ""),
    };
    let ty = ty.trim();
    let space = attrs.split(", ").find_map(|a| {
        a.strip_prefix("addrspace(")
            .and_then(|s| s.strip_suffix(')'))
    });
    // `alloca T, i32 n` (an array of n elements) is not one scalar.
    if attrs
        .split(", ")
        .any(|a| a.starts_with('i') && a.contains(' '))
    {
        return None;
    }
    Some((name, ty, space))
}

/// The arbitrary-value function of a scalar type, if it is one this pass
/// initialises.
fn arbitrary_function(ty: &str) -> Option<String> {
    let scalar = matches!(ty, "half" | "float" | "double")
        || (ty.starts_with('i') && ty.len() > 1 && ty[1..].bytes().all(|b| b.is_ascii_digit()));
    scalar.then(|| format!("{ARBITRARY_PREFIX}{ty}"))
}

#[cfg(test)]
mod tests {
    use super::initialise_allocas;

    #[test]
    fn scalars_get_arbitrary_values_and_pointers_null() {
        let ir = "define void @k() {\nentry:\n  %g = alloca void (float*, i32)*, align 8\n  %x = alloca i32, align 4\n  %p = alloca float addrspace(3)*, align 8\n  %a = alloca [4 x i32], align 16\n  %f = alloca float, align 4, addrspace(5)\n  ret void\n}\n";
        let out = initialise_allocas(ir);
        assert!(out.contains("%gpuverify.init.1 = call i32 @__gpuverify_arbitrary_i32()\n  store i32 %gpuverify.init.1, i32* %x\n"));
        assert!(out.contains("store float addrspace(3)* null, float addrspace(3)** %p\n"));
        assert!(out.contains("store void (float*, i32)* null, void (float*, i32)** %g\n"));
        assert!(!out.contains("[4 x i32] %"));
        assert!(out.contains("store float %gpuverify.init.2, float addrspace(5)* %f\n"));
        assert!(out.contains("declare i32 @__gpuverify_arbitrary_i32()\n"));
        assert!(out.contains("declare float @__gpuverify_arbitrary_float()\n"));
    }
}
