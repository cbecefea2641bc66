// Forward progress between blocks (issue #16 point 5): block b waits for a
// flag that block b + 1 sets (a chain the serial scheduler, which runs
// blocks in order, could never finish), then passes on a value; block 0
// ends with the whole chain's sum. The grid is small (co-resident on a GPU,
// which is all CUDA promises for inter-block waits). Run under the serial
// scheduler and under the worker pool, launched directly and replayed from
// a captured graph; it stays an ordinary launch (grid.is_valid() is 0).
// Then a grid far larger than the resident limit in which each block waits
// for the block before it (a look-back, as CUB's single-pass scan does):
// blocks start in order, so this finishes at any size.
// RUN: %loomcc %s -o %t
// RUN: timeout 60 %t 4 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial timeout 60 %t 4 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial timeout 60 %t 16 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 timeout 60 %t 8 | FileCheck %s
// CHECK: chain PASSED
// CHECK: graph PASSED
// CHECK: lookback PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <cstdlib>

__global__ void chain(int *flag, int *value, int *valid) {
  int b = blockIdx.x;
  if (threadIdx.x == 0)
    atomicOr(valid, int(cooperative_groups::this_grid().is_valid()));
  volatile int *f = flag;
  if (b + 1 < gridDim.x) {
    if (threadIdx.x == 0)
      while (f[b + 1] == 0) {}
    __syncthreads();
  }
  int below = b + 1 < gridDim.x ? value[b + 1] : 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    value[b] = below + (b + 1) * 10;
    __threadfence();
    f[b] = 1;
  }
}

__global__ void lookback(int *flag, int *value) {
  volatile int *f = flag;
  int b = blockIdx.x;
  __shared__ int prev;
  if (threadIdx.x == 0) {
    prev = 0;
    if (b > 0) {
      while (f[b - 1] == 0) {}
      prev = value[b - 1];
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    value[b] = prev + b;
    __threadfence();
    f[b] = 1;
  }
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? std::atoi(argv[1]) : 4;
  int *flag, *value;
  CHECK_CUDA(cudaMalloc(&flag, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&value, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemset(flag, 0, blocks * sizeof(int)));
  int *valid;
  CHECK_CUDA(cudaMalloc(&valid, sizeof(int)));
  CHECK_CUDA(cudaMemset(valid, 0, sizeof(int)));
  chain<<<blocks, 64>>>(flag, value, valid);
  CHECK_CUDA(cudaDeviceSynchronize());
  int sum;
  CHECK_CUDA(cudaMemcpy(&sum, value, sizeof sum, cudaMemcpyDeviceToHost));
  int want = 10 * blocks * (blocks + 1) / 2;
  int anyValid;
  CHECK_CUDA(cudaMemcpy(&anyValid, valid, sizeof anyValid, cudaMemcpyDeviceToHost));
  EXPECT(anyValid == 0); // an ordinary launch, not a cooperative grid
  std::printf("chain %s (%d, want %d)\n", sum == want ? "PASSED" : "FAILED", sum, want);

  // The same launch captured in a graph (with the flags' reset), replayed.
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK_CUDA(cudaMemsetAsync(flag, 0, blocks * sizeof(int), s));
  chain<<<blocks, 64, 0, s>>>(flag, value, valid);
  CHECK_CUDA(cudaStreamEndCapture(s, &graph));
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < 3; ++r)
    CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int replayed;
  CHECK_CUDA(cudaMemcpy(&replayed, value, sizeof replayed, cudaMemcpyDeviceToHost));
  std::printf("graph %s (%d)\n", replayed == want ? "PASSED" : "FAILED", replayed);

  const int many = 512;
  int *flags, *values;
  CHECK_CUDA(cudaMalloc(&flags, many * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&values, many * sizeof(int)));
  CHECK_CUDA(cudaMemset(flags, 0, many * sizeof(int)));
  lookback<<<many, 256>>>(flags, values);
  CHECK_CUDA(cudaDeviceSynchronize());
  int last;
  CHECK_CUDA(cudaMemcpy(&last, values + many - 1, sizeof last, cudaMemcpyDeviceToHost));
  int wantLast = many * (many - 1) / 2;
  std::printf("lookback %s (%d, want %d)\n", last == wantLast ? "PASSED" : "FAILED", last,
              wantLast);
  return sum == want && replayed == want && last == wantLast ? 0 : 1;
}
