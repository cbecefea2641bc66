//===- NVMathFloat.cpp - single-precision math __nv_*f --------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Functions glibc provides call it (compiled with -fno-math-errno, clang turns
// the ones LLVM knows into llvm.* intrinsics, which the vectorizer maps to
// libmvec). Functions glibc lacks are evaluated in double via NVSpecial.h and
// rounded once. The __nv_fast_* intrinsics use the accurate functions.
//===----------------------------------------------------------------------===//
#include "NVSpecial.h"

using namespace loom_devicelib;

#define NV_F1(NAME, EXPR)                                                                          \
  NV_API float __nv_##NAME(float X) { return EXPR; }
#define NV_F2(NAME, EXPR)                                                                          \
  NV_API float __nv_##NAME(float X, float Y) { return EXPR; }

// Elementary functions straight from libm.
NV_F1(acosf, acosf(X))
NV_F1(acoshf, acoshf(X))
NV_F1(asinf, asinf(X))
NV_F1(asinhf, asinhf(X))
NV_F1(atanf, atanf(X))
NV_F1(atanhf, atanhf(X))
NV_F2(atan2f, atan2f(X, Y))
NV_F1(cbrtf, cbrtf(X))
NV_F1(cosf, cosf(X))
NV_F1(coshf, coshf(X))
NV_F1(sinf, sinf(X))
NV_F1(sinhf, sinhf(X))
NV_F1(tanf, tanf(X))
NV_F1(tanhf, tanhf(X))
NV_F1(expf, expf(X))
NV_F1(exp2f, exp2f(X))
NV_F1(exp10f, exp10f(X))
NV_F1(expm1f, expm1f(X))
NV_F1(logf, logf(X))
NV_F1(log2f, log2f(X))
NV_F1(log10f, log10f(X))
NV_F1(log1pf, log1pf(X))
NV_F2(powf, powf(X, Y))
NV_F2(hypotf, hypotf(X, Y))
NV_F1(erff, erff(X))
NV_F1(erfcf, erfcf(X))
NV_F1(tgammaf, tgammaf(X))
NV_F1(j0f, j0f(X))
NV_F1(j1f, j1f(X))
NV_F1(y0f, y0f(X))
NV_F1(y1f, y1f(X))
NV_API float __nv_jnf(int N, float X) { return jnf(N, X); }
NV_API float __nv_ynf(int N, float X) { return ynf(N, X); }
// lgamma_r does not write the global signgam (kernels run multithreaded).
NV_API float __nv_lgammaf(float X) {
  int Sign;
  return lgammaf_r(X, &Sign);
}
NV_API float __nv_sqrtf(float X) { return __builtin_sqrtf(X); }

// Rounding, sign and simple arithmetic (all map to LLVM intrinsics).
NV_F1(fabsf, __builtin_fabsf(X))
NV_F1(ceilf, __builtin_ceilf(X))
NV_F1(floorf, __builtin_floorf(X))
NV_F1(truncf, __builtin_truncf(X))
NV_F1(roundf, __builtin_roundf(X))          // halves away from zero
NV_F1(rintf, __builtin_roundevenf(X))       // halves to even
NV_F1(nearbyintf, __builtin_roundevenf(X))
NV_F2(copysignf, __builtin_copysignf(X, Y))
NV_F2(fmaxf, __builtin_fmaxf(X, Y))         // a NaN operand yields the other
NV_F2(fminf, __builtin_fminf(X, Y))
NV_F2(fmodf, __builtin_fmodf(X, Y))
NV_F2(remainderf, remainderf(X, Y))
NV_API float __nv_fmaf(float X, float Y, float Z) { return __builtin_fmaf(X, Y, Z); }
// fdim: x - y if x > y, +0 if x <= y, NaN if either is NaN.
NV_F2(fdimf, X > Y ? X - Y : (X <= Y ? 0.0f : X + Y))
// Clamp to [0, 1]; NaN -> +0, -0 -> +0.
NV_F1(saturatef, X >= 1.0f ? 1.0f : (X > 0.0f ? X : 0.0f))

NV_API float __nv_remquof(float X, float Y, int *Quo) { return remquof(X, Y, Quo); }
NV_API float __nv_modff(float X, float *IntPart) { return modff(X, IntPart); }
NV_API float __nv_frexpf(float X, int *Exp) { return __builtin_frexpf(X, Exp); }
NV_API float __nv_ldexpf(float X, int N) { return __builtin_ldexpf(X, N); }
NV_API float __nv_scalbnf(float X, int N) { return __builtin_ldexpf(X, N); }
// x^n with an exact integer exponent: in double, rounded once.
NV_API float __nv_powif(float X, int N) { return (float)pow((double)X, (double)N); }

// Classification: 1 or 0.
NV_API int __nv_isinff(float X) { return __builtin_fabsf(X) == __builtin_inff(); }
NV_API int __nv_isnanf(float X) { return X != X; }
NV_API int __nv_finitef(float X) { return isFinite(X); }
NV_API int __nv_signbitf(float X) { return (int)(asU32(X) >> 31); }

