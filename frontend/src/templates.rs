//! CUDA template kernels the file never instantiates: clang emits no code
//! for them, so they would silently be missing from the results.
//!
//! Consumes: the CUDA source text and the source names of the kernels
//! that were lowered (`k<float>`). Produces: the names of `template <...>
//! __global__` kernels with no lowered instantiation. A textual scan
//! (comments and strings are skipped): it only decides whether to tell the
//! user how to instantiate a kernel, never what gets verified.

/// Names of template kernels declared in `source` with no instantiation
/// among `lowered` (source names, `name<args>` for instantiations).
pub fn uninstantiated_template_kernels(source: &str, lowered: &[String]) -> Vec<String> {
    let code = strip_comments(source);
    let mut names = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("template") {
        let after = &rest[at + "template".len()..];
        rest = after;
        let Some(open) = after.trim_start().strip_prefix('<') else {
            continue;
        };
        // Skip the template parameter list (nested <>).
        let mut depth = 1usize;
        let mut end = None;
        for (i, c) in open.char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            break;
        };
        // The declaration up to its parameter list.
        let decl = &open[end..];
        let Some(paren) = decl.find(['(', ';', '{']) else {
            continue;
        };
        let head = &decl[..paren];
        if !head.contains("__global__") || !decl[paren..].starts_with('(') {
            continue;
        }
        let Some(name) = head
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .rfind(|w| !w.is_empty())
        else {
            continue;
        };
        let instantiated = lowered
            .iter()
            .any(|l| l.split('<').next().map(str::trim) == Some(name));
        if !instantiated && !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    names
}

/// `source` with comments and string literals blanked out.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
                out.push(' ');
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uninstantiated_template_kernels as find;

    #[test]
    fn finds_template_kernels_without_instantiation() {
        let src = "template <typename T, int N = 4>\n__global__ void scale(T *a) {}\n\
                   template <class T> __device__ T twice(T x) { return x; }\n\
                   // template <class T> __global__ void commented(T *a) {}\n\
                   template <class T> __global__ void used(T *a) {}\n";
        assert_eq!(
            find(src, &["used<float>".into()]),
            vec!["scale".to_string()]
        );
        assert!(find(src, &["used<int>".into(), "scale<float, 4>".into()]).is_empty());
    }
}
