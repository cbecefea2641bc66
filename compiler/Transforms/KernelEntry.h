//===- KernelEntry.h - the runtime's way into a kernel ---------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: for every block function @K.block (ThreadLoops), emits
//   void @loom.entry.K(const LoomLaunch *launch, void *const *args,
//                      uint64_t blockBegin, uint64_t blockEnd, LoomWorker *w)
// (include/loom/KernelABI.h) which loads K's arguments once from args[],
// and points @loom.dynamic.shared (LowerSharedMemory) at the worker's shared
// memory buffer, then loops over the linear block range, derives
// blockIdx.{x,y,z} and calls the (always-inlined) block function. The entry
// is tagged "loom-entry-of" with the kernel's name for KernelRegistration.
// Why: block-invariant work (argument loads, launch dimensions) hoists out of
// the block loop, and the runtime hands whole chunks of blocks to one call.
// Preconditions: ThreadLoops ran.
// Postconditions: one entry per kernel.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_KERNELENTRY_H
#define LOOM_TRANSFORMS_KERNELENTRY_H

#include "llvm/IR/PassManager.h"

namespace loom {

constexpr const char *EntryOfAttr = "loom-entry-of";

class KernelEntryPass : public llvm::PassInfoMixin<KernelEntryPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
