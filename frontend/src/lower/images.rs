//! OpenCL images: `image{1d,1d_buffer,1d_array,2d,2d_array,3d}_t` (and
//! depth images) kernel arguments and the `read_image*`, `write_image*`
//! and `get_image_*` builtins.
//!
//! Consumes: the image objects [`super::memory`] made of image arguments
//! (one map element of [`TEXEL_BYTES`] per pixel) and the builtin calls.
//! Guarantees (the model SOUNDNESS.md states):
//! - a `read_only` image is never accessed: a read yields an arbitrary
//!   texel (a havocked value), so it never races; a read through a
//!   sampler (float or integer coordinates) is the same;
//! - a `write_only` image is written per pixel: `write_image*` is a write
//!   of the texel at the pixel's index, race-checked like an array store
//!   (two work-items writing one pixel race; groups are not ordered);
//! - a `read_write` image is read and written per pixel like an array;
//!   its map carries `{:image_memory}`, so its accesses are ordered only
//!   by a barrier naming `CLK_IMAGE_MEM_FENCE` (`{:image_fence}` on the
//!   IVL barrier), never by `CLK_GLOBAL_MEM_FENCE` alone; an image fence
//!   orders no buffer.
//!
//! The pixel index packs the coordinates into one pointer-width integer
//! (`x + y * 2^(w/2)` in two dimensions, `x + y * 2^(w/3) + z * 2^(2w/3)`
//! in three): equal pixels get equal indices; distinct pixels whose
//! coordinates exceed the packing width may share an index, which can only
//! add reported races, never hide one. `get_image_*` queries are uniform
//! arbitrary values: uninterpreted functions of the image.

use super::function::{lhs, FnCtx};
use super::inst::{bv_add, bv_const, extract, resize};
use crate::error::FrontendError;
use ivl::ast::{Attribute, BinaryOp as B, Expr, Ident, StmtKind, Type};
use llvm_ir::instruction::Call;

/// Whether a barrier fences image memory (`CLK_IMAGE_MEM_FENCE`).
pub enum ImageFence {
    Yes,
    No,
    /// Decided at run time: the flags' image bit is set.
    When(Expr),
}

impl FnCtx<'_, '_> {
    /// `call barrier(local, global)`, with `{:image_fence}` when `image`
    /// says so; a run-time image bit branches between the two barriers
    /// (each branch assumes its value of the bit).
    pub(crate) fn emit_barrier(&mut self, local: Expr, global: Expr, image: ImageFence) {
        let call = |local: Expr, global: Expr| StmtKind::Call {
            callee: Ident::synthetic(ivl::kernel::BARRIER),
            args: vec![local, global],
            rets: vec![],
        };
        let fence = || vec![Attribute::new(ivl::kernel::IMAGE_FENCE_ATTR, vec![])];
        match image {
            ImageFence::Yes => self.emit(call(local, global), fence()),
            ImageFence::No => self.emit(call(local, global), Vec::new()),
            ImageFence::When(bit) => {
                let (with, without, join) = (
                    self.fresh_label("image_fence"),
                    self.fresh_label("no_image_fence"),
                    self.fresh_label("fenced"),
                );
                self.split_block(vec![with.clone(), without.clone()], with);
                self.emit(StmtKind::Assume(bit.clone()), Vec::new());
                self.emit(call(local.clone(), global.clone()), fence());
                self.split_block(vec![join.clone()], without);
                self.emit(
                    StmtKind::Assume(Expr::unary(ivl::ast::UnaryOp::Not, bit)),
                    Vec::new(),
                );
                self.emit(call(local, global), Vec::new());
                self.split_block(vec![join.clone()], join);
            }
        }
    }
}

/// `{:image_coordinates n}` on an image's map: how many packed
/// coordinates its index holds (reports unpack them with
/// [`pixel_coordinates`]).
pub const IMAGE_COORDINATES_ATTR: &str = "image_coordinates";

/// The coordinates packed into pixel index `index` of a `ptr_bits`-wide
/// image map with `coordinates` coordinates (the inverse of the packing
/// for coordinates that fit).
pub fn pixel_coordinates(index: u128, coordinates: u32, ptr_bits: u32) -> Vec<u128> {
    let coordinates = coordinates.clamp(1, 3);
    (0..coordinates)
        .map(|k| {
            let lo = k * ptr_bits / coordinates;
            let hi = if k + 1 == coordinates {
                ptr_bits
            } else {
                (k + 1) * ptr_bits / coordinates
            };
            (index >> lo) & ((1u128 << (hi - lo)) - 1)
        })
        .collect()
}

