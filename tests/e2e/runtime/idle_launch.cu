// Small work on an idle device runs with no op at all (docs/runtime.md,
// "Small work": Scheduler::runIfIdle for launches, blocking copies done at
// once): a myocyte-style loop of tiny launches and small blocking copies on
// the default stream and on cudaStreamPerThread, checked against a host
// reference, and what must still take the ordinary path: a blocking copy
// while another stream's work is pending waits for it, a launch into a
// capturing stream is recorded (not run), a kernel measured tiny that then
// grows still computes every block, and events around inline launches
// complete in order.
// RUN: %loomcc %s -o %t
// RUN: %t 2>&1 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 2>&1 | FileCheck %s
// RUN: env LOOM_RUN_INLINE=0 %t 2>&1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 2>&1 | FileCheck %s
// CHECK: loop legacy ok
// CHECK: loop per-thread ok
// CHECK: copy waits for other streams ok
// CHECK: capture records ok
// CHECK: grown kernel ok
// CHECK: events ok
// CHECK: PASSED
#include "../Inputs/check.h"
#include <chrono>
#include <thread>

constexpr int Eqs = 64, Params = 16, Steps = 600;

__host__ __device__ float deriv(const float *p, float y, int i) {
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k)
    acc += p[(i + k) % Params] * (y * 0.01f * (k + 1) - 0.02f * y * y);
  return acc;
}

__global__ void step(const float *p, const float *y, float *dy, float *ynew) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float d = deriv(p, y[i], i);
  dy[i] = d;
  ynew[i] = y[i] + 0.01f * d;
}

void params(float *p, int s) {
  for (int k = 0; k < Params; ++k)
    p[k] = 0.001f * ((s * 7 + k * 3) % 17) - 0.008f;
}

/// Four blocking copies and one launch per step, all on \p stream.
void loop(cudaStream_t stream, const char *what) {
  float *dp, *dy, *ddy, *dynew;
  CHECK_CUDA(cudaMalloc(&dp, Params * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dy, Eqs * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&ddy, Eqs * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dynew, Eqs * sizeof(float)));
  std::vector<float> y(Eqs), d(Eqs), p(Params), ry(Eqs), rd(Eqs);
  for (int i = 0; i < Eqs; ++i)
    y[i] = ry[i] = 1.0f + 0.01f * i;
  for (int s = 0; s < Steps; ++s) {
    params(p.data(), s);
    CHECK_CUDA(cudaMemcpyAsync(dp, p.data(), Params * sizeof(float), cudaMemcpyHostToDevice,
                               stream));
    CHECK_CUDA(cudaMemcpy(dy, y.data(), Eqs * sizeof(float), cudaMemcpyHostToDevice));
    step<<<2, 32, 0, stream>>>(dp, dy, ddy, dynew);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(d.data(), ddy, Eqs * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(y.data(), dynew, Eqs * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < Eqs; ++i) {
      rd[i] = deriv(p.data(), ry[i], i);
      ry[i] = ry[i] + 0.01f * rd[i];
    }
    for (int i = 0; i < Eqs; ++i)
      EXPECT(std::fabs(d[i] - rd[i]) <= 1e-5f * (1 + std::fabs(rd[i])) &&
             std::fabs(y[i] - ry[i]) <= 1e-5f * (1 + std::fabs(ry[i])));
  }
  CHECK_CUDA(cudaFree(dp));
  CHECK_CUDA(cudaFree(dy));
  CHECK_CUDA(cudaFree(ddy));
  CHECK_CUDA(cudaFree(dynew));
  std::printf("loop %s ok\n", what);
}

__global__ void fill(int *v, int k) { v[blockIdx.x * blockDim.x + threadIdx.x] = k; }

/// Each thread sums \p n terms: tiny for small n, long for large.
__global__ void work(unsigned *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, acc = i;
  for (int k = 0; k < n; ++k)
    acc = acc * 1664525u + 1013904223u + k;
  out[i] = acc;
}

unsigned workRef(unsigned i, int n) {
  unsigned acc = i;
  for (int k = 0; k < n; ++k)
    acc = acc * 1664525u + 1013904223u + k;
  return acc;
}

int *Slow; // written by the host function below

void slowHostFn(void *) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  for (int i = 0; i < 64; ++i)
    Slow[i] = 7;
}

