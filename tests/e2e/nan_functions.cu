// nan(tag) and nanf(tag) in device code, as CUDA's math library has them:
// plain calls, std:: names, and a __host__ __device__ member calling ::nan
// (the shape of NVIDIA's interval sample). clang declares both but its math
// wrapper defines neither, so kernels using them failed to link
// ("undefined device function 'nan(char const*)'").
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <cmath>

template <class T> struct Rounded;
template <> struct Rounded<float> {
  __host__ __device__ float nan() { return nanf(""); }
};
template <> struct Rounded<double> {
  __host__ __device__ double nan() { return ::nan(""); }
};

__global__ void makeNaNs(double *d, float *f, int *lt) {
  d[0] = nan("");
  d[1] = std::nan("");
  d[2] = Rounded<double>().nan();
  f[0] = nanf("");
  f[1] = std::nanf("");
  f[2] = Rounded<float>().nan();
  // NaN compares false with everything, also in device code.
  *lt = (d[0] < 1.0) + (f[0] < 1.0f) + (d[0] == d[0]);
}

int main() {
  double *d;
  float *f;
  int *lt;
  CHECK_CUDA(cudaMallocManaged(&d, 3 * sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&f, 3 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&lt, sizeof(int)));
  makeNaNs<<<1, 1>>>(d, f, lt);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < 3; ++i) {
    EXPECT(std::isnan(d[i]));
    EXPECT(std::isnan(f[i]));
  }
  EXPECT(*lt == 0);
  EXPECT(std::isnan(Rounded<double>().nan()) && std::isnan(Rounded<float>().nan()));
  std::printf("PASSED\n");
  return 0;
}
