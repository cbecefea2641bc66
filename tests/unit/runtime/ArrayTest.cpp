// ArrayTest.cpp - CUDA arrays: channel descriptors, allocation rules, the array copies and the internal view.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"
#include "core/Runtime.h"
#include "memory/Array.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(Arrays, ChannelDescriptors) {
  cudaChannelFormatDesc D = cudaCreateChannelDesc<float4>();
  EXPECT_EQ(D.x, 32);
  EXPECT_EQ(D.w, 32);
  EXPECT_EQ(D.f, cudaChannelFormatKindFloat);
  D = cudaCreateChannelDesc<uchar2>();
  EXPECT_EQ(D.x, 8);
  EXPECT_EQ(D.y, 8);
  EXPECT_EQ(D.z, 0);
  EXPECT_EQ(D.f, cudaChannelFormatKindUnsigned);
  D = cudaCreateChannelDesc<short>();
  EXPECT_EQ(D.x, 16);
  EXPECT_EQ(D.f, cudaChannelFormatKindSigned);
  D = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
  EXPECT_EQ(loom::channelElementSize(D), 4u);
  EXPECT_EQ(loom::channelElementSize(cudaCreateChannelDesc<float3>()), 0u); // 3 channels
  EXPECT_EQ(loom::channelElementSize(cudaCreateChannelDesc<double>()), 0u); // None
  EXPECT_EQ(loom::channelElementSize(cudaCreateChannelDesc(16, 16, 0, 0,
                                                           cudaChannelFormatKindFloat)),
            4u);
}

