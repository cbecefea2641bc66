//===- LowerAddressSpaces.cpp - one flat address space for the CPU ---------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/LowerAddressSpaces.h"

#include "Support/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace loom {

namespace {

/// Maps every type to the same type with all pointers in address space 0.
class FlatTypes {
public:
  explicit FlatTypes(LLVMContext &Ctx) : Ctx(Ctx) {}

  Type *get(Type *T) {
    auto It = Cache.find(T);
    if (It != Cache.end())
      return It->second;
    Type *R = compute(T);
    Cache[T] = R;
    return R;
  }

private:
  Type *compute(Type *T) {
    if (T->isPointerTy())
      return PointerType::get(Ctx, 0);
    if (auto *VT = dyn_cast<VectorType>(T))
      return VectorType::get(get(VT->getElementType()), VT->getElementCount());
    if (auto *AT = dyn_cast<ArrayType>(T))
      return ArrayType::get(get(AT->getElementType()), AT->getNumElements());
    if (auto *FT = dyn_cast<FunctionType>(T)) {
      SmallVector<Type *, 8> Params;
      for (Type *P : FT->params())
        Params.push_back(get(P));
      return FunctionType::get(get(FT->getReturnType()), Params, FT->isVarArg());
    }
    if (auto *ST = dyn_cast<StructType>(T)) {
      if (ST->isOpaque())
        return ST;
      SmallVector<Type *, 8> Elems;
      bool Changed = false;
      for (Type *E : ST->elements()) {
        Elems.push_back(get(E));
        Changed |= Elems.back() != E;
      }
      if (!Changed)
        return ST;
      if (ST->isLiteral())
        return StructType::get(Ctx, Elems, ST->isPacked());
      return StructType::create(Ctx, Elems, (ST->getName() + ".flat").str(),
                                ST->isPacked());
    }
    return T;
  }

  LLVMContext &Ctx;
  DenseMap<Type *, Type *> Cache;
};

class Flattener {
public:
  Flattener(Module &M) : M(M), Types(M.getContext()) {}
  bool run();

private:
  Constant *flatten(Constant *C);
  void flattenInstruction(Instruction &I);
  GlobalVariable *flattenGlobal(GlobalVariable &GV);
  Function *flattenIntrinsic(Function &F);

  Module &M;
  FlatTypes Types;
  DenseMap<Constant *, Constant *> Map; // old global/intrinsic -> new
  DenseMap<Constant *, Constant *> ConstCache;
  bool Failed = false;
};

Constant *Flattener::flatten(Constant *C) {
  if (auto It = Map.find(C); It != Map.end())
    return It->second;
  if (isa<GlobalValue>(C))
    return C;
  if (auto It = ConstCache.find(C); It != ConstCache.end())
    return It->second;
  Type *NewTy = Types.get(C->getType());
  Constant *R = C;
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    SmallVector<Constant *, 4> Ops;
    bool Changed = NewTy != C->getType();
    for (Value *Op : CE->operands()) {
      Ops.push_back(flatten(cast<Constant>(Op)));
      Changed |= Ops.back() != Op;
    }
    if (CE->getOpcode() == Instruction::AddrSpaceCast &&
        Ops[0]->getType() == NewTy)
      R = Ops[0];
    else if (Changed) {
      Type *SrcElem = nullptr;
      if (auto *GEP = dyn_cast<GEPOperator>(CE))
        SrcElem = Types.get(GEP->getSourceElementType());
      R = CE->getWithOperands(Ops, NewTy, false, SrcElem);
    }
  } else if (isa<ConstantAggregate>(C)) {
    SmallVector<Constant *, 8> Elems;
    bool Changed = NewTy != C->getType();
    for (Value *Op : C->operands()) {
      Elems.push_back(flatten(cast<Constant>(Op)));
      Changed |= Elems.back() != Op;
    }
    if (Changed) {
      if (auto *ST = dyn_cast<StructType>(NewTy))
        R = ConstantStruct::get(ST, Elems);
      else if (auto *AT = dyn_cast<ArrayType>(NewTy))
        R = ConstantArray::get(AT, Elems);
      else
        R = ConstantVector::get(Elems);
    }
  } else if (NewTy != C->getType()) {
    if (isa<ConstantPointerNull>(C))
      R = ConstantPointerNull::get(cast<PointerType>(NewTy));
    else if (isa<PoisonValue>(C))
      R = PoisonValue::get(NewTy);
    else if (isa<UndefValue>(C))
      R = UndefValue::get(NewTy);
    else if (isa<ConstantAggregateZero>(C))
      R = ConstantAggregateZero::get(NewTy);
    else
      R = Constant::getNullValue(NewTy); // only zero-like constants carry pointers
  }
  ConstCache[C] = R;
  return R;
}

