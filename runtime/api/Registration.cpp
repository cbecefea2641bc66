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

/// Called by the constructor of a device link object (-rdc) with its
/// executable's or library's entry table; \p Key names the linked module.
void __loomRegisterOffloadEntries(const LoomOffloadEntry *Begin, const LoomOffloadEntry *End,
                                  const char *Key) {
  if (!Begin || !End || !Key)
    return;
  KernelRegistry &Registry = KernelRegistry::get();
  void *Handle = Registry.registerLinkedModule(Key);
  for (const LoomOffloadEntry *E = Begin; E < End; ++E) {
    // Entries of other offload kinds (OpenMP, HIP) and of older layouts
    // are not Loom's; extern declarations are registered where defined.
    if (E->reserved != 0 || E->kind != LOOM_OFFLOAD_KIND_CUDA || !E->address ||
        !E->symbolName || (E->flags & LOOM_OFFLOAD_EXTERN))
      continue;
    uint32_t Type = E->flags & LOOM_OFFLOAD_TYPE_MASK;
    if (Type == LOOM_OFFLOAD_GLOBAL && E->size == 0)
      Registry.registerFunction(Handle, E->address, E->symbolName);
    else if (Type == LOOM_OFFLOAD_GLOBAL || Type == LOOM_OFFLOAD_MANAGED)
      Registry.registerVar(Handle, E->address, E->symbolName, E->size);
    else if (Type == LOOM_OFFLOAD_TEXTURE) // legacy texture<> reference
      __cudaRegisterTexture(static_cast<void **>(Handle),
                            static_cast<const textureReference *>(E->address), nullptr,
                            E->symbolName, static_cast<int>(E->data),
                            (E->flags & LOOM_OFFLOAD_NORMALIZED) != 0, 0);
    // Surface references (type 2) have no Loom support in either mode.
  }
}

void __loomRegisterModule(const LoomModuleDesc *Module) {
  KernelRegistry::get().registerModule(Module);
}

} // extern "C"
