/* __loom_device_runtime.h - device-side builtins for CUDA code compiled by loomcc.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Included at the end of cuda_runtime.h in clang's CUDA mode (both the host
 * and the device compilation see it, as with nvcc). It provides what NVIDIA's
 * device headers would: math (through clang's __nv_* wrappers; Loom's device
 * library implements __nv_* for the CPU), intrinsics, atomics, printf,
 * malloc and assert declarations. Kernel-side atomics are written with the
 * compiler's __atomic builtins so they reach the kernel pipeline as ordinary
 * LLVM atomic instructions.
 */
#ifndef LOOM_DEVICE_RUNTIME_H
#define LOOM_DEVICE_RUNTIME_H

#if defined(__CUDA__) && defined(__cplusplus)

#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

/* nan/nanf are declared by clang's forward declarations but not defined by
 * its math wrapper (libdevice's __nv_nan takes a signed char string); CUDA's
 * math library has them (NVIDIA's interval sample calls nan("")). */
static __device__ __forceinline__ double nan(const char *__tag) {
  return __nv_nan((const signed char *)__tag);
}
static __device__ __forceinline__ float nanf(const char *__tag) {
  return __nv_nanf((const signed char *)__tag);
}

extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute((nothrow));
__device__ void *malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __charSize);
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
} // extern "C"

namespace std {
__device__ static inline void free(void *__ptr) { ::free(__ptr); }
__device__ static inline void *malloc(size_t __size) { return ::malloc(__size); }
} // namespace std

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

/* clang's intrinsics header expects these from NVIDIA's sm_20 / crt headers.
 * Address-space queries stay NVVM builtins: the kernel pipeline reports them
 * as unsupported if a kernel really uses them. */
static __device__ __forceinline__ unsigned int __isGlobal(const void *__p) {
  return __nvvm_isspacep_global(__p);
}
static __device__ __forceinline__ unsigned int __isShared(const void *__p) {
  return __nvvm_isspacep_shared(__p);
}
static __device__ __forceinline__ unsigned int __isConstant(const void *__p) {
  return __nvvm_isspacep_const(__p);
}
static __device__ __forceinline__ unsigned int __isLocal(const void *__p) {
  return __nvvm_isspacep_local(__p);
}
static __device__ __forceinline__ size_t __cvta_generic_to_shared(const void *__p);

#include <__clang_cuda_cmath.h>
/* clang's intrinsics header names cuda.h's cuuint32_t (its own runtime
 * wrapper includes cuda.h); nvcc's cuda_runtime.h does not declare the
 * driver API, so the name is supplied for this one include only. */
#pragma push_macro("cuuint32_t")
#undef cuuint32_t
#define cuuint32_t unsigned int
#include <__clang_cuda_intrinsics.h>
#pragma pop_macro("cuuint32_t")
#include <__clang_cuda_complex_builtins.h>
/* Intrinsics clang's headers lack: cache-hinted loads/stores, dot products. */
#include "../sm_32_intrinsics.h"
#include "../sm_61_intrinsics.h"

static __device__ __forceinline__ size_t __cvta_generic_to_shared(const void *__p) {
  return __nv_cvta_generic_to_shared_impl(__p);
}

/* ---- min/max on the host: CUDA's headers declare them for host code too
 * (programs call max(a, b) on ints in host functions). Device code uses
 * clang's wrappers above. ---- */
#pragma push_macro("__LOOM_HOST_MINMAX")
#define __LOOM_HOST_MINMAX(T)                                                   \
  static inline __host__ T min(T __a, T __b) { return __b < __a ? __b : __a; } \
  static inline __host__ T max(T __a, T __b) { return __a < __b ? __b : __a; }
__LOOM_HOST_MINMAX(int)
__LOOM_HOST_MINMAX(unsigned int)
__LOOM_HOST_MINMAX(long)
__LOOM_HOST_MINMAX(unsigned long)
__LOOM_HOST_MINMAX(long long)
__LOOM_HOST_MINMAX(unsigned long long)
#undef __LOOM_HOST_MINMAX
#pragma pop_macro("__LOOM_HOST_MINMAX")
/* Floating point as fminf/fmin (a NaN argument yields the other); mixed
 * signed/unsigned and float/double forms, as CUDA has them. */
