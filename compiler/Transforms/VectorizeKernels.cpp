//===- VectorizeKernels.cpp - whole-function vectorization across threads --===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/VectorizeKernels.h"
#include "Transforms/SpinWaits.h"

#include "Analysis/Uniformity.h"
#include "Support/Diagnostics.h"
#include "Support/LaunchABI.h"
#include "Support/DivergentBarriers.h"
#include "Support/KernelMarkers.h"
#include "Support/WarpShuffle.h"
#include "Transforms/DeferAppends.h"
#include "Transforms/EliminateBarriers.h"
#include "Transforms/FullGangLoops.h"
#include "Transforms/GangAtomics.h"
#include "Transforms/LowerSharedMemory.h"
#include "Transforms/ThreadLoopNest.h"
#include "loom/WarpOps.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/UnifyFunctionExitNodes.h"

#include <cstdlib>
#include <map>

using namespace llvm;

static cl::opt<bool> CleanupOption(
    "loom-wfv-cleanup", cl::init(true), cl::Hidden,
    cl::desc("Fold constant masks in gang kernels with barriers or warp "
             "collectives (off: see the vectorizer's own output)"));
/// Metadata on the block-wide step barriers insertGridStrideSteps adds: they
/// order no memory, so they may sit where a gang's lanes diverge.
static constexpr const char *GangStepMD = "loom.gang.step";

static cl::opt<bool> GridStrideOption(
    "loom-wfv-grid-stride-steps", cl::init(true), cl::Hidden,
    cl::desc("Run grid-stride loops of gang kernels block-wide, one step of "
             "every gang at a time"));
static cl::opt<bool> AggregateAtomicsOption(
    "loom-wfv-aggregate-atomics", cl::init(true), cl::Hidden,
    cl::desc("One global atomic per distinct address per gang (off: one per "
             "lane, lane by lane)"));
static cl::opt<bool> GroupAtomicsOption(
    "loom-wfv-group-atomics", cl::init(false), cl::Hidden,
    cl::desc("Global atomics on per-lane addresses: a loop over the distinct "
             "addresses when the first lane's is shared (off: lane by lane; "
             "measured slower with many distinct addresses, docs/performance.md)"));
static cl::opt<bool> SplitFullMaskOption(
    "loom-wfv-full-mask-lanes", cl::init(true), cl::Hidden,
    cl::desc("Atomics done lane by lane under a mask get a second, untested "
             "copy of the lane loop for when every lane is active"));
static cl::opt<bool> BlockAtomicsOption(
    "loom-wfv-block-atomics", cl::init(true), cl::Hidden,
    cl::desc("One global atomic per block for a counter-style atomicAdd whose "
             "result is used (a barrier collects the gangs' counts)"));
static cl::opt<unsigned>
    WidthOption("loom-wfv-width", cl::init(0),
                cl::desc("Gang width of Loom's kernel vectorizer (0: from the "
                         "target's vector registers)"));

namespace loom {

unsigned gangWidth(const Function &F) {
  Attribute A = F.getFnAttribute(GangWidthAttr);
  unsigned W = 1;
  if (A.isValid() && A.isStringAttribute())
    A.getValueAsString().getAsInteger(10, W);
  return W ? W : 1;
}

namespace {

constexpr const char *PassName = "loom-wfv";

/// How a remark names kernel \p K, quoted: a barrier-free shape version
/// (EliminateBarriers) by its kernel's name.
std::string remarkName(const Function &K) {
  if (K.hasFnAttribute(VersionOfAttr))
    return "'" + K.getFnAttribute(VersionOfAttr).getValueAsString().str() +
           "' (its barrier-free version for some block shapes)";
  return "'" + K.getName().str() + "'";
}

/// Why a kernel keeps the scalar thread loop.
struct Bail {
  const Instruction *At = nullptr;
  std::string Why;
};

bool isScalarElement(Type *T) {
  return T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy();
}

bool isDroppableIntrinsic(const Instruction &I) {
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->isLifetimeStartOrEnd() || II->getIntrinsicID() == Intrinsic::assume ||
           II->getIntrinsicID() == Intrinsic::experimental_noalias_scope_decl ||
           isa<DbgInfoIntrinsic>(II);
  return false;
}

/// An element of the linearized schedule.
struct Item {
  enum Kind { Block, LoopBegin, LoopEnd } K;
  BasicBlock *BB = nullptr;
  Loop *L = nullptr;
};

/// Topological order of the CFG without back edges, each loop contiguous
/// and starting with its header.
void scheduleLevel(Loop *L, Function &F, LoopInfo &LI, std::vector<Item> &Out) {
  // The node representing block X at this level: X itself, the header of
  // the sub-loop of L containing X, or null when X is outside L.
  auto NodeOf = [&](BasicBlock *X) -> BasicBlock * {
    Loop *XL = LI.getLoopFor(X);
    if (L && !L->contains(X))
      return nullptr;
    if (XL == L)
      return X;
    while (XL->getParentLoop() != L)
      XL = XL->getParentLoop();
    return XL->getHeader();
  };
  SmallVector<BasicBlock *, 16> Nodes;
  BasicBlock *Start = L ? L->getHeader() : &F.getEntryBlock();
  if (L) {
    for (BasicBlock *BB : L->blocks())
      if (NodeOf(BB) == BB)
        Nodes.push_back(BB);
  } else {
    for (BasicBlock &BB : F)
      if (NodeOf(&BB) == &BB)
        Nodes.push_back(&BB);
  }
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 4>> Succs;
  DenseMap<BasicBlock *, unsigned> InDeg;
  for (BasicBlock *N : Nodes) {
    Loop *Sub = (LI.getLoopFor(N) != L) ? LI.getLoopFor(N) : nullptr;
    while (Sub && Sub->getParentLoop() != L)
      Sub = Sub->getParentLoop();
    SmallSetVector<BasicBlock *, 4> Targets;
    auto AddEdgesFrom = [&](BasicBlock *BB) {
      for (BasicBlock *S : successors(BB)) {
        if (Sub && Sub->contains(S))
          continue;
        BasicBlock *T = NodeOf(S);
        if (!T || T == Start || T == N)
          continue;
        Targets.insert(T);
      }
    };
    if (Sub)
      for (BasicBlock *BB : Sub->blocks())
        AddEdgesFrom(BB);
    else
      AddEdgesFrom(N);
    for (BasicBlock *T : Targets) {
      Succs[N].push_back(T);
      ++InDeg[T];
    }
  }
  SmallVector<BasicBlock *, 16> Ready{Start};
  while (!Ready.empty()) {
    BasicBlock *N = Ready.pop_back_val();
    Loop *NL = LI.getLoopFor(N);
    if (NL != L && NL->getHeader() == N && (!L || L->contains(NL)) &&
        NL->getParentLoop() == L) {
      Out.push_back({Item::LoopBegin, N, NL});
      scheduleLevel(NL, F, LI, Out);
      Out.push_back({Item::LoopEnd, N, NL});
    } else {
      Out.push_back({Item::Block, N, nullptr});
    }
    // Reverse so that the first successor comes first (fall-through order).
    auto &S = Succs[N];
    for (auto It = S.rbegin(); It != S.rend(); ++It)
      if (--InDeg[*It] == 0)
        Ready.push_back(*It);
  }
}

class GangBuilder {
public:
  GangBuilder(Function &K, Function &WF, UniformityInfo &UI, LoopInfo &LI,
              DominatorTree &DT, unsigned W, const TargetLibraryInfo &TLI,
              const TargetTransformInfo &TTI)
      : K(K), WF(WF), UI(UI), LI(LI), DT(DT), W(W), TLI(TLI), TTI(TTI),
        M(*K.getParent()), Ctx(K.getContext()), DL(M.getDataLayout()),
        B(Ctx) {}

  std::optional<Bail> checkLegal();
  std::optional<Bail> checkProfitable();
  Function *build();

private:
  // --- types and constants
  Type *vecTy(Type *T) { return FixedVectorType::get(T, W); }
  Type *maskTy() { return vecTy(Type::getInt1Ty(Ctx)); }
  Constant *allTrue() { return Constant::getAllOnesValue(maskTy()); }
  Constant *allFalse() { return Constant::getNullValue(maskTy()); }
  static bool isAllTrue(Value *V) {
    auto *C = dyn_cast<Constant>(V);
    return C && C->isAllOnesValue();
  }
  bool varying(const Value *V) {
    return isa<Instruction>(V) && !UI.getShape(V).isUniform();
  }
  void emitStepPrefetch(const Value *Ptr, bool Write);
  Value *rebuildStep(const Value *V, const Loop &L, unsigned Depth = 0);
  bool HasBarrier = false; // plain __syncthreads() in gang-uniform control flow
  // A counter atomic done once per block (findBlockAtomic): its block runs
  // in every gang, with no any-lane skip, and holds the inserted barrier.
  AtomicRMWInst *BlockAtomic = nullptr;
  GlobalVariable *BlockScratch = nullptr;
  void emitBlockAtomic(AtomicRMWInst &I, Value *Mask);
  /// `atomicAdd(p, 1)` on a uniform address, aggregated: lane l's old value
  /// is lane 0's plus the number of active lanes below l. Its old values
  /// (a vector) and the mask they were ranked under, per atomic.
  static bool isRankingAtomic(const AtomicRMWInst &I) {
    auto *One = dyn_cast<ConstantInt>(I.getValOperand());
    return I.getOperation() == AtomicRMWInst::Add && One && One->isOne();
  }
  DenseMap<const Value *, std::pair<Value *, Value *>> Ranked;
  bool emitCompressStore(StoreInst &SI, Value *Mask);
  /// A staged append (DeferAppends): one reservation for the gang's active
  /// lanes. Its first slot and the mask, per call.
  DenseMap<const Value *, std::pair<Value *, Value *>> AppendBases;
  bool emitAppend(CallInst &CI, Value *Mask);
  // The body copy being emitted runs only under masks with a lane off (a
  // row's last gang), so contiguous accesses need no all-on fast path.
  bool NeverAllOn = false;

public:
  // Induction variables of grid-stride loops run block-wide, and their
  // per-iteration steps (insertGridStrideSteps).
  const DenseMap<const PHINode *, const Value *> *StepIVs = nullptr;
  // Those of them whose loops still run gang by gang (loops with atomics):
  // only prefetched.
  const DenseSet<const PHINode *> *UnsteppedIVs = nullptr;
  bool hasBarrier() const { return HasBarrier; }
  /// Atomics done once per block, for remarks.
  SmallVector<DebugLoc, 1> BlockAtomicLocs;
  /// Picks the kernel's block-aggregated atomic, if any (emitBlockAtomic);
  /// call after checkLegal, before build. Makes the kernel a barrier kernel.
  void findBlockAtomic();
  /// The atomic findBlockAtomic picked, for a remark.
  const AtomicRMWInst *blockAtomic() const { return BlockAtomic; }
  /// Global atomics emitted one per gang (true: uniform address) or one per
  /// distinct address (false), for remarks.
  /// Keyed by the instruction of the (since erased) working copy.
  MapVector<const Instruction *, std::pair<DebugLoc, bool>> AggregatedAtomics;
  /// Global atomics left to the lane-by-lane loop, and why (missed remarks).
  MapVector<const Instruction *, std::pair<DebugLoc, const char *>> LaneAtomics;

private:

public:
  /// The gang is one warp (W = 32): warp collectives become operations on
  /// the gang's registers. The version for rows of whole warps runs only
  /// when blockDim.x % 32 == 0 and has no masked copy.
  bool WarpGang = false;
  /// The warp-gang version for one-dimensional blocks of any size
  /// (threadIdx.y/z are 0 in its body): a block's last warp may be partial,
  /// so it keeps the masked copy.
  bool OneDimWarps = false;
  /// The warp-gang version for blocks whose warps span rows: the gang's
  /// threadIdx.x is the linear thread index (FlatThreadsAttr), a row is the
  /// whole block.
  bool FlatThreads = false;
  /// Post-dominators of the scalar body, for control-equivalent masks.
  const PostDominatorTree *PDT = nullptr;
  /// Global atomics aggregate per gang (loomcc --loom-disable=atomic-agg).
  bool AggregateAtomics = true;
  bool BlockAtomics = true;

private:
  BasicBlock *controlEquivalentDominator(BasicBlock *BB);
  void emitWarpCollective(CallInst &CI, Value *OpMask);
  Value *uniformShuffle(uint64_t Op, Value *ArgV, Value *CV, Value *Val);

  // --- value mapping
  Value *scalarOf(const Value *V);
  Value *vectorOf(const Value *V);
  Value *lane0Of(const Value *V);
  Value *laneLastOf(const Value *V);
  Value *laneOf(const Value *V, Value *Lane);
  Value *any(Value *Mask) {
    if (isAllTrue(Mask))
      return B.getTrue();
    return B.CreateOrReduce(Mask);
  }

  // --- schedule emission
  void emitVariant(Value *EntryMask, BasicBlock *Start, BasicBlock *Exit);
  void startBlock(BasicBlock *BB);
  void emitBlock(BasicBlock *BB);
  void emitLoopBegin(Loop *L);
  void emitLoopEnd(Loop *L);
  void emitTerminator(BasicBlock *BB, Value *OpMask);
  void emitPhis(BasicBlock *BB);
  void emitInstruction(Instruction &I, Value *OpMask);

  // --- instruction kinds
  void emitUniformClone(Instruction &I);
  Value *emitSerialized(Instruction &I, Value *Mask);
  SmallVector<Value *, 2> emitLaneLoop(Instruction &I, Value *Mask, bool TestLanes);
  bool emitGangAtomic(AtomicRMWInst &I, Value *Mask);
  void emitLoad(LoadInst &LI, Value *Mask);
  void emitStore(StoreInst &SI, Value *Mask);
  bool emitVectorCall(CallInst &CI);
  Value *activeLanesCoverPages(Value *Mask, Value *P0, int64_t Size, int64_t LaneStride = 0);
  unsigned groupFactor(const Shape &PS, Type *T);
  SmallVector<Value *, 4> loadGroup(Type *T, Value *P0, unsigned K, Align A);
  Value *groupPart(Value *P0, unsigned J, int64_t Size);
  Value *emitGroupedLoad(LoadInst &LdI, Value *Mask, unsigned K);
  bool emitGroupedStore(StoreInst &SI, Value *Mask, unsigned K);
  Value *consecutiveGuard(const Value *Ptr, Value *Lane0, int64_t Stride);

  // --- state between blocks (allocas promoted at the end)
  AllocaInst *stateSlot(Type *T, const Twine &Name) {
    IRBuilder<> AB(AllocaBlock, AllocaBlock->begin());
    AllocaInst *A = AB.CreateAlloca(T, nullptr, Name);
    StateSlots.push_back(A);
    return A;
  }
  using Edge = std::pair<BasicBlock *, BasicBlock *>;
  AllocaInst *edgeSlot(Edge E) {
    AllocaInst *&S = EdgeSlots[E];
    if (!S)
      S = stateSlot(maskTy(), "em." + E.first->getName() + "." + E.second->getName());
    return S;
  }
  AllocaInst *liveOutSlot(Edge E, PHINode *Phi) {
    AllocaInst *&S = LiveOutSlots[{E, Phi}];
    if (!S)
      S = stateSlot(UI.getShape(Phi).isUniform() ? Phi->getType() : vecTy(Phi->getType()),
                    "lo." + Phi->getName());
    return S;
  }
  /// The outermost loop an edge leaves, or null.
  Loop *outermostExited(Edge E) {
    Loop *Out = nullptr;
    for (Loop *L = LI.getLoopFor(E.first); L && !L->contains(E.second); L = L->getParentLoop())
      Out = L;
    return Out;
  }
  /// All active lanes enter, iterate and leave the loop together: no
  /// divergent exit (no exit a lane can take without the others). The loop
  /// may sit under a divergent branch: then its active lanes are the ones
  /// that entered, for every iteration.
  bool uniformLoop(const Loop *L) { return !UI.hasDivergentExit(L); }
  /// An edge leaving uniform loops only: when taken, it is taken by every
  /// active lane, so the gang can jump straight past the loops it leaves
  /// (no exit masks to accumulate over iterations, no skipped blocks).
  bool directExit(Edge E) {
    Loop *X = outermostExited(E);
    if (!X)
      return false;
    for (Loop *L = LI.getLoopFor(E.first);; L = L->getParentLoop()) {
      if (!uniformLoop(L))
        return false;
      if (L == X)
        return true;
    }
  }
  /// The latch either always loops back or branches, on a uniform
  /// condition, between the header and a way out of \p L.
  bool latchOnlyLoopsOrLeaves(const Loop *L) {
    auto *Br = dyn_cast<BranchInst>(L->getLoopLatch()->getTerminator());
    if (!Br)
      return false;
    if (Br->isUnconditional())
      return true;
    return !varying(Br->getCondition()) &&
           (!L->contains(Br->getSuccessor(0)) || !L->contains(Br->getSuccessor(1)));
  }
  bool isBackEdge(Edge E) {
    Loop *L = LI.getLoopFor(E.second);
    return L && L->getHeader() == E.second && L->contains(E.first);
  }
  void branchPendingTo(BasicBlock *To) {
    for (BasicBlock *P : Pending)
      BranchInst::Create(To, P);
    Pending.clear();
  }
  void repairSSA();

  Function &K;
  Function &WF;
  UniformityInfo &UI;
  LoopInfo &LI;
  DominatorTree &DT;
  unsigned W;
  const TargetLibraryInfo &TLI;
  const TargetTransformInfo &TTI;
  Module &M;
  LLVMContext &Ctx;
  const DataLayout &DL;
  IRBuilder<> B;

  Function *GF = nullptr;
  BasicBlock *AllocaBlock = nullptr;
  Value *Base = nullptr;      // threadIdx.x of lane 0
  Value *LaneIds = nullptr;   // <0, 1, ..., W-1>
  Value *Lanes = nullptr;     // threadIdx.x of every lane
  DenseMap<const Value *, Value *> ArgMap;
  DenseMap<const AllocaInst *, std::pair<Value *, Value *>> PrivateAllocas;
  std::vector<Item> Schedule;
  SmallVector<AllocaInst *, 32> StateSlots;
  std::map<Edge, AllocaInst *> EdgeSlots;
  std::map<std::pair<Edge, PHINode *>, AllocaInst *> LiveOutSlots;
  DenseMap<const Loop *, AllocaInst *> HeaderMaskSlots;
  DenseMap<const PHINode *, AllocaInst *> HeaderPhiSlots;

