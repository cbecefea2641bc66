//===- LowerSharedMemory.cpp - give every running block its own __shared__ -===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/LowerSharedMemory.h"

#include "Support/GlobalIndirection.h"
#include "loom/KernelABI.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
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

/// Places \p GV between two guard zones of LOOM_SHARED_GUARD_BYTES (the
/// same the runtime gives the dynamic buffer): a new thread-local
/// { guard, T, guard } takes its name and uses.
void addGuardZones(GlobalVariable &GV) {
  Module &M = *GV.getParent();
  LLVMContext &Ctx = M.getContext();
  auto *Guard = ArrayType::get(Type::getInt8Ty(Ctx), LOOM_SHARED_GUARD_BYTES);
  auto *Ty = StructType::get(Ctx, {Guard, GV.getValueType(), Guard});
  auto *NG = new GlobalVariable(M, Ty, false, GV.getLinkage(), UndefValue::get(Ty), "",
                                &GV, GlobalValue::GeneralDynamicTLSModel,
                                GV.getAddressSpace());
  NG->takeName(&GV);
  NG->setAlignment(std::max(GV.getAlign().valueOrOne(), Align(64)));
  NG->copyMetadata(&GV, 0);
  NG->setMetadata(SharedGuardMD,
                  MDNode::get(Ctx, ConstantAsMetadata::get(ConstantInt::get(
                                       Type::getInt64Ty(Ctx), LOOM_SHARED_GUARD_BYTES))));
  Constant *Idx[] = {ConstantInt::get(Type::getInt32Ty(Ctx), 0),
                     ConstantInt::get(Type::getInt32Ty(Ctx), 1)};
  GV.replaceAllUsesWith(ConstantExpr::getInBoundsGetElementPtr(Ty, NG, Idx));
  GV.eraseFromParent();
}

} // namespace

namespace {
/// The object \p Ptr points into when it is a block's shared memory: a
/// static __shared__ global, or the dynamic buffer's pointer variable.
const GlobalVariable *sharedObject(const Value *Ptr) {
  const Value *Obj = getUnderlyingObject(Ptr, /*MaxLookup=*/0);
  if (auto *GV = dyn_cast<GlobalVariable>(Obj))
    return GV->hasMetadata("loom.shared") ? GV : nullptr;
  if (auto *Ld = dyn_cast<LoadInst>(Obj)) {
    const Value *Addr = Ld->getPointerOperand();
    if (auto *II = dyn_cast<IntrinsicInst>(Addr);
        II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
      Addr = II->getArgOperand(0);
    if (auto *GV = dyn_cast<GlobalVariable>(Addr); GV && GV->getName() == DynamicSharedVar)
      return GV;
  }
  return nullptr;
}
} // namespace

bool pointsIntoSharedMemory(const Value *Ptr) { return sharedObject(Ptr); }

uint64_t sharedGuardBytes(const Value *Ptr) {
  const GlobalVariable *GV = sharedObject(Ptr);
  if (!GV)
    return 0;
  if (GV->getName() == DynamicSharedVar)
    return LOOM_SHARED_GUARD_BYTES;
  if (MDNode *MD = GV->getMetadata(SharedGuardMD); MD && MD->getNumOperands() == 1)
    if (auto *Bytes = mdconst::dyn_extract<ConstantInt>(MD->getOperand(0)))
      return Bytes->getZExtValue();
  return 0;
}

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
    // CUDA leaves shared memory uninitialized; an undef initializer lets the
    // variable live in .tbss.
    GV.setThreadLocalMode(GlobalValue::GeneralDynamicTLSModel);
    if (!GV.hasInitializer() || isa<UndefValue>(GV.getInitializer()))
      addGuardZones(GV);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
