// Per-warp sum and maximum over consecutive groups of 32 elements, OpenMP
// baseline (warp_flat.cu: a 16 x 16 block's warps are 32 consecutive
// elements of its 256).
#include "warp_stats_common.h"

static void stats(const float *in, float *sums, float *maxima, int groups) {
  // Vectorized within a group: across groups clang would gather.
#pragma omp parallel for schedule(static)
#pragma clang loop vectorize(disable) interleave(disable)
  for (int w = 0; w < groups; ++w)
    wsGroup<32>(in + w * 32, sums[w], maxima[w]);
}

int main() {
  const int n = (1 << 16) * 256, groups = n / 32, iters = 20;
  std::vector<float> hin(n), hs(groups), hm(groups);
  BenchRng rng(12);
  for (int i = 0; i < n; ++i) hin[i] = rng.uniform();
  stats(hin.data(), hs.data(), hm.data(), groups); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) stats(hin.data(), hs.data(), hm.data(), groups);
  double ms = (bench_now_ms() - t0) / iters;
  const double checksum = wfCheck(hin.data(), hs.data(), hm.data(), groups);
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
