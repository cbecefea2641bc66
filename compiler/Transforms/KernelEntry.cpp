//===- KernelEntry.cpp - the runtime's way into a kernel -------------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/KernelEntry.h"

#include "Support/LaunchABI.h"
#include "Transforms/EliminateBarriers.h"
#include "Transforms/LowerSharedMemory.h"
#include "Transforms/ThreadLoops.h"
#include "Transforms/VectorizeKernels.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<unsigned> RowWalkThreads(
    "loom-row-walk-threads", cl::init(512), cl::Hidden,
    cl::desc("Most threads along x that one row walk of a barrier-free kernel "
             "covers (consecutive blocks of a grid row in one call)"));

void buildEntry(Function &Block) {
  Module &M = *Block.getParent();
  LLVMContext &Ctx = M.getContext();
  LaunchABI ABI(Ctx);
  StringRef Kernel = Block.getFnAttribute(BlockOfAttr).getValueAsString();
  unsigned NumArgs = 0;
  Block.getFnAttribute(KernelArgCountAttr).getValueAsString().getAsInteger(10, NumArgs);

  Function *Entry = Function::Create(ABI.EntryType, GlobalValue::InternalLinkage,
                                     "loom.entry." + Kernel, M);
  Entry->addFnAttr(EntryOfAttr, Kernel);
  Entry->addFnAttr(Attribute::NoUnwind);
  Entry->setDSOLocal(true);
  auto A = Entry->arg_begin();
  Value *Launch = &*A++;
  Value *Args = &*A++;
  Value *Begin = &*A++;
  Value *End = &*A++;
  Value *Worker = &*A++;
  Launch->setName("launch");
  Args->setName("args");
  Begin->setName("block.begin");
  End->setName("block.end");
  Worker->setName("worker");
  Entry->addParamAttr(0, Attribute::NoAlias);
  Entry->addParamAttr(0, Attribute::ReadOnly);
  Entry->addParamAttr(1, Attribute::ReadOnly);

  BasicBlock *EntryBB = BasicBlock::Create(Ctx, "entry", Entry);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "blocks", Entry);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", Entry);
  IRBuilder<> B(EntryBB);
  const DataLayout &DL = M.getDataLayout();

  // Arguments, loaded once for the whole chunk of blocks.
  SmallVector<Value *, 16> CallArgs;
  for (unsigned I = 0; I < NumArgs; ++I) {
    Argument *P = Block.getArg(I);
    Value *Slot = B.CreateConstInBoundsGEP1_32(B.getPtrTy(), Args, I);
    Value *ArgPtr = B.CreateAlignedLoad(B.getPtrTy(), Slot, Align(8),
                                        "arg" + Twine(I) + ".ptr");
    if (P->hasByValAttr()) {
      CallArgs.push_back(ArgPtr);
      continue;
    }
    CallArgs.push_back(B.CreateAlignedLoad(P->getType(), ArgPtr,
                                           DL.getABITypeAlign(P->getType()),
                                           "arg" + Twine(I)));
  }
  // Dynamic shared memory (LowerSharedMemory): this worker's buffer.
  if (GlobalVariable *Dyn = M.getGlobalVariable(DynamicSharedVar, true))
    B.CreateAlignedStore(ABI.loadWorkerSharedMem(B, Worker),
                         B.CreateThreadLocalAddress(Dyn), Align(8));
  Value *GX = B.CreateZExt(ABI.loadDim(B, Launch, true, 0), B.getInt64Ty());
  Value *GY = B.CreateZExt(ABI.loadDim(B, Launch, true, 1), B.getInt64Ty());
  // A row walk covers at most RowWalkThreads threads along x (at least one
  // block): long enough for the prefetchers, short enough that what a
  // block's thread rows share (a matrix tile's columns) stays in cache.
  Value *RowCap = nullptr;
  if (Block.hasFnAttribute(RowWalkAttr)) {
    Value *BDX = B.CreateZExt(ABI.loadDim(B, Launch, false, 0), B.getInt64Ty());
    RowCap = B.CreateBinaryIntrinsic(
        Intrinsic::umax, B.CreateUDiv(B.getInt64(RowWalkThreads), BDX), B.getInt64(1), {},
        "row.cap");
  }
  // Other block functions for some launches, tried in order: the warp-gang
  // versions (rows that split into whole warps; one-dimensional blocks), or
  // the barrier-free version for the block shapes it was made for
  // (EliminateBarriers). The scalar block function runs the rest.
  struct Alternative {
    Function *Fn;
    Value *Use;
    const char *Name;
  };
  SmallVector<Alternative, 2> Alts;
  if (Block.hasFnAttribute(WarpGangBlockAttr)) {
    Value *BDX = ABI.loadDim(B, Launch, false, 0);
    Alts.push_back(
        {M.getFunction(Block.getFnAttribute(WarpGangBlockAttr).getValueAsString()),
         B.CreateICmpEQ(B.CreateAnd(BDX, B.getInt32(WarpSize - 1)), B.getInt32(0),
                        "rows.of.whole.warps"),
         "warp.gangs"});
  }
  if (Block.hasFnAttribute(WarpGangOneDimBlockAttr)) {
    Value *BDY = ABI.loadDim(B, Launch, false, 1);
    Value *BDZ = ABI.loadDim(B, Launch, false, 2);
    Value *OneY = B.CreateICmpEQ(BDY, B.getInt32(1));
    Value *OneZ = B.CreateICmpEQ(BDZ, B.getInt32(1));
    Alts.push_back(
        {M.getFunction(Block.getFnAttribute(WarpGangOneDimBlockAttr).getValueAsString()),
         B.CreateAnd(OneY, OneZ, "one.dim.block"), "warp.gangs.1d"});
  }
  if (Alts.empty() && Block.hasFnAttribute(ShapeVersionBlockAttr)) {
    Function *Alt = M.getFunction(Block.getFnAttribute(ShapeVersionBlockAttr).getValueAsString());
    Value *BlockDim[3];
    for (unsigned D = 0; D < 3; ++D)
      BlockDim[D] = ABI.loadDim(B, Launch, false, D);
    Alts.push_back({Alt, emitShapeTest(B, *Alt, BlockDim), "shape.version"});
  }
  // blockIdx of the chunk's first block; the loop then counts x, y and z
  // up instead of dividing per block.
  Value *Rest0 = B.CreateUDiv(Begin, GX);
  Value *BX0 = B.CreateURem(Begin, GX, "bx.first");
  Value *BY0 = B.CreateURem(Rest0, GY, "by.first");
  Value *BZ0 = B.CreateUDiv(Rest0, GY, "bz.first");
  Value *Any = B.CreateICmpULT(Begin, End);
  B.CreateCondBr(Any, Loop, Exit);

  B.SetInsertPoint(Loop);
  PHINode *Linear = B.CreatePHI(B.getInt64Ty(), 2, "block");
  Linear->addIncoming(Begin, EntryBB);
  PHINode *BX = B.CreatePHI(B.getInt64Ty(), 2, "block.x");
  PHINode *BY = B.CreatePHI(B.getInt64Ty(), 2, "block.y");
  PHINode *BZ = B.CreatePHI(B.getInt64Ty(), 2, "block.z");
  BX->addIncoming(BX0, EntryBB);
  BY->addIncoming(BY0, EntryBB);
  BZ->addIncoming(BZ0, EntryBB);
  // How many blocks this call runs: one, or for a row-walking block
  // function (ThreadLoops) the rest of the grid row, up to the chunk's end
  // and to RowCap blocks.
  Value *Step = B.getInt64(1);
  if (RowCap) {
    Value *RowLeft = B.CreateSub(GX, BX, "row.left", true, true);
    Value *ChunkLeft = B.CreateSub(End, Linear, "chunk.left", true, true);
    Step = B.CreateBinaryIntrinsic(
        Intrinsic::umin, B.CreateBinaryIntrinsic(Intrinsic::umin, RowLeft, ChunkLeft), RowCap, {},
        "row.blocks");
  }
  SmallVector<Value *, 24> Call(CallArgs.begin(), CallArgs.end());
  Call.append({Launch, Worker, B.CreateTrunc(BX, B.getInt32Ty(), "bx"),
               B.CreateTrunc(BY, B.getInt32Ty(), "by"),
               B.CreateTrunc(BZ, B.getInt32Ty(), "bz"), B.CreateTrunc(Step, B.getInt32Ty())});
  if (!Alts.empty()) {
    // The tests are the launch's, so the optimizer unswitches them out of
    // the loop.
    BasicBlock *Join = BasicBlock::Create(Ctx, "block.done", Entry);
    for (const Alternative &A : Alts) {
      BasicBlock *AltBB = BasicBlock::Create(Ctx, A.Name, Entry);
      BasicBlock *Next = BasicBlock::Create(Ctx, "next.version", Entry);
      B.CreateCondBr(A.Use, AltBB, Next);
      B.SetInsertPoint(AltBB);
      B.CreateCall(A.Fn, Call);
      B.CreateBr(Join);
      B.SetInsertPoint(Next);
    }
    B.GetInsertBlock()->setName("threads");
    B.CreateCall(&Block, Call);
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
  } else {
    B.CreateCall(&Block, Call);
  }
  Value *Next = B.CreateAdd(Linear, Step, "block.next", true, true);
  Value *XN = B.CreateAdd(BX, Step, "", true, true);
  Value *WrapX = B.CreateICmpEQ(XN, GX, "x.wraps");
  Value *YN = B.CreateAdd(BY, B.CreateZExt(WrapX, B.getInt64Ty()), "", true, true);
  Value *WrapY = B.CreateICmpEQ(YN, GY, "y.wraps");
  BasicBlock *Latch = B.GetInsertBlock();
  Linear->addIncoming(Next, Latch);
  BX->addIncoming(B.CreateSelect(WrapX, B.getInt64(0), XN, "block.x.next"), Latch);
  BY->addIncoming(B.CreateSelect(WrapY, B.getInt64(0), YN, "block.y.next"), Latch);
  BZ->addIncoming(B.CreateAdd(BZ, B.CreateZExt(WrapY, B.getInt64Ty()), "block.z.next", true,
                              true),
                  Latch);
  B.CreateCondBr(B.CreateICmpULT(Next, End), Loop, Exit);

  B.SetInsertPoint(Exit);
  B.CreateRetVoid();
}

} // namespace

PreservedAnalyses KernelEntryPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Blocks;
  for (Function &F : M)
    if (F.hasFnAttribute(BlockOfAttr))
      Blocks.push_back(&F);
  for (Function *F : Blocks)
    buildEntry(*F);
  return Blocks.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace loom