static inline __host__ float min(float __a, float __b) { return fminf(__a, __b); }
static inline __host__ float max(float __a, float __b) { return fmaxf(__a, __b); }
static inline __host__ double min(double __a, double __b) { return fmin(__a, __b); }
static inline __host__ double max(double __a, double __b) { return fmax(__a, __b); }
static inline __host__ unsigned int min(int __a, unsigned int __b) { return min((unsigned int)__a, __b); }
static inline __host__ unsigned int min(unsigned int __a, int __b) { return min(__a, (unsigned int)__b); }
static inline __host__ unsigned int max(int __a, unsigned int __b) { return max((unsigned int)__a, __b); }
static inline __host__ unsigned int max(unsigned int __a, int __b) { return max(__a, (unsigned int)__b); }
static inline __host__ double min(float __a, double __b) { return min((double)__a, __b); }
static inline __host__ double min(double __a, float __b) { return min(__a, (double)__b); }
static inline __host__ double max(float __a, double __b) { return max((double)__a, __b); }
static inline __host__ double max(double __a, float __b) { return max(__a, (double)__b); }

/* ---- min/max in device code: every overload of CUDA's math_functions.hpp.
 * clang's __clang_cuda_math.h declares only int min/max(int, int); without
 * the rest, min(unsigned, unsigned) or min(float, float) converted both
 * arguments to int (a signed result that sign-extends into a wider
 * variable, a truncated float). As in CUDA, a mixed signed/unsigned pair
 * of one width compares and returns the unsigned type; float with double
 * returns double. ---- */
#pragma push_macro("__LOOM_DEVICE_MINMAX")
#pragma push_macro("__LOOM_DEVICE_MINMAX_MIXED")
#define __LOOM_DEVICE_MINMAX(T)                                                 \
  static __device__ __forceinline__ T min(T __a, T __b) { return __b < __a ? __b : __a; } \
  static __device__ __forceinline__ T max(T __a, T __b) { return __a < __b ? __b : __a; }
#define __LOOM_DEVICE_MINMAX_MIXED(R, A, B)                                     \
  static __device__ __forceinline__ R min(A __a, B __b) { return min((R)__a, (R)__b); } \
  static __device__ __forceinline__ R max(A __a, B __b) { return max((R)__a, (R)__b); }
__LOOM_DEVICE_MINMAX(unsigned int)
__LOOM_DEVICE_MINMAX(long)
__LOOM_DEVICE_MINMAX(unsigned long)
__LOOM_DEVICE_MINMAX(long long)
__LOOM_DEVICE_MINMAX(unsigned long long)
__LOOM_DEVICE_MINMAX_MIXED(unsigned int, int, unsigned int)
__LOOM_DEVICE_MINMAX_MIXED(unsigned int, unsigned int, int)
__LOOM_DEVICE_MINMAX_MIXED(unsigned long, long, unsigned long)
__LOOM_DEVICE_MINMAX_MIXED(unsigned long, unsigned long, long)
__LOOM_DEVICE_MINMAX_MIXED(unsigned long long, long long, unsigned long long)
__LOOM_DEVICE_MINMAX_MIXED(unsigned long long, unsigned long long, long long)
/* Floating point: fminf/fmin semantics (a NaN argument yields the other). */
static __device__ __forceinline__ float min(float __a, float __b) { return fminf(__a, __b); }
static __device__ __forceinline__ float max(float __a, float __b) { return fmaxf(__a, __b); }
static __device__ __forceinline__ double min(double __a, double __b) { return fmin(__a, __b); }
static __device__ __forceinline__ double max(double __a, double __b) { return fmax(__a, __b); }
__LOOM_DEVICE_MINMAX_MIXED(double, float, double)
__LOOM_DEVICE_MINMAX_MIXED(double, double, float)
#undef __LOOM_DEVICE_MINMAX_MIXED
#undef __LOOM_DEVICE_MINMAX
#pragma pop_macro("__LOOM_DEVICE_MINMAX_MIXED")
#pragma pop_macro("__LOOM_DEVICE_MINMAX")

/* ---- Atomics (CUDA semantics: relaxed read-modify-write on the location) ---- */
#pragma push_macro("__LOOM_ATOMIC")
#define __LOOM_ATOMIC static __device__ __forceinline__

#define __LOOM_ATOMIC_RMW3(NAME, BUILTIN, T)                                     \
  __LOOM_ATOMIC T NAME(T *__p, T __v) { return BUILTIN(__p, __v, __ATOMIC_RELAXED); } \
  __LOOM_ATOMIC T NAME##_block(T *__p, T __v) { return BUILTIN(__p, __v, __ATOMIC_RELAXED); } \
  __LOOM_ATOMIC T NAME##_system(T *__p, T __v) { return BUILTIN(__p, __v, __ATOMIC_SEQ_CST); }

