// Stream compaction with one global counter: each thread keeps its element
// when it passes a test and appends it at out[atomicAdd(&count, 1)] (the
// naive GPU filter; the order of the output is unspecified). Bound by the
// atomics on one address: Loom gives a gang one atomic of its kept count and
// each lane its slot from a prefix over the lanes (docs/pipeline.md).
#include <cuda_runtime.h>
#include "bench_common.h"
#include "compact_common.h"

__global__ void compact(const int *in, int n, int *out, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && keep(in[i]))
    out[atomicAdd(count, 1)] = in[i];
}

int main() {
  const int n = 1 << 24, iters = 10;
  std::vector<int> h(n);
  compact_input(h);
  int *in, *out, *count;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&count, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int threads = 256, blocks = (n + threads - 1) / threads;
  auto run = [&]() {
    CUDA_CHECK(cudaMemset(count, 0, sizeof(int)));
    compact<<<blocks, threads>>>(in, n, out, count);
  };
  run(); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) run();
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  int m = 0;
  CUDA_CHECK(cudaMemcpy(&m, count, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> res(m > 0 ? m : 1);
  CUDA_CHECK(cudaMemcpy(res.data(), out, m * sizeof(int), cudaMemcpyDeviceToHost));
  double sum = compact_check(h, res.data(), m);
  bench_report(ms, (double)n * 4 + (double)m * 4, 0, sum);
  return 0;
}
