// Machine limit: STREAM triad a[i] = b[i] + s * c[i] on 3 x 20M doubles
// (480 MB), OpenMP; best of 10 iterations, 24 bytes per element counted.
#include "bench_common.h"

int main() {
  const long n = 20000000;
  const int iters = 10;
  double *a = new double[n], *b = new double[n], *c = new double[n];
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) { a[i] = 0; b[i] = 1.0; c[i] = 2.0; }
  double best = 1e30;
  for (int it = 0; it < iters; ++it) {
    double t0 = bench_now_ms();
#pragma omp parallel for simd schedule(static)
    for (long i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    double t = bench_now_ms() - t0;
    if (t < best) best = t;
  }
  for (long i = 0; i < n; i += 9973)
    if (a[i] != 7.0) bench_fail("a[%ld] = %g", i, a[i]);
  bench_report(best, 24.0 * n, 2.0 * n, a[n / 2]);
  return 0;
}