  // Per variant.
  Value *EntryMask = nullptr;
  DenseMap<const Value *, Value *> Scalar, Vector, Lane0, LaneLast;
  DenseMap<const Value *, std::pair<Value *, Value *>> CmpXchgParts;
  DenseMap<const BasicBlock *, Value *> BlockMask;
  DenseMap<const Loop *, BasicBlock *> HeaderGuard;
  // Uniform loops: where their direct exits and their end meet.
  DenseMap<const Loop *, BasicBlock *> LoopDone;
  std::map<Edge, Value *> LoadedEdgeMask;
  SmallVector<BasicBlock *, 4> Pending;
};

Value *GangBuilder::scalarOf(const Value *V) {
  if (auto It = ArgMap.find(V); It != ArgMap.end())
    return It->second;
  if (!isa<Instruction>(V))
    return const_cast<Value *>(V);
  if (auto It = Scalar.find(V); It != Scalar.end())
    return It->second;
  return lane0Of(V);
}

Value *GangBuilder::lane0Of(const Value *V) {
  if (auto It = Lane0.find(V); It != Lane0.end())
    return It->second;
  if (auto It = Scalar.find(V); It != Scalar.end())
    return It->second;
  if (auto It = Vector.find(V); It != Vector.end())
    return B.CreateExtractElement(It->second, uint64_t(0));
  if (!isa<Instruction>(V))
    return scalarOf(V);
  // Defined later in the schedule on no path here (poison on every lane).
  return PoisonValue::get(V->getType());
}

Value *GangBuilder::laneLastOf(const Value *V) {
  if (auto It = LaneLast.find(V); It != LaneLast.end())
    return It->second;
  if (auto It = Vector.find(V); It != Vector.end())
    return B.CreateExtractElement(It->second, uint64_t(W - 1));
  return scalarOf(V);
}

Value *GangBuilder::vectorOf(const Value *V) {
  if (auto It = Vector.find(V); It != Vector.end())
    return It->second;
  if (isa<Instruction>(V) && !Scalar.count(V) && !ArgMap.count(V))
    return PoisonValue::get(vecTy(V->getType()));
  return B.CreateVectorSplat(W, scalarOf(V));
}

Value *GangBuilder::laneOf(const Value *V, Value *Lane) {
  // A lane's pointer into an array with a uniform base (a histogram's
  // shared[bin]) is rebuilt from that lane's index: extracting the narrow
  // index (a byte, an int) and addressing with it costs one instruction,
  // where a vector of 64-bit pointers takes two registers and an extract
  // per lane.
  if (auto *GEP = dyn_cast<GetElementPtrInst>(V);
      GEP && Vector.count(V) && !varying(GEP->getPointerOperand()) &&
      !GEP->getType()->isVectorTy()) {
    SmallVector<Value *, 4> Idx;
    for (const Value *X : GEP->indices())
      Idx.push_back(varying(X) ? laneOf(X, Lane) : scalarOf(X));
    return B.CreateGEP(GEP->getSourceElementType(), scalarOf(GEP->getPointerOperand()), Idx,
                       "", GEP->getNoWrapFlags());
  }
  if (auto *C = dyn_cast<CastInst>(V);
      C && Vector.count(V) && (isa<ZExtInst>(C) || isa<SExtInst>(C)) &&
      !C->getType()->isVectorTy())
    return B.CreateCast(C->getOpcode(), laneOf(C->getOperand(0), Lane), C->getType());
  if (Vector.count(V))
    return B.CreateExtractElement(Vector[V], Lane);
  return scalarOf(V);
}

std::optional<Bail> GangBuilder::checkLegal() {
  // Reducible control flow: every retreating edge goes to a loop header
  // that dominates its source.
  for (BasicBlock &BB : WF)
    for (BasicBlock *S : successors(&BB))
      if (DT.dominates(S, &BB) && !(LI.isLoopHeader(S) && LI.getLoopFor(S)->contains(&BB)))
        return Bail{BB.getTerminator(), "irreducible control flow"};
  {
    ReversePostOrderTraversal<Function *> RPOT(&WF);
    DenseMap<BasicBlock *, unsigned> Pos;
    unsigned N = 0;
    for (BasicBlock *BB : RPOT)
      Pos[BB] = N++;
    for (BasicBlock *BB : RPOT)
      for (BasicBlock *S : successors(BB))
        if (Pos[S] <= Pos[BB] && !DT.dominates(S, BB))
          return Bail{BB->getTerminator(), "irreducible control flow"};
  }
  for (unsigned I = 0; I < WF.arg_size(); ++I) {
    Argument *A = WF.getArg(I);
    if (!A->hasByValAttr())
      continue;
    SmallVector<const Value *, 8> Work{A};
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      for (const User *U : V->users()) {
        if (isa<LoadInst>(U))
          continue;
        if (isa<GetElementPtrInst>(U)) {
          Work.push_back(U);
          continue;
        }
        if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
          continue;
        return Bail{dyn_cast<Instruction>(U),
                    "a by-value parameter that the kernel may write"};
      }
    }
  }
  for (Instruction &I : instructions(WF)) {
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (std::optional<Marker> Mk = getMarker(*CB)) {
        if (markerShape(*Mk) == MarkerShape::Collective) {
          if (!WarpGang)
            return Bail{&I, "a warp collective (shuffle, vote, match, reduce)"};
          if (!isa<ConstantInt>(CB->getArgOperand(0)))
            return Bail{&I, "a warp collective with a non-constant operation"};
          continue;
        }
        if (*Mk == Marker::WarpBarrier && WarpGang)
          continue; // the gang is the warp: its lanes run in lockstep
        if (*Mk == Marker::Barrier) {
          // A gang is one unit of BarrierRegions: all its lanes must reach
          // the barrier together (a grid-stride step orders nothing).
          if (!I.hasMetadata(GangStepMD) && UI.isDivergentBlock(I.getParent()))
            return Bail{&I, "a __syncthreads() under control flow that "
                            "diverges between threads of a gang"};
          HasBarrier = true;
          continue;
        }
        if (*Mk == Marker::WarpBarrier)
          return Bail{&I, "a __syncwarp()"};
        if (markerShape(*Mk) != MarkerShape::Index)
          return Bail{&I, "a __syncthreads_count/_and/_or()"};
        continue;
      }
      if (!isa<CallInst>(CB))
        return Bail{&I, "an invoke or callbr"};
      if (CB->isInlineAsm())
        return Bail{&I, "inline assembly"};
      if (CB->isConvergent() && !isa<IntrinsicInst>(CB))
        return Bail{&I, "a call to a convergent function"};
    }
    if (isa<IndirectBrInst>(I) || isa<LandingPadInst>(I) || isa<VAArgInst>(I))
      return Bail{&I, "an unsupported instruction (" + std::string(I.getOpcodeName()) + ")"};
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (!AI->isStaticAlloca())
        return Bail{&I, "a dynamic alloca"};
    if (I.getType()->isVoidTy() || UI.getShape(&I).isUniform())
      continue;
    if (isa<AtomicCmpXchgInst>(I))
      continue;
    if (auto *EV = dyn_cast<ExtractValueInst>(&I))
      if (isa<AtomicCmpXchgInst>(EV->getAggregateOperand()) && isScalarElement(EV->getType()))
        continue;
    if (!isScalarElement(I.getType())) {
      std::string TS;
      raw_string_ostream OS(TS);
      I.getType()->print(OS);
      return Bail{&I, "a per-thread value of type " + TS};
    }
    for (const Use &U : I.operands())
      if (varying(U.get()) && !isScalarElement(U->getType()) &&
          !isa<AtomicCmpXchgInst>(U.get()))
        return Bail{&I, "a per-thread aggregate operand"};
  }
  return std::nullopt;
}

/// A per-thread loop in which lanes leave at different iterations and every
/// memory access is a gather or scatter (CSR rows, adjacency lists: each
/// lane walks its own run of addresses) is faster one thread at a time,
/// where the hardware prefetcher follows each run; the gang would issue W
/// unrelated loads per access and wait for its slowest lane.
/// \p V is computed from values defined outside \p L, without memory.
static bool invariantIn(const Loop *L, const Value *V, unsigned Depth) {
  if (L->isLoopInvariant(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 6 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects())
    return false;
  for (const Value *Op : I->operands())
    if (!invariantIn(L, Op, Depth + 1))
      return false;
  return true;
}

std::optional<Bail> GangBuilder::checkProfitable() {
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!UI.hasDivergentExit(L) || !L->isInnermost())
      continue;
    unsigned Linear = 0, Scattered = 0;
    Instruction *First = nullptr;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        const Value *Ptr = nullptr;
        if (auto *Ld = dyn_cast<LoadInst>(&I))
          Ptr = Ld->getPointerOperand();
        else if (auto *St = dyn_cast<StoreInst>(&I))
          Ptr = St->getPointerOperand();
        // The same address every iteration (a bound re-read because of
        // possible aliasing) says nothing about the loop's walk.
        if (!Ptr || isa<AllocaInst>(getUnderlyingObject(Ptr)) || invariantIn(L, Ptr, 0))
          continue;
        Shape PS = UI.getShape(Ptr);
        if (PS.isUniform() || PS.isAffine()) {
          ++Linear;
        } else {
          ++Scattered;
          First = First ? First : &I;
        }
      }
    if (Scattered && !Linear)
      return Bail{First, "a per-thread loop whose every access is a gather or scatter "
                         "(faster one thread at a time)"};
  }
  return std::nullopt;
}

Function *GangBuilder::build() {
  GF = Function::Create(K.getFunctionType(), K.getLinkage(), K.getName() + ".gang", &M);
  GF->copyAttributesFrom(&K);
  GF->setSubprogram(WF.getSubprogram());
  for (unsigned I = 0; I < WF.arg_size(); ++I) {
    GF->getArg(I)->setName(WF.getArg(I)->getName());
    ArgMap[WF.getArg(I)] = GF->getArg(I);
  }
  AllocaBlock = BasicBlock::Create(Ctx, "gang.entry", GF);
  B.SetInsertPoint(AllocaBlock);
  Type *I32 = B.getInt32Ty();
  Base = B.CreateCall(getMarkerFunction(M, Marker::ThreadIdxX), {}, "gang.base");
  Value *NTidX = B.CreateCall(getMarkerFunction(M, Marker::BlockDimX), {}, "ntid.x");
  if (FlatThreads) {
    // The block's threads form one row (threadIdx.x is the linear index).
    Value *NY = B.CreateCall(getMarkerFunction(M, Marker::BlockDimY), {}, "ntid.y");
    Value *NZ = B.CreateCall(getMarkerFunction(M, Marker::BlockDimZ), {}, "ntid.z");
    NTidX = B.CreateMul(B.CreateMul(NTidX, NY, "", true, true), NZ, "block.threads", true, true);
  }
  SmallVector<Constant *, 16> Ids;
  for (unsigned L = 0; L < W; ++L)
    Ids.push_back(ConstantInt::get(I32, L));
  LaneIds = ConstantVector::get(Ids);
  Lanes = B.CreateAdd(B.CreateVectorSplat(W, Base), LaneIds, "tid.x.lanes", true, true);
  Value *PartialMask = B.CreateICmpULT(Lanes, B.CreateVectorSplat(W, NTidX), "gang.mask");
  // Which copy of the body a gang runs. Without barriers each gang picks
  // its own: full gangs run unmasked, the row's last one masked. With
  // barriers every gang of the block must run the same copy (BarrierRegions
  // numbers the barriers of the two copies apart, and gangs waiting at
  // different numbers would pass each other), so the choice is the block's:
  // unmasked only when every row splits into whole gangs.
  Value *Full =
      HasBarrier
          ? B.CreateICmpEQ(B.CreateAnd(NTidX, B.getInt32(W - 1)), B.getInt32(0),
                           "gang.full")
          : B.CreateICmpULE(B.CreateAdd(Base, B.getInt32(W), "", true, true), NTidX,
                            "gang.full");
  // Private memory: W copies side by side (lane l's at l * size).
  for (Instruction &I : WF.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      Type *T = AI->getAllocatedType();
      if (AI->isArrayAllocation())
        T = ArrayType::get(T, cast<ConstantInt>(AI->getArraySize())->getZExtValue());
      AllocaInst *Copies = B.CreateAlloca(ArrayType::get(T, W), nullptr, AI->getName() + ".lanes");
      Copies->setAlignment(AI->getAlign());
      Value *Ptrs = B.CreateGEP(Copies->getAllocatedType(), Copies,
                                {B.getInt32(0), LaneIds}, AI->getName() + ".ptrs");
      PrivateAllocas[AI] = {Ptrs, Copies};
    }
  // Schedule: loop-aware topological order.
  scheduleLevel(nullptr, WF, LI, Schedule);
  for (Loop *L : LI.getLoopsInPreorder()) {
    HeaderMaskSlots[L] = stateSlot(maskTy(), "hm." + L->getHeader()->getName());
    for (PHINode &Phi : L->getHeader()->phis())
      HeaderPhiSlots[&Phi] = stateSlot(
          UI.getShape(&Phi).isUniform() ? Phi.getType() : vecTy(Phi.getType()),
          "hp." + Phi.getName());
  }
  BasicBlock *FullStart = BasicBlock::Create(Ctx, "gang.full", GF);
  BasicBlock *PartStart = BasicBlock::Create(Ctx, "gang.partial", GF);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "gang.exit", GF);
  B.SetInsertPoint(AllocaBlock);
  if (WarpGang && !OneDimWarps) {
    // Only run when every row splits into whole warps: all lanes present.
    B.CreateBr(FullStart);
    emitVariant(allTrue(), FullStart, Exit);
    PartStart->eraseFromParent();
  } else {
    B.CreateCondBr(Full, FullStart, PartStart);
    emitVariant(allTrue(), FullStart, Exit);
    // Without barriers the masked copy runs only a row's last, partial
    // gang: no mask there is ever all on.
    NeverAllOn = !HasBarrier;
    emitVariant(PartialMask, PartStart, Exit);
    NeverAllOn = false;
  }
  ReturnInst::Create(Ctx, Exit);
  repairSSA();
  return GF;
}

void GangBuilder::emitVariant(Value *Mask, BasicBlock *Start, BasicBlock *Exit) {
  EntryMask = Mask;
  Scalar.clear();
  Vector.clear();
  Lane0.clear();
  LaneLast.clear();
  CmpXchgParts.clear();
  Ranked.clear();
  AppendBases.clear();
  BlockMask.clear();
  HeaderGuard.clear();
  LoopDone.clear();
  LoadedEdgeMask.clear();
  for (auto &[AI, P] : PrivateAllocas) {
    Vector[AI] = P.first;
    Lane0[AI] = P.second;
  }
  Pending = {Start};
  for (const Item &It : Schedule) {
    switch (It.K) {
    case Item::Block:
      emitBlock(It.BB);
      break;
    case Item::LoopBegin:
      emitLoopBegin(It.L);
      break;
    case Item::LoopEnd:
      emitLoopEnd(It.L);
      break;
    }
  }
  branchPendingTo(Exit);
}

void GangBuilder::emitLoopBegin(Loop *L) {
  BasicBlock *Pre = BasicBlock::Create(Ctx, L->getHeader()->getName() + ".pre", GF);
  branchPendingTo(Pre);
  B.SetInsertPoint(Pre);
  // Exit masks of edges leaving this loop (as the outermost loop they
  // leave) accumulate over its iterations.
  for (BasicBlock *BB : L->blocks())
    for (BasicBlock *S : successors(BB))
      if (outermostExited({BB, S}) == L)
        B.CreateStore(allFalse(), edgeSlot({BB, S}));
  BasicBlock *Preheader = L->getLoopPreheader();
  Value *M0 = LoadedEdgeMask.count({Preheader, L->getHeader()})
                  ? LoadedEdgeMask[{Preheader, L->getHeader()}]
                  : B.CreateLoad(maskTy(), edgeSlot({Preheader, L->getHeader()}));
  B.CreateStore(M0, HeaderMaskSlots[L]);
  for (PHINode &Phi : L->getHeader()->phis()) {
    Value *In = Phi.getIncomingValueForBlock(Preheader);
    B.CreateStore(UI.getShape(&Phi).isUniform() ? scalarOf(In) : vectorOf(In),
                  HeaderPhiSlots[&Phi]);
  }
  if (uniformLoop(L)) {
    // Entered by all active lanes or by none: test once here, so the
    // header needs no skip test, and let direct exits jump to the end.
    BasicBlock *Enter = BasicBlock::Create(Ctx, L->getHeader()->getName() + ".enter", GF);
    LoopDone[L] = BasicBlock::Create(Ctx, L->getHeader()->getName() + ".done", GF);
    B.CreateCondBr(any(M0), Enter, LoopDone[L]);
    Pending = {Enter};
    return;
  }
  Pending = {Pre};
}

void GangBuilder::emitLoopEnd(Loop *L) {
  BasicBlock *Cont = BasicBlock::Create(Ctx, L->getHeader()->getName() + ".cont", GF);
  branchPendingTo(Cont);
  B.SetInsertPoint(Cont);
  BasicBlock *Latch = L->getLoopLatch();
  for (PHINode &Phi : L->getHeader()->phis()) {
    Value *In = Phi.getIncomingValueForBlock(Latch);
    B.CreateStore(UI.getShape(&Phi).isUniform() ? scalarOf(In) : vectorOf(In),
                  HeaderPhiSlots[&Phi]);
  }
  BasicBlock *After = LoopDone.count(L)
                          ? LoopDone[L]
                          : BasicBlock::Create(Ctx, L->getHeader()->getName() + ".done", GF);
  if (uniformLoop(L) && latchOnlyLoopsOrLeaves(L)) {
    // Every active lane that did not leave (direct exits jumped to the
    // end) is here: the header's mask stays the one the loop was entered
    // with, and the back edge needs no test.
    B.CreateBr(HeaderGuard[L]);
    Pending = {After};
    return;
  }
  Value *Back = B.CreateLoad(maskTy(), edgeSlot({Latch, L->getHeader()}), "back");
  B.CreateStore(Back, HeaderMaskSlots[L]);
  B.CreateCondBr(any(Back), HeaderGuard[L], After);
  Pending = {After};
}

