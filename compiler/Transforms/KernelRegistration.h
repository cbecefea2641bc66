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
// For the runtime's JIT (Options.ForJit) there is no constructor: the
// descriptor is the external global @loom.jit.module, which the JIT reads
// for the specialized entry and its arena layout.
// With Options.JitBitcode, the descriptor also carries that bitcode (the
// module before the part of the pipeline the JIT runs again) and the
// configuration string, for launch-time specialization.
// Preconditions: KernelEntry ran.
// Postconditions: only declarations and llvm.* globals have external linkage.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_KERNELREGISTRATION_H
#define LOOM_TRANSFORMS_KERNELREGISTRATION_H

#include "llvm/IR/PassManager.h"
#include <string>

namespace loom {

/// The JIT looks its module descriptor up under this name.
constexpr const char *JitModuleDescName = "loom.jit.module";

struct RegistrationOptions {
  std::string ModuleKey = "loom-test-module";
  /// Bitcode and configuration for LoomModuleDesc::jitBitcode/jitConfig;
  /// empty: none (null pointers).
  std::string JitBitcode;
  std::string JitConfig;
  /// Compiling for the runtime's JIT: no constructor, an external
  /// descriptor named JitModuleDescName.
  bool ForJit = false;
};

class KernelRegistrationPass
    : public llvm::PassInfoMixin<KernelRegistrationPass> {
public:
  explicit KernelRegistrationPass(std::string ModuleKey = "loom-test-module") {
    Opts.ModuleKey = std::move(ModuleKey);
  }
  explicit KernelRegistrationPass(RegistrationOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  RegistrationOptions Opts;
};

} // namespace loom

#endif
