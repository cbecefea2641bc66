// Registration.cpp - the registration hooks called by clang's host code and Loom's device modules.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/KernelRegistry.h"
#include "loom/KernelABI.h"

using loom::KernelRegistry;

extern "C" {

void **__cudaRegisterFatBinary(void *FatCubin) {
  return static_cast<void **>(KernelRegistry::get().registerFatBinary(FatCubin));
}

void __cudaRegisterFatBinaryEnd(void **) {}

void __cudaUnregisterFatBinary(void **Handle) {
  KernelRegistry::get().unregisterFatBinary(Handle);
}

void __cudaRegisterFunction(void **Handle, const char *HostFun, char *, const char *DeviceName,
                            int, uint3 *, uint3 *, dim3 *, dim3 *, int *) {
  KernelRegistry::get().registerFunction(Handle, HostFun, DeviceName);
}

void __cudaRegisterVar(void **Handle, char *HostVar, char *, const char *DeviceName, int,
                       size_t Size, int, int) {
  KernelRegistry::get().registerVar(Handle, HostVar, DeviceName, Size);
}

void __loomRegisterModule(const LoomModuleDesc *Module) {
  KernelRegistry::get().registerModule(Module);
}

} // extern "C"
