// SPDX-License-Identifier: Apache-2.0
// A HIP program as written for hipcc, compiled by loomcc with Loom's
// hip/hip_runtime.h (docs/tools.md, "HIP source"): a block reduction in
// dynamic shared memory finished with mask-free warp shuffles, launched with
// <<<>>> and with hipLaunchKernelGGL (a template kernel through
// HIP_KERNEL_NAME), streams, events, a __constant__ symbol, device
// properties and attributes, warp votes, and hipError_t codes and names.
// Everything is checked against a CPU reference; exit status 1 on a mismatch.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// The same source as another file name under -x hip.
// RUN: cp %s %t.cpp && %loomcc -x hip %t.cpp -o %t.x && %t.x | FileCheck %s
// CHECK: PASSED
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    hipError_t e_ = (call);                                                            \
    if (e_ != hipSuccess) {                                                            \
      std::printf("FAILED: %s: %s (%s) at line %d\n", #call, hipGetErrorString(e_),     \
                  hipGetErrorName(e_), __LINE__);                                      \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

static int Failures = 0;
#define EXPECT(cond)                                                                   \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::printf("mismatch: %s at line %d\n", #cond, __LINE__);                       \
      ++Failures;                                                                      \
    }                                                                                  \
  } while (0)

__constant__ int Offset;

// Sum of in[i] + Offset over each block's elements: a shared-memory tree down
// to one warp, then __shfl_down (HIP's form: no mask) within the warp.
__global__ void blockSum(const int *in, int *blockSums, int n) {
  HIP_DYNAMIC_SHARED(int, partial)
  unsigned tid = hipThreadIdx_x;
  unsigned i = hipBlockIdx_x * hipBlockDim_x + tid;
  partial[tid] = i < (unsigned)n ? in[i] + Offset : 0;
  __syncthreads();
  for (unsigned s = hipBlockDim_x / 2; s >= warpSize; s /= 2) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid < warpSize) {
    int v = partial[tid];
    for (int d = warpSize / 2; d > 0; d /= 2)
      v += __shfl_down(v, d);
    if (tid == 0)
      blockSums[hipBlockIdx_x] = v;
  }
}

// Per warp: how many lanes hold an odd value (__ballot), whether any lane
// holds a negative one (__any), and lane 0's value broadcast (__shfl).
__global__ void warpVotes(const int *in, int *odd, int *anyNeg, int *first) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long odds = __ballot(v & 1);
  int neg = __any(v < 0);
  int lane0 = __shfl(v, 0);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (threadIdx.x % warpSize == 0) {
    odd[warp] = __popcll(odds);
    anyNeg[warp] = neg;
    first[warp] = lane0;
  }
}

template <typename T, int Factor>
__global__ void scale(T *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= T(Factor);
}

