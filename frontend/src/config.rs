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
    /// Values of K's arguments by parameter position, every parameter
    /// counted (a recorded launch, `gpuverify --launches`): the entries of
    /// pointer and vector parameters are ignored, a value wider than its
    /// parameter constrains nothing, and a list whose length differs from
    /// the kernel's parameter count constrains nothing.
    pub kernel_param_values: Vec<KernelValues>,
    /// Sizes in bytes of K's arguments by parameter position, every
    /// parameter counted (the buffer and `__local` sizes of a recorded
    /// launch): with `check_array_bounds`, the size of each array argument
    /// with an entry and no `kernel_arrays` size. Other entries are ignored.
    pub kernel_param_bytes: Vec<KernelValues>,
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
    /// `--dynamic-shared-bytes=N`: the size of CUDA's dynamic shared memory
    /// (every `extern __shared__` array); `None` leaves it unknown.
    pub dynamic_shared_bytes: Option<u64>,
    /// `--clang-opt=OPT`: extra options passed to clang last.
    pub clang_opts: Vec<String>,
    /// `--no-annotations`: every source annotation is ignored.
    pub no_annotations: bool,
    /// `--only-requires`: every annotation but `__requires` is ignored.
    pub only_requires: bool,
    /// `--boogie-file=X.bpl`: extra `const`/`function`/`axiom`
    /// declarations added to every kernel's program ([`crate::boogie_file`]).
    pub boogie_files: Vec<PathBuf>,
    /// `--distinct-host-buffers`: each pointer the host stored in a
    /// read-only pointer table points to a buffer of its own
    /// (`frontend/src/lower/distinct_host_buffers.rs`).
    pub distinct_host_buffers: bool,
}

impl Default for FrontendConfig {
    fn default() -> Self {
        FrontendConfig {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            only_kernels: Vec::new(),
            kernel_args: Vec::new(),
            kernel_arrays: Vec::new(),
            kernel_param_values: Vec::new(),
            kernel_param_bytes: Vec::new(),
            pointer_bitwidth: 32,
            opencl_std: "CL1.2".to_string(),
            scratch_dir: None,
            language: None,
            check_array_bounds: false,
            dynamic_shared_bytes: None,
            clang_opts: Vec::new(),
            no_annotations: false,
            only_requires: false,
            boogie_files: Vec::new(),
            distinct_host_buffers: false,
        }
    }
}

/// One `K,v1,v2,...` list: a kernel name and one entry per argument, where
/// `None` (written `*`) leaves that argument unconstrained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelValues {
    pub kernel: String,
    pub values: Vec<Option<u64>>,
    /// `NAME=WxH[xD]` entries: the size of image argument NAME (not
    /// positional; `get_image_width/height/depth/dim` return it).
    pub images: Vec<(String, Vec<u64>)>,
}

