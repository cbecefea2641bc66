/* cuda_bf16.h - CUDA's bfloat16 types and functions for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Written from the CUDA Math API documentation ("Bfloat16 Precision
 * Intrinsics", "__nv_bfloat16", "__nv_bfloat162"). __nv_bfloat16 holds the
 * bfloat16 bits (the top half of a float: sign, 8 exponent bits, 7 stored
 * significand bits) in an unsigned short, as __nv_bfloat16_raw does. Every
 * operation converts to float (exact), computes in float (double for fused
 * multiply-add) and rounds back to nearest-even, so host code, device code
 * and a plain C++ compiler give bit-identical results and +, -, *, /, sqrt
 * and fma are correctly rounded. docs/half.md lists what is supported.
 *
 * C++ only, like CUDA's (C code gets the raw storage structs). Everything
 * after the format-specific helpers is cuda_fp16.h's text with bfloat16
 * names (__half -> __nv_bfloat16, __float2half -> __float2bfloat16,
 * __half2float -> __bfloat162float, ...; the __h* intrinsics and h* math
 * functions keep their names as overloads); keep the two in step.
 */
#ifndef LOOM_CUDA_BF16_H
#define LOOM_CUDA_BF16_H
/* The toolkit header's guard: programs test it (e.g. helper_cuda.h). */
#define __CUDA_BF16_H__

#include "cuda_fp16.hpp"

#if defined(__cplusplus)
struct __align__(2) __nv_bfloat16_raw {
  unsigned short x;
};
struct __align__(4) __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};
#else
typedef struct __align__(2) { unsigned short x; } __nv_bfloat16_raw;
typedef struct __align__(4) { unsigned short x; unsigned short y; } __nv_bfloat162_raw;
typedef struct __align__(2) { unsigned short __x; } __nv_bfloat16;
typedef struct __align__(4) { __nv_bfloat16 x; __nv_bfloat16 y; } __nv_bfloat162;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif

#if defined(__cplusplus)

/* ---- bfloat16 specifics: 7 stored significand bits, exponents -126..127 ---- */
#define __LOOM_BFLOAT16_FORMAT 7, -126, 127
#define __LOOM_BFLOAT16_INF 0x7F80u
#define __LOOM_BFLOAT16_ONE 0x3F80u

/* bfloat16 bits -> float (exact: the high 16 bits of the float). */
__LOOM_FP16_FN float __loom_bfloat16_to_f32(unsigned short __h) {
  return __loom_u32_as_f32((unsigned int)__h << 16);
}
/* float -> bfloat16 bits, round to nearest even: add just under half an ulp
 * of the kept part plus its lowest bit and truncate; this also rounds
 * subnormals correctly and overflows to infinity. NaN -> canonical NaN. */
