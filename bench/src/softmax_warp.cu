// Row-wise softmax, one warp per row (8 rows per 256-thread block): each lane
// strides over the 1024-float row (c = lane, lane + 32, ...), the row maximum
// and the sum of exp(x - max) are reduced with __shfl_xor_sync butterflies
// (every lane ends with the total), then each lane writes its elements as
// exp(x - max) / sum, recomputing the exponential rather than storing it.
// Bandwidth bound (one read of the row per pass, from cache after the first).
#include <cuda_runtime.h>
#include "softmax_common.h"

#define THREADS 256
#define FULL 0xffffffffu

__global__ void softmaxWarp(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (row >= rows) return; // whole warps leave together
  const float *x = in + (size_t)row * cols;
  float *y = out + (size_t)row * cols;
  float m = -INFINITY;
  for (int c = lane; c < cols; c += 32) m = fmaxf(m, x[c]);
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(FULL, m, o));
  float s = 0.0f;
  for (int c = lane; c < cols; c += 32) s += expf(x[c] - m);
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL, s, o);
  const float inv = 1.0f / s;
  for (int c = lane; c < cols; c += 32) y[c] = expf(x[c] - m) * inv;
}

int main() {
  const int rows = SM_ROWS, cols = SM_COLS, iters = 10;
  const size_t n = (size_t)rows * cols;
  std::vector<float> hx, hy(n);
  sm_inputs(hx);
  float *x, *y;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int rowsPerBlock = THREADS / 32, blocks = (rows + rowsPerBlock - 1) / rowsPerBlock;
  softmaxWarp<<<blocks, THREADS>>>(x, y, rows, cols); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) softmaxWarp<<<blocks, THREADS>>>(x, y, rows, cols);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = sm_check(hx, hy.data());
  bench_report(ms, 2.0 * n * sizeof(float), 5.0 * n, sum);
  return 0;
}
