//===- IntegerTest.cpp - integer __nv_* intrinsics ------------------------===//
// SPDX-License-Identifier: Apache-2.0
#include "TestUtil.h"

#include <gtest/gtest.h>

TEST(DevicelibInteger, BitCounting) {
  EXPECT_EQ(__nv_clz(0), 32);
  EXPECT_EQ(__nv_clz(1), 31);
  EXPECT_EQ(__nv_clz(-1), 0);
  EXPECT_EQ(__nv_clzll(0), 64);
  EXPECT_EQ(__nv_clzll(1), 63);
  EXPECT_EQ(__nv_ffs(0), 0);
  EXPECT_EQ(__nv_ffs(1), 1);
  EXPECT_EQ(__nv_ffs(INT32_MIN), 32);
  EXPECT_EQ(__nv_ffsll(0), 0);
  EXPECT_EQ(__nv_ffsll(INT64_MIN), 64);
  EXPECT_EQ(__nv_popc(0xffffffffu), 32);
  EXPECT_EQ(__nv_popc(0x10101010u), 4);
  EXPECT_EQ(__nv_popcll(~0ull), 64);
  EXPECT_EQ((uint32_t)__nv_brev(1), 0x80000000u);
  EXPECT_EQ((uint32_t)__nv_brev(0x12345678), 0x1e6a2c48u);
  EXPECT_EQ((uint64_t)__nv_brevll(1), 0x8000000000000000ull);
  EXPECT_EQ((uint64_t)__nv_brevll(0x00000000000000f0ll), 0x0f00000000000000ull);
}

TEST(DevicelibInteger, BytePerm) {
  const int X = 0x33221100, Y = 0x77665544;
  EXPECT_EQ((uint32_t)__nv_byte_perm(X, Y, 0x3210), 0x33221100u);
  EXPECT_EQ((uint32_t)__nv_byte_perm(X, Y, 0x7654), 0x77665544u);
  EXPECT_EQ((uint32_t)__nv_byte_perm(X, Y, 0x0123), 0x00112233u);
  EXPECT_EQ((uint32_t)__nv_byte_perm(X, Y, 0x4567), 0x44556677u);
  EXPECT_EQ((uint32_t)__nv_byte_perm(X, Y, 0xffff0000), 0x00000000u); // upper half ignored
  // Bit 3 of a selector nibble replicates the selected byte's sign (prmt).
  EXPECT_EQ((uint32_t)__nv_byte_perm(0x00008000, 0, 0x0009), 0x000000ffu);
  EXPECT_EQ((uint32_t)__nv_byte_perm(0x00007f00, 0, 0x0009), 0x00000000u);
}

TEST(DevicelibInteger, HighMultiplies) {
  EXPECT_EQ(__nv_mulhi(-1, 1), -1);
  EXPECT_EQ(__nv_mulhi(0x40000000, 4), 1);
  EXPECT_EQ(__nv_mulhi(INT32_MIN, INT32_MIN), 0x40000000);
  EXPECT_EQ(__nv_umulhi(0xffffffffu, 0xffffffffu), 0xfffffffeu);
  EXPECT_EQ(__nv_mul64hi(-1, -1), 0);
  EXPECT_EQ(__nv_mul64hi(-1, 1), -1);
  EXPECT_EQ(__nv_umul64hi(~0ull, ~0ull), ~0ull - 1);
  EXPECT_EQ(__nv_umul64hi(1ull << 63, 4), 2ull);
}

TEST(DevicelibInteger, Mul24) {
  EXPECT_EQ(__nv_mul24(3, 5), 15);
  EXPECT_EQ(__nv_mul24(0x7f000003, 5), 15);          // upper 8 bits ignored
  EXPECT_EQ((uint32_t)__nv_mul24(0x00800000, 2), 0xff000000u); // bit 23 is the sign
  EXPECT_EQ(__nv_mul24(-3, 5), -15);
  EXPECT_EQ(__nv_umul24(0xff000001u, 3), 3u);
  EXPECT_EQ(__nv_umul24(0xffffffu, 0xffffffu), 0xfe000001u); // low 32 bits of 48
}

