// Matrix transpose, OpenMP baseline: 32 x 32 blocks, block pairs in parallel.
#include "bench_common.h"

static void transpose(float *out, const float *in, int n) {
  const int T = 32;
#pragma omp parallel for collapse(2) schedule(static)
  for (int ii = 0; ii < n; ii += T)
    for (int jj = 0; jj < n; jj += T)
      for (int i = ii; i < ii + T; ++i)
#pragma omp simd
        for (int j = jj; j < jj + T; ++j) out[(size_t)j * n + i] = in[(size_t)i * n + j];
}

int main() {
  const int n = 4096, iters = 10;
  const size_t total = (size_t)n * n, bytes = total * sizeof(float);
  std::vector<float> h(total), out(total);
  BenchRng rng(8);
  for (auto &v : h) v = rng.uniform(-1, 1);
  transpose(out.data(), h.data(), n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) transpose(out.data(), h.data(), n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (out[(size_t)j * n + i] != h[(size_t)i * n + j])
        bench_fail("out[%d][%d] = %g, want %g", j, i, out[(size_t)j * n + i], h[(size_t)i * n + j]);
      sum += out[(size_t)j * n + i] * (double)((i + 2 * j) % 7);
    }
  bench_report(ms, 2.0 * bytes, 0, sum);
  return 0;
}
