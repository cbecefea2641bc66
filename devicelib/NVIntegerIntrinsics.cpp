//===- NVIntegerIntrinsics.cpp - integer __nv_* functions -----------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Bit manipulation, high multiplies, averages, min/max/abs and the
// SIMD-within-a-word (__nv_v*) functions. All are branch-free or select-only
// so that they vectorize across CUDA threads.
//===----------------------------------------------------------------------===//
#include "NVCommon.h"

using namespace loom_devicelib;

namespace {
uint32_t brev32(uint32_t X) {
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse32)
  return __builtin_bitreverse32(X);
#else
  X = ((X >> 1) & 0x55555555u) | ((X & 0x55555555u) << 1);
  X = ((X >> 2) & 0x33333333u) | ((X & 0x33333333u) << 2);
  X = ((X >> 4) & 0x0f0f0f0fu) | ((X & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(X);
#endif
}
uint64_t brev64(uint64_t X) {
#if defined(__has_builtin) && __has_builtin(__builtin_bitreverse64)
  return __builtin_bitreverse64(X);
#else
  return ((uint64_t)brev32((uint32_t)X) << 32) | brev32((uint32_t)(X >> 32));
#endif
}
} // namespace

// Reverse the bit order.
NV_API int __nv_brev(int A) { return (int)brev32((uint32_t)A); }
NV_API long long __nv_brevll(long long A) { return (long long)brev64((uint64_t)A); }

// Leading zeros; clz(0) = 32, clzll(0) = 64.
NV_API int __nv_clz(int A) { return A == 0 ? 32 : __builtin_clz((uint32_t)A); }
NV_API int __nv_clzll(long long A) { return A == 0 ? 64 : __builtin_clzll((uint64_t)A); }

// Position (1-based) of the least significant set bit; ffs(0) = 0.
NV_API int __nv_ffs(int A) { return A == 0 ? 0 : __builtin_ctz((uint32_t)A) + 1; }
NV_API int __nv_ffsll(long long A) { return A == 0 ? 0 : __builtin_ctzll((uint64_t)A) + 1; }

NV_API int __nv_popc(unsigned int A) { return __builtin_popcount(A); }
NV_API int __nv_popcll(unsigned long long A) { return __builtin_popcountll(A); }

// PTX prmt.b32 in its default mode. The eight input bytes are {B:A}
// (A = bytes 0..3). Each of the four low selector nibbles picks a byte with
// its low three bits; when the nibble's bit 3 is set, the picked byte's sign
// bit is replicated over the result byte. (CUDA documents only the low three
// bits; for those selectors both descriptions agree.)
NV_API int __nv_byte_perm(int A, int B, int S) {
  uint64_t In = ((uint64_t)(uint32_t)B << 32) | (uint32_t)A;
  uint32_t R = 0;
  for (int N = 0; N < 4; ++N) {
    uint32_t Sel = ((uint32_t)S >> (4 * N)) & 0xf;
    uint32_t Byte = (uint32_t)(In >> (8 * (Sel & 7))) & 0xff;
    if (Sel & 8)
      Byte = (Byte & 0x80) ? 0xff : 0x00;
    R |= Byte << (8 * N);
  }
  return (int)R;
}

// High halves of full products.
NV_API int __nv_mulhi(int A, int B) { return (int)(((int64_t)A * (int64_t)B) >> 32); }
NV_API unsigned int __nv_umulhi(unsigned int A, unsigned int B) {
  return (unsigned int)(((uint64_t)A * (uint64_t)B) >> 32);
}
NV_API long long __nv_mul64hi(long long A, long long B) {
  return (long long)(((__int128)A * (__int128)B) >> 64);
}
NV_API unsigned long long __nv_umul64hi(unsigned long long A, unsigned long long B) {
  return (unsigned long long)(((unsigned __int128)A * (unsigned __int128)B) >> 64);
}

// Low 32 bits of the product of the low 24 bits of each operand (signed:
// bit 23 is the sign; the upper 8 bits are ignored).
NV_API int __nv_mul24(int A, int B) {
  int64_t SA = (int32_t)((uint32_t)A << 8) >> 8, SB = (int32_t)((uint32_t)B << 8) >> 8;
  return (int)(uint32_t)(uint64_t)(SA * SB);
}
NV_API unsigned int __nv_umul24(unsigned int A, unsigned int B) {
  return (A & 0xffffffu) * (B & 0xffffffu);
}

// |A - B| + C, computed without overflow; the result wraps modulo 2^32.
NV_API int __nv_sad(int A, int B, int C) {
  uint32_t D = A > B ? (uint32_t)A - (uint32_t)B : (uint32_t)B - (uint32_t)A;
  return (int)(D + (uint32_t)C);
}
NV_API unsigned int __nv_usad(unsigned int A, unsigned int B, unsigned int C) {
  return (A > B ? A - B : B - A) + C;
}

// Averages without intermediate overflow: hadd = floor((A+B)/2),
// rhadd = floor((A+B+1)/2).
NV_API int __nv_hadd(int A, int B) { return (int)(((int64_t)A + B) >> 1); }
NV_API int __nv_rhadd(int A, int B) { return (int)(((int64_t)A + B + 1) >> 1); }
NV_API int __nv_uhadd(unsigned int A, unsigned int B) {
  return (int)(unsigned int)(((uint64_t)A + B) >> 1);
}
NV_API unsigned int __nv_urhadd(unsigned int A, unsigned int B) {
  return (unsigned int)(((uint64_t)A + B + 1) >> 1);
}

// abs(INT_MIN) = INT_MIN (wraps), as on the GPU.
NV_API int __nv_abs(int A) { return A < 0 ? (int)(0u - (uint32_t)A) : A; }
NV_API long long __nv_llabs(long long A) { return A < 0 ? (long long)(0ull - (uint64_t)A) : A; }
NV_API int __nv_max(int A, int B) { return A > B ? A : B; }
NV_API int __nv_min(int A, int B) { return A < B ? A : B; }
NV_API unsigned int __nv_umax(unsigned int A, unsigned int B) { return A > B ? A : B; }
NV_API unsigned int __nv_umin(unsigned int A, unsigned int B) { return A < B ? A : B; }
NV_API long long __nv_llmax(long long A, long long B) { return A > B ? A : B; }
NV_API long long __nv_llmin(long long A, long long B) { return A < B ? A : B; }
NV_API unsigned long long __nv_ullmax(unsigned long long A, unsigned long long B) {
  return A > B ? A : B;
}
NV_API unsigned long long __nv_ullmin(unsigned long long A, unsigned long long B) {
  return A < B ? A : B;
}

//===----------------------------------------------------------------------===//
// SIMD within a word: 2 x 16-bit or 4 x 8-bit lanes. Each function applies a
// lane operation to the sign- or zero-extended lanes and packs the low W bits.
//===----------------------------------------------------------------------===//
namespace {
template <int W> struct Lane {
  static constexpr uint32_t Mask = (1u << W) - 1;
  static constexpr int32_t SMax = (1 << (W - 1)) - 1, SMin = -(1 << (W - 1));
  static int32_t s(uint32_t X, int I) { return (int32_t)(X << (32 - W - I)) >> (32 - W); }
  static int32_t u(uint32_t X, int I) { return (int32_t)((X >> I) & Mask); }
  static int32_t satS(int32_t V) { return V > SMax ? SMax : V < SMin ? SMin : V; }
  static int32_t satU(int32_t V) { return V > (int32_t)Mask ? (int32_t)Mask : V < 0 ? 0 : V; }
};

// Binary lane op on signed (Signed=true) or unsigned lanes.
template <int W, bool Signed, class Op> int lanes2(int A, int B, Op F) {
  using L = Lane<W>;
  uint32_t R = 0;
  for (int I = 0; I < 32; I += W) {
    int32_t X = Signed ? L::s((uint32_t)A, I) : L::u((uint32_t)A, I);
    int32_t Y = Signed ? L::s((uint32_t)B, I) : L::u((uint32_t)B, I);
    R |= ((uint32_t)F(X, Y) & L::Mask) << I;
  }
  return (int)R;
}
// Sum over lanes of a binary lane op (for the sad functions).
template <int W, bool Signed, class Op> int sum2(int A, int B, Op F) {
  using L = Lane<W>;
  int32_t R = 0;
  for (int I = 0; I < 32; I += W) {
    int32_t X = Signed ? L::s((uint32_t)A, I) : L::u((uint32_t)A, I);
    int32_t Y = Signed ? L::s((uint32_t)B, I) : L::u((uint32_t)B, I);
    R += F(X, Y);
  }
  return R;
}
int iabs(int32_t X) { return X < 0 ? -X : X; }
} // namespace

#define NV_SIMD_UNARY(NAME, SIGNED, EXPR)                                                          \
  NV_API int __nv_##NAME##2(int A) {                                                               \
    using L = Lane<16>;                                                                            \
    (void)sizeof(L);                                                                               \
    return lanes2<16, SIGNED>(A, 0, [](int32_t X, int32_t) { return EXPR; });                      \
  }                                                                                                \
  NV_API int __nv_##NAME##4(int A) {                                                               \
    using L = Lane<8>;                                                                             \
    (void)sizeof(L);                                                                               \
    return lanes2<8, SIGNED>(A, 0, [](int32_t X, int32_t) { return EXPR; });                       \
  }
