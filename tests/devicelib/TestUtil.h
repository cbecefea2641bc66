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

} // namespace loomtest

#endif
