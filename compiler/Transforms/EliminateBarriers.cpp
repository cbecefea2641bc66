//===- EliminateBarriers.cpp - remove __syncthreads() that order nothing --===//
// SPDX-License-Identifier: Apache-2.0
//
// Overview. For a barrier B, the accesses *before* B are those on a path
// from the previous barrier (or the kernel entry) to B, the accesses *after*
// B those on a path from B to the next barrier (or an exit). Paths stop at
// every block-wide barrier still present (`@loom.barrier`, popc/and/or);
// warp-level markers do not stop them (they order only a warp). In a loop,
// the walk goes round the back edge until it meets B again. B is removable
// when no pair (x before, y after) can conflict across threads:
//  - both read;
//  - x or y is to an alloca (thread-private memory);
//  - their underlying objects are distinct kernel arguments/globals that
//    alias analysis says never overlap (an `extern __shared__` declaration
//    may overlap any other, as in CUDA);
//  - (under a block-shape assumption) the same object, addresses whose
//    SCEVs are `c*tid.x [+ c'*tid.y] + R` with the same coefficients, R free
//    of thread indices and loops (arguments, globals, block indices and
//    dimensions), differing by a constant, and both footprints inside one
//    c-byte cell: each thread touches only its own cell.
// Anything else with memory effects (atomics, volatile, fences, calls that
// are not known to be memory-free, unknown objects) conflicts with every
// access on the other side, so the barrier stays unless that side is empty.
//
// Removal is greedy: removing B merges its neighbours' intervals, so every
// decision is taken with the barriers removed so far treated as absent
// (removing both barriers of `s[t+1] = ..; B1; B2; .. = s[t]` is wrong).
//
// Phase 1 deletes what needs no assumption. Phase 2 runs the analysis again
// allowing thread-private cells; the footprint is injective only for some
// block shapes (s[threadIdx.x] is shared by all threads with the same x when
// blockDim.y > 1), so if that removes every remaining barrier the kernel is
// versioned: a barrier-free copy (K.nosync, a kernel of its own until
// ThreadLoops makes it a second block function of K's) runs launches whose
// blocks have blockDim.y == 1 (or blockDim.x <= c'/c) and blockDim.z == 1,
// the original all others; KernelEntry tests the shape once per launch.
// Separate functions, not a branch inside K: in one function the copy would
// sit inside K's barrier regions and pay their per-thread state stores. A
// kernel that would keep some barrier in the copy, or has warp collectives
// (which must not be duplicated), is not versioned.
//
// Why not MemorySSA: its clobber walk answers "which write reaches this read
// in one thread"; the question here is about two threads, decided by the
// objects and index expressions of each pair, for which AA and SCEV suffice.
//===----------------------------------------------------------------------===//
#include "Transforms/EliminateBarriers.h"

#include "Support/DivergentBarriers.h"
#include "Support/KernelMarkers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <cstdint>

using namespace llvm;

namespace loom {
namespace {

/// One memory effect on one side of a barrier.
struct Access {
  Instruction *I = nullptr;
  const Value *Ptr = nullptr;
  const Value *Object = nullptr; // uniform underlying object, else null
  uint64_t Size = 0;
  bool Writes = false;
  bool Unknown = false; // effect we cannot describe: conflicts with all
};

/// Block shape a thread-private removal relies on.
struct Shape {
  bool Y1 = false, Z1 = false; // blockDim.y == 1, blockDim.z == 1
  uint64_t MaxX = UINT64_MAX;  // blockDim.x <= MaxX
  bool any() const { return Y1 || Z1 || MaxX != UINT64_MAX; }
};

bool isBlockBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return false;
  std::optional<Marker> M = getMarker(*Call);
  return M && (*M == Marker::Barrier || *M == Marker::BarrierPopc ||
               *M == Marker::BarrierAnd || *M == Marker::BarrierOr);
}

bool isPlainBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call && getMarker(*Call) == Marker::Barrier;
}

/// Threads reach different barriers after a branch on threadIdx (undefined
/// in CUDA; BarrierRegions warns about it, with the same test). Such kernels
/// are left alone: the warning stays, and there is no speed to gain in them.
bool hasDivergentBarriers(Function &F) {
  return !divergentBarrierBranches(F, [](BasicBlock &BB) {
            return any_of(BB, isBlockBarrier);
          }).empty();
}

class Eliminator {
public:
  Eliminator(Function &F, AAResults &AA, ScalarEvolution &SE) : F(F), AA(AA), SE(SE) {}

