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
// Static ones sit between two guard zones of LOOM_SHARED_GUARD_BYTES
// (include/loom/KernelABI.h; the runtime pads the dynamic buffer the same
// way), tagged !loom.shared.guard, so VectorizeKernels may load a whole
// vector where only some lanes are active without a page test.
// Postconditions: no !loom.shared global is an ordinary global.
//   @s = internal global [64 x float] undef, !loom.shared !0
//   ==> @s = internal thread_local global { [256 x i8], [64 x float], [256 x i8] }
//            undef, align 64, !loom.shared !0, !loom.shared.guard !1
//       (uses of @s become getelementptr (@s, 0, 1))
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_LOWERSHAREDMEMORY_H
#define LOOM_TRANSFORMS_LOWERSHAREDMEMORY_H

#include "llvm/IR/PassManager.h"
#include "llvm/IR/Value.h"

namespace loom {

constexpr const char *DynamicSharedVar = "loom.dynamic.shared";
constexpr const char *SharedGuardMD = "loom.shared.guard";

/// Whether \p Ptr points into the block's shared memory (a static __shared__
/// variable or the dynamic buffer).
bool pointsIntoSharedMemory(const llvm::Value *Ptr);

/// Bytes readable before and after the shared-memory object \p Ptr points
/// into (a guarded static __shared__ variable or the dynamic buffer), or 0
/// when \p Ptr is not known to point into one.
uint64_t sharedGuardBytes(const llvm::Value *Ptr);

class LowerSharedMemoryPass : public llvm::PassInfoMixin<LowerSharedMemoryPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
