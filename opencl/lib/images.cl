// images.cl - OpenCL C's image functions for Loom: read_image*, write_image*, get_image_*.
// SPDX-License-Identifier: Apache-2.0
//
// libclc's nvptx library has no image functions; these are Loom's. An image
// argument is the address of the LoomClImage descriptor the ICD library made
// (image_abi.h); a sampler is its bits (CLK_* values). clang gives both
// opaque types, so the functions here reach them through two placeholders,
// __loom_cl_image(img) and __loom_cl_sampler(s), that loom-clc replaces with
// the value itself after linking (opencl/compiler/ClCompile.cpp).
//
// Sampled reads call libloomrt's CUDA texture sampling (__loom_tex_fetch,
// runtime/texture/Sample.cpp) with the texture record of the sampler's
// state: OpenCL's CLAMP_TO_EDGE, CLAMP, REPEAT and MIRRORED_REPEAT are
// CUDA's clamp, border (colour 0), wrap and mirror; NONE reads as
// CLAMP_TO_EDGE; nearest and linear filtering follow the same formulas
// (linear weights in CUDA's 8-bit fixed point). The texels come back in
// memory order and are placed by the channel order here; writes convert
// with the rounding and saturation rules of the OpenCL C specification
// (section 8.3) and ignore coordinates outside the image.
#include "image_abi.h"

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

void __loom_tex_fetch(ulong tex, uint kind, double x, double y, double z, int layer,
                      __private void *out, uint wantInt);
uint __loom_cl_sampler(sampler_t s);

#define LOOM_OVL __attribute__((overloadable))
#define LOOM_PH(ACC, IMG) global const LoomClImage *LOOM_OVL __loom_cl_image(ACC IMG img);
#define LOOM_PH_ALL(IMG) LOOM_PH(read_only, IMG) LOOM_PH(write_only, IMG) LOOM_PH(read_write, IMG)
LOOM_PH_ALL(image1d_t)
LOOM_PH_ALL(image1d_buffer_t)
LOOM_PH_ALL(image1d_array_t)
LOOM_PH_ALL(image2d_t)
LOOM_PH_ALL(image2d_array_t)
LOOM_PH_ALL(image3d_t)

typedef union {
  float4 f;
  int4 i;
} LoomTexel;

// Coordinates widened to four lanes.
static float4 LOOM_OVL loom_f4(float c) { return (float4)(c, 0.0f, 0.0f, 0.0f); }
static float4 LOOM_OVL loom_f4(float2 c) { return (float4)(c, 0.0f, 0.0f); }
static float4 LOOM_OVL loom_f4(float4 c) { return c; }
static float4 LOOM_OVL loom_f4(int c) { return (float4)((float)c, 0.0f, 0.0f, 0.0f); }
static float4 LOOM_OVL loom_f4(int2 c) { return (float4)(convert_float2(c), 0.0f, 0.0f); }
static float4 LOOM_OVL loom_f4(int4 c) { return convert_float4(c); }
static int4 LOOM_OVL loom_i4(int c) { return (int4)(c, 0, 0, 0); }
static int4 LOOM_OVL loom_i4(int2 c) { return (int4)(c, 0, 0); }
static int4 LOOM_OVL loom_i4(int4 c) { return c; }

// Memory order (lanes 0..channels-1) to (r, g, b, a) and back.
#ifdef CLK_ABGR
#define LOOM_ABGR_CASE case CLK_ABGR: return v.wzyx;
#else
#define LOOM_ABGR_CASE
#endif
#define LOOM_PLACE(T, ZERO, ONE)                                                                   \
  static T LOOM_OVL loom_place(T v, int order) {                                                   \
    switch (order) {                                                                               \
    case CLK_A: return (T)(ZERO, ZERO, ZERO, v.x);                                                 \
    case CLK_RA: return (T)(v.x, ZERO, ZERO, v.y);                                                 \
    case CLK_BGRA: return v.zyxw;                                                                  \
    case CLK_ARGB: return v.yzwx;                                                                  \
    LOOM_ABGR_CASE                                                                                 \
    case CLK_INTENSITY: return v.xxxx;                                                             \
    case CLK_LUMINANCE: return (T)(v.xxx, ONE);                                                    \
    default: return v; /* R, RG, RGBA: missing lanes are already 0 and alpha 1 */                 \
    }                                                                                              \
  }