void GangBuilder::emitBlock(BasicBlock *BB) {
  BasicBlock *Guard = BasicBlock::Create(Ctx, BB->getName() + ".guard", GF);
  branchPendingTo(Guard);
  B.SetInsertPoint(Guard);
  Loop *L = LI.getLoopFor(BB);
  Value *Mask;
  if (BB == &WF.getEntryBlock()) {
    Mask = EntryMask;
  } else if (L && L->getHeader() == BB) {
    HeaderGuard[L] = Guard;
    Mask = B.CreateLoad(maskTy(), HeaderMaskSlots[L], "mask." + BB->getName());
  } else if (BasicBlock *D = controlEquivalentDominator(BB)) {
    // Every lane that ran D runs BB, and no other lane does: D's mask, not
    // the OR of BB's edge masks (the join after a divergent if/else, the
    // block after a loop). A join the whole gang reaches keeps the entry
    // mask, so a barrier there needs no test for a gang with no lane left.
    Mask = BlockMask[D];
  } else {
    Mask = nullptr;
    for (BasicBlock *P : predecessors(BB)) {
      if (LoadedEdgeMask.count({P, BB}))
        continue;
      Value *E = B.CreateLoad(maskTy(), edgeSlot({P, BB}));
      LoadedEdgeMask[{P, BB}] = E;
      Mask = Mask ? B.CreateOr(Mask, E) : E;
    }
    // Edge loads must be redone each time the block is reached again (a
    // loop iteration): forget them after this block.
    if (!Mask)
      Mask = allFalse();
  }
  BlockMask[BB] = Mask;
  BasicBlock *Body = BasicBlock::Create(Ctx, BB->getName(), GF);
  BasicBlock *Skip = nullptr;
  // The entry mask has a lane on in every gang that runs (a row's last
  // gang has at least one thread).
  if (isAllTrue(Mask) || Mask == EntryMask || (L && L->getHeader() == BB && uniformLoop(L)) ||
      (BlockAtomic && BlockAtomic->getParent() == BB)) {
    // (The block atomic's block holds a barrier every gang must reach: it
    // runs with an empty mask too, findBlockAtomic checked that it can.)
    B.CreateBr(Body);
  } else {
    Skip = BasicBlock::Create(Ctx, BB->getName() + ".skip", GF);
    B.CreateCondBr(any(Mask), Body, Skip);
    B.SetInsertPoint(Skip);
    for (BasicBlock *S : successors(BB))
      if (!outermostExited({BB, S}))
        B.CreateStore(allFalse(), edgeSlot({BB, S}));
  }
  B.SetInsertPoint(Body);
  Value *OpMask = UI.isDivergentBlock(BB) ? Mask : EntryMask;
  emitPhis(BB);
  for (Instruction &I : *BB) {
    if (isa<PHINode>(I) || I.isTerminator())
      continue;
    emitInstruction(I, OpMask);
  }
  emitTerminator(BB, OpMask);
  Pending.clear();
  Pending.push_back(B.GetInsertBlock());
  if (Skip)
    Pending.push_back(Skip);
  // Edge masks into this block were consumed.
  for (BasicBlock *P : predecessors(BB))
    LoadedEdgeMask.erase({P, BB});
}

/// D = BB's nearest dominator in the same loop, when BB and D are control
/// equivalent in every iteration: BB post-dominates D, and no
/// way out of that iteration (a latch or an exiting block of the loop)
/// lies between them. The lanes active in BB are then exactly those active
/// in D (in the same iteration), whose mask is already computed.
BasicBlock *GangBuilder::controlEquivalentDominator(BasicBlock *BB) {
  if (!PDT)
    return nullptr;
  // The nearest dominator in BB's own loop (past loops in between, whose
  // lanes all reach BB once they leave).
  Loop *L = LI.getLoopFor(BB);
  DomTreeNode *N = DT.getNode(BB);
  do {
    N = N ? N->getIDom() : nullptr;
  } while (N && LI.getLoopFor(N->getBlock()) != L);
  if (!N)
    return nullptr;
  BasicBlock *D = N->getBlock();
  if (!PDT->dominates(BB, D))
    return nullptr;
  auto It = BlockMask.find(D);
  if (It == BlockMask.end())
    return nullptr;
  if (L) {
    auto Between = [&](BasicBlock *X) {
      return DT.dominates(D, X) && !DT.dominates(BB, X);
    };
    SmallVector<BasicBlock *, 4> Ways;
    L->getLoopLatches(Ways);
    L->getExitingBlocks(Ways);
    for (BasicBlock *X : Ways)
      if (Between(X))
        return nullptr;
  }
  return D;
}

void GangBuilder::emitPhis(BasicBlock *BB) {
  Loop *L = LI.getLoopFor(BB);
  bool Header = L && L->getHeader() == BB;
  for (PHINode &Phi : BB->phis()) {
    bool Uniform = UI.getShape(&Phi).isUniform();
    if (Header) {
      Value *V = B.CreateLoad(Uniform ? Phi.getType() : vecTy(Phi.getType()),
                              HeaderPhiSlots[&Phi], Phi.getName());
      (Uniform ? Scalar : Vector)[&Phi] = V;
      continue;
    }
    Value *R = nullptr;
    SmallPtrSet<BasicBlock *, 4> Done;
    for (unsigned N = 0; N < Phi.getNumIncomingValues(); ++N) {
      BasicBlock *P = Phi.getIncomingBlock(N);
      if (!Done.insert(P).second)
        continue;
      Edge E{P, BB};
      Value *V;
      if (outermostExited(E))
        V = B.CreateLoad(Uniform ? Phi.getType() : vecTy(Phi.getType()), liveOutSlot(E, &Phi));
      else
        V = Uniform ? scalarOf(Phi.getIncomingValue(N)) : vectorOf(Phi.getIncomingValue(N));
      if (!R) {
        R = V;
        continue;
      }
      Value *EM = LoadedEdgeMask.count(E) ? LoadedEdgeMask[E]
                                          : B.CreateLoad(maskTy(), edgeSlot(E));
      R = B.CreateSelect(Uniform ? any(EM) : EM, V, R, Phi.getName());
    }
    (Uniform ? Scalar : Vector)[&Phi] = R;
  }
}

void GangBuilder::emitTerminator(BasicBlock *BB, Value *OpMask) {
  Instruction *T = BB->getTerminator();
  SmallVector<std::pair<BasicBlock *, Value *>, 2> Out;
  if (auto *Br = dyn_cast<BranchInst>(T)) {
    if (Br->isUnconditional()) {
      Out.push_back({Br->getSuccessor(0), OpMask});
    } else if (Br->getSuccessor(0) == Br->getSuccessor(1)) {
      Out.push_back({Br->getSuccessor(0), OpMask});
    } else if (!varying(Br->getCondition())) {
      Value *C = scalarOf(Br->getCondition());
      Out.push_back({Br->getSuccessor(0), B.CreateSelect(C, OpMask, allFalse())});
      Out.push_back({Br->getSuccessor(1), B.CreateSelect(C, allFalse(), OpMask)});
    } else {
      Value *C = vectorOf(Br->getCondition());
      Out.push_back({Br->getSuccessor(0), B.CreateAnd(OpMask, C)});
      Out.push_back({Br->getSuccessor(1), B.CreateAnd(OpMask, B.CreateNot(C))});
    }
  }
  // Direct exits first: a uniform branch that leaves its uniform loops
  // either takes every active lane out (jump past the loops) or none, and
  // then its other side has all of them.
  bool UniformTwoWay = Out.size() == 2 && isa<BranchInst>(T) &&
                       cast<BranchInst>(T)->isConditional() &&
                       !varying(cast<BranchInst>(T)->getCondition());
  if (Out.size() == 2 && directExit({BB, Out[1].first}) && !directExit({BB, Out[0].first}))
    std::swap(Out[0], Out[1]);
  bool LeftUniformly = false;
  for (auto &[S, EM] : Out) {
    Edge E{BB, S};
    if (directExit(E)) {
      Loop *X = outermostExited(E);
      BasicBlock *Leave = BasicBlock::Create(Ctx, BB->getName() + ".leave", GF);
      BasicBlock *Stay = BasicBlock::Create(Ctx, BB->getName() + ".stay", GF);
      // A block's body runs only with some lane active, so a uniform
      // branch takes them all out exactly when its condition says so.
      Value *Taken;
      if (UniformTwoWay) {
        Value *C = scalarOf(cast<BranchInst>(T)->getCondition());
        Taken = S == cast<BranchInst>(T)->getSuccessor(0) ? C : B.CreateNot(C);
      } else {
        Taken = any(EM);
      }
      B.CreateCondBr(Taken, Leave, Stay);
      B.SetInsertPoint(Leave);
      B.CreateStore(EM, edgeSlot(E));
      for (PHINode &Phi : S->phis()) {
        Value *In = Phi.getIncomingValueForBlock(BB);
        B.CreateStore(UI.getShape(&Phi).isUniform() ? scalarOf(In) : vectorOf(In),
                      liveOutSlot(E, &Phi));
      }
      B.CreateBr(LoopDone[X]);
      B.SetInsertPoint(Stay);
      LeftUniformly = UniformTwoWay;
      continue;
    }
    if (LeftUniformly)
      EM = OpMask;
    if (Loop *X = outermostExited(E)) {
      (void)X;
      AllocaInst *Slot = edgeSlot(E);
      B.CreateStore(B.CreateOr(B.CreateLoad(maskTy(), Slot), EM), Slot);
      for (PHINode &Phi : S->phis()) {
        AllocaInst *LO = liveOutSlot(E, &Phi);
        Value *In = Phi.getIncomingValueForBlock(BB);
        bool Uniform = UI.getShape(&Phi).isUniform();
        Type *Ty = Uniform ? Phi.getType() : vecTy(Phi.getType());
        Value *Old = B.CreateLoad(Ty, LO);
        Value *New = Uniform ? B.CreateSelect(any(EM), scalarOf(In), Old)
                             : B.CreateSelect(EM, vectorOf(In), Old);
        B.CreateStore(New, LO);
      }
    } else {
      B.CreateStore(EM, edgeSlot(E));
    }
  }
}

void GangBuilder::emitUniformClone(Instruction &I) {
  Instruction *C = I.clone();
  for (unsigned N = 0; N < C->getNumOperands(); ++N)
    C->setOperand(N, scalarOf(I.getOperand(N)));
  B.Insert(C, I.getName());
  if (!I.getType()->isVoidTy())
    Scalar[&I] = C;
}

/// An atomic on the block's __shared__ memory (a static __shared__ variable,
/// or the dynamic shared buffer), not volatile.
static bool isBlockLocalAtomic(const Instruction &I) {
  const Value *Ptr;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (RMW->isVolatile())
      return false;
    Ptr = RMW->getPointerOperand();
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (CX->isVolatile())
      return false;
    Ptr = CX->getPointerOperand();
  } else {
    return false;
  }
  return pointsIntoSharedMemory(Ptr);
}

/// LOOM_WFV_ATOMICS at compile time (for measuring): "lanes", "uniform",
/// "groups", or empty.
static StringRef atomicsEnv() {
  static const char *Env = std::getenv("LOOM_WFV_ATOMICS");
  return Env ? StringRef(Env) : StringRef();
}

/// Same value in every thread of the block: kernel arguments, constants,
/// globals, block and grid indices and sizes, and pure arithmetic on them.
static bool blockUniform(const Value *V, unsigned Depth = 0) {
  if (isBlockUniformLeaf(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (Depth > 8 || !I || isa<CallBase>(I) || I->mayReadOrWriteMemory() || isa<PHINode>(I) ||
      I->isTerminator())
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return blockUniform(Op, Depth + 1); });
}

/// A stream-compaction counter, `out[atomicAdd(&count, 1)] = x` with
/// several gangs per block, costs one atomic per gang: the workers bounce
/// the counter's line, and neighbouring gangs of different workers write
/// neighbouring output slots (measured: 5.7x slower on two workers than on
/// one). A block-wide aggregation needs one: every gang stores its total,
/// a barrier, the first gang after it applies the block's sum and turns the
/// totals into each gang's base (emitBlockAtomic). Taken for the one
/// integer atomicAdd of a barrier-free kernel, outside loops, on an address
/// uniform across the block, with its result used, in a block that every
/// gang reaches (only divergent branches lead there) and that can run with
/// no lane active (masked accesses, arithmetic; no uniform memory access,
/// call or other side effect).
void GangBuilder::findBlockAtomic() {
  if (WarpGang || HasBarrier || !AggregateAtomics || !AggregateAtomicsOption ||
      !BlockAtomics || !BlockAtomicsOption || atomicsEnv() == "lanes")
    return;
  AtomicRMWInst *Found = nullptr;
  for (Instruction &I : instructions(WF)) {
    if (isa<FenceInst>(I) || isa<AtomicCmpXchgInst>(I))
      return;
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      if (Found)
        return;
      Found = RMW;
    }
  }
  if (!Found || Found->getOperation() != AtomicRMWInst::Add || Found->isVolatile() ||
      !Found->getType()->isIntegerTy() || Found->use_empty() || isBlockLocalAtomic(*Found) ||
      !blockUniform(Found->getPointerOperand()) || !PDT)
    return;
  BasicBlock *BB = Found->getParent();
  if (LI.getLoopFor(BB))
    return;
  for (Instruction &I : *BB) {
    if (&I == Found || I.isTerminator() || isa<PHINode>(I))
      continue;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      std::optional<Marker> Mk = getMarker(*CB);
      if (Mk && markerShape(*Mk) == MarkerShape::Index)
        continue;
      return;
    }
    if (isa<AllocaInst>(I))
      return;
    if (auto *LdI = dyn_cast<LoadInst>(&I)) {
      if (!LdI->isSimple() || !varying(LdI->getPointerOperand()))
        return;
      continue;
    }
    if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (!SI->isSimple() || !varying(SI->getPointerOperand()))
        return;
      continue;
    }
    if (I.mayHaveSideEffects() || I.mayReadOrWriteMemory())
      return;
    // Division by an inactive lane's divisor is made safe, by a uniform
    // one is not.
    if (auto *BO = dyn_cast<BinaryOperator>(&I))
      if (BO->isIntDivRem() && !varying(BO->getOperand(1))) {
        auto *D = dyn_cast<ConstantInt>(BO->getOperand(1));
        if (!D || D->isZero() || D->isMinusOne())
          return;
      }
  }
  // Every gang reaches BB: the branches that can lead there are divergent
  // (linearized) or post-dominated by BB.
  for (BasicBlock &X : WF) {
    Instruction *T = X.getTerminator();
    if (T->getNumSuccessors() < 2 || UI.isDivergentBranch(T) || PDT->dominates(BB, &X))
      continue;
    if (isPotentiallyReachable(&X, BB, nullptr, &DT, &LI))
      return;
  }
  BlockAtomic = Found;
  HasBarrier = true;
}

