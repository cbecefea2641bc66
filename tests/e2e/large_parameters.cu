// Kernel parameters beyond the classic 4 KB, up to CUDA 12.1's 32764 bytes,
// passed by value with and without __grid_constant__ (whose address a
// kernel may take: it then points at the launch's one read-only copy).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

struct Big {
  int values[8000]; // 32000 bytes
};

__global__ void sumConst(__grid_constant__ const Big p, int n, long long *out) {
  const Big *q = &p;
  long long s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += q->values[i];
  atomicAdd(reinterpret_cast<unsigned long long *>(out), static_cast<unsigned long long>(s));
}

__global__ void sumCopy(Big p, int n, long long *out) {
  p.values[threadIdx.x] += 1; // a per-thread copy: other threads unaffected
  long long s = 0;
  for (int i = 0; i < n; ++i) s += p.values[i];
  out[1 + threadIdx.x] = s;
}

int main() {
  static Big big;
  long long expect = 0;
  for (int i = 0; i < 8000; ++i) {
    big.values[i] = i % 97 - 40;
    expect += big.values[i];
  }
  long long *out;
  CHECK_CUDA(cudaMallocManaged(&out, 65 * sizeof(long long)));
  out[0] = 0;
  sumConst<<<4, 64>>>(big, 8000, out);
  sumCopy<<<1, 64>>>(big, 8000, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(out[0] == 4 * expect);
  for (int t = 0; t < 64; ++t) EXPECT(out[1 + t] == expect + 1);
  std::printf("PASSED\n");
  return 0;
}
