// SPDX-License-Identifier: Apache-2.0
// LOOM_DEVICES=n (docs/tools.md, "Several devices"): a multi-GPU program as
// written for two GPUs. A 1D heat stencil is split over devices 0 and 1,
// each with its own buffers and stream; every step exchanges one-cell halos
// with cudaMemcpyPeerAsync and runs the kernel on both devices; the result
// is checked against a CPU reference. Also checked: the device count, the
// per-thread current device, per-device properties, memory info and
// allocation limits, pointer attributes, peer access and its errors, PCI
// bus ids. Exit status 1 on any mismatch.
// Without LOOM_DEVICES in the environment (scripts/sanitize.sh runs the
// program directly) it asks for two devices itself before its first CUDA call.
// RUN: %loomcc %s -o %t
// RUN: env LOOM_DEVICES=2 %t | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: env LOOM_DEVICES=3 %t | FileCheck %s --check-prefixes=CHECK,THREE
// RUN: env LOOM_DEVICES=banana not %t 2>&1 | FileCheck %s --check-prefix=BAD
// TWO: devices: 2
// THREE: devices: 3
// CHECK: PASSED
// BAD: LOOM_DEVICES=banana is not a device count (1 to 64); using 1
// BAD: FAILED: 1 device(s)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

static int Failures = 0;
#define EXPECT(cond)                                                                   \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::printf("mismatch: %s at line %d\n", #cond, __LINE__);                       \
      ++Failures;                                                                      \
    }                                                                                  \
  } while (0)
#define CHECK(call) EXPECT((call) == cudaSuccess)

// One step of u' = u + k (left - 2u + right) on cells 1..n of a buffer with
// halo cells 0 and n + 1.
__global__ void heat(const float *in, float *out, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i <= n)
    out[i] = in[i] + k * (in[i - 1] - 2 * in[i] + in[i + 1]);
}

