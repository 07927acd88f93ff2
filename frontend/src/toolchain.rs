//! The only module that runs external tools: clang-14 compiles `.cl`/`.cu`
//! to textual IR with debug info, [`crate::uninit`] gives every scalar
//! local an initial (arbitrary or null) value, opt-14 runs
//! `mem2reg,simplifycfg` and prints textual IR.
//!
//! Consumes: a source path and the [`FrontendConfig`]. Produces: the textual
//! LLVM IR of the module ([`CompiledModule`]); the text (not bitcode) is
//! kept because the `llvm-ir` crate does not expose metadata the lowering
//! needs (CUDA kernel annotations, source names of globals), which
//! [`crate::irtext`] reads from it.
//!
//! Guarantees: a clang/opt failure is [`FrontendError::Clang`] carrying the
//! tool's stderr; a missing tool is [`FrontendError::ToolMissing`] naming the
//! Debian package, and a tool whose `--version` does not report major
//! version 14 is [`FrontendError::ToolVersion`] (checked before its first
//! use, once per process and installed binary: another clang would compile
//! the kernel into IR this frontend was not written for). No intermediate file is written; the force-included
//! headers are materialised once per content in the scratch directory.

use crate::config::FrontendConfig;
use crate::error::FrontendError;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The source language of an input file, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    OpenCl,
    Cuda,
    /// `.bc` or `.ll` produced elsewhere.
    Llvm,
    /// A hand-written kernel `.ivl` file.
    Ivl,
}

impl Language {
    pub fn of_path(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "cl" => Some(Language::OpenCl),
            "cu" => Some(Language::Cuda),
            "bc" | "ll" => Some(Language::Llvm),
            "ivl" => Some(Language::Ivl),
            _ => None,
        }
    }
}

/// The annotation header (docs/design.md §7), force-included in every
/// OpenCL and CUDA compilation.
pub const ANNOTATIONS_HEADER: &str = include_str!("../include/gpuverify_annotations.h");
/// Our CUDA device header (no CUDA toolkit is needed), force-included in
/// CUDA compilations.
pub const CUDA_HEADER: &str = include_str!("../include/gpuverify_cuda.h");

/// The force-included parts of the CUDA header, under `cuda/`.
const CUDA_PARTS: &[(&str, &str)] = &[
    (
        "cuda/gv_runtime_api.h",
        include_str!("../include/cuda/gv_runtime_api.h"),
    ),
    (
        "cuda/gv_device_library.h",
        include_str!("../include/cuda/gv_device_library.h"),
    ),
    (
        "cuda/gv_math_api.h",
        include_str!("../include/cuda/gv_math_api.h"),
    ),
    (
        "cuda/gv_textures.h",
        include_str!("../include/cuda/gv_textures.h"),
    ),
    (
        "cuda/cuda_fp16.h",
        include_str!("../include/cuda/cuda_fp16.h"),
    ),
    (
        "cuda/cooperative_groups.h",
        include_str!("../include/cuda/cooperative_groups.h"),
    ),
    (
        "cuda/curand_kernel.h",
        include_str!("../include/cuda/curand_kernel.h"),
    ),
    (
        "cuda/helper_cuda.h",
        include_str!("../include/cuda/helper_cuda.h"),
    ),
    ("cuda/curand.h", include_str!("../include/cuda/curand.h")),
    (
        "cuda/cuComplex.h",
        include_str!("../include/cuda/cuComplex.h"),
    ),
    (
        "cuda/cutil_math.h",
        include_str!("../include/cuda/cutil_math.h"),
    ),
    (
        "cuda/helper_math.h",
        include_str!("../include/cuda/helper_math.h"),
    ),
];