TEST(Arrays, AllocationRulesAndInfo) {
  cudaChannelFormatDesc F = cudaCreateChannelDesc<float>();
  cudaArray_t A;
  ASSERT_EQ(cudaMallocArray(&A, &F, 100, 20), cudaSuccess);
  cudaChannelFormatDesc D;
  cudaExtent E;
  unsigned Flags = 99;
  ASSERT_EQ(cudaArrayGetInfo(&D, &E, &Flags, A), cudaSuccess);
  EXPECT_EQ(D.x, 32);
  EXPECT_EQ(E.width, 100u);
  EXPECT_EQ(E.height, 20u);
  EXPECT_EQ(E.depth, 0u);
  EXPECT_EQ(Flags, 0u);
  loom::ArrayView V;
  ASSERT_TRUE(loom::Runtime::get().arrays().view(A, &V));
  EXPECT_EQ(V.ElementSize, 4u);
  EXPECT_EQ(V.rowBytes(), 400u);
  EXPECT_EQ(V.Height, 20u);
  EXPECT_EQ(V.Depth, 1u);
  EXPECT_EQ(V.Layers, 0u);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(A), cudaErrorInvalidResourceHandle); // twice
  EXPECT_EQ(cudaArrayGetInfo(&D, &E, &Flags, A), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFreeArray(nullptr), cudaSuccess);

  cudaArray_t L;
  ASSERT_EQ(cudaMalloc3DArray(&L, &F, make_cudaExtent(8, 4, 3), cudaArrayLayered), cudaSuccess);
  ASSERT_TRUE(loom::Runtime::get().arrays().view(L, &V));
  EXPECT_EQ(V.Layers, 3u);
  EXPECT_EQ(V.Depth, 3u);
  EXPECT_EQ(V.element(1, 2, 1), static_cast<unsigned char *>(V.Base) + ((1 * 4 + 2) * 8 + 1) * 4);
  EXPECT_EQ(cudaFreeArray(L), cudaSuccess);

  // Invalid shapes and formats.
  EXPECT_EQ(cudaMallocArray(&A, &F, 0, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3DArray(&A, &F, make_cudaExtent(8, 0, 3), 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3DArray(&A, &F, make_cudaExtent(8, 4, 0), cudaArrayLayered),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMalloc3DArray(&A, &F, make_cudaExtent(8, 4, 6), cudaArrayCubemap),
            cudaErrorInvalidValue);
  cudaChannelFormatDesc Three = cudaCreateChannelDesc<float3>();
  EXPECT_EQ(cudaMallocArray(&A, &Three, 8, 8), cudaErrorInvalidChannelDescriptor);
  EXPECT_EQ(cudaMallocArray(&A, nullptr, 8, 8), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocArray(&A, &F, 8, 8, cudaArraySparse), cudaErrorNotSupported);
  cudaGetLastError();
}

TEST(Arrays, CopiesRoundTrip) {
  const int W = 13, H = 7;
  cudaChannelFormatDesc F = cudaCreateChannelDesc<int>();
  cudaArray_t A, B;
  ASSERT_EQ(cudaMallocArray(&A, &F, W, H), cudaSuccess);
  ASSERT_EQ(cudaMallocArray(&B, &F, W, H), cudaSuccess);
  std::vector<int> In(W * H), Out(W * H, 0);
  for (int I = 0; I < W * H; ++I)
    In[I] = I * 3 - 50;
  // Deprecated 1D copy into a 2D array wraps rows, as Rodinia relies on.
  ASSERT_EQ(cudaMemcpyToArray(A, 0, 0, In.data(), In.size() * sizeof(int),
                              cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpyArrayToArray(B, 0, 0, A, 0, 0, In.size() * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromArray(Out.data(), B, 0, 0, Out.size() * sizeof(int),
                                cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(Out, In);

  // A 2D window: 4 ints x 3 rows at (x=5, y=2) through a pitched host buffer.
  std::vector<int> Win(4 * 3);
  ASSERT_EQ(cudaMemcpy2DFromArray(Win.data(), 4 * sizeof(int), A, 5 * sizeof(int), 2,
                                  4 * sizeof(int), 3, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int Y = 0; Y < 3; ++Y)
    for (int X = 0; X < 4; ++X)
      EXPECT_EQ(Win[Y * 4 + X], In[(Y + 2) * W + X + 5]);
  for (int &V : Win)
    V = 1000;
  ASSERT_EQ(cudaMemcpy2DToArrayAsync(A, 0, 0, Win.data(), 4 * sizeof(int), 4 * sizeof(int), 3,
                                     cudaMemcpyHostToDevice, 0),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DArrayToArray(B, 0, 4, A, 0, 0, W * sizeof(int), 3), cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DFromArray(Out.data(), W * sizeof(int), B, 0, 0, W * sizeof(int), H,
                                  cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int Y = 0; Y < H; ++Y)
    for (int X = 0; X < W; ++X) {
      int Expect = Y >= 4 && X < 4 ? 1000 : Y >= 4 ? In[(Y - 4) * W + X] : In[Y * W + X];
      ASSERT_EQ(Out[Y * W + X], Expect) << X << "," << Y;
    }

  // Out of range windows and bad handles.
  EXPECT_EQ(cudaMemcpy2DToArray(A, 2 * sizeof(int), 0, Win.data(), 4 * sizeof(int),
                                W * sizeof(int), 1, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy2DToArray(A, 0, 5, Win.data(), 4 * sizeof(int), 4 * sizeof(int), 3,
                                cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy2DToArray(A, 0, 0, Win.data(), 2, 4 * sizeof(int), 3,
                                cudaMemcpyHostToDevice),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpyToArray(A, 4, 0, In.data(), In.size() * sizeof(int),
                              cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToArray(nullptr, 0, 0, In.data(), 4, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
  EXPECT_EQ(cudaMemcpyToArray(A, 0, 0, In.data(), 4, cudaMemcpyHostToDevice),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFreeArray(B), cudaSuccess);
  cudaGetLastError();
}

TEST(Arrays, Memcpy3DWithArrays) {
  // A 3D array of float2 (8 bytes), extents in elements.
  cudaChannelFormatDesc F2 = cudaCreateChannelDesc<float2>();
  const size_t W = 5, H = 4, D = 3;
  cudaArray_t A;
  ASSERT_EQ(cudaMalloc3DArray(&A, &F2, make_cudaExtent(W, H, D)), cudaSuccess);
  std::vector<float2> In(W * H * D), Out(W * H * D);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = make_float2(float(I), -float(I));
  cudaMemcpy3DParms P = {};
  P.srcPtr = make_cudaPitchedPtr(In.data(), W * sizeof(float2), W, H);
  P.dstArray = A;
  P.extent = make_cudaExtent(W, H, D);
  P.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&P), cudaSuccess);
  // Array -> pitched device memory -> host, at an offset inside the array.
  cudaPitchedPtr Dev;
  ASSERT_EQ(cudaMalloc3D(&Dev, make_cudaExtent(W * sizeof(float2), H, D)), cudaSuccess);
  cudaMemcpy3DParms Q = {};
  Q.srcArray = A;
  Q.srcPos = make_cudaPos(1, 1, 1);
  Q.dstPtr = Dev;
  Q.extent = make_cudaExtent(W - 1, H - 1, D - 1);
  Q.kind = cudaMemcpyDeviceToDevice;
  ASSERT_EQ(cudaMemcpy3D(&Q), cudaSuccess);
  for (size_t Z = 0; Z + 1 < D; ++Z)
    for (size_t Y = 0; Y + 1 < H; ++Y)
      for (size_t X = 0; X + 1 < W; ++X) {
        auto *Row = reinterpret_cast<float2 *>(static_cast<char *>(Dev.ptr) +
                                               (Z * H + Y) * Dev.pitch);
        ASSERT_EQ(Row[X].x, In[((Z + 1) * H + Y + 1) * W + X + 1].x);
      }
  Q.extent = make_cudaExtent(W, H, D); // runs past the array from (1,1,1)
  EXPECT_EQ(cudaMemcpy3D(&Q), cudaErrorInvalidValue);
  Q.srcPtr = Dev; // both an array and a pointer
  Q.extent = make_cudaExtent(1, 1, 1);
  EXPECT_EQ(cudaMemcpy3D(&Q), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev.ptr), cudaSuccess);
  cudaGetLastError();
}

} // namespace
