//===- MathDoubleTest.cpp - double-precision math -------------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Special values, and ulp bounds for the functions devicelib implements
// itself (the others are glibc's). References are MPFR at 128 bits
// (Mpfr.h), correctly rounded, so a bound is the error itself.
#include "Mpfr.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace loomtest;

namespace {
const double Inf = INFINITY;
const double NaN = NAN;
} // namespace

TEST(DevicelibMathDouble, InverseErrorFunctions) {
  Rng G;
  double Max = 0, Worst = 0;
  for (int I = 0; I < 2000; ++I) {
    double Y = G.uniform(-1, 1);
    // Newton in MPFR from our result converges to erfinv(y).
    double E = ulpErrorD(__nv_erfinv(Y), bigErfinv(Y, __nv_erfinv(Y)));
    if (E > Max) {
      Max = E;
      Worst = Y;
    }
  }
  EXPECT_LE(Max, 2.0) << "erfinv worst at " << std::hexfloat << Worst; // CUDA: 5 ulp
  // Tails through erfcinv: erfc(x) must reproduce z to ~1e-15 relative.
  for (double Z : {1e-3, 1e-10, 1e-100, 1e-250, 1e-300, 1e-310, 4.9e-324}) {
    double X = __nv_erfcinv(Z);
    EXPECT_NEAR((bigErfc(X) / Big(Z)).toDouble(), 1.0, 2e-13 * X * X) << Z;
    EXPECT_EQ(__nv_erfcinv(2.0 - Z), -__nv_erfcinv(2.0 - (2.0 - Z))); // exact complement
  }
  EXPECT_EQ(__nv_erfinv(1.0), Inf);
  EXPECT_EQ(__nv_erfinv(-1.0), -Inf);
  EXPECT_TRUE(std::isnan(__nv_erfinv(-1.5)));
  EXPECT_EQ(__nv_erfcinv(0.0), Inf);
  EXPECT_EQ(__nv_erfcinv(2.0), -Inf);
  EXPECT_EQ(__nv_erfcinv(1.0), 0.0);
  EXPECT_EQ(__nv_normcdfinv(0.0), -Inf);
  EXPECT_EQ(__nv_normcdfinv(1.0), Inf);
  EXPECT_NEAR(__nv_normcdfinv(0.975), 1.959963984540054, 1e-15);
  for (double P : {1e-300, 1e-30, 0.3}) {
    EXPECT_NEAR((bigNormcdf(__nv_normcdfinv(P)) / Big(P)).toDouble(), 1.0, 1e-13) << P;
  }
}

TEST(DevicelibMathDouble, NormcdfErfcx) {
  EXPECT_EQ(__nv_normcdf(0.0), 0.5);
  EXPECT_EQ(__nv_normcdf(-Inf), 0.0);
  EXPECT_EQ(__nv_normcdf(Inf), 1.0);
  Rng G;
  double MaxN = 0, MaxX = 0;
  for (int I = 0; I < 2000; ++I) {
    double X = G.uniform(-37, 8);
    MaxN = std::max(MaxN, ulpErrorD(__nv_normcdf(X), bigNormcdf(X)));
    double Y = G.uniform(-26, 100);
    MaxX = std::max(MaxX, ulpErrorD(__nv_erfcx(Y), bigErfcx(Y)));
  }
  EXPECT_LE(MaxN, 5.0); // CUDA: 5 ulp
  EXPECT_LE(MaxX, 4.0); // CUDA: 4 ulp
  EXPECT_EQ(__nv_erfcx(Inf), 0.0);
  EXPECT_EQ(__nv_erfcx(-Inf), Inf);
  EXPECT_EQ(__nv_erfcx(0.0), 1.0);
  EXPECT_NEAR(__nv_erfcx(1e10), 0.5641895835477563e-10, 1e-25);
}

TEST(DevicelibMathDouble, SinpiCospi) {
  Rng G;
  double Max = 0, Worst = 0;
  for (int I = 0; I < 3000; ++I) {
    double X = I < 1500 ? G.uniform(-4, 4) : G.uniform(-1e9, 1e9);
    double ES = ulpErrorD(__nv_sinpi(X), bigSinpi(X));
    double EC = ulpErrorD(__nv_cospi(X), bigCospi(X));
    if (std::max(ES, EC) > Max) {
      Max = std::max(ES, EC);
      Worst = X;
    }
  }
  EXPECT_LE(Max, 2.0) << std::hexfloat << Worst; // CUDA: 2 ulp
  EXPECT_EQ(bits(__nv_sinpi(-2.0)), bits(-0.0));
  EXPECT_EQ(bits(__nv_cospi(2.5)), bits(0.0));
  EXPECT_EQ(__nv_cospi(0x1.0000000000001p52), -1.0); // odd integer
  EXPECT_EQ(__nv_cospi(0x1p60), 1.0);
  double S, C;
  __nv_sincospi(-0.5, &S, &C);
  EXPECT_EQ(S, -1.0);
  EXPECT_EQ(bits(C), bits(0.0));
  EXPECT_TRUE(std::isnan(__nv_sinpi(-Inf)));
}


