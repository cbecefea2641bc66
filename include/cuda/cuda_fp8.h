/* cuda_fp8.h - CUDA's 8-bit floating-point types and conversions for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the CUDA Math API documentation ("FP8 Intrinsics", "FP8
 * Conversion and Data Movement", "__nv_fp8_e4m3", "__nv_fp8_e5m2",
 * "__nv_fp8_e8m0" and their x2/x4 forms). Formats:
 *   E4M3: bias 7, 3 stored significand bits, subnormals, no infinities,
 *         NaN = S.1111.111 (0x7F/0xFF), largest finite 448 (0x7E).
 *   E5M2: bias 15, 2 stored significand bits, IEEE-like: infinities
 *         (0x7C/0xFC), NaNs (0x7D..0x7F), largest finite 57344 (0x7B).
 *   E8M0: unsigned exponent only, bias 127: codes 0..254 are 2^-127..2^127,
 *         0xFF is NaN (scale factors for block-scaled formats).
 * Conversions to E4M3/E5M2 round to nearest even, directly from the source
 * value (a double is rounded once, not through float). Out of range: with
 * __NV_SATFINITE the largest finite value of that sign (infinities too);
 * with __NV_NOSAT NaN for E4M3 and infinity for E5M2. NaN becomes 0x7F for
 * E4M3 and 0x7E (0x7F for payloads with the second-highest bit set) for
 * E5M2, with the input's sign bit. All conversions are exact bit
 * manipulation, so host code, device code and a plain C++ compiler agree.
 *
 * The C part (storage types, enums, __nv_cvt_* functions) also compiles as
 * C; the classes are C++ only. __CUDA_NO_FP8_CONVERSIONS__ and
 * __CUDA_NO_FP8_CONVERSION_OPERATORS__ remove the C++ conversions as in the
 * toolkit. cuda_fp6.h and cuda_fp4.h reuse the rounding helpers below.
 */
#ifndef LOOM_CUDA_FP8_H
#define LOOM_CUDA_FP8_H
/* The toolkit header's guard. */
#define __CUDA_FP8_H__
#define __CUDA_FP8_TYPES_EXIST__

#include "cuda_fp16.h"
#include "cuda_bf16.h"

/* enum cudaRoundMode (the toolkit's device_types.h) is used by the e8m0,
 * fp6 and fp4 conversions; Loom's headers did not define it yet. */
#ifndef __LOOM_CUDA_ROUND_MODE_DEFINED
#define __LOOM_CUDA_ROUND_MODE_DEFINED
enum cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};
#endif

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE
} __nv_saturation_t;

typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

#define __LOOM_FP8_FN static __inline__ __host__ __device__

/* ---- Shared small-float helpers (also used by cuda_fp6.h, cuda_fp4.h) ---- */

/* 2^__k as a double, for |__k| <= 126 (exact). */
__LOOM_FP8_FN double __loom_fpn_pow2(int __k) {
  return (double)__loom_u32_as_f32((unsigned int)(__k + 127) << 23);
}

/* Rounds the magnitude of a finite double __d to a small format with __mbits
 * stored significand bits and smallest normal exponent __emin (exponent
 * field 1), whose magnitude codes run up to __maxcode (exponent __emax).
 * __mode is an enum cudaRoundMode value applied to the signed value. Returns
 * the magnitude code, or __maxcode + 1 when the result lies beyond
 * __maxcode (overflow; the caller decides). Exact: the scaling by a power
 * of two and the split into integer and fraction lose nothing. */
__LOOM_FP8_FN unsigned int __loom_fpn_round(double __d, int __mbits, int __emin, int __emax,
                                            unsigned int __maxcode, int __mode) {
  const unsigned long long __u = __loom_f64_as_u64(__d);
  const int __neg = (int)(__u >> 63);
  const double __a = __neg ? -__d : __d;
  int __e = (int)((__u >> 52) & 0x7FFu) - 1023;
  double __q, __r;
  unsigned long long __n;
  unsigned int __code;
  int __up;
  if (__a == 0.0)
    return 0u;
  if (__e > __emax)
    return __maxcode + 1u;
  if (__e < __emin)
    __e = __emin;
  __q = __a * __loom_fpn_pow2(__mbits - __e); /* in [0, 2^(__mbits+1)) */
  __n = (unsigned long long)__q;
  __r = __q - (double)__n;
  if (__mode == 0 /* cudaRoundNearest */)
    __up = __r > 0.5 || (__r == 0.5 && (__n & 1u));
  else if (__mode == 2 /* cudaRoundPosInf */)
    __up = __r > 0.0 && !__neg;
  else if (__mode == 3 /* cudaRoundMinInf */)
    __up = __r > 0.0 && __neg;
  else
    __up = 0;
  __code = ((unsigned int)(__e - __emin) << __mbits) + (unsigned int)__n + (__up ? 1u : 0u);
  return __code > __maxcode ? __maxcode + 1u : __code;
}

