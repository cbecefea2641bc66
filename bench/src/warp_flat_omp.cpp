// Per-warp sum and maximum over consecutive groups of 32 elements, OpenMP
// baseline (warp_flat.cu: a 16 x 16 block's warps are 32 consecutive
// elements of its 256).
#include "bench_common.h"

// One group of 32 (as warp_partial_omp.cpp): two vectors and a horizontal
// reduction each.
static inline void group32(const float *p, float &sum, float &max) {
  float s = 0, m = p[0];
#pragma omp simd reduction(+ : s) reduction(max : m)
  for (int l = 0; l < 32; ++l) {
    s += p[l];
    m = p[l] > m ? p[l] : m;
  }
  sum = s;
  max = m;
}

static void stats(const float *in, float *sums, float *maxima, int groups) {
  // Vectorized within a group: across groups clang would gather.
#pragma omp parallel for schedule(static)
#pragma clang loop vectorize(disable) interleave(disable)
  for (int w = 0; w < groups; ++w)
    group32(in + w * 32, sums[w], maxima[w]);
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
  double checksum = 0;
  for (int w = 0; w < groups; ++w) {
    double want = 0;
    float wantMax = hin[w * 32];
    for (int l = 0; l < 32; ++l) {
      want += hin[w * 32 + l];
      wantMax = hin[w * 32 + l] > wantMax ? hin[w * 32 + l] : wantMax;
    }
    if (!bench_close(hs[w], want, 1e-5, 1e-6) || hm[w] != wantMax)
      bench_fail("warp %d: sum %g max %g, want %g %g", w, hs[w], hm[w], want, wantMax);
    checksum += hs[w] + hm[w];
  }
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
