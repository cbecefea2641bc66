// Dense C = A * B, tiled OpenMP baseline: 32 x 128 x 128 cache blocks
// (i, k, j), block rows in parallel, inner j loop vectorized.
#include <algorithm>
#include "mm_common.h"

static void matmul(const float *A, const float *B, float *C, int n) {
  const int BI = 32, BK = 128, BJ = 128;
#pragma omp parallel for collapse(2) schedule(static)
  for (int ii = 0; ii < n; ii += BI)
    for (int jj = 0; jj < n; jj += BJ) {
      for (int i = ii; i < std::min(ii + BI, n); ++i)
#pragma omp simd
        for (int j = jj; j < std::min(jj + BJ, n); ++j) C[(size_t)i * n + j] = 0.0f;
      for (int kk = 0; kk < n; kk += BK)
        for (int i = ii; i < std::min(ii + BI, n); ++i) {
          float *c = C + (size_t)i * n;
          for (int k = kk; k < std::min(kk + BK, n); ++k) {
            const float a = A[(size_t)i * n + k];
            const float *b = B + (size_t)k * n;
#pragma omp simd
            for (int j = jj; j < jj + BJ; ++j) c[j] += a * b[j];
          }
        }
    }
}

int main() {
  const int n = 512, iters = 2;
  std::vector<float> hA, hB, hC((size_t)n * n);
  mm_inputs(hA, hB, n);
  const size_t bytes = (size_t)n * n * sizeof(float);
  matmul(hA.data(), hB.data(), hC.data(), n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) matmul(hA.data(), hB.data(), hC.data(), n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = mm_check(hA, hB, hC.data(), n);
  bench_report(ms, 3.0 * bytes, 2.0 * n * n * (double)n, sum);
  return 0;
}