/* Value of a magnitude code of such a format (exact in float). */
__LOOM_FP8_FN float __loom_fpn_value(unsigned int __c, int __mbits, int __emin) {
  const unsigned int __ef = __c >> __mbits;
  const unsigned int __m = __c & ((1u << __mbits) - 1u);
  if (__ef == 0)
    return (float)__m * (float)__loom_fpn_pow2(__emin - __mbits);
  return (float)((1u << __mbits) + __m) * (float)__loom_fpn_pow2((int)__ef - 1 + __emin - __mbits);
}

/* An exactly representable float -> half bits. */
__LOOM_FP8_FN unsigned short __loom_fpn_f32_to_half(float __f) {
  return __loom_f32_to16(__f, 0 /* nearest even */, 10, -14, 15);
}
__LOOM_FP8_FN float __loom_fpn_half_to_f32(unsigned short __h) {
  const unsigned int __s = (unsigned int)(__h >> 15) << 31;
  const unsigned int __ex = (__h >> 10) & 0x1Fu, __m = __h & 0x3FFu;
  if (__ex == 0x1Fu)
    return __loom_u32_as_f32(__s | 0x7F800000u | (__m << 13));
  if (__ex == 0)
    return __loom_u32_as_f32(__s) + (__s ? -1.0f : 1.0f) * (float)__m * (float)__loom_fpn_pow2(-24);
  return __loom_u32_as_f32(__s | ((__ex + 112u) << 23) | (__m << 13));
}

/* ---- FP8 E4M3 / E5M2 ---- */

__LOOM_FP8_FN __nv_fp8_storage_t __loom_fp8_from_f64(double __x, __nv_saturation_t __sat,
                                                     __nv_fp8_interpretation_t __kind) {
  const unsigned long long __u = __loom_f64_as_u64(__x);
  const unsigned int __sign = (unsigned int)(__u >> 63) << 7;
  const unsigned long long __abs = __u & 0x7FFFFFFFFFFFFFFFull;
  const int __e4 = __kind == __NV_E4M3;
  const unsigned int __maxcode = __e4 ? 0x7Eu : 0x7Bu;
  unsigned int __c;
  if (__abs > 0x7FF0000000000000ull) /* NaN */
    return (__nv_fp8_storage_t)(__sign |
                                (__e4 ? 0x7Fu : (0x7Eu | (unsigned int)((__u >> 50) & 1u))));
  if (__abs == 0x7FF0000000000000ull)
    __c = __maxcode + 1u;
  else
    __c = __e4 ? __loom_fpn_round(__x, 3, -6, 8, __maxcode, 0)
               : __loom_fpn_round(__x, 2, -14, 15, __maxcode, 0);
  if (__c > __maxcode)
    __c = __sat == __NV_SATFINITE ? __maxcode : (__e4 ? 0x7Fu : 0x7Cu);
  return (__nv_fp8_storage_t)(__sign | __c);
}

/* fp8 -> float (exact). */
__LOOM_FP8_FN float __loom_fp8_to_f32(__nv_fp8_storage_t __x, __nv_fp8_interpretation_t __kind) {
  const unsigned int __c = __x & 0x7Fu;
  const int __neg = (__x & 0x80u) != 0;
  float __v;
  if (__kind == __NV_E4M3) {
    if (__c == 0x7Fu)
      return __loom_u32_as_f32((__neg ? 0x80000000u : 0u) | 0x7FFFFFFFu);
    __v = __loom_fpn_value(__c, 3, -6);
  } else {
    if (__c >= 0x7Cu)
      return __loom_fpn_half_to_f32((unsigned short)((unsigned int)__x << 8));
    __v = __loom_fpn_value(__c, 2, -14);
  }
  return __neg ? -__v : __v;
}

