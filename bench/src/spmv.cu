// Sparse matrix-vector product y = A x, CSR (scalar kernel: one thread per
// row), 1M rows, 16M nonzeros generated. Bandwidth bound.
#include <cuda_runtime.h>
#include "graph_common.h"

__global__ void spmvCsr(int rows, const int *rowPtr, const int *col, const float *val, const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0.0f;
    for (int e = rowPtr[row]; e < rowPtr[row + 1]; ++e) sum += val[e] * x[col[e]];
    y[row] = sum;
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
  int *rowPtr, *col;
  float *val, *x, *y;
  CUDA_CHECK(cudaMalloc(&rowPtr, (rows + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&col, nnz * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&val, nnz * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&x, rows * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, rows * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(rowPtr, hRow.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(col, hCol.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(val, hVal.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), rows * sizeof(float), cudaMemcpyHostToDevice));
  const int threads = 256, blocks = (rows + threads - 1) / threads;
  spmvCsr<<<blocks, threads>>>(rows, rowPtr, col, val, x, y); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) spmvCsr<<<blocks, threads>>>(rows, rowPtr, col, val, x, y);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hy.data(), y, rows * sizeof(float), cudaMemcpyDeviceToHost));
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
