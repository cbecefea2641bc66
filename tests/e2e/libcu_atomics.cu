// Loom's libcu++ atomics subset (<cuda/atomic>, <cuda/std/atomic>) in
// kernels and host code: atomic_ref with scopes, cuda::std::atomic in
// managed memory, compare-exchange loops, fetch_min/max, floating-point
// fetch_add, bitwise ops, operators, memory orders and fences.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <cuda/atomic>
#include <cuda/std/atomic>

struct Counters {
  cuda::std::atomic<int> hits;
  cuda::std::atomic<unsigned long long> bits;
  cuda::atomic<float, cuda::thread_scope_device> total;
};

__global__ void count(int *plain, Counters *c, int *minMax, const int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(plain[0]);
  ref.fetch_add(1, cuda::memory_order_relaxed);
  ++c->hits;
  c->bits.fetch_or(1ull << (i % 64));
  c->total.fetch_add(0.5f);
  cuda::atomic_ref<int, cuda::thread_scope_block>(minMax[0]).fetch_min(data[i]);
  cuda::atomic_ref<int>(minMax[1]).fetch_max(data[i]);
  // A compare-exchange loop: plain[1] ends as the sum of squares mod 1000.
  cuda::atomic_ref<int> sq(plain[1]);
  int old = sq.load(cuda::std::memory_order_acquire);
  while (!sq.compare_exchange_weak(old, (old + data[i] * data[i]) % 1000,
                                   cuda::std::memory_order_acq_rel))
    ;
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
}

int main() {
  const int N = 4096;
  int *plain, *minMax, *data;
  Counters *c;
  CHECK_CUDA(cudaMallocManaged(&plain, 2 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&minMax, 2 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&data, N * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&c, sizeof(Counters)));
  plain[0] = plain[1] = 0;
  minMax[0] = 1 << 30;
  minMax[1] = -(1 << 30);
  new (c) Counters{{0}, {0}, {0.0f}};
  int lo = 1 << 30, hi = -(1 << 30), sq = 0;
  for (int i = 0; i < N; ++i) {
    data[i] = (i * 7919) % 2001 - 1000;
    lo = data[i] < lo ? data[i] : lo;
    hi = data[i] > hi ? data[i] : hi;
  }
  count<<<N / 128, 128>>>(plain, c, minMax, data, N);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(plain[0] == N);
  EXPECT(c->hits.load() == N);
  EXPECT(c->bits.load() == ~0ull);
  EXPECT(c->total.load() == 0.5f * N);
  EXPECT(minMax[0] == lo && minMax[1] == hi);
  // Addition modulo 1000 commutes: any order of the CAS updates agrees.
  for (int i = 0; i < N; ++i) sq = (sq + data[i] * data[i]) % 1000;
  EXPECT(plain[1] == sq);
  sq = 0;

  // Host code uses the same types.
  cuda::std::atomic<int> h(5);
  EXPECT(h.exchange(7) == 5 && h.load() == 7);
  int expected = 6;
  EXPECT(!h.compare_exchange_strong(expected, 9) && expected == 7);
  EXPECT(h.compare_exchange_strong(expected, 9) && h == 9);
  EXPECT((h += 3) == 12 && h-- == 12 && h == 11);
  cuda::atomic_ref<int, cuda::thread_scope_system> r(sq);
  r.fetch_xor(0x5);
  r.fetch_and(0x4);
  EXPECT(sq == 4 && r.fetch_max(10) == 4 && sq == 10);
  std::printf("PASSED\n");
  return 0;
}
