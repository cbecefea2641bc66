// Shared by the layernorm benchmarks: 8192 rows of 4096 floats, each row with
// its own scale and shift, per-column gamma and beta; the check against
// double precision over every element.
#pragma once
#include "bench_common.h"

#define LN_ROWS 8192
#define LN_COLS 4096
#define LN_EPS 1e-5f

static void ln_inputs(std::vector<float> &x, std::vector<float> &gamma, std::vector<float> &beta) {
  BenchRng rng(41);
  x.resize((size_t)LN_ROWS * LN_COLS);
  gamma.resize(LN_COLS);
  beta.resize(LN_COLS);
  for (int c = 0; c < LN_COLS; ++c) { gamma[c] = rng.uniform(0.5f, 1.5f); beta[c] = rng.uniform(-0.5f, 0.5f); }
  for (int r = 0; r < LN_ROWS; ++r) {
    const float scale = rng.uniform(0.5f, 2.0f), shift = rng.uniform(-1, 1);
    for (int c = 0; c < LN_COLS; ++c) x[(size_t)r * LN_COLS + c] = shift + scale * rng.uniform(-1, 1);
  }
}

// y[r][c] must be (x - mean) / sqrt(var + eps) * gamma[c] + beta[c] with the
// row's mean and (biased) variance; returns sum(y * (c % 7 + 1)).
static double ln_check(const std::vector<float> &x, const std::vector<float> &gamma,
                       const std::vector<float> &beta, const float *y) {
  double checksum = 0;
  for (int r = 0; r < LN_ROWS; ++r) {
    const float *xr = x.data() + (size_t)r * LN_COLS;
    const float *yr = y + (size_t)r * LN_COLS;
    double mean = 0, var = 0;
    for (int c = 0; c < LN_COLS; ++c) mean += xr[c];
    mean /= LN_COLS;
    for (int c = 0; c < LN_COLS; ++c) var += (xr[c] - mean) * (xr[c] - mean);
    var /= LN_COLS;
    const double rstd = 1.0 / std::sqrt(var + LN_EPS);
    for (int c = 0; c < LN_COLS; ++c) {
      const double want = (xr[c] - mean) * rstd * gamma[c] + beta[c];
      if (!bench_close(yr[c], want, 1e-4, 1e-4)) bench_fail("y[%d][%d] = %.9g, want %.9g", r, c, yr[c], want);
      checksum += (double)yr[c] * (c % 7 + 1);
    }
  }
  return checksum;
}
