// KernelRegistry.h - pairs host kernel stubs and shadow variables with the device modules' entries.
// SPDX-License-Identifier: Apache-2.0
//
// Two registrations meet here, in either order (global constructors of
// different objects run in unspecified order):
//  - host side, emitted by clang: __cudaRegisterFatBinary gives a handle per
//    translation unit whose "fat binary" names a module key;
//    __cudaRegisterFunction maps a stub address to (handle, device name);
//    __cudaRegisterVar maps a shadow variable's address to (handle, name).
//  - device side, emitted by Loom's compiler: __loomRegisterModule(desc) maps
//    the key to the module's kernels and variables.
// A stub is resolved to its LoomKernelDesc on first launch and cached.
#ifndef LOOM_RUNTIME_CORE_KERNELREGISTRY_H
#define LOOM_RUNTIME_CORE_KERNELREGISTRY_H

#include "driver_types.h"
#include "loom/KernelABI.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

/// One translation unit's host-side registration (what the fat-binary handle points to).
struct HostModule {
  /// The fat binary was not Loom's (e.g. a real CUDA object linked in).
  bool Foreign = false;
  std::string Key;
};

/// Per-kernel attributes the API can change (cudaFuncSetAttribute).
struct KernelAttributes {
  int MaxDynamicSharedBytes = -1; ///< -1: the default (48 KiB - static)
  int PreferredCarveout = -1;
  int CacheConfig = 0;
};

/// A resolved kernel: its descriptor and mutable attributes.
struct KernelInfo {
  const LoomKernelDesc *Desc;
  KernelAttributes Attrs;
};

class KernelRegistry {
public:
  static KernelRegistry &get();

  /// -rdc: a host module for a device-linked module named by \p Key
  /// (the device link object registers clang's offload entries with it).
  void *registerLinkedModule(const char *Key);
  void *registerFatBinary(const void *Wrapper);
  void unregisterFatBinary(void *Handle);
  void registerFunction(void *Handle, const void *Stub, const char *DeviceName);
  void registerVar(void *Handle, const void *HostVar, const char *DeviceName, size_t Size);
  void registerModule(const LoomModuleDesc *Module);

  /// Resolves a stub: cudaSuccess with \p Out set, or
  /// cudaErrorInvalidDeviceFunction (unknown stub, kernel not in its module,
  /// module not registered), cudaErrorNoKernelImageForDevice (foreign fat
  /// binary) or cudaErrorInvalidKernelImage (ABI version mismatch).
  cudaError_t lookupKernel(const void *Stub, KernelInfo *Out);
  /// Updates the attributes of a resolved kernel.
  cudaError_t setAttributes(const void *Stub, const KernelAttributes &Attrs);

  /// The registered module (with the runtime's ABI) whose kernel table holds
  /// \p Kernel, or null.
  const LoomModuleDesc *moduleOf(const LoomKernelDesc *Kernel);

  /// Resolves a shadow variable to the device variable's address and size;
  /// cudaErrorInvalidSymbol if unknown.
  cudaError_t lookupVar(const void *HostVar, void **Address, size_t *Size);
  /// The shadow variables registered under the device-side name \p Name
  /// (one per module that has it; cuModuleGetGlobal picks its module's).
  std::vector<const void *> hostVarsNamed(const char *Name);
  /// Whether [Ptr, Ptr + Bytes) lies inside one registered variable's
  /// storage (what kernels access: the device variable, or a managed
  /// variable's shadow). A linear scan: the allocation map's slow path for
  /// device-side ranges it does not track.
  bool containsVarRange(const void *Ptr, size_t Bytes);

  /// cudaDeviceReset: every registered __device__, __constant__ and
  /// __managed__ variable gets its initial value back, as when CUDA loads
  /// the module again. No kernel may be running.
  void restoreInitialValues();

private:
  struct StubRecord {
    HostModule *Module;
    std::string Name;
    const LoomKernelDesc *Desc = nullptr; ///< cached on first resolution
    KernelAttributes Attrs;
  };
  struct VarRecord {
    HostModule *Module;
    std::string Name;
    size_t Size;
    bool ManagedBound = false; ///< managed: device slot aimed at the shadow
  };
  struct ModuleRecord {
    const LoomModuleDesc *Desc;
    bool AbiMismatch;
  };

  cudaError_t resolveLocked(StubRecord &Record);
  /// The device descriptor of a shadow variable, or null (lock held).
  const LoomVarDesc *findVarLocked(const VarRecord &Record);
  /// Managed variables: once both halves are registered, copy the initial
  /// value into the host's shadow and aim the kernels' pointer at it.
  void bindManagedLocked(const void *HostVar, VarRecord &Record);

  std::mutex M;
  /// Bumped (under M) by every change a cached lookupKernel answer could
  /// miss: stubs registered or dropped, modules registered, attributes set.
  std::atomic<uint64_t> Generation{1};
  std::unordered_map<const void *, StubRecord> Stubs;
  std::unordered_map<const void *, VarRecord> Vars;
  std::unordered_map<std::string, ModuleRecord> Modules;
  /// The initial values of registered modules' variables (not managed
  /// ones: their initial value stays in the device variable, see
  /// bindManagedLocked). Empty Bytes: all zero.
  struct InitialValue {
    void *Address;
    size_t Size;
    std::vector<unsigned char> Bytes;
  };
  std::unordered_map<std::string, std::vector<InitialValue>> Initial; ///< by module key
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_KERNELREGISTRY_H
