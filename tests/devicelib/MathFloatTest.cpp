//===- MathFloatTest.cpp - single-precision math: special values, ulps ----===//
// SPDX-License-Identifier: Apache-2.0
//
// Ulp bounds are CUDA's documented maximum errors (CUDA C Programming Guide,
// "Mathematical Functions", single precision). References are MPFR at 128
// bits (Mpfr.h), correctly rounded.
#include "Mpfr.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

using namespace loomtest;

namespace {
const float Inf = INFINITY;
const float NaNf = NAN;

// Max ulp error of F against Ref over the inputs; reports the worst input.
double maxUlp(const std::vector<float> &In, const std::function<float(float)> &F,
              const std::function<Big(float)> &Ref, float *Worst) {
  double Max = 0;
  for (float X : In) {
    Big R = Ref(X);
    if (R.absAbove(std::numeric_limits<float>::max()))
      continue; // overflowing reference
    double E = ulpErrorF(F(X), R);
    if (E > Max) {
      Max = E;
      *Worst = X;
    }
  }
  return Max;
}

std::vector<float> uniformF(double Lo, double Hi, int N) {
  Rng G;
  std::vector<float> V;
  for (int I = 0; I < N; ++I)
    V.push_back((float)G.uniform(Lo, Hi));
  return V;
}
std::vector<float> randomBits(int N, bool Positive) {
  Rng G;
  std::vector<float> V;
  for (int I = 0; I < N; ++I) {
    float X = G.anyFloat();
    V.push_back(Positive ? std::fabs(X) : X);
  }
  return V;
}

#define EXPECT_ULP(NAME, BOUND, INPUTS, F, ...)                                                    \
  do {                                                                                             \
    float Worst = 0;                                                                               \
    double U = maxUlp(INPUTS, F, __VA_ARGS__, &Worst);                                                     \
    EXPECT_LE(U, BOUND) << NAME << " worst at " << std::hexfloat << Worst;                         \
  } while (0)
} // namespace

TEST(DevicelibMathFloat, UlpBounds) {
  auto Trig = uniformF(-100, 100, 3000);
  auto Wide = uniformF(-1e6, 1e6, 1000);
  Trig.insert(Trig.end(), Wide.begin(), Wide.end());
  EXPECT_ULP("sinf", 2, Trig, __nv_sinf, [](float X) { return bigSin(X); });
  EXPECT_ULP("cosf", 2, Trig, __nv_cosf, [](float X) { return bigCos(X); });
  auto ExpIn = uniformF(-103, 88.7, 3000);
  EXPECT_ULP("expf", 2, ExpIn, __nv_expf, [](float X) { return bigExp(X); });
  auto Pos = randomBits(3000, true);
  EXPECT_ULP("logf", 1, Pos, __nv_logf, [](float X) { return bigLog(X); });
  EXPECT_ULP("rsqrtf", 2, Pos, __nv_rsqrtf, [](float X) { return Big(1.0) / bigSqrt(X); });
  auto All = randomBits(3000, false);
  EXPECT_ULP("cbrtf", 1, All, __nv_cbrtf, [](float X) { return bigCbrt(X); });
  EXPECT_ULP("rcbrtf", 1, All, __nv_rcbrtf, [](float X) { return Big(1.0) / bigCbrt(X); });
  auto Pi = uniformF(-1000, 1000, 3000);
  auto PiSmall = uniformF(-2, 2, 1000);
  Pi.insert(Pi.end(), PiSmall.begin(), PiSmall.end());
  EXPECT_ULP("sinpif", 1, Pi, __nv_sinpif, [](float X) { return bigSinpi(X); });
  EXPECT_ULP("cospif", 1, Pi, __nv_cospif,
             [](float X) { return bigCospi(X); });

  // erfinvf on (-1, 1), including points close to ±1.
  auto ErfIn = uniformF(-1, 1, 3000);
  for (int K = 2; K < 24; ++K) {
    ErfIn.push_back(1.0f - std::ldexp(1.0f, -K));
    ErfIn.push_back(-1.0f + std::ldexp(1.5f, -K));
    ErfIn.push_back(std::ldexp(1.0f, -K * 5));
  }
  EXPECT_ULP("erfinvf", 2, ErfIn, __nv_erfinvf, [](float Y) { return bigErfinv(Y, __nv_erfinv(Y)); });

  // normcdfinvf on (0, 1) with deep lower tail points.
  auto PIn = uniformF(0, 1, 2500);
  Rng G;
  for (int I = 0; I < 500; ++I)
    PIn.push_back(std::ldexp((float)G.uniform(1, 2), -(int)(G.next() % 148)));
  std::vector<float> PIn2;
  for (float P : PIn)
    if (P > 0 && P < 1)
      PIn2.push_back(P);
  EXPECT_ULP("normcdfinvf", 5, PIn2, __nv_normcdfinvf,
             [](float P) { return bigNormcdfinv(P, __nv_normcdfinv(P)); });

  // powf: CUDA documents 4 ulp (full range).
  float Worst = 0, WorstY = 0;
  double MaxPow = 0;
  for (int I = 0; I < 3000; ++I) {
    float X = (float)G.uniform(0, 50), Y = (float)G.uniform(-25, 25);
    Big R = bigPow(X, Y);
    if (R.absAbove(3e38) || !R.absAbove(1e-37))
      continue;
    double E = ulpErrorF(__nv_powf(X, Y), R);
    if (E > MaxPow) {
      MaxPow = E;
      Worst = X;
      WorstY = Y;
    }
  }
  EXPECT_LE(MaxPow, 4) << std::hexfloat << Worst << " " << WorstY;

  // Functions computed in double internally: CUDA bounds are looser, ours ~0.5.
  auto N = uniformF(-14, 6, 2000);
  EXPECT_ULP("normcdff", 5, N, __nv_normcdff, [](float X) { return bigNormcdf(X); });
  auto Ex = uniformF(-9, 1000, 2000);
  EXPECT_ULP("erfcxf", 4, Ex, __nv_erfcxf, [](float X) { return bigErfcx(X); });
}

