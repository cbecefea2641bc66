//===- Uniformity.h - which values differ between the lanes of a gang ------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: for a kernel (a per-thread function with Loom markers), the *shape*
// of every value across the W threads of a gang (W consecutive threadIdx.x
// of one row of the block, see VectorizeKernels.h):
//   - Uniform: the same in every lane (arguments, blockIdx, blockDim,
//     threadIdx.y/z, loads from uniform addresses, pure functions of those);
//   - Affine(s): lane l holds value(lane 0) + s*l (threadIdx.x: s = 1;
//     pointers: s in bytes). MayWrap says the stride was carried through a
//     cast that is exact only when no lane's 32-bit index wraps, so a user
//     must check it at run time before relying on it;
//   - Varying: anything else.
// and for control flow: which conditional branches diverge (their
// condition is not uniform), which blocks may run with only some of the
// gang's lanes active (the blocks a divergent branch controls, up to its
// immediate post-dominator), which loops have a divergent exit (lanes leave
// in different iterations), and at which join blocks phis merge values of
// lanes that took different paths (sync dependence) so are varying even when
// every incoming value is uniform. Values defined in a loop with a divergent
// exit are varying where they are used outside it (temporal divergence).
//
// Why: the whole-function vectorizer keeps uniform values scalar, turns
// affine addresses into unit-stride vector accesses, and linearizes only
// where lanes can disagree (Karrenberg & Hack, CGO'11; Moll & Hack, PLDI'18;
// the same lattice as ISPC's "uniform/varying" plus linear strides).
//
// The analysis is optimistic: every instruction starts unknown and moves up
// the lattice Uniform < Affine(s) < Varying until nothing changes, so
// loop-carried values such as a grid-stride index stay Affine(1).
//
// Preconditions: markers only (NVVMIntrinsics). Any CFG (irreducible
// cycles make their blocks divergent conservatively).
//===----------------------------------------------------------------------===//
#ifndef LOOM_ANALYSIS_UNIFORMITY_H
#define LOOM_ANALYSIS_UNIFORMITY_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
class PostDominatorTree;
class raw_ostream;
class Value;
} // namespace llvm

namespace loom {

struct Shape {
  enum Kind : uint8_t { Unknown, Uniform, Affine, Varying };
  Kind K = Unknown;
  int64_t Stride = 0; // Affine only
  bool MayWrap = false;

  static Shape uniform() { return {Uniform, 0, false}; }
  static Shape affine(int64_t S, bool Wrap = false) {
    return S == 0 && !Wrap ? uniform() : Shape{Affine, S, Wrap};
  }
  static Shape varying() { return {Varying, 0, false}; }
  bool isUniform() const { return K == Uniform; }
  bool isAffine() const { return K == Affine; }
  bool isVarying() const { return K == Varying; }
  /// Uniform or affine: lane l's value follows from lane 0's.
  bool isLinear() const { return K == Uniform || K == Affine; }
  int64_t stride() const { return K == Affine ? Stride : 0; }
  bool operator==(const Shape &O) const {
    return K == O.K && stride() == O.stride() && MayWrap == O.MayWrap;
  }
  bool operator!=(const Shape &O) const { return !(*this == O); }
  /// Least upper bound.
  static Shape join(Shape A, Shape B);
};

class UniformityInfo {
public:
  /// \p GangWidth (0: unknown) is the number of lanes W; the first lane's
  /// threadIdx.x is then a multiple of W, so threadIdx.x / 32 is uniform
  /// and threadIdx.x % 32 affine for W dividing 32. \p RowsOfWholeGangs:
  /// blockDim.x is a multiple of W (a warp gang's version), so a linear
  /// thread index's first lane is a multiple of W too. \p BlockWide: the
  /// same question for all threads of a block instead of a gang's lanes
  /// (BarrierRegions): threadIdx.y/z vary too, and so does every load (the
  /// threads of a block do not load at the same time).
  UniformityInfo(llvm::Function &F, const llvm::DominatorTree &DT,
                 const llvm::PostDominatorTree &PDT, const llvm::LoopInfo &LI,
                 unsigned GangWidth = 0, bool RowsOfWholeGangs = false,
                 bool BlockWide = false);

  Shape getShape(const llvm::Value *V) const;
  bool isUniform(const llvm::Value *V) const { return getShape(V).isUniform(); }
  /// A conditional branch (or switch) whose condition differs between lanes.
  bool isDivergentBranch(const llvm::Instruction *Term) const {
    return DivergentBranches.count(Term);
  }
  /// Some lanes may be inactive in this block while others run it.
  bool isDivergentBlock(const llvm::BasicBlock *BB) const {
    return DivergentBlocks.count(BB);
  }
  /// Lanes may leave \p L in different iterations.
  bool hasDivergentExit(const llvm::Loop *L) const {
    return DivergentLoops.count(L);
  }
  /// The shape of operand \p V as \p User sees it: varying when \p V is
  /// defined in a loop with a divergent exit that does not contain \p User.
  Shape getOperandShape(const llvm::Instruction *User, const llvm::Value *V) const;

  /// One line per instruction and a summary of branches, blocks and loops,
  /// for the IR tests (print<loom-uniformity>).
  void print(llvm::raw_ostream &OS) const;

private:
  Shape transfer(const llvm::Instruction &I) const;
  /// Lane l holds k*W + l for some k: threadIdx.x (plus multiples of W).
  bool isGangAligned(const llvm::Value *V, unsigned Depth = 0) const;
  /// A uniform value that is a multiple of W.
  bool isMultipleOfGang(const llvm::Value *V, unsigned Depth = 0) const;
  unsigned GangWidth;
  bool RowsOfWholeGangs;
  bool BlockWide;
  void computeDivergence();

  llvm::Function &F;
  const llvm::DominatorTree &DT;
  const llvm::PostDominatorTree &PDT;
  const llvm::LoopInfo &LI;
  llvm::DenseMap<const llvm::Value *, Shape> Shapes;
  llvm::SmallPtrSet<const llvm::Instruction *, 8> DivergentBranches;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> DivergentBlocks;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> JoinBlocks;
  llvm::SmallPtrSet<const llvm::Loop *, 4> DivergentLoops;
};

/// Function analysis: UniformityInfo of a kernel.
class UniformityAnalysis : public llvm::AnalysisInfoMixin<UniformityAnalysis> {
  friend llvm::AnalysisInfoMixin<UniformityAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = UniformityInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// print<loom-uniformity>: prints the analysis of every kernel.
class UniformityPrinterPass : public llvm::PassInfoMixin<UniformityPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit UniformityPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