  bool run();

private:
  Function &F;
  AAResults &AA;
  ScalarEvolution &SE;
  SmallPtrSet<Instruction *, 8> Removed; // barriers treated as absent

  SmallVector<Access, 16> collect(Instruction *B, bool Forward) const;
  Access describe(Instruction &I) const;
  bool describeCall(Instruction &I, SmallVectorImpl<Access> &Out) const;
  bool conflict(const Access &X, const Access &Y, Shape *S) const;
  bool threadPrivate(const Access &X, const Access &Y, Shape &S) const;
  bool removable(Instruction *B, Shape *S);
  SmallVector<Instruction *, 8> barriers() const;
  void greedy(Shape *S);
  void version(const Shape &S);
};

SmallVector<Instruction *, 8> Eliminator::barriers() const {
  SmallVector<Instruction *, 8> Bs;
  for (Instruction &I : instructions(F))
    if (isPlainBarrier(I) && !Removed.count(&I))
      Bs.push_back(&I);
  return Bs;
}

Access Eliminator::describe(Instruction &I) const {
  Access A;
  A.I = &I;
  A.Writes = I.mayWriteToMemory();
  const Value *Ptr = nullptr;
  Type *Ty = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    if (!L->isSimple())
      A.Unknown = true;
    Ptr = L->getPointerOperand();
    Ty = L->getType();
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    if (!S->isSimple())
      A.Unknown = true;
    Ptr = S->getPointerOperand();
    Ty = S->getValueOperand()->getType();
  } else if (auto *II = dyn_cast<IntrinsicInst>(&I);
             II && II->isLifetimeStartOrEnd()) {
    A.Ptr = II->getArgOperand(0);
    A.Object = getUnderlyingObject(A.Ptr, 0);
    if (!isa<AllocaInst>(A.Object))
      A.Unknown = true;
    return A;
  } else {
    A.Unknown = true; // calls, atomics, fences
    return A;
  }
  A.Ptr = Ptr;
  TypeSize TS = F.getParent()->getDataLayout().getTypeStoreSize(Ty);
  if (TS.isScalable())
    A.Unknown = true;
  A.Size = TS.getKnownMinValue();
  const Value *Obj = getUnderlyingObject(Ptr, 0);
  // A pointer that was loaded, selected, ... leaves Object null: the access
  // may touch anything but allocas (`conflict`).
  if (isa<AllocaInst>(Obj) || isa<Argument>(Obj) || isa<GlobalVariable>(Obj))
    A.Object = Obj;
  return A;
}

/// A call whose memory effects are known (a device function that
/// PostOrderFunctionAttrs found to read only its arguments' memory, a math
/// function that touches none) becomes one access per pointer argument,
/// covering that argument's whole object; false for any other call (which
/// describe() makes an unknown access).
bool Eliminator::describeCall(Instruction &I, SmallVectorImpl<Access> &Out) const {
  auto Whole = [&](const Value *Ptr, bool Writes, uint64_t Size) {
    Access A;
    A.I = &I;
    A.Ptr = Ptr;
    A.Size = Size;
    A.Writes = Writes;
    const Value *Obj = getUnderlyingObject(Ptr, 0);
    if (isa<AllocaInst>(Obj) || isa<Argument>(Obj) || isa<GlobalVariable>(Obj))
      A.Object = Obj;
    Out.push_back(A);
  };
  // The whole object: never one thread's own cell (threadPrivate).
  constexpr uint64_t Unbounded = uint64_t(1) << 32;
  // memcpy/memmove/memset (clang copies a by-value struct argument into a
  // local with one): a write of the destination, a read of the source.
  if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    if (MI->isVolatile())
      return false;
    auto *Len = dyn_cast<ConstantInt>(MI->getLength());
    uint64_t Size = Len && Len->getZExtValue() < Unbounded ? Len->getZExtValue() : Unbounded;
    Whole(MI->getDest(), /*Writes=*/true, Size);
    if (auto *MT = dyn_cast<MemTransferInst>(MI))
      Whole(MT->getSource(), /*Writes=*/false, Size);
    return true;
  }
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || isa<IntrinsicInst>(Call))
    return false;
  // Non-recursive functions that hold a barrier or read a thread index were
  // inlined (InlineDeviceFunctions); a recursive one may still hold one.
  // (Every call in CUDA device code is marked convergent; the callee's own
  // attribute says whether it is.)
  const Function *Callee = Call->getCalledFunction();
  if (!Callee || Callee->isConvergent() ||
      (!Callee->isDeclaration() && !Callee->doesNotRecurse()))
    return false;
  MemoryEffects ME = Call->getMemoryEffects();
  if (ME.doesNotAccessMemory())
    return true;
  if (!ME.getWithoutLoc(IRMemLocation::ArgMem).doesNotAccessMemory())
    return false;
  bool Writes = isModSet(ME.getModRef(IRMemLocation::ArgMem));
  for (unsigned N = 0; N < Call->arg_size(); ++N)
    if (Call->getArgOperand(N)->getType()->isPointerTy())
      Whole(Call->getArgOperand(N), Writes && !Call->onlyReadsMemory(N), Unbounded);
  return true;
}

