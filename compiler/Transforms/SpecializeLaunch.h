//===- SpecializeLaunch.h - compile a kernel for one block size ------------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: fixes blockDim to constants. Every @loom.ntid.{x,y,z}() call becomes
// its constant, and the module records the block size (named metadata
// !loom.block.dim, read by LaunchABI::loadDim), so the block dimensions that
// later passes read from the launch record (ThreadLoops' loop bounds,
// BarrierRegions' arena layout and gang counts, KernelEntry's warp-gang
// test) are the same constants, and so are marker calls that passes create
// after this one (EliminateBarriers' block-shape test, the vectorizer's tail
// mask).
// Why: the runtime's JIT (docs/runtime.md, "Launch-time specialization")
// compiles a kernel again at its first launch with a new block size: thread
// loops get constant trip counts, gang counts are exact, a row's partial
// gang disappears when the width divides blockDim.x, divisions and
// remainders by blockDim become shifts and masks.
// Preconditions: NVVMIntrinsics ran (blockDim is a marker). The module is
// only ever launched with this block size.
// Postconditions: no @loom.ntid.* call is left; !loom.block.dim is set.
// opt: -passes=loom-specialize-launch -loom-block-dim=X,Y,Z.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_SPECIALIZELAUNCH_H
#define LOOM_TRANSFORMS_SPECIALIZELAUNCH_H

#include "llvm/IR/PassManager.h"

#include <array>
#include <cstdint>
#include <optional>

namespace loom {

class SpecializeLaunchPass : public llvm::PassInfoMixin<SpecializeLaunchPass> {
public:
  /// Without a block size: the -loom-block-dim option's (nothing if unset).
  SpecializeLaunchPass() = default;
  explicit SpecializeLaunchPass(std::array<uint32_t, 3> BlockDim) : BlockDim(BlockDim) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::optional<std::array<uint32_t, 3>> BlockDim;
};

} // namespace loom

#endif
