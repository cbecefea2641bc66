//===- BarrierRegions.cpp - run kernels with barriers region by region -----===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/BarrierRegions.h"

#include "Analysis/Uniformity.h"
#include "Support/Diagnostics.h"
#include "Support/DivergentBarriers.h"
#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"
#include "Support/WarpShuffle.h"
#include "Transforms/ThreadLoopNest.h"
#include "Transforms/VectorizeKernels.h"
#include "loom/WarpOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace loom {

namespace {

cl::opt<bool> UniformRegionsOption(
    "loom-uniform-regions", cl::init(true), cl::Hidden,
    cl::desc("Run barrier regions that every unit leaves the same way without "
             "per-unit state tests"));

constexpr uint32_t ExitedState = 0xffffffffu;
/// A lane at warp-level synchronization whose warp still has a lane
/// spinning at a yield point (emitDispatchScan).
constexpr uint32_t HeldState = 0x40000000u;
/// The runtime's hint that a block is spinning (KernelABI.h).
constexpr const char *SpinYieldFn = "__loom_spin_yield";

/// A _count/_and/_or barrier: each thread's predicate (per-thread slot) and
/// the block-wide result (one value for the block).
struct Reduction {
  Marker Kind;
  AllocaInst *Pred;
  AllocaInst *Result;
};

class RegionBuilder {
public:
  RegionBuilder(Function &F, unsigned NumKernelArgs, bool AllowUniform)
      : F(F), NumKernelArgs(NumKernelArgs), AllowUniform(AllowUniform), Ctx(F.getContext()),
        DL(F.getParent()->getDataLayout()), Gang(gangWidth(F)) {}
  void build();

private:
  void prepare();
  void createDebugHomes();
  void declareDebugHomes();
  void isolateBarriers();
  void rematerializeIndices();
  void warnDivergentBarriers();
  void emitCollective(IRBuilder<> &B, unsigned Barrier);
  void demoteValuesLiveAcrossBarriers();
  bool isRematerializable(Value *V, unsigned Depth) const;
  Value *cloneExpression(Value *V, Instruction *At);
  void rematerializeAtUses(Instruction &I);
  void layoutArena(const BlockContext &BC);
  void scopeArenaAccesses();
  void emitDispatchScan(IRBuilder<> &B, BasicBlock *Exit, ArrayRef<BasicBlock *> Pre);
  SmallVector<BasicBlock *, 16> regionBlocks(BasicBlock *Start) const;
  BasicBlock *regionStart(unsigned Index) const {
    return Index == 0 ? &F.getEntryBlock() : Barriers[Index - 1]->getSingleSuccessor();
  }
  bool exitsAreUniform() const;
  void emitReductions(IRBuilder<> &B, unsigned Barrier, Value *Threads);
  void buildRegion(unsigned Index, BasicBlock *Start, const BlockContext &BC,
                   BasicBlock *Pre, BasicBlock *After);
  void eraseOriginal(ArrayRef<BasicBlock *> Original);

  Function &F;
  unsigned NumKernelArgs;
  bool AllowUniform;
  LLVMContext &Ctx;
  const DataLayout &DL;

  SmallVector<BasicBlock *, 8> Barriers; // barrier j is Barriers[j - 1]
  SmallPtrSet<BasicBlock *, 8> BlockBarriers; // __syncthreads & co.
  // Spin-wait yield points (consecutive numbers, after warp-level ones).
  SmallSet<unsigned, 4> Yields;
  unsigned FirstYield = 0;
  DenseMap<BasicBlock *, unsigned> BarrierIndex;
  DenseMap<unsigned, Reduction> Reductions;
  // Barriers that are warp collectives. Each arriving thread publishes its
  // operands in per-thread slots; the preamble of the following region
  // computes every arrived thread's result (before any thread of that region
  // can publish again, e.g. in the next loop iteration) into a result slot.
  struct Collective {
    Value *Op;
    AllocaInst *Published, *Member, *Arg, *C, *Result;
  };
  DenseMap<unsigned, Collective> Collectives;
  SmallPtrSet<AllocaInst *, 4> BlockWide; // reduction results, debug displays

  // -G: each local variable of the kernel that had dbg_value records gets a
  // per-thread home (an arena slot, written where the records were) and a
  // display (one per block function, described by a dbg_declare, so gdb
  // finds the variable anywhere): the display is written with the home and
  // loaded from the current thread's home as each thread starts its turn in
  // a region (createDebugHomes).
  struct DebugHome {
    AllocaInst *Home, *Display;
    DILocalVariable *Var;
    DILocation *Loc;
  };
  SmallVector<DebugHome, 8> DebugHomes;

  // Thread arena: one slot per alloca (structure of arrays).
  struct Slot {
    uint64_t Size;
    uint64_t Offset;
    Value *Base = nullptr;
  };
  MapVector<AllocaInst *, Slot> Slots;
  // The program's own allocas (private arrays, byval copies) that stay in
  // memory: their addresses may escape. Every other slot, and the state
  // word, is Loom's and only Loom's loads and stores touch it.
  SmallPtrSet<AllocaInst *, 8> UserAllocas;
  Value *StateBase = nullptr;
  // Gang kernels: a stack slot (promoted to registers later) with the lowest
  // state the current region's nest has left any unit in.
  AllocaInst *NextState = nullptr;
  Value *Threads64 = nullptr; // units: threads, or gangs of a gang kernel
  Value *GangsPerRow = nullptr;
  unsigned Gang = 1;          // gang width of a gang kernel
  // Every unit runs every region and leaves it at the same barrier
  // (exitsAreUniform): no unit needs to test its state, and unit 0's state
  // names the next region.
  bool Uniform = false;
};

void RegionBuilder::prepare() {
  BasicBlock &Entry = F.getEntryBlock();
  privatizeWrittenByvalArgs(F, NumKernelArgs, &Entry,
                            &*Entry.getFirstNonPHIOrDbgOrAlloca());
  createDebugHomes();
  for (BasicBlock &BB : F)
    for (Instruction &I : make_early_inc_range(BB)) {
      I.dropDbgRecords();
      if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    }
  SmallVector<AllocaInst *, 16> Promotable;
  for (Instruction &I : Entry)
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isAllocaPromotable(AI))
      Promotable.push_back(AI);
  if (!Promotable.empty()) {
    DominatorTree DT(F);
    PromoteMemToReg(Promotable, DT);
  }
  for (Instruction &I : Entry)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      UserAllocas.insert(AI);
}