LOOM_PLACE(float4, 0.0f, 1.0f)
LOOM_PLACE(int4, 0, 1)
#define LOOM_UNPLACE(T)                                                                            \
  static T LOOM_OVL loom_unplace(T v, int order) {                                                 \
    switch (order) {                                                                               \
    case CLK_A: return v.wxyz;                                                                     \
    case CLK_RA: return v.xwyz;                                                                    \
    case CLK_BGRA: return v.zyxw;                                                                  \
    case CLK_ARGB: return v.wxyz;                                                                  \
    LOOM_ABGR_CASE                                                                                 \
    default: return v;                                                                             \
    }                                                                                              \
  }
LOOM_UNPLACE(float4)
LOOM_UNPLACE(int4)
LOOM_UNPLACE(uint4)

// A sampled (or, with the nearest/unnormalized/NONE sampler, a plain) read.
// layerAxis: 1 for 1D arrays (y is the layer), 2 for 2D arrays (z).
static LoomTexel loom_fetch(global const LoomClImage *im, uint smp, float4 c, int layerAxis) {
  int layer = 0;
  if (layerAxis == 1) {
    layer = (int)rint(c.y);
    c.y = 0.0f;
  } else if (layerAxis == 2) {
    layer = (int)rint(c.z);
    c.z = 0.0f;
  }
  LoomTexel r;
  __loom_tex_fetch(im->handles[LOOM_CL_SAMPLER_INDEX(smp)], (uint)im->kind, c.x, c.y, c.z, layer,
                   &r, 0);
  return r;
}
static float4 loom_readf(global const LoomClImage *im, uint smp, float4 c, int layerAxis) {
  return loom_place(loom_fetch(im, smp, c, layerAxis).f, im->order);
}
static int4 loom_readi(global const LoomClImage *im, uint smp, float4 c, int layerAxis) {
  return loom_place(loom_fetch(im, smp, c, layerAxis).i, im->order);
}

// The texel at integer coordinates c, or 0 outside the image.
static global uchar *loom_texel(global const LoomClImage *im, int4 c, int layerAxis) {
  int x = c.x, y = layerAxis == 1 ? 0 : c.y, z = layerAxis == 1 ? c.y : c.z;
  if (x < 0 || y < 0 || z < 0 || x >= im->width || y >= im->height || z >= im->depth)
    return 0;
  return (global uchar *)im->data + (ulong)z * im->slicePitch + (ulong)y * im->rowPitch +
         (ulong)x * (ulong)im->elementSize;
}
static void loom_writef(global const LoomClImage *im, int4 c, int layerAxis, float4 v) {
  global uchar *p = loom_texel(im, c, layerAxis);
  if (!p)
    return;
  v = loom_unplace(v, im->order);
  float a[4] = {v.x, v.y, v.z, v.w};
  for (int k = 0; k < im->channels; ++k) {
    switch (im->type) {
    case CLK_UNORM_INT8: p[k] = convert_uchar_sat_rte(a[k] * 255.0f); break;
    case CLK_UNORM_INT16: ((global ushort *)p)[k] = convert_ushort_sat_rte(a[k] * 65535.0f); break;
    case CLK_SNORM_INT8: ((global char *)p)[k] = convert_char_sat_rte(a[k] * 127.0f); break;
    case CLK_SNORM_INT16: ((global short *)p)[k] = convert_short_sat_rte(a[k] * 32767.0f); break;
    case CLK_HALF_FLOAT: vstore_half_rte(a[k], k, (global half *)p); break;
    case CLK_FLOAT: ((global float *)p)[k] = a[k]; break;
    default: break; // an integer format: write_imagei/ui (undefined here)
    }
  }
}
static void loom_writei(global const LoomClImage *im, int4 c, int layerAxis, int4 v) {
  global uchar *p = loom_texel(im, c, layerAxis);
  if (!p)
    return;
  v = loom_unplace(v, im->order);
  int a[4] = {v.x, v.y, v.z, v.w};
  for (int k = 0; k < im->channels; ++k) {
    switch (im->type) {
    case CLK_SIGNED_INT8: ((global char *)p)[k] = convert_char_sat(a[k]); break;
    case CLK_SIGNED_INT16: ((global short *)p)[k] = convert_short_sat(a[k]); break;
    case CLK_SIGNED_INT32: ((global int *)p)[k] = a[k]; break;
    default: break;
    }
  }
}
static void loom_writeui(global const LoomClImage *im, int4 c, int layerAxis, uint4 v) {
  global uchar *p = loom_texel(im, c, layerAxis);
  if (!p)
    return;
  v = loom_unplace(v, im->order);
  uint a[4] = {v.x, v.y, v.z, v.w};
  for (int k = 0; k < im->channels; ++k) {
    switch (im->type) {
    case CLK_UNSIGNED_INT8: p[k] = convert_uchar_sat(a[k]); break;
    case CLK_UNSIGNED_INT16: ((global ushort *)p)[k] = convert_ushort_sat(a[k]); break;
    case CLK_UNSIGNED_INT32: ((global uint *)p)[k] = a[k]; break;
    default: break;
    }
  }
}

