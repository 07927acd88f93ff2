//! The release entry points `clReleaseMemObject`, `clReleaseSampler` and
//! `clReleaseKernel`. Each forwards unchanged; when the call drops the
//! last reference (the object's reference count was 1 just before, and
//! the release succeeded), the recorder forgets the handle, so that a
//! value equal to a freed handle is no longer taken for that buffer (with
//! its size, which bounds arrays under `--check-array-bounds`) or sampler,
//! and a freed kernel's arguments do not outlive it. Programs are kept:
//! their kernels may still be launched after the program's last release
//! (kernels hold the program), and their build options are needed then. A
//! handle the runtime hands out again is recorded afresh when it is
//! created again (state.rs).
#![allow(non_snake_case, clippy::missing_safety_doc)]

use crate::real;
use crate::state::{state, ClInt, ClUint, Handle, CL_SUCCESS};
use libc::size_t;
use std::ffi::c_void;

const CL_MEM_REFERENCE_COUNT: ClUint = 0x1105;
const CL_SAMPLER_REFERENCE_COUNT: ClUint = 0x1150;
const CL_KERNEL_REFERENCE_COUNT: ClUint = 0x1192;

type InfoFn = unsafe fn(Handle, ClUint, size_t, *mut c_void, *mut size_t) -> ClInt;

/// Whether `handle` holds its last reference (`false` when unknown).
unsafe fn last_reference(info: InfoFn, handle: Handle, param: ClUint) -> bool {
    if handle.is_null() {
        return false;
    }
    let mut count: ClUint = 0;
    let status = info(
        handle,
        param,
        std::mem::size_of::<ClUint>(),
        (&mut count as *mut ClUint).cast(),
        std::ptr::null_mut(),
    );
    status == CL_SUCCESS && count == 1
}

#[no_mangle]
pub unsafe extern "C" fn clReleaseMemObject(mem: Handle) -> ClInt {
    let last = last_reference(real::clGetMemObjectInfo, mem, CL_MEM_REFERENCE_COUNT);
    let result = real::clReleaseMemObject(mem);
    if result == CL_SUCCESS && last {
        state().objects.remove(&(mem as usize));
    }
    result
}

#[no_mangle]
pub unsafe extern "C" fn clReleaseSampler(sampler: Handle) -> ClInt {
    let last = last_reference(real::clGetSamplerInfo, sampler, CL_SAMPLER_REFERENCE_COUNT);
    let result = real::clReleaseSampler(sampler);
    if result == CL_SUCCESS && last {
        state().objects.remove(&(sampler as usize));
    }
    result
}

#[no_mangle]
pub unsafe extern "C" fn clReleaseKernel(kernel: Handle) -> ClInt {
    let last = last_reference(real::clGetKernelInfo, kernel, CL_KERNEL_REFERENCE_COUNT);
    let result = real::clReleaseKernel(kernel);
    if result == CL_SUCCESS && last {
        state().kernel_args.remove(&(kernel as usize));
    }
    result
}