// ilogb: unbiased exponent; ilogb(±0) = ilogb(NaN) = INT_MIN,
// ilogb(±inf) = INT_MAX (what glibc's FP_ILOGB0/FP_ILOGBNAN are on x86).
NV_API int __nv_ilogbf(float X) {
  uint32_t A = asU32(X) & 0x7fffffffu;
  if (A == 0 || A > 0x7f800000u)
    return INT32_MIN;
  if (A == 0x7f800000u)
    return INT32_MAX;
  if (A < 0x00800000u)
    return (31 - __builtin_clz(A)) - 149;
  return (int)(A >> 23) - 127;
}
// logb: logb(±0) = -inf, logb(±inf) = +inf, NaN -> NaN.
NV_API float __nv_logbf(float X) {
  uint32_t A = asU32(X) & 0x7fffffffu;
  if (A == 0)
    return -__builtin_inff();
  if (A >= 0x7f800000u)
    return X * X;
  return (float)__nv_ilogbf(X);
}
// nextafter: NaN if either is NaN; y if x == y; steps through subnormals.
NV_API float __nv_nextafterf(float X, float Y) {
  if (X != X || Y != Y)
    return X + Y;
  if (X == Y)
    return Y;
  if (X == 0.0f)
    return __builtin_copysignf(asF32(1u), Y);
  uint32_t U = asU32(X);
  return asF32(((X < Y) == (X > 0.0f)) ? U + 1 : U - 1);
}

// nan("n-char-sequence"): quiet NaN whose payload is the tag parsed like
// strtoull(tag, 0, 0); an unparsable tag gives the default quiet NaN.
namespace {
uint64_t nanPayload(const signed char *P) {
  if (!P)
    return 0;
  unsigned Base = 10;
  if (P[0] == '0' && (P[1] == 'x' || P[1] == 'X')) {
    Base = 16;
    P += 2;
  } else if (P[0] == '0') {
    Base = 8;
  }
  uint64_t V = 0;
  for (; *P; ++P) {
    int C = *P;
    unsigned D = C >= '0' && C <= '9'   ? (unsigned)(C - '0')
                 : C >= 'a' && C <= 'f' ? (unsigned)(C - 'a' + 10)
                 : C >= 'A' && C <= 'F' ? (unsigned)(C - 'A' + 10)
                                        : 99u;
    if (D >= Base)
      return 0;
    V = V * Base + D;
  }
  return V;
}
} // namespace
NV_API float __nv_nanf(const signed char *Tag) {
  return asF32(0x7fc00000u | ((uint32_t)nanPayload(Tag) & 0x3fffffu));
}
NV_API double __nv_nan(const signed char *Tag) {
  return asF64(0x7ff8000000000000ull | (nanPayload(Tag) & 0x7ffffffffffffull));
}

// Reciprocal roots. rsqrt(±0) = ±inf, rsqrt(x<0) = NaN, rsqrt(inf) = +0.
NV_F1(rsqrtf, 1.0f / __builtin_sqrtf(X))
NV_F1(rcbrtf, (float)(1.0 / cbrt((double)X)))

// Functions without a glibc counterpart: double evaluation, one rounding.
NV_F1(erfinvf, (float)erfinvD((double)X))
NV_F1(erfcinvf, (float)erfcinvD((double)X))
NV_F1(erfcxf, (float)erfcxD((double)X))
NV_F1(normcdff, (float)normcdfD((double)X))
NV_F1(normcdfinvf, (float)normcdfinvD((double)X))
NV_F1(cyl_bessel_i0f, (float)besselID(0, (double)X))
NV_F1(cyl_bessel_i1f, (float)besselID(1, (double)X))

NV_API void __nv_sincospif(float X, float *S, float *C) {
  double SD, CD;
  sincospiD((double)X, &SD, &CD);
  *S = (float)SD;
  *C = (float)CD;
}
NV_API float __nv_sinpif(float X) {
  double S, C;
  sincospiD((double)X, &S, &C);
  return (float)S;
}
NV_API float __nv_cospif(float X) {
  double S, C;
  sincospiD((double)X, &S, &C);
  return (float)C;
}
NV_API void __nv_sincosf(float X, float *S, float *C) {
  *S = sinf(X);
  *C = cosf(X);
}

// Norms: any infinite element gives +inf (reciprocal: +0), even with NaNs.
NV_API float __nv_rhypotf(float X, float Y) {
  float V[2] = {X, Y};
  return normNF<true>(2, V);
}
NV_API float __nv_norm3df(float A, float B, float C) {
  float V[3] = {A, B, C};
  return normNF<false>(3, V);
}
NV_API float __nv_rnorm3df(float A, float B, float C) {
  float V[3] = {A, B, C};
  return normNF<true>(3, V);
}
NV_API float __nv_norm4df(float A, float B, float C, float D) {
  float V[4] = {A, B, C, D};
  return normNF<false>(4, V);
}
NV_API float __nv_rnorm4df(float A, float B, float C, float D) {
  float V[4] = {A, B, C, D};
  return normNF<true>(4, V);
}
NV_API float __nv_normf(int Dim, const float *V) { return normNF<false>(Dim, V); }
NV_API float __nv_rnormf(int Dim, const float *V) { return normNF<true>(Dim, V); }

// Fast intrinsics (__expf, __sinf, ...): the accurate functions, so the
// results are at least as accurate as CUDA documents for the intrinsics.
// __fdividef is a plain IEEE division (CUDA returns 0 for 2^126 < |y| <
// 2^128; we return the correctly rounded quotient).
NV_F1(fast_expf, expf(X))
NV_F1(fast_exp10f, exp10f(X))
NV_F1(fast_logf, logf(X))
NV_F1(fast_log2f, log2f(X))
NV_F1(fast_log10f, log10f(X))
NV_F1(fast_sinf, sinf(X))
NV_F1(fast_cosf, cosf(X))
NV_F1(fast_tanf, tanf(X))
NV_F2(fast_powf, powf(X, Y))
NV_F2(fast_fdividef, X / Y)
NV_API void __nv_fast_sincosf(float X, float *S, float *C) {
  *S = sinf(X);
  *C = cosf(X);
}