#define NV_SIMD_BINARY(NAME, SIGNED, EXPR)                                                         \
  NV_API int __nv_##NAME##2(int A, int B) {                                                        \
    using L = Lane<16>;                                                                            \
    (void)sizeof(L);                                                                               \
    return lanes2<16, SIGNED>(A, B, [](int32_t X, int32_t Y) { return EXPR; });                    \
  }                                                                                                \
  NV_API int __nv_##NAME##4(int A, int B) {                                                        \
    using L = Lane<8>;                                                                             \
    (void)sizeof(L);                                                                               \
    return lanes2<8, SIGNED>(A, B, [](int32_t X, int32_t Y) { return EXPR; });                     \
  }
// Comparisons: vcmp* give all-ones lanes, vset* give 1 per true lane.
#define NV_SIMD_COMPARE(SUFFIX, SIGNED, OP)                                                        \
  NV_SIMD_BINARY(vcmp##SUFFIX, SIGNED, (X OP Y) ? -1 : 0)                                          \
  NV_SIMD_BINARY(vset##SUFFIX, SIGNED, (X OP Y) ? 1 : 0)

NV_SIMD_UNARY(vabs, true, iabs(X))                // wraps: abs(-2^(W-1)) = -2^(W-1)
NV_SIMD_UNARY(vabsss, true, L::satS(iabs(X)))     // saturating
NV_SIMD_UNARY(vneg, true, -X)                     // wraps
NV_SIMD_UNARY(vnegss, true, L::satS(-X))          // saturating
NV_SIMD_BINARY(vabsdiffs, true, iabs(X - Y))
NV_SIMD_BINARY(vabsdiffu, false, iabs(X - Y))
NV_SIMD_BINARY(vadd, false, X + Y)
NV_SIMD_BINARY(vaddss, true, L::satS(X + Y))
NV_SIMD_BINARY(vaddus, false, L::satU(X + Y))
NV_SIMD_BINARY(vsub, false, X - Y)
NV_SIMD_BINARY(vsubss, true, L::satS(X - Y))
NV_SIMD_BINARY(vsubus, false, L::satU(X - Y))
// Signed rounded average rounds halves away from zero (PTX vavrg);
// unsigned rounds up; vhaddu truncates.
NV_SIMD_BINARY(vavgs, true, (X + Y + ((X + Y) >= 0 ? 1 : 0)) >> 1)
NV_SIMD_BINARY(vavgu, false, (X + Y + 1) >> 1)
NV_SIMD_BINARY(vhaddu, false, (X + Y) >> 1)
NV_SIMD_BINARY(vmaxs, true, X > Y ? X : Y)
NV_SIMD_BINARY(vmaxu, false, X > Y ? X : Y)
NV_SIMD_BINARY(vmins, true, X < Y ? X : Y)
NV_SIMD_BINARY(vminu, false, X < Y ? X : Y)
NV_SIMD_COMPARE(eq, false, ==)
NV_SIMD_COMPARE(ne, false, !=)
NV_SIMD_COMPARE(ges, true, >=)
NV_SIMD_COMPARE(geu, false, >=)
NV_SIMD_COMPARE(gts, true, >)
NV_SIMD_COMPARE(gtu, false, >)
NV_SIMD_COMPARE(les, true, <=)
NV_SIMD_COMPARE(leu, false, <=)
NV_SIMD_COMPARE(lts, true, <)
NV_SIMD_COMPARE(ltu, false, <)

// Sum of absolute lane differences (a scalar result).
NV_API int __nv_vsads2(int A, int B) {
  return sum2<16, true>(A, B, [](int32_t X, int32_t Y) { return iabs(X - Y); });
}
NV_API int __nv_vsads4(int A, int B) {
  return sum2<8, true>(A, B, [](int32_t X, int32_t Y) { return iabs(X - Y); });
}
NV_API int __nv_vsadu2(int A, int B) {
  return sum2<16, false>(A, B, [](int32_t X, int32_t Y) { return iabs(X - Y); });
}
NV_API int __nv_vsadu4(int A, int B) {
  return sum2<8, false>(A, B, [](int32_t X, int32_t Y) { return iabs(X - Y); });
}
