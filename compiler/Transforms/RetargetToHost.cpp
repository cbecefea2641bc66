//===- RetargetToHost.cpp - make NVPTX device IR a host module -------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/RetargetToHost.h"

#include "Support/KernelMarkers.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace loom {

namespace {

/// Functions that !nvvm.annotations names as kernels (older front ends).
void collectAnnotatedKernels(Module &M, SmallPtrSetImpl<Function *> &Kernels) {
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return;
  for (MDNode *Node : Annotations->operands()) {
    if (Node->getNumOperands() < 3)
      continue;
    auto *FnMD = dyn_cast_or_null<ValueAsMetadata>(Node->getOperand(0).get());
    auto *Key = dyn_cast_or_null<MDString>(Node->getOperand(1).get());
    auto *Val = dyn_cast_or_null<ConstantAsMetadata>(Node->getOperand(2).get());
    if (!FnMD || !Key || !Val || Key->getString() != "kernel")
      continue;
    if (auto *F = dyn_cast<Function>(FnMD->getValue()))
      if (auto *CI = dyn_cast<ConstantInt>(Val->getValue()); CI && !CI->isZero())
        Kernels.insert(F);
  }
}

std::string hostDataLayout(StringRef TripleName) {
  InitializeNativeTarget();
  std::string Error;
  Triple TT(TripleName);
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T)
    return "";
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, "generic", "", TargetOptions(), std::nullopt));
  return TM ? TM->createDataLayout().getStringRepresentation() : "";
}

void stripTargetAttributes(Function &F) {
  // The host target (CPU and features) is chosen when the module is
  // optimized; sm_XX/+ptxNN must not leak into host code generation.
  F.removeFnAttr("target-cpu");
  F.removeFnAttr("target-features");
  // __launch_bounds__(N): the runtime reports N as the kernel's
  // maxThreadsPerBlock and refuses larger blocks (KernelRegistration).
  if (F.hasFnAttribute("nvvm.maxntid")) {
    uint64_t Threads = 1;
    SmallVector<StringRef, 3> Dims;
    F.getFnAttribute("nvvm.maxntid").getValueAsString().split(Dims, ',');
    for (StringRef D : Dims) {
      uint64_t V = 0;
      if (D.trim().getAsInteger(10, V) || V == 0) {
        Threads = 0;
        break;
      }
      Threads *= V;
    }
    if (Threads && Threads <= UINT32_MAX)
      F.addFnAttr(MaxThreadsAttr, std::to_string(Threads));
    F.removeFnAttr("nvvm.maxntid");
  }
  F.removeFnAttr("nvvm.reqntid");
  F.removeFnAttr("nvvm.minctasm");
  F.removeFnAttr("nvvm.maxnreg");
  F.removeFnAttr("uniform-work-group-size");
}

} // namespace

PreservedAnalyses RetargetToHostPass::run(Module &M, ModuleAnalysisManager &) {
  SmallPtrSet<Function *, 8> Kernels;
  collectAnnotatedKernels(M, Kernels);
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel)
      Kernels.insert(&F);

  std::string TripleName =
      Triple.empty() ? sys::getDefaultTargetTriple() : Triple;
  std::string Layout = DataLayout.empty() ? hostDataLayout(TripleName) : DataLayout;
  M.setTargetTriple(llvm::Triple(TripleName));
  if (!Layout.empty())
    M.setDataLayout(Layout);

  for (Function &F : M) {
    stripTargetAttributes(F);
    if (F.getCallingConv() == CallingConv::PTX_Kernel ||
        F.getCallingConv() == CallingConv::PTX_Device)
      F.setCallingConv(CallingConv::C);
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (CB->getCallingConv() == CallingConv::PTX_Kernel ||
            CB->getCallingConv() == CallingConv::PTX_Device)
          CB->setCallingConv(CallingConv::C);
  }
  for (Function *F : Kernels)
    markKernel(*F);

  // NVPTX's DWARF 2 becomes the host's DWARF 5 (what gdb and the host
  // objects of the program use).
  if (auto *V = mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("Dwarf Version")))
    if (V->getZExtValue() < 5)
      M.setModuleFlag(Module::Max, "Dwarf Version", 5);

  for (StringRef Name : {"nvvm.annotations", "nvvmir.version", "nvvm.internalize.after.link"})
    if (NamedMDNode *N = M.getNamedMetadata(Name))
      M.eraseNamedMetadata(N);
  return PreservedAnalyses::none();
}

} // namespace loom
