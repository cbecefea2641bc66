// All-pairs n-body accelerations, OpenMP baseline: structure of arrays, bodies
// i in parallel, the j loop vectorized (1/sqrtf; the whole body set fits in L2).
#include "nbody_common.h"

static void computeForces(const float *x, const float *y, const float *z, const float *m, float *ax, float *ay,
                          float *az, int n, float eps2) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    const float px = x[i], py = y[i], pz = z[i];
    float sx = 0.0f, sy = 0.0f, sz = 0.0f;
#pragma omp simd reduction(+ : sx, sy, sz)
    for (int j = 0; j < n; ++j) {
      float dx = x[j] - px, dy = y[j] - py, dz = z[j] - pz;
      float d2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = 1.0f / sqrtf(d2);
      float s = m[j] * inv * inv * inv;
      sx += dx * s; sy += dy * s; sz += dz * s;
    }
    ax[i] = sx; ay[i] = sy; az[i] = sz;
  }
}

int main() {
  const int n = 8192, iters = 3;
  std::vector<float> x, y, z, m, ax(n), ay(n), az(n);
  nbody_inputs(x, y, z, m, n);
  computeForces(x.data(), y.data(), z.data(), m.data(), ax.data(), ay.data(), az.data(), n, NB_EPS2); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it)
    computeForces(x.data(), y.data(), z.data(), m.data(), ax.data(), ay.data(), az.data(), n, NB_EPS2);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = nbody_check(x, y, z, m, ax.data(), ay.data(), az.data(), n);
  bench_report(ms, 0, 20.0 * n * (double)n, sum);
  return 0;
}