// The sampler of reads without one: unnormalized, nearest, NONE.
#define LOOM_PLAIN (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST)

#define LOOM_READ_SAMPLED(IMG, FC, IC, AXIS)                                                       \
  float4 LOOM_OVL read_imagef(read_only IMG i, sampler_t s, FC c) {                               \
    return loom_readf(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS);                 \
  }                                                                                                \
  float4 LOOM_OVL read_imagef(read_only IMG i, sampler_t s, IC c) {                               \
    return loom_readf(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS);                 \
  }                                                                                                \
  int4 LOOM_OVL read_imagei(read_only IMG i, sampler_t s, FC c) {                                 \
    return loom_readi(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS);                 \
  }                                                                                                \
  int4 LOOM_OVL read_imagei(read_only IMG i, sampler_t s, IC c) {                                 \
    return loom_readi(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS);                 \
  }                                                                                                \
  uint4 LOOM_OVL read_imageui(read_only IMG i, sampler_t s, FC c) {                               \
    return as_uint4(loom_readi(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS));       \
  }                                                                                                \
  uint4 LOOM_OVL read_imageui(read_only IMG i, sampler_t s, IC c) {                               \
    return as_uint4(loom_readi(__loom_cl_image(i), __loom_cl_sampler(s), loom_f4(c), AXIS));       \
  }

#define LOOM_READ_PLAIN(ACC, IMG, IC, AXIS)                                                        \
  float4 LOOM_OVL read_imagef(ACC IMG i, IC c) {                                                  \
    return loom_readf(__loom_cl_image(i), LOOM_PLAIN, loom_f4(c), AXIS);                           \
  }                                                                                                \
  int4 LOOM_OVL read_imagei(ACC IMG i, IC c) {                                                    \
    return loom_readi(__loom_cl_image(i), LOOM_PLAIN, loom_f4(c), AXIS);                           \
  }                                                                                                \
  uint4 LOOM_OVL read_imageui(ACC IMG i, IC c) {                                                  \
    return as_uint4(loom_readi(__loom_cl_image(i), LOOM_PLAIN, loom_f4(c), AXIS));                 \
  }

#define LOOM_WRITE(ACC, IMG, IC, AXIS)                                                             \
  void LOOM_OVL write_imagef(ACC IMG i, IC c, float4 v) {                                         \
    loom_writef(__loom_cl_image(i), loom_i4(c), AXIS, v);                                          \
  }                                                                                                \
  void LOOM_OVL write_imagei(ACC IMG i, IC c, int4 v) {                                           \
    loom_writei(__loom_cl_image(i), loom_i4(c), AXIS, v);                                          \
  }                                                                                                \
  void LOOM_OVL write_imageui(ACC IMG i, IC c, uint4 v) {                                         \
    loom_writeui(__loom_cl_image(i), loom_i4(c), AXIS, v);                                         \
  }

