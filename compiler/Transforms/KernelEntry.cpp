//===- KernelEntry.cpp - the runtime's way into a kernel -------------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/KernelEntry.h"

#include "Support/Diagnostics.h"
#include "Support/LaunchABI.h"
#include "Transforms/EliminateBarriers.h"
#include "Transforms/LowerSharedMemory.h"
#include "Transforms/ThreadLoops.h"
#include "Transforms/VectorizeKernels.h"

#include "llvm/ADT/FloatingPointMode.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsAArch64.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<unsigned> RowWalkThreads(
    "loom-row-walk-threads", cl::init(512), cl::Hidden,
    cl::desc("Most threads along x that one row walk of a barrier-free kernel "
             "covers (consecutive blocks of a grid row in one call)"));

/// Whether \p I computes in double precision: arithmetic, comparisons,
/// conversions and intrinsics with a double (or vector of double) result or
/// operand. Loads, stores, phis and selects only move values.
bool computesInDouble(const Instruction &I) {
  auto IsDouble = [](const Type *T) { return T->getScalarType()->isDoubleTy(); };
  if (!isa<BinaryOperator>(I) && !isa<UnaryOperator>(I) && !isa<FCmpInst>(I) &&
      !isa<CastInst>(I) && !isa<CallBase>(I))
    return false;
  if (isa<MemIntrinsic>(I) || isa<DbgInfoIntrinsic>(I))
    return false;
  if (IsDouble(I.getType()))
    return true;
  for (const Use &U : I.operands())
    if (IsDouble(U->getType()))
      return true;
  return false;
}

/// -ftz=true in code, for a kernel the CPU's flush mode cannot serve: each
/// single-precision operation (arithmetic, comparison, conversion, math
/// intrinsic) reads its float operands and writes its float result through
/// a flush, |x| < 2^-126 ? copysign(0, x) : x, as a GPU's .ftz forms do.
/// Loads, stores, phis and selects move values unchanged, as on a GPU.
void flushFloatsInCode(Function &F) {
  auto IsF32 = [](const Type *T) { return T->getScalarType()->isFloatTy(); };
  SmallVector<Instruction *, 32> Ops;
  for (Instruction &I : instructions(F)) {
    bool Op = isa<BinaryOperator>(I) || isa<UnaryOperator>(I) || isa<FCmpInst>(I) ||
              isa<FPTruncInst>(I) || isa<FPExtInst>(I) || isa<FPToSIInst>(I) ||
              isa<FPToUIInst>(I) ||
              (isa<IntrinsicInst>(I) && !I.mayReadOrWriteMemory() && !isa<DbgInfoIntrinsic>(I));
    if (!Op)
      continue;
    bool Float = IsF32(I.getType());
    for (const Use &U : I.operands())
      Float |= IsF32(U->getType());
    if (Float)
      Ops.push_back(&I);
  }
  IRBuilder<> B(F.getContext());
  // Results already flushed (one operation's result read by the next).
  SmallPtrSet<Value *, 32> Flushed;
  auto Flush = [&](Value *V) -> Value * {
    Type *T = V->getType();
    Value *Tiny = B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, V),
                                  ConstantFP::get(T, 0x1p-126), "ftz.tiny");
    Value *R = B.CreateSelect(Tiny, B.CreateCopySign(ConstantFP::get(T, 0.0), V), V, "ftz");
    Flushed.insert(R);
    return R;
  };
  for (Instruction *I : Ops) {
    B.SetInsertPoint(I);
    for (Use &U : I->operands())
      if (IsF32(U->getType()) && !isa<Constant>(U.get()) && !Flushed.count(U.get()))
        U.set(Flush(U.get()));
    if (IsF32(I->getType())) {
      B.SetInsertPoint(I->getNextNode());
      // Placeholder uses first, so the flush's own operand stays I.
      auto *Tmp = new FreezeInst(PoisonValue::get(I->getType()));
      I->replaceAllUsesWith(Tmp);
      Value *R = Flush(I);
      Tmp->replaceAllUsesWith(R);
      Tmp->deleteValue();
    }
  }
}

