//===- SpecializeLaunch.cpp - compile a kernel for one block size ----------===//
// SPDX-License-Identifier: Apache-2.0
#include "Transforms/SpecializeLaunch.h"

#include "Support/KernelMarkers.h"
#include "Support/LaunchABI.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace loom {

static cl::opt<std::string>
    BlockDimOption("loom-block-dim", cl::init(""),
                   cl::desc("loom-specialize-launch: the block size X,Y,Z"));

namespace {

/// "X,Y,Z" (Y and Z default to 1) -> dimensions within CUDA's limits.
std::optional<std::array<uint32_t, 3>> parseBlockDim(StringRef Text) {
  std::array<uint32_t, 3> Dim = {1, 1, 1};
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  for (unsigned I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Dim[I]) || Dim[I] == 0 || Dim[I] > 1024)
      return std::nullopt;
  if (uint64_t(Dim[0]) * Dim[1] * Dim[2] > 1024 || Dim[2] > 64)
    return std::nullopt;
  return Dim;
}

} // namespace

PreservedAnalyses SpecializeLaunchPass::run(Module &M, ModuleAnalysisManager &) {
  std::optional<std::array<uint32_t, 3>> Dim = BlockDim;
  if (!Dim && !BlockDimOption.empty()) {
    Dim = parseBlockDim(BlockDimOption);
    if (!Dim) {
      M.getContext().diagnose(DiagnosticInfoGeneric(
          "-loom-block-dim='" + BlockDimOption + "' is not a CUDA block size X[,Y[,Z]]",
          DS_Error));
      return PreservedAnalyses::all();
    }
  }
  if (!Dim)
    return PreservedAnalyses::all();
  setSpecializedBlockDim(M, *Dim);
  for (Marker Kind : {Marker::BlockDimX, Marker::BlockDimY, Marker::BlockDimZ}) {
    Function *F = M.getFunction(markerName(Kind));
    if (!F)
      continue;
    Constant *C = ConstantInt::get(F->getReturnType(), (*Dim)[markerDimension(Kind)]);
    for (User *U : make_early_inc_range(F->users()))
      if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == F) {
        Call->replaceAllUsesWith(C);
        Call->eraseFromParent();
      }
  }
  return PreservedAnalyses::none();
}

} // namespace loom
