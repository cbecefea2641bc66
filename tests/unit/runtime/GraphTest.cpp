// GraphTest.cpp - stream capture records instead of running; graphs replay kernels, copies, fills and host functions.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

cudaError_t storeValue(int *Out, int Value, unsigned Blocks, cudaStream_t Stream) {
  void *Args[] = {&Out, &Value};
  return cudaLaunchKernel(reinterpret_cast<const void *>(fake::storeValueStub), dim3(Blocks),
                          dim3(1), Args, 0, Stream);
}

cudaError_t countThreads(int *Counts, unsigned Blocks, unsigned Threads, cudaStream_t Stream) {
  void *Args[] = {&Counts};
  return cudaLaunchKernel(reinterpret_cast<const void *>(fake::countThreadsStub), dim3(Blocks),
                          dim3(Threads), Args, 0, Stream);
}

TEST(Graphs, CaptureRecordsWithoutExecutingAndReplaysNTimes) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), cudaSuccess);
  const int N = 64;
  int *Counts, *Stored;
  ASSERT_EQ(cudaMallocManaged(&Counts, N * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Stored, N * sizeof(int)), cudaSuccess);
  for (int I = 0; I < N; ++I)
    Counts[I] = Stored[I] = 0;
  std::vector<int> Host(N, -1);
  int Calls = 0;

  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  cudaStreamCaptureStatus Status;
  ASSERT_EQ(cudaStreamIsCapturing(S, &Status), cudaSuccess);
  EXPECT_EQ(Status, cudaStreamCaptureStatusActive);
  EXPECT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
  cudaGetLastError();
  int Value = 7;
  ASSERT_EQ(storeValue(Stored, Value, N, S), cudaSuccess);
  Value = 99; // the graph keeps the value at capture time
  ASSERT_EQ(countThreads(Counts, 2, N / 2, S), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Host.data(), Counts, N * sizeof(int), cudaMemcpyDeviceToHost, S),
            cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(Stored + N / 2, 0, (N / 2) * sizeof(int), S), cudaSuccess);
  ASSERT_EQ(cudaLaunchHostFunc(S, [](void *P) { ++*static_cast<int *>(P); }, &Calls),
            cudaSuccess);
  unsigned long long Id = 0;
  cudaGraph_t Inside = nullptr;
  const cudaGraphNode_t *Deps = nullptr;
  size_t NumDeps = 0;
  ASSERT_EQ(cudaStreamGetCaptureInfo(S, &Status, &Id, &Inside, &Deps, &NumDeps), cudaSuccess);
  EXPECT_NE(Id, 0u);
  EXPECT_NE(Inside, nullptr);
  EXPECT_EQ(NumDeps, 1u);
  cudaGraph_t Graph = nullptr;
  ASSERT_EQ(cudaStreamEndCapture(S, &Graph), cudaSuccess);
  EXPECT_EQ(Graph, Inside);
  ASSERT_EQ(cudaStreamIsCapturing(S, &Status), cudaSuccess);
  EXPECT_EQ(Status, cudaStreamCaptureStatusNone);

  // Nothing ran during capture.
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Calls, 0);
  EXPECT_EQ(Host[0], -1);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Counts[I] + Stored[I], 0);

  size_t NumNodes = 0;
  ASSERT_EQ(cudaGraphGetNodes(Graph, nullptr, &NumNodes), cudaSuccess);
  EXPECT_EQ(NumNodes, 5u);
  std::vector<cudaGraphNode_t> Nodes(NumNodes);
  ASSERT_EQ(cudaGraphGetNodes(Graph, Nodes.data(), &NumNodes), cudaSuccess);
  cudaGraphNodeType Type;
  ASSERT_EQ(cudaGraphNodeGetType(Nodes[0], &Type), cudaSuccess);
  EXPECT_EQ(Type, cudaGraphNodeTypeKernel);
  ASSERT_EQ(cudaGraphNodeGetType(Nodes[2], &Type), cudaSuccess);
  EXPECT_EQ(Type, cudaGraphNodeTypeMemcpy);
  ASSERT_EQ(cudaGraphNodeGetType(Nodes[3], &Type), cudaSuccess);
  EXPECT_EQ(Type, cudaGraphNodeTypeMemset);
  ASSERT_EQ(cudaGraphNodeGetType(Nodes[4], &Type), cudaSuccess);
  EXPECT_EQ(Type, cudaGraphNodeTypeHost);

  cudaGraphExec_t Exec;
  ASSERT_EQ(cudaGraphInstantiate(&Exec, Graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphDestroy(Graph), cudaSuccess); // the executable graph stays usable
  const int Replays = 10;
  for (int R = 0; R < Replays; ++R)
    ASSERT_EQ(cudaGraphLaunch(Exec, S), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(Calls, Replays);
  for (int I = 0; I < N; ++I) {
    ASSERT_EQ(Counts[I], Replays);
    ASSERT_EQ(Host[I], Replays); // copied after the last replay's kernel
    ASSERT_EQ(Stored[I], I < N / 2 ? 7 : 0);
  }
  ASSERT_EQ(cudaGraphExecDestroy(Exec), cudaSuccess);
  EXPECT_EQ(cudaGraphExecDestroy(Exec), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFree(Counts), cudaSuccess);
  EXPECT_EQ(cudaFree(Stored), cudaSuccess);
}

TEST(Graphs, LegacyInstantiateSignatureAndEmptyGraph) {
  cudaGraph_t Graph;
  ASSERT_EQ(cudaGraphCreate(&Graph, 0), cudaSuccess);
  cudaGraphExec_t Exec;
  cudaGraphNode_t ErrorNode = reinterpret_cast<cudaGraphNode_t>(0x1);
  char Log[16] = "junk";
  ASSERT_EQ(cudaGraphInstantiate(&Exec, Graph, &ErrorNode, Log, sizeof(Log)), cudaSuccess);
  EXPECT_EQ(ErrorNode, nullptr);
  EXPECT_EQ(Log[0], 0);
  EXPECT_EQ(cudaGraphLaunch(Exec, 0), cudaSuccess);
  EXPECT_EQ(cudaGraphUpload(Exec, 0), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(0), cudaSuccess);
  EXPECT_EQ(cudaGraphExecDestroy(Exec), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);
  EXPECT_EQ(cudaGraphInstantiate(&Exec, Graph, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphLaunch(Exec, 0), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Graphs, CaptureErrors) {
  // The legacy stream cannot capture.
  EXPECT_EQ(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal),
            cudaErrorStreamCaptureUnsupported);
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), cudaSuccess);
  cudaGraph_t Graph;
  EXPECT_EQ(cudaStreamEndCapture(S, &Graph), cudaErrorIllegalState); // not capturing
  EXPECT_EQ(cudaStreamBeginCapture(S, static_cast<cudaStreamCaptureMode>(7)),
            cudaErrorInvalidValue);

  // A synchronous copy (legacy stream) during a global capture is refused and
  // invalidates the capture.
  int *Dev;
  int Host[4] = {};
  ASSERT_EQ(cudaMalloc(&Dev, sizeof(Host)), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(Host, Dev, sizeof(Host), cudaMemcpyDeviceToHost),
            cudaErrorStreamCaptureUnsupported);
  cudaStreamCaptureStatus Status;
  ASSERT_EQ(cudaStreamIsCapturing(S, &Status), cudaSuccess);
  EXPECT_EQ(Status, cudaStreamCaptureStatusInvalidated);
  EXPECT_EQ(cudaMemsetAsync(Dev, 0, sizeof(Host), S), cudaErrorStreamCaptureInvalidated);
  EXPECT_EQ(cudaStreamEndCapture(S, &Graph), cudaErrorStreamCaptureInvalidated);
  EXPECT_EQ(Graph, nullptr);

  // Synchronizing the capturing stream is illegal, too.
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeRelaxed), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(S), cudaErrorStreamCaptureUnsupported);
  EXPECT_EQ(cudaStreamEndCapture(S, &Graph), cudaErrorStreamCaptureInvalidated);

  // In relaxed mode, unrelated synchronous work on the legacy stream is fine.
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeRelaxed), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(Host, Dev, sizeof(Host), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  ASSERT_EQ(cudaStreamEndCapture(S, &Graph), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);

  // A blocking stream's capture is broken by work on the legacy stream.
  cudaStream_t B;
  ASSERT_EQ(cudaStreamCreate(&B), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(B, cudaStreamCaptureModeRelaxed), cudaSuccess);
  EXPECT_EQ(cudaMemsetAsync(Dev, 0, sizeof(Host), 0), cudaErrorStreamCaptureImplicit);
  EXPECT_EQ(cudaStreamEndCapture(B, &Graph), cudaErrorStreamCaptureInvalidated);
  cudaGetLastError();
  EXPECT_EQ(cudaStreamDestroy(B), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Graphs, ForkJoinCaptureAcrossStreams) {
  cudaStream_t A, B;
  ASSERT_EQ(cudaStreamCreateWithFlags(&A, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&B, cudaStreamNonBlocking), cudaSuccess);
  cudaEvent_t Fork, Join;
  ASSERT_EQ(cudaEventCreateWithFlags(&Fork, cudaEventDisableTiming), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&Join, cudaEventDisableTiming), cudaSuccess);
  int *Dev;
  ASSERT_EQ(cudaMallocManaged(&Dev, 64 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(A, cudaStreamCaptureModeGlobal), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 1, 64, A), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(Fork, A), cudaSuccess);
  ASSERT_EQ(cudaStreamWaitEvent(B, Fork, 0), cudaSuccess); // B joins the capture
  cudaStreamCaptureStatus Status;
  ASSERT_EQ(cudaStreamIsCapturing(B, &Status), cudaSuccess);
  EXPECT_EQ(Status, cudaStreamCaptureStatusActive);
  ASSERT_EQ(storeValue(Dev + 32, 2, 32, B), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(Join, B), cudaSuccess);
  ASSERT_EQ(cudaStreamWaitEvent(A, Join, 0), cudaSuccess);
  cudaGraph_t Graph;
  EXPECT_EQ(cudaStreamEndCapture(B, &Graph), cudaErrorStreamCaptureUnmatched);
  ASSERT_EQ(cudaStreamEndCapture(A, &Graph), cudaSuccess);
  ASSERT_EQ(cudaStreamIsCapturing(B, &Status), cudaSuccess);
  EXPECT_EQ(Status, cudaStreamCaptureStatusNone);
  cudaGraphExec_t Exec;
  ASSERT_EQ(cudaGraphInstantiate(&Exec, Graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphLaunch(Exec, B), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(B), cudaSuccess);
  for (int I = 0; I < 64; ++I)
    ASSERT_EQ(Dev[I], I < 32 ? 1 : 2);
  EXPECT_EQ(cudaGraphExecDestroy(Exec), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Fork), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Join), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(A), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(B), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
  cudaGetLastError();
}

