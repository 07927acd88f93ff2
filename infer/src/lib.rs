//! Invariant inference: candidate rules and Houdini.
//!
//! Consumes the two-thread program from `transform`; adds candidate loop
//! invariants `b_i ==> e_i` (each rule tagged and switchable) and runs
//! Houdini through `solver` to keep the inductive ones. A wrong candidate
//! costs time, never soundness. Knows nothing of source languages or clang.
//!
//! Status: not yet implemented (issue "Invariant inference").