/// With full debug info (-G): a value's dbg_value records would not survive
/// the regions (values live across a barrier move to arena slots, blocks are
/// cloned per region), so gdb showed locals after a barrier as optimized
/// out. Instead each of the kernel's own local variables (not those of
/// inlined functions, not artificial ones) gets a home and a display
/// (DebugHome); a volatile store to both replaces each dbg_value record, and
/// the display gets a dbg_declare, which holds in every block. Only -G code
/// pays for the stores.
void RegionBuilder::createDebugHomes() {
  DISubprogram *SP = F.getSubprogram();
  if (!SP || !SP->getUnit() || SP->getUnit()->getEmissionKind() != DICompileUnit::FullDebug)
    return;
  struct Homes {
    AllocaInst *Home, *Display;
    DILocation *Loc;
  };
  MapVector<DILocalVariable *, Homes> ByVar;
  // A variable the optimizer made unavailable somewhere (a poison location:
  // its computation was sunk into a branch, say) keeps no home: a display
  // would show another thread's or an old value there; gdb says
  // <optimized out> instead, as without homes.
  SmallPtrSet<DILocalVariable *, 8> Unavailable;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange()))
        if (R.isKillLocation())
          Unavailable.insert(R.getVariable());
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange())) {
        DILocalVariable *Var = R.getVariable();
        DILocation *Loc = R.getDebugLoc().get();
        if (!R.isDbgValue() || R.hasArgList() || R.getExpression()->getNumElements() != 0 ||
            !Loc || Loc->getInlinedAt() || Var->isArtificial() || Unavailable.contains(Var))
          continue;
        Value *V = R.getVariableLocationOp(0);
        if (!V || isa<UndefValue>(V) || isa<MetadataAsValue>(V) || !V->getType()->isSized() ||
            V->getType()->isVectorTy())
          continue;
        auto It = ByVar.find(Var);
        if (It == ByVar.end()) {
          AllocaInst *Home =
              Entry.CreateAlloca(V->getType(), nullptr, "debug.home." + Var->getName());
          AllocaInst *Display =
              Entry.CreateAlloca(V->getType(), nullptr, "debug.display." + Var->getName());
          It = ByVar.insert({Var, Homes{Home, Display, Loc}}).first;
        }
        if (It->second.Home->getAllocatedType() != V->getType())
          continue;
        IRBuilder<> At(&I);
        At.SetCurrentDebugLocation(Loc);
        At.CreateStore(V, It->second.Home, /*isVolatile=*/true);
        At.CreateStore(V, It->second.Display, /*isVolatile=*/true);
      }
  for (auto &[Var, H] : ByVar) {
    BlockWide.insert(H.Display);
    DebugHomes.push_back({H.Home, H.Display, Var, H.Loc});
  }
}

/// The displays' dbg_declare records, once the regions are built: the
/// displays are allocas of the block's entry (createBlockEntry moved them
/// there; as BlockWide ones they are not arena slots), which no region
/// clones, and each record is in the variable's own scope, which every
/// region's copy of that scope is a child of (distinguishDebugScopes).
void RegionBuilder::declareDebugHomes() {
  if (DebugHomes.empty())
    return;
  DISubprogram *SP = F.getSubprogram();
  DIBuilder DIB(*F.getParent(), /*AllowUnresolved=*/false, SP->getUnit());
  for (const DebugHome &H : DebugHomes)
    DIB.insertDeclare(H.Display, H.Var, DIB.createExpression(),
                      DILocation::get(Ctx, H.Var->getLine(), 0, H.Var->getScope()),
                      std::next(H.Display->getIterator()));
}

/// Kept values live in the worker's arena, reached through pointers the
/// optimizer cannot tell apart from each other or from the program's: a
/// running sum kept across a barrier was stored and reloaded in every
/// iteration of an inner loop next to a shared-memory load (n-body's
/// accumulators: a store-to-load round trip on the FMA chain), and a kept
/// loop-invariant value was reloaded after every such store. Loom's own
/// slots are never seen by the program, and two slots never overlap: each
/// slot (and the state word) gets its own alias scope, its loads and stores
/// are marked not to alias the other slots, and the program's loads, stores
/// and memory intrinsics not to alias any of them. LICM then keeps such
/// values in registers inside loops. Calls are left alone (the device
/// library reads published collective values through them).
void RegionBuilder::scopeArenaAccesses() {
  SmallVector<const Value *, 16> Bases{StateBase};
  for (auto &[AI, S] : Slots)
    if (!UserAllocas.contains(AI))
      Bases.push_back(S.Base);
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("loom.arena");
  DenseMap<const Value *, unsigned> Index;
  SmallVector<Metadata *, 16> Scopes;
  for (const Value *Base : Bases) {
    Index[Base] = Scopes.size();
    Scopes.push_back(MDB.createAnonymousAliasScope(Domain, Base->getName()));
  }
  MDNode *All = MDNode::get(Ctx, Scopes);
  SmallVector<MDNode *, 16> Own, Others;
  for (unsigned I = 0; I < Scopes.size(); ++I) {
    Own.push_back(MDNode::get(Ctx, {Scopes[I]}));
    SmallVector<Metadata *, 16> Rest(Scopes.begin(), Scopes.end());
    Rest.erase(Rest.begin() + I);
    Others.push_back(MDNode::get(Ctx, Rest));
  }
  // A slot's per-thread address is a GEP of its base, itself a GEP of the
  // arena: stop at the first base met.
  auto SlotOf = [&](const Value *P) -> std::optional<unsigned> {
    while (true) {
      if (auto It = Index.find(P); It != Index.end())
        return It->second;
      auto *GEP = dyn_cast<GEPOperator>(P);
      if (!GEP)
        return std::nullopt;
      P = GEP->getPointerOperand();
    }
  };
  auto Tag = [&](Instruction &I, unsigned Kind, MDNode *List) {
    I.setMetadata(Kind, MDNode::concatenate(I.getMetadata(Kind), List));
  };
  for (Instruction &I : instructions(F)) {
    if (Value *Ptr = getLoadStorePointerOperand(&I)) {
      if (std::optional<unsigned> Slot = SlotOf(Ptr)) {
        Tag(I, LLVMContext::MD_alias_scope, Own[*Slot]);
        Tag(I, LLVMContext::MD_noalias, Others[*Slot]);
      } else {
        Tag(I, LLVMContext::MD_noalias, All);
      }
      continue;
    }
    // A gang kernel's masked and gathered accesses and memory intrinsics
    // that only reach the program's memory.
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II || !II->mayReadOrWriteMemory())
      continue;
    bool Program = true;
    for (Value *A : II->args())
      if (A->getType()->isPtrOrPtrVectorTy())
        Program &= !SlotOf(A);
    if (Program)
      Tag(I, LLVMContext::MD_noalias, All);
  }
}

