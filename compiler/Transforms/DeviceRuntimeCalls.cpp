//===- DeviceRuntimeCalls.cpp - device-side library calls to the runtime ---===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/DeviceRuntimeCalls.h"

#include "Support/KernelMarkers.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace loom {

namespace {

/// Replaces every direct call of \p Old by a call of \p NewName built by
/// \p MakeArgs from the old call's arguments.
template <typename ArgFn>
bool redirect(Module &M, StringRef Old, StringRef NewName, FunctionType *NewTy,
              ArgFn MakeArgs) {
  Function *F = M.getFunction(Old);
  if (!F || !F->isDeclaration())
    return false;
  FunctionCallee New = M.getOrInsertFunction(NewName, NewTy);
  bool Changed = false;
  for (User *U : make_early_inc_range(F->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != F)
      continue;
    IRBuilder<> B(CI);
    CallInst *NC = B.CreateCall(New, MakeArgs(B, *CI));
    if (!CI->getType()->isVoidTy())
      CI->replaceAllUsesWith(NC);
    CI->eraseFromParent();
    Changed = true;
  }
  if (F->use_empty())
    F->eraseFromParent();
  return Changed;
}

} // namespace

PreservedAnalyses DeviceRuntimeCallsPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  bool Changed = false;

  Changed |= redirect(M, "vprintf", "__loom_vprintf",
                      FunctionType::get(I32, {Ptr, Ptr}, false),
                      [](IRBuilder<> &, CallInst &CI) {
                        return SmallVector<Value *, 2>{CI.getArgOperand(0),
                                                       CI.getArgOperand(1)};
                      });
  // The failing thread's block and thread index come from markers, so the
  // message names them as CUDA's does.
  Changed |= redirect(
      M, "__assertfail", "__loom_assert_fail",
      FunctionType::get(Void, {Ptr, Ptr, I32, Ptr, I32, I32, I32, I32, I32, I32}, false),
      [&](IRBuilder<> &B, CallInst &CI) {
        SmallVector<Value *, 10> Args{CI.getArgOperand(0), CI.getArgOperand(1),
                                      B.CreateZExtOrTrunc(CI.getArgOperand(2), I32),
                                      CI.getArgOperand(3)};
        for (Marker Idx : {Marker::BlockIdxX, Marker::BlockIdxY, Marker::BlockIdxZ,
                           Marker::ThreadIdxX, Marker::ThreadIdxY, Marker::ThreadIdxZ})
          Args.push_back(B.CreateCall(getMarkerFunction(M, Idx)));
        return Args;
      });
  Changed |= redirect(M, "llvm.trap", "__loom_trap",
                      FunctionType::get(Void, {}, false),
                      [](IRBuilder<> &, CallInst &) {
                        return SmallVector<Value *, 1>{};
                      });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
