// Matrix transpose through a padded shared tile (`tile[32][33]`, no bank
// conflicts on a GPU), 32 x argv[1] thread blocks where each thread moves
// 32 / blockDim.y elements, sizes not multiples of 32 (float 100x67, and a
// double 33x1 and 1x65 edge case).
// RUN: %loomcc %s -o %t
// RUN: %t 8 | FileCheck %s
// RUN: %t 32 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 8 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 4 | FileCheck %s
// CHECK: float PASSED
// CHECK: double PASSED
#include "../Inputs/check.h"
#include <vector>

constexpr int TILE = 32;

template <typename T>
__global__ void transpose(const T *in, T *out, int rows, int cols) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x; // column of in
  int y = blockIdx.y * TILE + threadIdx.y; // row of in
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x; // column of out (= row of in)
  y = blockIdx.x * TILE + threadIdx.y; // row of out
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

template <typename T> static void check(int rows, int cols, int blockRows) {
  std::vector<T> h(rows * cols), r(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    h[i] = (T)(i * 3 + 1) / 2;
  T *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, h.size() * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&dout, h.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(dout, 0, h.size() * sizeof(T)));
  dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose<T><<<grid, dim3(TILE, blockRows)>>>(din, dout, rows, cols);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, r.size() * sizeof(T), cudaMemcpyDeviceToHost));
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      EXPECT(r[j * rows + i] == h[i * cols + j]);
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
}

int main(int argc, char **argv) {
  int blockRows = blockSizeArg(argc, argv, 8);
  check<float>(100, 67, blockRows);
  check<float>(32, 32, blockRows);
  std::printf("float PASSED\n");
  check<double>(33, 1, blockRows);
  check<double>(1, 65, blockRows);
  check<double>(45, 70, blockRows);
  std::printf("double PASSED\n");
  return 0;
}