void RegionBuilder::isolateBarriers() {
  // Numbering decides which waiting group the dispatcher runs first (the
  // lowest number). Warp-level synchronization (__syncwarp, collectives)
  // comes before every block barrier: a warp busy in a warp-synchronous
  // section must finish it before a __syncthreads lets anyone pass. Within
  // each kind, reverse post-order (program order, loops aside): threads that
  // lag behind after a divergent branch catch up first, so a collective
  // after the branch sees its whole warp.
  SmallVector<CallInst *, 8> Calls;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    for (Instruction &I : *BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (std::optional<Marker> M = getMarker(*CI); M && isBarrier(*M))
          Calls.push_back(CI);
  // Spin-wait yield points (SpinWaits) come between the two kinds: a
  // spinning thread lets every thread not at a block barrier run, and a
  // block barrier is passed only once nobody is spinning any more.
  std::stable_partition(Calls.begin(), Calls.end(), [](CallInst *CI) {
    Marker K = *getMarker(*CI);
    return K == Marker::WarpCollective || K == Marker::WarpBarrier;
  });
  std::stable_partition(Calls.begin(), Calls.end(), [](CallInst *CI) {
    Marker K = *getMarker(*CI);
    return K == Marker::WarpCollective || K == Marker::WarpBarrier || K == Marker::Yield;
  });
  Module &M = *F.getParent();
  Function *Plain = getMarkerFunction(M, Marker::Barrier);
  BasicBlock &Entry = F.getEntryBlock();
  for (CallInst *CI : Calls) {
    Marker Kind = *getMarker(*CI);
    CallInst *Bar = CI;
    Reduction Red{Kind, nullptr, nullptr};
    Collective Coll{};
    if (Kind == Marker::WarpCollective) {
      IRBuilder<> AB(&Entry, Entry.getFirstInsertionPt());
      auto Slot = [&](const char *Name) {
        return AB.CreateAlloca(AB.getInt32Ty(), nullptr, Name);
      };
      Coll = {CI->getArgOperand(0), Slot("warp.value"), Slot("warp.member"),
              Slot("warp.arg"), Slot("warp.c"), Slot("warp.result")};
      IRBuilder<> B(CI);
      B.CreateStore(CI->getArgOperand(1), Coll.Member);
      B.CreateStore(CI->getArgOperand(2), Coll.Published);
      B.CreateStore(CI->getArgOperand(3), Coll.Arg);
      B.CreateStore(CI->getArgOperand(4), Coll.C);
      Bar = B.CreateCall(Plain);
    } else if (Kind == Marker::WarpBarrier || Kind == Marker::Yield) {
      IRBuilder<> B(CI);
      Bar = B.CreateCall(Plain);
      CI->eraseFromParent();
    } else if (Kind != Marker::Barrier) {
      IRBuilder<> AB(&Entry, Entry.getFirstInsertionPt());
      Red.Pred = AB.CreateAlloca(AB.getInt32Ty(), nullptr, "barrier.pred");
      Red.Result = AB.CreateAlloca(CI->getType(), nullptr, "barrier.result");
      BlockWide.insert(Red.Result);
      IRBuilder<> B(CI);
      B.CreateStore(B.CreateZExt(CI->getArgOperand(0), B.getInt32Ty()), Red.Pred);
      Bar = B.CreateCall(Plain);
    }
    BasicBlock *BarBB = SplitBlock(Bar->getParent(), Bar->getIterator());
    BarBB->setName("barrier");
    BasicBlock *After = SplitBlock(BarBB, std::next(Bar->getIterator()));
    After->setName("after.barrier");
    Barriers.push_back(BarBB);
    unsigned Index = Barriers.size();
    BarrierIndex[BarBB] = Index;
    if (Kind == Marker::Yield)
      Yields.insert(Index);
    else if (Kind != Marker::WarpCollective && Kind != Marker::WarpBarrier)
      BlockBarriers.insert(BarBB);
    if (Kind == Marker::WarpCollective) {
      if (!isa<ConstantInt>(Coll.Op)) {
        reportUnsupported(F, CI, "warp collective with a non-constant operation");
        return;
      }
      IRBuilder<> B(After, After->getFirstInsertionPt());
      CI->replaceAllUsesWith(B.CreateLoad(B.getInt32Ty(), Coll.Result, "warp.result"));
      CI->eraseFromParent();
      Collectives[Index] = Coll;
    } else if (Kind != Marker::Barrier && Kind != Marker::WarpBarrier &&
               Kind != Marker::Yield) {
      IRBuilder<> B(After, After->getFirstInsertionPt());
      CI->replaceAllUsesWith(B.CreateLoad(CI->getType(), Red.Result, "barrier.value"));
      CI->eraseFromParent();
      Reductions[Index] = Red;
    }
  }
}

/// A branch on threadIdx after which threads reach different
/// __syncthreads() is undefined behaviour in CUDA. Loom runs each group on
/// its own (deterministic, no hang) but says so at compile time. A side
/// that only leads to the end of the kernel is fine (threads that exited do
/// not take part in later barriers), and warp-level synchronization is
/// meant to be reached by only some warps.
void RegionBuilder::warnDivergentBarriers() {
  // A gang kernel's branches on its lanes' masks are not the program's:
  // VectorizeKernels checked the kernel before vectorizing it.
  if (Gang > 1)
    return;
  loom::warnDivergentBarriers(
      F, [&](BasicBlock &BB) { return BlockBarriers.contains(&BB); });
}

/// Thread and block indices are recomputed where they are used rather than
/// kept per thread across barriers.
void RegionBuilder::rematerializeIndices() {
  SmallVector<CallInst *, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (std::optional<Marker> M = getMarker(*CI);
            M && markerShape(*M) == MarkerShape::Index)
          Calls.push_back(CI);
  for (CallInst *CI : Calls)
    for (Use &U : make_early_inc_range(CI->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *At = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        At = Phi->getIncomingBlock(U)->getTerminator();
      else if (User->getParent() == CI->getParent())
        continue;
      U.set(CallInst::Create(CI->getFunctionType(), CI->getCalledOperand(), "",
                             At->getIterator()));
    }
}

void RegionBuilder::demoteValuesLiveAcrossBarriers() {
  // A value defined in D is live across a barrier when some use can be
  // reached from D through a barrier without executing D again (a path that
  // re-executes D sees the new value, computed in the same region).
  SmallVector<Instruction *, 32> ToDemote;
  for (BasicBlock &D : F) {
    // Blocks reachable from D after passing a barrier, not through D.
    SmallPtrSet<BasicBlock *, 32> Seen[2];
    SmallVector<std::pair<BasicBlock *, bool>, 32> Work;
    for (BasicBlock *S : successors(&D))
      Work.push_back({S, false});
    bool AnyBarrier = false;
    while (!Work.empty()) {
      auto [BB, Passed] = Work.pop_back_val();
      if (BB == &D || !Seen[Passed].insert(BB).second)
        continue;
      bool Now = Passed || BarrierIndex.count(BB);
      AnyBarrier |= Now;
      for (BasicBlock *S : successors(BB))
        Work.push_back({S, Now});
    }
    if (!AnyBarrier)
      continue;
    for (Instruction &I : D) {
      if (isa<AllocaInst>(I) || I.getType()->isVoidTy())
        continue;
      for (Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *UseBB = User->getParent();
        if (auto *Phi = dyn_cast<PHINode>(User))
          UseBB = Phi->getIncomingBlock(U);
        // A use in D itself (after I, or a phi on a D->D edge) sees I's value.
        if (Seen[1].contains(UseBB)) {
          ToDemote.push_back(&I);
          break;
        }
      }
    }
  }
  for (Instruction *I : ToDemote) {
    if (isRematerializable(I, 0))
      rematerializeAtUses(*I);
    else
      DemoteRegToStack(*I, false, F.getEntryBlock().begin());
  }
}

/// A pure function of arguments, constants and block/thread indices, small
/// enough to recompute where it is used instead of keeping it per thread.
bool RegionBuilder::isRematerializable(Value *V, unsigned Depth) const {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 6)
    return false;
  if (auto *CI = dyn_cast<CallInst>(I)) {
    std::optional<Marker> M = getMarker(*CI);
    return M && markerShape(*M) == MarkerShape::Index;
  }
  if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) && !isa<GetElementPtrInst>(I) &&
      !isa<CmpInst>(I) && !isa<SelectInst>(I) && !isa<ShuffleVectorInst>(I) &&
      !isa<InsertElementInst>(I) && !isa<ExtractElementInst>(I))
    return false;
  if (I->mayHaveSideEffects() || I->mayReadOrWriteMemory())
    return false;
  for (Value *Op : I->operands())
    if (!isRematerializable(Op, Depth + 1))
      return false;
  return true;
}

