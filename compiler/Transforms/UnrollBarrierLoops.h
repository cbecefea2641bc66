//===- UnrollBarrierLoops.h - unroll short constant loops around barriers --===//
// SPDX-License-Identifier: Apache-2.0
//
// What: in kernels, a loop that still holds a __syncthreads() (after
// EliminateBarriers) and runs a small constant number of times (scalar
// evolution's trip count, shift recurrences like `for (d = 256; d > 0;
// d >>= 1)` included) is fully unrolled, then cleaned up.
// Why: BarrierRegions runs one pass over the block's gangs per region either
// way, so unrolling adds no region switches; it makes each iteration's
// uniform values constants. A tree reduction or scan's level loop then has
// constant strides and active-thread bounds (`tid < d`), which
// VectorizeKernels turns into wide loads and shuffles instead of gathers and
// scatters, and a stencil's per-step masks fold.
// When: after EliminateBarriers (a loop whose barriers it removed is left to
// the host optimizer), before LowerSharedMemory and VectorizeKernels.
// Limits: trip count 2..32, unrolled size at most 2048 instructions; off
// with `loomcc --loom-disable=barrier-unroll`.
// Test: tests/ir/UnrollBarrierLoops/basic.ll.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_UNROLLBARRIERLOOPS_H
#define LOOM_TRANSFORMS_UNROLLBARRIERLOOPS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class UnrollBarrierLoopsPass : public llvm::PassInfoMixin<UnrollBarrierLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