int main() {
  setenv("LOOM_DEVICES", "2", 0);
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  std::printf("devices: %d\n", count);
  if (count < 2) {
    std::printf("FAILED: %d device(s)\n", count);
    return 1;
  }

  // The current device is per host thread.
  CHECK(cudaSetDevice(1));
  int dev = -1;
  CHECK(cudaGetDevice(&dev));
  EXPECT(dev == 1);
  std::thread([] {
    int d = -1;
    cudaGetDevice(&d);
    if (d != 0) {
      std::printf("mismatch: a new thread's device is %d\n", d);
      ++Failures;
    }
  }).join();
  EXPECT(cudaSetDevice(count) == cudaErrorInvalidDevice);
  EXPECT(cudaGetLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetDevice(&dev));
  EXPECT(dev == 1);

  // Each device has its share of the machine.
  cudaDeviceProp p0, p1;
  CHECK(cudaGetDeviceProperties(&p0, 0));
  CHECK(cudaGetDeviceProperties(&p1, 1));
  EXPECT(p0.totalGlobalMem == p1.totalGlobalMem && p0.totalGlobalMem > 0);
  EXPECT(p0.multiProcessorCount >= 1 && p0.pciBusID == 0 && p1.pciBusID == 1);
  size_t freeMem = 0, total = 0;
  CHECK(cudaMemGetInfo(&freeMem, &total));
  EXPECT(total == p1.totalGlobalMem && freeMem <= total);
  char bus[32];
  CHECK(cudaDeviceGetPCIBusId(bus, sizeof bus, 1));
  EXPECT(std::strcmp(bus, "0000:01:00.0") == 0);
  int byBus = -1;
  CHECK(cudaDeviceGetByPCIBusId(&byBus, bus));
  EXPECT(byBus == 1);
  // More than a device's share is refused on that device.
  void *tooBig = nullptr;
  EXPECT(cudaMalloc(&tooBig, p1.totalGlobalMem + 1) == cudaErrorMemoryAllocation);
  (void)cudaGetLastError();

  // Peer access.
  int can = -1;
  CHECK(cudaDeviceCanAccessPeer(&can, 0, 1));
  EXPECT(can == 1);
  CHECK(cudaDeviceCanAccessPeer(&can, 1, 1));
  EXPECT(can == 0);
  CHECK(cudaSetDevice(0));
  CHECK(cudaDeviceEnablePeerAccess(1, 0));
  EXPECT(cudaDeviceEnablePeerAccess(1, 0) == cudaErrorPeerAccessAlreadyEnabled);
  EXPECT(cudaDeviceEnablePeerAccess(0, 0) == cudaErrorInvalidDevice);
  CHECK(cudaSetDevice(1));
  EXPECT(cudaDeviceDisablePeerAccess(0) == cudaErrorPeerAccessNotEnabled);
  CHECK(cudaDeviceEnablePeerAccess(0, 0));
  (void)cudaGetLastError();

  // The stencil: n cells, half on each device.
  const int n = 1 << 14, half = n / 2, steps = 50;
  const float k = 0.2f;
  std::vector<float> u(n);
  for (int i = 0; i < n; ++i)
    u[i] = (i * 7919) % 100 / 10.0f;
  float *a[2], *b[2];
  cudaStream_t s[2];
  for (int d = 0; d < 2; ++d) {
    CHECK(cudaSetDevice(d));
    CHECK(cudaMalloc(&a[d], (half + 2) * sizeof(float)));
    CHECK(cudaMalloc(&b[d], (half + 2) * sizeof(float)));
    CHECK(cudaStreamCreate(&s[d]));
    CHECK(cudaMemset(a[d], 0, (half + 2) * sizeof(float)));
    CHECK(cudaMemset(b[d], 0, (half + 2) * sizeof(float)));
    CHECK(cudaMemcpy(a[d] + 1, u.data() + d * half, half * sizeof(float),
                     cudaMemcpyHostToDevice));
    cudaPointerAttributes attr;
    CHECK(cudaPointerGetAttributes(&attr, a[d] + 5));
    EXPECT(attr.type == cudaMemoryTypeDevice && attr.device == d);
  }
  for (int step = 0; step < steps; ++step) {
    // Halos: device 0's right halo is device 1's first cell and back; the
    // outer halos stay 0.
    CHECK(cudaMemcpyPeerAsync(a[0] + half + 1, 0, a[1] + 1, 1, sizeof(float), s[0]));
    CHECK(cudaMemcpyPeerAsync(a[1], 1, a[0] + half, 0, sizeof(float), s[1]));
    for (int d = 0; d < 2; ++d) {
      CHECK(cudaSetDevice(d));
      heat<<<(half + 255) / 256, 256, 0, s[d]>>>(a[d], b[d], half, k);
    }
    for (int d = 0; d < 2; ++d) {
      CHECK(cudaStreamSynchronize(s[d]));
      std::swap(a[d], b[d]);
    }
  }
  std::vector<float> got(n);
  for (int d = 0; d < 2; ++d)
    CHECK(cudaMemcpyPeer(got.data() + d * half, 0, a[d] + 1, d, half * sizeof(float)));
  EXPECT(cudaMemcpyPeer(got.data(), count, a[0], 0, 4) == cudaErrorInvalidDevice);
  (void)cudaGetLastError();

  std::vector<float> ref(n + 2, 0.0f), next(n + 2, 0.0f);
  for (int i = 0; i < n; ++i)
    ref[i + 1] = u[i];
  for (int step = 0; step < steps; ++step) {
    for (int i = 1; i <= n; ++i)
      next[i] = ref[i] + k * (ref[i - 1] - 2 * ref[i] + ref[i + 1]);
    std::swap(ref, next);
  }
  for (int i = 0; i < n; ++i)
    if (std::fabs(got[i] - ref[i + 1]) > 1e-4f * (1 + std::fabs(ref[i + 1]))) { // contraction
      std::printf("cell %d: %f, expected %f\n", i, got[i], ref[i + 1]);
      ++Failures;
      break;
    }

  for (int d = 0; d < 2; ++d) {
    CHECK(cudaSetDevice(d));
    CHECK(cudaFree(a[d]));
    CHECK(cudaFree(b[d]));
    CHECK(cudaStreamDestroy(s[d]));
  }
  if (Failures) {
    std::printf("FAILED: %d mismatches\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