Value *RegionBuilder::cloneExpression(Value *V, Instruction *At) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V;
  Instruction *C = I->clone();
  for (Use &Op : C->operands())
    Op.set(cloneExpression(Op.get(), At));
  C->insertBefore(At->getIterator());
  C->setName(I->getName() + ".remat");
  return C;
}

void RegionBuilder::rematerializeAtUses(Instruction &I) {
  for (Use &U : make_early_inc_range(I.uses())) {
    auto *User = cast<Instruction>(U.getUser());
    Instruction *At = User;
    if (auto *Phi = dyn_cast<PHINode>(User))
      At = Phi->getIncomingBlock(U)->getTerminator();
    else if (User->getParent() == I.getParent())
      continue;
    U.set(cloneExpression(&I, At));
  }
}

SmallVector<BasicBlock *, 16> RegionBuilder::regionBlocks(BasicBlock *Start) const {
  SmallVector<BasicBlock *, 16> Blocks{Start};
  SmallPtrSet<BasicBlock *, 32> Seen{Start};
  for (size_t I = 0; I < Blocks.size(); ++I)
    for (BasicBlock *S : successors(Blocks[I]))
      if (!BarrierIndex.count(S) && Seen.insert(S).second)
        Blocks.push_back(S);
  return Blocks;
}

/// Whether every unit that runs a region leaves it the same way: at the
/// same barrier, or by ending. Then every unit runs every region the block
/// runs, in the same order. Per region, the ways out reachable from each of
/// its blocks; a block from which two ways out are reachable must branch
/// on a condition that is the same in every thread of the block (the
/// uniformity analysis, block-wide: built from arguments, blockIdx,
/// blockDim, gridDim and constants, through loop counters too), so every
/// unit goes the same way there, while units may part at branches after
/// which only one way out is left (a divergent if/else between two
/// barriers). That holds for barriers at the top level of a kernel, for
/// loops with barriers that UnrollBarrierLoops unrolled or whose trip count
/// is uniform (a tree reduction over blockDim.x), and for a gang kernel's
/// choice between its full and partial body. A return before
/// a barrier under a thread-dependent condition, a barrier under divergent
/// control flow, and a gang kernel's exit when no lane is left are not.
/// Collectives and _count/_and/_or barriers read which units arrived: they
/// keep the general scheme.
bool RegionBuilder::exitsAreUniform() const {
  if (!Collectives.empty() || !Reductions.empty())
    return false;
  DominatorTree DT(F);
  PostDominatorTree PDT(F);
  LoopInfo LI(DT);
  UniformityInfo UI(F, DT, PDT, LI, /*GangWidth=*/0, /*RowsOfWholeGangs=*/false,
                    /*BlockWide=*/true);
  for (unsigned R = 0; R <= Barriers.size(); ++R) {
    SmallVector<BasicBlock *, 16> Blocks = regionBlocks(regionStart(R));
    DenseMap<BasicBlock *, SmallSet<unsigned, 4>> Ways;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (BasicBlock *BB : reverse(Blocks)) {
        SmallSet<unsigned, 4> &W = Ways[BB];
        size_t Before = W.size();
        if (isa<ReturnInst>(BB->getTerminator()))
          W.insert(ExitedState);
        for (BasicBlock *S : successors(BB)) {
          if (auto It = BarrierIndex.find(S); It != BarrierIndex.end()) {
            W.insert(It->second);
            continue;
          }
          for (unsigned X : Ways[S])
            W.insert(X);
        }
        Changed |= W.size() != Before;
      }
    }
    for (BasicBlock *BB : Blocks) {
      if (Ways[BB].size() < 2)
        continue;
      Instruction *T = BB->getTerminator();
      if ((!isa<BranchInst>(T) && !isa<SwitchInst>(T)) || UI.isDivergentBranch(T))
        return false;
    }
  }
  return true;
}

