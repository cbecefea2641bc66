// __launch_bounds__ reaches the runtime: cudaFuncGetAttributes reports the
// bound as maxThreadsPerBlock, the occupancy calculator never suggests more,
// and a launch with a larger block fails as on a GPU (too many resources
// requested), host- and device-side, while launches within it run.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: bounded 128 bounded2d 96 unbounded 1024
// CHECK: PASSED
#include "Inputs/check.h"

__global__ void __launch_bounds__(128, 4) bounded(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
__global__ void __launch_bounds__(96) bounded2d(int *p) {
  p[threadIdx.y * blockDim.x + threadIdx.x] = 2;
}
__global__ void unbounded(int *p) { p[threadIdx.x] = 3; }

int main() {
  cudaFuncAttributes a, b, c;
  CHECK_CUDA(cudaFuncGetAttributes(&a, bounded));
  CHECK_CUDA(cudaFuncGetAttributes(&b, bounded2d));
  CHECK_CUDA(cudaFuncGetAttributes(&c, unbounded));
  std::printf("bounded %d bounded2d %d unbounded %d\n", a.maxThreadsPerBlock,
              b.maxThreadsPerBlock, c.maxThreadsPerBlock);
  EXPECT(a.maxThreadsPerBlock == 128 && b.maxThreadsPerBlock == 96 &&
         c.maxThreadsPerBlock == 1024);

  int *d;
  CHECK_CUDA(cudaMalloc(&d, 1024 * sizeof(int)));
  CHECK_CUDA(cudaMemset(d, 0, 1024 * sizeof(int)));
  bounded<<<2, 256>>>(d); // over the bound: nothing runs
  EXPECT(cudaGetLastError() == cudaErrorLaunchOutOfResources);
  EXPECT(cudaGetLastError() == cudaSuccess); // not sticky
  bounded2d<<<1, dim3(16, 8)>>>(d);          // 128 > 96
  EXPECT(cudaPeekAtLastError() == cudaErrorLaunchOutOfResources);
  cudaGetLastError();
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[1024];
  CHECK_CUDA(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i)
    EXPECT(h[i] == 0);

  bounded<<<2, 128>>>(d);
  bounded2d<<<1, dim3(32, 3)>>>(d + 256);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 256 + 96; ++i)
    EXPECT(h[i] == (i < 256 ? 1 : 2));
  unbounded<<<1, 1024>>>(d); // overwrites [0, 1024) with 3
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 1024; ++i)
    EXPECT(h[i] == 3);

  int minGrid = 0, blockSize = 0;
  CHECK_CUDA(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, bounded, 0, 0));
  EXPECT(blockSize > 0 && blockSize <= 128);
  CHECK_CUDA(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, bounded2d, 0, 0));
  EXPECT(blockSize > 0 && blockSize <= 96);
  int blocks = -1;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bounded, 256, 0));
  EXPECT(blocks == 0);
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bounded, 128, 0));
  EXPECT(blocks > 0);
  CHECK_CUDA(cudaFree(d));
  std::printf("PASSED\n");
  return 0;
}
