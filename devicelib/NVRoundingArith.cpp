//===- NVRoundingArith.cpp - arithmetic in explicit rounding modes --------===//
// SPDX-License-Identifier: Apache-2.0
//
// __nv_{f,d}{add,sub,mul,div}_r{n,z,u,d}, rcp, sqrt and fma in explicit
// rounding modes. The _rn forms are the plain IEEE operations. The directed
// forms do NOT touch the floating-point environment (kernels are optimized
// as default-environment code, so fesetround around an operation would not
// survive -O3); instead they compute the round-to-nearest result R and the
// sign of the exact residual (exact - R) with an error-free transformation,
// then step one ulp where the directed mode disagrees with RN
// (loom_devicelib::roundFrom).
//
//   float add/sub/fma : exact in double (products of floats are exact in
//                       double) plus TwoSum for the remaining addition.
//   float mul         : exact in double.
//   float div/sqrt    : residual a - q*b (a - s*s) exact with a double fma.
//   double add/sub    : TwoSum (exact).
//   double mul/div/sqrt: fma residual, with operands rescaled by powers of two
//                       near the subnormal range so the residual is exact.
//   double fma        : Boldo-Muller ErrFma; exact unless a*b or the result
//                       is within ~2^-969 of zero (then possibly 1 ulp off).
//
// Zero results: an exact zero sum of operands with different signs is -0 in
// RD and +0 otherwise, as IEEE 754 requires.
//===----------------------------------------------------------------------===//
#include "NVCommon.h"

using namespace loom_devicelib;

