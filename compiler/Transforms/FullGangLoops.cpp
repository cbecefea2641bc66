//===- FullGangLoops.cpp - a per-thread loop's iterations with every lane on ===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/FullGangLoops.h"

#include "Analysis/Uniformity.h"
#include "Support/KernelMarkers.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<bool> FullGangLoopsOption(
    "loom-wfv-full-gang-loops", cl::init(true), cl::Hidden,
    cl::desc("Split divergent per-thread loops into a full-gang loop and a masked rest"));

constexpr unsigned MaxLoopSize = 400;
constexpr const char *SplitMD = "loom.full.gang.split";

/// Whether \p V involves gridDim (a grid-stride step, which VectorizeKernels
/// steps block-wide instead, unless the loop has atomics).
bool involvesGridDim(const Value *V, unsigned Depth = 0) {
  if (auto *CB = dyn_cast<CallBase>(V)) {
    std::optional<Marker> Mk = getMarker(*CB);
    return Mk && isGridDim(*Mk);
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 6)
    return false;
  return any_of(I->operands(), [&](const Value *Op) { return involvesGridDim(Op, Depth + 1); });
}

/// A call of a launch-constant marker (blockDim, blockIdx): the same value
/// wherever it is called.
bool isIndexMarker(const Value *V) {
  auto *CB = dyn_cast<CallBase>(V);
  std::optional<Marker> Mk = CB ? getMarker(*CB) : std::nullopt;
  return Mk && markerShape(*Mk) == MarkerShape::Index;
}

/// Whether \p V has the same value before \p L as in it: invariant, or
/// launch-constant markers (which may sit in the loop) combined by
/// arithmetic (`blockDim.x * gridDim.x`). split() computes it again before
/// the loop.
bool isHoistable(const Value *V, const Loop &L, unsigned Depth = 0) {
  if (L.isLoopInvariant(V) || isIndexMarker(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  // Computed before the loop, it runs even when the loop does not: nothing
  // that may trap (a division by an argument that may be 0).
  if (!I || Depth > 4 || !(isa<BinaryOperator>(I) || isa<CastInst>(I)) ||
      !isSafeToSpeculativelyExecute(I))
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return isHoistable(Op, L, Depth + 1); });
}

/// \p V (isHoistable) computed at \p B's insertion point, before the loop.
Value *hoist(Value *V, const Loop &L, IRBuilder<> &B) {
  if (L.isLoopInvariant(V))
    return V;
  auto *I = cast<Instruction>(V);
  if (auto *CB = dyn_cast<CallBase>(I))
    return B.CreateCall(CB->getCalledFunction(), {}, I->getName());
  Instruction *C = I->clone();
  for (Use &Op : C->operands())
    Op.set(hoist(Op.get(), L, B));
  return B.Insert(C, I->getName());
}

/// Whether \p L has an atomic instruction: such a grid-stride loop is not
/// stepped block-wide (insertGridStrideSteps) and is split here instead.
bool hasAtomics(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.isAtomic())
        return true;
  return false;
}

struct Candidate {
  Loop *L;
  PHINode *IV;
  Value *N, *Step, *Start;
  BranchInst *Exit;
};

