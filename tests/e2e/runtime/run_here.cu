// Small launches run on the launching thread (docs/runtime.md, "Small work"),
// but only kernels that cannot wait for the host: a kernel that spins on a
// flag the host sets after the launch returns (volatile or atomic reads of
// managed memory) must still run asynchronously, even after earlier launches
// of it were measured tiny. Kernels that may run here keep stream order with
// everything around them.
// RUN: %loomcc %s -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 2>&1 | FileCheck %s
// RUN: env LOOM_RUN_INLINE=0 %t 2>&1 | FileCheck %s
// CHECK: volatile wait ok
// CHECK: atomic wait ok
// CHECK: stream order ok
// CHECK: PASSED
#include "../Inputs/check.h"
#include <chrono>
#include <thread>
#include <unistd.h>

__global__ void waitVolatile(volatile int *flag, int *out) {
  int v;
  while ((v = *flag) == 0) {
  }
  *out = v;
}

__global__ void waitAtomic(int *flag, int *out) {
  int v;
  while ((v = atomicAdd(flag, 0)) == 0) {
  }
  *out = v;
}

__global__ void scaleAdd(unsigned *v, unsigned k) { v[threadIdx.x] = v[threadIdx.x] * 2 + k; }

template <typename Launch> void handshake(Launch launch, int *flag, int *out, const char *what) {
  *flag = 1; // the first launches find the flag set: measured tiny
  for (int r = 0; r < 3; ++r) {
    launch();
    CHECK_CUDA(cudaDeviceSynchronize());
  }
  for (int r = 0; r < 50; ++r) {
    *flag = 0;
    launch(); // must return although the kernel cannot end yet
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    __atomic_store_n(flag, r + 2, __ATOMIC_RELEASE);
    CHECK_CUDA(cudaDeviceSynchronize());
    EXPECT(*out == r + 2);
  }
  std::printf("%s wait ok\n", what);
}

int main() {
  // A launch that never returns is the failure this test exists for.
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::seconds(60));
    std::printf("FAILED: timed out (a launch waited for its own kernel)\n");
    std::fflush(stdout);
    _exit(1);
  }).detach();
  int *flag, *out;
  CHECK_CUDA(cudaMallocManaged(&flag, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  handshake([&] { waitVolatile<<<1, 1>>>(flag, out); }, flag, out, "volatile");
  handshake([&] { waitAtomic<<<1, 1>>>(flag, out); }, flag, out, "atomic");

  // Small kernels and async copies into two streams, checked at the end.
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  unsigned *d;
  CHECK_CUDA(cudaMalloc(&d, 2 * 32 * sizeof(int)));
  std::vector<unsigned> h(64, 1), want(64, 1), in(32);
  CHECK_CUDA(cudaMemcpy(d, h.data(), 64 * sizeof(int), cudaMemcpyHostToDevice));
  for (int k = 0; k < 500; ++k) {
    scaleAdd<<<1, 32>>>(d, k);
    scaleAdd<<<1, 32, 0, s>>>(d + 32, k); // ordered after the legacy stream's work
    for (int i = 0; i < 64; ++i)
      want[i] = want[i] * 2 + k;
    if (k % 50 == 0) {
      for (int i = 0; i < 32; ++i)
        in[i] = want[32 + i] = k + i;
      CHECK_CUDA(cudaMemcpyAsync(d + 32, in.data(), 32 * sizeof(int), cudaMemcpyHostToDevice, s));
      CHECK_CUDA(cudaStreamSynchronize(s)); // `in` is reused
    }
  }
  CHECK_CUDA(cudaMemcpy(h.data(), d, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    EXPECT(h[i] == want[i]);
  std::printf("stream order ok\n");
  std::printf("PASSED\n");
  return 0;
}
