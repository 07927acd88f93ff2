//! Polymorphic classes of the translation unit whose vtable it lacks.
//!
//! A virtual call on an object of global memory (built by the host or by a
//! kernel of another file) is split over the concrete vtables the module
//! defines (`polymorphic::add_module_vtables`). clang emits a class's
//! vtable only where the class is constructed (a class without a key
//! function) or where its key function is defined; a class defined here
//! (a shared header) whose constructor or key function is defined in
//! another file has no vtable in the module, though its inline overrides
//! may be here. An object of that class would then be missing from the
//! split: its overrides' accesses unchecked (a missed race, s10 review:
//! `tests/kernels/cuda/soundness/virtual_class_built_elsewhere_race.cu`).
//!
//! Consumes: the module's named struct types and globals. Guarantees: every
//! named struct type whose layout begins with a vtable pointer (directly or
//! through its first field) and for which no `_ZTV` global *with a
//! definition* of the Itanium-mangled name is found is returned (a name we
//! cannot mangle, a template or a nested class, is returned too:
//! conservative). Deliberately does not: decide whether a class is
//! abstract or ever instantiated (the caller refuses instead).

use llvm_ir::types::NamedStructDef;
use llvm_ir::{Module, Type, TypeRef};

/// Whether `ty` begins with a vtable pointer (`i32 (...)**`), directly or
/// through its first field.
fn starts_with_vptr(module: &Module, ty: &TypeRef, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    match ty.as_ref() {
        Type::StructType { element_types, .. } => element_types
            .first()
            .is_some_and(|t| starts_with_vptr(module, t, depth + 1)),
        Type::NamedStructType { name } => match module.types.named_struct_def(name) {
            Some(NamedStructDef::Defined(t)) => starts_with_vptr(module, t, depth + 1),
            _ => false,
        },
        Type::PointerType { pointee_type, .. } => {
            super::indirect_calls::is_function_pointer(pointee_type)
        }
        _ => false,
    }
}

/// The Itanium-mangled vtable name of the class `name` (`Brush`,
/// `scene::Brush`, `std::bad_alloc`), or `None` when it is not a plain
/// (possibly namespaced) identifier.
fn vtable_name(name: &str) -> Option<String> {
    let parts: Vec<&str> = name.split("::").collect();
    let plain = |p: &str| {
        !p.is_empty()
            && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !p.starts_with(|c: char| c.is_ascii_digit())
    };
    if !parts.iter().all(|p| plain(p)) {
        return None;
    }
    let encoded = |ps: &[&str]| {
        ps.iter()
            .map(|p| format!("{}{p}", p.len()))
            .collect::<String>()
    };
    Some(match parts.as_slice() {
        [one] => format!("_ZTV{}{one}", one.len()),
        ["std", one] => format!("_ZTVSt{}{one}", one.len()),
        ["std", rest @ ..] => format!("_ZTVNSt{}E", encoded(rest)),
        many => format!("_ZTVN{}E", encoded(many)),
    })
}

/// The class a vtable's mangled name (`_ZTV3Pen`, `_ZTVN5scene3PenE`)
/// belongs to, or the mangled name itself when it is not of those forms.
pub fn class_of_vtable(mangled: &str) -> String {
    let m = mangled.trim_start_matches('@');
    let Some(rest) = m.strip_prefix("_ZTV") else {
        return m.to_string();
    };
    let (nested, mut rest) = match rest.strip_prefix('N').and_then(|r| r.strip_suffix('E')) {
        Some(inner) => (true, inner),
        None => (false, rest),
    };
    let mut parts: Vec<&str> = Vec::new();
    if let Some(r) = rest.strip_prefix("St") {
        parts.push("std");
        rest = r;
    }
    while !rest.is_empty() {
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        let Ok(len) = rest[..digits].parse::<usize>() else {
            return m.to_string();
        };
        if digits == 0 || rest.len() < digits + len {
            return m.to_string();
        }
        parts.push(&rest[digits..digits + len]);
        rest = &rest[digits + len..];
        if !nested && parts.len() > 1 + usize::from(parts[0] == "std") {
            return m.to_string();
        }
    }
    if parts.is_empty() {
        return m.to_string();
    }
    parts.join("::")
}

/// The class name of an LLVM struct type name (`struct.Brush`,
/// `class.scene::Brush`, `"struct.Brush.0"`), `None` for other types and
/// base-subobject layouts (`struct.Brush.base`).
fn class_name(type_name: &str) -> Option<&str> {
    let n = type_name.trim_matches('"');
    let n = n
        .strip_prefix("struct.")
        .or_else(|| n.strip_prefix("class."))?;
    if n.ends_with(".base") {
        return None;
    }
    // A renamed duplicate (`Brush.0`).
    Some(match n.rsplit_once('.') {
        Some((head, tail)) if !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) => head,
        _ => n,
    })
}

/// The source names of the polymorphic classes without a defined vtable in
/// `module`, sorted and deduplicated.
pub fn classes_without_vtable(module: &Module) -> Vec<String> {
    let defined: std::collections::HashSet<&str> = module
        .global_vars
        .iter()
        .filter(|g| g.initializer.is_some())
        .filter_map(|g| match &g.name {
            llvm_ir::Name::Name(n) => Some(n.as_str()),
            _ => None,
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for type_name in module.types.all_struct_names() {
        let Some(class) = class_name(type_name) else {
            continue;
        };
        let Some(NamedStructDef::Defined(t)) = module.types.named_struct_def(type_name) else {
            continue;
        };
        if !starts_with_vptr(module, t, 0) {
            continue;
        }
        let covered = vtable_name(class).is_some_and(|v| defined.contains(v.as_str()));
        if !covered && !out.iter().any(|c| c == class) {
            out.push(class.to_string());
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::{class_name, class_of_vtable, vtable_name};

    #[test]
    fn vtable_names_give_back_their_class() {
        for c in ["Brush", "scene::Brush", "std::bad_alloc"] {
            assert_eq!(class_of_vtable(&vtable_name(c).unwrap()), c);
        }
        assert_eq!(class_of_vtable("_ZTVN3BoxIiEE"), "_ZTVN3BoxIiEE");
    }

    #[test]
    fn vtable_names_are_itanium_mangled() {
        assert_eq!(vtable_name("Brush").as_deref(), Some("_ZTV5Brush"));
        assert_eq!(
            vtable_name("scene::Brush").as_deref(),
            Some("_ZTVN5scene5BrushE")
        );
        assert_eq!(
            vtable_name("std::bad_alloc").as_deref(),
            Some("_ZTVSt9bad_alloc")
        );
        assert_eq!(vtable_name("Box<int>"), None);
    }

    #[test]
    fn class_names_skip_base_layouts_and_strip_renames() {
        assert_eq!(class_name("struct.Brush"), Some("Brush"));
        assert_eq!(class_name("class.scene::Brush"), Some("scene::Brush"));
        assert_eq!(class_name("struct.Brush.0"), Some("Brush"));
        assert_eq!(class_name("struct.Brush.base"), None);
        assert_eq!(class_name("union.U"), None);
    }
}