void RegionBuilder::layoutArena(const BlockContext &BC) {
  uint64_t Offset = 0;
  for (Instruction &I : *BC.Entry) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || BlockWide.contains(AI))
      continue;
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    uint64_t Bytes = Size ? Size->getFixedValue() : 0;
    uint64_t Al = AI->getAlign().value();
    Bytes = alignTo(std::max<uint64_t>(Bytes, 1), Al);
    Offset = alignTo(Offset, Al);
    Slots[AI] = Slot{Bytes, Offset};
    Offset += Bytes;
  }
  uint64_t StateOffset = alignTo(Offset, 4);
  uint64_t PerThread = alignTo(StateOffset + 4, 16);
  F.addFnAttr(ThreadArenaAttr, std::to_string(PerThread));

  IRBuilder<> B(BC.Entry);
  LaunchABI ABI(Ctx);
  Value *ArenaAddr = B.CreateConstInBoundsGEP2_32(ABI.Worker, BC.Worker, 0, 1);
  Value *Arena = B.CreateAlignedLoad(B.getPtrTy(), ArenaAddr, Align(8), "thread.arena");
  // The unit that reaches barriers is a thread, or for a gang kernel
  // (VectorizeKernels) a gang of G consecutive threads of a row: slots then
  // hold a gang's vectors and the state is the gang's. Rows split into
  // ceil(blockDim.x / G) gangs.
  Value *RowUnits = BC.NestDim[0];
  if (Gang > 1)
    RowUnits = B.CreateLShr(B.CreateAdd(BC.NestDim[0], B.getInt32(Gang - 1)),
                            Log2_32(Gang), "gangs.per.row");
  Value *Threads = B.CreateMul(B.CreateMul(RowUnits, BC.NestDim[1]),
                               BC.NestDim[2], Gang > 1 ? "gangs" : "threads");
  GangsPerRow = RowUnits;
  Threads64 = B.CreateZExt(Threads, B.getInt64Ty());
  for (auto &[AI, S] : Slots)
    S.Base = B.CreateInBoundsGEP(B.getInt8Ty(), Arena,
                                 B.CreateMul(Threads64, B.getInt64(S.Offset)),
                                 AI->getName() + ".slots");
  StateBase = B.CreateInBoundsGEP(B.getInt8Ty(), Arena,
                                  B.CreateMul(Threads64, B.getInt64(StateOffset)),
                                  "thread.state");
}

/// Before a region that follows warp collective \p Barrier: a loop over the
/// block's warps (lane l of warp w is linear thread 32w + l, so 2D/3D blocks
/// and a partial last warp need nothing special). Per warp, counted lane
/// loops without early exits, which the host loop vectorizer turns into
/// vector code: the mask of lanes that arrived (compare + or of shifted
/// bits), then every lane's result into its result slot. Votes combine one
/// ballot per warp; shuffles gather from the published values; match and
/// reduce call the device library's __loom_warp_collective per lane.
void RegionBuilder::emitCollective(IRBuilder<> &B, unsigned Barrier) {
  const Collective &Coll = Collectives[Barrier];
  const uint64_t Op = cast<ConstantInt>(Coll.Op)->getZExtValue();
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  auto SlotOf = [&](AllocaInst *AI, Value *T) {
    return B.CreateInBoundsGEP(B.getInt8Ty(), Slots[AI].Base,
                               B.CreateMul(T, B.getInt64(Slots[AI].Size)));
  };
  auto Has = [&](Value *Mask, Value *L32) { // bit L32 (0..31) of Mask
    return B.CreateICmpNE(B.CreateAnd(B.CreateLShr(Mask, L32), 1), B.getInt32(0));
  };
  // for (l = 0; l < N; ++l) Acc = Body(l, Acc); N >= 1. The lanes are
  // independent: the loop's slot accesses are marked parallel.
  auto LaneLoop = [&](const Twine &Name, Value *N, Value *Init, auto Body) -> Value * {
    BasicBlock *Pre = B.GetInsertBlock();
    BasicBlock *Loop = BasicBlock::Create(Ctx, Name, &F);
    BasicBlock *Done = BasicBlock::Create(Ctx, Name + ".done", &F);
    B.CreateBr(Loop);
    B.SetInsertPoint(Loop);
    PHINode *L = B.CreatePHI(I64, 2, "lane");
    L->addIncoming(B.getInt64(0), Pre);
    PHINode *Acc = nullptr;
    if (Init) {
      Acc = B.CreatePHI(Init->getType(), 2, Name + ".acc");
      Acc->addIncoming(Init, Pre);
    }
    Value *Next = Body(L, Acc);
    Value *LNext = B.CreateAdd(L, B.getInt64(1), "", true, true);
    L->addIncoming(LNext, B.GetInsertBlock());
    if (Acc)
      Acc->addIncoming(Next, B.GetInsertBlock());
    BranchInst *Latch = B.CreateCondBr(B.CreateICmpULT(LNext, N), Loop, Done);
    MDNode *Group = MDNode::getDistinct(Ctx, {});
    for (Instruction &I : *Loop) // the body has no branches
      if (I.mayReadOrWriteMemory())
        I.setMetadata(LLVMContext::MD_access_group, Group);
    MDNode *Parallel =
        MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), Group});
    MDNode *LoopMD = MDNode::getDistinct(Ctx, {nullptr, Parallel});
    LoopMD->replaceOperandWith(0, LoopMD);
    Latch->setMetadata(LLVMContext::MD_loop, LoopMD);
    B.SetInsertPoint(Done);
    return Acc ? Next : nullptr;
  };

  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *WarpLoop = BasicBlock::Create(Ctx, "warp.loop", &F);
  BasicBlock *Compute = BasicBlock::Create(Ctx, "warp.compute", &F);
  BasicBlock *WarpNext = BasicBlock::Create(Ctx, "warp.next", &F);
  BasicBlock *WarpDone = BasicBlock::Create(Ctx, "warp.loop.done", &F);
  Value *Warps = B.CreateLShr(B.CreateAdd(Threads64, B.getInt64(31)), 5, "warps");
  B.CreateBr(WarpLoop);
  B.SetInsertPoint(WarpLoop);
  PHINode *W = B.CreatePHI(I64, 2, "warp");
  W->addIncoming(B.getInt64(0), Pre);
  Value *Base = B.CreateShl(W, 5, "warp.base");
  Value *N = B.CreateBinaryIntrinsic(Intrinsic::umin, B.CreateSub(Threads64, Base),
                                     B.getInt64(32), nullptr, "warp.lanes");
  // Lanes of this warp that arrived at the collective.
  Value *Mask = LaneLoop("warp.arrived", N, B.getInt32(0), [&](Value *L, Value *Acc) {
    Value *State = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, StateBase, B.CreateAdd(Base, L)));
    Value *Bit = B.CreateShl(B.CreateZExt(B.CreateICmpEQ(State, B.getInt32(Barrier)), I32),
                             B.CreateTrunc(L, I32));
    return B.CreateOr(Acc, Bit);
  });
  B.CreateCondBr(B.CreateICmpNE(Mask, B.getInt32(0)), Compute, WarpNext);

  B.SetInsertPoint(Compute);
  Value *Values = SlotOf(Coll.Published, Base); // lane 0's published value
  Value *Ballot = nullptr;
  if (Op >= LoomWarpBallot && Op <= LoomWarpUni)
    Ballot = LaneLoop("warp.ballot", N, B.getInt32(0), [&](Value *L, Value *Acc) {
      Value *L32 = B.CreateTrunc(L, I32);
      Value *V = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, Values, L));
      Value *P = B.CreateAnd(Has(Mask, L32), B.CreateICmpNE(V, B.getInt32(0)));
      return B.CreateOr(Acc, B.CreateShl(B.CreateZExt(P, I32), L32));
    });
  FunctionCallee Fn = F.getParent()->getOrInsertFunction(
      WarpCollectiveFn,
      FunctionType::get(I32, {I32, I32, B.getPtrTy(), I32, I32, I32, I32}, false));
  LaneLoop("warp.results", N, nullptr, [&](Value *L, Value *) -> Value * {
    Value *T = B.CreateAdd(Base, L, "t");
    Value *L32 = B.CreateTrunc(L, I32, "lane32");
    Value *R;
    if (Op <= LoomWarpShflXor) {
      // PTX shfl.sync, as __loom_warp_collective's shuffle(): a source lane
      // outside the segment or absent keeps the thread's own value.
      Value *Arg = B.CreateLoad(I32, SlotOf(Coll.Arg, T));
      Value *C = B.CreateLoad(I32, SlotOf(Coll.C, T));
      auto [J, Valid] = shuffleSource(B, Op, L32, Arg, C);
      Valid = B.CreateAnd(Valid, Has(Mask, B.CreateAnd(J, 31)));
      Value *Src = B.CreateSelect(Valid, J, L32, "src.lane");
      R = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, Values, B.CreateZExt(Src, I64)));
    } else if (Op == LoomWarpActiveMask) {
      R = Mask;
    } else if (Ballot) {
      // The ballot over the lanes present and in the thread's member mask.
      Value *Member = B.CreateLoad(I32, SlotOf(Coll.Member, T));
      Value *Mine = B.CreateAnd(Ballot, Member);
      Value *Lanes = Op == LoomWarpBallot ? nullptr : B.CreateAnd(Mask, Member);
      if (Op == LoomWarpBallot)
        R = Mine;
      else if (Op == LoomWarpAll)
        R = B.CreateZExt(B.CreateICmpEQ(Mine, Lanes), I32);
      else if (Op == LoomWarpAny)
        R = B.CreateZExt(B.CreateICmpNE(Mine, B.getInt32(0)), I32);
      else
        R = B.CreateZExt(B.CreateOr(B.CreateICmpEQ(Mine, B.getInt32(0)),
                                    B.CreateICmpEQ(Mine, Lanes)),
                         I32);
    } else {
      R = B.CreateCall(Fn, {Coll.Op, B.CreateLoad(I32, SlotOf(Coll.Member, T)), Values,
                            Mask, L32, B.CreateLoad(I32, SlotOf(Coll.Arg, T)),
                            B.CreateLoad(I32, SlotOf(Coll.C, T))});
    }
    // Lanes that did not arrive get a result too; they read it only after
    // arriving, by which time this preamble has run again.
    B.CreateStore(R, SlotOf(Coll.Result, T));
    return nullptr;
  });
  B.CreateBr(WarpNext);

  B.SetInsertPoint(WarpNext);
  Value *WNext = B.CreateAdd(W, B.getInt64(1), "", true, true);
  W->addIncoming(WNext, WarpNext);
  B.CreateCondBr(B.CreateICmpULT(WNext, Warps), WarpLoop, WarpDone);
  B.SetInsertPoint(WarpDone);
}

