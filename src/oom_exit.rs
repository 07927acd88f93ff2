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
//! [`install_new_handler`] does the same for C++ `operator new` in the
//! libraries linked in (LLVM's IR parser, z3's STL containers): without it
//! their `std::bad_alloc` unwinds into Rust, which aborts ("Rust cannot
//! catch foreign exceptions", exit 134). Deliberately does not: cover z3's
//! own allocator (`memory::allocate`, plain `malloc`: z3 reports the
//! failure through its API, or crashes).

use std::alloc::{GlobalAlloc, Layout, System};

/// Exit status of a run whose memory ran out (`Outcome::OutOfMemory`).
const OUT_OF_MEMORY: i32 = 8;

const MESSAGE: &[u8] = b"error: out of memory: an allocation of the verifier failed (the \
address space is limited by `ulimit -v`, or the machine's memory is exhausted); \
no verdict (exit 8)\n";

pub struct ExitOnOutOfMemory;

extern "C" {
    /// `std::set_new_handler(std::new_handler)` of libstdc++ (linked in by
    /// LLVM and z3); a pointer argument and result, the C convention.
    #[link_name = "_ZSt15set_new_handlerPFvvE"]
    fn std_set_new_handler(handler: Option<extern "C" fn()>) -> Option<extern "C" fn()>;
}

extern "C" fn new_handler_out_of_memory() {
    out_of_memory();
}

/// Makes a failed C++ `operator new` end the run like a failed Rust
/// allocation (exit 8), instead of throwing `std::bad_alloc` into Rust.
pub fn install_new_handler() {
    // SAFETY: a plain function pointer with the signature `new_handler`
    // expects; it never returns (so it never needs to free memory).
    unsafe {
        std_set_new_handler(Some(new_handler_out_of_memory));
    }
}

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
