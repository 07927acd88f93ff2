//! The frontend: kernel source to kernel IVL.
//!
//! Consumes an OpenCL C (`.cl`), CUDA (`.cu`), LLVM (`.bc`/`.ll`) or
//! hand-written kernel IVL file; produces a type-checked program in the kernel
//! dialect of `ivl` (see ivl/README.md), every statement carrying its
//! `{:source file, line, col}`. It runs clang-14 and opt-14 and is the only
//! crate that links LLVM. It holds no verification logic.
//!
//! Status: not yet implemented (issue "Frontend: OpenCL C and CUDA kernels to
//! kernel IVL"). Until then the CLI accepts only `.ivl` input.
