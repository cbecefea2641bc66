// StreamEventTest.cpp - user streams, events, cross-stream waits and host functions.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "core/Runtime.h"
#include "cuda_profiler_api.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

cudaError_t storeValue(int *Out, int Value, unsigned Blocks, cudaStream_t Stream) {
  void *Args[] = {&Out, &Value};
  return cudaLaunchKernel(reinterpret_cast<const void *>(fake::storeValueStub), dim3(Blocks),
                          dim3(1), Args, 0, Stream);
}

TEST(Streams, AsyncWorkIsOrderedInItsStream) {
  const unsigned N = 1024;
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking), cudaSuccess);
  int *Dev;
  std::vector<int> Host(N);
  ASSERT_EQ(cudaMalloc(&Dev, N * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(Dev, 0, N * sizeof(int), S), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 3, N, S), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Host.data(), Dev, N * sizeof(int), cudaMemcpyDeviceToHost, S),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(S), cudaSuccess);
  for (int V : Host)
    ASSERT_EQ(V, 3);
  unsigned Flags = 0;
  ASSERT_EQ(cudaStreamGetFlags(S, &Flags), cudaSuccess);
  EXPECT_EQ(Flags, unsigned(cudaStreamNonBlocking));
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Streams, EventsOrderStreamsAndTime) {
  cudaStream_t A, B;
  ASSERT_EQ(cudaStreamCreate(&A), cudaSuccess);
  ASSERT_EQ(cudaStreamCreate(&B), cudaSuccess);
  cudaEvent_t Start, Done, Untimed;
  ASSERT_EQ(cudaEventCreate(&Start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&Done), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&Untimed, cudaEventDisableTiming), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(Done), cudaSuccess); // never recorded

  int *Dev;
  ASSERT_EQ(cudaMallocManaged(&Dev, 256 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(Start, A), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 1, 256, A), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(Done, A), cudaSuccess);
  ASSERT_EQ(cudaStreamWaitEvent(B, Done, 0), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 2, 128, B), cudaSuccess); // must run after A's kernel
  ASSERT_EQ(cudaEventRecord(Untimed, B), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(Untimed), cudaSuccess);
  for (int I = 0; I < 256; ++I)
    ASSERT_EQ(Dev[I], I < 128 ? 2 : 1);

  float Ms = -1;
  ASSERT_EQ(cudaEventElapsedTime(&Ms, Start, Done), cudaSuccess);
  EXPECT_GE(Ms, 0.0f);
  EXPECT_EQ(cudaEventElapsedTime(&Ms, Start, Untimed), cudaErrorInvalidResourceHandle);
  cudaGetLastError();

  EXPECT_EQ(cudaEventDestroy(Start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Done), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Untimed), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(A), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(B), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Streams, LegacyStreamWaitsForBlockingStreams) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess); // blocking
  int *Dev;
  std::vector<int> Host(512);
  ASSERT_EQ(cudaMalloc(&Dev, 512 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 9, 512, S), cudaSuccess);
  // cudaMemcpy on the legacy stream must see the blocking stream's kernel.
  ASSERT_EQ(cudaMemcpy(Host.data(), Dev, 512 * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
  for (int V : Host)
    ASSERT_EQ(V, 9);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Streams, HostFunctionsRunInOrder) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  std::vector<int> Order;
  auto Push1 = [](void *P) { static_cast<std::vector<int> *>(P)->push_back(1); };
  auto Push2 = [](cudaStream_t, cudaError_t, void *P) {
    static_cast<std::vector<int> *>(P)->push_back(2);
  };
  ASSERT_EQ(cudaLaunchHostFunc(S, Push1, &Order), cudaSuccess);
  ASSERT_EQ(cudaStreamAddCallback(S, Push2, &Order, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(Order, (std::vector<int>{1, 2}));
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

TEST(Streams, InvalidHandles) {
  cudaStream_t Bogus = reinterpret_cast<cudaStream_t>(0x1234);
  EXPECT_EQ(cudaStreamSynchronize(Bogus), cudaErrorInvalidResourceHandle);
  cudaEvent_t BogusEvent = reinterpret_cast<cudaEvent_t>(0x1234);
  EXPECT_EQ(cudaEventRecord(BogusEvent, 0), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
}

cudaError_t waitForFlag(std::atomic<int> *Flag, int *Out, cudaStream_t Stream) {
  void *Args[] = {&Flag, &Out};
  return cudaLaunchKernel(reinterpret_cast<const void *>(fake::waitForFlagStub), dim3(1),
                          dim3(1), Args, 0, Stream);
}

/// Polls \p Query until it stops returning cudaErrorNotReady (at most 5 s).
template <class F> cudaError_t pollUntilReady(F Query) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  cudaError_t E;
  while ((E = Query()) == cudaErrorNotReady && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return E;
}

/// Enough pool workers that a spinning kernel cannot starve the others.
class PendingWork : public testing::Test {
protected:
  void SetUp() override {
    loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Pool, 4);
  }
  void TearDown() override {
    loom::Runtime::get().setSchedulerForTesting(loom::SchedulerKind::Pool, 2);
  }
};

TEST_F(PendingWork, QueriesReportNotReadyWhilePending) {
  std::atomic<int> Flag{0};
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, sizeof(int)), cudaSuccess);
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  cudaEvent_t E;
  ASSERT_EQ(cudaEventCreate(&E), cudaSuccess);
  ASSERT_EQ(waitForFlag(&Flag, Out, S), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(E, S), cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(S), cudaErrorNotReady);
  EXPECT_EQ(cudaEventQuery(E), cudaErrorNotReady);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess); // not-ready is not an error
  Flag = 1;
  EXPECT_EQ(pollUntilReady([&] { return cudaEventQuery(E); }), cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(S), cudaSuccess);
  EXPECT_EQ(*Out, 42);
  EXPECT_EQ(cudaEventDestroy(E), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST_F(PendingWork, NonBlockingStreamsIgnoreTheLegacyStream) {
  std::atomic<int> Flag{0};
  int *Out, *Stored;
  ASSERT_EQ(cudaMallocManaged(&Out, sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Stored, 2 * sizeof(int)), cudaSuccess);
  Stored[0] = Stored[1] = 0;
  cudaStream_t NonBlocking, Blocking;
  ASSERT_EQ(cudaStreamCreateWithFlags(&NonBlocking, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreate(&Blocking), cudaSuccess);
  ASSERT_EQ(waitForFlag(&Flag, Out, 0), cudaSuccess); // holds the legacy stream
  ASSERT_EQ(storeValue(Stored, 1, 1, NonBlocking), cudaSuccess);
  ASSERT_EQ(storeValue(Stored + 1, 2, 1, Blocking), cudaSuccess);
  EXPECT_EQ(pollUntilReady([&] { return cudaStreamQuery(NonBlocking); }), cudaSuccess);
  EXPECT_EQ(Stored[0], 1);
  EXPECT_EQ(cudaStreamQuery(Blocking), cudaErrorNotReady); // waits for the legacy stream
  EXPECT_EQ(Stored[1], 0);
  Flag = 1;
  ASSERT_EQ(cudaStreamSynchronize(Blocking), cudaSuccess);
  EXPECT_EQ(Stored[1], 2);
  EXPECT_EQ(*Out, 42);
  EXPECT_EQ(cudaStreamDestroy(NonBlocking), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(Blocking), cudaSuccess);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
  EXPECT_EQ(cudaFree(Stored), cudaSuccess);
}

TEST_F(PendingWork, StreamWaitEventAcrossStreams) {
  std::atomic<int> Flag{0};
  int *Out, *Stored;
  ASSERT_EQ(cudaMallocManaged(&Out, sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&Stored, sizeof(int)), cudaSuccess);
  *Stored = 0;
  cudaStream_t A, B;
  ASSERT_EQ(cudaStreamCreateWithFlags(&A, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&B, cudaStreamNonBlocking), cudaSuccess);
  cudaEvent_t E;
  ASSERT_EQ(cudaEventCreateWithFlags(&E, cudaEventDisableTiming), cudaSuccess);
  ASSERT_EQ(waitForFlag(&Flag, Out, A), cudaSuccess);
  ASSERT_EQ(cudaEventRecordWithFlags(E, A, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamWaitEvent(B, E, 0), cudaSuccess);
  ASSERT_EQ(storeValue(Stored, 3, 1, B), cudaSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(cudaStreamQuery(B), cudaErrorNotReady);
  EXPECT_EQ(*Stored, 0);
  Flag = 1;
  ASSERT_EQ(cudaStreamSynchronize(B), cudaSuccess);
  EXPECT_EQ(*Stored, 3);
  EXPECT_EQ(cudaEventRecordWithFlags(E, A, 0x10), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaEventDestroy(E), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(A), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(B), cudaSuccess);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
  EXPECT_EQ(cudaFree(Stored), cudaSuccess);
}

TEST(Streams, PrioritiesAreClampedAndReported) {
  int Least = 1, Greatest = 1;
  ASSERT_EQ(cudaDeviceGetStreamPriorityRange(&Least, &Greatest), cudaSuccess);
  EXPECT_EQ(Least, 0);
  EXPECT_LT(Greatest, Least);
  cudaStream_t High, Low, Clamped;
  ASSERT_EQ(cudaStreamCreateWithPriority(&High, cudaStreamNonBlocking, Greatest), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithPriority(&Low, cudaStreamDefault, Least), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithPriority(&Clamped, cudaStreamDefault, -100), cudaSuccess);
  int P = 42;
  ASSERT_EQ(cudaStreamGetPriority(High, &P), cudaSuccess);
  EXPECT_EQ(P, Greatest);
  ASSERT_EQ(cudaStreamGetPriority(Low, &P), cudaSuccess);
  EXPECT_EQ(P, Least);
  ASSERT_EQ(cudaStreamGetPriority(Clamped, &P), cudaSuccess);
  EXPECT_EQ(P, Greatest);
  ASSERT_EQ(cudaStreamGetPriority(0, &P), cudaSuccess);
  EXPECT_EQ(P, 0);
  int *Dev;
  ASSERT_EQ(cudaMallocManaged(&Dev, 2 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 1, 1, High), cudaSuccess);
  ASSERT_EQ(storeValue(Dev + 1, 2, 1, Low), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Dev[0] + Dev[1], 3);
  EXPECT_EQ(cudaStreamDestroy(High), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(Low), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(Clamped), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Streams, PerThreadDefaultStreamIsPerThread) {
  int *Dev;
  ASSERT_EQ(cudaMallocManaged(&Dev, 2 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 4, 1, cudaStreamPerThread), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(Dev[0], 4);
  unsigned Flags = 99;
  ASSERT_EQ(cudaStreamGetFlags(cudaStreamPerThread, &Flags), cudaSuccess);
  EXPECT_EQ(Flags, 0u); // blocking: ordered with the legacy stream
  std::thread Other([&] {
    EXPECT_EQ(storeValue(Dev + 1, 5, 1, cudaStreamPerThread), cudaSuccess);
    EXPECT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  });
  Other.join();
  EXPECT_EQ(Dev[1], 5);
  // The per-thread stream can capture (the legacy stream cannot).
  cudaGraph_t Graph;
  ASSERT_EQ(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeThreadLocal),
            cudaSuccess);
  ASSERT_EQ(storeValue(Dev, 6, 1, cudaStreamPerThread), cudaSuccess);
  ASSERT_EQ(cudaStreamEndCapture(cudaStreamPerThread, &Graph), cudaSuccess);
  EXPECT_EQ(Dev[0], 4);
  EXPECT_EQ(cudaGraphDestroy(Graph), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(cudaStreamPerThread), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Streams, CallbackGetsStreamAndStatus) {
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  struct Seen {
    cudaStream_t Stream = nullptr;
    cudaError_t Status = cudaErrorUnknown;
  } Got;
  auto Callback = [](cudaStream_t Stream, cudaError_t Status, void *P) {
    static_cast<Seen *>(P)->Stream = Stream;
    static_cast<Seen *>(P)->Status = Status;
  };
  ASSERT_EQ(cudaStreamAddCallback(S, Callback, &Got, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  EXPECT_EQ(Got.Stream, S);
  EXPECT_EQ(Got.Status, cudaSuccess);
  EXPECT_EQ(cudaStreamAddCallback(S, Callback, &Got, 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaLaunchHostFunc(S, nullptr, nullptr), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
}

TEST(Streams, Attributes) {
  cudaStream_t S, T;
  ASSERT_EQ(cudaStreamCreateWithPriority(&S, cudaStreamNonBlocking, -1), cudaSuccess);
  ASSERT_EQ(cudaStreamCreate(&T), cudaSuccess);
  int Data[64];
  cudaStreamAttrValue V = {};
  V.accessPolicyWindow.base_ptr = Data;
  V.accessPolicyWindow.num_bytes = sizeof(Data);
  V.accessPolicyWindow.hitRatio = 0.6f;
  V.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  V.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  ASSERT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeAccessPolicyWindow, &V), cudaSuccess);
  cudaStreamAttrValue Out = {};
  ASSERT_EQ(cudaStreamGetAttribute(S, cudaStreamAttributeAccessPolicyWindow, &Out), cudaSuccess);
  EXPECT_EQ(Out.accessPolicyWindow.base_ptr, static_cast<void *>(Data));
  EXPECT_EQ(Out.accessPolicyWindow.num_bytes, sizeof(Data));
  EXPECT_EQ(Out.accessPolicyWindow.hitProp, cudaAccessPropertyPersisting);
  V.syncPolicy = cudaSyncPolicyYield;
  ASSERT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeSynchronizationPolicy, &V), cudaSuccess);
  ASSERT_EQ(cudaStreamGetAttribute(S, cudaStreamAttributePriority, &Out), cudaSuccess);
  EXPECT_EQ(Out.priority, -1);
  // Copies go to another stream; the legacy stream has defaults.
  ASSERT_EQ(cudaStreamCopyAttributes(T, S), cudaSuccess);
  ASSERT_EQ(cudaStreamGetAttribute(T, cudaStreamAttributeSynchronizationPolicy, &Out), cudaSuccess);
  EXPECT_EQ(Out.syncPolicy, cudaSyncPolicyYield);
  ASSERT_EQ(cudaStreamGetAttribute(0, cudaStreamAttributeSynchronizationPolicy, &Out), cudaSuccess);
  EXPECT_EQ(Out.syncPolicy, cudaSyncPolicyAuto);

  // Validation.
  cudaStreamAttrValue Bad = V;
  Bad.accessPolicyWindow.hitRatio = 1.5f;
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeAccessPolicyWindow, &Bad),
            cudaErrorInvalidValue);
  Bad = V;
  Bad.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeAccessPolicyWindow, &Bad),
            cudaErrorInvalidValue);
  Bad.syncPolicy = static_cast<cudaSynchronizationPolicy>(9);
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeSynchronizationPolicy, &Bad),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributePriority, &V), cudaErrorNotSupported);
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaLaunchAttributeClusterDimension, &V),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamSetAttribute(S, cudaStreamAttributeSynchronizationPolicy, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaStreamGetAttribute(S, cudaStreamAttributeSynchronizationPolicy, nullptr),
            cudaErrorInvalidValue);
  cudaStream_t Fake = reinterpret_cast<cudaStream_t>(0x1234);
  EXPECT_EQ(cudaStreamGetAttribute(Fake, cudaStreamAttributePriority, &Out),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamCopyAttributes(Fake, S), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(cudaCtxResetPersistingL2Cache(), cudaSuccess);
  EXPECT_EQ(cudaProfilerStart(), cudaSuccess);
  EXPECT_EQ(cudaProfilerStop(), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(T), cudaSuccess);
}

} // namespace
