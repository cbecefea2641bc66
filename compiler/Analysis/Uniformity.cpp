//===- Uniformity.cpp - which values differ between the lanes of a gang ----===//
// SPDX-License-Identifier: Apache-2.0
#include "Analysis/Uniformity.h"

#include "Support/KernelMarkers.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace loom {

AnalysisKey UniformityAnalysis::Key;

Shape Shape::join(Shape A, Shape B) {
  if (A.K == Unknown)
    return B;
  if (B.K == Unknown)
    return A;
  if (A.K == Varying || B.K == Varying)
    return varying();
  if (A.stride() != B.stride())
    return varying();
  Shape R = A.K == Affine ? A : B;
  R.MayWrap = A.MayWrap || B.MayWrap;
  return R;
}

UniformityInfo::UniformityInfo(Function &F, const DominatorTree &DT,
                               const PostDominatorTree &PDT, const LoopInfo &LI,
                               unsigned GangWidth, bool RowsOfWholeGangs, bool BlockWide)
    : GangWidth(GangWidth), RowsOfWholeGangs(RowsOfWholeGangs), BlockWide(BlockWide), F(F),
      DT(DT), PDT(PDT),
      LI(LI) {
  ReversePostOrderTraversal<Function *> RPOT(&F);
  // Outer fixed point: divergence makes phis varying, which can make more
  // branches divergent.
  for (unsigned Round = 0; Round < 64; ++Round) {
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (BasicBlock *BB : RPOT)
        for (Instruction &I : *BB) {
          Shape Old = getShape(&I);
          Shape New = Shape::join(Old, transfer(I));
          if (New.K != Shape::Unknown && New != Old) {
            Shapes[&I] = New;
            Changed = true;
          }
        }
    }
    size_t Before = DivergentBranches.size() + JoinBlocks.size() + DivergentLoops.size();
    computeDivergence();
    size_t After = DivergentBranches.size() + JoinBlocks.size() + DivergentLoops.size();
    if (Before == After)
      break;
  }
}

Shape UniformityInfo::getShape(const Value *V) const {
  if (isa<Constant>(V) || isa<Argument>(V) || isa<BasicBlock>(V) ||
      isa<MetadataAsValue>(V) || isa<InlineAsm>(V))
    return Shape::uniform();
  auto It = Shapes.find(V);
  return It == Shapes.end() ? Shape() : It->second;
}

Shape UniformityInfo::getOperandShape(const Instruction *User, const Value *V) const {
  Shape S = getShape(V);
  auto *Def = dyn_cast<Instruction>(V);
  if (!Def || S.isVarying() || DivergentLoops.empty())
    return S;
  const BasicBlock *UseBB = User->getParent();
  if (auto *Phi = dyn_cast<PHINode>(User))
    for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I)
      if (Phi->getIncomingValue(I) == V) {
        // A phi uses its value at the end of the incoming block; LCSSA phis
        // in exit blocks see the lane's last iteration.
        UseBB = Phi->getParent();
        break;
      }
  for (const Loop *L = LI.getLoopFor(Def->getParent()); L; L = L->getParentLoop())
    if (!L->contains(UseBB) && DivergentLoops.count(L))
      return Shape::varying();
  return S;
}

static bool isPureCall(const CallBase &CB) {
  return CB.onlyReadsMemory() && CB.willReturn() && !CB.isConvergent();
}

