// Layout.cpp - data-layout transformation of array-of-structures buffers
// (issue #15, PPOpenCL's data-layout transformation) for libLoomOpenCL's
// enqueue-time specialization.
// SPDX-License-Identifier: Apache-2.0
//
// A kernel reading p[i].x, p[i].vx, ... of an array of 32-byte structures
// makes each vector gang of work-items (consecutive i along dimension 0)
// load every field 32 bytes apart: gathers, or wide loads and shuffles, and
// whole cache lines moved for the fields it uses. In the structure of
// arrays layout each field is a contiguous array and the gang's accesses
// are plain vector loads. The library keeps a shadow copy of such a buffer
// in that layout (opencl/icd/Layout.cpp) and runs a variant of the kernel
// whose accesses address it; this file finds where that is possible and
// rewrites the kernel.
//
// It works on clang's -O0 module before the work-item library is linked
// (the work-item functions are still calls), after inlining the program's
// functions into the kernel and SROA (struct copies become field accesses).
// A __global pointer argument qualifies when every use of it, through
// getelementptrs and address space casts, is the address of a load, store
// or atomic, and every such address is
//     p + sum(v_k * s_k) + C      (bytes; the v_k any values)
// where the s_k share a common divisor S (the element stride, 8 to 4096
// bytes) and each access stays inside one element: with c = C mod S and w
// the access's size, c + w <= S. The distinct (c, w) are the fields; two
// accesses overlapping only partly disqualify the argument (so does a
// field as wide as the element, which is no structure). Index arithmetic
// is seen through (add, sub, mul and shl by constants, sign and zero
// extension where the narrow arithmetic cannot wrap), so the hand-written
// p[3*i+1] of a float array is the field at 4 of a 12-byte element.
// It pays when some field narrower than the element is indexed by a value
// derived from the work-item's id along dimension 0: its gangs' accesses
// become contiguous.
//
// The rewrite: the element index of an access is sum(v_k * s_k / S) +
// floor(C / S); field (c, w) of element I is at byte N * c + I * w of the
// shadow copy, N its element count, which the library stores in the 8
// bytes before the copy (so one variant serves every buffer size).
#include "Layout.h"

#include "Coarsen.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <map>
#include <numeric>

using namespace llvm;

