//! The binary's global allocator: the system allocator, except that a
//! failed allocation ends the run with exit 8 (`Outcome::OutOfMemory`) and
//! one line on stderr, where Rust's default would abort (SIGABRT, exit 134
//! in a shell, with a message a batch script cannot tell from a crash).
//! Long kernels (hashcat's) can exhaust the address space a script grants
//! with `ulimit -v`; that is a resource limit, reported as such.
//!
//! Consumes nothing; guarantees that no allocation of the verifier's own
//! (Rust) code returns null to its caller. The message is written with
//! `write(2)` and the process ends with `_exit(2)`: neither allocates, and
//! no destructor or `atexit` handler runs on a heap that just failed.
//! Deliberately does not: cover the in-process z3's C++ allocations (z3
//! reports its own memory failures through its API, or crashes).

use std::alloc::{GlobalAlloc, Layout, System};

/// Exit status of a run whose memory ran out (`Outcome::OutOfMemory`).
const OUT_OF_MEMORY: i32 = 8;

const MESSAGE: &[u8] = b"error: out of memory: an allocation of the verifier failed (the \
address space is limited by `ulimit -v`, or the machine's memory is exhausted); \
no verdict (exit 8)\n";

pub struct ExitOnOutOfMemory;

fn out_of_memory() -> ! {
    // SAFETY: write(2) of a static buffer and _exit(2) are async-signal-safe
    // and allocate nothing.
    unsafe {
        libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::_exit(OUT_OF_MEMORY)
    }
}

// SAFETY: every method forwards to `System` with the same arguments and
// returns its (non-null) result; a null result never returns.
unsafe impl GlobalAlloc for ExitOnOutOfMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            out_of_memory();
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            out_of_memory();
        }
        p
    }
}
