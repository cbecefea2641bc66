/* image_abi.h - what an OpenCL image argument points to in a Loom kernel.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Shared by the ICD library (opencl/icd/Image.cpp, C++), which fills one per
 * image, and the kernel-side image library (opencl/lib/images.cl, OpenCL C),
 * which reads it: a kernel's image2d_t (etc.) argument is the address of
 * this descriptor. Sampled reads go through libloomrt's CUDA texture
 * sampling (__loom_tex_fetch) with one texture record per sampler state:
 * handles[] is indexed by LOOM_CL_SAMPLER_INDEX of the sampler's bits.
 */
#ifndef LOOM_OPENCL_IMAGE_ABI_H
#define LOOM_OPENCL_IMAGE_ABI_H

#ifdef __OPENCL_C_VERSION__
#define LOOM_CL_U64 ulong
#define LOOM_CL_I32 int
#else
#include <stdint.h>
#define LOOM_CL_U64 uint64_t
#define LOOM_CL_I32 int32_t
#endif

/* Sampler bits are the OpenCL C values (CLK_NORMALIZED_COORDS_TRUE = 1,
 * CLK_ADDRESS_* = 0, 2, 4, 6, 8, CLK_FILTER_NEAREST = 0x10, LINEAR = 0x20);
 * the record index is normalized * 10 + addressing / 2 * 2 + linear. */
#define LOOM_CL_SAMPLER_RECORDS 20
#define LOOM_CL_SAMPLER_INDEX(bits)                                                                \
  (((bits) & 1) * 10 + ((((bits) >> 1) & 7) > 4 ? 0 : (((bits) >> 1) & 7)) * 2 +                   \
   (((bits) & 0x20) ? 1 : 0))

typedef struct {
  LOOM_CL_U64 handles[LOOM_CL_SAMPLER_RECORDS]; /* texture records (libloomrt's) */
  LOOM_CL_U64 data;                             /* first texel */
  LOOM_CL_U64 rowPitch, slicePitch;             /* bytes; arrays: slicePitch per layer */
  LOOM_CL_I32 width, height, depth;             /* texels; arrays: depth = layers */
  LOOM_CL_I32 arraySize;                        /* layers of an array, else 0 */
  LOOM_CL_I32 elementSize, channels;            /* bytes per texel, channels in memory */
  LOOM_CL_I32 order, type;                      /* cl_channel_order, cl_channel_type */
  LOOM_CL_I32 kind;                             /* LoomTexKind of a sampled read */
  LOOM_CL_I32 pad;
} LoomClImage;

#endif
