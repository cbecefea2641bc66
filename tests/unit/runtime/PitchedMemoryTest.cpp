// PitchedMemoryTest.cpp - cudaMallocPitch/cudaMalloc3D, 2D and 3D copies and fills, and their validation.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

TEST(Pitched, MallocPitchRoundsTo256) {
  void *P;
  size_t Pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&P, &Pitch, 300, 7), cudaSuccess);
  EXPECT_EQ(Pitch, 512u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % 256, 0u);
  cudaPointerAttributes Attr;
  ASSERT_EQ(cudaPointerGetAttributes(&Attr, static_cast<char *>(P) + 6 * Pitch + 299),
            cudaSuccess);
  EXPECT_EQ(Attr.type, cudaMemoryTypeDevice); // the whole pitched block is tracked
  EXPECT_EQ(cudaFree(P), cudaSuccess);
  EXPECT_EQ(cudaMallocPitch(nullptr, &Pitch, 4, 4), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Pitched, Memcpy2DRoundTripAllKinds) {
  const size_t W = 37, H = 5; // bytes per row, rows: not a multiple of anything
  std::vector<unsigned char> In(W * H), Out(W * H, 0);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<unsigned char>(I * 7 + 1);
  void *A, *B;
  size_t PA, PB;
  ASSERT_EQ(cudaMallocPitch(&A, &PA, W, H), cudaSuccess);
  ASSERT_EQ(cudaMallocPitch(&B, &PB, W + 300, H), cudaSuccess);
  ASSERT_EQ(cudaMemset2D(A, PA, 0xee, PA, H), cudaSuccess); // padding too
  ASSERT_EQ(cudaMemcpy2D(A, PA, In.data(), W, W, H, cudaMemcpyHostToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpy2D(B, PB, A, PA, W, H, cudaMemcpyDeviceToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DAsync(Out.data(), W, B, PB, W, H, cudaMemcpyDefault, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(Out, In);
  // The padding of A was not touched by the copy.
  EXPECT_EQ(static_cast<unsigned char *>(A)[W], 0xee);
  EXPECT_EQ(static_cast<unsigned char *>(A)[(H - 1) * PA + PA - 1], 0xee);
  std::vector<unsigned char> Host2(W * H);
  ASSERT_EQ(cudaMemcpy2D(Host2.data(), W, Out.data(), W, W, H, cudaMemcpyHostToHost),
            cudaSuccess);
  EXPECT_EQ(Host2, In);
  EXPECT_EQ(cudaFree(A), cudaSuccess);
  EXPECT_EQ(cudaFree(B), cudaSuccess);
}

TEST(Pitched, Memcpy2DValidation) {
  char Buf[64];
  // width > pitch: invalid pitch, even for one row.
  EXPECT_EQ(cudaMemcpy2D(Buf, 8, Buf + 32, 16, 12, 2, cudaMemcpyHostToHost),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpy2D(Buf, 16, Buf + 32, 8, 12, 1, cudaMemcpyHostToHost),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpy2D(Buf, 16, Buf + 32, 16, 8, 2, static_cast<cudaMemcpyKind>(9)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy2D(nullptr, 16, Buf, 16, 8, 2, cudaMemcpyHostToHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy2D(Buf, 16, Buf + 32, 16, 0, 2, cudaMemcpyHostToHost), cudaSuccess);
  EXPECT_EQ(cudaMemset2D(Buf, 4, 0, 8, 2), cudaErrorInvalidPitchValue);
  cudaGetLastError();
}

TEST(Pitched, Malloc3DAndMemcpy3DWindow) {
  const cudaExtent Full = make_cudaExtent(10 * sizeof(int), 6, 4); // bytes, rows, slices
  cudaPitchedPtr Dev;
  ASSERT_EQ(cudaMalloc3D(&Dev, Full), cudaSuccess);
  EXPECT_EQ(Dev.pitch, 256u);
  EXPECT_EQ(Dev.xsize, Full.width);
  EXPECT_EQ(Dev.ysize, 6u);
  ASSERT_EQ(cudaMemset3D(Dev, 0, Full), cudaSuccess);

  std::vector<int> Host(10 * 6 * 4);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = int(I);
  cudaMemcpy3DParms Up = {};
  Up.srcPtr = make_cudaPitchedPtr(Host.data(), 10 * sizeof(int), 10, 6);
  Up.dstPtr = Dev;
  Up.extent = Full;
  Up.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&Up), cudaSuccess);

  // Read back a 3x2x2 window at (x=4 ints, y=1, z=2) through cudaMemcpy3DAsync.
  std::vector<int> Window(3 * 2 * 2, -1);
  cudaMemcpy3DParms Down = {};
  Down.srcPtr = Dev;
  Down.srcPos = make_cudaPos(4 * sizeof(int), 1, 2);
  Down.dstPtr = make_cudaPitchedPtr(Window.data(), 3 * sizeof(int), 3, 2);
  Down.extent = make_cudaExtent(3 * sizeof(int), 2, 2);
  Down.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3DAsync(&Down, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(0), cudaSuccess);
  for (int Z = 0; Z < 2; ++Z)
    for (int Y = 0; Y < 2; ++Y)
      for (int X = 0; X < 3; ++X)
        EXPECT_EQ(Window[(Z * 2 + Y) * 3 + X], ((Z + 2) * 6 + (Y + 1)) * 10 + (X + 4));

  // A 3D fill of a sub-box leaves the rest alone.
  cudaPitchedPtr Box = Dev;
  Box.ptr = static_cast<char *>(Dev.ptr) + 1 * Dev.pitch * Dev.ysize; // slice 1
  ASSERT_EQ(cudaMemset3DAsync(Box, 0xff, make_cudaExtent(2 * sizeof(int), 6, 2), 0),
            cudaSuccess);
  Up.srcPtr = Dev;
  Up.dstPtr = make_cudaPitchedPtr(Host.data(), 10 * sizeof(int), 10, 6);
  Up.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3D(&Up), cudaSuccess);
  for (int Z = 0; Z < 4; ++Z)
    for (int Y = 0; Y < 6; ++Y)
      for (int X = 0; X < 10; ++X) {
        int I = (Z * 6 + Y) * 10 + X;
        bool Filled = (Z == 1 || Z == 2) && X < 2;
        ASSERT_EQ(Host[I], Filled ? -1 : I) << X << "," << Y << "," << Z;
      }
  EXPECT_EQ(cudaFree(Dev.ptr), cudaSuccess);
}

TEST(Pitched, Memcpy3DValidation) {
  char Buf[4096];
  cudaMemcpy3DParms P = {};
  P.srcPtr = make_cudaPitchedPtr(Buf, 64, 64, 4);
  P.dstPtr = make_cudaPitchedPtr(Buf + 2048, 64, 64, 4);
  P.extent = make_cudaExtent(64, 4, 2);
  P.kind = cudaMemcpyHostToHost;
  EXPECT_EQ(cudaMemcpy3D(&P), cudaSuccess);
  EXPECT_EQ(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  cudaMemcpy3DParms Bad = P;
  Bad.extent.width = 65; // wider than the pitch
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaErrorInvalidPitchValue);
  Bad = P;
  Bad.srcPos = make_cudaPos(8, 0, 0); // window runs past the row
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaErrorInvalidValue);
  Bad = P;
  Bad.extent.height = 5; // more rows than a slice has
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaErrorInvalidValue);
  Bad = P;
  Bad.srcPtr.ptr = nullptr; // neither pointer nor array
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaErrorInvalidValue);
  Bad = P;
  Bad.kind = static_cast<cudaMemcpyKind>(5);
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaErrorInvalidMemcpyDirection);
  Bad = P;
  Bad.extent.depth = 0; // empty: nothing to do
  EXPECT_EQ(cudaMemcpy3D(&Bad), cudaSuccess);
  EXPECT_EQ(cudaMemset3D(make_cudaPitchedPtr(Buf, 16, 16, 2), 0, make_cudaExtent(32, 2, 1)),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemset3D(make_cudaPitchedPtr(Buf, 16, 16, 2), 0, make_cudaExtent(16, 3, 2)),
            cudaErrorInvalidValue);
  cudaGetLastError();
}

} // namespace
