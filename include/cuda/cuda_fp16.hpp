/* cuda_fp16.hpp - Loom's shared internals for cuda_fp16.h and cuda_bf16.h.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Programs include cuda_fp16.h or cuda_bf16.h, not this file. It holds what
 * both 16-bit floating-point headers need and what is the same for binary16
 * (__half) and bfloat16 (__nv_bfloat16): bit casts, one correctly rounded
 * routine that narrows any finite value to a 16-bit binary format in any of
 * CUDA's four rounding modes (nearest-even, toward zero, up, down), and the
 * saturating float-to-integer conversions behind __half2int_rn & co.
 *
 * Every function is `static inline __host__ __device__` and uses only
 * integer arithmetic, so the host compilation, the device compilation and a
 * plain C++ compiler (host .cpp files) produce bit-identical results. See
 * docs/half.md for the design.
 */
#ifndef LOOM_CUDA_FP16_HPP
#define LOOM_CUDA_FP16_HPP

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"

#if defined(__cplusplus)
#if defined(__CUDA__)
#include "cuda_runtime.h"
#endif
#include <math.h>

#define __LOOM_FP16_FN static __inline__ __host__ __device__
#define __LOOM_FP16_DEV static __inline__ __device__

/* Rounding modes of the _rn/_rz/_ru/_rd conversions. */
#define __LOOM_RN 0 /* to nearest, ties to even */
#define __LOOM_RZ 1 /* toward zero */
#define __LOOM_RU 2 /* toward +infinity */
#define __LOOM_RD 3 /* toward -infinity */

/* Both formats use 0x7FFF as the canonical NaN (what NVIDIA GPUs produce). */
#define __LOOM_F16_CANONICAL_NAN 0x7FFFu

__LOOM_FP16_FN unsigned int __loom_f32_as_u32(float __f) {
  unsigned int __u;
  __builtin_memcpy(&__u, &__f, sizeof(__u));
  return __u;
}
__LOOM_FP16_FN float __loom_u32_as_f32(unsigned int __u) {
  float __f;
  __builtin_memcpy(&__f, &__u, sizeof(__f));
  return __f;
}
__LOOM_FP16_FN unsigned long long __loom_f64_as_u64(double __d) {
  unsigned long long __u;
  __builtin_memcpy(&__u, &__d, sizeof(__u));
  return __u;
}
__LOOM_FP16_FN bool __loom_f32_isnan(float __f) {
  return (__loom_f32_as_u32(__f) & 0x7FFFFFFFu) > 0x7F800000u;
}

/* Rounds the nonzero finite value (-1)^sign * m * 2^(e-63), where m has bit
 * 63 set, to a binary format with `mbits` stored significand bits and normal
 * exponents emin..emax (binary16: 10, -14, 15; bfloat16: 7, -126, 127), in
 * rounding mode `mode`. Handles subnormal results, overflow (to infinity or to
 * the largest finite value, as the mode says) and underflow to zero. Returns
 * the 16 bits (sign in bit 15). */
__LOOM_FP16_FN unsigned short __loom_round16(unsigned int __sign, int __e,
                                             unsigned long long __m, int __mode,
                                             int __mbits, int __emin, int __emax) {
  const unsigned int __inf = (unsigned int)(__emax - __emin + 2) << __mbits;
  const unsigned int __sbit = __sign ? 0x8000u : 0u;
  /* Directed modes round the magnitude up when they round away from zero. */
  const bool __away = (__mode == __LOOM_RU && !__sign) || (__mode == __LOOM_RD && __sign);
  if (__e > __emax)
    return (unsigned short)(__sbit | ((__mode == __LOOM_RN || __away) ? __inf : __inf - 1u));
  const int __shift = 63 - __mbits + (__e < __emin ? __emin - __e : 0);
  unsigned long long __q;
  bool __above, __tie, __inexact;
  if (__shift >= 64) {
    __q = 0;
    __above = __shift == 64 && __m > (1ull << 63);
    __tie = __shift == 64 && __m == (1ull << 63);
    __inexact = true;
  } else {
    const unsigned long long __rem = __m & ((1ull << __shift) - 1ull);
    const unsigned long long __halfway = 1ull << (__shift - 1);
    __q = __m >> __shift;
    __above = __rem > __halfway;
    __tie = __rem == __halfway;
    __inexact = __rem != 0;
  }
  /* For normal results q includes the implicit bit, which carries the biased
   * exponent from (e - emin) to (e - emin + 1); a rounding carry out of the
   * significand bumps the exponent, up to infinity. */
  unsigned int __bits = (__e >= __emin ? (unsigned int)(__e - __emin) << __mbits : 0u) +
                        (unsigned int)__q;
  const bool __up = __mode == __LOOM_RN ? (__above || (__tie && (__q & 1u))) : (__away && __inexact);
  return (unsigned short)(__sbit | (__bits + (__up ? 1u : 0u)));
}