void GangBuilder::emitBlockAtomic(AtomicRMWInst &I, Value *Mask) {
  Type *T = I.getType();
  Type *I32 = B.getInt32Ty();
  // The block's gangs: rows of ceil(ntid.x / W), linear index of this one.
  Value *NX = B.CreateCall(getMarkerFunction(M, Marker::BlockDimX), {}, "ntid.x");
  Value *NY = B.CreateCall(getMarkerFunction(M, Marker::BlockDimY), {}, "ntid.y");
  Value *NZ = B.CreateCall(getMarkerFunction(M, Marker::BlockDimZ), {}, "ntid.z");
  Value *TY = B.CreateCall(getMarkerFunction(M, Marker::ThreadIdxY), {}, "tid.y");
  Value *TZ = B.CreateCall(getMarkerFunction(M, Marker::ThreadIdxZ), {}, "tid.z");
  Value *PerRow = B.CreateUDiv(B.CreateAdd(NX, B.getInt32(W - 1)), B.getInt32(W), "gangs.row");
  Value *Gangs = B.CreateMul(B.CreateMul(PerRow, NY), NZ, "gangs");
  Value *Row = B.CreateAdd(B.CreateMul(TZ, NY), TY);
  Value *G = B.CreateAdd(B.CreateMul(Row, PerRow), B.CreateUDiv(Base, B.getInt32(W)), "gang");
  // Per-block scratch (each block runs on one thread): the gangs' totals,
  // then their bases; the last element says whether the atomic was done.
  // A block has at most 1024 threads, so at most 1024 gangs.
  constexpr unsigned MaxGangs = 1024;
  auto *ScratchTy = ArrayType::get(T, MaxGangs + 1);
  if (!BlockScratch) { // one for both body copies: a block runs one
    BlockScratch = new GlobalVariable(M, ScratchTy, false, GlobalValue::InternalLinkage,
                                      Constant::getNullValue(ScratchTy), "loom.block.atomic",
                                      nullptr, GlobalValue::LocalExecTLSModel);
    BlockScratch->setAlignment(Align(64));
  }
  GlobalVariable *Scratch = BlockScratch;
  Value *ScratchP = B.CreateThreadLocalAddress(Scratch);
  auto Slot = [&](Value *Idx) { return B.CreateGEP(ScratchTy, ScratchP, {B.getInt32(0), Idx}); };
  Value *Done = Slot(B.getInt32(MaxGangs));
  // This gang's lanes: inclusive prefix, its last lane the gang's total.
  Constant *Zero = Constant::getNullValue(T);
  Value *X = B.CreateSelect(Mask, vectorOf(I.getValOperand()), B.CreateVectorSplat(W, Zero));
  Value *Excl;
  X = scanLanes(B, AtomicRMWInst::Add, X, W, &Excl);
  B.CreateStore(B.CreateExtractElement(X, uint64_t(W - 1)), Slot(G));
  // Gang 0 clears the flag before the barrier; everyone's total is in
  // before anyone passes it.
  B.CreateStore(B.CreateSelect(B.CreateICmpEQ(G, B.getInt32(0)), Zero,
                               B.CreateLoad(T, Done)),
                Done);
  B.CreateCall(getMarkerFunction(M, Marker::Barrier));
  // The first gang past the barrier applies the block's sum and replaces
  // the totals by the gangs' bases (gang order: as if the gangs' atomics
  // ran one after another, gang 0 first).
  BasicBlock *Apply = BasicBlock::Create(Ctx, "block.atomic", GF);
  BasicBlock *Sum = BasicBlock::Create(Ctx, "block.sum", GF);
  BasicBlock *Bases = BasicBlock::Create(Ctx, "block.bases", GF);
  BasicBlock *Join = BasicBlock::Create(Ctx, "block.join", GF);
  B.CreateCondBr(B.CreateICmpEQ(B.CreateLoad(T, Done), Zero), Apply, Join);
  B.SetInsertPoint(Apply);
  B.CreateBr(Sum);
  B.SetInsertPoint(Sum);
  PHINode *K = B.CreatePHI(I32, 2, "k");
  PHINode *Acc = B.CreatePHI(T, 2, "acc");
  K->addIncoming(B.getInt32(0), Apply);
  Acc->addIncoming(Zero, Apply);
  Value *Acc2 = B.CreateAdd(Acc, B.CreateLoad(T, Slot(K)));
  Value *K2 = B.CreateAdd(K, B.getInt32(1));
  K->addIncoming(K2, Sum);
  Acc->addIncoming(Acc2, Sum);
  BasicBlock *DoAtomic = BasicBlock::Create(Ctx, "block.apply", GF);
  B.CreateCondBr(B.CreateICmpULT(K2, Gangs), Sum, DoAtomic);
  B.SetInsertPoint(DoAtomic);
  auto *C = cast<AtomicRMWInst>(I.clone());
  C->setOperand(AtomicRMWInst::getPointerOperandIndex(), scalarOf(I.getPointerOperand()));
  C->setOperand(1, Acc2);
  B.Insert(C, "atomic.block");
  B.CreateStore(ConstantInt::get(T, 1), Done);
  B.CreateBr(Bases);
  B.SetInsertPoint(Bases);
  PHINode *J = B.CreatePHI(I32, 2, "j");
  PHINode *Run = B.CreatePHI(T, 2, "run");
  J->addIncoming(B.getInt32(0), DoAtomic);
  Run->addIncoming(C, DoAtomic);
  Value *PJ = Slot(J);
  Value *TJ = B.CreateLoad(T, PJ);
  B.CreateStore(Run, PJ);
  Value *J2 = B.CreateAdd(J, B.getInt32(1));
  J->addIncoming(J2, Bases);
  Run->addIncoming(B.CreateAdd(Run, TJ), Bases);
  B.CreateCondBr(B.CreateICmpULT(J2, Gangs), Bases, Join);
  B.SetInsertPoint(Join);
  Value *GangBase = B.CreateLoad(T, Slot(G), "gang.base.old");
  Vector[&I] = B.CreateAdd(B.CreateVectorSplat(W, GangBase), Excl, "atomic.old");
  if (isRankingAtomic(I))
    Ranked[&I] = {Vector[&I], Mask};
  if (BlockAtomicLocs.empty()) // once, not per body copy
    BlockAtomicLocs.push_back(I.getDebugLoc());
}

bool GangBuilder::emitGangAtomic(AtomicRMWInst &I, Value *Mask) {
  // Global atomics stay atomic, one per distinct address per gang
  // (GangAtomics.h); shared-memory ones become plain read-modify-writes
  // in emitSerialized.
  // LOOM_WFV_ATOMICS=lanes (at compile time): the lane-by-lane lowering,
  // =uniform: only addresses uniform by analysis aggregate (the default),
  // =groups: per-lane addresses grouped too; for measuring.
  bool Lanes = atomicsEnv() == "lanes";
  bool UniformOnly = atomicsEnv() == "uniform";
  bool Groups = atomicsEnv() == "groups";
  if (!AggregateAtomics || !AggregateAtomicsOption || Lanes || isBlockLocalAtomic(I) ||
      !isAggregatableAtomic(I))
    return false;
  Value *Ptr = I.getPointerOperand();
  Value *Vals = vectorOf(I.getValOperand());
  bool NeedOld = !I.use_empty();
  Value *Old;
  if (!varying(Ptr)) {
    Old = emitGuardedAggregatedAtomic(B, I, scalarOf(Ptr), Vals, Mask, W, NeedOld);
    if (Old && isRankingAtomic(I))
      Ranked[&I] = {Old, Mask};
  } else if ((GroupAtomicsOption || Groups) && !UniformOnly) {
    // Per-lane addresses: when the first active lane shares its address
    // with several others, a loop over the distinct addresses; else (a
    // histogram with many bins: most lanes alone) the lane loop, which costs
    // less per lane than a group step (measured: 256 bins 1.7x slower
    // grouped, 16 bins even, 2 bins 13x faster; docs/performance.md).
    Value *Ptrs = vectorOf(Ptr);
    Type *IW = B.getIntNTy(W);
    Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, B.CreateBitCast(Mask, IW), B.getFalse());
    Value *Same = B.CreateAnd(
        Mask, B.CreateICmpEQ(Ptrs, B.CreateVectorSplat(W, B.CreateExtractElement(Ptrs, First))));
    // At least W/8 lanes (2 at W = 16 and below); with no lane active
    // (First out of range) either path does nothing.
    Value *Count = B.CreateUnaryIntrinsic(Intrinsic::ctpop, B.CreateBitCast(Same, IW));
    Value *Shared = B.CreateFreeze(
        B.CreateICmpUGE(Count, ConstantInt::get(IW, std::max(2u, W / 8))), "atomic.shared");
    BasicBlock *Grouped = BasicBlock::Create(Ctx, "atomic.grouped", GF);
    BasicBlock *Lanes = BasicBlock::Create(Ctx, "atomic.bylane", GF);
    BasicBlock *Join = BasicBlock::Create(Ctx, "atomic.join", GF);
    B.CreateCondBr(Shared, Grouped, Lanes);
    B.SetInsertPoint(Grouped);
    Value *GOld = emitGroupedAtomic(B, I, Ptrs, Vals, Mask, W, NeedOld);
    BasicBlock *GEnd = B.GetInsertBlock();
    B.CreateBr(Join);
    B.SetInsertPoint(Lanes);
    Value *LOld = emitSerialized(I, Mask);
    BasicBlock *LEnd = B.GetInsertBlock();
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    Old = nullptr;
    if (NeedOld) {
      PHINode *P = B.CreatePHI(GOld->getType(), 2, "atomic.old");
      P->addIncoming(GOld, GEnd);
      P->addIncoming(LOld, LEnd);
      Old = P;
    }
  } else
    return false;
  if (Old)
    Vector[&I] = Old;
  AggregatedAtomics.insert({&I, {I.getDebugLoc(), !varying(Ptr)}});
  return true;
}

Value *GangBuilder::emitSerialized(Instruction &I, Value *Mask) {
  bool IsCX = isa<AtomicCmpXchgInst>(I);
  bool HasResult = !I.getType()->isVoidTy();
  SmallVector<Value *, 2> Parts;
  // An atomic under a mask that is usually full (a histogram's shared
  // atomicAdd in a grid-stride loop) pays for a test and two taken branches
  // per lane; when every lane is active at run time, a second copy of the
  // lane loop without the tests runs instead (the lane loops are unrolled,
  // so that copy is straight-line code). Calls keep one loop: their own cost
  // dwarfs the test, and their code is larger.
  bool Split = !isAllTrue(Mask) && (isa<AtomicRMWInst>(I) || IsCX) && SplitFullMaskOption;
  if (!Split) {
    Parts = emitLaneLoop(I, Mask, !isAllTrue(Mask));
  } else {
    Type *IW = B.getIntNTy(W);
    Value *Full = B.CreateICmpEQ(B.CreateBitCast(Mask, IW), Constant::getAllOnesValue(IW),
                                 "lanes.all");
    BasicBlock *FullBB = BasicBlock::Create(Ctx, "lanes.full", GF);
    BasicBlock *SomeBB = BasicBlock::Create(Ctx, "lanes.some", GF);
    BasicBlock *Join = BasicBlock::Create(Ctx, "lanes.join", GF);
    B.CreateCondBr(Full, FullBB, SomeBB);
    B.SetInsertPoint(FullBB);
    SmallVector<Value *, 2> FullParts = emitLaneLoop(I, Mask, false);
    BasicBlock *FullEnd = B.GetInsertBlock();
    B.CreateBr(Join);
    B.SetInsertPoint(SomeBB);
    SmallVector<Value *, 2> SomeParts = emitLaneLoop(I, Mask, true);
    BasicBlock *SomeEnd = B.GetInsertBlock();
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    for (unsigned N = 0; N < FullParts.size(); ++N) {
      PHINode *P = B.CreatePHI(FullParts[N]->getType(), 2);
      P->addIncoming(FullParts[N], FullEnd);
      P->addIncoming(SomeParts[N], SomeEnd);
      Parts.push_back(P);
    }
  }
  if (IsCX) {
    CmpXchgParts[&I] = {Parts[0], Parts[1]};
    return nullptr;
  }
  if (HasResult) {
    Vector[&I] = Parts[0];
    return Parts[0];
  }
  return nullptr;
}

/// Runs \p I once per lane in lane order, each copy on that lane's operands;
/// with \p TestLanes only lanes active in \p Mask run. Returns the lanes'
/// results as vectors (two for a cmpxchg, none for a void instruction).
SmallVector<Value *, 2> GangBuilder::emitLaneLoop(Instruction &I, Value *Mask, bool TestLanes) {
  bool IsCX = isa<AtomicCmpXchgInst>(I);
  Type *RT = I.getType();
  bool HasResult = !RT->isVoidTy();
  Type *I32 = B.getInt32Ty();
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Head = BasicBlock::Create(Ctx, "lane", GF);
  BasicBlock *Do = BasicBlock::Create(Ctx, "lane.do", GF);
  BasicBlock *Latch = BasicBlock::Create(Ctx, "lane.next", GF);
  BasicBlock *Done = BasicBlock::Create(Ctx, "lane.done", GF);
  B.CreateBr(Head);
  B.SetInsertPoint(Head);
  PHINode *L = B.CreatePHI(I32, 2, "lane");
  L->addIncoming(B.getInt32(0), Pre);
  SmallVector<Type *, 2> AccTys;
  if (IsCX) {
    auto *ST = cast<StructType>(RT);
    AccTys = {vecTy(ST->getElementType(0)), vecTy(ST->getElementType(1))};
  } else if (HasResult) {
    AccTys = {vecTy(RT)};
  }
  SmallVector<PHINode *, 2> Acc;
  for (Type *T : AccTys) {
    PHINode *P = B.CreatePHI(T, 2);
    P->addIncoming(PoisonValue::get(T), Pre);
    Acc.push_back(P);
  }
  if (!TestLanes)
    B.CreateBr(Do);
  else
    B.CreateCondBr(B.CreateExtractElement(Mask, L), Do, Latch);
  B.SetInsertPoint(Do);
  Instruction *C = I.clone();
  for (unsigned N = 0; N < C->getNumOperands(); ++N)
    C->setOperand(N, laneOf(I.getOperand(N), L));
  B.Insert(C);
  SmallVector<Value *, 2> NewAcc;
  if (IsCX) {
    NewAcc.push_back(B.CreateInsertElement(Acc[0], B.CreateExtractValue(C, 0), L));
    NewAcc.push_back(B.CreateInsertElement(Acc[1], B.CreateExtractValue(C, 1), L));
  } else if (HasResult) {
    NewAcc.push_back(B.CreateInsertElement(Acc[0], C, L));
  }
  // A block runs on one CPU thread and only its threads see its __shared__
  // memory: an atomic there needs no atomic instruction, just the lanes'
  // read-modify-writes in lane order.
  if (isBlockLocalAtomic(I)) {
    if (auto *RMW = dyn_cast<AtomicRMWInst>(C))
      lowerAtomicRMWInst(RMW);
    else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(C))
      lowerAtomicCmpXchgInst(CX);
  }
  BasicBlock *DoEnd = B.GetInsertBlock();
  B.CreateBr(Latch);
  B.SetInsertPoint(Latch);
  SmallVector<Value *, 2> Merged;
  for (unsigned N = 0; N < Acc.size(); ++N) {
    PHINode *P = B.CreatePHI(AccTys[N], 2);
    P->addIncoming(Acc[N], Head);
    P->addIncoming(NewAcc[N], DoEnd);
    if (!TestLanes)
      P->removeIncomingValue(Head, false);
    Merged.push_back(P);
  }
  Value *Next = B.CreateAdd(L, B.getInt32(1), "", true, true);
  L->addIncoming(Next, Latch);
  for (unsigned N = 0; N < Acc.size(); ++N)
    Acc[N]->addIncoming(Merged[N], Latch);
  B.CreateCondBr(B.CreateICmpULT(Next, B.getInt32(W)), Head, Done);
  B.SetInsertPoint(Done);
  return Merged;
}

Value *GangBuilder::activeLanesCoverPages(Value *Mask, Value *P0, int64_t Size,
                                          int64_t LaneStride) {
  if (!LaneStride)
    LaneStride = Size;
  // 4 KiB: the smallest page of the targets Loom runs on; larger pages only
  // make the test stricter than it needs to be.
  constexpr unsigned PageShift = 12;
  Type *I64 = B.getInt64Ty();
  Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(W));
  Value *Any = B.CreateICmpNE(Bits, ConstantInt::get(Bits->getType(), 0));
  Value *First = B.CreateZExt(B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getFalse()), I64);
  Value *Lead = B.CreateZExt(B.CreateBinaryIntrinsic(Intrinsic::ctlz, Bits, B.getFalse()), I64);
  Value *Start = B.CreatePtrToInt(P0, I64);
  // The bytes the access spans: W lanes LaneStride apart.
  Value *End = B.CreateAdd(Start, ConstantInt::get(I64, W * LaneStride - 1));
  // First byte of the first active lane, last byte of the last one.
  Value *FirstByte = B.CreateAdd(Start, B.CreateMul(First, ConstantInt::get(I64, LaneStride)));
  Value *LastByte = B.CreateSub(
      End, B.CreateAdd(B.CreateMul(Lead, ConstantInt::get(I64, LaneStride)),
                       ConstantInt::get(I64, LaneStride - Size)));
  auto SamePage = [&](Value *X, Value *Y) {
    return B.CreateICmpULT(B.CreateXor(X, Y), ConstantInt::get(I64, 1ULL << PageShift));
  };
  return B.CreateAnd(Any, B.CreateAnd(SamePage(Start, FirstByte), SamePage(End, LastByte)),
                     "pages.covered");
}

Value *GangBuilder::consecutiveGuard(const Value *Ptr, Value *P0, int64_t Stride) {
  // The index may have wrapped in 32-bit arithmetic between lanes. A wrap
  // is a single jump of 2^32 somewhere in the gang (|Stride| * (W-1) is far
  // below 2^31), so the last lane lands at lane 0 + (W-1) * Stride exactly
  // when no lane wrapped: one scalar compare.
  Type *I64 = B.getInt64Ty();
  Value *Span = B.CreateSub(B.CreatePtrToInt(laneLastOf(Ptr), I64), B.CreatePtrToInt(P0, I64));
  return B.CreateICmpEQ(Span, ConstantInt::get(I64, Stride * int64_t(W - 1)), "contiguous");
}

void GangBuilder::emitLoad(LoadInst &LdI, Value *Mask) {
  Type *T = LdI.getType();
  Shape PS = UI.getShape(LdI.getPointerOperand());
  Value *Res;
  int64_t Size = DL.getTypeAllocSize(T);
  auto Gather = [&]() {
    return B.CreateMaskedGather(vecTy(T), vectorOf(LdI.getPointerOperand()), LdI.getAlign(),
                                Mask, PoisonValue::get(vecTy(T)));
  };
  if (PS.isAffine() && PS.Stride == Size && DL.getTypeStoreSize(T) == Size) {
    emitStepPrefetch(LdI.getPointerOperand(), /*Write=*/false);
    Value *P0 = lane0Of(LdI.getPointerOperand());
    auto Contig = [&]() -> Value * {
      if (isAllTrue(Mask))
        return B.CreateAlignedLoad(vecTy(T), P0, LdI.getAlign());
      // Masked loads cost more than plain ones (on AMD Zen 4 a streaming
      // loop of them runs at ~60% of the plain loop's bandwidth, even with
      // every lane on). A plain load is as good when every lane is active,
      // the usual case (jump threading merges the tests of accesses under
      // the same mask), and safe when the inactive lanes' bytes lie on the
      // pages the active lanes' bytes are on: the loaded values of inactive
      // lanes are never used, and a fault needs an unmapped page. That
      // covers the partial gangs at a row's or a stencil's edges; only a
      // vector that crosses into a page no active lane touches (the end of
      // an allocation) stays masked.
      //
      // Shared memory has guard zones at least a vector wide on both sides
      // (LowerSharedMemory, the runtime's buffer): any active lane makes the
      // whole vector readable, one test.
      bool Guarded = uint64_t(W) * Size <= sharedGuardBytes(LdI.getPointerOperand());
      BasicBlock *All = BasicBlock::Create(Ctx, "load.plain", GF);
      BasicBlock *Pages = Guarded ? nullptr : BasicBlock::Create(Ctx, "load.pages", GF);
      BasicBlock *Some = BasicBlock::Create(Ctx, "load.masked", GF);
      BasicBlock *Done = BasicBlock::Create(Ctx, "load.done", GF);
      if (Guarded) {
        B.CreateCondBr(any(Mask), All, Some);
      } else {
        if (NeverAllOn)
          B.CreateBr(Pages);
        else
          B.CreateCondBr(B.CreateAndReduce(Mask), All, Pages);
        B.SetInsertPoint(Pages);
        B.CreateCondBr(activeLanesCoverPages(Mask, P0, Size), All, Some);
      }
      B.SetInsertPoint(All);
      Value *Plain = B.CreateAlignedLoad(vecTy(T), P0, LdI.getAlign());
      B.CreateBr(Done);
      B.SetInsertPoint(Some);
      Value *Masked = B.CreateMaskedLoad(vecTy(T), P0, LdI.getAlign(), Mask,
                                         PoisonValue::get(vecTy(T)));
      B.CreateBr(Done);
      B.SetInsertPoint(Done);
      PHINode *P = B.CreatePHI(vecTy(T), 2);
      P->addIncoming(Plain, All);
      P->addIncoming(Masked, Some);
      return P;
    };
    if (!PS.MayWrap) {
      Res = Contig();
    } else {
      Value *Ok = consecutiveGuard(LdI.getPointerOperand(), P0, PS.Stride);
      BasicBlock *From = B.GetInsertBlock();
      BasicBlock *Yes = BasicBlock::Create(Ctx, "contig", GF);
      BasicBlock *No = BasicBlock::Create(Ctx, "gather", GF);
      BasicBlock *Join = BasicBlock::Create(Ctx, "access", GF);
      (void)From;
      B.CreateCondBr(Ok, Yes, No);
      B.SetInsertPoint(Yes);
      Value *A = Contig();
      BasicBlock *YesEnd = B.GetInsertBlock();
      B.CreateBr(Join);
      B.SetInsertPoint(No);
      Value *G = Gather();
      BasicBlock *NoEnd = B.GetInsertBlock();
      B.CreateBr(Join);
      B.SetInsertPoint(Join);
      PHINode *P = B.CreatePHI(vecTy(T), 2);
      P->addIncoming(A, YesEnd);
      P->addIncoming(G, NoEnd);
      Res = P;
    }
  } else if (unsigned K = groupFactor(PS, T)) {
    Res = emitGroupedLoad(LdI, Mask, K);
  } else {
    Res = Gather();
  }
  Res->setName(LdI.getName());
  Vector[&LdI] = Res;
}

