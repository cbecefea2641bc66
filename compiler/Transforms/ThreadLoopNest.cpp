//===- ThreadLoopNest.cpp - a z/y/x loop nest over a block's threads -------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ThreadLoopNest.h"
#include "Transforms/VectorizeKernels.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Instructions.h"

#include <functional>

using namespace llvm;

namespace loom {

ThreadLoopNest createThreadLoopNest(Function &F, BasicBlock *InsertBefore,
                                    Value *const BlockDim[3], BasicBlock *Exit,
                                    const Twine &Name, Value *RowBlocks) {
  LLVMContext &Ctx = F.getContext();
  std::string Prefix = Name.isTriviallyEmpty() ? "" : (Name + ".").str();
  // Levels, outermost first: z, y, [the row's blocks], x.
  struct Level {
    const char *Dim;
    Value *Bound;
    unsigned Step;
    bool Row = *Dim == 'b';
    std::string Name = Row ? std::string("row.block") : std::string("tid.") + Dim;
    std::string Block = Row ? std::string("row.loop") : std::string("thread.") + Dim;
    BasicBlock *Header = nullptr, *Latch = nullptr;
    PHINode *Counter = nullptr;
  };
  SmallVector<Level, 4> Levels;
  Levels.push_back({"z", BlockDim[2], 1});
  Levels.push_back({"y", BlockDim[1], 1});
  if (RowBlocks)
    Levels.push_back({"b", RowBlocks, 1});
  // A gang kernel (VectorizeKernels) runs W threads per x iteration.
  Levels.push_back({"x", BlockDim[0], gangWidth(F)});
  for (Level &L : Levels)
    L.Header = BasicBlock::Create(Ctx, Prefix + L.Block, &F, InsertBefore);
  for (Level &L : reverse(Levels))
    L.Latch = BasicBlock::Create(Ctx, Prefix + L.Block + ".next", &F);
  IRBuilder<> B(Ctx);
  // A dedicated preheader is the nest's only entry edge.
  BasicBlock *Pre = BasicBlock::Create(Ctx, Prefix + "threads", &F, Levels[0].Header);
  BranchInst::Create(Levels[0].Header, Pre);
  ThreadLoopNest Nest{};
  for (unsigned I = 0; I < Levels.size(); ++I) {
    Level &L = Levels[I];
    B.SetInsertPoint(L.Header);
    L.Counter = B.CreatePHI(B.getInt32Ty(), 2, L.Name);
    L.Counter->addIncoming(B.getInt32(0), I == 0 ? Pre : Levels[I - 1].Header);
    if (I + 1 < Levels.size())
      B.CreateBr(Levels[I + 1].Header);
  }
  for (unsigned I = Levels.size(); I-- > 0;) {
    Level &L = Levels[I];
    B.SetInsertPoint(L.Latch);
    Value *Next = B.CreateAdd(L.Counter, B.getInt32(L.Step), L.Name + ".inc", true, true);
    L.Counter->addIncoming(Next, L.Latch);
    BranchInst *Br = B.CreateCondBr(B.CreateICmpULT(Next, L.Bound), L.Header,
                                    I == 0 ? Exit : Levels[I - 1].Latch);
    if (I + 1 == Levels.size())
      Nest.XLatch = Br;
  }
  Nest.ThreadIdx[2] = Levels[0].Counter;
  Nest.ThreadIdx[1] = Levels[1].Counter;
  Nest.ThreadIdx[0] = Levels.back().Counter;
  Nest.RowBlock = RowBlocks ? Levels[2].Counter : nullptr;
  Nest.Entry = Pre;
  Nest.ThreadBody = Levels.back().Header;
  Nest.NextThread = Levels.back().Latch;
  return Nest;
}

/// Allocas live outside the thread loops and every thread reuses them, so
/// accesses to them do carry dependences between iterations: they must not
/// be declared parallel (the vectorizer then sees and respects them; most
/// such allocas are promoted to registers before it runs anyway).
static bool touchesAlloca(const Instruction &I) {
  for (const Value *Op : I.operands())
    if (Op->getType()->isPointerTy() && isa<AllocaInst>(getUnderlyingObject(Op)))
      return true;
  return false;
}

void markParallel(ThreadLoopNest &Nest, ArrayRef<BasicBlock *> Blocks) {
  LLVMContext &Ctx = Nest.XLatch->getContext();
  MDNode *Group = MDNode::getDistinct(Ctx, {});
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (I.mayReadOrWriteMemory() && !touchesAlloca(I))
        I.setMetadata(LLVMContext::MD_access_group, Group);
  MDNode *Parallel =
      MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), Group});
  MDNode *Loop = MDNode::getDistinct(Ctx, {nullptr, Parallel});
  Loop->replaceOperandWith(0, Loop);
  Nest.XLatch->setMetadata(LLVMContext::MD_loop, Loop);
}

