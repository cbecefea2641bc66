// Loop nests with barriers in the shapes other CPU SPMD implementations were
// reported to miscompile (loops nested two and three deep, barriers only in
// the innermost loop, conditional block-uniform barriers inside the nest,
// work after the inner loop in the outer one).
//  - tiles: an outer block-uniform loop over tiles whose only barriers sit in
//    an inner loop, then a guarded store from shared memory in the outer body;
//  - matrices: every thread builds a small rows x cols matrix; an element-
//    wise block reduction loops over rows and columns (two loops) with a
//    barrier in the innermost loop;
//  - counters: a two-deep nest with two conditional barriers (conditions from
//    kernel arguments) in the inner body and one after the nest; each thread
//    counts the inner bodies it ran and the block must agree;
//  - three deep: a barrier at each of three depths.
// RUN: %loomcc %s -o %t
// RUN: %t 128 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 32 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 96 | FileCheck %s
// CHECK: tiles PASSED
// CHECK: matrices PASSED
// CHECK: counters PASSED
// CHECK: three deep PASSED
#include "../Inputs/check.h"
#include <vector>

// out[i] = sum over k < 3 of rotations of in within each tile.
__global__ void tiles(const int *in, int *out, int n) {
  extern __shared__ int s[];
  int t = threadIdx.x, bs = blockDim.x;
  for (int base = 0; base < n; base += bs) {
    int acc = 0;
    for (int k = 0; k < 3; ++k) {
      s[t] = base + t < n ? in[base + t] : 0;
      __syncthreads();
      acc += s[(t + k) % bs];
      __syncthreads();
    }
    s[t] = acc;
    __syncthreads();
    if (base + t < n)
      out[base + t] = s[bs - 1 - t];
    __syncthreads();
  }
}

constexpr int ROWS = 2, COLS = 3;

// Element-wise sum of every thread's ROWS x COLS matrix, via shared memory.
__global__ void matrices(int *out) {
  extern __shared__ int acc[]; // ROWS * COLS
  int t = threadIdx.x;
  int m[ROWS][COLS];
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      m[r][c] = (t + 1) * (r * COLS + c + 1) + blockIdx.x;
  if (t == 0)
    for (int i = 0; i < ROWS * COLS; ++i)
      acc[i] = 0;
  __syncthreads();
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c) {
      atomicAdd(&acc[r * COLS + c], m[r][c]);
      __syncthreads();
    }
  if (t < ROWS * COLS)
    out[blockIdx.x * ROWS * COLS + t] = acc[t];
}

__global__ void counters(int *out, int outerEnd, int innerEnd, int a, int b) {
  __shared__ int hits;
  int t = threadIdx.x;
  if (t == 0)
    hits = 0;
  __syncthreads();
  int bodies = 0, seen = 0;
  for (int o = 0; o < outerEnd; ++o)
    for (int i = 0; i < innerEnd; ++i) {
      ++bodies;
      if (b > a)
        __syncthreads();
      if (a > 0) {
        if (t == 0)
          ++hits;
        __syncthreads();
        seen += hits;
      }
      if (a > 0)
        __syncthreads(); // nobody reads `hits` while thread 0 bumps it
      bodies += o * 10 + i * 100;
    }
  if (a > 0)
    __syncthreads();
  out[2 * (blockIdx.x * blockDim.x + t)] = bodies;
  out[2 * (blockIdx.x * blockDim.x + t) + 1] = seen;
}

__global__ void threeDeep(int *out, int I, int J, int K) {
  __shared__ int s[1024];
  int t = threadIdx.x, n = blockDim.x;
  int v = t;
  for (int i = 0; i < I; ++i) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 1) % n];
    for (int j = 0; j < J + i; ++j) {
      __syncthreads();
      s[t] = v + j;
      __syncthreads();
      for (int k = 0; k < K; ++k) {
        v += s[(t + k) % n] & 3;
        __syncthreads();
      }
    }
    __syncthreads();
  }
  out[blockIdx.x * n + t] = v;
}

int main(int argc, char **argv) {
  int bs = blockSizeArg(argc, argv, 128);
  std::vector<int> r;
  auto fetch = [&](int *d, size_t count) {
    r.resize(count);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(r.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  };
  int *dout;
  CHECK_CUDA(cudaMalloc(&dout, 1 << 20));

  {
    const int n = 1000;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i)
      in[i] = i * 7 % 101;
    int *din;
    CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    tiles<<<1, bs, bs * sizeof(int)>>>(din, dout, n);
    fetch(dout, n);
    for (int base = 0; base < n; base += bs)
      for (int t = 0; t < bs && base + t < n; ++t) {
        int u = bs - 1 - t, acc = 0;
        for (int k = 0; k < 3; ++k) {
          int j = (u + k) % bs;
          acc += base + j < n ? in[base + j] : 0;
        }
        EXPECT(r[base + t] == acc);
      }
    CHECK_CUDA(cudaFree(din));
  }
  std::printf("tiles PASSED\n");

  const int blocks = 3;
  matrices<<<blocks, bs, ROWS * COLS * sizeof(int)>>>(dout);
  fetch(dout, blocks * ROWS * COLS);
  for (int b = 0; b < blocks; ++b)
    for (int e = 0; e < ROWS * COLS && e < bs; ++e) {
      int sum = 0;
      for (int t = 0; t < bs; ++t)
        sum += (t + 1) * (e + 1) + b;
      EXPECT(r[b * ROWS * COLS + e] == sum);
    }
  std::printf("matrices PASSED\n");

  for (int a : {0, 1, 2})
    for (int b : {0, 1, 3}) {
      const int outerEnd = 2, innerEnd = 3;
      counters<<<blocks, bs>>>(dout, outerEnd, innerEnd, a, b);
      fetch(dout, 2 * blocks * bs);
      int bodies = 0, seen = 0, hits = 0;
      for (int o = 0; o < outerEnd; ++o)
        for (int i = 0; i < innerEnd; ++i) {
          ++bodies;
          if (a > 0)
            seen += ++hits;
          bodies += o * 10 + i * 100;
        }
      for (int g = 0; g < blocks * bs; ++g)
        EXPECT(r[2 * g] == bodies && r[2 * g + 1] == seen);
    }
  std::printf("counters PASSED\n");

  const int I = 3, J = 2, K = 3;
  threeDeep<<<blocks, bs>>>(dout, I, J, K);
  fetch(dout, blocks * bs);
  {
    std::vector<int> v(bs), s(bs), nv(bs);
    for (int t = 0; t < bs; ++t)
      v[t] = t;
    for (int i = 0; i < I; ++i) {
      s = v;
      for (int t = 0; t < bs; ++t)
        nv[t] = s[(t + 1) % bs];
      v = nv;
      for (int j = 0; j < J + i; ++j) {
        for (int t = 0; t < bs; ++t)
          s[t] = v[t] + j;
        for (int k = 0; k < K; ++k)
          for (int t = 0; t < bs; ++t)
            v[t] += s[(t + k) % bs] & 3;
      }
    }
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < bs; ++t)
        EXPECT(r[b * bs + t] == v[t]);
  }
  std::printf("three deep PASSED\n");
  CHECK_CUDA(cudaFree(dout));
  return 0;
}
