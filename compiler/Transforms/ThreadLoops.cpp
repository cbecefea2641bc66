//===- ThreadLoops.cpp - run a CUDA block as loops over its threads --------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ThreadLoops.h"

#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"
#include "Transforms/BarrierRegions.h"
#include "Transforms/ThreadLoopNest.h"
#include "Transforms/VectorizeKernels.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace loom {

namespace {

/// Clones kernel \p K into a new internal function with the block-function
/// signature; returns it with its extra arguments named.
Function *cloneAsBlockFunction(Function &K) {
  LLVMContext &Ctx = K.getContext();
  SmallVector<Type *, 16> Params(K.getFunctionType()->params());
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *I32 = Type::getInt32Ty(Ctx);
  Params.append({Ptr, Ptr, I32, I32, I32});
  auto *FT = FunctionType::get(Type::getVoidTy(Ctx), Params, false);
  Function *NF = Function::Create(FT, GlobalValue::InternalLinkage,
                                  K.getName() + ".block", K.getParent());
  ValueToValueMapTy VMap;
  auto NewArg = NF->arg_begin();
  for (Argument &A : K.args()) {
    NewArg->setName(A.getName());
    VMap[&A] = &*NewArg++;
  }
  for (const char *Name : {"launch", "worker", "bx", "by", "bz"})
    (NewArg++)->setName(Name);
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(NF, &K, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  // CloneFunctionInto copied K's visibility and dso_local flag; an internal
  // function must be default-visibility dso_local (setLinkage does both).
  NF->setLinkage(GlobalValue::InternalLinkage);
  NF->setCallingConv(CallingConv::C);
  NF->removeFnAttr(KernelAttr);
  NF->addFnAttr(BlockOfAttr, K.getName());
  NF->addFnAttr(KernelArgCountAttr, std::to_string(K.arg_size()));
  NF->addFnAttr(Attribute::AlwaysInline);
  NF->removeFnAttr(Attribute::NoInline);
  NF->removeFnAttr(Attribute::OptimizeNone);
  return NF;
}

/// A barrier-free kernel is one parallel region: its whole body runs inside
/// one thread loop nest.
void buildSingleRegion(Function &F, unsigned NumKernelArgs) {
  BasicBlock *Body = &F.getEntryBlock();
  SmallVector<ReturnInst *, 4> Returns;
  SmallVector<BasicBlock *, 32> BodyBlocks;
  for (BasicBlock &BB : F) {
    BodyBlocks.push_back(&BB);
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
  }
  BlockContext BC = createBlockEntry(F, NumKernelArgs);
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Exit = BasicBlock::Create(Ctx, "block.exit");
  ReturnInst::Create(Ctx, Exit);
  ThreadLoopNest Nest = createThreadLoopNest(F, Body, BC.BlockDim, Exit, "");
  Exit->insertInto(&F);
  BranchInst::Create(Nest.Entry, BC.Entry);
  BranchInst::Create(Body, Nest.ThreadBody);
  for (ReturnInst *Ret : Returns) {
    BranchInst::Create(Nest.NextThread, Ret->getIterator());
    Ret->eraseFromParent();
  }
  privatizeWrittenByvalArgs(F, NumKernelArgs, BC.Entry, &*Body->getFirstInsertionPt());
  markParallel(Nest, BodyBlocks);
  Value *Tid[3] = {Nest.ThreadIdx[0], Nest.ThreadIdx[1], Nest.ThreadIdx[2]};
  replaceIndexMarkers(BodyBlocks, BC, Tid);
}

bool hasBarrier(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (std::optional<Marker> M = getMarker(*CB); M && isBarrier(*M))
        return true;
  return false;
}

} // namespace

PreservedAnalyses ThreadLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (isKernel(F) && !F.isDeclaration())
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  auto BuildBlock = [this](Function &Body, unsigned NumArgs) {
    Function *Block = cloneAsBlockFunction(Body);
    if (hasBarrier(*Block))
      formBarrierRegions(*Block, NumArgs, UniformRegions);
    else
      buildSingleRegion(*Block, NumArgs);
    return Block;
  };
  for (Function *K : Kernels) {
    Function *Block = BuildBlock(*K, K->arg_size());
    // A warp-gang version (VectorizeKernels) gets its own block function;
    // the kernel's entry chooses between the two per launch.
    if (K->hasFnAttribute(WarpGangAttr)) {
      Function *Gang =
          M.getFunction(K->getFnAttribute(WarpGangAttr).getValueAsString());
      Function *GangBlock = BuildBlock(*Gang, K->arg_size());
      GangBlock->removeFnAttr(BlockOfAttr);
      Block->addFnAttr(WarpGangBlockAttr, GangBlock->getName());
      Block->removeFnAttr(WarpGangAttr);
      Gang->eraseFromParent();
    }
    K->replaceAllUsesWith(PoisonValue::get(K->getType()));
    K->eraseFromParent();
  }

  // Markers left in other functions (not inlined: recursion, indirect calls)
  // have no thread to refer to.
  for (Function &F : M) {
    std::optional<Marker> Kind = getMarker(F);
    if (!Kind || markerShape(*Kind) != MarkerShape::Index)
      continue;
    for (User *U : F.users())
      if (auto *I = dyn_cast<Instruction>(U))
        reportUnsupported(*I->getFunction(), I,
                          "threadIdx/blockIdx/blockDim/gridDim read in a "
                          "__device__ function that cannot be inlined into its "
                          "kernel (recursive or called through a pointer)");
  }
  return PreservedAnalyses::none();
}

} // namespace loom
