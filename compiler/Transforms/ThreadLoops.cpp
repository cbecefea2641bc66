//===- ThreadLoops.cpp - run a CUDA block as loops over its threads --------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/ThreadLoops.h"

#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"
#include "Transforms/BarrierRegions.h"
#include "Transforms/EliminateBarriers.h"
#include "Transforms/ThreadLoopNest.h"
#include "Transforms/VectorizeKernels.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<bool> RowWalkOption(
    "loom-row-walk", cl::init(true), cl::Hidden,
    cl::desc("Run the blocks of a grid row together in barrier-free kernels "
             "that share nothing between blocks (x innermost across them)"));

/// Clones kernel \p K into a new internal function with the block-function
/// signature; returns it with its extra arguments named.
Function *cloneAsBlockFunction(Function &K) {
  LLVMContext &Ctx = K.getContext();
  SmallVector<Type *, 16> Params(K.getFunctionType()->params());
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *I32 = Type::getInt32Ty(Ctx);
  Params.append({Ptr, Ptr, I32, I32, I32, I32});
  auto *FT = FunctionType::get(Type::getVoidTy(Ctx), Params, false);
  Function *NF = Function::Create(FT, GlobalValue::InternalLinkage,
                                  K.getName() + ".block", K.getParent());
  ValueToValueMapTy VMap;
  auto NewArg = NF->arg_begin();
  for (Argument &A : K.args()) {
    NewArg->setName(A.getName());
    VMap[&A] = &*NewArg++;
  }
  for (const char *Name : {"launch", "worker", "bx", "by", "bz", "row.blocks"})
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

/// Whether consecutive blocks of a grid row may run interleaved, thread row
/// by thread row (row walks, below). Blocks are independent, and a
/// barrier-free block's threads may not talk to each other, so any order of
/// its threads is CUDA's; what is left to rule out is state that blocks
/// share or that shows their order: per-worker storage (thread-local
/// globals: __shared__ memory, the dynamic shared buffer), device printf,
/// whose lines would interleave blocks, and device-side launches. Callees
/// that were not inlined are checked too.
/// It pays only for a body without loops: a thread with a loop streams
/// through memory on its own, and the rows of a block often share what
/// that loop reads (matmul_naive: a 16-column tile of B, 32 KB, sits in L1
/// for the block's 16 rows; walking a 512-column row instead re-reads all
/// of B per row, 1.2x slower).
bool canWalkRows(Function &F) {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  if (!BackEdges.empty())
    return false;
  SmallVector<const Function *, 8> Work{&F};
  SmallPtrSet<const Function *, 8> Seen{&F};
  SmallVector<const Value *, 16> Operands;
  SmallPtrSet<const Value *, 16> SeenOperands;
  while (!Work.empty()) {
    for (const Instruction &I : instructions(*Work.pop_back_val())) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        const Function *Callee = CB->getCalledFunction();
        if (!Callee && !CB->isInlineAsm())
          return false; // an indirect call: unknown callee
        if (Callee && (Callee->getName() == "__loom_vprintf" ||
                       Callee->getName() == "__loom_launch_device"))
          return false;
        if (Callee && !Callee->isDeclaration() && Seen.insert(Callee).second)
          Work.push_back(Callee);
      }
      Operands.assign(I.op_begin(), I.op_end());
      while (!Operands.empty()) {
        const Value *V = Operands.pop_back_val();
        if (!isa<Constant>(V) || !SeenOperands.insert(V).second)
          continue;
        if (auto *GV = dyn_cast<GlobalVariable>(V)) {
          if (GV->isThreadLocal())
            return false;
          continue;
        }
        if (auto *CE = dyn_cast<ConstantExpr>(V))
          Operands.append(CE->op_begin(), CE->op_end());
      }
    }
  }
  return true;
}