__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return __loom_fp8_from_f64(x, saturate, fp8_interpretation);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                                                             const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__loom_fp8_from_f64(x.x, saturate, fp8_interpretation) |
                                ((unsigned int)__loom_fp8_from_f64(x.y, saturate, fp8_interpretation) << 8));
}
__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return __loom_fp8_from_f64((double)x, saturate, fp8_interpretation); /* float -> double is exact */
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                                                            const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation) |
                                ((unsigned int)__nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return __loom_fp8_from_f64((double)__loom_fpn_half_to_f32(x.x), saturate, fp8_interpretation);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                                                              const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __loom_fp8_from_f64((double)__loom_fpn_half_to_f32(x.x), saturate, fp8_interpretation) |
      ((unsigned int)__loom_fp8_from_f64((double)__loom_fpn_half_to_f32(x.y), saturate, fp8_interpretation) << 8));
}
__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                                                             const __nv_fp8_interpretation_t fp8_interpretation) {
  return __loom_fp8_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), saturate, fp8_interpretation);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x,
                                                                  const __nv_saturation_t saturate,
                                                                  const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __loom_fp8_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), saturate, fp8_interpretation) |
      ((unsigned int)__loom_fp8_from_f64((double)__loom_u32_as_f32((unsigned int)x.y << 16), saturate,
                                         fp8_interpretation)
       << 8));
}
/* fp8 -> half (exact; E4M3 NaN gives the canonical half NaN 0x7FFF). */
__LOOM_FP8_FN __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                                                 const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw __r;
  if (fp8_interpretation == __NV_E5M2)
    __r.x = (unsigned short)((unsigned int)x << 8);
  else if ((x & 0x7Fu) == 0x7Fu)
    __r.x = 0x7FFFu;
  else
    __r.x = __loom_fpn_f32_to_half(__loom_fp8_to_f32(x, __NV_E4M3));
  return __r;
}
__LOOM_FP8_FN __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                                                     const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2_raw __r;
  __r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xFFu), fp8_interpretation).x;
  __r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fp8_interpretation).x;
  return __r;
}

/* ---- E8M0 scale factors ---- */

/* The sign of the input is ignored (e8m0 has no sign: the magnitude is
 * rounded, cudaRoundPosInf up, cudaRoundZero and cudaRoundMinInf down);
 * zero and magnitudes up to 2^-127 give code 0 (2^-127). NaN gives
 * 0xFF; beyond 2^127 (after rounding) and infinity give 0xFE with
 * __NV_SATFINITE and 0xFF (NaN) with __NV_NOSAT. Ties of cudaRoundNearest
 * (1.5 * 2^k) go to the even code. */
__LOOM_FP8_FN __nv_fp8_storage_t __loom_e8m0_from_f64(double __x, __nv_saturation_t __sat, int __mode) {
  const unsigned long long __u = __loom_f64_as_u64(__x) & 0x7FFFFFFFFFFFFFFFull;
  const double __a = __x < 0 ? -__x : __x;
  int __e = (int)(__u >> 52) - 1023; /* floor(log2(a)) for normal doubles */
  unsigned long long __frac = __u & 0xFFFFFFFFFFFFFull;
  int __code;
  if (__u > 0x7FF0000000000000ull)
    return 0xFFu;
  if (__u == 0x7FF0000000000000ull)
    return __sat == __NV_SATFINITE ? 0xFEu : 0xFFu;
  if (__a <= 1.0 / 170141183460469231731687303715884105728.0 /* 2^-127 */)
    return 0u; /* code 0 (2^-127) is the nearest, the ceiling and the clamp */
  /* __a >= 2^-127 is a normal double: value = (1 + f) * 2^e */
  __code = __e + 127;
  if (__frac != 0) {
    if (__mode == 2) /* cudaRoundPosInf: up (on the magnitude) */
      __code += 1;
    else if (__mode == 0) {
      const unsigned long long __half = 1ull << 51;
      if (__frac > __half || (__frac == __half && (__code & 1)))
        __code += 1;
    }
  }
  if (__code > 254)
    return __sat == __NV_SATFINITE ? 0xFEu : 0xFFu;
  return (__nv_fp8_storage_t)__code;
}

