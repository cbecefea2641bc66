// 256-bin histogram of 16M bytes: per-block histogram in shared memory with
// shared atomicAdd, grid-stride input loop, merged with global atomicAdd.
// Bandwidth/atomic bound.
#include <cuda_runtime.h>
#include "bench_common.h"

#define BINS 256

__global__ void histogram(const unsigned char *data, int n, unsigned int *hist) {
  __shared__ unsigned int local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&hist[b], local[b]);
}

int main() {
  const int n = 1 << 24, iters = 5;
  std::vector<unsigned char> h(n);
  BenchRng rng(9);
  for (int i = 0; i < n; ++i) h[i] = (unsigned char)((rng.below(256) + rng.below(256)) / 2); // triangular
  unsigned char *data;
  unsigned int *hist;
  CUDA_CHECK(cudaMalloc(&data, n));
  CUDA_CHECK(cudaMalloc(&hist, BINS * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(data, h.data(), n, cudaMemcpyHostToDevice));
  const int threads = 256, blocks = 256;
  auto run = [&]() {
    CUDA_CHECK(cudaMemset(hist, 0, BINS * sizeof(unsigned)));
    histogram<<<blocks, threads>>>(data, n, hist);
  };
  run(); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) run();
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  std::vector<unsigned> out(BINS), want(BINS, 0);
  CUDA_CHECK(cudaMemcpy(out.data(), hist, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) want[h[i]]++;
  double sum = 0;
  for (int b = 0; b < BINS; ++b) {
    if (out[b] != want[b]) bench_fail("hist[%d] = %u, want %u", b, out[b], want[b]);
    sum += (double)out[b] * (b + 1);
  }
  bench_report(ms, (double)n, 0, sum);
  return 0;
}
