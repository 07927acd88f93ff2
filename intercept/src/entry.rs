//! The entry points the host program calls. Each forwards its arguments
//! unchanged to the real one, returns its result unchanged, and records
//! what it learnt only when the real call succeeded. The state lock is
//! never held across a call into the real library.
#![allow(non_snake_case, clippy::missing_safety_doc, clippy::too_many_arguments)]

use crate::output::{self, Launch};
use crate::real;
use crate::state::{state, Arg, ClInt, ClUint, Handle, Object, Program, CL_SUCCESS, NULL_HANDLE};
use libc::{c_char, size_t};
use std::ffi::{c_void, CStr};

const CL_PROGRAM_SOURCE: ClUint = 0x1164;
const CL_KERNEL_FUNCTION_NAME: ClUint = 0x1190;
const CL_KERNEL_NUM_ARGS: ClUint = 0x1191;
const CL_KERNEL_PROGRAM: ClUint = 0x1194;
const CL_KERNEL_ARG_ADDRESS_QUALIFIER: ClUint = 0x1196;
const CL_KERNEL_ARG_TYPE_NAME: ClUint = 0x1198;
const CL_KERNEL_ARG_ADDRESS_GLOBAL: ClUint = 0x119B;
const CL_KERNEL_ARG_ADDRESS_LOCAL: ClUint = 0x119C;
const CL_KERNEL_ARG_ADDRESS_CONSTANT: ClUint = 0x119D;
const CL_BUFFER_CREATE_TYPE_REGION: ClUint = 0x1220;
const CL_QUEUE_DEVICE: ClUint = 0x1091;
const CL_KERNEL_WORK_GROUP_SIZE: ClUint = 0x11B0;

fn succeeded(err: *mut ClInt, handle: Handle) -> bool {
    // SAFETY: `err` is the caller's errcode_ret pointer (may be null).
    !handle.is_null() && (err.is_null() || unsafe { *err } == CL_SUCCESS)
}

fn c_string(s: *const c_char) -> String {
    if s.is_null() {
        return String::new();
    }
    // SAFETY: OpenCL strings are NUL-terminated.
    unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
}

// ---- Programs ----

#[no_mangle]
pub unsafe extern "C" fn clCreateProgramWithSource(
    ctx: Handle,
    count: ClUint,
    strings: *const *const c_char,
    lengths: *const size_t,
    err: *mut ClInt,
) -> Handle {
    let program = real::clCreateProgramWithSource(ctx, count, strings, lengths, err);
    if succeeded(err, program) && !strings.is_null() {
        let mut source = Vec::new();
        for k in 0..count as usize {
            let s = *strings.add(k);
            if s.is_null() {
                continue;
            }
            let len = if lengths.is_null() {
                0
            } else {
                *lengths.add(k)
            };
            if len == 0 {
                source.extend_from_slice(CStr::from_ptr(s).to_bytes());
            } else {
                source.extend_from_slice(std::slice::from_raw_parts(s.cast::<u8>(), len));
            }
        }
        let source = String::from_utf8_lossy(&source).into_owned();
        state().programs.insert(
            program as usize,
            Program {
                source: Some(source),
                options: String::new(),
            },
        );
    }
    program
}

/// The build options of `program` (`-D`, `-I`, `-cl-std=`...), as given
/// to `clBuildProgram` or `clCompileProgram`.
unsafe fn record_build_options(program: Handle, options: *const c_char) {
    let recorded = c_string(options);
    state()
        .programs
        .entry(program as usize)
        .or_default()
        .options = recorded;
}

#[no_mangle]
pub unsafe extern "C" fn clBuildProgram(
    program: Handle,
    n: ClUint,
    devices: *const Handle,
    options: *const c_char,
    notify: *mut c_void,
    data: *mut c_void,
) -> ClInt {
    // Recorded before the call: a build callback may run a launch.
    record_build_options(program, options);
    real::clBuildProgram(program, n, devices, options, notify, data)
}

#[no_mangle]
pub unsafe extern "C" fn clCompileProgram(
    program: Handle,
    n: ClUint,
    devices: *const Handle,
    options: *const c_char,
    num_headers: ClUint,
    headers: *const Handle,
    names: *const *const c_char,
    notify: *mut c_void,
    data: *mut c_void,
) -> ClInt {
    record_build_options(program, options);
    real::clCompileProgram(
        program,
        n,
        devices,
        options,
        num_headers,
        headers,
        names,
        notify,
        data,
    )
}

// ---- Kernels and their arguments ----

