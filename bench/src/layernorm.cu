// Layer normalization, one 256-thread block per 4096-float row: each thread
// accumulates the sum and the sum of squares of its strided elements
// (c = threadIdx.x, + 256, ...), the block reduces both through __shared__
// arrays with a halving tree (__syncthreads() after each step), every thread
// derives mean and 1/sqrt(var + eps) from slot 0, then normalizes its
// elements with gamma and beta. Bandwidth bound.
#include <cuda_runtime.h>
#include "layernorm_common.h"

#define THREADS 256

__global__ void layerNorm(const float *__restrict__ x, const float *__restrict__ gamma,
                          const float *__restrict__ beta, float *__restrict__ y, int cols, float eps) {
  __shared__ float sSum[THREADS];
  __shared__ float sSq[THREADS];
  const int tid = threadIdx.x;
  const float *xr = x + (size_t)blockIdx.x * cols;
  float *yr = y + (size_t)blockIdx.x * cols;
  float sum = 0.0f, sq = 0.0f;
  for (int c = tid; c < cols; c += blockDim.x) {
    const float v = xr[c];
    sum += v;
    sq += v * v;
  }
  sSum[tid] = sum;
  sSq[tid] = sq;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sSum[tid] += sSum[tid + s];
      sSq[tid] += sSq[tid + s];
    }
    __syncthreads();
  }
  const float mean = sSum[0] / cols;
  const float var = fmaxf(sSq[0] / cols - mean * mean, 0.0f);
  const float rstd = rsqrtf(var + eps);
  for (int c = tid; c < cols; c += blockDim.x) yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}

int main() {
  const int rows = LN_ROWS, cols = LN_COLS, iters = 10;
  const size_t n = (size_t)rows * cols;
  std::vector<float> hx, hg, hb, hy(n);
  ln_inputs(hx, hg, hb);
  float *x, *gamma, *beta, *y;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&gamma, cols * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&beta, cols * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(gamma, hg.data(), cols * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(beta, hb.data(), cols * sizeof(float), cudaMemcpyHostToDevice));
  layerNorm<<<rows, THREADS>>>(x, gamma, beta, y, cols, LN_EPS); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) layerNorm<<<rows, THREADS>>>(x, gamma, beta, y, cols, LN_EPS);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = ln_check(hx, hg, hb, hy.data());
  bench_report(ms, 2.0 * n * sizeof(float) + 2.0 * cols * sizeof(float), 8.0 * n, sum);
  return 0;
}
