// Sparse matrix-vector product y = A x, CSR, OpenMP baseline (rows in parallel).
#include "graph_common.h"

static void spmv(int rows, const int *rowPtr, const int *col, const float *val, const float *x, float *y) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; ++r) {
    float sum = 0.0f;
    for (int e = rowPtr[r]; e < rowPtr[r + 1]; ++e) sum += val[e] * x[col[e]];
    y[r] = sum;
  }
}

int main() {
  const int rows = 1 << 20, iters = 10;
  std::vector<int> hRow, hCol;
  std::vector<float> hVal, hx(rows), hy(rows);
  spmv_matrix(rows, hRow, hCol, hVal);
  const int nnz = hRow[rows];
  BenchRng rng(14);
  for (auto &v : hx) v = rng.uniform(-1, 1);
  spmv(rows, hRow.data(), hCol.data(), hVal.data(), hx.data(), hy.data()); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) spmv(rows, hRow.data(), hCol.data(), hVal.data(), hx.data(), hy.data());
  double ms = (bench_now_ms() - t0) / iters;
  double sum = 0;
  for (int r = 0; r < rows; ++r) {
    double want = 0, mag = 0;
    for (int e = hRow[r]; e < hRow[r + 1]; ++e) { want += (double)hVal[e] * hx[hCol[e]]; mag += std::fabs(hVal[e] * hx[hCol[e]]); }
    if (!bench_close(hy[r], want, 0, 1e-5 * mag + 1e-7)) bench_fail("y[%d] = %g, want %g", r, hy[r], want);
    sum += hy[r];
  }
  bench_report(ms, nnz * 8.0 + rows * 12.0, 2.0 * nnz, sum);
  return 0;
}
