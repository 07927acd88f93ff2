//! The OpenCL launch recorder: a shared library that `gpuverify record`
//! preloads (`LD_PRELOAD`) into a host program. It consumes the program's
//! calls to the OpenCL ICD loader's entry points and forwards each one,
//! unchanged, to the real library (`dlsym(RTLD_NEXT)`, else
//! `libOpenCL.so.1`); it guarantees that every successful
//! `clEnqueueNDRangeKernel`/`clEnqueueTask` is appended, as one line of
//! GPUVerify's intercepted-launch JSON, to `launches.jsonl` in the
//! directory named by `GPUVERIFY_RECORD_DIR`, with the program's source
//! written beside it (`launch-<hash>.cl`). Without that variable it only
//! forwards.
//!
//! What is recorded (docs/launch-recording.md): the program source
//! (`clCreateProgramWithSource`, else `CL_PROGRAM_SOURCE`), its build
//! options (`clBuildProgram`/`clCompileProgram`), the kernel's name, each
//! argument as set by `clSetKernelArg` at the moment of the launch
//! (buffers by size, images and samplers by kind, `__local` memory by
//! size, scalars by value), and the launch's work dimensions, global
//! size, local size (`null` when the program passed NULL) and offset.
//! Objects released for the last time (`clRelease*`) are forgotten.
//!
//! A buffer is told from a pointer-sized scalar by the runtime's argument
//! metadata (`clGetKernelArgInfo`) when it has it, else by the table of
//! memory objects and samplers created through this library. Nothing here
//! prints except one line on stderr when the record cannot be written.

mod entry;
mod output;
mod real;
mod release;
mod state;

pub use output::LAUNCHES_FILE;

/// The environment variable naming the directory the recorder writes to.
pub const RECORD_DIR_VAR: &str = "GPUVERIFY_RECORD_DIR";