SmallVector<Access, 16> Eliminator::collect(Instruction *B, bool Forward) const {
  SmallVector<Access, 16> Out;
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work;
  // Scans [Begin, End) of a block; false if it met a barrier.
  auto Scan = [&](Instruction *I) -> bool {
    while (I) {
      if (I != B && isBlockBarrier(*I) && !Removed.count(I))
        return false;
      if (I == B)
        return false;
      bool Skip = !I->mayReadOrWriteMemory();
      if (auto *Call = dyn_cast<CallBase>(I)) {
        if (std::optional<Marker> M = getMarker(*Call))
          Skip = true; // index markers; warp markers order no memory we track
        else if (isa<DbgInfoIntrinsic>(Call) || isa<AssumeInst>(Call))
          Skip = true;
        if (Removed.count(I))
          Skip = true;
      }
      if (!Skip && !describeCall(*I, Out))
        Out.push_back(describe(*I));
      I = Forward ? I->getNextNode() : I->getPrevNode();
    }
    return true;
  };
  auto Push = [&](BasicBlock *BB) {
    if (Seen.insert(BB).second)
      Work.push_back(BB);
  };
  auto Continue = [&](BasicBlock *BB) {
    if (Forward)
      for (BasicBlock *S : successors(BB))
        Push(S);
    else
      for (BasicBlock *P : predecessors(BB))
        Push(P);
  };
  Instruction *First = Forward ? B->getNextNode() : B->getPrevNode();
  if (!First || Scan(First))
    Continue(B->getParent());
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    Instruction *Start = Forward ? &BB->front() : &BB->back();
    if (Scan(Start))
      Continue(BB);
  }
  return Out;
}

/// Splits an address SCEV into sum(c_d * ext(tid_d)) + R. Returns false if
/// the thread indices appear in any other form.
bool decompose(ScalarEvolution &SE, const SCEV *S, int64_t C[3], const SCEV *&R) {
  ValueToSCEVMapTy Zero;
  SmallVector<const SCEVUnknown *, 4> Tids;
  bool Bad = false;
  SCEVExprContains(S, [&](const SCEV *E) {
    if (isa<SCEVAddRecExpr>(E) || isa<SCEVCouldNotCompute>(E)) {
      Bad = true;
    } else if (const auto *U = dyn_cast<SCEVUnknown>(E)) {
      const auto *Call = dyn_cast<CallBase>(U->getValue());
      std::optional<Marker> M = Call ? getMarker(*Call) : std::nullopt;
      if (M && isThreadIndex(*M))
        Zero[U->getValue()] = SE.getZero(U->getType());
      else if (!isBlockUniformLeaf(U->getValue()))
        Bad = true;
    }
    return false;
  });
  if (Bad)
    return false;
  R = SCEVParameterRewriter::rewrite(S, SE, Zero);
  const SCEV *D = SE.getMinusSCEV(S, R);
  if (isa<SCEVCouldNotCompute>(D))
    return false;
  C[0] = C[1] = C[2] = 0;
  SmallVector<const SCEV *, 3> Terms;
  if (const auto *Add = dyn_cast<SCEVAddExpr>(D))
    Terms.append(Add->operands().begin(), Add->operands().end());
  else if (!D->isZero())
    Terms.push_back(D);
  for (const SCEV *T : Terms) {
    int64_t K = 1;
    if (const auto *Mul = dyn_cast<SCEVMulExpr>(T)) {
      if (Mul->getNumOperands() != 2 || !isa<SCEVConstant>(Mul->getOperand(0)))
        return false;
      const APInt &V = cast<SCEVConstant>(Mul->getOperand(0))->getAPInt();
      if (V.getSignificantBits() > 40)
        return false;
      K = V.getSExtValue();
      T = Mul->getOperand(1);
    }
    if (const auto *Ext = dyn_cast<SCEVIntegralCastExpr>(T)) {
      if (!isa<SCEVZeroExtendExpr>(Ext) && !isa<SCEVSignExtendExpr>(Ext))
        return false; // truncation is not injective
      T = Ext->getOperand(0);
    }
    const auto *U = dyn_cast<SCEVUnknown>(T);
    const auto *Call = U ? dyn_cast<CallBase>(U->getValue()) : nullptr;
    std::optional<Marker> M = Call ? getMarker(*Call) : std::nullopt;
    if (!M || !isThreadIndex(*M) || C[markerDimension(*M)] != 0)
      return false;
    C[markerDimension(*M)] = K;
  }
  return true;
}