__LOOM_FP16_FN unsigned short __loom_bfloat16_from_f32_rn(float __f) {
  const unsigned int __u = __loom_f32_as_u32(__f);
  if ((__u & 0x7FFFFFFFu) > 0x7F800000u)
    return (unsigned short)__LOOM_F16_CANONICAL_NAN;
  return (unsigned short)((__u + 0x7FFFu + ((__u >> 16) & 1u)) >> 16);
}
__LOOM_FP16_FN unsigned short __loom_bfloat16_round_f32(float __f, int __mode) {
  return __mode == __LOOM_RN ? __loom_bfloat16_from_f32_rn(__f)
                             : __loom_f32_to16(__f, __mode, __LOOM_BFLOAT16_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_bfloat16_round_f64(double __d, int __mode) {
  return __loom_f64_to16(__d, __mode, __LOOM_BFLOAT16_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_bfloat16_round_i64(long long __v, int __mode) {
  return __loom_i64_to16(__v, __mode, __LOOM_BFLOAT16_FORMAT);
}
__LOOM_FP16_FN unsigned short __loom_bfloat16_round_u64(unsigned long long __v, int __mode) {
  return __loom_int_to16(0u, __v, __mode, __LOOM_BFLOAT16_FORMAT);
}

/* ==== From here on: cuda_fp16.h's format-neutral text with bfloat16 names. ==== */

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;

  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &__r) : __x(__r.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__r) {
    __x = __r.x;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw __r;
    __r.x = __x;
    return __r;
  }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __nv_bfloat16(float __f) : __x(__loom_bfloat16_from_f32_rn(__f)) {}
  __host__ __device__ __nv_bfloat16(double __d) : __x(__loom_bfloat16_round_f64(__d, __LOOM_RN)) {}
  __host__ __device__ operator float() const { return __loom_bfloat16_to_f32(__x); }
  __host__ __device__ __nv_bfloat16 &operator=(float __f) {
    __x = __loom_bfloat16_from_f32_rn(__f);
    return *this;
  }
  __host__ __device__ __nv_bfloat16 &operator=(double __d) {
    __x = __loom_bfloat16_round_f64(__d, __LOOM_RN);
    return *this;
  }
#if defined(__CUDACC__)
  /* nvcc offers these in CUDA compilations: integers in (nearest-even),
   * integers out (toward zero, saturating), bool (nonzero). */
  __host__ __device__ __nv_bfloat16(short __v) : __x(__loom_bfloat16_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(unsigned short __v) : __x(__loom_bfloat16_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(int __v) : __x(__loom_bfloat16_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(unsigned int __v) : __x(__loom_bfloat16_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(long __v) : __x(__loom_bfloat16_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(unsigned long __v) : __x(__loom_bfloat16_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(long long __v) : __x(__loom_bfloat16_round_i64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16(unsigned long long __v) : __x(__loom_bfloat16_round_u64(__v, __LOOM_RN)) {}
  __host__ __device__ __nv_bfloat16 &operator=(short __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned short __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ __nv_bfloat16 &operator=(int __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned int __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ __nv_bfloat16 &operator=(long long __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned long long __v) { return *this = __nv_bfloat16(__v); }
  __host__ __device__ operator signed char() const {
    return (signed char)__loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, -128, 127, 0);
  }
  __host__ __device__ operator unsigned char() const {
    return (unsigned char)__loom_f32_to_uint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, 255u, 0);
  }
  __host__ __device__ operator char() const {
    return (char)__loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, (char)-1 < 0 ? -128 : 0,
                                    (char)-1 < 0 ? 127 : 255, 0);
  }
  __host__ __device__ operator short() const {
    return (short)__loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, -32768, 32767, 0);
  }
  __host__ __device__ operator unsigned short() const {
    return (unsigned short)__loom_f32_to_uint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, 65535u, 0);
  }
  __host__ __device__ operator int() const {
    return (int)__loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, -2147483647 - 1,
                                   2147483647, 0);
  }
  __host__ __device__ operator unsigned int() const {
    return (unsigned int)__loom_f32_to_uint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, 4294967295u, 0);
  }
  __host__ __device__ operator long() const {
    return (long)__loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ,
                                    sizeof(long) == 8 ? -9223372036854775807ll - 1 : -2147483647ll - 1,
                                    sizeof(long) == 8 ? 9223372036854775807ll : 2147483647ll,
                                    sizeof(long) == 8 ? -9223372036854775807ll - 1 : 0);
  }
  __host__ __device__ operator unsigned long() const {
    return (unsigned long)__loom_f32_to_uint(__loom_bfloat16_to_f32(__x), __LOOM_RZ,
                                             sizeof(long) == 8 ? 18446744073709551615ull : 4294967295ull,
                                             sizeof(long) == 8 ? 0x8000000000000000ull : 0);
  }
  __host__ __device__ operator long long() const {
    return __loom_f32_to_sint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, -9223372036854775807ll - 1,
                              9223372036854775807ll, -9223372036854775807ll - 1);
  }
  __host__ __device__ operator unsigned long long() const {
    return __loom_f32_to_uint(__loom_bfloat16_to_f32(__x), __LOOM_RZ, 18446744073709551615ull,
                              0x8000000000000000ull);
  }
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7FFFu) != 0; }
#endif /* __CUDACC__ */
#endif /* !__CUDA_NO_BFLOAT16_CONVERSIONS__ */
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) : x(__a), y(__b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
  }
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &__r) {
    x.__x = __r.x;
    y.__x = __r.y;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw __r;
    __r.x = x.__x;
    __r.y = y.__x;
    return __r;
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* ---- internal helpers ---- */
__LOOM_FP16_FN __nv_bfloat16 __loom_bfloat16_from_bits(unsigned short __b) {
  __nv_bfloat16_raw __r;
  __r.x = __b;
  return __nv_bfloat16(__r);
}
__LOOM_FP16_FN float __loom_bfloat16_f(__nv_bfloat16 __h) { return __loom_bfloat16_to_f32(__h.__x); }
__LOOM_FP16_FN __nv_bfloat16 __loom_bfloat16_rn(float __f) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_from_f32_rn(__f));
}
__LOOM_FP16_FN bool __loom_bfloat16_isnan(__nv_bfloat16 __h) {
  return (__h.__x & 0x7FFFu) > __LOOM_BFLOAT16_INF;
}
__LOOM_FP16_FN __nv_bfloat16 __loom_bfloat16_nan() {
  return __loom_bfloat16_from_bits((unsigned short)__LOOM_F16_CANONICAL_NAN);
}
__LOOM_FP16_FN unsigned int __loom_bfloat162_bits(__nv_bfloat162 __v) {
  return (unsigned int)__v.x.__x | ((unsigned int)__v.y.__x << 16);
}
__LOOM_FP16_FN __nv_bfloat162 __loom_bfloat162_from_bits(unsigned int __b) {
  return __nv_bfloat162(__loom_bfloat16_from_bits((unsigned short)(__b & 0xFFFFu)),
                 __loom_bfloat16_from_bits((unsigned short)(__b >> 16)));
}

/* ---- constants ---- */
#define CUDART_INF_BF16 __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_INF)
#define CUDART_NAN_BF16 __loom_bfloat16_from_bits((unsigned short)0x7FFFu)
#define CUDART_MIN_DENORM_BF16 __loom_bfloat16_from_bits((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __loom_bfloat16_from_bits((unsigned short)(__LOOM_BFLOAT16_INF - 1u))
#define CUDART_NEG_ZERO_BF16 __loom_bfloat16_from_bits((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __loom_bfloat16_from_bits((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE)