TEST(DevicelibMathFloat, SpecialValues) {
  EXPECT_EQ(bits(__nv_sinf(-0.0f)), bits(-0.0f));
  EXPECT_TRUE(std::isnan(__nv_sinf(Inf)));
  EXPECT_EQ(__nv_expf(-Inf), 0.0f);
  EXPECT_EQ(__nv_expf(Inf), Inf);
  EXPECT_EQ(__nv_logf(0.0f), -Inf);
  EXPECT_TRUE(std::isnan(__nv_logf(-1.0f)));
  EXPECT_EQ(__nv_powf(0.0f, -1.0f), Inf);
  EXPECT_EQ(__nv_powf(-2.0f, 3.0f), -8.0f);
  EXPECT_EQ(__nv_powif(-2.0f, 3), -8.0f);
  EXPECT_EQ(__nv_powif(2.0f, -2), 0.25f);
  EXPECT_EQ(__nv_rsqrtf(0.0f), Inf);
  EXPECT_EQ(__nv_rsqrtf(-0.0f), -Inf);
  EXPECT_EQ(__nv_rsqrtf(Inf), 0.0f);
  EXPECT_TRUE(std::isnan(__nv_rsqrtf(-1.0f)));
  EXPECT_EQ(__nv_rcbrtf(-8.0f), -0.5f);
  EXPECT_EQ(__nv_rcbrtf(-0.0f), -Inf);
  EXPECT_EQ(__nv_rcbrtf(Inf), 0.0f);
  // saturate: [0, 1], NaN -> 0.
  EXPECT_EQ(bits(__nv_saturatef(NaNf)), 0u);
  EXPECT_EQ(bits(__nv_saturatef(-0.5f)), 0u);
  EXPECT_EQ(bits(__nv_saturatef(-0.0f)), 0u);
  EXPECT_EQ(__nv_saturatef(2.0f), 1.0f);
  EXPECT_EQ(__nv_saturatef(Inf), 1.0f);
  EXPECT_EQ(__nv_saturatef(0.25f), 0.25f);
  // Inverse error functions.
  EXPECT_EQ(__nv_erfinvf(1.0f), Inf);
  EXPECT_EQ(__nv_erfinvf(-1.0f), -Inf);
  EXPECT_EQ(bits(__nv_erfinvf(-0.0f)), bits(-0.0f));
  EXPECT_TRUE(std::isnan(__nv_erfinvf(1.5f)));
  EXPECT_TRUE(std::isnan(__nv_erfinvf(NaNf)));
  EXPECT_EQ(__nv_erfcinvf(0.0f), Inf);
  EXPECT_EQ(__nv_erfcinvf(2.0f), -Inf);
  EXPECT_EQ(__nv_erfcinvf(1.0f), 0.0f);
  EXPECT_TRUE(std::isnan(__nv_erfcinvf(-0.1f)));
  EXPECT_NEAR((bigErfc(__nv_erfcinvf(1e-30f)) / Big(1e-30)).toDouble(), 1.0, 2e-5);
  EXPECT_EQ(__nv_normcdfinvf(0.0f), -Inf);
  EXPECT_EQ(__nv_normcdfinvf(1.0f), Inf);
  EXPECT_EQ(bits(__nv_normcdfinvf(0.5f)), 0u);
  EXPECT_EQ(__nv_normcdff(-Inf), 0.0f);
  EXPECT_EQ(__nv_normcdff(Inf), 1.0f);
  EXPECT_EQ(__nv_normcdff(0.0f), 0.5f);
  EXPECT_EQ(__nv_erfcxf(0.0f), 1.0f);
  EXPECT_EQ(__nv_erfcxf(Inf), 0.0f);
  EXPECT_EQ(__nv_erfcxf(-Inf), Inf);
  EXPECT_TRUE(std::isnan(__nv_erfcxf(NaNf)));
  // sinpi/cospi: exact zeros and signs.
  EXPECT_EQ(bits(__nv_sinpif(1.0f)), bits(0.0f));
  EXPECT_EQ(bits(__nv_sinpif(-1.0f)), bits(-0.0f));
  EXPECT_EQ(bits(__nv_sinpif(-0.0f)), bits(-0.0f));
  EXPECT_EQ(__nv_sinpif(0.5f), 1.0f);
  EXPECT_EQ(__nv_sinpif(-1.5f), 1.0f);
  EXPECT_EQ(bits(__nv_cospif(0.5f)), bits(0.0f));
  EXPECT_EQ(bits(__nv_cospif(-1.5f)), bits(0.0f));
  EXPECT_EQ(__nv_cospif(1.0f), -1.0f);
  EXPECT_EQ(__nv_cospif(0x1p30f), 1.0f);
  EXPECT_TRUE(std::isnan(__nv_sinpif(Inf)));
  float S, C;
  __nv_sincospif(0.25f, &S, &C);
  EXPECT_EQ(S, C);
  EXPECT_FLOAT_EQ(S, 0.70710678f);
  // Norms: inf wins over NaN.
  EXPECT_EQ(__nv_rhypotf(Inf, NaNf), 0.0f);
  EXPECT_EQ(__nv_hypotf(NaNf, Inf), Inf);
  EXPECT_EQ(__nv_norm3df(NaNf, -Inf, 1.0f), Inf);
  EXPECT_EQ(__nv_norm3df(3.0f, 4.0f, 12.0f), 13.0f);
  EXPECT_EQ(__nv_rnorm3df(0.0f, 0.0f, 0.0f), Inf);
  EXPECT_EQ(__nv_norm4df(1e30f, 1e30f, 1e30f, 1e30f), 2e30f);
  EXPECT_EQ(__nv_rnorm4df(1.0f, 1.0f, 1.0f, 1.0f), 0.5f);
  const float V[3] = {3, 4, 12};
  EXPECT_EQ(__nv_normf(3, V), 13.0f);
  EXPECT_EQ(__nv_rnormf(2, V), 0.2f);
  EXPECT_EQ(__nv_normf(0, V), 0.0f);
  // Bessel, gamma.
  EXPECT_EQ(__nv_j0f(0.0f), 1.0f);
  EXPECT_EQ(__nv_y0f(0.0f), -Inf);
  EXPECT_TRUE(std::isnan(__nv_y1f(-1.0f)));
  EXPECT_FLOAT_EQ(__nv_jnf(2, 1.0f), 0.11490348f);
  EXPECT_EQ(__nv_cyl_bessel_i0f(0.0f), 1.0f);
  EXPECT_EQ(bits(__nv_cyl_bessel_i1f(-0.0f)), bits(-0.0f));
  for (float X : {0.25f, 1.0f, 7.5f, 24.9f, 25.0f, 40.0f, 88.0f}) {
    EXPECT_LE(ulpErrorF(__nv_cyl_bessel_i0f(X), bigBesselI(0, X)), 1.0) << X; // CUDA: 6
    EXPECT_LE(ulpErrorF(__nv_cyl_bessel_i1f(-X), -bigBesselI(1, X)), 1.0) << X; // CUDA: 6
  }
  EXPECT_EQ(__nv_cyl_bessel_i0f(100.0f), Inf);
  EXPECT_FLOAT_EQ(__nv_lgammaf(0.5f), 0.5723649429247001f);
  EXPECT_EQ(__nv_lgammaf(1.0f), 0.0f);
  EXPECT_EQ(__nv_tgammaf(5.0f), 24.0f);
  // Exponent manipulation and neighbours.
  EXPECT_EQ(__nv_ilogbf(0.0f), INT32_MIN);
  EXPECT_EQ(__nv_ilogbf(NaNf), INT32_MIN);
  EXPECT_EQ(__nv_ilogbf(-Inf), INT32_MAX);
  EXPECT_EQ(__nv_ilogbf(f32(1)), -149);
  EXPECT_EQ(__nv_ilogbf(8.5f), 3);
  EXPECT_EQ(__nv_logbf(0.0f), -Inf);
  EXPECT_EQ(__nv_logbf(-Inf), Inf);
  EXPECT_EQ(__nv_logbf(0.75f), -1.0f);
  EXPECT_EQ(__nv_nextafterf(0.0f, 1.0f), f32(1));
  EXPECT_EQ(__nv_nextafterf(0.0f, -1.0f), -f32(1));
  EXPECT_EQ(__nv_nextafterf(1.0f, 0.0f), 1.0f - 0x1p-24f);
  EXPECT_EQ(__nv_nextafterf(-1.0f, 0.0f), -1.0f + 0x1p-24f);
  EXPECT_EQ(__nv_nextafterf(1.0f, 1.0f), 1.0f);
  EXPECT_TRUE(std::isnan(__nv_nextafterf(1.0f, NaNf)));
  EXPECT_EQ(__nv_fdimf(3.0f, 1.0f), 2.0f);
  EXPECT_EQ(bits(__nv_fdimf(1.0f, 3.0f)), 0u);
  EXPECT_TRUE(std::isnan(__nv_fdimf(NaNf, 1.0f)));
  EXPECT_EQ(__nv_fmaxf(NaNf, 1.0f), 1.0f);
  EXPECT_EQ(__nv_fminf(1.0f, NaNf), 1.0f);
  int Q = 0;
  EXPECT_EQ(__nv_remquof(10.0f, 3.0f, &Q), 1.0f);
  EXPECT_EQ(Q, 3);
  EXPECT_EQ(__nv_remainderf(5.0f, 2.0f), 1.0f);
  EXPECT_EQ(__nv_fmodf(-5.5f, 2.0f), -1.5f);
  float IP;
  EXPECT_EQ(__nv_modff(-3.5f, &IP), -0.5f);
  EXPECT_EQ(IP, -3.0f);
  int E;
  EXPECT_EQ(__nv_frexpf(8.0f, &E), 0.5f);
  EXPECT_EQ(E, 4);
  EXPECT_EQ(__nv_ldexpf(1.0f, -149), f32(1));
  EXPECT_EQ(__nv_scalbnf(1.0f, 128), Inf);
  EXPECT_EQ(__nv_rintf(2.5f), 2.0f);
  EXPECT_EQ(__nv_nearbyintf(-3.5f), -4.0f);
  EXPECT_EQ(__nv_roundf(2.5f), 3.0f);
  EXPECT_EQ(__nv_truncf(-2.7f), -2.0f);
  EXPECT_EQ(__nv_copysignf(1.0f, -0.0f), -1.0f);
  // Classification returns 0/1 ints.
  EXPECT_EQ(__nv_isinff(-Inf), 1);
  EXPECT_EQ(__nv_isinff(NaNf), 0);
  EXPECT_EQ(__nv_isnanf(NaNf), 1);
  EXPECT_EQ(__nv_finitef(Inf), 0);
  EXPECT_EQ(__nv_finitef(f32(1)), 1);
  EXPECT_EQ(__nv_signbitf(-0.0f), 1);
  EXPECT_EQ(__nv_signbitf(NaNf), 0);
  // nan(tag).
  const signed char Empty[] = {0}, Hex[] = {'0', 'x', '1', 0}, Bad[] = {'z', 0};
  EXPECT_EQ(bits(__nv_nanf(Empty)), 0x7fc00000u);
  EXPECT_EQ(bits(__nv_nanf(Hex)), 0x7fc00001u);
  EXPECT_EQ(bits(__nv_nanf(Bad)), 0x7fc00000u);
  // Fast intrinsics stay accurate.
  EXPECT_EQ(__nv_fast_fdividef(1.0f, 4.0f), 0.25f);
  EXPECT_EQ(__nv_fast_exp10f(2.0f), 100.0f);
  EXPECT_EQ(__nv_fast_log2f(8.0f), 3.0f);
  EXPECT_NEAR(__nv_fast_powf(2.0f, 0.5f), 1.41421356f, 1e-7);
  __nv_fast_sincosf(0.0f, &S, &C);
  EXPECT_EQ(S, 0.0f);
  EXPECT_EQ(C, 1.0f);
}
