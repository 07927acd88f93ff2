//! The frontend: kernel source to kernel IVL.
//!
//! Consumes an OpenCL C (`.cl`), CUDA (`.cu`), LLVM (`.bc`/`.ll`) or
//! hand-written kernel IVL (`.ivl`) file; produces, per kernel, a
//! type-checked program in the kernel dialect of `ivl` (ivl/README.md)
//! whose statements carry `{:source "file", line, col}`. It runs clang-14
//! and opt-14 ([`toolchain`]) and is the only crate that links LLVM. It
//! holds no verification logic, never prints and never exits.
//!
//! ```no_run
//! use frontend::{lower_file, FrontendConfig};
//! // (`lower_each_kernel` keeps the kernels that lower when others fail.)
//! let kernels = lower_file("kernel.cl".as_ref(), &FrontendConfig::default())?;
//! for k in &kernels.kernels {
//!     let text = ivl::print(&k.program); // what `--stop-at=ivl` shows
//!     # let _ = text;
//! }
//! # Ok::<(), frontend::FrontendError>(())
//! ```
//!
//! Errors ([`FrontendError::exit_code`]): clang rejected the input (2, with
//! clang's diagnostics), a construct we cannot model or a malformed input
//! (4, with the kernel source location), clang-14/opt-14 missing (9,
//! naming the Debian package).
//!
//! Passes, in order: [`toolchain`] (clang, opt) → [`irtext`] (metadata
//! llvm-ir does not expose) → `llvm_ir::Module` →
//! [`lower::shortcircuit`] (annotation conditions) → [`lower`] (per kernel:
//! reachable functions, [`lower::memory`], [`lower::function`]).

pub mod addrspace_casts;
pub mod boogie_file;
pub mod config;
pub mod error;
pub mod inline_sites;
pub mod irtext;
pub mod lower;
pub mod source_terms;
pub mod templates;
pub mod toolchain;
pub mod uninit;

pub use config::{FrontendConfig, KernelValues};
pub use error::{FrontendError, Site, SourceLoc};
pub use toolchain::Language;

use std::path::Path;

/// One kernel, lowered: a program with exactly one `{:kernel}` procedure.
#[derive(Clone, Debug)]
pub struct LoweredKernel {
    /// The IVL name of the kernel procedure.
    pub name: String,
    /// The kernel's name in the source (demangled for CUDA).
    pub source_name: String,
    pub program: ivl::Program,
    /// Assumptions the user should know about (e.g. array arguments
    /// assumed not to alias), for the report.
    pub notes: Vec<String>,
}

/// A kernel that could not be lowered (an unsupported construct in it or
/// in a function only it calls); the other kernels of its file are lowered
/// regardless.
#[derive(Debug)]
pub struct UnloweredKernel {
    /// The kernel's name in the source (demangled for CUDA).
    pub source_name: String,
    pub error: FrontendError,
    /// Where the report points: the unsupported construct, else the
    /// kernel's definition (`None` without debug information).
    pub loc: Option<SourceLoc>,
}

/// Every selected kernel of one input file.
#[derive(Debug)]
pub struct LoweredKernels {
    pub language: Language,
    pub kernels: Vec<LoweredKernel>,
    /// The selected kernels that could not be lowered, in file order.
    pub failures: Vec<UnloweredKernel>,
    /// CUDA template kernels of the file that are never instantiated (so
    /// not among `kernels`), see [`templates`].
    pub uninstantiated_templates: Vec<String>,
    /// The optimised LLVM IR the kernels were lowered from (`None` for
    /// `.ivl` input), for `--keep-temps`.
    pub ir_text: Option<String>,
}

/// Lowers every kernel of `path` (or those in `config.only_kernels`); the
/// first kernel that cannot be lowered makes the whole file an error (see
/// [`lower_each_kernel`] to keep the others).
pub fn lower_file(path: &Path, config: &FrontendConfig) -> Result<LoweredKernels, FrontendError> {
    let mut lowered = lower_each_kernel(path, config)?;
    if !lowered.failures.is_empty() {
        return Err(lowered.failures.remove(0).error);
    }
    Ok(lowered)
}

