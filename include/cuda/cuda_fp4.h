/* cuda_fp4.h - CUDA's 4-bit floating-point type and conversions for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the CUDA Math API documentation ("FP4 Intrinsics", "FP4
 * Conversion and Data Movement", "__nv_fp4_e2m1" and its x2/x4 forms).
 * E2M1: sign, 2 exponent bits (bias 1), 1 stored significand bit, no
 * infinities and no NaNs: 0, 0.5, 1, 1.5, 2, 3, 4, 6. A value sits in the
 * low 4 bits of __nv_fp4_storage_t; x2 packs two in a byte (the first in the
 * low nibble), x4 four in an unsigned short.
 * Conversions round in the given cudaRoundMode (the class constructors: to
 * nearest even) directly from the source value, and saturate: values and
 * infinities beyond the range give +-6. NaN gives +6 (the format cannot
 * keep it; Loom's choice, not yet compared with hardware). The rounding core
 * is cuda_fp8.h's, which this header includes. The C part also compiles as C.
 */
#ifndef LOOM_CUDA_FP4_H
#define LOOM_CUDA_FP4_H
#define __CUDA_FP4_H__
#define __CUDA_FP4_TYPES_EXIST__

#include "cuda_fp8.h"

typedef unsigned char __nv_fp4_storage_t;
typedef unsigned char __nv_fp4x2_storage_t;
typedef unsigned short int __nv_fp4x4_storage_t;

typedef enum __nv_fp4_interpretation_t {
  __NV_E2M1
} __nv_fp4_interpretation_t;

__LOOM_FP8_FN __nv_fp4_storage_t __loom_fp4_from_f64(double __x, __nv_fp4_interpretation_t __kind,
                                                     int __mode) {
  const unsigned long long __u = __loom_f64_as_u64(__x);
  const unsigned int __sign = (unsigned int)(__u >> 63) << 3;
  const unsigned long long __abs = __u & 0x7FFFFFFFFFFFFFFFull;
  unsigned int __c;
  (void)__kind;
  if (__abs > 0x7FF0000000000000ull) /* NaN */
    return 0x7u;
  __c = __abs == 0x7FF0000000000000ull ? 0x8u : __loom_fpn_round(__x, 1, 0, 2, 0x7u, __mode);
  if (__c > 0x7u)
    __c = 0x7u;
  return (__nv_fp4_storage_t)(__sign | __c);
}
__LOOM_FP8_FN float __loom_fp4_to_f32(__nv_fp4_storage_t __x, __nv_fp4_interpretation_t __kind) {
  const float __v = __loom_fpn_value(__x & 0x7u, 1, 0);
  (void)__kind;
  return (__x & 0x8u) ? -__v : __v;
}

__LOOM_FP8_FN __nv_fp4_storage_t __nv_cvt_double_to_fp4(const double x, const __nv_fp4_interpretation_t fp4_interpretation,
                                                        const enum cudaRoundMode rounding) {
  return __loom_fp4_from_f64(x, fp4_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(const double2 x,
                                                             const __nv_fp4_interpretation_t fp4_interpretation,
                                                             const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(__loom_fp4_from_f64(x.x, fp4_interpretation, (int)rounding) |
                                ((unsigned int)__loom_fp4_from_f64(x.y, fp4_interpretation, (int)rounding) << 4));
}
__LOOM_FP8_FN __nv_fp4_storage_t __nv_cvt_float_to_fp4(const float x, const __nv_fp4_interpretation_t fp4_interpretation,
                                                       const enum cudaRoundMode rounding) {
  return __loom_fp4_from_f64((double)x, fp4_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(const float2 x,
                                                            const __nv_fp4_interpretation_t fp4_interpretation,
                                                            const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(__loom_fp4_from_f64((double)x.x, fp4_interpretation, (int)rounding) |
                                ((unsigned int)__loom_fp4_from_f64((double)x.y, fp4_interpretation, (int)rounding) << 4));
}
__LOOM_FP8_FN __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(const __half_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
                                                         const enum cudaRoundMode rounding) {
  return __loom_fp4_from_f64((double)__loom_fpn_half_to_f32(x.x), fp4_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(const __half2_raw x,
                                                              const __nv_fp4_interpretation_t fp4_interpretation,
                                                              const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(
      __loom_fp4_from_f64((double)__loom_fpn_half_to_f32(x.x), fp4_interpretation, (int)rounding) |
      ((unsigned int)__loom_fp4_from_f64((double)__loom_fpn_half_to_f32(x.y), fp4_interpretation, (int)rounding) << 4));
}
__LOOM_FP8_FN __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw x,
                                                             const __nv_fp4_interpretation_t fp4_interpretation,
                                                             const enum cudaRoundMode rounding) {
  return __loom_fp4_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), fp4_interpretation, (int)rounding);
}
__LOOM_FP8_FN __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw x,
                                                                  const __nv_fp4_interpretation_t fp4_interpretation,
                                                                  const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(
      __loom_fp4_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), fp4_interpretation, (int)rounding) |
      ((unsigned int)__loom_fp4_from_f64((double)__loom_u32_as_f32((unsigned int)x.y << 16), fp4_interpretation,
                                         (int)rounding)
       << 4));
}
/* fp4 -> half (exact). */
__LOOM_FP8_FN __half_raw __nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t x,
                                                 const __nv_fp4_interpretation_t fp4_interpretation) {
  __half_raw __r;
  __r.x = __loom_fpn_f32_to_half(__loom_fp4_to_f32(x, fp4_interpretation));
  return __r;
}
__LOOM_FP8_FN __half2_raw __nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t x,
                                                     const __nv_fp4_interpretation_t fp4_interpretation) {
  __half2_raw __r;
  __r.x = __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(x & 0xFu), fp4_interpretation).x;
  __r.y = __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(x >> 4), fp4_interpretation).x;
  return __r;
}

