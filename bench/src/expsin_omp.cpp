// out[i] = expf(a[i]) * sinf(b[i]), OpenMP baseline (vector expf/sinf from
// libmvec through -fveclib=libmvec).
#include "bench_common.h"

static void expSin(const float *a, const float *b, float *out, int n) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) out[i] = expf(a[i]) * sinf(b[i]);
}

int main() {
  const int n = 1 << 23, iters = 20;
  std::vector<float> ha(n), hb(n), hout(n);
  BenchRng rng(5);
  for (int i = 0; i < n; ++i) { ha[i] = rng.uniform(-4, 4); hb[i] = rng.uniform(-10, 10); }
  expSin(ha.data(), hb.data(), hout.data(), n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) expSin(ha.data(), hb.data(), hout.data(), n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = std::exp((double)ha[i]) * std::sin((double)hb[i]);
    if (!bench_close(hout[i], want, 1e-5, 1e-6)) bench_fail("out[%d] = %.9g, want %.9g", i, hout[i], want);
    sum += hout[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
