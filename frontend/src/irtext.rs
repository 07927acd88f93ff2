//! Metadata read from textual LLVM IR, for what the `llvm-ir` crate does
//! not expose: which functions are CUDA kernels (`!nvvm.annotations`), the
//! memory attributes of declared functions (`readnone`/`readonly`, from
//! `__attribute__((const))`/`pure`), and the source names of functions and global variables (debug info), which
//! differ from their LLVM names when C++ mangles them or a `__local`
//! variable is declared inside a kernel (`@k.tile`).
//!
//! Consumes: the text opt-14 printed. Guarantees: never fails; a name it
//! cannot find is simply absent (the lowering then uses the LLVM name).

use std::collections::{HashMap, HashSet};

#[derive(Debug, Default)]
pub struct IrMetadata {
    /// LLVM names of functions marked `!"kernel"` in `!nvvm.annotations`.
    pub nvvm_kernels: HashSet<String>,
    /// LLVM function name -> source name (from `DISubprogram`).
    pub function_names: HashMap<String, String>,
    /// LLVM global name -> source name (from `DIGlobalVariable`).
    pub global_names: HashMap<String, String>,
    /// Every inline assembly call of the module is an empty statement with
    /// at most a memory clobber (`asm volatile("" ::: "memory")`, a compiler
    /// fence); the `llvm-ir` crate does not give the assembly text.
    pub inline_asm_all_empty: bool,
    /// Declared (not defined) functions and what they may do to memory.
    pub declared_memory: HashMap<String, DeclaredMemory>,
    /// Call sites of code inlined from the force-included headers.
    pub inline_sites: crate::inline_sites::InlineSites,
    /// Functions whose address is taken: named other than as a direct
    /// callee (an over-approximation read from the text).
    pub address_taken: HashSet<String>,
}

/// What a declared function's attributes allow it to do to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaredMemory {
    /// `readnone` (`__attribute__((const))`): no memory access at all.
    None,
    /// `readonly` (`__attribute__((pure))`): reads only.
    ReadOnly,
    /// No attribute: may read and write.
    ReadWrite,
}

impl IrMetadata {
    pub fn scan(text: &str) -> IrMetadata {
        let mut nodes: HashMap<&str, &str> = HashMap::new();
        let mut function_dbg: Vec<(String, &str)> = Vec::new();
        let mut global_dbg: Vec<(String, &str)> = Vec::new();
        let mut annotation_ids: Vec<&str> = Vec::new();
        let mut declared: Vec<(String, Vec<&str>)> = Vec::new();
        let mut attribute_groups: HashMap<&str, &str> = HashMap::new();
        let mut nonempty_asm = false;
        let mut address_taken = HashSet::new();
        for line in text.lines() {
            // Metadata (`!nvvm.annotations` naming every CUDA kernel, debug
            // info) holds no run-time value: naming a function there does
            // not take its address (else a kernel whose type matches an
            // indirect call became its target, a false recursion).
            if !line.starts_with("define ")
                && !line.starts_with("declare ")
                && !line.starts_with('!')
            {
                address_taken.extend(referenced_not_called(line));
            }
            if let Some(at) = line.find(" asm ") {
                let asm = &line[at + " asm ".len()..];
                let asm = asm.strip_prefix("sideeffect ").unwrap_or(asm);
                let asm = asm.strip_prefix("alignstack ").unwrap_or(asm);
                nonempty_asm |=
                    !(asm.starts_with("\"\", \"~{memory}\"()") || asm.starts_with("\"\", \"\"()"));
            }
            if line.starts_with("declare ") {
                if let Some(name) = global_ident(line) {
                    // `declare ... @f(...) #3 #5`: attribute groups after the
                    // parameter list (and any inline attributes).
                    let tail = line.rsplit(')').next().unwrap_or("");
                    declared.push((name, tail.split_whitespace().collect()));
                }
                continue;
            }
            if let Some(rest) = line.strip_prefix("attributes ") {
                if let Some((id, body)) = rest.split_once(" = ") {
                    attribute_groups.insert(id, body);
                }
                continue;
            }
            if let Some(rest) = line.strip_prefix("!nvvm.annotations = !{") {
                annotation_ids = rest.trim_end_matches('}').split(", ").collect();
            } else if line.starts_with('!') {
                if let Some((id, body)) = line.split_once(" = ") {
                    nodes.insert(id, body);
                }
            } else if line.starts_with("define ") {
                if let (Some(name), Some(dbg)) = (global_ident(line), trailing_dbg(line)) {
                    function_dbg.push((name, dbg));
                }
            } else if line.starts_with('@') {
                if let (Some(name), Some(dbg)) = (global_ident(line), trailing_dbg(line)) {
                    global_dbg.push((name, dbg));
                }
            }
        }
        let mut meta = IrMetadata {
            inline_asm_all_empty: !nonempty_asm,
            inline_sites: crate::inline_sites::scan(&nodes),
            address_taken,
            ..IrMetadata::default()
        };
        for (name, words) in declared {
            let has = |attr: &str| {
                words.iter().any(|w| {
                    *w == attr
                        || attribute_groups
                            .get(w)
                            .is_some_and(|g| g.split_whitespace().any(|a| a == attr))
                })
            };
            let memory = if has("readnone") {
                DeclaredMemory::None
            } else if has("readonly") {
                DeclaredMemory::ReadOnly
            } else {
                DeclaredMemory::ReadWrite
            };
            meta.declared_memory.insert(name, memory);
        }
        for id in annotation_ids {
            let Some(body) = nodes.get(id.trim()) else {
                continue;
            };
            if body.contains("!\"kernel\", i32 1") {
                if let Some(name) = global_ident(body) {
                    meta.nvvm_kernels.insert(name);
                }
            }
        }
        for (name, dbg) in function_dbg {
            if let Some(source) = nodes.get(dbg).and_then(|b| field(b, "name")) {
                meta.function_names.insert(name, source);
            }
        }
        for (name, dbg) in global_dbg {
            // !0 = !DIGlobalVariableExpression(var: !1, ...)
            let var = nodes
                .get(dbg)
                .and_then(|b| b.split("var: ").nth(1))
                .and_then(|r| r.split([',', ')']).next());
            if let Some(source) = var
                .and_then(|v| nodes.get(v))
                .and_then(|b| field(b, "name"))
            {
                meta.global_names.insert(name, source);
            }
        }
        meta
    }
}

