//===- GuardMaskedInductions.cpp - work around an LLVM 22 vectorizer bug ----===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/GuardMaskedInductions.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace loom {

PreservedAnalyses GuardMaskedInductionsPass::run(Function &F,
                                                 FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return PreservedAnalyses::all();
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  SmallVector<Use *, 8> ToGuard;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    for (Instruction &I : BB) {
      Value *X;
      const APInt *Mask;
      if (!match(&I, m_And(m_Value(X), m_APInt(Mask))) || !(*Mask + 1).isPowerOf2() ||
          Mask->isAllOnes() || !SE.isSCEVable(X->getType()))
        continue;
      const SCEV *S = SE.getSCEV(X);
      auto *AR = dyn_cast<SCEVAddRecExpr>(S);
      if (!AR || !AR->isAffine() || !L->contains(AR->getLoop()->getHeader()))
        continue;
      ToGuard.push_back(&I.getOperandUse(I.getOperand(0) == X ? 0 : 1));
    }
  }
  for (Use *U : ToGuard) {
    auto *I = cast<Instruction>(U->getUser());
    IRBuilder<> B(I);
    Value *X = U->get();
    U->set(B.CreateIntrinsic(Intrinsic::fshl, {X->getType()},
                             {X, X, ConstantInt::get(X->getType(), 0)}, nullptr,
                             X->getName() + ".opaque"));
  }
  return ToGuard.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace loom