/// Before a region that follows a _count/_and/_or barrier: combine the
/// predicates of the threads that reached it.
void RegionBuilder::emitReductions(IRBuilder<> &B, unsigned Barrier,
                                   Value *Threads) {
  if (Collectives.count(Barrier))
    emitCollective(B, Barrier);
  auto It = Reductions.find(Barrier);
  if (It == Reductions.end())
    return;
  const Reduction &R = It->second;
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(Ctx, "reduce", &F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "reduce.done", &F);
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *T = B.CreatePHI(B.getInt64Ty(), 2, "t");
  PHINode *Acc = B.CreatePHI(B.getInt32Ty(), 2, "acc");
  T->addIncoming(B.getInt64(0), Pre);
  uint32_t Init = R.Kind == Marker::BarrierAnd ? 1 : 0;
  Acc->addIncoming(B.getInt32(Init), Pre);
  Value *State = B.CreateLoad(B.getInt32Ty(), B.CreateInBoundsGEP(B.getInt32Ty(), StateBase, T));
  Value *Here = B.CreateICmpEQ(State, B.getInt32(Barrier));
  Value *P = B.CreateLoad(B.getInt32Ty(),
                          B.CreateInBoundsGEP(B.getInt8Ty(), Slots[R.Pred].Base,
                                              B.CreateMul(T, B.getInt64(4))));
  Value *Next;
  if (R.Kind == Marker::BarrierPopc)
    Next = B.CreateAdd(Acc, P);
  else if (R.Kind == Marker::BarrierAnd)
    Next = B.CreateAnd(Acc, P);
  else
    Next = B.CreateOr(Acc, P);
  Value *NewAcc = B.CreateSelect(Here, Next, Acc);
  Value *TNext = B.CreateAdd(T, B.getInt64(1));
  T->addIncoming(TNext, Loop);
  Acc->addIncoming(NewAcc, Loop);
  B.CreateCondBr(B.CreateICmpULT(TNext, Threads), Loop, Done);
  B.SetInsertPoint(Done);
  Type *ResTy = R.Result->getAllocatedType();
  B.CreateStore(B.CreateZExtOrTrunc(NewAcc, ResTy), R.Result);
}

