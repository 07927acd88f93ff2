//! The encoder's state (the program being built, per-thread copies,
//! ghosts, predicates) and the small builders every part of the explicit
//! encoding shares; [`Encoder::finish`] assembles the explicit program.

use super::*;

/// The ghosts of one race-checked array; a flag vector is empty when the
/// kernel has no access of that kind to the array.
pub(super) struct Ghosts {
    pub(super) watched: String,
    pub(super) read: Vec<String>,
    pub(super) write: Vec<String>,
    pub(super) atomic: Vec<String>,
    pub(super) value: Vec<String>,
}

pub(super) struct Encoder<'a> {
    pub(super) program: &'a Program,
    pub(super) kernel: &'a Procedure,
    pub(super) body: &'a Body,
    pub(super) cfg: &'a Cfg,
    pub(super) arrays: BTreeMap<String, ArrayInfo>,
    pub(super) config: &'a ExplicitConfig,
    pub(super) used: HashSet<String>,
    pub(super) uniform: crate::uniformity::Uniformity,
    pub(super) n: u32,
    /// Per-thread names: (kernel name, thread) → copy.
    pub(super) copies: HashMap<(String, u32), String>,
    pub(super) private_types: BTreeMap<String, Type>,
    pub(super) lids: Vec<String>,
    pub(super) ghosts: BTreeMap<String, Ghosts>,
    /// at[block][thread]
    pub(super) at: Vec<Vec<String>>,
    pub(super) locals: Vec<Variable>,
    pub(super) consts: Vec<Variable>,
    pub(super) blocks: Vec<Block>,
    pub(super) label: String,
    pub(super) stmts: Vec<Stmt>,
}

pub(super) fn bool_ty() -> Type {
    Type::Bool
}

pub(super) fn var(name: &str) -> Expr {
    Expr::var(name)
}

pub(super) fn zero_of(ty: &Type) -> Option<Expr> {
    match ty {
        Type::Bool => Some(Expr::bool(false)),
        Type::Int => Some(Expr::int(0)),
        Type::Bv(w) => Some(Expr::bv(0, *w)),
        Type::Map(..) => None,
    }
}

impl Ghosts {
    pub(super) fn flags(&self, k: usize) -> impl Iterator<Item = &String> {
        [&self.read, &self.write, &self.atomic]
            .into_iter()
            .filter_map(move |v| v.get(k))
    }

    /// Thread `k`'s flag for `kind` as an expression (`false` if not logged).
    pub(super) fn flag(&self, kind: crate::AccessKind, k: usize) -> Option<&String> {
        match kind {
            crate::AccessKind::Read => self.read.get(k),
            crate::AccessKind::Write => self.write.get(k),
            crate::AccessKind::Atomic => self.atomic.get(k),
        }
    }
}

pub(super) fn flag_expr(flag: Option<&String>) -> Expr {
    flag.map(|f| var(f)).unwrap_or_else(|| Expr::bool(false))
}

impl<'a> Encoder<'a> {
    pub(super) fn new(
        program: &'a Program,
        kernel: &'a Procedure,
        body: &'a Body,
        cfg: &'a Cfg,
        arrays: BTreeMap<String, ArrayInfo>,
        config: &'a ExplicitConfig,
        used: HashSet<String>,
    ) -> Encoder<'a> {
        Encoder {
            program,
            kernel,
            body,
            cfg,
            arrays,
            config,
            used,
            uniform: Default::default(),
            n: config.threads,
            copies: HashMap::new(),
            private_types: BTreeMap::new(),
            lids: Vec::new(),
            ghosts: BTreeMap::new(),
            at: Vec::new(),
            locals: Vec::new(),
            consts: Vec::new(),
            blocks: Vec::new(),
            label: String::new(),
            stmts: Vec::new(),
        }
    }

    pub(super) fn fresh(&mut self, base: &str) -> String {
        fresh_name(&mut self.used, base)
    }

    pub(super) fn local(&mut self, base: &str, ty: Type) -> String {
        let name = self.fresh(base);
        self.locals.push(Variable {
            attrs: Vec::new(),
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    pub(super) fn constant(&mut self, base: &str, ty: Type) -> String {
        let name = self.fresh(base);
        self.consts.push(Variable {
            attrs: Vec::new(),
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    pub(super) fn push(&mut self, s: Stmt) {
        self.stmts.push(s);
    }

    pub(super) fn close(&mut self, targets: &[String]) {
        let kind = if targets.is_empty() {
            TransferKind::Return
        } else {
            TransferKind::Goto(targets.iter().map(Ident::synthetic).collect())
        };
        self.blocks.push(Block {
            label: Ident::synthetic(std::mem::take(&mut self.label)),
            attrs: Vec::new(),
            stmts: std::mem::take(&mut self.stmts),
            transfer: Transfer {
                kind,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
    }

    pub(super) fn copy(&self, name: &str, k: u32) -> Option<&String> {
        self.copies.get(&(name.to_string(), k))
    }

    pub(super) fn racy(&self, name: &str) -> bool {
        self.arrays.get(name).is_some_and(ArrayInfo::is_racy_space)
    }
}

impl Encoder<'_> {
    pub(super) fn finish(self) -> ExplicitProgram {
        let mut decls: Vec<Decl> = Vec::new();
        let memory: Vec<String> = self
            .arrays
            .values()
            .filter(|a| a.is_racy_space())
            .map(|a| a.ivl_name.clone())
            .collect();
        for d in &self.program.decls {
            match d {
                Decl::Const(_) | Decl::Function(_) | Decl::Axiom(_) => decls.push(d.clone()),
                Decl::Var(v) if self.arrays.contains_key(&v.name.name) => {
                    decls.push(d.clone());
                }
                Decl::Var(_) | Decl::Procedure(_) => {}
            }
        }
        for c in self.consts {
            decls.push(Decl::Const(c));
        }
        let procedure = self.kernel.name.name.clone();
        decls.push(Decl::Procedure(Procedure {
            attrs: Vec::new(),
            name: Ident::synthetic(procedure.clone()),
            params: self.kernel.params.clone(),
            returns: Vec::new(),
            requires: Vec::new(),
            modifies: memory.iter().map(Ident::synthetic).collect(),
            ensures: Vec::new(),
            body: Some(Body {
                locals: self.locals,
                blocks: self.blocks,
            }),
            span: ivl::Span::DUMMY,
        }));
        ExplicitProgram {
            program: Program { decls },
            procedure,
            threads: self.n,
        }
    }
}
