// MemPoolTest.cpp - memory pools: default/current pool, attributes, usage accounting, validation.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"

#include <gtest/gtest.h>

namespace {

uint64_t attr64(cudaMemPool_t Pool, cudaMemPoolAttr Attr) {
  uint64_t V = ~0ull;
  EXPECT_EQ(cudaMemPoolGetAttribute(Pool, Attr, &V), cudaSuccess);
  return V;
}

cudaMemPoolProps deviceProps() {
  cudaMemPoolProps Props = {};
  Props.allocType = cudaMemAllocationTypePinned;
  Props.location.type = cudaMemLocationTypeDevice;
  Props.location.id = 0;
  return Props;
}

TEST(MemPool, DefaultPoolAccountsAsyncAllocations) {
  cudaMemPool_t Default, Current;
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&Default, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetMemPool(&Current, 0), cudaSuccess);
  EXPECT_EQ(Default, Current);
  int Supported = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&Supported, cudaDevAttrMemoryPoolsSupported, 0), cudaSuccess);
  EXPECT_EQ(Supported, 1);

  uint64_t Before = attr64(Default, cudaMemPoolAttrUsedMemCurrent);
  void *P = nullptr;
  ASSERT_EQ(cudaMallocAsync(&P, 1 << 20, 0), cudaSuccess);
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrUsedMemCurrent), Before + (1 << 20));
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrReservedMemCurrent), Before + (1 << 20));
  EXPECT_GE(attr64(Default, cudaMemPoolAttrUsedMemHigh), Before + (1 << 20));
  ASSERT_EQ(cudaFreeAsync(P, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(0), cudaSuccess);
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrUsedMemCurrent), Before);
  // cudaFree of pool memory also returns it.
  ASSERT_EQ(cudaMallocAsync(&P, 4096, 0), cudaSuccess);
  ASSERT_EQ(cudaFree(P), cudaSuccess);
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrUsedMemCurrent), Before);

  uint64_t Threshold = UINT64_MAX;
  ASSERT_EQ(cudaMemPoolSetAttribute(Default, cudaMemPoolAttrReleaseThreshold, &Threshold),
            cudaSuccess);
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrReleaseThreshold), UINT64_MAX);
  uint64_t Zero = 0;
  ASSERT_EQ(cudaMemPoolSetAttribute(Default, cudaMemPoolAttrUsedMemHigh, &Zero), cudaSuccess);
  EXPECT_EQ(attr64(Default, cudaMemPoolAttrUsedMemHigh), Before);
  EXPECT_EQ(cudaMemPoolTrimTo(Default, 0), cudaSuccess);
  Threshold = 0;
  cudaMemPoolSetAttribute(Default, cudaMemPoolAttrReleaseThreshold, &Threshold);
}

