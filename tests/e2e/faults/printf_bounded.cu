// Device printf output is bounded by cudaLimitPrintfFifoSize: a huge field
// width formats a bounded field at once (it took minutes and gigabytes).
// RUN: %loomcc %s -o %t
// RUN: %t > %t.out
// RUN: test $(wc -c < %t.out) -lt 20000
// RUN: FileCheck %s < %t.out
// CHECK: PASSED
#include "../Inputs/check.h"

__global__ void wide(int x) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    printf("%*d\n", 2000000000, x);
}

int main() {
  CHECK_CUDA(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4096));
  size_t limit = 0;
  CHECK_CUDA(cudaDeviceGetLimit(&limit, cudaLimitPrintfFifoSize));
  EXPECT(limit == 4096);
  wide<<<2, 32>>>(7);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("\nPASSED\n");
  return 0;
}