/// The first `@name` (or `@"quoted name"`) in `text`.
fn global_ident(text: &str) -> Option<String> {
    let start = text.find('@')? + 1;
    let rest = &text[start..];
    if let Some(quoted) = rest.strip_prefix('"') {
        return quoted.split('"').next().map(str::to_string);
    }
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || "._$-".contains(c)))
        .unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

/// The `@names` a line mentions other than as a direct callee (`@f(`).
fn referenced_not_called(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find('@') {
        let after = &rest[at + 1..];
        let (name, tail) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            (&quoted[..end], quoted.get(end + 1..).unwrap_or(""))
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || "._$-".contains(c)))
                .unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        if !name.is_empty() && !tail.starts_with('(') {
            out.push(name.to_string());
        }
        rest = tail;
    }
    out
}

/// The `!dbg !N` attached to a definition line, as `!N`.
fn trailing_dbg(line: &str) -> Option<&str> {
    let rest = line.split("!dbg ").nth(1)?;
    rest.split([' ', ',', '{']).next()
}

/// The string value of `field: "..."` in a specialised metadata node.
fn field(body: &str, name: &str) -> Option<String> {
    let pattern = format!("({name}: \"");
    let alt = format!(" {name}: \"");
    let start = body
        .find(&pattern)
        .map(|i| i + pattern.len())
        .or_else(|| body.find(&alt).map(|i| i + alt.len()))?;
    body[start..].split('"').next().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::IrMetadata;

    #[test]
    fn reads_kernels_and_source_names() {
        let text = r#"@_ZZ1kPiE4tile = internal addrspace(3) global [64 x i32] undef, align 4, !dbg !0
define dso_local void @_Z1kPi(i32* noundef %A) #0 !dbg !2 {
!nvvm.annotations = !{!7}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 2)
!2 = distinct !DISubprogram(name: "k", linkageName: "_Z1kPi", scope: !3)
!7 = !{void (i32*)* @_Z1kPi, !"kernel", i32 1}
"#;
        let meta = IrMetadata::scan(text);
        assert!(meta.nvvm_kernels.contains("_Z1kPi"));
        assert_eq!(meta.function_names["_Z1kPi"], "k");
        assert_eq!(meta.global_names["_ZZ1kPiE4tile"], "tile");
        assert!(
            !meta.address_taken.contains("_Z1kPi"),
            "a kernel named only by metadata is not address-taken"
        );
    }

    #[test]
    fn reads_memory_attributes_of_declarations() {
        use super::DeclaredMemory;
        let text = r#"declare i32 @pure_f(i32* noundef) #1
declare i32 @const_f(i32 noundef) #2
declare void @plain(i32* noundef) #3
attributes #1 = { convergent nounwind readonly "frame-pointer"="all" }
attributes #2 = { convergent nounwind readnone }
attributes #3 = { convergent nounwind }
"#;
        let meta = IrMetadata::scan(text);
        assert_eq!(meta.declared_memory["pure_f"], DeclaredMemory::ReadOnly);
        assert_eq!(meta.declared_memory["const_f"], DeclaredMemory::None);
        assert_eq!(meta.declared_memory["plain"], DeclaredMemory::ReadWrite);
        assert!(meta.inline_asm_all_empty);
    }

    #[test]
    fn tells_an_empty_asm_fence_from_real_assembly() {
        let fence = "  call void asm sideeffect \"\", \"~{memory}\"() #4, !dbg !73\n";
        assert!(IrMetadata::scan(fence).inline_asm_all_empty);
        let real = "  %1 = call i32 asm sideeffect \"mov.u32 $0, %laneid;\", \"=r\"() #4\n";
        assert!(!IrMetadata::scan(&format!("{fence}{real}")).inline_asm_all_empty);
    }
}
