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
//! - a statement marked `{:atomic}` is one atomic read-modify-write;
//! - the annotation functions ([`builtin_functions`]) talk about the other
//!   thread of the pair and about the accesses made so far; the transform
//!   defines them, the kernel dialect only names and types them;
//! - the attribute conventions below ([`SOURCE_ATTR`] and friends) carry
//!   kernel-source metadata; like every attribute they never change what a
//!   program means.

use crate::ast::{FnParam, Function, Ident, Type, TypedIdent};
use crate::span::Span;
use std::sync::OnceLock;

/// Marks a procedure as a kernel entry point.
pub const KERNEL_ATTR: &str = "kernel";

/// Marks a map-typed global as device (global) memory.
pub const GLOBAL_ATTR: &str = "global";
/// With `{:global}`: the map is a `read_write` image (OpenCL), ordered
/// only by barriers carrying [`IMAGE_FENCE_ATTR`], never by the global
/// fence flag alone.
pub const IMAGE_MEMORY_ATTR: &str = "image_memory";
/// `call {:image_fence} barrier(l, g);`: the barrier also fences image
/// memory (`CLK_IMAGE_MEM_FENCE`). A barrier without it orders no
/// [`IMAGE_MEMORY_ATTR`] map.
pub const IMAGE_FENCE_ATTR: &str = "image_fence";
/// `assume {:epoch_fact} ..`: a fact that holds because race checks order
/// every counter reset against other work items' increments (frontend
/// lower/atomic_slots.rs); dropped with `--warp-sync`, under which threads
/// of one warp are not race-checked against each other.
pub const EPOCH_FACT_ATTR: &str = "epoch_fact";

/// The per-thread count of barriers passed that keys the atomic-slot facts
/// of counters with resets (declared by the frontend only then).
pub const BARRIER_EPOCH: &str = "$barrier_epoch";
/// Marks a map-typed global as work-group shared memory.
pub const GROUP_SHARED_ATTR: &str = "group_shared";
/// Marks a map-typed global as read-only constant memory.
pub const CONSTANT_ATTR: &str = "constant";
/// The memory-space attributes; a global carries at most one.
pub const MEMORY_SPACE_ATTRS: [&str; 3] = [GLOBAL_ATTR, GROUP_SHARED_ATTR, CONSTANT_ATTR];

/// Marks a statement as one atomic read-modify-write of shared memory.
pub const ATOMIC_ATTR: &str = "atomic";

/// `{:source "file", line, col}` on a statement, procedure or global: where
/// it comes from in the kernel source.
pub const SOURCE_ATTR: &str = "source";
/// `{:source_name "A"}` on a global or procedure: its name in the kernel
/// source (IVL names are sanitised and prefixed).
pub const SOURCE_NAME_ATTR: &str = "source_name";
/// `{:elem_width 32}` on a memory object: bits per map element (8 for a
/// byte-level map, whose multi-byte accesses are split into bytes).
pub const ELEM_WIDTH_ATTR: &str = "elem_width";
/// `{:base_id 3}` on a memory object: the value that pointer bases
/// (`bv32`) take when they point into it; 0 is the null pointer.
pub const BASE_ID_ATTR: &str = "base_id";
/// `{:array_size 64}` on a memory object: its size in elements, when known
/// (declared arrays, `--kernel-arrays`).
pub const ARRAY_SIZE_ATTR: &str = "array_size";
/// `{:kernel_arg}` on a memory object that is a pointer argument of the
/// kernel (assumed not to alias any other object).
pub const KERNEL_ARG_ATTR: &str = "kernel_arg";
/// `assert {:loop_invariant} e;` at the top of a loop header: a user-written
/// loop invariant (an unmarked assert there is an invariant too).
pub const INVARIANT_ATTR: &str = "loop_invariant";
/// `{:global_assertion}` on an `assert`, `assume` or contract clause: stated
/// once for the pair of threads rather than for each thread.
pub const GLOBAL_ASSERTION_ATTR: &str = "global_assertion";
/// `{:group_uniform}` on a global `assert` or `requires`
/// (`__global_requires`): a fact about the whole group, so every thread of
/// the group must reach it together (a device function's global
/// precondition cannot be met by a call some threads of the group skip).
pub const GROUP_UNIFORM_ATTR: &str = "group_uniform";
/// `assert {:null_check} ...;`: the dereferenced pointer points into one of
/// the memory objects the points-to analysis allows (not null, not wild).
pub const NULL_CHECK_ATTR: &str = "null_check";
/// `assert {:array_bounds "A"} ...;` (`--check-array-bounds`): the access
/// lies within array `A` (its source name), whose size is known.
pub const ARRAY_BOUNDS_ATTR: &str = "array_bounds";
/// `assert {:ub_check} e;`: reaching here with `e` false is undefined
/// behaviour that LLVM's optimiser exploited (a store through a null or
/// undefined pointer it turned into `unreachable` or `llvm.assume`).
pub const UB_CHECK_ATTR: &str = "ub_check";
/// `assert {:collective} e;` (async copies, `wait_group_events`): every
/// work item of the group reaches it, and `e` (a conjunction of
/// `__uniform_int`/`__uniform_bool` terms) holds: the arguments agree.
pub const COLLECTIVE_ATTR: &str = "collective";
/// `assert {:user} ...;` / `assume {:user} ...;`: written by the user
/// (`__assert`, `__assume`, ...), not synthesised.
pub const USER_ATTR: &str = "user";

/// The builtin barrier procedure: `barrier(local_fence: bool, global_fence: bool)`.
pub const BARRIER: &str = "barrier";