/// K when lanes are K elements apart (2 <= K <= 4, a constant stride): the
/// gang's lanes then lie in K consecutive vectors, which can be loaded whole
/// and picked apart with shuffles (a tree scan's or a reduction's levels
/// after UnrollBarrierLoops, fields of an array of structures). A gather
/// loads lane by lane; a scatter is microcoded.
unsigned GangBuilder::groupFactor(const Shape &PS, Type *T) {
  int64_t Size = DL.getTypeAllocSize(T);
  if (!PS.isAffine() || !isScalarElement(T) || DL.getTypeStoreSize(T) != Size ||
      PS.Stride <= Size || PS.Stride % Size)
    return 0;
  int64_t K = PS.Stride / Size;
  return K <= 4 ? unsigned(K) : 0;
}

SmallVector<Value *, 4> GangBuilder::loadGroup(Type *T, Value *P0, unsigned K, Align A) {
  SmallVector<Value *, 4> Parts;
  int64_t Size = DL.getTypeAllocSize(T);
  for (unsigned J = 0; J < K; ++J)
    Parts.push_back(B.CreateAlignedLoad(vecTy(T), groupPart(P0, J, Size),
                                        commonAlignment(A, J * W * Size), "group"));
  return Parts;
}

Value *GangBuilder::groupPart(Value *P0, unsigned J, int64_t Size) {
  return J ? B.CreateConstGEP1_64(B.getInt8Ty(), P0, int64_t(J) * W * Size) : P0;
}

/// Lanes K elements apart, from a pointer whose shape says so: the K
/// vectors the gang spans are read whole when that is safe (any active lane
/// in shared memory with guard zones wider than the span, else the pages
/// the active lanes touch), and lane i is element i * K of them; otherwise
/// (or when a 32-bit index wrapped between lanes) a gather.
Value *GangBuilder::emitGroupedLoad(LoadInst &LdI, Value *Mask, unsigned K) {
  Type *T = LdI.getType();
  const Value *Ptr = LdI.getPointerOperand();
  Shape PS = UI.getShape(Ptr);
  int64_t Size = DL.getTypeAllocSize(T);
  Value *P0 = lane0Of(Ptr);
  Value *Safe = uint64_t(W) * K * Size <= sharedGuardBytes(Ptr)
                    ? any(Mask)
                    : activeLanesCoverPages(Mask, P0, Size, int64_t(K) * Size);
  if (PS.MayWrap)
    Safe = B.CreateAnd(Safe, consecutiveGuard(Ptr, P0, PS.Stride));
  BasicBlock *Wide = BasicBlock::Create(Ctx, "group.load", GF);
  BasicBlock *Lanes = BasicBlock::Create(Ctx, "group.gather", GF);
  BasicBlock *Done = BasicBlock::Create(Ctx, "group.done", GF);
  B.CreateCondBr(Safe, Wide, Lanes);
  B.SetInsertPoint(Wide);
  SmallVector<Value *, 4> Parts = loadGroup(T, P0, K, LdI.getAlign());
  // Concatenate (padding to a power of two) and take every K-th element.
  while (Parts.size() > 1) {
    SmallVector<Value *, 4> Next;
    for (size_t I = 0; I < Parts.size(); I += 2) {
      Value *A = Parts[I];
      Value *C = I + 1 < Parts.size() ? Parts[I + 1] : PoisonValue::get(A->getType());
      unsigned N = cast<FixedVectorType>(A->getType())->getNumElements();
      SmallVector<int, 64> Cat;
      for (unsigned E = 0; E < 2 * N; ++E)
        Cat.push_back(E);
      Next.push_back(B.CreateShuffleVector(A, C, Cat));
    }
    Parts = Next;
  }
  SmallVector<int, 32> Pick;
  for (unsigned L = 0; L < W; ++L)
    Pick.push_back(int(L * K));
  Value *Picked = B.CreateShuffleVector(Parts[0], Pick);
  B.CreateBr(Done);
  B.SetInsertPoint(Lanes);
  Value *G = B.CreateMaskedGather(vecTy(T), vectorOf(Ptr), LdI.getAlign(), Mask,
                                  PoisonValue::get(vecTy(T)));
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  PHINode *P = B.CreatePHI(vecTy(T), 2);
  P->addIncoming(Picked, Wide);
  P->addIncoming(G, Lanes);
  return P;
}

/// A store to the block's shared memory with lanes K elements apart: read
/// the K vectors the gang spans, blend the active lanes in, write them back.
/// Only shared memory: a block runs on one CPU thread, so nothing else
/// writes the bytes between the lanes meanwhile, and its guard zones make
/// the span readable and writable when any lane is active. Returns false
/// (emit a scatter) elsewhere.
bool GangBuilder::emitGroupedStore(StoreInst &SI, Value *Mask, unsigned K) {
  const Value *Ptr = SI.getPointerOperand(), *Val = SI.getValueOperand();
  Type *T = Val->getType();
  int64_t Size = DL.getTypeAllocSize(T);
  if (!pointsIntoSharedMemory(Ptr) || uint64_t(W) * K * Size > sharedGuardBytes(Ptr))
    return false;
  Shape PS = UI.getShape(Ptr);
  Value *P0 = lane0Of(Ptr);
  Value *Safe = any(Mask);
  if (PS.MayWrap)
    Safe = B.CreateAnd(Safe, consecutiveGuard(Ptr, P0, PS.Stride));
  BasicBlock *Wide = BasicBlock::Create(Ctx, "group.store", GF);
  BasicBlock *Lanes = BasicBlock::Create(Ctx, "group.scatter", GF);
  BasicBlock *Done = BasicBlock::Create(Ctx, "group.stored", GF);
  B.CreateCondBr(Safe, Wide, Lanes);
  B.SetInsertPoint(Wide);
  SmallVector<Value *, 4> Parts = loadGroup(T, P0, K, SI.getAlign());
  Value *V = vectorOf(Val);
  Value *NoLanes = Constant::getNullValue(maskTy());
  for (unsigned J = 0; J < K; ++J) {
    // Element E of part J is lane (J * W + E) / K where K divides it.
    SmallVector<int, 32> Spread;
    SmallVector<int, 32> SpreadMask;
    for (unsigned E = 0; E < W; ++E) {
      unsigned Pos = J * W + E;
      bool IsLane = Pos % K == 0;
      Spread.push_back(IsLane ? int(Pos / K) : -1);
      SpreadMask.push_back(IsLane ? int(Pos / K) : int(W)); // W: a false lane
    }
    Value *Vals = B.CreateShuffleVector(V, Spread);
    Value *On = B.CreateShuffleVector(Mask, NoLanes, SpreadMask);
    Value *Merged = B.CreateSelect(On, Vals, Parts[J]);
    B.CreateAlignedStore(Merged, groupPart(P0, J, Size),
                         commonAlignment(SI.getAlign(), J * W * Size));
  }
  B.CreateBr(Done);
  B.SetInsertPoint(Lanes);
  B.CreateMaskedScatter(V, vectorOf(Ptr), SI.getAlign(), Mask);
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  return true;
}

/// The step of a stepped grid-stride loop, emitted again here: it may be
/// computed after the access in the loop body (clang reads gridDim there).
Value *GangBuilder::rebuildStep(const Value *V, const Loop &L, unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || Depth > 6)
    return scalarOf(V); // defined before the loop: emitted, dominates it
  if (auto *CB = dyn_cast<CallInst>(I)) {
    Instruction *C = CB->clone();
    B.Insert(C);
    return C;
  }
  SmallVector<Value *, 2> Ops;
  for (const Value *Op : I->operands())
    Ops.push_back(rebuildStep(Op, L, Depth + 1));
  Instruction *C = I->clone();
  for (unsigned N = 0; N < Ops.size(); ++N)
    C->setOperand(N, Ops[N]);
  B.Insert(C);
  return C;
}

/// A unit-stride access `p[i]` of a grid-stride loop that runs block-wide
/// (insertGridStrideSteps): between two iterations of one gang the rest of
/// the block takes its step, so the hardware prefetcher sees a block's
/// chunk, then a jump of a whole grid. Prefetching the lines this gang will
/// touch a few iterations ahead (`p[i + D * step]`) hides that latency: in
/// a model of the loop (one core, AVX-512), a distance of 4 to 8 steps ran
/// at 0.95x a contiguous stream's time, against 1.5x without. A prefetch
/// never faults, so the addresses past the end of the array are harmless.
void GangBuilder::emitStepPrefetch(const Value *Ptr, bool Write) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Ptr);
  if (!StepIVs || !GEP || GEP->getNumIndices() != 1)
    return;
  auto StripCast = [](const Value *V) -> const Value * {
    if (auto *C = dyn_cast<CastInst>(V);
        C && (isa<SExtInst>(C) || isa<ZExtInst>(C) || isa<TruncInst>(C)))
      return C->getOperand(0);
    return V;
  };
  const Value *Idx = StripCast(GEP->getOperand(1));
  // A full-gang loop's `int(g) + lane` (FullGangLoops) advances with g.
  if (auto *Add = dyn_cast<BinaryOperator>(Idx); Add && Add->getOpcode() == Instruction::Add)
    for (unsigned N = 0; N < 2; ++N) {
      auto *P = dyn_cast<PHINode>(StripCast(Add->getOperand(N)));
      const Loop *L = P ? LI.getLoopFor(P->getParent()) : nullptr;
      if (P && L && L->isLoopInvariant(Add->getOperand(1 - N)) && StepIVs->count(P))
        Idx = P;
    }
  auto *Phi = dyn_cast<PHINode>(Idx);
  auto It = Phi ? StepIVs->find(Phi) : StepIVs->end();
  if (It == StepIVs->end())
    return;
  // Stepped, a gang's next iteration comes a whole block step later, so 6
  // steps ahead is far enough. A loop left gang by gang (atomics) runs its
  // gang's next iteration right after this one: 3 ahead measured best in a
  // model of a histogram's loop (one core, AVX-512: 3 iterations 0.74x the
  // time without prefetch, 4 0.83x, 8 0.91x; bench histogram 0.93x).
  int64_t Distance = UnsteppedIVs && UnsteppedIVs->count(Phi) ? 3 : 6;
  int64_t Elt = DL.getTypeAllocSize(GEP->getSourceElementType());
  Value *Step = B.CreateSExtOrTrunc(rebuildStep(It->second, *LI.getLoopFor(Phi->getParent())),
                                    B.getInt64Ty());
  Value *Ahead = B.CreateMul(Step, B.getInt64(Distance * Elt), "prefetch.ahead");
  Value *Base = B.CreateGEP(B.getInt8Ty(), lane0Of(Ptr), Ahead, "prefetch.at");
  unsigned Line = TTI.getCacheLineSize() ? TTI.getCacheLineSize() : 64;
  Function *Prefetch = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::prefetch,
                                                        {B.getPtrTy()});
  for (int64_t Off = 0; Off < int64_t(W) * Elt; Off += Line)
    B.CreateCall(Prefetch, {B.CreateConstGEP1_64(B.getInt8Ty(), Base, Off),
                            B.getInt32(Write), B.getInt32(3), B.getInt32(1)});
}

/// `out[atomicAdd(&count, 1)] = v` (stream compaction): the active lanes'
/// slots are consecutive, in lane order, from lane 0's old value, so the
/// scatter is a compress-store of the active lanes' values there
/// (vpcompress on AVX-512; LLVM expands it elsewhere). Only under the mask
/// the atomic ranked the lanes with.
bool GangBuilder::emitCompressStore(StoreInst &SI, Value *Mask) {
  if (auto It = AppendBases.find(SI.getPointerOperand());
      It != AppendBases.end() && It->second.second == Mask) {
    // DeferAppends checked that the store fills the slot.
    if (isAllTrue(Mask)) {
      B.CreateAlignedStore(vectorOf(SI.getValueOperand()), It->second.first, SI.getAlign());
      return true;
    }
    B.CreateIntrinsic(Intrinsic::masked_compressstore, {vecTy(SI.getValueOperand()->getType())},
                      {vectorOf(SI.getValueOperand()), It->second.first, Mask});
    return true;
  }
  auto *GEP = dyn_cast<GetElementPtrInst>(SI.getPointerOperand());
  if (!GEP || GEP->getNumIndices() != 1 || varying(GEP->getPointerOperand()))
    return false;
  const Value *Idx = GEP->getOperand(1);
  bool Signed = false;
  if (auto *Ext = dyn_cast<CastInst>(Idx); Ext && (isa<SExtInst>(Ext) || isa<ZExtInst>(Ext))) {
    Signed = isa<SExtInst>(Ext);
    Idx = Ext->getOperand(0);
  }
  auto It = Ranked.find(Idx);
  if (It == Ranked.end() || It->second.second != Mask)
    return false;
  Type *T = SI.getValueOperand()->getType();
  if (DL.getTypeAllocSize(GEP->getSourceElementType()) != DL.getTypeAllocSize(T) ||
      DL.getTypeStoreSize(T) != DL.getTypeAllocSize(T))
    return false;
  // (Frozen: with no lane active the atomic was skipped and its value is
  // poison; the store then touches nothing.)
  Value *First =
      B.CreateFreeze(B.CreateExtractElement(It->second.first, uint64_t(0)), "rank.base");
  Value *Wide = Signed ? B.CreateSExt(First, GEP->getOperand(1)->getType())
                       : B.CreateZExt(First, GEP->getOperand(1)->getType());
  Value *At = B.CreateGEP(GEP->getSourceElementType(), scalarOf(GEP->getPointerOperand()), Wide,
                          "compress.at");
  B.CreateIntrinsic(Intrinsic::masked_compressstore, {vecTy(T)},
                    {vectorOf(SI.getValueOperand()), At, Mask});
  return true;
}

/// `__loom_append(count, out, size, 1, flags)` (DeferAppends) in every
/// active lane: one call reserves the active lanes' slots, consecutive in
/// lane order, and lane l's slot is the first plus the number of active
/// lanes below l. With no lane active it reserves nothing.
bool GangBuilder::emitAppend(CallInst &CI, Value *Mask) {
  Function *Callee = CI.getCalledFunction();
  if (!Callee || Callee->getName() != AppendFunctionName || CI.arg_size() != 5)
    return false;
  for (const Use &U : CI.args())
    if (varying(U.get()))
      return false;
  auto *One = dyn_cast<ConstantInt>(CI.getArgOperand(3));
  if (!One || !One->isOne())
    return false;
  Type *IW = B.getIntNTy(W);
  Value *Count = isAllTrue(Mask)
                     ? B.getInt32(W)
                     : B.CreateZExtOrTrunc(B.CreateUnaryIntrinsic(Intrinsic::ctpop,
                                                                  B.CreateBitCast(Mask, IW)),
                                           B.getInt32Ty());
  Value *First = B.CreateCall(Callee, {scalarOf(CI.getArgOperand(0)), scalarOf(CI.getArgOperand(1)),
                                       scalarOf(CI.getArgOperand(2)), Count,
                                       scalarOf(CI.getArgOperand(4))},
                              "append.first");
  Value *Below = nullptr;
  scanLanes(B, AtomicRMWInst::Add, B.CreateZExt(Mask, vecTy(B.getInt64Ty())), W, &Below);
  Value *Offsets = B.CreateMul(Below, B.CreateVectorSplat(W, scalarOf(CI.getArgOperand(2))));
  Vector[&CI] = B.CreateGEP(B.getInt8Ty(), B.CreateVectorSplat(W, First), Offsets, "append.slots");
  AppendBases[&CI] = {First, Mask};
  return true;
}

