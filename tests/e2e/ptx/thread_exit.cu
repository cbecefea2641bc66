// PTX `exit` (CUB's ThreadExit) ends the calling thread as a return from the
// kernel would: stores after it never happen, guarded `@p exit` leaves only
// the threads whose predicate holds, and the remaining threads still meet at
// later barriers (CUDA lets exited threads drop out of __syncthreads).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"

__device__ __forceinline__ void threadExit() { asm volatile("exit;"); }

__global__ void exits(int *out, int *count) {
  __shared__ int survivors;
  int t = threadIdx.x;
  if (t == 0)
    survivors = 0;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = 1;
  if (t % 3 == 0) {
    threadExit();
    out[blockIdx.x * blockDim.x + t] = 2; // never runs
  }
  // Threads with t % 4 == 1 leave through a guarded exit.
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %0, 1; @p exit; }" ::"r"(t % 4));
  atomicAdd(&survivors, 1);
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = 3;
  if (t % 3 == 2)
    count[blockIdx.x] = survivors;
}

int main() {
  const int blocks = 3, threads = 96;
  int *out, *count;
  CHECK_CUDA(cudaMallocManaged(&out, blocks * threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&count, blocks * sizeof(int)));
  exits<<<blocks, threads>>>(out, count);
  CHECK_CUDA(cudaDeviceSynchronize());
  int alive = 0;
  for (int t = 0; t < threads; ++t)
    alive += t % 3 != 0 && t % 4 != 1;
  for (int b = 0; b < blocks; ++b) {
    EXPECT(count[b] == alive);
    for (int t = 0; t < threads; ++t) {
      int expect = t % 3 == 0 || t % 4 == 1 ? 1 : 3;
      EXPECT(out[b * threads + t] == expect);
    }
  }
  std::printf("PASSED\n");
  return 0;
}