/// CUDA toolkit headers whose whole content the force-included header
/// already provides (nvcc force-includes `cuda_runtime.h` too): each is
/// materialised as a file that says so, so `#include <cuda.h>` works.
const CUDA_PROVIDED: &[&str] = &[
    "cuda.h",
    "cuda_runtime.h",
    "cuda_runtime_api.h",
    "device_launch_parameters.h",
    "device_functions.h",
    "device_atomic_functions.h",
    "device_types.h",
    "math_functions.h",
    "math_constants.h",
    "sm_20_atomic_functions.h",
    "sm_20_intrinsics.h",
    "sm_30_intrinsics.h",
    "sm_32_atomic_functions.h",
    "sm_32_intrinsics.h",
    "sm_35_atomic_functions.h",
    "sm_35_intrinsics.h",
    "sm_60_atomic_functions.h",
    "sm_61_intrinsics.h",
    "vector_types.h",
    "vector_functions.h",
    "driver_types.h",
    "driver_functions.h",
    "host_defines.h",
    "builtin_types.h",
    "channel_descriptor.h",
    "cuda_texture_types.h",
    "texture_types.h",
    "texture_fetch_functions.h",
    "texture_indirect_functions.h",
    "surface_types.h",
    "surface_functions.h",
    "surface_indirect_functions.h",
    "cuda_device_runtime_api.h",
    "cuda_profiler_api.h",
    "cudaProfiler.h",
    "cuda_gl_interop.h",
    "crt/host_defines.h",
];

/// What a [`CUDA_PROVIDED`] header contains.
const CUDA_PROVIDED_CONTENT: &str =
    "/* gpuverify: provided by the force-included gpuverify_cuda.h. */\n";

/// Headers of the CUDA samples' `common/inc` whose declarations our
/// `helper_cuda.h` carries.
const CUDA_SAMPLE_HELPERS: &[&str] = &[
    "helper_functions.h",
    "helper_string.h",
    "helper_timer.h",
    "helper_image.h",
    "cutil.h",
    "cutil_inline.h",
];

/// The LLVM major version clang and opt must have.
const LLVM_MAJOR: u32 = 14;
const CLANG: &str = "clang-14";
const CLANG_PACKAGE: &str = "clang-14";
const OPT: &str = "opt-14";
const OPT_PACKAGE: &str = "llvm-14";

/// A module after clang and opt: textual IR.
pub struct CompiledModule {
    pub ir_text: String,
}

/// Compiles `path` (OpenCL, CUDA, or LLVM bitcode/IR) to optimised textual IR.
pub fn compile(
    path: &Path,
    language: Language,
    config: &FrontendConfig,
) -> Result<CompiledModule, FrontendError> {
    let bitcode_or_ir = match language {
        Language::OpenCl | Language::Cuda => {
            let include_dir = materialise_headers(config)?;
            let args = clang_args(path, language, config, &include_dir);
            check_version(CLANG, CLANG_PACKAGE, config)?;
            let mut ir = run_tool(CLANG, CLANG_PACKAGE, &args, None, path)?;
            // A virtual call on an object the kernel did not construct (the
            // host or another kernel built it): clang emits the vtables and
            // overrides of classes only where they are used, so the file is
            // compiled again emitting every declaration, giving the
            // translation unit's whole class hierarchy (lower/polymorphic.rs).
            if language == Language::Cuda && loads_vtable_pointer(&String::from_utf8_lossy(&ir)) {
                let mut all = args.clone();
                all.extend(["-Xclang".into(), "-femit-all-decls".into()]);
                ir = run_tool(CLANG, CLANG_PACKAGE, &all, None, path)?;
            }
            // Uninitialised variables stay arbitrary through opt
            // (`crate::uninit`).
            let ir = String::from_utf8(ir).map_err(|_| FrontendError::Malformed {
                path: path.to_path_buf(),
                message: "clang-14 printed IR that is not UTF-8".into(),
                details: Vec::new(),
            })?;
            // clang-14's `__atomic_*` library calls cast across address
            // spaces with `bitcast`, which opt rejects (addrspace_casts.rs).
            let ir = crate::addrspace_casts::repair(&ir);
            Some(crate::uninit::initialise_allocas(&ir).into_bytes())
        }
        Language::Llvm => None,
        Language::Ivl => unreachable!("IVL input never reaches the toolchain"),
    };
    // mem2reg: SSA values instead of stack slots. simplifycfg: turns the
    // short-circuit `a || b` of an annotation in a loop condition into a
    // `select`, so `__invariant(...)` stays in the loop header block
    // (tests/kernels/opencl/tree_reduction.cl).
    let mut opt_args: Vec<String> = vec![
        "-passes=mem2reg,simplifycfg".into(),
        "-S".into(),
        "-o".into(),
        "-".into(),
    ];
    match &bitcode_or_ir {
        Some(_) => opt_args.push("-".into()),
        None => opt_args.push(path.display().to_string()),
    }
    check_version(OPT, OPT_PACKAGE, config)?;
    let mut text = run_tool(OPT, OPT_PACKAGE, &opt_args, bitcode_or_ir.as_deref(), path)?;
    // Vectors wider than one IVL bit-vector (float16, long8, ...): opt's
    // scalarizer splits their arithmetic, loads and stores into lanes;
    // what is left is lowered lane by lane (lower/wide_vectors.rs).
    if has_wide_vector(&String::from_utf8_lossy(&text), config.pointer_bitwidth) {
        opt_args[0] = "-passes=mem2reg,simplifycfg,scalarizer".into();
        opt_args.insert(1, "-scalarize-load-store".into());
        text = run_tool(OPT, OPT_PACKAGE, &opt_args, bitcode_or_ir.as_deref(), path)?;
    }
    let ir_text = String::from_utf8(text).map_err(|_| FrontendError::Malformed {
        path: path.to_path_buf(),
        message: "opt-14 printed IR that is not UTF-8".into(),
        details: Vec::new(),
    })?;
    Ok(CompiledModule { ir_text })
}

