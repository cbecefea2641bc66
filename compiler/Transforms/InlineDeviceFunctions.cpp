//===- InlineDeviceFunctions.cpp - bring thread-dependent code into kernels ===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/InlineDeviceFunctions.h"

#include "Support/Diagnostics.h"
#include "Support/CallGraph.h"
#include "Support/KernelMarkers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/CFG.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace loom {

namespace {

/// Functions that call \p F directly.
void directCallers(Function &F, SmallVectorImpl<Function *> &Out) {
  for (User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == &F)
      Out.push_back(CB->getFunction());
}

/// PTX `exit` (loom.thread.exit) inlined into a kernel: the thread returns
/// from the kernel there; what followed the call in its block is dead. A
/// call left in a function that was not inlined (recursive, or called
/// through a pointer) is an error.
bool lowerThreadExits(Module &M) {
  Function *Exit = M.getFunction(markerName(Marker::ThreadExit));
  if (!Exit)
    return false;
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Exit->users())
    if (auto *CB = dyn_cast<CallBase>(U))
      Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    Function &F = *CB->getFunction();
    if (!isKernel(F) || !F.getReturnType()->isVoidTy()) {
      reportUnsupported(F, CB, "PTX 'exit' in a device function Loom cannot inline into "
                               "its kernel (a recursive function, or one called through a pointer)");
      continue;
    }
    BasicBlock *BB = CB->getParent();
    BasicBlock *Dead = BB->splitBasicBlock(CB->getNextNode(), "thread.exit.dead");
    BB->getTerminator()->eraseFromParent();
    CB->eraseFromParent();
    ReturnInst::Create(M.getContext(), BB);
    if (pred_empty(Dead))
      DeleteDeadBlock(Dead);
  }
  if (Exit->use_empty())
    Exit->eraseFromParent();
  return true;
}

} // namespace

PreservedAnalyses InlineDeviceFunctionsPass::run(Module &M,
                                                 ModuleAnalysisManager &MAM) {
  // Walk up the call graph from every marker.
  SetVector<Function *> ThreadDependent;
  SmallVector<Function *, 16> Work;
  for (Function &F : M)
    if (getMarker(F))
      directCallers(F, Work);
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (isKernel(*F) || !ThreadDependent.insert(F))
      continue;
    directCallers(*F, Work);
  }
  bool Changed = false;
  for (Function *F : ThreadDependent) {
    if (F->isDeclaration() || isRecursive(*F))
      continue;
    F->removeFnAttr(Attribute::NoInline);
    F->removeFnAttr(Attribute::OptimizeNone);
    F->addFnAttr(Attribute::AlwaysInline);
    Changed = true;
  }
  // Device code is only reachable through kernels: once inlined, a device
  // function no kernel calls any more is dead (the host never calls it).
  for (Function &F : M)
    if (!F.isDeclaration() && !isKernel(F) && !F.hasLocalLinkage()) {
      F.setLinkage(GlobalValue::InternalLinkage);
      F.setComdat(nullptr);
      Changed = true;
    }
  if (!Changed)
    return lowerThreadExits(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false).run(M, MAM);
  bool Erased = true;
  while (Erased) {
    Erased = false;
    for (Function &F : make_early_inc_range(M)) {
      F.removeDeadConstantUsers();
      // __loom_* device-library functions are called by later passes.
      if (F.hasLocalLinkage() && F.use_empty() && !F.isDeclaration() &&
          !F.getName().starts_with("__loom_")) {
        F.eraseFromParent();
        Erased = true;
      }
    }
  }
  lowerThreadExits(M);
  return PreservedAnalyses::none();
}

} // namespace loom
