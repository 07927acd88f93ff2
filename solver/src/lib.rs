//! The solver: sequential IVL to verification conditions and SMT answers.
//!
//! Consumes a type-checked sequential IVL program; cuts loops, passifies,
//! builds a linear-size weakest-precondition VC per procedure and asks z3
//! (in-process) or an SMT-LIB2 solver (cvc5, z3 over pipes). Verified only on
//! an explicit `unsat`. Knows nothing about GPUs.
//!
//! Pipeline (one module per pass): [`loops`] (cut back edges) →
//! [`passify`] (single assignment, calls desugared) → [`vc`] (block
//! equations) → [`session`] (assert once, check under assumptions) over a
//! [`backend`] (z3 in-process, or any SMT-LIB2 process). [`verify`] drives
//! it. Inlining is an IVL-to-IVL pass of the IVL crate (`ivl::inline`).
//!
//! Test convention: a check's identity is the `{:id "name"}` attribute of
//! its `assert`, invariant, `requires` or `ensures` (see `README.md`).

pub mod backend;
pub mod config;
pub mod cpu_time;
pub mod error;
pub mod eval;
pub mod follow_up;
pub mod logic;
pub mod loops;
mod lower;
pub mod passify;
pub mod report;
pub mod session;
pub mod smtlib;
pub mod term;
pub mod value;
pub mod vc;
pub mod verify;

pub use config::{BackendKind, Config};
pub use error::SolverError;
pub use passify::{passify, PassiveProgram};
pub use report::{
    Check, CheckKind, Failure, Model, ModelEntry, Outcome, ProcedureReport, ProgramReport, Stage,
};
pub use session::{Assumptions, QueryResult, VcSession};
pub use vc::Vc;
pub use verify::{build_vc, open_session, verify_procedure, verify_program};