/// Whether textual IR loads a pointer to function pointers (a C++
/// virtual call's vtable pointer, `load float (%struct.S*)**, ...`).
pub fn loads_vtable_pointer(ir: &str) -> bool {
    ir.lines().any(|line| {
        let Some((_, rest)) = line.split_once("= load ") else {
            return false;
        };
        let mut depth = 0i32;
        for (i, ch) in rest.char_indices() {
            match ch {
                '(' | '{' | '[' | '<' => depth += 1,
                ')' | '}' | ']' | '>' => depth -= 1,
                ',' if depth == 0 => return rest[..i].ends_with(")**"),
                _ => {}
            }
        }
        false
    })
}

/// Whether textual IR mentions a vector type `<n x T>` wider than
/// `ivl::ast::MAX_BV_WIDTH` bits (`ptr_bits`: the width of a pointer lane).
pub fn has_wide_vector(ir: &str, ptr_bits: u32) -> bool {
    let mut rest = ir;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let Some(ty) = rest[digits.len()..].strip_prefix(" x ") else {
            continue;
        };
        let (Ok(n), Some(end)) = (digits.parse::<u64>(), ty.find('>')) else {
            continue;
        };
        let elem = &ty[..end];
        let bits = match elem {
            "half" | "bfloat" => 16,
            "float" => 32,
            "double" => 64,
            _ if elem.ends_with('*') || elem.starts_with("ptr") => u64::from(ptr_bits),
            _ => elem
                .strip_prefix('i')
                .and_then(|b| b.parse::<u64>().ok())
                .unwrap_or(0),
        };
        if n * bits > u64::from(ivl::ast::MAX_BV_WIDTH) {
            return true;
        }
    }
    false
}

