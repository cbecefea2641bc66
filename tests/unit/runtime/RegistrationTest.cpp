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

// -rdc: the device link object's constructor hands clang's offload entry
// table to the runtime; variables resolve against the module of that key.
namespace rdc {
int DeviceValue[2] = {5, 6};    // the device module's storage
int Shadow[2];                  // the host shadow the entry names
int ExternShadow[2];            // an extern declaration's entry: skipped
int OpenMPShadow[2];            // another offload kind's entry: skipped
const LoomVarDesc Vars[] = {{"rdcValue", DeviceValue, sizeof(DeviceValue), 0, 0, nullptr}};
const LoomModuleDesc Module = {LOOM_ABI_VERSION, 0, "unit-rdc-module", nullptr, 1, 0, Vars};
} // namespace rdc

TEST(Registration, OffloadEntriesOfADeviceLink) {
  using namespace rdc;
  const LoomOffloadEntry Entries[] = {
      {0, 1, LOOM_OFFLOAD_KIND_CUDA, LOOM_OFFLOAD_GLOBAL, Shadow, "rdcValue", sizeof(Shadow), 0,
       nullptr},
      {0, 1, LOOM_OFFLOAD_KIND_CUDA, LOOM_OFFLOAD_GLOBAL | LOOM_OFFLOAD_EXTERN, ExternShadow,
       "rdcValue", sizeof(ExternShadow), 0, nullptr},
      {0, 1, /*OpenMP*/ 1, LOOM_OFFLOAD_GLOBAL, OpenMPShadow, "rdcValue", sizeof(OpenMPShadow), 0,
       nullptr},
  };
  // Empty tables (no host object had entries) are harmless.
  __loomRegisterOffloadEntries(nullptr, nullptr, "unit-rdc-module");
  __loomRegisterOffloadEntries(Entries, Entries + 3, "unit-rdc-module");
  __loomRegisterModule(&Module);

  int Value[2] = {40, 41};
  ASSERT_EQ(cudaMemcpyToSymbol(Shadow, Value, sizeof(Value)), cudaSuccess);
  EXPECT_EQ(DeviceValue[0], 40);
  EXPECT_EQ(DeviceValue[1], 41);
  size_t Size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&Size, Shadow), cudaSuccess);
  EXPECT_EQ(Size, sizeof(DeviceValue));
  EXPECT_EQ(cudaMemcpyToSymbol(ExternShadow, Value, sizeof(Value)), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaMemcpyToSymbol(OpenMPShadow, Value, sizeof(Value)), cudaErrorInvalidSymbol);
  cudaGetLastError();
}