namespace loomcl {

namespace {

/// One linear term of a byte offset: V (widened to 64 bits by Ext: 's'
/// sign, 'z' zero, 0 none) times Scale.
struct Term {
  Value *V;
  char Ext;
  int64_t Scale;
};

/// A load, store or atomic of the argument: its address as terms and a
/// constant, its size, whether it writes.
struct Access {
  Instruction *I;
  unsigned PtrOperand;
  SmallVector<Term, 4> Terms;
  int64_t C;
  uint64_t W;
  bool Write;
};

bool addTerm(SmallVectorImpl<Term> &Ts, Value *V, char Ext, int64_t Scale) {
  for (Term &T : Ts)
    if (T.V == V && T.Ext == Ext)
      return !__builtin_add_overflow(T.Scale, Scale, &T.Scale);
  Ts.push_back({V, Ext, Scale});
  return true;
}

/// Adds V * Scale (V widened by Ext) to Ts and C, looking through the
/// linear arithmetic that cannot wrap before the widening.
bool linear(Value *V, int64_t Scale, char Ext, SmallVectorImpl<Term> &Ts, int64_t &C,
            unsigned Depth = 0) {
  if (auto *CI = dyn_cast<ConstantInt>(V)) {
    int64_t K = Ext == 'z' ? static_cast<int64_t>(CI->getZExtValue()) : CI->getSExtValue();
    int64_t P;
    return !__builtin_mul_overflow(K, Scale, &P) && !__builtin_add_overflow(C, P, &C);
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8)
    return addTerm(Ts, V, Ext, Scale);
  // Whether the narrow operation distributes over the widening.
  auto NoWrap = [&](Instruction *Op) {
    if (!Ext || Op->getType()->getIntegerBitWidth() >= 64)
      return true;
    if (isa<PossiblyDisjointInst>(Op) && cast<PossiblyDisjointInst>(Op)->isDisjoint())
      return true;
    auto *OBO = dyn_cast<OverflowingBinaryOperator>(Op);
    return OBO && (Ext == 's' ? OBO->hasNoSignedWrap() : OBO->hasNoUnsignedWrap());
  };
  switch (I->getOpcode()) {
  case Instruction::SExt:
  case Instruction::ZExt: {
    char E = I->getOpcode() == Instruction::SExt ? 's' : 'z';
    if (Ext && Ext != E && I->getType()->getIntegerBitWidth() < 64)
      break;
    return linear(I->getOperand(0), Scale, E, Ts, C, Depth + 1);
  }
  case Instruction::Add:
  case Instruction::Or:
    if ((I->getOpcode() == Instruction::Add || cast<PossiblyDisjointInst>(I)->isDisjoint()) &&
        NoWrap(I))
      return linear(I->getOperand(0), Scale, Ext, Ts, C, Depth + 1) &&
             linear(I->getOperand(1), Scale, Ext, Ts, C, Depth + 1);
    break;
  case Instruction::Sub:
    if (NoWrap(I) && Ext != 'z')
      return linear(I->getOperand(0), Scale, Ext, Ts, C, Depth + 1) &&
             linear(I->getOperand(1), -Scale, Ext, Ts, C, Depth + 1);
    break;
  case Instruction::Mul:
  case Instruction::Shl:
    // The constant on either side of a multiply (clang keeps 3 * i's order).
    for (unsigned Side : {1u, 0u}) {
      auto *K = dyn_cast<ConstantInt>(I->getOperand(Side));
      if (!K || !NoWrap(I) || (Side == 0 && I->getOpcode() == Instruction::Shl))
        continue;
      int64_t F = K->getSExtValue();
      if (I->getOpcode() == Instruction::Shl)
        F = F >= 0 && F < 32 ? int64_t(1) << F : 0;
      int64_t S;
      if (F && !__builtin_mul_overflow(Scale, F, &S))
        return linear(I->getOperand(1 - Side), S, Ext, Ts, C, Depth + 1);
    }
    break;
  default:
    break;
  }
  return addTerm(Ts, V, Ext, Scale);
}

/// Every access of argument A, or false with Why.
bool collect(Argument &A, std::vector<Access> &Out, std::string &Why) {
  const DataLayout &DL = A.getParent()->getDataLayout();
  struct Item {
    Value *V;
    SmallVector<Term, 4> Terms;
    int64_t C;
  };
  std::vector<Item> Work{{&A, {}, 0}};
  while (!Work.empty()) {
    Item It = std::move(Work.back());
    Work.pop_back();
    for (Use &U : It.V->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I) {
        Why = "the buffer's address is used by a constant";
        return false;
      }
      auto Record = [&](Type *Ty, bool Write) {
        if (!Ty->isSingleValueType() || Ty->isPointerTy() || Ty->isPtrOrPtrVectorTy()) {
          Why = "it accesses the buffer as a value of an aggregate or pointer type";
          return false;
        }
        Out.push_back({I, U.getOperandNo(), It.Terms, It.C,
                       static_cast<uint64_t>(DL.getTypeStoreSize(Ty)), Write});
        return true;
      };
      if (auto *GEP = dyn_cast<GetElementPtrInst>(I); GEP && U.getOperandNo() == 0) {
        SmallMapVector<Value *, APInt, 4> Vars;
        APInt Const(64, 0);
        if (!GEP->collectOffset(DL, 64, Vars, Const)) {
          Why = "an address computation it cannot follow";
          return false;
        }
        Item Next{GEP, It.Terms, It.C};
        if (__builtin_add_overflow(Next.C, Const.getSExtValue(), &Next.C)) {
          Why = "an offset out of range";
          return false;
        }
        for (auto &[V, S] : Vars) {
          unsigned Bits = V->getType()->getScalarSizeInBits();
          if (V->getType()->isVectorTy() ||
              !linear(V, S.getSExtValue(), Bits < 64 ? 's' : 0, Next.Terms, Next.C)) {
            Why = "an address computation it cannot follow";
            return false;
          }
        }
        Work.push_back(std::move(Next));
      } else if (isa<AddrSpaceCastInst>(I)) {
        Work.push_back({I, It.Terms, It.C});
      } else if (auto *L = dyn_cast<LoadInst>(I)) {
        if (!Record(L->getType(), false))
          return false;
      } else if (auto *S = dyn_cast<StoreInst>(I); S && U.getOperandNo() == 1) {
        if (!Record(S->getValueOperand()->getType(), true))
          return false;
      } else if (auto *R = dyn_cast<AtomicRMWInst>(I); R && U.getOperandNo() == 0) {
        if (!Record(R->getValOperand()->getType(), true))
          return false;
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I); X && U.getOperandNo() == 0) {
        if (!Record(X->getNewValOperand()->getType(), true))
          return false;
      } else if (auto *II = dyn_cast<IntrinsicInst>(I); II && II->isLifetimeStartOrEnd()) {
        continue;
      } else if (auto *CB = dyn_cast<CallBase>(I)) {
        Function *F = CB->getCalledFunction();
        Why = "it passes the buffer to " + (F ? F->getName().str() : std::string("a pointer"));
        return false;
      } else {
        Why = std::string("the buffer's address goes through a ") + I->getOpcodeName();
        return false;
      }
    }
  }
  return true;
}

