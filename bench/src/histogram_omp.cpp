// 256-bin histogram, OpenMP baseline: per-thread private histograms
// (array reduction), merged at the end.
#include "bench_common.h"

#define BINS 256

static void histogram(const unsigned char *data, int n, unsigned *hist) {
  for (int b = 0; b < BINS; ++b) hist[b] = 0;
#pragma omp parallel for reduction(+ : hist[:BINS]) schedule(static)
  for (int i = 0; i < n; ++i) hist[data[i]]++;
}

int main() {
  const int n = 1 << 24, iters = 5;
  std::vector<unsigned char> h(n);
  BenchRng rng(9);
  for (int i = 0; i < n; ++i) h[i] = (unsigned char)((rng.below(256) + rng.below(256)) / 2);
  std::vector<unsigned> out(BINS), want(BINS, 0);
  histogram(h.data(), n, out.data()); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) histogram(h.data(), n, out.data());
  double ms = (bench_now_ms() - t0) / iters;
  for (int i = 0; i < n; ++i) want[h[i]]++;
  double sum = 0;
  for (int b = 0; b < BINS; ++b) {
    if (out[b] != want[b]) bench_fail("hist[%d] = %u, want %u", b, out[b], want[b]);
    sum += (double)out[b] * (b + 1);
  }
  bench_report(ms, (double)n, 0, sum);
  return 0;
}