int main() {
  // Device properties as HIP programs query them.
  int count = 0;
  CHECK(hipGetDeviceCount(&count));
  EXPECT(count >= 1);
  CHECK(hipSetDevice(0));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  EXPECT(prop.warpSize == 32);
  EXPECT(std::strlen(prop.gcnArchName) > 0);
  int warp = 0;
  CHECK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0));
  EXPECT(warp == 32);
  int version = 0;
  CHECK(hipRuntimeGetVersion(&version));
  EXPECT(version == HIP_VERSION);

  // The reduction: 100000 values in blocks of 256 (the last block partial).
  const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 37) % 1001 - 500;
  const int offset = 3;
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(Offset), &offset, sizeof offset));
  int *dIn = nullptr, *dSums = nullptr;
  CHECK(hipMalloc(&dIn, n * sizeof(int)));
  CHECK(hipMalloc(&dSums, blocks * sizeof(int)));
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  hipEvent_t start, stop;
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  CHECK(hipMemcpyAsync(dIn, host.data(), n * sizeof(int), hipMemcpyHostToDevice, stream));
  CHECK(hipEventRecord(start, stream));
  blockSum<<<blocks, threads, threads * sizeof(int), stream>>>(dIn, dSums, n);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(stop, stream));
  CHECK(hipEventSynchronize(stop));
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0);
  std::vector<int> sums(blocks);
  CHECK(hipMemcpy(sums.data(), dSums, blocks * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int ref = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i)
      ref += host[i] + offset;
    if (sums[b] != ref) {
      std::printf("block %d: %d, expected %d\n", b, sums[b], ref);
      ++Failures;
      break;
    }
  }

  // The same reduction through hipLaunchKernelGGL on the default stream.
  CHECK(hipMemset(dSums, 0, blocks * sizeof(int)));
  hipLaunchKernelGGL(blockSum, dim3(blocks), dim3(threads), threads * sizeof(int), 0, dIn, dSums,
                     n);
  CHECK(hipGetLastError());
  std::vector<int> sums2(blocks);
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(sums2.data(), dSums, blocks * sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(sums2 == sums);

  // Warp votes and broadcasts (HIP's mask-free forms).
  const int vt = 128, vn = 4 * vt, warps = vn / 32;
  int *dOdd, *dNeg, *dFirst;
  CHECK(hipMalloc(&dOdd, warps * sizeof(int)));
  CHECK(hipMalloc(&dNeg, warps * sizeof(int)));
  CHECK(hipMalloc(&dFirst, warps * sizeof(int)));
  hipLaunchKernelGGL(warpVotes, dim3(vn / vt), dim3(vt), 0, 0, dIn, dOdd, dNeg, dFirst);
  std::vector<int> odd(warps), neg(warps), first(warps);
  CHECK(hipMemcpy(odd.data(), dOdd, warps * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(neg.data(), dNeg, warps * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(first.data(), dFirst, warps * sizeof(int), hipMemcpyDeviceToHost));
  for (int w = 0; w < warps; ++w) {
    int refOdd = 0, refNeg = 0;
    for (int l = 0; l < 32; ++l) {
      refOdd += host[w * 32 + l] & 1;
      refNeg |= host[w * 32 + l] < 0;
    }
    EXPECT(odd[w] == refOdd);
    EXPECT(neg[w] == refNeg);
    EXPECT(first[w] == host[w * 32]);
  }

  // A template kernel whose name holds a comma.
  std::vector<float> f(1000);
  for (int i = 0; i < 1000; ++i)
    f[i] = 0.5f * i;
  float *dF;
  CHECK(hipMalloc(&dF, f.size() * sizeof(float)));
  CHECK(hipMemcpy(dF, f.data(), f.size() * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 3>), dim3(8), dim3(128), 0, stream, dF, 1000);
  CHECK(hipStreamSynchronize(stream));
  std::vector<float> g(1000);
  CHECK(hipMemcpy(g.data(), dF, g.size() * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < 1000; ++i)
    if (g[i] != 3 * f[i]) {
      std::printf("scale: %d: %f\n", i, g[i]);
      ++Failures;
      break;
    }

  // Errors come back as HIP's codes, with HIP's names.
  EXPECT(hipSetDevice(count + 7) == hipErrorInvalidDevice);
  EXPECT(std::strcmp(hipGetErrorName(hipErrorInvalidDevice), "hipErrorInvalidDevice") == 0);
  EXPECT(hipGetLastError() == hipErrorInvalidDevice);
  EXPECT(hipGetLastError() == hipSuccess);
  EXPECT(hipMemcpy(dF, f.data(), 4, (hipMemcpyKind)77) == hipErrorInvalidMemcpyDirection);
  EXPECT(std::strlen(hipGetErrorString(hipErrorInvalidMemcpyDirection)) > 0);
  (void)hipGetLastError();

  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipStreamDestroy(stream));
  for (void *p : {(void *)dIn, (void *)dSums, (void *)dOdd, (void *)dNeg, (void *)dFirst, (void *)dF})
    CHECK(hipFree(p));
  if (Failures) {
    std::printf("FAILED: %d mismatches\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
