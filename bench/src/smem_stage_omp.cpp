// Element-wise transform of smem_stage.cu, OpenMP baseline (no staging).
#include "bench_common.h"

static void stage(int n, float a, float b, const float *x, float *y) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) {
    float v = a * x[i] + b;
    y[i] = v * v - v;
  }
}

int main() {
  const int n = 1 << 23, iters = 20;
  const float a = 0.75f, b = -0.25f;
  std::vector<float> hx(n), y(n);
  BenchRng rng(7);
  for (int i = 0; i < n; ++i) hx[i] = rng.uniform(-1, 1);
  stage(n, a, b, hx.data(), y.data()); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) stage(n, a, b, hx.data(), y.data());
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double v = (double)a * hx[i] + b, want = v * v - v;
    if (!bench_close(y[i], want, 1e-5, 1e-5)) bench_fail("y[%d] = %g, want %g", i, y[i], want);
    sum += y[i];
  }
  bench_report(ms, 2.0 * n * sizeof(float), 4.0 * n, sum);
  return 0;
}
