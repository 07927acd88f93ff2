//! Frontend configuration: what the CLI passes in (`-D`, `-I`, kernel
//! selection, constraints on kernel arguments, pointer width).

use std::path::PathBuf;

/// Settings for one run of the frontend. `Default` is OpenCL/CUDA with
/// 32-bit pointers, every kernel, no defines.
#[derive(Clone, Debug)]
pub struct FrontendConfig {
    /// `-D NAME[=V]`, passed to clang verbatim (without the `-D`).
    pub defines: Vec<String>,
    /// `-I DIR`, passed to clang.
    pub include_dirs: Vec<PathBuf>,
    /// Lower only these kernels (source names); empty means every kernel.
    pub only_kernels: Vec<String>,
    /// `--kernel-args=K,v1,...`: values of K's scalar arguments.
    pub kernel_args: Vec<KernelValues>,
    /// `--kernel-arrays=K,s1,...`: sizes (in elements) of K's array arguments.
    pub kernel_arrays: Vec<KernelValues>,
    /// Pointer width of the compilation target: 32 (`spir`, `nvptx`) or 64
    /// (`spir64`, `nvptx64`). Bitcode produced elsewhere keeps its own.
    pub pointer_bitwidth: u32,
    /// OpenCL C version for `.cl` input (`CL1.2`, `CL2.0`).
    pub opencl_std: String,
    /// Where the force-included headers are materialised; `None` means the
    /// system temporary directory.
    pub scratch_dir: Option<PathBuf>,
    /// The source language, overriding the file extension (`--opencl`,
    /// `--cuda`); `None` decides by extension.
    pub language: Option<crate::Language>,
    /// `--check-array-bounds`: assert every access to an array of known
    /// size in bounds (`frontend/src/lower/bounds.rs`).
    pub check_array_bounds: bool,
    /// `--clang-opt=OPT`: extra options passed to clang last.
    pub clang_opts: Vec<String>,
    /// `--no-annotations`: every source annotation is ignored.
    pub no_annotations: bool,
    /// `--only-requires`: every annotation but `__requires` is ignored.
    pub only_requires: bool,
    /// `--boogie-file=X.bpl`: extra `const`/`function`/`axiom`
    /// declarations added to every kernel's program ([`crate::boogie_file`]).
    pub boogie_files: Vec<PathBuf>,
}

impl Default for FrontendConfig {
    fn default() -> Self {
        FrontendConfig {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            only_kernels: Vec::new(),
            kernel_args: Vec::new(),
            kernel_arrays: Vec::new(),
            pointer_bitwidth: 32,
            opencl_std: "CL1.2".to_string(),
            scratch_dir: None,
            language: None,
            check_array_bounds: false,
            clang_opts: Vec::new(),
            no_annotations: false,
            only_requires: false,
            boogie_files: Vec::new(),
        }
    }
}

/// One `K,v1,v2,...` list: a kernel name and one entry per argument, where
/// `None` (written `*`) leaves that argument unconstrained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelValues {
    pub kernel: String,
    pub values: Vec<Option<u64>>,
}

impl KernelValues {
    /// Parses `K,v1,...` (values decimal or `0x` hex, or `*`).
    pub fn parse(text: &str) -> Result<KernelValues, String> {
        let mut parts = text.split(',').map(str::trim);
        let kernel = match parts.next() {
            Some(k) if !k.is_empty() => k.to_string(),
            _ => return Err(format!("`{text}`: expected a kernel name first")),
        };
        let values = parts
            .map(|v| {
                if v == "*" {
                    return Ok(None);
                }
                let parsed = match v.strip_prefix("0x") {
                    Some(hex) => u64::from_str_radix(hex, 16),
                    None => v.parse::<u64>(),
                };
                parsed
                    .map(Some)
                    .map_err(|_| format!("`{v}` in `{text}` is not a number or `*`"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(KernelValues { kernel, values })
    }
}

#[cfg(test)]
mod tests {
    use super::KernelValues;

    #[test]
    fn parses_kernel_values() {
        let kv = KernelValues::parse("foo,4,*,0x10").unwrap();
        assert_eq!(kv.kernel, "foo");
        assert_eq!(kv.values, vec![Some(4), None, Some(16)]);
        assert!(KernelValues::parse(",1").is_err());
        assert!(KernelValues::parse("k,x").is_err());
    }
}