/* ---- conversions ---- */
__LOOM_FP16_FN __nv_bfloat16 __float2bfloat16(const float __a) { return __loom_bfloat16_rn(__a); }
__LOOM_FP16_FN __nv_bfloat16 __float2bfloat16_rn(const float __a) { return __loom_bfloat16_rn(__a); }
__LOOM_FP16_FN __nv_bfloat16 __float2bfloat16_rz(const float __a) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_round_f32(__a, __LOOM_RZ));
}
__LOOM_FP16_FN __nv_bfloat16 __float2bfloat16_ru(const float __a) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_round_f32(__a, __LOOM_RU));
}
__LOOM_FP16_FN __nv_bfloat16 __float2bfloat16_rd(const float __a) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_round_f32(__a, __LOOM_RD));
}
__LOOM_FP16_FN __nv_bfloat16 __double2bfloat16(const double __a) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_round_f64(__a, __LOOM_RN));
}
__LOOM_FP16_FN float __bfloat162float(const __nv_bfloat16 __a) { return __loom_bfloat16_f(__a); }
__LOOM_FP16_FN __nv_bfloat162 __float2bfloat162_rn(const float __a) {
  const __nv_bfloat16 __h = __loom_bfloat16_rn(__a);
  return __nv_bfloat162(__h, __h);
}
__LOOM_FP16_FN __nv_bfloat162 __floats2bfloat162_rn(const float __a, const float __b) {
  return __nv_bfloat162(__loom_bfloat16_rn(__a), __loom_bfloat16_rn(__b));
}
__LOOM_FP16_FN __nv_bfloat162 __float22bfloat162_rn(const float2 __a) {
  return __nv_bfloat162(__loom_bfloat16_rn(__a.x), __loom_bfloat16_rn(__a.y));
}
__LOOM_FP16_FN float2 __bfloat1622float2(const __nv_bfloat162 __a) {
  return make_float2(__loom_bfloat16_f(__a.x), __loom_bfloat16_f(__a.y));
}
__LOOM_FP16_FN float __low2float(const __nv_bfloat162 __a) { return __loom_bfloat16_f(__a.x); }
__LOOM_FP16_FN float __high2float(const __nv_bfloat162 __a) { return __loom_bfloat16_f(__a.y); }
__LOOM_FP16_FN __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 __a) { return __a.x; }
__LOOM_FP16_FN __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 __a) { return __a.y; }
__LOOM_FP16_FN __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.x, __a.x); }
__LOOM_FP16_FN __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.y); }
__LOOM_FP16_FN __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {
  return __nv_bfloat162(__a.x, __b.x);
}
__LOOM_FP16_FN __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {
  return __nv_bfloat162(__a.y, __b.y);
}
__LOOM_FP16_FN __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __nv_bfloat162(__a, __b);
}
__LOOM_FP16_FN __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 __a) { return __nv_bfloat162(__a, __a); }
__LOOM_FP16_FN __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 __a) { return __nv_bfloat162(__a.y, __a.x); }
__LOOM_FP16_FN __nv_bfloat162 make_bfloat162(const __nv_bfloat16 __x, const __nv_bfloat16 __y) { return __nv_bfloat162(__x, __y); }

__LOOM_FP16_FN short __bfloat16_as_short(const __nv_bfloat16 __h) { return (short)__h.__x; }
__LOOM_FP16_FN unsigned short __bfloat16_as_ushort(const __nv_bfloat16 __h) { return __h.__x; }
__LOOM_FP16_FN __nv_bfloat16 __short_as_bfloat16(const short __i) {
  return __loom_bfloat16_from_bits((unsigned short)__i);
}
__LOOM_FP16_FN __nv_bfloat16 __ushort_as_bfloat16(const unsigned short __i) {
  return __loom_bfloat16_from_bits(__i);
}

/* 16-bit value -> integer in four rounding modes, saturating; NaN -> 0 (64-bit: 0x8000000000000000). */
#define __LOOM_BFLOAT16_TO_SINT(NAME, T, LO, HI, NANV)                                            \
  __LOOM_FP16_FN T NAME##_rn(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_bfloat16_f(__h), __LOOM_RN, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rz(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_bfloat16_f(__h), __LOOM_RZ, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_ru(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_bfloat16_f(__h), __LOOM_RU, LO, HI, NANV);             \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rd(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_sint(__loom_bfloat16_f(__h), __LOOM_RD, LO, HI, NANV);             \
  }
#define __LOOM_BFLOAT16_TO_UINT(NAME, T, HI, NANV)                                                \
  __LOOM_FP16_FN T NAME##_rn(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_bfloat16_f(__h), __LOOM_RN, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rz(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_bfloat16_f(__h), __LOOM_RZ, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_ru(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_bfloat16_f(__h), __LOOM_RU, HI, NANV);                 \
  }                                                                                        \
  __LOOM_FP16_FN T NAME##_rd(const __nv_bfloat16 __h) {                                           \
    return (T)__loom_f32_to_uint(__loom_bfloat16_f(__h), __LOOM_RD, HI, NANV);                 \
  }
__LOOM_BFLOAT16_TO_SINT(__bfloat162int, int, -2147483647ll - 1, 2147483647ll, 0)
__LOOM_BFLOAT16_TO_SINT(__bfloat162short, short, -32768ll, 32767ll, 0)
__LOOM_BFLOAT16_TO_SINT(__bfloat162ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll,
                    -9223372036854775807ll - 1)
__LOOM_BFLOAT16_TO_UINT(__bfloat162uint, unsigned int, 4294967295ull, 0)
__LOOM_BFLOAT16_TO_UINT(__bfloat162ushort, unsigned short, 65535ull, 0)
__LOOM_BFLOAT16_TO_UINT(__bfloat162ull, unsigned long long, 18446744073709551615ull,
                    0x8000000000000000ull)
