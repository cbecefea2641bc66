//===- ThreadLoops.cpp - run a CUDA block as loops over its threads --------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ThreadLoops.h"

#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace loom {

namespace {

/// The values a block function's body reads instead of markers.
struct BlockValues {
  Value *Launch;
  Value *Worker;
  Value *BlockIdx[3];
  Value *BlockDim[3];
  Value *GridDim[3];
  Value *ThreadIdx[3];
};

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

/// True when every use of \p Ptr (through GEPs and casts) only reads.
bool onlyReadThrough(Value *Ptr) {
  SmallVector<Value *, 8> Work{Ptr};
  SmallPtrSet<Value *, 8> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      if (isa<LoadInst>(U))
        continue;
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U)) {
        Work.push_back(U);
        continue;
      }
      if (auto *MT = dyn_cast<MemTransferInst>(U); MT && MT->getSource() == V &&
                                                   MT->getDest() != V)
        continue;
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        continue;
      return false;
    }
  }
  return true;
}

/// Memory-touching instructions get \p Group so the x loop may be declared
/// free of dependences between iterations (threads).
void addAccessGroup(Instruction &I, MDNode *Group) {
  if (I.mayReadOrWriteMemory())
    I.setMetadata(LLVMContext::MD_access_group, Group);
}

class BlockBuilder {
public:
  BlockBuilder(Function &F, unsigned NumKernelArgs)
      : F(F), M(*F.getParent()), Ctx(F.getContext()), ABI(Ctx),
        NumKernelArgs(NumKernelArgs) {}
  void build();

private:
  void createEntry();
  void copyWrittenByvalArgs(BasicBlock *BodyStart);
  void replaceMarkers();

  Function &F;
  Module &M;
  LLVMContext &Ctx;
  LaunchABI ABI;
  unsigned NumKernelArgs;
  BlockValues V{};
  BasicBlock *Entry = nullptr;
};

void BlockBuilder::createEntry() {
  BasicBlock *Body = &F.getEntryBlock();
  SmallVector<ReturnInst *, 4> Returns;
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(Ret);
  // Static allocas live for the whole block call, outside the thread loops.
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : *Body)
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && AI->isStaticAlloca())
      Allocas.push_back(AI);
  Entry = BasicBlock::Create(Ctx, "block.entry", &F, Body);
  for (AllocaInst *AI : Allocas)
    AI->moveBefore(Entry->end());

  IRBuilder<> B(Entry);
  auto Arg = F.arg_begin() + NumKernelArgs;
  V.Launch = &*Arg++;
  V.Worker = &*Arg++;
  for (unsigned D = 0; D < 3; ++D)
    V.BlockIdx[D] = &*Arg++;
  for (unsigned D = 0; D < 3; ++D) {
    V.BlockDim[D] = ABI.loadDim(B, V.Launch, /*Grid=*/false, D);
    V.GridDim[D] = ABI.loadDim(B, V.Launch, /*Grid=*/true, D);
  }

  // Loop nest z { y { x { body } } }, each loop in do-while form: the
  // runtime never launches a block with a zero dimension.
  const char *DimName[3] = {"x", "y", "z"};
  BasicBlock *Header[3], *Latch[3];
  for (int D = 2; D >= 0; --D)
    Header[D] = BasicBlock::Create(Ctx, Twine("thread.") + DimName[D], &F, Body);
  for (unsigned D = 0; D < 3; ++D)
    Latch[D] = BasicBlock::Create(Ctx, Twine("thread.") + DimName[D] + ".next", &F);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "block.exit", &F);

  // Every return ends one thread.
  for (ReturnInst *Ret : Returns) {
    BranchInst::Create(Latch[0], Ret->getIterator());
    Ret->eraseFromParent();
  }

  B.CreateBr(Header[2]);
  PHINode *Idx[3];
  BasicBlock *Pred[3] = {Header[1], Header[2], Entry};
  for (int D = 2; D >= 0; --D) {
    B.SetInsertPoint(Header[D]);
    Idx[D] = B.CreatePHI(B.getInt32Ty(), 2, Twine("tid.") + DimName[D]);
    Idx[D]->addIncoming(B.getInt32(0), Pred[D]);
    B.CreateBr(D == 0 ? Body : Header[D - 1]);
    V.ThreadIdx[D] = Idx[D];
  }
  for (unsigned D = 0; D < 3; ++D) {
    B.SetInsertPoint(Latch[D]);
    Value *Next = B.CreateAdd(Idx[D], B.getInt32(1), Twine("tid.") + DimName[D] + ".inc",
                              /*HasNUW=*/true, /*HasNSW=*/true);
    Idx[D]->addIncoming(Next, Latch[D]);
    Value *More = B.CreateICmpULT(Next, V.BlockDim[D]);
    BranchInst *Br = B.CreateCondBr(More, Header[D], D == 2 ? Exit : Latch[D + 1]);
    if (D == 0) {
      MDNode *Group = MDNode::getDistinct(Ctx, {});
      for (BasicBlock &BB : F)
        if (&BB != Entry)
          for (Instruction &I : BB)
            addAccessGroup(I, Group);
      MDNode *Parallel = MDNode::get(
          Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), Group});
      MDNode *Loop = MDNode::getDistinct(Ctx, {nullptr, Parallel});
      Loop->replaceOperandWith(0, Loop);
      Br->setMetadata(LLVMContext::MD_loop, Loop);
    }
  }
  B.SetInsertPoint(Exit);
  B.CreateRetVoid();

  copyWrittenByvalArgs(Body);
}

