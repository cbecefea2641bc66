// __syncwarp() executed by one warp only while the other warps go straight
// to a __syncthreads(): the block barrier must wait for that warp.
// __syncwarp has its own marker (loom.barrier.warp), and the dispatcher runs
// groups waiting at warp-level synchronization before any group waiting at a
// __syncthreads, so warp 1 finishes its reduction first.
// RUN: %loomcc %s -o %t
// RUN: %t 128 | FileCheck %s
// RUN: %t 64 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 96 | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void oneWarpReduces(int *out) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  if (t >= 32 && t < 64) { // warp 1 only
    int lane = t - 32;
    for (int off = 16; off > 0; off /= 2) {
      int v = lane < off ? s[t + off] : 0;
      __syncwarp();
      if (lane < off)
        s[t] += v;
      __syncwarp();
    }
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[32];
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 128);
  EXPECT(n >= 64);
  const int blocks = 2;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, blocks * n * sizeof(int)));
  oneWarpReduces<<<blocks, n>>>(d);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> h(blocks * n);
  CHECK_CUDA(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int sum = 0;
  for (int t = 32; t < 64; ++t)
    sum += t;
  for (int i = 0; i < blocks * n; ++i) {
    if (h[i] != sum)
      std::printf("thread %d read %d, expected %d\n", i % n, h[i], sum);
    EXPECT(h[i] == sum);
  }
  std::printf("PASSED\n");
  CHECK_CUDA(cudaFree(d));
  return 0;
}