TEST(DevicelibMathDouble, BesselI) {
  EXPECT_EQ(__nv_cyl_bessel_i0(0.0), 1.0);
  EXPECT_EQ(__nv_cyl_bessel_i1(0.0), 0.0);
  for (double X : {0.5, 1.0, 5.0, 29.0, 29.99, 30.0, 31.0, 50.0, 100.0, 300.0, 700.0}) {
    EXPECT_LE(ulpErrorD(__nv_cyl_bessel_i0(X), bigBesselI(0, X)), 6.0) << X; // CUDA: 6 ulp
    EXPECT_LE(ulpErrorD(__nv_cyl_bessel_i1(X), bigBesselI(1, X)), 6.0) << X;
    EXPECT_EQ(__nv_cyl_bessel_i1(-X), -__nv_cyl_bessel_i1(X));
  }
  EXPECT_EQ(__nv_cyl_bessel_i0(720.0), Inf);
}

TEST(DevicelibMathDouble, Norms) {
  EXPECT_EQ(__nv_norm3d(3, 4, 12), 13.0);
  EXPECT_NEAR(__nv_norm3d(1e300, 1e300, 1e300) / 1.7320508075688772e300, 1.0, 3e-16);
  EXPECT_NEAR(__nv_norm4d(1e-310, 1e-310, 1e-310, 1e-310) / 2e-310, 1.0, 1e-5);
  EXPECT_EQ(__nv_rnorm4d(1, 1, 1, 1), 0.5);
  EXPECT_EQ(__nv_rhypot(3, 4), 0.2);
  EXPECT_EQ(__nv_rhypot(NaN, -Inf), 0.0);
  EXPECT_TRUE(std::isnan(__nv_norm3d(NaN, 1, 2)));
  EXPECT_EQ(__nv_rnorm3d(0, 0, -0.0), Inf);
  const double V[4] = {1e200, 1e200, 1e200, 1e200};
  EXPECT_NEAR(__nv_norm(4, V) / 2e200, 1.0, 3e-16);
  EXPECT_NEAR(__nv_rnorm(4, V) * 2e200, 1.0, 3e-16);
}

TEST(DevicelibMathDouble, SpecialValues) {
  EXPECT_EQ(__nv_ilogb(0.0), INT32_MIN);
  EXPECT_EQ(__nv_ilogb(Inf), INT32_MAX);
  EXPECT_EQ(__nv_ilogb(f64(1)), -1074);
  EXPECT_EQ(__nv_ilogb(1024.5), 10);
  EXPECT_EQ(__nv_logb(-0.0), -Inf);
  EXPECT_EQ(__nv_logb(0.1), -4.0);
  EXPECT_EQ(__nv_nextafter(0.0, -1.0), -f64(1));
  EXPECT_EQ(__nv_nextafter(1.0, 2.0), 1.0 + 0x1p-52);
  EXPECT_EQ(__nv_fdim(-1.0, 2.0), 0.0);
  EXPECT_EQ(__nv_powi(-2.0, 3), -8.0);
  EXPECT_EQ(__nv_powi(3.0, 40), 12157665459056928801.0);
  EXPECT_EQ(__nv_rsqrt(0.25), 2.0);
  EXPECT_EQ(__nv_rsqrt(-0.0), -Inf);
  EXPECT_EQ(__nv_rcbrt(0.125), 2.0);
  EXPECT_EQ(__nv_rcp64h(4.0), 0.25);
  EXPECT_EQ(__nv_lgamma(1.0), 0.0);
  EXPECT_EQ(__nv_tgamma(6.0), 120.0);
  EXPECT_EQ(__nv_rint(-2.5), -2.0);
  EXPECT_EQ(__nv_round(-2.5), -3.0);
  EXPECT_EQ(__nv_isinfd(-Inf), 1);
  EXPECT_EQ(__nv_isnand(NaN), 1);
  EXPECT_EQ(__nv_isfinited(1.0), 1);
  EXPECT_EQ(__nv_signbitd(-0.0), 1);
  const signed char Tag[] = {'1', '0', 0};
  EXPECT_EQ(bits(__nv_nan(Tag)), 0x7ff800000000000aull);
  int Q;
  EXPECT_EQ(__nv_remquo(-10.0, 3.0, &Q), -1.0);
  EXPECT_EQ(Q, -3);
  double IP;
  EXPECT_EQ(__nv_modf(2.25, &IP), 0.25);
  EXPECT_EQ(IP, 2.0);
  EXPECT_EQ(__nv_exp10(0.0), 1.0);
  EXPECT_EQ(__nv_exp10(-Inf), 0.0);
  EXPECT_EQ(__nv_exp10(400.0), Inf);
  Rng G;
  double MaxE = 0;
  for (int I = 0; I < 2000; ++I) {
    double X = G.uniform(-300, 300);
    MaxE = std::max(MaxE, ulpErrorD(__nv_exp10(X), bigExp10(X)));
  }
  EXPECT_LE(MaxE, 1.0); // CUDA: 1 ulp
  EXPECT_EQ(__nv_fmax(NaN, 2.0), 2.0);
  EXPECT_EQ(__nv_j0(0.0), 1.0);
  EXPECT_EQ(__nv_yn(2, 0.0), -Inf);
  double S, C;
  __nv_sincos(0.0, &S, &C);
  EXPECT_EQ(C, 1.0);
}
