// __syncthreads_count / _and / _or with predicates true for all threads, for
// none, for some (including non-0/1 predicate values), depending on the
// block, and inside a loop with an iteration-dependent predicate. Every
// thread records what it got; all must agree with the CPU.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 64 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 33 | FileCheck %s
// CHECK: fixed predicates PASSED
// CHECK: loop PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

constexpr int NCASES = 6;
constexpr int NRES = 3 * NCASES;

__device__ int predicate(int c, int t, int b) {
  switch (c) {
  case 0: return 1;              // all
  case 1: return 0;              // none
  case 2: return t % 3 == 0;     // some
  case 3: return t & 6;          // some, values other than 0/1
  case 4: return (t + b) % 2;    // depends on the block
  default: return t == 0 ? -1 : 0; // only thread 0, negative value
  }
}

__global__ void fixedPredicates(int *out) {
  int t = threadIdx.x, b = blockIdx.x;
  int *o = out + ((size_t)b * blockDim.x + t) * NRES;
  for (int c = 0; c < NCASES; ++c) {
    int p = predicate(c, t, b);
    o[3 * c + 0] = __syncthreads_count(p);
    o[3 * c + 1] = __syncthreads_and(p);
    o[3 * c + 2] = __syncthreads_or(p);
  }
}

// Iteration i: count of threads with t < i*step, all(t >= i), any(t == i);
// the counts are accumulated per thread across iterations, and a shared
// value written between barriers must be seen by everybody.
__global__ void inLoop(int *out, int iters, int step) {
  __shared__ int last;
  int t = threadIdx.x;
  long long acc = 0;
  int ands = 0, ors = 0, agree = 1;
  for (int i = 0; i < iters; ++i) {
    int c = __syncthreads_count(t < i * step);
    if (t == 0)
      last = c;
    ands += __syncthreads_and(t >= i);
    ors += __syncthreads_or(t == i);
    agree &= last == c;
    acc += c;
    __syncthreads();
  }
  int *o = out + ((size_t)blockIdx.x * blockDim.x + t) * 4;
  o[0] = (int)acc;
  o[1] = ands;
  o[2] = ors;
  o[3] = agree;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int blocks = 5;
  size_t count = (size_t)blocks * threads;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, count * NRES * sizeof(int)));
  fixedPredicates<<<blocks, threads>>>(d);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> r(count * NRES);
  CHECK_CUDA(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  auto hostPred = [](int c, int t, int b) {
    switch (c) {
    case 0: return 1;
    case 1: return 0;
    case 2: return (int)(t % 3 == 0);
    case 3: return t & 6;
    case 4: return (t + b) % 2;
    default: return t == 0 ? -1 : 0;
    }
  };
  for (int b = 0; b < blocks; ++b)
    for (int c = 0; c < NCASES; ++c) {
      int cnt = 0, all = 1, any = 0;
      for (int t = 0; t < threads; ++t) {
        bool p = hostPred(c, t, b) != 0;
        cnt += p;
        all &= p;
        any |= p;
      }
      for (int t = 0; t < threads; ++t) {
        const int *o = &r[((size_t)b * threads + t) * NRES + 3 * c];
        if (o[0] != cnt || (o[1] != 0) != (all != 0) || (o[2] != 0) != (any != 0))
          std::printf("block %d case %d thread %d: %d %d %d, expected %d %d %d\n", b, c, t,
                      o[0], o[1], o[2], cnt, all, any);
        EXPECT(o[0] == cnt);
        EXPECT((o[1] != 0) == (all != 0));
        EXPECT((o[2] != 0) == (any != 0));
      }
    }
  std::printf("fixed predicates PASSED\n");

  const int iters = 40, step = 7;
  std::vector<int> l(count * 4);
  int *dl;
  CHECK_CUDA(cudaMalloc(&dl, l.size() * sizeof(int)));
  inLoop<<<blocks, threads>>>(dl, iters, step);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(l.data(), dl, l.size() * sizeof(int), cudaMemcpyDeviceToHost));
  long long acc = 0;
  int ands = 0, ors = 0;
  for (int i = 0; i < iters; ++i) {
    acc += std::min(threads, i * step);
    ands += i == 0;          // all t >= i only when i == 0
    ors += i < threads;      // some thread has t == i
  }
  for (size_t g = 0; g < count; ++g) {
    EXPECT(l[g * 4 + 0] == acc);
    EXPECT(l[g * 4 + 1] == ands);
    EXPECT(l[g * 4 + 2] == ors);
    EXPECT(l[g * 4 + 3] == 1);
  }
  std::printf("loop PASSED\n");
  CHECK_CUDA(cudaFree(d));
  CHECK_CUDA(cudaFree(dl));
  return 0;
}
