//===- RetargetToHost.h - make NVPTX device IR a host module ---------------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: sets the module's triple and data layout to the host target's, turns
// `ptx_kernel` functions (and functions listed as kernels in
// !nvvm.annotations) into C-calling-convention functions carrying the
// "loom-kernel" attribute, and strips PTX-only attributes and metadata
// (target-cpu/target-features naming sm_XX/+ptxNN, nvvm.annotations,
// nvvmir.version, nvptx-specific function attributes).
// Why first: every later pass and the host optimizer must see a host module;
// the kernel attribute is how the rest of the pipeline finds kernels without
// knowing NVVM.
// Preconditions: an NVPTX module from clang's CUDA device compilation.
// Postconditions: no NVPTX triple, data layout or calling convention remain.
//   define ptx_kernel void @k(ptr %p)   ==>   define void @k(ptr %p) #0
//                                              attributes #0 = { "loom-kernel" }
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_RETARGETTOHOST_H
#define LOOM_TRANSFORMS_RETARGETTOHOST_H

#include "llvm/IR/PassManager.h"
#include <string>

namespace loom {

class RetargetToHostPass : public llvm::PassInfoMixin<RetargetToHostPass> {
public:
  /// Empty triple/layout mean "the process's host target" (tests use that).
  RetargetToHostPass(std::string Triple = "", std::string DataLayout = "")
      : Triple(std::move(Triple)), DataLayout(std::move(DataLayout)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string Triple;
  std::string DataLayout;
};

} // namespace loom

#endif
