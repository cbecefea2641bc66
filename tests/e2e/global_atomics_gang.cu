// Global atomics in gang kernels (VectorizeKernels, GangAtomics.cpp): lanes
// on one address share one atomic instruction, lanes on several addresses
// (with LOOM_WFV_ATOMICS=groups) one per distinct address, and every thread still gets the old value it
// would get with the threads' atomics run one after another in thread order.
// A block runs on one CPU thread, its threads in order (the scalar path, and
// gangs in order, lanes in lane order), so a location only one block touches
// must see exactly the sequential result, returned values included; that is
// what the per-block checks compare against a CPU reference. Random data,
// block sizes that are not a multiple of the gang width, divergent masks
// (a data-dependent condition, threads past n), every operation kind
// (add, sub, and, or, xor, min, max signed and unsigned, exch, float add,
// 64-bit add) with the old value used and unused, and a varying address
// (a per-block histogram with few bins). Counters shared by all blocks
// (stream compaction) are checked for totals and distinct slots.
// tests/vectorization/global_atomics.test checks that the aggregation happens.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 37 | FileCheck %s
// RUN: %t 7 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// Per-lane addresses grouped by address (not the default):
// RUN: env LOOM_WFV_ATOMICS=groups %loomcc %s -o %t.g
// RUN: %t.g 256 | FileCheck %s
// RUN: %t.g 37 | FileCheck %s
// CHECK: ops ok
// CHECK: unused ok
// CHECK: fadd ok
// CHECK: hist ok
// CHECK: compact ok
// CHECK: PASSED
#include "Inputs/check.h"
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <vector>

constexpr int NumOps = 10;

// Per block, NumOps locations; thread t of the block takes part when
// t < n and its value passes a data-dependent test (divergent mask).
__global__ void ops(const int *v, int n, int *g, unsigned *ug, unsigned long long *g64,
                    int *old, unsigned *uold) {
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t >= n)
    return;
  int x = v[i];
  int *b = g + blockIdx.x * NumOps;
  unsigned *ub = ug + blockIdx.x * NumOps;
  int *o = old + i * NumOps;
  unsigned *uo = uold + i * NumOps;
  if (x % 3 != 0) {
    o[0] = atomicAdd(&b[0], x);
    o[1] = atomicSub(&b[1], x);
  }
  o[2] = atomicAnd(&b[2], x | 0x10000);
  o[3] = atomicOr(&b[3], x & 0xf0f);
  if (x & 1)
    o[4] = atomicXor(&b[4], x);
  o[5] = atomicMin(&b[5], x - 500);
  o[6] = atomicMax(&b[6], x - 500);
  uo[7] = atomicMin(&ub[7], (unsigned)x * 2654435761u);
  uo[8] = atomicMax(&ub[8], (unsigned)x * 2654435761u);
  if (x % 5 != 1)
    o[9] = atomicExch(&b[9], x);
  atomicAdd(&g64[blockIdx.x], (unsigned long long)x << 33);
}

// The same operations with the old values unused.
__global__ void unused(const int *v, int n, int *g) {
  int t = threadIdx.x;
  if (t >= n)
    return;
  int x = v[blockIdx.x * blockDim.x + t];
  int *b = g + blockIdx.x * NumOps;
  if (x % 3 != 0) {
    atomicAdd(&b[0], x);
    atomicSub(&b[1], x);
  }
  atomicAnd(&b[2], x | 0x10000);
  atomicOr(&b[3], x & 0xf0f);
  if (x & 1)
    atomicXor(&b[4], x);
  atomicMin(&b[5], x - 500);
  atomicMax(&b[6], x - 500);
  atomicExch(&b[9], x);
}

__global__ void fadd(const float *v, int n, float *sum, float *old) {
  int t = threadIdx.x;
  if (t >= n)
    return;
  int i = blockIdx.x * blockDim.x + t;
  if (v[i] > 0.25f)
    old[i] = atomicAdd(&sum[blockIdx.x], v[i]);
}

constexpr int Bins = 5;

