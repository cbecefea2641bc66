//===- DeferAppends.cpp - appends through a global counter, staged per worker -===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/DeferAppends.h"

#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<bool> DeferAppendsOption("loom-defer-appends", cl::init(true), cl::Hidden,
                                 cl::desc("Stage out[atomicAdd(&count, 1)] = v per worker"));

constexpr const char *PassName = "loom-defer-appends";

/// One `out[atomicAdd(&count, 1)] = v`.
struct Append {
  AtomicRMWInst *Counter;
  Instruction *Ext; // sext/zext of the old value, or null
  GetElementPtrInst *Slot;
  StoreInst *Store;
  Value *CountBase; // the counter and array, pointer casts stripped
  Value *OutBase;
};

/// \p P without pointer casts and constant offsets (`&counts[2]`).
Value *baseOf(Value *P) {
  for (;;) {
    P = P->stripPointerCasts();
    auto *GEP = dyn_cast<GEPOperator>(P);
    if (!GEP || !GEP->hasAllConstantIndices())
      return P;
    P = GEP->getPointerOperand();
  }
}

/// Arguments and globals: the same address in every thread and block.
bool isStableBase(const Value *V) { return isa<Argument>(V) || isa<GlobalVariable>(V); }

/// \p RMW and the chain from its old value to one store, or nothing.
std::optional<Append> matchAppend(AtomicRMWInst &RMW) {
  auto *Inc = dyn_cast<ConstantInt>(RMW.getValOperand());
  Type *T = RMW.getType();
  if (RMW.getOperation() != AtomicRMWInst::Add || !Inc || !Inc->isOne() || RMW.isVolatile() ||
      RMW.getOrdering() != AtomicOrdering::Monotonic ||
      !(T->isIntegerTy(32) || T->isIntegerTy(64)) || !RMW.hasOneUse())
    return std::nullopt;
  BasicBlock *BB = RMW.getParent();
  Append A{&RMW, nullptr, nullptr, nullptr, nullptr, nullptr};
  Value *Index = &RMW;
  if (auto *Ext = dyn_cast<CastInst>(RMW.user_back());
      Ext && (isa<SExtInst>(Ext) || isa<ZExtInst>(Ext))) {
    if (!Ext->hasOneUse() || Ext->getParent() != BB)
      return std::nullopt;
    A.Ext = Ext;
    Index = Ext;
  }
  auto *GEP = dyn_cast<GetElementPtrInst>(Index->user_back());
  if (!GEP || GEP->getNumIndices() != 1 || GEP->getOperand(1) != Index || !GEP->hasOneUse() ||
      GEP->getParent() != BB)
    return std::nullopt;
  auto *SI = dyn_cast<StoreInst>(GEP->user_back());
  const DataLayout &DL = RMW.getModule()->getDataLayout();
  if (!SI || SI->getPointerOperand() != GEP || !SI->isSimple() || SI->getParent() != BB ||
      DL.getTypeStoreSize(SI->getValueOperand()->getType()) !=
          DL.getTypeAllocSize(GEP->getSourceElementType()))
    return std::nullopt;
  // The reserved slot must be written: nothing between the atomic and the
  // store may leave the block's straight line (a call that does not return).
  for (Instruction *I = RMW.getNextNode(); I != SI; I = I->getNextNode())
    if (!isGuaranteedToTransferExecutionToSuccessor(I))
      return std::nullopt;
  A.Slot = GEP;
  A.Store = SI;
  A.CountBase = baseOf(RMW.getPointerOperand());
  A.OutBase = baseOf(GEP->getPointerOperand());
  return A;
}

/// Why appends in \p K cannot be deferred at all, or null: something in the
/// kernel (or a device function it still calls, added to \p Reached) could
/// tell another thread that an element is in place before its worker
/// flushes.
const char *kernelBlocker(Function &K, SmallPtrSetImpl<const Function *> &Reached) {
  SmallVector<Function *, 4> Work{&K};
  Reached.insert(&K);
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (Instruction &I : instructions(*F)) {
      if (isa<FenceInst>(I))
        return "the kernel has a memory fence";
      if (I.isAtomic() && !isa<AtomicRMWInst>(I) && !isa<AtomicCmpXchgInst>(I))
        return "the kernel has atomic loads or stores";
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
          RMW && isStrongerThanMonotonic(RMW->getOrdering()))
        return "the kernel has an atomic with acquire/release ordering";
      if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I);
          CX && isStrongerThanMonotonic(CX->getSuccessOrdering()))
        return "the kernel has an atomic with acquire/release ordering";
      if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isVolatile())
        return "the kernel has volatile accesses";
      if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isVolatile())
        return "the kernel has volatile accesses";
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      Function *Callee = CB->getCalledFunction();
      if (!Callee)
        return "the kernel makes indirect calls";
      StringRef Name = Callee->getName();
      if (Name == "__loom_grid_sync" || Name.starts_with("__loom_launch_device") ||
          Name.starts_with("__loom_device_cuda"))
        return "the kernel synchronizes the grid or launches kernels";
      if (!Callee->isDeclaration() && Reached.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  return nullptr;
}