/// -ftz=true (docs/pipeline.md, "Flushing denormals"): the device functions
/// carry clang's "denormal-fp-math-f32"="preserve-sign". The CPU's flush
/// modes (x86 MXCSR FTZ and DAZ, AArch64 FPCR.FZ) do that for every
/// operation the entry runs, doubles included, so they are set only for a
/// kernel that computes nothing in double precision; a kernel that does
/// keeps IEEE denormals for its floats too (a remark says so), and loses the
/// attribute so that constant folding agrees with the code.
void flushDenormals(Function &Entry, ArrayRef<Function *> Versions) {
  Function &Block = *Versions.front();
  if (!Block.getDenormalModeF32Raw().outputsAreZero())
    return;
  const Instruction *Double = nullptr;
  for (Function *F : Versions)
    for (const Instruction &I : instructions(*F))
      if (!Double && computesInDouble(I))
        Double = &I;
  if (Double) {
    // Flush in code: every single-precision operation's operands and
    // result. The functions lose the attribute, so the optimizer keeps the
    // flushes (it would otherwise fold them as a no-op of the flush mode).
    OptimizationRemarkEmitter ORE(&Block);
    ORE.emit([&] {
      return OptimizationRemark("loom-kernel-entry", "FlushDenormals",
                                userLine(Double->getDebugLoc()), Double->getParent())
             << "kernel '" << Block.getFnAttribute(BlockOfAttr).getValueAsString()
             << "' computes in double precision: -ftz=true flushes its single-precision "
                "denormals in code (the CPU's flush mode would flush doubles too)";
    });
    for (Function *F : Versions) {
      F->removeFnAttr("denormal-fp-math-f32");
      flushFloatsInCode(*F);
    }
    return;
  }
  Entry.addFnAttr(Block.getFnAttribute("denormal-fp-math-f32"));
  Module &M = *Entry.getParent();
  Triple TT(M.getTargetTriple());
  IRBuilder<> B(&*Entry.getEntryBlock().getFirstInsertionPt());
  SmallVector<ReturnInst *, 1> Returns;
  for (BasicBlock &BB : Entry)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(R);
  if (TT.isX86()) {
    // MXCSR bit 15 (FTZ: denormal results are zero) and bit 6 (DAZ:
    // denormal operands read as zero).
    Function *Get = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::x86_sse_stmxcsr);
    Function *Set = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::x86_sse_ldmxcsr);
    AllocaInst *Saved = B.CreateAlloca(B.getInt32Ty(), nullptr, "mxcsr.saved");
    AllocaInst *Flush = B.CreateAlloca(B.getInt32Ty(), nullptr, "mxcsr.ftz");
    B.CreateCall(Get, {Saved});
    B.CreateStore(B.CreateOr(B.CreateLoad(B.getInt32Ty(), Saved), B.getInt32(0x8040)), Flush);
    B.CreateCall(Set, {Flush});
    for (ReturnInst *R : Returns) {
      B.SetInsertPoint(R);
      B.CreateCall(Set, {Saved});
    }
  } else if (TT.isAArch64()) {
    // FPCR bit 24 (FZ): denormal operands and results are zero.
    Function *Get = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::aarch64_get_fpcr);
    Function *Set = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::aarch64_set_fpcr);
    Value *Saved = B.CreateCall(Get, {}, "fpcr.saved");
    B.CreateCall(Set, {B.CreateOr(Saved, B.getInt64(1u << 24))});
    for (ReturnInst *R : Returns) {
      B.SetInsertPoint(R);
      B.CreateCall(Set, {Saved});
    }
  } else {
    reportUnsupported(Block, nullptr,
                      "-ftz=true on this host architecture (" + TT.getArchName() +
                          "): Loom sets flush-to-zero on x86-64 and AArch64 only");
  }
}

/// With debug info (-G, -lineinfo), the entry gets an artificial subprogram
/// at the kernel's line and its instructions that location: the optimizer
/// inlines the block function into the entry, and an inlined call without a
/// location loses the kernel's line table and variables (gdb could then
/// break only on the entry's address, not on a kernel line).
void describeEntry(Function &Entry, Function &Block) {
  DISubprogram *SP = Block.getSubprogram();
  if (!SP || !SP->getUnit())
    return;
  DIBuilder DIB(*Entry.getParent(), /*AllowUnresolved=*/false, SP->getUnit());
  DISubprogram *EntrySP = DIB.createFunction(
      SP->getFile(), Entry.getName(), StringRef(), SP->getFile(), SP->getLine(),
      DIB.createSubroutineType(DIB.getOrCreateTypeArray({})), SP->getScopeLine(),
      DINode::FlagArtificial,
      DISubprogram::SPFlagDefinition |
          (SP->isOptimized() ? DISubprogram::SPFlagOptimized : DISubprogram::SPFlagZero));
  Entry.setSubprogram(EntrySP);
  DebugLoc Loc = DILocation::get(Entry.getContext(), SP->getLine(), 0, EntrySP);
  for (Instruction &I : instructions(Entry))
    I.setDebugLoc(Loc);
  DIB.finalizeSubprogram(EntrySP);
}

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
  if (Block.hasFnAttribute(WarpGangFlatBlockAttr))
    // Other 2D blocks (warps spanning rows).
    Alts.push_back(
        {M.getFunction(Block.getFnAttribute(WarpGangFlatBlockAttr).getValueAsString()),
         B.CreateICmpEQ(ABI.loadDim(B, Launch, false, 2), B.getInt32(1), "two.dim.block"),
         "warp.gangs.flat"});
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
  SmallVector<Function *, 3> Versions{&Block};
  for (const Alternative &A : Alts)
    Versions.push_back(A.Fn);
  flushDenormals(*Entry, Versions);
  describeEntry(*Entry, Block);
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
