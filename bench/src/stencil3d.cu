// 3D 7-point Jacobi stencil on a 192^3 float grid, ping-pong buffers, one
// thread per point, 32 x 4 x 2 blocks. Bandwidth bound.
#include <cuda_runtime.h>
#include <utility>
#include "bench_common.h"

#define N3 192

__global__ void jacobi3d(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < n - 1 && y > 0 && y < n - 1 && z > 0 && z < n - 1) {
    const int sy = n, sz = n * n, i = z * sz + y * sy + x;
    out[i] = (1.0f / 7.0f) * (in[i] + in[i - 1] + in[i + 1] + in[i - sy] + in[i + sy] + in[i - sz] + in[i + sz]);
  }
}

static void reference(std::vector<float> &a, std::vector<float> &b, int n, int sweeps) {
  const int sy = n, sz = n * n;
  for (int s = 0; s < sweeps; ++s) {
    for (int z = 1; z < n - 1; ++z)
      for (int y = 1; y < n - 1; ++y)
        for (int x = 1; x < n - 1; ++x) {
          int i = z * sz + y * sy + x;
          b[i] = (1.0f / 7.0f) * (a[i] + a[i - 1] + a[i + 1] + a[i - sy] + a[i + sy] + a[i - sz] + a[i + sz]);
        }
    std::swap(a, b);
  }
}

int main() {
  const int n = N3, iters = 10;
  const size_t total = (size_t)n * n * n;
  std::vector<float> h(total);
  BenchRng rng(6);
  for (size_t i = 0; i < total; ++i) h[i] = rng.uniform(0, 1);
  float *a, *b;
  CUDA_CHECK(cudaMalloc(&a, total * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, total * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(a, h.data(), total * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(b, h.data(), total * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(32, 4, 2), grid((n + 31) / 32, (n + 3) / 4, (n + 1) / 2);
  jacobi3d<<<grid, block>>>(a, b, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) {
    jacobi3d<<<grid, block>>>(a, b, n);
    std::swap(a, b);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  std::vector<float> out(total), ref = h, tmp = h;
  CUDA_CHECK(cudaMemcpy(out.data(), a, total * sizeof(float), cudaMemcpyDeviceToHost));
  reference(ref, tmp, n, iters);
  double sum = 0;
  for (size_t i = 0; i < total; ++i) {
    if (!bench_close(out[i], ref[i], 1e-5, 1e-6)) bench_fail("u[%zu] = %g, want %g", i, out[i], ref[i]);
    sum += out[i];
  }
  const double pts = (double)(n - 2) * (n - 2) * (n - 2);
  bench_report(ms, 2.0 * total * sizeof(float), 7.0 * pts, sum);
  return 0;
}