#[no_mangle]
pub unsafe extern "C" fn clCreateKernel(
    program: Handle,
    name: *const c_char,
    err: *mut ClInt,
) -> Handle {
    let kernel = real::clCreateKernel(program, name, err);
    if succeeded(err, kernel) {
        state().kernel_args.remove(&(kernel as usize));
    }
    kernel
}

#[no_mangle]
pub unsafe extern "C" fn clCreateKernelsInProgram(
    program: Handle,
    n: ClUint,
    kernels: *mut Handle,
    n_ret: *mut ClUint,
) -> ClInt {
    let result = real::clCreateKernelsInProgram(program, n, kernels, n_ret);
    if result == CL_SUCCESS && !kernels.is_null() {
        let created = if n_ret.is_null() { n } else { (*n_ret).min(n) };
        let mut s = state();
        for k in 0..created as usize {
            s.kernel_args.remove(&(*kernels.add(k) as usize));
        }
    }
    result
}

#[no_mangle]
pub unsafe extern "C" fn clCloneKernel(kernel: Handle, err: *mut ClInt) -> Handle {
    let clone = real::clCloneKernel(kernel, err);
    if succeeded(err, clone) {
        let mut s = state();
        let args = s.kernel_args.get(&(kernel as usize)).cloned();
        match args {
            Some(args) => s.kernel_args.insert(clone as usize, args),
            None => s.kernel_args.remove(&(clone as usize)),
        };
    }
    clone
}

/// The runtime's metadata of argument `index`: its address qualifier and
/// type name, when the runtime keeps them.
unsafe fn arg_info(kernel: Handle, index: ClUint) -> Option<(ClUint, String)> {
    let mut qualifier: ClUint = 0;
    let q = real::clGetKernelArgInfo(
        kernel,
        index,
        CL_KERNEL_ARG_ADDRESS_QUALIFIER,
        std::mem::size_of::<ClUint>(),
        (&mut qualifier as *mut ClUint).cast(),
        std::ptr::null_mut(),
    );
    if q != CL_SUCCESS {
        return None;
    }
    let mut buf = [0u8; 256];
    let t = real::clGetKernelArgInfo(
        kernel,
        index,
        CL_KERNEL_ARG_TYPE_NAME,
        buf.len(),
        buf.as_mut_ptr().cast(),
        std::ptr::null_mut(),
    );
    let name = if t == CL_SUCCESS {
        let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
        String::from_utf8_lossy(&buf[..end]).trim().to_string()
    } else {
        String::new()
    };
    Some((qualifier, name))
}

/// What `clSetKernelArg(kernel, index, size, value)` passes.
unsafe fn classify(kernel: Handle, index: ClUint, size: usize, value: *const c_void) -> Arg {
    let info = arg_info(kernel, index);
    let qualifier = info.as_ref().map(|(q, _)| *q);
    let type_name = info.as_ref().map_or("", |(_, t)| t.as_str());
    let memory = matches!(
        qualifier,
        Some(CL_KERNEL_ARG_ADDRESS_GLOBAL | CL_KERNEL_ARG_ADDRESS_CONSTANT)
    );
    if qualifier == Some(CL_KERNEL_ARG_ADDRESS_LOCAL) || (value.is_null() && !memory) {
        return Arg::Local(size as u64);
    }
    if type_name.contains("sampler") {
        return Arg::Sampler;
    }
    if type_name.contains("image") {
        return Arg::Image;
    }
    if value.is_null() {
        return Arg::Buffer(None);
    }
    let handle_sized = size == std::mem::size_of::<Handle>();
    // A private argument with metadata is a scalar whatever its bytes.
    let known_scalar = info.is_some() && !memory;
    if handle_sized && !known_scalar {
        let handle = std::ptr::read_unaligned(value.cast::<usize>());
        match state().classify(handle) {
            Some(Object::Buffer(bytes)) => return Arg::Buffer(Some(bytes)),
            Some(Object::Image) => return Arg::Image,
            Some(Object::Sampler) => return Arg::Sampler,
            None if memory || handle == 0 => return Arg::Buffer(None),
            None => {}
        }
    }
    Arg::Scalar(std::slice::from_raw_parts(value.cast::<u8>(), size).to_vec())
}

#[no_mangle]
pub unsafe extern "C" fn clSetKernelArg(
    kernel: Handle,
    index: ClUint,
    size: size_t,
    value: *const c_void,
) -> ClInt {
    let result = real::clSetKernelArg(kernel, index, size, value);
    if result == CL_SUCCESS {
        let arg = classify(kernel, index, size, value);
        state().set_arg(kernel, index, arg);
    }
    result
}