#undef __LOOM_BFLOAT16_TO_SINT
#undef __LOOM_BFLOAT16_TO_UINT
__LOOM_FP16_FN signed char __bfloat162char_rz(const __nv_bfloat16 __h) {
  return (signed char)__loom_f32_to_sint(__loom_bfloat16_f(__h), __LOOM_RZ, -128, 127, 0);
}
__LOOM_FP16_FN unsigned char __bfloat162uchar_rz(const __nv_bfloat16 __h) {
  return (unsigned char)__loom_f32_to_uint(__loom_bfloat16_f(__h), __LOOM_RZ, 255u, 0);
}

/* integer -> 16-bit value in four rounding modes (exact, one rounding). */
#define __LOOM_SINT_TO_BFLOAT16(NAME, T)                                                          \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rn(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_i64((long long)__i, __LOOM_RN));        \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rz(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_i64((long long)__i, __LOOM_RZ));        \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_ru(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_i64((long long)__i, __LOOM_RU));        \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rd(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_i64((long long)__i, __LOOM_RD));        \
  }
#define __LOOM_UINT_TO_BFLOAT16(NAME, T)                                                          \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rn(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_u64((unsigned long long)__i, __LOOM_RN)); \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rz(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_u64((unsigned long long)__i, __LOOM_RZ)); \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_ru(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_u64((unsigned long long)__i, __LOOM_RU)); \
  }                                                                                        \
  __LOOM_FP16_FN __nv_bfloat16 NAME##_rd(const T __i) {                                           \
    return __loom_bfloat16_from_bits(__loom_bfloat16_round_u64((unsigned long long)__i, __LOOM_RD)); \
  }
__LOOM_SINT_TO_BFLOAT16(__int2bfloat16, int)
__LOOM_SINT_TO_BFLOAT16(__short2bfloat16, short)
__LOOM_SINT_TO_BFLOAT16(__ll2bfloat16, long long)
__LOOM_UINT_TO_BFLOAT16(__uint2bfloat16, unsigned int)
__LOOM_UINT_TO_BFLOAT16(__ushort2bfloat16, unsigned short)
__LOOM_UINT_TO_BFLOAT16(__ull2bfloat16, unsigned long long)
#undef __LOOM_SINT_TO_BFLOAT16
#undef __LOOM_UINT_TO_BFLOAT16

/* ---- arithmetic: computed in float, rounded to nearest even ---- */
__LOOM_FP16_FN __nv_bfloat16 __hadd(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_rn(__loom_bfloat16_f(__a) + __loom_bfloat16_f(__b));
}
__LOOM_FP16_FN __nv_bfloat16 __hsub(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_rn(__loom_bfloat16_f(__a) - __loom_bfloat16_f(__b));
}
__LOOM_FP16_FN __nv_bfloat16 __hmul(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_rn(__loom_bfloat16_f(__a) * __loom_bfloat16_f(__b));
}
__LOOM_FP16_FN __nv_bfloat16 __hdiv(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_rn(__loom_bfloat16_f(__a) / __loom_bfloat16_f(__b));
}
__LOOM_FP16_FN __nv_bfloat16 __hadd_rn(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __hadd(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 __hsub_rn(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __hsub(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 __hmul_rn(const __nv_bfloat16 __a, const __nv_bfloat16 __b) { return __hmul(__a, __b); }
/* a*b is exact in double; one rounding to double, then to the 16-bit format. */
__LOOM_FP16_FN __nv_bfloat16 __hfma(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  return __loom_bfloat16_from_bits(__loom_bfloat16_round_f64(
      (double)__loom_bfloat16_f(__a) * (double)__loom_bfloat16_f(__b) + (double)__loom_bfloat16_f(__c),
      __LOOM_RN));
}
__LOOM_FP16_FN __nv_bfloat16 __hneg(const __nv_bfloat16 __a) {
  return __loom_bfloat16_from_bits((unsigned short)(__a.__x ^ 0x8000u));
}
__LOOM_FP16_FN __nv_bfloat16 __habs(const __nv_bfloat16 __a) {
  return __loom_bfloat16_from_bits((unsigned short)(__a.__x & 0x7FFFu));
}
/* Saturation to [0, 1]; NaN gives +0. */
__LOOM_FP16_FN __nv_bfloat16 __loom_bfloat16_sat(const __nv_bfloat16 __a) {
  if (__loom_bfloat16_isnan(__a) || (__a.__x & 0x8000u))
    return __loom_bfloat16_from_bits(0);
  return __loom_bfloat16_f(__a) > 1.0f ? __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE) : __a;
}
__LOOM_FP16_FN __nv_bfloat16 __hadd_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_sat(__hadd(__a, __b));
}
__LOOM_FP16_FN __nv_bfloat16 __hsub_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_sat(__hsub(__a, __b));
}
__LOOM_FP16_FN __nv_bfloat16 __hmul_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return __loom_bfloat16_sat(__hmul(__a, __b));
}
__LOOM_FP16_FN __nv_bfloat16 __hfma_sat(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  return __loom_bfloat16_sat(__hfma(__a, __b, __c));
}
/* fma, then negative results become +0 and NaN the canonical NaN. */
__LOOM_FP16_FN __nv_bfloat16 __hfma_relu(const __nv_bfloat16 __a, const __nv_bfloat16 __b, const __nv_bfloat16 __c) {
  const __nv_bfloat16 __r = __hfma(__a, __b, __c);
  if (__loom_bfloat16_isnan(__r))
    return __loom_bfloat16_nan();
  return (__r.__x & 0x8000u) ? __loom_bfloat16_from_bits(0) : __r;
}

