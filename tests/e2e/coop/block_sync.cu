// thread_block::sync(), cg::sync(block) and sync() through a generic
// thread_group handle ordering shared memory: a reversal, and a loop of
// neighbour averaging (Jacobi steps) that needs a barrier between reading
// and writing. 100 threads is not a multiple of 32.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 100 | FileCheck %s
// CHECK: reverse PASSED
// CHECK: jacobi PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

__global__ void reverse(int *data) {
  extern __shared__ int s[];
  cg::thread_block block = cg::this_thread_block();
  int n = block.size(), t = block.thread_rank();
  int *mine = data + block.group_index().x * n;
  s[t] = mine[t];
  block.sync();
  mine[t] = s[n - 1 - t];
}

__global__ void jacobi(float *data, int steps) {
  __shared__ float a[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group g = block; // generic handle: sync() is a block barrier
  int n = block.size(), t = block.thread_rank();
  a[t] = data[t];
  cg::sync(block);
  for (int k = 0; k < steps; ++k) {
    float left = t > 0 ? a[t - 1] : a[t], right = t < n - 1 ? a[t + 1] : a[t];
    float v = (left + a[t] + right) / 3.0f;
    g.sync();
    a[t] = v;
    cg::thread_block::sync();
  }
  data[t] = a[t];
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int blocks = 9;
  int *d;
  CHECK_CUDA(cudaMallocManaged(&d, blocks * threads * sizeof(int)));
  for (int i = 0; i < blocks * threads; ++i)
    d[i] = i * 3 + 1;
  reverse<<<blocks, threads, threads * sizeof(int)>>>(d);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t)
      EXPECT(d[b * threads + t] == (b * threads + threads - 1 - t) * 3 + 1);
  std::printf("reverse PASSED\n");

  const int steps = 20;
  float *f;
  CHECK_CUDA(cudaMallocManaged(&f, threads * sizeof(float)));
  std::vector<float> ref(threads);
  for (int t = 0; t < threads; ++t)
    f[t] = ref[t] = (t * 17) % 23;
  jacobi<<<1, threads>>>(f, steps);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int k = 0; k < steps; ++k) {
    std::vector<float> next(threads);
    for (int t = 0; t < threads; ++t) {
      float left = t > 0 ? ref[t - 1] : ref[t], right = t < threads - 1 ? ref[t + 1] : ref[t];
      next[t] = (left + ref[t] + right) / 3.0f;
    }
    ref = next;
  }
  for (int t = 0; t < threads; ++t)
    EXPECT(close(f[t], ref[t], 1e-5));
  std::printf("jacobi PASSED\n");
  return 0;
}
