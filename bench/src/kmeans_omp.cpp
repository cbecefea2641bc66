// k-means assignment step, OpenMP baseline: same layout, points in parallel
// and vectorized.
#include "kmeans_common.h"

static void assign(const float *feature, const float *cent, int *membership, int n) {
#pragma omp parallel for simd schedule(static)
  for (int i = 0; i < n; ++i) {
    int best = 0;
    float bestDist = FLT_MAX;
    for (int k = 0; k < KM_K; ++k) {
      float dist = 0.0f;
      for (int f = 0; f < KM_D; ++f) {
        float diff = feature[(size_t)f * n + i] - cent[k * KM_D + f];
        dist += diff * diff;
      }
      if (dist < bestDist) { bestDist = dist; best = k; }
    }
    membership[i] = best;
  }
}

int main() {
  const int n = 1 << 20, iters = 5;
  std::vector<float> hf, hc;
  kmeans_inputs(hf, hc, n);
  std::vector<int> hm(n);
  assign(hf.data(), hc.data(), hm.data(), n); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) assign(hf.data(), hc.data(), hm.data(), n);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = kmeans_check(hf, hc, hm.data(), n);
  bench_report(ms, n * (KM_D * 4.0 + 4.0), 3.0 * KM_K * KM_D * (double)n, sum);
  return 0;
}
