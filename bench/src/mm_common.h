// Shared by the matrix-multiply benchmarks: inputs and a sampled double-precision check.
#pragma once
#include "bench_common.h"

static void mm_inputs(std::vector<float> &A, std::vector<float> &B, int n) {
  BenchRng rng(7);
  A.resize((size_t)n * n);
  B.resize((size_t)n * n);
  for (auto &v : A) v = rng.uniform(-1, 1);
  for (auto &v : B) v = rng.uniform(-1, 1);
}

// Checks 1024 sampled entries of C = A * B against double precision; returns sum(C).
static double mm_check(const std::vector<float> &A, const std::vector<float> &B, const float *C, int n) {
  BenchRng rng(77);
  for (int s = 0; s < 1024; ++s) {
    int i = (int)rng.below(n), j = (int)rng.below(n);
    double want = 0;
    for (int k = 0; k < n; ++k) want += (double)A[(size_t)i * n + k] * B[(size_t)k * n + j];
    if (!bench_close(C[(size_t)i * n + j], want, 1e-4, 1e-4 * std::sqrt((double)n)))
      bench_fail("C[%d][%d] = %g, want %g", i, j, C[(size_t)i * n + j], want);
  }
  double sum = 0;
  for (size_t i = 0; i < (size_t)n * n; ++i) sum += C[i];
  return sum;
}
