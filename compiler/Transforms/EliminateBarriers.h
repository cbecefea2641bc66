//===- EliminateBarriers.h - remove __syncthreads() that order nothing ----===//
// SPDX-License-Identifier: Apache-2.0
//
// What: deletes block barriers (`@loom.barrier`, i.e. plain __syncthreads)
// when no memory access before the barrier can conflict with one after it
// in another thread (Polygeist's rule, Moses et al., PPoPP 2023). "Before"
// and "after" reach up to the neighbouring barriers, the kernel entry and
// its exits. A pair is harmless when both only read, when one side touches
// only the thread's own allocas, or when the two accesses are to distinct
// objects. Two kinds of removal:
//  - unconditional: a side without conflicting accesses (barrier at the
//    start or end of a kernel, two barriers in a row, read-only phases,
//    phases on different arrays);
//  - under a block-shape assumption: accesses `p + c*threadIdx.x (+ c'*
//    threadIdx.y) + uniform` touch a different element in every thread only
//    if the block is 1D (or, with c', if blockDim.x <= c'/c). When every
//    remaining barrier goes that way, the kernel is versioned: entry checks
//    the block shape and runs a barrier-free copy, else the original.
// Never removed: `__syncthreads_count/_and/_or`, `__syncwarp`, warp
// collectives; and barriers next to atomics, volatile accesses, fences,
// calls that may touch memory or accesses through pointers whose object is
// not a kernel argument, a global or an alloca.
// Why: each barrier costs BarrierRegions a region, a state per thread and a
// dispatcher scan; a kernel without barriers is one vectorizable loop.
// Preconditions: InlineDeviceFunctions and the cleanup (SROA, InstCombine)
// ran, so accesses are plain loads/stores with SCEV-friendly addresses.
// Postconditions: fewer `@loom.barrier` calls; results unchanged.
//   store s[tid]; call @loom.barrier(); load s[tid]
//   ==> entry: br (ntid.y == 1 && ntid.z == 1), %copy, %original
//       copy: store s[tid]; load s[tid]          (no barrier)
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_ELIMINATEBARRIERS_H
#define LOOM_TRANSFORMS_ELIMINATEBARRIERS_H

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"

namespace loom {

/// Versioning on the block shape (phase 2 below): the kernel K gets
/// ShapeVersionAttr = the name of its barrier-free copy, an internal kernel
/// with VersionOfAttr = K and the shape it needs (ShapeY1Attr: blockDim.y is
/// 1, ShapeZ1Attr: blockDim.z is 1, ShapeMaxXAttr: blockDim.x <= N).
/// VectorizeKernels takes the copy like any kernel; ThreadLoops builds its
/// block function next to K's (ShapeVersionBlockAttr) and deletes it;
/// KernelEntry runs it for launches of that shape (emitShapeTest).
constexpr const char *ShapeVersionAttr = "loom-shape-version";
constexpr const char *VersionOfAttr = "loom-version-of";
constexpr const char *ShapeY1Attr = "loom-shape-y1";
constexpr const char *ShapeZ1Attr = "loom-shape-z1";
constexpr const char *ShapeMaxXAttr = "loom-shape-max-x";

/// i1: whether a block of \p BlockDim (i32 x, y, z) has the shape that the
/// barrier-free version \p Version (or its block function) needs.
llvm::Value *emitShapeTest(llvm::IRBuilder<> &B, const llvm::Function &Version,
                           llvm::Value *const BlockDim[3]);

class EliminateBarriersPass : public llvm::PassInfoMixin<EliminateBarriersPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

} // namespace loom

#endif