bool Eliminator::threadPrivate(const Access &X, const Access &Y, Shape &S) const {
  const SCEV *SX = SE.getSCEV(const_cast<Value *>(X.Ptr));
  const SCEV *SY = SE.getSCEV(const_cast<Value *>(Y.Ptr));
  int64_t CX[3], CY[3];
  const SCEV *RX, *RY;
  if (!decompose(SE, SX, CX, RX) || !decompose(SE, SY, CY, RY))
    return false;
  if (!std::equal(CX, CX + 3, CY) || CX[0] == 0 || CX[2] != 0)
    return false;
  const auto *Diff = dyn_cast<SCEVConstant>(SE.getMinusSCEV(SY, SX));
  if (!Diff || Diff->getAPInt().getSignificantBits() > 40)
    return false;
  int64_t D = Diff->getAPInt().getSExtValue();
  uint64_t Cell = CX[0] < 0 ? -CX[0] : CX[0];
  int64_t Lo = std::min<int64_t>(0, D);
  int64_t Hi = std::max<int64_t>(X.Size, D + (int64_t)Y.Size);
  if (Hi - Lo > (int64_t)Cell)
    return false; // the two footprints spill into a neighbour's cell
  S.Z1 = true;
  if (CX[1] == 0) {
    S.Y1 = true;
  } else {
    uint64_t Row = CX[1] < 0 ? -CX[1] : CX[1];
    S.MaxX = std::min(S.MaxX, Row / Cell);
    if (S.MaxX == 0)
      return false;
  }
  return true;
}

bool Eliminator::conflict(const Access &X, const Access &Y, Shape *S) const {
  if (!X.Writes && !Y.Writes)
    return false;
  if (X.Unknown || Y.Unknown)
    return true;
  if ((X.Object && isa<AllocaInst>(X.Object)) || (Y.Object && isa<AllocaInst>(Y.Object)))
    return false; // each thread has its own allocas
  if (!X.Object || !Y.Object)
    return true;
  if (X.Object != Y.Object) {
    auto Extern = [](const Value *O) {
      const auto *GV = dyn_cast<GlobalVariable>(O);
      return GV && GV->isDeclaration();
    };
    // Kernel arguments never point into the block's shared memory (the host
    // cannot take its address, and CUDA forbids passing it to a child grid).
    auto Shared = [](const Value *O) {
      const auto *GV = dyn_cast<GlobalVariable>(O);
      return GV && GV->hasMetadata("loom.shared");
    };
    if ((Shared(X.Object) && isa<Argument>(Y.Object)) ||
        (Shared(Y.Object) && isa<Argument>(X.Object)))
      return false;
    if (!Extern(X.Object) && !Extern(Y.Object) &&
        AA.isNoAlias(MemoryLocation::getBeforeOrAfter(X.Object),
                     MemoryLocation::getBeforeOrAfter(Y.Object)))
      return false;
    return true;
  }
  if (!S)
    return true;
  Shape Try = *S;
  if (!threadPrivate(X, Y, Try))
    return true;
  *S = Try;
  return false;
}

bool Eliminator::removable(Instruction *B, Shape *S) {
  SmallVector<Access, 16> Before = collect(B, /*Forward=*/false);
  SmallVector<Access, 16> After = collect(B, /*Forward=*/true);
  Shape Try = S ? *S : Shape();
  for (const Access &X : Before)
    for (const Access &Y : After)
      if (conflict(X, Y, S ? &Try : nullptr))
        return false;
  if (S)
    *S = Try;
  return true;
}

void Eliminator::greedy(Shape *S) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Instruction *B : barriers())
      if (removable(B, S)) {
        Removed.insert(B);
        Changed = true;
      }
  }
}