void GangBuilder::emitStore(StoreInst &SI, Value *Mask) {
  const Value *Ptr = SI.getPointerOperand(), *Val = SI.getValueOperand();
  Type *T = Val->getType();
  Shape PS = UI.getShape(Ptr);
  if (!varying(Ptr) && !varying(Val)) {
    emitUniformClone(SI);
    return;
  }
  if (!SI.isSimple() || !isScalarElement(T)) {
    emitSerialized(SI, Mask);
    return;
  }
  if (emitCompressStore(SI, Mask))
    return;
  int64_t Size = DL.getTypeAllocSize(T);
  auto Scatter = [&]() {
    // Lanes store in order, so the highest active lane's value wins where
    // lanes share an address (as one of the threads would on a GPU).
    B.CreateMaskedScatter(vectorOf(Val), vectorOf(Ptr), SI.getAlign(), Mask);
  };
  if (PS.isUniform()) {
    // One address (out[warp] written by lane 0, a block's result): the
    // highest active lane's value, one scalar store. A scatter of lanes to
    // one address is microcoded and costs tens of cycles.
    Value *V = vectorOf(Val);
    Value *P = scalarOf(Ptr);
    if (isAllTrue(Mask)) {
      B.CreateAlignedStore(B.CreateExtractElement(V, uint64_t(W - 1)), P, SI.getAlign());
      return;
    }
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(W));
    BasicBlock *Some = BasicBlock::Create(Ctx, "store.last", GF);
    BasicBlock *Done = BasicBlock::Create(Ctx, "store.done", GF);
    B.CreateCondBr(B.CreateICmpNE(Bits, ConstantInt::get(Bits->getType(), 0)), Some, Done);
    B.SetInsertPoint(Some);
    Value *Lz = B.CreateBinaryIntrinsic(Intrinsic::ctlz, Bits, B.getTrue());
    Value *Last = B.CreateSub(ConstantInt::get(Bits->getType(), W - 1), Lz);
    B.CreateAlignedStore(B.CreateExtractElement(V, Last), P, SI.getAlign());
    B.CreateBr(Done);
    B.SetInsertPoint(Done);
    return;
  }
  if (PS.isAffine() && PS.Stride == Size && DL.getTypeStoreSize(T) == Size) {
    emitStepPrefetch(Ptr, /*Write=*/true);
    Value *P0 = lane0Of(Ptr);
    auto Contig = [&]() {
      if (isAllTrue(Mask)) {
        B.CreateAlignedStore(vectorOf(Val), P0, SI.getAlign());
        return;
      }
      if (NeverAllOn) {
        B.CreateMaskedStore(vectorOf(Val), P0, SI.getAlign(), Mask);
        return;
      }
      // Masked stores are slow on many CPUs (microcoded on AMD, also with
      // AVX2): a plain store when every lane is active, the usual case.
      Value *V = vectorOf(Val);
      BasicBlock *All = BasicBlock::Create(Ctx, "store.all", GF);
      BasicBlock *Some = BasicBlock::Create(Ctx, "store.masked", GF);
      BasicBlock *Done = BasicBlock::Create(Ctx, "store.done", GF);
      B.CreateCondBr(B.CreateAndReduce(Mask), All, Some);
      B.SetInsertPoint(All);
      B.CreateAlignedStore(V, P0, SI.getAlign());
      B.CreateBr(Done);
      B.SetInsertPoint(Some);
      B.CreateMaskedStore(V, P0, SI.getAlign(), Mask);
      B.CreateBr(Done);
      B.SetInsertPoint(Done);
    };
    if (!PS.MayWrap) {
      Contig();
      return;
    }
    Value *Ok = consecutiveGuard(Ptr, P0, PS.Stride);
    BasicBlock *Yes = BasicBlock::Create(Ctx, "contig", GF);
    BasicBlock *No = BasicBlock::Create(Ctx, "scatter", GF);
    BasicBlock *Join = BasicBlock::Create(Ctx, "access", GF);
    B.CreateCondBr(Ok, Yes, No);
    B.SetInsertPoint(Yes);
    Contig();
    B.CreateBr(Join);
    B.SetInsertPoint(No);
    Scatter();
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    return;
  }
  if (unsigned K = groupFactor(PS, T); K && emitGroupedStore(SI, Mask, K))
    return;
  Scatter();
}

bool GangBuilder::emitVectorCall(CallInst &CI) {
  Function *Callee = CI.getCalledFunction();
  if (!Callee)
    return false;
  Type *RT = CI.getType();
  if (!RT->isFloatingPointTy() && !RT->isIntegerTy())
    return false;
  for (Value *A : CI.args())
    if (!isScalarElement(A->getType()) || A->getType()->isPointerTy())
      return false;
  // libm with a vector variant (glibc's libmvec through the target library
  // info): call it directly, in chunks of the largest width it offers.
  StringRef Name = Callee->getName();
  for (unsigned VF = W; VF >= 2; VF /= 2) {
    if (W % VF)
      continue;
    StringRef VName = TLI.getVectorizedFunction(Name, ElementCount::getFixed(VF), false);
    if (VName.empty())
      continue;
    SmallVector<Type *, 4> PTys;
    for (Value *A : CI.args())
      PTys.push_back(FixedVectorType::get(A->getType(), VF));
    FunctionCallee VFn = M.getOrInsertFunction(
        VName, FunctionType::get(FixedVectorType::get(RT, VF), PTys, false));
    SmallVector<Value *, 4> Full;
    for (Value *A : CI.args())
      Full.push_back(vectorOf(A));
    SmallVector<Value *, 4> Parts;
    for (unsigned Off = 0; Off < W; Off += VF) {
      SmallVector<int, 16> Idx;
      for (unsigned L = 0; L < VF; ++L)
        Idx.push_back(Off + L);
      SmallVector<Value *, 4> Args;
      for (Value *A : Full)
        Args.push_back(VF == W ? A : B.CreateShuffleVector(A, Idx));
      CallInst *C = B.CreateCall(VFn, Args);
      C->setFastMathFlags(CI.getFastMathFlags());
      Parts.push_back(C);
    }
    while (Parts.size() > 1) {
      SmallVector<Value *, 4> Next;
      for (unsigned N = 0; N < Parts.size(); N += 2) {
        unsigned Len = cast<FixedVectorType>(Parts[N]->getType())->getNumElements() * 2;
        SmallVector<int, 32> Idx;
        for (unsigned L = 0; L < Len; ++L)
          Idx.push_back(L);
        Next.push_back(B.CreateShuffleVector(Parts[N], Parts[N + 1], Idx));
      }
      Parts = Next;
    }
    Parts[0]->setName(CI.getName());
    Vector[&CI] = Parts[0];
    return true;
  }
  Intrinsic::ID ID = CI.getIntrinsicID();
  if (ID == Intrinsic::not_intrinsic || !isTriviallyVectorizable(ID))
    return false;
  SmallVector<Type *, 4> Tys;
  if (isVectorIntrinsicWithOverloadTypeAtArg(ID, -1, &TTI))
    Tys.push_back(vecTy(RT));
  SmallVector<Value *, 4> Args;
  for (unsigned N = 0; N < CI.arg_size(); ++N) {
    Value *A = CI.getArgOperand(N);
    bool ScalarOp = isVectorIntrinsicWithScalarOpAtArg(ID, N, &TTI);
    if (ScalarOp && varying(A))
      return false;
    Value *V = ScalarOp ? scalarOf(A) : vectorOf(A);
    if (isVectorIntrinsicWithOverloadTypeAtArg(ID, N, &TTI))
      Tys.push_back(V->getType());
    Args.push_back(V);
  }
  Function *VFn = Intrinsic::getOrInsertDeclaration(&M, ID, Tys);
  CallInst *C = B.CreateCall(VFn, Args, CI.getName());
  if (isa<FPMathOperator>(C))
    C->setFastMathFlags(CI.getFastMathFlags());
  Vector[&CI] = C;
  return true;
}

/// A shuffle whose lane argument is the same for the whole warp but not a
/// constant (a reduction loop's `o` before it is unrolled): lane l's source
/// value, for the lanes where the source is valid, built from constant
/// permutes chosen by the argument's bits, so no stack copy and gather is
/// needed. Once the loop is unrolled and `o` is a constant, the choices fold
/// to the one permute the constant path would emit. xor: l ^ k is a xor by
/// each set bit of k; down/up: (l +- d) mod 32 is a rotation by each set bit
/// (valid lanes never wrap); idx of a full-width warp: a broadcast; idx in
/// segments of a known width: each low lane bit replaced by the argument's.
/// Null when the argument varies or the segment width is unknown.
Value *GangBuilder::uniformShuffle(uint64_t Op, Value *ArgV, Value *CV, Value *Val) {
  if (varying(ArgV) || W != WarpSize)
    return nullptr;
  Value *A = scalarOf(ArgV);
  auto Permute = [&](Value *V, auto &&Lane) {
    SmallVector<int, 32> Pattern;
    for (unsigned L = 0; L < W; ++L)
      Pattern.push_back(int(Lane(L) & 31));
    return B.CreateShuffleVector(V, Pattern);
  };
  auto BitSet = [&](Value *K, unsigned Bit) {
    return B.CreateICmpNE(B.CreateAnd(K, 1u << Bit), B.getInt32(0));
  };
  if (Op == LoomWarpShflXor || Op == LoomWarpShflDown || Op == LoomWarpShflUp) {
    Value *K = Op == LoomWarpShflUp ? B.CreateNeg(A) : A;
    K = B.CreateAnd(K, 31, "shfl.k");
    Value *Moved = Val;
    for (unsigned Bit = 0; Bit < 5; ++Bit) {
      unsigned D = 1u << Bit;
      Value *P = Op == LoomWarpShflXor ? Permute(Moved, [&](unsigned L) { return L ^ D; })
                                       : Permute(Moved, [&](unsigned L) { return L + D; });
      Moved = B.CreateSelect(BitSet(K, Bit), P, Moved);
    }
    return Moved;
  }
  // __shfl_sync: the source lane within the segment is the argument's low
  // bits; the segment mask must be a constant to know which bits those are.
  auto *C = dyn_cast<ConstantInt>(CV);
  if (Op != LoomWarpShflIdx || !C)
    return nullptr;
  uint32_t Low = ~uint32_t(C->getZExtValue() >> 8) & 31;
  Value *K = B.CreateAnd(A, Low, "shfl.k");
  if (Low == 31)
    return B.CreateVectorSplat(W, B.CreateExtractElement(Val, K));
  Value *Moved = Val;
  for (unsigned Bit = 0; Bit < 5; ++Bit) {
    unsigned D = 1u << Bit;
    if (!(Low & D))
      continue;
    Value *Set = Permute(Moved, [&](unsigned L) { return L | D; });
    Value *Clear = Permute(Moved, [&](unsigned L) { return L & ~D; });
    Moved = B.CreateSelect(BitSet(K, Bit), Set, Clear);
  }
  return Moved;
}

/// A warp collective in a warp gang (include/loom/WarpOps.h): the lanes
/// present are those of \p OpMask; every lane's published value is lane l of
/// the value vector. Same results as the device library's
/// __loom_warp_collective, computed in registers.
void GangBuilder::emitWarpCollective(CallInst &CI, Value *OpMask) {
  const uint64_t Op = cast<ConstantInt>(CI.getArgOperand(0))->getZExtValue();
  Type *I32 = B.getInt32Ty();
  auto *VTy = cast<FixedVectorType>(vecTy(I32));
  Value *Member = vectorOf(CI.getArgOperand(1));
  Value *Val = vectorOf(CI.getArgOperand(2));
  Value *Arg = vectorOf(CI.getArgOperand(3));
  Value *C = vectorOf(CI.getArgOperand(4));
  Value *Active = B.CreateBitCast(OpMask, I32, "warp.active");
  auto Splat = [&](Value *S) { return B.CreateVectorSplat(W, S); };
  auto Const = [&](uint32_t X) { return ConstantInt::get(VTy, X); };
  Value *R = nullptr;
  if (Op <= LoomWarpShflXor) {
    Value *L = LaneIds;
    auto [J, Valid] = shuffleSource(B, Op, L, Arg, C);
    Value *J31 = B.CreateAnd(J, Const(31));
    // A source lane that is absent: the thread keeps its own value.
    Value *SrcActive = B.CreateICmpNE(
        B.CreateAnd(B.CreateLShr(Splat(Active), J31), Const(1)), Const(0));
    Valid = B.CreateAnd(Valid, SrcActive);
    Value *Src = B.CreateSelect(Valid, J31, L, "shfl.src");
    if (auto *CV = dyn_cast<Constant>(J31)) {
      // Constant lane pattern (delta, xor mask and width known): a permute.
      SmallVector<int, 32> Pattern;
      for (unsigned I = 0; I < W; ++I)
        Pattern.push_back(
            int(cast<ConstantInt>(CV->getAggregateElement(I))->getZExtValue()));
      Value *Moved = B.CreateShuffleVector(Val, Pattern, "shfl.perm");
      R = B.CreateSelect(Valid, Moved, Val, "shfl");
    } else if (Value *Moved = uniformShuffle(Op, CI.getArgOperand(3),
                                              CI.getArgOperand(4), Val)) {
      R = B.CreateSelect(Valid, Moved, Val, "shfl");
    } else {
      // Any pattern: through a stack copy of the gang's values.
      IRBuilder<> AB(AllocaBlock, AllocaBlock->begin());
      AllocaInst *Buf = AB.CreateAlloca(ArrayType::get(I32, W), nullptr, "warp.values");
      Buf->setAlignment(Align(64));
      B.CreateAlignedStore(Val, Buf, Align(64));
      Value *Ptrs = B.CreateGEP(Buf->getAllocatedType(), Buf,
                                {B.getInt32(0), B.CreateZExt(Src, vecTy(B.getInt64Ty()))});
      R = B.CreateMaskedGather(VTy, Ptrs, Align(4), OpMask, nullptr, "shfl");
    }
  } else if (Op == LoomWarpActiveMask) {
    R = Splat(Active);
  } else {
    Value *Lanes = B.CreateAnd(Splat(Active), Member, "warp.lanes");
    if (Op >= LoomWarpBallot && Op <= LoomWarpUni) {
      Value *Pred = B.CreateAnd(OpMask, B.CreateICmpNE(Val, Const(0)));
      Value *Ballot = B.CreateAnd(Splat(B.CreateBitCast(Pred, I32)), Lanes, "ballot");
      if (Op == LoomWarpBallot)
        R = Ballot;
      else if (Op == LoomWarpAll)
        R = B.CreateZExt(B.CreateICmpEQ(Ballot, Lanes), VTy);
      else if (Op == LoomWarpAny)
        R = B.CreateZExt(B.CreateICmpNE(Ballot, Const(0)), VTy);
      else
        R = B.CreateZExt(B.CreateOr(B.CreateICmpEQ(Ballot, Const(0)),
                                    B.CreateICmpEQ(Ballot, Lanes)),
                         VTy);
    } else if (Op >= LoomWarpReduxAdd && Op <= LoomWarpReduxXor &&
               !varying(CI.getArgOperand(1))) {
      // One reduction over the member lanes present.
      Value *Sel = B.CreateBitCast(B.CreateAnd(Active, scalarOf(CI.getArgOperand(1))), maskTy());
      uint32_t Id = Op == LoomWarpReduxAnd    ? ~0u
                    : Op == LoomWarpReduxMin  ? 0x7fffffffu
                    : Op == LoomWarpReduxUMin ? ~0u
                    : Op == LoomWarpReduxMax  ? 0x80000000u
                                              : 0u;
      Value *X = B.CreateSelect(Sel, Val, Const(Id));
      Value *S;
      switch (Op) {
      case LoomWarpReduxAdd: S = B.CreateAddReduce(X); break;
      case LoomWarpReduxMin: S = B.CreateIntMinReduce(X, /*IsSigned=*/true); break;
      case LoomWarpReduxMax: S = B.CreateIntMaxReduce(X, /*IsSigned=*/true); break;
      case LoomWarpReduxUMin: S = B.CreateIntMinReduce(X, false); break;
      case LoomWarpReduxUMax: S = B.CreateIntMaxReduce(X, false); break;
      case LoomWarpReduxAnd: S = B.CreateAndReduce(X); break;
      case LoomWarpReduxOr: S = B.CreateOrReduce(X); break;
      default: S = B.CreateXorReduce(X); break;
      }
      R = Splat(S);
    } else {
      // match, and reductions with per-lane member masks: the device
      // library, lane by lane, over a stack copy of the values.
      IRBuilder<> AB(AllocaBlock, AllocaBlock->begin());
      AllocaInst *Buf = AB.CreateAlloca(ArrayType::get(I32, W), nullptr, "warp.values");
      Buf->setAlignment(Align(64));
      B.CreateAlignedStore(Val, Buf, Align(64));
      FunctionCallee Fn = M.getOrInsertFunction(
          WarpCollectiveFn,
          FunctionType::get(I32, {I32, I32, B.getPtrTy(), I32, I32, I32, I32}, false));
      R = PoisonValue::get(VTy);
      for (unsigned Lane = 0; Lane < W; ++Lane) {
        Value *Idx = B.getInt32(Lane);
        Value *One = B.CreateCall(
            Fn, {B.getInt32(uint32_t(Op)), B.CreateExtractElement(Member, Idx), Buf, Active,
                 Idx, B.CreateExtractElement(Arg, Idx), B.CreateExtractElement(C, Idx)});
        R = B.CreateInsertElement(R, One, Idx);
      }
    }
  }
  Vector[&CI] = R;
}