TEST(MemPool, UserPoolsMaxSizeCurrentPoolAndDestroy) {
  cudaMemPoolProps Props = deviceProps();
  Props.maxSize = 1 << 16;
  cudaMemPool_t Pool;
  ASSERT_EQ(cudaMemPoolCreate(&Pool, &Props), cudaSuccess);
  void *A = nullptr, *B = nullptr;
  ASSERT_EQ(cudaMallocFromPoolAsync(&A, 1 << 15, Pool, 0), cudaSuccess);
  EXPECT_EQ(cudaMallocFromPoolAsync(&B, 1 << 16, Pool, 0), cudaErrorMemoryAllocation);
  cudaGetLastError();
  EXPECT_EQ(attr64(Pool, cudaMemPoolAttrUsedMemCurrent), uint64_t(1) << 15);
  int Reuse = 0;
  ASSERT_EQ(cudaMemPoolSetAttribute(Pool, cudaMemPoolReuseAllowOpportunistic, &Reuse), cudaSuccess);
  Reuse = 7;
  ASSERT_EQ(cudaMemPoolGetAttribute(Pool, cudaMemPoolReuseAllowOpportunistic, &Reuse), cudaSuccess);
  EXPECT_EQ(Reuse, 0);

  // cudaMallocAsync follows the device's current pool.
  ASSERT_EQ(cudaDeviceSetMemPool(0, Pool), cudaSuccess);
  ASSERT_EQ(cudaMallocAsync(&B, 100, 0), cudaSuccess);
  EXPECT_EQ(attr64(Pool, cudaMemPoolAttrUsedMemCurrent), (uint64_t(1) << 15) + 100);
  ASSERT_EQ(cudaFreeAsync(B, 0), cudaSuccess);

  cudaMemAccessDesc Desc = {{cudaMemLocationTypeDevice, 0}, cudaMemAccessFlagsProtReadWrite};
  EXPECT_EQ(cudaMemPoolSetAccess(Pool, &Desc, 1), cudaSuccess);
  cudaMemAccessFlags Flags = cudaMemAccessFlagsProtNone;
  cudaMemLocation Where = {cudaMemLocationTypeDevice, 0};
  ASSERT_EQ(cudaMemPoolGetAccess(&Flags, Pool, &Where), cudaSuccess);
  EXPECT_EQ(Flags, cudaMemAccessFlagsProtReadWrite);

  // Destroying the current pool makes the default pool current again; the
  // pool lives on until its allocation is freed.
  ASSERT_EQ(cudaMemPoolDestroy(Pool), cudaSuccess);
  cudaMemPool_t Current, Default;
  ASSERT_EQ(cudaDeviceGetMemPool(&Current, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&Default, 0), cudaSuccess);
  EXPECT_EQ(Current, Default);
  EXPECT_EQ(cudaMallocFromPoolAsync(&B, 16, Pool, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolDestroy(Pool), cudaErrorInvalidValue);
  ASSERT_EQ(cudaFreeAsync(A, 0), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(0), cudaSuccess);
  cudaGetLastError();
}

TEST(MemPool, Validation) {
  cudaMemPool_t Pool, Default;
  cudaMemPoolProps Props = deviceProps();
  ASSERT_EQ(cudaDeviceGetDefaultMemPool(&Default, 0), cudaSuccess);
  EXPECT_EQ(cudaDeviceGetDefaultMemPool(nullptr, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetDefaultMemPool(&Pool, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetMemPool(&Pool, 3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceSetMemPool(1, Default), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceSetMemPool(0, reinterpret_cast<cudaMemPool_t>(0x10)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolCreate(nullptr, &Props), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolCreate(&Pool, nullptr), cudaErrorInvalidValue);
  cudaMemPoolProps Bad = Props;
  Bad.allocType = cudaMemAllocationTypeInvalid;
  EXPECT_EQ(cudaMemPoolCreate(&Pool, &Bad), cudaErrorInvalidValue);
  Bad = Props;
  Bad.location.id = 2;
  EXPECT_EQ(cudaMemPoolCreate(&Pool, &Bad), cudaErrorInvalidDevice);
  Bad = Props;
  Bad.handleTypes = cudaMemHandleTypeWin32;
  EXPECT_EQ(cudaMemPoolCreate(&Pool, &Bad), cudaErrorNotSupported);
  EXPECT_EQ(cudaMemPoolDestroy(Default), cudaErrorInvalidValue);
  uint64_t V = 5;
  EXPECT_EQ(cudaMemPoolSetAttribute(Default, cudaMemPoolAttrUsedMemCurrent, &V),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolSetAttribute(Default, cudaMemPoolAttrUsedMemHigh, &V),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolSetAttribute(Default, cudaMemPoolAttrReleaseThreshold, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolGetAttribute(Default, static_cast<cudaMemPoolAttr>(99), &V),
            cudaErrorInvalidValue);
  void *P;
  EXPECT_EQ(cudaMallocFromPoolAsync(nullptr, 8, Default, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocFromPoolAsync(&P, 8, nullptr, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocFromPoolAsync(&P, 8, Default, reinterpret_cast<cudaStream_t>(0x99)),
            cudaErrorInvalidResourceHandle);
  cudaMemAccessDesc Desc = {{cudaMemLocationTypeDevice, 0}, cudaMemAccessFlagsProtRead};
  EXPECT_EQ(cudaMemPoolSetAccess(Default, &Desc, 1), cudaErrorInvalidValue);
  Desc = {{cudaMemLocationTypeDevice, 1}, cudaMemAccessFlagsProtReadWrite};
  EXPECT_EQ(cudaMemPoolSetAccess(Default, &Desc, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaMemPoolSetAccess(Default, nullptr, 1), cudaErrorInvalidValue);
  cudaMemAccessFlags Flags;
  cudaMemLocation Host = {cudaMemLocationTypeHost, 0};
  EXPECT_EQ(cudaMemPoolGetAccess(&Flags, Default, &Host), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemPoolGetAccess(nullptr, Default, &Host), cudaErrorInvalidValue);
  cudaGetLastError();
}

} // namespace
