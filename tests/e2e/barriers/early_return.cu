// Early returns before barriers. (a) Whole blocks return before any barrier
// (blockIdx.x % 3 == 0); the others reverse their segment through shared
// memory; the returned blocks' outputs stay untouched. (b) Threads with
// threadIdx.x >= nActive return before the barriers (valid on Volta+: exited
// threads do not take part); the rest reduce and rotate their values.
// (c) A tree reduction where threads return once they are no longer needed,
// between barriers. (d) Threads return between two barriers, after writing.
// (e) One more thread returns in every iteration of a loop with barriers.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 67 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 96 | FileCheck %s
// CHECK: blocks return PASSED
// CHECK: threads return PASSED
// CHECK: shrinking reduction PASSED
// CHECK: return between barriers PASSED
// CHECK: staggered PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void someBlocksReturn(const int *in, int *out) {
  if (blockIdx.x % 3 == 0)
    return;
  __shared__ int s[1024];
  int t = threadIdx.x, n = blockDim.x, g = blockIdx.x * n + t;
  s[t] = in[g];
  __syncthreads();
  int v = s[n - 1 - t];
  __syncthreads();
  s[t] = v * 2;
  __syncthreads();
  out[g] = s[(t + 1) % n];
}

// Active threads: sum of their values and the value of the next active
// thread (cyclically).
__global__ void someThreadsReturn(const int *in, int *sum, int *next, int nActive) {
  if (threadIdx.x >= nActive)
    return;
  __shared__ int s[1024];
  __shared__ int total;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    total = 0;
  s[t] = in[g];
  __syncthreads();
  atomicAdd(&total, s[t]);
  next[g] = s[(t + 1) % nActive];
  __syncthreads();
  sum[g] = total;
}

__global__ void shrinkingReduction(const int *in, int *out) {
  __shared__ int s[1024];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  int width = blockDim.x;
  while (width > 1) {
    int half = (width + 1) / 2;
    if (t >= half)
      return; // no longer needed
    if (t + half < width)
      s[t] += s[t + half];
    width = half;
    __syncthreads();
  }
  out[blockIdx.x] = s[0];
}

// Odd threads publish a value and leave after the first barrier; even threads
// read their neighbour's value after the second barrier.
__global__ void returnBetweenBarriers(int *out) {
  __shared__ int s[1024];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = t * 10 + blockIdx.x;
  __syncthreads();
  if (t & 1) {
    out[g] = -1;
    return;
  }
  int mine = s[t + 1 < (int)blockDim.x ? t + 1 : t];
  __syncthreads();
  s[t] = mine + 1;
  __syncthreads();
  out[g] = s[t] + s[(t + 2) % blockDim.x & ~1];
}

// Thread i leaves in iteration i; the others count themselves each iteration.
__global__ void staggered(int *out, int iters) {
  __shared__ int arrived;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  if (t == 0)
    arrived = 0;
  __syncthreads();
  for (int i = 0; i < iters; ++i) {
    if (i == t) {
      out[g] = -i - 1;
      return;
    }
    atomicAdd(&arrived, 1);
    __syncthreads();
    out[g] = arrived;
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int blocks = 10;
  int count = blocks * threads;
  std::vector<int> h(count), r(count), r2(count);
  for (int i = 0; i < count; ++i)
    h[i] = (i * 31) % 97 - 40;
  int *din, *dout, *dout2;
  CHECK_CUDA(cudaMalloc(&din, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout2, count * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), count * sizeof(int), cudaMemcpyHostToDevice));

  CHECK_CUDA(cudaMemset(dout, 0x5a, count * sizeof(int)));
  someBlocksReturn<<<blocks, threads>>>(din, dout);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      int got = r[b * threads + t];
      if (b % 3 == 0)
        EXPECT(got == 0x5a5a5a5a);
      else
        EXPECT(got == 2 * h[b * threads + threads - 1 - (t + 1) % threads]);
    }
  std::printf("blocks return PASSED\n");

  for (int nActive : {threads, threads / 2 + 1, 1, (threads + 2) / 3}) {
    CHECK_CUDA(cudaMemset(dout, 0x5a, count * sizeof(int)));
    CHECK_CUDA(cudaMemset(dout2, 0x5a, count * sizeof(int)));
    someThreadsReturn<<<blocks, threads>>>(din, dout, dout2, nActive);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(r2.data(), dout2, count * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) {
      int total = 0;
      for (int t = 0; t < nActive; ++t)
        total += h[b * threads + t];
      for (int t = 0; t < threads; ++t) {
        int g = b * threads + t;
        if (t < nActive) {
          EXPECT(r[g] == total);
          EXPECT(r2[g] == h[b * threads + (t + 1) % nActive]);
        } else {
          EXPECT(r[g] == 0x5a5a5a5a && r2[g] == 0x5a5a5a5a);
        }
      }
    }
  }
  std::printf("threads return PASSED\n");

  shrinkingReduction<<<blocks, threads>>>(din, dout);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int total = 0;
    for (int t = 0; t < threads; ++t)
      total += h[b * threads + t];
    EXPECT(r[b] == total);
  }
  std::printf("shrinking reduction PASSED\n");

  returnBetweenBarriers<<<blocks, threads>>>(dout);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      int g = b * threads + t;
      if (t & 1) {
        EXPECT(r[g] == -1);
        continue;
      }
      auto first = [&](int u) { return (u + 1 < threads ? u + 1 : u) * 10 + b + 1; };
      int other = (t + 2) % threads & ~1;
      EXPECT(r[g] == first(t) + first(other));
    }
  std::printf("return between barriers PASSED\n");

  const int iters = 45;
  staggered<<<blocks, threads>>>(dout, iters);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  {
    int arrived = 0; // threads t > i take part in iteration i
    for (int i = 0; i < iters && i < threads; ++i)
      arrived += threads - i - 1;
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t)
        EXPECT(r[b * threads + t] == (t < iters ? -t - 1 : arrived));
  }
  std::printf("staggered PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  CHECK_CUDA(cudaFree(dout2));
  return 0;
}
