// Dot product, OpenMP baseline (simd reduction); shared by dot_shared and dot_shuffle.
#include "bench_common.h"

static double dot(const float *x, const float *y, int n) {
  float sum = 0.0f;
#pragma omp parallel for simd reduction(+ : sum) schedule(static)
  for (int i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}

int main() {
  const int n = 1 << 24, iters = 20;
  std::vector<float> hx(n), hy(n);
  BenchRng rng(3);
  for (int i = 0; i < n; ++i) { hx[i] = rng.uniform(); hy[i] = rng.uniform(); }
  double result = dot(hx.data(), hy.data(), n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) result = dot(hx.data(), hy.data(), n);
  double ms = (bench_now_ms() - t0) / iters;
  double want = 0;
  for (int i = 0; i < n; ++i) want += (double)hx[i] * hy[i];
  if (!bench_close(result, want, 1e-5, 0)) bench_fail("dot = %.9g, want %.9g", result, want);
  bench_report(ms, 2.0 * n * sizeof(float), 2.0 * n, result);
  return 0;
}
