//! The two-thread product: the predicated, sequential program in which two
//! arbitrary threads execute the kernel in lock step (paper §4, Fig. 9).
//!
//! Input: the kernel procedure in access normal form, its CFG (reducible),
//! the uniformity analysis, the arrays with their abstractions and ghosts.
//! Output: the body of the product procedure (`x$1`/`x$2` for per-thread
//! names), plus the locals it needs and the access sites it created.
//!
//! The work is split in three modules: this one holds the builder (the
//! blocks being emitted, the per-thread names, fresh locals), `layout.rs`
//! places the kernel's blocks (uniform blocks, divergent regions, loops),
//! and `statements.rs` emits each kernel statement for both threads
//! (`access.rs` the ones that touch shared memory).
//!
//! Does not: keep uniform branches inside divergent regions as branches
//! (they are predicated like the rest, which is sound), or generate loop
//! invariants for the predicates (inference's job).

use crate::arrays::ArrayInfo;
use crate::race::Ghosts;
use crate::rename::{Renamer, Thread};
use crate::uniformity::Uniformity;
use crate::{AccessSite, SourceLoc, TransformConfig};
use ivl::ast::{
    find_attr, AttrArg, Attribute, Block, Body, Expr, ExprKind, Ident, Lhs, Stmt, Transfer,
    TransferKind, Type, Variable,
};
use ivl::cfg::{BlockId, Cfg, LoopForest};
use ivl::kernel;
use std::collections::{BTreeMap, HashMap, HashSet};

pub(crate) struct Product<'a> {
    pub body: &'a Body,
    pub cfg: &'a Cfg,
    pub loops: &'a LoopForest,
    pub uni: &'a Uniformity,
    pub arrays: &'a BTreeMap<String, ArrayInfo>,
    pub ghosts: &'a BTreeMap<String, Ghosts>,
    pub config: &'a TransformConfig,
    pub same_group: Expr,
    pub same_warp: Option<Expr>,
    pub used: &'a mut HashSet<String>,
    pub locals: Vec<Variable>,
    pub sites: Vec<AccessSite>,
    pub blocks: Vec<Block>,
    pub current: Option<Block>,
    /// Per divergent block: its predicate names for threads 1 and 2.
    pub flags: HashMap<usize, [String; 2]>,
    /// Per region id: its blocks in linear order.
    pub regions: BTreeMap<usize, Vec<BlockId>>,
    pub region_of: HashMap<usize, usize>,
    pub global_types: HashMap<String, Type>,
    /// The kernel body's locals by name (the first declaration wins), so
    /// looking a type up costs no scan of the locals.
    pub local_types: HashMap<&'a str, &'a Type>,
    temps: HashMap<(Type, Thread, usize), String>,
    pub(crate) choice: Option<String>,
    /// Access-site ids of this procedure start after this one (sites are
    /// numbered across every procedure of the product).
    pub site_base: u32,
    /// Device functions kept as two-thread procedures (`--no-inline`).
    pub modular: BTreeMap<String, crate::modular::CalleeMode>,
}

pub(crate) use ivl::build::{assign, lhs};

pub(crate) fn source_attrs(attrs: &[Attribute]) -> Vec<Attribute> {
    attrs
        .iter()
        .filter(|a| a.name == kernel::SOURCE_ATTR)
        .cloned()
        .collect()
}

/// The current value of an assignment target (`x` or `M[i][j]`).
pub(crate) fn lhs_value(l: &Lhs) -> Expr {
    let mut e = Expr::var(l.name.name.clone());
    for i in &l.indices {
        e = Expr::select(e, i.clone());
    }
    e
}

pub fn source_loc(attrs: &[Attribute]) -> Option<SourceLoc> {
    let a = find_attr(attrs, kernel::SOURCE_ATTR)?;
    let file = match a.args.first()? {
        AttrArg::Str(s) => s.clone(),
        _ => return None,
    };
    let num = |k: usize| match a.args.get(k) {
        Some(AttrArg::Expr(Expr {
            kind: ExprKind::Int(v),
            ..
        })) => Some(*v as u32),
        _ => None,
    };
    Some(SourceLoc {
        file,
        line: num(1)?,
        col: num(2).unwrap_or(0),
    })
}

