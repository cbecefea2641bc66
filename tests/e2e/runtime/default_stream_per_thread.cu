// --default-stream per-thread: stream 0 is each host thread's own stream,
// so it can be captured into a graph (the legacy default stream cannot) and
// work on it does not wait for other threads' default streams.
// RUN: %loomcc --default-stream per-thread %s -o %t
// RUN: %t per-thread | FileCheck %s
// RUN: %loomcc --default-stream legacy %s -o %t.legacy
// RUN: %t.legacy legacy | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cstring>
#include <thread>

__global__ void add(int *p, int v) { atomicAdd(p, v); }

int main(int argc, char **argv) {
  bool perThread = argc > 1 && std::strcmp(argv[1], "per-thread") == 0;
  int *counter;
  CHECK_CUDA(cudaMallocManaged(&counter, sizeof(int)));
  *counter = 0;
  cudaError_t begin = cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal);
  if (!perThread) {
    EXPECT(begin != cudaSuccess); // the legacy stream cannot be captured
    (void)cudaGetLastError();
  } else {
    CHECK_CUDA(begin);
    add<<<1, 4>>>(counter, 1);
    cudaGraph_t graph;
    CHECK_CUDA(cudaStreamEndCapture(0, &graph));
    EXPECT(*counter == 0); // captured, not run
    cudaGraphExec_t exec;
    CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0ull));
    for (int i = 0; i < 3; ++i)
      CHECK_CUDA(cudaGraphLaunch(exec, 0));
    CHECK_CUDA(cudaStreamSynchronize(0));
    EXPECT(*counter == 12);
    CHECK_CUDA(cudaGraphExecDestroy(exec));
    CHECK_CUDA(cudaGraphDestroy(graph));
  }
  // Several host threads, each using "stream 0".
  *counter = 0;
  std::thread workers[4];
  for (int t = 0; t < 4; ++t)
    workers[t] = std::thread([=] {
      for (int i = 0; i < 10; ++i)
        add<<<2, 32>>>(counter, 1);
      CHECK_CUDA(cudaStreamSynchronize(0));
    });
  for (auto &w : workers)
    w.join();
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*counter == 4 * 10 * 64);
  std::printf("PASSED\n");
  return 0;
}
