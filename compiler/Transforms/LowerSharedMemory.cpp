//===- LowerSharedMemory.cpp - give every running block its own __shared__ -===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/LowerSharedMemory.h"

#include "Support/GlobalIndirection.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace loom {

namespace {

GlobalVariable *dynamicSharedPointer(Module &M) {
  if (GlobalVariable *GV = M.getGlobalVariable(DynamicSharedVar, true))
    return GV;
  auto *Ptr = PointerType::get(M.getContext(), 0);
  auto *GV = new GlobalVariable(M, Ptr, false, GlobalValue::InternalLinkage,
                                ConstantPointerNull::get(Ptr), DynamicSharedVar,
                                nullptr, GlobalValue::GeneralDynamicTLSModel);
  GV->setAlignment(Align(8));
  return GV;
}

void replaceWithDynamicBuffer(GlobalVariable &GV) {
  Module &M = *GV.getParent();
  GlobalVariable *Base = dynamicSharedPointer(M);
  replaceUsesWithPointer(GV, [&](IRBuilder<> &B) {
    Value *Addr = B.CreateThreadLocalAddress(Base);
    return B.CreateAlignedLoad(B.getPtrTy(), Addr, Align(8), "dynamic.shared");
  });
}

} // namespace

PreservedAnalyses LowerSharedMemoryPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (GlobalVariable &GV : make_early_inc_range(M.globals())) {
    if (!GV.hasMetadata("loom.shared"))
      continue;
    Changed = true;
    if (GV.isDeclaration()) {
      replaceWithDynamicBuffer(GV);
      if (GV.use_empty())
        GV.eraseFromParent();
      continue;
    }
    GV.setThreadLocalMode(GlobalValue::GeneralDynamicTLSModel);
    // CUDA leaves shared memory uninitialized; an undef initializer lets the
    // variable live in .tbss.
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
