/* cuda_fp16.h - CUDA's half-precision (IEEE binary16) types and functions for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the CUDA Math API documentation ("Half Precision Intrinsics",
 * "__half", "__half2"). __half holds the binary16 bits in an unsigned short,
 * as __half_raw does. Every operation converts to float (exact), computes in
 * float (double for fused multiply-add) and rounds back to nearest-even with
 * Loom's own integer-only rounding routine, so host code, device code and a
 * plain C++ compiler give bit-identical results, and +, -, *, /, sqrt and fma
 * are correctly rounded (float keeps 2p+2 bits of a p=11-bit format, so
 * rounding twice never differs from rounding once). docs/half.md lists what
 * is supported.
 *
 * C++ only, like CUDA's (C code gets the raw storage structs). In clang's CUDA
 * mode the operators and functions are __host__ __device__; warp shuffles,
 * atomicAdd and the __ldg family are __device__.
 *
 * cuda_bf16.h is this file's twin for bfloat16 (same API names with bf16
 * spellings); keep the two in step.
 */
#ifndef LOOM_CUDA_FP16_H
#define LOOM_CUDA_FP16_H
/* The toolkit header's guard: programs test it (e.g. helper_cuda.h). */
#define __CUDA_FP16_H__

#include "cuda_fp16.hpp"

#if defined(__cplusplus)
struct __align__(2) __half_raw {
  unsigned short x;
};
struct __align__(4) __half2_raw {
  unsigned short x;
  unsigned short y;
};
#else
typedef struct __align__(2) { unsigned short x; } __half_raw;
typedef struct __align__(4) { unsigned short x; unsigned short y; } __half2_raw;
typedef struct __align__(2) { unsigned short __x; } __half;
typedef struct __align__(4) { __half x; __half y; } __half2;
typedef __half half;
typedef __half2 half2;
#endif

#if defined(__cplusplus)

/* ---- binary16 specifics: 10 stored significand bits, exponents -14..15 ---- */
#define __LOOM_HALF_FORMAT 10, -14, 15
#define __LOOM_HALF_INF 0x7C00u
#define __LOOM_HALF_ONE 0x3C00u

/* binary16 bits -> float (exact). */
__LOOM_FP16_FN float __loom_half_to_f32(unsigned short __h) {
  const unsigned int __sign = (unsigned int)(__h & 0x8000u) << 16;
  const unsigned int __ex = (__h >> 10) & 0x1Fu, __frac = __h & 0x3FFu;
  if (__ex == 0x1Fu) /* infinity, NaN (payload kept, as the GPU does) */
    return __loom_u32_as_f32(__sign | 0x7F800000u | (__frac << 13));
  if (__ex == 0) {
    if (__frac == 0)
      return __loom_u32_as_f32(__sign);
    /* subnormal: frac * 2^-24, normalized for float */
    const int __s = __builtin_clz(__frac) - 21; /* moves the leading 1 to bit 10 */
    return __loom_u32_as_f32(__sign | ((unsigned int)(127 - 14 - __s) << 23) |
                             (((__frac << __s) & 0x3FFu) << 13));
  }
  return __loom_u32_as_f32(__sign | ((__ex + 112u) << 23) | (__frac << 13));
}

/* float -> binary16 bits, round to nearest even (the hot path of every
 * operation; same result as __loom_f32_to16(f, __LOOM_RN, ...)). */
