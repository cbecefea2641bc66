// KernelRegistry.cpp - stub/variable registration and lazy resolution against device modules.
// SPDX-License-Identifier: Apache-2.0
#include "core/KernelRegistry.h"
#include "support/ApiError.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace loom {

namespace {
/// What clang puts in the fat-binary wrapper it passes to __cudaRegisterFatBinary.
struct FatbinWrapper {
  int Magic;
  int Version;
  const char *Data;
  void *Unused;
};
constexpr int FatbinWrapperMagic = 0x466243b1;
} // namespace

KernelRegistry &KernelRegistry::get() {
  // Leaked on purpose: registrations and unregistrations run from global
  // constructors and destructors in unspecified order.
  static KernelRegistry *Instance = new KernelRegistry();
  return *Instance;
}

void *KernelRegistry::registerFatBinary(const void *Wrapper) {
  auto *Module = new HostModule();
  const auto *W = static_cast<const FatbinWrapper *>(Wrapper);
  const size_t MagicLen = std::strlen(LOOM_FATBIN_MAGIC);
  if (W && W->Magic == FatbinWrapperMagic && W->Data &&
      std::memcmp(W->Data, LOOM_FATBIN_MAGIC, MagicLen + 1) == 0)
    Module->Key = W->Data + MagicLen + 1;
  else
    Module->Foreign = true;
  return Module;
}

void *KernelRegistry::registerLinkedModule(const char *Key) {
  auto *Module = new HostModule();
  Module->Key = Key ? Key : "";
  return Module;
}

void KernelRegistry::unregisterFatBinary(void *Handle) {
  auto *Module = static_cast<HostModule *>(Handle);
  if (!Module)
    return;
  std::lock_guard<std::mutex> Lock(M);
  for (auto It = Stubs.begin(); It != Stubs.end();)
    It = It->second.Module == Module ? Stubs.erase(It) : std::next(It);
  for (auto It = Vars.begin(); It != Vars.end();)
    It = It->second.Module == Module ? Vars.erase(It) : std::next(It);
  // The module's variables go with its shared library: a later reset must
  // not write to them.
  if (!Module->Foreign)
    Initial.erase(Module->Key);
  Generation.fetch_add(1, std::memory_order_release);
  delete Module;
}

void KernelRegistry::registerFunction(void *Handle, const void *Stub, const char *DeviceName) {
  if (!Handle || !Stub || !DeviceName)
    return;
  std::lock_guard<std::mutex> Lock(M);
  Stubs[Stub] = StubRecord{static_cast<HostModule *>(Handle), DeviceName, nullptr, {}};
  Generation.fetch_add(1, std::memory_order_release);
}

void KernelRegistry::registerVar(void *Handle, const void *HostVar, const char *DeviceName,
                                 size_t Size) {
  if (!Handle || !HostVar || !DeviceName)
    return;
  std::lock_guard<std::mutex> Lock(M);
  VarRecord &Record = Vars[HostVar] = VarRecord{static_cast<HostModule *>(Handle), DeviceName, Size};
  bindManagedLocked(HostVar, Record);
}

const LoomVarDesc *KernelRegistry::findVarLocked(const VarRecord &Record) {
  if (Record.Module->Foreign)
    return nullptr;
  auto ModuleIt = Modules.find(Record.Module->Key);
  if (ModuleIt == Modules.end() || ModuleIt->second.AbiMismatch)
    return nullptr;
  const LoomModuleDesc *Module = ModuleIt->second.Desc;
  for (uint32_t I = 0; I < Module->numVars; ++I)
    if (Module->vars[I].name && Record.Name == Module->vars[I].name)
      return &Module->vars[I];
  return nullptr;
}

void KernelRegistry::bindManagedLocked(const void *HostVar, VarRecord &Record) {
  if (Record.ManagedBound)
    return;
  const LoomVarDesc *Desc = findVarLocked(Record);
  if (!Desc || !(Desc->flags & LOOM_VAR_MANAGED) || !Desc->managedPointer)
    return;
  // Registration runs in static constructors, before main touches the
  // variable: the shadow gets the variable's initial value exactly once.
  std::memcpy(const_cast<void *>(HostVar), Desc->address,
              std::min<size_t>(Record.Size, static_cast<size_t>(Desc->size)));
  *Desc->managedPointer = const_cast<void *>(HostVar);
  Record.ManagedBound = true;
}

