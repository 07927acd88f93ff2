//! The intermediate verification language (IVL) of gpuverify.
//!
//! A small Boogie-like language: typed globals, constants, functions, axioms
//! and procedures whose bodies are labelled basic blocks. Kernels produced by
//! the frontend are IVL programs in the *kernel dialect* ([`kernel`]); the
//! two-thread program produced by the transform is an ordinary sequential IVL
//! program.
//!
//! This crate is a pure value crate: it knows nothing about GPUs beyond the
//! dialect's names, nothing about solvers, and never prints.
//!
//! - [`parse`]: text to [`ast::Program`] (structured `while`/`if` sugar is
//!   desugared into blocks);
//! - [`print`]: the inverse; `parse(print(p)) == p` for every valid tree;
//! - [`check`]: name resolution and type checking, all errors at once;
//! - [`cfg`]: control-flow graphs, dominators, natural loops, reducibility;
//! - [`build`]: expression builders that simplify literals (one set for
//!   every crate);
//! - [`inline`]: inlining of procedure calls (IVL to IVL);
//! - [`subst`]: capture-aware renaming of free names in expressions;
//! - [`visit`]: the generic walk over expressions and statements (children
//!   in order, rebuilding, binders in scope, free names).

pub mod ast;
pub mod build;
pub mod cfg;
pub mod diagnostic;
pub mod inline;
pub mod kernel;
pub mod print;
pub mod span;
pub mod subst;
pub mod syntax;
pub mod typeck;
pub mod uninit;
pub mod visit;

pub use ast::Program;
pub use diagnostic::Diagnostic;
pub use print::print;
pub use span::{SourceFile, Span};
pub use syntax::parse;
pub use typeck::check;