__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                                                         const enum cudaRoundMode rounding) {
  return __loom_e8m0_from_f64(x, saturate, (int)rounding);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                                                              const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__loom_e8m0_from_f64(x.x, saturate, (int)rounding) |
                                ((unsigned int)__loom_e8m0_from_f64(x.y, saturate, (int)rounding) << 8));
}
__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                                                        const enum cudaRoundMode rounding) {
  return __loom_e8m0_from_f64((double)x, saturate, (int)rounding);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                                                             const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__loom_e8m0_from_f64((double)x.x, saturate, (int)rounding) |
                                ((unsigned int)__loom_e8m0_from_f64((double)x.y, saturate, (int)rounding) << 8));
}
__LOOM_FP8_FN __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x,
                                                              const __nv_saturation_t saturate,
                                                              const enum cudaRoundMode rounding) {
  return __loom_e8m0_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), saturate, (int)rounding);
}
__LOOM_FP8_FN __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x,
                                                                   const __nv_saturation_t saturate,
                                                                   const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(
      __loom_e8m0_from_f64((double)__loom_u32_as_f32((unsigned int)x.x << 16), saturate, (int)rounding) |
      ((unsigned int)__loom_e8m0_from_f64((double)__loom_u32_as_f32((unsigned int)x.y << 16), saturate,
                                          (int)rounding)
       << 8));
}
/* e8m0 -> bfloat16 (exact: code 0 is the bfloat16 subnormal 2^-127). */
__LOOM_FP8_FN __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  __nv_bfloat16_raw __r;
  __r.x = (unsigned short)(x == 0xFFu ? 0x7FFFu : x == 0 ? 0x0040u : (unsigned int)x << 7);
  return __r;
}
__LOOM_FP8_FN __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  __nv_bfloat162_raw __r;
  __r.x = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x & 0xFFu)).x;
  __r.y = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x >> 8)).x;
  return __r;
}
__LOOM_FP8_FN float __loom_e8m0_to_f32(__nv_fp8_storage_t __x) {
  return __loom_u32_as_f32(((unsigned int)__nv_cvt_e8m0_to_bf16raw(__x).x) << 16);
}

#if defined(__cplusplus)

/* ---- C++ classes ---- */

/* float -> integer toward zero, saturating; NaN -> 0 (as through __half). */
__LOOM_FP8_FN long long __loom_fpn_to_sint(float __f, long long __lo, long long __hi) {
  if (__f != __f)
    return 0;
  if (__f <= (float)__lo)
    return __lo;
  if (__f >= (float)__hi)
    return __hi;
  return (long long)__f;
}
__LOOM_FP8_FN unsigned long long __loom_fpn_to_uint(float __f, unsigned long long __hi) {
  if (__f != __f || __f <= 0.0f)
    return 0;
  if (__f >= (float)__hi)
    return __hi;
  return (unsigned long long)__f;
}

/* Constructors from scalars and the conversion operators to scalars, shared by
 * the fp8, fp6 and fp4 scalar classes: __LOOM_FPN_ENC(double) encodes,
 * __LOOM_FPN_DEC() gives the exact float value of __x. */
#define __LOOM_FPN_SCALAR_CTORS(T)                                                              \
  __host__ __device__ explicit T(const __half __f) { __x = __LOOM_FPN_ENC((double)(float)__f); } \
  __host__ __device__ explicit T(const __nv_bfloat16 __f) {                                    \
    __x = __LOOM_FPN_ENC((double)(float)__f);                                                  \
  }                                                                                            \
  __host__ __device__ explicit T(const float __f) { __x = __LOOM_FPN_ENC((double)__f); }       \
  __host__ __device__ explicit T(const double __f) { __x = __LOOM_FPN_ENC(__f); }              \
  __host__ __device__ explicit T(const unsigned short int __v) { __x = __LOOM_FPN_ENC((double)__v); } \
  __host__ __device__ explicit T(const unsigned int __v) { __x = __LOOM_FPN_ENC((double)__v); } \
  __host__ __device__ explicit T(const unsigned long int __v) { __x = __LOOM_FPN_ENC((double)__v); } \
  __host__ __device__ explicit T(const unsigned long long int __v) {                          \
    __x = __LOOM_FPN_ENC((double)__v);                                                         \
  }                                                                                            \
  __host__ __device__ explicit T(const short int __v) { __x = __LOOM_FPN_ENC((double)__v); }  \
  __host__ __device__ explicit T(const int __v) { __x = __LOOM_FPN_ENC((double)__v); }        \
  __host__ __device__ explicit T(const long int __v) { __x = __LOOM_FPN_ENC((double)__v); }   \
  __host__ __device__ explicit T(const long long int __v) { __x = __LOOM_FPN_ENC((double)__v); }

