//! Names: LLVM names to valid, non-clashing IVL identifiers, and the small
//! part of Itanium demangling the builtin tables need (the base name of a
//! mangled function and the signedness of its first parameter).

use llvm_ir::Name;

/// An IVL identifier for an LLVM local: named values keep their name with
/// characters the IVL does not allow replaced by `_`; numbered values
/// become `$N`. Keywords, builtin names and `bvN` get a `$` prefix.
pub fn local_ident(name: &Name) -> String {
    match name {
        Name::Number(n) => format!("${n}"),
        Name::Name(s) => sanitize(s),
    }
}

/// A valid IVL identifier close to `raw`.
pub fn sanitize(raw: &str) -> String {
    let mut out: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_$#.@".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !ivl::syntax::is_identifier(&out)
        || ivl::kernel::is_builtin_constant(&out)
        || ivl::kernel::is_builtin_procedure(&out)
        || ivl::kernel::is_builtin_function(&out)
    {
        out.insert(0, '$');
    }
    out
}

/// The unqualified base name of a (possibly Itanium-mangled) function:
/// `_Z10atomic_addPU3AS1Vii` -> `atomic_add`, `_ZL9atomicAddPii` ->
/// `atomicAdd`; an unmangled name is returned unchanged.
pub fn base_name(llvm_name: &str) -> &str {
    mangled_parts(llvm_name).map_or(llvm_name, |(name, _)| name)
}

/// The base name and the mangled parameter list of `_Z[L]<len><name><params>`.
fn mangled_parts(llvm_name: &str) -> Option<(&str, &str)> {
    let rest = llvm_name.strip_prefix("_Z")?;
    let rest = rest.strip_prefix('L').unwrap_or(rest);
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let len: usize = rest[..digits].parse().ok()?;
    let name = rest.get(digits..digits + len)?;
    Some((name, &rest[digits + len..]))
}

/// Whether the first parameter of a mangled function is (a pointer to, or
/// a vector of) a signed integer type; `None` if it cannot be told.
pub fn first_param_signed(llvm_name: &str) -> Option<bool> {
    let (_, mut params) = mangled_parts(llvm_name)?;
    loop {
        if let Some(rest) = params
            .strip_prefix('P')
            .or_else(|| params.strip_prefix('K'))
            .or_else(|| params.strip_prefix('V'))
        {
            params = rest;
        } else if let Some(rest) = params.strip_prefix("U3AS") {
            params = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        } else if let Some(rest) = params.strip_prefix("Dv") {
            // Dv4_i: a vector of four ints.
            params = rest.split_once('_')?.1;
        } else {
            break;
        }
    }
    match params.chars().next()? {
        'a' | 's' | 'i' | 'l' | 'x' | 'c' => Some(true),
        'h' | 't' | 'j' | 'm' | 'y' => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_builtin_names() {
        assert_eq!(base_name("_Z10atomic_addPU3AS1Vii"), "atomic_add");
        assert_eq!(base_name("_ZL9atomicAddPii"), "atomicAdd");
        assert_eq!(base_name("get_local_id"), "get_local_id");
        assert_eq!(first_param_signed("_Z3minii"), Some(true));
        assert_eq!(first_param_signed("_Z3minjj"), Some(false));
        assert_eq!(first_param_signed("_Z10atomic_minPU3AS3Vjj"), Some(false));
        assert_eq!(first_param_signed("_Z3maxDv4_iS_"), Some(true));
        assert_eq!(first_param_signed("_Z4sqrtf"), None);
    }

    #[test]
    fn sanitizes_identifiers() {
        assert_eq!(local_ident(&Name::Number(3)), "$3");
        assert_eq!(sanitize("arrayidx"), "arrayidx");
        assert_eq!(sanitize("local_id_x"), "$local_id_x");
        assert_eq!(sanitize("bv32"), "$bv32");
        assert_eq!(sanitize("if"), "$if");
        assert_eq!(sanitize("a-b"), "a_b");
    }
}