/// Bytes of one pixel's map element: the widest texel (`float4`, `int4`).
pub const TEXEL_BYTES: u64 = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageAccess {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

/// What the kernel argument's type says about an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageInfo {
    pub access: ImageAccess,
    /// The coordinates that name a pixel: 1 (1D, 1D buffer), 2 (2D, 1D
    /// array: x and layer) or 3 (3D, 2D array: x, y and layer).
    pub coordinates: u32,
}

impl ImageInfo {
    /// The image of an LLVM opaque type name (`opencl.image2d_ro_t`), or
    /// `None` for other types.
    pub fn of_type_name(name: &str) -> Option<ImageInfo> {
        let rest = name.strip_prefix("opencl.image")?.strip_suffix("_t")?;
        let (shape, access) = rest.rsplit_once('_')?;
        let access = match access {
            "ro" => ImageAccess::ReadOnly,
            "wo" => ImageAccess::WriteOnly,
            "rw" => ImageAccess::ReadWrite,
            _ => return None,
        };
        let shape = shape.trim_end_matches("_depth").trim_end_matches("_msaa");
        let coordinates = match shape {
            "1d" | "1d_buffer" => 1,
            "1d_array" | "2d" => 2,
            "2d_array" | "3d" => 3,
            _ => return None,
        };
        Some(ImageInfo {
            access,
            coordinates,
        })
    }
}