#define LOOM_QUERIES(ACC, IMG)                                                                     \
  int LOOM_OVL get_image_width(ACC IMG i) { return __loom_cl_image(i)->width; }                   \
  int LOOM_OVL get_image_channel_data_type(ACC IMG i) { return __loom_cl_image(i)->type; }        \
  int LOOM_OVL get_image_channel_order(ACC IMG i) { return __loom_cl_image(i)->order; }

#define LOOM_IMAGE(IMG, FC, IC, AXIS)                                                              \
  LOOM_READ_SAMPLED(IMG, FC, IC, AXIS)                                                             \
  LOOM_READ_PLAIN(read_only, IMG, IC, AXIS)                                                        \
  LOOM_READ_PLAIN(read_write, IMG, IC, AXIS)                                                       \
  LOOM_WRITE(write_only, IMG, IC, AXIS)                                                            \
  LOOM_WRITE(read_write, IMG, IC, AXIS)                                                            \
  LOOM_QUERIES(read_only, IMG) LOOM_QUERIES(write_only, IMG) LOOM_QUERIES(read_write, IMG)

LOOM_IMAGE(image1d_t, float, int, 0)
LOOM_IMAGE(image1d_array_t, float2, int2, 1)
LOOM_IMAGE(image2d_t, float2, int2, 0)
LOOM_IMAGE(image2d_array_t, float4, int4, 2)
LOOM_IMAGE(image3d_t, float4, int4, 0)
// 1D image buffers: no sampler.
LOOM_READ_PLAIN(read_only, image1d_buffer_t, int, 0)
LOOM_READ_PLAIN(read_write, image1d_buffer_t, int, 0)
LOOM_WRITE(write_only, image1d_buffer_t, int, 0)
LOOM_WRITE(read_write, image1d_buffer_t, int, 0)
LOOM_QUERIES(read_only, image1d_buffer_t)
LOOM_QUERIES(write_only, image1d_buffer_t)
LOOM_QUERIES(read_write, image1d_buffer_t)

#define LOOM_QUERIES_2D(ACC, IMG)                                                                  \
  int LOOM_OVL get_image_height(ACC IMG i) { return __loom_cl_image(i)->height; }                 \
  int2 LOOM_OVL get_image_dim(ACC IMG i) {                                                        \
    return (int2)(__loom_cl_image(i)->width, __loom_cl_image(i)->height);                          \
  }
#define LOOM_QUERIES_ARRAY(ACC, IMG)                                                               \
  size_t LOOM_OVL get_image_array_size(ACC IMG i) { return __loom_cl_image(i)->arraySize; }
#define LOOM_ALL_ACCESS(M, IMG) M(read_only, IMG) M(write_only, IMG) M(read_write, IMG)
LOOM_ALL_ACCESS(LOOM_QUERIES_2D, image2d_t)
LOOM_ALL_ACCESS(LOOM_QUERIES_2D, image2d_array_t)
LOOM_ALL_ACCESS(LOOM_QUERIES_ARRAY, image1d_array_t)
LOOM_ALL_ACCESS(LOOM_QUERIES_ARRAY, image2d_array_t)
#define LOOM_QUERIES_3D(ACC, IMG)                                                                  \
  int LOOM_OVL get_image_height(ACC IMG i) { return __loom_cl_image(i)->height; }                 \
  int LOOM_OVL get_image_depth(ACC IMG i) { return __loom_cl_image(i)->depth; }                   \
  int4 LOOM_OVL get_image_dim(ACC IMG i) {                                                        \
    global const LoomClImage *d = __loom_cl_image(i);                                              \
    return (int4)(d->width, d->height, d->depth, 0);                                               \
  }
LOOM_ALL_ACCESS(LOOM_QUERIES_3D, image3d_t)
