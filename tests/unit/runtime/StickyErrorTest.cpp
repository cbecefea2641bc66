// StickyErrorTest.cpp - device-side assert and trap make the context's error sticky until reset.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

TEST(StickyError, AssertIsStickyUntilReset) {
  testing::internal::CaptureStderr();
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::assertStub), dim3(64), dim3(1),
                             nullptr, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  std::string Message = testing::internal::GetCapturedStderr();
  EXPECT_NE(Message.find("fake.cu:7: void assertKernel(): block: [1,0,0], thread: [2,0,0] Assertion `x == 0` failed."),
            std::string::npos)
      << Message;
  // Every later device call reports it; cudaGetLastError does not clear it.
  void *P;
  EXPECT_EQ(cudaMalloc(&P, 16), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaGetLastError(), cudaErrorAssert);
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::assertStub), dim3(1), dim3(1),
                             nullptr, 0, nullptr),
            cudaErrorAssert);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST(StickyError, TrapIsLaunchFailure) {
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::trapStub), dim3(4), dim3(1),
                             nullptr, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

} // namespace

// Found by tests/fuzz/api: a graph whose copy or memset node names memory
// the program freed after making the graph read and wrote that freed memory
// at each launch (a use after free on the host heap). A replay now checks
// its ranges again, and fails the context as the same replay faults on a GPU.
TEST(StickyError, GraphReplayOfFreedMemoryIsIllegalAddress) {
  for (int Node = 0; Node < 3; ++Node) {
    void *A = nullptr, *B = nullptr;
    ASSERT_EQ(cudaMalloc(&A, 4096), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&B, 4096), cudaSuccess);
    cudaGraph_t G;
    ASSERT_EQ(cudaGraphCreate(&G, 0), cudaSuccess);
    cudaGraphNode_t N;
    if (Node == 0) {
      ASSERT_EQ(cudaGraphAddMemcpyNode1D(&N, G, nullptr, 0, B, A, 4096, cudaMemcpyDeviceToDevice),
                cudaSuccess);
    } else if (Node == 1) {
      cudaMemsetParams P = {};
      P.dst = B;
      P.elementSize = 4;
      P.width = 1024;
      P.height = 1;
      P.value = 7;
      ASSERT_EQ(cudaGraphAddMemsetNode(&N, G, nullptr, 0, &P), cudaSuccess);
    } else { // a captured cudaMemsetAsync
      cudaStream_t S;
      ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
      ASSERT_EQ(cudaGraphDestroy(G), cudaSuccess);
      ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
      ASSERT_EQ(cudaMemsetAsync(B, 1, 4096, S), cudaSuccess);
      ASSERT_EQ(cudaStreamEndCapture(S, &G), cudaSuccess);
      ASSERT_EQ(cudaStreamDestroy(S), cudaSuccess);
    }
    cudaGraphExec_t X;
    ASSERT_EQ(cudaGraphInstantiate(&X, G, 0), cudaSuccess);
    ASSERT_EQ(cudaGraphLaunch(X, nullptr), cudaSuccess); // the memory is live: fine
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(cudaFree(B), cudaSuccess);
    EXPECT_EQ(cudaGraphLaunch(X, nullptr), cudaSuccess);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress) << "node kind " << Node;
    EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  }
}

// The replay's check covers only memory the allocation map tracked when the
// graph was made: a copy into a CUDA array (Loom's own storage) and one from
// pageable host memory replay as before.
TEST(StickyError, GraphReplayOfArrayAndPageableCopiesIsFine) {
  cudaChannelFormatDesc D = cudaCreateChannelDesc<float>();
  cudaArray_t A;
  ASSERT_EQ(cudaMallocArray(&A, &D, 16, 4), cudaSuccess);
  float *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 64 * sizeof(float)), cudaSuccess);
  std::vector<float> Host(64, 2.0f), Back(64, 0.0f);
  cudaStream_t S;
  ASSERT_EQ(cudaStreamCreate(&S), cudaSuccess);
  cudaGraph_t G;
  ASSERT_EQ(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Dev, Host.data(), 64 * sizeof(float), cudaMemcpyHostToDevice, S),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DToArrayAsync(A, 0, 0, Dev, 16 * sizeof(float), 16 * sizeof(float), 4,
                                     cudaMemcpyDeviceToDevice, S),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DFromArrayAsync(Back.data(), 16 * sizeof(float), A, 0, 0,
                                       16 * sizeof(float), 4, cudaMemcpyDeviceToHost, S),
            cudaSuccess);
  ASSERT_EQ(cudaStreamEndCapture(S, &G), cudaSuccess);
  cudaGraphExec_t X;
  ASSERT_EQ(cudaGraphInstantiate(&X, G, 0), cudaSuccess);
  for (int I = 0; I < 2; ++I) {
    ASSERT_EQ(cudaGraphLaunch(X, S), cudaSuccess);
    ASSERT_EQ(cudaStreamSynchronize(S), cudaSuccess);
  }
  EXPECT_EQ(Back, Host);
  EXPECT_EQ(cudaGraphExecDestroy(X), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(G), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(S), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}
