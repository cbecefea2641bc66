// SurfaceTest.cpp - surface objects: argument validation and the loads and
// stores kernels make through __loom_surf_access.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

namespace {

struct Surfaces : testing::Test {
  cudaArray_t Array = nullptr;
  cudaSurfaceObject_t Surf = 0;
  void SetUp() override {
    cudaChannelFormatDesc D = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
    ASSERT_EQ(cudaMallocArray(&Array, &D, 4, 3, cudaArraySurfaceLoadStore), cudaSuccess);
    cudaResourceDesc R = {};
    R.resType = cudaResourceTypeArray;
    R.res.array.array = Array;
    ASSERT_EQ(cudaCreateSurfaceObject(&Surf, &R), cudaSuccess);
  }
  void TearDown() override {
    EXPECT_EQ(cudaDestroySurfaceObject(Surf), cudaSuccess);
    EXPECT_EQ(cudaFreeArray(Array), cudaSuccess);
    (void)cudaGetLastError();
  }
};

TEST_F(Surfaces, RejectsBadArguments) {
  cudaResourceDesc R = {};
  R.resType = cudaResourceTypeLinear;
  cudaSurfaceObject_t S;
  EXPECT_EQ(cudaCreateSurfaceObject(&S, &R), cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateSurfaceObject(nullptr, &R), cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateSurfaceObject(&S, nullptr), cudaErrorInvalidValue);
  R.resType = cudaResourceTypeArray;
  R.res.array.array = nullptr;
  EXPECT_EQ(cudaCreateSurfaceObject(&S, &R), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaDestroySurfaceObject(12345), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroySurfaceObject(0), cudaSuccess);
  EXPECT_EQ(cudaGetSurfaceObjectResourceDesc(nullptr, Surf), cudaErrorInvalidValue);
  cudaResourceDesc Back;
  EXPECT_EQ(cudaGetSurfaceObjectResourceDesc(&Back, Surf), cudaSuccess);
  EXPECT_EQ(Back.res.array.array, Array);
}

TEST_F(Surfaces, StoresAndLoadsWithBoundaryModes) {
  int V = 42;
  __loom_surf_access(Surf, 1, 2 * 4, 1, 0, 0, &V, 4, cudaBoundaryModeTrap);
  int R = 0;
  __loom_surf_access(Surf, 0, 2 * 4, 1, 0, 0, &R, 4, cudaBoundaryModeTrap);
  EXPECT_EQ(R, 42);
  // Zero: reads outside give 0, writes outside are dropped.
  R = 7;
  __loom_surf_access(Surf, 0, 100 * 4, 1, 0, 0, &R, 4, cudaBoundaryModeZero);
  EXPECT_EQ(R, 0);
  // Clamp: x = 2 is read through a far-right coordinate clamped... to x = 3,
  // so write x = 3 first.
  int W = 9;
  __loom_surf_access(Surf, 1, 3 * 4, 2, 0, 0, &W, 4, cudaBoundaryModeTrap);
  __loom_surf_access(Surf, 0, 1000, 50, 0, 0, &R, 4, cudaBoundaryModeClamp);
  EXPECT_EQ(R, 9);
}

} // namespace
