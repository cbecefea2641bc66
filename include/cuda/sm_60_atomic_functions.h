/* sm_60_atomic_functions.h - a toolkit header programs include by name; for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Its functions (warp, atomic and special-register intrinsics) are
 * declared by cuda_runtime.h, which every CUDA translation unit includes
 * (loomcc force-includes it, as nvcc does); this header only makes the
 * include resolve.
 */
#include "cuda_runtime.h"
