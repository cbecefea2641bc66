//===- VectorizeKernels.h - whole-function vectorization across threads ----===//
// SPDX-License-Identifier: Apache-2.0
//
// What: rewrites a kernel (a per-thread function) into a *gang kernel* that
// runs W consecutive threads of a block row (threadIdx.x = base .. base+W-1)
// at once in SIMD registers. Inside the gang kernel `@loom.tid.x()` means the
// gang's base; the kernel carries "loom-gang-width"="W" and ThreadLoops
// steps its x loop by W. Uniform values (UniformityAnalysis) stay scalar,
// varying ones become <W x T>; memory accesses are classified by their
// stride across lanes (uniform: one scalar access; unit stride: one vector
// load/store; anything else: gather/scatter), all under the lanes' mask.
//
// Control flow is linearized in a loop-aware topological order: every block
// runs under its mask (the OR of its incoming edge masks) and is skipped
// when no lane is active in it, so uniform branches cost a mask test and
// lanes that disagree run both sides. Loops keep running while any lane
// wants another iteration; a lane that leaves keeps its live-out values
// (LCSSA phis become per-lane blends). Blocks no divergent branch controls
// use the gang's entry mask, and the body is emitted twice, for full gangs
// (mask constant: plain vector loads and stores) and for the row's last,
// partial gang.
//
// Calls: markers become the gang's lane indices or stay scalar; trivially
// vectorizable intrinsics and libm functions with a vector variant in the
// target library info (glibc's libmvec) become vector calls; anything else
// with varying operands or side effects (atomics, printf, device heap, ...)
// runs lane by lane under the mask, in lane order.
//
// Fallback: kernels with barriers or warp collectives, irreducible control
// flow, varying values of aggregate or vector type, dynamic allocas or
// written byval parameters keep the scalar thread loop; the reason is an
// optimization remark (-Rpass-missed=loom-wfv, `loomcc -Rpass-missed=loom`).
//
// Why here: after device functions are inlined and cleaned up (their calls
// would be serialized otherwise), barrier elimination and shared-memory
// lowering; before ThreadLoops builds the loops over threads (gangs).
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_VECTORIZEKERNELS_H
#define LOOM_TRANSFORMS_VECTORIZEKERNELS_H

#include "llvm/IR/PassManager.h"

namespace loom {

/// Function attribute on a gang kernel: its gang width W.
constexpr const char *GangWidthAttr = "loom-gang-width";
/// On a kernel: the name of its warp-gang version (gang width 32, collectives
/// in registers), which runs instead of the scalar kernel when blockDim.x is
/// a multiple of 32. ThreadLoops builds the block functions; the entry picks.
constexpr const char *WarpGangAttr = "loom-warp-gang";
/// On a kernel: the name of its warp-gang version for one-dimensional blocks
/// of any size (the last warp may be partial), which runs when blockDim.y
/// and blockDim.z are 1 and the version above does not.
constexpr const char *WarpGangOneDimAttr = "loom-warp-gang-1d";
/// On a kernel: the name of its warp-gang version for blocks whose warps
/// span rows (blockDim.x not a multiple of 32 in a 2D or 3D block): its
/// threads run flat, threadIdx computed from the linear index.
constexpr const char *WarpGangFlatAttr = "loom-warp-gang-flat";
/// On K.block: the names of the warp-gang versions' block functions.
constexpr const char *WarpGangBlockAttr = "loom-warp-gang-block";
constexpr const char *WarpGangOneDimBlockAttr = "loom-warp-gang-1d-block";
constexpr const char *WarpGangFlatBlockAttr = "loom-warp-gang-flat-block";
constexpr unsigned WarpSize = 32;

/// The gang width of \p F (1 for an ordinary per-thread kernel).
unsigned gangWidth(const llvm::Function &F);

class VectorizeKernelsPass : public llvm::PassInfoMixin<VectorizeKernelsPass> {
  unsigned ForcedWidth;
  bool GridStrideSteps;
  bool AggregateAtomics;
  bool BlockAtomics;
  bool FullGangLoops;

public:
  /// \p Width 0: chosen from the target's vector registers (or the
  /// -loom-wfv-width option / LOOM_VECTOR_WIDTH). \p GridStrideSteps: run
  /// grid-stride loops one step of every gang at a time (loomcc
  /// --loom-disable=grid-stride, opt -loom-wfv-grid-stride-steps=false).
  /// \p AggregateAtomics: a global atomic on one address per gang becomes
  /// one atomic of the lanes' combined operand (GangAtomics.h).
  /// \p BlockAtomics: a counter whose old value is used gets one atomic per
  /// block (--loom-disable=block-atomics, opt -loom-wfv-block-atomics=false).
  /// \p FullGangLoops: divergent per-thread loops first run their
  /// iterations with every lane on (FullGangLoops.h;
  /// --loom-disable=full-gang-loops, opt -loom-wfv-full-gang-loops=false).
  explicit VectorizeKernelsPass(unsigned Width = 0, bool GridStrideSteps = true,
                                bool AggregateAtomics = true, bool BlockAtomics = true,
                                bool FullGangLoops = true)
      : ForcedWidth(Width), GridStrideSteps(GridStrideSteps),
        AggregateAtomics(AggregateAtomics), BlockAtomics(BlockAtomics),
        FullGangLoops(FullGangLoops) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