int main() {
  loop(0, "legacy");
  loop(cudaStreamPerThread, "per-thread");

  // Work pending in a blocking stream: the legacy stream's blocking copy
  // must wait for it (the device is not idle, no shortcut).
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  CHECK_CUDA(cudaMallocManaged(&Slow, 64 * sizeof(int)));
  int *v;
  CHECK_CUDA(cudaMalloc(&v, 64 * sizeof(int)));
  std::vector<int> h(64);
  for (int r = 0; r < 3; ++r) {
    for (int i = 0; i < 64; ++i)
      Slow[i] = 0;
    CHECK_CUDA(cudaLaunchHostFunc(s, slowHostFn, nullptr));
    CHECK_CUDA(cudaMemcpy(h.data(), Slow, 64 * sizeof(int), cudaMemcpyDefault));
    for (int i = 0; i < 64; ++i)
      EXPECT(h[i] == 7);
  }
  std::printf("copy waits for other streams ok\n");

  // A capture in progress: the (measured tiny) kernel is recorded, not run.
  for (int k = 0; k < 8; ++k)
    fill<<<2, 32>>>(v, k);
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  cudaGraphExec_t ge;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  fill<<<2, 32, 0, s>>>(v, 42);
  CHECK_CUDA(cudaStreamEndCapture(s, &g));
  CHECK_CUDA(cudaMemcpy(h.data(), v, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    EXPECT(h[i] == 7);
  CHECK_CUDA(cudaGraphInstantiate(&ge, g, 0));
  CHECK_CUDA(cudaGraphLaunch(ge, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  CHECK_CUDA(cudaMemcpy(h.data(), v, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    EXPECT(h[i] == 42);
  CHECK_CUDA(cudaGraphExecDestroy(ge));
  CHECK_CUDA(cudaGraphDestroy(g));
  std::printf("capture records ok\n");

  // Measured tiny, then a launch that takes milliseconds: every block runs
  // once, whether the launching thread runs it whole or hands blocks over.
  const int Blocks = 64, Threads = 64;
  unsigned *out;
  CHECK_CUDA(cudaMalloc(&out, Blocks * Threads * sizeof(unsigned)));
  std::vector<unsigned> ho(Blocks * Threads);
  for (int r = 0; r < 12; ++r) {
    int n = r < 10 ? 1 : 3000;
    work<<<Blocks, Threads>>>(out, n);
    CHECK_CUDA(cudaMemcpy(ho.data(), out, ho.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < ho.size(); ++i)
      EXPECT(ho[i] == workRef(i, n));
  }
  std::printf("grown kernel ok\n");

  // Events around inline launches complete in order.
  cudaEvent_t e0, e1;
  CHECK_CUDA(cudaEventCreate(&e0));
  CHECK_CUDA(cudaEventCreate(&e1));
  for (int r = 0; r < 20; ++r) {
    CHECK_CUDA(cudaEventRecord(e0));
    fill<<<2, 32>>>(v, r);
    CHECK_CUDA(cudaEventRecord(e1));
    CHECK_CUDA(cudaEventSynchronize(e1));
    EXPECT(cudaEventQuery(e0) == cudaSuccess);
    float ms = -1;
    CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
    EXPECT(ms >= 0);
    CHECK_CUDA(cudaMemcpy(h.data(), v, 64 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == r && h[63] == r);
  }
  std::printf("events ok\n");
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(v));
  CHECK_CUDA(cudaFree(Slow));
  CHECK_CUDA(cudaStreamDestroy(s));
  std::printf("PASSED\n");
  return 0;
}
