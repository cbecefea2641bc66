//===- GangAtomics.cpp - Atomics of a gang's lanes, aggregated -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
#include "Transforms/GangAtomics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace loom {

using Op = AtomicRMWInst::BinOp;

bool isAggregatableAtomic(const AtomicRMWInst &I) {
  if (I.isVolatile())
    return false;
  Type *T = I.getValOperand()->getType();
  switch (I.getOperation()) {
  case Op::Add:
  case Op::Sub:
  case Op::And:
  case Op::Or:
  case Op::Xor:
  case Op::Max:
  case Op::Min:
  case Op::UMax:
  case Op::UMin:
    return T->isIntegerTy();
  case Op::FAdd:
  case Op::FSub:
    return T->isFloatingPointTy();
  case Op::Xchg:
    return T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy();
  default:
    return false;
  }
}

/// The value a lane outside the mask contributes: combining with it changes
/// nothing.
static Constant *identity(Op K, Type *T) {
  switch (K) {
  case Op::Add:
  case Op::Sub:
  case Op::Or:
  case Op::Xor:
  case Op::UMax:
    return Constant::getNullValue(T);
  case Op::And:
  case Op::UMin:
    return Constant::getAllOnesValue(T);
  case Op::Max:
    return ConstantInt::get(T, APInt::getSignedMinValue(T->getIntegerBitWidth()));
  case Op::Min:
    return ConstantInt::get(T, APInt::getSignedMaxValue(T->getIntegerBitWidth()));
  case Op::FAdd:
  case Op::FSub:
    return ConstantFP::getNegativeZero(T);
  default:
    llvm_unreachable("no identity");
  }
}

/// How two lanes' operands combine into one operand of the same atomic
/// (sub and fsub subtract the sum).
static Value *combine(IRBuilderBase &B, Op K, Value *X, Value *Y) {
  switch (K) {
  case Op::Add:
  case Op::Sub:
    return B.CreateAdd(X, Y);
  case Op::FAdd:
  case Op::FSub:
    return B.CreateFAdd(X, Y);
  case Op::And:
    return B.CreateAnd(X, Y);
  case Op::Or:
    return B.CreateOr(X, Y);
  case Op::Xor:
    return B.CreateXor(X, Y);
  case Op::Max:
    return B.CreateBinaryIntrinsic(Intrinsic::smax, X, Y);
  case Op::Min:
    return B.CreateBinaryIntrinsic(Intrinsic::smin, X, Y);
  case Op::UMax:
    return B.CreateBinaryIntrinsic(Intrinsic::umax, X, Y);
  case Op::UMin:
    return B.CreateBinaryIntrinsic(Intrinsic::umin, X, Y);
  default:
    llvm_unreachable("not combinable");
  }
}

/// The combination of all of \p X's lanes (inactive ones hold the identity).
static Value *reduce(IRBuilderBase &B, Op K, Value *X) {
  switch (K) {
  case Op::Add:
  case Op::Sub:
    return B.CreateAddReduce(X);
  case Op::FAdd:
  case Op::FSub: {
    // Any order: the lanes' atomics have none either.
    Value *R = B.CreateFAddReduce(identity(K, X->getType()->getScalarType()), X);
    cast<Instruction>(R)->setHasAllowReassoc(true);
    return R;
  }
  case Op::And:
    return B.CreateAndReduce(X);
  case Op::Or:
    return B.CreateOrReduce(X);
  case Op::Xor:
    return B.CreateXorReduce(X);
  case Op::Max:
    return B.CreateIntMaxReduce(X, /*IsSigned=*/true);
  case Op::Min:
    return B.CreateIntMinReduce(X, /*IsSigned=*/true);
  case Op::UMax:
    return B.CreateIntMaxReduce(X, /*IsSigned=*/false);
  case Op::UMin:
    return B.CreateIntMinReduce(X, /*IsSigned=*/false);
  default:
    llvm_unreachable("not reducible");
  }
}

/// Lane l gets \p X's lane l - D, lanes below D get \p Fill's.
static Value *shiftUp(IRBuilderBase &B, Value *X, unsigned D, Value *Fill, unsigned W) {
  SmallVector<int, 32> M(W);
  for (unsigned L = 0; L < W; ++L)
    M[L] = L >= D ? int(L - D) : int(W + L);
  return B.CreateShuffleVector(X, Fill, M);
}

