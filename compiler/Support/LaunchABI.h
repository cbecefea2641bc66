//===- LaunchABI.h - IR view of include/loom/KernelABI.h -------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Builds IR types and field accesses that mirror the C structs the runtime
// uses. Field indices are named here once; KernelABI.h is the source of truth
// and tests/unit checks that offsets agree (static_asserts in the runtime).
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_LAUNCHABI_H
#define LOOM_SUPPORT_LAUNCHABI_H

#include "llvm/IR/IRBuilder.h"

namespace loom {

struct LaunchABI {
  explicit LaunchABI(llvm::LLVMContext &Ctx);

  /// struct LoomLaunch { LoomDim3 gridDim, blockDim; uint64_t dynamicSharedBytes; }
  llvm::StructType *Launch;
  /// struct LoomWorker { void *sharedMem, *threadArena; uint64_t; uint32_t, uint32_t; }
  llvm::StructType *Worker;
  /// struct LoomKernelDesc, LoomVarDesc, LoomModuleDesc.
  llvm::StructType *KernelDesc;
  llvm::StructType *VarDesc;
  llvm::StructType *ModuleDesc;
  /// void (const LoomLaunch *, void *const *, uint64_t, uint64_t, LoomWorker *)
  llvm::FunctionType *EntryType;

  /// Loads gridDim (Grid=true) or blockDim component \p Dim from \p LaunchPtr.
  llvm::Value *loadDim(llvm::IRBuilder<> &B, llvm::Value *LaunchPtr, bool Grid,
                       unsigned Dim) const;
  llvm::Value *loadWorkerSharedMem(llvm::IRBuilder<> &B,
                                   llvm::Value *WorkerPtr) const;
};

} // namespace loom

#endif
