// Vector triad a[i] = b[i] + s * c[i], OpenMP baseline.
// TRIAD_N: elements (triad_gs_omp.cpp includes this file with a larger n).
#ifndef TRIAD_N
#define TRIAD_N (1 << 23)
#endif
#include "bench_common.h"

static void triad(float *a, const float *b, const float *c, float s, int n) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}

int main() {
  const int n = TRIAD_N, iters = 20;
  const float s = 3.0f;
  std::vector<float> hb(n), hc(n), ha(n);
  BenchRng rng(1);
  for (int i = 0; i < n; ++i) { hb[i] = rng.uniform(-1, 1); hc[i] = rng.uniform(-1, 1); }
  triad(ha.data(), hb.data(), hc.data(), s, n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) triad(ha.data(), hb.data(), hc.data(), s, n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = (double)hb[i] + (double)s * hc[i];
    if (!bench_close(ha[i], want, 1e-6, 1e-6)) bench_fail("a[%d] = %g, want %g", i, ha[i], want);
    sum += ha[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
