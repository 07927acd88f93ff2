//! What the recorder remembers between calls: each program's source and
//! build options, each kernel's arguments as last set, and the kind and
//! size of each memory object and sampler created. Handles are keys only:
//! a released handle that the runtime hands out again is overwritten when
//! it is created again (a new program, kernel or buffer starts afresh).

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{LazyLock, Mutex, MutexGuard};

pub type Handle = *mut c_void;
pub type ClInt = i32;
pub type ClUint = u32;
pub const NULL_HANDLE: Handle = std::ptr::null_mut();
pub const CL_SUCCESS: ClInt = 0;
pub const CL_INVALID_OPERATION: ClInt = -59;

/// A program as created by the host.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The source strings joined; `None` when the program was not created
    /// from source through this library.
    pub source: Option<String>,
    /// The options of the last build or compile.
    pub options: String,
}

/// One kernel argument as set by the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A buffer (`cl_mem`) of this many bytes; `None` when unknown (an SVM
    /// pointer, a null buffer, a buffer not created through this library).
    Buffer(Option<u64>),
    /// `__local` memory of this many bytes (`clSetKernelArg` with a null
    /// value).
    Local(u64),
    Image,
    Sampler,
    /// A scalar's bytes, as the host laid them out (little-endian here).
    Scalar(Vec<u8>),
}

/// What a `cl_mem` or `cl_sampler` handle is.
#[derive(Clone, Copy, Debug)]
pub enum Object {
    Buffer(u64),
    Image,
    Sampler,
}

#[derive(Default)]
pub struct State {
    pub programs: HashMap<usize, Program>,
    /// Kernel handle to its arguments by index.
    pub kernel_args: HashMap<usize, Vec<Option<Arg>>>,
    pub objects: HashMap<usize, Object>,
    /// Launches recorded so far (numbering the lines of the record).
    pub launches: usize,
}

/// The recorder's state; never held across a call into the real library.
pub fn state() -> MutexGuard<'static, State> {
    static STATE: LazyLock<Mutex<State>> = LazyLock::new(Mutex::default);
    // No code under the lock panics; recover the data anyway rather than
    // abort the host program.
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl State {
    pub fn set_arg(&mut self, kernel: Handle, index: u32, arg: Arg) {
        let args = self.kernel_args.entry(kernel as usize).or_default();
        let index = index as usize;
        if args.len() <= index {
            args.resize(index + 1, None);
        }
        args[index] = Some(arg);
    }

    /// The kind of a pointer-sized argument value: an object created
    /// through this library, or a scalar.
    pub fn classify(&self, value: usize) -> Option<Object> {
        self.objects.get(&value).copied()
    }
}