Shape UniformityInfo::transfer(const Instruction &I) const {
  auto Op = [&](unsigned N) { return getOperandShape(&I, I.getOperand(N)); };
  auto AllUniform = [&]() {
    Shape R = Shape::uniform();
    for (const Use &U : I.operands()) {
      Shape S = getOperandShape(&I, U.get());
      if (S.K == Shape::Unknown)
        continue;
      if (!S.isUniform())
        return Shape::varying();
    }
    return R;
  };
  // An operand not computed yet (optimistic start): wait for it, unless
  // another operand already decides.
  auto AnyUnknown = [&]() {
    for (const Use &U : I.operands())
      if (getOperandShape(&I, U.get()).K == Shape::Unknown)
        return true;
    return false;
  };

  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    if (JoinBlocks.count(Phi->getParent()))
      return Shape::varying();
    Shape R;
    for (unsigned N = 0; N < Phi->getNumIncomingValues(); ++N)
      R = Shape::join(R, getOperandShape(&I, Phi->getIncomingValue(N)));
    return R;
  }
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (std::optional<Marker> M = getMarker(*CB)) {
      switch (markerShape(*M)) {
      case MarkerShape::Index:
        if (*M == Marker::ThreadIdxX)
          return Shape::affine(1);
        if (BlockWide && (*M == Marker::ThreadIdxY || *M == Marker::ThreadIdxZ))
          return Shape::varying();
        return Shape::uniform();
      case MarkerShape::Reduce: // block-wide: every thread gets the result
        return Shape::uniform();
      default:
        return Shape::varying();
      }
    }
    if (auto *II = dyn_cast<IntrinsicInst>(CB))
      if (II->isAssumeLikeIntrinsic())
        return Shape::uniform();
    if (!isPureCall(*CB))
      return Shape::varying(); // every lane makes its own call
    return AllUniform();
  }
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return Shape::varying();
  if (auto *AI = dyn_cast<AllocaInst>(&I)) {
    // Every lane has its own copy; the vectorizer lays them out side by side.
    const DataLayout &DL = I.getModule()->getDataLayout();
    return Shape::affine(DL.getTypeAllocSize(AI->getAllocatedType()));
  }
  if (isa<LoadInst>(I)) {
    if (BlockWide)
      return Shape::varying();
    Shape P = Op(0);
    if (P.K == Shape::Unknown)
      return Shape();
    return P.isUniform() ? Shape::uniform() : Shape::varying();
  }
  if (I.getType()->isVoidTy())
    return Shape::uniform();
  if (AnyUnknown()) {
    // Enough to know that one operand varies without a linear rule.
    return Shape();
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    if (!Op(0).isUniform())
      return Shape::varying();
    return Shape::join(Op(1), Op(2));
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    if (GEP->getType()->isVectorTy())
      return AllUniform();
    const DataLayout &DL = I.getModule()->getDataLayout();
    Shape R = Op(0);
    if (!R.isLinear())
      return Shape::varying();
    int64_t Stride = R.stride();
    bool Wrap = R.MayWrap;
    unsigned N = 1;
    for (gep_type_iterator T = gep_type_begin(GEP), E = gep_type_end(GEP); T != E;
         ++T, ++N) {
      Shape S = Op(N);
      if (S.isUniform())
        continue;
      if (!S.isAffine() || T.isStruct())
        return Shape::varying();
      Stride += S.stride() * (int64_t)T.getSequentialElementStride(DL).getFixedValue();
      Wrap |= S.MayWrap;
    }
    return Shape::affine(Stride, Wrap);
  }
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    Shape A = Op(0), B = Op(1);
    if (A.isUniform() && B.isUniform())
      return Shape::uniform();
    // Lane l of a gang-aligned value is k*W + l: dividing by a multiple of
    // W gives every lane the same quotient, the remainder stays consecutive.
    if (auto *C = dyn_cast<ConstantInt>(I.getOperand(1));
        C && GangWidth > 1 && isGangAligned(I.getOperand(0))) {
      const uint64_t D = C->getZExtValue();
      const uint64_t Wd = GangWidth;
      const bool NonNeg = isKnownNonNegative(I.getOperand(0), I.getModule()->getDataLayout());
      switch (BO->getOpcode()) {
      case Instruction::UDiv:
        if (D && D % Wd == 0)
          return Shape::uniform();
        break;
      case Instruction::SDiv:
        if (NonNeg && !C->isNegative() && D && D % Wd == 0)
          return Shape::uniform();
        break;
      case Instruction::LShr:
      case Instruction::AShr:
        if (D < 32 && (uint64_t(1) << D) % Wd == 0)
          return Shape::uniform();
        break;
      case Instruction::URem:
        if (D && D % Wd == 0)
          return Shape::affine(1);
        break;
      case Instruction::SRem:
        if (NonNeg && !C->isNegative() && D && D % Wd == 0)
          return Shape::affine(1);
        break;
      case Instruction::And:
        if (isPowerOf2_64(D + 1) && (D + 1) % Wd == 0)
          return Shape::affine(1);
        // Clearing the low bits (x & -2^k, 2^k a multiple of W): every lane
        // gets the gang's first value rounded down alike.
        if (C->getValue().isNegatedPowerOf2() &&
            (C->getValue().abs().getZExtValue() % Wd) == 0)
          return Shape::uniform();
        break;
      default:
        break;
      }
    }
    if (!A.isLinear() || !B.isLinear())
      return Shape::varying();
    bool Wrap = A.MayWrap || B.MayWrap;
    auto *C0 = dyn_cast<ConstantInt>(I.getOperand(0));
    auto *C1 = dyn_cast<ConstantInt>(I.getOperand(1));
    switch (BO->getOpcode()) {
    case Instruction::Add:
      return Shape::affine(A.stride() + B.stride(), Wrap);
    case Instruction::Sub:
      return Shape::affine(A.stride() - B.stride(), Wrap);
    case Instruction::Or:
      if (cast<PossiblyDisjointInst>(BO)->isDisjoint())
        return Shape::affine(A.stride() + B.stride(), Wrap);
      return Shape::varying();
    case Instruction::Mul:
      if (C1)
        return Shape::affine(A.stride() * C1->getSExtValue(), Wrap);
      if (C0)
        return Shape::affine(B.stride() * C0->getSExtValue(), Wrap);
      return Shape::varying();
    case Instruction::Shl:
      if (C1 && C1->getZExtValue() < 32)
        return Shape::affine(A.stride() << C1->getZExtValue(), Wrap);
      return Shape::varying();
    default:
      return Shape::varying();
    }
  }
  if (auto *Cast = dyn_cast<CastInst>(&I)) {
    Shape A = Op(0);
    if (A.isUniform())
      return A;
    if (!A.isAffine())
      return Shape::varying();
    switch (Cast->getOpcode()) {
    case Instruction::SExt:
    case Instruction::ZExt: {
      // Exact when no lane's narrow value wrapped: threadIdx.x itself (at
      // most 1024), or arithmetic the front end marked as not wrapping.
      // A `zext nneg` is a `sext` whose operand was proved non-negative
      // (where the code runs): the vectorizer extends lanes as `sext`.
      bool Signed = Cast->getOpcode() == Instruction::SExt || Cast->hasNonNeg();
      const Value *Src = I.getOperand(0);
      bool Exact = !A.MayWrap && A.Stride > 0;
      if (auto *CB = dyn_cast<CallBase>(Src))
        Exact &= getMarker(*CB) == Marker::ThreadIdxX;
      else if (auto *OBO = dyn_cast<OverflowingBinaryOperator>(Src))
        Exact &= Signed ? OBO->hasNoSignedWrap() : OBO->hasNoUnsignedWrap();
      else
        Exact = false;
      return Shape::affine(A.Stride, !Exact);
    }
    case Instruction::Trunc:
      return Shape::affine(A.Stride, true);
    case Instruction::PtrToInt:
    case Instruction::IntToPtr: {
      const DataLayout &DL = I.getModule()->getDataLayout();
      if (DL.getTypeSizeInBits(I.getType()) == DL.getTypeSizeInBits(I.getOperand(0)->getType()))
        return A;
      return Shape::varying();
    }
    default:
      return Shape::varying();
    }
  }
  return AllUniform();
}

