// Coarsen.cpp - thread coarsening of OpenCL kernels along the dimension
// whose work-items repeat the same work (issue #15, PPOpenCL's "thread
// reorganization"), for libLoomOpenCL's enqueue-time specialization.
// SPDX-License-Identifier: Apache-2.0
//
// The common shape it handles: a kernel whose first part (the prefix) does
// not depend on get_global_id(D) - typically a loop or math computing a
// value from the other ids and the arguments - followed by the part that
// does (the suffix: the stores of the row). The coarsened kernel runs the
// prefix once and the suffix Factor times, for the global ids
//   off + (id - off) * Factor + c,  c = 0 .. Factor-1
// along D (off: the global offset), and reports Factor times the global
// size along D; the library launches it over a range Factor times smaller
// along D. The prefix's values are computed once for Factor work-items:
// the redundant work is gone.
//
// It works on clang's -O0 module before the work-item library is linked, so
// the work-item functions are still calls (_Z13get_global_idj, ...):
//  1. the kernel's calls of the program's functions are inlined and its
//     local variables promoted to SSA values;
//  2. eligibility: no barrier, no __local memory, no sub-group or
//     work-group function, no local id, group id, local size or group count
//     along D, and every work-item function's dimension a constant;
//  3. the values depending on get_global_id(D) (through operands: the
//     prefix's control flow never depends on it, see 4) are marked;
//  4. the cut: walking from the entry along the chain of immediate
//     post-dominators, the prefix ends before the first instruction that
//     writes memory or has another side effect (stores, atomics, calls
//     other than pure built-ins, printf), before a branch on a marked value,
//     and before any region (loop, if) holding a marked value; it is never
//     inside a loop. Marked instructions of the straight-line part of the
//     prefix (the id arithmetic) move into the suffix;
//  5. the suffix becomes a loop over c. Early returns in the prefix stay:
//     their conditions do not depend on D, so all Factor work-items took
//     them.
// What the prefix saves is estimated as its instructions, those in loops
// counted 16 times and calls of functions 10 times; coarsening "pays"
// (analyzeCoarsening) when that reaches 32, along dimension 1 or 2 (never
// 0: Loom's vector gangs run along it, and a coarsened work-item there
// would make each lane's accesses Factor elements apart).
#include "Coarsen.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <map>
#include <set>

using namespace llvm;

namespace loomcl {

namespace {

constexpr StringRef GlobalId = "_Z13get_global_idj";
constexpr StringRef GlobalSize = "_Z15get_global_sizej";
constexpr StringRef GlobalOffset = "_Z17get_global_offsetj";

/// Work-item functions that are pure reads of the launch geometry.
bool isGeometry(StringRef N) {
  return N == GlobalId || N == GlobalSize || N == GlobalOffset || N == "_Z12get_local_idj" ||
         N == "_Z12get_group_idj" || N == "_Z14get_local_sizej" || N == "_Z14get_num_groupsj" ||
         N == "_Z23get_enqueued_local_sizej" || N == "_Z12get_work_dimv";
}

/// A dimension-taking work-item function whose value along D the
/// coarsened kernel cannot give (it would need the original work-groups).
bool isGroupShaped(StringRef N) {
  return N == "_Z12get_local_idj" || N == "_Z12get_group_idj" || N == "_Z14get_local_sizej" ||
         N == "_Z14get_num_groupsj" || N == "_Z23get_enqueued_local_sizej";
}

bool sideEffectFree(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    Function *F = CB->getCalledFunction();
    if (!F)
      return false;
    if (isGeometry(F->getName()))
      return true;
    if (isa<DbgInfoIntrinsic>(&I))
      return true;
    // Math built-ins and intrinsics that only compute (clang marks OpenCL's
    // built-ins readnone when they are).
    return CB->doesNotAccessMemory() || (F->isIntrinsic() && F->doesNotAccessMemory());
  }
  return !I.mayWriteToMemory() && !I.isTerminator() && !isa<AllocaInst>(&I) &&
         !I.isAtomic() && !isa<FenceInst>(&I);
}

unsigned cost(const Instruction &I, const LoopInfo &LI) {
  if (isa<PHINode>(&I) || I.isTerminator() || isa<DbgInfoIntrinsic>(&I) || isa<AllocaInst>(&I))
    return 0;
  unsigned C = 1;
  if (auto *CB = dyn_cast<CallBase>(&I))
    if (Function *F = CB->getCalledFunction(); F && !F->isIntrinsic() && !isGeometry(F->getName()))
      C = 10;
  return LI.getLoopFor(I.getParent()) ? C * 16 : C;
}

/// Steps 1-2. False with \p Why when the kernel cannot be coarsened along D.
bool prepare(Function &K, unsigned D, std::string &Why) {
  inlineProgramFunctions(K);
  for (Argument &A : K.args())
    if (auto *PT = dyn_cast<PointerType>(A.getType()); PT && PT->getAddressSpace() == 3) {
      Why = "it has __local arguments";
      return false;
    }
  for (Instruction &I : instructions(K)) {
    for (Value *Op : I.operands())
      if (auto *GV = dyn_cast<GlobalVariable>(Op->stripPointerCasts());
          GV && GV->getAddressSpace() == 3) {
        Why = "it uses __local memory";
        return false;
      }
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    Function *F = CB->getCalledFunction();
    if (!F) {
      Why = "it calls through a pointer";
      return false;
    }
    StringRef N = F->getName();
    if (N.contains("barrier") || N.contains("sub_group") || N.contains("work_group") ||
        N.contains("linear_id") || N.contains("wait_group_events") || N.contains("mem_fence")) {
      Why = "it calls " + N.str();
      return false;
    }
    if (isGeometry(N) && CB->arg_size() == 1) {
      auto *C = dyn_cast<ConstantInt>(CB->getArgOperand(0));
      if (!C) {
        Why = "a work-item function's dimension is not a constant";
        return false;
      }
      if (isGroupShaped(N) && C->getZExtValue() == D) {
        Why = "it reads " + N.str() + " along the dimension";
        return false;
      }
    }
  }
  DominatorTree DT(K);
  std::vector<AllocaInst *> Allocas;
  for (Instruction &I : K.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isAllocaPromotable(AI))
      Allocas.push_back(AI);
  if (!Allocas.empty())
    PromoteMemToReg(Allocas, DT);
  return true;
}

bool isCall(const Value *V, StringRef Name, unsigned D) {
  auto *CB = dyn_cast<CallBase>(V);
  Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || F->getName() != Name || CB->arg_size() != 1)
    return false;
  auto *C = dyn_cast<ConstantInt>(CB->getArgOperand(0));
  return C && C->getZExtValue() == D;
}

