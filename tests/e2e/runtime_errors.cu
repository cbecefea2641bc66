// Invalid launches and API misuse return CUDA's error codes and never crash.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <string>

__global__ void touch(int *flag) { *flag = 1; }

static void expectLaunchRejected(dim3 grid, dim3 block, size_t shmem, int *flag) {
  CHECK_CUDA(cudaMemset(flag, 0, sizeof(int)));
  touch<<<grid, block, shmem>>>(flag);
  EXPECT(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
  EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
  EXPECT(cudaGetLastError() == cudaSuccess); // not sticky
  CHECK_CUDA(cudaDeviceSynchronize());
  int h = -1;
  CHECK_CUDA(cudaMemcpy(&h, flag, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(h == 0); // the kernel did not run
}

int main() {
  int *flag;
  CHECK_CUDA(cudaMalloc(&flag, sizeof(int)));
  expectLaunchRejected(dim3(1), dim3(1025), 0, flag);      // too many threads
  expectLaunchRejected(dim3(1), dim3(64, 32), 0, flag);    // 2048 threads
  expectLaunchRejected(dim3(1), dim3(1, 1, 65), 0, flag);  // z > 64
  expectLaunchRejected(dim3(0), dim3(32), 0, flag);        // zero grid
  expectLaunchRejected(dim3(1), dim3(0), 0, flag);         // zero block
  expectLaunchRejected(dim3(1, 65536), dim3(32), 0, flag); // grid y too large
  expectLaunchRejected(dim3(1), dim3(32), 1u << 30, flag); // shared memory too large

  // A valid launch still works afterwards.
  touch<<<1, 1>>>(flag);
  CHECK_CUDA(cudaGetLastError());
  int h = 0;
  CHECK_CUDA(cudaMemcpy(&h, flag, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(h == 1);

  // Memory API misuse.
  int local = 0;
  EXPECT(cudaFree(&local) == cudaErrorInvalidValue);
  EXPECT(cudaFree(nullptr) == cudaSuccess);
  EXPECT(cudaMemcpy(nullptr, flag, 4, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  EXPECT(cudaMemcpy(&h, flag, 4, (cudaMemcpyKind)42) == cudaErrorInvalidMemcpyDirection);
  void *huge = nullptr;
  EXPECT(cudaMalloc(&huge, (size_t)1 << 62) == cudaErrorMemoryAllocation);
  EXPECT(cudaMalloc(nullptr, 16) == cudaErrorInvalidValue);
  EXPECT(cudaSetDevice(7) == cudaErrorInvalidDevice);
  int count = 0;
  CHECK_CUDA(cudaGetDeviceCount(&count));
  EXPECT(count == 1);
  EXPECT(std::string(cudaGetErrorName(cudaErrorInvalidConfiguration)) ==
         "cudaErrorInvalidConfiguration");
  (void)cudaGetLastError();
  CHECK_CUDA(cudaFree(flag));
  std::printf("PASSED\n");
  return 0;
}
