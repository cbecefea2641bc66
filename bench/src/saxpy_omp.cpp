// SAXPY y[i] = a * x[i] + y[i], OpenMP baseline.
#include "bench_common.h"

static void saxpy(int n, float a, const float *x, float *y) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 23, iters = 20;
  const float a = 0.5f;
  std::vector<float> hx(n), hy(n), y(n);
  BenchRng rng(2);
  for (int i = 0; i < n; ++i) { hx[i] = rng.uniform(-1, 1); hy[i] = rng.uniform(-1, 1); }
  y = hy;
  saxpy(n, a, hx.data(), y.data()); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) saxpy(n, a, hx.data(), y.data());
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = hy[i] + (iters + 1.0) * a * hx[i];
    if (!bench_close(y[i], want, 1e-4, 1e-4)) bench_fail("y[%d] = %g, want %g", i, y[i], want);
    sum += y[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
