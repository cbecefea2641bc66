//===- ScalarizeLaneExtracts.cpp - lanes of a vector load as scalar loads --===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ScalarizeLaneExtracts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace loom {

namespace {

/// Whether every use of \p LI extracts one constant, in-range lane.
bool onlyLaneExtracts(const LoadInst &LI, unsigned Lanes) {
  return !LI.use_empty() && all_of(LI.users(), [&](const User *U) {
    auto *EE = dyn_cast<ExtractElementInst>(U);
    auto *Idx = EE ? dyn_cast<ConstantInt>(EE->getIndexOperand()) : nullptr;
    return Idx && Idx->getValue().ult(Lanes);
  });
}

/// Whether every extract of \p LI follows it in its block with nothing
/// between them that may write the loaded bytes: each lane's scalar load
/// then moves down to its extract and reads what the vector load read.
/// (Loaded all at once at the vector load instead, the lanes would stay live
/// together in general registers, which spilled in a histogram's 16 lanes.)
bool extractsUnclobbered(LoadInst &LI, AAResults &AA) {
  SmallPtrSet<const Instruction *, 16> Extracts;
  for (User *U : LI.users()) {
    auto *EE = cast<Instruction>(U);
    if (EE->getParent() != LI.getParent() || EE->comesBefore(&LI))
      return false;
    Extracts.insert(EE);
  }
  MemoryLocation Loc = MemoryLocation::get(&LI);
  bool Clobbered = false;
  for (auto It = std::next(LI.getIterator()); !Extracts.empty(); ++It) {
    if (Extracts.erase(&*It)) {
      if (Clobbered)
        return false;
      continue;
    }
    if (It->mayWriteToMemory() && isModSet(AA.getModRefInfo(&*It, Loc)))
      Clobbered = true;
  }
  return true;
}

} // namespace

PreservedAnalyses ScalarizeLaneExtractsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  AAResults &AA = FAM.getResult<AAManager>(F);
  const DataLayout &DL = F.getDataLayout();
  SmallVector<LoadInst *, 8> Loads;
  for (Instruction &I : instructions(F)) {
    auto *LI = dyn_cast<LoadInst>(&I);
    auto *VT = LI ? dyn_cast<FixedVectorType>(LI->getType()) : nullptr;
    if (!VT || !LI->isSimple() || !VT->getElementType()->isIntOrPtrTy())
      continue;
    Type *ET = VT->getElementType();
    uint64_t Size = DL.getTypeStoreSize(ET);
    // Whole bytes per lane (not i1 or i4 lanes packed in a byte).
    if (DL.getTypeSizeInBits(ET) != Size * 8 || DL.getTypeAllocSize(ET) != Size)
      continue;
    if (onlyLaneExtracts(*LI, VT->getNumElements()) && extractsUnclobbered(*LI, AA))
      Loads.push_back(LI);
  }
  for (LoadInst *LI : Loads) {
    Type *ET = cast<FixedVectorType>(LI->getType())->getElementType();
    uint64_t Size = DL.getTypeStoreSize(ET);
    for (User *U : make_early_inc_range(LI->users())) {
      auto *EE = cast<ExtractElementInst>(U);
      uint64_t Lane = cast<ConstantInt>(EE->getIndexOperand())->getZExtValue();
      IRBuilder<> B(EE);
      Value *Ptr = LI->getPointerOperand();
      if (Lane)
        Ptr = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ptr, Lane * Size);
      LoadInst *S = B.CreateAlignedLoad(ET, Ptr, commonAlignment(LI->getAlign(), Lane * Size));
      S->takeName(EE);
      S->copyMetadata(*LI, {LLVMContext::MD_tbaa, LLVMContext::MD_alias_scope,
                            LLVMContext::MD_noalias, LLVMContext::MD_access_group,
                            LLVMContext::MD_nontemporal, LLVMContext::MD_invariant_load});
      EE->replaceAllUsesWith(S);
      EE->eraseFromParent();
    }
    LI->eraseFromParent();
  }
  if (Loads.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace loom
