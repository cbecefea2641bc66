/* hip/hip_runtime.h - HIP's runtime API and kernel language on Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written for Loom from HIP's documentation (no AMD header was copied).
 * loomcc compiles .hip files (and -x hip) as CUDA, force-including this
 * header; the host API is hip_runtime_api.h, the kernel language is CUDA's
 * with HIP's spellings added here: hipThreadIdx_x and friends,
 * HIP_DYNAMIC_SHARED, and the warp functions without sync masks (__shfl,
 * __shfl_up/down/xor, __ballot, __any, __all), which clang's CUDA
 * intrinsics already provide over Loom's full-warp operations.
 */
#ifndef LOOM_HIP_RUNTIME_H
#define LOOM_HIP_RUNTIME_H

#include "hip/hip_runtime_api.h"

/* Built-in indices, HIP's older spellings. */
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

/* Dynamic shared memory: the launch's third argument gives its size. */
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

/* Old kernels take a first hipLaunchParm argument, which HIP never passes. */
typedef struct {
} hipLaunchParm;

/* __HIP__ (clang's HIP mode) stays undefined: Loom compiles in CUDA mode,
 * as HIP's NVIDIA platform does. */

/* Feature macros HIP programs test; Loom has every one of these. */
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ 1
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ 1
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ 1
#define __HIP_ARCH_HAS_DOUBLES__ 1
#define __HIP_ARCH_HAS_WARP_VOTE__ 1
#define __HIP_ARCH_HAS_WARP_BALLOT__ 1
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ 1
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ 1
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ 1
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ 1
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ 0
#define __HIP_ARCH_HAS_3DGRID__ 1
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ 1

/* HIP's device-side clock and the kernel-side printf are CUDA's. */
#define wall_clock64() clock64()

#endif /* LOOM_HIP_RUNTIME_H */
