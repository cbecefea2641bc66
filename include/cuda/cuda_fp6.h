/* cuda_fp6.h - CUDA's 6-bit floating-point types and conversions for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the CUDA Math API documentation ("FP6 Intrinsics", "FP6
 * Conversion and Data Movement", "__nv_fp6_e2m3", "__nv_fp6_e3m2" and their
 * x2/x4 forms). Both formats have a sign bit, subnormals, no infinities and
 * no NaNs; each value sits in the low 6 bits of its own byte:
 *   E2M3: bias 1, 3 stored significand bits, largest 7.5 (0x1F).
 *   E3M2: bias 3, 2 stored significand bits, largest 28 (0x1F).
 * Conversions round in the given cudaRoundMode (the class constructors: to
 * nearest even) directly from the source value, and saturate: values and
 * infinities beyond the range give the largest finite value of their sign.
 * NaN gives +largest (the formats cannot keep it; Loom's choice, not yet
 * compared with hardware). The rounding core is cuda_fp8.h's, which this
 * header includes. The C part also compiles as C.
 */
#ifndef LOOM_CUDA_FP6_H
#define LOOM_CUDA_FP6_H
#define __CUDA_FP6_H__
#define __CUDA_FP6_TYPES_EXIST__

#include "cuda_fp8.h"

typedef unsigned char __nv_fp6_storage_t;
typedef unsigned short int __nv_fp6x2_storage_t;
typedef unsigned int __nv_fp6x4_storage_t;

typedef enum __nv_fp6_interpretation_t {
  __NV_E2M3,
  __NV_E3M2
} __nv_fp6_interpretation_t;

__LOOM_FP8_FN __nv_fp6_storage_t __loom_fp6_from_f64(double __x, __nv_fp6_interpretation_t __kind,
                                                     int __mode) {
  const unsigned long long __u = __loom_f64_as_u64(__x);
  const unsigned int __sign = (unsigned int)(__u >> 63) << 5;
  const unsigned long long __abs = __u & 0x7FFFFFFFFFFFFFFFull;
  unsigned int __c;
  if (__abs > 0x7FF0000000000000ull) /* NaN */
    return 0x1Fu;
  if (__abs == 0x7FF0000000000000ull)
    __c = 0x20u;
  else
    __c = __kind == __NV_E2M3 ? __loom_fpn_round(__x, 3, 0, 2, 0x1Fu, __mode)
                              : __loom_fpn_round(__x, 2, -2, 4, 0x1Fu, __mode);
  if (__c > 0x1Fu)
    __c = 0x1Fu;
  return (__nv_fp6_storage_t)(__sign | __c);
}
__LOOM_FP8_FN float __loom_fp6_to_f32(__nv_fp6_storage_t __x, __nv_fp6_interpretation_t __kind) {
  const float __v = __kind == __NV_E2M3 ? __loom_fpn_value(__x & 0x1Fu, 3, 0)
                                        : __loom_fpn_value(__x & 0x1Fu, 2, -2);
  return (__x & 0x20u) ? -__v : __v;
}