/// \p L as a loop to split, or nullopt with \p Why set (to a phrase for a
/// missed-optimization remark) when \p L is an innermost loop with a
/// divergent exit that does not have the shape, else left null.
std::optional<Candidate> match(Loop *L, const UniformityInfo &UI, const char *&Why) {
  Why = nullptr;
  BasicBlock *H = L->getHeader(), *P = L->getLoopPreheader(), *Latch = L->getLoopLatch();
  if (!L->isInnermost() || !UI.hasDivergentExit(L))
    return std::nullopt;
  auto *BI = dyn_cast<BranchInst>(H->getTerminator());
  if (BI && BI->getMetadata(SplitMD))
    return std::nullopt; // split already: the masked rest
  auto Miss = [&](const char *Reason) {
    Why = Reason;
    return std::nullopt;
  };
  if (!P || !Latch || L->getExitingBlock() != H || !L->getExitBlock())
    return Miss("it leaves from elsewhere than its header (break, return) or has several exits");
  if (!BI || !BI->isConditional())
    return Miss("its header does not end in a conditional branch");
  auto *C = dyn_cast<ICmpInst>(BI->getCondition());
  if (!C || C->getParent() != H)
    return Miss("its exit test is not an integer compare in its header");
  bool StayIfTrue = L->contains(BI->getSuccessor(0));
  CmpInst::Predicate Pr = StayIfTrue ? C->getPredicate() : C->getInversePredicate();
  Value *A = C->getOperand(0), *B = C->getOperand(1);
  if (Pr == CmpInst::ICMP_SGT) {
    std::swap(A, B);
    Pr = CmpInst::ICMP_SLT;
  }
  auto *IV = dyn_cast<PHINode>(A);
  if (Pr != CmpInst::ICMP_SLT || !IV || IV->getParent() != H || !IV->getType()->isIntegerTy(32))
    return Miss("its exit test is not `c < n` on a signed 32-bit counter");
  if (!L->isLoopInvariant(B) || !UI.isUniform(B))
    return Miss("its bound differs between threads or iterations");
  auto *Inc = dyn_cast<BinaryOperator>(IV->getIncomingValueForBlock(Latch));
  if (!Inc || Inc->getOpcode() != Instruction::Add)
    return Miss("its counter does not step by an addition");
  Value *Step = Inc->getOperand(0) == IV   ? Inc->getOperand(1)
                : Inc->getOperand(1) == IV ? Inc->getOperand(0)
                                           : nullptr;
  // (A blockDim marker may sit in the loop: split() calls it again.)
  if (!Step || !isHoistable(Step, *L) || !UI.isUniform(Step))
    return Miss("its step differs between threads or cannot be computed before the loop");
  if (involvesGridDim(Step) && !hasAtomics(*L))
    return std::nullopt; // a grid-stride loop: stepped block-wide (its own remark)
  Value *Start = IV->getIncomingValueForBlock(P);
  Shape S = UI.getShape(Start);
  if (!S.isAffine() || S.stride() != 1)
    return Miss("its start is not threadIdx.x plus a uniform value");
  // The fast loop's header runs once more when it leaves, and the original
  // header again for the same c: only if that repeats nothing visible.
  for (Instruction &I : *H)
    if (I.mayHaveSideEffects())
      return Miss("its header has side effects");
  unsigned Size = 0;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB) {
      if (++Size > MaxLoopSize)
        return Miss("it has more than 400 instructions (it would be copied)");
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (std::optional<Marker> Mk = getMarker(*CB); Mk && markerShape(*Mk) != MarkerShape::Index)
          // Barriers, collectives: every lane must reach them alike.
          return Miss("it holds a barrier or warp collective");
    }
  return Candidate{L, IV, B, Step, Start, BI};
}

