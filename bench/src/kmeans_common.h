// Shared by the k-means benchmarks: 1M points x 16 features stored feature-major
// (feature[f * n + i], as Rodinia's CUDA k-means), 16 centroids, and the check.
#pragma once
#include <cfloat>
#include "bench_common.h"

#define KM_D 16
#define KM_K 16

static void kmeans_inputs(std::vector<float> &feat, std::vector<float> &cent, int n) {
  BenchRng rng(15);
  cent.resize(KM_K * KM_D);
  for (auto &c : cent) c = rng.uniform(0, 10);
  feat.resize((size_t)KM_D * n);
  for (int i = 0; i < n; ++i) {
    int k = (int)rng.below(KM_K);
    for (int f = 0; f < KM_D; ++f) feat[(size_t)f * n + i] = cent[k * KM_D + f] + rng.uniform(-3, 3);
  }
}

// Every point must be assigned a centroid at (within rounding) minimum distance.
static double kmeans_check(const std::vector<float> &feat, const std::vector<float> &cent, const int *member, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double best = 1e300, got = -1;
    for (int k = 0; k < KM_K; ++k) {
      double d = 0;
      for (int f = 0; f < KM_D; ++f) {
        double diff = (double)feat[(size_t)f * n + i] - cent[k * KM_D + f];
        d += diff * diff;
      }
      if (d < best) best = d;
      if (k == member[i]) got = d;
    }
    if (member[i] < 0 || member[i] >= KM_K || !bench_close(got, best, 1e-5, 1e-5))
      bench_fail("point %d assigned to %d (distance %g), nearest distance %g", i, member[i], got, best);
    sum += member[i];
  }
  return sum;
}
