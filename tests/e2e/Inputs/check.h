// check.h - helpers for Loom's self-checking end-to-end CUDA programs.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TEST_CHECK_H
#define LOOM_TEST_CHECK_H
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("FAILED: %s:%d: %s returned %s (%s)\n", __FILE__, __LINE__,  \
                  #call, cudaGetErrorName(err_), cudaGetErrorString(err_));    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::printf("FAILED: %s:%d: expected %s\n", __FILE__, __LINE__, #cond);  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

/// \p n deterministic pseudo-random ints in [-mod/2, mod/2) (a linear
/// congruential generator seeded with \p seed), for tests that compare a
/// device result with a host reference on the same data.
inline std::vector<int> randomInts(int n, unsigned seed, int mod) {
  std::vector<int> v(n);
  unsigned s = seed;
  for (int &x : v) {
    s = s * 1664525u + 1013904223u;
    x = int(s >> 8) % mod - mod / 2;
  }
  return v;
}

/// Relative comparison for results computed with possibly contracted FMAs.
inline bool close(double a, double b, double rel = 1e-5) {
  return std::fabs(a - b) <= rel * (std::fabs(b) + 1.0);
}

/// Prints "i: v0 v1 ..." (hex, no newline) for the \p k results of thread
/// \p i and folds them into \p sum, for tests that diff two builds' output.
inline unsigned long long printResults(int i, const unsigned *row, int k,
                                       unsigned long long sum) {
  std::printf("%d:", i);
  for (int j = 0; j < k; ++j) {
    std::printf(" %x", row[j]);
    sum = sum * 31 + row[j];
  }
  return sum;
}

/// Block size from argv[1], for tests run at several block sizes.
inline int blockSizeArg(int argc, char **argv, int fallback) {
  return argc > 1 ? std::atoi(argv[1]) : fallback;
}
#endif