void GangBuilder::emitInstruction(Instruction &I, Value *OpMask) {
  B.SetCurrentDebugLocation(I.getDebugLoc());
  if (isDroppableIntrinsic(I))
    return;
  if (auto *AI = dyn_cast<AllocaInst>(&I)) {
    (void)AI; // laid out per lane in the entry block
    return;
  }
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (std::optional<Marker> Mk = getMarker(*CI); Mk && *Mk == Marker::ThreadIdxX) {
      Vector[&I] = Lanes;
      Lane0[&I] = Base;
      LaneLast[&I] = B.CreateAdd(Base, B.getInt32(W - 1), "gang.last", true, true);
      return;
    }
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (std::optional<Marker> Mk = getMarker(*CI)) {
      if (*Mk == Marker::WarpBarrier)
        return; // __syncwarp: the warp's lanes are the gang's, in lockstep
      if (*Mk == Marker::WarpCollective) {
        emitWarpCollective(*CI, OpMask);
        return;
      }
    }
  if (auto *CI = dyn_cast<CallInst>(&I))
    if (std::optional<Marker> Mk = getMarker(*CI); Mk && *Mk == Marker::Barrier) {
      // Once per gang: BarrierRegions treats the gang as one thread.
      emitUniformClone(I);
      return;
    }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    emitStore(*SI, OpMask);
    return;
  }
  bool AnyVarying = false;
  for (const Use &U : I.operands())
    AnyVarying |= varying(U.get());
  if (I.getType()->isVoidTy()) {
    bool Effects = I.mayHaveSideEffects();
    if (!AnyVarying && (!Effects || isa<FenceInst>(I) || isa<MemIntrinsic>(I)))
      emitUniformClone(I);
    else
      emitSerialized(I, OpMask);
    return;
  }
  if (UI.getShape(&I).isUniform()) {
    emitUniformClone(I);
    return;
  }
  if (auto *EV = dyn_cast<ExtractValueInst>(&I))
    if (auto It = CmpXchgParts.find(EV->getAggregateOperand()); It != CmpXchgParts.end()) {
      Vector[&I] = EV->getIndices()[0] == 0 ? It->second.first : It->second.second;
      return;
    }
  if (auto *LdI = dyn_cast<LoadInst>(&I)) {
    if (LdI->isSimple() && isScalarElement(LdI->getType()))
      emitLoad(*LdI, OpMask);
    else
      emitSerialized(I, OpMask);
    return;
  }
  if (auto *CI = dyn_cast<CallInst>(&I)) {
    if (emitAppend(*CI, OpMask))
      return;
    bool Pure = CI->onlyReadsMemory() && CI->willReturn();
    if (Pure && emitVectorCall(*CI))
      return;
    emitSerialized(I, OpMask);
    return;
  }
  if (&I == BlockAtomic) {
    emitBlockAtomic(*BlockAtomic, OpMask);
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    if (emitGangAtomic(*RMW, OpMask))
      return;
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
    if (!isBlockLocalAtomic(I)) { // shared-memory atomics are plain updates
      const char *Why = "per-lane addresses (each lane's atomic runs in turn)";
      if (isa<AtomicCmpXchgInst>(I))
        Why = "compare-and-swap (each lane's compare depends on the previous lane's)";
      else if (!isAggregatableAtomic(cast<AtomicRMWInst>(I)))
        Why = "an operation (or volatile atomic) that lanes cannot combine";
      else if (!AggregateAtomics || !AggregateAtomicsOption || atomicsEnv() == "lanes")
        Why = "aggregation is turned off";
      LaneAtomics.insert({&I, {I.getDebugLoc(), Why}});
    }
    emitSerialized(I, OpMask);
    return;
  }
  Value *R = nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    Value *L = vectorOf(BO->getOperand(0)), *Rt = vectorOf(BO->getOperand(1));
    if (BO->getOpcode() == Instruction::UDiv || BO->getOpcode() == Instruction::SDiv ||
        BO->getOpcode() == Instruction::URem || BO->getOpcode() == Instruction::SRem) {
      // Inactive lanes must not divide by zero (or INT_MIN by -1).
      if (!isAllTrue(OpMask))
        Rt = B.CreateSelect(OpMask, Rt, ConstantInt::get(Rt->getType(), 1));
    }
    R = B.CreateBinOp(BO->getOpcode(), L, Rt, I.getName());
    if (auto *RI = dyn_cast<Instruction>(R))
      RI->copyIRFlags(&I);
  } else if (auto *UO = dyn_cast<UnaryOperator>(&I)) {
    R = B.CreateUnOp(UO->getOpcode(), vectorOf(UO->getOperand(0)), I.getName());
    if (auto *RI = dyn_cast<Instruction>(R))
      RI->copyIRFlags(&I);
  } else if (auto *Cast = dyn_cast<CastInst>(&I)) {
    R = B.CreateCast(Cast->getOpcode(), vectorOf(Cast->getOperand(0)), vecTy(I.getType()),
                     I.getName());
    if (auto *RI = dyn_cast<Instruction>(R))
      RI->copyIRFlags(&I);
  } else if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    R = B.CreateCmp(Cmp->getPredicate(), vectorOf(Cmp->getOperand(0)),
                    vectorOf(Cmp->getOperand(1)), I.getName());
    if (auto *RI = dyn_cast<Instruction>(R))
      RI->copyIRFlags(&I);
  } else if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    Value *C = varying(Sel->getCondition()) ? vectorOf(Sel->getCondition())
                                            : scalarOf(Sel->getCondition());
    R = B.CreateSelect(C, vectorOf(Sel->getTrueValue()), vectorOf(Sel->getFalseValue()),
                       I.getName());
    if (auto *RI = dyn_cast<Instruction>(R); RI && isa<FPMathOperator>(RI))
      RI->copyIRFlags(&I);
  } else if (auto *Fr = dyn_cast<FreezeInst>(&I)) {
    R = B.CreateFreeze(vectorOf(Fr->getOperand(0)), I.getName());
  } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    Value *Ptr = varying(GEP->getPointerOperand()) ? vectorOf(GEP->getPointerOperand())
                                                   : scalarOf(GEP->getPointerOperand());
    SmallVector<Value *, 4> Idx;
    for (Value *X : GEP->indices())
      Idx.push_back(varying(X) ? vectorOf(X) : scalarOf(X));
    R = B.CreateGEP(GEP->getSourceElementType(), Ptr, Idx, I.getName(), GEP->getNoWrapFlags());
  } else {
    emitSerialized(I, OpMask);
    return;
  }
  Vector[&I] = R;
  // Affine values also keep lane 0 as a scalar: the base of unit-stride
  // accesses without an extractelement.
  // Lane 0 and the last lane may be inactive (a bounds check failed for
  // them), yet a unit-stride access takes its address from lane 0: their
  // values must follow the lanes' line, not the promises the scalar code
  // made for the threads that get here. So no poison-generating flags (an
  // `inbounds` GEP one element before the array is poison), and a `zext
  // nneg` (InstCombine's form of a `sext` it proved non-negative under the
  // guard) extends as the `sext` it was: -20 stays -20, not 2^32 - 20.
  if (UI.getShape(&I).isAffine() &&
      (isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<GetElementPtrInst>(I))) {
    auto LaneClone = [&](auto &&LaneValue, const Twine &Suffix) {
      Instruction *C;
      if (auto *ZI = dyn_cast<ZExtInst>(&I); ZI && ZI->hasNonNeg())
        C = CastInst::Create(Instruction::SExt, LaneValue(I.getOperand(0)), I.getType());
      else {
        C = I.clone();
        for (unsigned N = 0; N < C->getNumOperands(); ++N)
          C->setOperand(N, LaneValue(I.getOperand(N)));
      }
      C->dropPoisonGeneratingFlags();
      B.Insert(C, I.getName() + Suffix);
      return C;
    };
    Lane0[&I] = LaneClone([&](const Value *V) { return lane0Of(V); }, ".l0");
    // And the last lane, for run-time contiguity checks (dead otherwise).
    LaneLast[&I] = LaneClone([&](const Value *V) { return laneLastOf(V); }, ".last");
  }
}

void GangBuilder::repairSSA() {
  // The schedule references values across skippable blocks; demote every
  // cross-block value to a slot and let mem2reg build the phis (undefined
  // on paths where a skipped block would have defined them: those lanes
  // are masked off there).
  SmallVector<Instruction *, 64> Demote;
  for (BasicBlock &BB : *GF) {
    if (&BB == AllocaBlock)
      continue;
    for (Instruction &I : BB) {
      if (isa<AllocaInst>(I))
        continue;
      for (User *U : I.users()) {
        auto *UI = cast<Instruction>(U);
        if (UI->getParent() != &BB || isa<PHINode>(UI)) {
          Demote.push_back(&I);
          break;
        }
      }
    }
  }
  SmallVector<AllocaInst *, 64> Slots(StateSlots.begin(), StateSlots.end());
  SmallVector<std::pair<AllocaInst *, BasicBlock *>, 64> Demoted;
  for (Instruction *I : Demote) {
    BasicBlock *Def = I->getParent();
    if (AllocaInst *A = DemoteRegToStack(*I, false, AllocaBlock->begin())) {
      Slots.push_back(A);
      Demoted.push_back({A, Def});
    }
  }
  // A value defined in a loop is never read in a later iteration of it (an
  // original def dominates its uses, so every lane reading it ran the def
  // in the same iteration; values that do flow between iterations go
  // through the header and live-out slots above). Left alone, mem2reg
  // would still carry the slot around the back edge wherever the def's
  // block can be skipped, and a barrier in the loop would then keep that
  // dead value per gang. Poison at the top of every loop around the def
  // says it is dead there (before a header phi's own demoted store, which
  // sits at the same place).
  {
    DominatorTree LDT(*GF);
    LoopInfo GLI(LDT);
    for (auto [A, Def] : Demoted)
      for (Loop *L = GLI.getLoopFor(Def); L; L = L->getParentLoop())
        new StoreInst(PoisonValue::get(A->getAllocatedType()), A,
                      L->getHeader()->getFirstInsertionPt());
  }
  DominatorTree GDT(*GF);
  SmallVector<AllocaInst *, 64> Promotable;
  for (AllocaInst *A : Slots)
    if (isAllocaPromotable(A))
      Promotable.push_back(A);
  PromoteMemToReg(Promotable, GDT);
}

} // namespace

namespace {

unsigned chooseWidth(unsigned Forced, const TargetTransformInfo &TTI) {
  if (Forced)
    return Forced;
  if (WidthOption)
    return WidthOption;
  if (const char *E = std::getenv("LOOM_VECTOR_WIDTH")) {
    unsigned W = 0;
    if (!StringRef(E).getAsInteger(10, W) && W)
      return W;
  }
  uint64_t Bits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue();
  if (Bits < 128)
    return 1;
  return unsigned(Bits / 32);
}

bool widthForced(unsigned Forced) {
  return Forced || WidthOption || std::getenv("LOOM_VECTOR_WIDTH");
}

/// At most 96 instructions (loops included), no barrier, no call but
/// markers, staged appends and intrinsics that are single instructions (no
/// vector math library calls: those bodies are large once expanded).
bool isSmallStraightKernel(Function &F) {
  unsigned N = 0;
  for (Instruction &I : instructions(F)) {
    if (++N > 96)
      return false;
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (std::optional<Marker> Mk = getMarker(*CB)) {
        if (markerShape(*Mk) != MarkerShape::Index)
          return false;
        continue;
      }
      // A staged append is one call per gang (emitAppend): fewer with more
      // lanes.
      if (Function *Callee = CB->getCalledFunction();
          Callee && Callee->getName() == AppendFunctionName)
        continue;
      auto *II = dyn_cast<IntrinsicInst>(CB);
      if (!II)
        return false;
      switch (II->getIntrinsicID()) {
      case Intrinsic::exp: case Intrinsic::exp2: case Intrinsic::exp10:
      case Intrinsic::log: case Intrinsic::log2: case Intrinsic::log10:
      case Intrinsic::sin: case Intrinsic::cos: case Intrinsic::tan:
      case Intrinsic::asin: case Intrinsic::acos: case Intrinsic::atan:
      case Intrinsic::atan2: case Intrinsic::sinh: case Intrinsic::cosh:
      case Intrinsic::tanh: case Intrinsic::pow: case Intrinsic::powi:
        return false;
      default:
        break;
      }
    }
  }
  return true;
}

/// \p V is the same in every iteration of \p L (defined outside it, or
/// arithmetic on such values and launch dimensions) and involves gridDim.
bool isGridStep(const Value *V, const Loop &L, unsigned Depth = 0) {
  if (Depth > 6)
    return false;
  if (auto *CB = dyn_cast<CallBase>(V)) {
    std::optional<Marker> Mk = getMarker(*CB);
    return Mk && isGridDim(*Mk);
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
    return false;
  bool Grid = false;
  for (const Value *Op : I->operands()) {
    if (isGridStep(Op, L, Depth + 1)) {
      Grid = true;
      continue;
    }
    if (auto *OI = dyn_cast<Instruction>(Op); OI && L.contains(OI)) {
      auto *CB = dyn_cast<CallBase>(OI);
      std::optional<Marker> Mk = CB ? getMarker(*CB) : std::nullopt;
      if (!Mk || markerShape(*Mk) != MarkerShape::Index || isThreadIndex(*Mk))
        return false;
    }
  }
  return Grid;
}

/// Grid-stride loops (`for (i = blockIdx.x * blockDim.x + threadIdx.x; i <
/// n; i += blockDim.x * gridDim.x)`) run their gangs one after the other: a
/// gang walks its 64 or 128 bytes per iteration a whole grid apart, which no
/// hardware prefetcher follows (a dot product streamed at a quarter of a
/// contiguous loop's speed). On a GPU the block's threads take each step
/// together; a barrier-like step marker at the loop header gives the CPU
/// the same order: BarrierRegions runs iteration k of every gang of the
/// block, then iteration k + 1, so a block reads blockDim.x consecutive
/// elements per step. The marker orders no memory (the loop had no barrier,
/// and a gang that leaves the loop early just waits at its next barrier), so
/// it may sit where lanes diverge. Innermost such loops only, and none that
/// already contains a barrier, collective or atomic. Returns where the
/// changed loops start.
SmallVector<DebugLoc, 2> insertGridStrideSteps(Function &F, LoopInfo &LI,
                                               DenseMap<const PHINode *, const Value *> &Steps,
                                               DenseSet<const PHINode *> &Unstepped) {
  SmallVector<DebugLoc, 2> Done;
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  for (Loop *L : reverse(Loops)) {
    BasicBlock *Latch = L->getLoopLatch(), *H = L->getHeader();
    if (!Latch)
      continue;
    // Atomics run lane by lane: such a loop (a histogram's) measured slower
    // stepped (the step's region switch, and each step's lines a grid
    // apart); it is only prefetched (below).
    bool Skip = false, Atomics = false;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        Atomics |= I.isAtomic();
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (std::optional<Marker> Mk = getMarker(*CB))
            Skip |= markerShape(*Mk) != MarkerShape::Index;
      }
    if (Skip)
      continue;
    DenseMap<const PHINode *, const Value *> Found;
    for (PHINode &P : H->phis()) {
      auto *Inc = dyn_cast<BinaryOperator>(P.getIncomingValueForBlock(Latch));
      if (!P.getType()->isIntegerTy() || !Inc || Inc->getOpcode() != Instruction::Add)
        continue;
      Value *Step = Inc->getOperand(0) == &P   ? Inc->getOperand(1)
                    : Inc->getOperand(1) == &P ? Inc->getOperand(0)
                                               : nullptr;
      if (Step && isGridStep(Step, *L))
        Found[&P] = Step;
    }
    if (Found.empty())
      continue;
    Steps.insert(Found.begin(), Found.end());
    // A loop with atomics keeps its gang-by-gang order but still prefetches
    // its unit-stride accesses (emitStepPrefetch): each gang jumps a whole
    // grid per iteration, which the hardware prefetcher does not follow.
    if (Atomics) {
      for (auto &[P, _] : Found)
        Unstepped.insert(P);
      continue;
    }
    CallInst *Sync = CallInst::Create(getMarkerFunction(*F.getParent(), Marker::Barrier), "",
                                      H->getFirstNonPHIIt());
    Sync->setMetadata(GangStepMD, MDNode::get(F.getContext(), {}));
    if (const Instruction *T = H->getTerminator())
      Sync->setDebugLoc(T->getDebugLoc());
    Done.push_back(L->getStartLoc());
  }
  return Done;
}

/// Tells LLVM's alias analysis what CUDA guarantees: memory reached from a
/// kernel's pointer parameters is never the block's `__shared__` memory
/// (shared addresses exist only inside a running block; CUDA forbids
/// passing them to a launch). Accesses into shared memory get the scope
/// `loom.shared`, accesses whose address is based on a pointer parameter
/// are marked not to alias it; everything else is left alone. Without it a
/// store to a shared histogram bin may alias every global load after it, so
/// neither LLVM nor ScalarizeLaneExtracts may move such a load past it.
void scopeSharedAccesses(Function &F) {
  MDBuilder MDB(F.getContext());
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("loom.shared");
  MDNode *Scope = MDNode::get(F.getContext(), {MDB.createAnonymousAliasScope(Domain, "shared")});
  auto Tag = [](Instruction &I, unsigned Kind, MDNode *List) {
    I.setMetadata(Kind, MDNode::concatenate(I.getMetadata(Kind), List));
  };
  for (Instruction &I : instructions(F)) {
    const Value *Ptr = getLoadStorePointerOperand(&I);
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Ptr = RMW->getPointerOperand();
    else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
      Ptr = CX->getPointerOperand();
    else if (auto *II = dyn_cast<IntrinsicInst>(&I))
      switch (II->getIntrinsicID()) {
      case Intrinsic::masked_load:
      case Intrinsic::masked_expandload:
        Ptr = II->getArgOperand(0);
        break;
      case Intrinsic::masked_store:
      case Intrinsic::masked_compressstore:
        Ptr = II->getArgOperand(1);
        break;
      default:
        break;
      }
    if (!Ptr || !Ptr->getType()->isPointerTy())
      continue;
    if (pointsIntoSharedMemory(Ptr))
      Tag(I, LLVMContext::MD_alias_scope, Scope);
    else if (isa<Argument>(getUnderlyingObject(Ptr)))
      Tag(I, LLVMContext::MD_noalias, Scope);
  }
}

/// Which gang version VectorizeKernels builds: W consecutive threads of a
/// row; a warp where rows split into whole warps; a warp of a
/// one-dimensional block of any size (its last warp may be partial); a warp
/// of any block, its threads numbered flat (warps that span rows).
enum class GangKind { Threads, WarpRows, WarpOneDim, WarpFlat };

/// Inlines every call to a defined, non-recursive function (device library
/// math, device functions that read no markers): a call left in the body
/// would run lane by lane.
void inlineCalls(Function &F) {
  for (unsigned Round = 0; Round < 8; ++Round) {
    SmallVector<CallBase *, 16> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Callee != &F &&
            !Callee->hasFnAttribute(Attribute::NoInline) && !isKernel(*Callee))
          Calls.push_back(CB);
    if (Calls.empty())
      return;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      InlineFunction(*CB, IFI);
    }
  }
}

} // namespace

