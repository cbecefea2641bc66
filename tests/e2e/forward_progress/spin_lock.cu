// An atomicCAS spin-lock protecting a critical section in one block (issue
// #16 point 5): every thread takes the lock, updates a two-word record
// non-atomically (a sum and a count that must agree), and releases it. A
// second kernel holds the lock while it waits for every other thread to
// have asked for it (a counter they bump before spinning), so the holder
// and the waiters must take turns. Checked against the expected totals. A
// third kernel does the same and then sums the lanes' tickets with warp
// shuffles: a warp's shuffle must wait for its lanes still spinning on the
// lock (each warp's sum is that of 32 distinct tickets).
// RUN: %loomcc %s -o %t
// RUN: timeout 60 %t 256 | FileCheck %s
// RUN: timeout 60 %t 100 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial timeout 60 %t 128 | FileCheck %s
// CHECK: lock PASSED
// CHECK: holder PASSED
// CHECK: shuffle PASSED
#include "../Inputs/check.h"
#include <vector>

struct Record {
  int sum;
  int count;
  int order; // how many entered before this one
};

__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {}
  __threadfence();
}

__device__ void unlock(int *mutex) {
  __threadfence();
  atomicExch(mutex, 0);
}

__global__ void critical(int *mutex, Record *rec) {
  lock(mutex);
  volatile Record *r = rec;
  int s = r->sum, c = r->count;
  r->sum = s + threadIdx.x;
  r->count = c + 1;
  unlock(mutex);
}

// Thread 0 takes the lock first and keeps it until all others asked.
__global__ void holder(int *mutex, int *asked, Record *rec) {
  if (threadIdx.x == 0) {
    lock(mutex);
    while (atomicAdd(asked, 0) != blockDim.x - 1) {}
    rec->order = rec->count;
    rec->count += 1;
    unlock(mutex);
    return;
  }
  while (atomicAdd(asked, 0) == 0 && atomicAdd(mutex, 0) == 0) {} // thread 0 first
  atomicAdd(asked, 1);
  lock(mutex);
  volatile Record *r = rec;
  r->count = r->count + 1;
  unlock(mutex);
}

// As holder, then each thread takes a ticket under the lock and its warp
// adds the tickets up.
__global__ void holderShuffle(int *mutex, int *asked, int *counter, int *out) {
  if (threadIdx.x == 0) {
    lock(mutex);
    while (atomicAdd(asked, 0) != blockDim.x - 1) {}
  } else {
    while (atomicAdd(mutex, 0) == 0) {}
    atomicAdd(asked, 1);
    lock(mutex);
  }
  volatile int *c = counter;
  int ticket = *c;
  *c = ticket + 1;
  unlock(mutex);
  int v = ticket;
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, d);
  out[threadIdx.x] = v;
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  int *mutex, *asked;
  Record *rec;
  CHECK_CUDA(cudaMalloc(&mutex, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&asked, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&rec, sizeof(Record)));
  CHECK_CUDA(cudaMemset(mutex, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(rec, 0, sizeof(Record)));
  critical<<<1, n>>>(mutex, rec);
  CHECK_CUDA(cudaDeviceSynchronize());
  Record h;
  CHECK_CUDA(cudaMemcpy(&h, rec, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = h.count == n && h.sum == n * (n - 1) / 2;
  std::printf("lock %s (count %d, sum %d)\n", ok ? "PASSED" : "FAILED", h.count, h.sum);

  CHECK_CUDA(cudaMemset(mutex, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(asked, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(rec, 0, sizeof(Record)));
  holder<<<1, n>>>(mutex, asked, rec);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(&h, rec, sizeof h, cudaMemcpyDeviceToHost));
  bool ok2 = h.count == n && h.order == 0;
  std::printf("holder %s (count %d, order %d)\n", ok2 ? "PASSED" : "FAILED", h.count, h.order);

  // Whole warps only: every lane of a warp is in the shuffle's mask.
  int w = (n + 31) / 32 * 32;
  int *counter, *out;
  CHECK_CUDA(cudaMalloc(&counter, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, w * sizeof(int)));
  CHECK_CUDA(cudaMemset(mutex, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(asked, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(counter, 0, sizeof(int)));
  holderShuffle<<<1, w>>>(mutex, asked, counter, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> sums(w);
  CHECK_CUDA(cudaMemcpy(sums.data(), out, w * sizeof(int), cudaMemcpyDeviceToHost));
  long total = 0;
  bool ok3 = true;
  for (int i = 0; i < w; ++i) {
    ok3 &= sums[i] == sums[i / 32 * 32];
    if (i % 32 == 0)
      total += sums[i];
  }
  ok3 &= total == long(w) * (w - 1) / 2;
  std::printf("shuffle %s (warp 0: %d, total %ld)\n", ok3 ? "PASSED" : "FAILED", sums[0], total);
  return ok && ok2 && ok3 ? 0 : 1;
}
