//===- LowerSharedMemory.h - give every running block its own __shared__ ---===//
// SPDX-License-Identifier: Apache-2.0
//
// What: static __shared__ variables (globals tagged !loom.shared by
// LowerAddressSpaces) become thread_local: a worker runs one block at a time,
// so per-worker storage is per-block storage. `extern __shared__` arrays
// (dynamic shared memory, all aliasing one buffer as CUDA defines) become
// loads of the thread-local pointer @loom.dynamic.shared, which each kernel
// entry sets to the worker's shared-memory buffer (KernelEntry).
// Why: concurrently running blocks must not share __shared__ data.
// Preconditions: LowerAddressSpaces ran.
// Postconditions: no !loom.shared global is an ordinary global.
//   @s = internal global [64 x float] undef, !loom.shared !0
//   ==> @s = internal thread_local global [64 x float] undef, !loom.shared !0
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_LOWERSHAREDMEMORY_H
#define LOOM_TRANSFORMS_LOWERSHAREDMEMORY_H

#include "llvm/IR/PassManager.h"

namespace loom {

constexpr const char *DynamicSharedVar = "loom.dynamic.shared";

class LowerSharedMemoryPass : public llvm::PassInfoMixin<LowerSharedMemoryPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
