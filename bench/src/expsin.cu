// out[i] = expf(a[i]) * sinf(b[i]), one element per thread: the thread loop
// calls the math library and vectorizes only through vector expf/sinf
// (glibc's libmvec). Run normally and with --loom-disable=vectorize
// (bench/run.py variant) to see what that buys.
#include <cuda_runtime.h>
#include "bench_common.h"

__global__ void expSin(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = expf(a[i]) * sinf(b[i]);
}

int main() {
  const int n = 1 << 23, iters = 20;
  std::vector<float> ha(n), hb(n), hout(n);
  BenchRng rng(5);
  for (int i = 0; i < n; ++i) { ha[i] = rng.uniform(-4, 4); hb[i] = rng.uniform(-10, 10); }
  float *a, *b, *out;
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(a, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(b, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int threads = 256, blocks = (n + threads - 1) / threads;
  expSin<<<blocks, threads>>>(a, b, out, n); // warm-up
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) expSin<<<blocks, threads>>>(a, b, out, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hout.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    double want = std::exp((double)ha[i]) * std::sin((double)hb[i]);
    if (!bench_close(hout[i], want, 1e-5, 1e-6)) bench_fail("out[%d] = %.9g, want %.9g", i, hout[i], want);
    sum += hout[i];
  }
  bench_report(ms, 3.0 * n * sizeof(float), 2.0 * n, sum);
  return 0;
}
