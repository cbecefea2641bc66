/* host_defines.h - CUDA declaration specifiers (__host__, __device__, ...) for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * In clang's CUDA mode (__CUDA__) the specifiers map to clang's CUDA
 * attributes. For plain C/C++ compilers (host .cpp files that include the
 * runtime API) they expand to nothing so the same declarations compile.
 * Valid C and C++.
 */
/* The toolkit header's guard: Thrust's guarded_cuda_runtime_api.h undefines
 * __host__/__device__ unless it is set, then includes cuda_runtime_api.h to
 * define them again; with any other guard name they would stay undefined. */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang accepts the "managed" attribute only for HIP. A managed variable is
 * a device variable tagged for Loom's ManagedVariables pass, which makes
 * kernels use the host's copy: host and device then share one storage. */
#define __managed__ __attribute__((device)) __attribute__((annotate("loom.managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
/* clang treats __noinline__ as a keyword in CUDA mode: no macro needed. */
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
/* Empty rather than __attribute__((noinline)): libstdc++ spells
 * __attribute__((__noinline__)), which must stay well formed. */
#define __noinline__
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __thread__ __thread
#define __cudart_builtin__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define CUDARTAPI
#define CUDAAPI

#if !defined(__cplusplus) && !defined(__restrict__)
#define __restrict__ restrict
#endif

#endif /* __HOST_DEFINES_H__ */