/// Every use of \p Base (through pointer casts and constant offsets) in the
/// functions \p Reached is an operand of \p Allowed. Uses elsewhere (other
/// kernels; llvm.used) do not run during this kernel's threads.
bool onlyUsedBy(Value *Base, const SmallPtrSetImpl<const Function *> &Reached,
                const SmallPtrSetImpl<const User *> &Allowed) {
  auto IsUsedList = [](const User *U) {
    auto *GV = dyn_cast<GlobalVariable>(U);
    return GV && (GV->getName() == "llvm.used" || GV->getName() == "llvm.compiler.used");
  };
  SmallVector<Value *, 4> Work{Base};
  SmallPtrSet<Value *, 8> Seen{Base};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      if (auto *I = dyn_cast<Instruction>(U); I && !Reached.count(I->getFunction()))
        continue;
      if (Allowed.count(U))
        continue;
      auto *GEP = dyn_cast<GEPOperator>(U);
      if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U) ||
          (GEP && GEP->getPointerOperand() == V && GEP->hasAllConstantIndices())) {
        if (Seen.insert(U).second)
          Work.push_back(U);
        continue;
      }
      if (isa<ConstantAggregate>(U) && all_of(U->users(), IsUsedList))
        continue;
      return false;
    }
  }
  return true;
}

std::string describe(const Value *V) {
  if (V->hasName())
    return "'" + V->getName().str() + "'";
  if (auto *A = dyn_cast<Argument>(V))
    return "argument " + std::to_string(A->getArgNo() + 1);
  return "a global";
}

bool deferAppends(Function &K, OptimizationRemarkEmitter &ORE) {
  SmallVector<Append, 4> Found;
  for (Instruction &I : instructions(K))
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      if (std::optional<Append> A = matchAppend(*RMW);
          A && isStableBase(A->CountBase) && isStableBase(A->OutBase))
        Found.push_back(*A);
  if (Found.empty())
    return false;
  auto Missed = [&](const Append &A, const Twine &Why) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "NotDeferred", userLine(A.Counter->getDebugLoc()),
                                      A.Counter->getParent())
             << "append in '" << K.getName() << "' through counter " << describe(A.CountBase)
             << " not staged per worker: "
             << Why.str();
    });
  };
  SmallPtrSet<const Function *, 8> Reached;
  if (const char *Why = kernelBlocker(K, Reached)) {
    for (const Append &A : Found)
      Missed(A, Why);
    return false;
  }
  // Per counter, and per target array: every use is one of the appends.
  SmallPtrSet<const User *, 8> Counters, Slots;
  for (const Append &A : Found) {
    Counters.insert(A.Counter);
    Slots.insert(A.Slot);
  }
  SmallVector<Append, 4> Legal;
  for (const Append &A : Found) {
    if (!onlyUsedBy(A.CountBase, Reached, Counters))
      Missed(A, "the counter is also read or written another way");
    else if (!onlyUsedBy(A.OutBase, Reached, Slots))
      Missed(A, "the array " + describe(A.OutBase) + " is also read or written another way");
    else
      Legal.push_back(A);
  }
  if (Legal.empty())
    return false;

  Module &M = *K.getParent();
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  PointerType *PtrTy = PointerType::getUnqual(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  // No memory attributes: the call writes the count and array when it
  // flushes, and reads the slots the program stored to before.
  FunctionCallee Reserve = M.getOrInsertFunction(
      AppendFunctionName, FunctionType::get(PtrTy, {PtrTy, PtrTy, I64, I32, I32}, false));
  if (auto *F = dyn_cast<Function>(Reserve.getCallee())) {
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  for (const Append &A : Legal) {
    unsigned Flags = 0;
    if (A.Counter->getType()->isIntegerTy(64))
      Flags |= LOOM_APPEND_COUNTER64;
    else if (!A.Ext || isa<SExtInst>(A.Ext)) // a GEP sign-extends a narrow index
      Flags |= LOOM_APPEND_SIGNED_INDEX;
    // At the slot's address: its operands dominate it, and the counter
    // (used by the atomic, earlier in the block) does too.
    IRBuilder<> B(A.Slot);
    uint64_t Elem = DL.getTypeAllocSize(A.Slot->getSourceElementType());
    CallInst *Slot = B.CreateCall(Reserve, {A.Counter->getPointerOperand(),
                                            A.Slot->getPointerOperand(), B.getInt64(Elem),
                                            B.getInt32(1), B.getInt32(Flags)},
                                  "append.slot");
    A.Store->setOperand(StoreInst::getPointerOperandIndex(), Slot);
    A.Slot->eraseFromParent();
    if (A.Ext)
      A.Ext->eraseFromParent();
    ORE.emit([&] {
      return OptimizationRemark(PassName, "Deferred", userLine(A.Counter->getDebugLoc()),
                                A.Counter->getParent())
             << "append in '" << K.getName() << "' to " << describe(A.OutBase)
             << " through counter "
             << describe(A.CountBase)
             << " staged per worker: one atomic per buffer of elements, not per thread";
    });
    A.Counter->eraseFromParent();
  }
  K.addFnAttr("loom-appends");
  return true;
}

} // namespace

PreservedAnalyses DeferAppendsPass::run(Module &M, ModuleAnalysisManager &) {
  if (!DeferAppendsOption)
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M)
    if (isKernel(F) && !F.isDeclaration()) {
      OptimizationRemarkEmitter ORE(&F);
      Changed |= deferAppends(F, ORE);
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