/// Lowers every kernel of `path` (or those in `config.only_kernels`) on
/// its own: a kernel that cannot be lowered is listed in
/// [`LoweredKernels::failures`] and the others are lowered regardless.
/// Errors that concern the whole file (clang, a missing tool, an unknown
/// kernel name) are still returned as `Err`.
pub fn lower_each_kernel(
    path: &Path,
    config: &FrontendConfig,
) -> Result<LoweredKernels, FrontendError> {
    let language = config
        .language
        .or_else(|| Language::of_path(path))
        .ok_or_else(|| FrontendError::Malformed {
            path: path.to_path_buf(),
            message: "unknown input kind; expected .cl, .cu, .bc, .ll or .ivl".into(),
            details: Vec::new(),
        })?;
    if !path.exists() {
        return Err(FrontendError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        });
    }
    let boogie_files = config
        .boogie_files
        .iter()
        .map(|f| boogie_file::read(f))
        .collect::<Result<Vec<_>, _>>()?;
    let with_boogie = |mut kernels: Vec<LoweredKernel>| -> Result<_, FrontendError> {
        if !boogie_files.is_empty() {
            for k in &mut kernels {
                boogie_file::merge(&mut k.program, &boogie_files)?;
            }
        }
        Ok(kernels)
    };
    if language == Language::Ivl {
        return Ok(LoweredKernels {
            language,
            kernels: with_boogie(lower_ivl(path, config)?)?,
            failures: Vec::new(),
            uninstantiated_templates: Vec::new(),
            ir_text: None,
        });
    }
    let compiled = toolchain::compile(path, language, config)?;
    let meta = irtext::IrMetadata::scan(&compiled.ir_text);
    let mut module = llvm_ir::Module::from_ir_str(&compiled.ir_text).map_err(|message| {
        FrontendError::Malformed {
            path: path.to_path_buf(),
            message: format!("LLVM IR does not load: {message}"),
            details: Vec::new(),
        }
    })?;
    lower::shortcircuit::flatten(&mut module);
    let (kernels, failures) = lower::lower_module(&module, &meta, path, config)?;
    let kernels = with_boogie(kernels)?;
    let uninstantiated_templates = match (language, std::fs::read_to_string(path)) {
        (Language::Cuda, Ok(source)) if config.only_kernels.is_empty() => {
            let names: Vec<String> = kernels
                .iter()
                .map(|k| k.source_name.clone())
                .chain(failures.iter().map(|f| f.source_name.clone()))
                .collect();
            templates::uninstantiated_template_kernels(&source, &names)
        }
        _ => Vec::new(),
    };
    Ok(LoweredKernels {
        language,
        kernels,
        failures,
        uninstantiated_templates,
        ir_text: Some(compiled.ir_text),
    })
}

/// A hand-written kernel `.ivl`: parsed and checked; one entry per
/// `{:kernel}` procedure, each program keeping only that kernel.
fn lower_ivl(path: &Path, config: &FrontendConfig) -> Result<Vec<LoweredKernel>, FrontendError> {
    let text = std::fs::read_to_string(path).map_err(|source| FrontendError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let file = ivl::SourceFile::new(path.display().to_string(), text);
    let program = ivl::parse(&file).map_err(|diags| FrontendError::Malformed {
        path: path.to_path_buf(),
        message: "the IVL does not parse".into(),
        details: diags.iter().map(|d| d.message.clone()).collect(),
    })?;
    let errors = ivl::check(&program);
    if !errors.is_empty() {
        return Err(FrontendError::Malformed {
            path: path.to_path_buf(),
            message: "the IVL does not type-check".into(),
            details: errors.iter().map(|d| d.message.clone()).collect(),
        });
    }
    let kernel_names: Vec<String> = program
        .procedures()
        .filter(|p| p.is_kernel())
        .map(|p| p.name.name.clone())
        .collect();
    Ok(kernel_names
        .iter()
        .filter(|k| config.only_kernels.is_empty() || config.only_kernels.contains(k))
        .map(|k| {
            let mut single = program.clone();
            single.decls.retain(|d| !matches!(d, ivl::ast::Decl::Procedure(p) if p.is_kernel() && &p.name.name != k));
            LoweredKernel { name: k.clone(), source_name: k.clone(), program: single, notes: Vec::new() }
        })
        .collect())
}
