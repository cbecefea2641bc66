// ImplicitBarriers.cpp - a work-group barrier after uniform loops that fill __local memory.
// SPDX-License-Identifier: Apache-2.0
//
// GPU code often has every work-item initialize a whole __local array
// (for (i = 0; i < N; ++i) shared[i] = 0;) and then store its own part,
// with no barrier between: a race that a GPU's lockstep execution, and
// PoCL's implicit barriers in loops whose trip count is the same for
// every work-item, hide. Loom runs each vector gang up to the next barrier
// in turn, so every gang's clearing wipes what the gangs before it stored
// (Rodinia's dwt2d came out all zeros). After such a loop this pass adds
// the barrier the program left out.
//
// A barrier may only go where every work-item of the group arrives the
// same number of times, and it must not change a race-free program; so,
// in a kernel that already synchronizes its work-group (no new barrier
// regions for kernels without any), a loop qualifies when
//  - it is not inside another loop and every work-item reaches it: its
//    header post-dominates the kernel's entry;
//  - its trip count is the same for every work-item: each exiting branch's
//    condition derives only from constants, kernel arguments, work-group
//    values (local size, group id, group count, global size and offset,
//    work dimension) and the loop's own phis of those;
//  - it stores to __local memory and contains no barrier or other call
//    except pure built-ins;
//  - it has one exit block, which the barrier starts.
// A race-free program cannot tell the difference: every work-item reaches
// the barrier once, after the loop.
#include "ImplicitBarriers.h"

#include "Coarsen.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SROA.h"

using namespace llvm;

namespace loomcl {

namespace {

bool isBarrier(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return !F || F->getName().contains("barrier");
}

/// Work-item functions whose value is the same across a work-group.
bool groupUniformCall(const Value *V) {
  auto *CB = dyn_cast<CallBase>(V);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F)
    return false;
  StringRef N = F->getName();
  return N == "_Z14get_local_sizej" || N == "_Z12get_group_idj" || N == "_Z14get_num_groupsj" ||
         N == "_Z15get_global_sizej" || N == "_Z17get_global_offsetj" ||
         N == "_Z12get_work_dimv" || N == "_Z23get_enqueued_local_sizej";
}

/// Whether V is the same for every work-item of a group (Pending: phis
/// assumed so while their operands are checked).
bool uniform(Value *V, SmallPtrSetImpl<Value *> &Pending, unsigned Depth = 0) {
  if (isa<Constant>(V) || isa<Argument>(V) || groupUniformCall(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 32 || I->mayReadOrWriteMemory() || isa<CallBase>(I))
    return false;
  if (!Pending.insert(I).second)
    return true;
  for (Value *Op : I->operands())
    if (!uniform(Op, Pending, Depth + 1))
      return false;
  return true;
}

bool qualifies(Loop &L) {
  bool StoresLocal = false;
  for (BasicBlock *B : L.blocks())
    for (Instruction &I : *B) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (isa<DbgInfoIntrinsic>(CB) || (isa<IntrinsicInst>(CB) && CB->doesNotAccessMemory()))
          continue;
        if (isBarrier(*CB) || !CB->doesNotAccessMemory())
          return false;
      }
      if (auto *S = dyn_cast<StoreInst>(&I))
        StoresLocal |= S->getPointerAddressSpace() == 3;
    }
  if (!StoresLocal || !L.getUniqueExitBlock())
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *B : Exiting) {
    auto *Br = dyn_cast<BranchInst>(B->getTerminator());
    SmallPtrSet<Value *, 16> Pending;
    if (!Br || !Br->isConditional() || !uniform(Br->getCondition(), Pending))
      return false;
  }
  return true;
}

} // namespace

unsigned addImplicitBarriers(Function &K) {
  inlineProgramFunctions(K); // the barriers may be in functions it calls
  bool HasBarrier = false;
  for (Instruction &I : instructions(K))
    if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction() &&
                                           CB->getCalledFunction()->getName().contains("barrier"))
      HasBarrier = true;
  if (!HasBarrier)
    return 0;
  {
    PassBuilder PB;
    FunctionAnalysisManager FAM;
    PB.registerFunctionAnalyses(FAM);
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.run(K, FAM);
  }
  DominatorTree DT(K);
  PostDominatorTree PDT(K);
  LoopInfo LI(DT);
  SmallVector<BasicBlock *, 4> Exits;
  for (Loop *L : LI)
    if (PDT.dominates(L->getHeader(), &K.getEntryBlock()) && qualifies(*L))
      Exits.push_back(L->getUniqueExitBlock());
  if (Exits.empty())
    return 0;
  Module &M = *K.getParent();
  LLVMContext &Ctx = K.getContext();
  FunctionCallee Barrier =
      M.getOrInsertFunction("_Z7barrierj", FunctionType::get(Type::getVoidTy(Ctx),
                                                             {Type::getInt32Ty(Ctx)}, false));
  if (auto *F = dyn_cast<Function>(Barrier.getCallee())) {
    F->addFnAttr(Attribute::Convergent);
    F->addFnAttr(Attribute::NoUnwind);
  }
  for (BasicBlock *E : Exits) {
    IRBuilder<> B(&*E->getFirstInsertionPt());
    CallInst *C = B.CreateCall(Barrier, {B.getInt32(1)}); // CLK_LOCAL_MEM_FENCE
    C->addFnAttr(Attribute::Convergent);
  }
  return static_cast<unsigned>(Exits.size());
}

} // namespace loomcl
