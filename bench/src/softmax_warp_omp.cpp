// Row-wise softmax, OpenMP baseline for softmax_warp: rows in parallel, and
// per row a simd max reduction, a simd pass that stores exp(x - max) into the
// output while summing it, and a simd pass that scales the row by 1 / sum (the
// 4 KiB row stays in L1, so a CPU programmer keeps the exponentials rather
// than recomputing them as the GPU kernel does).
#include "softmax_common.h"

static void softmax(const float *in, float *out, int rows, int cols) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; ++r) {
    const float *x = in + (size_t)r * cols;
    float *y = out + (size_t)r * cols;
    float m = x[0];
#pragma omp simd reduction(max : m)
    for (int c = 0; c < cols; ++c) m = x[c] > m ? x[c] : m;
    float s = 0.0f;
#pragma omp simd reduction(+ : s)
    for (int c = 0; c < cols; ++c) {
      y[c] = expf(x[c] - m);
      s += y[c];
    }
    const float inv = 1.0f / s;
#pragma omp simd
    for (int c = 0; c < cols; ++c) y[c] *= inv;
  }
}

int main() {
  const int rows = SM_ROWS, cols = SM_COLS, iters = 10;
  const size_t n = (size_t)rows * cols;
  std::vector<float> x, y(n);
  sm_inputs(x);
  softmax(x.data(), y.data(), rows, cols); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) softmax(x.data(), y.data(), rows, cols);
  double ms = (bench_now_ms() - t0) / iters;
  double sum = sm_check(x, y.data());
  bench_report(ms, 2.0 * n * sizeof(float), 5.0 * n, sum);
  return 0;
}
