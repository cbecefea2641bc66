//===- RoundingTest.cpp - arithmetic in explicit rounding modes -----------===//
// SPDX-License-Identifier: Apache-2.0
//
// Directed results are checked against the exact value, compared in
// __float128 (sums and products of the chosen operands are exact there; a
// quotient or root R is checked through R*b vs a or R*R vs a).
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace loomtest;
using Q = __float128;

namespace {
template <class T> T up(T X) { return std::nextafter(X, std::numeric_limits<T>::infinity()); }
template <class T> T down(T X) { return std::nextafter(X, -std::numeric_limits<T>::infinity()); }
int sgn(Q X) { return X > 0 ? 1 : X < 0 ? -1 : 0; }

// Cmp(R) = sign(R - exact). Checks the four results of one operation.
template <class T, class CmpFn>
void checkModes(const char *What, T A, T B, T RN, T RZ, T RU, T RD, CmpFn Cmp) {
  SCOPED_TRACE(::testing::Message() << What << "(" << std::hexfloat << A << ", " << B << ")");
  EXPECT_GE(Cmp(RU), 0) << std::hexfloat << RU;
  EXPECT_LT(Cmp(down(RU)), 0) << std::hexfloat << RU;
  EXPECT_LE(Cmp(RD), 0) << std::hexfloat << RD;
  EXPECT_GT(Cmp(up(RD)), 0) << std::hexfloat << RD;
  EXPECT_TRUE(RN == RU || RN == RD) << std::hexfloat << RN;
  bool ExactPositive = Cmp(T(0)) < 0;
  EXPECT_EQ(RZ, ExactPositive ? RD : RU) << std::hexfloat << RZ;
}

template <class T> T randomOperand(Rng &G, int ExpLo, int ExpHi) {
  T M = (T)G.uniform(1.0, 2.0);
  if (sizeof(T) == 8)
    M = (T)(M + (T)G.uniform(0, 1) * (T)0x1p-30); // use all 53 bits
  int E = ExpLo + (int)(G.next() % (uint64_t)(ExpHi - ExpLo + 1));
  T X = std::ldexp(M, E);
  return (G.next() & 1) ? -X : X;
}
} // namespace

TEST(DevicelibRounding, FloatHandPicked) {
  float Tiny = 0x1p-30f;
  EXPECT_EQ(__nv_fadd_rn(1.0f, Tiny), 1.0f);
  EXPECT_EQ(__nv_fadd_ru(1.0f, Tiny), up(1.0f));
  EXPECT_EQ(__nv_fadd_rd(1.0f, Tiny), 1.0f);
  EXPECT_EQ(__nv_fadd_rz(-1.0f, -Tiny), -1.0f);
  EXPECT_EQ(__nv_fadd_rd(-1.0f, -Tiny), down(-1.0f));
  EXPECT_EQ(__nv_fsub_rd(1.0f, Tiny), down(1.0f));
  // Exact zero: -0 only when rounding down.
  EXPECT_EQ(bits(__nv_fadd_rd(1.0f, -1.0f)), bits(-0.0f));
  EXPECT_EQ(bits(__nv_fadd_rn(1.0f, -1.0f)), bits(0.0f));
  EXPECT_EQ(bits(__nv_fadd_ru(-0.0f, -0.0f)), bits(-0.0f));
  EXPECT_EQ(bits(__nv_fadd_rd(0.0f, 0.0f)), bits(0.0f));
  const float Max = std::numeric_limits<float>::max(), Inf = INFINITY;
  EXPECT_EQ(__nv_fmul_ru(Max, 2.0f), Inf);
  EXPECT_EQ(__nv_fmul_rz(Max, 2.0f), Max);
  EXPECT_EQ(__nv_fmul_rd(-Max, 2.0f), -Inf);
  EXPECT_EQ(__nv_fmul_ru(-Max, 2.0f), -Max);
  EXPECT_EQ(__nv_fadd_rz(Max, Max), Max);
  EXPECT_EQ(__nv_fmul_ru(0x1p-100f, 0x1p-100f), f32(1));   // underflow rounds up
  EXPECT_EQ(bits(__nv_fmul_rz(-0x1p-100f, 0x1p-100f)), bits(-0.0f));
  EXPECT_EQ(__nv_fdiv_ru(1.0f, 3.0f), up(__nv_fdiv_rd(1.0f, 3.0f)));
  EXPECT_EQ(__nv_fdiv_rz(1.0f, 3.0f), __nv_fdiv_rd(1.0f, 3.0f));
  EXPECT_EQ(__nv_fdiv_rz(-1.0f, 3.0f), __nv_fdiv_ru(-1.0f, 3.0f));
  EXPECT_EQ(__nv_fdiv_rn(1.0f, 3.0f), 1.0f / 3.0f);
  EXPECT_EQ(__nv_fdiv_rd(Max, 0.5f), Max);
  EXPECT_EQ(__nv_frcp_ru(3.0f), __nv_fdiv_ru(1.0f, 3.0f));
  EXPECT_EQ(__nv_frcp_rz(0.0f), Inf);
  EXPECT_EQ(__nv_fsqrt_rd(2.0f), 1.41421353816986083984375f);
  EXPECT_EQ(__nv_fsqrt_ru(2.0f), up(1.41421353816986083984375f));
  EXPECT_EQ(__nv_fsqrt_ru(4.0f), 2.0f);
  EXPECT_TRUE(std::isnan(__nv_fsqrt_rd(-1.0f)));
  EXPECT_EQ(__nv_fmaf_ru(1.0f, 1.0f, Tiny), up(1.0f));
  EXPECT_EQ(__nv_fmaf_ieee_rd(1.0f, -1.0f, -Tiny), down(-1.0f));
  EXPECT_EQ(bits(__nv_fmaf_rd(2.0f, 3.0f, -6.0f)), bits(-0.0f));
  EXPECT_TRUE(std::isnan(__nv_fadd_rz(Inf, -Inf)));
  EXPECT_EQ(__nv_frsqrt_rn(4.0f), 0.5f);
}

