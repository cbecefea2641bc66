//===- SafeIntegerDivision.cpp - integer / and % in device code never trap -===//
// SPDX-License-Identifier: Apache-2.0
// See SafeIntegerDivision.h for what and why.
//===----------------------------------------------------------------------===//
#include "Transforms/SafeIntegerDivision.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/KnownBits.h"

#include <string>

using namespace llvm;

namespace loom {

namespace {

bool isSigned(const BinaryOperator &BO) {
  return BO.getOpcode() == Instruction::SDiv || BO.getOpcode() == Instruction::SRem;
}

/// Whether \p BO can never trap: its divisor is known non-zero and, signed,
/// the INT_MIN / -1 case is impossible.
bool cannotTrap(const BinaryOperator &BO, const SimplifyQuery &Q) {
  Value *D = BO.getOperand(1);
  if (!isKnownNonZero(D, Q))
    return false;
  if (!isSigned(BO))
    return true;
  if (auto *C = dyn_cast<ConstantInt>(D))
    return !C->isMinusOne();
  if (computeKnownBits(D, Q).isNonNegative())
    return true; // not -1
  KnownBits X = computeKnownBits(BO.getOperand(0), Q);
  return !X.getSignedMinValue().isMinSignedValue(); // the dividend is never INT_MIN
}

bool isFalse(Value *V) {
  auto *C = dyn_cast<Constant>(V);
  return C && C->isNullValue();
}

void guard(BinaryOperator &BO) {
  IRBuilder<> B(&BO);
  const std::string Name = BO.getName().str();
  BO.setName("");
  Value *X = BO.getOperand(0), *D = BO.getOperand(1);
  Type *T = D->getType();
  Constant *Zero = Constant::getNullValue(T), *One = ConstantInt::get(T, 1),
           *AllOnes = Constant::getAllOnesValue(T);
  // Folds to false for a constant divisor (then only INT_MIN / -1 is left).
  Value *IsZero = B.CreateICmpEQ(D, Zero, "div.zero");
  Value *Bad = IsZero;
  if (isSigned(BO)) {
    Constant *Min = ConstantInt::get(T, APInt::getSignedMinValue(T->getScalarSizeInBits()));
    Value *XIsMin = B.CreateICmpEQ(X, Min);
    Value *DIsMinusOne = B.CreateICmpEQ(D, AllOnes);
    // A constant -1 divisor (in every lane): only the dividend decides.
    auto *C = dyn_cast<Constant>(DIsMinusOne);
    Value *Overflow = C && C->isAllOnesValue()
                          ? XIsMin
                          : B.CreateAnd(XIsMin, DIsMinusOne, "div.overflow");
    if (Overflow == XIsMin)
      XIsMin->setName("div.overflow");
    Bad = isFalse(IsZero) ? Overflow : B.CreateOr(IsZero, Overflow, "div.bad");
  }
  // INT_MIN / 1 is INT_MIN and INT_MIN % 1 is 0: GPU's results for / -1.
  Value *SafeD = B.CreateSelect(Bad, One, D, "div.safe");
  auto *Safe = cast<BinaryOperator>(B.CreateBinOp(BO.getOpcode(), X, SafeD, Name));
  Safe->copyIRFlags(&BO);
  Safe->setDebugLoc(BO.getDebugLoc());
  Value *Result = Safe;
  if (!isFalse(IsZero)) {
    Value *ByZero;
    switch (BO.getOpcode()) {
    case Instruction::UDiv:
      ByZero = AllOnes;
      break;
    case Instruction::SDiv:
      ByZero = B.CreateSelect(B.CreateICmpSLT(X, Zero), One, AllOnes, "div.byzero");
      break;
    default: // x % 0 = x
      ByZero = X;
      break;
    }
    Result = B.CreateSelect(IsZero, ByZero, Safe, Name + ".gpu");
  }
  BO.replaceAllUsesWith(Result);
  BO.eraseFromParent();
}

} // namespace

PreservedAnalyses SafeIntegerDivisionPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const DataLayout &DL = F.getDataLayout();
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &AC = FAM.getResult<AssumptionAnalysis>(F);
  SmallVector<BinaryOperator *, 8> Work;
  for (Instruction &I : instructions(F))
    if (auto *BO = dyn_cast<BinaryOperator>(&I))
      if (BO->isIntDivRem() && !cannotTrap(*BO, SimplifyQuery(DL, &DT, &AC, BO)))
        Work.push_back(BO);
  if (Work.empty())
    return PreservedAnalyses::all();
  // -Rpass-missed=loom-safe-division: each guarded division at its line (a
  // select per division; the host optimizer hoists it out of loops when the
  // divisor is invariant, else it stays in the loop).
  OptimizationRemarkEmitter ORE(&F);
  for (BinaryOperator *BO : Work) {
    ORE.emit([&] {
      return OptimizationRemarkMissed("loom-safe-division", "Guarded", BO)
             << "integer " << BO->getOpcodeName()
             << " guarded: its divisor may be 0 (or -1 with INT_MIN), where x86 traps and a GPU "
                "gives a value";
    });
    guard(*BO);
  }
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace loom