bool UniformityInfo::isMultipleOfGang(const Value *V, unsigned Depth) const {
  if (GangWidth < 2 || Depth > 8)
    return false;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue().urem(GangWidth) == 0;
  if (auto *CB = dyn_cast<CallBase>(V))
    return RowsOfWholeGangs && getMarker(*CB) == Marker::BlockDimX;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !getShape(I).isUniform())
    return false;
  switch (I->getOpcode()) {
  case Instruction::Mul:
    return isMultipleOfGang(I->getOperand(0), Depth + 1) ||
           isMultipleOfGang(I->getOperand(1), Depth + 1);
  case Instruction::Shl:
    if (auto *C = dyn_cast<ConstantInt>(I->getOperand(1));
        C && C->getZExtValue() < 32 && (uint64_t(1) << C->getZExtValue()) % GangWidth == 0)
      return true;
    return isMultipleOfGang(I->getOperand(0), Depth + 1);
  case Instruction::Add:
  case Instruction::Sub:
    return isMultipleOfGang(I->getOperand(0), Depth + 1) &&
           isMultipleOfGang(I->getOperand(1), Depth + 1);
  case Instruction::ZExt:
  case Instruction::SExt:
    return isMultipleOfGang(I->getOperand(0), Depth + 1);
  default:
    return false;
  }
}

