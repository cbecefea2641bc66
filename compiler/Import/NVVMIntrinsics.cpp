//===- NVVMIntrinsics.cpp - translate NVVM intrinsics to Loom's vocabulary -===//
// SPDX-License-Identifier: Apache-2.0
#include "Import/NVVMIntrinsics.h"

#include "Support/Diagnostics.h"
#include "Support/KernelMarkers.h"
#include "loom/WarpOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace loom {

namespace {

constexpr StringLiteral SRegPrefix = "llvm.nvvm.read.ptx.sreg.";

std::optional<Marker> specialRegisterMarker(StringRef Reg) {
  return StringSwitch<std::optional<Marker>>(Reg)
      .Case("tid.x", Marker::ThreadIdxX)
      .Case("tid.y", Marker::ThreadIdxY)
      .Case("tid.z", Marker::ThreadIdxZ)
      .Case("ntid.x", Marker::BlockDimX)
      .Case("ntid.y", Marker::BlockDimY)
      .Case("ntid.z", Marker::BlockDimZ)
      .Case("ctaid.x", Marker::BlockIdxX)
      .Case("ctaid.y", Marker::BlockIdxY)
      .Case("ctaid.z", Marker::BlockIdxZ)
      .Case("nctaid.x", Marker::GridDimX)
      .Case("nctaid.y", Marker::GridDimY)
      .Case("nctaid.z", Marker::GridDimZ)
      .Default(std::nullopt);
}

Value *callMarker(IRBuilder<> &B, Marker Kind) {
  return B.CreateCall(getMarkerFunction(*B.GetInsertBlock()->getModule(), Kind));
}

/// The linear thread index within the block (x fastest), as CUDA defines it
/// for forming warps.
Value *linearThreadIndex(IRBuilder<> &B) {
  Value *X = callMarker(B, Marker::ThreadIdxX);
  Value *Y = callMarker(B, Marker::ThreadIdxY);
  Value *Z = callMarker(B, Marker::ThreadIdxZ);
  Value *NX = callMarker(B, Marker::BlockDimX);
  Value *NY = callMarker(B, Marker::BlockDimY);
  return B.CreateAdd(X, B.CreateMul(NX, B.CreateAdd(Y, B.CreateMul(NY, Z))));
}

bool isCtaBarrier(StringRef Name, CallInst &CI) {
  if (Name == "llvm.nvvm.barrier0")
    return true;
  if (Name == "llvm.nvvm.barrier.cta.sync.aligned.all" ||
      Name == "llvm.nvvm.barrier.cta.sync.all" ||
      Name == "llvm.nvvm.barrier.sync" || Name == "llvm.nvvm.barrier.n") {
    auto *Id = dyn_cast<ConstantInt>(CI.getArgOperand(0));
    return Id && Id->isZero();
  }
  return false;
}

/// Warp shuffles, votes, match and reductions become @loom.warp.collective
/// (include/loom/WarpOps.h); 32-bit floats travel as their bits.
std::optional<Value *> translateWarpIntrinsic(CallInst &CI, StringRef Name,
                                             IRBuilder<> &B) {
  if (!Name.consume_front("llvm.nvvm."))
    return std::nullopt;
  Module &M = *CI.getModule();
  Type *I32 = B.getInt32Ty();
  auto Collective = [&](LoomWarpOp Op, Value *Mask, Value *V, Value *Arg,
                        Value *C) -> Value * {
    if (V->getType()->isFloatTy())
      V = B.CreateBitCast(V, I32);
    else if (V->getType() != I32)
      V = B.CreateZExtOrTrunc(V, I32);
    // BarrierRegions computes results with the device library's
    // __loom_warp_collective: declare it so the library provides it.
    M.getOrInsertFunction(WarpCollectiveFn,
                          FunctionType::get(I32, {I32, I32, B.getPtrTy(), I32, I32, I32, I32},
                                            false));
    return B.CreateCall(getMarkerFunction(M, Marker::WarpCollective),
                        {B.getInt32(Op), Mask, V, Arg, C});
  };
  auto Result = [&](Value *R) -> Value * {
    Type *T = CI.getType();
    if (T->isFloatTy())
      return B.CreateBitCast(R, T);
    if (T->isIntegerTy(1))
      return B.CreateICmpNE(R, B.getInt32(0));
    return R;
  };
  Value *Full = B.getInt32(~0u);
  Value *Zero = B.getInt32(0);
  // shfl.sync.{idx,up,down,bfly}.{i32,f32}(mask, value, arg, c) and the
  // legacy shfl.{...}(value, arg, c).
  bool Sync = Name.consume_front("shfl.sync.");
  if (Sync || Name.consume_front("shfl.")) {
    LoomWarpOp Op = StringSwitch<LoomWarpOp>(Name.take_until([](char C) { return C == '.'; }))
                        .Case("up", LoomWarpShflUp)
                        .Case("down", LoomWarpShflDown)
                        .Case("bfly", LoomWarpShflXor)
                        .Default(LoomWarpShflIdx);
    if (!Name.ends_with(".i32") && !Name.ends_with(".f32"))
      return std::nullopt; // the .p forms returning {value, pred}
    unsigned First = Sync ? 1 : 0;
    return Result(Collective(Op, Sync ? CI.getArgOperand(0) : Full,
                             CI.getArgOperand(First), CI.getArgOperand(First + 1),
                             CI.getArgOperand(First + 2)));
  }
  std::optional<LoomWarpOp> Vote = StringSwitch<std::optional<LoomWarpOp>>(Name)
      .Cases({"vote.all.sync", "vote.all"}, LoomWarpAll)
      .Cases({"vote.any.sync", "vote.any"}, LoomWarpAny)
      .Cases({"vote.uni.sync", "vote.uni"}, LoomWarpUni)
      .Cases({"vote.ballot.sync", "vote.ballot"}, LoomWarpBallot)
      .Case("match.any.sync.i32", LoomWarpMatchAny)
      .Case("redux.sync.add", LoomWarpReduxAdd)
      .Case("redux.sync.min", LoomWarpReduxMin)
      .Case("redux.sync.max", LoomWarpReduxMax)
      .Case("redux.sync.umin", LoomWarpReduxUMin)
      .Case("redux.sync.umax", LoomWarpReduxUMax)
      .Case("redux.sync.and", LoomWarpReduxAnd)
      .Case("redux.sync.or", LoomWarpReduxOr)
      .Case("redux.sync.xor", LoomWarpReduxXor)
      .Default(std::nullopt);
  if (Vote) {
    bool HasMask = Name.contains("sync") && CI.arg_size() == 2;
    Value *Mask = HasMask ? CI.getArgOperand(Vote >= LoomWarpReduxAdd ? 1 : 0) : Full;
    Value *V = CI.getArgOperand(HasMask && *Vote < LoomWarpReduxAdd ? 1 : 0);
    return Result(Collective(*Vote, Mask, V, Zero, Zero));
  }
  if (Name == "activemask")
    return Collective(LoomWarpActiveMask, Full, Zero, Zero, Zero);
  // 64-bit match: lanes agree when both 32-bit halves agree.
  if (Name == "match.any.sync.i64" || Name == "match.all.sync.i64p") {
    bool All = Name.starts_with("match.all");
    LoomWarpOp Op = All ? LoomWarpMatchAll : LoomWarpMatchAny;
    Value *V = CI.getArgOperand(1);
    Value *Lo = B.CreateTrunc(V, I32);
    Value *Hi = B.CreateTrunc(B.CreateLShr(V, 32), I32);
    Value *R = B.CreateAnd(Collective(Op, CI.getArgOperand(0), Lo, Zero, Zero),
                           Collective(Op, CI.getArgOperand(0), Hi, Zero, Zero));
    if (!All)
      return R;
    Value *Pair = PoisonValue::get(CI.getType());
    Pair = B.CreateInsertValue(Pair, R, 0);
    return B.CreateInsertValue(Pair, B.CreateICmpNE(R, Zero), 1);
  }
  if (Name == "match.all.sync.i32p") {
    Value *R = Collective(LoomWarpMatchAll, CI.getArgOperand(0), CI.getArgOperand(1),
                          Zero, Zero);
    Value *Pair = PoisonValue::get(CI.getType());
    Pair = B.CreateInsertValue(Pair, R, 0);
    return B.CreateInsertValue(Pair, B.CreateICmpNE(R, Zero), 1);
  }
  return std::nullopt;
}

/// Special registers beyond the thread/block indices: warp id, SM id and
/// count (one "SM" per block at a time on a CPU: 0 and 1), the global
/// nanosecond timer (the device library reads the host's realtime clock).
std::optional<Value *> otherSpecialRegister(IRBuilder<> &B, StringRef Reg, Type *Ty) {
  Module &M = *B.GetInsertBlock()->getModule();
  if (Reg == "warpid")
    return B.CreateZExtOrTrunc(B.CreateLShr(linearThreadIndex(B), 5), Ty);
  if (Reg == "nwarpid")
    return ConstantInt::get(Ty, 32);
  if (Reg == "smid")
    return ConstantInt::get(Ty, 0);
  if (Reg == "nsmid")
    return ConstantInt::get(Ty, 1);
  if (Reg == "globaltimer" || Reg == "globaltimer.lo") {
    FunctionCallee Timer = M.getOrInsertFunction(
        "__loom_globaltimer", FunctionType::get(B.getInt64Ty(), false));
    return B.CreateZExtOrTrunc(B.CreateCall(Timer), Ty);
  }
  return std::nullopt;
}

/// Rewrites one call; returns the replacement value (nullptr for void), or
/// std::nullopt when the intrinsic is not supported.
std::optional<Value *> translate(CallInst &CI, StringRef Name) {
  IRBuilder<> B(&CI);
  if (Name.starts_with(SRegPrefix)) {
    StringRef Reg = Name.drop_front(SRegPrefix.size());
    if (std::optional<Marker> M = specialRegisterMarker(Reg))
      return callMarker(B, *M);
    if (Reg == "warpsize")
      return ConstantInt::get(CI.getType(), 32);
    if (Reg == "laneid")
      return B.CreateAnd(linearThreadIndex(B), 31);
    if (Reg == "clock64")
      return B.CreateIntrinsic(Intrinsic::readcyclecounter, {});
    if (Reg == "clock")
      return B.CreateTrunc(B.CreateIntrinsic(Intrinsic::readcyclecounter, {}),
                           CI.getType());
    if (std::optional<Value *> V = otherSpecialRegister(B, Reg, CI.getType()))
      return *V;
    return std::nullopt;
  }
  // A texture reference's handle: the reference's device variable holds the
  // texture object the runtime created when it was bound.
  if (Name.starts_with("llvm.nvvm.texsurf.handle")) {
    Value *Ref = CI.getArgOperand(CI.arg_size() - 1);
    if (Ref->getType()->isPointerTy() && CI.getType()->isIntegerTy(64))
      return B.CreateAlignedLoad(CI.getType(), Ref, Align(4), "texture.handle");
    return std::nullopt;
  }
  // __nanosleep(ns): a back-off hint; yield the CPU to other workers.
  if (Name == "llvm.nvvm.nanosleep") {
    FunctionCallee Yield = CI.getModule()->getOrInsertFunction(
        "sched_yield", FunctionType::get(B.getInt32Ty(), false));
    B.CreateCall(Yield);
    return nullptr;
  }
  if (isCtaBarrier(Name, CI)) {
    B.CreateCall(getMarkerFunction(*CI.getModule(), Marker::Barrier));
    return nullptr;
  }
  // __syncwarp(mask): a warp-level barrier. A block-wide barrier is a correct
  // (stronger) implementation because BarrierRegions runs barriers reached
  // by only some threads (here: some warps) for exactly those threads.
  if (Name == "llvm.nvvm.bar.warp.sync") {
    B.CreateCall(getMarkerFunction(*CI.getModule(), Marker::WarpBarrier));
    return nullptr;
  }
  // __syncthreads_count/and/or.
  std::optional<Marker> Reduce = StringSwitch<std::optional<Marker>>(Name)
      .Cases({"llvm.nvvm.barrier.cta.red.popc.aligned.all", "llvm.nvvm.barrier0.popc"},
             Marker::BarrierPopc)
      .Cases({"llvm.nvvm.barrier.cta.red.and.aligned.all", "llvm.nvvm.barrier0.and"},
             Marker::BarrierAnd)
      .Cases({"llvm.nvvm.barrier.cta.red.or.aligned.all", "llvm.nvvm.barrier0.or"},
             Marker::BarrierOr)
      .Default(std::nullopt);
  if (std::optional<Value *> W = translateWarpIntrinsic(CI, Name, B))
    return *W;
  if (Reduce) {
    Value *Pred = CI.getArgOperand(CI.arg_size() - 1);
    if (!Pred->getType()->isIntegerTy(1))
      Pred = B.CreateICmpNE(Pred, ConstantInt::get(Pred->getType(), 0));
    Value *R = B.CreateCall(getMarkerFunction(*CI.getModule(), *Reduce), {Pred});
    return B.CreateZExtOrTrunc(R, CI.getType());
  }
  if (Name.starts_with("llvm.nvvm.membar.") ||
      Name.starts_with("llvm.nvvm.fence.sc.") ||
      Name.starts_with("llvm.nvvm.fence.acq_rel.")) {
    B.CreateFence(AtomicOrdering::SequentiallyConsistent);
    return nullptr;
  }
  return std::nullopt;
}

/// Inline PTX is TranslateInlinePTX's job, which runs before this pass;
/// an asm statement still here (this pass run alone) is reported.
bool reportInlinePTX(Module &M) {
  bool Found = false;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (auto *Asm = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
            reportUnsupported(F, &I,
                              "inline PTX assembly reached NVVMIntrinsics untranslated ('" +
                                  Asm->getAsmString().substr(0, 60) +
                                  "'; loom-inline-ptx runs first)");
            Found = true;
          }
  return Found;
}

} // namespace

