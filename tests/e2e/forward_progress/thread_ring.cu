// Thread-level producer/consumer in one block (issue #16 point 5): in each
// round every thread waits until its right-hand neighbour (thread t + 1,
// which Loom would run later) published the previous round, reads that
// value, and publishes its own. Every thread spins on a different flag
// (warp-divergent waits, no barrier), so only interleaving the threads at
// the waits finishes; the results are checked against a CPU reference.
// Block sizes: whole warps, a partial warp, a 2D block.
// RUN: %loomcc %s -o %t
// RUN: timeout 60 %t 64 | FileCheck %s
// RUN: timeout 60 %t 45 | FileCheck %s
// RUN: timeout 60 %t 2d | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial timeout 60 %t 96 | FileCheck %s
// CHECK: ring PASSED
#include "../Inputs/check.h"
#include <cstring>
#include <vector>

constexpr int Rounds = 5;

__global__ void ring(int *buf, int *ready) {
  int n = blockDim.x * blockDim.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int right = (t + 1) % n;
  volatile int *flag = ready;
  buf[t] = t * 7;
  __threadfence_block();
  flag[t] = 0;
  for (int r = 1; r < Rounds; ++r) {
    while (flag[right] < r - 1) {}
    __threadfence_block();
    buf[r * n + t] = buf[(r - 1) * n + right] * 3 + t;
    __threadfence_block();
    flag[t] = r;
  }
}

int main(int argc, char **argv) {
  dim3 block = std::strcmp(argc > 1 ? argv[1] : "", "2d") == 0
                   ? dim3(8, 6)
                   : dim3(blockSizeArg(argc, argv, 64));
  int n = block.x * block.y;
  int *buf, *ready;
  CHECK_CUDA(cudaMalloc(&buf, Rounds * n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&ready, n * sizeof(int)));
  CHECK_CUDA(cudaMemset(ready, 0xff, n * sizeof(int))); // -1: nothing yet
  ring<<<1, block>>>(buf, ready);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> got(Rounds * n), want(Rounds * n);
  CHECK_CUDA(cudaMemcpy(got.data(), buf, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t)
    want[t] = t * 7;
  for (int r = 1; r < Rounds; ++r)
    for (int t = 0; t < n; ++t)
      want[r * n + t] = want[(r - 1) * n + (t + 1) % n] * 3 + t;
  for (int i = 0; i < Rounds * n; ++i)
    if (got[i] != want[i]) {
      std::printf("ring FAILED at %d: %d, want %d\n", i, got[i], want[i]);
      return 1;
    }
  std::printf("ring PASSED\n");
  return 0;
}
