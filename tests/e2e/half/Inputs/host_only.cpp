// host_only.cpp - cuda_fp16.h / cuda_bf16.h in a plain C++ translation unit
// (no CUDA mode): types, conversions, operators, intrinsics on the host.
// SPDX-License-Identifier: Apache-2.0
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half layout");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2 layout");
static_assert(sizeof(__nv_bfloat16) == 2 && sizeof(__nv_bfloat162) == 4, "bf16 layout");
static_assert(std::is_trivially_copyable<__half>::value && std::is_trivially_copyable<__half2>::value,
              "copyable");
static_assert(std::is_trivial<__half>::value && std::is_trivial<__nv_bfloat162>::value, "trivial");

#define EXPECT(c)                                                                                  \
  do {                                                                                             \
    if (!(c)) {                                                                                    \
      std::printf("FAILED: line %d: %s\n", __LINE__, #c);                                          \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main() {
#if !defined(__CUDA_NO_HALF_CONVERSIONS__) && !defined(__CUDA_NO_HALF_OPERATORS__)
  __half a = 1.5f, b = 2.25;
  __half c = a * b + a;
  EXPECT(__half2float(c) == 4.875f);
  EXPECT(float(c) == 4.875f);
  c -= a;
  c /= b;
  EXPECT(c == a && !(c != a) && c >= a && c <= a && !(c < a));
  EXPECT(__half2float(-c) == -1.5f);
  __half2 p(a, b), q = __floats2half2_rn(2.0f, 4.0f);
  __half2 r = p * q - p;
  EXPECT(__low2float(r) == 1.5f && __high2float(r) == 6.75f);
  // __half2 == and != hold when they hold for both elements (__hbeq2, __hbneu2)
  EXPECT(!(r == p) && !(r != p) && r == r && (r != __hneg2(r)));
#endif
  EXPECT(__half_as_ushort(__float2half(65520.0f)) == 0x7C00);
  EXPECT(__half_as_ushort(__float2half_rz(65520.0f)) == 0x7BFF);
  EXPECT(__half_as_ushort(__float2half(5.9604645e-8f)) == 0x0001);
  EXPECT(__half_as_ushort(__float2half(2.9802322e-8f)) == 0x0000);
  EXPECT(__half_as_ushort(__float2half_ru(1e-30f)) == 0x0001);
  EXPECT(__half_as_ushort(__float2half_rd(-1e-30f)) == 0x8001);
  EXPECT(__hisnan(__float2half(__builtin_nanf(""))) && __hisinf(__hneg(CUDART_INF_FP16)) == -1);
  EXPECT(__hbeq2(__hadd2(__float2half2_rn(1.0f), __float2half2_rn(2.0f)), __float2half2_rn(3.0f)));
  EXPECT(__half2int_rn(__float2half(2.5f)) == 2 && __half2int_ru(__float2half(2.25f)) == 3);
  EXPECT(__half2float(hsqrt(__float2half(2.0f))) == 1.4140625f);
  EXPECT(__bfloat16_as_ushort(__float2bfloat16(1.0f + 1.0f / 256)) == 0x3F80); // tie to even
  EXPECT(__bfloat16_as_ushort(__float2bfloat16(1.0f + 3.0f / 256)) == 0x3F82); // tie to even (up)
  EXPECT(__bfloat162float(__hfma(__float2bfloat16(3.0f), __float2bfloat16(5.0f), __float2bfloat16(-1.0f))) == 14.0f);
  EXPECT(__high2float(__floats2bfloat162_rn(1.0f, -2.0f)) == -2.0f);
  __half_raw raw;
  raw.x = 0x3C00;
  __half one(raw);
  EXPECT(__half2float(one) == 1.0f);
  std::printf("host PASSED\n");
  return 0;
}
