//===- ManagedVariables.cpp - __managed__ variables share the host's storage ===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ManagedVariables.h"

#include "Support/GlobalIndirection.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace loom {

GlobalVariable *managedPointerOf(const GlobalVariable &GV) {
  MDNode *N = GV.getMetadata(ManagedVarMD);
  if (!N || N->getNumOperands() != 1)
    return nullptr;
  auto *V = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get());
  return V ? dyn_cast<GlobalVariable>(V->getValue()) : nullptr;
}

namespace {

/// Globals annotated "loom.managed" in llvm.global.annotations.
SmallVector<GlobalVariable *, 4> annotatedManaged(Module &M) {
  SmallVector<GlobalVariable *, 4> Out;
  GlobalVariable *A = M.getGlobalVariable("llvm.global.annotations");
  if (!A || !A->hasInitializer())
    return Out;
  auto *Array = dyn_cast<ConstantArray>(A->getInitializer());
  if (!Array)
    return Out;
  for (Value *Op : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *GV = dyn_cast<GlobalVariable>(Entry->getOperand(0)->stripPointerCasts());
    auto *Str = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!GV || !Str || !Str->hasInitializer())
      continue;
    auto *Data = dyn_cast<ConstantDataArray>(Str->getInitializer());
    if (Data && Data->isCString() && Data->getAsCString() == "loom.managed")
      Out.push_back(GV);
  }
  return Out;
}

} // namespace

PreservedAnalyses ManagedVariablesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<GlobalVariable *, 4> Managed = annotatedManaged(M);
  // Annotations mean nothing to the host code generator.
  if (GlobalVariable *A = M.getGlobalVariable("llvm.global.annotations"))
    A->eraseFromParent();
  if (Managed.empty())
    return PreservedAnalyses::none();
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  for (GlobalVariable *GV : Managed) {
    auto *Slot = new GlobalVariable(M, Ptr, false, GlobalValue::InternalLinkage,
                                    ConstantPointerNull::get(Ptr),
                                    GV->getName() + ".loom.managed");
    Slot->setAlignment(Align(8));
    Slot->setMetadata(ManagedSlotMD, MDNode::get(Ctx, {}));
    GV->setMetadata(ManagedVarMD, MDNode::get(Ctx, {ValueAsMetadata::get(Slot)}));
    // Uses inside functions (through constant expressions too) read the slot.
    replaceUsesWithPointer(*GV, [&](IRBuilder<> &B) {
      return B.CreateAlignedLoad(Ptr, Slot, Align(8), GV->getName() + ".managed");
    });
  }
  return PreservedAnalyses::none();
}

} // namespace loom
