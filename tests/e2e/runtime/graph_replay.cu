// A graph captured from a stream (memset, kernel with by-value arguments,
// memcpy, second kernel, host function) and replayed 10 times; nothing runs
// during capture, and replays use the argument values captured.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: replays 10
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void accumulate(float *acc, const float *src, int n, float weight) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    acc[i] += weight * src[i];
}

__global__ void fill(float *v, int n, float value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = value + i;
}

static int hostCalls = 0;
static void CUDART_CB countCall(void *p) { ++*(int *)p; }

int main() {
  const int n = 10007, replays = 10;
  float *src, *acc, *snapshot;
  CHECK_CUDA(cudaMalloc(&src, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&acc, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&snapshot, n * sizeof(float)));
  CHECK_CUDA(cudaMemset(acc, 0, n * sizeof(float)));
  std::vector<float> host(n, -1.0f);

  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  float weight = 0.5f;
  CHECK_CUDA(cudaMemsetAsync(src, 0, n * sizeof(float), s));
  fill<<<(n + 255) / 256, 256, 0, s>>>(src, n, 1.0f);
  accumulate<<<(n + 127) / 128, 128, 0, s>>>(acc, src, n, weight);
  weight = 100.0f; // not seen by the graph
  CHECK_CUDA(cudaMemcpyAsync(snapshot, acc, n * sizeof(float), cudaMemcpyDeviceToDevice, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), snapshot, n * sizeof(float), cudaMemcpyDeviceToHost,
                             s));
  CHECK_CUDA(cudaLaunchHostFunc(s, countCall, &hostCalls));
  cudaStreamCaptureStatus status;
  CHECK_CUDA(cudaStreamIsCapturing(s, &status));
  EXPECT(status == cudaStreamCaptureStatusActive);
  cudaGraph_t graph;
  CHECK_CUDA(cudaStreamEndCapture(s, &graph));
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(hostCalls == 0 && host[0] == -1.0f); // recorded, not executed

  size_t nodes = 0;
  CHECK_CUDA(cudaGraphGetNodes(graph, nullptr, &nodes));
  EXPECT(nodes == 6);
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < replays; ++r)
    CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  std::printf("replays %d\n", hostCalls);
  for (int i = 0; i < n; ++i)
    EXPECT(host[i] == replays * 0.5f * (1.0f + i));

  // Old five-argument instantiate, launched on the legacy stream.
  cudaGraphExec_t exec2;
  CHECK_CUDA(cudaGraphInstantiate(&exec2, graph, nullptr, nullptr, 0));
  CHECK_CUDA(cudaGraphLaunch(exec2, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(hostCalls == replays + 1 && host[5] == (replays + 1) * 0.5f * 6.0f);

  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphExecDestroy(exec2));
  CHECK_CUDA(cudaGraphDestroy(graph));
  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(src));
  CHECK_CUDA(cudaFree(acc));
  CHECK_CUDA(cudaFree(snapshot));
  std::printf("PASSED\n");
  return 0;
}
