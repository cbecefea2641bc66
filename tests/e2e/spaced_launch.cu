// nvcc accepts kernel launches written `k << < grid, block >> > (args)`
// (Rodinia's particlefilter does); template closers `>> >` elsewhere, and
// strings and comments that look alike, are left alone.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: << < in a string
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

template <typename T> struct Box { T v; };

__global__ void fill(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }

int main() {
  int *d;
  CHECK_CUDA(cudaMallocManaged(&d, 64 * sizeof(int)));
  fill << < 2, 32 >> > (d, 7); // a comment with << < and >> >
  int shift = 1 << 3;
  std::vector<Box<Box<int>> > nested(1);
  nested[0].v.v = shift;
  fill<< <dim3(1), dim3((unsigned)(shift * 4))>>
      >(d, nested[0].v.v);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("<< < in a string >> >\n");
  for (int i = 0; i < 64; ++i)
    EXPECT(d[i] == (i < 32 ? 8 : 7));
  std::printf("PASSED\n");
  return 0;
}
