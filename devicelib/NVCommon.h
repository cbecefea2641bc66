//===- NVCommon.h - helpers shared by the libdevice implementation --------===//
// SPDX-License-Identifier: Apache-2.0
//
// Small, inlinable building blocks used by the __nv_* definitions:
// bit reinterpretation, next representable value, directed rounding from a
// round-to-nearest result plus the sign of its residual, and saturating
// float-to-integer conversion. Everything here is `static inline` so that the
// linked bitcode carries no extra external symbols.
//
// The sources compile both to bitcode (clang, for kernels) and natively (the
// tests, with whatever host compiler CMake picked, usually GCC), so clang-only
// builtins are guarded with __has_builtin.
//===----------------------------------------------------------------------===//
#ifndef LOOM_DEVICELIB_NVCOMMON_H
#define LOOM_DEVICELIB_NVCOMMON_H

#include <math.h>
#include <stdint.h>

// The native test build defines LOOM_DEVICELIB_DECLARES to the path of clang's
// __clang_cuda_libdevice_declares.h so that every definition below is checked
// against the declaration kernels are compiled with (a mismatch is a
// "conflicting declaration" error). The bitcode build does not include it.
#ifdef LOOM_DEVICELIB_DECLARES
#ifndef __CUDA__
#define __CUDA__ 1
#endif
#define __device__
#ifndef CUDA_VERSION
#define CUDA_VERSION 9000 // also declare the SIMD-in-word __nv_v* functions
#endif
#include LOOM_DEVICELIB_DECLARES
#undef __device__
#endif

#define NV_API extern "C"

namespace loom_devicelib {

static inline uint32_t asU32(float X) { return __builtin_bit_cast(uint32_t, X); }
static inline float asF32(uint32_t X) { return __builtin_bit_cast(float, X); }
static inline uint64_t asU64(double X) { return __builtin_bit_cast(uint64_t, X); }
static inline double asF64(uint64_t X) { return __builtin_bit_cast(double, X); }

static inline bool isNaN(float X) { return X != X; }
static inline bool isNaN(double X) { return X != X; }
static inline bool isFinite(float X) { return __builtin_fabsf(X) <= 0x1.fffffep127f; }
static inline bool isFinite(double X) { return __builtin_fabs(X) <= 0x1.fffffffffffffp1023; }

// Smallest representable value greater than X (nextUp(+inf) = +inf,
// nextUp(-inf) = -max, nextUp(±0) = +min subnormal, NaN unchanged).
static inline float nextUp(float X) {
  if (X != X || X == __builtin_inff())
    return X;
  if (X == 0.0f)
    return asF32(1u);
  uint32_t U = asU32(X);
  return asF32(X > 0.0f ? U + 1 : U - 1);
}
static inline double nextUp(double X) {
  if (X != X || X == __builtin_inf())
    return X;
  if (X == 0.0)
    return asF64(1u);
  uint64_t U = asU64(X);
  return asF64(X > 0.0 ? U + 1 : U - 1);
}
template <class T> static inline T nextDown(T X) { return -nextUp(-X); }

// Rounding modes of the _rn/_rz/_ru/_rd variants.
enum Round { RN, RZ, RU, RD };

// Directed rounding from the round-to-nearest result R of an operation whose
// exact result lies strictly above R (Above) or strictly below it (Below).
// Works across overflow: an exact value beyond the range rounds to ±inf in
// RN, and nextDown(+inf) is the largest finite value, which is what RZ/RD
// want there.
template <Round M, class T> static inline T roundFrom(T R, bool Above, bool Below) {
  if (M == RU)
    return Above ? nextUp(R) : R;
  if (M == RD)
    return Below ? nextDown(R) : R;
  if (M == RZ) {
    if (Above && R < 0)
      return nextUp(R);
    if (Below && R > 0)
      return nextDown(R);
  }
  return R;
}

// Power of two 2^K for K in [-1022, 1023], built from bits.
static inline double pow2(int K) { return asF64((uint64_t)(K + 1023) << 52); }
// X * 2^K for K in [-2044, 2046]; exact whenever the result is normal and
// every intermediate is too (callers scale towards 1).
static inline double scale2(double X, int K) {
  int K1 = K / 2;
  return X * pow2(K1) * pow2(K - K1);
}
// Exponent E with |X| in [2^(E-1), 2^E) for finite nonzero X (frexp's E),
// subnormals included.
static inline int frexpExp(double X) {
  uint64_t U = asU64(X) & 0x7fffffffffffffffull;
  int E = (int)(U >> 52);
  if (E == 0)
    return (63 - __builtin_clzll(U)) - 1073;
  return E - 1022;
}

// Round a floating value to an integral value in mode M (no saturation).
template <Round M> static inline float roundIntegral(float X) {
  if (M == RZ)
    return __builtin_truncf(X);
  if (M == RU)
    return __builtin_ceilf(X);
  if (M == RD)
    return __builtin_floorf(X);
  return __builtin_roundevenf(X);
}
template <Round M> static inline double roundIntegral(double X) {
  if (M == RZ)
    return __builtin_trunc(X);
  if (M == RU)
    return __builtin_ceil(X);
  if (M == RD)
    return __builtin_floor(X);
  return __builtin_roundeven(X);
}

template <class I> struct IntLimits;
template <> struct IntLimits<int32_t> {
  static constexpr int32_t Min = INT32_MIN, Max = INT32_MAX, NaN = 0;
  static constexpr double Lo = -0x1p31, HiExcl = 0x1p31;
};
template <> struct IntLimits<uint32_t> {
  static constexpr uint32_t Min = 0, Max = UINT32_MAX, NaN = 0;
  static constexpr double Lo = 0.0, HiExcl = 0x1p32;
};
// 64-bit conversions of NaN give the "integer indefinite" pattern
// 0x8000000000000000, as the GPU's F2I.64 does.
template <> struct IntLimits<int64_t> {
  static constexpr int64_t Min = INT64_MIN, Max = INT64_MAX, NaN = INT64_MIN;
  static constexpr double Lo = -0x1p63, HiExcl = 0x1p63;
};
template <> struct IntLimits<uint64_t> {
  static constexpr uint64_t Min = 0, Max = UINT64_MAX, NaN = 0x8000000000000000ull;
  static constexpr double Lo = 0.0, HiExcl = 0x1p64;
};

// Float-to-integer conversion in mode M with the saturation of PTX cvt:
// out-of-range values clamp to the destination range, NaN gives Limits::NaN.
template <class I, Round M, class F> static inline I toInt(F X) {
  using L = IntLimits<I>;
  F R = roundIntegral<M>(X);
  if (R != R)
    return L::NaN;
  if (R < (F)L::Lo)
    return L::Min;
  if (R >= (F)L::HiExcl)
    return L::Max;
  return (I)R;
}

} // namespace loom_devicelib

#endif // LOOM_DEVICELIB_NVCOMMON_H
