//===- UnrollBarrierLoops.cpp - unroll short constant loops around barriers ===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/UnrollBarrierLoops.h"

#include "Support/KernelMarkers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

using namespace llvm;

namespace loom {

namespace {

constexpr unsigned MaxTripCount = 32;
constexpr unsigned MaxUnrolledSize = 2048;

bool isBarrierCall(const Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  std::optional<Marker> M = getMarker(*CB);
  return M && isBarrier(*M);
}

bool holdsBarrier(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (isBarrierCall(I))
        return true;
  return false;
}

/// Barrier markers are `noduplicate` so that no other pass copies one onto
/// two paths (threads would then wait at different barriers). A full unroll
/// copies the barrier onto one straight path, which is sound, but LLVM's
/// UnrollLoop refuses `noduplicate` calls: they call a duplicable twin
/// while the loop is unrolled, then the marker again.
class DuplicableBarriers {
public:
  explicit DuplicableBarriers(Loop &L) {
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB)
        if (isBarrierCall(I)) {
          auto *CB = cast<CallBase>(&I);
          CB->setCalledFunction(twin(*CB->getCalledFunction()));
        }
  }
  ~DuplicableBarriers() {
    for (auto [Marker, Twin] : Twins) {
      Twin->replaceAllUsesWith(Marker);
      Twin->eraseFromParent();
    }
  }

private:
  Function *twin(Function &Marker) {
    Function *&T = Twins[&Marker];
    if (!T) {
      T = Function::Create(Marker.getFunctionType(), GlobalValue::ExternalLinkage,
                           Marker.getName() + ".unrolling", Marker.getParent());
      T->setAttributes(Marker.getAttributes().removeFnAttribute(Marker.getContext(),
                                                                Attribute::NoDuplicate));
    }
    return T;
  }
  DenseMap<Function *, Function *> Twins;
};

unsigned sizeOf(const Loop &L) {
  unsigned N = 0;
  for (BasicBlock *BB : L.blocks())
    N += BB->sizeWithoutDebug();
  return N;
}

} // namespace

PreservedAnalyses UnrollBarrierLoopsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!isKernel(F) || none_of(instructions(F), isBarrierCall))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &AC = FAM.getResult<AssumptionAnalysis>(F);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  // Innermost loops first: an inner loop is unrolled (and gone) before its
  // parent is measured and maybe unrolled with the copies inside.
  SmallVector<Loop *, 8> Loops(LI.getLoopsInPreorder());
  for (Loop *L : reverse(Loops)) {
    if (!holdsBarrier(*L))
      continue;
    Changed |= simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
    Changed |= formLCSSARecursively(*L, DT, &LI, &SE);
    unsigned Trips = SE.getSmallConstantTripCount(L);
    DebugLoc Loc = L->getStartLoc();
    BasicBlock *Header = L->getHeader();
    // A loop kept rolled keeps its barrier regions' state in memory across
    // iterations (BarrierRegions): say why it was not unrolled.
    const char *Why = nullptr;
    if (Trips == 0)
      Why = "its trip count is not a compile-time constant";
    else if (Trips == 1)
      Why = nullptr; // runs once: nothing to unroll
    else if (Trips > MaxTripCount)
      Why = "it has more than 32 trips";
    else if (!L->isLoopSimplifyForm())
      Why = "it is not in simplified form (several entries or latches)";
    else if (uint64_t(sizeOf(*L)) * Trips > MaxUnrolledSize)
      Why = "unrolled it would exceed 2048 instructions";
    if (Trips < 2 || Why) {
      if (Why)
        ORE.emit([&]() {
          return OptimizationRemarkMissed("loom-barrier-unroll", "NotUnrolled", Loc, Header)
                 << "loop with a barrier in '" << F.getName()
                 << "' is not unrolled (its barriers stay in a loop): " << Why;
        });
      continue;
    }
    UnrollLoopOptions ULO{};
    ULO.Count = Trips;
    ULO.Force = false;
    ULO.Runtime = false;
    ULO.AllowExpensiveTripCount = false;
    ULO.UnrollRemainder = false;
    ULO.ForgetAllSCEV = true;
    LoopUnrollResult R;
    {
      DuplicableBarriers Twins(*L);
      R = UnrollLoop(L, ULO, &LI, &SE, &DT, &AC, &TTI, &ORE, /*PreserveLCSSA=*/true);
    }
    if (R == LoopUnrollResult::FullyUnrolled) {
      Changed = true;
      ORE.emit([&]() {
        return OptimizationRemark("loom-barrier-unroll", "Unrolled", Loc, Header)
               << "loop with a barrier in '" << F.getName() << "' fully unrolled, "
               << ore::NV("Trips", Trips) << " trips";
      });
    } else if (R == LoopUnrollResult::PartiallyUnrolled) {
      Changed = true;
    } else {
      ORE.emit([&]() {
        return OptimizationRemarkMissed("loom-barrier-unroll", "NotUnrolled", Loc, Header)
               << "loop with a barrier in '" << F.getName()
               << "' is not unrolled (its barriers stay in a loop): LLVM's unroller declined";
      });
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

} // namespace loom

