//===- ThreadLoops.h - run a CUDA block as loops over its threads ----------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: for every kernel K, builds the *block function*
//   void @K.block(<K's parameters>, ptr %launch, ptr %worker,
//                 i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
// whose body runs all threads of one block: K's body is wrapped in a
// z/y/x loop nest over blockDim (x innermost), `ret` becomes a jump to the
// next thread, threadIdx markers become the loop counters, blockIdx markers
// the %b* parameters, blockDim/gridDim markers loads from the launch record.
// K itself is deleted (the host side never calls it; the runtime reaches the
// block function through KernelEntry's entry). Static allocas move to the
// entry block, outside the loops (each thread re-initializes them), and a
// byval parameter that the body may write is copied per thread.
// The x loop is marked parallel (llvm.loop.parallel_accesses with an access
// group on every memory access of the body) so the loop vectorizer can
// vectorize across threads without runtime alias checks: threads of a block
// that are not separated by a barrier may not depend on each other.
// Why here: one CPU call per block amortizes scheduling; loops over threads
// expose the data parallelism to the host optimizer.
// Preconditions: markers only (NVVMIntrinsics), flat address space,
// device functions that read markers inlined (InlineDeviceFunctions).
// Barrier-free kernels form one parallel region; kernels with barriers
// arrive split into regions by BarrierRegions (docs/barriers.md), each
// region one loop over the threads.
// Row walks: a barrier-free kernel whose blocks share nothing
// (canWalkRows: no __shared__ memory or other per-worker state, no device
// printf or launches, no warp collectives) gets the attribute loom-row-walk
// and runs %row.blocks consecutive blocks of a grid row, %bx first, in one
// call, with the loop over those blocks inside the y loop: z, y, block, x.
// For 2D and 3D blocks x then walks a row of the grid (as a CPU loop over
// the array would) instead of 32 or 64 bytes per block and row, which the
// hardware prefetchers cannot follow across dozens of rows (stencil3d with
// 32 x 4 x 2 blocks: 2.6x slower than OpenMP without, about 1.6x with).
// Other block functions ignore %row.blocks (KernelEntry passes 1).
// Postconditions: no thread/block index marker remains in the module.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_THREADLOOPS_H
#define LOOM_TRANSFORMS_THREADLOOPS_H

#include "llvm/IR/PassManager.h"

namespace loom {

/// Attribute on a block function: the name of the kernel it implements.
constexpr const char *BlockOfAttr = "loom-block-of";
/// Attribute on a block function: how many leading parameters are K's.
constexpr const char *KernelArgCountAttr = "loom-kernel-args";
/// Attribute on a block function that runs %row.blocks blocks per call.
constexpr const char *RowWalkAttr = "loom-row-walk";
/// Attribute on a block function: its barrier-free version's block function
/// (EliminateBarriers' shape versioning), run for launches of that shape.
constexpr const char *ShapeVersionBlockAttr = "loom-shape-version-block";
/// Position of %row.blocks after K's parameters (launch, worker, bx, by, bz).
constexpr unsigned RowBlocksArg = 5;

class ThreadLoopsPass : public llvm::PassInfoMixin<ThreadLoopsPass> {
public:
  /// \p UniformRegions: barrier regions every unit leaves the same way run
  /// without per-unit state tests (formBarrierRegions).
  /// \p RowWalks: block functions that may run a row's blocks per call do.
  explicit ThreadLoopsPass(bool UniformRegions = true, bool RowWalks = true)
      : UniformRegions(UniformRegions), RowWalks(RowWalks) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  bool UniformRegions;
  bool RowWalks;
};

} // namespace loom

#endif