Value *linearThreadId(IRBuilder<> &B, const ThreadLoopNest &Nest,
                      Value *const BlockDim[3]) {
  Value *YZ = B.CreateAdd(Nest.ThreadIdx[1],
                          B.CreateMul(BlockDim[1], Nest.ThreadIdx[2], "", true, true),
                          "", true, true);
  return B.CreateAdd(Nest.ThreadIdx[0], B.CreateMul(BlockDim[0], YZ, "", true, true),
                     "tid.linear", true, true);
}

} // namespace loom

#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

namespace loom {

BlockContext createBlockEntry(Function &F, unsigned NumKernelArgs) {
  LLVMContext &Ctx = F.getContext();
  LaunchABI ABI(Ctx);
  BasicBlock *OldEntry = &F.getEntryBlock();
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : *OldEntry)
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && AI->isStaticAlloca())
      Allocas.push_back(AI);
  BlockContext BC{};
  BC.Entry = BasicBlock::Create(Ctx, "block.entry", &F, OldEntry);
  for (AllocaInst *AI : Allocas)
    AI->moveBefore(BC.Entry->end());
  IRBuilder<> B(BC.Entry);
  auto Arg = F.arg_begin() + NumKernelArgs;
  BC.Launch = &*Arg++;
  BC.Worker = &*Arg++;
  for (unsigned D = 0; D < 3; ++D)
    BC.BlockIdx[D] = &*Arg++;
  for (unsigned D = 0; D < 3; ++D) {
    BC.BlockDim[D] = ABI.loadDim(B, BC.Launch, /*Grid=*/false, D);
    BC.GridDim[D] = ABI.loadDim(B, BC.Launch, /*Grid=*/true, D);
    BC.NestDim[D] = BC.BlockDim[D];
  }
  if (F.hasFnAttribute(FlatThreadsAttr)) {
    BC.NestDim[0] = B.CreateMul(B.CreateMul(BC.BlockDim[0], BC.BlockDim[1], "", true, true),
                                BC.BlockDim[2], "block.threads", true, true);
    BC.NestDim[1] = BC.NestDim[2] = B.getInt32(1);
  }
  return BC;
}

void replaceIndexMarkers(ArrayRef<BasicBlock *> Blocks, const BlockContext &BC,
                         Value *const ThreadIdx[3]) {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : make_early_inc_range(*BB)) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call)
        continue;
      std::optional<Marker> Kind = getMarker(*Call);
      if (!Kind || markerShape(*Kind) != MarkerShape::Index)
        continue;
      unsigned D = markerDimension(*Kind);
      Value *R = isThreadIndex(*Kind)  ? ThreadIdx[D]
                 : isBlockIndex(*Kind) ? BC.BlockIdx[D]
                 : isBlockDim(*Kind)   ? BC.BlockDim[D]
                                       : BC.GridDim[D];
      Call->replaceAllUsesWith(R);
      Call->eraseFromParent();
    }
}

void describeThreadIndices(BasicBlock *ThreadBody, const BlockContext &BC,
                           Value *const ThreadIdx[3]) {
  Function &F = *ThreadBody->getParent();
  DISubprogram *SP = F.getSubprogram();
  Instruction *At = ThreadBody->getTerminator();
  if (!SP || !At || !SP->getUnit() ||
      SP->getUnit()->getEmissionKind() != DICompileUnit::FullDebug)
    return;
  LLVMContext &Ctx = F.getContext();
  DIBuilder DIB(*F.getParent(), /*AllowUnresolved=*/false, SP->getUnit());
  DIFile *File = SP->getFile();
  DIType *UInt = DIB.createBasicType("unsigned int", 32, dwarf::DW_ATE_unsigned);
  Metadata *Members[3];
  for (unsigned D = 0; D < 3; ++D)
    Members[D] = DIB.createMemberType(File, StringRef(&"xyz"[D], 1), File, 0, 32, 32, 32 * D,
                                      DINode::FlagZero, UInt);
  DINodeArray Fields = DIB.getOrCreateArray(Members);
  DICompositeType *UInt3 =
      DIB.createStructType(File, "uint3", File, 0, 96, 32, DINode::FlagZero, nullptr, Fields);
  DICompositeType *Dim3 =
      DIB.createStructType(File, "dim3", File, 0, 96, 32, DINode::FlagZero, nullptr, Fields);
  DILocation *Loc = DILocation::get(Ctx, SP->getScopeLine(), 0, SP);
  // In memory (a slot per block function, written as each thread starts):
  // gdb 13 cannot read a struct assembled from registers by pieces.
  Type *Ty = ArrayType::get(Type::getInt32Ty(Ctx), 3);
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  IRBuilder<> Body(At);
  auto Describe = [&](StringRef Name, DIType *VarTy, Value *const V[3]) {
    AllocaInst *Slot = Entry.CreateAlloca(Ty, nullptr, "debug." + Name);
    for (unsigned D = 0; D < 3; ++D)
      Body.CreateStore(V[D] && V[D]->getType()->isIntegerTy(32) ? V[D] : Body.getInt32(0),
                       Body.CreateConstInBoundsGEP2_32(Ty, Slot, 0, D));
    DILocalVariable *Var = DIB.createAutoVariable(SP, Name, File, SP->getLine(), VarTy,
                                                  /*AlwaysPreserve=*/false,
                                                  DINode::FlagArtificial);
    DIB.insertDeclare(Slot, Var, DIB.createExpression(), Loc, std::next(Slot->getIterator()));
  };
  Describe("threadIdx", UInt3, ThreadIdx);
  Describe("blockIdx", UInt3, BC.BlockIdx);
  Describe("blockDim", Dim3, BC.BlockDim);
  Describe("gridDim", Dim3, BC.GridDim);
}