/// Whether V derives from the work-item's id along dimension 0.
bool alongX(Value *V) {
  SmallPtrSet<Value *, 32> Seen;
  SmallVector<Value *, 16> Work{V};
  while (!Work.empty() && Seen.size() < 256) {
    Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    auto *I = dyn_cast<Instruction>(X);
    if (!I)
      continue;
    if (auto *CB = dyn_cast<CallBase>(I)) {
      Function *F = CB->getCalledFunction();
      if (F && (F->getName() == "_Z13get_global_idj" || F->getName() == "_Z12get_local_idj") &&
          CB->arg_size() == 1)
        if (auto *D = dyn_cast<ConstantInt>(CB->getArgOperand(0)); D && D->isZero())
          return true;
      continue;
    }
    for (Value *Op : I->operands())
      Work.push_back(Op);
  }
  return false;
}

int64_t floorDiv(int64_t A, int64_t B) { return A / B - (A % B < 0 ? 1 : 0); }

/// The plan for argument A's accesses (Stride 0: none), and whether it
/// pays; Why says why not.
LayoutPlan plan(Argument &A, std::vector<Access> &Accs, bool &Pays, std::string &Why) {
  LayoutPlan P;
  P.Arg = A.getArgNo();
  Pays = false;
  if (!collect(A, Accs, Why))
    return P;
  if (Accs.empty()) {
    Why = "it is not accessed";
    return P;
  }
  uint64_t S = 0;
  for (Access &X : Accs)
    for (Term &T : X.Terms)
      if (T.Scale)
        S = std::gcd(S, static_cast<uint64_t>(T.Scale < 0 ? -T.Scale : T.Scale));
  if (S < 8 || S > 4096) {
    Why = S ? "its element stride is " + std::to_string(S) + " bytes" : "it is not indexed";
    return P;
  }
  std::vector<LayoutField> Fields;
  for (Access &X : Accs) {
    int64_t Q = floorDiv(X.C, static_cast<int64_t>(S));
    uint64_t C = static_cast<uint64_t>(X.C - Q * static_cast<int64_t>(S));
    if (C + X.W > S) {
      Why = "an access crosses its " + std::to_string(S) + "-byte elements";
      return P;
    }
    LayoutField F{C, X.W};
    if (std::find(Fields.begin(), Fields.end(), F) == Fields.end())
      Fields.push_back(F);
    P.Writes |= X.Write;
    if (X.W < S)
      for (Term &T : X.Terms)
        if (T.Scale && alongX(T.V))
          Pays = true;
  }
  std::sort(Fields.begin(), Fields.end(),
            [](const LayoutField &L, const LayoutField &R) { return L.Offset < R.Offset; });
  for (size_t I = 1; I < Fields.size(); ++I)
    if (Fields[I].Offset < Fields[I - 1].Offset + Fields[I - 1].Width) {
      Why = "two accesses overlap in part";
      return P;
    }
  if (Fields.size() == 1 && Fields[0].Width == S) {
    Why = "it accesses whole elements";
    return P;
  }
  if (!Pays)
    Why = "no access is strided along dimension 0";
  P.Stride = S;
  P.Fields = std::move(Fields);
  return P;
}

/// Inlines the program's functions into K and splits its local variables
/// (SROA: struct copies become field accesses).
void prepare(Function &K) {
  inlineProgramFunctions(K);
  PassBuilder PB;
  FunctionAnalysisManager FAM;
  PB.registerFunctionAnalyses(FAM);
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.run(K, FAM);
  // The slices of a struct copy no field of which is read stay as a copy
  // into a local nothing reads: gone, they no longer count as accesses.
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : K.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(AI);
  for (AllocaInst *AI : Allocas) {
    if (!all_of(AI->users(), [&](User *U) {
          if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
            return true;
          auto *MI = dyn_cast<MemIntrinsic>(U);
          return MI && !MI->isVolatile() && MI->getRawDest() == AI &&
                 (!isa<MemTransferInst>(MI) || cast<MemTransferInst>(MI)->getRawSource() != AI);
        }))
      continue;
    for (User *U : make_early_inc_range(AI->users()))
      cast<Instruction>(U)->eraseFromParent();
    AI->eraseFromParent();
  }
}

