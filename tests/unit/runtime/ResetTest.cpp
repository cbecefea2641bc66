// ResetTest.cpp - cudaDeviceReset destroys live handles of every kind.
// SPDX-License-Identifier: Apache-2.0
//
// Every handle made before a reset must be dead after it: the API rejects it
// with CUDA's error code, and kernels holding a texture or surface object
// read zeros instead of the freed memory behind it.
#include "cuda.h"
#include "cuda_runtime.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

struct Handles {
  cudaStream_t Stream = nullptr;
  cudaEvent_t Event = nullptr;
  cudaGraph_t Graph = nullptr;
  cudaGraphExec_t Exec = nullptr;
  cudaArray_t Array = nullptr;
  cudaMemPool_t Pool = nullptr;
  cudaTextureObject_t Texture = 0;
  cudaSurfaceObject_t Surface = 0;
  float *Linear = nullptr;
};

/// One live handle of every kind, the texture over linear memory holding 7s
/// and the surface over an array holding 5s.
Handles makeAll() {
  Handles H;
  EXPECT_EQ(cudaStreamCreate(&H.Stream), cudaSuccess);
  EXPECT_EQ(cudaEventCreate(&H.Event), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(H.Event, H.Stream), cudaSuccess);
  EXPECT_EQ(cudaGraphCreate(&H.Graph, 0), cudaSuccess);
  EXPECT_EQ(cudaGraphInstantiate(&H.Exec, H.Graph, 0), cudaSuccess);
  cudaChannelFormatDesc Int = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
  EXPECT_EQ(cudaMallocArray(&H.Array, &Int, 4, 4, cudaArraySurfaceLoadStore), cudaSuccess);
  cudaMemPoolProps Props = {};
  Props.allocType = cudaMemAllocationTypePinned;
  Props.location.type = cudaMemLocationTypeDevice;
  EXPECT_EQ(cudaMemPoolCreate(&H.Pool, &Props), cudaSuccess);

  EXPECT_EQ(cudaMalloc(&H.Linear, 16 * sizeof(float)), cudaSuccess);
  float Sevens[16];
  for (float &F : Sevens)
    F = 7;
  EXPECT_EQ(cudaMemcpy(H.Linear, Sevens, sizeof(Sevens), cudaMemcpyHostToDevice), cudaSuccess);
  cudaResourceDesc Res = {};
  Res.resType = cudaResourceTypeLinear;
  Res.res.linear.devPtr = H.Linear;
  Res.res.linear.desc = cudaCreateChannelDesc<float>();
  Res.res.linear.sizeInBytes = sizeof(Sevens);
  cudaTextureDesc Tex = {};
  Tex.readMode = cudaReadModeElementType;
  EXPECT_EQ(cudaCreateTextureObject(&H.Texture, &Res, &Tex, nullptr), cudaSuccess);

  cudaResourceDesc SurfRes = {};
  SurfRes.resType = cudaResourceTypeArray;
  SurfRes.res.array.array = H.Array;
  EXPECT_EQ(cudaCreateSurfaceObject(&H.Surface, &SurfRes), cudaSuccess);
  int32_t Five = 5;
  __loom_surf_access(H.Surface, 1, 0, 0, 0, 0, &Five, 4, cudaBoundaryModeTrap);
  return H;
}

float texel(cudaTextureObject_t T) {
  float Lanes[4];
  std::memset(Lanes, 0xcd, sizeof(Lanes));
  __loom_tex_fetch(T, LoomTex1DFetch, 3, 0, 0, 0, Lanes, 0);
  return Lanes[0];
}

int32_t surfaceElement(cudaSurfaceObject_t S) {
  int32_t V = -1;
  __loom_surf_access(S, 0, 0, 0, 0, 0, &V, 4, cudaBoundaryModeTrap);
  return V;
}

TEST(DeviceReset, DestroysHandlesOfEveryKind) {
  Handles H = makeAll();
  ASSERT_EQ(texel(H.Texture), 7.0f);
  ASSERT_EQ(surfaceElement(H.Surface), 5);

  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);

  EXPECT_EQ(cudaStreamQuery(H.Stream), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamDestroy(H.Stream), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventQuery(H.Event), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventDestroy(H.Event), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGraphLaunch(H.Exec, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphExecDestroy(H.Exec), cudaErrorInvalidValue);
  size_t Nodes;
  EXPECT_EQ(cudaGraphGetNodes(H.Graph, nullptr, &Nodes), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphDestroy(H.Graph), cudaErrorInvalidValue);
  cudaChannelFormatDesc Desc;
  EXPECT_EQ(cudaArrayGetInfo(&Desc, nullptr, nullptr, H.Array), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFreeArray(H.Array), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemPoolDestroy(H.Pool), cudaErrorInvalidValue);
  cudaResourceDesc Res;
  EXPECT_EQ(cudaGetTextureObjectResourceDesc(&Res, H.Texture), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroyTextureObject(H.Texture), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetSurfaceObjectResourceDesc(&Res, H.Surface), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroySurfaceObject(H.Surface), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(H.Linear), cudaErrorInvalidValue);

  // A kernel still holding the objects reads zeros, not freed memory.
  EXPECT_EQ(texel(H.Texture), 0.0f);
  EXPECT_EQ(surfaceElement(H.Surface), 0);
  (void)cudaGetLastError();
}

TEST(DeviceReset, RuntimeWorksAfterwards) {
  Handles Before = makeAll();
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
  // New handles of every kind work, including reused texture and surface
  // records.
  Handles After = makeAll();
  EXPECT_EQ(texel(After.Texture), 7.0f);
  EXPECT_EQ(surfaceElement(After.Surface), 5);
  EXPECT_EQ(cudaGraphLaunch(After.Exec, After.Stream), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(After.Stream), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(After.Event), cudaSuccess);
  EXPECT_EQ(cudaDestroyTextureObject(After.Texture), cudaSuccess);
  EXPECT_EQ(cudaDestroySurfaceObject(After.Surface), cudaSuccess);
  EXPECT_EQ(cudaGraphExecDestroy(After.Exec), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(After.Graph), cudaSuccess);
  EXPECT_EQ(cudaMemPoolDestroy(After.Pool), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(After.Array), cudaSuccess);
  EXPECT_EQ(cudaFree(After.Linear), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(After.Event), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(After.Stream), cudaSuccess);
  (void)Before;
}

TEST(DeviceReset, LeavesDriverContexts) {
  CUcontext Ctx;
  ASSERT_EQ(cuCtxCreate(&Ctx, 0, 0), CUDA_SUCCESS);
  ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
  // CUDA's reset ends the primary context only; a created context lives on.
  EXPECT_EQ(cuCtxDestroy(Ctx), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(Ctx), CUDA_ERROR_INVALID_CONTEXT);
}

} // namespace