bool UniformityInfo::isGangAligned(const Value *V, unsigned Depth) const {
  if (GangWidth < 2 || Depth > 8)
    return false;
  if (auto *CB = dyn_cast<CallBase>(V))
    return getMarker(*CB) == Marker::ThreadIdxX;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  switch (I->getOpcode()) {
  case Instruction::Or:
    if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
      return false;
    [[fallthrough]];
  case Instruction::Add:
    return (isGangAligned(I->getOperand(0), Depth + 1) &&
            isMultipleOfGang(I->getOperand(1), Depth + 1)) ||
           (isGangAligned(I->getOperand(1), Depth + 1) &&
            isMultipleOfGang(I->getOperand(0), Depth + 1));
  case Instruction::Sub:
    return isGangAligned(I->getOperand(0), Depth + 1) &&
           isMultipleOfGang(I->getOperand(1), Depth + 1);
  case Instruction::ZExt:
    return isGangAligned(I->getOperand(0), Depth + 1);
  default:
    return false;
  }
}

/// A path from \p From's successors to \p L's header inside \p L that does
/// not pass \p Avoid (the branch's immediate post-dominator).
static bool reachesHeaderAvoiding(const BasicBlock &From, const Loop &L,
                                  const BasicBlock *Avoid) {
  SmallVector<const BasicBlock *, 16> Work(succ_begin(&From), succ_end(&From));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *X = Work.pop_back_val();
    if (X == Avoid || !L.contains(X) || !Seen.insert(X).second)
      continue;
    if (X == L.getHeader())
      return true;
    for (const BasicBlock *Y : successors(X))
      Work.push_back(Y);
  }
  return false;
}

void UniformityInfo::computeDivergence() {
  DivergentBranches.clear();
  DivergentBlocks.clear();
  JoinBlocks.clear();
  DivergentLoops.clear();
  for (BasicBlock &BB : F) {
    Instruction *T = BB.getTerminator();
    Value *Cond = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(T); Br && Br->isConditional())
      Cond = Br->getCondition();
    else if (auto *Sw = dyn_cast<SwitchInst>(T))
      Cond = Sw->getCondition();
    if (!Cond || getOperandShape(T, Cond).isUniform() ||
        getShape(Cond).K == Shape::Unknown)
      continue;
    DivergentBranches.insert(T);
    // The blocks this branch controls: reachable from a successor before the
    // immediate post-dominator (where every lane is back).
    const BasicBlock *IPDom = nullptr;
    if (auto *N = PDT.getNode(&BB); N && N->getIDom())
      IPDom = N->getIDom()->getBlock();
    // Lanes meet again at the post-dominator only if they reach it in the
    // same iteration of the loops around the branch. When a path from the
    // branch runs around a loop's back edge before reaching it, lanes
    // arrive there in different iterations: the divergence lasts until
    // that loop is left (its exits then are divergent, by the rule below).
    for (Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop()) {
      if (!IPDom || !L->contains(IPDom) || !reachesHeaderAvoiding(BB, *L, IPDom))
        continue;
      SmallVector<BasicBlock *, 4> Exits;
      L->getUniqueExitBlocks(Exits);
      BasicBlock *Stop = Exits.empty() ? nullptr : Exits.front();
      for (BasicBlock *E : Exits)
        Stop = Stop ? PDT.findNearestCommonDominator(Stop, E) : nullptr;
      IPDom = Stop;
    }
    DenseMap<const BasicBlock *, unsigned> ReachedFrom;
    unsigned SuccNo = 0;
    SmallPtrSet<const BasicBlock *, 4> SeenSucc;
    for (const BasicBlock *S : successors(&BB)) {
      if (!SeenSucc.insert(S).second)
        continue;
      ++SuccNo;
      SmallVector<const BasicBlock *, 16> Work{S};
      SmallPtrSet<const BasicBlock *, 16> Seen;
      while (!Work.empty()) {
        const BasicBlock *X = Work.pop_back_val();
        if (!Seen.insert(X).second)
          continue;
        unsigned &Mask = ReachedFrom[X];
        if (Mask != 0 && Mask != SuccNo)
          JoinBlocks.insert(X);
        Mask = SuccNo;
        if (X == IPDom)
          continue;
        DivergentBlocks.insert(X);
        for (const BasicBlock *Y : successors(X)) {
          Work.push_back(Y);
          // An exit of a loop around the branch, taken from a block only
          // some lanes reach (even by a uniform branch there): lanes leave
          // that loop in different iterations.
          for (Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop())
            if (L->contains(X) && !L->contains(Y))
              DivergentLoops.insert(L);
        }
      }
    }
    // An exiting branch of a loop with a divergent condition: lanes leave in
    // different iterations.
    for (Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop()) {
      bool Exits = false;
      for (const BasicBlock *S : successors(&BB))
        Exits |= !L->contains(S);
      if (Exits)
        DivergentLoops.insert(L);
    }
  }
  // An irreducible cycle (not a natural loop) could carry divergence around:
  // be conservative and treat its blocks as divergent joins.
  for (BasicBlock &BB : F)
    for (BasicBlock *S : successors(&BB))
      if (DT.dominates(S, &BB) && !LI.isLoopHeader(S))
        JoinBlocks.insert(S);
}

