// cuda_occupancy.h (Thrust includes it): the header-only calculator, fed
// with cudaGetDeviceProperties and cudaFuncGetAttributes, gives the answers
// of the runtime's own occupancy queries (one residency model).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cuda_occupancy.h>

__global__ void plain(float *p) { p[threadIdx.x] = 1.0f; }
__global__ void withShared(float *p) {
  __shared__ float s[4096];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

template <typename K> static void compare(K kernel, size_t dynamicShared) {
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  cudaFuncAttributes attr;
  CHECK_CUDA(cudaFuncGetAttributes(&attr, kernel));
  cudaOccDeviceProp occProp(prop);
  cudaOccFuncAttributes occAttr(attr);
  cudaOccDeviceState state;
  const int sizes[] = {32, 96, 128, 256, 1000, 1024};
  for (int block : sizes) {
    int expect;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&expect, kernel, block, dynamicShared));
    cudaOccResult result;
    EXPECT(cudaOccMaxActiveBlocksPerMultiprocessor(&result, &occProp, &occAttr, &state, block,
                                                   dynamicShared) == CUDA_OCC_SUCCESS);
    EXPECT(result.activeBlocksPerMultiprocessor == expect);
    EXPECT(result.limitingFactors != 0);
  }
  int minGrid, block, expectGrid, expectBlock;
  CHECK_CUDA(cudaOccupancyMaxPotentialBlockSize(&expectGrid, &expectBlock, kernel, dynamicShared));
  EXPECT(cudaOccMaxPotentialOccupancyBlockSize(&minGrid, &block, &occProp, &occAttr, &state,
                                               nullptr, dynamicShared) == CUDA_OCC_SUCCESS);
  EXPECT(block == expectBlock);
  EXPECT(minGrid == expectGrid);
}

int main() {
  compare(plain, 0);
  compare(withShared, 0);
  compare(plain, 48 * 1024);
  cudaOccResult result;
  cudaOccDeviceProp prop;
  cudaOccFuncAttributes attr;
  EXPECT(cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, nullptr, 0, 0) ==
         CUDA_OCC_ERROR_INVALID_INPUT);
  std::printf("PASSED\n");
  return 0;
}