PreservedAnalyses VectorizeKernelsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (isKernel(F) && !F.isDeclaration() && gangWidth(F) == 1 &&
        !F.hasFnAttribute(WarpGangAttr) && !F.hasFnAttribute(WarpGangOneDimAttr) &&
        !F.hasFnAttribute(WarpGangFlatAttr) &&
        // Lanes in lockstep: a lane spinning on another lane of its gang
        // would never let it run (SpinWaits).
        !F.hasFnAttribute(SpinWaitAttr))
      Kernels.push_back(&F);
  bool Changed = false;
  // In a JIT module specialized to one block size, only the warp-gang
  // version that size runs is built.
  std::optional<std::array<uint32_t, 3>> KnownDim = specializedBlockDim(M);
  // Builds one gang version of kernel K (null if it cannot): the thread
  // gang of width W (which a small kernel may double), or one of the two
  // warp-gang versions. Remarks (what was not vectorized, and why; loops
  // and atomics transformed) only when asked: a second version repeats the
  // first one's.
  auto buildVersion = [&](Function &KRef, unsigned &W, GangKind Kind,
                          OptimizationRemarkEmitter &ORE, bool Remarks) -> Function * {
    Function *K = &KRef;
    bool WarpGang = Kind != GangKind::Threads;
    bool OneDim = Kind == GangKind::WarpOneDim;
    bool Flat = Kind == GangKind::WarpFlat;
    // Work on a copy put into the vectorizer's canonical form.
    ValueToValueMapTy VMap;
    Function *WF = CloneFunction(K, VMap);
    WF->setName(K->getName() + ".wfv.input");
    WF->setLinkage(GlobalValue::InternalLinkage);
    inlineCalls(*WF);
    // One-dimensional blocks: threadIdx.y/z are 0 and blockDim.y/z 1, so
    // the linear thread index is threadIdx.x (laneid its low five bits).
    // The flat version is for 2D blocks: threadIdx.z is 0, blockDim.z 1.
    for (Instruction &I : make_early_inc_range(instructions(*WF)))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (std::optional<Marker> Mk = getMarker(*CB);
            Mk && markerShape(*Mk) == MarkerShape::Index &&
            markerDimension(*Mk) > (Flat ? 1u : 0u) && (OneDim || Flat) &&
            (isThreadIndex(*Mk) || isBlockDim(*Mk))) {
          CB->replaceAllUsesWith(ConstantInt::get(CB->getType(), isBlockDim(*Mk) ? 1 : 0));
          CB->eraseFromParent();
        }
    // The flat version's linear thread index, and the program's threadIdx.x
    // and .y computed from it (below).
    Value *FlatL = nullptr, *FlatTX = nullptr, *FlatTY = nullptr;
    if (Flat) {
      // Warps that span rows: the gang runs 32 consecutive linear thread
      // indices L (ThreadLoops loops over the block's threads as one row,
      // FlatThreadsAttr); threadIdx.x and .y are L's digits in radix
      // blockDim.x, computed without a division per lane: the gang's first
      // index L0 (a multiple of 32, uniform) is divided once, lane l adds
      // l < 32 to its remainder r, and the carry (r + l) / blockDim.x is
      // ((r + l) * ceil(2^21 / blockDim.x)) >> 21: for n = r + l <
      // blockDim.x + 32 <= 1056 the error is below n / 2^21 < 1 / 1024, so
      // it never reaches the next integer, and n * ceil(2^21 / d) < 2^27.
      // (A 16-bit shift is wrong from blockDim.x = 257 on.)
      SmallVector<CallBase *, 8> Uses;
      for (Instruction &I : instructions(*WF))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (std::optional<Marker> Mk = getMarker(*CB); Mk && isThreadIndex(*Mk))
            Uses.push_back(CB);
      IRBuilder<> FB(&*WF->getEntryBlock().getFirstInsertionPt());
      Value *L = FB.CreateCall(getMarkerFunction(M, Marker::ThreadIdxX), {}, "flat.tid");
      Value *BX = KnownDim ? (Value *)FB.getInt32((*KnownDim)[0])
                           : FB.CreateCall(getMarkerFunction(M, Marker::BlockDimX), {});
      Value *L0 = FB.CreateAnd(L, FB.getInt32(~(WarpSize - 1)), "flat.gang");
      Value *Lane = FB.CreateAnd(L, FB.getInt32(WarpSize - 1), "flat.lane");
      Value *Q0 = FB.CreateUDiv(L0, BX, "flat.row0");
      Value *R0 = FB.CreateSub(L0, FB.CreateMul(Q0, BX), "flat.col0");
      constexpr unsigned CarryShift = 21;
      Value *Magic = FB.CreateUDiv(
          FB.CreateAdd(FB.getInt32(1u << CarryShift), FB.CreateSub(BX, FB.getInt32(1))), BX,
          "flat.magic");
      Value *N = FB.CreateAdd(R0, Lane, "flat.col", true, true);
      Value *Carry =
          FB.CreateLShr(FB.CreateMul(N, Magic, "", true, true), CarryShift, "flat.carry");
      FlatTX = FB.CreateSub(N, FB.CreateMul(Carry, BX, "", true, true), "flat.tid.x", true, true);
      FlatTY = FB.CreateAdd(Q0, Carry, "flat.tid.y", true, true);
      FlatL = L;
      for (CallBase *CB : Uses) {
        CB->replaceAllUsesWith(markerDimension(*getMarker(*CB)) ? FlatTY : FlatTX);
        CB->eraseFromParent();
      }
    }
    {
      FunctionPassManager FPM;
      if (OneDim || Flat)
        FPM.addPass(InstSimplifyPass());
      // Clean up what inlining brought in (make_float4 & co. return
      // structures): SROA, and where whole structures are still loaded,
      // stored or built with insertvalue, InstCombine, which splits them into
      // per-field scalars (only then: it also reshapes branches and sinks
      // stores, which the gang code does not need).
      FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
      bool Aggregates = false;
      for (Instruction &I : instructions(*WF))
        Aggregates |= I.getType()->isAggregateType() && !isa<AtomicCmpXchgInst>(I);
      if (Aggregates)
        FPM.addPass(InstCombinePass());
      FPM.addPass(LowerSwitchPass());
      FPM.addPass(UnifyFunctionExitNodesPass());
      FPM.addPass(LoopSimplifyPass());
      FPM.addPass(LCSSAPass());
      FAM.invalidate(*WF, PreservedAnalyses::none());
      FPM.run(*WF, FAM);
    }
    removeUnreachableBlocks(*WF);
    if (Flat) {
      // The program's linear thread index threadIdx.y * blockDim.x +
      // threadIdx.x is the flat index itself: unit-stride, so accesses
      // through it stay vector loads and stores.
      using namespace PatternMatch;
      auto IsBlockDimX = [&](Value *V) {
        if (auto *C = dyn_cast<ConstantInt>(V))
          return KnownDim && C->getZExtValue() == (*KnownDim)[0];
        auto *CB = dyn_cast<CallBase>(V);
        return CB && getMarker(*CB) == Marker::BlockDimX;
      };
      // threadIdx.y * blockDim.x, also as a shift when the JIT knows
      // blockDim.x (a power of two).
      auto RowStart = [&](Value *V) {
        Value *Dim;
        uint64_t Shift;
        if (match(V, m_c_Mul(m_Specific(FlatTY), m_Value(Dim))))
          return IsBlockDimX(Dim);
        if (match(V, m_Shl(m_Specific(FlatTY), m_ConstantInt(Shift))))
          return KnownDim && Shift < 32 && (uint64_t(1) << Shift) == (*KnownDim)[0];
        return false;
      };
      for (Instruction &I : make_early_inc_range(instructions(*WF))) {
        Value *Row;
        if ((match(&I, m_c_Add(m_Value(Row), m_Specific(FlatTX))) ||
             match(&I, m_c_Or(m_Value(Row), m_Specific(FlatTX)))) &&
            RowStart(Row)) {
          I.replaceAllUsesWith(FlatL);
          I.eraseFromParent();
        }
      }
    }
    FAM.clear(*WF, WF->getName());
    // A small body without barriers or calls leaves most of a vector
    // register file idle and pays its per-gang tests (tail mask, contiguity)
    // once per W lanes: two registers' worth of lanes per gang (the loop
    // vectorizer's interleaving) halves those tests. Bigger bodies would
    // spill, barrier kernels would keep twice the state.
    if (!WarpGang && !widthForced(ForcedWidth) && isSmallStraightKernel(*WF))
      W *= 2;
    SmallVector<DebugLoc, 2> FullGang;
    SmallVector<MissedLoop, 2> MaskedLoops;
    if (FullGangLoops)
      FullGang = splitFullGangLoops(*WF, W, Kind == GangKind::WarpRows, &MaskedLoops);
    if (!FullGang.empty()) {
      FunctionPassManager FPM;
      FPM.addPass(LoopSimplifyPass());
      FPM.addPass(LCSSAPass());
      FAM.invalidate(*WF, PreservedAnalyses::none());
      FPM.run(*WF, FAM);
      FAM.clear(*WF, WF->getName());
    }
    DominatorTree DT(*WF);
    PostDominatorTree PDT(*WF);
    LoopInfo LI(DT);
    SmallVector<DebugLoc, 2> Stepped;
    DenseMap<const PHINode *, const Value *> StepIVs;
    DenseSet<const PHINode *> UnsteppedIVs;
    if (GridStrideSteps && GridStrideOption)
      Stepped = insertGridStrideSteps(*WF, LI, StepIVs, UnsteppedIVs);
    UniformityInfo UI(*WF, DT, PDT, LI, W, Kind == GangKind::WarpRows);
    GangBuilder GB(*K, *WF, UI, LI, DT, W, FAM.getResult<TargetLibraryAnalysis>(*K),
                   FAM.getResult<TargetIRAnalysis>(*K));
    GB.WarpGang = WarpGang;
    GB.OneDimWarps = OneDim || Flat;
    GB.FlatThreads = Flat;
    GB.StepIVs = &StepIVs;
    GB.UnsteppedIVs = &UnsteppedIVs;
    GB.PDT = &PDT;
    GB.AggregateAtomics = AggregateAtomics;
    GB.BlockAtomics = BlockAtomics;
    std::optional<Bail> Why = GB.checkLegal();
    if (!Why && !WarpGang)
      Why = GB.checkProfitable();
    if (!Why)
      GB.findBlockAtomic();
    if (Why && Remarks) {
      DebugLoc Loc = userLine(Why->At ? Why->At->getDebugLoc() : DebugLoc());
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "NotVectorized", Loc,
                                        Why->At ? Why->At->getParent()
                                                : &K->getEntryBlock())
               << "kernel " << remarkName(*K)
               << " keeps the scalar thread loop: it contains " << Why->Why;
      });
    }
    if (Why) {
      WF->eraseFromParent();
      return nullptr;
    }
    Function *GF = GB.build();
    WF->eraseFromParent();
    scopeSharedAccesses(*GF);
    if (verifyFunction(*GF, &errs())) {
      // An internal error must not cost the user a correct program.
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "NotVectorized", K)
               << "kernel " << remarkName(*K)
               << " keeps the scalar thread loop: internal vectorizer error";
      });
      GF->eraseFromParent();
      return nullptr;
    }
    GF->addFnAttr(GangWidthAttr, std::to_string(W));
    if (Flat)
      GF->addFnAttr(FlatThreadsAttr);
    if (GB.hasBarrier() && !WarpGang)
      // BarrierRegions does not look at a gang kernel's (mask) branches:
      // the program's own branches are judged here.
      warnDivergentBarriers(*K, [](BasicBlock &BB) {
        for (Instruction &I : BB)
          if (auto *CB = dyn_cast<CallBase>(&I))
            if (std::optional<Marker> Mk = getMarker(*CB); Mk && isBarrier(*Mk))
              return true;
        return false;
      });
    if ((GB.hasBarrier() || WarpGang) && CleanupOption) {
      // BarrierRegions keeps every value live across a barrier in memory:
      // fold the linearization's constant masks and trivial phis first
      // (in rows of whole gangs most masks are all-true), so fewer remain.
      FunctionPassManager FPM;
      FPM.addPass(InstCombinePass());
      FPM.addPass(SimplifyCFGPass());
      FPM.addPass(EarlyCSEPass());
      FPM.run(*GF, FAM);
      FAM.clear(*GF, GF->getName());
    }
    if (!Remarks)
      return GF;
    // One remark per transformed loop, at the user's line.
    auto LoopRemarks = [&](ArrayRef<DebugLoc> Locs, StringRef Id, StringRef What,
                           StringRef Does) {
      for (DebugLoc Loc : Locs) {
        Loc = userLine(Loc);
        ORE.emit([&] {
          return OptimizationRemark(PassName, Id, Loc, &K->getEntryBlock())
                 << What << " in " << remarkName(*K) << Does;
        });
      }
    };
    LoopRemarks(FullGang, "FullGangLoop", "per-thread loop",
                " runs the iterations where every lane of a gang is on without masks");
    for (const MissedLoop &Miss : MaskedLoops) {
      DebugLoc Loc = userLine(Miss.Loc);
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "MaskedLoop", Loc, &K->getEntryBlock())
               << "per-thread loop in " << remarkName(*K)
               << " runs every iteration under a mask (threads leave it at different "
                  "iterations): "
               << Miss.Why;
      });
    }
    LoopRemarks(Stepped, "GridStrideSteps", "grid-stride loop",
                " runs block-wide, one step of every gang at a time");
    for (auto &Entry : GB.AggregatedAtomics) {
      DebugLoc Loc = userLine(Entry.second.first);
      bool Uniform = Entry.second.second;
      ORE.emit([&] {
        return OptimizationRemark(PassName, "GangAtomic", Loc, &K->getEntryBlock())
               << "atomic in " << remarkName(*K) << ": "
               << (Uniform ? "one atomic instruction per gang (same address in every lane)"
                           : "one atomic instruction per distinct address in the gang");
      });
    }
    for (auto &Entry : GB.LaneAtomics) {
      DebugLoc Loc = userLine(Entry.second.first);
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "LaneAtomic", Loc, &K->getEntryBlock())
               << "atomic in " << remarkName(*K)
               << ": one atomic instruction per lane, lane by lane: " << Entry.second.second;
      });
    }
    for (DebugLoc Loc : GB.BlockAtomicLocs) {
      Loc = userLine(Loc);
      ORE.emit([&] {
        return OptimizationRemark(PassName, "BlockAtomic", Loc, &K->getEntryBlock())
               << "atomic in " << remarkName(*K)
               << ": one atomic instruction per block (same address in every thread; "
                  "a barrier collects the gangs' counts)";
      });
    }
    return GF;
  };
  for (Function *K : Kernels) {
    OptimizationRemarkEmitter ORE(K);
    unsigned W = chooseWidth(ForcedWidth, FAM.getResult<TargetIRAnalysis>(*K));
    if (W < 2)
      continue;
    // A kernel with warp-level operations runs warps as gangs: 32 lanes
    // (several vector registers), its collectives on the gang's registers.
    // A gang is a warp where rows split into whole warps (any block shape)
    // and in one-dimensional blocks (the last warp may be partial: a masked
    // gang); these versions are alternatives to the scalar kernel, chosen
    // per launch. Other shapes (a warp spanning rows) keep the scalar
    // kernel.
    bool WarpGang = false;
    for (Instruction &I : instructions(*K))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (std::optional<Marker> Mk = getMarker(*CB))
          WarpGang |= *Mk == Marker::WarpCollective || *Mk == Marker::WarpBarrier;
    if (!WarpGang) {
      Function *GF = buildVersion(*K, W, GangKind::Threads, ORE, /*Remarks=*/true);
      if (!GF)
        continue;
      ORE.emit([&] {
        return OptimizationRemark(PassName, "Vectorized", K)
               << "kernel " << remarkName(*K) << " vectorized across threads, gang width "
               << ore::NV("Width", W);
      });
      FAM.clear(*K, K->getName());
      GF->takeName(K);
      K->replaceAllUsesWith(GF);
      K->eraseFromParent();
      Changed = true;
      continue;
    }
    W = WarpSize;
    // Which shapes the versions are for; a JIT module's one block size
    // needs one.
    bool WantRows = !KnownDim || (*KnownDim)[0] % WarpSize == 0;
    bool OneDimShape = KnownDim && (*KnownDim)[1] == 1 && (*KnownDim)[2] == 1;
    bool WantOneDim = !KnownDim || (!WantRows && OneDimShape);
    bool WantFlat = !KnownDim || (!WantRows && !OneDimShape && (*KnownDim)[2] == 1);
    // The versions share their legality: one that failed fails all, and
    // only the first one built reports remarks.
    bool Tried = false, Failed = false;
    auto Build = [&](bool Want, GangKind Kind) -> Function * {
      if (!Want || Failed)
        return nullptr;
      Function *GF = buildVersion(*K, W, Kind, ORE, !Tried);
      Tried = true;
      Failed = !GF;
      return GF;
    };
    Function *Rows = Build(WantRows, GangKind::WarpRows);
    Function *OneDim = Build(WantOneDim, GangKind::WarpOneDim);
    Function *Flat = Build(WantFlat, GangKind::WarpFlat);
    if (!Rows && !OneDim && !Flat)
      continue;
    ORE.emit([&] {
      OptimizationRemark R(PassName, "Vectorized", K);
      R << "kernel " << remarkName(*K) << " runs warps as gangs of 32 lanes (";
      const char *Sep = "";
      for (auto [Fn, What] : {std::pair{Rows, "rows of whole warps"},
                               std::pair{OneDim, "one-dimensional blocks"},
                               std::pair{Flat, "2D blocks, threads numbered flat"}})
        if (Fn) {
          R << Sep << What;
          Sep = "; ";
        }
      R << ")";
      return R;
    });
    auto Attach = [&](Function *GF, StringRef Suffix, StringRef Attr) {
      if (!GF)
        return;
      GF->setName(K->getName() + Suffix);
      GF->setLinkage(GlobalValue::InternalLinkage);
      GF->removeFnAttr(KernelAttr);
      K->addFnAttr(Attr, GF->getName());
    };
    Attach(Rows, ".warpgang", WarpGangAttr);
    Attach(OneDim, ".warpgang.1d", WarpGangOneDimAttr);
    Attach(Flat, ".warpgang.flat", WarpGangFlatAttr);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
