// check.h - helpers for Loom's self-checking end-to-end CUDA programs.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TEST_CHECK_H
#define LOOM_TEST_CHECK_H
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

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