void KernelRegistry::registerModule(const LoomModuleDesc *Module) {
  if (!Module || !Module->key)
    return;
  bool Mismatch = Module->abiVersion != LOOM_ABI_VERSION;
  if (Mismatch)
    std::fprintf(stderr,
                 "loom: device module '%s' was built for kernel ABI %u, this runtime "
                 "implements %u; its kernels cannot be launched\n",
                 Module->key, Module->abiVersion, LOOM_ABI_VERSION);
  std::lock_guard<std::mutex> Lock(M);
  // The first registration of a key wins (a key names one translation unit).
  if (!Modules.emplace(Module->key, ModuleRecord{Module, Mismatch}).second || Mismatch)
    return;
  Generation.fetch_add(1, std::memory_order_release);
  // Registration runs in static constructors, before any kernel or copy
  // can change a variable: what it holds now is its initial value.
  std::vector<InitialValue> &Values = Initial[Module->key];
  for (uint32_t I = 0; I < Module->numVars; ++I) {
    const LoomVarDesc &Var = Module->vars[I];
    if (!Var.address || (Var.flags & LOOM_VAR_MANAGED))
      continue;
    InitialValue Value{Var.address, static_cast<size_t>(Var.size), {}};
    if (!(Var.flags & LOOM_VAR_ZERO_INIT)) {
      const auto *Bytes = static_cast<const unsigned char *>(Var.address);
      Value.Bytes.assign(Bytes, Bytes + Value.Size);
    }
    Values.push_back(std::move(Value));
  }
  for (auto &[HostVar, Record] : Vars)
    if (!Record.ManagedBound && Record.Module->Key == Module->key)
      bindManagedLocked(HostVar, Record);
}

cudaError_t KernelRegistry::resolveLocked(StubRecord &Record) {
  if (Record.Desc)
    return cudaSuccess;
  if (Record.Module->Foreign)
    return failWith(cudaErrorNoKernelImageForDevice,
                    "kernel %s is in a fat binary Loom did not compile (no CPU code for it)",
                    Record.Name.c_str());
  auto It = Modules.find(Record.Module->Key);
  if (It == Modules.end())
    return failWith(cudaErrorInvalidDeviceFunction, "kernel %s: its module %s was not registered",
                    Record.Name.c_str(), Record.Module->Key.c_str());
  if (It->second.AbiMismatch)
    return failWith(cudaErrorInvalidKernelImage,
                    "kernel %s: module %s was built for another Loom ABI (recompile it with this "
                    "loomcc)", Record.Name.c_str(), Record.Module->Key.c_str());
  const LoomModuleDesc *Module = It->second.Desc;
  for (uint32_t I = 0; I < Module->numKernels; ++I)
    if (Module->kernels[I].name && Record.Name == Module->kernels[I].name) {
      Record.Desc = &Module->kernels[I];
      return cudaSuccess;
    }
  return failWith(cudaErrorInvalidDeviceFunction, "kernel %s is not in its module %s",
                  Record.Name.c_str(), Module->key ? Module->key : "?");
}

namespace {
/// The calling thread's last successful lookupKernel, valid while the
/// registry's generation is unchanged: a launch loop resolves the same stub
/// again and again, and the registry's lock was a tenth of a tiny launch.
struct LookupCacheEntry {
  const void *Stub;
  uint64_t Gen;
  const LoomKernelDesc *Desc;
  KernelAttributes Attrs;
};
__attribute__((tls_model("initial-exec"))) thread_local LookupCacheEntry LastLookup;
} // namespace

