// ref16.h - independent reference arithmetic for the half/bfloat16 tests.
// SPDX-License-Identifier: Apache-2.0
//
// Decodes 16-bit patterns with ldexp and rounds doubles by searching the
// sorted table of every finite value of the format, so it shares no code with
// cuda_fp16.h / cuda_bf16.h (which round with integer bit manipulation).
#ifndef LOOM_TEST_REF16_H
#define LOOM_TEST_REF16_H
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

enum RefMode { RN, RZ, RU, RD };

struct Format {
  int mbits, bias, expMask; // binary16: 10, 15, 31; bfloat16: 7, 127, 255
  unsigned infBits() const { return (unsigned)expMask << mbits; }
  bool isNaN(unsigned b) const { return (b & 0x7FFFu) > infBits(); }
  double decode(unsigned b) const {
    int s = (b >> 15) & 1, e = (b >> mbits) & expMask, f = b & ((1 << mbits) - 1);
    double v;
    if (e == expMask)
      v = f ? NAN : INFINITY;
    else if (e == 0)
      v = std::ldexp((double)f, 1 - bias - mbits);
    else
      v = std::ldexp((double)(f + (1 << mbits)), e - bias - mbits);
    return s ? -v : v;
  }
  // Rounds x to the format in the given mode (NaN -> 0x7FFF).
  unsigned round(double x, RefMode mode) const {
    if (std::isnan(x))
      return 0x7FFFu;
    unsigned sign = std::signbit(x) ? 0x8000u : 0u;
    double a = std::fabs(x);
    if (std::isinf(x))
      return sign | infBits();
    unsigned maxBits = infBits() - 1;
    // largest index i with decode(i) <= a (positive values increase with bits)
    unsigned lo = 0, hi = maxBits;
    if (a >= decode(maxBits)) {
      lo = maxBits;
    } else {
      while (lo < hi) {
        unsigned mid = (lo + hi + 1) / 2;
        if (decode(mid) <= a) lo = mid; else hi = mid - 1;
      }
    }
    double down = decode(lo);
    double up = lo == maxBits ? std::ldexp(1.0, (int)(expMask - 1 - bias + 1)) : decode(lo + 1);
    bool exact = down == a;
    bool away; // round the magnitude up?
    switch (mode) {
    case RN:
      if (exact) away = false;
      else if (a - down != up - a) away = (a - down) > (up - a);
      else away = (lo & 1u) != 0;
      break;
    case RZ: away = false; break;
    case RU: away = !exact && !sign; break;
    default: away = !exact && sign; break;
    }
    unsigned bits = away ? lo + 1 : lo; // lo + 1 past maxBits is infinity
    return sign | bits;
  }
};
static const Format kHalf = {10, 15, 31};
static const Format kBf16 = {7, 127, 255};

// Distance in units in the last place between two non-NaN patterns.
inline int ulpDist(unsigned a, unsigned b) {
  auto ord = [](unsigned v) { return (v & 0x8000u) ? -(int)(v & 0x7FFFu) : (int)v; };
  return std::abs(ord(a) - ord(b));
}

// Deterministic pseudo-random numbers (no dependence on the C library's rand).
struct Lcg {
  uint64_t s;
  explicit Lcg(uint64_t seed) : s(seed) {}
  uint32_t next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(s >> 32);
  }
  float uniform(float lo, float hi) { return lo + (hi - lo) * (next() >> 8) * (1.0f / 16777216.0f); }
};
#endif
