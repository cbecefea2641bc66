// Inline PTX Loom cannot translate in device code no kernel reaches is not
// an error (nvcc compiles dead code too): the program builds and runs.
// RUN: %loomcc %s -o %t 2>&1 | FileCheck %s --allow-empty --check-prefix=BUILD
// RUN: %t | FileCheck %s
// BUILD-NOT: error
// CHECK: PASSED
#include <cstdio>
__device__ unsigned neverCalled(unsigned addr) {
  unsigned a;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(a) : "r"(addr));
  return a;
}
__device__ unsigned onlyFromNeverCalled(unsigned x) { return neverCalled(x) + 1; }
__device__ unsigned alsoDead(unsigned x) { return onlyFromNeverCalled(x); }
__global__ void kernel(unsigned *p) {
  unsigned r;
  asm("add.u32 %0, %1, 1;" : "=r"(r) : "r"(threadIdx.x));
  p[threadIdx.x] = r;
}
int main() {
  unsigned *p;
  cudaMallocManaged(&p, 32 * sizeof(unsigned));
  kernel<<<1, 32>>>(p);
  cudaDeviceSynchronize();
  for (unsigned i = 0; i < 32; ++i)
    if (p[i] != i + 1) {
      std::printf("FAILED at %u\n", i);
      return 1;
    }
  std::printf("PASSED\n");
  return 0;
}