#define __LOOM_FPN_SCALAR_OPS                                                                  \
  __host__ __device__ explicit operator float() const { return __LOOM_FPN_DEC(); }             \
  __host__ __device__ explicit operator double() const { return (double)__LOOM_FPN_DEC(); }    \
  __host__ __device__ explicit operator __half() const { return __half(__LOOM_FPN_DEC()); }    \
  __host__ __device__ explicit operator __nv_bfloat16() const {                                \
    return __nv_bfloat16(__LOOM_FPN_DEC());                                                    \
  }                                                                                            \
  __host__ __device__ explicit operator bool() const { return __LOOM_FPN_DEC() != 0.0f; }     \
  __host__ __device__ explicit operator char() const {                                         \
    return (char)((char)-1 < 0 ? __loom_fpn_to_sint(__LOOM_FPN_DEC(), -128, 127)               \
                               : (long long)__loom_fpn_to_uint(__LOOM_FPN_DEC(), 255));         \
  }                                                                                            \
  __host__ __device__ explicit operator signed char() const {                                  \
    return (signed char)__loom_fpn_to_sint(__LOOM_FPN_DEC(), -128, 127);                       \
  }                                                                                            \
  __host__ __device__ explicit operator unsigned char() const {                                \
    return (unsigned char)__loom_fpn_to_uint(__LOOM_FPN_DEC(), 255u);                          \
  }                                                                                            \
  __host__ __device__ explicit operator short int() const {                                    \
    return (short int)__loom_fpn_to_sint(__LOOM_FPN_DEC(), -32768, 32767);                     \
  }                                                                                            \
  __host__ __device__ explicit operator unsigned short int() const {                           \
    return (unsigned short int)__loom_fpn_to_uint(__LOOM_FPN_DEC(), 65535u);                   \
  }                                                                                            \
  __host__ __device__ explicit operator int() const {                                          \
    return (int)__loom_fpn_to_sint(__LOOM_FPN_DEC(), -2147483647 - 1, 2147483647);             \
  }                                                                                            \
  __host__ __device__ explicit operator unsigned int() const {                                 \
    return (unsigned int)__loom_fpn_to_uint(__LOOM_FPN_DEC(), 4294967295u);                    \
  }                                                                                            \
  __host__ __device__ explicit operator long int() const {                                     \
    return (long int)__loom_fpn_to_sint(__LOOM_FPN_DEC(), sizeof(long) == 8 ? -9223372036854775807LL - 1 : -2147483647LL - 1, \
                                        sizeof(long) == 8 ? 9223372036854775807LL : 2147483647LL); \
  }                                                                                            \
  __host__ __device__ explicit operator unsigned long int() const {                            \
    return (unsigned long int)__loom_fpn_to_uint(__LOOM_FPN_DEC(), (unsigned long)-1);         \
  }                                                                                            \
  __host__ __device__ explicit operator long long int() const {                                \
    return __loom_fpn_to_sint(__LOOM_FPN_DEC(), -9223372036854775807LL - 1, 9223372036854775807LL); \
  }                                                                                            \
  __host__ __device__ explicit operator unsigned long long int() const {                       \
    return __loom_fpn_to_uint(__LOOM_FPN_DEC(), 18446744073709551615ull);                      \
  }

#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
#define __LOOM_FP8_SCALAR_OPS __LOOM_FPN_SCALAR_OPS
#else
#define __LOOM_FP8_SCALAR_OPS
#endif

/* One fp8 class of kind K (__NV_E4M3 / __NV_E5M2) and its x2, x4 forms. */
#define __LOOM_FP8_CLASSES(N, N2, N4, K)                                                       \
  struct __align__(1) N {                                                                      \
    __nv_fp8_storage_t __x;                                                                    \
    N() = default;                                                                             \
    __LOOM_FP8_CTORS(N)                                                                        \
    __LOOM_FP8_SCALAR_OPS                                                                      \
  };                                                                                           \
  struct __align__(2) N2 {                                                                     \
    __nv_fp8x2_storage_t __x;                                                                  \
    N2() = default;                                                                            \
    __LOOM_FP8_CTORS2(N2, K)                                                                   \
    __LOOM_FP8_OPS2(K)                                                                         \
  };                                                                                           \
  struct __align__(4) N4 {                                                                     \
    __nv_fp8x4_storage_t __x;                                                                  \
    N4() = default;                                                                            \
    __LOOM_FP8_CTORS4(N4, K)                                                                   \
    __LOOM_FP8_OPS4(K)                                                                         \
  };