/// The builtin warp barrier: `warp_barrier(mask: bv32)` (CUDA
/// `__syncwarp(mask)`): orders the accesses of the threads of one warp
/// whose lanes are in `mask`; each must reach it when another does.
pub const WARP_BARRIER: &str = "warp_barrier";

/// The builtin grid barrier: `grid_barrier()` (cooperative groups
/// `grid.sync()`): every thread of the launch reaches it; it orders all
/// accesses of the launch (the launch is assumed co-resident).
pub const GRID_BARRIER: &str = "grid_barrier";

/// `call async_copy_event(ev);` starts an asynchronous copy (OpenCL
/// `async_work_group_copy`) whose event is `ev`: the `{:async_copy}`
/// accesses that follow (up to the next `async_copy_event`) are the copy's,
/// performed by the group at an unknown time before a wait on `ev`.
pub const ASYNC_COPY_EVENT: &str = "async_copy_event";
/// `call async_wait(retire, ev);` (`wait_group_events`): when `retire`
/// holds, the copies with event `ev` are complete. Orders nothing else.
pub const ASYNC_WAIT: &str = "async_wait";
/// `{:async_copy}` on a read or write of memory: an access of the copy
/// started by the last `async_copy_event` (not of the executing thread).
pub const ASYNC_COPY_ATTR: &str = "async_copy";
/// `havoc {:async_element} k;`: the element of an asynchronous copy the
/// executing work item stands for (arbitrary for the verifier; the
/// interpreter takes the work item's local linear id, so a group covers
/// the first elements of every copy).
pub const ASYNC_ELEMENT_ATTR: &str = "async_element";

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
    vec![
        BuiltinProcedure {
            name: BARRIER,
            params: vec![
                TypedIdent::new("local_fence", Type::Bool),
                TypedIdent::new("global_fence", Type::Bool),
            ],
        },
        BuiltinProcedure {
            name: WARP_BARRIER,
            params: vec![TypedIdent::new("mask", Type::Bv(32))],
        },
        BuiltinProcedure {
            name: GRID_BARRIER,
            params: vec![],
        },
        BuiltinProcedure {
            name: ASYNC_COPY_EVENT,
            params: vec![TypedIdent::new("event", Type::Bv(32))],
        },
        BuiltinProcedure {
            name: ASYNC_WAIT,
            params: vec![
                TypedIdent::new("retire", Type::Bool),
                TypedIdent::new("event", Type::Bv(32)),
            ],
        },
    ]
}

pub fn is_builtin_procedure(name: &str) -> bool {
    matches!(
        name,
        BARRIER | WARP_BARRIER | GRID_BARRIER | ASYNC_COPY_EVENT | ASYNC_WAIT
    )
}

/// The annotation functions of the kernel dialect. Their meaning is the
/// transform's (for two threads `$1`, `$2` it rewrites `__other_int(x)` in
/// thread 1's copy to `x$2`, and so on):
///
/// | function | type | meaning |
/// |---|---|---|
/// | `__enabled()` | `bool` | this thread executes here (predication) |
/// | `__same_group()` | `bool` | the two threads are in one group |
/// | `__other_int(x)` / `__other_bool(b)` | `bv32` / `bool` | `x` in the other thread |
/// | `__uniform_int(x)` / `__uniform_bool(b)` | `bool` | `x` is equal in both threads |
/// | `__distinct_int(x)` | `bool` | `x` differs between the threads |
/// | `__warp_lane()` | `bv32` | this thread's lane: linear local id modulo the warp size (`--warp-sync=N`, else 32) |
/// | `__warp_peer(l)` | `bool` | with `--warp-sync`: the other thread is enabled, in this thread's warp, at lane `l` (always false without) |
/// | `__read(base)` / `__write(base)` | `bool` | the object with that `{:base_id}` has been read / written |
/// | `__read_offset_bytes(base)` / `__write_offset_bytes(base)` | `bv32` | byte offset of that read / write |
///
/// A `base` argument is a `{:base_id}` literal or an `if`-chain over them.
pub fn builtin_functions() -> &'static [Function] {
    static FUNCTIONS: OnceLock<Vec<Function>> = OnceLock::new();
    FUNCTIONS.get_or_init(|| {
        let b32 = Type::Bv(32);
        let table: [(&str, Vec<Type>, Type); 13] = [
            ("__enabled", vec![], Type::Bool),
            ("__same_group", vec![], Type::Bool),
            ("__other_int", vec![b32.clone()], b32.clone()),
            ("__other_bool", vec![Type::Bool], Type::Bool),
            ("__uniform_int", vec![b32.clone()], Type::Bool),
            ("__uniform_bool", vec![Type::Bool], Type::Bool),
            ("__distinct_int", vec![b32.clone()], Type::Bool),
            ("__warp_lane", vec![], b32.clone()),
            ("__warp_peer", vec![b32.clone()], Type::Bool),
            ("__read", vec![b32.clone()], Type::Bool),
            ("__write", vec![b32.clone()], Type::Bool),
            ("__read_offset_bytes", vec![b32.clone()], b32.clone()),
            ("__write_offset_bytes", vec![b32.clone()], b32.clone()),
        ];
        table
            .into_iter()
            .map(|(name, params, ret)| Function {
                attrs: Vec::new(),
                name: Ident::synthetic(name),
                params: params
                    .into_iter()
                    .map(|ty| FnParam { name: None, ty })
                    .collect(),
                ret,
                body: None,
                span: Span::DUMMY,
            })
            .collect()
    })
}

pub fn is_builtin_function(name: &str) -> bool {
    builtin_functions().iter().any(|f| f.name.name == name)
}