/* max/min: a NaN operand yields the other one (both NaN: canonical NaN);
 * +0 is larger than -0. The _nan forms propagate NaN. */
__LOOM_FP16_FN __nv_bfloat16 __hmax(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  const bool __na = __loom_bfloat16_isnan(__a), __nb = __loom_bfloat16_isnan(__b);
  if (__na && __nb)
    return __loom_bfloat16_nan();
  if (__na)
    return __b;
  if (__nb)
    return __a;
  const float __fa = __loom_bfloat16_f(__a), __fb = __loom_bfloat16_f(__b);
  if (__fa == __fb)
    return __loom_bfloat16_from_bits((unsigned short)(__a.__x & __b.__x));
  return __fa > __fb ? __a : __b;
}
__LOOM_FP16_FN __nv_bfloat16 __hmin(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  const bool __na = __loom_bfloat16_isnan(__a), __nb = __loom_bfloat16_isnan(__b);
  if (__na && __nb)
    return __loom_bfloat16_nan();
  if (__na)
    return __b;
  if (__nb)
    return __a;
  const float __fa = __loom_bfloat16_f(__a), __fb = __loom_bfloat16_f(__b);
  if (__fa == __fb)
    return __loom_bfloat16_from_bits((unsigned short)(__a.__x | __b.__x));
  return __fa < __fb ? __a : __b;
}
__LOOM_FP16_FN __nv_bfloat16 __hmax_nan(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (__loom_bfloat16_isnan(__a) || __loom_bfloat16_isnan(__b)) ? __loom_bfloat16_nan() : __hmax(__a, __b);
}
__LOOM_FP16_FN __nv_bfloat16 __hmin_nan(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (__loom_bfloat16_isnan(__a) || __loom_bfloat16_isnan(__b)) ? __loom_bfloat16_nan() : __hmin(__a, __b);
}

/* ---- comparisons: ordered (false on NaN) and unordered (_u: true on NaN) ---- */
#define __LOOM_BFLOAT16_CMP(NAME, OP)                                                             \
  __LOOM_FP16_FN bool NAME(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {                           \
    return !__loom_bfloat16_isnan(__a) && !__loom_bfloat16_isnan(__b) &&                           \
           __loom_bfloat16_f(__a) OP __loom_bfloat16_f(__b);                                       \
  }                                                                                        \
  __LOOM_FP16_FN bool NAME##u(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {                        \
    return __loom_bfloat16_isnan(__a) || __loom_bfloat16_isnan(__b) ||                             \
           __loom_bfloat16_f(__a) OP __loom_bfloat16_f(__b);                                       \
  }
__LOOM_BFLOAT16_CMP(__heq, ==)
__LOOM_BFLOAT16_CMP(__hne, !=)
__LOOM_BFLOAT16_CMP(__hlt, <)
__LOOM_BFLOAT16_CMP(__hle, <=)
__LOOM_BFLOAT16_CMP(__hgt, >)
__LOOM_BFLOAT16_CMP(__hge, >=)
#undef __LOOM_BFLOAT16_CMP
__LOOM_FP16_FN bool __hisnan(const __nv_bfloat16 __a) { return __loom_bfloat16_isnan(__a); }
/* -1 for -infinity, 1 for +infinity, 0 otherwise. */
__LOOM_FP16_FN int __hisinf(const __nv_bfloat16 __a) {
  if ((__a.__x & 0x7FFFu) != __LOOM_BFLOAT16_INF)
    return 0;
  return (__a.__x & 0x8000u) ? -1 : 1;
}

