//! The real OpenCL entry points: looked up once per name with
//! `dlsym(RTLD_NEXT, name)` (the next library in the search order: the ICD
//! loader the program links), else in `libOpenCL.so.1` opened by name (a
//! program that loads OpenCL with `dlopen(RTLD_LOCAL)`, as Python
//! extension modules are, keeps it out of the global search order).

use std::ffi::{c_void, CStr};
use std::sync::atomic::{AtomicPtr, Ordering};

/// One lazily resolved entry point.
pub struct RealFn {
    name: &'static CStr,
    ptr: AtomicPtr<c_void>,
}

impl RealFn {
    pub const fn new(name: &'static CStr) -> RealFn {
        RealFn {
            name,
            ptr: AtomicPtr::new(std::ptr::null_mut()),
        }
    }

    /// The address of the real function, or null when no library defines
    /// it.
    pub fn get(&self) -> *mut c_void {
        let cached = self.ptr.load(Ordering::Acquire);
        if !cached.is_null() {
            return cached;
        }
        let found = lookup(self.name);
        if found.is_null() {
            complain_once(self.name);
        } else {
            self.ptr.store(found, Ordering::Release);
        }
        found
    }
}

fn lookup(name: &CStr) -> *mut c_void {
    // SAFETY: dlsym/dlopen with valid NUL-terminated names.
    unsafe {
        let next = libc::dlsym(libc::RTLD_NEXT, name.as_ptr());
        if !next.is_null() && !is_ours(next) {
            return next;
        }
        for library in [c"libOpenCL.so.1", c"libOpenCL.so"] {
            let handle = libc::dlopen(library.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
            if handle.is_null() {
                continue;
            }
            let f = libc::dlsym(handle, name.as_ptr());
            if !f.is_null() && !is_ours(f) {
                return f;
            }
        }
        std::ptr::null_mut()
    }
}

/// Whether `f` lies in this library (never to be forwarded to: the call
/// would loop).
fn is_ours(f: *mut c_void) -> bool {
    fn object_of(address: *const c_void) -> *mut c_void {
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        // SAFETY: dladdr only reads the address and fills `info`.
        if unsafe { libc::dladdr(address, &mut info) } == 0 {
            return std::ptr::null_mut();
        }
        info.dli_fbase
    }
    let ours = object_of(is_ours as *const c_void);
    !ours.is_null() && object_of(f) == ours
}

fn complain_once(name: &CStr) {
    use std::sync::atomic::AtomicBool;
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        crate::output::warn(&format!(
            "no OpenCL library defines {}: is libOpenCL.so.1 (ocl-icd) installed?",
            name.to_string_lossy()
        ));
    }
}

/// Declares the real entry point `$name` with C signature `fn($args) ->
/// $ret` as `real::$name`, a function that calls it (or returns `$fail`
/// when it does not exist).
macro_rules! real_fns {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty = $fail:expr; )*) => {
        $(
            #[allow(non_snake_case, clippy::too_many_arguments)]
            pub unsafe fn $name($($arg: $ty),*) -> $ret {
                static F: RealFn = RealFn::new(
                    // SAFETY: the literal ends with NUL and has no other.
                    unsafe { CStr::from_bytes_with_nul_unchecked(concat!(stringify!($name), "\0").as_bytes()) }
                );
                let f = F.get();
                if f.is_null() {
                    return $fail;
                }
                let f: unsafe extern "C" fn($($ty),*) -> $ret = std::mem::transmute(f);
                f($($arg),*)
            }
        )*
    };
}

use crate::state::{ClInt, ClUint, Handle, CL_INVALID_OPERATION as FAIL, NULL_HANDLE as NULL_H};
use libc::{c_char, size_t};

type Notify = *mut c_void;

real_fns! {
    fn clCreateProgramWithSource(ctx: Handle, count: ClUint, strings: *const *const c_char, lengths: *const size_t, err: *mut ClInt) -> Handle = NULL_H;
    fn clBuildProgram(program: Handle, n: ClUint, devices: *const Handle, options: *const c_char, notify: Notify, data: *mut c_void) -> ClInt = FAIL;
    fn clCompileProgram(program: Handle, n: ClUint, devices: *const Handle, options: *const c_char, nh: ClUint, headers: *const Handle, names: *const *const c_char, notify: Notify, data: *mut c_void) -> ClInt = FAIL;
    fn clGetProgramInfo(program: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clCreateKernel(program: Handle, name: *const c_char, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateKernelsInProgram(program: Handle, n: ClUint, kernels: *mut Handle, n_ret: *mut ClUint) -> ClInt = FAIL;
    fn clCloneKernel(kernel: Handle, err: *mut ClInt) -> Handle = NULL_H;
    fn clGetKernelInfo(kernel: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clGetKernelArgInfo(kernel: Handle, index: ClUint, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clGetKernelWorkGroupInfo(kernel: Handle, device: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clGetCommandQueueInfo(queue: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clSetKernelArg(kernel: Handle, index: ClUint, size: size_t, value: *const c_void) -> ClInt = FAIL;
    fn clSetKernelArgSVMPointer(kernel: Handle, index: ClUint, value: *const c_void) -> ClInt = FAIL;
    fn clEnqueueNDRangeKernel(queue: Handle, kernel: Handle, dims: ClUint, offset: *const size_t, global: *const size_t, local: *const size_t, n: ClUint, wait: *const Handle, event: *mut Handle) -> ClInt = FAIL;
    fn clEnqueueTask(queue: Handle, kernel: Handle, n: ClUint, wait: *const Handle, event: *mut Handle) -> ClInt = FAIL;
    fn clCreateBuffer(ctx: Handle, flags: u64, size: size_t, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateBufferWithProperties(ctx: Handle, props: *const u64, flags: u64, size: size_t, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateSubBuffer(buffer: Handle, flags: u64, kind: ClUint, info: *const c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateImage(ctx: Handle, flags: u64, format: *const c_void, desc: *const c_void, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateImageWithProperties(ctx: Handle, props: *const u64, flags: u64, format: *const c_void, desc: *const c_void, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateImage2D(ctx: Handle, flags: u64, format: *const c_void, w: size_t, h: size_t, pitch: size_t, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateImage3D(ctx: Handle, flags: u64, format: *const c_void, w: size_t, h: size_t, d: size_t, row: size_t, slice: size_t, host: *mut c_void, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateSampler(ctx: Handle, normalized: ClUint, addressing: ClUint, filter: ClUint, err: *mut ClInt) -> Handle = NULL_H;
    fn clCreateSamplerWithProperties(ctx: Handle, props: *const u64, err: *mut ClInt) -> Handle = NULL_H;
    fn clGetMemObjectInfo(mem: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clGetSamplerInfo(sampler: Handle, param: ClUint, size: size_t, value: *mut c_void, size_ret: *mut size_t) -> ClInt = FAIL;
    fn clReleaseMemObject(mem: Handle) -> ClInt = FAIL;
    fn clReleaseSampler(sampler: Handle) -> ClInt = FAIL;
    fn clReleaseKernel(kernel: Handle) -> ClInt = FAIL;
}