struct Cut {
  Instruction *At = nullptr;             // the suffix starts here
  std::vector<Instruction *> Move;       // marked prefix instructions, in order
  unsigned Saved = 0;                    // the prefix's estimated cost
};

/// Steps 3-4 on a prepared kernel.
bool findCut(Function &K, unsigned D, Cut &Out, std::string &Why) {
  std::set<const Value *> Marked;
  SmallVector<const Value *, 32> Work;
  for (Instruction &I : instructions(K))
    if (isCall(&I, GlobalId, D)) {
      Marked.insert(&I);
      Work.push_back(&I);
    }
  if (Marked.empty()) {
    Why = "it does not read its global id along the dimension";
    return false;
  }
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users())
      if (Marked.insert(U).second)
        Work.push_back(U);
  }
  DominatorTree DT(K);
  PostDominatorTree PDT(K);
  LoopInfo LI(DT);
  // Chain blocks (not in loops) and the regions between them.
  BasicBlock *B = &K.getEntryBlock();
  std::set<BasicBlock *> Prefix;
  unsigned Saved = 0;
  std::vector<Instruction *> Move;
  for (;;) {
    if (LI.getLoopFor(B)) {
      Why = "internal: chain block in a loop";
      return false;
    }
    for (Instruction &I : *B) {
      bool IsMarked = Marked.count(&I) != 0;
      bool Stop = I.isTerminator() ? IsMarked : !sideEffectFree(I);
      if (!Stop && IsMarked && isa<PHINode>(&I))
        Stop = true;
      if (Stop) {
        Out.At = &I;
        Out.Move = std::move(Move);
        Out.Saved = Saved;
        return true;
      }
      if (IsMarked)
        Move.push_back(&I);
      else if (!I.isTerminator())
        Saved += cost(I, LI);
    }
    Prefix.insert(B);
    // An early return whose condition does not depend on the id along D
    // (a bounds check on another id): all Factor work-items take it or none
    // does; the chain goes on along the other side.
    if (auto *Br = dyn_cast<BranchInst>(B->getTerminator()); Br && Br->isConditional()) {
      auto Returns = [&](BasicBlock *E) {
        for (int Hops = 0; Hops < 2; ++Hops) {
          for (Instruction &I : *E)
            if (!I.isTerminator() && (!sideEffectFree(I) || Marked.count(&I)))
              return false;
          if (isa<ReturnInst>(E->getTerminator()))
            return E->getTerminator()->getNumOperands() == 0;
          auto *EB = dyn_cast<BranchInst>(E->getTerminator());
          if (!EB || EB->isConditional())
            return false;
          E = EB->getSuccessor(0);
          if (!isa<ReturnInst>(&E->front()))
            return false;
        }
        return false;
      };
      for (unsigned Side = 0; Side < 2; ++Side) {
        BasicBlock *Exit = Br->getSuccessor(Side), *Other = Br->getSuccessor(1 - Side);
        if (Exit != Other && Returns(Exit) && Other->getSinglePredecessor() == B &&
            !LI.getLoopFor(Other) && !isa<ReturnInst>(&Other->front())) {
          B = Other;
          goto NextBlock;
        }
      }
    }
    {
    // The region up to the next block every path passes.
    DomTreeNode *PN = PDT.getNode(B);
    BasicBlock *Next = PN && PN->getIDom() ? PN->getIDom()->getBlock() : nullptr;
    // A loop is part of the region: the next chain block is past it.
    while (Next && LI.getLoopFor(Next)) {
      DomTreeNode *NN = PDT.getNode(Next);
      Next = NN && NN->getIDom() ? NN->getIDom()->getBlock() : nullptr;
    }
    if (!Next || B->getTerminator()->getNumSuccessors() == 0) {
      Out.At = B->getTerminator();
      Out.Move = std::move(Move);
      Out.Saved = Saved;
      return true;
    }
    std::vector<BasicBlock *> Region;
    std::set<BasicBlock *> Seen{Next};
    SmallVector<BasicBlock *, 16> Stack(succ_begin(B), succ_end(B));
    bool Clean = true;
    unsigned RegionCost = 0;
    while (!Stack.empty() && Clean) {
      BasicBlock *R = Stack.pop_back_val();
      if (!Seen.insert(R).second)
        continue;
      Region.push_back(R);
      for (Instruction &I : *R) {
        if (Marked.count(&I) || (!I.isTerminator() && !sideEffectFree(I))) {
          Clean = false;
          break;
        }
        RegionCost += cost(I, LI);
      }
      for (BasicBlock *S : successors(R))
        Stack.push_back(S);
    }
    if (!Clean) {
      Out.At = B->getTerminator();
      Out.Move = std::move(Move);
      Out.Saved = Saved;
      return true;
    }
    Saved += RegionCost;
    for (BasicBlock *R : Region)
      Prefix.insert(R);
    B = Next;
    }
  NextBlock:;
  }
}

