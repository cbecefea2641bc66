// Per-warp sum and maximum over groups of 32, 32, 32 and 4 elements of each
// 100-element block, OpenMP baseline (warp_partial.cu).
#include "bench_common.h"
#include "warp_partial_common.h"

// One group of Len elements; a constant length lets the compiler vectorize
// the reductions completely (two vectors and a horizontal sum for 32).
template <int Len> static inline void group(const float *p, float &sum, float &max) {
  float s = 0, m = p[0];
#pragma omp simd reduction(+ : s) reduction(max : m)
  for (int l = 0; l < Len; ++l) {
    s += p[l];
    m = p[l] > m ? p[l] : m;
  }
  sum = s;
  max = m;
}

static void stats(const float *in, float *sums, float *maxima, int blocks) {
  static_assert(WP_THREADS == 3 * 32 + 4, "groups of 32, 32, 32 and 4");
#pragma omp parallel for schedule(static)
  for (int b = 0; b < blocks; ++b) {
    const float *p = in + b * WP_THREADS;
    float *s = sums + b * WP_WARPS, *m = maxima + b * WP_WARPS;
    group<32>(p, s[0], m[0]);
    group<32>(p + 32, s[1], m[1]);
    group<32>(p + 64, s[2], m[2]);
    group<4>(p + 96, s[3], m[3]);
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
  double checksum = 0;
  for (int b = 0; b < blocks; ++b)
    for (int w = 0; w < WP_WARPS; ++w) {
      double want;
      float wantMax;
      wpReference(hin.data(), b, w, want, wantMax);
      const int k = b * WP_WARPS + w;
      if (!bench_close(hs[k], want, 1e-5, 1e-6) || hm[k] != wantMax)
        bench_fail("warp %d of block %d: sum %g max %g, want %g %g", w, b, hs[k], hm[k], want,
                   wantMax);
      checksum += hs[k] + hm[k];
    }
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
