//! Where code inlined from the force-included headers was called from.
//!
//! A CUDA device-library function of our headers (`__syncwarp`, an atomic,
//! a cooperative-groups `sync()`) is `__forceinline__`: after inlining, its
//! instructions carry a location inside the header, with the call site only
//! in the `inlinedAt` field of the `DILocation`, which the `llvm-ir` crate
//! drops. This module reads it from the IR text.
//!
//! Consumes: the metadata nodes of the text opt-14 printed. Guarantees:
//! for each header location `(file, line, column)` inlined somewhere, the
//! sorted call sites outside the headers it was inlined at (following
//! nested inlining through other header functions). Never fails: what it
//! cannot parse is absent.

use std::collections::HashMap;

/// A source position: file name (as in the `DIFile`), line, column.
pub type Position = (String, u32, u32);

/// Header position -> the user-code positions it was inlined at, sorted.
pub type InlineSites = HashMap<Position, Vec<Position>>;

/// Whether a file name (or directory) is one of the headers whose code
/// reports locate at the caller: ours and clang's own.
pub fn is_header(filename: &str, directory: &str) -> bool {
    filename.contains("gpuverify-include-")
        || filename.contains("/lib/clang/")
        || directory.contains("gpuverify-include-")
}

/// The inline sites of the module, from its metadata nodes (`!N` -> body).
pub fn scan(nodes: &HashMap<&str, &str>) -> InlineSites {
    let mut out: InlineSites = HashMap::new();
    for body in nodes.values() {
        let Some(here) = location(nodes, body) else {
            continue;
        };
        if !here.1 || ref_field(body, "inlinedAt").is_none() {
            continue;
        }
        // Follow the chain to the first position outside the headers.
        let mut at = ref_field(body, "inlinedAt");
        let mut hops = 0;
        let site = loop {
            let Some(id) = at else { break None };
            let Some(b) = nodes.get(id) else { break None };
            let Some(pos) = location(nodes, b) else {
                break None;
            };
            if !pos.1 {
                break Some(pos.0);
            }
            hops += 1;
            if hops > 64 {
                break None;
            }
            at = ref_field(b, "inlinedAt");
        };
        if let Some(site) = site {
            let sites = out.entry(here.0).or_default();
            if !sites.contains(&site) {
                sites.push(site);
            }
        }
    }
    for sites in out.values_mut() {
        sites.sort();
    }
    out
}

/// The position of a `DILocation` body and whether it is in a header.
fn location(nodes: &HashMap<&str, &str>, body: &str) -> Option<(Position, bool)> {
    let body = body.strip_prefix("distinct ").unwrap_or(body);
    if !body.starts_with("!DILocation(") {
        return None;
    }
    let line = int_field(body, "line")?;
    let col = int_field(body, "column").unwrap_or(0);
    let mut scope = ref_field(body, "scope")?;
    // The scope (subprogram, lexical block) names the file.
    let mut file = None;
    for _ in 0..64 {
        let b = nodes.get(scope)?;
        if let Some(f) = ref_field(b, "file") {
            file = Some(f);
            break;
        }
        scope = ref_field(b, "scope")?;
    }
    let file = nodes.get(file?)?;
    let name = str_field(file, "filename")?;
    let dir = str_field(file, "directory").unwrap_or_default();
    let header = is_header(&name, &dir);
    Some(((name, line, col), header))
}

fn raw_field<'b>(body: &'b str, name: &str) -> Option<&'b str> {
    let pattern = format!("({name}: ");
    let alt = format!(" {name}: ");
    let start = body
        .find(&pattern)
        .map(|i| i + pattern.len())
        .or_else(|| body.find(&alt).map(|i| i + alt.len()))?;
    Some(&body[start..])
}

fn int_field(body: &str, name: &str) -> Option<u32> {
    raw_field(body, name)?
        .split([',', ')'])
        .next()?
        .trim()
        .parse()
        .ok()
}

fn ref_field<'b>(body: &'b str, name: &str) -> Option<&'b str> {
    let v = raw_field(body, name)?.split([',', ')']).next()?.trim();
    v.starts_with('!').then_some(v)
}

fn str_field(body: &str, name: &str) -> Option<String> {
    let v = raw_field(body, name)?.strip_prefix('"')?;
    v.split('"').next().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_call_maps_to_its_user_call_site() {
        let text = [
            ("!1", "!DIFile(filename: \"k.cu\", directory: \"/w\")"),
            (
                "!2",
                "!DIFile(filename: \"gpuverify-include-00/gpuverify_cuda.h\", directory: \"/tmp\")",
            ),
            (
                "!3",
                "distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1)",
            ),
            (
                "!4",
                "distinct !DISubprogram(name: \"__syncwarp\", scope: !2, file: !2, line: 112)",
            ),
            ("!5", "distinct !DILocation(line: 4, column: 5, scope: !3)"),
            (
                "!6",
                "!DILocation(line: 113, column: 3, scope: !4, inlinedAt: !5)",
            ),
            ("!7", "distinct !DILocation(line: 9, column: 5, scope: !3)"),
            (
                "!8",
                "!DILocation(line: 113, column: 3, scope: !4, inlinedAt: !7)",
            ),
        ];
        let nodes: HashMap<&str, &str> = text.into_iter().collect();
        let sites = scan(&nodes);
        let key = ("gpuverify-include-00/gpuverify_cuda.h".to_string(), 113, 3);
        assert_eq!(
            sites.get(&key),
            Some(&vec![
                ("k.cu".to_string(), 4, 5),
                ("k.cu".to_string(), 9, 5)
            ])
        );
        assert_eq!(sites.len(), 1);
    }
}
