// <cuda/std/functional>: the standard function objects under cuda::std, and
// cuda::std::identity, which libcu++ has in every language mode (the host's
// std::identity is C++20; NVIDIA's segmentationTreeThrust sample passes
// cuda::std::identity() to thrust::copy_if in C++17 and did not compile).
// RUN: %loomcc -std=c++17 %s -o %t && %t | FileCheck %s
// RUN: %loomcc -std=c++20 %s -o %t20 && %t20 | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <cuda/std/functional>
#include <type_traits>

// A predicate-taking kernel, as Thrust's copy_if applies one: keep the
// elements whose flag the predicate maps to true.
template <class Pred>
__global__ void compactFlags(const unsigned *flags, int *out, int *count, int n, Pred pred) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && pred(flags[i]))
    out[atomicAdd(count, 1)] = i;
}

template <class Op> __global__ void combine(const int *a, const int *b, int *c, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = op(a[i], b[i]);
}

int main() {
  constexpr int n = 1000;
  unsigned *flags;
  int *out, *count, *a, *b, *c;
  CHECK_CUDA(cudaMallocManaged(&flags, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&count, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&c, n * sizeof(int)));
  int expected = 0;
  for (int i = 0; i < n; ++i) {
    flags[i] = (i % 3 == 0) ? 7u : 0u;
    expected += flags[i] != 0;
    a[i] = i;
    b[i] = 2 * i + 1;
  }
  *count = 0;
  compactFlags<<<(n + 255) / 256, 256>>>(flags, out, count, n, cuda::std::identity());
  combine<<<(n + 255) / 256, 256>>>(a, b, c, n, cuda::std::plus<int>());
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*count == expected);
  long long sum = 0;
  for (int k = 0; k < *count; ++k) {
    EXPECT(out[k] % 3 == 0);
    sum += out[k];
  }
  EXPECT(sum == 3LL * (expected - 1) * expected / 2);
  for (int i = 0; i < n; ++i)
    EXPECT(c[i] == 3 * i + 1);
  // identity forwards: an lvalue stays an lvalue of the same object.
  int x = 5;
  EXPECT(&cuda::std::identity()(x) == &x);
  static_assert(std::is_same<decltype(cuda::std::identity()(1)), int &&>::value, "rvalue in, rvalue out");
  std::printf("PASSED\n");
  return 0;
}
