// 3D 7-point Jacobi stencil, OpenMP baseline.
#include <utility>
#include "bench_common.h"

#define N3 192

static void jacobi3d(const float *in, float *out, int n) {
  const int sy = n, sz = n * n;
#pragma omp parallel for collapse(2) schedule(static)
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
#pragma omp simd
      for (int x = 1; x < n - 1; ++x) {
        int i = z * sz + y * sy + x;
        out[i] = (1.0f / 7.0f) * (in[i] + in[i - 1] + in[i + 1] + in[i - sy] + in[i + sy] + in[i - sz] + in[i + sz]);
      }
}

static void reference(std::vector<float> &a, std::vector<float> &b, int n, int sweeps) {
  const int sy = n, sz = n * n;
  for (int s = 0; s < sweeps; ++s) {
    for (int z = 1; z < n - 1; ++z)
      for (int y = 1; y < n - 1; ++y)
        for (int x = 1; x < n - 1; ++x) {
          int i = z * sz + y * sy + x;
          b[i] = (1.0f / 7.0f) * (a[i] + a[i - 1] + a[i + 1] + a[i - sy] + a[i + sy] + a[i - sz] + a[i + sz]);
        }
    std::swap(a, b);
  }
}

int main() {
  const int n = N3, iters = 10;
  const size_t total = (size_t)n * n * n;
  std::vector<float> h(total);
  BenchRng rng(6);
  for (size_t i = 0; i < total; ++i) h[i] = rng.uniform(0, 1);
  std::vector<float> A = h, B = h;
  float *a = A.data(), *b = B.data();
  jacobi3d(a, b, n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) {
    jacobi3d(a, b, n);
    std::swap(a, b);
  }
  double ms = (bench_now_ms() - t0) / iters;
  std::vector<float> ref = h, tmp = h;
  reference(ref, tmp, n, iters);
  double sum = 0;
  for (size_t i = 0; i < total; ++i) {
    if (!bench_close(a[i], ref[i], 1e-5, 1e-6)) bench_fail("u[%zu] = %g, want %g", i, a[i], ref[i]);
    sum += a[i];
  }
  const double pts = (double)(n - 2) * (n - 2) * (n - 2);
  bench_report(ms, 2.0 * total * sizeof(float), 7.0 * pts, sum);
  return 0;
}
