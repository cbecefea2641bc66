// Layer normalization, OpenMP baseline for layernorm: rows in parallel, per
// row a simd reduction of the sum and the sum of squares, then a simd pass
// that normalizes with gamma and beta.
#include "layernorm_common.h"

static void layerNorm(const float *x, const float *gamma, const float *beta, float *y,
                      int rows, int cols, float eps) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; ++r) {
    const float *xr = x + (size_t)r * cols;
    float *yr = y + (size_t)r * cols;
    float sum = 0.0f, sq = 0.0f;
#pragma omp simd reduction(+ : sum, sq)
    for (int c = 0; c < cols; ++c) {
      sum += xr[c];
      sq += xr[c] * xr[c];
    }
    const float mean = sum / cols;
    const float var = std::fmax(sq / cols - mean * mean, 0.0f);
    const float rstd = 1.0f / std::sqrt(var + eps);
#pragma omp simd
    for (int c = 0; c < cols; ++c) yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
  }
}

int main() {
  const int rows = LN_ROWS, cols = LN_COLS, iters = 10;
  const size_t n = (size_t)rows * cols;
  std::vector<float> x, gamma, beta, y(n);
  ln_inputs(x, gamma, beta);
  layerNorm(x.data(), gamma.data(), beta.data(), y.data(), rows, cols, LN_EPS); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) layerNorm(x.data(), gamma.data(), beta.data(), y.data(), rows, cols, LN_EPS);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = ln_check(x, gamma, beta, y.data());
  bench_report(ms, 2.0 * n * sizeof(float) + 2.0 * cols * sizeof(float), 8.0 * n, sum);
  return 0;
}
