// Host code of .cu files can use what NVIDIA's headers make available
// without an include: min/max on ints, unsigned and floats, time().
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

static int hostWork(int a, int b) { return max(a, b) - min(a, b); }

int main() {
  EXPECT(hostWork(3, 10) == 7);
  EXPECT(max(2u, 9u) == 9u && min(1.5f, -2.0f) == -2.0f && max(1.0, 4.0) == 4.0);
  EXPECT(time(NULL) > 0);
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  EXPECT(prop.maxTexture1DLinear > 0 && prop.maxTexture2D[0] > 0); // programs check these
  std::printf("PASSED\n");
  return 0;
}
