//===- DeviceRuntimeCalls.cpp - device-side library calls to the runtime ---===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/DeviceRuntimeCalls.h"

#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"

#include "llvm/IR/DiagnosticInfo.h"
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

/// The placeholder for \p Kernel's descriptor (see KernelRefAttr).
GlobalVariable *kernelRef(Module &M, Function &Kernel) {
  std::string Name = ("loom.kernel.ref." + Kernel.getName()).str();
  if (GlobalVariable *GV = M.getNamedGlobal(Name))
    return GV;
  auto *GV = new GlobalVariable(M, Type::getInt8Ty(M.getContext()), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage,
                                ConstantInt::get(Type::getInt8Ty(M.getContext()), 0), Name);
  GV->addAttribute(KernelRefAttr, Kernel.getName());
  return GV;
}

/// Dynamic parallelism: clang's device-side `<<<>>>` calls
/// cudaLaunchDevice(kernel, params, byval grid, byval block, shmem, stream);
/// the runtime's __loom_launch_device takes the kernel's descriptor (a
/// placeholder until KernelRegistration) and the dim3s by address.
bool lowerDeviceLaunches(Module &M) {
  Function *F = M.getFunction("cudaLaunchDevice");
  if (!F || !F->isDeclaration())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee New = LOOM_ABI_CALLEE(M, __loom_launch_device);
  bool Changed = false;
  for (User *U : make_early_inc_range(F->users())) {
    auto *CI = dyn_cast<CallInst>(U);
    if (!CI || CI->getCalledFunction() != F || CI->arg_size() != 6)
      continue;
    auto *Kernel = dyn_cast<Function>(CI->getArgOperand(0)->stripPointerCasts());
    if (!Kernel || !isKernel(*Kernel) || !CI->getArgOperand(2)->getType()->isPointerTy() ||
        !CI->getArgOperand(3)->getType()->isPointerTy()) {
      Ctx.diagnose(DiagnosticInfoUnsupported(
          *CI->getFunction(),
          "device-side launch of something other than a __global__ function defined in "
          "the program (a kernel pointer?) is not supported",
          CI->getDebugLoc()));
      continue;
    }
    IRBuilder<> B(CI);
    CallInst *NC = B.CreateCall(
        New, {kernelRef(M, *Kernel), CI->getArgOperand(1), CI->getArgOperand(2),
              CI->getArgOperand(3), B.CreateZExtOrTrunc(CI->getArgOperand(4), I32),
              CI->getArgOperand(5)});
    CI->replaceAllUsesWith(NC);
    CI->eraseFromParent();
    Changed = true;
  }
  if (F->use_empty())
    F->eraseFromParent();
  return Changed;
}

/// Device-side C++ allocation: clang leaves operator new/delete (all their
/// forms: arrays, sized, aligned, nothrow) as declarations, since CUDA's
/// definitions live in its device runtime. Each one used here gets an
/// internal definition on the device heap, so calls, `new T[n]` and the
/// deleting destructors in vtables link without -rdc. A failed new returns
/// null, as CUDA's does (no exceptions in device code).
bool defineAllocationOperators(Module &M) {
  LLVMContext &Ctx = M.getContext();
  bool Changed = false;
  for (Function &F : make_early_inc_range(M.functions())) {
    if (!F.isDeclaration() || F.arg_size() == 0)
      continue;
    StringRef Name = F.getName();
    if (!isAllocationOperator(Name))
      continue;
    bool IsNew = Name.starts_with("_Znwm") || Name.starts_with("_Znam");
    if (IsNew ? !F.getReturnType()->isPointerTy() || !F.getArg(0)->getType()->isIntegerTy(64)
              : !F.getArg(0)->getType()->isPointerTy())
      continue;
    F.setLinkage(GlobalValue::InternalLinkage);
    F.removeFnAttr(Attribute::NoBuiltin);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
    if (!IsNew) {
      B.CreateCall(LOOM_ABI_CALLEE(M, __loom_device_free), {F.getArg(0)});
      B.CreateRetVoid();
    } else if (Name.contains("St11align_val_t") && F.arg_size() >= 2 &&
               F.getArg(1)->getType()->isIntegerTy(64)) {
      B.CreateRet(B.CreateCall(LOOM_ABI_CALLEE(M, __loom_device_malloc_aligned),
                               {F.getArg(0), F.getArg(1)}));
    } else {
      B.CreateRet(B.CreateCall(LOOM_ABI_CALLEE(M, __loom_device_malloc), {F.getArg(0)}));
    }
    Changed = true;
  }
  return Changed;
}

