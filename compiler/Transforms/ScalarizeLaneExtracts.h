//===- ScalarizeLaneExtracts.h - lanes of a vector load as scalar loads ----===//
// SPDX-License-Identifier: Apache-2.0
//
// What: a plain (non-volatile, non-atomic) vector load of integers or
// pointers whose every use extracts one constant lane becomes one scalar
// load per extracted lane (`extractelement (load <16 x i8>, p), 3` ->
// `load i8, p + 3`); the vector load goes away.
// Why: VectorizeKernels runs what cannot be a vector operation (atomics and
// read-modify-writes of `__shared__` memory, a histogram's `local[data[i]]++`)
// lane by lane, and LLVM fully unrolls those lane loops into extracts. On
// x86 moving an integer lane from a vector register to a general one
// (vpextrb, vpextrd, vextracti128 + vpextrq) costs two micro-ops on a
// shuffle port each; a scalar load from the same, already cached line costs
// one on a load port. LLVM's own VectorCombine scalarizes such loads only
// when its cost model sees a gain, which on x86 it does not for these.
// Floating-point lanes are left alone: their extracts stay in vector
// registers, where lane 0 is free.
// When: the last pass of the host O3 pipeline (registerHostPipelineCallbacks,
// Pipeline.h), after the lane loops were unrolled.
// Test: tests/ir/ScalarizeLaneExtracts/basic.ll.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_SCALARIZELANEEXTRACTS_H
#define LOOM_TRANSFORMS_SCALARIZELANEEXTRACTS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class ScalarizeLaneExtractsPass : public llvm::PassInfoMixin<ScalarizeLaneExtractsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace loom

#endif