Value *scanLanes(IRBuilderBase &B, Op K, Value *X, unsigned W, Value **Excl) {
  // Hillis-Steele: log2 W steps.
  Value *Ids = ConstantVector::getSplat(ElementCount::getFixed(W),
                                        identity(K, X->getType()->getScalarType()));
  for (unsigned D = 1; D < W; D *= 2)
    X = combine(B, K, X, shiftUp(B, X, D, Ids, W));
  if (Excl)
    *Excl = shiftUp(B, X, 1, Ids, W);
  return X;
}

Value *emitAggregatedAtomic(IRBuilderBase &B, const AtomicRMWInst &I, Value *Ptr, Value *Vals,
                            Value *Mask, unsigned W, bool NeedOld) {
  Op K = I.getOperation();
  Type *T = I.getValOperand()->getType();
  auto *VT = FixedVectorType::get(T, W);
  auto Atomic = [&](Value *V) {
    auto *C = cast<AtomicRMWInst>(I.clone());
    C->setOperand(AtomicRMWInst::getPointerOperandIndex(), Ptr);
    C->setOperand(1, V);
    B.Insert(C, "atomic.gang");
    return C;
  };

  if (K == Op::Xchg) {
    // The memory ends with the last active lane's value; each lane's old
    // value is the previous active lane's, the first one's the memory's.
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(W));
    Value *Lead = B.CreateBinaryIntrinsic(Intrinsic::ctlz, Bits, B.getTrue());
    Value *Last = B.CreateSub(ConstantInt::get(Bits->getType(), W - 1), Lead);
    Value *Base = Atomic(B.CreateExtractElement(Vals, Last, "xchg.last"));
    if (!NeedOld)
      return nullptr;
    // Inclusive scan of (value, valid): a lane keeps its own value when
    // active, else takes the nearest active one below it.
    Value *X = Vals, *V = Mask;
    Value *NoLanes = Constant::getNullValue(Mask->getType());
    Value *Undef = PoisonValue::get(VT);
    for (unsigned D = 1; D < W; D *= 2) {
      Value *SX = shiftUp(B, X, D, Undef, W), *SV = shiftUp(B, V, D, NoLanes, W);
      X = B.CreateSelect(V, X, SX);
      V = B.CreateOr(V, SV);
    }
    Value *EX = shiftUp(B, X, 1, Undef, W), *EV = shiftUp(B, V, 1, NoLanes, W);
    return B.CreateSelect(EV, EX, B.CreateVectorSplat(W, Base), "atomic.old");
  }

  Constant *Id = identity(K, T);
  Value *X = B.CreateSelect(Mask, Vals, ConstantVector::getSplat(ElementCount::getFixed(W), Id));
  if (!NeedOld) {
    Atomic(reduce(B, K, X));
    return nullptr;
  }
  // Inclusive prefix, its last lane is the total, shifted by one lane the
  // exclusive prefix.
  Value *Excl;
  X = scanLanes(B, K, X, W, &Excl);
  Value *Total = B.CreateExtractElement(X, uint64_t(W - 1), "atomic.total");
  Value *Base = B.CreateVectorSplat(W, Atomic(Total));
  switch (K) {
  case Op::Sub:
    return B.CreateSub(Base, Excl, "atomic.old");
  case Op::FSub:
    return B.CreateFSub(Base, Excl, "atomic.old");
  case Op::FAdd:
    return B.CreateFAdd(Base, Excl, "atomic.old");
  default:
    return combine(B, K, Base, Excl);
  }
}

Value *emitGuardedAggregatedAtomic(IRBuilderBase &B, const AtomicRMWInst &I, Value *Ptr,
                                   Value *Vals, Value *Mask, unsigned W, bool NeedOld) {
  if (auto *C = dyn_cast<Constant>(Mask); C && C->isAllOnesValue())
    return emitAggregatedAtomic(B, I, Ptr, Vals, Mask, W, NeedOld);
  Function *F = B.GetInsertBlock()->getParent();
  LLVMContext &Ctx = F->getContext();
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Do = BasicBlock::Create(Ctx, "atomic.once", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "atomic.once.done", F);
  B.CreateCondBr(B.CreateOrReduce(Mask), Do, Done);
  B.SetInsertPoint(Do);
  Value *Old = emitAggregatedAtomic(B, I, Ptr, Vals, Mask, W, NeedOld);
  BasicBlock *DoEnd = B.GetInsertBlock();
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  if (!Old)
    return nullptr;
  PHINode *P = B.CreatePHI(Old->getType(), 2, "atomic.old");
  P->addIncoming(PoisonValue::get(Old->getType()), Pre);
  P->addIncoming(Old, DoEnd);
  return P;
}

