//! Builders for hand-made trees: every node without a span.

use crate::ast::*;
use crate::kernel;
use crate::span::Span;

pub(super) fn ident(name: &str) -> Ident {
    Ident::synthetic(name)
}

pub(super) fn variable(name: &str, ty: Type) -> Variable {
    Variable {
        attrs: Vec::new(),
        name: ident(name),
        ty,
        span: Span::DUMMY,
    }
}

pub(super) fn global(name: &str, ty: Type) -> Decl {
    Decl::Var(variable(name, ty))
}

pub(super) fn constant(name: &str, ty: Type) -> Decl {
    Decl::Const(variable(name, ty))
}

pub(super) fn function(name: &str, params: &[(&str, Type)], ret: Type, body: Option<Expr>) -> Decl {
    Decl::Function(Function {
        attrs: Vec::new(),
        name: ident(name),
        params: params
            .iter()
            .map(|(n, t)| FnParam {
                name: Some(ident(n)),
                ty: t.clone(),
            })
            .collect(),
        ret,
        body,
        span: Span::DUMMY,
    })
}

pub(super) fn spec(expr: Expr) -> Spec {
    Spec {
        attrs: Vec::new(),
        expr,
        span: Span::DUMMY,
    }
}

pub(super) struct ProcBuilder {
    procedure: Procedure,
}

pub(super) fn procedure(name: &str) -> ProcBuilder {
    ProcBuilder {
        procedure: Procedure {
            attrs: Vec::new(),
            name: ident(name),
            params: Vec::new(),
            returns: Vec::new(),
            requires: Vec::new(),
            modifies: Vec::new(),
            ensures: Vec::new(),
            body: None,
            span: Span::DUMMY,
        },
    }
}

impl ProcBuilder {
    pub(super) fn kernel(mut self) -> Self {
        self.procedure
            .attrs
            .push(Attribute::new(kernel::KERNEL_ATTR, Vec::new()));
        self
    }
    pub(super) fn param(mut self, name: &str, ty: Type) -> Self {
        self.procedure.params.push(TypedIdent::new(name, ty));
        self
    }
    pub(super) fn ret(mut self, name: &str, ty: Type) -> Self {
        self.procedure.returns.push(TypedIdent::new(name, ty));
        self
    }
    pub(super) fn requires(mut self, e: Expr) -> Self {
        self.procedure.requires.push(spec(e));
        self
    }
    pub(super) fn ensures(mut self, e: Expr) -> Self {
        self.procedure.ensures.push(spec(e));
        self
    }
    pub(super) fn modifies(mut self, name: &str) -> Self {
        self.procedure.modifies.push(ident(name));
        self
    }
    pub(super) fn body(mut self, locals: Vec<Variable>, stmts: Vec<Stmt>) -> Self {
        let block = Block {
            label: ident("entry"),
            attrs: Vec::new(),
            stmts,
            transfer: Transfer {
                kind: TransferKind::Return,
                span: Span::DUMMY,
            },
            span: Span::DUMMY,
        };
        self.procedure.body = Some(Body {
            locals,
            blocks: vec![block],
        });
        self
    }
    pub(super) fn blocks(mut self, blocks: Vec<(&str, TransferKind)>) -> Self {
        let blocks = blocks
            .into_iter()
            .map(|(label, kind)| Block {
                label: ident(label),
                attrs: Vec::new(),
                stmts: Vec::new(),
                transfer: Transfer {
                    kind,
                    span: Span::DUMMY,
                },
                span: Span::DUMMY,
            })
            .collect();
        self.procedure.body = Some(Body {
            locals: Vec::new(),
            blocks,
        });
        self
    }
    pub(super) fn build(self) -> Decl {
        Decl::Procedure(self.procedure)
    }
}

pub(super) fn assign(target: &str, value: Expr) -> Stmt {
    assign_many(vec![lhs(target, vec![])], vec![value])
}

pub(super) fn lhs(name: &str, indices: Vec<Expr>) -> Lhs {
    Lhs {
        name: ident(name),
        indices,
        span: Span::DUMMY,
    }
}

pub(super) fn assign_many(lhs: Vec<Lhs>, rhs: Vec<Expr>) -> Stmt {
    Stmt::new(StmtKind::Assign { lhs, rhs })
}

pub(super) fn call(callee: &str, args: Vec<Expr>, rets: &[&str]) -> Stmt {
    Stmt::new(StmtKind::Call {
        callee: ident(callee),
        args,
        rets: rets.iter().map(|r| ident(r)).collect(),
    })
}

pub(super) fn bv32() -> Type {
    Type::Bv(32)
}

pub(super) fn add(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinaryOp::Add, a, b)
}