static void printValueName(raw_ostream &OS, const Value *V) {
  if (V->hasName())
    OS << "%" << V->getName();
  else
    V->printAsOperand(OS, false);
}

void UniformityInfo::print(raw_ostream &OS) const {
  OS << "Uniformity of '" << F.getName() << "':\n";
  for (const Instruction &I : instructions(F)) {
    if (I.getType()->isVoidTy() && !I.isTerminator())
      continue;
    if (I.isTerminator()) {
      if (DivergentBranches.count(&I))
        OS << "  divergent branch in " << I.getParent()->getName() << "\n";
      continue;
    }
    Shape S = getShape(&I);
    OS << "  ";
    switch (S.K) {
    case Shape::Uniform:
      OS << "uniform";
      break;
    case Shape::Affine:
      OS << "affine(" << S.Stride << (S.MayWrap ? ", may-wrap" : "") << ")";
      break;
    case Shape::Varying:
      OS << "varying";
      break;
    case Shape::Unknown:
      OS << "unreached";
      break;
    }
    OS << " ";
    printValueName(OS, &I);
    OS << "\n";
  }
  for (const BasicBlock &BB : F)
    if (DivergentBlocks.count(&BB))
      OS << "  divergent block " << BB.getName() << "\n";
  for (const BasicBlock &BB : F)
    if (JoinBlocks.count(&BB))
      OS << "  join block " << BB.getName() << "\n";
  for (const Loop *L : LI.getLoopsInPreorder())
    if (DivergentLoops.count(L))
      OS << "  loop " << L->getHeader()->getName() << " has a divergent exit\n";
}

static cl::opt<unsigned> AnalysisGangWidth(
    "loom-uniformity-gang-width", cl::init(0),
    cl::desc("Gang width the uniformity analysis assumes (0: unknown)"));
static cl::opt<bool> AnalysisWholeGangRows(
    "loom-uniformity-whole-gang-rows", cl::init(false),
    cl::desc("Uniformity analysis: blockDim.x is a multiple of the gang width"));

UniformityInfo UniformityAnalysis::run(Function &F, FunctionAnalysisManager &FAM) {
  return UniformityInfo(F, FAM.getResult<DominatorTreeAnalysis>(F),
                        FAM.getResult<PostDominatorTreeAnalysis>(F),
                        FAM.getResult<LoopAnalysis>(F), AnalysisGangWidth,
                        AnalysisWholeGangRows);
}

PreservedAnalyses UniformityPrinterPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (isKernel(F) && !F.isDeclaration())
    FAM.getResult<UniformityAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}

} // namespace loom
