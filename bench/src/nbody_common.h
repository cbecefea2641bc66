// Shared by the n-body benchmarks: bodies and a sampled double-precision check.
#pragma once
#include "bench_common.h"

static const float NB_EPS2 = 0.01f;

static void nbody_inputs(std::vector<float> &x, std::vector<float> &y, std::vector<float> &z,
                         std::vector<float> &m, int n) {
  BenchRng rng(11);
  x.resize(n); y.resize(n); z.resize(n); m.resize(n);
  for (int i = 0; i < n; ++i) {
    x[i] = rng.uniform(-1, 1); y[i] = rng.uniform(-1, 1); z[i] = rng.uniform(-1, 1);
    m[i] = rng.uniform(0.5f, 1.5f) / n;
  }
}

// Checks 64 sampled bodies' accelerations; returns the sum of all components.
static double nbody_check(const std::vector<float> &x, const std::vector<float> &y, const std::vector<float> &z,
                          const std::vector<float> &m, const float *ax, const float *ay, const float *az, int n) {
  BenchRng rng(111);
  for (int s = 0; s < 64; ++s) {
    int i = (int)rng.below(n);
    double a[3] = {0, 0, 0}, mag = 0;
    for (int j = 0; j < n; ++j) {
      double dx = (double)x[j] - x[i], dy = (double)y[j] - y[i], dz = (double)z[j] - z[i];
      double d2 = dx * dx + dy * dy + dz * dz + NB_EPS2, inv = 1.0 / std::sqrt(d2), f = m[j] * inv * inv * inv;
      a[0] += dx * f; a[1] += dy * f; a[2] += dz * f;
      mag += std::fabs(f) * std::sqrt(dx * dx + dy * dy + dz * dz);
    }
    const float got[3] = {ax[i], ay[i], az[i]};
    for (int c = 0; c < 3; ++c)
      if (!bench_close(got[c], a[c], 0, 1e-4 * mag)) bench_fail("acc[%d].%d = %g, want %g", i, c, got[c], a[c]);
  }
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += (double)ax[i] + ay[i] + az[i];
  return sum;
}
