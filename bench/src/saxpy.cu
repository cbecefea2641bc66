// SAXPY y[i] = a * x[i] + y[i]. Bandwidth bound (read x, y; write y).
#include <cuda_runtime.h>
#include "bench_common.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 23, iters = 20;
  const float a = 0.5f; // y stays bounded: y_k = a*x + y_{k-1} grows linearly, iterations are few
  std::vector<float> hx(n), hy(n), out(n);
  BenchRng rng(2);
  for (int i = 0; i < n; ++i) { hx[i] = rng.uniform(-1, 1); hy[i] = rng.uniform(-1, 1); }
  float *x, *y;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int threads = 256, blocks = (n + threads - 1) / threads;
  saxpy<<<blocks, threads>>>(n, a, x, y); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) saxpy<<<blocks, threads>>>(n, a, x, y);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(out.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = hy[i] + (iters + 1.0) * a * hx[i];
    if (!bench_close(out[i], want, 1e-4, 1e-4)) bench_fail("y[%d] = %g, want %g", i, out[i], want);
    sum += out[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