__LOOM_ATOMIC_RMW3(atomicAdd, __atomic_fetch_add, int)
__LOOM_ATOMIC_RMW3(atomicAdd, __atomic_fetch_add, unsigned int)
__LOOM_ATOMIC_RMW3(atomicAdd, __atomic_fetch_add, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicAdd, __atomic_fetch_add, float)
__LOOM_ATOMIC_RMW3(atomicAdd, __atomic_fetch_add, double)
__LOOM_ATOMIC_RMW3(atomicSub, __atomic_fetch_sub, int)
__LOOM_ATOMIC_RMW3(atomicSub, __atomic_fetch_sub, unsigned int)
__LOOM_ATOMIC_RMW3(atomicExch, __atomic_exchange_n, int)
__LOOM_ATOMIC_RMW3(atomicExch, __atomic_exchange_n, unsigned int)
__LOOM_ATOMIC_RMW3(atomicExch, __atomic_exchange_n, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicMin, __atomic_fetch_min, int)
__LOOM_ATOMIC_RMW3(atomicMin, __atomic_fetch_min, unsigned int)
__LOOM_ATOMIC_RMW3(atomicMin, __atomic_fetch_min, long long)
__LOOM_ATOMIC_RMW3(atomicMin, __atomic_fetch_min, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicMax, __atomic_fetch_max, int)
__LOOM_ATOMIC_RMW3(atomicMax, __atomic_fetch_max, unsigned int)
__LOOM_ATOMIC_RMW3(atomicMax, __atomic_fetch_max, long long)
__LOOM_ATOMIC_RMW3(atomicMax, __atomic_fetch_max, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicAnd, __atomic_fetch_and, int)
__LOOM_ATOMIC_RMW3(atomicAnd, __atomic_fetch_and, unsigned int)
__LOOM_ATOMIC_RMW3(atomicAnd, __atomic_fetch_and, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicOr, __atomic_fetch_or, int)
__LOOM_ATOMIC_RMW3(atomicOr, __atomic_fetch_or, unsigned int)
__LOOM_ATOMIC_RMW3(atomicOr, __atomic_fetch_or, unsigned long long)
__LOOM_ATOMIC_RMW3(atomicXor, __atomic_fetch_xor, int)
__LOOM_ATOMIC_RMW3(atomicXor, __atomic_fetch_xor, unsigned int)
__LOOM_ATOMIC_RMW3(atomicXor, __atomic_fetch_xor, unsigned long long)
#undef __LOOM_ATOMIC_RMW3

__LOOM_ATOMIC float atomicExch(float *__p, float __v) {
  float __old;
  __atomic_exchange(__p, &__v, &__old, __ATOMIC_RELAXED);
  return __old;
}

#define __LOOM_ATOMIC_CAS(T)                                                      \
  __LOOM_ATOMIC T atomicCAS(T *__p, T __cmp, T __val) {                          \
    __atomic_compare_exchange_n(__p, &__cmp, __val, false, __ATOMIC_RELAXED,     \
                                __ATOMIC_RELAXED);                               \
    return __cmp;                                                                \
  }                                                                              \
  __LOOM_ATOMIC T atomicCAS_block(T *__p, T __cmp, T __val) { return atomicCAS(__p, __cmp, __val); } \
  __LOOM_ATOMIC T atomicCAS_system(T *__p, T __cmp, T __val) { return atomicCAS(__p, __cmp, __val); }
__LOOM_ATOMIC_CAS(int)
__LOOM_ATOMIC_CAS(unsigned int)
__LOOM_ATOMIC_CAS(unsigned long long)
__LOOM_ATOMIC_CAS(unsigned short)
#undef __LOOM_ATOMIC_CAS

/* atomicInc: ((old >= limit) ? 0 : old + 1); atomicDec: ((old == 0 || old > limit) ? limit : old - 1). */
__LOOM_ATOMIC unsigned int atomicInc(unsigned int *__p, unsigned int __limit) {
  unsigned int __old = __atomic_load_n(__p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(__p, &__old, (__old >= __limit) ? 0u : __old + 1u,
                                      true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return __old;
}
__LOOM_ATOMIC unsigned int atomicDec(unsigned int *__p, unsigned int __limit) {
  unsigned int __old = __atomic_load_n(__p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(__p, &__old,
                                      (__old == 0u || __old > __limit) ? __limit : __old - 1u,
                                      true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
  return __old;
}
__LOOM_ATOMIC unsigned int atomicInc_block(unsigned int *__p, unsigned int __l) { return atomicInc(__p, __l); }
__LOOM_ATOMIC unsigned int atomicInc_system(unsigned int *__p, unsigned int __l) { return atomicInc(__p, __l); }
__LOOM_ATOMIC unsigned int atomicDec_block(unsigned int *__p, unsigned int __l) { return atomicDec(__p, __l); }
__LOOM_ATOMIC unsigned int atomicDec_system(unsigned int *__p, unsigned int __l) { return atomicDec(__p, __l); }
#pragma pop_macro("__LOOM_ATOMIC")

#if __has_include("texture_types.h")
#include "loom/__loom_textures.h"
#endif

#endif /* __CUDA__ && __cplusplus */
#endif /* LOOM_DEVICE_RUNTIME_H */