#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
#define __LOOM_FP8_CTORS(N) __LOOM_FPN_SCALAR_CTORS(N)
#define __LOOM_FP8_CTORS2(N2, K)                                                               \
  __host__ __device__ explicit N2(const __half2 __f) {                                         \
    __x = __nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(__f), __NV_SATFINITE, K);        \
  }                                                                                            \
  __host__ __device__ explicit N2(const __nv_bfloat162 __f) {                                  \
    __x = __nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(__f), __NV_SATFINITE, K); \
  }                                                                                            \
  __host__ __device__ explicit N2(const float2 __f) { __x = __nv_cvt_float2_to_fp8x2(__f, __NV_SATFINITE, K); } \
  __host__ __device__ explicit N2(const double2 __f) { __x = __nv_cvt_double2_to_fp8x2(__f, __NV_SATFINITE, K); }
#define __LOOM_FP8_CTORS4(N4, K)                                                               \
  __host__ __device__ explicit N4(const __half2 __lo, const __half2 __hi) {                    \
    __x = (__nv_fp8x4_storage_t)__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(__lo), __NV_SATFINITE, K) | \
          ((__nv_fp8x4_storage_t)__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(__hi), __NV_SATFINITE, K) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi) {      \
    __x = (__nv_fp8x4_storage_t)__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(__lo), __NV_SATFINITE, K) | \
          ((__nv_fp8x4_storage_t)__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(__hi), __NV_SATFINITE, K) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const float4 __f) {                                          \
    __x = (__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(make_float2(__f.x, __f.y), __NV_SATFINITE, K) | \
          ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(make_float2(__f.z, __f.w), __NV_SATFINITE, K) << 16); \
  }                                                                                            \
  __host__ __device__ explicit N4(const double4 __f) {                                         \
    __x = (__nv_fp8x4_storage_t)__nv_cvt_double2_to_fp8x2(make_double2(__f.x, __f.y), __NV_SATFINITE, K) | \
          ((__nv_fp8x4_storage_t)__nv_cvt_double2_to_fp8x2(make_double2(__f.z, __f.w), __NV_SATFINITE, K) << 16); \
  }
#else
#define __LOOM_FP8_CTORS(N)
#define __LOOM_FP8_CTORS2(N2, K)
#define __LOOM_FP8_CTORS4(N4, K)
#endif
#if !defined(__CUDA_NO_FP8_CONVERSIONS__) && !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
#define __LOOM_FP8_OPS2(K)                                                                     \
  __host__ __device__ explicit operator __half2() const {                                      \
    return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, K));                                        \
  }                                                                                            \
  __host__ __device__ explicit operator float2() const {                                       \
    return make_float2(__loom_fp8_to_f32((__nv_fp8_storage_t)(__x & 0xFFu), K),                \
                       __loom_fp8_to_f32((__nv_fp8_storage_t)(__x >> 8), K));                  \
  }
#define __LOOM_FP8_OPS4(K)                                                                     \
  __host__ __device__ explicit operator float4() const {                                       \
    return make_float4(__loom_fp8_to_f32((__nv_fp8_storage_t)(__x & 0xFFu), K),                \
                       __loom_fp8_to_f32((__nv_fp8_storage_t)((__x >> 8) & 0xFFu), K),         \
                       __loom_fp8_to_f32((__nv_fp8_storage_t)((__x >> 16) & 0xFFu), K),        \
                       __loom_fp8_to_f32((__nv_fp8_storage_t)(__x >> 24), K));                 \
  }
#else
#define __LOOM_FP8_OPS2(K)
#define __LOOM_FP8_OPS4(K)
#endif

#define __LOOM_FPN_ENC(d) __loom_fp8_from_f64((d), __NV_SATFINITE, __NV_E4M3)
#define __LOOM_FPN_DEC() __loom_fp8_to_f32(__x, __NV_E4M3)
__LOOM_FP8_CLASSES(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3, __NV_E4M3)
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC
#define __LOOM_FPN_ENC(d) __loom_fp8_from_f64((d), __NV_SATFINITE, __NV_E5M2)
#define __LOOM_FPN_DEC() __loom_fp8_to_f32(__x, __NV_E5M2)
__LOOM_FP8_CLASSES(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2, __NV_E5M2)
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC

