// StreamEventTest.cpp - user streams, events, cross-stream waits and host functions.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <atomic>
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

} // namespace
