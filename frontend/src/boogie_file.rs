//! `--boogie-file=X.bpl` (GPUVerify's extra declarations and axioms): the
//! Boogie subset users write — `const`, `function` and `axiom`
//! declarations — read into IVL declarations and added to every kernel's
//! program.
//!
//! Consumes: the file's text. Boogie's `function f(x: T) returns (r: R);`
//! (and `returns (R)`) is read as the IVL's `function f(x: T): R;`; `const
//! unique` is refused (distinctness is not modelled). Any other declaration
//! (`var`, `procedure`, `implementation`, `type`) is a located error
//! naming its line and column, as are parse and type errors.
//!
//! Guarantees (merging, [`merge`]): a Boogie function named like an
//! uninterpreted function the kernel declares with `DECLARE_UF_*` (IVL name
//! `uf$NAME`) *is* that function — the axioms then constrain it; the
//! signatures must agree. A name the kernel already declares otherwise is an
//! error. The merged program type-checks (else an error naming the file):
//! an axiom may mention only the file's own declarations and the kernel's
//! uninterpreted functions. Axioms are assumptions: the report lists the
//! file among the assumptions of a proof (the CLI does).

use crate::error::FrontendError;
use ivl::ast::{Decl, Expr, ExprKind, Program};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The declarations of one `--boogie-file`.
#[derive(Clone, Debug)]
pub struct BoogieFile {
    pub path: PathBuf,
    pub decls: Vec<Decl>,
}

fn malformed(path: &Path, message: String, details: Vec<String>) -> FrontendError {
    FrontendError::Malformed {
        path: path.to_path_buf(),
        message,
        details,
    }
}

/// Rewrites Boogie's `returns (name: T)` / `returns (T)` of function
/// declarations to the IVL's `: T`, keeping every other byte (and so every
/// line and column) in place.
fn normalise_returns(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = find_word(rest, "returns") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "returns".len()..];
        let open = after.len() - after.trim_start().len();
        if !after[open..].starts_with('(') {
            out.push_str("returns");
            rest = after;
            continue;
        }
        let Some(close) = after[open..].find(')') else {
            out.push_str("returns");
            rest = after;
            continue;
        };
        let inside = &after[open + 1..open + close];
        let ty = inside.rsplit(':').next().unwrap_or(inside).trim();
        // Same length: `: T` then spaces (newlines kept).
        let replaced_len = "returns".len() + open + close + 1;
        let mut piece = format!(": {ty}");
        let original = &rest[at..at + replaced_len];
        for ch in original.chars().skip(piece.chars().count()) {
            piece.push(if ch == '\n' { '\n' } else { ' ' });
        }
        out.push_str(&piece);
        rest = &rest[at + replaced_len..];
    }
    out.push_str(rest);
    out
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !ident(before) && !ident(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The first word of each top-level declaration the IVL does not take,
/// with its byte offset (`procedure`, `implementation`, `type`, `var`,
/// `const unique`).
fn refused_keyword(text: &str) -> Option<(usize, &'static str)> {
    const REFUSED: [&str; 5] = ["procedure", "implementation", "type", "var", "unique"];
    let mut depth = 0i32;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split("//").next().unwrap_or("");
        for word in REFUSED {
            if depth == 0 || word == "unique" {
                if let Some(k) = find_word(code, word) {
                    return Some((offset + k, word));
                }
            }
        }
        depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
        offset += line.len();
    }
    None
}

