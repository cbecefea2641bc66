// DeviceTest.cpp - device enumeration, properties, attributes, limits and versions.
// SPDX-License-Identifier: Apache-2.0
#include "cuda.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

TEST(Device, OneDevice) {
  int Count = 0, Device = -1;
  ASSERT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  EXPECT_EQ(Count, 1);
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  ASSERT_EQ(cudaGetDevice(&Device), cudaSuccess);
  EXPECT_EQ(Device, 0);
}

TEST(Device, PropertiesAreSane) {
  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  EXPECT_EQ(std::strncmp(Prop.name, "Loom CPU (", 10), 0) << Prop.name;
  EXPECT_EQ(Prop.warpSize, 32);
  EXPECT_EQ(Prop.maxThreadsPerBlock, 1024);
  EXPECT_EQ(Prop.maxThreadsDim[0], 1024);
  EXPECT_EQ(Prop.maxThreadsDim[2], 64);
  EXPECT_EQ(Prop.maxGridSize[0], 2147483647);
  EXPECT_EQ(Prop.maxGridSize[1], 65535);
  EXPECT_EQ(Prop.sharedMemPerBlock, 48u * 1024);
  EXPECT_GE(Prop.sharedMemPerBlockOptin, Prop.sharedMemPerBlock);
  EXPECT_GE(Prop.sharedMemPerMultiprocessor, Prop.sharedMemPerBlockOptin);
  EXPECT_GE(Prop.multiProcessorCount, 1);
  EXPECT_GT(Prop.totalGlobalMem, 0u);
  EXPECT_EQ(Prop.unifiedAddressing, 1);
  EXPECT_EQ(Prop.managedMemory, 1);
  EXPECT_EQ(Prop.concurrentKernels, 1);
  EXPECT_EQ(Prop.regsPerBlock, 65536);
  EXPECT_EQ(Prop.totalConstMem, 65536u);
  EXPECT_EQ(Prop.maxThreadsPerMultiProcessor, 2048);
  EXPECT_GE(Prop.major, 7);
  EXPECT_EQ(cudaGetDeviceProperties(&Prop, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetDeviceProperties(nullptr, 0), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Device, AttributesMatchProperties) {
  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  int Value = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrWarpSize, 0), cudaSuccess);
  EXPECT_EQ(Value, Prop.warpSize);
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
  EXPECT_EQ(Value, Prop.multiProcessorCount);
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0),
            cudaSuccess);
  EXPECT_EQ(size_t(Value), Prop.sharedMemPerBlockOptin);
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrComputeCapabilityMajor, 0), cudaSuccess);
  EXPECT_EQ(Value, Prop.major);
  EXPECT_EQ(cudaDeviceGetAttribute(&Value, static_cast<cudaDeviceAttr>(100000), 0),
            cudaErrorInvalidValue);
  cudaGetLastError();
}

// Programs size their textures and surfaces from these limits (and refuse
// to run when they read 0): every one matches cudaGetDeviceProperties, and
// those of supported kinds are non-zero.
TEST(Device, TextureAndSurfaceLimitsMatchProperties) {
  cudaDeviceProp P;
  ASSERT_EQ(cudaGetDeviceProperties(&P, 0), cudaSuccess);
  const struct {
    cudaDeviceAttr Attr;
    int Want;
  } Cases[] = {
      {cudaDevAttrMaxTexture1DWidth, P.maxTexture1D},
      {cudaDevAttrMaxTexture2DWidth, P.maxTexture2D[0]},
      {cudaDevAttrMaxTexture2DHeight, P.maxTexture2D[1]},
      {cudaDevAttrMaxTexture3DWidth, P.maxTexture3D[0]},
      {cudaDevAttrMaxTexture3DDepth, P.maxTexture3D[2]},
      {cudaDevAttrMaxTexture2DLayeredLayers, P.maxTexture2DLayered[2]},
      {cudaDevAttrMaxTexture1DLayeredWidth, P.maxTexture1DLayered[0]},
      {cudaDevAttrMaxTexture2DGatherWidth, P.maxTexture2DGather[0]},
      {cudaDevAttrMaxTexture3DDepthAlt, P.maxTexture3DAlt[2]},
      {cudaDevAttrMaxTextureCubemapWidth, P.maxTextureCubemap},
      {cudaDevAttrMaxTextureCubemapLayeredLayers, P.maxTextureCubemapLayered[1]},
      {cudaDevAttrMaxSurface1DWidth, P.maxSurface1D},
      {cudaDevAttrMaxSurface2DHeight, P.maxSurface2D[1]},
      {cudaDevAttrMaxSurface3DDepth, P.maxSurface3D[2]},
      {cudaDevAttrMaxSurface2DLayeredLayers, P.maxSurface2DLayered[2]},
      {cudaDevAttrMaxSurfaceCubemapLayeredWidth, P.maxSurfaceCubemapLayered[0]},
      {cudaDevAttrMaxTexture1DLinearWidth, P.maxTexture1DLinear},
      {cudaDevAttrMaxTexture2DLinearPitch, P.maxTexture2DLinear[2]},
  };
  for (const auto &C : Cases) {
    int Value = -1;
    ASSERT_EQ(cudaDeviceGetAttribute(&Value, C.Attr, 0), cudaSuccess) << C.Attr;
    EXPECT_EQ(Value, C.Want) << C.Attr;
    EXPECT_GT(Value, 0) << C.Attr;
  }
  // Mipmapped arrays: CUDA's limits (texture/Texture.h has levels for them).
  int Value = -1;
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrMaxTexture2DMipmappedWidth, 0), cudaSuccess);
  EXPECT_EQ(Value, 32768);
}

TEST(Device, VersionsAndLimits) {
  int Runtime = 0, Driver = 0;
  ASSERT_EQ(cudaRuntimeGetVersion(&Runtime), cudaSuccess);
  ASSERT_EQ(cudaDriverGetVersion(&Driver), cudaSuccess);
  EXPECT_EQ(Runtime, CUDART_VERSION);
  EXPECT_EQ(Driver, CUDA_VERSION);
  size_t Value = 0;
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetLimit(&Value, cudaLimitMallocHeapSize), cudaSuccess);
  EXPECT_EQ(Value, size_t(1) << 24);
  ASSERT_EQ(cudaDeviceGetLimit(&Value, cudaLimitPrintfFifoSize), cudaSuccess);
  EXPECT_GT(Value, 0u);
  // Dynamic parallelism's limits are kept; L2 limits are not supported.
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 4), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetLimit(&Value, cudaLimitDevRuntimeSyncDepth), cudaSuccess);
  EXPECT_EQ(Value, 4u);
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 100), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetLimit(&Value, cudaLimitDevRuntimePendingLaunchCount), cudaSuccess);
  EXPECT_EQ(Value, 100u);
  // A GPU (H200, CUDA 13) accepts 0 too; Loom enforces at least the default.
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2048), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 2), cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaDeviceGetLimit(&Value, cudaLimitMaxL2FetchGranularity), cudaErrorUnsupportedLimit);
  cudaGetLastError();
  EXPECT_EQ(cuInit(0), CUDA_SUCCESS);
  CUdevice Dev;
  EXPECT_EQ(cuDeviceGet(&Dev, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_SUCCESS);
}

} // namespace