void split(Function &F, const Candidate &C, unsigned W) {
  Loop *L = C.L;
  BasicBlock *H = L->getHeader(), *P = L->getLoopPreheader(), *Latch = L->getLoopLatch();
  BasicBlock *Exit = L->getExitBlock();
  LLVMContext &Ctx = F.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);

  // The gang's first value and the loop bounds, once, in the preheader.
  IRBuilder<> B(P->getTerminator());
  Value *Tid = B.CreateCall(getMarkerFunction(*F.getParent(), Marker::ThreadIdxX), {}, "tid.x");
  Value *Lane = B.CreateAnd(Tid, ConstantInt::get(I32, W - 1), "gang.lane");
  Value *Base = B.CreateSExt(B.CreateSub(C.Start, Lane), I64, "full.base");
  Value *Step = hoist(C.Step, *L, B);
  Value *Step64 = B.CreateSExt(Step, I64, "full.step");
  Value *N64 = B.CreateSExt(C.N, I64, "full.n");
  Value *Forward = B.CreateICmpSGT(Step, ConstantInt::get(I32, 0), "full.forward");

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Blocks;
  for (BasicBlock *BB : L->blocks()) {
    BasicBlock *NB = CloneBasicBlock(BB, VMap, ".full", &F);
    VMap[BB] = NB;
    Blocks.push_back(NB);
  }
  remapInstructionsInBlocks(Blocks, VMap);
  auto *FH = cast<BasicBlock>(VMap[H]);
  auto *FLatch = cast<BasicBlock>(VMap[Latch]);
  auto *FIV = cast<PHINode>(VMap[C.IV]);

  // Fast loop: a uniform counter g, the lanes' c = int(g) + lane.
  B.SetInsertPoint(FH, FH->getFirstNonPHIIt());
  PHINode *G = PHINode::Create(I64, 2, "full.g", FH->begin());
  // In the body c = int(g) + lane < n cannot overflow (nsw); the value the
  // rest loop starts from is computed without that promise (when the fast
  // loop never ran, int(g) + lane may wrap as the original c did).
  Value *G32 = B.CreateTrunc(G, I32);
  Value *IV = B.CreateAdd(G32, Lane, C.IV->getName() + ".full.lanes", /*HasNUW=*/false,
                          /*HasNSW=*/true);
  Value *RestIV = B.CreateAdd(G32, Lane, C.IV->getName() + ".rest.start");
  Value *Last = B.CreateAdd(G, ConstantInt::get(I64, W - 1), "full.last", false, true);
  Value *Stay = B.CreateAnd(Forward, B.CreateICmpSLT(Last, N64), "full.stay");
  FIV->replaceAllUsesWith(IV);
  FIV->eraseFromParent();
  IRBuilder<> LB(FLatch->getTerminator());
  Value *GNext = LB.CreateAdd(G, Step64, "full.g.next", false, true);
  G->addIncoming(Base, P);
  G->addIncoming(GNext, FLatch);

  // Fast loop's exit: on to the original loop, which takes its values.
  BasicBlock *Rest = BasicBlock::Create(Ctx, H->getName() + ".rest", &F, H);
  BranchInst::Create(H, Rest);
  auto *FBI = cast<BranchInst>(FH->getTerminator());
  BasicBlock *In = L->contains(C.Exit->getSuccessor(0)) ? FBI->getSuccessor(0)
                                                         : FBI->getSuccessor(1);
  FBI->eraseFromParent();
  BranchInst *NewBI = BranchInst::Create(In, Rest, Stay, FH);
  NewBI->setMetadata(SplitMD, MDNode::get(Ctx, {}));
  C.Exit->setMetadata(SplitMD, MDNode::get(Ctx, {}));
  (void)Exit;
  for (PHINode &Phi : H->phis()) {
    int I = Phi.getBasicBlockIndex(P);
    Value *From = &Phi == C.IV ? RestIV : static_cast<Value *>(VMap[&Phi]);
    Phi.setIncomingBlock(I, Rest);
    Phi.setIncomingValue(I, From);
  }
  P->getTerminator()->replaceSuccessorWith(H, FH);
}

} // namespace

SmallVector<DebugLoc, 2> splitFullGangLoops(Function &F, unsigned W, bool RowsOfWholeGangs,
                                            SmallVectorImpl<MissedLoop> *Missed) {
  SmallVector<DebugLoc, 2> Done;
  if (!FullGangLoopsOption || W < 2 || (W & (W - 1)))
    return Done;
  for (;;) {
    DominatorTree DT(F);
    PostDominatorTree PDT(F);
    LoopInfo LI(DT);
    UniformityInfo UI(F, DT, PDT, LI, W, RowsOfWholeGangs);
    std::optional<Candidate> Found;
    const char *Why = nullptr;
    for (Loop *L : LI.getLoopsInPreorder())
      if ((Found = match(L, UI, Why)))
        break;
    if (!Found) {
      // Nothing left to split: say why each divergent loop stays masked.
      if (Missed)
        for (Loop *L : LI.getLoopsInPreorder())
          if (match(L, UI, Why), Why)
            Missed->push_back({L->getStartLoc(), Why});
      return Done;
    }
    Done.push_back(Found->L->getStartLoc());
    split(F, *Found, W);
  }
}

} // namespace loom
