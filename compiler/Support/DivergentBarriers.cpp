//===- DivergentBarriers.cpp - branches on threadIdx that split barriers ---===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/DivergentBarriers.h"

#include "llvm/IR/DiagnosticInfo.h"

#include "Support/KernelMarkers.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace loom {

namespace {

bool dependsOnThreadIndex(Value *V, unsigned Depth, SmallPtrSetImpl<Value *> &Seen) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 12 || !Seen.insert(V).second)
    return false;
  if (auto *Call = dyn_cast<CallBase>(I)) {
    std::optional<Marker> M = getMarker(*Call);
    return M && isThreadIndex(*M);
  }
  if (I->mayReadOrWriteMemory())
    return false;
  return any_of(I->operands(),
                [&](Value *Op) { return dependsOnThreadIndex(Op, Depth + 1, Seen); });
}

} // namespace

bool dependsOnThreadIndex(Value *V) {
  SmallPtrSet<Value *, 16> Seen;
  return dependsOnThreadIndex(V, 0, Seen);
}

SmallVector<Instruction *, 2>
divergentBarrierBranches(Function &F, function_ref<bool(BasicBlock &)> IsBarrierBlock) {
  auto FirstBarriers = [&](BasicBlock *Start) {
    SmallPtrSet<BasicBlock *, 4> Found;
    SmallPtrSet<BasicBlock *, 32> Seen{Start};
    SmallVector<BasicBlock *, 16> Work{Start};
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (IsBarrierBlock(*BB)) {
        Found.insert(BB);
        continue;
      }
      for (BasicBlock *S : successors(BB))
        if (Seen.insert(S).second)
          Work.push_back(S);
    }
    return Found;
  };
  SmallVector<Instruction *, 2> Branches;
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    Value *Cond = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional())
      Cond = Br->getCondition();
    else if (auto *Sw = dyn_cast<SwitchInst>(Term))
      Cond = Sw->getCondition();
    if (!Cond || !dependsOnThreadIndex(Cond))
      continue;
    SmallVector<SmallPtrSet<BasicBlock *, 4>, 2> Sides;
    for (BasicBlock *S : successors(&BB))
      if (auto Found = FirstBarriers(S); !Found.empty())
        Sides.push_back(std::move(Found));
    for (size_t I = 1; I < Sides.size(); ++I)
      if (Sides[I] != Sides[0]) {
        Branches.push_back(Term);
        break;
      }
  }
  return Branches;
}

void warnDivergentBarriers(Function &F, function_ref<bool(BasicBlock &)> IsBarrierBlock) {
  for (Instruction *Term : divergentBarrierBranches(F, IsBarrierBlock))
    F.getContext().diagnose(DiagnosticInfoUnsupported(
        F,
        "threads of a block reach different __syncthreads() depending on "
        "threadIdx (undefined behaviour in CUDA); Loom runs each group of "
        "threads separately",
        Term->getDebugLoc(), DS_Warning));
}

} // namespace loom
