//===- DeviceCompile.h - the whole device compilation, in one place -------===//
// SPDX-License-Identifier: Apache-2.0
//
// What turns a linked device module into host code ready for the back end:
// the kernel pipeline's front half, the bitcode kept for the runtime's JIT,
// the back half, verification, the host CPU's function attributes and LLVM's
// O3 with Loom's additions (libmvec for the vectorizer, the extension-point
// passes of registerHostPipelineCallbacks). loomcc, the runtime's JIT
// compiler (jit/JitCompile.cpp) and `opt -passes=loom-kernel-pipeline<...>`
// all run this one function, so the three cannot drift apart; loomcc writes
// the opt pipeline text that reproduces its compile next to its stage dumps
// (tests/ir/Pipeline/reproduce-loomcc.test diffs the two).
//===----------------------------------------------------------------------===//
#ifndef LOOM_PIPELINE_DEVICECOMPILE_H
#define LOOM_PIPELINE_DEVICECOMPILE_H

#include "Pipeline/Pipeline.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace loom {

/// The host CPU as Loom compiles for it: the default triple, the host CPU's
/// name and its features (sorted, so the string is the same in every
/// process: the JIT's disk cache keys on it).
struct HostTarget {
  std::string Triple, CPU, Features;
  static HostTarget native();
};

/// A target machine for \p H with Loom's options (hostTargetOptions); null
/// with \p Error set when the target is not available.
std::unique_ptr<llvm::TargetMachine> createHostTargetMachine(const HostTarget &H, bool FastMath,
                                                             bool Fmad, std::string &Error);

/// Everything that decides what compileDeviceModule produces.
struct DeviceCompileOptions {
  /// The kernel pipeline's options. Part All runs the front half, keeps the
  /// JIT's bitcode (EmbedJitBitcode), then the back half; Back runs only the
  /// back half (the JIT, on bitcode loomcc kept).
  PipelineOptions Pipeline;
  bool FastMath = false;
  bool Fmad = true;
  /// LLVM's loop and SLP vectorizers in host O3 (--loom-disable=vectorize).
  bool LoopVectorize = true;
  /// Keep debug info (-g, -lineinfo); otherwise it is stripped before O3.
  bool KeepDebugInfo = false;
  /// Debuggable kernels (-G): the host pipeline after the kernel pipeline is
  /// O0's instead of O3's, so a kernel's locals stay where gdb finds them.
  bool DebugOptimization = false;
  /// Embed the module after the front half, with this configuration, for
  /// launch-time specialization (Part All only).
  bool EmbedJitBitcode = false;
  /// Device link (-rdc): a constructor registers the host objects' offload
  /// entry table with the runtime.
  bool RegisterOffloadEntries = false;
  /// The code goes into a shared object (the JIT's kernels, OpenCL programs,
  /// `loomcc -shared` or `-Xcompiler -fPIC`): thread-local addresses come
  /// from a call of a helper per function instead of __tls_get_addr amid
  /// vector code (DeviceCompile.cpp, addressThreadLocalsThroughCalls). In
  /// an executable the direct address folds into %fs-relative operands.
  bool SharedObject = false;
  /// Called after the back half, before host attributes and O3 (the JIT
  /// prepares thread-local accesses there).
  std::function<void(llvm::Module &)> BeforeHostOptimization;

  /// The JIT configuration string these options imply (JitConfig::str()).
  std::string jitConfig() const;
  /// The `opt -passes=` text that runs this compile on the pipeline's input
  /// module: "loom-kernel-pipeline<key=value;...>".
  std::string optPipelineText() const;
  /// Parses the parameters inside loom-kernel-pipeline<...>; null when a key
  /// or value is not understood.
  static std::optional<DeviceCompileOptions> parse(llvm::StringRef Params);
};

/// Runs the whole device compilation on \p M for \p TM. Errors are reported
/// through \p M's context; \p Failed says whether one was. Returns false
/// when a stage failed or the pipeline produced invalid IR (\p Error says
/// which). With PipelineOptions::DumpStagesDir set, also writes host-O3.ll
/// and opt-pipeline.txt there.
bool compileDeviceModule(llvm::Module &M, llvm::TargetMachine &TM,
                         const DeviceCompileOptions &Opts,
                         llvm::function_ref<bool()> Failed, std::string &Error);

/// opt's `loom-kernel-pipeline<params>`: compileDeviceModule on the module,
/// for the native host target.
class KernelPipelinePass : public llvm::PassInfoMixin<KernelPipelinePass> {
public:
  explicit KernelPipelinePass(DeviceCompileOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  DeviceCompileOptions Opts;
};

} // namespace loom

#endif