bool pointerArg(const Argument &A) {
  auto *PT = dyn_cast<PointerType>(A.getType());
  return PT && PT->getAddressSpace() == 1;
}

} // namespace

std::vector<LayoutPlan> analyzeLayouts(Function &K) {
  std::vector<LayoutPlan> Plans;
  if (std::none_of(K.arg_begin(), K.arg_end(), pointerArg))
    return Plans;
  ValueToValueMapTy VM;
  Function *Copy = CloneFunction(&K, VM);
  prepare(*Copy);
  for (Argument &A : Copy->args()) {
    if (!pointerArg(A))
      continue;
    std::vector<Access> Accs;
    bool Pays = false;
    std::string Why;
    LayoutPlan P = plan(A, Accs, Pays, Why);
    if (P.Stride && Pays)
      Plans.push_back(std::move(P));
  }
  Copy->eraseFromParent();
  return Plans;
}

bool applyLayout(Function &K, const LayoutPlan &Want, std::string &Why) {
  if (Want.Arg >= K.arg_size() || !pointerArg(*K.getArg(Want.Arg))) {
    Why = "argument " + std::to_string(Want.Arg) + " is not a __global buffer";
    return false;
  }
  prepare(K);
  Argument &A = *K.getArg(Want.Arg);
  std::vector<Access> Accs;
  bool Pays = false;
  LayoutPlan P = plan(A, Accs, Pays, Why);
  if (!P.Stride)
    return false;
  if (P.Stride != Want.Stride || P.Fields != Want.Fields) {
    Why = "its accesses do not have the requested layout";
    return false;
  }
  LLVMContext &Ctx = K.getContext();
  IRBuilder<> B(&*K.getEntryBlock().getFirstInsertionPt());
  Type *I64 = B.getInt64Ty(), *I8 = B.getInt8Ty();
  // The element count, in the word before the shadow copy.
  LoadInst *N = B.CreateAlignedLoad(I64, B.CreateConstGEP1_64(I8, &A, -8), Align(8),
                                    A.getName() + ".elements");
  N->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Ctx, {}));
  std::map<uint64_t, Value *> Base; // N * c per field offset
  for (const LayoutField &F : P.Fields)
    Base[F.Offset] = F.Offset ? B.CreateMul(N, B.getInt64(F.Offset), "", true, true) : nullptr;
  int64_t S = static_cast<int64_t>(P.Stride);
  for (Access &X : Accs) {
    B.SetInsertPoint(X.I);
    int64_t Q = floorDiv(X.C, S);
    uint64_t C = static_cast<uint64_t>(X.C - Q * S);
    Value *Index = nullptr;
    for (Term &T : X.Terms) {
      if (!T.Scale)
        continue;
      Value *V = T.V;
      if (T.Ext == 's')
        V = B.CreateSExt(V, I64);
      else if (T.Ext == 'z')
        V = B.CreateZExt(V, I64);
      if (T.Scale != S)
        V = B.CreateMul(V, B.getInt64(T.Scale / S));
      Index = Index ? B.CreateAdd(Index, V) : V;
    }
    if (!Index || Q)
      Index = Index ? B.CreateAdd(Index, B.getInt64(Q)) : B.getInt64(Q);
    Value *Offset = B.CreateMul(Index, B.getInt64(X.W));
    if (Value *F = Base[C])
      Offset = B.CreateAdd(F, Offset);
    Value *Ptr = B.CreateGEP(I8, &A, Offset, A.getName() + ".soa");
    X.I->setOperand(X.PtrOperand, Ptr);
    // The shadow copy starts 64-byte aligned: N * c is aligned as c is,
    // I * w as w is.
    uint64_t Bound = std::min<uint64_t>(64, X.W & -X.W);
    if (C)
      Bound = std::min<uint64_t>(Bound, C & -C);
    Align New(Bound);
    if (auto *L = dyn_cast<LoadInst>(X.I))
      L->setAlignment(std::min(L->getAlign(), New));
    else if (auto *St = dyn_cast<StoreInst>(X.I))
      St->setAlignment(std::min(St->getAlign(), New));
    else if (auto *R = dyn_cast<AtomicRMWInst>(X.I))
      R->setAlignment(std::min(R->getAlign(), New));
    else if (auto *Xc = dyn_cast<AtomicCmpXchgInst>(X.I))
      Xc->setAlignment(std::min(Xc->getAlign(), New));
  }
  return true;
}

} // namespace loomcl
