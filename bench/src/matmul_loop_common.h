// Shared by the matmul_loop benchmarks: C (M x N) = A (M x K) * B (K x N),
// row-major, a rectangular shape whose N is not a multiple of the 32-wide
// blocks; inputs and a sampled double-precision check.
#pragma once
#include "bench_common.h"

#define ML_M 768
#define ML_N 1000
#define ML_K 640

static void ml_inputs(std::vector<float> &A, std::vector<float> &B) {
  BenchRng rng(21);
  A.resize((size_t)ML_M * ML_K);
  B.resize((size_t)ML_K * ML_N);
  for (auto &v : A) v = rng.uniform(-1, 1);
  for (auto &v : B) v = rng.uniform(-1, 1);
}

// Checks 2048 sampled entries of C against double precision, and every entry
// of the last column (the partial blocks); returns sum(C).
static double ml_check(const std::vector<float> &A, const std::vector<float> &B, const float *C) {
  auto checkOne = [&](int i, int j) {
    double want = 0;
    for (int k = 0; k < ML_K; ++k) want += (double)A[(size_t)i * ML_K + k] * B[(size_t)k * ML_N + j];
    const float got = C[(size_t)i * ML_N + j];
    if (!bench_close(got, want, 1e-4, 1e-4 * std::sqrt((double)ML_K)))
      bench_fail("C[%d][%d] = %g, want %g", i, j, got, want);
  };
  BenchRng rng(87);
  for (int s = 0; s < 2048; ++s) checkOne((int)rng.below(ML_M), (int)rng.below(ML_N));
  for (int i = 0; i < ML_M; ++i) checkOne(i, ML_N - 1);
  double sum = 0;
  for (size_t i = 0; i < (size_t)ML_M * ML_N; ++i) sum += C[i];
  return sum;
}