#if defined(__cplusplus)
struct __align__(1) __nv_fp4_e2m1 {
  __nv_fp4_storage_t __x;
  __nv_fp4_e2m1() = default;
#if !defined(__CUDA_NO_FP4_CONVERSIONS__)
#define __LOOM_FPN_ENC(d) __loom_fp4_from_f64((d), __NV_E2M1, cudaRoundNearest)
#define __LOOM_FPN_DEC() __loom_fp4_to_f32(__x, __NV_E2M1)
  __LOOM_FPN_SCALAR_CTORS(__nv_fp4_e2m1)
#if !defined(__CUDA_NO_FP4_CONVERSION_OPERATORS__)
  __LOOM_FPN_SCALAR_OPS
#endif
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC
#endif
};
struct __align__(1) __nv_fp4x2_e2m1 {
  __nv_fp4x2_storage_t __x;
  __nv_fp4x2_e2m1() = default;
#if !defined(__CUDA_NO_FP4_CONVERSIONS__)
  __host__ __device__ explicit __nv_fp4x2_e2m1(const __half2 __f) {
    __x = __nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(__f), __NV_E2M1, cudaRoundNearest);
  }
  __host__ __device__ explicit __nv_fp4x2_e2m1(const __nv_bfloat162 __f) {
    __x = __nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(__f), __NV_E2M1, cudaRoundNearest);
  }
  __host__ __device__ explicit __nv_fp4x2_e2m1(const float2 __f) {
    __x = __nv_cvt_float2_to_fp4x2(__f, __NV_E2M1, cudaRoundNearest);
  }
  __host__ __device__ explicit __nv_fp4x2_e2m1(const double2 __f) {
    __x = __nv_cvt_double2_to_fp4x2(__f, __NV_E2M1, cudaRoundNearest);
  }
#if !defined(__CUDA_NO_FP4_CONVERSION_OPERATORS__)
  __host__ __device__ explicit operator __half2() const { return __half2(__nv_cvt_fp4x2_to_halfraw2(__x, __NV_E2M1)); }
  __host__ __device__ explicit operator float2() const {
    return make_float2(__loom_fp4_to_f32((__nv_fp4_storage_t)(__x & 0xFu), __NV_E2M1),
                       __loom_fp4_to_f32((__nv_fp4_storage_t)(__x >> 4), __NV_E2M1));
  }
#endif
#endif
};
struct __align__(2) __nv_fp4x4_e2m1 {
  __nv_fp4x4_storage_t __x;
  __nv_fp4x4_e2m1() = default;
#if !defined(__CUDA_NO_FP4_CONVERSIONS__)
  __host__ __device__ explicit __nv_fp4x4_e2m1(const __half2 __lo, const __half2 __hi) {
    __x = (__nv_fp4x4_storage_t)(__nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(__lo), __NV_E2M1, cudaRoundNearest) |
                                 ((unsigned int)__nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(__hi), __NV_E2M1, cudaRoundNearest) << 8));
  }
  __host__ __device__ explicit __nv_fp4x4_e2m1(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi) {
    __x = (__nv_fp4x4_storage_t)(__nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(__lo), __NV_E2M1, cudaRoundNearest) |
                                 ((unsigned int)__nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(__hi), __NV_E2M1, cudaRoundNearest) << 8));
  }
  __host__ __device__ explicit __nv_fp4x4_e2m1(const float4 __f) {
    __x = (__nv_fp4x4_storage_t)(__nv_cvt_float2_to_fp4x2(make_float2(__f.x, __f.y), __NV_E2M1, cudaRoundNearest) |
                                 ((unsigned int)__nv_cvt_float2_to_fp4x2(make_float2(__f.z, __f.w), __NV_E2M1, cudaRoundNearest) << 8));
  }
  __host__ __device__ explicit __nv_fp4x4_e2m1(const double4 __f) {
    __x = (__nv_fp4x4_storage_t)(__nv_cvt_double2_to_fp4x2(make_double2(__f.x, __f.y), __NV_E2M1, cudaRoundNearest) |
                                 ((unsigned int)__nv_cvt_double2_to_fp4x2(make_double2(__f.z, __f.w), __NV_E2M1, cudaRoundNearest) << 8));
  }
#if !defined(__CUDA_NO_FP4_CONVERSION_OPERATORS__)
  __host__ __device__ explicit operator float4() const {
    return make_float4(__loom_fp4_to_f32((__nv_fp4_storage_t)(__x & 0xFu), __NV_E2M1),
                       __loom_fp4_to_f32((__nv_fp4_storage_t)((__x >> 4) & 0xFu), __NV_E2M1),
                       __loom_fp4_to_f32((__nv_fp4_storage_t)((__x >> 8) & 0xFu), __NV_E2M1),
                       __loom_fp4_to_f32((__nv_fp4_storage_t)(__x >> 12), __NV_E2M1));
  }
#endif
#endif
};
#endif /* __cplusplus */

#endif /* LOOM_CUDA_FP4_H */
