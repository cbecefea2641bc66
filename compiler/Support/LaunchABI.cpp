//===- LaunchABI.cpp - IR view of include/loom/KernelABI.h -----------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/LaunchABI.h"

using namespace llvm;

namespace loom {

LaunchABI::LaunchABI(LLVMContext &Ctx) {
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *Dim3 = ArrayType::get(I32, 3);
  Launch = StructType::get(Ctx, {Dim3, Dim3, I64});
  Worker = StructType::get(Ctx, {Ptr, Ptr, I64, I32, I32});
  KernelDesc = StructType::get(Ctx, {Ptr, Ptr, I32, I32, Ptr, Ptr, I64, I64});
  VarDesc = StructType::get(Ctx, {Ptr, Ptr, I64, I32, I32, Ptr});
  ModuleDesc = StructType::get(Ctx, {I32, I32, Ptr, Ptr, I32, I32, Ptr});
  EntryType = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64, I64, Ptr},
                                false);
}

Value *LaunchABI::loadDim(IRBuilder<> &B, Value *LaunchPtr, bool Grid,
                          unsigned Dim) const {
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
