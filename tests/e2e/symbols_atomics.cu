// __device__ and __constant__ variables (scalars, arrays, structs) with
// cudaMemcpyToSymbol/FromSymbol and cudaGetSymbolAddress; atomics under real
// concurrency between workers.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_NUM_THREADS=4 %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"

struct Params {
  float scale;
  int offset;
};
__constant__ Params params;
__constant__ float coeffs[4];
__device__ int counter;
__device__ unsigned long long bigCounter;
__device__ float fsum;
__device__ int minmax[2];

__global__ void apply(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  out[i] = params.scale * (coeffs[0] + coeffs[1] * x + coeffs[2] * x * x + coeffs[3]) + params.offset;
  atomicAdd(&counter, 1);
  atomicAdd(&bigCounter, 3ull);
  atomicAdd(&fsum, 0.5f);
  atomicMin(&minmax[0], i);
  atomicMax(&minmax[1], i);
}

__global__ void histogram(const int *data, int n, unsigned *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % 16], 1u);
}

__global__ void casIncrement(int *value, int times) {
  for (int k = 0; k < times; ++k) {
    int old = *value, assumed;
    do {
      assumed = old;
      old = atomicCAS(value, assumed, assumed + 1);
    } while (old != assumed);
  }
}

int main() {
  const int n = 10000;
  Params hp{2.0f, 3};
  float hc[4] = {1, 2, 3, 4};
  CHECK_CUDA(cudaMemcpyToSymbol(params, &hp, sizeof(hp)));
  CHECK_CUDA(cudaMemcpyToSymbol(coeffs, hc, sizeof(hc)));
  int zero = 0, mm[2] = {1 << 30, -1};
  CHECK_CUDA(cudaMemcpyToSymbol(counter, &zero, sizeof(int)));
  CHECK_CUDA(cudaMemcpyToSymbol(minmax, mm, sizeof(mm)));
  float *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    in[i] = i * 0.001f;
  apply<<<(n + 127) / 128, 128>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) {
    double x = in[i];
    EXPECT(close(out[i], 2.0 * (1 + 2 * x + 3 * x * x + 4) + 3));
  }
  int hcount = 0;
  unsigned long long hbig = 0;
  float hsum = 0;
  CHECK_CUDA(cudaMemcpyFromSymbol(&hcount, counter, sizeof(int)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&hbig, bigCounter, sizeof(hbig)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&hsum, fsum, sizeof(float)));
  CHECK_CUDA(cudaMemcpyFromSymbol(mm, minmax, sizeof(mm)));
  EXPECT(hcount == n && hbig == 3ull * n && hsum == 0.5f * n);
  EXPECT(mm[0] == 0 && mm[1] == n - 1);
  int *devCounter = nullptr;
  CHECK_CUDA(cudaGetSymbolAddress((void **)&devCounter, counter));
  int viaAddress = 0;
  CHECK_CUDA(cudaMemcpy(&viaAddress, devCounter, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(viaAddress == n);

  int *data;
  unsigned *bins;
  CHECK_CUDA(cudaMallocManaged(&data, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&bins, 16 * sizeof(unsigned)));
  CHECK_CUDA(cudaMemset(bins, 0, 16 * sizeof(unsigned)));
  unsigned ref[16] = {};
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 7919) % 1000;
    ++ref[data[i] % 16];
  }
  histogram<<<8, 64>>>(data, n, bins);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int b = 0; b < 16; ++b)
    EXPECT(bins[b] == ref[b]);

  int *value;
  CHECK_CUDA(cudaMallocManaged(&value, sizeof(int)));
  *value = 0;
  casIncrement<<<16, 32>>>(value, 10);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*value == 16 * 32 * 10);
  std::printf("PASSED\n");
  return 0;
}