/// Reads one `--boogie-file`.
pub fn read(path: &Path) -> Result<BoogieFile, FrontendError> {
    let text = std::fs::read_to_string(path).map_err(|source| FrontendError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let file = ivl::SourceFile::new(path.display().to_string(), text.clone());
    if let Some((offset, word)) = refused_keyword(&text) {
        let (line, col) = file.line_col(offset as u32);
        let what = if word == "unique" {
            "`const unique` (distinct constants are not modelled: state `c1 != c2` as an axiom)"
                .to_string()
        } else {
            format!("a `{word}` declaration")
        };
        return Err(malformed(
            path,
            format!(
                "{}:{line}:{col}: --boogie-file takes `const`, `function` and `axiom` \
                 declarations only, not {what}",
                path.display()
            ),
            Vec::new(),
        ));
    }
    let normalised = ivl::SourceFile::new(path.display().to_string(), normalise_returns(&text));
    let program = ivl::parse(&normalised).map_err(|diags| {
        malformed(
            path,
            "the Boogie file does not parse (only `const`, `function` and `axiom` \
             declarations are read)"
                .into(),
            diags
                .iter()
                .map(|d| format!("{}: {}", normalised.location(d.span), d.message))
                .collect(),
        )
    })?;
    for decl in &program.decls {
        if matches!(decl, Decl::Var(_) | Decl::Procedure(_)) {
            return Err(malformed(
                path,
                format!(
                    "{}: --boogie-file takes `const`, `function` and `axiom` declarations only",
                    normalised.location(decl.span())
                ),
                Vec::new(),
            ));
        }
    }
    let mut decls = program.decls;
    for decl in &mut decls {
        if let Decl::Function(f) = decl {
            define_bvbuiltin(f).map_err(|message| {
                malformed(
                    path,
                    format!("{}: {message}", normalised.location(f.span)),
                    Vec::new(),
                )
            })?;
        }
    }
    Ok(BoogieFile {
        path: path.to_path_buf(),
        decls,
    })
}

/// `function {:bvbuiltin "bvadd"} BV32_ADD(bv32, bv32): bv32;` gets the
/// body `bvadd(a, b)` (binary SMT-LIB bit-vector operations only).
fn define_bvbuiltin(f: &mut ivl::ast::Function) -> Result<(), String> {
    use ivl::ast::BinaryOp as B;
    let Some(attr) = ivl::ast::find_attr(&f.attrs, "bvbuiltin") else {
        return Ok(());
    };
    let Some(ivl::ast::AttrArg::Str(name)) = attr.args.first() else {
        return Err("`{:bvbuiltin}` without an operation name".into());
    };
    let op = match name.as_str() {
        "bvadd" => B::Add,
        "bvsub" => B::Sub,
        "bvmul" => B::Mul,
        "bvand" => B::BvAnd,
        "bvor" => B::BvOr,
        "bvxor" => B::BvXor,
        "bvshl" => B::Shl,
        "concat" => B::Concat,
        other => *B::ALL
            .iter()
            .find(|op| op.builtin_name() == Some(other))
            .ok_or_else(|| {
                format!(
                    "`{{:bvbuiltin \"{other}\"}}` is not a binary bit-vector operation \
                     this verifier knows"
                )
            })?,
    };
    if f.params.len() != 2 || f.body.is_some() {
        return Err(format!(
            "`{{:bvbuiltin \"{name}\"}}` on a function without exactly two parameters"
        ));
    }
    let names = ["arg$0", "arg$1"];
    for (p, n) in f.params.iter_mut().zip(names) {
        if p.name.is_none() {
            p.name = Some(ivl::ast::Ident::synthetic(n));
        }
    }
    let arg = |k: usize| Expr::var(f.params[k].name.as_ref().map_or(names[k], |n| &n.name));
    f.body = Some(Expr::binary(op, arg(0), arg(1)));
    f.attrs.retain(|a| a.name != "bvbuiltin");
    Ok(())
}

fn decl_name(decl: &Decl) -> Option<&str> {
    match decl {
        Decl::Const(v) | Decl::Var(v) => Some(&v.name.name),
        Decl::Function(f) => Some(&f.name.name),
        Decl::Procedure(p) => Some(&p.name.name),
        Decl::Axiom(_) => None,
    }
}

/// Adds the declarations of `files` to `program` (see the module doc).
pub fn merge(program: &mut Program, files: &[BoogieFile]) -> Result<(), FrontendError> {
    for file in files {
        let existing: HashMap<String, Decl> = program
            .decls
            .iter()
            .filter_map(|d| decl_name(d).map(|n| (n.to_string(), d.clone())))
            .collect();
        let mut renames: HashMap<String, String> = HashMap::new();
        let mut added = Vec::new();
        for decl in &file.decls {
            let Some(name) = decl_name(decl) else {
                added.push(decl.clone());
                continue;
            };
            let uf = format!("uf${name}");
            if let (Decl::Function(ours), Some(Decl::Function(theirs))) = (decl, existing.get(&uf))
            {
                let sig = |f: &ivl::ast::Function| {
                    (
                        f.params.iter().map(|p| p.ty.clone()).collect::<Vec<_>>(),
                        f.ret.clone(),
                    )
                };
                if sig(ours) != sig(theirs) || ours.body.is_some() {
                    return Err(malformed(
                        &file.path,
                        format!(
                            "the Boogie function `{name}` does not have the signature of the \
                             kernel's uninterpreted function `{name}` (or has a body)"
                        ),
                        Vec::new(),
                    ));
                }
                renames.insert(name.to_string(), uf);
                continue;
            }
            if existing.contains_key(name) {
                return Err(malformed(
                    &file.path,
                    format!("the Boogie file declares `{name}`, which the kernel already declares"),
                    Vec::new(),
                ));
            }
            added.push(decl.clone());
        }
        for decl in &mut added {
            rename_calls(decl, &renames);
        }
        program.decls.splice(0..0, added);
    }
    let errors = ivl::check(program);
    if let Some(first) = errors.first() {
        let names: HashSet<String> = files.iter().map(|f| f.path.display().to_string()).collect();
        let mut names: Vec<String> = names.into_iter().collect();
        names.sort();
        return Err(FrontendError::Malformed {
            path: files[0].path.clone(),
            message: format!(
                "with the declarations of {} the program does not type-check: {} (an axiom may \
                 mention only the file's declarations and the kernel's DECLARE_UF functions)",
                names.join(", "),
                first.message
            ),
            details: errors.iter().skip(1).map(|d| d.message.clone()).collect(),
        });
    }
    Ok(())
}

fn rename_calls(decl: &mut Decl, renames: &HashMap<String, String>) {
    if renames.is_empty() {
        return;
    }
    match decl {
        Decl::Axiom(a) => a.expr = rename_expr(&a.expr, renames),
        Decl::Function(f) => {
            if let Some(body) = &mut f.body {
                *body = rename_expr(body, renames);
            }
        }
        _ => {}
    }
}

fn rename_expr(e: &Expr, renames: &HashMap<String, String>) -> Expr {
    let mut out = ivl::visit::map_children(e, &mut |sub| rename_expr(sub, renames));
    if let ExprKind::Apply(func, _) = &mut out.kind {
        if let Some(new) = renames.get(func.as_str()) {
            *func = new.clone();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_clause_keeps_columns() {
        let text = "function f(x: bv32) returns (r: bv32);\naxiom f(0bv32) == 0bv32;";
        let out = normalise_returns(text);
        assert_eq!(out.len(), text.len());
        assert!(out.starts_with("function f(x: bv32) : bv32"), "{out}");
        assert_eq!(out.lines().nth(1), text.lines().nth(1));
    }

    #[test]
    fn procedures_are_refused_with_their_line() {
        let text = "const N: bv32;\nprocedure p();\n";
        assert_eq!(refused_keyword(text), Some((15, "procedure")));
        assert_eq!(
            refused_keyword("const unique A: bv32;"),
            Some((6, "unique"))
        );
        assert_eq!(refused_keyword("axiom N == 1bv32; // a procedure"), None);
    }
}