/// Run-time type information is not available in CUDA device code (nvcc
/// rejects dynamic_cast and typeid there); clang compiles them into calls of
/// the host C++ runtime, which would crash on device type descriptors. Each
/// use is an error at its source line, naming the construct. (typeid of a
/// type, not of an object, only names a type_info object and works.)
void reportDeviceRtti(Module &M) {
  static const std::pair<const char *, const char *> Uses[] = {
      {"__dynamic_cast", "dynamic_cast"}, // to a pointer or a reference
      {"__cxa_bad_typeid", "typeid"},     // of a polymorphic object
  };
  for (auto [Fn, What] : Uses) {
    Function *F = M.getFunction(Fn);
    if (!F || !F->isDeclaration())
      continue;
    for (User *U : F->users())
      if (auto *CI = dyn_cast<CallBase>(U))
        M.getContext().diagnose(DiagnosticInfoUnsupported(
            *CI->getFunction(),
            Twine(What) + " is not supported in device code (CUDA has no run-time type "
                          "information on the device)",
            CI->getDebugLoc()));
  }
}

} // namespace

PreservedAnalyses DeviceRuntimeCallsPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  bool Changed = false;

  Changed |= redirect(M, "vprintf", "__loom_vprintf", LOOM_ABI_TYPE(Ctx, __loom_vprintf),
                      [](IRBuilder<> &, CallInst &CI) {
                        return SmallVector<Value *, 2>{CI.getArgOperand(0),
                                                       CI.getArgOperand(1)};
                      });
  // The failing thread's block and thread index come from markers, so the
  // message names them as CUDA's does.
  Changed |= redirect(
      M, "__assertfail", "__loom_assert_fail", LOOM_ABI_TYPE(Ctx, __loom_assert_fail),
      [&](IRBuilder<> &B, CallInst &CI) {
        SmallVector<Value *, 10> Args{CI.getArgOperand(0), CI.getArgOperand(1),
                                      B.CreateZExtOrTrunc(CI.getArgOperand(2), I32),
                                      CI.getArgOperand(3)};
        for (Marker Idx : {Marker::BlockIdxX, Marker::BlockIdxY, Marker::BlockIdxZ,
                           Marker::ThreadIdxX, Marker::ThreadIdxY, Marker::ThreadIdxZ})
          Args.push_back(B.CreateCall(getMarkerFunction(M, Idx)));
        return Args;
      });
  Changed |= lowerDeviceLaunches(M);
  // The device heap, limited by cudaLimitMallocHeapSize; kernels' cudaMalloc
  // and cudaFree use it too and never synchronize (as in CUDA).
  auto SameArgs = [](IRBuilder<> &, CallInst &CI) {
    return SmallVector<Value *, 2>(CI.args());
  };
  Changed |= redirect(M, "malloc", "__loom_device_malloc",
                      LOOM_ABI_TYPE(Ctx, __loom_device_malloc), SameArgs);
  Changed |= redirect(M, "free", "__loom_device_free", LOOM_ABI_TYPE(Ctx, __loom_device_free),
                      SameArgs);
  Changed |= redirect(M, "cudaMalloc", "__loom_device_cuda_malloc",
                      LOOM_ABI_TYPE(Ctx, __loom_device_cuda_malloc), SameArgs);
  Changed |= redirect(M, "cudaFree", "__loom_device_cuda_free",
                      LOOM_ABI_TYPE(Ctx, __loom_device_cuda_free), SameArgs);
  Changed |= defineAllocationOperators(M);
  reportDeviceRtti(M);
  Changed |= redirect(M, "llvm.trap", "__loom_trap", LOOM_ABI_TYPE(Ctx, __loom_trap),
                      [](IRBuilder<> &, CallInst &) {
                        return SmallVector<Value *, 1>{};
                      });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace loom