void RegionBuilder::buildRegion(unsigned Index, BasicBlock *Start,
                                const BlockContext &BC, BasicBlock *Pre,
                                BasicBlock *After) {
  SmallVector<BasicBlock *, 16> Blocks = regionBlocks(Start);
  Twine Name = "region" + Twine(Index);
  ThreadLoopNest Nest = createThreadLoopNest(F, nullptr, BC.NestDim, After, Name);
  IRBuilder<> B(Pre);
  emitReductions(B, Index, Threads64);
  if (NextState)
    B.CreateStore(B.getInt32(ExitedState), NextState);
  B.CreateBr(Nest.Entry);
  // Gang kernels: the lowest state any unit is left in, kept while the
  // nest runs, so that the dispatcher needs no scan (below).
  auto NoteState = [&](IRBuilder<> &SB, Value *S) {
    if (NextState)
      SB.CreateStore(SB.CreateBinaryIntrinsic(
                         Intrinsic::umin, SB.CreateLoad(SB.getInt32Ty(), NextState), S),
                     NextState);
  };

  B.SetInsertPoint(Nest.ThreadBody);
  Value *Lin;
  if (Gang > 1) {
    Value *YZ = B.CreateAdd(Nest.ThreadIdx[1],
                            B.CreateMul(BC.NestDim[1], Nest.ThreadIdx[2], "", true, true),
                            "", true, true);
    Value *GX = B.CreateLShr(Nest.ThreadIdx[0], Log2_32(Gang), "gang.x");
    Lin = B.CreateAdd(GX, B.CreateMul(GangsPerRow, YZ, "", true, true), "gang.linear",
                      true, true);
  } else {
    Lin = linearThreadId(B, Nest, BC.NestDim);
  }
  Lin = B.CreateZExt(Lin, B.getInt64Ty());
  Value *StateAddr = B.CreateInBoundsGEP(B.getInt32Ty(), StateBase, Lin, "state.addr");
  ValueToValueMapTy VMap;
  for (auto &[AI, S] : Slots)
    VMap[AI] = B.CreateInBoundsGEP(B.getInt8Ty(), S.Base,
                                   B.CreateMul(Lin, B.getInt64(S.Size)),
                                   AI->getName() + ".thread");
  // -G: the displays show this thread's values (createDebugHomes).
  for (const DebugHome &H : DebugHomes)
    if (Value *Home = VMap.lookup(H.Home))
      B.CreateStore(B.CreateLoad(H.Home->getAllocatedType(), Home), H.Display,
                    /*isVolatile=*/true);
  SmallVector<BasicBlock *, 32> NewBlocks{Nest.ThreadBody};
  // Leaving the region at barrier j: remember j, go on with the next thread.
  for (BasicBlock *BB : Blocks)
    for (BasicBlock *S : successors(BB))
      if (auto It = BarrierIndex.find(S); It != BarrierIndex.end() && !VMap.count(S)) {
        BasicBlock *Leave = BasicBlock::Create(
            Ctx, Name + ".to.barrier" + Twine(It->second), &F);
        IRBuilder<> LB(Leave);
        LB.CreateStore(LB.getInt32(It->second), StateAddr);
        NoteState(LB, LB.getInt32(It->second));
        LB.CreateBr(Nest.NextThread);
        VMap[S] = Leave;
        NewBlocks.push_back(Leave);
      }
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *NB = CloneBasicBlock(BB, VMap, "." + Name, &F);
    VMap[BB] = NB;
    Clones.push_back(NB);
  }
  remapInstructionsInBlocks(Clones, VMap);
  if (Index == 0 || Uniform) {
    // Every unit is here (the first region, or all left the last one at
    // this region's barrier).
    B.CreateBr(cast<BasicBlock>(VMap[Start]));
  } else {
    Value *State = B.CreateLoad(B.getInt32Ty(), StateAddr, "state");
    Value *Mine = B.CreateICmpEQ(State, B.getInt32(Index));
    BasicBlock *Other = Nest.NextThread;
    if (NextState) {
      // A unit waiting elsewhere (or exited) keeps its state.
      Other = BasicBlock::Create(Ctx, Name + ".other", &F);
      IRBuilder<> OB(Other);
      NoteState(OB, State);
      OB.CreateBr(Nest.NextThread);
      NewBlocks.push_back(Other);
    }
    B.CreateCondBr(Mine, cast<BasicBlock>(VMap[Start]), Other);
  }
  for (BasicBlock *NB : Clones) {
    if (auto *Ret = dyn_cast<ReturnInst>(NB->getTerminator())) {
      IRBuilder<> RB(Ret);
      RB.CreateStore(RB.getInt32(ExitedState), StateAddr);
      RB.CreateBr(Nest.NextThread);
      Ret->eraseFromParent();
    }
    // Edges from blocks of other regions do not exist in this one.
    SmallPtrSet<BasicBlock *, 8> Preds(pred_begin(NB), pred_end(NB));
    for (PHINode &Phi : make_early_inc_range(NB->phis()))
      for (unsigned I = Phi.getNumIncomingValues(); I-- > 0;)
        if (!Preds.contains(Phi.getIncomingBlock(I)))
          Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
    NewBlocks.push_back(NB);
  }
  Value *Tid[3] = {Nest.ThreadIdx[0], Nest.ThreadIdx[1], Nest.ThreadIdx[2]};
  replaceIndexMarkers(Clones, BC, Tid);
  distinguishDebugScopes(Clones, Index);
  describeThreadIndices(Nest.ThreadBody, BC, Tid);
  markParallel(Nest, NewBlocks);
}

void RegionBuilder::build() {
  prepare();
  isolateBarriers();
  warnDivergentBarriers();
  rematerializeIndices();
  // Before values become per-unit slots: a loop counter kept across a
  // barrier is still a phi the uniformity analysis can follow.
  Uniform = AllowUniform && UniformRegionsOption && Yields.empty() && exitsAreUniform();
  demoteValuesLiveAcrossBarriers();

  SmallVector<BasicBlock *, 8> Starts;
  for (unsigned R = 0; R <= Barriers.size(); ++R)
    Starts.push_back(regionStart(R));

  SmallVector<BasicBlock *, 32> Original;
  for (BasicBlock &BB : F)
    Original.push_back(&BB);
  BlockContext BC = createBlockEntry(F, NumKernelArgs);
  layoutArena(BC);
  if (Gang > 1 && !Uniform) {
    // The dispatcher's scan over the units' states loaded, as vectors,
    // states just written one by one: a store-forwarding stall per dispatch
    // (14% of a one-barrier stencil's time). A gang kernel's region loops
    // are not vectorized further, so the nest keeps the minimum itself.
    IRBuilder<> AB(&F.getEntryBlock(), F.getEntryBlock().getFirstInsertionPt());
    NextState = AB.CreateAlloca(AB.getInt32Ty(), nullptr, "next.state.slot");
  }

  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "dispatch", &F);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "block.exit", &F);
  ReturnInst::Create(Ctx, Exit);
  SmallVector<BasicBlock *, 8> Pre;
  for (unsigned R = 0; R <= Barriers.size(); ++R)
    Pre.push_back(BasicBlock::Create(Ctx, "region" + Twine(R), &F));
  BranchInst::Create(Pre[0], BC.Entry);
  // Fairness among spinning threads: a dispatch that picks a yield point
  // runs every yield point's region in turn (each for the threads waiting
  // there) before it looks again, so a thread spinning at one yield point
  // cannot be picked over and over while the thread it waits for sits at
  // another.
  for (unsigned R = 0; R <= Barriers.size(); ++R)
    buildRegion(R, Starts[R], BC, Pre[R],
                Yields.contains(R) && Yields.contains(R + 1) ? Pre[R + 1] : Dispatch);
  // Every round of yield points starts at the first, and first offers the
  // worker's core to other threads (a block spinning on another block
  // that runs on another OS thread).
  if (!Yields.empty()) {
    FirstYield = *std::min_element(Yields.begin(), Yields.end());
    IRBuilder<> YB(&*Pre[FirstYield]->getFirstInsertionPt());
    YB.CreateCall(F.getParent()->getOrInsertFunction(SpinYieldFn, YB.getVoidTy()));
  }

  // Dispatch: the lowest barrier number any thread waits at names the next
  // region (the exited state is the largest number); only threads in that
  // state run it. All threads exited: the block is done.
  IRBuilder<> B(Dispatch);
  if (Uniform) {
    // Every unit is in the same state: unit 0's names the next region.
    Value *State = B.CreateLoad(B.getInt32Ty(), StateBase, "next.state");
    SwitchInst *Switch = B.CreateSwitch(State, Exit, Barriers.size());
    for (unsigned R = 1; R <= Barriers.size(); ++R)
      Switch->addCase(B.getInt32(R), Pre[Yields.contains(R) ? FirstYield : R]);
  } else if (NextState) {
    Value *State = B.CreateLoad(B.getInt32Ty(), NextState, "next.state");
    BasicBlock *Found = BasicBlock::Create(Ctx, "dispatch.found", &F);
    B.CreateBr(Found);
    B.SetInsertPoint(Found);
    SwitchInst *Switch = B.CreateSwitch(State, Exit, Barriers.size());
    for (unsigned R = 1; R <= Barriers.size(); ++R)
      Switch->addCase(B.getInt32(R), Pre[Yields.contains(R) ? FirstYield : R]);
  } else {
    emitDispatchScan(B, Exit, Pre);
  }

  eraseOriginal(Original);
  declareDebugHomes();
}

