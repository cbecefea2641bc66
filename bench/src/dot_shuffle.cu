// Dot product: grid-stride partial sums, warp-shuffle reduction
// (__shfl_down_sync), one shared slot per warp, the first warp reduces those;
// per-block partials summed on the host. Bandwidth bound.
#include <cuda_runtime.h>
#include "bench_common.h"

#define THREADS 256

__device__ __forceinline__ float warpReduceSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void dot(const float *x, const float *y, float *partial, int n) {
  __shared__ float warpSums[THREADS / 32];
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += x[i] * y[i];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  sum = warpReduceSum(sum);
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < blockDim.x / 32 ? warpSums[lane] : 0.0f;
    sum = warpReduceSum(sum);
    if (lane == 0) partial[blockIdx.x] = sum;
  }
}

int main() {
  const int n = 1 << 24, iters = 20, blocks = 1024;
  std::vector<float> hx(n), hy(n), hp(blocks);
  BenchRng rng(3);
  for (int i = 0; i < n; ++i) { hx[i] = rng.uniform(); hy[i] = rng.uniform(); }
  float *x, *y, *partial;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&partial, blocks * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  auto run = [&]() {
    dot<<<blocks, THREADS>>>(x, y, partial, n);
    CUDA_CHECK(cudaMemcpy(hp.data(), partial, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    double s = 0;
    for (int b = 0; b < blocks; ++b) s += hp[b];
    return s;
  };
  double result = run(); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) result = run();
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  double want = 0;
  for (int i = 0; i < n; ++i) want += (double)hx[i] * hy[i];
  if (!bench_close(result, want, 1e-5, 0)) bench_fail("dot = %.9g, want %.9g", result, want);
  bench_report(ms, 2.0 * n * sizeof(float), 2.0 * n, result);
  return 0;
}
