// Barriers in assorted control flow:
//  - inside a __device__ function called (twice, from a loop) by the kernel;
//  - in both branches of an if/else whose condition is block-uniform;
//  - nested loops with barriers at two depths (outer body and inner body);
//  - a loop with block-uniform `continue` and `break` around barriers;
//  - a do { } while loop with a barrier;
//  - a switch on a block-uniform value with a barrier in each case;
//  - a barrier inside a lambda called by the kernel.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 61 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 32 | FileCheck %s
// CHECK: device function PASSED
// CHECK: if else PASSED
// CHECK: nested loops PASSED
// CHECK: continue break PASSED
// CHECK: do while PASSED
// CHECK: switch PASSED
// CHECK: lambda PASSED
#include "../Inputs/check.h"
#include <vector>

constexpr int MAXT = 1024;

// Rotates the block's values by k through shared memory; returns the new one.
__device__ int rotate(int *s, int v, int k) {
  int t = threadIdx.x, n = blockDim.x;
  s[t] = v;
  __syncthreads();
  int r = s[(t + k) % n];
  __syncthreads();
  return r;
}

__global__ void deviceFunction(const int *in, int *out) {
  __shared__ int s[MAXT];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  for (int k = 1; k <= 3; ++k)
    v = rotate(s, v, k) + k; // total rotation 6
  out[g] = rotate(s, v, 1);
}

// Even blocks reverse, odd blocks rotate by one; both branches synchronize.
__global__ void ifElse(const int *in, int *out, int mode) {
  __shared__ int s[MAXT];
  int t = threadIdx.x, n = blockDim.x, g = blockIdx.x * n + t;
  int v;
  if ((blockIdx.x + mode) % 2 == 0) {
    s[t] = in[g];
    __syncthreads();
    v = s[n - 1 - t];
  } else {
    s[n - 1 - t] = in[g] * 3;
    __syncthreads();
    v = s[n - 1 - (t + 1) % n];
  }
  __syncthreads();
  out[g] = v;
}

// Outer loop: barrier, inner loop with its own barriers, barrier. The inner
// trip count depends on the outer index (block-uniform).
__global__ void nestedLoops(int *out, int outer) {
  __shared__ int s[MAXT];
  __shared__ int rowSum;
  int t = threadIdx.x, n = blockDim.x;
  int acc = 0;
  for (int i = 0; i < outer; ++i) {
    if (t == 0)
      rowSum = 0;
    s[t] = t + i;
    __syncthreads();
    for (int j = 0; j <= i % 4; ++j) {
      int left = s[(t + n - 1) % n];
      __syncthreads();
      s[t] += left + j;
      __syncthreads();
    }
    atomicAdd(&rowSum, s[t]);
    __syncthreads();
    acc += rowSum % 1000 + s[(t + i) % n];
    __syncthreads();
  }
  out[blockIdx.x * n + t] = acc;
}

__global__ void continueBreak(int *out, int limit) {
  __shared__ int s[MAXT];
  int t = threadIdx.x, n = blockDim.x;
  int acc = 0;
  s[t] = t;
  __syncthreads();
  for (int i = 0; i < 100; ++i) {
    if (i % 3 == 1)
      continue; // uniform: skips the barriers of this iteration
    int v = s[(t + 1) % n] + i;
    __syncthreads();
    s[t] = v % 1009;
    __syncthreads();
    acc += s[t] & 15;
    if (i >= limit)
      break; // uniform
    __syncthreads();
  }
  out[blockIdx.x * n + t] = acc;
}

__global__ void doWhile(int *out, int rounds) {
  __shared__ int s[MAXT];
  int t = threadIdx.x, n = blockDim.x;
  int v = t, k = 0;
  do {
    s[t] = v;
    __syncthreads();
    v = s[n - 1 - t] + k;
    __syncthreads();
    ++k;
  } while (k < rounds);
  out[blockIdx.x * n + t] = v;
}

__global__ void switchBarriers(int *out) {
  __shared__ int s[MAXT];
  int t = threadIdx.x, n = blockDim.x, r;
  s[t] = t;
  switch (blockIdx.x % 3) {
  case 0:
    __syncthreads();
    r = s[n - 1 - t];
    break;
  case 1:
    __syncthreads();
    r = s[(t + 1) % n] * 2;
    break;
  default:
    __syncthreads();
    __syncthreads();
    r = s[0] - 1;
    break;
  }
  out[blockIdx.x * n + t] = r;
}

