// Thrust and CUB with -rdc=true: CUB then compiles its runtime functions for
// device code too (CUB_RUNTIME_ENABLED), and cub::detail::device_synchronize()
// names __cudaDeviceSynchronizeDeprecationAvoidance in both compilation
// passes. Host-launched algorithms work as without -rdc; in a kernel the
// device-side synchronize reports cudaErrorNotSupported (CUDA 12, which Loom
// follows, has none).
// REQUIRES: thrust
// RUN: %loomcc -rdc=true %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <cub/device/device_scan.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

#include <cstdio>
#include <vector>

#include "../Inputs/check.h"

__global__ void syncInKernel(cudaError_t *out) { *out = cub::detail::device_synchronize(); }

int main() {
  const int n = 20011;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 37) % 101 - 50;
  thrust::device_vector<int> d(h.begin(), h.end());
  long long sum = 0;
  for (int x : h)
    sum += x;
  EXPECT(thrust::reduce(d.begin(), d.end()) == sum);

  thrust::device_vector<int> out(n);
  size_t bytes = 0;
  EXPECT(cub::DeviceScan::InclusiveSum(nullptr, bytes, thrust::raw_pointer_cast(d.data()),
                                       thrust::raw_pointer_cast(out.data()), n) == cudaSuccess);
  thrust::device_vector<char> temp(bytes);
  EXPECT(cub::DeviceScan::InclusiveSum(thrust::raw_pointer_cast(temp.data()), bytes,
                                       thrust::raw_pointer_cast(d.data()),
                                       thrust::raw_pointer_cast(out.data()), n) == cudaSuccess);
  std::vector<int> scanned(n);
  thrust::copy(out.begin(), out.end(), scanned.begin());
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += h[i];
    EXPECT(scanned[i] == acc);
  }

  thrust::device_vector<cudaError_t> err(1, cudaSuccess);
  syncInKernel<<<1, 1>>>(thrust::raw_pointer_cast(err.data()));
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(err[0] == cudaErrorNotSupported);
  std::printf("PASSED\n");
  return 0;
}
