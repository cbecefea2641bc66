// Templated kernels, __device__ helpers, __host__ __device__ functions,
// functors, math functions and a kernel launched through cudaLaunchKernel.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

template <typename T> __host__ __device__ T square(T x) { return x * x; }

__device__ float polynomial(float x) { return 3.0f * x * x - 2.0f * x + 1.0f; }

__device__ int globalIndex() { return blockIdx.x * blockDim.x + threadIdx.x; }

struct Scale {
  float k;
  __device__ float operator()(float x) const { return k * x; }
};

template <typename T, typename F> __global__ void transform(const T *in, T *out, int n, F f) {
  int i = globalIndex();
  if (i < n)
    out[i] = f(square(in[i]));
}

template <int Factor> __global__ void multiply(int *data, int n) {
  int i = globalIndex();
  if (i < n)
    data[i] *= Factor;
}

__global__ void mathKernel(const float *in, float *out, int n) {
  int i = globalIndex();
  if (i < n)
    out[i] = sqrtf(fabsf(in[i])) + expf(-in[i] * in[i]) + sinf(in[i]) * cosf(in[i]) +
             polynomial(in[i]) + fmaxf(in[i], 0.5f) + powf(2.0f, in[i] * 0.1f);
}

int main() {
  const int n = 1000;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i - 500) * 0.01f;
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  transform<<<(n + 127) / 128, 128>>>(din, dout, n, Scale{2.5f});
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(close(out[i], 2.5f * square(in[i])));

  mathKernel<<<(n + 63) / 64, 64>>>(din, dout, n);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    double x = in[i];
    double ref = std::sqrt(std::fabs(x)) + std::exp(-x * x) + std::sin(x) * std::cos(x) +
                 (3 * x * x - 2 * x + 1) + std::fmax(x, 0.5) + std::pow(2.0, x * 0.1);
    EXPECT(close(out[i], ref, 1e-5));
  }

  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = i - 7;
  int *dd;
  CHECK_CUDA(cudaMalloc(&dd, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(dd, data.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  multiply<3><<<8, 128>>>(dd, n);
  int count = n;
  void *args[] = {&dd, &count};
  CHECK_CUDA(cudaLaunchKernel((const void *)multiply<5>, dim3(4), dim3(256), args, 0, 0));
  CHECK_CUDA(cudaMemcpy(data.data(), dd, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(data[i] == (i - 7) * 15);
  std::printf("PASSED\n");
  return 0;
}
