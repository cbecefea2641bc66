// A fault in kernel code (out-of-bounds, null, use after free, a shared index
// far out of range, deep recursion) fails the launch with a sticky error at
// the next synchronization, as on a GPU: the process lives, the device
// printf output before the fault is there, stderr names the kernel, block
// and address, and later calls return the sticky error.
// A sanitizer's runtime keeps freed memory mapped (quarantine) and handles
// the signals itself first.
// UNSUPPORTED: sanitized-runtime
// RUN: %loomcc %s -o %t
// RUN: %t null 2> %t.null.err | FileCheck %s --check-prefix=NULL
// RUN: FileCheck %s --check-prefix=NULL-ERR < %t.null.err
// RUN: %t far 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: %t freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: %t shared 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: %t recursion 2>&1 | FileCheck %s --check-prefix=RECURSION
// RUN: env LOOM_SCHEDULER=serial %t null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: env LOOM_SCHEDULER=serial %t recursion 2>&1 | FileCheck %s --check-prefix=RECURSION
// RUN: env LOOM_RUN_INLINE=0 %t far 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: %t async-host 2>&1 | FileCheck %s --check-prefix=ASYNC
// NULL: before the fault
// NULL: status cudaErrorIllegalAddress
// NULL: PASSED
// (Every block of the launch faults; which one a worker reaches first varies.)
// NULL-ERR: loom: kernel storeThrough(int*) faulted: SIGSEGV: address (nil) is not mapped, in block ({{[0-3]}},0,0){{.*}}; cudaErrorIllegalAddress (sticky)
// FAR: loom: kernel storeThrough(int*) faulted: SIGSEGV
// FAR: status cudaErrorIllegalAddress
// FAR: PASSED
// FREED: status cudaErrorIllegalAddress
// FREED: PASSED
// SHARED: loom: kernel sharedFar(int*, int) faulted
// SHARED: status cudaErrorIllegalAddress
// SHARED: PASSED
// RECURSION: loom: kernel recurse(int*, int) faulted: SIGSEGV: stack overflow
// RECURSION: status cudaErrorLaunchFailure
// RECURSION: PASSED
// ASYNC: loom: an asynchronous copy faulted (SIGSEGV: address 0x10 is not mapped)
// ASYNC: status cudaErrorIllegalAddress
// ASYNC: PASSED
#include "../Inputs/check.h"
#include <cstring>
#include <string>

__global__ void storeThrough(int *p) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    printf("before the fault\n");
  p[threadIdx.x] = 1;
}

__global__ void sharedFar(int *out, int far) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x + far];
}

__device__ int depth(volatile int *p, int n) {
  volatile int local[64];
  local[n & 63] = n;
  if (n == 0)
    return local[0];
  return depth(p, n - 1) + local[(n * 7) & 63] + p[0];
}

__global__ void recurse(int *out, int n) { out[threadIdx.x] = depth(out, n); }

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "";
  int *good;
  CHECK_CUDA(cudaMalloc(&good, 1024 * sizeof(int)));
  CHECK_CUDA(cudaMemset(good, 0, 1024 * sizeof(int)));
  cudaError_t expected = cudaErrorIllegalAddress;
  if (mode == "null") {
    storeThrough<<<4, 64>>>(nullptr);
  } else if (mode == "far") {
    storeThrough<<<4, 64>>>(good + (size_t(1) << 44));
  } else if (mode == "freed") {
    // Large enough to be returned to the system when freed.
    int *big;
    CHECK_CUDA(cudaMalloc(&big, size_t(256) << 20));
    CHECK_CUDA(cudaFree(big));
    storeThrough<<<4, 64>>>(big);
  } else if (mode == "shared") {
    sharedFar<<<2, 64>>>(good, 1 << 30);
  } else if (mode == "recursion") {
    recurse<<<1, 1>>>(good, 100000000);
    expected = cudaErrorLaunchFailure;
  } else if (mode == "async-host") {
    int *bad = reinterpret_cast<int *>(0x10);
    cudaStream_t s;
    CHECK_CUDA(cudaStreamCreate(&s));
    // Untracked host memory is legal for an asynchronous copy's host side;
    // this address is not mapped.
    CHECK_CUDA(cudaMemcpyAsync(good, bad, 64, cudaMemcpyHostToDevice, s));
    cudaError_t e = cudaStreamSynchronize(s);
    std::printf("status %s\n", cudaGetErrorName(e));
    EXPECT(e == cudaErrorIllegalAddress);
    std::printf("PASSED\n");
    return 0;
  } else {
    std::printf("FAILED: unknown mode\n");
    return 1;
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("status %s\n", cudaGetErrorName(e));
  EXPECT(e == expected);
  // Sticky: the context is unusable until a reset.
  EXPECT(cudaDeviceSynchronize() == expected);
  int *more;
  EXPECT(cudaMalloc(&more, 4) == expected);
  EXPECT(cudaGetLastError() == expected);
  // A reset gives a working device again.
  CHECK_CUDA(cudaDeviceReset());
  CHECK_CUDA(cudaMalloc(&more, 64 * sizeof(int)));
  storeThrough<<<1, 64>>>(more);
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, more, sizeof(h), cudaMemcpyDeviceToHost));
  EXPECT(h[63] == 1);
  std::printf("PASSED\n");
  return 0;
}