__LOOM_FP16_FN unsigned short __loom_half_from_f32_rn(float __f) {
  const unsigned int __u = __loom_f32_as_u32(__f);
  const unsigned int __sign = (__u >> 16) & 0x8000u, __a = __u & 0x7FFFFFFFu;
  if (__a > 0x7F800000u)
    return (unsigned short)__LOOM_F16_CANONICAL_NAN;
  if (__a >= 0x477FF000u) /* >= 65520: infinity */
    return (unsigned short)(__sign | 0x7C00u);
  if (__a >= 0x38800000u) { /* >= 2^-14: normal result */
    const unsigned int __r = __a - 0x38000000u; /* rebias the exponent 127 -> 15 */
    return (unsigned short)(__sign | ((__r + 0xFFFu + ((__r >> 13) & 1u)) >> 13));
  }
  if (__a <= 0x33000000u) /* <= 2^-25: zero (2^-25 ties to even zero) */
    return (unsigned short)__sign;
  /* subnormal result: value * 2^24 rounded to an integer */
  const unsigned int __m = (__a & 0x7FFFFFu) | 0x800000u;
  const unsigned int __shift = 126u - (__a >> 23); /* 14..24 */
  const unsigned int __q = __m >> __shift, __rem = __m & ((1u << __shift) - 1u);
  const unsigned int __halfway = 1u << (__shift - 1u);
  return (unsigned short)(__sign | (__q + ((__rem > __halfway || (__rem == __halfway && (__q & 1u))) ? 1u : 0u)));
}
__LOOM_FP16_FN unsigned short __loom_half_round_f32(float __f, int __mode) {
  return __mode == __LOOM_RN ? __loom_half_from_f32_rn(__f)
                             : __loom_f32_to16(__f, __mode, __LOOM_HALF_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_half_round_f64(double __d, int __mode) {
  return __loom_f64_to16(__d, __mode, __LOOM_HALF_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_half_round_i64(long long __v, int __mode) {
  return __loom_i64_to16(__v, __mode, __LOOM_HALF_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_half_round_u64(unsigned long long __v, int __mode) {
  return __loom_int_to16(0u, __v, __mode, __LOOM_HALF_FORMAT);
}

/* ==== From here on the text is format-neutral; cuda_bf16.h repeats it with
 * bfloat16 names. ==== */

struct __align__(2) __half {
  unsigned short __x;

  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &__r) : __x(__r.x) {}
  __host__ __device__ __half &operator=(const __half_raw &__r) {
    __x = __r.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const {
    __half_raw __r;
    __r.x = __x;
    return __r;
  }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __host__ __device__ __half(float __f) : __x(__loom_half_from_f32_rn(__f)) {}
  __host__ __device__ __half(double __d) : __x(__loom_half_round_f64(__d, __LOOM_RN)) {}
  __host__ __device__ operator float() const { return __loom_half_to_f32(__x); }
  __host__ __device__ __half &operator=(float __f) {
    __x = __loom_half_from_f32_rn(__f);
    return *this;
  }
  __host__ __device__ __half &operator=(double __d) {
    __x = __loom_half_round_f64(__d, __LOOM_RN);
    return *this;
  }
#if defined(__CUDACC__)
  /* nvcc offers these in CUDA compilations: integers in (nearest-even),
   * integers out (toward zero, saturating), bool (nonzero). */
  __host__ __device__ __half(short __v) : __x(__loom_half_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(unsigned short __v) : __x(__loom_half_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(int __v) : __x(__loom_half_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(unsigned int __v) : __x(__loom_half_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(long __v) : __x(__loom_half_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(unsigned long __v) : __x(__loom_half_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(long long __v) : __x(__loom_half_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __half(unsigned long long __v) : __x(__loom_half_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __half &operator=(short __v) { return *this = __half(__v); }
  __host__ __device__ __half &operator=(unsigned short __v) { return *this = __half(__v); }
  __host__ __device__ __half &operator=(int __v) { return *this = __half(__v); }
  __host__ __device__ __half &operator=(unsigned int __v) { return *this = __half(__v); }
  __host__ __device__ __half &operator=(long long __v) { return *this = __half(__v); }
  __host__ __device__ __half &operator=(unsigned long long __v) { return *this = __half(__v); }
  __host__ __device__ operator signed char() const {
    return (signed char)__loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ, -128, 127, 0);
  }
  __host__ __device__ operator unsigned char() const {
    return (unsigned char)__loom_f32_to_uint(__loom_half_to_f32(__x), __LOOM_RZ, 255u, 0);
  }
  __host__ __device__ operator char() const {
    return (char)__loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ, (char)-1 < 0 ? -128 : 0,
                                    (char)-1 < 0 ? 127 : 255, 0);
  }
  __host__ __device__ operator short() const {
    return (short)__loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ, -32768, 32767, 0);
  }
  __host__ __device__ operator unsigned short() const {
    return (unsigned short)__loom_f32_to_uint(__loom_half_to_f32(__x), __LOOM_RZ, 65535u, 0);
  }
  __host__ __device__ operator int() const {
    return (int)__loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ, -2147483647 - 1,
                                   2147483647, 0);
  }
  __host__ __device__ operator unsigned int() const {
    return (unsigned int)__loom_f32_to_uint(__loom_half_to_f32(__x), __LOOM_RZ, 4294967295u, 0);
  }
  __host__ __device__ operator long() const {
    return (long)__loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ,
                                    sizeof(long) == 8 ? -9223372036854775807ll - 1 : -2147483647ll - 1,
                                    sizeof(long) == 8 ? 9223372036854775807ll : 2147483647ll,
                                    sizeof(long) == 8 ? -9223372036854775807ll - 1 : 0);
  }
  __host__ __device__ operator unsigned long() const {
    return (unsigned long)__loom_f32_to_uint(__loom_half_to_f32(__x), __LOOM_RZ,
                                             sizeof(long) == 8 ? 18446744073709551615ull : 4294967295ull,
                                             sizeof(long) == 8 ? 0x8000000000000000ull : 0);
  }
  __host__ __device__ operator long long() const {
    return __loom_f32_to_sint(__loom_half_to_f32(__x), __LOOM_RZ, -9223372036854775807ll - 1,
                              9223372036854775807ll, -9223372036854775807ll - 1);
  }
  __host__ __device__ operator unsigned long long() const {
    return __loom_f32_to_uint(__loom_half_to_f32(__x), __LOOM_RZ, 18446744073709551615ull,
                              0x8000000000000000ull);
  }
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7FFFu) != 0; }
#endif /* __CUDACC__ */
#endif /* !__CUDA_NO_HALF_CONVERSIONS__ */
};

struct __align__(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &__a, const __half &__b) : x(__a), y(__b) {}
  __host__ __device__ __half2(const __half2_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
  }
  __host__ __device__ __half2 &operator=(const __half2_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
    return *this;
  }
  __host__ __device__ operator __half2_raw() const {
    __half2_raw __r;
    __r.x = x.__x;
    __r.y = y.__x;
    return __r;
  }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

/* ---- internal helpers ---- */
__LOOM_FP16_FN __half __loom_half_from_bits(unsigned short __b) {
  __half_raw __r;
  __r.x = __b;
  return __half(__r);
}
__LOOM_FP16_FN float __loom_half_f(__half __h) { return __loom_half_to_f32(__h.__x); }
__LOOM_FP16_FN __half __loom_half_rn(float __f) {
  return __loom_half_from_bits(__loom_half_from_f32_rn(__f));
}
__LOOM_FP16_FN bool __loom_half_isnan(__half __h) {
  return (__h.__x & 0x7FFFu) > __LOOM_HALF_INF;
}
__LOOM_FP16_FN __half __loom_half_nan() {
  return __loom_half_from_bits((unsigned short)__LOOM_F16_CANONICAL_NAN);
}
__LOOM_FP16_FN unsigned int __loom_half2_bits(__half2 __v) {
  return (unsigned int)__v.x.__x | ((unsigned int)__v.y.__x << 16);
}
__LOOM_FP16_FN __half2 __loom_half2_from_bits(unsigned int __b) {
  return __half2(__loom_half_from_bits((unsigned short)(__b & 0xFFFFu)),
                 __loom_half_from_bits((unsigned short)(__b >> 16)));
}

/* ---- constants ---- */
#define CUDART_INF_FP16 __loom_half_from_bits((unsigned short)__LOOM_HALF_INF)
#define CUDART_NAN_FP16 __loom_half_from_bits((unsigned short)0x7FFFu)
#define CUDART_MIN_DENORM_FP16 __loom_half_from_bits((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __loom_half_from_bits((unsigned short)(__LOOM_HALF_INF - 1u))
#define CUDART_NEG_ZERO_FP16 __loom_half_from_bits((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __loom_half_from_bits((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE)

/* ---- conversions ---- */
__LOOM_FP16_FN __half __float2half(const float __a) { return __loom_half_rn(__a); }
__LOOM_FP16_FN __half __float2half_rn(const float __a) { return __loom_half_rn(__a); }
__LOOM_FP16_FN __half __float2half_rz(const float __a) {
  return __loom_half_from_bits(__loom_half_round_f32(__a, __LOOM_RZ));
}
__LOOM_FP16_FN __half __float2half_ru(const float __a) {
  return __loom_half_from_bits(__loom_half_round_f32(__a, __LOOM_RU));
}
__LOOM_FP16_FN __half __float2half_rd(const float __a) {
  return __loom_half_from_bits(__loom_half_round_f32(__a, __LOOM_RD));
}
__LOOM_FP16_FN __half __double2half(const double __a) {
  return __loom_half_from_bits(__loom_half_round_f64(__a, __LOOM_RN));
}
__LOOM_FP16_FN float __half2float(const __half __a) { return __loom_half_f(__a); }
__LOOM_FP16_FN __half2 __float2half2_rn(const float __a) {
  const __half __h = __loom_half_rn(__a);
  return __half2(__h, __h);
}
__LOOM_FP16_FN __half2 __floats2half2_rn(const float __a, const float __b) {
  return __half2(__loom_half_rn(__a), __loom_half_rn(__b));
}
__LOOM_FP16_FN __half2 __float22half2_rn(const float2 __a) {
  return __half2(__loom_half_rn(__a.x), __loom_half_rn(__a.y));
}
__LOOM_FP16_FN float2 __half22float2(const __half2 __a) {
  return make_float2(__loom_half_f(__a.x), __loom_half_f(__a.y));
}
__LOOM_FP16_FN float __low2float(const __half2 __a) { return __loom_half_f(__a.x); }
__LOOM_FP16_FN float __high2float(const __half2 __a) { return __loom_half_f(__a.y); }
__LOOM_FP16_FN __half __low2half(const __half2 __a) { return __a.x; }
__LOOM_FP16_FN __half __high2half(const __half2 __a) { return __a.y; }
__LOOM_FP16_FN __half2 __low2half2(const __half2 __a) { return __half2(__a.x, __a.x); }
__LOOM_FP16_FN __half2 __high2half2(const __half2 __a) { return __half2(__a.y, __a.y); }
__LOOM_FP16_FN __half2 __lows2half2(const __half2 __a, const __half2 __b) {
  return __half2(__a.x, __b.x);
}
__LOOM_FP16_FN __half2 __highs2half2(const __half2 __a, const __half2 __b) {
  return __half2(__a.y, __b.y);
}
__LOOM_FP16_FN __half2 __halves2half2(const __half __a, const __half __b) {
  return __half2(__a, __b);
}
__LOOM_FP16_FN __half2 __half2half2(const __half __a) { return __half2(__a, __a); }
__LOOM_FP16_FN __half2 __lowhigh2highlow(const __half2 __a) { return __half2(__a.y, __a.x); }
__LOOM_FP16_FN __half2 make_half2(const __half __x, const __half __y) { return __half2(__x, __y); }

__LOOM_FP16_FN short __half_as_short(const __half __h) { return (short)__h.__x; }
__LOOM_FP16_FN unsigned short __half_as_ushort(const __half __h) { return __h.__x; }
__LOOM_FP16_FN __half __short_as_half(const short __i) {
  return __loom_half_from_bits((unsigned short)__i);
}
__LOOM_FP16_FN __half __ushort_as_half(const unsigned short __i) {
  return __loom_half_from_bits(__i);
}

/* 16-bit value -> integer in four rounding modes, saturating; NaN -> 0 (64-bit: 0x8000000000000000). */
#define __LOOM_HALF_TO_SINT(NAME, T, LO, HI, NANV)                                            \
  __LOOM_FP16_FN T NAME##_rn(const __half __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_half_f(__h), __LOOM_RN, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rz(const __half __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_half_f(__h), __LOOM_RZ, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_ru(const __half __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_half_f(__h), __LOOM_RU, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rd(const __half __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_half_f(__h), __LOOM_RD, LO, HI, NANV);             \
  }
#define __LOOM_HALF_TO_UINT(NAME, T, HI, NANV)                                                \
  __LOOM_FP16_FN T NAME##_rn(const __half __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_half_f(__h), __LOOM_RN, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rz(const __half __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_half_f(__h), __LOOM_RZ, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_ru(const __half __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_half_f(__h), __LOOM_RU, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rd(const __half __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_half_f(__h), __LOOM_RD, HI, NANV);                 \
  }
__LOOM_HALF_TO_SINT(__half2int, int, -2147483647ll - 1, 2147483647ll, 0)
__LOOM_HALF_TO_SINT(__half2short, short, -32768ll, 32767ll, 0)
__LOOM_HALF_TO_SINT(__half2ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll,
                    -9223372036854775807ll - 1)
__LOOM_HALF_TO_UINT(__half2uint, unsigned int, 4294967295ull, 0)
__LOOM_HALF_TO_UINT(__half2ushort, unsigned short, 65535ull, 0)
__LOOM_HALF_TO_UINT(__half2ull, unsigned long long, 18446744073709551615ull,
                    0x8000000000000000ull)
#undef __LOOM_HALF_TO_SINT
#undef __LOOM_HALF_TO_UINT
__LOOM_FP16_FN signed char __half2char_rz(const __half __h) {
  return (signed char)__loom_f32_to_sint(__loom_half_f(__h), __LOOM_RZ, -128, 127, 0);
}
__LOOM_FP16_FN unsigned char __half2uchar_rz(const __half __h) {
  return (unsigned char)__loom_f32_to_uint(__loom_half_f(__h), __LOOM_RZ, 255u, 0);
}

/* integer -> 16-bit value in four rounding modes (exact, one rounding). */
#define __LOOM_SINT_TO_HALF(NAME, T)                                                          \
  __LOOM_FP16_FN __half NAME##_rn(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_i64((long long)__i, __LOOM_RN));        \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_rz(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_i64((long long)__i, __LOOM_RZ));        \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_ru(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_i64((long long)__i, __LOOM_RU));        \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_rd(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_i64((long long)__i, __LOOM_RD));        \
  }
#define __LOOM_UINT_TO_HALF(NAME, T)                                                          \
  __LOOM_FP16_FN __half NAME##_rn(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_u64((unsigned long long)__i, __LOOM_RN)); \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_rz(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_u64((unsigned long long)__i, __LOOM_RZ)); \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_ru(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_u64((unsigned long long)__i, __LOOM_RU)); \
  }                                                                                        \
  __LOOM_FP16_FN __half NAME##_rd(const T __i) {                                           \
    return __loom_half_from_bits(__loom_half_round_u64((unsigned long long)__i, __LOOM_RD)); \
  }
__LOOM_SINT_TO_HALF(__int2half, int)
__LOOM_SINT_TO_HALF(__short2half, short)
__LOOM_SINT_TO_HALF(__ll2half, long long)
__LOOM_UINT_TO_HALF(__uint2half, unsigned int)
__LOOM_UINT_TO_HALF(__ushort2half, unsigned short)
__LOOM_UINT_TO_HALF(__ull2half, unsigned long long)
#undef __LOOM_SINT_TO_HALF
#undef __LOOM_UINT_TO_HALF

/* ---- arithmetic: computed in float, rounded to nearest even ---- */
__LOOM_FP16_FN __half __hadd(const __half __a, const __half __b) {
  return __loom_half_rn(__loom_half_f(__a) + __loom_half_f(__b));
}
__LOOM_FP16_FN __half __hsub(const __half __a, const __half __b) {
  return __loom_half_rn(__loom_half_f(__a) - __loom_half_f(__b));
}
__LOOM_FP16_FN __half __hmul(const __half __a, const __half __b) {
  return __loom_half_rn(__loom_half_f(__a) * __loom_half_f(__b));
}
__LOOM_FP16_FN __half __hdiv(const __half __a, const __half __b) {
  return __loom_half_rn(__loom_half_f(__a) / __loom_half_f(__b));
}
__LOOM_FP16_FN __half __hadd_rn(const __half __a, const __half __b) { return __hadd(__a, __b); }
__LOOM_FP16_FN __half __hsub_rn(const __half __a, const __half __b) { return __hsub(__a, __b); }
__LOOM_FP16_FN __half __hmul_rn(const __half __a, const __half __b) { return __hmul(__a, __b); }
/* a*b is exact in double; one rounding to double, then to the 16-bit format. */
__LOOM_FP16_FN __half __hfma(const __half __a, const __half __b, const __half __c) {
  return __loom_half_from_bits(__loom_half_round_f64(
      (double)__loom_half_f(__a) * (double)__loom_half_f(__b) + (double)__loom_half_f(__c),
      __LOOM_RN));
}
__LOOM_FP16_FN __half __hneg(const __half __a) {
  return __loom_half_from_bits((unsigned short)(__a.__x ^ 0x8000u));
}
__LOOM_FP16_FN __half __habs(const __half __a) {
  return __loom_half_from_bits((unsigned short)(__a.__x & 0x7FFFu));
}
/* Saturation to [0, 1]; NaN gives +0. */
__LOOM_FP16_FN __half __loom_half_sat(const __half __a) {
  if (__loom_half_isnan(__a) || (__a.__x & 0x8000u))
    return __loom_half_from_bits(0);
  return __loom_half_f(__a) > 1.0f ? __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE) : __a;
}
__LOOM_FP16_FN __half __hadd_sat(const __half __a, const __half __b) {
  return __loom_half_sat(__hadd(__a, __b));
}
__LOOM_FP16_FN __half __hsub_sat(const __half __a, const __half __b) {
  return __loom_half_sat(__hsub(__a, __b));
}
__LOOM_FP16_FN __half __hmul_sat(const __half __a, const __half __b) {
  return __loom_half_sat(__hmul(__a, __b));
}
__LOOM_FP16_FN __half __hfma_sat(const __half __a, const __half __b, const __half __c) {
  return __loom_half_sat(__hfma(__a, __b, __c));
}
/* fma, then negative results become +0 and NaN the canonical NaN. */
__LOOM_FP16_FN __half __hfma_relu(const __half __a, const __half __b, const __half __c) {
  const __half __r = __hfma(__a, __b, __c);
  if (__loom_half_isnan(__r))
    return __loom_half_nan();
  return (__r.__x & 0x8000u) ? __loom_half_from_bits(0) : __r;
}

/* max/min: a NaN operand yields the other one (both NaN: canonical NaN);
 * +0 is larger than -0. The _nan forms propagate NaN. */
__LOOM_FP16_FN __half __hmax(const __half __a, const __half __b) {
  const bool __na = __loom_half_isnan(__a), __nb = __loom_half_isnan(__b);
  if (__na && __nb)
    return __loom_half_nan();
  if (__na)
    return __b;
  if (__nb)
    return __a;
  const float __fa = __loom_half_f(__a), __fb = __loom_half_f(__b);
  if (__fa == __fb)
    return __loom_half_from_bits((unsigned short)(__a.__x & __b.__x));
  return __fa > __fb ? __a : __b;
}
__LOOM_FP16_FN __half __hmin(const __half __a, const __half __b) {
  const bool __na = __loom_half_isnan(__a), __nb = __loom_half_isnan(__b);
  if (__na && __nb)
    return __loom_half_nan();
  if (__na)
    return __b;
  if (__nb)
    return __a;
  const float __fa = __loom_half_f(__a), __fb = __loom_half_f(__b);
  if (__fa == __fb)
    return __loom_half_from_bits((unsigned short)(__a.__x | __b.__x));
  return __fa < __fb ? __a : __b;
}
__LOOM_FP16_FN __half __hmax_nan(const __half __a, const __half __b) {
  return (__loom_half_isnan(__a) || __loom_half_isnan(__b)) ? __loom_half_nan() : __hmax(__a, __b);
}
__LOOM_FP16_FN __half __hmin_nan(const __half __a, const __half __b) {
  return (__loom_half_isnan(__a) || __loom_half_isnan(__b)) ? __loom_half_nan() : __hmin(__a, __b);
}

/* ---- comparisons: ordered (false on NaN) and unordered (_u: true on NaN) ---- */
#define __LOOM_HALF_CMP(NAME, OP)                                                             \
  __LOOM_FP16_FN bool NAME(const __half __a, const __half __b) {                           \
    return !__loom_half_isnan(__a) && !__loom_half_isnan(__b) &&                           \
           __loom_half_f(__a) OP __loom_half_f(__b);                                       \
  }                                                                                        \
  __LOOM_FP16_FN bool NAME##u(const __half __a, const __half __b) {                        \
    return __loom_half_isnan(__a) || __loom_half_isnan(__b) ||                             \
           __loom_half_f(__a) OP __loom_half_f(__b);                                       \
  }
