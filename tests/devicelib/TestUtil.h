//===- TestUtil.h - shared helpers for the devicelib tests ----------------===//
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TESTS_DEVICELIB_TESTUTIL_H
#define LOOM_TESTS_DEVICELIB_TESTUTIL_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

// The functions under test, declared exactly as kernels see them.
#define __CUDA__ 1
#define __device__
#define CUDA_VERSION 9000
#include LOOM_DEVICELIB_DECLARES
#undef __device__

namespace loomtest {

inline uint32_t bits(float X) { uint32_t U; std::memcpy(&U, &X, 4); return U; }
inline uint64_t bits(double X) { uint64_t U; std::memcpy(&U, &X, 8); return U; }
inline float f32(uint32_t U) { float X; std::memcpy(&X, &U, 4); return X; }
inline double f64(uint64_t U) { double X; std::memcpy(&X, &U, 8); return X; }

// |Got - Ref| in units of the float ulp at Ref (subnormal ulp below 2^-126).
inline double ulpErrorF(float Got, long double Ref) {
  if (std::isnan(Ref))
    return std::isnan(Got) ? 0.0 : 1e30;
  if (std::isinf(Ref) || std::isinf(Got))
    return (long double)Got == Ref ? 0.0 : 1e30;
  int E;
  std::frexp(Ref, &E); // |Ref| in [2^(E-1), 2^E)
  int Exp = E - 1 < -126 ? -126 : E - 1;
  long double Ulp = std::ldexp(1.0L, Exp - 23);
  return (double)(std::fabs((long double)Got - Ref) / Ulp);
}
// Same for double results (reference in long double).
inline double ulpErrorD(double Got, long double Ref) {
  if (std::isnan(Ref))
    return std::isnan(Got) ? 0.0 : 1e30;
  if (std::isinf(Ref) || std::isinf(Got))
    return (long double)Got == Ref ? 0.0 : 1e30;
  int E;
  std::frexp(Ref, &E);
  int Exp = E - 1 < -1022 ? -1022 : E - 1;
  long double Ulp = std::ldexp(1.0L, Exp - 52);
  return (double)(std::fabs((long double)Got - Ref) / Ulp);
}

// Deterministic generator (xorshift64*), so failures reproduce.
struct Rng {
  uint64_t S = 0x9e3779b97f4a7c15ull;
  uint64_t next() {
    S ^= S >> 12;
    S ^= S << 25;
    S ^= S >> 27;
    return S * 0x2545f4914f6cdd1dull;
  }
  double uniform(double Lo, double Hi) { return Lo + (Hi - Lo) * ((next() >> 11) * 0x1p-53); }
  // A finite float with random bits.
  float anyFloat() {
    for (;;) {
      float X = f32((uint32_t)next());
      if (std::isfinite(X))
        return X;
    }
  }
};

// sin(pi x) or cos(pi x) in long double with exact reduction to |t| <= 1/4,
// so zeros are exact and results near zeros keep full relative accuracy.
inline long double refSinCosPi(long double X, bool Cos) {
  const long double Pi = 3.14159265358979323846264338327950288L;
  long double R = std::fmod(X, 2.0L); // exact
  long double K = std::nearbyint(2.0L * R);
  long double T = R - 0.5L * K;       // exact
  int Q = ((int)K + (Cos ? 1 : 0)) & 3;
  long double S = sinl(Pi * T), C = cosl(Pi * T);
  return Q == 0 ? S : Q == 1 ? C : Q == 2 ? -S : -C;
}

// I_nu(x) by its power series in long double (a reference, not fast).
inline long double refBesselI(int Nu, long double X) {
  long double Q = 0.25L * X * X, Term = Nu ? 0.5L * X : 1.0L, Sum = Term;
  for (int K = 1; K < 4000; ++K) {
    Term *= Q / ((long double)K * (K + Nu));
    Sum += Term;
    if (Term < Sum * 1e-22L)
      break;
  }
  return Sum;
}

} // namespace loomtest

#endif
