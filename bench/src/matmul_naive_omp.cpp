// Dense C = A * B, naive OpenMP baseline: the textbook loop nest in the
// order a CPU programmer writes it (i-k-j, rows in parallel, j vectorized),
// no blocking.
#include "mm_common.h"

static void matmul(const float *A, const float *B, float *C, int n) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    float *c = C + (size_t)i * n;
#pragma omp simd
    for (int j = 0; j < n; ++j) c[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float a = A[(size_t)i * n + k];
      const float *b = B + (size_t)k * n;
#pragma omp simd
      for (int j = 0; j < n; ++j) c[j] += a * b[j];
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
