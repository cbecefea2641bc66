//===- LaunchABI.h - IR view of include/loom/KernelABI.h -------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Builds IR types and field accesses that mirror the C structs the runtime
// uses. Field indices are named here once; KernelABI.h is the source of truth
// and tests/unit/compiler/LaunchABITest.cpp checks that every field offset and
// struct size agrees with the C compiler's layout.
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_LAUNCHABI_H
#define LOOM_SUPPORT_LAUNCHABI_H

#include "llvm/IR/IRBuilder.h"

#include <array>
#include <cstdint>
#include <optional>

namespace loom {

/// A module compiled for one block size (SpecializeLaunch, the runtime's
/// JIT) records it as !loom.block.dim = !{!{i32 x, i32 y, i32 z}}.
std::optional<std::array<uint32_t, 3>> specializedBlockDim(const llvm::Module &M);
void setSpecializedBlockDim(llvm::Module &M, const std::array<uint32_t, 3> &Dim);

struct LaunchABI {
  explicit LaunchABI(llvm::LLVMContext &Ctx);

  /// struct LoomLaunch { LoomDim3 gridDim, blockDim; uint64_t dynamicSharedBytes; }
  llvm::StructType *Launch;
  /// struct LoomWorker { void *sharedMem, *threadArena; uint64_t; uint32_t, uint32_t; }
  llvm::StructType *Worker;
  /// struct LoomKernelDesc, LoomVarDesc, LoomModuleDesc (with the JIT's
  /// bitcode, its size and configuration string at the end).
  llvm::StructType *KernelDesc;
  llvm::StructType *VarDesc;
  llvm::StructType *ModuleDesc;
  /// void (const LoomLaunch *, void *const *, uint64_t, uint64_t, LoomWorker *)
  llvm::FunctionType *EntryType;

  /// Loads gridDim (Grid=true) or blockDim component \p Dim from \p LaunchPtr;
  /// in a module specialized for one block size, blockDim is that constant.
  llvm::Value *loadDim(llvm::IRBuilder<> &B, llvm::Value *LaunchPtr, bool Grid,
                       unsigned Dim) const;
  llvm::Value *loadWorkerSharedMem(llvm::IRBuilder<> &B,
                                   llvm::Value *WorkerPtr) const;
};

} // namespace loom

#endif