/// A barrier-free kernel is one parallel region: its whole body runs inside
/// one thread loop nest. With \p WalkRows the nest also loops over the
/// %row.blocks consecutive blocks of a grid row that start at %bx, inside
/// the y loop (KernelEntry passes how many).
void buildSingleRegion(Function &F, unsigned NumKernelArgs, bool WalkRows) {
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
  Value *RowBlocks = WalkRows ? F.getArg(NumKernelArgs + RowBlocksArg) : nullptr;
  ThreadLoopNest Nest = createThreadLoopNest(F, Body, BC.NestDim, Exit, "", RowBlocks);
  Exit->insertInto(&F);
  BranchInst::Create(Nest.Entry, BC.Entry);
  if (WalkRows) {
    IRBuilder<> B(Nest.ThreadBody);
    BC.BlockIdx[0] = B.CreateAdd(BC.BlockIdx[0], Nest.RowBlock, "bx.row", true, true);
    F.addFnAttr(RowWalkAttr);
    OptimizationRemarkEmitter ORE(&F);
    ORE.emit([&] {
      return OptimizationRemark("loom-thread-loops", "RowWalk", F.getSubprogram(), Body)
             << "'" << F.getFnAttribute(BlockOfAttr).getValueAsString()
             << "' runs the blocks of a grid row together, x innermost across them";
    });
  }
  BranchInst::Create(Body, Nest.ThreadBody);
  for (ReturnInst *Ret : Returns) {
    BranchInst::Create(Nest.NextThread, Ret->getIterator());
    Ret->eraseFromParent();
  }
  privatizeWrittenByvalArgs(F, NumKernelArgs, BC.Entry, &*Body->getFirstInsertionPt());
  markParallel(Nest, BodyBlocks);
  Value *Tid[3] = {Nest.ThreadIdx[0], Nest.ThreadIdx[1], Nest.ThreadIdx[2]};
  replaceIndexMarkers(BodyBlocks, BC, Tid);
  describeThreadIndices(Nest.ThreadBody, BC, Tid);
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
  // Barrier-free shape versions (EliminateBarriers) are built with their
  // kernel, below.
  for (Function &F : M)
    if (isKernel(F) && !F.isDeclaration() && !F.hasFnAttribute(VersionOfAttr))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  auto BuildBlock = [this](Function &Body, unsigned NumArgs, bool MayWalkRows) {
    Function *Block = cloneAsBlockFunction(Body);
    if (hasBarrier(*Block))
      formBarrierRegions(*Block, NumArgs, UniformRegions);
    else
      buildSingleRegion(*Block, NumArgs,
                        MayWalkRows && RowWalks && RowWalkOption && canWalkRows(*Block));
    return Block;
  };
  for (Function *K : Kernels) {
    // Warp-gang kernels keep block order: their versions share one entry
    // loop (KernelEntry), and warps are block-shaped.
    bool MayWalkRows = !K->hasFnAttribute(WarpGangAttr) &&
                       !K->hasFnAttribute(WarpGangOneDimAttr) &&
                       !K->hasFnAttribute(WarpGangFlatAttr);
    Function *Block = BuildBlock(*K, K->arg_size(), MayWalkRows);
    // Each warp-gang version (VectorizeKernels) gets its own block function;
    // the kernel's entry chooses among them per launch.
    for (auto [VersionAttr, BlockAttr] : {std::pair{WarpGangAttr, WarpGangBlockAttr},
                                         std::pair{WarpGangOneDimAttr, WarpGangOneDimBlockAttr},
                                         std::pair{WarpGangFlatAttr, WarpGangFlatBlockAttr}}) {
      if (!K->hasFnAttribute(VersionAttr))
        continue;
      Function *Gang = M.getFunction(K->getFnAttribute(VersionAttr).getValueAsString());
      Function *GangBlock = BuildBlock(*Gang, K->arg_size(), false);
      GangBlock->removeFnAttr(BlockOfAttr);
      Block->addFnAttr(BlockAttr, GangBlock->getName());
      Block->removeFnAttr(VersionAttr);
      Gang->eraseFromParent();
    }
    // A barrier-free version for some block shapes gets its own block
    // function too; the kernel's entry chooses per launch.
    if (K->hasFnAttribute(ShapeVersionAttr)) {
      Function *Version =
          M.getFunction(K->getFnAttribute(ShapeVersionAttr).getValueAsString());
      Function *VersionBlock = BuildBlock(*Version, K->arg_size(), false);
      VersionBlock->removeFnAttr(BlockOfAttr);
      VersionBlock->removeFnAttr(VersionOfAttr);
      Block->addFnAttr(ShapeVersionBlockAttr, VersionBlock->getName());
      Block->removeFnAttr(ShapeVersionAttr);
      Version->eraseFromParent();
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
