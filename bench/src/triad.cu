// Vector triad a[i] = b[i] + s * c[i] (STREAM triad in float). Bandwidth bound.
#include <cuda_runtime.h>
#include "bench_common.h"

__global__ void triad(float *a, const float *b, const float *c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

int main() {
  const int n = 1 << 23, iters = 20;
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
  const int threads = 256, blocks = (n + threads - 1) / threads;
  triad<<<blocks, threads>>>(a, b, c, s, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) triad<<<blocks, threads>>>(a, b, c, s, n);
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