impl FnCtx<'_, '_> {
    /// Lowers an image builtin; `false` when `base` is not one.
    pub fn image_builtin(&mut self, base: &str, call: &Call) -> Result<bool, FrontendError> {
        if base.starts_with("get_image_") {
            self.image_query(base, call)?;
        } else if base.starts_with("read_image") {
            self.read_image(base, call)?;
        } else if base.starts_with("write_image") {
            self.write_image(base, call)?;
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// The image objects an image pointer may name, with their kinds.
    fn image_targets(&mut self, call: &Call, base: &str) -> Result<Vec<u32>, FrontendError> {
        let p = self.arg_ptr(call, 0)?;
        for id in &p.objects {
            if !self.k.memory.images.contains_key(id) {
                return Err(self.err_site(format!("`{base}` on something not an image")));
            }
        }
        Ok(p.objects)
    }

    /// `get_image_width(img)` and the other queries: uniform, arbitrary.
    fn image_query(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let Some(dest) = &call.dest else {
            return Ok(());
        };
        let p = self.arg_ptr(call, 0)?;
        let ty = self.k.module.type_of(call);
        let ret = self
            .k
            .layout
            .value_type(&ty)
            .ok_or_else(|| self.err_site(format!("`{base}` returning `{ty}`")))?;
        let value = self.uninterpreted(&format!("${base}"), vec![Type::Bv(32)], ret, vec![p.base]);
        let d = self.dest_local(dest, &ty)?;
        self.assign(vec![lhs(&d)], vec![value], Vec::new());
        Ok(())
    }

    /// `--kernel-args=K,img=WxH[xD]`: the sizes `get_image_width/height/
    /// depth` return for image argument `img`, as `requires` (shown among
    /// the verdict's assumptions). A name that is no image argument of the
    /// kernel is an error.
    pub(crate) fn image_size_constraints(
        &mut self,
        kernel: &str,
        images: &[(String, Vec<u64>)],
    ) -> Result<(), FrontendError> {
        for (name, dims) in images {
            let image_args: Vec<(u32, String)> = self
                .k
                .memory
                .objects
                .iter()
                .filter(|o| {
                    matches!(o.origin, super::memory::Origin::KernelArg(_))
                        && self.k.memory.images.contains_key(&o.id)
                })
                .map(|o| (o.id, o.source_name.clone()))
                .collect();
            let Some(id) = image_args
                .iter()
                .find(|(_, n)| n == name)
                .map(|(id, _)| *id)
            else {
                return Err(FrontendError::Malformed {
                    path: std::path::PathBuf::from(format!("--kernel-args={kernel}")),
                    message: format!(
                        "`{name}` is not an image argument of kernel `{kernel}` (its image \
                         arguments: {})",
                        if image_args.is_empty() {
                            "none".to_string()
                        } else {
                            image_args
                                .iter()
                                .map(|(_, n)| format!("`{n}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    ),
                    details: Vec::new(),
                });
            };
            let base = Expr::bv(u128::from(id), 32);
            for (query, size) in ["get_image_width", "get_image_height", "get_image_depth"]
                .iter()
                .zip(dims)
            {
                let value = self.uninterpreted(
                    &format!("${query}"),
                    vec![Type::Bv(32)],
                    Type::Bv(32),
                    vec![base.clone()],
                );
                self.requires.push(ivl::ast::Spec {
                    attrs: vec![ivl::ast::Attribute::new(
                        "kernel_args",
                        vec![ivl::ast::AttrArg::Str(format!("{query}({name}) == {size}"))],
                    )],
                    expr: Expr::eq(value, Expr::bv(u128::from(*size), 32)),
                    span: ivl::Span::DUMMY,
                });
            }
        }
        Ok(())
    }

    /// The pixel index (in map elements) of argument `i`'s coordinates, or
    /// `None` for float coordinates.
    fn pixel_index(
        &mut self,
        call: &Call,
        i: usize,
        info: ImageInfo,
    ) -> Result<Option<Expr>, FrontendError> {
        let ty = self.k.module.type_of(&call.arguments[i].0);
        let (lanes, element) = match ty.as_ref() {
            llvm_ir::Type::VectorType {
                num_elements,
                element_type,
                ..
            } => (*num_elements as u32, element_type.clone()),
            _ => (1, ty.clone()),
        };
        if !matches!(element.as_ref(), llvm_ir::Type::IntegerType { bits: 32 }) {
            return Ok(None);
        }
        let coord = self.arg(call, i)?;
        let w = self.k.layout.ptr_bits;
        let n = info.coordinates.min(lanes);
        let mut index = bv_const(0, w);
        for k in 0..n {
            let lane = if lanes == 1 {
                coord.clone()
            } else {
                extract(coord.clone(), 32 * k + 32, 32 * k)
            };
            let shift = k * w / info.coordinates;
            let scaled = Expr::binary(
                B::Mul,
                resize(lane, 32, w, false),
                bv_const(1i128 << shift, w),
            );
            index = bv_add(index, scaled);
        }
        Ok(Some(index))
    }

    /// `read_image{f,i,ui,h}(img, [sampler,] coord)`.
    fn read_image(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        let Some(dest) = &call.dest else {
            return Ok(());
        };
        let ty = self.k.module.type_of(call);
        let bits = self.bits_of(&ty)?;
        let d = self.dest_local(dest, &ty)?;
        self.image_targets(call, base)?;
        let coord_arg = call.arguments.len() - 1;
        let p = self.arg_ptr(call, 0)?;
        self.for_each_target(&p, &mut |this, id| {
            let info = this.k.memory.images[&id];
            let index = match info.access {
                ImageAccess::ReadWrite => this.pixel_index(call, coord_arg, info)?,
                _ => None,
            };
            match index {
                Some(index) => {
                    let raw = this.read(id, &bv_add(p.off.clone(), index), TEXEL_BYTES)?;
                    let v = if bits < 128 {
                        extract(raw, bits, 0)
                    } else {
                        raw
                    };
                    this.assign(vec![lhs(&d)], vec![v], Vec::new());
                }
                // A read-only image (or a sampled read): an arbitrary texel.
                None => this.emit(
                    StmtKind::Havoc(vec![Ident::synthetic(d.clone())]),
                    Vec::new(),
                ),
            }
            Ok(())
        })
    }

    /// `write_image{f,i,ui,h}(img, coord, [lod,] color)`.
    fn write_image(&mut self, base: &str, call: &Call) -> Result<(), FrontendError> {
        self.image_targets(call, base)?;
        let last = call.arguments.len() - 1;
        let value_ty = self.k.module.type_of(&call.arguments[last].0);
        let bits = self.bits_of(&value_ty)?;
        let value = resize(self.arg(call, last)?, bits, 128, false);
        let p = self.arg_ptr(call, 0)?;
        self.for_each_target(&p, &mut |this, id| {
            let info = this.k.memory.images[&id];
            if info.access == ImageAccess::ReadOnly {
                return Err(this.err_site(format!("`{base}` on a read_only image")));
            }
            let Some(index) = this.pixel_index(call, 1, info)? else {
                return Err(this.err_site(format!("`{base}` with non-integer coordinates")));
            };
            let at = bv_add(p.off.clone(), index);
            let (l, r) = this.write(id, &at, TEXEL_BYTES, value.clone())?;
            this.assign(l, r, Vec::new());
            Ok(())
        })
    }
}