/// Step 5.
bool rewrite(Function &K, unsigned D, unsigned Factor, Cut &C, std::string &Why) {
  Module &M = *K.getParent();
  LLVMContext &Ctx = K.getContext();
  BasicBlock *CutBlock = C.At->getParent();
  BasicBlock *SufEntry = SplitBlock(CutBlock, C.At);
  // The suffix: what SufEntry reaches.
  std::set<BasicBlock *> Suffix;
  SmallVector<BasicBlock *, 16> Stack{SufEntry};
  while (!Stack.empty()) {
    BasicBlock *S = Stack.pop_back_val();
    if (!Suffix.insert(S).second)
      continue;
    for (BasicBlock *N : successors(S))
      Stack.push_back(N);
  }
  BasicBlock *Header = BasicBlock::Create(Ctx, "loom.coarsen.header", &K, SufEntry);
  BasicBlock *Latch = BasicBlock::Create(Ctx, "loom.coarsen.latch", &K);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "loom.coarsen.exit", &K);
  CutBlock->getTerminator()->setSuccessor(0, Header);
  IRBuilder<> HB(Header);
  Type *I64 = Type::getInt64Ty(Ctx);
  PHINode *Item = HB.CreatePHI(I64, 2, "loom.coarsen.item");
  Item->addIncoming(ConstantInt::get(I64, 0), CutBlock);
  // The global id along D of this item.
  FunctionCallee Id = M.getOrInsertFunction(GlobalId, I64, Type::getInt32Ty(Ctx));
  FunctionCallee Off = M.getOrInsertFunction(GlobalOffset, I64, Type::getInt32Ty(Ctx));
  Value *Launched = HB.CreateCall(Id, {HB.getInt32(D)});
  Value *Offset = HB.CreateCall(Off, {HB.getInt32(D)});
  Value *GidD = HB.CreateAdd(
      HB.CreateAdd(Offset, HB.CreateMul(HB.CreateSub(Launched, Offset), HB.getInt64(Factor))),
      Item, "loom.coarsen.gid");
  // Marked prefix instructions move into the header (in order).
  ValueToValueMapTy VM;
  for (Instruction *I : C.Move) {
    if (isCall(I, GlobalId, D)) {
      VM[I] = GidD;
      continue;
    }
    Instruction *N = I->clone();
    N->setName(I->getName());
    RemapInstruction(N, VM, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    HB.Insert(N);
    VM[I] = N;
  }
  HB.CreateBr(SufEntry);
  for (Instruction *I : C.Move) {
    Value *N = VM[I];
    SmallVector<Use *, 8> Uses;
    for (Use &U : I->uses())
      Uses.push_back(&U);
    for (Use *U : Uses) {
      auto *UI = cast<Instruction>(U->getUser());
      if (Suffix.count(UI->getParent()))
        U->set(N);
    }
  }
  for (auto It = C.Move.rbegin(); It != C.Move.rend(); ++It) {
    if (!(*It)->use_empty()) {
      Why = "internal: a moved value is still used in the prefix";
      return false;
    }
    (*It)->eraseFromParent();
  }
  // get_global_id(D) calls left in the suffix (none should be: all were
  // marked prefix instructions or are in the suffix) take the item's id.
  for (BasicBlock *S : Suffix)
    for (Instruction &I : make_early_inc_range(*S))
      if (isCall(&I, GlobalId, D)) {
        I.replaceAllUsesWith(GidD);
        I.eraseFromParent();
      }
  // Returns of the suffix continue with the next item. A return block
  // the prefix reaches too (an early return) keeps its return there.
  for (BasicBlock *S : Suffix) {
    auto *Ret = dyn_cast<ReturnInst>(S->getTerminator());
    if (!Ret)
      continue;
    bool Shared = any_of(predecessors(S),
                         [&](BasicBlock *P) { return P != Header && !Suffix.count(P); });
    if (Shared) {
      if (&S->front() != Ret) {
        Why = "a return block shared by the prefix and the suffix does more than return";
        return false;
      }
      BasicBlock *Tail = BasicBlock::Create(Ctx, "loom.coarsen.next", &K);
      BranchInst::Create(Latch, Tail);
      for (BasicBlock *P : SmallVector<BasicBlock *, 4>(predecessors(S)))
        if (Suffix.count(P))
          P->getTerminator()->replaceSuccessorWith(S, Tail);
      continue;
    }
    Ret->eraseFromParent();
    BranchInst::Create(Latch, S);
  }
  IRBuilder<> LB(Latch);
  Value *NextItem = LB.CreateAdd(Item, LB.getInt64(1));
  Item->addIncoming(NextItem, Latch);
  LB.CreateCondBr(LB.CreateICmpULT(NextItem, LB.getInt64(Factor)), Header, Exit);
  ReturnInst::Create(Ctx, Exit);
  // The global size along D is Factor times the launch's.
  for (Instruction &I : make_early_inc_range(instructions(K)))
    if (isCall(&I, GlobalSize, D)) {
      auto *Mul = BinaryOperator::CreateMul(&I, ConstantInt::get(I.getType(), Factor));
      Mul->insertAfter(I.getIterator());
      I.replaceUsesWithIf(Mul, [&](Use &U) { return U.getUser() != Mul; });
    }
  return true;
}

} // namespace

