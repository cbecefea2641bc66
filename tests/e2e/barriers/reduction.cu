// Tree reductions in static shared memory with __syncthreads in a loop: int
// and float sums over many blocks, n not a power of two, any block size (the
// halving loop starts at the next power of two and guards the partner).
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 33 | FileCheck %s
// CHECK: int PASSED
// CHECK: float PASSED
// CHECK: interleaved PASSED
#include "../Inputs/check.h"
#include <vector>

__device__ unsigned pow2AtLeast(unsigned x) {
  unsigned p = 1;
  while (p < x)
    p <<= 1;
  return p;
}

// Grid-stride accumulate, then a halving tree in shared memory.
template <typename T>
__global__ void blockSum(const T *in, T *partial, int n) {
  __shared__ T s[1024];
  unsigned t = threadIdx.x;
  T acc = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (unsigned stride = pow2AtLeast(blockDim.x) / 2; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < blockDim.x)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

// Interleaved addressing (stride doubling), one element per thread.
__global__ void interleavedSum(const int *in, long long *partial, int n) {
  __shared__ long long s[1024];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (t % (2 * stride) == 0 && t + stride < blockDim.x)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

template <typename T> static T runSum(const std::vector<T> &h, int threads, int blocks) {
  int n = (int)h.size();
  T *din, *dpart;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&dpart, blocks * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  blockSum<T><<<blocks, threads>>>(din, dpart, n);
  CHECK_CUDA(cudaGetLastError());
  // Second pass: one block folds the partial sums.
  blockSum<T><<<1, threads>>>(dpart, dpart, blocks);
  CHECK_CUDA(cudaGetLastError());
  T result;
  CHECK_CUDA(cudaMemcpy(&result, dpart, sizeof(T), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dpart));
  return result;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 1000003;

  std::vector<int> hi(n);
  long long refI = 0;
  for (int i = 0; i < n; ++i) {
    hi[i] = (i * 37) % 101 - 50;
    refI += hi[i];
  }
  int gotI = runSum(hi, threads, 97);
  if (gotI != (int)refI)
    std::printf("got %d expected %lld\n", gotI, refI);
  EXPECT(gotI == (int)refI);
  std::printf("int PASSED\n");

  // Multiples of 1/8 whose partial sums stay below 2^21: exact in float
  // whatever the summation order.
  std::vector<float> hf(n);
  double refF = 0;
  for (int i = 0; i < n; ++i) {
    hf[i] = (i % 9) * 0.125f - 0.5f;
    refF += hf[i];
  }
  float gotF = runSum(hf, threads, 61);
  if (gotF != (float)refF)
    std::printf("got %f expected %f\n", gotF, refF);
  EXPECT(gotF == (float)refF);
  std::printf("float PASSED\n");

  int blocks = (n + threads - 1) / threads;
  int *din;
  long long *dpart;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dpart, blocks * sizeof(long long)));
  CHECK_CUDA(cudaMemcpy(din, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  interleavedSum<<<blocks, threads>>>(din, dpart, n);
  CHECK_CUDA(cudaGetLastError());
  std::vector<long long> part(blocks);
  CHECK_CUDA(cudaMemcpy(part.data(), dpart, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    long long ref = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i)
      ref += hi[i];
    EXPECT(part[b] == ref);
  }
  std::printf("interleaved PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dpart));
  return 0;
}