/* e8m0: cudaRoundPosInf and __NV_SATFINITE, as the toolkit documents. */
struct __align__(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
#define __LOOM_FPN_ENC(d) __loom_e8m0_from_f64((d), __NV_SATFINITE, cudaRoundPosInf)
#define __LOOM_FPN_DEC() __loom_e8m0_to_f32(__x)
  __LOOM_FPN_SCALAR_CTORS(__nv_fp8_e8m0)
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  __LOOM_FPN_SCALAR_OPS
#endif
#undef __LOOM_FPN_ENC
#undef __LOOM_FPN_DEC
#endif
};
struct __align__(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __host__ __device__ explicit __nv_fp8x2_e8m0(const float2 __f) {
    __x = __nv_cvt_float2_to_e8m0x2(__f, __NV_SATFINITE, cudaRoundPosInf);
  }
  __host__ __device__ explicit __nv_fp8x2_e8m0(const double2 __f) {
    __x = __nv_cvt_double2_to_e8m0x2(__f, __NV_SATFINITE, cudaRoundPosInf);
  }
  __host__ __device__ explicit __nv_fp8x2_e8m0(const __nv_bfloat162 __f) {
    __x = __nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(__f), __NV_SATFINITE, cudaRoundPosInf);
  }
  __host__ __device__ explicit __nv_fp8x2_e8m0(const __half2 __f) {
    __x = __nv_cvt_float2_to_e8m0x2(__half22float2(__f), __NV_SATFINITE, cudaRoundPosInf);
  }
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  __host__ __device__ explicit operator __nv_bfloat162() const {
    return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x));
  }
  __host__ __device__ explicit operator float2() const {
    return make_float2(__loom_e8m0_to_f32((__nv_fp8_storage_t)(__x & 0xFFu)),
                       __loom_e8m0_to_f32((__nv_fp8_storage_t)(__x >> 8)));
  }
#endif
#endif
};
struct __align__(4) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __host__ __device__ explicit __nv_fp8x4_e8m0(const float4 __f) {
    __x = (__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(make_float2(__f.x, __f.y), __NV_SATFINITE, cudaRoundPosInf) |
          ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(make_float2(__f.z, __f.w), __NV_SATFINITE, cudaRoundPosInf) << 16);
  }
  __host__ __device__ explicit __nv_fp8x4_e8m0(const double4 __f) {
    __x = (__nv_fp8x4_storage_t)__nv_cvt_double2_to_e8m0x2(make_double2(__f.x, __f.y), __NV_SATFINITE, cudaRoundPosInf) |
          ((__nv_fp8x4_storage_t)__nv_cvt_double2_to_e8m0x2(make_double2(__f.z, __f.w), __NV_SATFINITE, cudaRoundPosInf) << 16);
  }
  __host__ __device__ explicit __nv_fp8x4_e8m0(const __nv_bfloat162 __lo, const __nv_bfloat162 __hi) {
    __x = (__nv_fp8x4_storage_t)__nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(__lo), __NV_SATFINITE, cudaRoundPosInf) |
          ((__nv_fp8x4_storage_t)__nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(__hi), __NV_SATFINITE, cudaRoundPosInf) << 16);
  }
  __host__ __device__ explicit __nv_fp8x4_e8m0(const __half2 __lo, const __half2 __hi) {
    __x = (__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(__half22float2(__lo), __NV_SATFINITE, cudaRoundPosInf) |
          ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(__half22float2(__hi), __NV_SATFINITE, cudaRoundPosInf) << 16);
  }
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  __host__ __device__ explicit operator float4() const {
    return make_float4(__loom_e8m0_to_f32((__nv_fp8_storage_t)(__x & 0xFFu)),
                       __loom_e8m0_to_f32((__nv_fp8_storage_t)((__x >> 8) & 0xFFu)),
                       __loom_e8m0_to_f32((__nv_fp8_storage_t)((__x >> 16) & 0xFFu)),
                       __loom_e8m0_to_f32((__nv_fp8_storage_t)(__x >> 24)));
  }
#endif
#endif
};
#endif

#endif /* LOOM_CUDA_FP8_H */
