// Per-warp sum and maximum with __shfl_xor_sync butterflies over blocks of
// 100 threads: every block's last warp is partial (4 lanes), the case a
// kernel with warp collectives meets whenever blockDim.x is not a multiple
// of 32. __activemask() names the lanes present, as on a GPU. Bandwidth
// bound.
#include <cuda_runtime.h>
#include "bench_common.h"
#include "warp_stats_common.h"

__global__ void warpStats(const float *in, float *sums, float *maxima) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float s = in[blockIdx.x * WP_THREADS + threadIdx.x], m = s;
  const unsigned mask = __activemask();
  for (int o = 16; o > 0; o >>= 1) {
    // Lanes whose partner is absent keep their own value (shfl semantics):
    // add it only when the partner is there.
    float ps = __shfl_xor_sync(mask, s, o), pm = __shfl_xor_sync(mask, m, o);
    if (mask & (1u << (lane ^ o))) {
      s += ps;
      m = fmaxf(m, pm);
    }
  }
  if (lane == 0) {
    sums[blockIdx.x * WP_WARPS + warp] = s;
    maxima[blockIdx.x * WP_WARPS + warp] = m;
  }
}

int main() {
  const int blocks = 1 << 17, n = blocks * WP_THREADS, iters = 20;
  std::vector<float> hin(n), hs(blocks * WP_WARPS), hm(blocks * WP_WARPS);
  BenchRng rng(11);
  for (int i = 0; i < n; ++i) hin[i] = rng.uniform();
  float *in, *sums, *maxima;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&sums, hs.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&maxima, hm.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(in, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  warpStats<<<blocks, WP_THREADS>>>(in, sums, maxima); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) warpStats<<<blocks, WP_THREADS>>>(in, sums, maxima);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hs.data(), sums, hs.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hm.data(), maxima, hm.size() * sizeof(float), cudaMemcpyDeviceToHost));
  const double checksum = wpCheck(hin.data(), hs.data(), hm.data(), blocks);
  bench_report(ms, n * sizeof(float), 2.0 * n, checksum);
  return 0;
}
