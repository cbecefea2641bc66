// Small work on the launch path (docs/runtime.md, "Small work"): tiny
// launches and the small copies around them run on the thread that waits for
// them, without changing CUDA's semantics: stream order, events between
// streams, a kernel that signals the host through mapped memory while the
// host polls without any API call (the launch must still run), a stream query
// loop, and a device-side fault reported by the next blocking copy (which
// then copies nothing).
// RUN: %loomcc %s -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 2>&1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 2>&1 | FileCheck %s
// CHECK: step loop ok
// CHECK: events ok
// CHECK: query ok
// CHECK: Assertion `v[0] < 0` failed
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cassert>
#include <chrono>
#include <cstring>
#include <vector>

__global__ void step(int *v, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = v[i] * 3 + k + i;
}

__global__ void signal(volatile int *flag, int value) { *flag = value; }

__global__ void addFrom(int *dst, const int *src) { dst[threadIdx.x] += src[threadIdx.x]; }

__global__ void mustBeNegative(const int *v) { assert(v[0] < 0); }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0); // keep stdout and stderr in order
  const int N = 64;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, N * sizeof(int)));
  std::vector<int> h(N, 0), want(N, 0);
  CHECK_CUDA(cudaMemcpy(d, h.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  // 1. A myocyte-style loop: launch, copy back, check, copy a change in.
  for (int k = 0; k < 2000; ++k) {
    step<<<2, 32>>>(d, k);
    for (int i = 0; i < N; ++i)
      want[i] = want[i] * 3 + k + i;
    CHECK_CUDA(cudaMemcpy(h.data(), d, N * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(std::memcmp(h.data(), want.data(), N * sizeof(int)) == 0);
    h[k % N] = want[k % N] = k & 7;
    CHECK_CUDA(cudaMemcpy(d + k % N, &h[k % N], sizeof(int), cudaMemcpyHostToDevice));
  }
  std::printf("step loop ok\n");

  // 2. Events order small work between streams.
  cudaStream_t a, b;
  CHECK_CUDA(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
  cudaEvent_t e;
  CHECK_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  int *x, *y;
  CHECK_CUDA(cudaMalloc(&x, 32 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&y, 32 * sizeof(int)));
  CHECK_CUDA(cudaMemset(x, 0, 32 * sizeof(int)));
  CHECK_CUDA(cudaMemset(y, 0, 32 * sizeof(int)));
  std::vector<int> one(32, 1);
  for (int r = 0; r < 300; ++r) {
    CHECK_CUDA(cudaMemcpyAsync(x, one.data(), 32 * sizeof(int), cudaMemcpyHostToDevice, a));
    addFrom<<<1, 32, 0, a>>>(x, x); // x = 2
    CHECK_CUDA(cudaEventRecord(e, a));
    CHECK_CUDA(cudaStreamWaitEvent(b, e, 0));
    addFrom<<<1, 32, 0, b>>>(y, x); // y += 2
    // Stream a may not reset x before b has read it.
    CHECK_CUDA(cudaStreamWaitEvent(a, e, 0));
    CHECK_CUDA(cudaStreamSynchronize(b));
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> hy(32);
  CHECK_CUDA(cudaMemcpy(hy.data(), y, 32 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int v : hy)
    EXPECT(v == 600);
  std::printf("events ok\n");

  // 3. The host polls instead of synchronizing: a kernel that signals it
  // through mapped memory must run although nobody waits for it (not in
  // serial mode, where by definition nothing runs until a thread waits),
  // and a cudaStreamQuery loop must end.
  const char *sched = std::getenv("LOOM_SCHEDULER");
  bool serial = sched && std::strcmp(sched, "serial") == 0;
  int *flag;
  CHECK_CUDA(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
  *flag = 0;
  if (!serial) {
    signal<<<1, 1, 0, a>>>(flag, 42);
    auto start = std::chrono::steady_clock::now();
    while (*(volatile int *)flag != 42)
      EXPECT(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  }
  signal<<<1, 1, 0, b>>>(flag, 7);
  while (cudaStreamQuery(b) == cudaErrorNotReady) {
  }
  EXPECT(*(volatile int *)flag == 7);
  std::printf("query ok\n");

  // 4. A fault in a small kernel is the next blocking call's (sticky) error.
  mustBeNegative<<<1, 1>>>(d);
  int dummy = -12345;
  EXPECT(cudaMemcpy(&dummy, d, sizeof(int), cudaMemcpyDeviceToHost) == cudaErrorAssert);
  EXPECT(dummy == -12345); // the copy after the fault did not happen
  EXPECT(cudaDeviceSynchronize() == cudaErrorAssert);
  std::fflush(stderr);
  std::printf("PASSED\n");
  return 0;
}