/* ---- math functions: float function, rounded to nearest even ---- */
__LOOM_FP16_FN __nv_bfloat16 hsqrt(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(sqrtf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hrsqrt(const __nv_bfloat16 __a) {
  return __loom_bfloat16_rn(1.0f / sqrtf(__loom_bfloat16_f(__a)));
}
__LOOM_FP16_FN __nv_bfloat16 hrcp(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(1.0f / __loom_bfloat16_f(__a)); }
__LOOM_FP16_FN __nv_bfloat16 hexp(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(expf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hexp2(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(exp2f(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hexp10(const __nv_bfloat16 __a) {
  return __loom_bfloat16_rn(exp2f(__loom_bfloat16_f(__a) * 3.32192809488736234787f));
}
__LOOM_FP16_FN __nv_bfloat16 hlog(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(logf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hlog2(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(log2f(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hlog10(const __nv_bfloat16 __a) {
  return __loom_bfloat16_rn(log10f(__loom_bfloat16_f(__a)));
}
__LOOM_FP16_FN __nv_bfloat16 hsin(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(sinf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hcos(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(cosf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 htanh(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(tanhf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 htanh_approx(const __nv_bfloat16 __a) { return htanh(__a); }
__LOOM_FP16_FN __nv_bfloat16 hfloor(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(floorf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hceil(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(ceilf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 htrunc(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(truncf(__loom_bfloat16_f(__a))); }
__LOOM_FP16_FN __nv_bfloat16 hrint(const __nv_bfloat16 __a) { return __loom_bfloat16_rn(rintf(__loom_bfloat16_f(__a))); }

/* ---- paired (__nv_bfloat162) forms: the scalar operation on each element ---- */
#define __LOOM_BFLOAT162_UNARY(NAME, SCALAR)                                                      \
  __LOOM_FP16_FN __nv_bfloat162 NAME(const __nv_bfloat162 __a) { return __nv_bfloat162(SCALAR(__a.x), SCALAR(__a.y)); }
#define __LOOM_BFLOAT162_BINARY(NAME, SCALAR)                                                     \
  __LOOM_FP16_FN __nv_bfloat162 NAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {                      \
    return __nv_bfloat162(SCALAR(__a.x, __b.x), SCALAR(__a.y, __b.y));                            \
  }
#define __LOOM_BFLOAT162_TERNARY(NAME, SCALAR)                                                    \
  __LOOM_FP16_FN __nv_bfloat162 NAME(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {   \
    return __nv_bfloat162(SCALAR(__a.x, __b.x, __c.x), SCALAR(__a.y, __b.y, __c.y));              \
  }
__LOOM_BFLOAT162_BINARY(__hadd2, __hadd)
__LOOM_BFLOAT162_BINARY(__hsub2, __hsub)
__LOOM_BFLOAT162_BINARY(__hmul2, __hmul)
__LOOM_BFLOAT162_BINARY(__h2div, __hdiv)
__LOOM_BFLOAT162_BINARY(__hadd2_rn, __hadd)
__LOOM_BFLOAT162_BINARY(__hsub2_rn, __hsub)
__LOOM_BFLOAT162_BINARY(__hmul2_rn, __hmul)
__LOOM_BFLOAT162_BINARY(__hadd2_sat, __hadd_sat)
__LOOM_BFLOAT162_BINARY(__hsub2_sat, __hsub_sat)
__LOOM_BFLOAT162_BINARY(__hmul2_sat, __hmul_sat)
__LOOM_BFLOAT162_BINARY(__hmax2, __hmax)
__LOOM_BFLOAT162_BINARY(__hmin2, __hmin)
__LOOM_BFLOAT162_BINARY(__hmax2_nan, __hmax_nan)
__LOOM_BFLOAT162_BINARY(__hmin2_nan, __hmin_nan)
__LOOM_BFLOAT162_TERNARY(__hfma2, __hfma)
__LOOM_BFLOAT162_TERNARY(__hfma2_sat, __hfma_sat)
__LOOM_BFLOAT162_TERNARY(__hfma2_relu, __hfma_relu)
__LOOM_BFLOAT162_UNARY(__hneg2, __hneg)
__LOOM_BFLOAT162_UNARY(__habs2, __habs)
__LOOM_BFLOAT162_UNARY(h2sqrt, hsqrt)
__LOOM_BFLOAT162_UNARY(h2rsqrt, hrsqrt)
__LOOM_BFLOAT162_UNARY(h2rcp, hrcp)
__LOOM_BFLOAT162_UNARY(h2exp, hexp)
__LOOM_BFLOAT162_UNARY(h2exp2, hexp2)
__LOOM_BFLOAT162_UNARY(h2exp10, hexp10)
__LOOM_BFLOAT162_UNARY(h2log, hlog)
__LOOM_BFLOAT162_UNARY(h2log2, hlog2)
__LOOM_BFLOAT162_UNARY(h2log10, hlog10)
__LOOM_BFLOAT162_UNARY(h2sin, hsin)
__LOOM_BFLOAT162_UNARY(h2cos, hcos)
__LOOM_BFLOAT162_UNARY(h2tanh, htanh)
__LOOM_BFLOAT162_UNARY(h2tanh_approx, htanh)
__LOOM_BFLOAT162_UNARY(h2floor, hfloor)
__LOOM_BFLOAT162_UNARY(h2ceil, hceil)
__LOOM_BFLOAT162_UNARY(h2trunc, htrunc)
__LOOM_BFLOAT162_UNARY(h2rint, hrint)
#undef __LOOM_BFLOAT162_UNARY
#undef __LOOM_BFLOAT162_BINARY
#undef __LOOM_BFLOAT162_TERNARY

/* Complex multiply-add: (a.x*b.x - a.y*b.y + c.x, a.x*b.y + a.y*b.x + c.y),
 * products exact in double, one rounding per element at the end. */
__LOOM_FP16_FN __nv_bfloat162 __hcmadd(const __nv_bfloat162 __a, const __nv_bfloat162 __b, const __nv_bfloat162 __c) {
  const double __ax = __loom_bfloat16_f(__a.x), __ay = __loom_bfloat16_f(__a.y);
  const double __bx = __loom_bfloat16_f(__b.x), __by = __loom_bfloat16_f(__b.y);
  return __nv_bfloat162(
      __loom_bfloat16_from_bits(__loom_bfloat16_round_f64(__ax * __bx - __ay * __by + (double)__loom_bfloat16_f(__c.x), __LOOM_RN)),
      __loom_bfloat16_from_bits(__loom_bfloat16_round_f64(__ax * __by + __ay * __bx + (double)__loom_bfloat16_f(__c.y), __LOOM_RN)));
}

/* Paired comparisons: __h*2 gives 1.0 or 0.0 per element, __hb*2 is true
 * when both elements compare true, __h*2_mask gives 0xFFFF or 0 per element. */
#define __LOOM_BFLOAT162_CMP(OP)                                                                  \
  __LOOM_FP16_FN __nv_bfloat162 __h##OP##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {                \
    return __nv_bfloat162(__loom_bfloat16_from_bits(__h##OP(__a.x, __b.x) ? (unsigned short)__LOOM_BFLOAT16_ONE : (unsigned short)0), \
                   __loom_bfloat16_from_bits(__h##OP(__a.y, __b.y) ? (unsigned short)__LOOM_BFLOAT16_ONE : (unsigned short)0)); \
  }                                                                                        \
  __LOOM_FP16_FN bool __hb##OP##2(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {                  \
    return __h##OP(__a.x, __b.x) && __h##OP(__a.y, __b.y);                                 \
  }                                                                                        \
  __LOOM_FP16_FN unsigned int __h##OP##2_mask(const __nv_bfloat162 __a, const __nv_bfloat162 __b) {      \
    return (__h##OP(__a.x, __b.x) ? 0xFFFFu : 0u) | (__h##OP(__a.y, __b.y) ? 0xFFFF0000u : 0u); \
  }
__LOOM_BFLOAT162_CMP(eq)
__LOOM_BFLOAT162_CMP(ne)
__LOOM_BFLOAT162_CMP(lt)
__LOOM_BFLOAT162_CMP(le)
__LOOM_BFLOAT162_CMP(gt)
__LOOM_BFLOAT162_CMP(ge)
__LOOM_BFLOAT162_CMP(equ)
__LOOM_BFLOAT162_CMP(neu)
__LOOM_BFLOAT162_CMP(ltu)
__LOOM_BFLOAT162_CMP(leu)
__LOOM_BFLOAT162_CMP(gtu)
__LOOM_BFLOAT162_CMP(geu)
#undef __LOOM_BFLOAT162_CMP
__LOOM_FP16_FN __nv_bfloat162 __hisnan2(const __nv_bfloat162 __a) {
  return __nv_bfloat162(__loom_bfloat16_from_bits(__loom_bfloat16_isnan(__a.x) ? (unsigned short)__LOOM_BFLOAT16_ONE : (unsigned short)0),
                 __loom_bfloat16_from_bits(__loom_bfloat16_isnan(__a.y) ? (unsigned short)__LOOM_BFLOAT16_ONE : (unsigned short)0));
}

/* ---- C++ operators (host and device) ---- */
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__LOOM_FP16_FN __nv_bfloat16 operator+(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hadd(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 operator-(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hsub(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 operator*(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hmul(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 operator/(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hdiv(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 &operator+=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hadd(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 &operator-=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hsub(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 &operator*=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hmul(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 &operator/=(__nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __a = __hdiv(__a, __b); }
__LOOM_FP16_FN __nv_bfloat16 operator+(const __nv_bfloat16 &__a) { return __a; }
__LOOM_FP16_FN __nv_bfloat16 operator-(const __nv_bfloat16 &__a) { return __hneg(__a); }
__LOOM_FP16_FN __nv_bfloat16 &operator++(__nv_bfloat16 &__a) {
  return __a = __hadd(__a, __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE));
}
__LOOM_FP16_FN __nv_bfloat16 &operator--(__nv_bfloat16 &__a) {
  return __a = __hsub(__a, __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE));
}
__LOOM_FP16_FN __nv_bfloat16 operator++(__nv_bfloat16 &__a, int) {
  const __nv_bfloat16 __old = __a;
  ++__a;
  return __old;
}
__LOOM_FP16_FN __nv_bfloat16 operator--(__nv_bfloat16 &__a, int) {
  const __nv_bfloat16 __old = __a;
  --__a;
  return __old;
}
__LOOM_FP16_FN bool operator==(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __heq(__a, __b); }
__LOOM_FP16_FN bool operator!=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hneu(__a, __b); }
__LOOM_FP16_FN bool operator<(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hlt(__a, __b); }
__LOOM_FP16_FN bool operator<=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hle(__a, __b); }
__LOOM_FP16_FN bool operator>(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hgt(__a, __b); }
__LOOM_FP16_FN bool operator>=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) { return __hge(__a, __b); }
#endif /* !__CUDA_NO_BFLOAT16_OPERATORS__ */

#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__LOOM_FP16_FN __nv_bfloat162 operator+(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hadd2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 operator-(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hsub2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 operator*(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hmul2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 operator/(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __h2div(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 &operator+=(__nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __a = __hadd2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 &operator-=(__nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __a = __hsub2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 &operator*=(__nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __a = __hmul2(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 &operator/=(__nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __a = __h2div(__a, __b); }
__LOOM_FP16_FN __nv_bfloat162 operator+(const __nv_bfloat162 &__a) { return __a; }
__LOOM_FP16_FN __nv_bfloat162 operator-(const __nv_bfloat162 &__a) { return __hneg2(__a); }
__LOOM_FP16_FN __nv_bfloat162 &operator++(__nv_bfloat162 &__a) {
  const __nv_bfloat16 __one = __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE);
  return __a = __hadd2(__a, __nv_bfloat162(__one, __one));
}
__LOOM_FP16_FN __nv_bfloat162 &operator--(__nv_bfloat162 &__a) {
  const __nv_bfloat16 __one = __loom_bfloat16_from_bits((unsigned short)__LOOM_BFLOAT16_ONE);
  return __a = __hsub2(__a, __nv_bfloat162(__one, __one));
}
__LOOM_FP16_FN __nv_bfloat162 operator++(__nv_bfloat162 &__a, int) {
  const __nv_bfloat162 __old = __a;
  ++__a;
  return __old;
}
__LOOM_FP16_FN __nv_bfloat162 operator--(__nv_bfloat162 &__a, int) {
  const __nv_bfloat162 __old = __a;
  --__a;
  return __old;
}
__LOOM_FP16_FN bool operator==(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hbeq2(__a, __b); }
__LOOM_FP16_FN bool operator!=(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hbneu2(__a, __b); }
__LOOM_FP16_FN bool operator<(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hblt2(__a, __b); }
__LOOM_FP16_FN bool operator<=(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hble2(__a, __b); }
__LOOM_FP16_FN bool operator>(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hbgt2(__a, __b); }
__LOOM_FP16_FN bool operator>=(const __nv_bfloat162 &__a, const __nv_bfloat162 &__b) { return __hbge2(__a, __b); }
#endif /* !__CUDA_NO_BFLOAT162_OPERATORS__ */

/* ---- device-only: warp shuffles, atomics, cache-hinted loads and stores ---- */
#if defined(__CUDA__)
/* Shuffles move the bits through the 32-bit shuffles. */
#define __LOOM_BFLOAT16_SHFL(NAME, DELTA_T)                                                       \
  __LOOM_FP16_DEV __nv_bfloat16 NAME(unsigned int __mask, __nv_bfloat16 __var, DELTA_T __d,              \
                              int __width = 32) {                                          \
    return __loom_bfloat16_from_bits(                                                          \
        (unsigned short)NAME(__mask, (unsigned int)__var.__x, __d, __width));              \
  }                                                                                        \
  __LOOM_FP16_DEV __nv_bfloat162 NAME(unsigned int __mask, __nv_bfloat162 __var, DELTA_T __d,            \
                               int __width = 32) {                                         \
    return __loom_bfloat162_from_bits(NAME(__mask, __loom_bfloat162_bits(__var), __d, __width));   \
  }
__LOOM_BFLOAT16_SHFL(__shfl_sync, int)
__LOOM_BFLOAT16_SHFL(__shfl_up_sync, unsigned int)
__LOOM_BFLOAT16_SHFL(__shfl_down_sync, unsigned int)
__LOOM_BFLOAT16_SHFL(__shfl_xor_sync, int)
#undef __LOOM_BFLOAT16_SHFL

/* atomicAdd: compare-and-swap loop on the aligned 32-bit word that holds the
 * value (a __nv_bfloat16 is the low or high half of it; both targets are little
 * endian). Returns the old value. */
__LOOM_FP16_DEV __nv_bfloat162 atomicAdd(__nv_bfloat162 *__address, __nv_bfloat162 __val) {
  unsigned int *__w = (unsigned int *)(void *)__address;
  unsigned int __old = __atomic_load_n(__w, __ATOMIC_RELAXED), __assumed;
  do {
    __assumed = __old;
    __old = atomicCAS(__w, __assumed,
                      __loom_bfloat162_bits(__hadd2(__loom_bfloat162_from_bits(__assumed), __val)));
  } while (__old != __assumed);
  return __loom_bfloat162_from_bits(__old);
}
__LOOM_FP16_DEV __nv_bfloat16 atomicAdd(__nv_bfloat16 *__address, __nv_bfloat16 __val) {
  const unsigned long long __a = (unsigned long long)(void *)__address;
  unsigned int *__w = (unsigned int *)(void *)(__a & ~3ull);
  const unsigned int __shift = (unsigned int)(__a & 2ull) * 8u;
  unsigned int __old = __atomic_load_n(__w, __ATOMIC_RELAXED), __assumed;
  do {
    __assumed = __old;
    const __nv_bfloat16 __sum =
        __hadd(__loom_bfloat16_from_bits((unsigned short)(__assumed >> __shift)), __val);
    __old = atomicCAS(__w, __assumed,
                      (__assumed & ~(0xFFFFu << __shift)) | ((unsigned int)__sum.__x << __shift));
  } while (__old != __assumed);
  return __loom_bfloat16_from_bits((unsigned short)(__old >> __shift));
}
__LOOM_FP16_DEV __nv_bfloat162 atomicAdd_block(__nv_bfloat162 *__p, __nv_bfloat162 __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __nv_bfloat162 atomicAdd_system(__nv_bfloat162 *__p, __nv_bfloat162 __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __nv_bfloat16 atomicAdd_block(__nv_bfloat16 *__p, __nv_bfloat16 __v) { return atomicAdd(__p, __v); }
__LOOM_FP16_DEV __nv_bfloat16 atomicAdd_system(__nv_bfloat16 *__p, __nv_bfloat16 __v) { return atomicAdd(__p, __v); }

/* Cache-hinted loads and stores: ordinary loads and stores on a CPU. */
#define __LOOM_BFLOAT16_LDST(T)                                                                   \
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
__LOOM_BFLOAT16_LDST(__nv_bfloat16)
__LOOM_BFLOAT16_LDST(__nv_bfloat162)
#undef __LOOM_BFLOAT16_LDST
#endif /* __CUDA__ */

#endif /* __cplusplus */
#endif /* LOOM_CUDA_BF16_H */