__LOOM_HALF_CMP(__heq, ==)
__LOOM_HALF_CMP(__hne, !=)
__LOOM_HALF_CMP(__hlt, <)
__LOOM_HALF_CMP(__hle, <=)
__LOOM_HALF_CMP(__hgt, >)
__LOOM_HALF_CMP(__hge, >=)
#undef __LOOM_HALF_CMP
__LOOM_FP16_FN bool __hisnan(const __half __a) { return __loom_half_isnan(__a); }
/* -1 for -infinity, 1 for +infinity, 0 otherwise. */
__LOOM_FP16_FN int __hisinf(const __half __a) {
  if ((__a.__x & 0x7FFFu) != __LOOM_HALF_INF)
    return 0;
  return (__a.__x & 0x8000u) ? -1 : 1;
}

/* ---- math functions: float function, rounded to nearest even ---- */
__LOOM_FP16_FN __half hsqrt(const __half __a) { return __loom_half_rn(sqrtf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hrsqrt(const __half __a) {
  return __loom_half_rn(1.0f / sqrtf(__loom_half_f(__a)));
}
__LOOM_FP16_FN __half hrcp(const __half __a) { return __loom_half_rn(1.0f / __loom_half_f(__a)); }
__LOOM_FP16_FN __half hexp(const __half __a) { return __loom_half_rn(expf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hexp2(const __half __a) { return __loom_half_rn(exp2f(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hexp10(const __half __a) {
  return __loom_half_rn(exp2f(__loom_half_f(__a) * 3.32192809488736234787f));
}
__LOOM_FP16_FN __half hlog(const __half __a) { return __loom_half_rn(logf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hlog2(const __half __a) { return __loom_half_rn(log2f(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hlog10(const __half __a) {
  return __loom_half_rn(log10f(__loom_half_f(__a)));
}
__LOOM_FP16_FN __half hsin(const __half __a) { return __loom_half_rn(sinf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hcos(const __half __a) { return __loom_half_rn(cosf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half htanh(const __half __a) { return __loom_half_rn(tanhf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half htanh_approx(const __half __a) { return htanh(__a); }
__LOOM_FP16_FN __half hfloor(const __half __a) { return __loom_half_rn(floorf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hceil(const __half __a) { return __loom_half_rn(ceilf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half htrunc(const __half __a) { return __loom_half_rn(truncf(__loom_half_f(__a))); }
__LOOM_FP16_FN __half hrint(const __half __a) { return __loom_half_rn(rintf(__loom_half_f(__a))); }

/* ---- paired (__half2) forms: the scalar operation on each element ---- */
#define __LOOM_HALF2_UNARY(NAME, SCALAR)                                                      \
  __LOOM_FP16_FN __half2 NAME(const __half2 __a) { return __half2(SCALAR(__a.x), SCALAR(__a.y)); }
#define __LOOM_HALF2_BINARY(NAME, SCALAR)                                                     \
  __LOOM_FP16_FN __half2 NAME(const __half2 __a, const __half2 __b) {                      \
    return __half2(SCALAR(__a.x, __b.x), SCALAR(__a.y, __b.y));                            \
  }
#define __LOOM_HALF2_TERNARY(NAME, SCALAR)                                                    \
  __LOOM_FP16_FN __half2 NAME(const __half2 __a, const __half2 __b, const __half2 __c) {   \
    return __half2(SCALAR(__a.x, __b.x, __c.x), SCALAR(__a.y, __b.y, __c.y));              \
  }
__LOOM_HALF2_BINARY(__hadd2, __hadd)
__LOOM_HALF2_BINARY(__hsub2, __hsub)
__LOOM_HALF2_BINARY(__hmul2, __hmul)
__LOOM_HALF2_BINARY(__h2div, __hdiv)
__LOOM_HALF2_BINARY(__hadd2_rn, __hadd)
__LOOM_HALF2_BINARY(__hsub2_rn, __hsub)
__LOOM_HALF2_BINARY(__hmul2_rn, __hmul)
__LOOM_HALF2_BINARY(__hadd2_sat, __hadd_sat)
__LOOM_HALF2_BINARY(__hsub2_sat, __hsub_sat)
__LOOM_HALF2_BINARY(__hmul2_sat, __hmul_sat)
__LOOM_HALF2_BINARY(__hmax2, __hmax)
__LOOM_HALF2_BINARY(__hmin2, __hmin)
__LOOM_HALF2_BINARY(__hmax2_nan, __hmax_nan)
__LOOM_HALF2_BINARY(__hmin2_nan, __hmin_nan)
__LOOM_HALF2_TERNARY(__hfma2, __hfma)
__LOOM_HALF2_TERNARY(__hfma2_sat, __hfma_sat)
__LOOM_HALF2_TERNARY(__hfma2_relu, __hfma_relu)
__LOOM_HALF2_UNARY(__hneg2, __hneg)
__LOOM_HALF2_UNARY(__habs2, __habs)
__LOOM_HALF2_UNARY(h2sqrt, hsqrt)
__LOOM_HALF2_UNARY(h2rsqrt, hrsqrt)
__LOOM_HALF2_UNARY(h2rcp, hrcp)
__LOOM_HALF2_UNARY(h2exp, hexp)
__LOOM_HALF2_UNARY(h2exp2, hexp2)
__LOOM_HALF2_UNARY(h2exp10, hexp10)
__LOOM_HALF2_UNARY(h2log, hlog)
__LOOM_HALF2_UNARY(h2log2, hlog2)
__LOOM_HALF2_UNARY(h2log10, hlog10)
__LOOM_HALF2_UNARY(h2sin, hsin)
__LOOM_HALF2_UNARY(h2cos, hcos)
__LOOM_HALF2_UNARY(h2tanh, htanh)
__LOOM_HALF2_UNARY(h2tanh_approx, htanh)
__LOOM_HALF2_UNARY(h2floor, hfloor)
__LOOM_HALF2_UNARY(h2ceil, hceil)
__LOOM_HALF2_UNARY(h2trunc, htrunc)
__LOOM_HALF2_UNARY(h2rint, hrint)
#undef __LOOM_HALF2_UNARY
#undef __LOOM_HALF2_BINARY
#undef __LOOM_HALF2_TERNARY

/* Complex multiply-add: (a.x*b.x - a.y*b.y + c.x, a.x*b.y + a.y*b.x + c.y),
 * products exact in double, one rounding per element at the end. */
__LOOM_FP16_FN __half2 __hcmadd(const __half2 __a, const __half2 __b, const __half2 __c) {
  const double __ax = __loom_half_f(__a.x), __ay = __loom_half_f(__a.y);
  const double __bx = __loom_half_f(__b.x), __by = __loom_half_f(__b.y);
  return __half2(
      __loom_half_from_bits(__loom_half_round_f64(__ax * __bx - __ay * __by + (double)__loom_half_f(__c.x), __LOOM_RN)),
      __loom_half_from_bits(__loom_half_round_f64(__ax * __by + __ay * __bx + (double)__loom_half_f(__c.y), __LOOM_RN)));
}

/* Paired comparisons: __h*2 gives 1.0 or 0.0 per element, __hb*2 is true
 * when both elements compare true, __h*2_mask gives 0xFFFF or 0 per element. */
#define __LOOM_HALF2_CMP(OP)                                                                  \
  __LOOM_FP16_FN __half2 __h##OP##2(const __half2 __a, const __half2 __b) {                \
    return __half2(__loom_half_from_bits(__h##OP(__a.x, __b.x) ? (unsigned short)__LOOM_HALF_ONE : (unsigned short)0), \
                   __loom_half_from_bits(__h##OP(__a.y, __b.y) ? (unsigned short)__LOOM_HALF_ONE : (unsigned short)0)); \
  }                                                                                        \
  __LOOM_FP16_FN bool __hb##OP##2(const __half2 __a, const __half2 __b) {                  \
    return __h##OP(__a.x, __b.x) && __h##OP(__a.y, __b.y);                                 \
  }                                                                                        \
  __LOOM_FP16_FN unsigned int __h##OP##2_mask(const __half2 __a, const __half2 __b) {      \
    return (__h##OP(__a.x, __b.x) ? 0xFFFFu : 0u) | (__h##OP(__a.y, __b.y) ? 0xFFFF0000u : 0u); \
  }
__LOOM_HALF2_CMP(eq)
__LOOM_HALF2_CMP(ne)
__LOOM_HALF2_CMP(lt)
__LOOM_HALF2_CMP(le)
__LOOM_HALF2_CMP(gt)
__LOOM_HALF2_CMP(ge)
__LOOM_HALF2_CMP(equ)
__LOOM_HALF2_CMP(neu)
__LOOM_HALF2_CMP(ltu)
__LOOM_HALF2_CMP(leu)
__LOOM_HALF2_CMP(gtu)
__LOOM_HALF2_CMP(geu)
#undef __LOOM_HALF2_CMP
__LOOM_FP16_FN __half2 __hisnan2(const __half2 __a) {
  return __half2(__loom_half_from_bits(__loom_half_isnan(__a.x) ? (unsigned short)__LOOM_HALF_ONE : (unsigned short)0),
                 __loom_half_from_bits(__loom_half_isnan(__a.y) ? (unsigned short)__LOOM_HALF_ONE : (unsigned short)0));
}

/* ---- C++ operators (host and device) ---- */
#if !defined(__CUDA_NO_HALF_OPERATORS__)
__LOOM_FP16_FN __half operator+(const __half &__a, const __half &__b) { return __hadd(__a, __b); }
__LOOM_FP16_FN __half operator-(const __half &__a, const __half &__b) { return __hsub(__a, __b); }
__LOOM_FP16_FN __half operator*(const __half &__a, const __half &__b) { return __hmul(__a, __b); }
__LOOM_FP16_FN __half operator/(const __half &__a, const __half &__b) { return __hdiv(__a, __b); }
__LOOM_FP16_FN __half &operator+=(__half &__a, const __half &__b) { return __a = __hadd(__a, __b); }
__LOOM_FP16_FN __half &operator-=(__half &__a, const __half &__b) { return __a = __hsub(__a, __b); }
__LOOM_FP16_FN __half &operator*=(__half &__a, const __half &__b) { return __a = __hmul(__a, __b); }
__LOOM_FP16_FN __half &operator/=(__half &__a, const __half &__b) { return __a = __hdiv(__a, __b); }
__LOOM_FP16_FN __half operator+(const __half &__a) { return __a; }
__LOOM_FP16_FN __half operator-(const __half &__a) { return __hneg(__a); }
__LOOM_FP16_FN __half &operator++(__half &__a) {
  return __a = __hadd(__a, __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE));
}
__LOOM_FP16_FN __half &operator--(__half &__a) {
  return __a = __hsub(__a, __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE));
}
__LOOM_FP16_FN __half operator++(__half &__a, int) {
  const __half __old = __a;
  ++__a;
  return __old;
}
__LOOM_FP16_FN __half operator--(__half &__a, int) {
  const __half __old = __a;
  --__a;
  return __old;
}
__LOOM_FP16_FN bool operator==(const __half &__a, const __half &__b) { return __heq(__a, __b); }
__LOOM_FP16_FN bool operator!=(const __half &__a, const __half &__b) { return __hneu(__a, __b); }
__LOOM_FP16_FN bool operator<(const __half &__a, const __half &__b) { return __hlt(__a, __b); }
__LOOM_FP16_FN bool operator<=(const __half &__a, const __half &__b) { return __hle(__a, __b); }
__LOOM_FP16_FN bool operator>(const __half &__a, const __half &__b) { return __hgt(__a, __b); }
__LOOM_FP16_FN bool operator>=(const __half &__a, const __half &__b) { return __hge(__a, __b); }
#endif /* !__CUDA_NO_HALF_OPERATORS__ */

#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__LOOM_FP16_FN __half2 operator+(const __half2 &__a, const __half2 &__b) { return __hadd2(__a, __b); }
__LOOM_FP16_FN __half2 operator-(const __half2 &__a, const __half2 &__b) { return __hsub2(__a, __b); }
__LOOM_FP16_FN __half2 operator*(const __half2 &__a, const __half2 &__b) { return __hmul2(__a, __b); }
__LOOM_FP16_FN __half2 operator/(const __half2 &__a, const __half2 &__b) { return __h2div(__a, __b); }
__LOOM_FP16_FN __half2 &operator+=(__half2 &__a, const __half2 &__b) { return __a = __hadd2(__a, __b); }
__LOOM_FP16_FN __half2 &operator-=(__half2 &__a, const __half2 &__b) { return __a = __hsub2(__a, __b); }
__LOOM_FP16_FN __half2 &operator*=(__half2 &__a, const __half2 &__b) { return __a = __hmul2(__a, __b); }
__LOOM_FP16_FN __half2 &operator/=(__half2 &__a, const __half2 &__b) { return __a = __h2div(__a, __b); }
__LOOM_FP16_FN __half2 operator+(const __half2 &__a) { return __a; }
__LOOM_FP16_FN __half2 operator-(const __half2 &__a) { return __hneg2(__a); }
__LOOM_FP16_FN __half2 &operator++(__half2 &__a) {
  const __half __one = __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE);
  return __a = __hadd2(__a, __half2(__one, __one));
}
__LOOM_FP16_FN __half2 &operator--(__half2 &__a) {
  const __half __one = __loom_half_from_bits((unsigned short)__LOOM_HALF_ONE);
  return __a = __hsub2(__a, __half2(__one, __one));
}
__LOOM_FP16_FN __half2 operator++(__half2 &__a, int) {
  const __half2 __old = __a;
  ++__a;
  return __old;
}
__LOOM_FP16_FN __half2 operator--(__half2 &__a, int) {
  const __half2 __old = __a;
  --__a;
  return __old;
}
__LOOM_FP16_FN bool operator==(const __half2 &__a, const __half2 &__b) { return __hbeq2(__a, __b); }
__LOOM_FP16_FN bool operator!=(const __half2 &__a, const __half2 &__b) { return __hbneu2(__a, __b); }
__LOOM_FP16_FN bool operator<(const __half2 &__a, const __half2 &__b) { return __hblt2(__a, __b); }
__LOOM_FP16_FN bool operator<=(const __half2 &__a, const __half2 &__b) { return __hble2(__a, __b); }
__LOOM_FP16_FN bool operator>(const __half2 &__a, const __half2 &__b) { return __hbgt2(__a, __b); }
__LOOM_FP16_FN bool operator>=(const __half2 &__a, const __half2 &__b) { return __hbge2(__a, __b); }
#endif /* !__CUDA_NO_HALF2_OPERATORS__ */

/* ---- device-only: warp shuffles, atomics, cache-hinted loads and stores ---- */
#if defined(__CUDA__)
/* Shuffles move the bits through the 32-bit shuffles. */
#define __LOOM_HALF_SHFL(NAME, DELTA_T)                                                       \
  __LOOM_FP16_DEV __half NAME(unsigned int __mask, __half __var, DELTA_T __d,              \
                              int __width = 32) {                                          \
    return __loom_half_from_bits(                                                          \
        (unsigned short)NAME(__mask, (unsigned int)__var.__x, __d, __width));              \
  }                                                                                        \
  __LOOM_FP16_DEV __half2 NAME(unsigned int __mask, __half2 __var, DELTA_T __d,            \
                               int __width = 32) {                                         \
    return __loom_half2_from_bits(NAME(__mask, __loom_half2_bits(__var), __d, __width));   \
  }
__LOOM_HALF_SHFL(__shfl_sync, int)
__LOOM_HALF_SHFL(__shfl_up_sync, unsigned int)
__LOOM_HALF_SHFL(__shfl_down_sync, unsigned int)
__LOOM_HALF_SHFL(__shfl_xor_sync, int)
#undef __LOOM_HALF_SHFL

/* atomicAdd: compare-and-swap loop on the aligned 32-bit word that holds the
 * value (a __half is the low or high half of it; both targets are little
 * endian). Returns the old value. */
__LOOM_FP16_DEV __half2 atomicAdd(__half2 *__address, __half2 __val) {
  unsigned int *__w = (unsigned int *)(void *)__address;
  unsigned int __old = __atomic_load_n(__w, __ATOMIC_RELAXED), __assumed;
  do {
    __assumed = __old;
    __old = atomicCAS(__w, __assumed,
                      __loom_half2_bits(__hadd2(__loom_half2_from_bits(__assumed), __val)));
  } while (__old != __assumed);
  return __loom_half2_from_bits(__old);
}
__LOOM_FP16_DEV __half atomicAdd(__half *__address, __half __val) {
  const unsigned long long __a = (unsigned long long)(void *)__address;
  unsigned int *__w = (unsigned int *)(void *)(__a & ~3ull);
  const unsigned int __shift = (unsigned int)(__a & 2ull) * 8u;
  unsigned int __old = __atomic_load_n(__w, __ATOMIC_RELAXED), __assumed;
  do {
    __assumed = __old;
    const __half __sum =
        __hadd(__loom_half_from_bits((unsigned short)(__assumed >> __shift)), __val);
    __old = atomicCAS(__w, __assumed,
                      (__assumed & ~(0xFFFFu << __shift)) | ((unsigned int)__sum.__x << __shift));
  } while (__old != __assumed);
  return __loom_half_from_bits((unsigned short)(__old >> __shift));
}
__LOOM_FP16_DEV __half2 atomicAdd_block(__half2 *__p, __half2 __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __half2 atomicAdd_system(__half2 *__p, __half2 __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __half atomicAdd_block(__half *__p, __half __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __half atomicAdd_system(__half *__p, __half __v) { return atomicAdd(__p, __v); }

/* Cache-hinted loads and stores: ordinary loads and stores on a CPU. */
#define __LOOM_HALF_LDST(T)                                                                   \
  __LOOM_FP16_DEV T __ldg(const T *__p) { return *__p; }                                   \
  __LOOM_FP16_DEV T __ldcg(const T *__p) { return *__p; }                                  \
  __LOOM_FP16_DEV T __ldca(const T *__p) { return *__p; }                                  \
  __LOOM_FP16_DEV T __ldcs(const T *__p) { return *__p; }                                  \
  __LOOM_FP16_DEV T __ldlu(const T *__p) { return *__p; }                                  \
  __LOOM_FP16_DEV T __ldcv(const T *__p) { return *__p; }                                  \
  __LOOM_FP16_DEV void __stwb(T *__p, T __v) { *__p = __v; }                               \
  __LOOM_FP16_DEV void __stcg(T *__p, T __v) { *__p = __v; }                               \
  __LOOM_FP16_DEV void __stcs(T *__p, T __v) { *__p = __v; }                               \
  __LOOM_FP16_DEV void __stwt(T *__p, T __v) { *__p = __v; }
__LOOM_HALF_LDST(__half)
__LOOM_HALF_LDST(__half2)
#undef __LOOM_HALF_LDST
#endif /* __CUDA__ */

#endif /* __cplusplus */
#endif /* LOOM_CUDA_FP16_H */
