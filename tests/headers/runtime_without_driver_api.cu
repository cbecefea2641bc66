// NVIDIA's cuda_runtime.h (which nvcc includes implicitly) does not include
// cuda.h: the driver API's names belong to programs that include cuda.h, and
// programs written for nvcc may use them for their own purposes. Loom's
// runtime header must not declare them either (on the host or device side).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: not %loomcc -DWITH_CUDA_H -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CLASH
// CHECK: own cuMemGetInfo 42 7
// CHECK: PASSED
// CLASH: error: typedef redefinition with different types
#include <cuda_runtime.h>
#include <cstdio>
#ifdef WITH_CUDA_H
#include <cuda.h>
#endif

#if defined(__cuda_cuda_h__) && !defined(WITH_CUDA_H)
#error "cuda_runtime.h included cuda.h"
#endif

// Names cuda.h would declare differently.
typedef long CUresult;
typedef long cuuint32_t;
enum { CUDA_SUCCESS = 42 };
static CUresult cuMemGetInfo(int *value) {
  *value = 7;
  return CUDA_SUCCESS;
}

__global__ void popcounts(unsigned *out) {
  // Device code still has clang's intrinsics (which use cuuint32_t).
  out[threadIdx.x] = __popc(threadIdx.x) + __activemask() * 0u;
}

int main() {
  int value = 0;
  CUresult r = cuMemGetInfo(&value);
  std::printf("own cuMemGetInfo %ld %d\n", r, value);
  unsigned *d, h[32];
  cudaMalloc(&d, sizeof h);
  popcounts<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  for (unsigned i = 0; i < 32; ++i)
    if (h[i] != (unsigned)__builtin_popcount(i)) {
      std::printf("FAILED at %u\n", i);
      return 1;
    }
  std::printf("PASSED\n");
  return 0;
}
