// Element-wise transform staged through shared memory, as ported GPU code
// often does: each thread copies its element into s[tid], synchronizes,
// updates s[tid] in place, synchronizes and writes the result out, with
// defensive barriers at the start and end. Every barrier orders only a
// thread's own element, so Loom's barrier elimination removes them all and
// the kernel becomes one vectorizable thread loop. run.py also builds it with
// --loom-disable=barrier-elim and prints the ratio (bench/README.md).
#include <cuda_runtime.h>
#include "bench_common.h"

#define THREADS 256

__global__ void stage(int n, float a, float b, const float *__restrict__ x,
                      float *__restrict__ y) {
  __shared__ float s[THREADS];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  __syncthreads();
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  s[t] = a * s[t] + b;
  __syncthreads();
  if (i < n) y[i] = s[t] * s[t] - s[t];
  __syncthreads();
}

int main() {
  const int n = 1 << 23, iters = 20;
  const float a = 0.75f, b = -0.25f;
  std::vector<float> hx(n), out(n);
  BenchRng rng(7);
  for (int i = 0; i < n; ++i) hx[i] = rng.uniform(-1, 1);
  float *x, *y;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int blocks = (n + THREADS - 1) / THREADS;
  stage<<<blocks, THREADS>>>(n, a, b, x, y); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) stage<<<blocks, THREADS>>>(n, a, b, x, y);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(out.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double v = (double)a * hx[i] + b, want = v * v - v;
    if (!bench_close(out[i], want, 1e-5, 1e-5)) bench_fail("y[%d] = %g, want %g", i, out[i], want);
    sum += out[i];
  }
  bench_report(ms, 2.0 * n * sizeof(float), 4.0 * n, sum);
  return 0;
}
