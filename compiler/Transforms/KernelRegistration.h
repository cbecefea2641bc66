//===- KernelRegistration.h - tell the runtime what this module holds ------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: emits the module's LoomModuleDesc (include/loom/KernelABI.h): one
// LoomKernelDesc per entry (name, entry, argument sizes and alignments,
// static shared bytes) and one LoomVarDesc per __device__/__constant__
// variable, plus a global constructor calling __loomRegisterModule. Then it
// internalizes every definition: the device module exports nothing by name,
// so it cannot clash with the host object of the same translation unit
// (which defines the same __host__ __device__ functions and variables' host
// shadows).
// Why: the host side registers kernel stubs by name through clang's
// __cudaRegisterFunction; the runtime joins both halves by (key, name).
// Preconditions: KernelEntry ran.
// Postconditions: only declarations and llvm.* globals have external linkage.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_KERNELREGISTRATION_H
#define LOOM_TRANSFORMS_KERNELREGISTRATION_H

#include "llvm/IR/PassManager.h"
#include <string>

namespace loom {

class KernelRegistrationPass
    : public llvm::PassInfoMixin<KernelRegistrationPass> {
public:
  explicit KernelRegistrationPass(std::string ModuleKey = "loom-test-module")
      : ModuleKey(std::move(ModuleKey)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string ModuleKey;
};

} // namespace loom

#endif
