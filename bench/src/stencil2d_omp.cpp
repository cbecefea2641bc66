// 2D 5-point Jacobi stencil, OpenMP baseline.
// STENCIL_NX/NY: grid size (stencil2d_tiled_omp.cpp includes this file with a larger grid).
#ifndef STENCIL_NX
#define STENCIL_NX 4096
#define STENCIL_NY 2048
#endif
#include <utility>
#include "bench_common.h"

static void jacobi2d(const float *in, float *out, int nx, int ny) {
#pragma omp parallel for schedule(static)
  for (int y = 1; y < ny - 1; ++y)
#pragma omp simd
    for (int x = 1; x < nx - 1; ++x) {
      int i = y * nx + x;
      out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]);
    }
}

static void reference(std::vector<float> &a, std::vector<float> &b, int nx, int ny, int sweeps) {
  for (int s = 0; s < sweeps; ++s) {
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x) {
        int i = y * nx + x;
        b[i] = 0.2f * (a[i] + a[i - 1] + a[i + 1] + a[i - nx] + a[i + nx]);
      }
    std::swap(a, b);
  }
}

int main() {
  const int nx = STENCIL_NX, ny = STENCIL_NY, iters = 10;
  const size_t n = (size_t)nx * ny;
  std::vector<float> h(n);
  BenchRng rng(5);
  for (size_t i = 0; i < n; ++i) h[i] = rng.uniform(0, 1);
  std::vector<float> A = h, B = h;
  float *a = A.data(), *b = B.data();
  jacobi2d(a, b, nx, ny); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) {
    jacobi2d(a, b, nx, ny);
    std::swap(a, b);
  }
  double ms = (bench_now_ms() - t0) / iters;
  std::vector<float> ref = h, tmp = h;
  reference(ref, tmp, nx, ny, iters);
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!bench_close(a[i], ref[i], 1e-5, 1e-6)) bench_fail("u[%zu] = %g, want %g", i, a[i], ref[i]);
    sum += a[i];
  }
  const double pts = (double)(nx - 2) * (ny - 2);
  bench_report(ms, 2.0 * n * sizeof(float), 5.0 * pts, sum);
  return 0;
}