/// PTX shifts clamp the amount to the register width (x << 32 is 0, a signed
/// x >> 32 is the sign), and GPU programs rely on it (Rodinia's huffman
/// shifts by 32 - bit with bit == 0). LLVM's generic shifts are poison there
/// and x86 masks the amount, so variable shifts get the clamp spelled out.
bool clampShifts(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : make_early_inc_range(BB)) {
        auto *Shift = dyn_cast<BinaryOperator>(&I);
        if (!Shift || !Shift->isShift() || !Shift->getType()->isIntegerTy() ||
            isa<Constant>(Shift->getOperand(1)))
          continue;
        IRBuilder<> B(Shift->getNextNode());
        Type *Ty = Shift->getType();
        unsigned Width = Ty->getIntegerBitWidth();
        Value *Amount = Shift->getOperand(1);
        Value *Max = ConstantInt::get(Ty, Width - 1);
        if (Shift->getOpcode() == Instruction::AShr) {
          // Clamp the amount: shifting by width-1 gives the sign everywhere.
          B.SetInsertPoint(Shift);
          Shift->setOperand(1, B.CreateBinaryIntrinsic(Intrinsic::umin, Amount, Max));
        } else {
          Value *TooFar = B.CreateICmpUGT(Amount, Max);
          Value *Safe = B.CreateSelect(TooFar, Constant::getNullValue(Ty), Shift);
          Shift->replaceUsesWithIf(Safe, [&](Use &U) { return U.getUser() != Safe; });
          // The original shift may now be poison on the masked-out path only.
          Shift->dropPoisonGeneratingFlags();
        }
        Changed = true;
      }
  return Changed;
}

PreservedAnalyses NVVMIntrinsicsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = clampShifts(M);
  reportInlinePTX(M);
  SmallVector<Function *, 16> Intrinsics;
  for (Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with("llvm.nvvm."))
      Intrinsics.push_back(&F);

  for (Function *Decl : Intrinsics) {
    StringRef Name = Decl->getName();
    for (User *U : make_early_inc_range(Decl->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != Decl) {
        if (auto *I = dyn_cast<Instruction>(U))
          reportUnsupported(*I->getFunction(), I,
                            "indirect use of NVVM intrinsic '" + Name + "'");
        continue;
      }
      std::optional<Value *> New = translate(*CI, Name);
      if (!New) {
        reportUnsupported(*CI->getFunction(), CI,
                          "GPU intrinsic '" + Name + "' is not supported by Loom");
        continue;
      }
      if (*New)
        CI->replaceAllUsesWith(*New);
      else if (!CI->use_empty())
        CI->replaceAllUsesWith(PoisonValue::get(CI->getType()));
      CI->eraseFromParent();
      Changed = true;
    }
    if (Decl->use_empty())
      Decl->eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