TEST(DevicelibRounding, FloatRandom) {
  Rng G;
  for (int I = 0; I < 3000; ++I) {
    float A = randomOperand<float>(G, -20, 20), B = randomOperand<float>(G, -20, 20);
    float C = randomOperand<float>(G, -20, 20);
    if (I % 7 == 0)
      C = -(A * B); // heavy cancellation
    checkModes("fadd", A, B, __nv_fadd_rn(A, B), __nv_fadd_rz(A, B), __nv_fadd_ru(A, B),
               __nv_fadd_rd(A, B), [&](float R) { return sgn((Q)R - ((Q)A + (Q)B)); });
    checkModes("fsub", A, B, __nv_fsub_rn(A, B), __nv_fsub_rz(A, B), __nv_fsub_ru(A, B),
               __nv_fsub_rd(A, B), [&](float R) { return sgn((Q)R - ((Q)A - (Q)B)); });
    checkModes("fmul", A, B, __nv_fmul_rn(A, B), __nv_fmul_rz(A, B), __nv_fmul_ru(A, B),
               __nv_fmul_rd(A, B), [&](float R) { return sgn((Q)R - (Q)A * (Q)B); });
    checkModes("fdiv", A, B, __nv_fdiv_rn(A, B), __nv_fdiv_rz(A, B), __nv_fdiv_ru(A, B),
               __nv_fdiv_rd(A, B),
               [&](float R) { return sgn((Q)R * (Q)B - (Q)A) * (B > 0 ? 1 : -1); });
    float P = std::fabs(A);
    checkModes("fsqrt", P, P, __nv_fsqrt_rn(P), __nv_fsqrt_rz(P), __nv_fsqrt_ru(P),
               __nv_fsqrt_rd(P), [&](float R) { return R < 0 ? -1 : sgn((Q)R * (Q)R - (Q)P); });
    checkModes("fmaf", A, B, __nv_fmaf_rn(A, B, C), __nv_fmaf_rz(A, B, C), __nv_fmaf_ru(A, B, C),
               __nv_fmaf_rd(A, B, C), [&](float R) { return sgn((Q)R - ((Q)A * (Q)B + (Q)C)); });
    // Subnormal products and quotients.
    float S = randomOperand<float>(G, -80, -70), T = randomOperand<float>(G, -70, -60);
    checkModes("fmul-sub", S, T, __nv_fmul_rn(S, T), __nv_fmul_rz(S, T), __nv_fmul_ru(S, T),
               __nv_fmul_rd(S, T), [&](float R) { return sgn((Q)R - (Q)S * (Q)T); });
    float U = 1.0f / T;
    checkModes("fdiv-sub", S, U, __nv_fdiv_rn(S, U), __nv_fdiv_rz(S, U), __nv_fdiv_ru(S, U),
               __nv_fdiv_rd(S, U),
               [&](float R) { return sgn((Q)R * (Q)U - (Q)S) * (U > 0 ? 1 : -1); });
  }
}