#[no_mangle]
pub unsafe extern "C" fn clSetKernelArgSVMPointer(
    kernel: Handle,
    index: ClUint,
    value: *const c_void,
) -> ClInt {
    let result = real::clSetKernelArgSVMPointer(kernel, index, value);
    if result == CL_SUCCESS {
        state().set_arg(kernel, index, Arg::Buffer(None));
    }
    result
}

// ---- Launches ----

#[no_mangle]
pub unsafe extern "C" fn clEnqueueNDRangeKernel(
    queue: Handle,
    kernel: Handle,
    dims: ClUint,
    offset: *const size_t,
    global: *const size_t,
    local: *const size_t,
    n: ClUint,
    wait: *const Handle,
    event: *mut Handle,
) -> ClInt {
    let result =
        real::clEnqueueNDRangeKernel(queue, kernel, dims, offset, global, local, n, wait, event);
    if result == CL_SUCCESS && !global.is_null() {
        let read = |p: *const size_t| -> Option<Vec<u64>> {
            (!p.is_null()).then(|| {
                (0..dims.min(3) as usize)
                    .map(|k| *p.add(k) as u64)
                    .collect()
            })
        };
        let max_group = if local.is_null() {
            max_work_group_size(queue, kernel)
        } else {
            None
        };
        record_launch(
            kernel,
            read(global).unwrap_or_default(),
            read(local),
            read(offset),
            max_group,
            "clEnqueueNDRangeKernel",
        );
    }
    result
}

#[no_mangle]
pub unsafe extern "C" fn clEnqueueTask(
    queue: Handle,
    kernel: Handle,
    n: ClUint,
    wait: *const Handle,
    event: *mut Handle,
) -> ClInt {
    let result = real::clEnqueueTask(queue, kernel, n, wait, event);
    if result == CL_SUCCESS {
        record_launch(kernel, vec![1], Some(vec![1]), None, None, "clEnqueueTask");
    }
    result
}

/// The largest work-group size the device runs `kernel` with
/// (`CL_KERNEL_WORK_GROUP_SIZE` on the queue's device): bounds the group
/// sizes the runtime may pick for a NULL local size.
unsafe fn max_work_group_size(queue: Handle, kernel: Handle) -> Option<u64> {
    let mut device: Handle = NULL_HANDLE;
    let q = real::clGetCommandQueueInfo(
        queue,
        CL_QUEUE_DEVICE,
        std::mem::size_of::<Handle>(),
        (&mut device as *mut Handle).cast(),
        std::ptr::null_mut(),
    );
    if q != CL_SUCCESS || device.is_null() {
        return None;
    }
    let mut size: size_t = 0;
    let k = real::clGetKernelWorkGroupInfo(
        kernel,
        device,
        CL_KERNEL_WORK_GROUP_SIZE,
        std::mem::size_of::<size_t>(),
        (&mut size as *mut size_t).cast(),
        std::ptr::null_mut(),
    );
    (k == CL_SUCCESS && size > 0).then_some(size as u64)
}

/// A string-valued kernel or program query.
unsafe fn info_string(
    query: unsafe fn(Handle, ClUint, size_t, *mut c_void, *mut size_t) -> ClInt,
    handle: Handle,
    param: ClUint,
) -> Option<String> {
    let mut size: size_t = 0;
    if query(handle, param, 0, std::ptr::null_mut(), &mut size) != CL_SUCCESS {
        return None;
    }
    let mut buf = vec![0u8; size.max(1)];
    if query(
        handle,
        param,
        buf.len(),
        buf.as_mut_ptr().cast(),
        std::ptr::null_mut(),
    ) != CL_SUCCESS
    {
        return None;
    }
    let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
    Some(String::from_utf8_lossy(&buf[..end]).into_owned())
}