/// The clang command line of docs/design.md §6, without the tool name.
pub fn clang_args(
    path: &Path,
    language: Language,
    config: &FrontendConfig,
    include_dir: &Path,
) -> Vec<String> {
    let wide = config.pointer_bitwidth == 64;
    let mut args: Vec<String> = Vec::new();
    match language {
        Language::OpenCl => {
            args.extend([
                "-x".into(),
                "cl".into(),
                format!("-cl-std={}", config.opencl_std),
            ]);
            args.extend([
                "-target".into(),
                if wide { "spir64" } else { "spir" }.into(),
            ]);
            // The declare-builtins form parses about four times faster than
            // the full opencl-c.h (measured: frontend/README.md).
            args.extend(
                [
                    "-Xclang",
                    "-fdeclare-opencl-builtins",
                    "-Xclang",
                    "-finclude-default-header",
                    // A plain `inline` helper (C99: no definition emitted)
                    // keeps its body, as OpenCL drivers compile it.
                    "-fgnu89-inline",
                ]
                .map(String::from),
            );
        }
        Language::Cuda => {
            args.extend(
                [
                    "-x",
                    "cuda",
                    "--cuda-device-only",
                    "-nocudainc",
                    "-nocudalib",
                    "--cuda-gpu-arch=sm_70",
                    "-Xclang",
                    "-target-feature",
                    "-Xclang",
                    "+ptx70",
                ]
                .map(String::from),
            );
            // The host triple decides the device triple: nvptx or nvptx64.
            let host = if wide {
                "x86_64-unknown-linux-gnu"
            } else {
                "i386-unknown-linux-gnu"
            };
            args.extend(["-target".into(), host.into()]);
            args.extend([
                "-include".into(),
                include_dir.join("gpuverify_cuda.h").display().to_string(),
                format!("-I{}", include_dir.join("cuda").display()),
            ]);
            if !wide {
                args.extend(i386_host_headers());
                args.push(format!(
                    "-idirafter{}",
                    include_dir.join("fallback").display()
                ));
            }
        }
        Language::Llvm | Language::Ivl => unreachable!("not compiled by clang"),
    }
    args.extend([
        "-include".into(),
        include_dir
            .join("gpuverify_annotations.h")
            .display()
            .to_string(),
    ]);
    args.extend(
        [
            "-O0",
            "-Xclang",
            "-disable-O0-optnone",
            "-g",
            "-gcolumn-info",
            "-fno-discard-value-names",
            // Keep `a * b + c` as two operations rather than llvm.fmuladd.
            "-ffp-contract=off",
            // A null pointer access stays an access (whose null check then
            // fails) instead of undefined behaviour simplifycfg deletes;
            // without noundef, passing an undefined value is no UB either.
            "-fno-delete-null-pointer-checks",
            "-Xclang",
            "-disable-noundef-analysis",
            "-D__GPUVERIFY__",
            "-emit-llvm",
            "-S",
            "-o",
            "-",
        ]
        .map(String::from),
    );
    for define in &config.defines {
        args.push(format!("-D{define}"));
    }
    for dir in &config.include_dirs {
        args.push(format!("-I{}", dir.display()));
    }
    args.extend(config.clang_opts.iter().cloned());
    args.push(path.display().to_string());
    args
}

fn run_tool(
    tool: &'static str,
    package: &'static str,
    args: &[String],
    stdin: Option<&[u8]>,
    path: &Path,
) -> Result<Vec<u8>, FrontendError> {
    let mut command = Command::new(tool);
    command
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => FrontendError::ToolMissing { tool, package },
        _ => FrontendError::Io {
            path: PathBuf::from(tool),
            source: e,
        },
    })?;
    // Feed stdin from a thread so a tool that writes before it has read all
    // of its input cannot deadlock against us.
    let feeder = match (stdin, child.stdin.take()) {
        (Some(bytes), Some(mut pipe)) => {
            let bytes = bytes.to_vec();
            Some(std::thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let output = child.wait_with_output().map_err(|e| FrontendError::Io {
        path: PathBuf::from(tool),
        source: e,
    })?;
    if let Some(feeder) = feeder {
        let _ = feeder.join();
    }
    if !output.status.success() {
        return Err(FrontendError::Clang {
            tool,
            path: path.to_path_buf(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        });
    }
    Ok(output.stdout)
}

/// Runs `tool --version` and requires major version [`LLVM_MAJOR`]: once
/// per process, and once per installed binary across processes (a
/// successful check leaves a marker file named after the binary's resolved
/// path, size and modification time in the scratch directory, so a
/// replaced binary is checked again). The check costs two process starts,
/// as much as lowering a small kernel.
fn check_version(
    tool: &'static str,
    package: &'static str,
    config: &FrontendConfig,
) -> Result<(), FrontendError> {
    static CHECKED: OnceLock<Mutex<HashMap<&'static str, Result<(), String>>>> = OnceLock::new();
    let cache = CHECKED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(verdict) = cache.get(tool) {
        return verdict
            .clone()
            .map_err(|found| version_error(tool, package, found));
    }
    let marker = tool_stamp(tool).map(|stamp| {
        let scratch = config
            .scratch_dir
            .clone()
            .unwrap_or_else(std::env::temp_dir);
        scratch.join(format!("gpuverify-{tool}-ok-{stamp:016x}"))
    });
    if marker.as_ref().is_some_and(|m| m.exists()) {
        cache.insert(tool, Ok(()));
        return Ok(());
    }
    let output = Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .output();
    let verdict = match output {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(FrontendError::ToolMissing { tool, package });
        }
        Err(e) => Err(format!("not runnable ({e})")),
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout);
            match llvm_major_version(&text) {
                Some((major, _)) if major == LLVM_MAJOR => Ok(()),
                Some((_, version)) => Err(format!("version {version}")),
                None => Err(format!(
                    "a program whose `--version` names no LLVM version (`{}`)",
                    text.lines().next().unwrap_or("").trim()
                )),
            }
        }
    };
    if let (Ok(()), Some(marker)) = (&verdict, &marker) {
        // Best effort: without the marker the next process checks again.
        let _ = std::fs::write(marker, "");
    }
    cache.insert(tool, verdict.clone());
    verdict.map_err(|found| version_error(tool, package, found))
}

