//! The solver: sequential IVL to verification conditions and SMT answers.
//!
//! Consumes a type-checked sequential IVL program; cuts loops, passifies,
//! builds a linear-size weakest-precondition VC per procedure and asks z3
//! (in-process) or an SMT-LIB2 solver (cvc5, z3 over pipes). Verified only on
//! an explicit `unsat`. Knows nothing about GPUs.
//!
//! Status: not yet implemented (issue "Sequential verification").
