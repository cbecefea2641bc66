// Shared by the softmax_warp benchmarks: 16384 rows of 1024 floats, each row
// shifted by up to 120 (exp overflows in float unless the row maximum is
// subtracted first); the check against double precision over every element.
#pragma once
#include "bench_common.h"

#define SM_ROWS 16384
#define SM_COLS 1024

static void sm_inputs(std::vector<float> &x) {
  BenchRng rng(31);
  x.resize((size_t)SM_ROWS * SM_COLS);
  for (int r = 0; r < SM_ROWS; ++r)
    for (int c = 0; c < SM_COLS; ++c) x[(size_t)r * SM_COLS + c] = rng.uniform(-6, 6) + 8.0f * (r % 16);
}

// Every y[r][c] must be exp(x - max) / sum(exp(x - max)) of its row; returns
// sum over all elements of y * x (each row's expected x under its softmax).
static double sm_check(const std::vector<float> &x, const float *y) {
  double checksum = 0;
  std::vector<double> e(SM_COLS);
  for (int r = 0; r < SM_ROWS; ++r) {
    const float *xr = x.data() + (size_t)r * SM_COLS;
    const float *yr = y + (size_t)r * SM_COLS;
    double m = xr[0], s = 0;
    for (int c = 1; c < SM_COLS; ++c) m = xr[c] > m ? xr[c] : m;
    for (int c = 0; c < SM_COLS; ++c) s += e[c] = std::exp((double)xr[c] - m);
    for (int c = 0; c < SM_COLS; ++c) {
      const double want = e[c] / s;
      if (!bench_close(yr[c], want, 2e-5, 1e-12)) bench_fail("y[%d][%d] = %.9g, want %.9g", r, c, yr[c], want);
      checksum += (double)yr[c] * xr[c];
    }
  }
  return checksum;
}
