//! Snapshots of the kernel IVL of twenty corpus kernels
//! (`UPDATE_EXPECT=1 cargo test -p frontend --test snapshots` to bless).
//! The snapshot files are `.ivl`, so the ivl crate's round-trip test reads
//! them too.

fn check(relative: &str) {
    // A relative path (cargo runs tests in the crate directory) keeps the
    // `{:source}` attributes free of machine-specific prefixes.
    let path = format!("../tests/kernels/{relative}");
    let lowered = frontend::lower_file(path.as_ref(), &frontend::FrontendConfig::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let text: String = lowered
        .kernels
        .iter()
        .map(|k| ivl::print(&k.program))
        .collect();
    let text = stable_include_dir(&text);
    let name = relative.replace('/', "_").replace(['.'], "_");
    expect_test::expect_file![format!("snapshots/{name}.ivl")].assert_eq(&text);
}

/// The driver extracts its headers into a directory named by a hash of
/// their contents (`/tmp/gpuverify-include-<hash>/`): sources inside it
/// are written `<include>/` so a header change does not change every
/// snapshot that inlines a helper.
fn stable_include_dir(text: &str) -> String {
    const MARK: &str = "gpuverify-include-";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        let start = rest[..at].rfind('"').map_or(at, |q| q + 1);
        let Some(slash) = rest[at..].find('/') else {
            break;
        };
        out.push_str(&rest[..start]);
        out.push_str("<include>");
        rest = &rest[at + slash..];
    }
    out.push_str(rest);
    out
}

macro_rules! snapshot {
    ($($test:ident => $file:literal),* $(,)?) => {
        $(#[test] fn $test() { check($file); })*
    };
}

snapshot! {
    opencl_copy_global => "opencl/copy_global.cl",
    opencl_local_tile_barrier => "opencl/local_tile_barrier.cl",
    opencl_tree_reduction => "opencl/tree_reduction.cl",
    opencl_pointer_select => "opencl/pointer_select.cl",
    opencl_null_pointer_write => "opencl/null_pointer_write.cl",
    opencl_byte_and_int_access => "opencl/byte_and_int_access.cl",
    opencl_float4_vectors => "opencl/float4_vectors.cl",
    opencl_requires_ensures => "opencl/requires_ensures.cl",
    opencl_loop_invariant_annotation => "opencl/loop_invariant_annotation.cl",
    cuda_shared_reverse => "cuda/shared_reverse.cu",
    cuda_atomic_add_counter => "cuda/atomic_add_counter.cu",
    cuda_device_pointer_helper => "cuda/device_pointer_helper.cu",
    cuda_pointer_walk => "cuda/pointer_walk.cu",
    cuda_struct_by_value => "cuda/struct_by_value.cu",
    cuda_pointer_array_private => "cuda/pointer_array_private.cu",
    opencl_struct_copies => "opencl/struct_copies.cl",
    opencl_async_copy_tile => "opencl/async_copy_tile.cl",
    opencl_constant_table_indexing => "opencl/constant_table_indexing.cl",
    opencl_annotation_short_circuit => "opencl/annotation_short_circuit.cl",
    opencl_vector_variable_lane => "opencl/vector_variable_lane.cl",
}