fn version_error(tool: &'static str, package: &'static str, found: String) -> FrontendError {
    FrontendError::ToolVersion {
        tool,
        package,
        expected: LLVM_MAJOR,
        found,
    }
}

/// A hash of the binary `tool` resolves to on the search path (its
/// canonical path, size and modification time), or `None` if not found.
fn tool_stamp(tool: &str) -> Option<u64> {
    let search = std::env::var_os("PATH")?;
    let found = std::env::split_paths(&search)
        .map(|dir| dir.join(tool))
        .find(|candidate| candidate.is_file())?;
    let resolved = std::fs::canonicalize(found).ok()?;
    let meta = std::fs::metadata(&resolved).ok()?;
    let modified = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    let key = format!(
        "{}\0{}\0{}",
        resolved.display(),
        meta.len(),
        modified.as_nanos()
    );
    Some(fnv1a(key.as_bytes()))
}

/// The major version and the full version word from the `--version` text
/// of clang (`Debian clang version 14.0.6`) or opt (`LLVM version 14.0.6`).
fn llvm_major_version(text: &str) -> Option<(u32, String)> {
    let line = text
        .lines()
        .find(|l| l.contains("clang version") || l.contains("LLVM version"))?;
    let version = line.split("version").nth(1)?.split_whitespace().next()?;
    let major = version.split('.').next()?.parse().ok()?;
    Some((major, version.to_string()))
}

/// Writes the embedded headers to `<scratch>/gpuverify-include-<hash>/`
/// (once per header content) and returns that directory.
fn materialise_headers(config: &FrontendConfig) -> Result<PathBuf, FrontendError> {
    let scratch = config
        .scratch_dir
        .clone()
        .unwrap_or_else(std::env::temp_dir);
    let files = header_files();
    let hash = files.iter().fold(0u64, |h, (name, contents)| {
        (h ^ fnv1a(name.as_bytes()) ^ fnv1a(contents.as_bytes())).rotate_left(17)
    });
    let dir = scratch.join(format!("gpuverify-include-{hash:016x}"));
    write_headers(&dir)?;
    Ok(dir)
}

/// Every embedded header, by path relative to the include directory.
fn header_files() -> Vec<(String, &'static str)> {
    let mut files: Vec<(String, &str)> = vec![
        ("gpuverify_annotations.h".into(), ANNOTATIONS_HEADER),
        ("gpuverify_cuda.h".into(), CUDA_HEADER),
    ];
    files.extend(CUDA_PARTS.iter().map(|(n, c)| (n.to_string(), *c)));
    files.extend(
        CUDA_PROVIDED
            .iter()
            .map(|n| (format!("cuda/{n}"), CUDA_PROVIDED_CONTENT)),
    );
    let helper =
        "/* gpuverify: the CUDA samples' helpers are in helper_cuda.h. */\n#include \"helper_cuda.h\"\n";
    files.extend(
        CUDA_SAMPLE_HELPERS
            .iter()
            .map(|n| (format!("cuda/{n}"), helper)),
    );
    // The cooperative-groups algorithm headers: their functions are in
    // our cooperative_groups.h.
    let cg = "/* gpuverify: cg::reduce and the scans are in cooperative_groups.h. */\n#include \"../cooperative_groups.h\"\n";
    for part in ["reduce.h", "scan.h", "memcpy_async.h"] {
        files.push((format!("cuda/cooperative_groups/{part}"), cg));
    }
    // glibc's gnu/stubs.h wants gnu/stubs-32.h for an i386 host, which
    // only the i386 development package installs: an empty one serves.
    files.push((
        "fallback/gnu/stubs-32.h".into(),
        "/* gpuverify: no stubs. */\n",
    ));
    files
}

