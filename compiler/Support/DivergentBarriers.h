//===- DivergentBarriers.h - branches on threadIdx that split barriers -----===//
// SPDX-License-Identifier: Apache-2.0
//
// Threads of a block that reach different __syncthreads() after a branch on
// threadIdx are undefined behaviour in CUDA. BarrierRegions warns about it;
// EliminateBarriers leaves such kernels alone. Both ask the same question.
#ifndef LOOM_SUPPORT_DIVERGENTBARRIERS_H
#define LOOM_SUPPORT_DIVERGENTBARRIERS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace loom {

/// True when \p V is computed from threadIdx without going through memory.
bool dependsOnThreadIndex(llvm::Value *V);

/// The terminators of branches on threadIdx after which the sides reach
/// different first barriers (blocks for which \p IsBarrierBlock holds). A
/// side that reaches no barrier (it only leads to the end of the kernel) does
/// not count: threads that exited take no part in later barriers.
llvm::SmallVector<llvm::Instruction *, 2>
divergentBarrierBranches(llvm::Function &F,
                         llvm::function_ref<bool(llvm::BasicBlock &)> IsBarrierBlock);

/// Warns (compile-time warning at each such branch) about the branches
/// divergentBarrierBranches() finds.
void warnDivergentBarriers(llvm::Function &F,
                           llvm::function_ref<bool(llvm::BasicBlock &)> IsBarrierBlock);

} // namespace loom

#endif
