//===- Mpfr.h - MPFR as the devicelib tests' accuracy oracle ---------------===//
// SPDX-License-Identifier: Apache-2.0
//
// References for the ulp bounds are computed with GNU MPFR (Debian's
// libmpfr-dev) at 128 bits, correctly rounded at every step, instead of in
// long double: an x87 long double has 11 bits more than a double, so a
// double's error could only be measured to ~2^-11 ulp and the bounds had to
// carry that slack; and glibc's long double functions are themselves not
// correctly rounded. At 128 bits the reference's own error is far below
// 2^-60 ulp of a double for the functions and arguments used here.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TESTS_DEVICELIB_MPFR_H
#define LOOM_TESTS_DEVICELIB_MPFR_H

#include <mpfr.h>

#include <cmath>
#include <limits>
#include <utility>

namespace loomtest {

/// A 128-bit MPFR number with value semantics.
class Big {
public:
  static constexpr mpfr_prec_t Precision = 128;
  Big() { mpfr_init2(V, Precision); mpfr_set_zero(V, 1); }
  Big(double X) { mpfr_init2(V, Precision); mpfr_set_d(V, X, MPFR_RNDN); }
  Big(const Big &O) { mpfr_init2(V, Precision); mpfr_set(V, O.V, MPFR_RNDN); }
  Big &operator=(const Big &O) {
    mpfr_set(V, O.V, MPFR_RNDN);
    return *this;
  }
  ~Big() { mpfr_clear(V); }

  mpfr_ptr get() { return V; }
  mpfr_srcptr get() const { return V; }
  double toDouble() const { return mpfr_get_d(V, MPFR_RNDN); }
  bool isNan() const { return mpfr_nan_p(V); }
  bool isInf() const { return mpfr_inf_p(V); }
  bool isZero() const { return mpfr_zero_p(V); }
  /// |this| > Limit.
  bool absAbove(double Limit) const { return mpfr_cmpabs(V, Big(Limit).V) > 0; }

  friend Big operator+(const Big &A, const Big &B) { return op(mpfr_add, A, B); }
  friend Big operator-(const Big &A, const Big &B) { return op(mpfr_sub, A, B); }
  friend Big operator*(const Big &A, const Big &B) { return op(mpfr_mul, A, B); }
  friend Big operator/(const Big &A, const Big &B) { return op(mpfr_div, A, B); }
  Big operator-() const {
    Big R;
    mpfr_neg(R.V, V, MPFR_RNDN);
    return R;
  }

  using Fn1 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
  using Fn2 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
  static Big apply(Fn1 F, const Big &X) {
    Big R;
    F(R.V, X.V, MPFR_RNDN);
    return R;
  }
  static Big op(Fn2 F, const Big &A, const Big &B) {
    Big R;
    F(R.V, A.V, B.V, MPFR_RNDN);
    return R;
  }

private:
  mpfr_t V;
};

inline Big bigSin(const Big &X) { return Big::apply(mpfr_sin, X); }
inline Big bigCos(const Big &X) { return Big::apply(mpfr_cos, X); }
inline Big bigExp(const Big &X) { return Big::apply(mpfr_exp, X); }
inline Big bigExp10(const Big &X) { return Big::apply(mpfr_exp10, X); }
inline Big bigLog(const Big &X) { return Big::apply(mpfr_log, X); }
inline Big bigSqrt(const Big &X) { return Big::apply(mpfr_sqrt, X); }
inline Big bigCbrt(const Big &X) { return Big::apply(mpfr_cbrt, X); }
inline Big bigErf(const Big &X) { return Big::apply(mpfr_erf, X); }
inline Big bigErfc(const Big &X) { return Big::apply(mpfr_erfc, X); }
inline Big bigSinpi(const Big &X) { return Big::apply(mpfr_sinpi, X); }
inline Big bigCospi(const Big &X) { return Big::apply(mpfr_cospi, X); }
inline Big bigPow(const Big &X, const Big &Y) { return Big::op(mpfr_pow, X, Y); }
inline Big bigPi() {
  Big R;
  mpfr_const_pi(R.get(), MPFR_RNDN);
  return R;
}

/// Phi(x) = erfc(-x / sqrt 2) / 2.
inline Big bigNormcdf(const Big &X) {
  return bigErfc(-X / bigSqrt(Big(2.0))) * Big(0.5);
}
/// erfcx(x) = exp(x^2) erfc(x) (MPFR's exponent range holds both factors).
inline Big bigErfcx(const Big &X) { return bigExp(X * X) * bigErfc(X); }

/// erfinv(y): Newton on erf from \p Start (a double approximation); each
/// step doubles the correct bits, 4 steps from 40 bits exceed 128 (6 for margin).
inline Big bigErfinv(double Y, double Start) {
  Big X(Start), BY(Y);
  Big TwoOverSqrtPi = Big(2.0) / bigSqrt(bigPi());
  for (int I = 0; I < 6; ++I)
    X = X - (bigErf(X) - BY) / (TwoOverSqrtPi * bigExp(-(X * X)));
  return X;
}
/// Phi^-1(p): Newton on Phi from \p Start.
inline Big bigNormcdfinv(double P, double Start) {
  Big X(Start), BP(P);
  Big InvSqrt2Pi = Big(1.0) / bigSqrt(Big(2.0) * bigPi());
  for (int I = 0; I < 6; ++I)
    X = X - (bigNormcdf(X) - BP) / (InvSqrt2Pi * bigExp(-(X * X) * Big(0.5)));
  return X;
}
/// I_nu(x), nu = 0 or 1, by its power series (MPFR has no modified Bessel
/// functions); terms stop mattering below 2^-300 of the sum.
inline Big bigBesselI(int Nu, double X) {
  Big Q = Big(0.25) * Big(X) * Big(X);
  Big Term = Nu ? Big(0.5) * Big(X) : Big(1.0);
  Big Sum = Term;
  Big Tiny(0x1p-300);
  for (int K = 1; K < 20000; ++K) {
    Term = Term * Q / Big(double(K) * (K + Nu));
    Sum = Sum + Term;
    if (mpfr_cmpabs(Term.get(), (Sum * Tiny).get()) < 0)
      break;
  }
  return Sum;
}

/// |Got - Ref| in ulps of the \p Mantissa-bit format at Ref (\p MinExp: the
/// exponent of the smallest normal, below which the ulp is fixed).
inline double ulpError(double Got, const Big &Ref, int Mantissa, int MinExp) {
  if (Ref.isNan())
    return std::isnan(Got) ? 0.0 : 1e30;
  if (std::isnan(Got))
    return 1e30;
  if (Ref.isInf() || std::isinf(Got))
    return (Ref.isInf() && std::isinf(Got) && (Got > 0) == (mpfr_sgn(Ref.get()) > 0)) ? 0.0
                                                                                     : 1e30;
  // Ref = m * 2^E with 0.5 <= |m| < 1, so the ulp at Ref is 2^(E-1-Mantissa).
  long E = Ref.isZero() ? MinExp + 1 : (long)mpfr_get_exp(Ref.get());
  long Exp = E - 1 < MinExp ? MinExp : E - 1;
  Big Diff = Big::apply(mpfr_abs, Big(Got) - Ref);
  mpfr_mul_2si(Diff.get(), Diff.get(), Mantissa - Exp, MPFR_RNDN);
  return Diff.toDouble();
}
inline double ulpErrorF(float Got, const Big &Ref) { return ulpError(Got, Ref, 23, -126); }
inline double ulpErrorD(double Got, const Big &Ref) { return ulpError(Got, Ref, 52, -1022); }

} // namespace loomtest

#endif
