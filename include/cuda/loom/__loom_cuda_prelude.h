/* __loom_cuda_prelude.h - what loomcc force-includes into every CUDA translation unit.
 * SPDX-License-Identifier: Apache-2.0
 *
 * nvcc implicitly includes cuda_runtime.h; clang's own wrapper for that job
 * (__clang_cuda_runtime_wrapper.h) needs NVIDIA's headers, which Loom never
 * reads. This prelude plays the wrapper's role with Loom's headers plus the
 * self-contained pieces clang ships (builtin variables, libdevice
 * declarations, math wrappers, intrinsics). Ordering matters: the math
 * forward declarations must precede <cmath>, exactly as in clang's wrapper.
 */
#ifndef LOOM_CUDA_PRELUDE_H
#define LOOM_CUDA_PRELUDE_H

#if !defined(__CUDA__) || !defined(__clang__)
#error "__loom_cuda_prelude.h is for loomcc's CUDA compilations"
#endif

#ifndef CUDA_VERSION
#define CUDA_VERSION 12080
#endif
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 0
#define __LOOM__ 1
/* nvcc defines __CUDACC_RDC__ under -rdc=true / -dc; CUB and Thrust test it
 * to compile their runtime functions for device code. loomcc passes clang
 * -fgpu-rdc there, which defines __CLANG_RDC__. */
#if defined(__CLANG_RDC__) && !defined(__CUDACC_RDC__)
#define __CUDACC_RDC__ 1
#endif

#include <__clang_cuda_math_forward_declares.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <assert.h>
#include <time.h>
#include <new>

#ifndef __CUDACC__
#define __CUDACC__
#endif

#include <__clang_cuda_builtin_vars.h>
#include "cuda_runtime.h"

#endif /* LOOM_CUDA_PRELUDE_H */