__LOOM_FP8_FN __nv_fp6_storage_t __nv_cvt_double_to_fp6(const double x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                        const enum cudaRoundMode rounding) {
  return __loom_fp6_from_f64(x, fp6_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp6x2_storage_t __nv_cvt_double2_to_fp6x2(const double2 x,
                                                             const __nv_fp6_interpretation_t fp6_interpretation,
                                                             const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(__loom_fp6_from_f64(x.x, fp6_interpretation, (int)rounding) |
                                ((unsigned int)__loom_fp6_from_f64(x.y, fp6_interpretation, (int)rounding) << 8));
}
__LOOM_FP8_FN __nv_fp6_storage_t __nv_cvt_float_to_fp6(const float x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                       const enum cudaRoundMode rounding) {
  return __loom_fp6_from_f64((double)x, fp6_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp6x2_storage_t __nv_cvt_float2_to_fp6x2(const float2 x,
                                                            const __nv_fp6_interpretation_t fp6_interpretation,
                                                            const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(__loom_fp6_from_f64((double)x.x, fp6_interpretation, (int)rounding) |
                                ((unsigned int)__loom_fp6_from_f64((double)x.y, fp6_interpretation, (int)rounding) << 8));
}
__LOOM_FP8_FN __nv_fp6_storage_t __nv_cvt_halfraw_to_fp6(const __half_raw x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                         const enum cudaRoundMode rounding) {
  return __loom_fp6_from_f64((double)__loom_fpn_half_to_f32(x.x), fp6_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp6x2_storage_t __nv_cvt_halfraw2_to_fp6x2(const __half2_raw x,
                                                              const __nv_fp6_interpretation_t fp6_interpretation,
                                                              const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(
      __loom_fp6_from_f64((double)__loom_fpn_half_to_f32(x.x), fp6_interpretation, (int)rounding) |
      ((unsigned int)__loom_fp6_from_f64((double)__loom_fpn_half_to_f32(x.y), fp6_interpretation, (int)rounding) << 8));
}
__LOOM_FP8_FN __nv_fp6_storage_t __nv_cvt_bfloat16raw_to_fp6(const __nv_bfloat16_raw x,
                                                             const __nv_fp6_interpretation_t fp6_interpretation,
                                                             const enum cudaRoundMode rounding) {
  return __loom_fp6_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), fp6_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp6x2_storage_t __nv_cvt_bfloat16raw2_to_fp6x2(const __nv_bfloat162_raw x,
                                                                  const __nv_fp6_interpretation_t fp6_interpretation,
                                                                  const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(
      __loom_fp6_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), fp6_interpretation, (int)rounding) |
      ((unsigned int)__loom_fp6_from_f64((double)__loom_u32_as_f32((unsigned int)x.y << 16), fp6_interpretation,
                                         (int)rounding)
       << 8));
}
/* fp6 -> half (exact). */
__LOOM_FP8_FN __half_raw __nv_cvt_fp6_to_halfraw(const __nv_fp6_storage_t x,
                                                 const __nv_fp6_interpretation_t fp6_interpretation) {
  __half_raw __r;
  __r.x = __loom_fpn_f32_to_half(__loom_fp6_to_f32(x, fp6_interpretation));
  return __r;
}
__LOOM_FP8_FN __half2_raw __nv_cvt_fp6x2_to_halfraw2(const __nv_fp6x2_storage_t x,
                                                     const __nv_fp6_interpretation_t fp6_interpretation) {
  __half2_raw __r;
  __r.x = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(x & 0xFFu), fp6_interpretation).x;
  __r.y = __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(x >> 8), fp6_interpretation).x;
  return __r;
}

#if defined(__cplusplus)
#if !defined(__CUDA_NO_FP6_CONVERSIONS__) && !defined(__CUDA_NO_FP6_CONVERSION_OPERATORS__)
#define __LOOM_FP6_SCALAR_OPS __LOOM_FPN_SCALAR_OPS
#else
#define __LOOM_FP6_SCALAR_OPS
#endif
#if !defined(__CUDA_NO_FP6_CONVERSIONS__)
#define __LOOM_FP6_CTORS(N) __LOOM_FPN_SCALAR_CTORS(N)
#define __LOOM_FP6_CTORS2(N2, K)                                                               \
  __host__ __device__ explicit N2(const __half2 __f) {                                         \
    __x = __nv_cvt_halfraw2_to_fp6x2(static_cast<__half2_raw>(__f), K, cudaRoundNearest);      \
  }                                                                                            \
  __host__ __device__ explicit N2(const __nv_bfloat162 __f) {                                  \
    __x = __nv_cvt_bfloat16raw2_to_fp6x2(static_cast<__nv_bfloat162_raw>(__f), K, cudaRoundNearest); \
  }                                                                                            \
  __host__ __device__ explicit N2(const float2 __f) { __x = __nv_cvt_float2_to_fp6x2(__f, K, cudaRoundNearest); } \
  __host__ __device__ explicit N2(const double2 __f) { __x = __nv_cvt_double2_to_fp6x2(__f, K, cudaRoundNearest); }
#define __LOOM_FP6_CTORS4(N4, K)                                                               \
  __host__ __device__ explicit N4(const __half2 __lo, const __half2 __hi) {                    \
    __x = (__nv_fp6x4_storage_t)__nv_cvt_halfraw2_to_fp6x2(static_cast<__half2_raw>(__lo), K, cudaRoundNearest) | \
          ((__nv_fp6x4_storage_t)__nv_cvt_halfraw2_to_fp6x2(static_cast<__half2_raw>(__hi), K, cudaRoundNearest) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi) {      \
    __x = (__nv_fp6x4_storage_t)__nv_cvt_bfloat16raw2_to_fp6x2(static_cast<__nv_bfloat162_raw>(__lo), K, cudaRoundNearest) | \
          ((__nv_fp6x4_storage_t)__nv_cvt_bfloat16raw2_to_fp6x2(static_cast<__nv_bfloat162_raw>(__hi), K, cudaRoundNearest) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const float4 __f) {                                          \
    __x = (__nv_fp6x4_storage_t)__nv_cvt_float2_to_fp6x2(make_float2(__f.x, __f.y), K, cudaRoundNearest) | \
          ((__nv_fp6x4_storage_t)__nv_cvt_float2_to_fp6x2(make_float2(__f.z, __f.w), K, cudaRoundNearest) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const double4 __f) {                                         \
    __x = (__nv_fp6x4_storage_t)__nv_cvt_double2_to_fp6x2(make_double2(__f.x, __f.y), K, cudaRoundNearest) | \
          ((__nv_fp6x4_storage_t)__nv_cvt_double2_to_fp6x2(make_double2(__f.z, __f.w), K, cudaRoundNearest) << 16); \
  }
#else
#define __LOOM_FP6_CTORS(N)
#define __LOOM_FP6_CTORS2(N2, K)
#define __LOOM_FP6_CTORS4(N4, K)
#endif
#if !defined(__CUDA_NO_FP6_CONVERSIONS__) && !defined(__CUDA_NO_FP6_CONVERSION_OPERATORS__)
#define __LOOM_FP6_OPS2(K)                                                                     \
  __host__ __device__ explicit operator __half2() const {                                      \
    return __half2(__nv_cvt_fp6x2_to_halfraw2(__x, K));                                        \
  }                                                                                            \
  __host__ __device__ explicit operator float2() const {                                       \
    return make_float2(__loom_fp6_to_f32((__nv_fp6_storage_t)(__x & 0xFFu), K),                \
                       __loom_fp6_to_f32((__nv_fp6_storage_t)(__x >> 8), K));                  \
  }
#define __LOOM_FP6_OPS4(K)                                                                     \
  __host__ __device__ explicit operator float4() const {                                       \
    return make_float4(__loom_fp6_to_f32((__nv_fp6_storage_t)(__x & 0xFFu), K),                \
                       __loom_fp6_to_f32((__nv_fp6_storage_t)((__x >> 8) & 0xFFu), K),         \
                       __loom_fp6_to_f32((__nv_fp6_storage_t)((__x >> 16) & 0xFFu), K),        \
                       __loom_fp6_to_f32((__nv_fp6_storage_t)(__x >> 24), K));                 \
  }
#else
#define __LOOM_FP6_OPS2(K)
#define __LOOM_FP6_OPS4(K)
#endif

#define __LOOM_FP6_CLASSES(N, N2, N4, K)                                                       \
  struct __align__(1) N {                                                                      \
    __nv_fp6_storage_t __x;                                                                    \
    N() = default;                                                                             \
    __LOOM_FP6_CTORS(N)                                                                        \
    __LOOM_FP6_SCALAR_OPS                                                                      \
  };                                                                                           \
  struct __align__(2) N2 {                                                                     \
    __nv_fp6x2_storage_t __x;                                                                  \
    N2() = default;                                                                            \
    __LOOM_FP6_CTORS2(N2, K)                                                                   \
    __LOOM_FP6_OPS2(K)                                                                         \
  };                                                                                           \
  struct __align__(4) N4 {                                                                     \
    __nv_fp6x4_storage_t __x;                                                                  \
    N4() = default;                                                                            \
    __LOOM_FP6_CTORS4(N4, K)                                                                   \
    __LOOM_FP6_OPS4(K)                                                                         \
  };

#define __LOOM_FPN_ENC(d) __loom_fp6_from_f64((d), __NV_E2M3, cudaRoundNearest)
#define __LOOM_FPN_DEC() __loom_fp6_to_f32(__x, __NV_E2M3)
__LOOM_FP6_CLASSES(__nv_fp6_e2m3, __nv_fp6x2_e2m3, __nv_fp6x4_e2m3, __NV_E2M3)
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC
#define __LOOM_FPN_ENC(d) __loom_fp6_from_f64((d), __NV_E3M2, cudaRoundNearest)
#define __LOOM_FPN_DEC() __loom_fp6_to_f32(__x, __NV_E3M2)
__LOOM_FP6_CLASSES(__nv_fp6_e3m2, __nv_fp6x2_e3m2, __nv_fp6x4_e3m2, __NV_E3M2)
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC
#endif /* __cplusplus */

#endif /* LOOM_CUDA_FP6_H */