/* float -> 16-bit format, any rounding mode. */
__LOOM_FP16_FN unsigned short __loom_f32_to16(float __f, int __mode, int __mbits, int __emin,
                                              int __emax) {
  const unsigned int __u = __loom_f32_as_u32(__f);
  const unsigned int __sign = __u >> 31, __ex = (__u >> 23) & 0xFFu, __frac = __u & 0x7FFFFFu;
  if (__ex == 0xFFu)
    return (unsigned short)(__frac ? __LOOM_F16_CANONICAL_NAN
                                   : ((__sign ? 0x8000u : 0u) |
                                      ((unsigned int)(__emax - __emin + 2) << __mbits)));
  if (__ex == 0 && __frac == 0)
    return (unsigned short)(__sign ? 0x8000u : 0u);
  if (__ex == 0) {
    const int __lz = __builtin_clzll((unsigned long long)__frac);
    return __loom_round16(__sign, -86 - __lz, (unsigned long long)__frac << __lz, __mode,
                          __mbits, __emin, __emax);
  }
  return __loom_round16(__sign, (int)__ex - 127, (unsigned long long)(__frac | 0x800000u) << 40,
                        __mode, __mbits, __emin, __emax);
}

/* double -> 16-bit format, any rounding mode (one rounding, no double rounding). */
__LOOM_FP16_FN unsigned short __loom_f64_to16(double __d, int __mode, int __mbits, int __emin,
                                              int __emax) {
  const unsigned long long __u = __loom_f64_as_u64(__d);
  const unsigned int __sign = (unsigned int)(__u >> 63);
  const unsigned int __ex = (unsigned int)(__u >> 52) & 0x7FFu;
  const unsigned long long __frac = __u & 0xFFFFFFFFFFFFFull;
  if (__ex == 0x7FFu)
    return (unsigned short)(__frac ? __LOOM_F16_CANONICAL_NAN
                                   : ((__sign ? 0x8000u : 0u) |
                                      ((unsigned int)(__emax - __emin + 2) << __mbits)));
  if (__ex == 0 && __frac == 0)
    return (unsigned short)(__sign ? 0x8000u : 0u);
  if (__ex == 0) {
    const int __lz = __builtin_clzll(__frac);
    return __loom_round16(__sign, -1011 - __lz, __frac << __lz, __mode, __mbits, __emin, __emax);
  }
  return __loom_round16(__sign, (int)__ex - 1023, (__frac | (1ull << 52)) << 11, __mode, __mbits,
                        __emin, __emax);
}

/* Integer (sign and magnitude) -> 16-bit format, any rounding mode. */
__LOOM_FP16_FN unsigned short __loom_int_to16(unsigned int __sign, unsigned long long __mag,
                                              int __mode, int __mbits, int __emin, int __emax) {
  if (__mag == 0)
    return 0;
  const int __lz = __builtin_clzll(__mag);
  return __loom_round16(__sign, 63 - __lz, __mag << __lz, __mode, __mbits, __emin, __emax);
}
__LOOM_FP16_FN unsigned short __loom_i64_to16(long long __v, int __mode, int __mbits, int __emin,
                                              int __emax) {
  const unsigned long long __mag =
      __v < 0 ? 0ull - (unsigned long long)__v : (unsigned long long)__v;
  return __loom_int_to16(__v < 0 ? 1u : 0u, __mag, __mode, __mbits, __emin, __emax);
}

/* Float (an exact 16-bit value) -> integer in a rounding mode, saturating at
 * [lo, hi]; NaN gives `nanv` (0 for 32/16/8-bit results, 0x8000000000000000
 * for 64-bit ones, as CUDA documents). */
__LOOM_FP16_FN float __loom_round_integral(float __f, int __mode) {
  return __mode == __LOOM_RN ? rintf(__f)
         : __mode == __LOOM_RZ ? truncf(__f)
         : __mode == __LOOM_RU ? ceilf(__f)
                               : floorf(__f);
}
__LOOM_FP16_FN long long __loom_f32_to_sint(float __f, int __mode, long long __lo, long long __hi,
                                            long long __nanv) {
  if (__loom_f32_isnan(__f))
    return __nanv;
  const double __r = (double)__loom_round_integral(__f, __mode);
  if (__r <= (double)__lo)
    return __lo;
  if (__r >= (double)__hi)
    return __hi;
  return (long long)__r;
}
__LOOM_FP16_FN unsigned long long __loom_f32_to_uint(float __f, int __mode,
                                                     unsigned long long __hi,
                                                     unsigned long long __nanv) {
  if (__loom_f32_isnan(__f))
    return __nanv;
  const double __r = (double)__loom_round_integral(__f, __mode);
  if (__r <= 0.0)
    return 0;
  if (__r >= (double)__hi)
    return __hi;
  return (unsigned long long)__r;
}

#endif /* __cplusplus */
#endif /* LOOM_CUDA_FP16_HPP */
