//===- SpinWaits.cpp - spin-wait loops become scheduling points ------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/SpinWaits.h"

#include "Support/CallGraph.h"
#include "Support/KernelMarkers.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace loom {

namespace {

/// An atomic read-modify-write that leaves memory as it was: a read.
bool isIdentityRMW(const AtomicRMWInst &RMW) {
  auto *C = dyn_cast<ConstantInt>(RMW.getValOperand());
  if (!C)
    return false;
  switch (RMW.getOperation()) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::UMax:
    return C->isZero();
  case AtomicRMWInst::And:
  case AtomicRMWInst::UMin:
    return C->isMinusOne();
  case AtomicRMWInst::Max:
    return C->isMinValue(/*isSigned=*/true);
  case AtomicRMWInst::Min:
    return C->isMaxValue(/*isSigned=*/true);
  default:
    return false;
  }
}

/// Whether \p I, in loop \p L, reads memory another thread may be about to
/// write, in a way that only that thread's progress can change.
bool isPoll(const Instruction &I, const Loop &L) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isVolatile() || LI->isAtomic();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getOperation() == AtomicRMWInst::Xchg || isIdentityRMW(*RMW);
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    // A lock: the same expected and new value every time. A retry loop
    // expects what it read last and stops once nobody else wrote.
    return L.isLoopInvariant(CX->getCompareOperand()) &&
           L.isLoopInvariant(CX->getNewValOperand());
  return false;
}

bool isBlockBarrier(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  std::optional<Marker> M = getMarker(*CB);
  return M && (*M == Marker::Barrier || *M == Marker::BarrierPopc ||
               *M == Marker::BarrierAnd || *M == Marker::BarrierOr);
}

/// Whether one of \p L's exits is decided by a poll inside \p L: a data
/// dependence from the poll to an exiting branch's condition, through
/// instructions of the loop (its phis included).
bool exitDependsOnPoll(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  SmallVector<const Value *, 16> Work;
  for (BasicBlock *BB : Exiting) {
    const Instruction *T = BB->getTerminator();
    if (auto *Br = dyn_cast<BranchInst>(T); Br && Br->isConditional())
      Work.push_back(Br->getCondition());
    else if (auto *Sw = dyn_cast<SwitchInst>(T))
      Work.push_back(Sw->getCondition());
  }
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (isPoll(*I, L))
      return true;
    Work.append(I->op_begin(), I->op_end());
  }
  return false;
}

bool isSpinWait(const Loop &L) {
  bool Polls = false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (isBlockBarrier(I))
        return false;
      Polls |= isPoll(I, L);
    }
  return Polls && exitDependsOnPoll(L);
}

/// Whether defined function \p F reads memory atomically or volatilely,
/// itself or through the functions it calls.
bool mayPoll(Function &F, DenseMap<Function *, bool> &Memo) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  Memo[&F] = false; // a cycle adds nothing
  bool Polls = false;
  for (Instruction &I : instructions(F)) {
    if (auto *LI = dyn_cast<LoadInst>(&I))
      Polls |= LI->isVolatile() || LI->isAtomic();
    else if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
      Polls = true;
    else if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isDeclaration())
        Polls |= mayPoll(*Callee, Memo);
    if (Polls)
      break;
  }
  return Memo[&F] = Polls;
}

/// Inlines into \p F the calls of functions that may poll (a wait in a
/// helper such as a lock(), or a helper read in a loop of \p F, as
/// cuda::atomic_ref::load), so that the loop and its reads are in one
/// function; recursive ones stay calls. Returns whether any was inlined.
bool inlinePollingCalls(Function &F) {
  bool Changed = false;
  DenseMap<Function *, bool> Memo;
  for (unsigned Round = 0; Round < 8; ++Round) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Callee != &F && !isKernel(*Callee) &&
            mayPoll(*Callee, Memo) && !isRecursive(*Callee))
          Calls.push_back(CB);
    if (Calls.empty())
      break;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      Changed |= InlineFunction(*CB, IFI).isSuccess();
    }
  }
  return Changed;
}

/// Whether \p F has a spin-wait loop once its polling helpers are inlined
/// (tried on a copy: a kernel without one keeps its calls).
bool hasSpinWait(Function &F) {
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&F, VMap);
  inlinePollingCalls(*Copy);
  DominatorTree DT(*Copy);
  LoopInfo LI(DT);
  bool Found = any_of(LI.getLoopsInPreorder(), [](Loop *L) { return isSpinWait(*L); });
  Copy->eraseFromParent();
  return Found;
}

/// Puts a yield point on each back edge of each spin-wait loop of \p F.
bool markSpinWaits(Function &F, FunctionAnalysisManager &FAM) {
  if (!hasSpinWait(F))
    return false;
  if (inlinePollingCalls(F))
    FAM.invalidate(F, PreservedAnalyses::none());
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> BackEdges;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!isSpinWait(*L))
      continue;
    ORE.emit([&] {
      return OptimizationRemark("loom-spin-waits", "SpinWait", L->getStartLoc(),
                                        L->getHeader())
             << "loop waits for other threads: it yields to them on each iteration "
                "(kernel '"
             << F.getName() << "' runs without the kernel vectorizer)";
    });
    SmallVector<BasicBlock *, 2> Latches;
    L->getLoopLatches(Latches);
    for (BasicBlock *Latch : Latches)
      BackEdges.push_back({Latch, L->getHeader()});
  }
  if (BackEdges.empty())
    return false;
  Function *Yield = getMarkerFunction(*F.getParent(), Marker::Yield);
  for (auto [Latch, Header] : BackEdges) {
    // A block of its own on the back edge: the loop's exit test runs
    // before the thread yields, so a satisfied wait ends at once.
    BasicBlock *On = SplitEdge(Latch, Header);
    On->setName(Header->getName() + ".yield");
    CallInst::Create(Yield, "", On->getTerminator()->getIterator())
        ->setDebugLoc(Latch->getTerminator()->getDebugLoc());
  }
  F.addFnAttr(SpinWaitAttr);
  return true;
}

} // namespace

PreservedAnalyses SpinWaitsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    if (markSpinWaits(F, FAM)) {
      Changed = true;
      FAM.invalidate(F, PreservedAnalyses::none());
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
