// Device printf with CUDA's formats; a failed device assert makes the next
// synchronizing call return cudaErrorAssert (sticky, as on a GPU).
// RUN: %loomcc %s -o %t
// RUN: %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ASSERT < %t.err
// CHECK-DAG: block 0 thread 0: int=-42 unsigned=42 hex=ff long=123456789012 char=Z
// CHECK-DAG: block 0 thread 0: float=1.50 double=2.250000 exp=1.0e+03 str=hello ptr-ok=1
// CHECK-DAG: block 1 thread 0: int=-42
// CHECK: assert status: cudaErrorAssert
// CHECK: PASSED
// ASSERT: printf_assert.cu:[[@LINE+15]]: void checkValue(int): block: [0,0,0], thread: [0,0,0] Assertion `value < 3` failed.
#include "Inputs/check.h"
#include <cassert>
#include <cstring>

__global__ void greet(const char *s, const int *p) {
  if (threadIdx.x == 0) {
    printf("block %d thread %d: int=%d unsigned=%u hex=%x long=%ld char=%c\n", blockIdx.x,
           threadIdx.x, -42, 42u, 255, 123456789012L, 'Z');
    if (blockIdx.x == 0)
      printf("block %d thread %d: float=%.2f double=%f exp=%.1e str=%s ptr-ok=%d\n", blockIdx.x,
             threadIdx.x, 1.5f, 2.25, 1000.0, s, p != nullptr);
  }
}

__global__ void checkValue(int value) { assert(value < 3); }

int main() {
  char *s;
  CHECK_CUDA(cudaMallocManaged(&s, 16));
  std::strcpy(s, "hello");
  int *p;
  CHECK_CUDA(cudaMalloc(&p, 4));
  greet<<<2, 4>>>(s, p);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::fflush(stdout);
  checkValue<<<1, 1>>>(1);
  CHECK_CUDA(cudaDeviceSynchronize());
  checkValue<<<1, 1>>>(7);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("assert status: %s\n", cudaGetErrorName(e));
  EXPECT(e == cudaErrorAssert);
  EXPECT(cudaMemcpy(p, p, 4, cudaMemcpyDeviceToDevice) == cudaErrorAssert);
  std::printf("PASSED\n");
  return 0;
}
