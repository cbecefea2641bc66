//===- NVMathDouble.cpp - double-precision math __nv_* --------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Same policy as NVMathFloat.cpp: glibc where it has the function,
// NVSpecial.h otherwise.
//===----------------------------------------------------------------------===//
#include "NVSpecial.h"

using namespace loom_devicelib;

#define NV_D1(NAME, EXPR)                                                                          \
  NV_API double __nv_##NAME(double X) { return EXPR; }
#define NV_D2(NAME, EXPR)                                                                          \
  NV_API double __nv_##NAME(double X, double Y) { return EXPR; }

NV_D1(acos, acos(X))
NV_D1(acosh, acosh(X))
NV_D1(asin, asin(X))
NV_D1(asinh, asinh(X))
NV_D1(atan, atan(X))
NV_D1(atanh, atanh(X))
NV_D2(atan2, atan2(X, Y))
NV_D1(cbrt, cbrt(X))
NV_D1(cos, cos(X))
NV_D1(cosh, cosh(X))
NV_D1(sin, sin(X))
NV_D1(sinh, sinh(X))
NV_D1(tan, tan(X))
NV_D1(tanh, tanh(X))
NV_D1(exp, exp(X))
NV_D1(exp2, exp2(X))
NV_D1(expm1, expm1(X))
NV_D1(log, log(X))
NV_D1(log2, log2(X))
NV_D1(log10, log10(X))
NV_D1(log1p, log1p(X))
NV_D2(pow, pow(X, Y))
NV_D2(hypot, hypot(X, Y))
NV_D1(erf, erf(X))
NV_D1(erfc, erfc(X))
NV_D1(tgamma, tgamma(X))
NV_D1(j0, j0(X))
NV_D1(j1, j1(X))
NV_D1(y0, y0(X))
NV_D1(y1, y1(X))
NV_API double __nv_jn(int N, double X) { return jn(N, X); }
NV_API double __nv_yn(int N, double X) { return yn(N, X); }
NV_API double __nv_lgamma(double X) {
  int Sign;
  return lgamma_r(X, &Sign);
}
NV_D1(sqrt, __builtin_sqrt(X))

NV_D1(fabs, __builtin_fabs(X))
NV_D1(ceil, __builtin_ceil(X))
NV_D1(floor, __builtin_floor(X))
NV_D1(trunc, __builtin_trunc(X))
NV_D1(round, __builtin_round(X))
NV_D1(rint, __builtin_roundeven(X))
NV_D1(nearbyint, __builtin_roundeven(X))
NV_D2(copysign, __builtin_copysign(X, Y))
NV_D2(fmax, __builtin_fmax(X, Y))
NV_D2(fmin, __builtin_fmin(X, Y))
NV_D2(fmod, __builtin_fmod(X, Y))
NV_D2(remainder, remainder(X, Y))
NV_API double __nv_fma(double X, double Y, double Z) { return __builtin_fma(X, Y, Z); }
NV_D2(fdim, X > Y ? X - Y : (X <= Y ? 0.0 : X + Y))

NV_API double __nv_remquo(double X, double Y, int *Quo) { return remquo(X, Y, Quo); }
NV_API double __nv_modf(double X, double *IntPart) { return modf(X, IntPart); }
NV_API double __nv_frexp(double X, int *Exp) { return __builtin_frexp(X, Exp); }
NV_API double __nv_ldexp(double X, int N) { return __builtin_ldexp(X, N); }
NV_API double __nv_scalbn(double X, int N) { return __builtin_ldexp(X, N); }
// x^n for integer n: pow with an exact exponent.
NV_API double __nv_powi(double X, int N) { return pow(X, (double)N); }

NV_API int __nv_isinfd(double X) { return __builtin_fabs(X) == __builtin_inf(); }
NV_API int __nv_isnand(double X) { return X != X; }
NV_API int __nv_isfinited(double X) { return isFinite(X); }
NV_API int __nv_signbitd(double X) { return (int)(asU64(X) >> 63); }

