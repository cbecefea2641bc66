// Forward progress between the warps of one block (issue #16 point 5): warp
// 0 waits for a flag that warp 1 sets, then warp 1 waits for warp 0's
// answer, for several rounds (a ping-pong of volatile flags, no barrier in
// the waits). On a GPU with independent thread scheduling (Volta+) both
// warps progress; Loom runs a block's threads one after another, so the
// waits must be scheduling points (compiler/Transforms/SpinWaits). A second
// kernel polls with atomicAdd(p, 0) and cuda::atomic_ref loads. A third
// has warp 0 poll with a vote (__any_sync, as CUB's look-back does) for a
// value that warp 1 computes with shuffles first.
// RUN: %loomcc %s -o %t
// RUN: timeout 60 %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial timeout 60 %t | FileCheck %s
// CHECK: volatile PASSED
// CHECK: atomic PASSED
// CHECK: vote PASSED
#include "../Inputs/check.h"
#include <cuda/atomic>

constexpr int Rounds = 8;

// Lane 0 of warp 0 and lane 0 of warp 1 exchange Rounds messages; the
// other lanes of each warp wait for their leader's round to finish, so the
// whole block is spinning at once.
__global__ void pingPong(int *pingp, int *pongp, int *log) {
  volatile int *ping = pingp, *pong = pongp;
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = 1; r <= Rounds; ++r) {
    if (warp == 0) {
      if (lane == 0) {
        while (*pong != r) {} // warp 1 answers round r
        log[2 * r - 2] = *pong * 10 + warp;
        *ping = r;            // warp 0 asks the next round
      } else {
        while (*pong < r) {}
      }
    } else if (warp == 1) {
      if (lane == 0) {
        while (*ping != r - 1) {}
        log[2 * r - 1] = *ping * 10 + warp;
        __threadfence_block();
        *pong = r;
      } else {
        while (*ping < r - 1) {}
      }
    }
  }
}

__global__ void pingPongAtomic(int *ping, int *pong, int *log) {
  int warp = threadIdx.x / 32;
  if (threadIdx.x % 32)
    return;
  cuda::atomic_ref<int, cuda::thread_scope_block> pi(*ping);
  for (int r = 1; r <= Rounds; ++r) {
    if (warp == 0) {
      while (atomicAdd(pong, 0) != r) {}
      log[2 * r - 2] = r * 10;
      atomicExch(ping, r);
    } else {
      while (pi.load(cuda::memory_order_acquire) != r - 1) {}
      log[2 * r - 1] = (r - 1) * 10 + 1;
      atomicExch(pong, r);
    }
  }
}

__global__ void voteWait(int *flagp, int *out) {
  volatile int *flag = flagp;
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    while (__any_sync(0xffffffffu, *flag == 0)) {}
    out[threadIdx.x] = *flag;
  } else {
    int v = lane + 1;
    for (int d = 16; d > 0; d /= 2)
      v += __shfl_xor_sync(0xffffffffu, v, d);
    if (lane == 0)
      *flag = v;
    out[threadIdx.x] = v;
  }
}

/// Runs \p k on one block of two warps; checks the log of the rounds.
bool run(void (*k)(int *, int *, int *), int *flags, int *log) {
  CHECK_CUDA(cudaMemset(flags, 0, 2 * sizeof(int)));
  CHECK_CUDA(cudaMemset(log, 0xff, 2 * Rounds * sizeof(int)));
  k<<<1, 64>>>(flags, flags + 1, log);
  CHECK_CUDA(cudaDeviceSynchronize());
  int host[2 * Rounds];
  CHECK_CUDA(cudaMemcpy(host, log, sizeof host, cudaMemcpyDeviceToHost));
  for (int r = 1; r <= Rounds; ++r)
    if (host[2 * r - 2] != r * 10 || host[2 * r - 1] != (r - 1) * 10 + 1) {
      std::printf("round %d: %d %d\n", r, host[2 * r - 2], host[2 * r - 1]);
      return false;
    }
  return true;
}

int main() {
  int *flags, *log;
  CHECK_CUDA(cudaMalloc(&flags, 2 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&log, 2 * Rounds * sizeof(int)));
  bool vol = run(pingPong, flags, log);
  std::printf("volatile %s\n", vol ? "PASSED" : "FAILED");
  bool atom = run(pingPongAtomic, flags, log);
  std::printf("atomic %s\n", atom ? "PASSED" : "FAILED");
  int *out;
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(flags, 0, sizeof(int)));
  voteWait<<<1, 64>>>(flags, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  int host[64];
  CHECK_CUDA(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  bool vote = true;
  for (int i = 0; i < 64; ++i)
    vote &= host[i] == 32 * 33 / 2;
  std::printf("vote %s\n", vote ? "PASSED" : "FAILED");
  return vol && atom && vote ? 0 : 1;
}
