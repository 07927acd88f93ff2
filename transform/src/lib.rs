//! The transform: kernel IVL to a sequential two-thread IVL program.
//!
//! Consumes a type-checked kernel-dialect program; produces an ordinary
//! sequential program (no kernel builtins remain) whose correctness implies
//! that the kernel is free of intra- and inter-group data races and barrier
//! divergence, and that its annotations hold (paper §4-5.2). It owns the
//! uniformity and taint analyses, predication, race instrumentation, the
//! shared-state abstractions and barrier semantics. It never calls a solver.
//!
//! Status: not yet implemented (issue "Transform: the two-thread reduction").