void inlineProgramFunctions(Function &K) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    SmallVector<CallBase *, 16> Calls;
    for (Instruction &I : instructions(K))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *F = CB->getCalledFunction(); F && !F->isDeclaration() && F != &K)
          Calls.push_back(CB);
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      if (InlineFunction(*CB, IFI).isSuccess())
        Changed = true;
    }
  }
}

bool coarsenKernel(Function &K, unsigned D, unsigned Factor, unsigned &Saved, std::string &Why) {
  if (!prepare(K, D, Why))
    return false;
  Cut C;
  if (!findCut(K, D, C, Why))
    return false;
  Saved = C.Saved;
  return rewrite(K, D, Factor, C, Why);
}

CoarsenPlan analyzeCoarsening(Function &K) {
  CoarsenPlan Best;
  // Not along dimension 0: Loom's gangs run along it, and a coarsened
  // work-item there would make each lane's accesses 4 elements apart.
  for (unsigned D = 1; D < 3; ++D) {
    ValueToValueMapTy VM;
    Function *Copy = CloneFunction(&K, VM);
    unsigned Saved = 0;
    std::string Why;
    bool Ok = coarsenKernel(*Copy, D, 4, Saved, Why);
    Copy->eraseFromParent();
    if (Ok && Saved >= 32 && Saved > Best.Saved) {
      Best.Dim = static_cast<int>(D);
      Best.Saved = Saved;
    }
  }
  return Best;
}

} // namespace loomcl
