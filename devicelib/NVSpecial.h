//===- NVSpecial.h - double implementations of functions glibc lacks -----===//
// SPDX-License-Identifier: Apache-2.0
//
// erfinv/erfcinv/normcdfinv, erfcx, normcdf, the modified Bessel functions
// I0/I1, sinpi/cospi and n-dimensional norms. Each is written in double;
// the float __nv_* variants evaluate them in double and round once, which
// makes them accurate to about 0.5 ulp.
//
// Algorithms (all public, implemented from their mathematical descriptions):
//  - erfinv: M. Giles' single-precision approximation ("Approximating the
//    erfinv function", GPU Computing Gems, 2011) as a first guess, refined
//    with Halley steps on erf (|y| <= 0.5) or erfc (tails, to keep 1-y exact);
//    extreme double tails use Newton on log(erfc) written via erfcx.
//  - erfcx: exp(x^2)*erfc(x) with x^2 split exactly; the asymptotic series
//    for x >= 26 where erfc underflows.
//  - I0/I1: power series for |x| < 30, Hankel's asymptotic series beyond.
//===----------------------------------------------------------------------===//
#ifndef LOOM_DEVICELIB_NVSPECIAL_H
#define LOOM_DEVICELIB_NVSPECIAL_H

#include "NVCommon.h"