Value *emitGroupedAtomic(IRBuilderBase &B, const AtomicRMWInst &I, Value *Ptrs, Value *Vals,
                         Value *Mask, unsigned W, bool NeedOld) {
  Function *F = B.GetInsertBlock()->getParent();
  LLVMContext &Ctx = F->getContext();
  Type *VT = Vals->getType();
  BasicBlock *Pre = B.GetInsertBlock();
  BasicBlock *Head = BasicBlock::Create(Ctx, "atomic.group", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "atomic.group.done", F);
  Type *IW = B.getIntNTy(W);
  auto *MC = dyn_cast<Constant>(Mask);
  if (MC && MC->isAllOnesValue())
    B.CreateBr(Head);
  else
    B.CreateCondBr(B.CreateOrReduce(Mask), Head, Done);
  B.SetInsertPoint(Head);
  PHINode *Rem = B.CreatePHI(Mask->getType(), 2, "atomic.rem");
  Rem->addIncoming(Mask, Pre);
  PHINode *Acc = nullptr;
  if (NeedOld) {
    Acc = B.CreatePHI(VT, 2);
    Acc->addIncoming(PoisonValue::get(VT), Pre);
  }
  Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, B.CreateBitCast(Rem, IW), B.getTrue());
  Value *P = B.CreateExtractElement(Ptrs, First, "atomic.addr");
  Value *Group = B.CreateAnd(Rem, B.CreateICmpEQ(Ptrs, B.CreateVectorSplat(W, P)), "atomic.lanes");
  Value *Left = B.CreateAnd(Rem, B.CreateNot(Group));
  // A lane alone on its address (most lanes of a histogram with many bins)
  // needs no combining: its own atomic, as the lane loop does it.
  Value *GroupBits = B.CreateBitCast(Group, IW);
  Value *Alone = B.CreateICmpEQ(GroupBits, B.CreateShl(ConstantInt::get(IW, 1),
                                                       B.CreateZExtOrTrunc(First, IW)));
  BasicBlock *One = BasicBlock::Create(Ctx, "atomic.group.one", F);
  BasicBlock *Many = BasicBlock::Create(Ctx, "atomic.group.many", F);
  BasicBlock *Next = BasicBlock::Create(Ctx, "atomic.group.next", F);
  B.CreateCondBr(Alone, One, Many);
  B.SetInsertPoint(One);
  auto *C = cast<AtomicRMWInst>(I.clone());
  C->setOperand(AtomicRMWInst::getPointerOperandIndex(), P);
  C->setOperand(1, B.CreateExtractElement(Vals, First));
  B.Insert(C, "atomic.lane");
  Value *OneOld = NeedOld ? B.CreateVectorSplat(W, C) : nullptr;
  B.CreateBr(Next);
  B.SetInsertPoint(Many);
  Value *ManyOld = emitAggregatedAtomic(B, I, P, Vals, Group, W, NeedOld);
  BasicBlock *ManyEnd = B.GetInsertBlock();
  B.CreateBr(Next);
  B.SetInsertPoint(Next);
  Value *NewAcc = nullptr;
  if (NeedOld) {
    PHINode *Old = B.CreatePHI(VT, 2);
    Old->addIncoming(OneOld, One);
    Old->addIncoming(ManyOld, ManyEnd);
    NewAcc = B.CreateSelect(Group, Old, Acc);
  }
  BasicBlock *End = B.GetInsertBlock();
  Rem->addIncoming(Left, End);
  if (Acc)
    Acc->addIncoming(NewAcc, End);
  B.CreateCondBr(B.CreateICmpNE(B.CreateBitCast(Left, IW), ConstantInt::get(IW, 0)), Head, Done);
  B.SetInsertPoint(Done);
  if (!NeedOld)
    return nullptr;
  if (MC && MC->isAllOnesValue())
    return NewAcc;
  PHINode *R = B.CreatePHI(VT, 2, "atomic.old");
  R->addIncoming(PoisonValue::get(VT), Pre);
  R->addIncoming(NewAcc, End);
  return R;
}

} // namespace loom
