// Per-warp sum and maximum over groups of 32, 32, 32 and 4 elements of each
// 100-element block, OpenMP baseline (warp_partial.cu).
#include "warp_stats_common.h"

static void stats(const float *in, float *sums, float *maxima, int blocks) {
  static_assert(WP_THREADS == 3 * 32 + 4, "groups of 32, 32, 32 and 4");
#pragma omp parallel for schedule(static)
  for (int b = 0; b < blocks; ++b) {
    const float *p = in + b * WP_THREADS;
    float *s = sums + b * WP_WARPS, *m = maxima + b * WP_WARPS;
    wsGroup<32>(p, s[0], m[0]);
    wsGroup<32>(p + 32, s[1], m[1]);
    wsGroup<32>(p + 64, s[2], m[2]);
    wsGroup<4>(p + 96, s[3], m[3]);
  }
}

int main() {
  const int blocks = 1 << 17, n = blocks * WP_THREADS, iters = 20;
  std::vector<float> hin(n), hs(blocks * WP_WARPS), hm(blocks * WP_WARPS);
  BenchRng rng(11);
  for (int i = 0; i < n; ++i) hin[i] = rng.uniform();
  stats(hin.data(), hs.data(), hm.data(), blocks); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) stats(hin.data(), hs.data(), hm.data(), blocks);
  double ms = (bench_now_ms() - t0) / iters;
  const double checksum = wpCheck(hin.data(), hs.data(), hm.data(), blocks);
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