void Eliminator::version(const Shape &S) {
  // The barrier-free copy is a kernel of its own until ThreadLoops makes it a
  // second block function of F's; the entry then picks one per launch.
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&F, VMap);
  Copy->setName(F.getName() + ".nosync");
  Copy->setLinkage(GlobalValue::InternalLinkage);
  for (Instruction *B : Removed)
    cast<Instruction>(VMap[B])->eraseFromParent();
  Removed.clear();
  Copy->addFnAttr(VersionOfAttr, F.getName());
  if (S.Y1)
    Copy->addFnAttr(ShapeY1Attr);
  if (S.Z1)
    Copy->addFnAttr(ShapeZ1Attr);
  if (S.MaxX != UINT64_MAX)
    Copy->addFnAttr(ShapeMaxXAttr, std::to_string(std::min<uint64_t>(S.MaxX, UINT32_MAX)));
  F.addFnAttr(ShapeVersionAttr, Copy->getName());
}

bool Eliminator::run() {
  if (hasDivergentBarriers(F))
    return false;
  // Phase 1: removals that hold for every block shape.
  greedy(nullptr);
  bool Changed = !Removed.empty();
  for (Instruction *B : Removed)
    B->eraseFromParent();
  Removed.clear();
  if (barriers().empty())
    return Changed;
  // Phase 2: removals that need a block shape; only if none is left.
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (std::optional<Marker> M = getMarker(*Call))
        if (isBarrier(*M) && *M != Marker::Barrier)
          return Changed; // never duplicate collectives
  Shape S;
  greedy(&S);
  if (!barriers().empty() || !S.any()) {
    Removed.clear();
    return Changed;
  }
  version(S);
  return true;
}

} // namespace

Value *emitShapeTest(IRBuilder<> &B, const Function &Version, Value *const BlockDim[3]) {
  Value *Ok = B.getTrue();
  auto And = [&](Value *C) { Ok = Ok == B.getTrue() ? C : B.CreateAnd(Ok, C); };
  if (Version.hasFnAttribute(ShapeY1Attr))
    And(B.CreateICmpEQ(BlockDim[1], B.getInt32(1), "ntid.y.is1"));
  if (Version.hasFnAttribute(ShapeZ1Attr))
    And(B.CreateICmpEQ(BlockDim[2], B.getInt32(1), "ntid.z.is1"));
  uint32_t MaxX = 0;
  if (Version.hasFnAttribute(ShapeMaxXAttr) &&
      !Version.getFnAttribute(ShapeMaxXAttr).getValueAsString().getAsInteger(10, MaxX))
    And(B.CreateICmpULE(BlockDim[0], B.getInt32(MaxX), "ntid.x.fits"));
  return Ok;
}

namespace {
/// The kernel's __syncthreads() calls (other collectives are not counted).
SmallVector<Instruction *, 8> plainBarriers(Function &F) {
  SmallVector<Instruction *, 8> Out;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (getMarker(*Call) == Marker::Barrier)
        Out.push_back(&I);
  return Out;
}
} // namespace

PreservedAnalyses EliminateBarriersPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernel(F))
      Kernels.push_back(&F);
  for (Function *K : Kernels) {
    Function &F = *K;
    size_t Before = plainBarriers(F).size();
    bool Divergent = Before && hasDivergentBarriers(F);
    Eliminator E(F, FAM.getResult<AAManager>(F), FAM.getResult<ScalarEvolutionAnalysis>(F));
    if (E.run()) {
      Changed = true;
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    // Remarks (-Rpass=loom-eliminate-barriers, -Rpass-missed=...): what was
    // removed, and each barrier kept with the reason, at its source line.
    SmallVector<Instruction *, 8> Kept = plainBarriers(F);
    OptimizationRemarkEmitter ORE(&F);
    if (Kept.size() < Before)
      ORE.emit([&] {
        return OptimizationRemark("loom-eliminate-barriers", "BarriersRemoved",
                                  F.getSubprogram(), &F.getEntryBlock())
               << "kernel '" << F.getName() << "': " << ore::NV("Removed", Before - Kept.size())
               << " of " << ore::NV("Barriers", Before)
               << " __syncthreads() removed (no thread reads across them what another wrote)";
      });
    for (Instruction *B : Kept)
      ORE.emit([&] {
        return OptimizationRemarkMissed("loom-eliminate-barriers", "BarrierKept", B)
               << "__syncthreads() kept in kernel '" << F.getName() << "': "
               << (Divergent ? "the kernel has a barrier under divergent control flow"
                             : "threads may read across it what others wrote (or an access "
                               "it orders cannot be described)");
      });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
