//! Repairs clang-14's invalid address-space bitcasts before opt reads the IR.
//!
//! For the SPIR targets clang-14 lowers the GNU `__atomic_*` builtins (and
//! `__c11_atomic_*`) to library calls `__atomic_<op>_<N>(i8*, ...)` whose
//! pointer parameter is in the default address space, and casts the
//! argument with `bitcast i8 addrspace(1)* %p to i8*`: a cast between
//! address spaces that LLVM only accepts as `addrspacecast`, so opt-14
//! rejects the module ("invalid cast opcode"). This pass rewrites every
//! `bitcast` (instruction or constant expression) whose source and
//! destination are pointers in different address spaces into
//! `addrspacecast`, which means the same thing: the same address, seen
//! through another address space.
//!
//! Consumes: clang's textual IR. Guarantees: only the opcode of such casts
//! changes; a cast whose types cannot be read is left as it was (opt then
//! reports it as before).

/// `ir` with every cross-address-space pointer `bitcast` an `addrspacecast`.
pub fn repair(ir: &str) -> String {
    if !ir.contains("addrspace(") {
        return ir.to_string();
    }
    let mut out = String::with_capacity(ir.len() + 64);
    for line in ir.lines() {
        if line.contains("bitcast") && line.contains("addrspace(") {
            out.push_str(&repair_line(line));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

fn repair_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    while let Some(at) = rest.find("bitcast ") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let body = &from["bitcast ".len()..];
        let operands = match body.strip_prefix('(') {
            // Constant expression: `bitcast (T v to U)`.
            Some(inner) => &inner[..matching_paren(inner).unwrap_or(inner.len())],
            // Instruction: `bitcast T v to U[, !dbg ...]`.
            None => body,
        };
        if crosses_address_spaces(operands) == Some(true) {
            out.push_str("addrspacecast ");
        } else {
            out.push_str("bitcast ");
        }
        rest = body;
    }
    out.push_str(rest);
    out
}

/// Index of the `)` closing an already-open parenthesis in `s`.
fn matching_paren(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' if depth > 0 => depth -= 1,
            ')' if depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// Index of the bracket closing the one `s` starts with.
fn closing_bracket(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `Some(true)` when `T v to U` casts between pointers of different
/// address spaces; `None` when the types cannot be read.
fn crosses_address_spaces(operands: &str) -> Option<bool> {
    let from = pointer_space(operands)?;
    let to_at = top_level_find(operands, " to ")?;
    let to = pointer_space(operands[to_at + 4..].trim_start())?;
    Some(from != to)
}

/// First occurrence of `pat` outside brackets.
fn top_level_find(s: &str, pat: &str) -> Option<usize> {
    let mut depth = 0i32;
    let bytes = s.as_bytes();
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '<' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => depth += 1,
            '>' if depth > 0 => depth -= 1,
            _ => {}
        }
        if depth == 0 && s[i..].starts_with(pat) {
            return Some(i);
        }
    }
    None
}

/// The address space of the pointer type at the start of `s` (`i8
/// addrspace(1)* ...` -> 1, `i8* ...` -> 0); `None` if `s` does not start
/// with a pointer type this reader knows.
fn pointer_space(s: &str) -> Option<u32> {
    let s = s.trim_start();
    // The base type: a bracketed aggregate/vector or one token.
    let mut rest = match s.chars().next()? {
        '[' | '{' | '<' => &s[closing_bracket(s)? + 1..],
        _ => {
            let end = s.find([' ', '*', ',', ')']).unwrap_or(s.len());
            let token = &s[..end];
            if token.is_empty() || token.contains('(') {
                return None;
            }
            &s[end..]
        }
    };
    let mut space = 0u32;
    let mut last = None;
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("addrspace(") {
            let close = r.find(')')?;
            space = r[..close].parse().ok()?;
            rest = &r[close + 1..];
        } else if let Some(r) = rest.strip_prefix('*') {
            last = Some(space);
            space = 0;
            rest = r;
        } else {
            return last;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_casts_between_spaces_become_addrspacecasts() {
        let l = "  %2 = bitcast i8 addrspace(1)* %arrayidx to i8*, !dbg !32";
        assert_eq!(
            repair_line(l),
            "  %2 = addrspacecast i8 addrspace(1)* %arrayidx to i8*, !dbg !32"
        );
    }

    #[test]
    fn same_space_casts_stay_bitcasts() {
        let l = "  %21 = bitcast i16 addrspace(1)* %20 to i8 addrspace(1)*";
        assert_eq!(repair_line(l), l);
        let l = "  %3 = bitcast i32* %x to i8*";
        assert_eq!(repair_line(l), l);
        let l = "  %3 = bitcast <4 x float> %x to <4 x i32>";
        assert_eq!(repair_line(l), l);
    }

    #[test]
    fn constant_expression_casts_are_repaired_in_place() {
        let l = "  %15 = call i8 @__atomic_fetch_add_1(i8* noundef bitcast (i8 addrspace(3)* \
                 getelementptr inbounds ([16 x i8], [16 x i8] addrspace(3)* @k.lh, i32 0, i32 3) \
                 to i8*), i8 noundef %14, i32 noundef 0)";
        let r = repair_line(l);
        assert!(
            r.contains("addrspacecast (i8 addrspace(3)* getelementptr"),
            "{r}"
        );
        assert!(!r.contains("bitcast"), "{r}");
    }

    #[test]
    fn pointer_to_pointer_uses_the_outer_space() {
        assert_eq!(pointer_space("i8 addrspace(1)* addrspace(3)* %p"), Some(3));
        assert_eq!(pointer_space("i8 addrspace(1)** %p"), Some(0));
        assert_eq!(pointer_space("[4 x i32] addrspace(3)* @a"), Some(3));
        assert_eq!(pointer_space("float %x"), None);
    }
}
