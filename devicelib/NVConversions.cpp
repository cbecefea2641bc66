//===- NVConversions.cpp - conversion and reinterpretation __nv_* ---------===//
// SPDX-License-Identifier: Apache-2.0
//
// Float<->integer conversions in the four rounding modes, double->float,
// half<->float, and bit reinterpretations.
//
// Float-to-integer (PTX cvt.rni/rzi/rpi/rmi semantics): round in the given
// mode, then clamp to the destination range; NaN gives 0 for 32-bit results
// and 0x8000000000000000 for 64-bit results.
// Integer-to-float in a directed mode: convert to nearest, then step one ulp
// when the exact integer lies on the wrong side (compared exactly in integers
// or in double).
//===----------------------------------------------------------------------===//
#include "NVCommon.h"

using namespace loom_devicelib;

#define NV_F2I(SUFFIX, MODE)                                                                       \
  NV_API int __nv_float2int_##SUFFIX(float X) { return toInt<int32_t, MODE>(X); }                  \
  NV_API unsigned int __nv_float2uint_##SUFFIX(float X) { return toInt<uint32_t, MODE>(X); }       \
  NV_API long long __nv_float2ll_##SUFFIX(float X) { return toInt<int64_t, MODE>(X); }             \
  NV_API unsigned long long __nv_float2ull_##SUFFIX(float X) { return toInt<uint64_t, MODE>(X); }  \
  NV_API int __nv_double2int_##SUFFIX(double X) { return toInt<int32_t, MODE>(X); }                \
  NV_API unsigned int __nv_double2uint_##SUFFIX(double X) { return toInt<uint32_t, MODE>(X); }     \
  NV_API long long __nv_double2ll_##SUFFIX(double X) { return toInt<int64_t, MODE>(X); }           \
  NV_API unsigned long long __nv_double2ull_##SUFFIX(double X) {                                   \
    return toInt<uint64_t, MODE>(X);                                                               \
  }
NV_F2I(rn, RN)
NV_F2I(rz, RZ)
NV_F2I(ru, RU)
NV_F2I(rd, RD)
#undef NV_F2I

// C rounding functions to long long: the same saturating conversion
// (llrint rounds half to even, llround half away from zero).
NV_API long long __nv_llrintf(float X) { return toInt<int64_t, RN>(X); }
NV_API long long __nv_llrint(double X) { return toInt<int64_t, RN>(X); }
NV_API long long __nv_llroundf(float X) { return toInt<int64_t, RZ>(__builtin_roundf(X)); }
NV_API long long __nv_llround(double X) { return toInt<int64_t, RZ>(__builtin_round(X)); }

//===- integer -> floating ------------------------------------------------===//
namespace {
// 32-bit integers are exact in double, so compare there.
template <Round M> float i32ToFloat(double Exact) {
  float R = (float)Exact;
  return roundFrom<M>(R, Exact > (double)R, Exact < (double)R);
}
template <Round M, class T> T s64ToFP(int64_t I) {
  T R = (T)I;
  if (R >= (T)0x1p63) // rounded up out of range: the exact value is below
    return roundFrom<M>(R, false, true);
  int64_t Back = (int64_t)R;
  return roundFrom<M>(R, I > Back, I < Back);
}
template <Round M, class T> T u64ToFP(uint64_t I) {
  T R = (T)I;
  if (R >= (T)0x1p64)
    return roundFrom<M>(R, false, true);
  uint64_t Back = (uint64_t)R;
  return roundFrom<M>(R, I > Back, I < Back);
}
} // namespace

#define NV_I2F(SUFFIX, MODE)                                                                       \
  NV_API float __nv_int2float_##SUFFIX(int A) { return i32ToFloat<MODE>((double)A); }              \
  NV_API float __nv_uint2float_##SUFFIX(unsigned int A) { return i32ToFloat<MODE>((double)A); }    \
  NV_API float __nv_ll2float_##SUFFIX(long long A) { return s64ToFP<MODE, float>(A); }             \
  NV_API float __nv_ull2float_##SUFFIX(unsigned long long A) { return u64ToFP<MODE, float>(A); }   \
  NV_API double __nv_ll2double_##SUFFIX(long long A) { return s64ToFP<MODE, double>(A); }          \
  NV_API double __nv_ull2double_##SUFFIX(unsigned long long A) {                                   \
    return u64ToFP<MODE, double>(A);                                                               \
  }