__global__ void lambdaBarrier(int *out) {
  __shared__ int s[MAXT];
  int t = threadIdx.x, n = blockDim.x;
  auto exchange = [&](int v, int with) {
    s[t] = v;
    __syncthreads();
    int r = s[with];
    __syncthreads();
    return r;
  };
  int v = exchange(t * 5, n - 1 - t);
  v = exchange(v + 1, (t + 1) % n);
  out[blockIdx.x * n + t] = v;
}

static std::vector<int> fetch(int *d, size_t count) {
  std::vector<int> h(count);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  return h;
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  const int blocks = 6;
  size_t count = (size_t)blocks * n;
  std::vector<int> in(count);
  for (size_t i = 0; i < count; ++i)
    in[i] = (int)(i * 17 % 1000);
  int *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, count * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), count * sizeof(int), cudaMemcpyHostToDevice));

  deviceFunction<<<blocks, n>>>(din, dout);
  std::vector<int> r = fetch(dout, count);
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> v(in.begin() + b * n, in.begin() + (b + 1) * n), w(n);
    for (int k : {1, 2, 3, 0}) {
      for (int t = 0; t < n; ++t)
        w[t] = v[(t + (k ? k : 1)) % n] + k;
      v = w;
    }
    for (int t = 0; t < n; ++t)
      EXPECT(r[b * n + t] == v[t]);
  }
  std::printf("device function PASSED\n");

  for (int mode = 0; mode < 2; ++mode) {
    ifElse<<<blocks, n>>>(din, dout, mode);
    r = fetch(dout, count);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t) {
        int e = (b + mode) % 2 == 0 ? in[b * n + n - 1 - t] : 3 * in[b * n + (t + 1) % n];
        EXPECT(r[b * n + t] == e);
      }
  }
  std::printf("if else PASSED\n");

  const int outer = 9;
  nestedLoops<<<blocks, n>>>(dout, outer);
  r = fetch(dout, count);
  {
    std::vector<int> s(n), acc(n, 0);
    for (int i = 0; i < outer; ++i) {
      for (int t = 0; t < n; ++t)
        s[t] = t + i;
      for (int j = 0; j <= i % 4; ++j) {
        std::vector<int> left(n);
        for (int t = 0; t < n; ++t)
          left[t] = s[(t + n - 1) % n];
        for (int t = 0; t < n; ++t)
          s[t] += left[t] + j;
      }
      int rowSum = 0;
      for (int t = 0; t < n; ++t)
        rowSum += s[t];
      for (int t = 0; t < n; ++t)
        acc[t] += rowSum % 1000 + s[(t + i) % n];
    }
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t)
        EXPECT(r[b * n + t] == acc[t]);
  }
  std::printf("nested loops PASSED\n");

  for (int limit : {0, 7, 50, 1000}) {
    continueBreak<<<blocks, n>>>(dout, limit);
    r = fetch(dout, count);
    std::vector<int> s(n), acc(n, 0), v(n);
    for (int t = 0; t < n; ++t)
      s[t] = t;
    for (int i = 0; i < 100; ++i) {
      if (i % 3 == 1)
        continue;
      for (int t = 0; t < n; ++t)
        v[t] = s[(t + 1) % n] + i;
      for (int t = 0; t < n; ++t) {
        s[t] = v[t] % 1009;
        acc[t] += s[t] & 15;
      }
      if (i >= limit)
        break;
    }
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t)
        EXPECT(r[b * n + t] == acc[t]);
  }
  std::printf("continue break PASSED\n");

  for (int rounds : {1, 2, 5}) {
    doWhile<<<blocks, n>>>(dout, rounds);
    r = fetch(dout, count);
    std::vector<int> v(n), w(n);
    for (int t = 0; t < n; ++t)
      v[t] = t;
    for (int k = 0; k < rounds; ++k) {
      for (int t = 0; t < n; ++t)
        w[t] = v[n - 1 - t] + k;
      v = w;
    }
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t)
        EXPECT(r[b * n + t] == v[t]);
  }
  std::printf("do while PASSED\n");

  switchBarriers<<<blocks, n>>>(dout);
  r = fetch(dout, count);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      int e = b % 3 == 0 ? n - 1 - t : b % 3 == 1 ? 2 * ((t + 1) % n) : -1;
      EXPECT(r[b * n + t] == e);
    }
  std::printf("switch PASSED\n");

  lambdaBarrier<<<blocks, n>>>(dout);
  r = fetch(dout, count);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(r[b * n + t] == (n - 1 - (t + 1) % n) * 5 + 1);
  std::printf("lambda PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}
