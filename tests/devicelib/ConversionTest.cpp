//===- ConversionTest.cpp - conversions and reinterpretations -------------===//
// SPDX-License-Identifier: Apache-2.0
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace loomtest;

namespace {
const float NaNf = std::numeric_limits<float>::quiet_NaN();
const double NaN = std::numeric_limits<double>::quiet_NaN();
const float InfF = std::numeric_limits<float>::infinity();
} // namespace

TEST(DevicelibConversion, FloatToIntRounding) {
  EXPECT_EQ(__nv_float2int_rn(2.5f), 2); // ties to even
  EXPECT_EQ(__nv_float2int_rn(3.5f), 4);
  EXPECT_EQ(__nv_float2int_rn(-2.5f), -2);
  EXPECT_EQ(__nv_float2int_rn(-0.5f), 0);
  EXPECT_EQ(__nv_float2int_rz(-2.7f), -2);
  EXPECT_EQ(__nv_float2int_ru(-2.7f), -2);
  EXPECT_EQ(__nv_float2int_rd(-2.7f), -3);
  EXPECT_EQ(__nv_float2int_ru(2.1f), 3);
  EXPECT_EQ(__nv_float2int_rd(2.9f), 2);
  EXPECT_EQ(__nv_double2int_rn(0.5), 0);
  EXPECT_EQ(__nv_double2int_rn(1.5), 2);
  EXPECT_EQ(__nv_double2int_rn(-1.5), -2);
  EXPECT_EQ(__nv_double2ll_rn(4503599627370497.5), 4503599627370498ll);
  EXPECT_EQ(__nv_double2uint_ru(0.1), 1u);
  EXPECT_EQ(__nv_llrintf(2.5f), 2);
  EXPECT_EQ(__nv_llroundf(2.5f), 3);
  EXPECT_EQ(__nv_llround(-2.5), -3);
  EXPECT_EQ(__nv_llrint(-2.5), -2);
}

TEST(DevicelibConversion, FloatToIntSaturatesAndNaN) {
  EXPECT_EQ(__nv_float2int_rn(3e9f), INT32_MAX);
  EXPECT_EQ(__nv_float2int_rz(-3e9f), INT32_MIN);
  EXPECT_EQ(__nv_float2int_rn(InfF), INT32_MAX);
  EXPECT_EQ(__nv_float2int_rn(-InfF), INT32_MIN);
  EXPECT_EQ(__nv_float2int_rn(NaNf), 0);
  EXPECT_EQ(__nv_float2int_rz(2147483520.0f), 2147483520);
  EXPECT_EQ(__nv_float2int_rz(2147483648.0f), INT32_MAX);
  EXPECT_EQ(__nv_float2uint_rn(-1.0f), 0u);
  EXPECT_EQ(__nv_float2uint_rd(-0.5f), 0u);
  EXPECT_EQ(__nv_float2uint_rn(5e9f), UINT32_MAX);
  EXPECT_EQ(__nv_float2uint_rn(NaNf), 0u);
  EXPECT_EQ(__nv_double2int_rn(NaN), 0);
  EXPECT_EQ(__nv_double2int_rz(2147483647.9), INT32_MAX);
  EXPECT_EQ(__nv_double2int_ru(2147483647.1), INT32_MAX);
  EXPECT_EQ(__nv_double2int_rd(-2147483648.5), INT32_MIN);
  EXPECT_EQ(__nv_double2uint_rz(4294967295.9), UINT32_MAX);
  EXPECT_EQ(__nv_float2ll_rn(1e19f), INT64_MAX);
  EXPECT_EQ(__nv_float2ll_rn(-1e19f), INT64_MIN);
  EXPECT_EQ(__nv_float2ll_rn(NaNf), INT64_MIN);
  EXPECT_EQ(__nv_double2ull_rn(-1.0), 0ull);
  EXPECT_EQ(__nv_double2ull_rn(2e19), UINT64_MAX);
  EXPECT_EQ(__nv_double2ull_rn(NaN), 0x8000000000000000ull);
  EXPECT_EQ(__nv_double2ull_rz(18446744073709549568.0), 18446744073709549568ull);
}

TEST(DevicelibConversion, IntToFloatRounding) {
  // 2^24 + 1 lies halfway between two floats.
  EXPECT_EQ(__nv_int2float_rn(16777217), 16777216.0f);
  EXPECT_EQ(__nv_int2float_rz(16777217), 16777216.0f);
  EXPECT_EQ(__nv_int2float_ru(16777217), 16777218.0f);
  EXPECT_EQ(__nv_int2float_rd(16777217), 16777216.0f);
  EXPECT_EQ(__nv_int2float_rd(-16777217), -16777218.0f);
  EXPECT_EQ(__nv_int2float_rz(-16777217), -16777216.0f);
  EXPECT_EQ(__nv_int2float_rn(16777219), 16777220.0f);
  EXPECT_EQ(__nv_uint2float_rz(0xffffffffu), 4294967040.0f);
  EXPECT_EQ(__nv_uint2float_ru(0xffffffffu), 4294967296.0f);
  EXPECT_EQ(__nv_ll2float_rn(INT64_MAX), 0x1p63f);
  EXPECT_EQ(__nv_ll2float_rz(INT64_MAX), f32(0x5effffff));
  EXPECT_EQ(__nv_ll2float_ru(INT64_MIN), -0x1p63f);
  EXPECT_EQ(__nv_ll2float_rd(INT64_MIN + 1), -0x1p63f);
  EXPECT_EQ(__nv_ll2float_ru(INT64_MIN + 1), f32(0xdeffffff));
  EXPECT_EQ(__nv_ull2float_ru(UINT64_MAX), 0x1p64f);
  EXPECT_EQ(__nv_ull2float_rz(UINT64_MAX), f32(0x5f7fffff));
  EXPECT_EQ(__nv_ll2double_rz(9007199254740993ll), 9007199254740992.0);
  EXPECT_EQ(__nv_ll2double_ru(9007199254740993ll), 9007199254740994.0);
  EXPECT_EQ(__nv_ll2double_rd(-9007199254740993ll), -9007199254740994.0);
  EXPECT_EQ(__nv_ull2double_rz(UINT64_MAX), 18446744073709549568.0);
  EXPECT_EQ(__nv_ull2double_rn(UINT64_MAX), 0x1p64);
  EXPECT_EQ(__nv_int2double_rn(INT32_MIN), -2147483648.0);
  EXPECT_EQ(__nv_uint2double_rn(UINT32_MAX), 4294967295.0);
}

