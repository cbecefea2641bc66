// RegistrationTest.cpp - stub/module pairing in either order, foreign modules, symbol copies.
// SPDX-License-Identifier: Apache-2.0
#include "FakeModule.h"
#include "cuda_runtime.h"

#include <gtest/gtest.h>

namespace {

TEST(Registration, DeviceModuleMayRegisterAfterHostSide) {
  int *Out;
  ASSERT_EQ(cudaMallocManaged(&Out, 4 * sizeof(int)), cudaSuccess);
  int Value = 11;
  void *Args[] = {&Out, &Value};
  const void *Stub = reinterpret_cast<const void *>(fake::lateKernelStub);
  // Host side registered at static initialization; device side not yet
  // (checked once, so that --gtest_repeat works).
  static bool DeviceSideRegistered = false;
  if (!DeviceSideRegistered) {
    EXPECT_EQ(cudaLaunchKernel(Stub, dim3(4), dim3(1), Args, 0, nullptr),
              cudaErrorInvalidDeviceFunction);
    EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
    fake::registerLateDeviceModule();
    DeviceSideRegistered = true;
  }
  ASSERT_EQ(cudaLaunchKernel(Stub, dim3(4), dim3(1), Args, 0, nullptr), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(Out[I], 11);
  EXPECT_EQ(cudaFree(Out), cudaSuccess);
}

TEST(Registration, ForeignFatBinaryHasNoKernelImage) {
  fake::registerForeignModule();
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(fake::foreignStub), dim3(1), dim3(1),
                             nullptr, 0, nullptr),
            cudaErrorNoKernelImageForDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorNoKernelImageForDevice);
}

TEST(Symbols, CopyToAndFromRegisteredVariable) {
  int Value = 1234;
  ASSERT_EQ(cudaMemcpyToSymbol(fake::DeviceCounterShadow, &Value, sizeof(int)), cudaSuccess);
  EXPECT_EQ(fake::DeviceCounter, 1234); // the device variable, not the shadow
  EXPECT_EQ(fake::DeviceCounterShadow, 0);
  fake::DeviceCounter = 77;
  int Back = 0;
  ASSERT_EQ(cudaMemcpyFromSymbol(&Back, fake::DeviceCounterShadow, sizeof(int)), cudaSuccess);
  EXPECT_EQ(Back, 77);

  float Table[2] = {1.5f, 2.5f};
  ASSERT_EQ(cudaMemcpyToSymbolAsync(fake::DeviceTableShadow, Table, sizeof(Table),
                                    4 * sizeof(float), cudaMemcpyHostToDevice, 0),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(fake::DeviceTable[4], 1.5f);
  EXPECT_EQ(fake::DeviceTable[5], 2.5f);

  void *Address = nullptr;
  size_t Size = 0;
  ASSERT_EQ(cudaGetSymbolAddress(&Address, fake::DeviceTableShadow), cudaSuccess);
  EXPECT_EQ(Address, static_cast<void *>(fake::DeviceTable));
  ASSERT_EQ(cudaGetSymbolSize(&Size, fake::DeviceTableShadow), cudaSuccess);
  EXPECT_EQ(Size, sizeof(fake::DeviceTable));
}

TEST(Symbols, Errors) {
  int NotASymbol = 0, Value = 0;
  EXPECT_EQ(cudaMemcpyToSymbol(NotASymbol, &Value, sizeof(int)), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaMemcpyToSymbol(fake::DeviceCounterShadow, &Value, sizeof(int), 4),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(fake::DeviceCounterShadow, &Value, sizeof(int), 0,
                               cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();
}

} // namespace