TEST(DevicelibInteger, SadAndAverages) {
  EXPECT_EQ(__nv_sad(-5, 3, 10), 18);
  EXPECT_EQ(__nv_sad(3, -5, 0), 8);
  EXPECT_EQ((uint32_t)__nv_sad(INT32_MIN, INT32_MAX, 0), 0xffffffffu);
  EXPECT_EQ(__nv_usad(1, 0xffffffffu, 1), 0xffffffffu);
  EXPECT_EQ(__nv_hadd(-3, 0), -2);
  EXPECT_EQ(__nv_rhadd(-3, 0), -1);
  EXPECT_EQ(__nv_hadd(3, 0), 1);
  EXPECT_EQ(__nv_rhadd(3, 0), 2);
  EXPECT_EQ(__nv_hadd(INT32_MAX, INT32_MAX), INT32_MAX);
  EXPECT_EQ(__nv_rhadd(INT32_MIN, INT32_MIN), INT32_MIN);
  EXPECT_EQ((uint32_t)__nv_uhadd(0xffffffffu, 0xffffffffu), 0xffffffffu);
  EXPECT_EQ(__nv_urhadd(0xffffffffu, 0), 0x80000000u);
  EXPECT_EQ(__nv_uhadd(0xffffffffu, 0), 0x7fffffff);
}

TEST(DevicelibInteger, MinMaxAbs) {
  EXPECT_EQ(__nv_abs(-7), 7);
  EXPECT_EQ(__nv_abs(INT32_MIN), INT32_MIN);
  EXPECT_EQ(__nv_llabs(INT64_MIN + 1), INT64_MAX);
  EXPECT_EQ(__nv_min(-1, 1), -1);
  EXPECT_EQ(__nv_umin(0xffffffffu, 1), 1u);
  EXPECT_EQ(__nv_llmax(-1, 1), 1);
  EXPECT_EQ(__nv_ullmax(~0ull, 1), ~0ull);
}

TEST(DevicelibInteger, SimdInWord) {
  EXPECT_EQ((uint32_t)__nv_vadd2(0xffff0001, 0x00010001), 0x00000002u);
  EXPECT_EQ((uint32_t)__nv_vaddss2(0x7fff0001, 0x00010001), 0x7fff0002u);
  EXPECT_EQ((uint32_t)__nv_vaddus4(0xff10fe00, 0x02f00101), 0xffffff01u);
  EXPECT_EQ((uint32_t)__nv_vsubus4(0x01020304, 0x02020202), 0x00000102u);
  EXPECT_EQ((uint32_t)__nv_vsubss2(0x80000000, 0x00010001), 0x8000ffffu);
  EXPECT_EQ((uint32_t)__nv_vabs4(0x80ff0102), 0x80010102u);
  EXPECT_EQ((uint32_t)__nv_vabsss4(0x80ff0102), 0x7f010102u);
  EXPECT_EQ((uint32_t)__nv_vnegss2(0x80000001), 0x7fffffffu);
  EXPECT_EQ((uint32_t)__nv_vcmpgts4(0x01ff7f80, 0x00000000), 0xff00ff00u);
  EXPECT_EQ((uint32_t)__nv_vcmpgtu4(0x01ff7f80, 0x00000000), 0xffffffffu);
  EXPECT_EQ((uint32_t)__nv_vsetlts2(0xffff0001, 0x00000000), 0x00010000u);
  EXPECT_EQ((uint32_t)__nv_vseteq4(0x01020304, 0x01000304), 0x01000101u);
  EXPECT_EQ((uint32_t)__nv_vmaxs2(0xffff0005, 0x00010003), 0x00010005u);
  EXPECT_EQ((uint32_t)__nv_vminu2(0xffff0005, 0x00010003), 0x00010003u);
  EXPECT_EQ(__nv_vsadu4(0x00ff0010, 0xff000008), 0xff + 0xff + 0 + 8);
  EXPECT_EQ(__nv_vsads2(0x7fff8000, 0x80007fff), 0xffff * 2);
  EXPECT_EQ((uint32_t)__nv_vavgu4(0x000100ff, 0x000200ff), 0x000200ffu);
  EXPECT_EQ((uint32_t)__nv_vhaddu4(0x000100ff, 0x000200ff), 0x000100ffu);
  // Signed rounded average: halves round away from zero.
  EXPECT_EQ((uint32_t)__nv_vavgs2(0xfffd0003, 0x00000000), 0xfffe0002u);
  EXPECT_EQ((uint32_t)__nv_vabsdiffu4(0x00ff0010, 0xff000008), 0xffff0008u);
}
