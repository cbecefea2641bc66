//===- LowerAddressSpaces.h - one flat address space for the CPU -----------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: rewrites every value, global, constant and intrinsic declaration in
// an NVPTX address space (global 1, shared 3, constant 4, local 5, ...) to
// the host's single address space 0, and deletes the addrspacecasts that
// become no-ops. Globals that lived in shared memory are tagged with
// !loom.shared so LowerSharedMemory can give each block its own copy;
// __constant__ globals are tagged !loom.constant.
// Why: on a CPU all memory is one space; keeping the GPU spaces would block
// host optimizations (addrspacecast is opaque to most of them) and calls into
// host libraries.
// Preconditions: RetargetToHost ran.
// Postconditions: no pointer type other than `ptr` remains, except in
// functions whose signature used one (reported as unsupported).
//   @s = internal addrspace(3) global [64 x float] undef
//   %p = getelementptr [64 x float], ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 0, i64 %i
// ==>
//   @s = internal global [64 x float] undef, !loom.shared !0
//   %p = getelementptr [64 x float], ptr @s, i64 0, i64 %i
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_LOWERADDRESSSPACES_H
#define LOOM_TRANSFORMS_LOWERADDRESSSPACES_H

#include "llvm/IR/PassManager.h"

namespace loom {

/// NVPTX address space numbers as clang emits them for CUDA.
enum NVPTXAddressSpace : unsigned {
  GenericAS = 0,
  GlobalAS = 1,
  SharedAS = 3,
  ConstantAS = 4,
  LocalAS = 5,
};

class LowerAddressSpacesPass
    : public llvm::PassInfoMixin<LowerAddressSpacesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif
