//! The kernel dialect: the builtins in scope in a program that has a
//! `{:kernel}` procedure. A program without one is an ordinary sequential
//! program and none of these names is special there.
//!
//! The dialect is deliberately small; ivl/README.md documents it for people
//! writing kernel IVL by hand. Later stages interpret it:
//! - thread-id and size constants are per-thread (ids) or uniform (sizes);
//! - `call barrier(local_fence, global_fence);` is a work-group barrier whose
//!   flags say which memory spaces it fences;
//! - a global `var` carries at most one memory-space attribute
//!   ([`MEMORY_SPACE_ATTRS`]); a `var` without one is per-thread state;
//! - a statement marked `{:atomic}` is one atomic read-modify-write.

use crate::ast::{Type, TypedIdent};

/// Marks a procedure as a kernel entry point.
pub const KERNEL_ATTR: &str = "kernel";

/// Marks a map-typed global as device (global) memory.
pub const GLOBAL_ATTR: &str = "global";
/// Marks a map-typed global as work-group shared memory.
pub const GROUP_SHARED_ATTR: &str = "group_shared";
/// Marks a map-typed global as read-only constant memory.
pub const CONSTANT_ATTR: &str = "constant";
/// The memory-space attributes; a global carries at most one.
pub const MEMORY_SPACE_ATTRS: [&str; 3] = [GLOBAL_ATTR, GROUP_SHARED_ATTR, CONSTANT_ATTR];

/// Marks a statement as one atomic read-modify-write of shared memory.
pub const ATOMIC_ATTR: &str = "atomic";

/// The builtin barrier procedure: `barrier(local_fence: bool, global_fence: bool)`.
pub const BARRIER: &str = "barrier";

/// Names of the builtin thread-id and launch-size constants, all `bv32`.
/// `local_id_*` and `group_id_*` differ between threads; the sizes and
/// offsets are the same for every thread of a launch.
pub const BUILTIN_CONSTANTS: [&str; 15] = [
    "local_id_x",
    "local_id_y",
    "local_id_z",
    "group_id_x",
    "group_id_y",
    "group_id_z",
    "local_size_x",
    "local_size_y",
    "local_size_z",
    "num_groups_x",
    "num_groups_y",
    "num_groups_z",
    "global_offset_x",
    "global_offset_y",
    "global_offset_z",
];

/// The type of every builtin constant.
pub fn builtin_constant_type() -> Type {
    Type::Bv(32)
}

pub fn is_builtin_constant(name: &str) -> bool {
    BUILTIN_CONSTANTS.contains(&name)
}

/// A builtin procedure of the kernel dialect: its parameters (it has no
/// results, no contract, and modifies nothing the program can name).
pub struct BuiltinProcedure {
    pub name: &'static str,
    pub params: Vec<TypedIdent>,
}

pub fn builtin_procedures() -> Vec<BuiltinProcedure> {
    vec![BuiltinProcedure {
        name: BARRIER,
        params: vec![
            TypedIdent::new("local_fence", Type::Bool),
            TypedIdent::new("global_fence", Type::Bool),
        ],
    }]
}

pub fn is_builtin_procedure(name: &str) -> bool {
    name == BARRIER
}