void BlockBuilder::copyWrittenByvalArgs(BasicBlock *BodyStart) {
  const DataLayout &DL = M.getDataLayout();
  for (unsigned I = 0; I < NumKernelArgs; ++I) {
    Argument *A = F.getArg(I);
    Type *ByVal = A->getParamByValType();
    if (!ByVal || onlyReadThrough(A))
      continue;
    // All threads (and all workers) share the launch's copy of the
    // argument; a thread that writes its parameter gets its own copy.
    IRBuilder<> B(Entry, Entry->getFirstInsertionPt());
    Align Al = A->getParamAlign().value_or(DL.getABITypeAlign(ByVal));
    AllocaInst *Copy = B.CreateAlloca(ByVal, nullptr, A->getName() + ".thread");
    Copy->setAlignment(Al);
    A->replaceAllUsesWith(Copy);
    B.SetInsertPoint(BodyStart, BodyStart->getFirstInsertionPt());
    B.CreateMemCpy(Copy, Al, A, Al, DL.getTypeAllocSize(ByVal));
  }
}

void BlockBuilder::replaceMarkers() {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *Call = dyn_cast<CallInst>(&I);
    if (!Call)
      continue;
    std::optional<Marker> Kind = getMarker(*Call);
    if (!Kind)
      continue;
    Value *R = nullptr;
    unsigned D = markerDimension(*Kind);
    if (isThreadIndex(*Kind))
      R = V.ThreadIdx[D];
    else if (isBlockIndex(*Kind))
      R = V.BlockIdx[D];
    else if (isBlockDim(*Kind))
      R = V.BlockDim[D];
    else if (isGridDim(*Kind))
      R = V.GridDim[D];
    if (!R)
      continue;
    Call->replaceAllUsesWith(R);
    Call->eraseFromParent();
  }
}

void BlockBuilder::build() {
  createEntry();
  replaceMarkers();
}

bool hasBarrier(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (getMarker(*CB) == Marker::Barrier) {
        reportUnsupported(F, &I,
                          "__syncthreads() is not supported yet (issue #3: "
                          "barriers and shared memory)");
        return true;
      }
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

  for (Function *K : Kernels) {
    if (hasBarrier(*K))
      continue;
    Function *Block = cloneAsBlockFunction(*K);
    BlockBuilder(*Block, K->arg_size()).build();
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
