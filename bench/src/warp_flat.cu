// Per-warp sum and maximum with __shfl_xor_sync butterflies in 16 x 16
// blocks: each warp is two rows of a block (warps are consecutive linear
// thread indices), the case of a 2D kernel that reduces with warp
// collectives. Bandwidth bound.
#include <cuda_runtime.h>
#include "warp_stats_common.h"

__global__ void warpStats2D(const float *in, float *sums, float *maxima) {
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  float s = in[i], m = s;
  for (int o = 16; o > 0; o >>= 1) {
    s += __shfl_xor_sync(0xffffffffu, s, o);
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  }
  if ((t & 31) == 0) {
    sums[i / 32] = s;
    maxima[i / 32] = m;
  }
}

int main() {
  const int blocks = 1 << 16, n = blocks * 256, iters = 20;
  std::vector<float> hin(n), hs(n / 32), hm(n / 32);
  BenchRng rng(12);
  for (int i = 0; i < n; ++i) hin[i] = rng.uniform();
  float *in, *sums, *maxima;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&sums, hs.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&maxima, hm.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(in, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 block(16, 16);
  warpStats2D<<<blocks, block>>>(in, sums, maxima); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) warpStats2D<<<blocks, block>>>(in, sums, maxima);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hs.data(), sums, hs.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hm.data(), maxima, hm.size() * sizeof(float), cudaMemcpyDeviceToHost));
  const double checksum = wfCheck(hin.data(), hs.data(), hm.data(), n / 32);
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
