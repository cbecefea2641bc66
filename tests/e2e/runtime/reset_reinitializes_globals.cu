// cudaDeviceReset ends the device's state: on a GPU the module is loaded
// again on next use, so every __device__ and __constant__ variable has its
// initial value back. (Loom restores __managed__ variables too; an H200 with
// CUDA 13 kept their values, so neither answer is pinned by a test.) (Handles made before the reset are
// invalid; using one crashes a GPU's runtime, so Loom's error code for it is
// tested in the unit tests, not here.)
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"

__device__ int counter = 5;
__device__ float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};
__device__ int zeros[1000]; // zero-initialized: restored by clearing
__constant__ int scale[2] = {3, 7};
__managed__ int managed = 11;

__global__ void scribble() {
  if (threadIdx.x == 0)
    counter += 1;
  table[threadIdx.x] *= 2;
  zeros[threadIdx.x * 250 + 7] = 42;
  atomicAdd(&managed, 100);
}

__global__ void readBack(int *out) {
  out[0] = counter;
  out[1] = int(table[0] * 2) + int(table[3] * 2); // 3 + 9
  int z = 0;
  for (int i = 0; i < 1000; ++i)
    z |= zeros[i];
  out[2] = z;
  out[3] = scale[0] * scale[1];
  out[4] = managed;
}

int main() {
  scribble<<<1, 4>>>();
  int moved[2] = {30, 70};
  CHECK_CUDA(cudaMemcpyToSymbol(scale, moved, sizeof(moved)));
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(managed == 11 + 400);

  CHECK_CUDA(cudaDeviceReset());

  int *out;
  CHECK_CUDA(cudaMalloc(&out, 5 * sizeof(int)));
  readBack<<<1, 1>>>(out);
  int h[5];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  EXPECT(h[0] == 5);
  EXPECT(h[1] == 12);
  EXPECT(h[2] == 0);
  EXPECT(h[3] == 21);
  int fromSymbol = 0;
  CHECK_CUDA(cudaMemcpyFromSymbol(&fromSymbol, counter, sizeof(int)));
  EXPECT(fromSymbol == 5);
  CHECK_CUDA(cudaFree(out));
  std::printf("PASSED\n");
  return 0;
}