void distinguishDebugScopes(ArrayRef<BasicBlock *> Blocks, unsigned Region) {
  if (Blocks.empty())
    return;
  DISubprogram *SP = Blocks.front()->getParent()->getSubprogram();
  if (!SP || !SP->getUnit() || SP->getUnit()->getEmissionKind() != DICompileUnit::FullDebug)
    return;
  LLVMContext &Ctx = Blocks.front()->getContext();
  DenseMap<DILocalScope *, DILexicalBlock *> Scopes;
  MapVector<DILexicalBlock *, Instruction *> FirstIn; // where each new block starts
  DenseMap<DILocation *, DILocation *> Done;
  // The kernel's own code moves into a child of its scope; code inlined
  // into it keeps its scopes and gets a call site moved so.
  std::function<DILocation *(DILocation *)> Remap = [&](DILocation *L) -> DILocation * {
    if (auto It = Done.find(L); It != Done.end())
      return It->second;
    DILocation *New;
    if (DILocation *At = L->getInlinedAt()) {
      New = DILocation::get(Ctx, L->getLine(), L->getColumn(), L->getScope(), Remap(At),
                            L->isImplicitCode());
    } else {
      DILexicalBlock *&Copy = Scopes[L->getScope()];
      if (!Copy)
        Copy = DILexicalBlock::getDistinct(Ctx, L->getScope(), L->getScope()->getFile(),
                                           L->getLine(), 0);
      New = DILocation::get(Ctx, L->getLine(), L->getColumn(), Copy, nullptr,
                            L->isImplicitCode());
    }
    Done[L] = New;
    return New;
  };
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      if (DILocation *L = I.getDebugLoc().get()) {
        DILocation *New = Remap(L);
        I.setDebugLoc(New);
        while (New->getInlinedAt())
          New = New->getInlinedAt();
        if (auto *Block = dyn_cast<DILexicalBlock>(New->getScope());
            Block && !isa<PHINode>(I))
          FirstIn.insert({Block, &I});
      }
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
        if (DILocation *L = R.getDebugLoc().get())
          R.setDebugLoc(Remap(L));
    }
  DIBuilder DIB(*Blocks.front()->getModule(), /*AllowUnresolved=*/false, SP->getUnit());
  DIType *UInt = DIB.createBasicType("unsigned int", 32, dwarf::DW_ATE_unsigned);
  for (auto [Block, At] : FirstIn) {
    DILocalVariable *Var = DIB.createAutoVariable(Block, "loom_region", Block->getFile(),
                                                  Block->getLine(), UInt,
                                                  /*AlwaysPreserve=*/false,
                                                  DINode::FlagArtificial);
    DIB.insertDbgValueIntrinsic(ConstantInt::get(Type::getInt32Ty(Ctx), Region), Var,
                                DIB.createExpression(),
                                DILocation::get(Ctx, Block->getLine(), 0, Block),
                                At->getIterator());
  }
}

namespace {
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
      if (auto *MT = dyn_cast<MemTransferInst>(U);
          MT && MT->getSource() == V && MT->getDest() != V)
        continue;
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        continue;
      return false;
    }
  }
  return true;
}
} // namespace

void privatizeWrittenByvalArgs(Function &F, unsigned NumKernelArgs,
                               BasicBlock *AllocaBlock, Instruction *CopyAt) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (unsigned I = 0; I < NumKernelArgs; ++I) {
    Argument *A = F.getArg(I);
    Type *ByVal = A->getParamByValType();
    if (!ByVal || onlyReadThrough(A))
      continue;
    IRBuilder<> B(AllocaBlock, AllocaBlock->getFirstInsertionPt());
    Align Al = A->getParamAlign().value_or(DL.getABITypeAlign(ByVal));
    AllocaInst *Copy = B.CreateAlloca(ByVal, nullptr, A->getName() + ".private");
    Copy->setAlignment(Al);
    A->replaceAllUsesWith(Copy);
    B.SetInsertPoint(CopyAt);
    B.CreateMemCpy(Copy, Al, A, Al, DL.getTypeAllocSize(ByVal));
  }
}

} // namespace loom