TEST(DevicelibRounding, DoubleHandPicked) {
  double Tiny = 0x1p-60;
  EXPECT_EQ(__nv_dadd_ru(1.0, Tiny), up(1.0));
  EXPECT_EQ(__nv_dadd_rz(1.0, Tiny), 1.0);
  EXPECT_EQ(__nv_dsub_rd(1.0, Tiny), down(1.0));
  EXPECT_EQ(bits(__nv_dadd_rd(2.0, -2.0)), bits(-0.0));
  const double Max = std::numeric_limits<double>::max();
  EXPECT_EQ(__nv_dmul_rz(Max, 2.0), Max);
  EXPECT_EQ(__nv_dmul_ru(Max, 2.0), INFINITY);
  EXPECT_EQ(__nv_dadd_rd(Max, Max), Max);
  EXPECT_EQ(__nv_dmul_ru(0x1p-600, 0x1p-600), f64(1));
  EXPECT_EQ(__nv_ddiv_ru(1.0, 3.0), up(__nv_ddiv_rd(1.0, 3.0)));
  EXPECT_EQ(__nv_drcp_rz(-3.0), __nv_ddiv_ru(-1.0, 3.0));
  EXPECT_EQ(__nv_dsqrt_ru(2.0), up(__nv_dsqrt_rd(2.0)));
  EXPECT_EQ(__nv_dsqrt_rz(9.0), 3.0);
  EXPECT_EQ(__nv_fma_ru(1.0, 1.0, Tiny), up(1.0));
  EXPECT_EQ(bits(__nv_fma_rd(2.0, 3.0, -6.0)), bits(-0.0));
  EXPECT_EQ(bits(__nv_fma_rn(2.0, 3.0, -6.0)), bits(0.0));
}

TEST(DevicelibRounding, DoubleRandom) {
  Rng G;
  for (int I = 0; I < 3000; ++I) {
    double A = randomOperand<double>(G, -25, 25), B = randomOperand<double>(G, -25, 25);
    double C = randomOperand<double>(G, -25, 25);
    if (I % 5 == 0)
      C = -(A * B); // the exact result is the product's rounding error
    checkModes("dadd", A, B, __nv_dadd_rn(A, B), __nv_dadd_rz(A, B), __nv_dadd_ru(A, B),
               __nv_dadd_rd(A, B), [&](double R) { return sgn((Q)R - ((Q)A + (Q)B)); });
    checkModes("dmul", A, B, __nv_dmul_rn(A, B), __nv_dmul_rz(A, B), __nv_dmul_ru(A, B),
               __nv_dmul_rd(A, B), [&](double R) { return sgn((Q)R - (Q)A * (Q)B); });
    checkModes("ddiv", A, B, __nv_ddiv_rn(A, B), __nv_ddiv_rz(A, B), __nv_ddiv_ru(A, B),
               __nv_ddiv_rd(A, B),
               [&](double R) { return sgn((Q)R * (Q)B - (Q)A) * (B > 0 ? 1 : -1); });
    double P = std::fabs(A);
    checkModes("dsqrt", P, P, __nv_dsqrt_rn(P), __nv_dsqrt_rz(P), __nv_dsqrt_ru(P),
               __nv_dsqrt_rd(P), [&](double R) { return R < 0 ? -1 : sgn((Q)R * (Q)R - (Q)P); });
    checkModes("fma", A, B, __nv_fma_rn(A, B, C), __nv_fma_rz(A, B, C), __nv_fma_ru(A, B, C),
               __nv_fma_rd(A, B, C), [&](double R) { return sgn((Q)R - ((Q)A * (Q)B + (Q)C)); });
    // Subnormal results take the rescaled residual path.
    double S = randomOperand<double>(G, -540, -520), T = randomOperand<double>(G, -540, -520);
    checkModes("dmul-sub", S, T, __nv_dmul_rn(S, T), __nv_dmul_rz(S, T), __nv_dmul_ru(S, T),
               __nv_dmul_rd(S, T), [&](double R) { return sgn((Q)R - (Q)S * (Q)T); });
    double U = 0x1p-40 / T; // S / U is subnormal
    checkModes("ddiv-sub", S, U, __nv_ddiv_rn(S, U), __nv_ddiv_rz(S, U), __nv_ddiv_ru(S, U),
               __nv_ddiv_rd(S, U),
               [&](double R) { return sgn((Q)R * (Q)U - (Q)S) * (U > 0 ? 1 : -1); });
    double Sub = std::fabs(S) * 0x1p-500; // subnormal radicand
    checkModes("dsqrt-sub", Sub, Sub, __nv_dsqrt_rn(Sub), __nv_dsqrt_rz(Sub), __nv_dsqrt_ru(Sub),
               __nv_dsqrt_rd(Sub),
               [&](double R) { return R < 0 ? -1 : sgn((Q)R * (Q)R - (Q)Sub); });
  }
}
