//===- Pipeline.h - the kernel pipeline: NVPTX device IR to host code ------===//
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_PIPELINE_PIPELINE_H
#define LOOM_PIPELINE_PIPELINE_H

#include "Pipeline/Switches.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Target/TargetOptions.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace loom {

/// Which stages run. The pipeline splits where the runtime's JIT can run it
/// again with the block size known: Front is everything up to and including
/// the cleanup after InlineDeviceFunctions (stages 1-6b of docs/pipeline.md);
/// Back is the rest (EliminateBarriers onwards), preceded by SpecializeLaunch
/// and another cleanup when BlockDim is set. loomcc runs Front, keeps the
/// module's bitcode for the JIT, then runs Back.
enum class PipelinePart { All, Front, Back };

/// The switches (Switches.h) plus what one compilation needs.
struct PipelineOptions : CodegenSwitches {
  PipelinePart Part = PipelinePart::All;
  /// Compile for this block size only (SpecializeLaunch); Back and All.
  std::optional<std::array<uint32_t, 3>> BlockDim;
  /// Compiling for the runtime's JIT (KernelRegistration's ForJit).
  bool ForJit = false;
  /// LoomModuleDesc::jitBitcode / jitConfig of the module (KernelRegistration).
  std::string JitBitcode;
  std::string JitConfig;
  /// runKernelPipeline writes the module as text before the first stage and
  /// after each one into this directory (loomcc --loom-dump-stages=<dir>):
  /// <part>-<NN>-<stage>.ll, part = all, front or back. Empty: no dumps.
  std::string DumpStagesDir;
  /// Joins this device module to its host half (see KernelABI.h).
  std::string ModuleKey = "loom-test-module";
  /// Bitcode of Loom's device library (__nv_* math); empty: none.
  std::string DeviceLibraryPath;
  /// Host target; empty: the process's default triple / generic layout.
  std::string Triple;
  std::string DataLayout;
  /// loomcc -memcheck / -racecheck (InstrumentMemory, end of Front).
  bool Memcheck = false;
  bool Racecheck = false;
};

/// The code-generation settings the JIT must repeat to compile a kernel as
/// loomcc did (LoomModuleDesc::jitConfig, "key=value;..."): the pipeline's
/// switches plus loomcc's fast-math and loop-vectorizer flags.
struct JitConfig : CodegenSwitches {
  bool FastMath = false;
  bool Fmad = true; ///< -fmad (absent from older modules' strings: true)
  bool LoopVectorize = true;
  std::string str() const;
  /// Null for a string this version does not understand (an unknown key or
  /// value): the JIT then leaves the kernel to its compiled entry.
  static std::optional<JitConfig> parse(llvm::StringRef Text);
};

/// The host back end's options for kernels, the same in loomcc and the JIT:
/// multiply-adds are fused as CUDA's -fmad=true does unless \p Fmad is
/// false (then only llvm.fmuladd, which -ffp-contract=off never emits);
/// --use_fast_math allows ignoring signed zeros.
llvm::TargetOptions hostTargetOptions(bool FastMath, bool Fmad);

/// Adds the Loom passes, in order, to \p MPM (no host optimization).
void addKernelPipeline(llvm::ModulePassManager &MPM, const PipelineOptions &Opts);

/// Runs the pipeline on \p M stage by stage and stops after the first stage
/// that reported an error (\p Failed), so no pass sees a module that an
/// earlier pass could not finish. Returns false when a stage failed.
bool runKernelPipeline(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
                       const PipelineOptions &Opts,
                       llvm::function_ref<bool()> Failed);

/// Adds Loom's passes to the host O3 pipeline \p PB builds (loomcc and the
/// JIT both use it): GuardMaskedInductions at the vectorizer start,
/// ScalarizeLaneExtracts last.
void registerHostPipelineCallbacks(llvm::PassBuilder &PB);

/// Registers every Loom pass under its Passes.def name with \p PB (opt plugin).
void registerLoomPasses(llvm::PassBuilder &PB);

/// Links \p Path (bitcode) into \p M, only what \p M references.
class LinkDeviceLibraryPass : public llvm::PassInfoMixin<LinkDeviceLibraryPass> {
public:
  explicit LinkDeviceLibraryPass(std::string Path) : Path(std::move(Path)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string Path;
};

} // namespace loom

#endif