namespace {
// Exact a + b = S + E (Knuth's TwoSum; valid when S does not overflow).
template <class T> void twoSum(T A, T B, T &S, T &E) {
  S = A + B;
  T BV = S - A;
  T AV = S - BV;
  E = (A - AV) + (B - BV);
}

// Exact zero result of a sum whose addends have sign bits SA and SB.
template <Round M, class T> T zeroSum(bool SA, bool SB) {
  if (M == RD)
    return (SA || SB) ? (T)-0.0 : (T)0.0;
  return (SA && SB) ? (T)-0.0 : (T)0.0;
}

//===- float --------------------------------------------------------------===//
// Round the exact value Hi + Lo (double-double, |Lo| <= ulp(Hi)/2) to float.
template <Round M> float roundDD(float R, double Hi, double Lo) {
  double RD_ = (double)R;
  bool Above = Hi > RD_ || (Hi == RD_ && Lo > 0);
  bool Below = Hi < RD_ || (Hi == RD_ && Lo < 0);
  return roundFrom<M>(R, Above, Below);
}

template <Round M> float fadd(float A, float B) {
  float R = A + B;
  if (M == RN)
    return R;
  double S, E;
  twoSum((double)A, (double)B, S, E);
  if (S == 0 && E == 0)
    return zeroSum<M, float>(__builtin_signbit(A), __builtin_signbit(B));
  return roundDD<M>(R, S, E);
}

template <Round M> float fmul(float A, float B) {
  double P = (double)A * (double)B; // exact
  float R = (float)P;
  return roundFrom<M>(R, P > (double)R, P < (double)R);
}

template <Round M> float fdiv(float A, float B) {
  float R = A / B;
  if (M == RN || !isFinite(A) || !isFinite(B) || A == 0 || B == 0)
    return R;
  if (!isFinite(R)) // overflow: the exact quotient is finite
    return roundFrom<M>(R, R < 0, R > 0);
  // A - R*B is exact in double (48-bit product, no underflow possible).
  double Res = __builtin_fma(-(double)R, (double)B, (double)A);
  bool Pos = B > 0 ? Res > 0 : Res < 0;
  bool Neg = B > 0 ? Res < 0 : Res > 0;
  return roundFrom<M>(R, Pos, Neg);
}

template <Round M> float fsqrt(float A) {
  float R = __builtin_sqrtf(A);
  if (M == RN || !(A > 0) || !isFinite(A))
    return R;
  double Res = __builtin_fma(-(double)R, (double)R, (double)A);
  return roundFrom<M>(R, Res > 0, Res < 0);
}

template <Round M> float ffma(float A, float B, float C) {
  float R = __builtin_fmaf(A, B, C);
  if (M == RN)
    return R;
  double P = (double)A * (double)B; // exact
  double S, E;
  twoSum(P, (double)C, S, E);
  if (S == 0 && E == 0)
    return zeroSum<M, float>(__builtin_signbit(P), __builtin_signbit(C));
  if (!isFinite(S)) // an infinite operand; R is already right
    return R;
  return roundDD<M>(R, S, E);
}

//===- double -------------------------------------------------------------===//
template <Round M> double dadd(double A, double B) {
  double R = A + B;
  if (M == RN)
    return R;
  if (!isFinite(R)) {
    if (isFinite(A) && isFinite(B)) // overflow
      return roundFrom<M>(R, R < 0, R > 0);
    return R;
  }
  double S, E;
  twoSum(A, B, S, E);
  if (S == 0)
    return zeroSum<M, double>(__builtin_signbit(A), __builtin_signbit(B));
  return roundFrom<M>(R, E > 0, E < 0);
}

// Sign of the exact a*b - R for finite nonzero A, B and R = RN(a*b):
// returns >0, <0 or 0.
double mulResidual(double A, double B, double R) {
  if (__builtin_fabs(R) >= 0x1p-968) // error of the product is representable
    return __builtin_fma(A, B, -R);
  // Rescale both factors to [0.5, 1) and R by the same power of two
  // (upwards, so exactly); the residual keeps its sign and cannot underflow.
  int EA = frexpExp(A), EB = frexpExp(B);
  double MA = scale2(A, -EA), MB = scale2(B, -EB);
  double RS = scale2(R, -(EA + EB));
  return __builtin_fma(MA, MB, -RS);
}

template <Round M> double dmul(double A, double B) {
  double R = A * B;
  if (M == RN || A == 0 || B == 0 || !isFinite(A) || !isFinite(B))
    return R;
  if (!isFinite(R))
    return roundFrom<M>(R, R < 0, R > 0);
  if (R == 0) // underflow to zero: the exact product has R's sign
    return roundFrom<M>(R, !__builtin_signbit(R), __builtin_signbit(R));
  double Res = mulResidual(A, B, R);
  return roundFrom<M>(R, Res > 0, Res < 0);
}

template <Round M> double ddiv(double A, double B) {
  double R = A / B;
  if (M == RN || A == 0 || B == 0 || !isFinite(A) || !isFinite(B))
    return R;
  if (!isFinite(R))
    return roundFrom<M>(R, R < 0, R > 0);
  if (R == 0)
    return roundFrom<M>(R, !__builtin_signbit(R), __builtin_signbit(R));
  // Normalize A and B to [0.5, 1); R scales by 2^(EB-EA) into (0.25, 2],
  // exactly (upwards from a subnormal, or between normals).
  int EA = frexpExp(A), EB = frexpExp(B);
  double MA = scale2(A, -EA), MB = scale2(B, -EB);
  double RS = scale2(R, EB - EA);
  double Res = __builtin_fma(-RS, MB, MA); // exact remainder
  bool Pos = MB > 0 ? Res > 0 : Res < 0;
  bool Neg = MB > 0 ? Res < 0 : Res > 0;
  return roundFrom<M>(R, Pos, Neg);
}

template <Round M> double dsqrt(double A) {
  double R = __builtin_sqrt(A);
  if (M == RN || !(A > 0) || !isFinite(A))
    return R;
  // A * 2^(2K) lands in [0.25, 1); sqrt scales by 2^K exactly (R is normal).
  int E = frexpExp(A);
  int K = -(E >> 1) - (E & 1);
  double AS = scale2(A, 2 * K), RS = scale2(R, K);
  double Res = __builtin_fma(-RS, RS, AS);
  return roundFrom<M>(R, Res > 0, Res < 0);
}

template <Round M> double dfma(double A, double B, double C) {
  double R = __builtin_fma(A, B, C);
  if (M == RN)
    return R;
  if (!isFinite(A) || !isFinite(B) || !isFinite(C))
    return R;
  if (!isFinite(R))
    return roundFrom<M>(R, R < 0, R > 0);
  bool SP = __builtin_signbit(A) != __builtin_signbit(B);
  if (A == 0 || B == 0) {
    if (C == 0)
      return zeroSum<M, double>(SP, __builtin_signbit(C));
    return C;
  }
  // ErrFma (Boldo & Muller 2011): a*b + c = R + R2 + R3 exactly, and the
  // residual R2 + R3 has the sign of R2.
  double U1 = A * B;
  double U2 = __builtin_fma(A, B, -U1);
  double Al1, Al2, Be1, Be2;
  twoSum(C, U2, Al1, Al2);
  twoSum(U1, Al1, Be1, Be2);
  double Gamma = (Be1 - R) + Be2;
  double R2 = Gamma + Al2;
  if (R == 0 && R2 == 0)
    return zeroSum<M, double>(SP, __builtin_signbit(C));
  return roundFrom<M>(R, R2 > 0, R2 < 0);
}
} // namespace