namespace loom_devicelib {

static constexpr double kPi = 3.141592653589793116;       // RN(pi)
static constexpr double kPiLo = 1.2246467991473532e-16;   // pi - kPi
static constexpr double kTwoOverSqrtPi = 1.1283791670955126;
static constexpr double kSqrtPi = 1.7724538509055160;
static constexpr double kSqrt2 = 1.4142135623730951;
static constexpr double kSqrtHalf = 0.70710678118654752;
static constexpr double kSqrtHalfLo = -4.833646656726457e-17;  // sqrt(1/2) - kSqrtHalf

// exp(x^2)*erfc(x).
static inline double erfcxD(double X) {
  if (X != X)
    return X;
  if (X < -27.0) // 2 exp(x^2) overflows
    return __builtin_inf();
  if (X < 26.0) {
    // exp(hi + lo) = exp(hi) * (1 + lo); hi + lo = x^2 exactly.
    double Hi = X * X, Lo = __builtin_fma(X, X, -Hi);
    return exp(Hi) * (1.0 + Lo) * erfc(X);
  }
  // erfcx(x) ~ 1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! / (2x^2)^k.
  double T = 0.5 / (X * X); // 0 when x^2 overflows
  double Term = 1.0, Sum = 1.0;
  for (int K = 1; K <= 12; ++K) {
    Term *= -(2 * K - 1) * T;
    Sum += Term;
  }
  return Sum / (X * kSqrtPi);
}

// Giles' first guess for erfinv(x), with W = -log((1-x)(1+x)) supplied by
// the caller (so tails can pass an exact 1-x).
static inline double erfinvGuess(double X, double W) {
  double P;
  if (W < 5.0) {
    W -= 2.5;
    P = 2.81022636e-08;
    P = 3.43273939e-07 + P * W;
    P = -3.5233877e-06 + P * W;
    P = -4.39150654e-06 + P * W;
    P = 0.00021858087 + P * W;
    P = -0.00125372503 + P * W;
    P = -0.00417768164 + P * W;
    P = 0.246640727 + P * W;
    P = 1.50140941 + P * W;
  } else {
    W = __builtin_sqrt(W) - 3.0;
    P = -0.000200214257;
    P = 0.000100950558 + P * W;
    P = 0.00134934322 + P * W;
    P = -0.00367342844 + P * W;
    P = 0.00573950773 + P * W;
    P = -0.0076224613 + P * W;
    P = 0.00943887047 + P * W;
    P = 1.00167406 + P * W;
    P = 2.83297682 + P * W;
  }
  return P * X;
}

// erfcinv(z) for 0 < z < 0.5 (x > 0.47).
static inline double erfcinvTail(double Z) {
  double X;
  double W = -log(Z * (2.0 - Z));
  if (W < 16.0) { // Giles' fit covers w up to ~16 (z > ~1e-7)
    X = erfinvGuess(1.0 - Z, W);
  } else {
    // erfc(x) ~ exp(-x^2) / (x sqrt(pi)) (1 - 1/(2x^2)), so
    // x^2 ~ t - log(x sqrt(pi)) + log(1 - 1/(2x^2)) with t = -log(z).
    double T = -log(Z);
    double X2 = T - 0.5 * log(kPi * T);
    X2 = T - 0.5 * log(kPi * X2) + log1p(-0.5 / X2);
    X = __builtin_sqrt(X2);
  }
  if (Z > 1e-280) {
    // Halley on f(x) = erfc(x) - z: f' = -d, f'' = 2x d.
    for (int I = 0; I < 3; ++I) {
      double F = erfc(X) - Z;
      double D = kTwoOverSqrtPi * exp(-X * X);
      X += F / (D - X * F);
    }
    return X;
  }
  // Deep tail: Newton on g(x) = log(erfcx(x)) - x^2 - log(z), where
  // g'(x) = -2/(sqrt(pi) erfcx(x)); nothing underflows.
  double LZ = log(Z);
  for (int I = 0; I < 4; ++I) {
    double E = erfcxD(X);
    double Hi = X * X, Lo = __builtin_fma(X, X, -Hi);
    double G = ((log(E) - LZ) - Hi) - Lo;
    X += G * E * (0.5 * kSqrtPi);
  }
  return X;
}

// Inverse complementary error function: erfcinv(0) = +inf, erfcinv(2) =
// -inf, outside [0, 2] or NaN -> NaN.
static inline double erfcinvD(double Z) {
  if (!(Z > 0.0 && Z < 2.0)) {
    if (Z == 0.0)
      return __builtin_inf();
    if (Z == 2.0)
      return -__builtin_inf();
    return __builtin_nan("");
  }
  if (Z >= 0.5 && Z <= 1.5) {
    double Y = 1.0 - Z; // exact
    double X = erfinvGuess(Y, -log((1.0 - Y) * (1.0 + Y)));
    // Halley on f(x) = erf(x) - y: f' = d, f'' = -2x d.
    for (int I = 0; I < 2; ++I) {
      double F = erf(X) - Y;
      double D = kTwoOverSqrtPi * exp(-X * X);
      X -= F / (D + X * F);
    }
    return X;
  }
  if (Z > 1.0)
    return -erfcinvTail(2.0 - Z); // exact for z in (1.5, 2)
  return erfcinvTail(Z);
}

// Inverse error function: erfinv(±1) = ±inf, |y| > 1 or NaN -> NaN,
// erfinv(-0) = -0.
static inline double erfinvD(double Y) {
  double A = __builtin_fabs(Y);
  if (!(A < 1.0)) {
    if (A == 1.0)
      return __builtin_copysign(__builtin_inf(), Y);
    return __builtin_nan("");
  }
  if (A <= 0.5) {
    if (Y == 0.0)
      return Y;
    double X = erfinvGuess(Y, -log((1.0 - Y) * (1.0 + Y)));
    for (int I = 0; I < 2; ++I) {
      double F = erf(X) - Y;
      double D = kTwoOverSqrtPi * exp(-X * X);
      X -= F / (D + X * F);
    }
    return X;
  }
  return __builtin_copysign(erfcinvTail(1.0 - A), Y); // 1 - |y| exact
}

// Standard normal CDF 0.5*erfc(-x/sqrt(2)); the argument's rounding error is
// corrected to first order so large |x| keeps full relative accuracy.
static inline double normcdfD(double X) {
  if (!isFinite(X))
    return X != X ? X : (X > 0 ? 1.0 : 0.0);
  double U = -X * kSqrtHalf;
  double Err = __builtin_fma(-X, kSqrtHalf, -U) - X * kSqrtHalfLo; // exact arg = U + Err
  double E = erfc(U);
  // d/du erfc(u) = -2/sqrt(pi) exp(-u^2).
  double Corr = -kTwoOverSqrtPi * exp(-U * U) * Err;
  return 0.5 * (E + Corr);
}

// Inverse standard normal CDF: -sqrt(2) * erfcinv(2p); 0 -> -inf, 1 -> +inf.
static inline double normcdfinvD(double P) {
  return -kSqrt2 * erfcinvD(2.0 * P) + 0.0; // + 0.0 turns -0 into +0
}

// Sum += Term with the rounding error accumulated in Comp (TwoSum).
static inline void addCompensated(double &Sum, double &Comp, double Term) {
  double S = Sum + Term;
  double TV = S - Sum;
  Comp += (Sum - (S - TV)) + (Term - TV);
  Sum = S;
}

// Modified Bessel function of the first kind, order Nu in {0, 1}.
static inline double besselID(int Nu, double X) {
  double A = __builtin_fabs(X);
  if (A != A)
    return X;
  double R;
  if (A < 25.0) {
    // sum_k T_k, T_k = q^k (x/2)^nu / (k! (k+nu)!), q = x^2/4. q is rounded
    // (q = QH (1 + Eps)), which would scale T_k by (1 + Eps)^k; the sum is
    // corrected to first order with S2 = sum_k k T_k.
    double QH = 0.25 * A * A;
    double Eps = QH > 0 ? 0.25 * __builtin_fma(A, A, -A * A) / QH : 0.0;
    double Term = Nu ? 0.5 * A : 1.0, Sum = Term, Comp = 0.0, S2 = 0.0;
    for (int K = 1; K < 100; ++K) {
      Term *= QH / (double)(K * (K + Nu));
      addCompensated(Sum, Comp, Term);
      S2 += K * Term;
      if (Term <= Sum * 0x1p-56)
        break;
    }
    R = Sum + (Comp + Eps * S2);
  } else {
    // Hankel: e^x / sqrt(2 pi x) * sum_k prod_{j<=k} -(mu - (2j-1)^2) / (j 8x);
    // at x >= 25 the terms fall below 2^-56 before they start to grow.
    double Mu = 4.0 * Nu * Nu, T = 0.125 / A;
    double Term = 1.0, Tail = 0.0; // sum = 1 + Tail, rounded once
    for (int K = 1; K <= 60; ++K) {
      double Odd = 2.0 * K - 1.0;
      Term *= -(Mu - Odd * Odd) * T / K;
      Tail += Term;
      if (__builtin_fabs(Term) <= 0x1p-60)
        break;
    }
    double Sum = 1.0 + Tail;
    double E = exp(0.5 * A); // split so e^x itself cannot overflow early
    R = E * (E * Sum / __builtin_sqrt(2.0 * kPi * A));
  }
  return Nu ? __builtin_copysign(R, X) : R;
}

// sin(pi x) and cos(pi x). The reduction x = k/2 + t (|t| <= 1/4) is exact;
// pi*t is formed as a double-double and its low part applied to first order.
// sinpi(±n) = ±0, cospi(n + 1/2) = +0, infinities and NaN give NaN.
static inline void sincospiD(double X, double *S, double *C) {
  if (!isFinite(X)) {
    *S = *C = X - X;
    return;
  }
  double K = __builtin_roundeven(2.0 * X);
  double T = X - 0.5 * K; // exact
  double Hi = kPi * T;
  double Lo = __builtin_fma(kPi, T, -Hi) + kPiLo * T;
  double H2 = Hi * Hi;
  double SinHi = sin(Hi), CosHi = cos(Hi);
  // Low part: sin(hi+lo) ~ sin(hi) + lo*cos(hi), cos(hi+lo) ~ cos(hi) - lo*sin(hi);
  // crude cos/sin of hi suffice for the tiny correction term.
  double SP = SinHi + Lo * (1.0 - 0.5 * H2);
  double CP = CosHi - Lo * Hi;
  // k mod 4 (k >= 2^62 is a multiple of 4).
  int Q = __builtin_fabs(K) < 0x1p62 ? (int)((long long)K & 3) : 0;
  double SR = (Q == 0) ? SP : (Q == 1) ? CP : (Q == 2) ? -SP : -CP;
  double CR = (Q == 0) ? CP : (Q == 1) ? -SP : (Q == 2) ? -CP : SP;
  if (SR == 0.0)
    SR = __builtin_copysign(0.0, X);
  *S = SR;
  *C = CR + 0.0;
}

// sqrt(sum a_i^2) (Recip: its reciprocal) without spurious overflow or
// underflow: scaled by the power of two of the largest |a_i|. Any infinity
// gives +inf (0 for the reciprocal) even when another element is NaN.
template <bool Recip> static inline double normND(int N, const double *V) {
  double M = 0.0;
  bool Inf = false, NaN = false;
  for (int I = 0; I < N; ++I) {
    double A = __builtin_fabs(V[I]);
    Inf |= A == __builtin_inf();
    NaN |= A != A;
    M = A > M ? A : M;
  }
  if (Inf)
    return Recip ? 0.0 : __builtin_inf();
  if (NaN)
    return __builtin_nan("");
  if (M == 0.0)
    return Recip ? __builtin_inf() : 0.0;
  int E = frexpExp(M);
  double Sum = 0.0;
  for (int I = 0; I < N; ++I) {
    double A = scale2(V[I], -E);
    Sum += A * A;
  }
  if (Recip)
    return scale2(1.0 / __builtin_sqrt(Sum), -E);
  return scale2(__builtin_sqrt(Sum), E);
}

// Float-input norm: squares and sums are exact or nearly so in double.
template <bool Recip> static inline float normNF(int N, const float *V) {
  double Sum = 0.0;
  bool Inf = false;
  for (int I = 0; I < N; ++I) {
    double A = (double)V[I];
    Inf |= __builtin_fabs(A) == __builtin_inf();
    Sum += A * A;
  }
  if (Inf)
    return Recip ? 0.0f : __builtin_inff();
  double R = __builtin_sqrt(Sum);
  return (float)(Recip ? 1.0 / R : R);
}

} // namespace loom_devicelib

#endif // LOOM_DEVICELIB_NVSPECIAL_H