NV_I2F(rn, RN)
NV_I2F(rz, RZ)
NV_I2F(ru, RU)
NV_I2F(rd, RD)
#undef NV_I2F

// Exact conversions.
NV_API double __nv_int2double_rn(int A) { return (double)A; }
NV_API double __nv_uint2double_rn(unsigned int A) { return (double)A; }

//===- double -> float ----------------------------------------------------===//
// The difference between X and its nearest float is compared exactly; an
// overflowing X rounds to ±inf in RN and to ±FLT_MAX towards zero.
#define NV_D2F(SUFFIX, MODE)                                                                       \
  NV_API float __nv_double2float_##SUFFIX(double X) {                                              \
    float R = (float)X;                                                                            \
    return roundFrom<MODE>(R, X > (double)R, X < (double)R);                                       \
  }
NV_D2F(rn, RN)
NV_D2F(rz, RZ)
NV_D2F(ru, RU)
NV_D2F(rd, RD)
#undef NV_D2F

//===- half <-> float -----------------------------------------------------===//
// float -> IEEE binary16 bits, round to nearest even; overflow gives ±inf,
// NaN gives the canonical 0x7fff as on the GPU.
NV_API unsigned short __nv_float2half_rn(float X) {
  uint32_t U = asU32(X);
  uint32_t Sign = (U >> 16) & 0x8000u;
  uint32_t A = U & 0x7fffffffu;
  if (A > 0x7f800000u)
    return 0x7fff;
  if (A >= 0x477ff000u) // >= 65520: rounds to infinity
    return (unsigned short)(Sign | 0x7c00u);
  if (A >= 0x38800000u) // normal half: rebias, round to nearest even on bit 13
    return (unsigned short)(Sign | ((A - 0x38000000u + 0xfffu + ((A >> 13) & 1u)) >> 13));
  // Subnormal half (or zero): count units of 2^-24; the scaling is exact.
  float Units = __builtin_roundevenf(asF32(A) * 0x1p24f);
  return (unsigned short)(Sign | (uint32_t)Units);
}

// binary16 bits -> float (exact; NaN payloads are kept).
NV_API float __nv_half2float(unsigned short H) {
  uint32_t Sign = (uint32_t)(H & 0x8000u) << 16;
  uint32_t E = (H >> 10) & 0x1fu, M = H & 0x3ffu;
  if (E == 0) {
    float Mag = (float)M * 0x1p-24f;
    return asF32(asU32(Mag) | Sign);
  }
  uint32_t Bits = E == 0x1f ? (0x7f800000u | (M << 13)) : (((E + 112u) << 23) | (M << 13));
  return asF32(Sign | Bits);
}

//===- bit reinterpretation -----------------------------------------------===//
NV_API int __nv_float_as_int(float X) { return (int)asU32(X); }
NV_API unsigned int __nv_float_as_uint(float X) { return asU32(X); }
NV_API float __nv_int_as_float(int X) { return asF32((uint32_t)X); }
NV_API float __nv_uint_as_float(unsigned int X) { return asF32(X); }
NV_API unsigned long long __nv_double_as_longlong(double X) { return asU64(X); }
NV_API double __nv_longlong_as_double(long long X) { return asF64((uint64_t)X); }
NV_API int __nv_double2hiint(double X) { return (int)(uint32_t)(asU64(X) >> 32); }
NV_API int __nv_double2loint(double X) { return (int)(uint32_t)asU64(X); }
NV_API double __nv_hiloint2double(int Hi, int Lo) {
  return asF64(((uint64_t)(uint32_t)Hi << 32) | (uint32_t)Lo);
}
