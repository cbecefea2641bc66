//===- GuardMaskedInductions.h - work around an LLVM 22 vectorizer bug ------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: in every loop, `and X, 2^k-1` whose operand X is an induction
// (an add-recurrence of that loop, e.g. a thread index) gets X routed
// through `llvm.fshl(X, X, 0)` (which is X), so that scalar evolution sees
// an opaque value instead of zext(trunc(iv to ik)).
// Why: LLVM 22.1's loop vectorizer treats `tab[iv & 3]` as a consecutive
// access under a wrap predicate on the narrow i2 recurrence and then drops
// that (always false) runtime check (llvm/llvm-project PR 225086), so lane k
// reads tab[k] instead of tab[k & 3]. CUDA kernels index with
// `threadIdx.x & 31`, `t % 4` on unsigned values and the like all the time,
// and Loom's thread loops make threadIdx an induction variable. With the
// guard the access is a gather (correct); instcombine folds the fshl away
// after vectorization.
// When: registered at the vectorizer-start extension point of the host O3
// pipeline (registerHostPipelineCallbacks, Pipeline.h), right before
// LoopVectorize.
// Test: tests/ir/GuardMaskedInductions/basic.ll,
// tests/e2e/barriers/vectorizer_and_mask_index.cu.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_GUARDMASKEDINDUCTIONS_H
#define LOOM_TRANSFORMS_GUARDMASKEDINDUCTIONS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class GuardMaskedInductionsPass
    : public llvm::PassInfoMixin<GuardMaskedInductionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
