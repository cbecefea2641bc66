//===- LaunchABI.cpp - IR view of include/loom/KernelABI.h -----------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/LaunchABI.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace loom {

static constexpr const char *BlockDimMD = "loom.block.dim";

std::optional<std::array<uint32_t, 3>> specializedBlockDim(const Module &M) {
  NamedMDNode *N = M.getNamedMetadata(BlockDimMD);
  if (!N || N->getNumOperands() != 1 || N->getOperand(0)->getNumOperands() != 3)
    return std::nullopt;
  std::array<uint32_t, 3> Dim;
  for (unsigned D = 0; D < 3; ++D) {
    auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(0)->getOperand(D));
    if (!C)
      return std::nullopt;
    Dim[D] = uint32_t(C->getZExtValue());
  }
  return Dim;
}

void setSpecializedBlockDim(Module &M, const std::array<uint32_t, 3> &Dim) {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  NamedMDNode *N = M.getOrInsertNamedMetadata(BlockDimMD);
  N->clearOperands();
  N->addOperand(MDNode::get(Ctx, {ConstantAsMetadata::get(ConstantInt::get(I32, Dim[0])),
                                  ConstantAsMetadata::get(ConstantInt::get(I32, Dim[1])),
                                  ConstantAsMetadata::get(ConstantInt::get(I32, Dim[2]))}));
}

LaunchABI::LaunchABI(LLVMContext &Ctx) {
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *Dim3 = ArrayType::get(I32, 3);
  Launch = StructType::get(Ctx, {Dim3, Dim3, I64});
  Worker = StructType::get(Ctx, {Ptr, Ptr, I64, I32, I32});
  KernelDesc = StructType::get(Ctx, {Ptr, Ptr, I32, I32, Ptr, Ptr, I64, I64, I32, I32});
  VarDesc = StructType::get(Ctx, {Ptr, Ptr, I64, I32, I32, Ptr});
  ModuleDesc = StructType::get(Ctx, {I32, I32, Ptr, Ptr, I32, I32, Ptr, Ptr, I64, Ptr});
  EntryType = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64, I64, Ptr},
                                false);
}

Value *LaunchABI::loadDim(IRBuilder<> &B, Value *LaunchPtr, bool Grid,
                          unsigned Dim) const {
  if (!Grid)
    if (std::optional<std::array<uint32_t, 3>> Fixed =
            specializedBlockDim(*B.GetInsertBlock()->getModule()))
      return B.getInt32((*Fixed)[Dim]);
  static const char *Names[2][3] = {{"blockDim.x", "blockDim.y", "blockDim.z"},
                                    {"gridDim.x", "gridDim.y", "gridDim.z"}};
  Value *Addr = B.CreateConstInBoundsGEP2_32(Launch, LaunchPtr, 0, Grid ? 0 : 1);
  Addr = B.CreateConstInBoundsGEP1_32(B.getInt32Ty(), Addr, Dim);
  LoadInst *L = B.CreateAlignedLoad(B.getInt32Ty(), Addr, Align(4), Names[Grid][Dim]);
  L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(B.getContext(), {}));
  return L;
}

Value *LaunchABI::loadWorkerSharedMem(IRBuilder<> &B, Value *WorkerPtr) const {
  Value *Addr = B.CreateConstInBoundsGEP2_32(Worker, WorkerPtr, 0, 0);
  return B.CreateAlignedLoad(B.getPtrTy(), Addr, Align(8), "shared.mem");
}

} // namespace loom