TEST(Graphs, CapturedFreeAsyncLivesAsLongAsTheGraph) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), cudaSuccess);
  int *Result;
  ASSERT_EQ(cudaMallocManaged(&Result, 4 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  int *Tmp;
  ASSERT_EQ(cudaMallocAsync(&Tmp, 4 * sizeof(int), S), cudaSuccess);
  ASSERT_EQ(storeValue(Tmp, 5, 4, S), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Result, Tmp, 4 * sizeof(int), cudaMemcpyDefault, S), cudaSuccess);
  ASSERT_EQ(cudaFreeAsync(Tmp, S), cudaSuccess);
  cudaGraph_t Graph;
  ASSERT_EQ(cudaStreamEndCapture(S, &Graph), cudaSuccess);
  cudaGraphExec_t Exec;
  ASSERT_EQ(cudaGraphInstantiate(&Exec, Graph, 0), cudaSuccess);
  for (int R = 0; R < 3; ++R) {
    ASSERT_EQ(cudaGraphLaunch(Exec, S), cudaSuccess);
    ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
    for (int I = 0; I < 4; ++I)
      ASSERT_EQ(Result[I], 5);
  }
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Tmp), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeDevice); // the executable graph still holds it
  EXPECT_EQ(cudaGraphExecDestroy(Exec), cudaSuccess);
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, Tmp), cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeUnregistered);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFree(Result), cudaSuccess);
}

} // namespace