impl KernelValues {
    /// Parses `K,v1,...` (values decimal, negative decimal, or `0x` hex, or
    /// `*`; a decimal floating-point literal such as `0.005` or `-2.0f` is
    /// accepted and, like `*`, leaves the argument unconstrained).
    /// A templated kernel name keeps its commas (`stagedCopy<float, 32>,512`).
    pub fn parse(text: &str) -> Result<KernelValues, String> {
        let (kernel, rest) = split_kernel_name(text);
        let kernel = match kernel.trim() {
            // Template arguments written as clang prints them
            // (`reduce<float,256>` names `reduce<float, 256>`).
            k if !k.is_empty() => k.split(',').map(str::trim).collect::<Vec<_>>().join(", "),
            _ => return Err(format!("`{text}`: expected a kernel name first")),
        };
        let parts = rest
            .map(|r| r.split(',').map(str::trim).collect::<Vec<_>>())
            .unwrap_or_default();
        let mut images = Vec::new();
        let values = parts
            .into_iter()
            .filter(|v| match v.split_once('=') {
                Some((name, size)) => {
                    images.push((name.trim().to_string(), size.trim().to_string()));
                    false
                }
                None => true,
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|v| {
                if v == "*" || is_float_literal(v) {
                    // A floating-point value (a host's `0.005f`, `-2.0`):
                    // floats are uninterpreted bit patterns here, so the
                    // argument stays unconstrained (never an assumption).
                    return Ok(None);
                }
                // A negative value is stored as its 64-bit two's
                // complement; the frontend checks it fits the parameter
                // (`lower/flag_values.rs`) and truncates it to its width.
                let parsed = match (v.strip_prefix("0x"), v.strip_prefix('-')) {
                    (Some(hex), _) => u64::from_str_radix(hex, 16),
                    (None, Some(_)) => v.parse::<i64>().map(|n| n as u64),
                    (None, None) => v.parse::<u64>(),
                };
                parsed
                    .map(Some)
                    .map_err(|_| format!("`{v}` in `{text}` is not a number or `*`"))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let images = images
            .into_iter()
            .map(|(name, size)| {
                let dims = size
                    .split('x')
                    .map(|d| d.trim().parse::<u64>().ok().filter(|&d| (1..=u64::from(u32::MAX)).contains(&d)))
                    .collect::<Option<Vec<u64>>>()
                    .filter(|d| (1..=3).contains(&d.len()));
                match dims {
                    Some(d) if !name.is_empty() => Ok((name, d)),
                    _ => Err(format!(
                        "`{name}={size}` in `{text}` is not an image size (write e.g. `img=640x480`, \
                         `vol=64x64x32` or `line=1024`, each at least 1)"
                    )),
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(KernelValues {
            kernel,
            values,
            images,
        })
    }
}

/// Splits `K,rest` at the first comma outside template brackets, so a
/// template kernel's name (`reduce<float, 256>`) may contain commas.
pub fn split_kernel_name(text: &str) -> (&str, Option<&str>) {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth <= 0 => return (&text[..i], Some(&text[i + 1..])),
            _ => {}
        }
    }
    (text, None)
}

/// A decimal floating-point literal (`1.5`, `-2.0f`, `1e-3`, `.5`): digits
/// with a `.` or an exponent, an optional `f`/`F` suffix.
fn is_float_literal(v: &str) -> bool {
    let body = v.strip_suffix(['f', 'F']).unwrap_or(v);
    !v.starts_with("0x")
        && (body.contains('.') || body.contains(['e', 'E']))
        && body.parse::<f64>().is_ok_and(f64::is_finite)
}

#[cfg(test)]
mod tests {
    use super::KernelValues;

    #[test]
    fn template_kernel_names_keep_their_commas() {
        let kv = KernelValues::parse("reduce<float, 256>,1048576,*").unwrap();
        assert_eq!(kv.kernel, "reduce<float, 256>");
        assert_eq!(kv.values, vec![Some(1048576), None]);
        let kv = KernelValues::parse("reduce<float,256>,7").unwrap();
        assert_eq!(kv.kernel, "reduce<float, 256>");
        let kv = KernelValues::parse("scan<float>").unwrap();
        assert_eq!((kv.kernel.as_str(), kv.values.len()), ("scan<float>", 0));
        assert!(KernelValues::parse("k<int,2>,x").is_err());
    }

    #[test]
    fn parses_kernel_values() {
        let kv = KernelValues::parse("foo,4,*,0x10").unwrap();
        assert_eq!(kv.kernel, "foo");
        assert_eq!(kv.values, vec![Some(4), None, Some(16)]);
        let kv = KernelValues::parse("blur,img=640x480,7,out=64x64x8").unwrap();
        assert_eq!(kv.values, vec![Some(7)]);
        assert_eq!(
            kv.images,
            vec![
                ("img".to_string(), vec![640, 480]),
                ("out".to_string(), vec![64, 64, 8])
            ]
        );
        assert!(KernelValues::parse("k,img=0x4").is_err());
        assert!(KernelValues::parse("k,img=4x4x4x4").is_err());
        assert!(KernelValues::parse("k,img=wide").is_err());
        assert!(KernelValues::parse(",1").is_err());
        assert!(KernelValues::parse("k,x").is_err());
        // Templated kernels keep their template arguments.
        let kv = KernelValues::parse("stagedCopy<float,32>,512,*").unwrap();
        assert_eq!(kv.kernel, "stagedCopy<float, 32>");
        assert_eq!(kv.values, vec![Some(512), None]);
        let kv = KernelValues::parse("k<int>").unwrap();
        assert_eq!((kv.kernel.as_str(), kv.values.len()), ("k<int>", 0));
    }
}
