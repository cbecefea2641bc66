//===- FullGangLoops.h - a per-thread loop's iterations with every lane on --===//
// SPDX-License-Identifier: Apache-2.0
//
// What: in the vectorizer's input (the scalar kernel, before it becomes a
// gang kernel), a loop
//   for (int c = start; c < n; c += step) body(c)   // start: threadIdx.x + u
// whose lanes leave at different iterations (a block-stride loop over a row,
// a per-thread loop over a range) is split in two:
//   int base = start - lane;                        // uniform: the gang's first c
//   for (long g = base; step > 0 && g + W - 1 < n; g += step)
//     body(int(g) + lane)                           // every lane on, exit uniform
//   for (int c = int(g) + lane; c < n; c += step) body(c)   // the rest, masked
// where lane = threadIdx.x & (W - 1) is the lane's place in its gang. The
// first loop's exit is the same in every lane, so the vectorizer emits its
// body without masks, plain vector loads and stores, and no test that the
// lanes' 32-bit indices did not wrap (`int(g) + lane` cannot overflow there:
// it is below n); the second runs at most ceil((W - 1) / step) + 1 times
// with masks, as the whole loop did before.
//
// Why: a divergent loop pays per iteration for its mask (the exit compare,
// an any-lane test, the values of lanes that left), a page test before each
// load under a partial mask and a contiguity test for each wrapped index:
// about 25 instructions around layernorm's one load and two FMAs.
//
// When: the loop's only exit is its header's compare `c < n` (signed), c is
// a header phi with stride 1 across the lanes and a uniform step, n is
// uniform, the header has no side effects (it runs once more), the loop
// holds no barrier, collective or grid-stride step, and it is at most 400
// instructions (it is copied). A step involving gridDim only when the loop
// has an atomic: other grid-stride loops are stepped block-wide instead
// (VectorizeKernels' insertGridStrideSteps).
//
// Preconditions: loop-simplify and LCSSA form (the vectorizer's input).
// Postconditions: the same, with the fast copies in front.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_FULLGANGLOOPS_H
#define LOOM_TRANSFORMS_FULLGANGLOOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"

namespace llvm {
class Function;
} // namespace llvm

namespace loom {

/// A divergent loop left as it was, and why (for a missed remark).
struct MissedLoop {
  llvm::DebugLoc Loc;
  const char *Why;
};

/// Splits the loops of \p F described above for gangs of \p W lanes; returns
/// the start locations of the loops split (for remarks) and adds to
/// \p Missed each innermost loop with a divergent exit that is not split,
/// with the reason. \p RowsOfWholeGangs: blockDim.x is a multiple of W (the
/// uniformity analysis' assumption).
llvm::SmallVector<llvm::DebugLoc, 2>
splitFullGangLoops(llvm::Function &F, unsigned W, bool RowsOfWholeGangs,
                   llvm::SmallVectorImpl<MissedLoop> *Missed = nullptr);

} // namespace loom

#endif