// A per-block histogram of few bins: lanes of a gang share addresses.
__global__ void hist(const int *v, int n, unsigned *h, unsigned *old) {
  int t = threadIdx.x;
  if (t >= n)
    return;
  int i = blockIdx.x * blockDim.x + t;
  int x = v[i];
  if (x % 7 != 3)
    old[i] = atomicAdd(&h[blockIdx.x * Bins + x % Bins], (unsigned)(x & 3) + 1);
}

// Stream compaction into one counter shared by all blocks.
__global__ void compact(const int *v, int total, int *count, int *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += blockDim.x * gridDim.x)
    if (v[i] % 4 != 0)
      out[atomicAdd(count, 1)] = v[i];
}

int main(int argc, char **argv) {
  int bs = argc > 1 ? std::atoi(argv[1]) : 256;
  const int blocks = 13, n = bs > 3 ? bs - 3 : bs; // the last threads of each block sit out
  const int total = blocks * bs;
  srand(12345 + bs);
  std::vector<int> hv(total);
  for (int &x : hv)
    x = rand() % 1000;
  std::vector<float> hf(total);
  for (float &f : hf)
    f = (rand() % 1000) / 1000.0f;

  int *v, *g, *old, *count, *out, *g2;
  unsigned *ug, *uold, *h, *hold;
  unsigned long long *g64;
  float *fv, *fsum, *fold;
  CHECK_CUDA(cudaMallocManaged(&v, total * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&g, blocks * NumOps * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&g2, blocks * NumOps * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&ug, blocks * NumOps * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&g64, blocks * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMallocManaged(&old, total * NumOps * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&uold, total * NumOps * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&h, blocks * Bins * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&hold, total * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&count, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, total * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&fv, total * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&fsum, blocks * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&fold, total * sizeof(float)));
  std::copy(hv.begin(), hv.end(), v);
  std::copy(hf.begin(), hf.end(), fv);

  const int init[NumOps] = {7, 1 << 20, -1, 0, 0x5a5a, INT_MAX, INT_MIN, 0, 0, -3};
  const unsigned uinit[NumOps] = {0, 0, 0, 0, 0, 0, 0, 0xffffffffu, 0, 0};
  for (int b = 0; b < blocks; ++b) {
    for (int k = 0; k < NumOps; ++k) {
      g[b * NumOps + k] = g2[b * NumOps + k] = init[k];
      ug[b * NumOps + k] = uinit[k];
    }
    g64[b] = 1;
    fsum[b] = 0.5f;
  }
  for (int i = 0; i < total * NumOps; ++i)
    old[i] = uold[i] = 0xdead;
  std::fill(h, h + blocks * Bins, 0u);
  std::fill(hold, hold + total, 0xdeadu);
  std::fill(fold, fold + total, -1.0f);
  *count = 0;

  ops<<<blocks, bs>>>(v, n, g, ug, g64, old, uold);
  unused<<<blocks, bs>>>(v, n, g2);
  fadd<<<blocks, bs>>>(fv, n, fsum, fold);
  hist<<<blocks, bs>>>(v, n, h, hold);
  compact<<<5, bs>>>(v, total, count, out);
  CHECK_CUDA(cudaDeviceSynchronize());

  // Sequential reference: the block's threads in order.
  for (int b = 0; b < blocks; ++b) {
    int r[NumOps], r2[NumOps];
    unsigned ur[NumOps];
    for (int k = 0; k < NumOps; ++k)
      r[k] = r2[k] = init[k], ur[k] = uinit[k];
    unsigned long long r64 = 1;
    for (int t = 0; t < n; ++t) {
      int i = b * bs + t, x = hv[i];
      const int *o = old + i * NumOps;
      const unsigned *uo = uold + i * NumOps;
      auto expect = [&](int k, bool active, int want) {
        if (o[k] != (active ? want : 0xdead)) {
          std::printf("FAILED: bs %d block %d thread %d op %d: old %d, want %d\n", bs, b, t, k,
                      o[k], active ? want : 0xdead);
          std::exit(1);
        }
      };
      bool a = x % 3 != 0;
      expect(0, a, r[0]);
      expect(1, a, r[1]);
      if (a) {
        r[0] += x, r[1] -= x;
        r2[0] += x, r2[1] -= x;
      }
      expect(2, true, r[2]);
      r[2] &= x | 0x10000, r2[2] &= x | 0x10000;
      expect(3, true, r[3]);
      r[3] |= x & 0xf0f, r2[3] |= x & 0xf0f;
      expect(4, x & 1, r[4]);
      if (x & 1)
        r[4] ^= x, r2[4] ^= x;
      expect(5, true, r[5]);
      r[5] = std::min(r[5], x - 500), r2[5] = std::min(r2[5], x - 500);
      expect(6, true, r[6]);
      r[6] = std::max(r[6], x - 500), r2[6] = std::max(r2[6], x - 500);
      unsigned ux = (unsigned)x * 2654435761u;
      EXPECT(uo[7] == ur[7]);
      ur[7] = std::min(ur[7], ux);
      EXPECT(uo[8] == ur[8]);
      ur[8] = std::max(ur[8], ux);
      expect(9, x % 5 != 1, r[9]);
      if (x % 5 != 1)
        r[9] = x;
      r2[9] = x;
      r64 += (unsigned long long)x << 33;
    }
    for (int k : {0, 1, 2, 3, 4, 5, 6, 9}) {
      if (g[b * NumOps + k] != r[k]) {
        std::printf("FAILED: bs %d block %d op %d: %d, want %d\n", bs, b, k, g[b * NumOps + k],
                    r[k]);
        std::exit(1);
      }
      if (g2[b * NumOps + k] != r2[k]) {
        std::printf("FAILED: bs %d block %d unused op %d: %d, want %d\n", bs, b, k,
                    g2[b * NumOps + k], r2[k]);
        std::exit(1);
      }
    }
    EXPECT(ug[b * NumOps + 7] == ur[7]);
    EXPECT(ug[b * NumOps + 8] == ur[8]);
    EXPECT(g64[b] == r64);
  }
  std::printf("ops ok\nunused ok\n");

  // Float sums: any order of the additions, so each old value is the start
  // plus some of the block's other values, near the sequential prefix.
  for (int b = 0; b < blocks; ++b) {
    double s = 0.5, all = 0.5;
    for (int t = 0; t < n; ++t)
      if (hf[b * bs + t] > 0.25f)
        all += hf[b * bs + t];
    for (int t = 0; t < n; ++t) {
      int i = b * bs + t;
      if (hf[i] > 0.25f) {
        if (!close(fold[i], s, 1e-5)) {
          std::printf("FAILED: fadd bs %d block %d thread %d: old %g, want %g\n", bs, b, t,
                      fold[i], s);
          std::exit(1);
        }
        s += hf[i];
      } else {
        EXPECT(fold[i] == -1.0f);
      }
    }
    EXPECT(close(fsum[b], all, 1e-5));
  }
  std::printf("fadd ok\n");

  for (int b = 0; b < blocks; ++b) {
    unsigned r[Bins] = {};
    for (int t = 0; t < n; ++t) {
      int i = b * bs + t, x = hv[i];
      if (x % 7 != 3) {
        if (hold[i] != r[x % Bins]) {
          std::printf("FAILED: hist bs %d block %d thread %d: old %u, want %u\n", bs, b, t,
                      hold[i], r[x % Bins]);
          std::exit(1);
        }
        r[x % Bins] += (x & 3) + 1;
      } else {
        EXPECT(hold[i] == 0xdeadu);
      }
    }
    for (int k = 0; k < Bins; ++k)
      EXPECT(h[b * Bins + k] == r[k]);
  }
  std::printf("hist ok\n");

  std::vector<int> want, got(out, out + *count);
  for (int x : hv)
    if (x % 4 != 0)
      want.push_back(x);
  EXPECT((int)want.size() == *count);
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  EXPECT(want == got);
  std::printf("compact ok\nPASSED\n");
  return 0;
}