unsafe fn record_launch(
    kernel: Handle,
    global_size: Vec<u64>,
    local_size: Option<Vec<u64>>,
    global_offset: Option<Vec<u64>>,
    max_work_group_size: Option<u64>,
    api_call: &'static str,
) {
    let Some(dir) = output::record_dir() else {
        return;
    };
    let entry_point =
        info_string(real::clGetKernelInfo, kernel, CL_KERNEL_FUNCTION_NAME).unwrap_or_default();
    let mut program: Handle = NULL_HANDLE;
    real::clGetKernelInfo(
        kernel,
        CL_KERNEL_PROGRAM,
        std::mem::size_of::<Handle>(),
        (&mut program as *mut Handle).cast(),
        std::ptr::null_mut(),
    );
    let mut num_args: ClUint = 0;
    real::clGetKernelInfo(
        kernel,
        CL_KERNEL_NUM_ARGS,
        std::mem::size_of::<ClUint>(),
        (&mut num_args as *mut ClUint).cast(),
        std::ptr::null_mut(),
    );
    let known = state().programs.get(&(program as usize)).cloned();
    let mut program_info = known.unwrap_or_default();
    if program_info.source.is_none() {
        // Created some other way (linked, or before this library was
        // loaded): the runtime may still have the source.
        program_info.source = info_string(real::clGetProgramInfo, program, CL_PROGRAM_SOURCE)
            .filter(|s| !s.trim().is_empty());
    }
    let source_missing = program_info.source.is_none().then_some(
        "the program's source is unknown (created from a binary or IL, or linked): \
         this launch cannot be verified",
    );
    let mut arguments = {
        let mut s = state();
        s.launches += 1;
        s.kernel_args
            .get(&(kernel as usize))
            .cloned()
            .unwrap_or_default()
    };
    arguments.resize(arguments.len().max(num_args as usize), None);
    let launch = Launch {
        source: program_info.source,
        source_missing,
        options: program_info.options,
        entry_point,
        global_size,
        local_size,
        global_offset,
        max_work_group_size,
        arguments,
        api_call,
    };
    output::write_launch(&dir, &launch);
}

// ---- Memory objects and samplers: their kinds and sizes ----

fn remember(handle: Handle, err: *mut ClInt, object: Object) -> Handle {
    if succeeded(err, handle) {
        state().objects.insert(handle as usize, object);
    }
    handle
}

#[no_mangle]
pub unsafe extern "C" fn clCreateBuffer(
    ctx: Handle,
    flags: u64,
    size: size_t,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let buffer = real::clCreateBuffer(ctx, flags, size, host, err);
    remember(buffer, err, Object::Buffer(size as u64))
}

#[no_mangle]
pub unsafe extern "C" fn clCreateBufferWithProperties(
    ctx: Handle,
    props: *const u64,
    flags: u64,
    size: size_t,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let buffer = real::clCreateBufferWithProperties(ctx, props, flags, size, host, err);
    remember(buffer, err, Object::Buffer(size as u64))
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSubBuffer(
    buffer: Handle,
    flags: u64,
    kind: ClUint,
    info: *const c_void,
    err: *mut ClInt,
) -> Handle {
    let sub = real::clCreateSubBuffer(buffer, flags, kind, info, err);
    if kind == CL_BUFFER_CREATE_TYPE_REGION && !info.is_null() {
        // cl_buffer_region { origin, size }
        let size = *info.cast::<size_t>().add(1);
        return remember(sub, err, Object::Buffer(size as u64));
    }
    sub
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage(
    ctx: Handle,
    flags: u64,
    format: *const c_void,
    desc: *const c_void,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let image = real::clCreateImage(ctx, flags, format, desc, host, err);
    remember(image, err, Object::Image)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImageWithProperties(
    ctx: Handle,
    props: *const u64,
    flags: u64,
    format: *const c_void,
    desc: *const c_void,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let image = real::clCreateImageWithProperties(ctx, props, flags, format, desc, host, err);
    remember(image, err, Object::Image)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage2D(
    ctx: Handle,
    flags: u64,
    format: *const c_void,
    w: size_t,
    h: size_t,
    pitch: size_t,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let image = real::clCreateImage2D(ctx, flags, format, w, h, pitch, host, err);
    remember(image, err, Object::Image)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateImage3D(
    ctx: Handle,
    flags: u64,
    format: *const c_void,
    w: size_t,
    h: size_t,
    d: size_t,
    row: size_t,
    slice: size_t,
    host: *mut c_void,
    err: *mut ClInt,
) -> Handle {
    let image = real::clCreateImage3D(ctx, flags, format, w, h, d, row, slice, host, err);
    remember(image, err, Object::Image)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSampler(
    ctx: Handle,
    normalized: ClUint,
    addressing: ClUint,
    filter: ClUint,
    err: *mut ClInt,
) -> Handle {
    let sampler = real::clCreateSampler(ctx, normalized, addressing, filter, err);
    remember(sampler, err, Object::Sampler)
}

#[no_mangle]
pub unsafe extern "C" fn clCreateSamplerWithProperties(
    ctx: Handle,
    props: *const u64,
    err: *mut ClInt,
) -> Handle {
    let sampler = real::clCreateSamplerWithProperties(ctx, props, err);
    remember(sampler, err, Object::Sampler)
}
