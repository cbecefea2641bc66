// Special registers read through inline PTX (`mov.u32 %0, %laneid;` as real
// code writes it), %warpid, %globaltimer, clock64(), __nanosleep.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

__device__ unsigned laneId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}
__device__ unsigned warpId() {
  unsigned id;
  asm("mov.u32 %0, %%warpid;" : "=r"(id));
  return id;
}
__device__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void regs(unsigned *lane, unsigned *warp, unsigned long long *times, long long *clk) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  lane[t] = laneId();
  warp[t] = warpId();
  long long c0 = clock64();
  unsigned long long g0 = globalTimer();
  __nanosleep(100);
  times[t] = globalTimer() - g0 + 1;
  clk[t] = clock64() - c0;
}

int main() {
  dim3 block(16, 6);
  int n = block.x * block.y;
  unsigned *lane, *warp;
  unsigned long long *times;
  long long *clk;
  CHECK_CUDA(cudaMallocManaged(&lane, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&warp, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&times, n * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMallocManaged(&clk, n * sizeof(long long)));
  regs<<<1, block>>>(lane, warp, times, clk);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < n; ++t) {
    EXPECT(lane[t] == (unsigned)t % 32);
    EXPECT(warp[t] == (unsigned)t / 32);
    EXPECT(times[t] >= 1 && times[t] < 1000000000ull); // monotonic-ish, < 1 s
    EXPECT(clk[t] >= 0);
  }
  std::printf("PASSED\n");
  return 0;
}
