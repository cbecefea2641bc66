// Thrust 1.17 (Debian's libthrust-dev, /usr/include/thrust) on
// thrust::device_vector with the CUDA backend, each algorithm against a CPU
// reference: reduce, inclusive/exclusive_scan, transform and copy_if. The
// size spans several tiles with a partial last one, so the multi-block
// paths (decoupled look-back between blocks) run. sort.cu has the sorts.
// REQUIRES: thrust
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <numeric>
#include <vector>

#include "../Inputs/check.h"

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct Affine {
  __host__ __device__ int operator()(int x) const { return 3 * x - 7; }
};

int main() {
  const int n = 50003;
  std::vector<int> ref = randomInts(n, 1, 1 << 20);
  thrust::device_vector<int> d(ref.begin(), ref.end());

  // reduce
  long long sum = 0;
  for (int x : ref)
    sum += x;
  EXPECT(thrust::reduce(d.begin(), d.end(), 0LL, thrust::plus<long long>()) == sum);
  EXPECT(thrust::reduce(d.begin(), d.end(), -(1 << 30), thrust::maximum<int>()) ==
         *std::max_element(ref.begin(), ref.end()));

  // inclusive_scan / exclusive_scan
  thrust::device_vector<int> out(n);
  std::vector<int> expect(n);
  thrust::inclusive_scan(d.begin(), d.end(), out.begin());
  std::partial_sum(ref.begin(), ref.end(), expect.begin());
  EXPECT(thrust::host_vector<int>(out) == thrust::host_vector<int>(expect));
  thrust::exclusive_scan(d.begin(), d.end(), out.begin(), 5);
  int acc = 5;
  for (int i = 0; i < n; ++i) {
    expect[i] = acc;
    acc += ref[i];
  }
  EXPECT(thrust::host_vector<int>(out) == thrust::host_vector<int>(expect));

  // transform
  thrust::transform(d.begin(), d.end(), out.begin(), Affine());
  for (int i = 0; i < n; ++i)
    expect[i] = 3 * ref[i] - 7;
  EXPECT(thrust::host_vector<int>(out) == thrust::host_vector<int>(expect));

  // copy_if
  auto end = thrust::copy_if(d.begin(), d.end(), out.begin(), IsOdd());
  std::vector<int> odd;
  std::copy_if(ref.begin(), ref.end(), std::back_inserter(odd), IsOdd());
  EXPECT(end - out.begin() == (long)odd.size());
  EXPECT(thrust::host_vector<int>(out.begin(), end) == thrust::host_vector<int>(odd));

  std::printf("PASSED\n");
  return 0;
}
