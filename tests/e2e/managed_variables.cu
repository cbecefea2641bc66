// __managed__ variables: one storage shared by host code and kernels, with
// the static initializer visible on both sides, across several launches,
// plus cudaMemcpyToSymbol/FromSymbol and cudaGetSymbolAddress on them.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

__managed__ int counter = 5;
__managed__ float table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
struct Config {
  int scale;
  double offset;
};
__managed__ Config config = {3, 0.5};

__global__ void bump(int times) {
  for (int i = 0; i < times; ++i)
    atomicAdd(&counter, 1);
  if (threadIdx.x < 8)
    table[threadIdx.x] = table[threadIdx.x] * config.scale + (float)config.offset;
}

int main() {
  EXPECT(counter == 5 && table[3] == 4.0f && config.scale == 3); // host sees the initializer
  bump<<<1, 32>>>(2);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(counter == 5 + 64);
  for (int i = 0; i < 8; ++i)
    EXPECT(table[i] == (i + 1) * 3 + 0.5f);
  // Host writes are seen by the next kernel.
  counter = 100;
  config.scale = 1;
  config.offset = 0;
  bump<<<2, 16>>>(1);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(counter == 132);
  int viaSymbol = 0;
  CHECK_CUDA(cudaMemcpyFromSymbol(&viaSymbol, counter, sizeof(int)));
  EXPECT(viaSymbol == 132);
  int seven = 7;
  CHECK_CUDA(cudaMemcpyToSymbol(counter, &seven, sizeof(int)));
  EXPECT(counter == 7);
  int *addr = nullptr;
  CHECK_CUDA(cudaGetSymbolAddress((void **)&addr, counter));
  EXPECT(addr == &counter);
  std::printf("PASSED\n");
  return 0;
}