GlobalVariable *Flattener::flattenGlobal(GlobalVariable &GV) {
  auto *NG = new GlobalVariable(
      M, Types.get(GV.getValueType()), GV.isConstant(), GV.getLinkage(),
      /*Initializer=*/nullptr, "", &GV, GV.getThreadLocalMode(), GenericAS,
      GV.isExternallyInitialized());
  NG->takeName(&GV);
  NG->copyAttributesFrom(&GV);
  NG->copyMetadata(&GV, 0);
  LLVMContext &Ctx = M.getContext();
  if (GV.getAddressSpace() == SharedAS)
    NG->setMetadata("loom.shared", MDNode::get(Ctx, {}));
  else if (GV.getAddressSpace() == ConstantAS)
    NG->setMetadata("loom.constant", MDNode::get(Ctx, {}));
  return NG;
}

Function *Flattener::flattenIntrinsic(Function &F) {
  auto *NewFT = cast<FunctionType>(Types.get(F.getFunctionType()));
  SmallVector<Type *, 4> Overloads;
  if (!Intrinsic::getIntrinsicSignature(F.getIntrinsicID(), NewFT, Overloads))
    return nullptr;
  return Intrinsic::getOrInsertDeclaration(&M, F.getIntrinsicID(), Overloads);
}

void Flattener::flattenInstruction(Instruction &I) {
  for (Use &U : I.operands())
    if (auto *C = dyn_cast<Constant>(U.get()); C && !isa<BasicBlock>(U.get()))
      if (Constant *N = flatten(C); N != C)
        U.set(N);
  if (auto *AI = dyn_cast<AllocaInst>(&I))
    AI->setAllocatedType(Types.get(AI->getAllocatedType()));
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    GEP->setSourceElementType(Types.get(GEP->getSourceElementType()));
    GEP->setResultElementType(Types.get(GEP->getResultElementType()));
  }
  if (auto *CB = dyn_cast<CallBase>(&I))
    CB->mutateFunctionType(cast<FunctionType>(Types.get(CB->getFunctionType())));
  I.mutateType(Types.get(I.getType()));
}

bool Flattener::run() {
  // Intrinsic declarations overloaded on pointer address spaces get their
  // address-space-0 twins; other functions must not mention other spaces.
  for (Function &F : make_early_inc_range(M)) {
    if (Types.get(F.getFunctionType()) == F.getFunctionType())
      continue;
    if (F.isIntrinsic()) {
      if (Function *NF = flattenIntrinsic(F)) {
        Map[&F] = NF;
        continue;
      }
    }
    reportUnsupported(F, nullptr,
                      "function '" + F.getName() +
                          "' takes or returns an address-space-qualified pointer");
    Failed = true;
  }
  SmallVector<GlobalVariable *, 16> OldGlobals;
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() != GenericAS ||
        Types.get(GV.getValueType()) != GV.getValueType())
      OldGlobals.push_back(&GV);
  for (GlobalVariable *GV : OldGlobals)
    Map[GV] = flattenGlobal(*GV);

  for (GlobalVariable &GV : M.globals())
    if (GV.hasInitializer() && !Map.count(&GV))
      GV.setInitializer(flatten(GV.getInitializer()));
  for (auto &[Old, New] : Map)
    if (auto *OldGV = dyn_cast<GlobalVariable>(Old); OldGV && OldGV->hasInitializer())
      cast<GlobalVariable>(New)->setInitializer(flatten(OldGV->getInitializer()));

  SmallVector<Instruction *, 32> DeadCasts;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      flattenInstruction(I);
      if (auto *Cast = dyn_cast<AddrSpaceCastInst>(&I))
        DeadCasts.push_back(Cast);
    }
  for (Instruction *Cast : DeadCasts) {
    if (Cast->getOperand(0)->getType() == Cast->getType()) {
      Cast->replaceAllUsesWith(Cast->getOperand(0));
      Cast->eraseFromParent();
    }
  }

  for (auto &[Old, New] : Map) {
    Old->removeDeadConstantUsers();
    if (auto *GV = dyn_cast<GlobalValue>(Old)) {
      if (!GV->use_empty())
        GV->replaceAllUsesWith(PoisonValue::get(GV->getType()));
      GV->eraseFromParent();
    }
  }
  return !Failed;
}

} // namespace

PreservedAnalyses LowerAddressSpacesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  Flattener(M).run();
  return PreservedAnalyses::none();
}

} // namespace loom
