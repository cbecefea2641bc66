// Per-thread private state carried across barriers and across loop
// iterations: the kernel shape that breaks loop fission at barriers (Meyer
// et al., "Implementation Techniques for SPMD Kernels on CPUs", IWOCL 2023):
// inside a loop with barriers, a value computed before a barrier is used
// after it, and a value computed after it feeds the next iteration. Also a
// per-thread array (kept in memory, dynamically indexed) live across
// barriers, a value read from shared memory inside the loop and used after
// the loop, and a loop whose trip count differs per thread around a
// block-uniform barrier loop.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 71 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 40 | FileCheck %s
// CHECK: carried scalars PASSED
// CHECK: private array PASSED
// CHECK: value after loop PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void carriedScalars(const int *in, int *out, int iters) {
  __shared__ int s[1024];
  int t = threadIdx.x, n = blockDim.x;
  int carry = in[blockIdx.x * n + t];
  long long history = 0; // 64-bit, changes every iteration
  s[t] = carry;
  __syncthreads();
  for (int it = 0; it < iters; ++it) {
    int before = carry * 3 + s[(t + it) % n]; // computed before the barrier...
    int parity = before & 1;
    __syncthreads();
    s[t] = before % 10007; // ...used after it
    __syncthreads();
    carry = (before + s[(t + 1) % n] + parity) % 100003; // ...and next iteration
    history = history * 31 + carry;
  }
  out[2 * (blockIdx.x * n + t)] = carry;
  out[2 * (blockIdx.x * n + t) + 1] = (int)(history ^ (history >> 32));
}

// Each thread keeps a small histogram of the values it saw, indexed by data.
__global__ void privateArray(const int *in, int *out, int rounds) {
  __shared__ int s[1024];
  int t = threadIdx.x, n = blockDim.x;
  int hist[8] = {0};
  int v = in[blockIdx.x * n + t];
  for (int r = 0; r < rounds; ++r) {
    s[t] = v;
    __syncthreads();
    v = (s[(t + r + 1) % n] * 5 + r) % 1000;
    hist[v & 7] += 1 + (r & 1);
    __syncthreads();
  }
  int acc = 0;
  for (int k = 0; k < 8; ++k)
    acc = acc * 7 + hist[k];
  out[blockIdx.x * n + t] = acc;
}

// `last` is assigned from shared memory in the loop, before a barrier, and
// only read after the loop; `steps` differs per thread (private loop with no
// barrier inside a uniform loop with barriers).
__global__ void valueAfterLoop(int *out, int iters) {
  __shared__ int s[1024];
  int t = threadIdx.x, n = blockDim.x;
  s[t] = t * 10;
  __syncthreads();
  int last = -1, steps = 0;
  for (int it = 0; it < iters; ++it) {
    last = s[(t + it) % n];
    for (int k = 0; k < (t + it) % 5; ++k)
      ++steps;
    __syncthreads();
    s[t] += 1;
    __syncthreads();
  }
  out[2 * (blockIdx.x * n + t)] = last;
  out[2 * (blockIdx.x * n + t) + 1] = steps;
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  const int blocks = 4, iters = 23;
  size_t count = (size_t)blocks * n;
  std::vector<int> in(count);
  for (size_t i = 0; i < count; ++i)
    in[i] = (int)(i * 2654435761u % 50000);
  int *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, 2 * count * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), count * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<int> r(2 * count);

  carriedScalars<<<blocks, n>>>(din, dout, iters);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, 2 * count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> carry(in.begin() + b * n, in.begin() + (b + 1) * n), s = carry, before(n);
    std::vector<long long> hist(n, 0);
    for (int it = 0; it < iters; ++it) {
      for (int t = 0; t < n; ++t)
        before[t] = carry[t] * 3 + s[(t + it) % n];
      for (int t = 0; t < n; ++t)
        s[t] = before[t] % 10007;
      for (int t = 0; t < n; ++t) {
        carry[t] = (before[t] + s[(t + 1) % n] + (before[t] & 1)) % 100003;
        hist[t] = hist[t] * 31 + carry[t];
      }
    }
    for (int t = 0; t < n; ++t) {
      EXPECT(r[2 * (b * n + t)] == carry[t]);
      EXPECT(r[2 * (b * n + t) + 1] == (int)(hist[t] ^ (hist[t] >> 32)));
    }
  }
  std::printf("carried scalars PASSED\n");

  privateArray<<<blocks, n>>>(din, dout, iters);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> v(in.begin() + b * n, in.begin() + (b + 1) * n), w(n);
    std::vector<int> hist(8 * n, 0);
    for (int rr = 0; rr < iters; ++rr) {
      for (int t = 0; t < n; ++t) {
        w[t] = (v[(t + rr + 1) % n] * 5 + rr) % 1000;
        hist[8 * t + (w[t] & 7)] += 1 + (rr & 1);
      }
      v = w;
    }
    for (int t = 0; t < n; ++t) {
      int acc = 0;
      for (int k = 0; k < 8; ++k)
        acc = acc * 7 + hist[8 * t + k];
      EXPECT(r[b * n + t] == acc);
    }
  }
  std::printf("private array PASSED\n");

  valueAfterLoop<<<blocks, n>>>(dout, iters);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, 2 * count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      int it = iters - 1, steps = 0;
      for (int k = 0; k < iters; ++k)
        steps += (t + k) % 5;
      EXPECT(r[2 * (b * n + t)] == ((t + it) % n) * 10 + it);
      EXPECT(r[2 * (b * n + t) + 1] == steps);
    }
  std::printf("value after loop PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}