// ilogb(±0) = ilogb(NaN) = INT_MIN, ilogb(±inf) = INT_MAX.
NV_API int __nv_ilogb(double X) {
  uint64_t A = asU64(X) & 0x7fffffffffffffffull;
  if (A == 0 || A > 0x7ff0000000000000ull)
    return INT32_MIN;
  if (A == 0x7ff0000000000000ull)
    return INT32_MAX;
  return frexpExp(X) - 1;
}
NV_API double __nv_logb(double X) {
  uint64_t A = asU64(X) & 0x7fffffffffffffffull;
  if (A == 0)
    return -__builtin_inf();
  if (A >= 0x7ff0000000000000ull)
    return X * X;
  return (double)(frexpExp(X) - 1);
}
NV_API double __nv_nextafter(double X, double Y) {
  if (X != X || Y != Y)
    return X + Y;
  if (X == Y)
    return Y;
  if (X == 0.0)
    return __builtin_copysign(asF64(1u), Y);
  uint64_t U = asU64(X);
  return asF64(((X < Y) == (X > 0.0)) ? U + 1 : U - 1);
}

// Reciprocal roots (two roundings: within 1 ulp plus a hair).
NV_D1(rsqrt, 1.0 / __builtin_sqrt(X))
// rcbrt: 1/cbrt plus one Newton step whose residual x r^3 - 1 is formed
// with fma so the correction is accurate (glibc's cbrt is not correctly
// rounded, e.g. cbrt(0.125) < 0.5).
NV_API double __nv_rcbrt(double X) {
  double R = 1.0 / cbrt(X);
  if (!isFinite(R) || R == 0.0)
    return R;
  double P = X * R, PE = __builtin_fma(X, R, -P); // x r = P + PE
  double H = R * R, HE = __builtin_fma(R, R, -H);  // r^2 = H + HE
  double Res = __builtin_fma(P, H, -1.0) + (P * HE + PE * H);
  return R - R * Res * (1.0 / 3.0);
}
// exp10 = exp(x ln10) with x ln10 as a double-double (glibc 2.36's exp10 is
// up to ~2 ulp; this is ~1).
NV_API double __nv_exp10(double X) {
  const double Ln10 = 2.302585092994045901, Ln10Lo = -2.1707562233822494e-16;
  double YH = X * Ln10;
  double E = exp(YH);
  if (!isFinite(YH) || !isFinite(E) || E == 0.0)
    return E;
  double YL = __builtin_fma(X, Ln10, -YH) + X * Ln10Lo;
  return __builtin_fma(E, YL, E);
}
// rcp64h: the GPU's MUFU.RCP64H gives a ~23-bit reciprocal approximation
// used to seed division; the exact reciprocal is a valid (better) answer.
NV_D1(rcp64h, 1.0 / X)

NV_D1(erfinv, erfinvD(X))
NV_D1(erfcinv, erfcinvD(X))
NV_D1(erfcx, erfcxD(X))
NV_D1(normcdf, normcdfD(X))
NV_D1(normcdfinv, normcdfinvD(X))
NV_D1(cyl_bessel_i0, besselID(0, X))
NV_D1(cyl_bessel_i1, besselID(1, X))

NV_API void __nv_sincospi(double X, double *S, double *C) { sincospiD(X, S, C); }
NV_API double __nv_sinpi(double X) {
  double S, C;
  sincospiD(X, &S, &C);
  return S;
}
NV_API double __nv_cospi(double X) {
  double S, C;
  sincospiD(X, &S, &C);
  return C;
}
NV_API void __nv_sincos(double X, double *S, double *C) {
  *S = sin(X);
  *C = cos(X);
}

NV_API double __nv_rhypot(double X, double Y) {
  double V[2] = {X, Y};
  return normND<true>(2, V);
}
NV_API double __nv_norm3d(double A, double B, double C) {
  double V[3] = {A, B, C};
  return normND<false>(3, V);
}
NV_API double __nv_rnorm3d(double A, double B, double C) {
  double V[3] = {A, B, C};
  return normND<true>(3, V);
}
NV_API double __nv_norm4d(double A, double B, double C, double D) {
  double V[4] = {A, B, C, D};
  return normND<false>(4, V);
}
NV_API double __nv_rnorm4d(double A, double B, double C, double D) {
  double V[4] = {A, B, C, D};
  return normND<true>(4, V);
}
NV_API double __nv_norm(int Dim, const double *V) { return normND<false>(Dim, V); }
NV_API double __nv_rnorm(int Dim, const double *V) { return normND<true>(Dim, V); }