/// Drops the kernel's original blocks (every region has its clones now)
/// and the allocas that became arena slots.
void RegionBuilder::eraseOriginal(ArrayRef<BasicBlock *> Original) {
  for (BasicBlock *BB : Original)
    BB->dropAllReferences();
  for (BasicBlock *BB : Original)
    BB->eraseFromParent();
  for (auto &[AI, S] : Slots)
    AI->eraseFromParent();
  scopeArenaAccesses();
}

/// The dispatcher of the scalar path: the lowest state over all threads
/// (a loop the host vectorizer turns into a vector minimum).
void RegionBuilder::emitDispatchScan(IRBuilder<> &B, BasicBlock *Exit,
                                     ArrayRef<BasicBlock *> Pre) {
  BasicBlock *Dispatch = B.GetInsertBlock();
  Type *I32 = B.getInt32Ty();
  // Spinning lanes and warp-level synchronization: a lane of a warp that
  // still spins at a yield point has not reached the warp's __syncwarp or
  // collective yet, so that warp's lanes waiting there are held back (their
  // state gets the Held bit, which no region and no lower state matches)
  // until no lane of the warp spins; other warps' collectives still run
  // first (a producer warp's shuffles before a consumer's wait).
  // PreScan marks each warp with a spinning lane in a 32-bit mask (a block
  // has at most 32 warps).
  bool HoldWarps = !Yields.empty() && FirstYield > 1;
  Value *Spinning = nullptr;
  auto RealState = [&](Value *S) {
    return B.CreateSelect(B.CreateICmpEQ(S, B.getInt32(ExitedState)), S,
                          B.CreateAnd(S, B.getInt32(~HeldState)), "real.state");
  };
  auto InRange = [&](Value *S, unsigned Lo, unsigned Hi) { // Lo <= S < Hi
    return B.CreateICmpULT(B.CreateSub(S, B.getInt32(Lo)), B.getInt32(Hi - Lo));
  };
  unsigned EndYield = FirstYield + Yields.size();
  if (HoldWarps) {
    BasicBlock *PreScan = BasicBlock::Create(Ctx, "dispatch.spinning", &F);
    BasicBlock *PreDone = BasicBlock::Create(Ctx, "dispatch.spinning.done", &F);
    B.CreateBr(PreScan);
    B.SetInsertPoint(PreScan);
    PHINode *T = B.CreatePHI(B.getInt64Ty(), 2, "t");
    PHINode *Mask = B.CreatePHI(I32, 2, "spinning.warps");
    T->addIncoming(B.getInt64(0), Dispatch);
    Mask->addIncoming(B.getInt32(0), Dispatch);
    Value *S = RealState(B.CreateLoad(I32, B.CreateInBoundsGEP(I32, StateBase, T)));
    Value *Bit = B.CreateShl(B.getInt32(1), B.CreateTrunc(B.CreateLShr(T, 5), I32));
    Value *NewMask = B.CreateSelect(InRange(S, FirstYield, EndYield),
                                    B.CreateOr(Mask, Bit), Mask);
    Value *TNext = B.CreateAdd(T, B.getInt64(1));
    T->addIncoming(TNext, PreScan);
    Mask->addIncoming(NewMask, PreScan);
    B.CreateCondBr(B.CreateICmpULT(TNext, Threads64), PreScan, PreDone);
    B.SetInsertPoint(PreDone);
    Spinning = NewMask;
    Dispatch = PreDone;
  }
  BasicBlock *Scan = BasicBlock::Create(Ctx, "dispatch.scan", &F);
  BasicBlock *Found = BasicBlock::Create(Ctx, "dispatch.found", &F);
  B.CreateBr(Scan);
  B.SetInsertPoint(Scan);
  PHINode *T = B.CreatePHI(B.getInt64Ty(), 2, "t");
  PHINode *Min = B.CreatePHI(B.getInt32Ty(), 2, "min.state");
  T->addIncoming(B.getInt64(0), Dispatch);
  Min->addIncoming(B.getInt32(ExitedState), Dispatch);
  Value *SAddr = B.CreateInBoundsGEP(B.getInt32Ty(), StateBase, T);
  Value *S = B.CreateLoad(B.getInt32Ty(), SAddr);
  if (HoldWarps) {
    Value *Real = RealState(S);
    Value *WarpSpins = B.CreateTrunc(
        B.CreateLShr(Spinning, B.CreateTrunc(B.CreateLShr(T, 5), I32)), B.getInt1Ty());
    Value *Held = B.CreateAnd(InRange(Real, 1, FirstYield), WarpSpins);
    S = B.CreateSelect(Held, B.CreateOr(Real, B.getInt32(HeldState)), Real, "state.held");
    B.CreateStore(S, SAddr);
  }
  Value *NewMin = B.CreateBinaryIntrinsic(Intrinsic::umin, Min, S, nullptr, "next.state");
  Value *TNext = B.CreateAdd(T, B.getInt64(1));
  T->addIncoming(TNext, Scan);
  Min->addIncoming(NewMin, Scan);
  B.CreateCondBr(B.CreateICmpULT(TNext, Threads64), Scan, Found);
  B.SetInsertPoint(Found);
  Value *State = NewMin;
  SwitchInst *Switch = B.CreateSwitch(State, Exit, Barriers.size());
  for (unsigned R = 1; R <= Barriers.size(); ++R)
    Switch->addCase(B.getInt32(R), Pre[Yields.contains(R) ? FirstYield : R]);
}

} // namespace

void formBarrierRegions(Function &F, unsigned NumKernelArgs, bool UniformRegions) {
  RegionBuilder(F, NumKernelArgs, UniformRegions).build();
}

} // namespace loom
