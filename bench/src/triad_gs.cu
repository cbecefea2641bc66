// Vector triad a[i] = b[i] + s * c[i] written with a grid-stride loop, the
// way most CUDA since 2013 is taught: a fixed, modest grid (1024 blocks x 256
// threads) that does not depend on n, so every thread loops over 128 elements
// 262144 apart. 32M floats (4x triad's). Bandwidth bound.
#include <cuda_runtime.h>
#include "bench_common.h"

__global__ void triadGridStride(float *a, const float *b, const float *c, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = b[i] + s * c[i];
}

int main() {
  const int n = 1 << 25, iters = 20;
  const float s = 3.0f;
  std::vector<float> hb(n), hc(n), ha(n);
  BenchRng rng(1);
  for (int i = 0; i < n; ++i) { hb[i] = rng.uniform(-1, 1); hc[i] = rng.uniform(-1, 1); }
  float *a, *b, *c;
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&c, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(b, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(c, hc.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int threads = 256, blocks = 1024;
  triadGridStride<<<blocks, threads>>>(a, b, c, s, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) triadGridStride<<<blocks, threads>>>(a, b, c, s, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(ha.data(), a, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = (double)hb[i] + (double)s * hc[i];
    if (!bench_close(ha[i], want, 1e-6, 1e-6)) bench_fail("a[%d] = %g, want %g", i, ha[i], want);
    sum += ha[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
