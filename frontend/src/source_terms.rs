//! LLVM spellings in an unsupported-construct message, rewritten in the
//! terms of the kernel's source language: every backquoted LLVM type
//! (`<16 x float>`, `%struct.pixel*`, `[4 x i32]`, `i64`) becomes its C
//! name (`float16`, `struct pixel *`, `int[4]`, `long`), and a quoted LLVM
//! instruction becomes the operation it stands for (`ptrtoint` is a
//! pointer-to-integer cast).
//!
//! Consumes: the construct text of `FrontendError::Unsupported`.
//! Guarantees: text that does not parse as an LLVM type is left as it is;
//! address-space qualifiers are dropped (their numbering differs between
//! OpenCL and CUDA targets).

/// The construct text with its LLVM types and instructions renamed.
pub fn in_source_terms(construct: &str) -> String {
    if let Some(inst) = construct
        .strip_prefix("the instruction `")
        .and_then(|r| r.strip_suffix('`'))
    {
        if let Some(op) = instruction_name(inst) {
            return op.to_string();
        }
    }
    let mut out = String::new();
    let mut parts = construct.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    // Odd positions are inside backquotes (when the quotes balance).
    for (i, part) in rest.iter().enumerate() {
        out.push('`');
        if i % 2 == 0 && i + 1 < rest.len() {
            let before = if i == 0 {
                construct.split('`').next().unwrap_or("")
            } else {
                rest[i - 1]
            };
            out.push_str(&quoted(part, before));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// One backquoted piece: an LLVM type, or anything else (kept). A bare
/// word (`i8`, `float`) is taken as a type only after "type", "on",
/// "returning" or "of": elsewhere it may be a variable's name.
fn quoted(text: &str, before: &str) -> String {
    let bare = !text.contains(|c: char| "<[{%*".contains(c));
    let after_type_word = ["type ", "on ", "returning ", "of ", "a "]
        .iter()
        .any(|w| before.ends_with(w));
    if bare && !after_type_word {
        return text.to_string();
    }
    match parse_type(text.trim()) {
        Some((ty, "")) => ty,
        _ => text.to_string(),
    }
}

/// `%x = ptrtoint i8* %p to i32` and the like: what the operation is.
fn instruction_name(text: &str) -> Option<&'static str> {
    let body = text.split_once(" = ").map_or(text, |(_, b)| b).trim_start();
    let opcode = body.split_whitespace().next()?;
    Some(match opcode {
        "ptrtoint" => "a cast of a pointer to an integer",
        "inttoptr" => "a cast of an integer to a pointer",
        "va_arg" => "a variadic argument (va_arg)",
        "landingpad" | "invoke" | "resume" => "exception handling",
        "indirectbr" => "a computed goto",
        _ => return None,
    })
}

/// Parses one LLVM type at the start of `s`; returns its source name and
/// the rest of the text.
fn parse_type(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let (mut name, mut rest) = if let Some(r) = s.strip_prefix('<') {
        if let Some(r) = r.strip_prefix('{') {
            let (fields, r) = parse_fields(r, '}')?;
            (
                format!("struct {{ {} }}", fields.join("; ")),
                r.strip_prefix('>')?,
            )
        } else {
            let (n, elem, r) = parse_sequence(r, '>')?;
            let scalar = matches!(
                elem.as_str(),
                "bool" | "char" | "short" | "int" | "long" | "half" | "float" | "double"
            );
            let name = if scalar {
                format!("{elem}{n}")
            } else {
                format!("vector of {n} {elem}")
            };
            (name, r)
        }
    } else if let Some(r) = s.strip_prefix('[') {
        let (n, elem, r) = parse_sequence(r, ']')?;
        (format!("{elem}[{n}]"), r)
    } else if let Some(r) = s.strip_prefix('{') {
        let (fields, r) = parse_fields(r, '}')?;
        (format!("struct {{ {} }}", fields.join("; ")), r)
    } else if let Some(r) = s.strip_prefix('%') {
        let (ident, r) = if let Some(q) = r.strip_prefix('"') {
            let end = q.find('"')?;
            (&q[..end], &q[end + 1..])
        } else {
            let end = r
                .find(|c: char| !(c.is_alphanumeric() || "._$-".contains(c)))
                .unwrap_or(r.len());
            (&r[..end], &r[end..])
        };
        (named(ident), r)
    } else {
        let end = s.find(|c: char| !c.is_alphanumeric()).unwrap_or(s.len());
        let (word, r) = (&s[..end], &s[end..]);
        (scalar(word)?, r)
    };
    // Pointer suffixes: ` addrspace(N)*`, `*`.
    loop {
        let r = rest.trim_start();
        if let Some(after) = r.strip_prefix("addrspace(") {
            let close = after.find(')')?;
            rest = &after[close + 1..];
            continue;
        }
        if let Some(after) = r.strip_prefix('*') {
            name.push_str(if name.ends_with('*') { "*" } else { " *" });
            rest = after;
            continue;
        }
        return Some((name, rest));
    }
}

/// `N x T` followed by `close`.
fn parse_sequence(s: &str, close: char) -> Option<(u64, String, &str)> {
    let s = s.trim_start();
    let digits = s.find(|c: char| !c.is_ascii_digit())?;
    let n: u64 = s[..digits].parse().ok()?;
    let r = s[digits..].trim_start().strip_prefix('x')?;
    let (elem, r) = parse_type(r)?;
    let r = r.trim_start().strip_prefix(close)?;
    Some((n, elem, r))
}

/// `T, T, ... }` (the opening brace consumed).
fn parse_fields(s: &str, close: char) -> Option<(Vec<String>, &str)> {
    let mut fields = Vec::new();
    let mut r = s.trim_start();
    if let Some(after) = r.strip_prefix(close) {
        return Some((fields, after));
    }
    loop {
        let (f, after) = parse_type(r)?;
        fields.push(f);
        let after = after.trim_start();
        if let Some(a) = after.strip_prefix(',') {
            r = a;
        } else {
            return Some((fields, after.strip_prefix(close)?));
        }
    }
}

/// `struct.pixel` -> `struct pixel`; `class.std::vector` -> `class std::vector`.
fn named(ident: &str) -> String {
    for (prefix, kind) in [
        ("struct.", "struct"),
        ("union.", "union"),
        ("class.", "class"),
    ] {
        if let Some(name) = ident.strip_prefix(prefix) {
            // clang numbers repeated names: `struct.pixel.0`.
            let name = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
            let name = if name.is_empty() { "(anonymous)" } else { name };
            return format!("{kind} {name}");
        }
    }
    match ident {
        "opencl.image1d_ro_t" | "opencl.image2d_ro_t" | "opencl.image3d_ro_t" => {
            "read_only image".into()
        }
        "opencl.sampler_t" => "sampler_t".into(),
        "opencl.event_t" => "event_t".into(),
        _ => ident.strip_prefix("opencl.").unwrap_or(ident).to_string(),
    }
}

fn scalar(word: &str) -> Option<String> {
    Some(match word {
        "i1" => "bool".into(),
        "i8" => "char".into(),
        "i16" => "short".into(),
        "i32" => "int".into(),
        "i64" => "long".into(),
        "i128" => "__int128".into(),
        "half" | "float" | "double" | "void" => word.into(),
        "bfloat" => "bfloat16".into(),
        "x86_fp80" | "fp128" => "long double".into(),
        "ptr" => "pointer".into(),
        "label" => "label".into(),
        _ => {
            let bits: u32 = word.strip_prefix('i')?.parse().ok()?;
            format!("{bits}-bit integer")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::in_source_terms;

    #[test]
    fn llvm_types_become_c_names() {
        for (llvm, source) in [
            (
                "a value of type `<16 x float>`",
                "a value of type `float16`",
            ),
            ("a value of type `<8 x i64>`", "a value of type `long8`"),
            (
                "a parameter of type `%struct.pixel*`",
                "a parameter of type `struct pixel *`",
            ),
            (
                "a field of type `[4 x i32] addrspace(1)*`",
                "a field of type `int[4] *`",
            ),
            ("`{ i32, float }`", "`struct { int; float }`"),
            ("a phi of type `i37`", "a phi of type `37-bit integer`"),
            ("`%\"class.ns::box\"**`", "`class ns::box **`"),
            ("the function `foo` on `i8`", "the function `foo` on `char`"),
        ] {
            assert_eq!(in_source_terms(llvm), source, "{llvm}");
        }
    }

    #[test]
    fn instructions_become_operations_and_other_text_stays() {
        assert_eq!(
            in_source_terms("the instruction `%0 = ptrtoint i8* %p to i32`"),
            "a cast of a pointer to an integer"
        );
        assert_eq!(
            in_source_terms("`i8` holds both pointers and other data"),
            "`i8` holds both pointers and other data"
        );
        assert_eq!(
            in_source_terms("a `unbalanced quote"),
            "a `unbalanced quote"
        );
        assert_eq!(in_source_terms("`blend` and `x`"), "`blend` and `x`");
    }
}