cudaError_t KernelRegistry::lookupKernel(const void *Stub, KernelInfo *Out) {
  if (Stub && LastLookup.Stub == Stub &&
      LastLookup.Gen == Generation.load(std::memory_order_acquire)) {
    Out->Desc = LastLookup.Desc;
    Out->Attrs = LastLookup.Attrs;
    return cudaSuccess;
  }
  std::lock_guard<std::mutex> Lock(M);
  auto It = Stubs.find(Stub);
  if (It == Stubs.end())
    return failWith(cudaErrorInvalidDeviceFunction, "function %p is not a registered kernel stub",
                    Stub);
  if (cudaError_t Error = resolveLocked(It->second))
    return Error;
  Out->Desc = It->second.Desc;
  Out->Attrs = It->second.Attrs;
  LastLookup = {Stub, Generation.load(std::memory_order_relaxed), Out->Desc, Out->Attrs};
  return cudaSuccess;
}

const LoomModuleDesc *KernelRegistry::moduleOf(const LoomKernelDesc *Kernel) {
  std::lock_guard<std::mutex> Lock(M);
  for (const auto &[Key, Record] : Modules)
    if (!Record.AbiMismatch && Record.Desc->kernels && Kernel >= Record.Desc->kernels &&
        Kernel < Record.Desc->kernels + Record.Desc->numKernels)
      return Record.Desc;
  return nullptr;
}

cudaError_t KernelRegistry::setAttributes(const void *Stub, const KernelAttributes &Attrs) {
  std::lock_guard<std::mutex> Lock(M);
  auto It = Stubs.find(Stub);
  if (It == Stubs.end())
    return failWith(cudaErrorInvalidDeviceFunction, "function %p is not a registered kernel stub",
                    Stub);
  It->second.Attrs = Attrs;
  Generation.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

void KernelRegistry::restoreInitialValues() {
  std::lock_guard<std::mutex> Lock(M);
  for (const auto &Entry : Initial)
    for (const InitialValue &Value : Entry.second) {
      if (Value.Bytes.empty())
        std::memset(Value.Address, 0, Value.Size);
      else
        std::memcpy(Value.Address, Value.Bytes.data(), Value.Size);
    }
  // Managed variables live in the host's shadow; the device variable still
  // holds the initial value (bindManagedLocked copied it from there).
  for (auto &[HostVar, Record] : Vars) {
    if (!Record.ManagedBound)
      continue;
    if (const LoomVarDesc *Desc = findVarLocked(Record))
      std::memcpy(const_cast<void *>(HostVar), Desc->address,
                  std::min<size_t>(Record.Size, static_cast<size_t>(Desc->size)));
  }
}

std::vector<const void *> KernelRegistry::hostVarsNamed(const char *Name) {
  std::lock_guard<std::mutex> Lock(M);
  std::vector<const void *> Out;
  for (const auto &Entry : Vars)
    if (Entry.second.Name == Name)
      Out.push_back(Entry.first);
  return Out;
}

cudaError_t KernelRegistry::lookupVar(const void *HostVar, void **Address, size_t *Size) {
  std::lock_guard<std::mutex> Lock(M);
  auto It = Vars.find(HostVar);
  if (It == Vars.end())
    return failWith(cudaErrorInvalidSymbol, "symbol %p is not a registered __device__ variable",
                    HostVar);
  const LoomVarDesc *Desc = findVarLocked(It->second);
  if (!Desc)
    return failWith(cudaErrorInvalidSymbol, "symbol %p (%s) has no definition in its module",
                    HostVar, It->second.Name.c_str());
  // A managed variable lives in the host's shadow, shared with kernels.
  *Address = (Desc->flags & LOOM_VAR_MANAGED) ? const_cast<void *>(HostVar) : Desc->address;
  *Size = static_cast<size_t>(Desc->size);
  return cudaSuccess;
}

bool KernelRegistry::containsVarRange(const void *Ptr, size_t Bytes) {
  auto Begin = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(M);
  for (auto &Entry : Vars) {
    const LoomVarDesc *Desc = findVarLocked(Entry.second);
    if (!Desc)
      continue;
    auto Base = reinterpret_cast<uintptr_t>((Desc->flags & LOOM_VAR_MANAGED) ? Entry.first
                                                                            : Desc->address);
    auto Size = static_cast<uintptr_t>(Desc->size);
    if (Begin >= Base && Begin - Base <= Size && Bytes <= Size - (Begin - Base))
      return true;
  }
  return false;
}

} // namespace loom