#define NV_ROUNDED(SUFFIX, MODE)                                                                   \
  NV_API float __nv_fadd_##SUFFIX(float A, float B) { return fadd<MODE>(A, B); }                   \
  NV_API float __nv_fsub_##SUFFIX(float A, float B) { return fadd<MODE>(A, -B); }                  \
  NV_API float __nv_fmul_##SUFFIX(float A, float B) { return fmul<MODE>(A, B); }                   \
  NV_API float __nv_fdiv_##SUFFIX(float A, float B) { return fdiv<MODE>(A, B); }                   \
  NV_API float __nv_frcp_##SUFFIX(float A) { return fdiv<MODE>(1.0f, A); }                         \
  NV_API float __nv_fsqrt_##SUFFIX(float A) { return fsqrt<MODE>(A); }                             \
  NV_API float __nv_fmaf_##SUFFIX(float A, float B, float C) { return ffma<MODE>(A, B, C); }       \
  NV_API float __nv_fmaf_ieee_##SUFFIX(float A, float B, float C) { return ffma<MODE>(A, B, C); }  \
  NV_API double __nv_dadd_##SUFFIX(double A, double B) { return dadd<MODE>(A, B); }                \
  NV_API double __nv_dsub_##SUFFIX(double A, double B) { return dadd<MODE>(A, -B); }               \
  NV_API double __nv_dmul_##SUFFIX(double A, double B) { return dmul<MODE>(A, B); }                \
  NV_API double __nv_ddiv_##SUFFIX(double A, double B) { return ddiv<MODE>(A, B); }                \
  NV_API double __nv_drcp_##SUFFIX(double A) { return ddiv<MODE>(1.0, A); }                        \
  NV_API double __nv_dsqrt_##SUFFIX(double A) { return dsqrt<MODE>(A); }                           \
  NV_API double __nv_fma_##SUFFIX(double A, double B, double C) { return dfma<MODE>(A, B, C); }
NV_ROUNDED(rn, RN)
NV_ROUNDED(rz, RZ)
NV_ROUNDED(ru, RU)
NV_ROUNDED(rd, RD)
#undef NV_ROUNDED

// 1/sqrt(x) rounded to nearest: computed in double, so the double rounding
// is at most a hair above 0.5 ulp (x < 0 -> NaN, ±0 -> ±inf, +inf -> +0).
NV_API float __nv_frsqrt_rn(float A) { return (float)(1.0 / __builtin_sqrt((double)A)); }
