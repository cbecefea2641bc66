//===- KernelMarkers.cpp - Loom's vocabulary for GPU concepts in IR -------===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/KernelMarkers.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace loom {

StringRef markerName(Marker M) {
  switch (M) {
#define LOOM_MARKER(Enum, Name, Kind)                                          \
  case Marker::Enum:                                                           \
    return Name;
#include "Support/Markers.def"
  }
  return "";
}

MarkerShape markerShape(Marker M) {
  switch (M) {
#define LOOM_MARKER(Enum, Name, Kind)                                          \
  case Marker::Enum:                                                           \
    return MarkerShape::Kind;
#include "Support/Markers.def"
  }
  return MarkerShape::Sync;
}

Function *getMarkerFunction(Module &M, Marker Kind) {
  LLVMContext &Ctx = M.getContext();
  FunctionType *FT;
  switch (markerShape(Kind)) {
  case MarkerShape::Index:
    FT = FunctionType::get(Type::getInt32Ty(Ctx), false);
    break;
  case MarkerShape::Sync:
    FT = FunctionType::get(Type::getVoidTy(Ctx), false);
    break;
  case MarkerShape::Collective: {
    Type *I32 = Type::getInt32Ty(Ctx);
    FT = FunctionType::get(I32, {I32, I32, I32, I32, I32}, false);
    break;
  }
  case MarkerShape::Reduce:
    FT = FunctionType::get(Kind == Marker::BarrierPopc ? Type::getInt32Ty(Ctx)
                                                       : Type::getInt1Ty(Ctx),
                           {Type::getInt1Ty(Ctx)}, false);
    break;
  }
  FunctionCallee Callee = M.getOrInsertFunction(markerName(Kind), FT);
  auto *F = cast<Function>(Callee.getCallee());
  F->setDoesNotThrow();
  if (markerShape(Kind) == MarkerShape::Index) {
    // Index markers are pure within one thread: they may be CSE'd and hoisted.
    F->setDoesNotAccessMemory();
    F->setWillReturn();
  } else {
    F->addFnAttr(Attribute::Convergent);
    F->addFnAttr(Attribute::NoDuplicate);
  }
  if (Kind == Marker::ThreadExit)
    F->setDoesNotReturn();
  return F;
}

std::optional<Marker> getMarker(const Function &F) {
  if (!F.getName().starts_with("loom."))
    return std::nullopt;
  return StringSwitch<std::optional<Marker>>(F.getName())
#define LOOM_MARKER(Enum, Name, Kind) .Case(Name, Marker::Enum)
#include "Support/Markers.def"
      .Default(std::nullopt);
}

std::optional<Marker> getMarker(const CallBase &Call) {
  if (const Function *F = Call.getCalledFunction())
    return getMarker(*F);
  return std::nullopt;
}

unsigned markerDimension(Marker M) {
  switch (M) {
  case Marker::ThreadIdxY:
  case Marker::BlockIdxY:
  case Marker::BlockDimY:
  case Marker::GridDimY:
    return 1;
  case Marker::ThreadIdxZ:
  case Marker::BlockIdxZ:
  case Marker::BlockDimZ:
  case Marker::GridDimZ:
    return 2;
  default:
    return 0;
  }
}

bool isThreadIndex(Marker M) {
  return M == Marker::ThreadIdxX || M == Marker::ThreadIdxY ||
         M == Marker::ThreadIdxZ;
}
bool isBlockIndex(Marker M) {
  return M == Marker::BlockIdxX || M == Marker::BlockIdxY ||
         M == Marker::BlockIdxZ;
}
bool isBlockDim(Marker M) {
  return M == Marker::BlockDimX || M == Marker::BlockDimY ||
         M == Marker::BlockDimZ;
}
bool isGridDim(Marker M) {
  return M == Marker::GridDimX || M == Marker::GridDimY ||
         M == Marker::GridDimZ;
}

bool isBarrier(Marker M) {
  return M == Marker::Barrier || M == Marker::WarpBarrier || M == Marker::BarrierPopc ||
         M == Marker::BarrierAnd || M == Marker::BarrierOr ||
         M == Marker::WarpCollective || M == Marker::Yield;
}

bool isKernel(const Function &F) { return F.hasFnAttribute(KernelAttr); }
void markKernel(Function &F) { F.addFnAttr(KernelAttr); }

bool isBlockUniformLeaf(const Value *V) {
  if (isa<Argument>(V) || isa<Constant>(V))
    return true;
  if (const auto *Call = dyn_cast<CallBase>(V))
    if (std::optional<Marker> M = getMarker(*Call))
      return isBlockIndex(*M) || isBlockDim(*M) || isGridDim(*M);
  return false;
}

} // namespace loom