/// Writes every embedded header under `dir` (the layout [`clang_args`]
/// expects of its include directory), skipping files already equal.
pub fn write_headers(dir: &Path) -> Result<(), FrontendError> {
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| FrontendError::Io { path, source }
    };
    for (name, contents) in header_files() {
        let target = dir.join(&name);
        if std::fs::read_to_string(&target).is_ok_and(|c| c == contents) {
            continue;
        }
        let parent = target.parent().unwrap_or(dir).to_path_buf();
        std::fs::create_dir_all(&parent).map_err(io_err(&parent))?;
        // Write then rename, so a concurrent run never sees half a header.
        // Per process and thread: a batch lowers files on several threads.
        let tmp = parent.join(format!(
            "{}.{}.{:?}.tmp",
            target.file_name().and_then(|n| n.to_str()).unwrap_or("h"),
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&tmp, contents).map_err(io_err(&tmp))?;
        std::fs::rename(&tmp, &target).map_err(io_err(&target))?;
    }
    Ok(())
}

/// With 32-bit pointers the host triple is i386, for which a 64-bit Debian
/// system has no C library or libstdc++ headers of its own; the x86_64
/// ones serve (host code is parsed, never compiled), after clang's own
/// directories. Found once per process; empty when not installed.
fn i386_host_headers() -> Vec<String> {
    static DIRS: OnceLock<Vec<String>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let mut args = Vec::new();
        if Path::new("/usr/include/i386-linux-gnu").is_dir() {
            return args;
        }
        let newest_cxx = |root: &str| -> Option<PathBuf> {
            let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(root)
                .ok()?
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    let v = e.file_name().to_str()?.parse::<u32>().ok()?;
                    Some((v, e.path()))
                })
                .collect();
            versions.sort();
            versions.pop().map(|(_, p)| p)
        };
        if let Some(cxx) = newest_cxx("/usr/include/c++") {
            args.push(format!("-isystem{}", cxx.display()));
            let version = cxx.file_name().map(|v| v.to_string_lossy().into_owned());
            if let Some(v) = version {
                let arch = format!("/usr/include/x86_64-linux-gnu/c++/{v}");
                if Path::new(&arch).is_dir() {
                    args.push(format!("-isystem{arch}"));
                }
            }
            args.push(format!("-isystem{}/backward", cxx.display()));
        }
        if Path::new("/usr/include/x86_64-linux-gnu").is_dir() {
            args.push("-idirafter/usr/include/x86_64-linux-gnu".into());
        }
        args
    })
    .clone()
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_versions_are_read_from_clang_and_opt() {
        let cases = [
            (
                "Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\n",
                Some(14),
            ),
            ("Ubuntu clang version 15.0.7 (1ubuntu1)\n", Some(15)),
            ("Debian LLVM version 14.0.6\n  Optimized build.\n", Some(14)),
            (
                "LLVM (http://llvm.org/):\n  LLVM version 13.0.1\n",
                Some(13),
            ),
            ("gcc (Debian 12.2.0-14) 12.2.0\n", None),
            ("", None),
        ];
        for (text, major) in cases {
            assert_eq!(llvm_major_version(text).map(|v| v.0), major, "{text:?}");
        }
    }

    #[test]
    fn missing_tool_names_its_debian_package() {
        let err = run_tool(
            "clang-14-not-installed",
            "clang-14",
            &[],
            None,
            Path::new("k.cl"),
        )
        .unwrap_err();
        assert_eq!(err.exit_code(), 9);
        assert!(
            err.to_string()
                .contains("install the Debian package `clang-14`"),
            "{err}"
        );
    }
}