impl<'a> Product<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        body: &'a Body,
        cfg: &'a Cfg,
        loops: &'a LoopForest,
        uni: &'a Uniformity,
        arrays: &'a BTreeMap<String, ArrayInfo>,
        ghosts: &'a BTreeMap<String, Ghosts>,
        config: &'a TransformConfig,
        same_group: Expr,
        same_warp: Option<Expr>,
        used: &'a mut HashSet<String>,
    ) -> Product<'a> {
        Product {
            body,
            cfg,
            loops,
            uni,
            arrays,
            ghosts,
            config,
            same_group,
            same_warp,
            used,
            locals: Vec::new(),
            sites: Vec::new(),
            blocks: Vec::new(),
            current: None,
            flags: HashMap::new(),
            regions: BTreeMap::new(),
            region_of: HashMap::new(),
            global_types: HashMap::new(),
            local_types: {
                let mut types = HashMap::with_capacity(body.locals.len());
                for v in &body.locals {
                    types.entry(v.name.name.as_str()).or_insert(&v.ty);
                }
                types
            },
            temps: HashMap::new(),
            choice: None,
            site_base: 0,
            modular: BTreeMap::new(),
        }
    }

    pub fn renamer(&self) -> Renamer<'_> {
        Renamer {
            per_thread: &self.uni.per_thread,
            arrays: self.arrays,
            same_group: self.same_group.clone(),
            ghosts: self.ghosts,
            enabled_pair: None,
            warp_sync: self.config.warp_sync,
        }
    }

    pub fn local(&mut self, base: &str, ty: Type) -> String {
        let name = crate::names::fresh(self.used, base);
        self.locals.push(Variable {
            attrs: vec![],
            name: Ident::synthetic(name.clone()),
            ty,
            span: ivl::Span::DUMMY,
        });
        name
    }

    /// The `k`-th scratch local of type `ty` for thread `t` (a statement
    /// that needs several of one type asks for k = 0, 1, ...).
    pub(crate) fn temp(&mut self, ty: &Type, t: Thread, k: usize) -> String {
        if let Some(n) = self.temps.get(&(ty.clone(), t, k)) {
            return n.clone();
        }
        let n = self.temps.len() + 1;
        let name = self.local(
            &crate::names::of_thread(&format!("havoc{n}"), t),
            ty.clone(),
        );
        self.temps.insert((ty.clone(), t, k), name.clone());
        name
    }

    // ---- block building ----

    pub fn start(&mut self, label: &str) {
        debug_assert!(self.current.is_none());
        self.current = Some(Block {
            label: Ident::synthetic(label),
            attrs: vec![],
            stmts: vec![],
            transfer: Transfer {
                kind: TransferKind::Return,
                span: ivl::Span::DUMMY,
            },
            span: ivl::Span::DUMMY,
        });
    }

    pub fn push(&mut self, s: Stmt) {
        if let Some(b) = self.current.as_mut() {
            b.stmts.push(s);
        }
    }

    pub fn finish(&mut self, kind: TransferKind) {
        if let Some(mut b) = self.current.take() {
            b.transfer.kind = kind;
            self.blocks.push(b);
        }
    }

    pub fn goto(&mut self, labels: &[String]) {
        self.finish(TransferKind::Goto(
            labels.iter().map(|l| Ident::synthetic(l.clone())).collect(),
        ));
    }

    pub(crate) fn label(&self, b: BlockId) -> String {
        self.cfg.label(b).to_string()
    }

    pub(crate) fn is_divergent(&self, b: BlockId) -> bool {
        !self.uni.uniform_block[b.index()]
    }

    pub(crate) fn flag(&self, b: BlockId, t: Thread) -> Expr {
        Expr::var(self.flags[&b.index()][t as usize - 1].clone())
    }
}