TEST(DevicelibConversion, DoubleToFloat) {
  double X = 1.0 + 0x1p-30;
  EXPECT_EQ(__nv_double2float_rn(X), 1.0f);
  EXPECT_EQ(__nv_double2float_rz(X), 1.0f);
  EXPECT_EQ(__nv_double2float_rd(X), 1.0f);
  EXPECT_EQ(__nv_double2float_ru(X), 1.0f + 0x1p-23f);
  EXPECT_EQ(__nv_double2float_rz(-X), -1.0f);
  EXPECT_EQ(__nv_double2float_rd(-X), -1.0f - 0x1p-23f);
  const float Max = std::numeric_limits<float>::max();
  EXPECT_EQ(__nv_double2float_rn(1e300), InfF);
  EXPECT_EQ(__nv_double2float_rd(1e300), Max);
  EXPECT_EQ(__nv_double2float_rz(-1e300), -Max);
  EXPECT_EQ(__nv_double2float_ru(-1e300), -Max);
  EXPECT_EQ(__nv_double2float_rd(-1e300), -InfF);
  EXPECT_EQ(__nv_double2float_ru(1e-300), f32(1));
  EXPECT_EQ(bits(__nv_double2float_rd(1e-300)), 0u);
  EXPECT_EQ(bits(__nv_double2float_rd(-1e-300)), bits(-f32(1)));
  EXPECT_TRUE(std::isnan(__nv_double2float_ru(NaN)));
  EXPECT_EQ(__nv_double2float_rz(HUGE_VAL), InfF);
}

TEST(DevicelibConversion, Half) {
  EXPECT_EQ(__nv_float2half_rn(1.0f), 0x3c00);
  EXPECT_EQ(__nv_float2half_rn(-2.0f), 0xc000);
  EXPECT_EQ(__nv_float2half_rn(65504.0f), 0x7bff);
  EXPECT_EQ(__nv_float2half_rn(65519.99f), 0x7bff);
  EXPECT_EQ(__nv_float2half_rn(65520.0f), 0x7c00);
  EXPECT_EQ(__nv_float2half_rn(-InfF), 0xfc00);
  EXPECT_EQ(__nv_float2half_rn(NaNf), 0x7fff);
  EXPECT_EQ(__nv_float2half_rn(-0.0f), 0x8000);
  EXPECT_EQ(__nv_float2half_rn(0x1p-24f), 0x0001);
  EXPECT_EQ(__nv_float2half_rn(0x1p-25f), 0x0000);        // tie to even (0)
  EXPECT_EQ(__nv_float2half_rn(0x1.8p-24f), 0x0002);      // tie to even (2)
  EXPECT_EQ(__nv_float2half_rn(0x1.000002p-25f), 0x0001); // just above the tie
  EXPECT_EQ(__nv_float2half_rn(1.0f + 0x1p-11f), 0x3c00);  // tie to even
  EXPECT_EQ(__nv_float2half_rn(1.0f + 0x3p-11f), 0x3c02);
  EXPECT_EQ(__nv_float2half_rn(0x1.ffcp-15f), 0x0400);     // rounds up to min normal
  EXPECT_EQ(__nv_half2float(0x0001), 0x1p-24f);
  EXPECT_EQ(__nv_half2float(0x7c00), InfF);
  EXPECT_TRUE(std::isnan(__nv_half2float(0x7e00)));
  // Every non-NaN half survives half -> float -> half.
  for (uint32_t H = 0; H < 0x10000; ++H) {
    if ((H & 0x7c00) == 0x7c00 && (H & 0x3ff))
      continue;
    ASSERT_EQ(__nv_float2half_rn(__nv_half2float((unsigned short)H)), H) << std::hex << H;
  }
}

TEST(DevicelibConversion, Reinterpret) {
  EXPECT_EQ(__nv_double2hiint(1.0), 0x3ff00000);
  EXPECT_EQ(__nv_double2loint(1.0), 0);
  EXPECT_EQ(__nv_double2loint(f64(0x00000000deadbeefull)), (int)0xdeadbeef);
  EXPECT_EQ(__nv_hiloint2double(0x3ff00000, 0), 1.0);
  EXPECT_EQ(__nv_hiloint2double((int)0xbff00000, 1), f64(0xbff0000000000001ull));
  EXPECT_EQ(__nv_float_as_int(-0.0f), INT32_MIN);
  EXPECT_EQ(__nv_float_as_uint(1.0f), 0x3f800000u);
  EXPECT_EQ(__nv_int_as_float(0x3f800000), 1.0f);
  EXPECT_EQ(__nv_uint_as_float(0xbf800000u), -1.0f);
  EXPECT_EQ(__nv_double_as_longlong(-2.0), 0xc000000000000000ull);
  EXPECT_EQ(__nv_longlong_as_double(0x4000000000000000ll), 2.0);
}
